"""Counters of an object that left the battlefield (603.10a, 608.2h): "When ~ dies, put its counters on target
creature you control" puts as many of each kind as it had as it last existed on the battlefield (122.1)."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

SPITEFUL_SQUAD = record("Spiteful Squad", "{2}{W}{B}", "Creature — Human Warlock",
                        "Deathtouch\nSpiteful Squad enters the battlefield with two +1/+1 counters on it.\nWhen Spiteful "
                        "Squad dies, put its counters on target creature you control.", "0/0")


@pytest.mark.rules("603.10a", "608.2h", "122.1")
def test_put_its_counters_on_target_creature_you_control(extra_cards):
    extra_cards(SPITEFUL_SQUAD, fully_read=True)
    g, ids = table(["Grizzly Bears", "Plains", "Swamp", "Mountain", "Mountain", "Mountain"], [],
                   ["Spiteful Squad", "Lightning Bolt"])
    squad, bears = ids["Spiteful Squad"], ids["Grizzly Bears"]
    cast_and_resolve(g, squad)
    squad = on_battlefield(g, "Spiteful Squad")[0]
    g.state.writable(squad).counters["charge"] = 1
    g.state.invalidate()
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((squad,),))
    resolve_stack(g)
    assert not on_battlefield(g, "Spiteful Squad")
    # its only target, the Bears, gets what the Squad had as it died: both kinds
    assert g.state.objects[bears].counters == {"+1/+1": 2, "charge": 1}
    assert g.characteristics(bears).power == 4
