"""Static prevention of a stated amount (615.10): "If a source would deal damage to you, prevent 1 of that damage",
with the sources and the recipients named ("a source an opponent controls", "a black source", "a creature"; "you",
"equipped creature", "a planeswalker you control", "you or a creature you control") and the amount a number or X.
Each played from a real card's wording through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, DeclareBlockers, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record
from tests.oracle.test_prevent_combat_damage_groups import b_attacks

GUARDIAN_SERAPH = record("Guardian Seraph", "{2}{W}{W}", "Creature — Angel",
                         "Flying\nIf a source an opponent controls would deal damage to you, prevent 1 of that damage.",
                         "3/4")
ORBS_OF_WARDING = record("Orbs of Warding", "{5}", "Artifact",
                         "You have hexproof. (You can't be the target of spells or abilities your opponents control.)\n"
                         "If a creature would deal damage to you, prevent 1 of that damage.")
SHIELD_OF_THE_AVATAR = record("Shield of the Avatar", "{1}", "Artifact — Equipment",
                              "If a source would deal damage to equipped creature, prevent X of that damage, where X is "
                              "the number of creatures you control.\nEquip {2} ({2}: Attach to target creature you "
                              "control. Equip only as a sorcery.)")
SPHERE_OF_GRACE = record("Sphere of Grace", "{3}{W}", "Enchantment",
                         "If a black source would deal damage to you, prevent 2 of that damage.")
HEDRON_FIELD_PURISTS = record("Hedron-Field Purists", "{2}{W}", "Creature — Human Cleric",
                              "Level up {2}{W} ({2}{W}: Put a level counter on this. Level up only as a sorcery.)\n"
                              "LEVEL 1-4\n1/4\nIf a source would deal damage to you or a creature you control, prevent "
                              "1 of that damage.\nLEVEL 5+\n2/5\nIf a source would deal damage to you or a creature you "
                              "control, prevent 2 of that damage.", "0/3")


@pytest.mark.rules("615.10")
def test_guardian_seraph_prevents_1_of_the_damage_an_opponents_source_deals_to_you(extra_cards):
    extra_cards(GUARDIAN_SERAPH, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Guardian Seraph"], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    assert g.state.players[1].life == 19                  # an opponent's source: 1 of the 2 prevented
    g, ids = table(["Guardian Seraph", "Mountain", "Mountain"], [], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 18                  # its controller's own source: not prevented


@pytest.mark.rules("615.10", "510.2")
def test_orbs_of_warding_prevents_1_of_each_attacking_creatures_damage(extra_cards):
    extra_cards(ORBS_OF_WARDING, fully_read=True)
    g, ids = table(["Orbs of Warding"], ["Grizzly Bears", "Hill Giant"], active=1, step=Step.BEGINNING_OF_COMBAT)
    b_attacks(g, [ids["B:Grizzly Bears"], ids["B:Hill Giant"]])
    # two damage events at once, each 1 less (615.10): 2 + 3 becomes 1 + 2
    assert g.state.players[0].life == 17


@pytest.mark.rules("615.10", "615.1a")
def test_orbs_of_warding_does_not_touch_a_noncreature_sources_damage(extra_cards):
    extra_cards(ORBS_OF_WARDING)
    g, ids = table(["Orbs of Warding", "Mountain"], [], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 18


@pytest.mark.rules("615.10", "301.5")
def test_shield_of_the_avatar_prevents_as_much_as_the_creatures_you_control(extra_cards):
    extra_cards(SHIELD_OF_THE_AVATAR, fully_read=True)
    g, ids = table(["Shield of the Avatar", "Hill Giant", "Grizzly Bears", "Plains", "Plains"], [])
    g.apply(ActivateAbility(0, ids["Shield of the Avatar"], 0, targets=((ids["Hill Giant"],),)))
    resolve_stack(g)
    assert g.state.objects[ids["Shield of the Avatar"]].attached_to == ids["Hill Giant"]
    g.add_card("Shock", 0, Zone.HAND)
    shock = g.state.players[0].hand[-1]
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, shock, targets=((ids["Hill Giant"],),))
    assert g.state.objects[ids["Hill Giant"]].damage == 0     # 2 creatures: 2 of the 2 prevented
    g.add_card("Shock", 0, Zone.HAND)
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, g.state.players[0].hand[-1], targets=((ids["Grizzly Bears"],),))
    assert ids["Grizzly Bears"] not in g.state.battlefield    # not equipped: dealt, and it dies


@pytest.mark.rules("615.10")
def test_sphere_of_grace_prevents_only_a_black_sources_damage(extra_cards):
    extra_cards(SPHERE_OF_GRACE, fully_read=True)
    g, ids = table(["Sphere of Grace"], ["Black Knight", "Grizzly Bears"], active=1, step=Step.BEGINNING_OF_COMBAT)
    b_attacks(g, [ids["B:Black Knight"], ids["B:Grizzly Bears"]])
    assert g.state.players[0].life == 18                  # the Knight's 2 prevented, the green Bears' 2 dealt


def test_a_level_band_reads_the_prevention_of_you_or_a_creature_you_control():
    d = compile_card(HEDRON_FIELD_PURISTS)
    assert not d.unsupported


BLESSED_SANCTUARY = record("Blessed Sanctuary", "{3}{W}{W}", "Enchantment",
                           "Prevent all noncombat damage that would be dealt to you and creatures you control.\nWhenever "
                           "a nontoken creature enters the battlefield under your control, create a 2/2 white Unicorn "
                           "creature token.")
THE_WANDERER = record("The Wanderer", "{3}{W}", "Legendary Planeswalker",
                      "Prevent all noncombat damage that would be dealt to you and other permanents you control.\n[−2]: "
                      "Exile target creature with power 4 or greater.", loyalty="5")


@pytest.mark.rules("615.1a", "510.2")
def test_blessed_sanctuary_prevents_noncombat_damage_to_you_and_your_creatures_only(extra_cards):
    extra_cards(BLESSED_SANCTUARY, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Blessed Sanctuary", "Grizzly Bears"], hand_a=["Shock"])
    g.add_card("Shock", 0, Zone.HAND)
    second = g.state.players[0].hand[-1]
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    cast_and_resolve(g, second, targets=((ids["B:Grizzly Bears"],),))
    assert g.state.players[1].life == 20
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 0
    g, ids = table(["Grizzly Bears"], ["Blessed Sanctuary"])
    attack(g, ids["Grizzly Bears"])
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 18                  # combat damage: dealt


@pytest.mark.rules("615.1a", "109.4")
def test_the_wanderer_shields_other_permanents_not_itself(extra_cards):
    extra_cards(THE_WANDERER, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["The Wanderer", "Grizzly Bears"], hand_a=["Shock"])
    g.add_card("Shock", 0, Zone.HAND)
    second = g.state.players[0].hand[-1]
    wanderer = ids["B:The Wanderer"]
    loyalty = g.state.objects[wanderer].counters.get("loyalty")
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 0
    cast_and_resolve(g, second, targets=((wanderer,),))
    assert g.state.objects[wanderer].counters.get("loyalty") == loyalty - 2


INDENTURED_OAF = record("Indentured Oaf", "{3}{R}", "Creature — Ogre Warrior",
                        "Prevent all damage that Indentured Oaf would deal to red creatures.", "4/3")
BARBED_WIRE = record("Barbed Wire", "{3}", "Artifact",
                     "At the beginning of each player's upkeep, Barbed Wire deals 1 damage to that player.\n{2}: "
                     "Prevent the next 1 damage that would be dealt by Barbed Wire this turn.")


@pytest.mark.rules("615.1a", "510.2")
def test_indentured_oaf_deals_no_damage_to_red_creatures(extra_cards):
    extra_cards(INDENTURED_OAF, fully_read=True)
    g, ids = table(["Indentured Oaf"], ["Hill Giant", "Grizzly Bears"])
    oaf = ids["Indentured Oaf"]
    attack(g, oaf)
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, {ids["B:Hill Giant"]: (oaf,)}))
    advance(g, Step.MAIN2)
    assert g.state.objects[ids["B:Hill Giant"]].damage == 0       # red: prevented
    g, ids = table(["Indentured Oaf"], ["Grizzly Bears"])
    attack(g, ids["Indentured Oaf"])
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Indentured Oaf"],)}))
    advance(g, Step.MAIN2)
    assert ids["B:Grizzly Bears"] not in g.state.battlefield      # green: dealt


@pytest.mark.rules("615.7", "603.3")
def test_barbed_wire_shield_prevents_its_next_1_damage(extra_cards):
    extra_cards(BARBED_WIRE, fully_read=True)
    g, ids = table(["Barbed Wire", "Plains", "Plains"], [])
    advance(g, Step.UPKEEP, turn=4)                       # B's upkeep: Barbed Wire's trigger is on the stack
    assert g.state.stack and g.pending.player == 1
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, ids["Barbed Wire"], 0))
    resolve_stack(g)
    assert g.state.players[1].life == 20                  # its 1 damage to B: prevented
    assert not [e for e in g.state.effects if e.params["kind"] == "prevent_to"]     # the shield is used up
