"""Static abilities with several predicates or a type, color or P/T change: "Equipped creature gets +10/+10 and loses
flying" (613.1f), "... and doesn't untap during its controller's untap step" (502.3), "... and can block an additional
creature each combat" (509.1a), "All creatures are black" (105.3, 613.1e), "All Forests are 1/1 creatures that are
still lands" (205.1b, 613.1d, 613.4b)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.rules.combat import max_blocks
from tests.engine.driving import advance, table
from tests.oracle.conftest import record

COLOSSUS_HAMMER = record("Colossus Hammer", "{1}", "Artifact — Equipment",
                         "Equipped creature gets +10/+10 and loses flying.\nEquip {8}")
VULSHOK_GAUNTLETS = record("Vulshok Gauntlets", "{2}", "Artifact — Equipment",
                           "Equipped creature gets +4/+2 and doesn't untap during its controller's untap step.\nEquip {3}")
VANGUARDS_SHIELD = record("Vanguard's Shield", "{2}", "Artifact — Equipment",
                          "Equipped creature gets +0/+3 and can block an additional creature each combat.\nEquip {3}")
DARKEST_HOUR = record("Darkest Hour", "{B}", "Enchantment", "All creatures are black.")
LIVING_LANDS = record("Living Lands", "{3}{G}", "Enchantment", "All Forests are 1/1 creatures that are still lands.")


def _equipped(card: dict, creature: str):
    g, ids = table([creature])
    g.attach(g.add_card(card["name"], 0, Zone.BATTLEFIELD), ids[creature])
    return g, ids[creature]


@pytest.mark.rules("613.1f", "613.4c")
def test_gets_and_loses_flying(extra_cards):
    extra_cards(COLOSSUS_HAMMER, fully_read=True)
    g, angel = _equipped(COLOSSUS_HAMMER, "Serra Angel")
    ch = g.characteristics(angel)
    assert (ch.power, ch.toughness, ch.has("flying"), ch.has("vigilance")) == (14, 14, False, True)


@pytest.mark.rules("502.3")
def test_gets_and_doesnt_untap(extra_cards):
    extra_cards(VULSHOK_GAUNTLETS, fully_read=True)
    g, bears = _equipped(VULSHOK_GAUNTLETS, "Grizzly Bears")
    assert g.characteristics(bears).power == 6
    g.state.objects[bears].tapped = True
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.objects[bears].tapped


@pytest.mark.rules("509.1a")
def test_gets_and_can_block_an_additional_creature(extra_cards):
    extra_cards(VANGUARDS_SHIELD, fully_read=True)
    g, bears = _equipped(VANGUARDS_SHIELD, "Grizzly Bears")
    assert g.characteristics(bears).toughness == 5 and max_blocks(g, bears) == 2


@pytest.mark.rules("105.3", "613.1e")
def test_all_creatures_are_black(extra_cards):
    extra_cards(DARKEST_HOUR, fully_read=True)
    g, ids = table(["Darkest Hour", "Serra Angel"], ["Grizzly Bears"])
    assert g.characteristics(ids["Serra Angel"]).colors == {"B"}
    assert g.characteristics(ids["B:Grizzly Bears"]).colors == {"B"}
    assert g.characteristics(ids["Darkest Hour"]).colors == {"B"}


@pytest.mark.rules("205.1b", "613.1d", "613.4b")
def test_all_forests_are_creatures_that_are_still_lands(extra_cards):
    extra_cards(LIVING_LANDS, fully_read=True)
    g, ids = table(["Living Lands", "Forest", "Mountain"], ["Forest"])
    for forest in (ids["Forest"], ids["B:Forest"]):
        ch = g.characteristics(forest)
        assert ch.is_creature and ch.is_land and (ch.power, ch.toughness) == (1, 1) and "Forest" in ch.subtypes
    assert not g.characteristics(ids["Mountain"]).is_creature


PURPHOROS = record("Purphoros, God of the Forge", "{3}{R}", "Legendary Enchantment Creature — God",
                   "Indestructible\nAs long as your devotion to red is less than five, Purphoros isn't a creature.\n"
                   "Whenever another creature enters the battlefield under your control, Purphoros deals 2 damage to "
                   "each opponent.\n{2}{R}: Creatures you control get +1/+0 until end of turn.", "6/5")


@pytest.mark.rules("205.1a", "613.1d", "700.5")
def test_isnt_a_creature_as_long_as_devotion_is_short(extra_cards):
    extra_cards(PURPHOROS, fully_read=True)
    g, ids = table(["Purphoros, God of the Forge", "Hill Giant", "Hill Giant", "Hill Giant"])
    ch = g.characteristics(ids["Purphoros, God of the Forge"])
    assert not ch.is_creature and ch.is_type("Enchantment")            # devotion 4
    g, ids = table(["Purphoros, God of the Forge", "Hill Giant", "Hill Giant", "Hill Giant", "Hill Giant"])
    assert g.characteristics(ids["Purphoros, God of the Forge"]).is_creature     # devotion 5


GOLEM_SKIN_GAUNTLETS = record("Golem-Skin Gauntlets", "{1}", "Artifact — Equipment",
                              "Equipped creature gets +1/+0 for each Equipment attached to it.\nEquip {2}")
RABID_WOMBAT = record("Rabid Wombat", "{2}{G}{G}", "Creature — Wombat",
                      "Vigilance\nRabid Wombat gets +2/+2 for each Aura attached to it.", "0/1")


@pytest.mark.rules("613.4c", "301.5")
def test_gets_plus_one_for_each_equipment_attached_to_it(extra_cards):
    extra_cards(GOLEM_SKIN_GAUNTLETS, fully_read=True)
    g, bears = _equipped(GOLEM_SKIN_GAUNTLETS, "Grizzly Bears")
    assert g.characteristics(bears).power == 3
    g.attach(g.add_card("Bonesplitter", 0, Zone.BATTLEFIELD), bears)
    assert g.characteristics(bears).power == 2 + 2 + 2       # Bonesplitter's +2, and +1 for each of two


@pytest.mark.rules("613.4c", "303.4")
def test_gets_plus_two_for_each_aura_attached_to_it(extra_cards):
    extra_cards(RABID_WOMBAT, fully_read=True)
    g, ids = table(["Rabid Wombat", "Grizzly Bears"])
    wombat = ids["Rabid Wombat"]
    assert (g.characteristics(wombat).power, g.characteristics(wombat).toughness) == (0, 1)
    g.attach(g.add_card("Pacifism", 0, Zone.BATTLEFIELD), wombat)
    assert (g.characteristics(wombat).power, g.characteristics(wombat).toughness) == (2, 3)
    g.attach(g.add_card("Pacifism", 0, Zone.BATTLEFIELD), ids["Grizzly Bears"])       # another's Aura: no
    assert g.characteristics(wombat).power == 2


ON_SERRAS_WINGS = record("On Serra's Wings", "{3}{W}", "Legendary Enchantment — Aura",
                         "Enchant creature\nEnchanted creature is legendary, gets +1/+1, and has flying, vigilance, and "
                         "lifelink.")
DRALNUS_CRUSADE = record("Dralnu's Crusade", "{1}{B}{R}", "Enchantment",
                         "Goblin creatures get +1/+1.\nAll Goblins are black and are Zombies in addition to their other "
                         "creature types.")


@pytest.mark.rules("205.4a", "613.1d", "613.1f")
def test_is_legendary_gets_and_has(extra_cards):
    extra_cards(ON_SERRAS_WINGS, fully_read=True)
    g, bears = _equipped(ON_SERRAS_WINGS, "Grizzly Bears")
    ch = g.characteristics(bears)
    assert "Legendary" in ch.supertypes and (ch.power, ch.toughness) == (3, 3)
    assert all(ch.has(k) for k in ("flying", "vigilance", "lifelink"))


@pytest.mark.rules("105.3", "205.1b", "613.1d", "613.1e")
def test_are_black_and_are_zombies_in_addition(extra_cards):
    extra_cards(DRALNUS_CRUSADE, fully_read=True)
    g, ids = table(["Dralnu's Crusade", "Raging Goblin", "Grizzly Bears"])
    goblin = g.characteristics(ids["Raging Goblin"])
    assert goblin.colors == {"B"} and {"Goblin", "Zombie"} <= goblin.subtypes and goblin.power == 2
    assert g.characteristics(ids["Grizzly Bears"]).colors == {"G"}
