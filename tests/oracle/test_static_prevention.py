"""Prevention effects written as static abilities of permanents (615.1a, 615.12): "Prevent all damage that
would be dealt to ~ [by <sources>]", "... dealt by enchanted creature", "... to creatures", "If damage would
be dealt to ~, prevent that damage". Each played from a real card's wording."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, PassPriority
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, resolve_choosing, table
from tests.oracle.conftest import record
from tests.oracle.test_prevent_combat_damage_groups import b_attacks

CHO_MANNO = record("Cho-Manno, Revolutionary", "{2}{W}{W}", "Legendary Creature — Human Rebel",
                   "Prevent all damage that would be dealt to Cho-Manno, Revolutionary.", "2/2")
ARGOTHIAN_TREEFOLK = record("Argothian Treefolk", "{3}{G}{G}", "Creature — Treefolk",
                            "Prevent all damage that would be dealt to Argothian Treefolk by artifact sources.", "3/5")
ROD_OF_RUIN = record("Rod of Ruin", "{4}", "Artifact", "{3}, {T}: Rod of Ruin deals 1 damage to any target.")
DEFANG = record("Defang", "{1}{W}", "Enchantment — Aura",
                "Enchant creature\nPrevent all damage that would be dealt by enchanted creature.")
BUBBLE_MATRIX = record("Bubble Matrix", "{4}", "Artifact", "Prevent all damage that would be dealt to creatures.")
ENERGY_FIELD_SHIELD = record("Energy Field", "{1}{U}", "Enchantment",
                             "Prevent all damage that would be dealt to you by sources you don't control.")


@pytest.mark.rules("615.1a", "615.12")
def test_prevent_all_damage_that_would_be_dealt_to_itself(extra_cards):
    extra_cards(CHO_MANNO)
    g, ids = table(["Mountain", "Cho-Manno, Revolutionary"], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["Cho-Manno, Revolutionary"],),))
    assert g.state.objects[ids["Cho-Manno, Revolutionary"]].damage == 0


@pytest.mark.rules("615.1a")
def test_only_damage_from_the_named_sources_is_prevented(extra_cards):
    extra_cards(ARGOTHIAN_TREEFOLK, ROD_OF_RUIN)
    g, ids = table(["Mountain", "Mountain", "Mountain", "Mountain", "Rod of Ruin", "Argothian Treefolk"],
                   hand_a=["Shock"])
    treefolk = ids["Argothian Treefolk"]
    activate_and_resolve(g, ids["Rod of Ruin"], 0, targets=((treefolk,),))
    assert g.state.objects[treefolk].damage == 0          # an artifact source: prevented
    cast_and_resolve(g, ids["Shock"], targets=((treefolk,),))
    assert g.state.objects[treefolk].damage == 2          # a red instant: dealt


@pytest.mark.rules("615.1a", "510.2")
def test_damage_dealt_by_the_enchanted_creature_is_prevented(extra_cards):
    extra_cards(DEFANG)
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], hand_a=["Defang"])
    cast_and_resolve(g, ids["Defang"], targets=((ids["Grizzly Bears"],),))
    advance(g, Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 20


@pytest.mark.rules("615.1a")
def test_prevent_all_damage_to_creatures_leaves_players(extra_cards):
    extra_cards(BUBBLE_MATRIX)
    g, ids = table(["Mountain", "Mountain", "Bubble Matrix"], ["Grizzly Bears"], hand_a=["Shock"])
    g.add_card("Shock", 0, Zone.HAND)
    second = g.state.players[0].hand[-1]
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 0
    cast_and_resolve(g, second, targets=(("P1",),))
    assert g.state.players[1].life == 18


@pytest.mark.rules("615.1a", "109.4")
def test_prevent_damage_to_you_from_sources_you_dont_control(extra_cards):
    extra_cards(ENERGY_FIELD_SHIELD)
    g, ids = table(["Mountain", "Mountain"], ["Energy Field", "Mountain"], hand_a=["Shock"])
    g.add_card("Shock", 0, Zone.HAND)
    second = g.state.players[0].hand[-1]
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    assert g.state.players[1].life == 20                  # A's Shock: prevented
    cast_and_resolve(g, second, targets=(("P0",),))
    assert g.state.players[0].life == 18                  # Energy Field doesn't shield A


PAY_NO_HEED = record("Pay No Heed", "{W}", "Instant", "Prevent all damage a source of your choice would deal this turn.")
COP_ARTIFACTS = record("Circle of Protection: Artifacts", "{1}{W}", "Enchantment",
                       "{2}: The next time an artifact source of your choice would deal damage to you this turn, "
                       "prevent that damage.")


@pytest.mark.rules("615.7", "615.1a")
def test_prevent_all_damage_a_chosen_source_would_deal_this_turn(extra_cards):
    extra_cards(PAY_NO_HEED)
    g, ids = table(["Mountain", "Plains"], hand_a=["Shock", "Pay No Heed"])
    g.apply(CastSpell(0, ids["Shock"], targets=(("P1",),)))
    shock = g.state.stack[-1]                             # the spell: a new object (400.7)
    g.apply(CastSpell(0, ids["Pay No Heed"]))
    resolve_choosing(g, shock)
    assert g.state.players[1].life == 20


@pytest.mark.rules("615.7")
def test_the_next_time_an_artifact_source_of_your_choice_would_deal_damage_to_you(extra_cards):
    extra_cards(COP_ARTIFACTS, ROD_OF_RUIN)
    g, ids = table(["Plains"] * 4 + ["Mountain"] * 4 + ["Circle of Protection: Artifacts", "Rod of Ruin"],
                   hand_a=["Shock"])
    g.apply(ActivateAbility(0, ids["Circle of Protection: Artifacts"], 0))
    resolve_choosing(g, ids["Rod of Ruin"])
    activate_and_resolve(g, ids["Rod of Ruin"], 0, targets=(("P0",),))
    assert g.state.players[0].life == 20                  # the artifact's damage: prevented
    g.apply(ActivateAbility(0, ids["Circle of Protection: Artifacts"], 0))
    resolve_choosing(g, ids["Rod of Ruin"])
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 18                  # another source: dealt


KITHKIN_ARMOR = record("Kithkin Armor", "{W}", "Enchantment — Aura",
                       "Enchant creature\nSacrifice Kithkin Armor: The next time a source of your choice would deal "
                       "damage to enchanted creature this turn, prevent that damage.")


@pytest.mark.rules("615.7", "608.2h")
def test_sacrificed_aura_shields_the_creature_it_enchanted(extra_cards):
    extra_cards(KITHKIN_ARMOR)
    g, ids = table(["Plains", "Mountain", "Grizzly Bears"], hand_a=["Kithkin Armor", "Shock"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Kithkin Armor"], targets=((bears,),))
    g.apply(CastSpell(0, ids["Shock"], targets=((bears,),)))
    shock = g.state.stack[-1]
    armor = next(o for o in g.state.battlefield if g.characteristics(o).name == "Kithkin Armor")
    g.apply(ActivateAbility(0, armor, 0))
    resolve_choosing(g, shock)
    assert g.state.objects[bears].damage == 0


WALL_OF_PUTRID_FLESH = record("Wall of Putrid Flesh", "{2}{B}", "Creature — Wall",
                              "Defender (This creature can't attack.)\nProtection from white\nPrevent all damage that "
                              "would be dealt to Wall of Putrid Flesh by enchanted creatures.", "2/4")


@pytest.mark.rules("615.1a", "303.4")
@pytest.mark.parametrize("enchanted,damage", [(True, 0), (False, 2)])
def test_only_damage_from_enchanted_creatures_is_prevented(extra_cards, enchanted, damage):
    extra_cards(WALL_OF_PUTRID_FLESH, fully_read=True)
    g, ids = table(["Wall of Putrid Flesh"], ["Grizzly Bears"], active=1, turn=4)
    if enchanted:
        g.attach(g.add_card("Holy Strength", 1, Zone.BATTLEFIELD), ids["B:Grizzly Bears"])
    b_attacks(g, [ids["B:Grizzly Bears"]], blocks={ids["Wall of Putrid Flesh"]: (ids["B:Grizzly Bears"],)})
    assert g.state.objects[ids["Wall of Putrid Flesh"]].damage == damage


BRONZE_HORSE = record("Bronze Horse", "{7}", "Artifact Creature — Horse",
                      "Trample\nAs long as you control another creature, prevent all damage that would be dealt to "
                      "Bronze Horse by spells that target it.", "4/4")


@pytest.mark.rules("615.1a", "115.9b", "604.2")
def test_bronze_horse_prevents_the_damage_of_spells_that_target_it_while_you_control_another_creature(extra_cards):
    extra_cards(BRONZE_HORSE, fully_read=True)
    g, ids = table(["Bronze Horse", "Grizzly Bears"] + ["Mountain"] * 4, hand_a=["Lightning Bolt", "Pyroclasm", "Shock"])
    horse = ids["Bronze Horse"]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((horse,),))
    assert g.state.objects[horse].damage == 0
    cast_and_resolve(g, ids["Pyroclasm"])            # targets nothing: dealt; the Bears die
    assert g.state.objects[horse].damage == 2
    cast_and_resolve(g, ids["Shock"], targets=((horse,),))      # no other creature now
    assert horse not in g.state.battlefield


SPIRIT_OF_RESISTANCE = record("Spirit of Resistance", "{2}{W}", "Enchantment",
                              "As long as you control a permanent of each color, prevent all damage that would be dealt "
                              "to you.")


@pytest.mark.rules("615.1a", "105.1", "611.3a")
def test_spirit_of_resistance_prevents_damage_to_you_while_you_control_a_permanent_of_each_color(extra_cards):
    extra_cards(SPIRIT_OF_RESISTANCE, fully_read=True)
    g, ids = table(["Spirit of Resistance", "Wind Drake", "Typhoid Rats", "Raging Goblin", "Grizzly Bears"]
                   + ["Mountain"] * 4, hand_a=["Shock", "Lightning Bolt", "Incinerate"])
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 20
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))     # no green permanent now
    cast_and_resolve(g, ids["Incinerate"], targets=(("P0",),))
    assert g.state.players[0].life == 17
