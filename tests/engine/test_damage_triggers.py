"""Triggers on a permanent being dealt damage (603.2, 120.3): "whenever enchanted creature is dealt
damage" watches the creature the Aura is attached to, not the Aura; "its controller" is that creature's."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record


@pytest.mark.rules("603.2", "303.4a", "119.3")
def test_enchanted_creature_dealt_damage_makes_its_controller_lose_life(extra_cards):
    extra_cards(record("Vein Test", "{1}{B}", "Enchantment — Aura",
                       "Enchant creature\nWhenever enchanted creature is dealt damage, its controller loses that much life."))
    g, ids = table(["Mountain"], ["Hill Giant"], ["Shock"])
    giant = ids["B:Hill Giant"]
    aura = g.add_card("Vein Test", 0, Zone.BATTLEFIELD)
    g.state.objects[aura].attached_to = giant
    cast_and_resolve(g, ids["Shock"], targets=((giant,),))
    # A controls the Aura; B controls the damaged Giant and loses the life.
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)
