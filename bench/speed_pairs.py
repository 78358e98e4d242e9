"""The heuristic player's speed against another checkout's, in pairs started together (one process each, one per
core): both play the same seeded speed games as `bench/ai.py` plays them, each with its own code, so that the load
of the machine weighs on both alike. Each pair's ratio is this checkout's games per CPU second over the other's;
prints the median, the mean with its 95% interval, the range and how many pairs fell below `--below`.

    python bench/speed_pairs.py OTHER_CHECKOUT [--pairs 24] [--games 20] [--compile-on-clock] [--json]

By default each side compiles its decks' cards before the clock starts (a game's speed); `--compile-on-clock`
counts that one-time compile in the first game, as `bench/ai.py` timed it before (and the code issue #17 was
written on, d6d14149, still does). Each side sets its process up as its own `bench/ai.py` does
(`keep_long_lived`, where it has it). The other checkout must have `bench/ai.py` with `play_one`, `MatchSpec` and
the sample decks.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# Run in a checkout's root by that checkout's side of a pair: prints one JSON line.
_SIDE = """
import importlib.util, json, sys, time
sys.path.insert(0, '.')
spec = importlib.util.spec_from_file_location('benchai', 'bench/ai.py')
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
if hasattr(m, 'keep_long_lived'):
    m.keep_long_lived()
decks = [m.read_deck_names(p) for p in sorted(m.DECKS_DIR.glob('*.txt'))]
games, on_clock = int(sys.argv[1]), sys.argv[2] == '1'
if not on_clock:
    from engine.core.cards import default_pool, definition
    pool = default_pool()
    for name in sorted({n for d in decks for n in d}):
        definition(pool.card_record(name))
t0, turns = time.process_time(), 0
for g in range(games):
    a, b = g % len(decks), (g + 1) % len(decks)
    turns += m.play_one(m.MatchSpec(decks[a], decks[b], 'medium', 'medium', seed=100 + g), g).turns
cpu = time.process_time() - t0
print(json.dumps({'games_per_s': games / cpu, 'cpu_s': cpu, 'turns': turns}))
"""


def play_pair(root: Path, other: Path, games: int, on_clock: bool) -> tuple[dict, dict]:
    """Both sides started together; (this checkout's figures, the other's)."""
    args = [sys.executable, "-c", _SIDE, str(games), "1" if on_clock else "0"]
    procs = [subprocess.Popen(args, cwd=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for r in (root, other)]
    out = []
    for r, p in zip((root, other), procs):
        stdout, stderr = p.communicate()
        if p.returncode != 0:
            raise RuntimeError(f"the speed games in {r} failed (exit {p.returncode}):\n{stderr.strip()[-2000:]}")
        out.append(json.loads(stdout.strip().splitlines()[-1]))
    return out[0], out[1]


def summary(ratios: list[float], below: float) -> dict:
    mean = statistics.mean(ratios)
    half = 1.96 * statistics.stdev(ratios) / math.sqrt(len(ratios)) if len(ratios) > 1 else math.inf
    return {"pairs": len(ratios), "median": round(statistics.median(ratios), 3), "mean": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "range": [round(min(ratios), 3), round(max(ratios), 3)],
            "below": below, "pairs_below": sum(r < below for r in ratios)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("other", type=Path, help="the other checkout's root (e.g. a git worktree of an older commit)")
    ap.add_argument("--pairs", type=int, default=24)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--compile-on-clock", action="store_true")
    ap.add_argument("--below", type=float, default=2.0, help="count the pairs whose ratio is below this")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not (args.other / "bench" / "ai.py").is_file():
        ap.error(f"{args.other} has no bench/ai.py")
    if args.pairs < 1 or args.games < 1:
        ap.error("--pairs and --games must be at least 1")
    ratios, mine, theirs = [], [], []
    for i in range(args.pairs):
        a, b = play_pair(HERE, args.other, args.games, args.compile_on_clock)
        ratios.append(a["games_per_s"] / b["games_per_s"])
        mine.append(a["games_per_s"])
        theirs.append(b["games_per_s"])
        if not args.json:
            print(f"pair {i + 1}: {a['games_per_s']:.2f} against {b['games_per_s']:.2f} games per CPU second, "
                  f"{ratios[-1]:.3f}x", flush=True)
    out = summary(ratios, args.below)
    out.update({"games": args.games, "compile_on_clock": args.compile_on_clock,
                "games_per_s_median": round(statistics.median(mine), 2),
                "other_games_per_s_median": round(statistics.median(theirs), 2)})
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['pairs']} pairs: median {out['median']}x, mean {out['mean']}x (95% CI {out['ci95'][0]}x-"
              f"{out['ci95'][1]}x), range {out['range'][0]}x-{out['range'][1]}x, {out['pairs_below']} below "
              f"{args.below}x; {out['games_per_s_median']} against {out['other_games_per_s_median']} games per CPU "
              "second (medians)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
