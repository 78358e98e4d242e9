"""The random self-play harness: two uniform random players play whole seeded games with the
sample decks, and invariants are checked after every action."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.ai.random_player import RandomPlayer
from engine.core.enums import Zone
from engine.game import Game
from engine.selfplay import play_game
from tests.decklists import DECKS_DIR, read_deck_names

DECKS = sorted(DECKS_DIR.glob("*.txt"))
GAMES = 200
TURN_LIMIT = 150


def check_invariants(game: Game, physical_cards: set[int]) -> None:
    s = game.state
    listed: list[int] = list(s.battlefield) + list(s.stack) + list(s.exile) + list(s.command)
    for p in s.players:
        listed += p.library + p.hand + p.graveyard
        assert isinstance(p.life, int) and isinstance(p.poison, int)
        assert all(isinstance(v, int) and v >= 0 for v in p.mana_pool.values())
    counts = Counter(listed)
    dupes = [oid for oid, n in counts.items() if n > 1]
    assert not dupes, f"objects in two places at once: {dupes}"
    assert set(listed) == set(s.objects), "an object is in no zone, or a zone lists a missing object"
    for oid, o in s.objects.items():
        zone_list = s.zone_list(o.zone, o.owner)
        assert oid in zone_list, f"{o} is not in the zone it says"
        assert all(isinstance(n, int) and n > 0 for n in o.counters.values()), o.counters
        assert isinstance(o.damage, int) and o.damage >= 0
    cards_now = {o.card_id for o in s.objects.values() if o.token is None and not o.is_ability and not o.spell_copy}
    assert cards_now == physical_cards, "a card was lost or duplicated"


@pytest.mark.rules("400.7", "104.2a", "104.3c", "121.4", "704.5a", "704.5b", "103.5", "117.3d", "500.1")
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_invariants(seed: int) -> None:
    deck_a = read_deck_names(DECKS[seed % len(DECKS)])
    deck_b = read_deck_names(DECKS[(seed * 7 + 3) % len(DECKS)])
    physical: set[int] = set()

    def after(game: Game, action) -> None:
        if not physical:
            physical.update(o.card_id for o in game.state.objects.values() if o.token is None and not o.is_ability)
        check_invariants(game, physical)

    result = play_game(deck_a, deck_b, (RandomPlayer(seed), RandomPlayer(seed + 1000)), seed=seed,
                       turn_limit=TURN_LIMIT, after_action=after)
    assert result.finished, f"game {seed} did not end within {TURN_LIMIT} turns"
