"""Descriptions by what a permanent is attached to (301.5, 303.4): "target Aura attached to a creature you control",
"each Aura you control that's attached to a creature" (what it is attached to, as it is now)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import DeclareAttackers, DeclareBlockers
from tests.engine.driving import activate_and_resolve, cast_and_resolve, pass_until, resolve_stack, table
from tests.oracle.conftest import record

SAGES_REVERIE = record("Sage's Reverie", "{3}{W}", "Enchantment — Aura",
                       "Enchant creature\nWhen Sage's Reverie enters the battlefield, draw a card for each Aura you "
                       "control that's attached to a creature.\nEnchanted creature gets +1/+1 for each Aura you "
                       "control that's attached to a creature.")
MIRACLE_WORKER = record("Miracle Worker", "{W}", "Creature — Human Cleric",
                        "{T}: Destroy target Aura attached to a creature you control.", "1/1")


@pytest.mark.rules("303.4", "115.1")
def test_miracle_worker_targets_only_an_aura_on_a_creature_you_control(extra_cards):
    extra_cards(MIRACLE_WORKER, fully_read=True)
    g, ids = table(["Miracle Worker", "Grizzly Bears", "Forest"], ["Hill Giant"])
    mine = g.add_card("Pacifism", 1, Zone.BATTLEFIELD)
    g.attach(mine, ids["Grizzly Bears"])
    theirs = g.add_card("Pacifism", 0, Zone.BATTLEFIELD)
    g.attach(theirs, ids["B:Hill Giant"])
    on_land = g.add_card("Wild Growth", 0, Zone.BATTLEFIELD)
    g.attach(on_land, ids["Forest"])
    for wrong in (theirs, on_land):
        with pytest.raises(IllegalAction):
            activate_and_resolve(g, ids["Miracle Worker"], targets=((wrong,),))
    activate_and_resolve(g, ids["Miracle Worker"], targets=((mine,),))
    assert mine not in g.state.battlefield


@pytest.mark.rules("303.4", "613.4c")
def test_sages_reverie_counts_your_auras_on_creatures(extra_cards):
    extra_cards(SAGES_REVERIE, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest"], ["Hill Giant"])
    reverie = g.add_card("Sage's Reverie", 0, Zone.BATTLEFIELD)
    g.attach(reverie, ids["Grizzly Bears"])
    g.attach(g.add_card("Holy Strength", 0, Zone.BATTLEFIELD), ids["B:Hill Giant"])
    g.attach(g.add_card("Wild Growth", 0, Zone.BATTLEFIELD), ids["Forest"])       # on a land: not counted
    g.attach(g.add_card("Holy Strength", 1, Zone.BATTLEFIELD), ids["Grizzly Bears"])   # B's Aura: not counted
    bears = g.characteristics(ids["Grizzly Bears"])
    assert (bears.power, bears.toughness) == (2 + 2 + 1, 2 + 2 + 2)     # two of A's Auras on creatures; Holy Strength


STRIP_BARE = record("Strip Bare", "{W}", "Instant", "Destroy all Auras and Equipment attached to target creature.")
TREEFOLK_MYSTIC = record("Treefolk Mystic", "{3}{G}", "Creature — Treefolk",
                         "Whenever Treefolk Mystic blocks or becomes blocked by a creature, destroy all Auras attached to "
                         "that creature.", "2/4")
WITCHBANE_ORB = record("Witchbane Orb", "{4}", "Artifact",
                       "When Witchbane Orb enters the battlefield, destroy all Curses attached to you.\nYou have hexproof.")
CURSE_OF_OBLIVION = record("Curse of Oblivion", "{3}{B}", "Enchantment — Aura Curse",
                           "Enchant player\nAt the beginning of enchanted player's upkeep, that player exiles two cards "
                           "from their graveyard.")


@pytest.mark.rules("303.4", "301.5", "115.1")
def test_all_auras_and_equipment_attached_to_target_creature(extra_cards):
    extra_cards(STRIP_BARE, fully_read=True)
    g, ids = table(["Plains", "Grizzly Bears"], ["Hill Giant"], ["Strip Bare"])
    bears = ids["Grizzly Bears"]
    strength, sword = g.add_card("Holy Strength", 0, Zone.BATTLEFIELD), g.add_card("Short Sword", 0, Zone.BATTLEFIELD)
    pacifism = g.add_card("Pacifism", 0, Zone.BATTLEFIELD)
    g.attach(strength, bears)
    g.attach(sword, bears)
    g.attach(pacifism, ids["B:Hill Giant"])
    cast_and_resolve(g, ids["Strip Bare"], targets=((bears,),))
    assert strength not in g.state.battlefield and sword not in g.state.battlefield
    assert pacifism in g.state.battlefield and bears in g.state.battlefield


@pytest.mark.rules("303.4", "603.2", "509.1")
def test_all_auras_attached_to_the_creature_it_blocks(extra_cards):
    extra_cards(TREEFOLK_MYSTIC, fully_read=True)
    g, ids = table(["Grizzly Bears", "Savannah Lions"], ["Treefolk Mystic"], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    on_bears, on_lions = g.add_card("Holy Strength", 0, Zone.BATTLEFIELD), g.add_card("Holy Strength", 0, Zone.BATTLEFIELD)
    g.attach(on_bears, bears)
    g.attach(on_lions, ids["Savannah Lions"])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1", ids["Savannah Lions"]: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Treefolk Mystic"]: (bears,)}))
    resolve_stack(g)
    assert on_bears not in g.state.battlefield and on_lions in g.state.battlefield
    assert ids["B:Treefolk Mystic"] in g.state.battlefield


@pytest.mark.rules("303.4", "702.5d")
def test_all_curses_attached_to_you(extra_cards):
    extra_cards(WITCHBANE_ORB, CURSE_OF_OBLIVION, fully_read=True)
    g, ids = table(["Plains"] * 4, [], ["Witchbane Orb"])
    on_me, on_them = g.add_card("Curse of Oblivion", 1, Zone.BATTLEFIELD), g.add_card("Curse of Oblivion", 0, Zone.BATTLEFIELD)
    g.attach(on_me, "P0")
    g.attach(on_them, "P1")
    cast_and_resolve(g, ids["Witchbane Orb"])
    resolve_stack(g)
    assert on_me not in g.state.battlefield and on_them in g.state.battlefield


CURSE_OF_THE_NIGHTLY_HUNT = record("Curse of the Nightly Hunt", "{2}{R}", "Enchantment — Aura Curse",
                                   "Enchant player\nCreatures enchanted player controls attack each combat if able.")
CURSE_OF_CONFORMITY = record("Curse of Conformity", "{4}{W}", "Enchantment — Aura Curse",
                             "Enchant player\nNonlegendary creatures enchanted player controls have base power and "
                             "toughness 3/3 and lose all creature types.")


@pytest.mark.rules("303.4", "508.1d")
def test_creatures_enchanted_player_controls_attack_each_combat(extra_cards):
    extra_cards(CURSE_OF_THE_NIGHTLY_HUNT, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Hill Giant"])
    curse = g.add_card("Curse of the Nightly Hunt", 0, Zone.BATTLEFIELD)
    g.attach(curse, "P0")                   # A's own Curse on A: "enchanted player" is A, whoever controls it
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {}))
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    g, ids = table(["Grizzly Bears"], ["Hill Giant"])
    curse = g.add_card("Curse of the Nightly Hunt", 0, Zone.BATTLEFIELD)
    g.attach(curse, "P1")                   # on B: A's creatures are free
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {}))


@pytest.mark.rules("303.4", "613.4b", "205.1a")
def test_nonlegendary_creatures_enchanted_player_controls_become_3_3(extra_cards):
    extra_cards(CURSE_OF_CONFORMITY, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Serra Angel", "Isamaru, Hound of Konda"])
    curse = g.add_card("Curse of Conformity", 0, Zone.BATTLEFIELD)
    g.attach(curse, "P1")
    angel = g.characteristics(ids["B:Serra Angel"])
    assert (angel.power, angel.toughness) == (3, 3) and not angel.subtypes
    isamaru = g.characteristics(ids["B:Isamaru, Hound of Konda"])
    assert (isamaru.power, isamaru.toughness) == (2, 2) and "Dog" in isamaru.subtypes        # legendary
    assert g.characteristics(ids["B:Serra Angel"]).has("flying")
    bears = g.characteristics(ids["Grizzly Bears"])
    assert (bears.power, bears.toughness) == (2, 2) and "Bear" in bears.subtypes      # not the enchanted player's
