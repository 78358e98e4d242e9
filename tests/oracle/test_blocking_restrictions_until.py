"""Blocking rules a resolving effect sets on the objects it names until the turn ends (509.1a-b, 611.2a): "Target
creature you control can't be blocked by creatures with power 2 or less this turn", and a second predicate sharing
the first one's subject ("It gets +2/+2 until end of turn and can block an additional creature this turn")."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import DeclareBlockers, PassPriority
from tests.engine.driving import activate_and_resolve, attack, cast_and_resolve, can_block, table, until_blockers
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
