"""Statics conditioned on the object the source is attached to (611.3a): "As long as enchanted creature is
green, it gets +1/+1 and has indestructible", "As long as equipped creature is a Human, it gets an additional
+1/+1", "As long as enchanted permanent is a Vehicle, it's a creature in addition to its other types". "It" is
the enchanted or equipped object; the condition is checked continuously, on its characteristics as the
earlier layers left them (613.1, 613.8a). "Enchanted creature gets -2/-2. It gets -5/-5 instead as long as ...":
one bonus or the other. "Equipped creature has double strike as long as two or more Equipment are attached to it":
the Equipment attached to it counted as the ability applies (301.5)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.oracle import compile_card
from tests.engine.driving import attack, can_block, cast_and_resolve, table, until_blockers
from tests.oracle.conftest import record

BRASS_KNUCKLES = record("Brass Knuckles", "{4}", "Artifact — Equipment",
                        "When you cast this spell, copy it. (The copy becomes a token.)\nEquipped creature has double "
                        "strike as long as two or more Equipment are attached to it.\nEquip {1} ({1}: Attach to target "
                        "creature you control. Equip only as a sorcery.)")
SHIELD_OF_THE_OVERSOUL = record(
    "Shield of the Oversoul", "{2}{G/W}", "Enchantment — Aura",
    "Enchant creature\nAs long as enchanted creature is green, it gets +1/+1 and has indestructible.\n"
    "As long as enchanted creature is white, it gets +1/+1 and has flying.")
HEAVY_MATTOCK = record("Heavy Mattock", "{3}", "Artifact — Equipment",
                       "Equipped creature gets +1/+1.\nAs long as equipped creature is a Human, it gets an additional "
                       "+1/+1.\nEquip {2}")
AERIAL_MODIFICATION = record("Aerial Modification", "{4}{W}", "Enchantment — Aura",
                             "Enchant creature or Vehicle\nAs long as enchanted permanent is a Vehicle, it's a creature "
                             "in addition to its other types.\nEnchanted creature gets +2/+2 and has flying.")
SMUGGLERS_COPTER = record("Smuggler's Copter", "{2}", "Artifact — Vehicle",
                          "Flying\nWhenever Smuggler's Copter attacks or blocks, you may draw a card. If you do, "
                          "discard a card.\nCrew 1", pt="3/3")
DARKEST_HOUR = record("Darkest Hour", "{B}", "Enchantment", "All creatures are black.")


def _attached(g, card: dict, to: int) -> int:
    oid = g.add_card(card["name"], 0, Zone.BATTLEFIELD)
    g.attach(oid, to)
    return oid


@pytest.mark.rules("611.3a", "613.4c", "613.1f")
def test_aura_bonus_by_the_enchanted_creatures_color(extra_cards):
    extra_cards(SHIELD_OF_THE_OVERSOUL, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard"])
    _attached(g, SHIELD_OF_THE_OVERSOUL, ids["Grizzly Bears"])
    _attached(g, SHIELD_OF_THE_OVERSOUL, ids["Elite Vanguard"])
    bears, vanguard = g.characteristics(ids["Grizzly Bears"]), g.characteristics(ids["Elite Vanguard"])
    assert (bears.power, bears.toughness, bears.has("indestructible"), bears.has("flying")) == (3, 3, True, False)
    assert (vanguard.power, vanguard.toughness, vanguard.has("indestructible"), vanguard.has("flying")) == (3, 2, False, True)


@pytest.mark.rules("611.3a", "613.1e", "613.8a")
def test_the_condition_reads_the_color_after_layer_5(extra_cards):
    # Darkest Hour makes every creature black in layer 5: the green Bears no longer meet the condition.
    extra_cards(SHIELD_OF_THE_OVERSOUL, DARKEST_HOUR)
    g, ids = table(["Grizzly Bears", "Darkest Hour"])
    _attached(g, SHIELD_OF_THE_OVERSOUL, ids["Grizzly Bears"])
    bears = g.characteristics(ids["Grizzly Bears"])
    assert (bears.power, bears.toughness, bears.has("indestructible")) == (2, 2, False)


@pytest.mark.rules("611.3a", "613.4c")
def test_equipment_bonus_only_for_a_human(extra_cards):
    extra_cards(HEAVY_MATTOCK, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard"])
    mattock = _attached(g, HEAVY_MATTOCK, ids["Grizzly Bears"])
    assert (g.characteristics(ids["Grizzly Bears"]).power, g.characteristics(ids["Grizzly Bears"]).toughness) == (3, 3)
    g.attach(mattock, ids["Elite Vanguard"])       # a Human: both bonuses
    vanguard = g.characteristics(ids["Elite Vanguard"])
    assert (vanguard.power, vanguard.toughness) == (4, 3)
    assert g.characteristics(ids["Grizzly Bears"]).power == 2


@pytest.mark.rules("611.3a", "205.1b", "613.1d")
def test_an_enchanted_vehicle_is_a_creature_in_addition_to_its_types(extra_cards):
    assert not compile_card(AERIAL_MODIFICATION).unsupported
    extra_cards(AERIAL_MODIFICATION, SMUGGLERS_COPTER)
    g, ids = table(["Smuggler's Copter"])
    copter = ids["Smuggler's Copter"]
    assert not g.characteristics(copter).is_creature
    _attached(g, AERIAL_MODIFICATION, copter)
    ch = g.characteristics(copter)
    assert ch.is_creature and ch.is_type("Artifact") and "Vehicle" in ch.subtypes
    assert (ch.power, ch.toughness, ch.has("flying")) == (5, 5, True)


MYSTIC_SUBDUAL = record("Mystic Subdual", "{1}{U}", "Enchantment — Aura",
                        "Flash\nEnchant creature\nEnchanted creature gets -2/-0 and loses all abilities.")


@pytest.mark.rules("613.1f", "613.4c")
def test_enchanted_creature_loses_all_abilities(extra_cards):
    extra_cards(MYSTIC_SUBDUAL, fully_read=True)
    g, ids = table(["Serra Angel"])
    _attached(g, MYSTIC_SUBDUAL, ids["Serra Angel"])
    ch = g.characteristics(ids["Serra Angel"])
    assert (ch.power, ch.toughness, ch.has("flying"), ch.has("vigilance")) == (2, 4, False, False)


NYX_INFUSION = record("Nyx Infusion", "{2}{B}", "Enchantment — Aura",
                      "Enchant creature\nEnchanted creature gets +2/+2 as long as it's an enchantment. Otherwise, it "
                      "gets -2/-2.")
LEAFCROWN_DRYAD = record("Leafcrown Dryad", "{1}{G}", "Enchantment Creature — Nymph Dryad", "Reach", pt="2/2")


@pytest.mark.rules("611.3a", "613.4c")
def test_as_long_as_its_an_enchantment_otherwise(extra_cards):
    assert not compile_card(NYX_INFUSION).unsupported
    extra_cards(NYX_INFUSION, LEAFCROWN_DRYAD)
    g, ids = table(["Serra Angel", "Leafcrown Dryad"])
    _attached(g, NYX_INFUSION, ids["Serra Angel"])
    _attached(g, NYX_INFUSION, ids["Leafcrown Dryad"])
    angel, dryad = g.characteristics(ids["Serra Angel"]), g.characteristics(ids["Leafcrown Dryad"])
    assert (angel.power, angel.toughness, dryad.power, dryad.toughness) == (2, 2, 4, 4)


SPECTRAL_CLOAK = record("Spectral Cloak", "{U}{U}", "Enchantment — Aura",
                        "Enchant creature\nEnchanted creature has shroud as long as it's untapped. (It can't be the "
                        "target of spells or abilities.)")


@pytest.mark.rules("611.3a", "702.18a")
def test_enchanted_creature_has_shroud_as_long_as_it_is_untapped(extra_cards):
    extra_cards(SPECTRAL_CLOAK, fully_read=True)
    g, ids = table(["Island", "Island", "Grizzly Bears"], [], hand_a=["Spectral Cloak"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Spectral Cloak"], targets=((bears,),))
    assert g.characteristics(bears).has("shroud")
    g.state.objects[bears].tapped = True
    g.state.invalidate()
    assert not g.characteristics(bears).has("shroud"), "the condition is its own state, not the Aura's"
    cloak = next(o for o in g.state.battlefield if g.characteristics(o).name == "Spectral Cloak")
    g.state.objects[bears].tapped = False
    g.state.objects[cloak].tapped = True
    g.state.invalidate()
    assert g.characteristics(bears).has("shroud"), "the Aura tapped or not, the creature is untapped"


PRECIPITOUS_DROP = record("Precipitous Drop", "{2}{B}", "Enchantment — Aura",
                          "Enchant creature\nWhen Precipitous Drop enters the battlefield, venture into the dungeon. "
                          "(Enter the first room or advance to the next room.)\nEnchanted creature gets -2/-2. It gets "
                          "-5/-5 instead as long as you've completed a dungeon.")


@pytest.mark.rules("611.3a", "309.7")
def test_a_bigger_penalty_instead_as_long_as_the_condition_holds(extra_cards):
    extra_cards(PRECIPITOUS_DROP, fully_read=True)
    g, ids = table(["Craw Wurm"])
    _attached(g, PRECIPITOUS_DROP, ids["Craw Wurm"])
    wurm = g.characteristics(ids["Craw Wurm"])
    assert (wurm.power, wurm.toughness) == (4, 2)                  # -2/-2 only
    g.state.players[0].dungeons_completed = ["Lost Mine of Phandelver"]
    g.state.invalidate()
    wurm = g.characteristics(ids["Craw Wurm"])
    assert (wurm.power, wurm.toughness) == (1, -1)                 # -5/-5 instead, not both


HOBBLE = record("Hobble", "{2}{W}", "Enchantment — Aura",
                "Enchant creature\nWhen Hobble enters the battlefield, draw a card.\nEnchanted creature can't attack.\n"
                "Enchanted creature can't block if it's black.")


@pytest.mark.rules("611.3a", "509.1b")
@pytest.mark.parametrize("creature,blocks", [("Drudge Skeletons", False), ("Grizzly Bears", True)])
def test_enchanted_creature_cant_block_if_its_black(extra_cards, creature, blocks):
    extra_cards(HOBBLE, fully_read=True)
    g, ids = table(["Hill Giant"], [creature])
    _attached(g, HOBBLE, ids["B:" + creature])
    attack(g, ids["Hill Giant"])
    until_blockers(g)
    assert can_block(g, ids["B:" + creature], ids["Hill Giant"]) is blocks


@pytest.mark.rules("611.3a", "301.5", "702.4b")
def test_double_strike_as_long_as_two_or_more_equipment_are_attached_to_it(extra_cards):
    extra_cards(BRASS_KNUCKLES, fully_read=True)
    g, ids = table(["Grizzly Bears", "Hill Giant"])
    bears = ids["Grizzly Bears"]
    first = g.add_card("Brass Knuckles", 0, Zone.BATTLEFIELD)
    g.attach(first, bears)
    assert not g.characteristics(bears).has("double strike")
    g.attach(g.add_card("Brass Knuckles", 0, Zone.BATTLEFIELD), bears)
    assert g.characteristics(bears).has("double strike")
    g.attach(first, ids["Hill Giant"])      # one Equipment each: neither has it
    assert not g.characteristics(bears).has("double strike")
    assert not g.characteristics(ids["Hill Giant"]).has("double strike")
