"""Reconfigure (702.151): attach to another creature you control or unattach, as a sorcery; attached, it
isn't a creature (702.151b)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import settle, table
from tests.engine.test_keyword_combat import creature

# A real card's Oracle text (Kamigawa: Neon Dynasty).
LIZARD_BLADES = creature("Lizard Blades", "{1}{R}", "Equipment Lizard", "Double strike\nEquipped creature has double "
                         "strike.\nReconfigure {2} ({2}: Attach to target creature you control; or unattach from a "
                         "creature. Reconfigure only as a sorcery. While attached, this isn't a creature.)", "1/1",
                         types=("Artifact", "Creature"))


@pytest.mark.rules("702.151a", "702.151b")
def test_reconfigure_attaches_and_unattaches(extra_cards):
    extra_cards(LIZARD_BLADES)
    g, ids = table(["Lizard Blades", "Grizzly Bears"] + ["Mountain"] * 4, [])
    blades, bears = ids["Lizard Blades"], ids["Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, blades, 1))          # not attached: no unattaching
    g.apply(ActivateAbility(0, blades, 0, targets=((bears,),)))
    settle(g)
    assert g.state.objects[blades].attached_to == bears
    assert not g.characteristics(blades).is_creature, "attached, it isn't a creature"
    assert g.characteristics(bears).has("double strike")
    g.apply(ActivateAbility(0, blades, 1))
    settle(g)
    assert g.state.objects[blades].attached_to is None
    assert g.characteristics(blades).is_creature and not g.characteristics(bears).has("double strike")
