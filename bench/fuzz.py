"""Fuzz benchmark: many random seeded games over every supported card of each card source, through
engine.fuzz (invariants after every action, saves checked every turn, failures as replay files).

    python bench/fuzz.py [--games 1000] [--sources starter,m21,training] [--ai random] [--seed 0]
                         [--out build/fuzz-bench] [--budget SECONDS] [--game-seconds S] [--json]
    python bench/fuzz.py --games 10000 --sources all      # the long run: training half and M21 together
    python bench/fuzz.py --games 300 --sources heldout    # cards the compiler was not grown on

Sources: the starter pool, ../shared/cards/mtgjson/M21.json, the training half of all cards
(../shared/cards/mtgjson/training-half.json.xz), and `all`: every card of the training half and M21
together; `heldout`: the cards of M21 and of the bundled starter pool that are not in the training half
(the compiler was grown on the training half only); --games games each. Prints, per source, the games, actions, supported cards, crashes, stuck
games, invariant failures and seconds (target: 0 crashes, 0 stuck, 0 invariant failures), and the
failures with their replay files; a progress line every 100 games and each failure as it happens go
to stderr. With --budget, no game starts after that many seconds of a source (the figures say how
many games were played). --game-seconds is the CPU time after which a game counts as stuck (engine.fuzz's
limit, 120 s by default; the search player's games need more). --jobs N plays the games in N processes: a game depends on its seed only, so
the figures are the same for any N.

Each source's figures are also written to OUT/SOURCE/summary-SEED-GAMES.json, so that a long run can be
done in seed ranges (and a range that was cut off run again); `--total` adds up the summaries in OUT
per source (each seed counted once) without playing:

    python bench/fuzz.py --sources all --seed 0 --games 2500 --jobs 2
    python bench/fuzz.py --sources all --seed 2500 --games 2500 --jobs 2   # ... and so on
    python bench/fuzz.py --total

Speed (one process, CPU seconds; the figures of a seed range must not change with a speed-up):
    nice -n 10 .venv/bin/python bench/fuzz.py --sources all --seed 500 --games 40 --jobs 1 --json
gives 40 games, 32,012 actions, 0 crashes, 0 stuck, 0 invariant failures, in 117.5 s of user CPU at
b7dbb18 and 119.7 s after the save check's quick tests (c83a225, 041d760): about 50 s of it is compiling
the 7,776 supported cards before the first game, and the rest is within the noise of a machine at a load
average of 11. The games alone (seeds 500-511, cards compiled beforehand, process CPU time): 16.0 s
before, 15.8 s after, about 1.3 s a game; the 10,000 games are about 3.7 CPU hours, 1.9 hours on two cores.
The same 12 games without the save check at each new turn take 6.1 s: that check is 60% of a game's CPU
time, and by a profile its largest part is trying the loaded game's legal actions on clones (each trial
action costs several times an action of the game itself), then loading and writing the save.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai import LEVELS  # noqa: E402
from engine.core.jsonfile import write_json_atomic  # noqa: E402
from engine.fuzz import Limits, fuzz  # noqa: E402
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
    ap.add_argument("--jobs", type=int, default=1, help="processes to play the games in")
    ap.add_argument("--game-seconds", type=float, default=Limits.seconds,
                    help="CPU-time limit of a game in seconds, after which it counts as stuck")
    ap.add_argument("--total", action="store_true", help="add up the summaries in --out; play nothing")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.total:
        return total(args.out, args.json)
    if not 0 < args.game_seconds < math.inf:
        ap.error("--game-seconds must be a number of seconds above 0")
    results = {}
    for name in args.sources.split(","):
        source = SOURCES[name]
        missing = [p for p in paths(source) + ((TRAINING,) if name == "heldout" else ()) if not p.is_file()]
        if missing:
            print(f"{name}: {missing[0]} not found, skipped", file=sys.stderr)
            continue
        cards = records(source, TRAINING if name == "heldout" else None)
        report = fuzz(cards, args.games, args.seed, args.ai, args.out / name, Limits(seconds=args.game_seconds),
                      progress=progress(name), budget=args.budget, jobs=args.jobs)
        results[name] = dict(report.to_json(), seed=args.seed, ai=args.ai, jobs=args.jobs,
                             games_per_second=round(report.games / max(report.seconds, 1e-9), 2))
        write_json_atomic(args.out / name / f"summary-{args.seed}-{args.games}.json", results[name])
        if not args.json:
            r = results[name]
            print(f"{name}: {r['games']} games{' (budget spent)' if r['stopped_early'] else ''}, "
                  f"{r['actions']} actions, {r['cards']} supported cards, "
                  f"{r['seconds']} s ({r['games_per_second']} games/s, {args.jobs} jobs): {r['crashes']} crashes, {r['stuck']} stuck, "
                  f"{r['invariant_failures']} invariant failures")
            for f in r["failures"]:
                print(f"  seed {f['seed']}: {f['kind']}: {f['error']} ({', '.join(f['cards'])}) -> {f['replay']}")
    if args.json:
        print(json.dumps(results))
    return 0


def total(out: Path, as_json: bool) -> int:
    """Adds up the summaries of the runs in `out`, per source; a seed played by two runs counts once
    (the later summary's figures are taken for a range run again whole)."""
    results = {}
    for folder in sorted(p for p in out.iterdir() if p.is_dir()) if out.is_dir() else []:
        seeds: dict[int, dict] = {}      # seed -> its failure (None: the game was fine)
        seconds = actions = 0.0
        for path in sorted(folder.glob("summary-*.json"), key=lambda p: p.stat().st_mtime):
            s = json.loads(path.read_text(encoding="utf-8"))
            failed = {f["seed"]: f for f in s["failures"]}
            for game_seed in range(s["seed"], s["seed"] + s["games"]):
                seeds[game_seed] = failed.get(game_seed)
            seconds += s["seconds"]
            actions += s["actions"]
        if not seeds:
            continue
        failures = [f for f in seeds.values() if f]
        kinds = [f["kind"] for f in failures]
        results[folder.name] = {"games": len(seeds), "crashes": kinds.count("crash"), "stuck": kinds.count("stuck"),
                                "invariant_failures": kinds.count("invariant"), "actions": int(actions),
                                "seconds": round(seconds, 1), "failures": failures}
    if as_json:
        print(json.dumps(results))
        return 0
    for name, r in results.items():
        print(f"{name}: {r['games']} games, {r['actions']} actions, {r['seconds']} s of runs: {r['crashes']} crashes, "
              f"{r['stuck']} stuck, {r['invariant_failures']} invariant failures")
        for f in r["failures"]:
            print(f"  seed {f['seed']}: {f['kind']}: {f['error']} -> {f['replay']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
