"""Helpers for the AI tests: load a position from a scenario file and let agents play it; stock the libraries."""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

from engine import scenario
from engine.core.enums import Zone
from engine.game import Game
from engine.selfplay import Agent

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def position(name: str) -> Game:
    """The game of a scenario file after its [[do]] script (the position it sets up)."""
    sc = scenario.load(SCENARIOS / name)
    sc.run()
    return sc.game


def play_out_turn(game: Game, agents: Sequence[Agent], max_actions: int = 500) -> None:
    """Agents act until the turn ends or the game is over; every action must be legal."""
    turn = game.state.turn
    for _ in range(max_actions):
        if game.is_over or game.state.turn != turn:
            return
        d = game.pending
        game.apply(agents[d.player].choose(game))
    raise AssertionError("the turn did not end")


def stock_libraries(game: Game, card: str, n: int = 5) -> None:
    """`n` cards named `card` in each player's library, player 0's first: enough for the turns a test plays
    without a draw from an empty library (704.5b)."""
    for p in range(len(game.state.players)):
        for _ in range(n):
            game.add_card(card, p, Zone.LIBRARY)
