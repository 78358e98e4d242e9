"""Engine cost per action: the heuristic players' speed games (bench/ai.py's speed match) are played once while
a copy of the state is kept before some of the real game's actions; each kept action is then applied again to
fresh copies of its state, timing only the apply (CPU time). Prints microseconds per action by kind (a pass, a
cast, ...), on the copies and in the games themselves (a copy's first pass always checks state-based actions and
triggers: the check that a pass right after one found nothing skips is tied to the original's decision), and the share of the games' CPU the setup (Game.new: deck lists, shuffles, opening hands) takes.

    python bench/engine_actions.py [--games 10] [--every 5] [--repeat 5] [--json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import make_player  # noqa: E402
from engine.core import player_actions as A  # noqa: E402
from engine.ai.match import MatchSpec, seats  # noqa: E402
from engine.core.cards import RecordSource, default_pool  # noqa: E402
from engine.core.heap import keep_long_lived  # noqa: E402
from engine.game import Game  # noqa: E402
from tests.decklists import DECKS_DIR, read_deck_names  # noqa: E402


def _pass_kind(game: Game) -> str:
    """A pass that gives priority to the next player, that ends the step, or that resolves the top of the stack."""
    s = game.state
    if s.passes + 1 < sum(not p.lost for p in s.players):
        return "PassPriority (next player)"
    return "PassPriority (resolve)" if s.stack else "PassPriority (step ends)"


def kept_actions(games: int, every: int, in_game: dict[str, list[float]] | None = None
                 ) -> tuple[list[tuple[str, Game, A.Action]], float, float]:
    """(kind, the game before the action, the action) for every `every`-th pass and every other action of the
    speed games' real games; with the CPU seconds the games took and those Game.new took. `in_game` receives
    the CPU seconds of each of the real game's applies by kind."""
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    pool = default_pool()
    for deck in decks:      # compiled once per process, before timing (as bench/engine.py does)
        for name in deck:
            pool.get(name)
    kept: list[tuple[str, Game, A.Action]] = []
    passes = 0
    setup = copying = 0.0
    t0 = time.process_time()
    for g in range(games):
        spec = MatchSpec(decks[g % len(decks)], decks[(g + 1) % len(decks)], "medium", "medium", seed=100 + g)
        seed = spec.seed + g
        pair, _ = seats(spec, g)
        t = time.process_time()
        game = Game.new(pair, seed=seed, source=RecordSource(spec.cards))
        setup += time.process_time() - t
        agents = [make_player("medium", seed * 2 + p, deck=pair[p]) for p in range(2)]
        while not game.is_over and game.state.turn <= spec.turn_limit:
            action = agents[game.pending.player].choose(game)
            kind = type(action).__name__
            if kind == "PassPriority":
                passes += 1
                kind = _pass_kind(game)
            if not kind.startswith("PassPriority") or passes % every == 0:
                t = time.process_time()
                kept.append((kind, game.clone(), action))
                copying += time.process_time() - t
            t = time.process_time()
            game.apply(action, atomic=False)
            if in_game is not None:
                in_game.setdefault(kind, []).append(time.process_time() - t)
    return kept, time.process_time() - t0 - copying, setup


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--every", type=int, default=5, help="keep every n-th pass")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    keep_long_lived()
    in_game: dict[str, list[float]] = {}
    kept, cpu, setup = kept_actions(args.games, args.every, in_game)
    spent: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for _ in range(args.repeat):
        for kind, game, action in kept:
            copy = game.clone()
            t = time.process_time()
            copy.apply(action, atomic=False)
            spent[kind] += time.process_time() - t
            count[kind] += 1
    figures = {"us_per_action": {k: round(1e6 * spent[k] / count[k], 1) for k in sorted(spent, key=lambda k: -count[k])},
               "us_per_action_in_game": {k: round(1e6 * sum(v) / len(v), 1) for k, v in in_game.items()},
               "actions_in_game": {k: len(v) for k, v in in_game.items()},
               "actions": {k: count[k] // args.repeat for k in sorted(count, key=lambda k: -count[k])},
               "games_cpu_s": round(cpu, 3), "setup_share": round(setup / cpu, 4)}
    if args.json:
        print(json.dumps(figures))
    else:
        for k, us in figures["us_per_action"].items():
            print(f"{k:28s} {us:8.1f} us on copies ({figures['actions'][k]} kept), "
                  f"{figures['us_per_action_in_game'][k]:8.1f} us in the games ({figures['actions_in_game'][k]})")
        print(f"games {cpu:.2f} s CPU, setup (Game.new) {100 * setup / cpu:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
