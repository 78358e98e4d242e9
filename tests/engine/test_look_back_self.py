"""A zone-change trigger that names its own card finds the new object in the zone the card went to
(400.7e): the older wording "When Undying Rage is put into a graveyard from the battlefield, return
Undying Rage to its owner's hand" returns the card from the graveyard, like "return it"."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

UNDYING_RAGE = record("Undying Rage", "{2}{R}", "Enchantment — Aura",
                      "Enchant creature\nEnchanted creature gets +2/+2 and can't block.\nWhen Undying Rage is put "
                      "into a graveyard from the battlefield, return Undying Rage to its owner's hand.")


@pytest.mark.rules("400.7e", "603.6c", "603.10a")
def test_the_named_card_returns_from_the_graveyard(extra_cards):
    extra_cards(UNDYING_RAGE)
    g, ids = table(["Grizzly Bears"], ["Plains", "Plains"], hand_b=["Disenchant"], active=1)
    rage = g.add_card("Undying Rage", 0, Zone.BATTLEFIELD)
    g.attach(rage, ids["Grizzly Bears"])
    cast_and_resolve(g, ids["B:Disenchant"], targets=((rage,),), player=1)
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Undying Rage"]
    assert not g.state.players[0].graveyard
    assert g.state.objects[ids["Grizzly Bears"]].zone is Zone.BATTLEFIELD
