"""Blocking rules a resolving effect sets on the objects it names until the turn ends (509.1a-b, 611.2a): "Target
creature you control can't be blocked by creatures with power 2 or less this turn", and a second predicate sharing
the first one's subject ("It gets +2/+2 until end of turn and can block an additional creature this turn")."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import DeclareBlockers, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, attack, cast_and_resolve, can_block, pass_until, table,
                                  until_blockers)
from tests.oracle.conftest import record

GHIRAPUR_GUIDE = record("Ghirapur Guide", "{2}{G}", "Creature — Elf Scout",
                        "{2}{G}: Target creature you control can't be blocked by creatures with power 2 or less this "
                        "turn.", "3/2")
ACT_OF_HEROISM = record("Act of Heroism", "{1}{W}", "Instant",
                        "Untap target creature. It gets +2/+2 until end of turn and can block an additional creature "
                        "this turn.")


@pytest.mark.rules("509.1b", "611.2a")
def test_ghirapur_guide_small_creatures_cant_block_the_target(extra_cards):
    extra_cards(GHIRAPUR_GUIDE, fully_read=True)
    g, ids = table(["Forest"] * 3 + ["Ghirapur Guide", "Craw Wurm"], ["Grizzly Bears", "Hill Giant"])
    activate_and_resolve(g, ids["Ghirapur Guide"], targets=((ids["Craw Wurm"],),))
    attack(g, ids["Craw Wurm"], ids["Ghirapur Guide"])
    until_blockers(g)
    assert not can_block(g, ids["B:Grizzly Bears"], ids["Craw Wurm"])      # power 2
    assert can_block(g, ids["B:Hill Giant"], ids["Craw Wurm"])              # power 3
    assert can_block(g, ids["B:Grizzly Bears"], ids["Ghirapur Guide"])     # not the target


@pytest.mark.rules("509.1a", "611.2a")
def test_act_of_heroism_the_untapped_creature_blocks_two(extra_cards):
    extra_cards(ACT_OF_HEROISM, fully_read=True)
    g, ids = table(["Grizzly Bears", "Hill Giant"], ["Plains", "Plains"], hand_b=["Act of Heroism"])
    wurm = g.add_card("Craw Wurm", 1, Zone.BATTLEFIELD, tapped=True)
    attack(g, ids["Grizzly Bears"], ids["Hill Giant"])
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Act of Heroism"], player=1, targets=((wurm,),))
    until_blockers(g)
    assert g.pending.kind is DecisionKind.DECLARE_BLOCKERS
    assert not g.state.objects[wurm].tapped
    assert (g.characteristics(wurm).power, g.characteristics(wurm).toughness) == (8, 6)
    g.apply(DeclareBlockers(1, {wurm: (ids["Grizzly Bears"], ids["Hill Giant"])}))
    assert sorted(g.state.combat.blockers[wurm]) == sorted([ids["Grizzly Bears"], ids["Hill Giant"]])


CURTAIN_OF_LIGHT = record("Curtain of Light", "{1}{W}", "Instant",
                          "Cast this spell only during combat after blockers are declared.\nTarget unblocked "
                          "attacking creature becomes blocked. (This spell works on creatures that can't be "
                          "blocked.)\nDraw a card.")
CHOKING_VINES = record("Choking Vines", "{X}{G}", "Instant",
                       "Cast this spell only during the declare blockers step.\nX target attacking creatures become "
                       "blocked. Choking Vines deals 1 damage to each of those creatures. (This spell works on "
                       "creatures that can't be blocked.)")


def _unblocked_attack(g, ids, *attackers: int) -> None:
    """A attacks with `attackers`; B declares no blockers, then has priority in the declare blockers step."""
    attack(g, *attackers)
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {}))
    while g.pending.player != 1:
        g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("509.1h", "510.1a")
def test_curtain_of_light_blocks_an_unblocked_attacker_by_no_creature(extra_cards):
    extra_cards(CURTAIN_OF_LIGHT, fully_read=True)
    g, ids = table(["Craw Wurm", "Grizzly Bears"], ["Plains", "Plains", "Hill Giant"], hand_b=["Curtain of Light"])
    _unblocked_attack(g, ids, ids["Craw Wurm"], ids["Grizzly Bears"])
    hand = len(g.state.players[1].hand)
    cast_and_resolve(g, ids["B:Curtain of Light"], player=1, targets=((ids["Craw Wurm"],),))
    assert g.state.combat.blocked[ids["Craw Wurm"]] and not g.state.combat.blockers_of(ids["Craw Wurm"])
    assert len(g.state.players[1].hand) == hand          # drew a card for the one cast
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 18                 # only the Bears' damage: the Wurm is blocked (510.1a)


@pytest.mark.rules("509.1h", "601.2c")
def test_choking_vines_blocks_x_attackers_and_damages_them(extra_cards):
    extra_cards(CHOKING_VINES, fully_read=True)
    g, ids = table(["Craw Wurm", "Grizzly Bears"], ["Forest", "Forest", "Forest", "Hill Giant"], hand_b=["Choking Vines"])
    _unblocked_attack(g, ids, ids["Craw Wurm"], ids["Grizzly Bears"])
    cast_and_resolve(g, ids["B:Choking Vines"], player=1, x=2, targets=((ids["Craw Wurm"], ids["Grizzly Bears"]),))
    assert all(g.state.combat.blocked[a] for a in (ids["Craw Wurm"], ids["Grizzly Bears"]))
    assert g.state.objects[ids["Grizzly Bears"]].damage == 1
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 20


DREAD_CHARGE = record("Dread Charge", "{3}{B}", "Sorcery",
                      "Black creatures you control can't be blocked this turn except by black creatures.")
WALKING_CORPSE = record("Walking Corpse", "{1}{B}", "Creature — Zombie", "", "2/2")
SABERTOOTH_ALLEY_CAT = record("Sabertooth Alley Cat", "{1}{R}{R}", "Creature — Cat",
                              "Sabertooth Alley Cat attacks each combat if able.\n{1}{R}: Creatures without defender "
                              "can't block Sabertooth Alley Cat this turn.", "2/1")


@pytest.mark.rules("509.1b", "611.2c")
def test_a_group_cant_be_blocked_this_turn_except_by_black_creatures(extra_cards):
    """Dread Charge: a rule on the group (611.2c: it changes no characteristic), each black creature you control
    blockable only by black creatures; another creature of yours blockable as before."""
    extra_cards(DREAD_CHARGE, fully_read=True)
    extra_cards(WALKING_CORPSE)
    g, ids = table(["Swamp"] * 4 + ["Walking Corpse", "Hill Giant"], ["Grizzly Bears", "Walking Corpse"],
                   hand_a=["Dread Charge"])
    cast_and_resolve(g, ids["Dread Charge"])
    corpse, giant = ids["Walking Corpse"], ids["Hill Giant"]
    attack(g, corpse, giant)
    until_blockers(g)
    assert not can_block(g, ids["B:Grizzly Bears"], corpse)
    assert can_block(g, ids["B:Walking Corpse"], corpse)
    assert can_block(g, ids["B:Grizzly Bears"], giant)


@pytest.mark.rules("509.1b", "611.2c", "702.3b")
def test_creatures_without_defender_cant_block_the_source(extra_cards):
    """Sabertooth Alley Cat: creatures without defender can't block it this turn; a Wall can; another attacker can
    be blocked as before."""
    extra_cards(SABERTOOTH_ALLEY_CAT, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Sabertooth Alley Cat", "Hill Giant"], ["Grizzly Bears", "Wall of Stone"])
    cat, giant = ids["Sabertooth Alley Cat"], ids["Hill Giant"]
    activate_and_resolve(g, cat, 0)
    attack(g, cat, giant)
    until_blockers(g)
    assert not can_block(g, ids["B:Grizzly Bears"], cat)
    assert can_block(g, ids["B:Wall of Stone"], cat)
    assert can_block(g, ids["B:Grizzly Bears"], giant)
