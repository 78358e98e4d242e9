"""Random self-play with decks drawn from the whole starter pool: 500 seeded games between uniform
random players, with the invariants of the core harness checked after every action."""
from __future__ import annotations

import pytest

from engine.ai.random_player import RandomPlayer
from engine.core.cards import default_pool
from engine.fuzz import check_invariants, physical_cards
from engine.fuzz.runner import random_deck, supported_names
from engine.game import Game
from engine.core.rng import Rng
from engine.selfplay import play_game
from tests.engine.test_selfplay import TURN_LIMIT

GAMES = 500


def pool_deck(seed: int) -> list[str]:
    """A random legal two-colour 60-card deck of the supported starter-pool cards (engine.fuzz)."""
    return random_deck(Rng(seed), supported_names(default_pool().names()))


@pytest.mark.rules("400.7", "704.3", "117.4", "100.2a")
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_pool_games_keep_invariants(seed: int) -> None:
    physical: set[int] = set()

    def after(game: Game, action) -> None:
        if not physical:
            physical.update(physical_cards(game))
        check_invariants(game, physical, legal_answer=False)     # the random player asks for them

    result = play_game(pool_deck(seed * 2), pool_deck(seed * 2 + 1),
                       (RandomPlayer(seed), RandomPlayer(seed + 5000)), seed=seed,
                       turn_limit=TURN_LIMIT, after_action=after)
    assert result.finished, f"game {seed} did not end within {TURN_LIMIT} turns"
