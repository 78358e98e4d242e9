"""The random correctness sample of compiled cards (issue 13): `python scripts/compiled_sample.py [FILE]
[--seed N] [--size N]`.

Draws, with a fixed seed, cards of a card file (the training half by default) that the Oracle compiler
reads fully (no unread sentence, not hand-written), stratified over card kinds so that instants,
auras, lands and planeswalkers come up as well as vanilla creatures. The list is printed round-robin
over the kinds: any prefix of it is itself spread over the kinds. Each drawn card gets a scenario in
tests/scenarios/compiled-sample/ checking its Oracle text by the rules.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardsdb.source import CardSourceError, open_card_source  # noqa: E402
from engine.oracle.compiler import compile_card  # noqa: E402

DEFAULT_FILE = ROOT.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz"
# A card's kind is the first of these among its types (an artifact creature is a creature), and how many
# of the sample's 100 cards each kind gets.
KINDS = {"Planeswalker": 8, "Creature": 30, "Land": 8, "Artifact": 12, "Enchantment": 14, "Instant": 14,
         "Sorcery": 14}


def kind(record: dict[str, Any]) -> str | None:
    types = record.get("types") or ()
    return next((k for k in KINDS if k in types), None)


def compiled_by_kind(records: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The names of the cards the compiler reads fully, by kind, sorted (so the draw is reproducible)."""
    out: dict[str, list[str]] = {k: [] for k in KINDS}
    for r in records:
        k = kind(r)
        if k is None:
            continue
        d = compile_card(r)
        if not d.unsupported and not d.hand_written:
            out[k].append(r["name"])
    return {k: sorted(set(v)) for k, v in out.items()}


def draw(by_kind: dict[str, list[str]], seed: int, size: int) -> list[tuple[str, str]]:
    """(kind, name) pairs: each kind's share of `size`, drawn with `seed`, interleaved round-robin."""
    rng = random.Random(seed)
    total = sum(KINDS.values())
    picks = {k: rng.sample(names, min(len(names), round(size * KINDS[k] / total)))
             for k, names in by_kind.items()}
    out: list[tuple[str, str]] = []
    for i in range(max(map(len, picks.values()), default=0)):
        out.extend((k, p[i]) for k, p in picks.items() if i < len(p))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", nargs="?", default=str(DEFAULT_FILE))
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--size", type=int, default=100)
    args = ap.parse_args(argv)
    try:
        source = open_card_source(None, [args.file], use_database=False)
    except CardSourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    records = [r for r in (source.card_record(n) for n in source.names()) if r is not None]
    by_kind = compiled_by_kind(records)
    print("compiled cards by kind: " + ", ".join(f"{k} {len(v)}" for k, v in by_kind.items()))
    for i, (k, name) in enumerate(draw(by_kind, args.seed, args.size), 1):
        print(f"{i:3d}  {k:<12}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
