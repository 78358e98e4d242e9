"""The random self-play harness: two uniform random players play whole seeded games with the
sample decks, and invariants are checked after every action."""
from __future__ import annotations

import pytest

from engine.ai.random_player import RandomPlayer
from engine.fuzz import check_invariants, physical_cards
from engine.game import Game
from engine.selfplay import play_game
from tests.decklists import DECKS_DIR, read_deck_names

DECKS = sorted(DECKS_DIR.glob("*.txt"))
GAMES = 200
TURN_LIMIT = 150


@pytest.mark.rules("400.7", "104.2a", "104.3c", "121.4", "704.5a", "704.5b", "103.5", "117.3d", "500.1")
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_invariants(seed: int) -> None:
    deck_a = read_deck_names(DECKS[seed % len(DECKS)])
    deck_b = read_deck_names(DECKS[(seed * 7 + 3) % len(DECKS)])
    physical: set[int] = set()

    def after(game: Game, action) -> None:
        if not physical:
            physical.update(physical_cards(game))
        check_invariants(game, physical, legal_answer=False)     # the random player asks for them

    result = play_game(deck_a, deck_b, (RandomPlayer(seed), RandomPlayer(seed + 1000)), seed=seed,
                       turn_limit=TURN_LIMIT, after_action=after)
    assert result.finished, f"game {seed} did not end within {TURN_LIMIT} turns"
