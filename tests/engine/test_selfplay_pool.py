"""Random self-play with decks drawn from the whole starter pool: 500 seeded games between uniform
random players, with the invariants of the core harness checked after every action."""
from __future__ import annotations

import pytest

from engine.ai.random_player import RandomPlayer
from engine.core.cards import default_pool
from engine.game import Game
from engine.core.rng import Rng
from engine.selfplay import play_game
from tests.engine.test_selfplay import TURN_LIMIT, check_invariants

GAMES = 500
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def pool_deck(seed: int) -> list[str]:
    """A 60-card deck in two colors: 24 basic lands and 36 other pool cards (at most 4 of each, 100.2a)
    whose colors fit, nonbasic lands and colorless cards included."""
    rng = Rng(seed)
    pool = default_pool()
    colors = "WUBRG"
    first = colors[rng.below(5)]
    second = colors[rng.below(5)]
    mine = {first, second}
    candidates = []
    for name in pool.names():
        d = pool.get(name)
        if name in BASICS.values() or name == "Wastes":
            continue
        if set(d.colors) <= mine:
            candidates.append(name)
    deck: list[str] = []
    counts: dict[str, int] = {}
    while len(deck) < 36:
        name = candidates[rng.below(len(candidates))]
        if counts.get(name, 0) < 4:
            counts[name] = counts.get(name, 0) + 1
            deck.append(name)
    ordered = sorted(mine)
    for i in range(24):
        deck.append(BASICS[ordered[i % len(ordered)]])
    return deck


@pytest.mark.rules("400.7", "704.3", "117.4", "100.2a")
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_pool_games_keep_invariants(seed: int) -> None:
    physical: set[int] = set()

    def after(game: Game, action) -> None:
        if not physical:
            physical.update(o.card_id for o in game.state.objects.values() if o.token is None and not o.is_ability)
        check_invariants(game, physical)

    result = play_game(pool_deck(seed * 2), pool_deck(seed * 2 + 1),
                       (RandomPlayer(seed), RandomPlayer(seed + 5000)), seed=seed,
                       turn_limit=TURN_LIMIT, after_action=after)
    assert result.finished, f"game {seed} did not end within {TURN_LIMIT} turns"
