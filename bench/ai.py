"""AI benchmark: seeded matches with the sample decks (assets/decks), every pairing played from both
sides (each player takes each deck of the pair, and the seats alternate):

- the heuristic player's win rate against the uniform random player (target: at least 95%);
- the search player's win rate against the heuristic player (target: at least 60%);
- the median and maximum decision time of the heuristic and of the search player (target: median
  under 1 s, maximum under 5 s on a two-core machine).

    python bench/ai.py [--random-games 60] [--search-games 36] [--jobs N] [--json]

A draw (the 60-turn limit) counts half. Uses every core (one process per game at a time).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.match import GameRecord, MatchSpec, play_one, wilson  # noqa: E402
from tests.decklists import DECKS_DIR, read_deck_names  # noqa: E402


def pairings(n_decks: int, games: int) -> list[tuple[int, int, int]]:
    """(game number, deck of the first player, deck of the second): each deck pair twice in a row,
    once each way round, cycling through the pairs."""
    pairs = [(a, b) for a in range(n_decks) for b in range(a + 1, n_decks)]
    out = []
    for g in range(games):
        a, b = pairs[(g // 2) % len(pairs)]
        out.append((g, a, b) if g % 2 == 0 else (g, b, a))
    return out


def _job(args: tuple[list[list[str]], str, str, int, int, int]) -> GameRecord:
    decks, ai, vs, g, a, b = args
    # play_one swaps seats by the game number; the decks follow the players.
    return play_one(MatchSpec(decks[a], decks[b], ai, vs, seed=1000 * (a + 1) + 10 * b), g)


def match(decks: list[list[str]], ai: str, vs: str, games: int, jobs: int) -> list[GameRecord]:
    work = [(decks, ai, vs, g, a, b) for g, a, b in pairings(len(decks), games)]
    if jobs == 1:
        return [_job(w) for w in work]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return list(pool.imap_unordered(_job, work))


def figures(records: list[GameRecord]) -> dict:
    n = len(records)
    score = sum(1.0 if r.winner == "ai" else 0.5 if r.winner == "draw" else 0.0 for r in records)
    lo, hi = wilson(score, n)
    times = [t for r in records for t in r.times["ai"]]
    searches = [t for r in records for t in r.searches.get("ai", [])]
    return {"win_rate": round(score / n, 4), "ci95": [round(lo, 4), round(hi, 4)], "games": n,
            "draws": sum(r.winner == "draw" for r in records),
            "avg_turns": round(statistics.mean(r.turns for r in records), 2),
            "decision_ms": {"median": round(statistics.median(times) * 1000, 2),
                            "max": round(max(times) * 1000, 1)},
            "searched_decisions": len(searches),
            "searched_decision_ms": {"median": round(statistics.median(searches) * 1000, 1) if searches else 0.0,
                                     "max": round(max(searches) * 1000, 1) if searches else 0.0}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random-games", type=int, default=60)
    ap.add_argument("--search-games", type=int, default=36)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    t0 = time.perf_counter()
    hr = figures(match(decks, "medium", "random", args.random_games, args.jobs))
    t1 = time.perf_counter()
    sh = figures(match(decks, "hard", "medium", args.search_games, args.jobs))
    t2 = time.perf_counter()
    out = {"heuristic_vs_random": hr["win_rate"], "search_vs_heuristic": sh["win_rate"],
           "games": hr["games"] + sh["games"],
           "games_by_match": {"heuristic_vs_random": hr["games"], "search_vs_heuristic": sh["games"]},
           "heuristic_decision_ms": hr["decision_ms"], "search_decision_ms": sh["decision_ms"],
           "ci95": {"heuristic_vs_random": hr["ci95"], "search_vs_heuristic": sh["ci95"]},
           "draws": {"heuristic_vs_random": hr["draws"], "search_vs_heuristic": sh["draws"]},
           "avg_turns": {"heuristic_vs_random": hr["avg_turns"], "search_vs_heuristic": sh["avg_turns"]},
           "searched_decisions": sh["searched_decisions"],
           "searched_decision_ms": sh["searched_decision_ms"],
           "seconds": {"heuristic_vs_random": round(t1 - t0, 1), "search_vs_heuristic": round(t2 - t1, 1)},
           "jobs": args.jobs}
    if args.json:
        print(json.dumps(out))
        return 0
    ci = out["ci95"]
    print(f"heuristic vs random:  {hr['win_rate']:.1%} of {hr['games']} games "
          f"(95% CI {ci['heuristic_vs_random'][0]:.1%} to {ci['heuristic_vs_random'][1]:.1%}), "
          f"{hr['avg_turns']} turns on average")
    print(f"search vs heuristic:  {sh['win_rate']:.1%} of {sh['games']} games "
          f"(95% CI {ci['search_vs_heuristic'][0]:.1%} to {ci['search_vs_heuristic'][1]:.1%}), "
          f"{sh['avg_turns']} turns on average")
    print(f"heuristic decision time: median {hr['decision_ms']['median']} ms, max {hr['decision_ms']['max']} ms")
    print(f"search decision time:    median {sh['decision_ms']['median']} ms, max {sh['decision_ms']['max']} ms")
    print(f"  of which searched:     {sh['searched_decisions']} decisions, median "
          f"{sh['searched_decision_ms']['median']} ms, max {sh['searched_decision_ms']['max']} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
