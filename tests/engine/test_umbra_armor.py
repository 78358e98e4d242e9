"""Umbra armor (702.89, formerly totem armor): if the enchanted creature would be destroyed, instead all
damage is removed from it and the Aura is destroyed."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_settle, on_battlefield, table

# A real card's Oracle text (Rise of the Eldrazi).
HYENA_UMBRA = {"name": "Hyena Umbra", "manaCost": "{W}", "type": "Enchantment — Aura", "types": ["Enchantment"],
               "subtypes": ["Aura"], "text": "Enchant creature\nEnchanted creature gets +1/+1 and has first strike.\n"
               "Umbra armor (If enchanted creature would be destroyed, instead remove all damage from it and destroy "
               "this Aura.)"}


@pytest.mark.rules("702.89a")
def test_umbra_armor_saves_the_creature_from_lethal_damage(extra_cards):
    extra_cards(HYENA_UMBRA)
    g, ids = table(["Grizzly Bears", "Mountain", "Mountain"], [], hand_a=["Lightning Bolt", "Shock"])
    bears = ids["Grizzly Bears"]
    umbra = g.add_card("Hyena Umbra", 0, Zone.BATTLEFIELD)
    g.state.objects[umbra].attached_to = bears
    g.state.invalidate()
    assert g.characteristics(bears).toughness == 3
    cast_and_settle(g, ids["Lightning Bolt"], targets=((bears,),))
    assert on_battlefield(g, "Grizzly Bears") == [bears], "the creature survives"
    assert g.state.objects[bears].damage == 0, "all damage is removed"
    assert not on_battlefield(g, "Hyena Umbra"), "the Aura is destroyed instead"
    cast_and_settle(g, ids["Shock"], targets=((bears,),))
    assert not on_battlefield(g, "Grizzly Bears"), "no Aura left: it dies"
