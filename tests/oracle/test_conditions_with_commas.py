"""A condition with commas in it (608.2c): "If it's a noncreature, nonland card, you gain 2 life": the condition runs
to the comma after which the instruction reads. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import activate_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

DRUIDIC_SATCHEL = record("Druidic Satchel", "{3}", "Artifact",
                         "{2}, {T}: Reveal the top card of your library. If it's a creature card, create a 1/1 green "
                         "Saproling creature token. If it's a land card, put that card onto the battlefield under your "
                         "control. If it's a noncreature, nonland card, you gain 2 life.")


@pytest.mark.rules("608.2c", "701.20a")
@pytest.mark.parametrize("top,life,saprolings,land", [("Shock", 22, 0, False), ("Grizzly Bears", 20, 1, False),
                                                      ("Forest", 20, 0, True)])
def test_druidic_satchel_by_the_revealed_card(extra_cards, top, life, saprolings, land):
    extra_cards(DRUIDIC_SATCHEL, fully_read=True)
    g, ids = table(["Druidic Satchel", "Plains", "Plains"])
    card = g.add_card(top, 0, Zone.LIBRARY)
    activate_and_resolve(g, ids["Druidic Satchel"], 0)
    assert g.state.players[0].life == life
    assert len(on_battlefield(g, "Saproling Token")) == saprolings
    assert (card in g.state.battlefield or bool(on_battlefield(g, "Forest"))) is land
