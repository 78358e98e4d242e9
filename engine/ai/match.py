"""AI-vs-AI matches: N seeded games between AI players, on every core.

    python -m engine.ai.match [--db PATH] [--cards FILE ...] DECK_A DECK_B [DECK ...] --games N --ai heuristic
                              --vs search [--players P] [--variant commander] [--json]

The --ai player plays DECK_A and the --vs player DECK_B; they swap seats every game (game i has seed
SEED + i; the engine's seeded RNG picks who starts, 103.1). With --players P (2 to 6) a game is a
free-for-all of P players (806): one --ai player against P - 1 --vs players, who play DECK_B and the
further decks in turn; the --ai player's seat moves round the table from game to game, and an even
win rate is 1/P. A game that reaches the turn limit (default 30 turns a player: 60 in a two-player
game) is a draw. Prints wins, losses and draws of the --ai player, its win rate (a draw counts half) with a 95%
Wilson confidence interval, the average game length in turns and each player's average decision time.
Deck files: any format the card database reads (text, Arena, MTGO .dek, Cockatrice .cod, Forge .dck).
Card names are looked up in the card database (the user's, or --db) and the --cards files (cardsdb.source).
With --variant commander the games are Commander games (903): each deck file names its commander (a
Commander section) and is checked first (100 cards, singleton, color identity: cardsdb.validation).
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

# The command line reads deck files and opens the card source (cardsdb); the games get card names and
# records. An exception the import contract names.
from cardsdb.decks import read_deck_file
from cardsdb.source import CardSourceError, add_source_arguments, source_from_arguments
from cardsdb.validation import check_commander_deck
from engine.ai import LEVELS, make_player
from engine.ai.search import SearchPlayer
from engine.core.cards import CardSource, RecordSource, default_pool
from engine.core.heap import keep_long_lived
from engine.game import Game

ALIASES = {"heuristic": "medium", "search": "hard", "fast": "easy"}


@dataclass
class GameRecord:
    index: int
    winner: str            # "ai", "vs" or "draw"
    turns: int
    times: dict[str, list[float]] = field(default_factory=dict)   # seconds per decision, by side
    searches: dict[str, list[float]] = field(default_factory=dict)   # seconds per searched decision


@dataclass
class MatchSpec:
    deck_a: list[str]
    deck_b: list[str]
    ai: str
    vs: str
    seed: int = 0
    turn_limit: int = 60
    cards: list[dict] = field(default_factory=list)    # the decks' card records (sent to each process)
    players: int = 2
    more_decks: list[list[str]] = field(default_factory=list)   # the further --vs players' decks
    commanders: list[list[str]] | None = None          # a Commander game: each deck's commanders, in deck order
    action_limit: int | None = None     # a game still going after this many actions is stuck (StuckGame)
    search_workers: int = 1     # the processes a search player plays its rounds in (1: games run side by side)


class StuckGame(RuntimeError):
    """A game that went past its action limit without reaching its turn limit: a player going round
    in circles."""


def seats(spec: MatchSpec, index: int) -> tuple[list[list[str]], list[str]]:
    """The decks and sides ("ai"/"vs") of game `index`, in turn order: the --ai player sits at seat
    index mod P, the --vs players round the table from it with DECK_B and the further decks."""
    order = deck_order(spec, index)
    every = [spec.deck_a, spec.deck_b, *spec.more_decks]
    return [every[i] for i in order], ["ai" if i == 0 else "vs" for i in order]


def deck_order(spec: MatchSpec, index: int) -> list[int]:
    """Which deck (0: DECK_A, 1: DECK_B, 2...: the further decks) each seat of game `index` plays."""
    n = spec.players
    ai_seat = index % n
    vs = 1 + len(spec.more_decks)
    order: list[int] = []
    k = 0
    for p in range(n):
        if p == ai_seat:
            order.append(0)
        else:
            order.append(1 + k % vs)
            k += 1
    return order


def play_one(spec: MatchSpec, index: int) -> GameRecord:
    seed = spec.seed + index
    decks, sides = seats(spec, index)
    levels = {"ai": spec.ai, "vs": spec.vs}
    commanders = None if spec.commanders is None else [spec.commanders[i] for i in deck_order(spec, index)]
    game = Game.new(decks, seed=seed, source=RecordSource(spec.cards), commanders=commanders)
    agents = [make_player(levels[sides[p]], seed * 2 + p, deck=decks[p], search_workers=spec.search_workers)
              for p in range(len(decks))]
    times: dict[str, list[float]] = {"ai": [], "vs": []}
    actions = 0
    try:
        while not game.is_over and game.state.turn <= spec.turn_limit:
            actions += 1
            if spec.action_limit is not None and actions > spec.action_limit:
                raise StuckGame(f"still at turn {game.state.turn} after {spec.action_limit} actions")
            p = game.pending.player
            t = time.perf_counter()
            action = agents[p].choose(game)
            times[sides[p]].append(time.perf_counter() - t)
            # A refused action ends the match with the error (no backup of the state to go back to is needed).
            game.apply(action, atomic=False)
    finally:
        for agent in agents:
            if isinstance(agent, SearchPlayer):
                agent.close()       # its helper processes, if any
    winner = sides[game.winners[0]] if game.is_over and len(game.winners) == 1 else "draw"
    searches: dict[str, list[float]] = {}
    for p in range(len(decks)):
        searches.setdefault(sides[p], []).extend(getattr(agents[p], "search_times", []))
    return GameRecord(index, winner, game.state.turn, times, searches)


def _play_star(args: tuple[MatchSpec, int]) -> GameRecord:
    return play_one(*args)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def run_match(spec: MatchSpec, games: int, jobs: int | None = None, progress: bool = False) -> list[GameRecord]:
    """Plays the games on `jobs` processes (default: every core); records in game order."""
    jobs = jobs or os.cpu_count() or 1
    work = [(spec, i) for i in range(games)]
    records: list[GameRecord] = []
    if jobs == 1:
        for w in work:
            records.append(_play_star(w))
            if progress:
                _bar(len(records), games)
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(_play_star, work):
                records.append(r)
                if progress:
                    _bar(len(records), games)
    if progress:
        print(file=sys.stderr)
    return sorted(records, key=lambda r: r.index)


def _bar(done: int, total: int, width: int = 30) -> None:
    filled = width * done // max(total, 1)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games", end="", file=sys.stderr, flush=True)


def summarize(records: list[GameRecord]) -> dict:
    n = len(records)
    wins = sum(r.winner == "ai" for r in records)
    losses = sum(r.winner == "vs" for r in records)
    draws = n - wins - losses
    score = wins + draws / 2
    lo, hi = wilson(score, n)

    def ms(side: str, f) -> float:
        all_t = [t for r in records for t in r.times.get(side, [])]
        return round(f(all_t) * 1000, 2) if all_t else 0.0

    return {"games": n, "wins": wins, "losses": losses, "draws": draws,
            "win_rate": round(score / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
            "avg_turns": round(statistics.mean(r.turns for r in records), 2) if n else 0.0,
            "ai_decision_ms": {"mean": ms("ai", statistics.mean), "median": ms("ai", statistics.median),
                               "max": ms("ai", max)},
            "vs_decision_ms": {"mean": ms("vs", statistics.mean), "median": ms("vs", statistics.median),
                               "max": ms("vs", max)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.ai.match", description=__doc__.split("\n\n")[0])
    ap.add_argument("deck_a", type=Path)
    ap.add_argument("deck_b", type=Path)
    ap.add_argument("more_decks", type=Path, nargs="*", help="further decks of the --vs players (with --players)")
    ap.add_argument("--players", type=int, default=2, help="players a game, 2 to 6 (free-for-all, 806)")
    ap.add_argument("--games", type=int, default=20)
    choices = list(LEVELS) + list(ALIASES)
    ap.add_argument("--ai", default="heuristic", choices=choices, help="the player of DECK_A")
    ap.add_argument("--vs", default="random", choices=choices, help="the player of DECK_B")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--turn-limit", type=int, default=None, help="default: 30 turns a player")
    ap.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    ap.add_argument("--variant", choices=["commander"], default=None,
                    help="play Commander games (903): each deck file names its commander")
    ap.add_argument("--json", action="store_true")
    add_source_arguments(ap)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if not 2 <= args.players <= 6:
        ap.error("--players must be 2 to 6")
    if len(args.more_decks) > args.players - 2:
        ap.error(f"{2 + len(args.more_decks)} decks for {args.players} players")
    try:
        source = source_from_arguments(args)
        decks = [_read_deck(p, source) for p in (args.deck_a, args.deck_b, *args.more_decks)]
        commanders = [_read_commanders(p, source) for p in (args.deck_a, args.deck_b, *args.more_decks)] \
            if args.variant == "commander" else None
    except (ValueError, CardSourceError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    keep_long_lived()       # the source's cards read: what lives as long as the process
    every = [n for d in decks for n in d] + [n for c in commanders or [] for n in c]
    records = [r for r in (source.card_record(n) for n in dict.fromkeys(every)) if r is not None]
    spec = MatchSpec(decks[0], decks[1], ALIASES.get(args.ai, args.ai), ALIASES.get(args.vs, args.vs),
                     args.seed, args.turn_limit or 30 * args.players, records, players=args.players,
                     more_decks=decks[2:], commanders=commanders)
    t0 = time.perf_counter()
    records = run_match(spec, args.games, args.jobs, progress=not args.json)
    out = summarize(records)
    out.update({"ai": args.ai, "vs": args.vs, "deck_a": str(args.deck_a), "deck_b": str(args.deck_b),
                "players": args.players, "even_rate": round(1 / args.players, 4),
                "seconds": round(time.perf_counter() - t0, 1)})
    if args.json:
        print(json.dumps(out))
        return 0
    kind = " Commander" if args.variant == "commander" else ""
    against = f"{args.players - 1} x {args.vs}" if args.players > 2 else args.vs
    print(f"{args.ai} ({args.deck_a.name}) vs {against} ({args.deck_b.name}), {out['games']}{kind} games")
    print(f"wins {out['wins']}  losses {out['losses']}  draws {out['draws']}")
    print(f"win rate {out['win_rate']:.1%}  (95% CI {out['ci95'][0]:.1%} to {out['ci95'][1]:.1%}; "
          f"even is {1 / args.players:.1%})")
    print(f"average game length {out['avg_turns']} turns")
    print(f"average decision time: {args.ai} {out['ai_decision_ms']['mean']} ms, "
          f"{args.vs} {out['vs_decision_ms']['mean']} ms")
    return 0


def _read_deck(path: Path, source: CardSource) -> list[str]:
    """The main deck of a deck file, checked against the card source; ValueError with a clear message."""
    try:
        names = read_deck_file(path).deck.main_card_names()
    except OSError as e:
        raise ValueError(f"{path}: can't read the deck file ({e.strerror or e})") from None
    if not names:
        raise ValueError(f"{path}: the deck has no main-deck cards")
    pool = default_pool()
    unknown = sorted({n for n in names if n not in pool and source.card_record(n) is None})
    if unknown:
        raise ValueError(f"{path}: cards the engine doesn't know: {', '.join(unknown[:5])}")
    return names


def _read_commanders(path: Path, source: CardSource) -> list[str]:
    """A Commander deck's commanders, the deck checked first (903.3-903.5, 702.124); ValueError naming what
    is wrong."""
    deck = read_deck_file(path).deck
    check = check_commander_deck(deck, source.card_record)
    if check.problems:
        shown = "; ".join(p.message + (f" ({p.rule})" if p.rule else "") for p in check.problems[:3])
        more = f" and {len(check.problems) - 3} more" if len(check.problems) > 3 else ""
        raise ValueError(f"{path}: not a legal Commander deck: {shown}{more}")
    return [e.name for e in deck.commander for _ in range(e.count)]


if __name__ == "__main__":
    sys.exit(main())
