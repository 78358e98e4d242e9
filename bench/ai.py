"""AI benchmark: seeded matches with the sample decks (assets/decks), every pairing played from both
sides (each player takes each deck of the pair, and the seats alternate):

- the heuristic player's (medium) win rate against the uniform random player (target: at least 95%);
- the search player's (hard) win rate against the heuristic player (target: at least 75% of 200 games);
- the median and maximum decision time of the heuristic and of the search player (target: median
  under 1 s, maximum under 5 s on a two-core machine);
- the level table: each level (random, easy, medium, hard) against each other one, with the 95%
  interval, and whether each level beats the one below it (the lower end of its interval above 50%).
- `heuristic_vs_random_fuzz`: the heuristic player against the random one with random two-colour decks
  of the supported cards of the training half (the fuzz tool's deck builder, engine.fuzz), with the
  number of illegal or stuck decisions (target: at least 95%, none illegal or stuck);
- `heuristic_games_per_s`: heuristic against heuristic, one game after another in a process of their own, games per
  second of that process's CPU time (a loaded machine slows the wall clock, not the CPU time), on
  fixed seeds, the decks' cards compiled before the clock starts (`compile_s`) (target: about 30).

    python bench/ai.py [--random-games 60] [--search-games 200] [--level-games 20] [--fuzz-games 100]
                       [--speed-games 20] [--jobs N] [--search-workers N] [--pairs STRONG-WEAK ...]
                       [--records FILE] [--first-game N] [--json]

A draw (the 60-turn limit) counts half. Uses every core (one process per game at a time). A count of 0
skips that match. --search-workers N: the search player (hard) of the search_vs_heuristic games plays its rounds in N
processes (SearchPlayer's `workers`, with a budget of playouts growing with them), by default as the app's hard level
does (two with two cores or more: engine.ai.default_search_workers); with N > 1 those games are played one at a time,
the cores serving one search (the other matches keep --jobs, their search players one process each). --records appends each finished game to FILE as a JSON line (to follow a long run).
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

from engine.ai import default_search_workers  # noqa: E402
from engine.ai.match import GameRecord, MatchSpec, StuckGame, play_one, wilson  # noqa: E402
from engine.core.cards import RecordSource  # noqa: E402
from engine.core.errors import IllegalAction  # noqa: E402
from engine.core.heap import keep_long_lived  # noqa: E402
from engine.fuzz.runner import random_deck_pairs  # noqa: E402
from engine.game import Game  # noqa: E402
from tests.decklists import DECKS_DIR, read_deck_names  # noqa: E402

TRAINING_HALF = Path(__file__).resolve().parent.parent.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz"


def pairings(n_decks: int, games: int, first: int = 0) -> list[tuple[int, int, int]]:
    """(game number, deck of the first player, deck of the second) of games `first` to `first + games - 1`: each
    deck pair twice in a row, once each way round, cycling through the pairs."""
    pairs = [(a, b) for a in range(n_decks) for b in range(a + 1, n_decks)]
    out = []
    for g in range(first, first + games):
        a, b = pairs[(g // 2) % len(pairs)]
        out.append((g, a, b) if g % 2 == 0 else (g, b, a))
    return out


LEVEL_ORDER = ("random", "easy", "medium", "hard")


def _job(args: tuple[list[list[str]], str, str, int, int, int, int]) -> GameRecord:
    decks, ai, vs, g, a, b, search_workers = args
    # play_one swaps seats by the game number; the decks follow the players.
    return play_one(MatchSpec(decks[a], decks[b], ai, vs, seed=1000 * (a + 1) + 10 * b, search_workers=search_workers),
                    g)


def match(decks: list[list[str]], ai: str, vs: str, games: int, jobs: int,
          records_file: Path | None = None, search_workers: int = 1, first: int = 0) -> list[GameRecord]:
    work = [(decks, ai, vs, g, a, b, search_workers) for g, a, b in pairings(len(decks), games, first)]
    if jobs == 1:
        done = map(_job, work)
        return [_note(r, ai, vs, records_file) for r in done]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return [_note(r, ai, vs, records_file) for r in pool.imap_unordered(_job, work)]


def _note(record: GameRecord, ai: str, vs: str, records_file: Path | None) -> GameRecord:
    if records_file is not None:
        with records_file.open("a", encoding="utf-8") as f:
            f.write(json.dumps({"ai": ai, "vs": vs, "game": record.index, "winner": record.winner,
                                "turns": record.turns, "ai_decision_s": record.times["ai"],
                                "searched_s": record.searches.get("ai", [])}) + "\n")
    return record


def figures(records: list[GameRecord]) -> dict:
    n = len(records)
    if n == 0:
        return {}
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


def level_matches(decks: list[list[str]], games: int, jobs: int, skip: set[tuple[str, str]],
                  records_file: Path | None, only: set[tuple[str, str]] | None = None,
                  first: int = 0) -> dict[tuple[str, str], dict]:
    """Each level against each weaker one (but the pairings in `skip`, played elsewhere; only those
    in `only` if given)."""
    out: dict[tuple[str, str], dict] = {}
    for i, strong in enumerate(LEVEL_ORDER):
        for weak in LEVEL_ORDER[:i]:
            if (strong, weak) not in skip and games and (only is None or (strong, weak) in only):
                out[strong, weak] = figures(match(decks, strong, weak, games, jobs, records_file, first=first))
    return out


def level_table(played: dict[tuple[str, str], dict]) -> dict:
    """table[a][b] is a's score against b, both ways round; and whether each level beats the one
    below it (the lower end of its 95% interval above one half)."""
    table: dict[str, dict[str, dict]] = {lv: {} for lv in LEVEL_ORDER}
    for (strong, weak), f in played.items():
        if not f:
            continue
        table[strong][weak] = {"win_rate": f["win_rate"], "ci95": f["ci95"], "games": f["games"]}
        table[weak][strong] = {"win_rate": round(1 - f["win_rate"], 4),
                               "ci95": [round(1 - f["ci95"][1], 4), round(1 - f["ci95"][0], 4)],
                               "games": f["games"]}
    steps = [table[hi].get(lo) for lo, hi in zip(LEVEL_ORDER, LEVEL_ORDER[1:])]
    return {"table": table,
            "each_beats_the_one_below": all(st is not None and st["ci95"][0] > 0.5 for st in steps)}


def fuzz_specs(games: int, seed: int = 0, path: Path = TRAINING_HALF) -> list[tuple[MatchSpec, int]]:
    """(match, game number) for each game of the heuristic against the random player with a pair of
    random decks of the supported cards of `path` (decks built as the fuzz tool builds them; game i
    from seed `seed + i`), each match carrying the card records its decks need."""
    from engine.fuzz.__main__ import read_card_file
    return [(MatchSpec(decks[0], decks[1], "medium", "random", seed=seed, cards=cards, action_limit=20_000), i)
            for i, (decks, cards) in enumerate(random_deck_pairs(read_card_file(path), games, seed))]


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


def fresh_speed_figures(decks: list[list[str]], games: int) -> dict:
    """`speed_figures` in a process of its own, set up as this one is (`keep_long_lived`): the matches before it leave
    this process larger (after the 200 search games played here, 15.9 games per CPU second against about 18 in a fresh
    process, one run), and the code the issue was written on played all of them in other processes."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_speed_job, (decks, games))


def _speed_job(decks: list[list[str]], games: int) -> dict:
    keep_long_lived()
    return speed_figures(decks, games)


def speed_figures(decks: list[list[str]], games: int) -> dict:
    """Heuristic against heuristic, one game after another here: games per CPU second. The decks' cards are compiled
    first, off the clock (`compile_s`, once a process: the first game made with them): the figure is a game's, not
    the one-time reading of the cards' text, which grows with the compiler and not with the player."""
    c0 = time.process_time()
    for deck in decks:
        Game.new([deck, deck], seed=0, source=RecordSource())
    compiled = time.process_time() - c0
    t0, w0 = time.process_time(), time.perf_counter()
    turns = 0
    for g in range(games):
        a, b = g % len(decks), (g + 1) % len(decks)
        turns += play_one(MatchSpec(decks[a], decks[b], "medium", "medium", seed=100 + g), g).turns
    cpu, wall = time.process_time() - t0, time.perf_counter() - w0
    return {"games_per_s": round(games / cpu, 2), "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
            "games": games, "turns": turns, "compile_s": round(compiled, 3)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random-games", type=int, default=60)
    ap.add_argument("--search-games", type=int, default=200)
    ap.add_argument("--level-games", type=int, default=20, help="games of each other pairing of levels")
    ap.add_argument("--pairs", nargs="+", metavar="STRONG-WEAK",
                    help="play only these level pairings, e.g. medium-easy (default: every one)")
    ap.add_argument("--records", type=Path, help="append each finished game to this file (JSON lines)")
    ap.add_argument("--fuzz-games", type=int, default=100)
    ap.add_argument("--speed-games", type=int, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--search-workers", type=int, default=default_search_workers(),
                    help="processes each search of the search_vs_heuristic games plays its rounds in (default: as the "
                         "app's hard level); above 1 those games are played one at a time")
    ap.add_argument("--first-game", type=int, default=0,
                    help="the number of the first game of each match (its seats, decks and seed follow from it): "
                         "games N to N + count - 1, to split a long paired measure into ranges")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    only = None
    if args.pairs:
        only = {tuple(p.split("-", 1)) for p in args.pairs}
        bad = [p for p in only if len(p) != 2 or not set(p) <= set(LEVEL_ORDER)
               or LEVEL_ORDER.index(p[0]) <= LEVEL_ORDER.index(p[-1])]
        if bad:
            ap.error(f"--pairs: STRONG-WEAK with levels from {', '.join(LEVEL_ORDER)}, the stronger first")
    keep_long_lived()
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    t0 = time.perf_counter()
    first = args.first_game
    hr = figures(match(decks, "medium", "random", args.random_games, args.jobs, args.records, first=first))
    t1 = time.perf_counter()
    others = level_matches(decks, args.level_games, args.jobs, {("medium", "random"), ("hard", "medium")},
                           args.records, only, first)
    t2 = time.perf_counter()
    sh = figures(match(decks, "hard", "medium", args.search_games, 1 if args.search_workers > 1 else args.jobs,
                       args.records, args.search_workers, first))
    t3 = time.perf_counter()
    fz = fuzz_figures(args.fuzz_games, args.jobs) if args.fuzz_games else None
    t4 = time.perf_counter()
    sp = fresh_speed_figures(decks, args.speed_games) if args.speed_games else None
    levels = level_table({("medium", "random"): hr, ("hard", "medium"): sh, **others})
    played = {"heuristic_vs_random": hr, "search_vs_heuristic": sh}
    out = {name: f.get("win_rate") for name, f in played.items()}
    out.update({
        "games": sum(f.get("games", 0) for f in played.values()),
        "games_by_match": {name: f.get("games", 0) for name, f in played.items()},
        "heuristic_decision_ms": hr.get("decision_ms"), "search_decision_ms": sh.get("decision_ms"),
        "ci95": {name: f.get("ci95") for name, f in played.items()},
        "draws": {name: f.get("draws") for name, f in played.items()},
        "avg_turns": {name: f.get("avg_turns") for name, f in played.items()},
        "searched_decisions": sh.get("searched_decisions", 0),
        "searched_decision_ms": sh.get("searched_decision_ms"),
        "levels": levels,
        "seconds": {"heuristic_vs_random": round(t1 - t0, 1), "levels": round(t2 - t1, 1),
                    "search_vs_heuristic": round(t3 - t2, 1)},
        "jobs": args.jobs,
        "search_workers": args.search_workers,
        "search_jobs": 1 if args.search_workers > 1 else args.jobs})
    if fz is not None:
        out["heuristic_vs_random_fuzz"] = fz
        out["seconds"]["heuristic_vs_random_fuzz"] = round(t4 - t3, 1)
    if sp is not None:
        out["heuristic_games_per_s"] = sp["games_per_s"]
        out["heuristic_speed"] = sp
    if args.json:
        print(json.dumps(out))
        return 0
    for name, f in played.items():
        if f:
            print(f"{name.replace('_', ' '):21} {f['win_rate']:.1%} of {f['games']} games "
                  f"(95% CI {f['ci95'][0]:.1%} to {f['ci95'][1]:.1%}), {f['avg_turns']} turns on average")
    if hr:
        print(f"heuristic decision time: median {hr['decision_ms']['median']} ms, max {hr['decision_ms']['max']} ms")
    if sh:
        print(f"search decision time:    median {sh['decision_ms']['median']} ms, max {sh['decision_ms']['max']} ms")
        print(f"  of which searched:     {sh['searched_decisions']} decisions, median "
              f"{sh['searched_decision_ms']['median']} ms, max {sh['searched_decision_ms']['max']} ms")
    print("level table (row's score against the column, 95% CI):")
    print("         " + "".join(f"{lv:>20}" for lv in LEVEL_ORDER))
    for a in LEVEL_ORDER:
        cells = [levels["table"][a].get(b) for b in LEVEL_ORDER]
        print(f"{a:9}" + "".join(f"{'':>20}" if c is None else
                                 f"{c['win_rate']:>7.0%} ({c['ci95'][0]:.0%}-{c['ci95'][1]:.0%})".rjust(20)
                                 for c in cells))
    print(f"each level beats the one below it: {levels['each_beats_the_one_below']}")
    if fz is not None:
        print(f"heuristic vs random, fuzz decks: {fz['win_rate']:.1%} of {fz['games']} games "
              f"(95% CI {fz['ci95'][0]:.1%} to {fz['ci95'][1]:.1%}), {fz['illegal']} illegal, {fz['stuck']} stuck")
    if sp is not None:
        print(f"heuristic vs heuristic: {sp['games_per_s']} games per CPU second ({sp['games']} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
