"""Instructions to a group of players (engine.oracle.phrases.parse_player): "each other player" is every player
but you, in a game without teams every opponent (102.3). Each compiled from a real card's Oracle text, then played
at a table of three."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.game import Game
from tests.engine.driving import cast_and_resolve
from tests.oracle.conftest import record

WORDS_OF_WISDOM = record("Words of Wisdom", "{1}{U}", "Instant",
                         "You draw two cards, then each other player draws a card.")
SYPHON_SOUL = record("Syphon Soul", "{2}{B}", "Sorcery",
                     "Syphon Soul deals 2 damage to each other player. You gain life equal to the damage dealt this way.")


def _three_players(hand: str, lands: list[str]) -> tuple[Game, int]:
    """A, B and C, A in its first main phase holding `hand` with `lands` on the battlefield; ten Plains in each
    library."""
    g = Game.empty(["A", "B", "C"])
    for p in range(3):
        for _ in range(10):
            g.add_card("Plains", p, Zone.LIBRARY)
    card = g.add_card(hand, 0, Zone.HAND)
    for land in lands:
        g.add_card(land, 0, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    return g, card


@pytest.mark.rules("102.3", "101.4")
def test_each_other_player_draws_a_card(extra_cards):
    extra_cards(WORDS_OF_WISDOM, fully_read=True)
    g, words = _three_players("Words of Wisdom", ["Island", "Island"])
    before = [len(p.hand) for p in g.state.players]
    cast_and_resolve(g, words)
    assert [len(p.hand) - b for p, b in zip(g.state.players, before)] == [2 - 1, 1, 1]     # Words went to the graveyard


@pytest.mark.rules("102.3", "120.3a")
def test_each_other_player_is_dealt_damage(extra_cards):
    extra_cards(SYPHON_SOUL, fully_read=True)
    g, syphon = _three_players("Syphon Soul", ["Swamp", "Swamp", "Swamp"])
    cast_and_resolve(g, syphon)
    assert [p.life for p in g.state.players] == [24, 18, 18], "2 damage to each of the two others, 4 life gained"
