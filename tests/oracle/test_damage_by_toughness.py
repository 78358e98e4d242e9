""""Each creature assigns combat damage equal to its toughness rather than its power" (510.1a, changed by the card:
101.1), for every creature, the creatures you control, or the enchanted creature; blocked, unblocked, and divided
among blockers. Each played from a real card's wording through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import AssignDamage, DeclareBlockers, PassPriority
from tests.engine.driving import advance, attack, cast_and_resolve, table
from tests.oracle.conftest import record

DORAN = record("Doran, the Siege Tower", "{W}{B}{G}", "Legendary Creature — Treefolk Shaman",
               "Each creature assigns combat damage equal to its toughness rather than its power.", "0/5")
ASSAULT_FORMATION = record("Assault Formation", "{1}{G}", "Enchantment",
                           "Each creature you control assigns combat damage equal to its toughness rather than its "
                           "power.\n{G}: Target creature with defender can attack this turn as though it didn't have "
                           "defender.\n{2}{G}: Creatures you control get +0/+1 until end of turn.")
TREEFOLK_UMBRA = record("Treefolk Umbra", "{2}{G}", "Enchantment — Aura",
                        "Enchant creature\nEnchanted creature gets +0/+2 and assigns combat damage equal to its "
                        "toughness rather than its power.\nTotem armor (If enchanted creature would be destroyed, "
                        "instead remove all damage from it and destroy this Aura.)")


def blocks(g, declared):
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, declared))


@pytest.mark.rules("510.1a", "101.1")
def test_doran_makes_every_creature_deal_its_toughness(extra_cards):
    extra_cards(DORAN, fully_read=True)
    g, ids = table(["Doran, the Siege Tower", "Grizzly Bears"], ["Giant Spider"])
    doran, bears, spider = ids["Doran, the Siege Tower"], ids["Grizzly Bears"], ids["B:Giant Spider"]
    attack(g, doran, bears)
    blocks(g, {spider: (bears,)})
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 15                  # Doran (0/5): 5
    assert bears not in g.state.battlefield               # the Spider (2/4) deals 4 to the Bears


@pytest.mark.rules("510.1a", "101.1")
def test_assault_formation_changes_only_your_creatures(extra_cards):
    extra_cards(ASSAULT_FORMATION, fully_read=True)
    g, ids = table(["Assault Formation", "Giant Spider"], ["Wall of Stone"])
    spider, wall = ids["Giant Spider"], ids["B:Wall of Stone"]
    attack(g, spider)
    blocks(g, {wall: (spider,)})
    advance(g, Step.MAIN2)
    assert g.state.objects[wall].damage == 4              # your Spider (2/4): 4
    assert g.state.objects[spider].damage == 0            # their Wall (0/8): its power


@pytest.mark.rules("510.1a", "510.1c")
def test_treefolk_umbra_divides_the_toughness_among_blockers(extra_cards):
    extra_cards(TREEFOLK_UMBRA, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Grizzly Bears"], ["Llanowar Elves", "Ornithopter"],
                   hand_a=["Treefolk Umbra"])
    bears, elves, thopter = ids["Grizzly Bears"], ids["B:Llanowar Elves"], ids["B:Ornithopter"]
    cast_and_resolve(g, ids["Treefolk Umbra"], targets=((bears,),))
    attack(g, bears)
    blocks(g, {elves: (bears,), thopter: (bears,)})
    while g.pending.kind is not DecisionKind.ASSIGN_DAMAGE:
        g.apply(PassPriority(g.pending.player))
    g.apply(AssignDamage(0, {bears: {elves: 2, thopter: 2}}))      # 4: its toughness (2/4)
    advance(g, Step.MAIN2)
    assert elves not in g.state.battlefield and thopter not in g.state.battlefield
