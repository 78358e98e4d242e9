"""Day and night read from Oracle text (731): "If it's neither day nor night, it becomes day as ~ enters" and
"Whenever day becomes night or night becomes day, ..." (731.1a: a change from one to the other, not the first
day), played with a real card."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

BRIMSTONE_VANDAL = record("Brimstone Vandal", "{2}{R}", "Creature — Devil",
                          "Menace (This creature can't be blocked except by two or more creatures.)\nIf it's neither "
                          "day nor night, it becomes day as Brimstone Vandal enters the battlefield.\nWhenever day "
                          "becomes night or night becomes day, Brimstone Vandal deals 1 damage to each opponent.",
                          "2/3")


@pytest.mark.rules("731.1", "731.1a", "731.2a", "502.2", "603.2")
def test_it_becomes_day_as_it_enters_and_the_change_to_night_triggers(extra_cards):
    extra_cards(BRIMSTONE_VANDAL, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Mountain"], hand_a=["Brimstone Vandal"])
    assert g.state.day_night == ""
    cast_and_resolve(g, ids["Brimstone Vandal"])
    assert g.state.day_night == "day"
    assert g.state.players[1].life == 20              # neither becoming day isn't "night becomes day"
    advance(g, Step.UPKEEP, turn=4)                   # its controller cast a spell in turn 3: still day
    assert g.state.day_night == "day" and g.state.players[1].life == 20
    advance(g, Step.UPKEEP, turn=5)                   # the opponent cast none in turn 4: night (502.2)
    resolve_stack(g)
    assert g.state.day_night == "night" and g.state.players[1].life == 19
