"""Engine benchmark: full random games per second, engine actions per second, and the time to
clone a mid-game state, on one core. `--json` prints one JSON object.

The figures are CPU time of this process (one core), so other work on a shared machine doesn't skew
them; the wall-clock rates are printed beside them. The decks' cards are compiled before timing
(compiling happens once per process, not once per game)."""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai.random_player import RandomPlayer  # noqa: E402
from engine.core.cards import default_pool  # noqa: E402
from engine.core.heap import keep_long_lived  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.selfplay import play_game  # noqa: E402
from tests.decklists import DECKS_DIR, read_deck_names  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    keep_long_lived()
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    pool = default_pool()
    for deck in decks:
        for name in deck:
            pool.get(name)
    total_actions = 0
    t0, w0 = time.process_time(), time.perf_counter()
    for seed in range(args.games):
        r = play_game(decks[seed % len(decks)], decks[(seed + 1) % len(decks)],
                      (RandomPlayer(seed), RandomPlayer(seed + 1)), seed=seed)
        total_actions += r.actions
    elapsed, wall = time.process_time() - t0, time.perf_counter() - w0
    # A mid-game state: play a seeded game to turn 8.
    game = Game.new([decks[0], decks[1]], seed=1)
    agents = (RandomPlayer(1), RandomPlayer(2))
    while not game.is_over and game.state.turn < 8:
        game.apply(agents[game.pending.player].choose(game))
    n = 2000
    t1 = time.process_time()
    for _ in range(n):
        game.clone()
    clone_us = (time.process_time() - t1) / n * 1e6
    figures = {"random_games_per_s": round(args.games / elapsed, 2),
               "actions_per_s": round(total_actions / elapsed, 1),
               "clone_us": round(clone_us, 1),
               "wall_random_games_per_s": round(args.games / wall, 2),
               "wall_actions_per_s": round(total_actions / wall, 1)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"random games per second: {figures['random_games_per_s']} (wall clock: {figures['wall_random_games_per_s']})")
        print(f"engine actions per second: {figures['actions_per_s']} (wall clock: {figures['wall_actions_per_s']})")
        print(f"clone of a mid-game state: {figures['clone_us']} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
