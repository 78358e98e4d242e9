"""Fuzz benchmark: many random seeded games over every supported card of each card source, through
engine.fuzz (invariants after every action, saves checked every turn, failures as replay files).

    python bench/fuzz.py [--games 1000] [--sources starter,m21,training] [--ai random] [--seed 0]
                         [--out build/fuzz-bench] [--json]

Sources: the starter pool, ../shared/cards/mtgjson/M21.json and the training half of all cards
(../shared/cards/mtgjson/training-half.json.xz); --games games each. Prints, per source, the games,
actions, supported cards, crashes, stuck games, invariant failures and seconds (target: 0 crashes,
0 stuck, 0 invariant failures), and the failures with their replay files.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import LEVELS  # noqa: E402
from engine.fuzz import fuzz  # noqa: E402
from engine.fuzz.__main__ import read_card_file  # noqa: E402

CARDS = ROOT.parent / "shared" / "cards" / "mtgjson"
SOURCES = {"starter": None, "m21": CARDS / "M21.json", "training": CARDS / "training-half.json.xz"}


def records(path: Path | None) -> list[dict] | None:
    return None if path is None else read_card_file(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per source")
    ap.add_argument("--sources", default="starter,m21,training")
    ap.add_argument("--ai", choices=LEVELS, default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "fuzz-bench")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = {}
    for name in args.sources.split(","):
        path = SOURCES[name]
        if path is not None and not path.is_file():
            print(f"{name}: {path} not found, skipped", file=sys.stderr)
            continue
        report = fuzz(records(path), args.games, args.seed, args.ai, args.out / name)
        results[name] = report.to_json()
        if not args.json:
            r = results[name]
            print(f"{name}: {r['games']} games, {r['actions']} actions, {r['cards']} supported cards, "
                  f"{r['seconds']} s: {r['crashes']} crashes, {r['stuck']} stuck, "
                  f"{r['invariant_failures']} invariant failures")
            for f in r["failures"]:
                print(f"  seed {f['seed']}: {f['kind']}: {f['error']} ({', '.join(f['cards'])}) -> {f['replay']}")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
