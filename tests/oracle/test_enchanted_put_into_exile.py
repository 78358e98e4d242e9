""""When enchanted permanent dies or is put into exile" (603.2, 603.10a): the permanent an Aura is attached to leaves
the battlefield for a graveyard or exile (it can be put into exile from the battlefield only); "that card" is the new
object there (400.7), returned to the battlefield."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, settle, table
from tests.oracle.conftest import record

KAYAS_GHOSTFORM = record("Kaya's Ghostform", "{B}", "Enchantment — Aura",
                         "Enchant creature or planeswalker you control\nWhen enchanted permanent dies or is put into "
                         "exile, return that card to the battlefield under your control.")


@pytest.mark.rules("603.2", "603.10a", "400.7", "303.4c")
@pytest.mark.parametrize("removal,land", [("Shock", "Mountain"), ("Swords to Plowshares", "Plains")])
def test_kayas_ghostform_returns_the_card(extra_cards, removal, land):
    extra_cards(KAYAS_GHOSTFORM, fully_read=True)
    g, ids = table(["Grizzly Bears", "Swamp", land], [], hand_a=["Kaya's Ghostform", removal])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Kaya's Ghostform"], targets=((bears,),)))
    settle(g)
    (ghostform,) = on_battlefield(g, "Kaya's Ghostform")
    assert g.state.objects[ghostform].attached_to == bears
    g.apply(CastSpell(0, ids[removal], targets=((bears,),)))
    settle(g)
    back = on_battlefield(g, "Grizzly Bears")
    assert len(back) == 1 and back[0] != bears and g.state.objects[back[0]].controller == 0
    assert not on_battlefield(g, "Kaya's Ghostform")
