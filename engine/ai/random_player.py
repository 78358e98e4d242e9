"""The uniform random player: picks uniformly among the legal actions, from its own seeded RNG."""
from __future__ import annotations

from engine.ai.by_hand import ai_actions
from engine.core.player_actions import Action
from engine.game import Game
from engine.core.rng import Rng


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        actions = ai_actions(game)
        if not actions:
            raise RuntimeError(f"no legal action for {game.pending}")
        return actions[self.rng.below(len(actions))]
