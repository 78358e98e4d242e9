"""The random player: picks uniformly among the legal actions, from its own seeded RNG; a combat
declaration uniformly by its size first (how many creatures attack or block), then among those of
that size."""
from __future__ import annotations

from engine.ai.by_hand import ai_actions
from engine.core.player_actions import Action, DeclareAttackers, DeclareBlockers
from engine.game import Game
from engine.core.rng import Rng


def declaration_size(action: Action) -> int | None:
    """How many creatures a combat declaration sends (508.1a) or blocks with (509.1a); None for
    another action."""
    if isinstance(action, DeclareAttackers):
        return len(action.attacks)
    if isinstance(action, DeclareBlockers):
        return len(action.blocks)
    return None


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        actions = ai_actions(game)
        if not actions:
            raise RuntimeError(f"no legal action for {game.pending}")
        sizes = sorted({s for s in map(declaration_size, actions) if s is not None})
        if len(sizes) > 1:
            # The declarations listed are none, all, and one creature each: picked uniformly, "all" would
            # come up once in as many turns as there are creatures, and an army of tokens would never
            # attack (a game of doubling tokens running away). Each size is as likely.
            size = sizes[self.rng.below(len(sizes))]
            actions = [a for a in actions if declaration_size(a) == size]
        return actions[self.rng.below(len(actions))]
