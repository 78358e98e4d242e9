""""~ can't have counters put on it" (122.1, 101.2): no instruction or replacement puts a counter on it
(engine.board.damage.counters_to_put, which every placing of counters asks). Compiled from a real card and
played."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

MELIRAS_KEEPERS = record("Melira's Keepers", "{4}{G}", "Creature — Phyrexian Human Warrior",
                         "Melira's Keepers can't have counters put on it.", "4/4")
BATTLEGROWTH = record("Battlegrowth", "{G}", "Instant", "Put a +1/+1 counter on target creature.")


@pytest.mark.rules("122.1", "101.2")
def test_melira_s_keepers_gets_no_counter(extra_cards):
    extra_cards(MELIRAS_KEEPERS, BATTLEGROWTH)
    g, ids = table(["Melira's Keepers", "Forest"], [], hand_a=["Battlegrowth"])
    keepers = ids["Melira's Keepers"]
    g.apply(CastSpell(0, ids["Battlegrowth"], targets=((keepers,),)))
    resolve_stack(g)
    assert not g.state.objects[keepers].counters
    assert g.characteristics(keepers).power == 4


@pytest.mark.rules("122.1")
def test_without_the_ability_the_counter_is_put(extra_cards):
    extra_cards(BATTLEGROWTH)
    g, ids = table(["Grizzly Bears", "Forest"], [], hand_a=["Battlegrowth"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Battlegrowth"], targets=((bears,),)))
    resolve_stack(g)
    assert g.state.objects[bears].counters == {"+1/+1": 1}
