"""'Whenever an Aura becomes attached to ~', 'Whenever ~ becomes attached to a creature, tap that creature',
'Whenever an Aura you control becomes attached to a creature you control' (603.2e, 701.3a): an Aura resolving
onto a permanent becomes attached to it as it enters (303.4f), an Equipment as its equip ability resolves;
attaching it to what it's already attached to does nothing (701.3b), so nothing becomes attached."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

BROOD_KEEPER = record("Brood Keeper", "{3}{R}", "Creature — Human Shaman",
                      "Whenever an Aura becomes attached to Brood Keeper, create a 2/2 red Dragon creature token with "
                      "flying. It has \"{R}: This creature gets +1/+0 until end of turn.\"", "2/3")
ENORMOUS_ENERGY_BLADE = record("Enormous Energy Blade", "{2}{B}", "Artifact — Equipment",
                               "Equipped creature gets +4/+0.\nWhenever Enormous Energy Blade becomes attached to a "
                               "creature, tap that creature.\nEquip {2} ({2}: Attach to target creature you control. "
                               "Equip only as a sorcery.)")
SIONA = record("Siona, Captain of the Pyleas", "{1}{G}{W}", "Legendary Creature — Human Soldier",
               "When Siona, Captain of the Pyleas enters the battlefield, look at the top seven cards of your library. "
               "You may reveal an Aura card from among them and put it into your hand. Put the rest on the bottom of "
               "your library in a random order.\nWhenever an Aura you control becomes attached to a creature you "
               "control, create a 1/1 white Human Soldier creature token.", "2/2")


@pytest.mark.rules("603.2e", "303.4f", "111.1")
@pytest.mark.parametrize("onto,dragons", [("Brood Keeper", 1), ("Grizzly Bears", 0)])
def test_an_aura_attached_to_brood_keeper_makes_a_dragon(extra_cards, onto, dragons):
    extra_cards(BROOD_KEEPER, fully_read=True)
    g, ids = table(["Brood Keeper", "Grizzly Bears", "Plains", "Mountain"], hand_a=["Holy Strength"])
    cast_and_resolve(g, ids["Holy Strength"], targets=((ids[onto],),))
    tokens = on_battlefield(g, "Dragon Token")
    assert len(tokens) == dragons
    if dragons:
        ch = g.characteristics(tokens[0])
        assert (ch.power, ch.toughness, ch.colors, ch.has("flying")) == (2, 2, frozenset("R"), True)
        activate_and_resolve(g, tokens[0], 0)       # its "{R}: This creature gets +1/+0", paid with the Mountain
        assert g.characteristics(tokens[0]).power == 3


@pytest.mark.rules("603.2e", "701.3a", "701.3b", "702.6a")
def test_enormous_energy_blade_taps_the_creature_it_becomes_attached_to(extra_cards):
    extra_cards(ENORMOUS_ENERGY_BLADE, fully_read=True)
    g, ids = table(["Enormous Energy Blade", "Grizzly Bears", "Hill Giant"] + ["Swamp"] * 6)
    blade, bears, giant = ids["Enormous Energy Blade"], ids["Grizzly Bears"], ids["Hill Giant"]
    activate_and_resolve(g, blade, 0, targets=((bears,),))
    assert g.state.objects[blade].attached_to == bears and g.state.objects[bears].tapped
    assert g.characteristics(bears).power == 6
    assert not g.state.objects[giant].tapped
    g.state.writable(bears).tapped = False
    # equipping the creature it's already attached to does nothing (701.3b): it doesn't become attached again
    activate_and_resolve(g, blade, 0, targets=((bears,),))
    assert not g.state.objects[bears].tapped
    activate_and_resolve(g, blade, 0, targets=((giant,),))
    assert g.state.objects[blade].attached_to == giant and g.state.objects[giant].tapped


@pytest.mark.rules("603.2e", "303.4f", "111.1")
@pytest.mark.parametrize("whose,soldiers", [("mine", 1), ("theirs", 0)])
def test_siona_makes_a_soldier_when_your_aura_is_attached_to_your_creature(extra_cards, whose, soldiers):
    extra_cards(SIONA, fully_read=True)
    g, ids = table(["Siona, Captain of the Pyleas", "Grizzly Bears", "Plains", "Plains"], ["Hill Giant"],
                   hand_a=["Pacifism"])
    onto = ids["Grizzly Bears"] if whose == "mine" else ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Pacifism"], targets=((onto,),))
    assert g.state.objects[on_battlefield(g, "Pacifism")[0]].attached_to == onto
    assert len(on_battlefield(g, "Human Soldier Token")) == soldiers
    assert all(g.state.objects[t].zone is Zone.BATTLEFIELD for t in on_battlefield(g, "Human Soldier Token"))
