"""Plays whole games between two agents through the public API, for tests, benchmarks and matches.
Decks come in as lists of card names: reading deck files is the caller's job (cardsdb.decks)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Protocol

from engine.core.player_actions import Action
from engine.game import Game

DECKS_DIR = Path(__file__).resolve().parent.parent / "assets" / "decks"


class Agent(Protocol):
    def choose(self, game: Game) -> Action: ...


@dataclass
class GameResult:
    winners: list[int]
    turns: int
    actions: int
    finished: bool       # False if the turn limit stopped it


def play_game(deck_a: list[str], deck_b: list[str], agents: tuple[Agent, Agent], seed: int = 0,
              turn_limit: int = 200, after_action: Callable[[Game, Action], None] | None = None) -> GameResult:
    game = Game.new([deck_a, deck_b], seed=seed)
    actions = 0
    while not game.is_over and game.state.turn <= turn_limit:
        d = game.pending
        action = agents[d.player].choose(game)
        game.apply(action)
        actions += 1
        if after_action is not None:
            after_action(game, action)
    return GameResult(game.winners, game.state.turn, actions, game.is_over)
