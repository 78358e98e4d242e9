"""Bestow (702.103): a creature card cast for its bestow cost is an Aura spell with enchant creature; it becomes a
creature again when it isn't attached to a creature. Played with a real card."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

NYXBORN_SHIELDMATE = record(
    "Nyxborn Shieldmate", "{W}", "Enchantment Creature — Human Soldier",
    "Bestow {2}{W} (If you cast this card for its bestow cost, it's an Aura spell with enchant creature. It becomes "
    "a creature again if it's not attached to a creature.)\nEnchanted creature gets +1/+2.", "1/2")


def _bestowed_on_bears(extra_cards):
    extra_cards(NYXBORN_SHIELDMATE)
    g, ids = table(["Grizzly Bears", "Plains", "Plains", "Plains", "Swamp", "Swamp", "Swamp"], hand_a=["Nyxborn Shieldmate", "Murder"])
    bears = ids["Grizzly Bears"]
    act = CastSpell(0, ids["Nyxborn Shieldmate"], targets=((bears,),), alt="bestow")
    assert act in g.legal_actions()                  # offered to every player: the AI and random ones too
    g.apply(act)
    spell = g.state.stack[-1]
    ch = g.characteristics(spell)
    assert ch.types == {"Enchantment"} and ch.subtypes == {"Aura"}     # 702.103b: an Aura spell, not a creature
    return g, ids, bears


@pytest.mark.rules("702.103a", "702.103b", "702.103f")
def test_cast_bestowed_it_enchants_a_creature_and_becomes_a_creature_when_unattached(extra_cards):
    g, ids, bears = _bestowed_on_bears(extra_cards)
    resolve_stack(g)
    aura = on_battlefield(g, "Nyxborn Shieldmate")[0]
    assert g.state.objects[aura].attached_to == bears
    assert not g.characteristics(aura).is_type("Creature")
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (3, 4)
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))
    assert not on_battlefield(g, "Grizzly Bears")
    aura = on_battlefield(g, "Nyxborn Shieldmate")                 # 702.103f: not put into the graveyard (704.5m)
    assert aura and g.state.objects[aura[0]].attached_to is None
    ch = g.characteristics(aura[0])
    assert ch.is_type("Creature") and "Human" in ch.subtypes and (ch.power, ch.toughness) == (1, 2)


@pytest.mark.rules("702.103e")
def test_its_target_gone_it_resolves_as_a_creature_spell(extra_cards):
    g, ids, bears = _bestowed_on_bears(extra_cards)
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))      # in response: the Aura spell's target dies
    shieldmate = on_battlefield(g, "Nyxborn Shieldmate")
    assert shieldmate and g.characteristics(shieldmate[0]).is_type("Creature")
    assert g.state.objects[shieldmate[0]].attached_to is None


@pytest.mark.rules("702.103b", "702.103d", "702.16b")
def test_a_creature_with_protection_from_creatures_can_be_enchanted_bestowed(extra_cards):
    """The spell cast bestowed is an Aura, no creature, as its target is chosen and as it resolves: protection
    from creatures does not stop it (a fuzz find: the cast refused the target its listing offered)."""
    extra_cards(NYXBORN_SHIELDMATE, record("Beloved Chaplain", "{1}{W}", "Creature — Human Cleric",
                                           "Protection from creatures", "1/1"))
    g, ids = table(["Beloved Chaplain", "Plains", "Plains", "Plains"], hand_a=["Nyxborn Shieldmate"])
    chaplain = ids["Beloved Chaplain"]
    act = CastSpell(0, ids["Nyxborn Shieldmate"], targets=((chaplain,),), alt="bestow")
    assert act in g.legal_actions()
    g.apply(act)
    resolve_stack(g)
    aura = on_battlefield(g, "Nyxborn Shieldmate")[0]
    assert g.state.objects[aura].attached_to == chaplain
    assert (g.characteristics(chaplain).power, g.characteristics(chaplain).toughness) == (2, 3)
