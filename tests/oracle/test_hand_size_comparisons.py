"""'If an opponent has more cards in hand than you, draw two cards. Draw three cards instead if an opponent has at least
four more cards in hand than you.' (608.2c): the hands compared as the spell resolves. Real cards' Oracle text played
through the Game API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

TEACHINGS_OF_THE_ARCHAICS = record("Teachings of the Archaics", "{2}{U}", "Sorcery — Lesson",
                                   "If an opponent has more cards in hand than you, draw two cards. Draw three cards "
                                   "instead if an opponent has at least four more cards in hand than you.")


@pytest.mark.rules("608.2c")
@pytest.mark.parametrize("theirs,drawn", [(0, 0), (3, 2), (4, 3), (5, 3)])
def test_teachings_of_the_archaics_draws_by_how_many_more_cards_an_opponent_has(extra_cards, theirs, drawn):
    extra_cards(TEACHINGS_OF_THE_ARCHAICS, fully_read=True)
    g, ids = table(["Island"] * 3, hand_a=["Teachings of the Archaics"], hand_b=["Shock"] * theirs)
    cast_and_resolve(g, ids["Teachings of the Archaics"])
    assert len(g.state.players[0].hand) == drawn        # none in hand as it resolves
