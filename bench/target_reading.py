"""How much of what the card pool's spells and abilities do to their targets the AI reads (#17's "every card"): every
"target ..." phrase of the supported cards' spells, activated and triggered abilities (the fuzz tool's cards), and
whether `engine.ai.spells.target_polarity` reads it as harmful or helpful to the target, or can't (unknown: the AI
weighs the first few targets offered, not the ones it would like best). A "tap or untap" target (`toggles_only`) is
read by the target, so counted as read.

    python bench/target_reading.py [--source training|starter] [--top 25] [--json OUT.json]

Prints the targets counted, those unknown and, grouped by the effect classes that fall on the target, the unknown
ones most often met with a card that has them. Compiling the training half's supported cards takes about a minute.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import spells as SP  # noqa: E402
from engine.core.cards import default_pool  # noqa: E402
from engine.core.jsonfile import write_json_atomic  # noqa: E402
from engine.fuzz.__main__ import read_card_file  # noqa: E402
from engine.fuzz.runner import cards_added, supported_names  # noqa: E402

SOURCES = {"training": ROOT.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz",
           "starter": ROOT / "cardsdb" / "data" / "starter-pool.json"}


def modes_of(definition) -> list:
    """Every mode of the card's spell, activated and triggered abilities (a modal one's each)."""
    out = list(definition.spell.modes) if definition.spell is not None else []
    for ab in (*definition.activated, *definition.triggered):
        out.extend(ab.modes if ab.modes else (ab.mode,))
    return out


def reading(names: list[str]) -> dict:
    """The targets of the named cards' modes: how many, how many unknown, and the unknown by the effect classes that
    fall on them (an example card for each)."""
    pool = default_pool()
    total = 0
    unknown: Counter[str] = Counter()
    example: dict[str, str] = {}
    for name in names:
        for mode in modes_of(pool.get(name)):
            for i in range(len(mode.targets)):
                total += 1
                if SP.target_polarity(mode, i) != SP.UNKNOWN or SP.toggles_only(mode, i):
                    continue
                key = " + ".join(sorted({type(e).__name__ for e in SP.target_effects(mode, i)})) or "(named elsewhere)"
                unknown[key] += 1
                example.setdefault(key, name)
    n = sum(unknown.values())
    return {"cards": len(names), "targets": total, "unknown": n, "read": round(1 - n / total, 4) if total else None,
            "unknown_by_effect": [{"effects": k, "targets": v, "example": example[k]} for k, v in unknown.most_common()]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", choices=sorted(SOURCES), default="training")
    ap.add_argument("--top", type=int, default=25, help="unknown groups printed")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    records = read_card_file(SOURCES[args.source])
    with cards_added(records):
        out = reading(supported_names(r.get("faceName") or r["name"] for r in records))
    print(f"{out['cards']} supported cards, {out['targets']} targets, {out['unknown']} unknown "
          f"({out['read']:.1%} read)")
    for row in out["unknown_by_effect"][:args.top]:
        print(f"{row['targets']:6d}  {row['effects']}  (e.g. {row['example']})")
    if args.json:
        write_json_atomic(args.json, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
