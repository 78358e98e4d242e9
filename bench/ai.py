"""AI benchmark: seeded matches with the sample decks (assets/decks), every pairing played from both
sides (each player takes each deck of the pair, and the seats alternate):

- the heuristic player's win rate against the uniform random player (target: at least 95%);
- the search player's win rate against the heuristic player (target: at least 60%);
- the median and maximum decision time of the heuristic and of the search player (target: median
  under 1 s, maximum under 5 s on a two-core machine);
- `heuristic_vs_random_fuzz`: the heuristic player against the random one with random two-colour decks
  of the supported cards of the training half (the fuzz tool's deck builder, engine.fuzz), with the
  number of illegal or stuck decisions (target: at least 95%, none illegal or stuck);
- `heuristic_games_per_s`: heuristic against heuristic, one game after another in one process, games per
  second of that process's CPU time (a loaded machine slows the wall clock, not the CPU time), on
  fixed seeds (target: about 30).

    python bench/ai.py [--random-games 60] [--search-games 36] [--fuzz-games 100] [--speed-games 20]
                       [--jobs N] [--json]

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

from engine.ai.match import GameRecord, MatchSpec, StuckGame, play_one, wilson  # noqa: E402
from engine.core.errors import IllegalAction  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.fuzz.runner import cards_added, random_deck, supported_names  # noqa: E402
from tests.decklists import DECKS_DIR, read_deck_names  # noqa: E402

TRAINING_HALF = Path(__file__).resolve().parent.parent.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz"


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


def fuzz_specs(games: int, seed: int = 0, path: Path = TRAINING_HALF) -> list[tuple[MatchSpec, int]]:
    """(match, game number) for each game of the heuristic against the random player with a pair of
    random decks of the supported cards of `path` (decks built as the fuzz tool builds them; game i
    from seed `seed + i`), each match carrying the card records its decks need."""
    from engine.fuzz.__main__ import read_card_file
    records = read_card_file(path)
    out = []
    with cards_added(records):
        names = supported_names(r.get("faceName") or r["name"] for r in records)
        for i in range(games):
            rng = Rng(seed + i)
            decks = [random_deck(rng, names), random_deck(rng, names)]
            used = set(decks[0] + decks[1])
            # Every face's record of a card with several (a transforming card's back face, 712).
            full = {r["name"] for r in records if (r.get("faceName") or r["name"]) in used}
            cards = [r for r in records if r["name"] in full]
            out.append((MatchSpec(decks[0], decks[1], "medium", "random", seed=seed, cards=cards,
                                  action_limit=20_000), i))
    return out


def _fuzz_job(work: tuple[MatchSpec, int]) -> tuple[str, int, str]:
    """(outcome, turns, error) of one game: "ai", "vs" or "draw"; "illegal" (an action the engine
    refused), "stuck" (no end within the action limit) or "error" (an exception in the engine or an AI)."""
    spec, i = work
    try:
        r = play_one(spec, i)
    except IllegalAction as e:
        return "illegal", 0, str(e)
    except StuckGame as e:
        return "stuck", 0, str(e)
    except Exception as e:      # noqa: BLE001 -- counted and reported: the bench must finish
        return "error", 0, f"{type(e).__name__}: {e}"
    return r.winner, r.turns, ""


def fuzz_figures(games: int, jobs: int) -> dict:
    specs = fuzz_specs(games)
    if jobs == 1:
        results = [_fuzz_job(w) for w in specs]
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            results = pool.map(_fuzz_job, specs, chunksize=1)
    played = [r for r in results if r[0] in ("ai", "vs", "draw")]
    score = sum(1.0 if w == "ai" else 0.5 if w == "draw" else 0.0 for w, _, _ in played)
    lo, hi = wilson(score, len(played))
    return {"win_rate": round(score / len(played), 4) if played else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
            "games": len(played), "draws": sum(w == "draw" for w, _, _ in played),
            "illegal": sum(w == "illegal" for w, _, _ in results), "stuck": sum(w == "stuck" for w, _, _ in results),
            "crashes": sum(w == "error" for w, _, _ in results),
            "errors": [f"game {i}: {w}: {e}" for i, (w, _, e) in enumerate(results) if e][:10]}


def speed_figures(decks: list[list[str]], games: int) -> dict:
    """Heuristic against heuristic, one game after another here: games per CPU second."""
    t0, w0 = time.process_time(), time.perf_counter()
    turns = 0
    for g in range(games):
        a, b = g % len(decks), (g + 1) % len(decks)
        turns += play_one(MatchSpec(decks[a], decks[b], "medium", "medium", seed=100 + g), g).turns
    cpu, wall = time.process_time() - t0, time.perf_counter() - w0
    return {"games_per_s": round(games / cpu, 2), "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "games": games, "turns": turns}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random-games", type=int, default=60)
    ap.add_argument("--search-games", type=int, default=36)
    ap.add_argument("--fuzz-games", type=int, default=100)
    ap.add_argument("--speed-games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    t0 = time.perf_counter()
    hr = figures(match(decks, "medium", "random", args.random_games, args.jobs))
    t1 = time.perf_counter()
    sh = figures(match(decks, "hard", "medium", args.search_games, args.jobs))
    t2 = time.perf_counter()
    fz = fuzz_figures(args.fuzz_games, args.jobs) if args.fuzz_games else None
    t3 = time.perf_counter()
    sp = speed_figures(decks, args.speed_games) if args.speed_games else None
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
    if fz is not None:
        out["heuristic_vs_random_fuzz"] = fz
        out["seconds"]["heuristic_vs_random_fuzz"] = round(t3 - t2, 1)
    if sp is not None:
        out["heuristic_games_per_s"] = sp["games_per_s"]
        out["heuristic_speed"] = sp
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
    if fz is not None:
        print(f"heuristic vs random, fuzz decks: {fz['win_rate']:.1%} of {fz['games']} games "
              f"(95% CI {fz['ci95'][0]:.1%} to {fz['ci95'][1]:.1%}), {fz['illegal']} illegal, {fz['stuck']} stuck")
    if sp is not None:
        print(f"heuristic vs heuristic: {sp['games_per_s']} games per CPU second ({sp['games']} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
