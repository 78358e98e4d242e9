"""How much of a card file the Oracle compiler reads: `python -m engine.oracle.report [FILE] [--json]`

FILE is an MTGJSON set or AtomicCards file, a Scryfall card list, or a plain list of card records;
the bundled starter pool by default. Each Oracle card counts once (reprints and alternate printings
of a set are one card)."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from engine.core.cards import STARTER_POOL_PATH, card_records
from engine.oracle.compiler import compile_card

SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host")


def from_scryfall(card: dict[str, Any]) -> dict[str, Any]:
    """A Scryfall card object in MTGJSON field names (the first face of a multi-face card)."""
    face = card["card_faces"][0] if card.get("card_faces") and "oracle_text" not in card else card
    type_line = face.get("type_line", "")
    left, _, right = type_line.partition("—")
    words = left.split()
    return {
        "name": face.get("name", card.get("name")), "manaCost": face.get("mana_cost", ""),
        "colors": face.get("colors", card.get("colors", [])), "type": type_line,
        "supertypes": [w for w in words if w in SUPERTYPES], "types": [w for w in words if w not in SUPERTYPES],
        "subtypes": right.split(), "text": face.get("oracle_text", ""), "power": face.get("power"),
        "toughness": face.get("toughness"), "loyalty": face.get("loyalty"), "layout": card.get("layout", "normal"),
    }


def load_records(path: Path) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        raw = json.load(f)
    if isinstance(raw, dict) and raw.get("object") == "list":
        raw = raw.get("data", [])
    if isinstance(raw, list) and raw and isinstance(raw[0], dict) and "oracle_text" in raw[0] | (
            raw[0].get("card_faces") or [{}])[0]:
        return [from_scryfall(c) for c in raw]
    return card_records(raw)


def report(records: list[dict[str, Any]]) -> dict[str, Any]:
    seen: dict[str, dict[str, Any]] = {}
    for r in records:
        seen.setdefault(r.get("faceName") or r["name"], r)
    compiled = hand_written = unsupported = 0
    unread: Counter[str] = Counter()
    for r in seen.values():
        d = compile_card(r)
        if d.hand_written:
            hand_written += 1
        elif d.unsupported:
            unsupported += 1
            # The card's own name as "~", so that the same template counts once across cards.
            unread.update(u.replace(d.name, "~") for u in d.unsupported)
        else:
            compiled += 1
    return {"cards": len(seen), "compiled": compiled, "hand_written": hand_written, "unsupported": unsupported,
            "unread_sentences": dict(unread.most_common())}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.oracle.report", description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(STARTER_POOL_PATH), help="card data (default: the starter pool)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--top", type=int, default=20, help="how many unread sentences to list")
    args = ap.parse_args(argv)
    try:
        records = load_records(Path(args.file))
    except (OSError, ValueError, KeyError) as e:
        print(f"can't read card data from {args.file}: {e}", file=sys.stderr)
        return 2
    show(report(records), args.json, args.top)
    return 0


def show(out: dict[str, Any], as_json: bool, top: int) -> None:
    """Prints a report: one JSON object, or a summary line and the `top` most frequent unread sentences."""
    if as_json:
        print(json.dumps(out))
        return
    print(f"{out['cards']} cards: {out['compiled']} compile fully, {out['hand_written']} hand-written, "
          f"{out['unsupported']} with unread sentences")
    for sentence, n in list(out["unread_sentences"].items())[:top]:
        print(f"{n:5d}  {sentence}")


if __name__ == "__main__":
    sys.exit(main())
