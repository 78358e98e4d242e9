"""A trigger's "if you control at least five other Mountains" (603.4): other than the permanent whose entering
triggered the ability, counted as it triggers and again as it resolves. Real cards' Oracle text played through the
Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import PlayLand
from tests.engine.driving import settle, table
from tests.oracle.conftest import record

VALAKUT = record("Valakut, the Molten Pinnacle", None, "Land",
                 "Valakut, the Molten Pinnacle enters the battlefield tapped.\nWhenever a Mountain enters the "
                 "battlefield under your control, if you control at least five other Mountains, you may have Valakut, "
                 "the Molten Pinnacle deal 3 damage to any target.\n{T}: Add {R}.")


@pytest.mark.rules("603.4", "305.1", "120.3a")
@pytest.mark.parametrize("mountains,life", [(5, 17), (4, 20)])
def test_valakut_counts_the_mountains_other_than_the_one_that_entered(extra_cards, mountains, life):
    extra_cards(VALAKUT, fully_read=True)
    g, ids = table(["Valakut, the Molten Pinnacle"] + ["Mountain"] * mountains)
    new = g.add_card("Mountain", 0, Zone.HAND)
    g.apply(PlayLand(0, new))
    settle(g, lambda d: ("P1",) if "P1" in d.options else ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1]))
    assert g.state.players[1].life == life
