"""A condition on the card a reveal before it revealed (608.2c, 701.20a): "If a land card is revealed this way, return
~ to its owner's hand" (the spell itself, from the stack, 608.2n), "If that card has the chosen name" (201.3). Real
cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, cast_and_settle, preferring, table
from tests.oracle.conftest import record

CEREBRAL_ERUPTION = record("Cerebral Eruption", "{2}{R}{R}", "Sorcery",
                           "Target opponent reveals the top card of their library. Cerebral Eruption deals damage "
                           "equal to the revealed card's mana value to that player and each creature that player "
                           "controls. If a land card is revealed this way, return Cerebral Eruption to its owner's "
                           "hand.")


@pytest.mark.rules("608.2c", "701.20a", "608.2n")
@pytest.mark.parametrize("top,damage,returned", [("Hill Giant", 4, False), ("Forest", 0, True)])
def test_cerebral_eruption_returns_if_a_land_is_revealed(extra_cards, top, damage, returned):
    extra_cards(CEREBRAL_ERUPTION, fully_read=True)
    g, ids = table(["Craw Wurm"] + ["Mountain"] * 4, ["Craw Wurm"], ["Cerebral Eruption"])
    g.add_card(top, 1, Zone.LIBRARY)        # on top
    cast_and_resolve(g, ids["Cerebral Eruption"], targets=(("P1",),))
    assert g.state.players[1].life == 20 - damage
    assert (ids["B:Craw Wurm"] in g.state.battlefield) == (damage < 4)       # 6/4: four damage is lethal
    assert g.state.objects[ids["Craw Wurm"]].damage == 0        # A's creature isn't that player's
    hand = [g.state.objects[o].name for o in g.state.players[0].hand]
    assert ("Cerebral Eruption" in hand) == returned


MISE = record("Mise", "{U}", "Instant",
              "Choose a nonland card name, then reveal the top card of your library. If that card has the chosen name, "
              "you draw three cards.")


@pytest.mark.rules("608.2c", "201.3", "701.20a")
@pytest.mark.parametrize("named,drawn", [("Hill Giant", 3), ("Lightning Bolt", 0)])
def test_mise_draws_three_if_the_revealed_card_has_the_chosen_name(extra_cards, named, drawn):
    extra_cards(MISE, fully_read=True)
    g, ids = table(["Island"], [], ["Mise", "Lightning Bolt"])
    g.add_card("Hill Giant", 0, Zone.LIBRARY)       # on top
    g.add_card("Hill Giant", 0, Zone.BATTLEFIELD)   # a name A knows (400.2)
    cast_and_settle(g, ids["Mise"], answer=preferring(named))
    # the revealed card stays on top: the first of the three drawn, if any
    assert len(g.state.players[0].hand) == 1 + drawn
