"""Trigger conditions with two subjects and one event (603.2): "Whenever an attacking creature you control or a blocking
creature an opponent controls dies" (each subject read with the event said once, their combat status as they last
existed, 603.10a); and "under your team's control" in a game without teams (810.2)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, DeclareBlockers
from tests.engine.driving import advance, attack, on_battlefield, pass_until, settle, table
from tests.oracle.conftest import record

DEATH_TYRANT = record("Death Tyrant", "{4}{B}", "Creature — Beholder Skeleton",
                      "Menace\nNegative Energy Cone — Whenever an attacking creature you control or a blocking creature "
                      "an opponent controls dies, create a 2/2 black Zombie creature token.\n{5}{B}: Return Death Tyrant "
                      "from your graveyard to the battlefield tapped.", "4/6")
DECORATED_CHAMPION = record("Decorated Champion", "{1}{G}", "Creature — Elf Warrior",
                            "Whenever another Warrior enters the battlefield under your team's control, put a +1/+1 "
                            "counter on Decorated Champion.", "2/2")


def _zombies(g) -> int:
    return sum(1 for o in g.state.battlefield if "Zombie" in g.characteristics(o).subtypes
               and g.characteristics(o).name != "Death Tyrant")


@pytest.mark.rules("603.2", "603.10a", "506.4")
def test_death_tyrant_attacking_mine_or_blocking_theirs(extra_cards):
    """A's attacking Bears die to B's blocking Hill Giant, B's blocking Bears die to A's attacking Hill Giant: two
    Zombies. A's Hill Giant (damaged by 2) then Shocked after combat: none."""
    extra_cards(DEATH_TYRANT, fully_read=True)
    g, ids = table(["Death Tyrant", "Grizzly Bears", "Hill Giant", "Mountain"], ["Hill Giant", "Grizzly Bears"],
                   hand_a=["Shock"])
    attack(g, ids["Grizzly Bears"], ids["Hill Giant"])
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Hill Giant"]: (ids["Grizzly Bears"],),
                                ids["B:Grizzly Bears"]: (ids["Hill Giant"],)}))
    advance(g, Step.MAIN2)
    assert not on_battlefield(g, "Grizzly Bears")
    assert _zombies(g) == 2
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["Hill Giant"],),)))
    settle(g)
    assert ids["Hill Giant"] not in g.state.battlefield and _zombies(g) == 2      # died, not in combat


@pytest.mark.rules("603.2", "810.2")
def test_another_warrior_enters_under_your_teams_control(extra_cards):
    extra_cards(DECORATED_CHAMPION, fully_read=True)
    g, ids = table(["Decorated Champion", "Forest", "Forest", "Forest"], [], hand_a=["Centaur Courser", "Grizzly Bears"])
    champion = ids["Decorated Champion"]
    g.apply(CastSpell(0, ids["Grizzly Bears"]))      # no Warrior
    settle(g)
    assert g.state.objects[champion].counters.get("+1/+1", 0) == 0
    g2, ids2 = table(["Decorated Champion", "Forest", "Forest", "Forest"], [], hand_a=["Centaur Courser"])
    g2.apply(CastSpell(0, ids2["Centaur Courser"]))  # a Centaur Warrior
    settle(g2)
    assert g2.state.objects[ids2["Decorated Champion"]].counters.get("+1/+1") == 1
