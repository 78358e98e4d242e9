"""An Aura granting protection that "doesn't remove" the Aura itself (702.16n): "Enchanted creature has protection
from white. This effect doesn't remove White Ward." Real cards compiled from their Oracle text and played."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, PassPriority
from tests.engine.driving import cast_and_resolve, resolve_stack, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

WHITE_WARD = record("White Ward", "{W}", "Enchantment — Aura",
                    "Enchant creature\nEnchanted creature has protection from white. This effect doesn't remove "
                    "White Ward.")
PLEDGE_OF_LOYALTY = record("Pledge of Loyalty", "{1}{W}", "Enchantment — Aura",
                           "Enchant creature\nEnchanted creature has protection from the colors of permanents you "
                           "control. This effect doesn't remove Pledge of Loyalty.")


@pytest.mark.rules("702.16n", "702.16c", "704.5m")
def test_the_ward_stays_but_keeps_other_white_auras_off(extra_cards):
    extra_cards(WHITE_WARD)
    assert not compile_card(WHITE_WARD).unsupported
    g, ids = table(["Plains", "Plains", "Plains", "Savannah Lions"], [], ["White Ward", "Pacifism"])
    lions, ward = ids["Savannah Lions"], ids["White Ward"]
    cast_and_resolve(g, ward, targets=((lions,),))
    (ward_now,) = [o for o in g.state.battlefield if g.characteristics(o).name == "White Ward"]
    assert g.state.objects[ward_now].attached_to == lions        # still on after the state-based actions
    assert g.characteristics(lions).has("protection")
    with pytest.raises(IllegalAction):          # another white Aura can't enchant it (702.16c)
        g.apply(CastSpell(0, ids["Pacifism"], targets=((lions,),)))


@pytest.mark.rules("702.16n", "702.16a", "702.16b", "105.2")
def test_protection_from_the_colors_of_permanents_you_control(extra_cards):
    extra_cards(PLEDGE_OF_LOYALTY)
    assert not compile_card(PLEDGE_OF_LOYALTY).unsupported
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], ["Mountain", "Plains"], ["Pledge of Loyalty"],
                   hand_b=["Lightning Bolt", "Swords to Plowshares"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Pledge of Loyalty"], targets=((bears,),))
    (pledge,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Pledge of Loyalty"]
    assert g.state.objects[pledge].attached_to == bears
    # A controls a white Aura and a green creature: protection from white and from green, not from red
    g.apply(PassPriority(0))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Swords to Plowshares"], targets=((bears,),)))
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=((bears,),)))
    resolve_stack(g)
    assert bears not in g.state.battlefield
