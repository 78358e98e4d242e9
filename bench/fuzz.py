"""Fuzz benchmark: many random seeded games over every supported card of each card source, through
engine.fuzz (invariants after every action, saves checked every turn, failures as replay files).

    python bench/fuzz.py [--games 1000] [--sources starter,m21,training] [--ai random] [--seed 0]
                         [--out build/fuzz-bench] [--budget SECONDS] [--json]
    python bench/fuzz.py --games 10000 --sources all      # the long run: training half and M21 together
    python bench/fuzz.py --games 300 --sources heldout    # cards the compiler was not grown on

Sources: the starter pool, ../shared/cards/mtgjson/M21.json, the training half of all cards
(../shared/cards/mtgjson/training-half.json.xz), and `all`: every card of the training half and M21
together; `heldout`: the cards of M21 and of the bundled starter pool that are not in the training half
(the compiler was grown on the training half only); --games games each. Prints, per source, the games, actions, supported cards, crashes, stuck
games, invariant failures and seconds (target: 0 crashes, 0 stuck, 0 invariant failures), and the
failures with their replay files; a progress line every 100 games and each failure as it happens go
to stderr. With --budget, no game starts after that many seconds of a source (the figures say how
many games were played).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import LEVELS  # noqa: E402
from engine.fuzz import fuzz  # noqa: E402
from engine.fuzz.__main__ import read_card_file  # noqa: E402

CARDS = ROOT.parent / "shared" / "cards" / "mtgjson"
TRAINING = CARDS / "training-half.json.xz"
STARTER = ROOT / "cardsdb" / "data" / "starter-pool.json"
SOURCES = {"starter": None, "m21": CARDS / "M21.json", "training": TRAINING,
           "all": (TRAINING, CARDS / "M21.json"), "heldout": (CARDS / "M21.json", STARTER)}


def paths(source: Path | tuple[Path, ...] | None) -> tuple[Path, ...]:
    return () if source is None else source if isinstance(source, tuple) else (source,)


def records(source: Path | tuple[Path, ...] | None, leave_out: Path | None = None) -> list[dict] | None:
    """The card records of a source (None: the starter pool); one record per name, the first file's
    first; without the names of `leave_out`'s cards."""
    if source is None:
        return None
    left_out = {r.get("faceName") or r.get("name") for r in read_card_file(leave_out)} if leave_out else set()
    seen: dict[str, dict] = {}
    for path in paths(source):
        for r in read_card_file(path):
            name = r.get("faceName") or r.get("name")
            if name not in left_out:
                seen.setdefault(name, r)
    return list(seen.values())


def progress(name: str):
    counts = {"crash": 0, "stuck": 0, "invariant": 0}
    start = time.perf_counter()

    def report(done: int, out) -> None:
        if out.kind != "ok":
            counts[out.kind] += 1
            print(f"{name}: game {out.seed}: {out.kind}: {out.error}", file=sys.stderr, flush=True)
        if done % 100 == 0:
            print(f"{name}: {done} games, {counts['crash']} crashes, {counts['stuck']} stuck, "
                  f"{counts['invariant']} invariant failures, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr, flush=True)
    return report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per source")
    ap.add_argument("--sources", default="starter,m21,training")
    ap.add_argument("--ai", choices=LEVELS, default="random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "fuzz-bench")
    ap.add_argument("--budget", type=float, help="seconds per source after which no game starts")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    results = {}
    for name in args.sources.split(","):
        source = SOURCES[name]
        missing = [p for p in paths(source) + ((TRAINING,) if name == "heldout" else ()) if not p.is_file()]
        if missing:
            print(f"{name}: {missing[0]} not found, skipped", file=sys.stderr)
            continue
        cards = records(source, TRAINING if name == "heldout" else None)
        report = fuzz(cards, args.games, args.seed, args.ai, args.out / name,
                      progress=progress(name), budget=args.budget)
        results[name] = report.to_json()
        if not args.json:
            r = results[name]
            print(f"{name}: {r['games']} games{' (budget spent)' if r['stopped_early'] else ''}, "
                  f"{r['actions']} actions, {r['cards']} supported cards, "
                  f"{r['seconds']} s: {r['crashes']} crashes, {r['stuck']} stuck, "
                  f"{r['invariant_failures']} invariant failures")
            for f in r["failures"]:
                print(f"  seed {f['seed']}: {f['kind']}: {f['error']} ({', '.join(f['cards'])}) -> {f['replay']}")
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
