"""Two powers compared as the instruction is reached (608.2c): "Then if that creature's power is greater than ~'s
power, put another +1/+1 counter on ~". Played with a real card through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

YORVO = record("Yorvo, Lord of Garenbrig", "{G}{G}{G}", "Legendary Creature — Giant Noble",
               "Yorvo, Lord of Garenbrig enters the battlefield with four +1/+1 counters on it.\nWhenever another green "
               "creature enters the battlefield under your control, put a +1/+1 counter on Yorvo. Then if that "
               "creature's power is greater than Yorvo's power, put another +1/+1 counter on Yorvo.", "0/0")


@pytest.mark.rules("608.2c", "603.4", "122.1")
@pytest.mark.parametrize("creature,counters", [("Craw Wurm", 2), ("Grizzly Bears", 1)])
def test_yorvo_gets_another_counter_only_for_a_bigger_creature(extra_cards, creature, counters):
    extra_cards(YORVO, fully_read=True)
    g, ids = table(["Forest"] * 9, [], ["Yorvo, Lord of Garenbrig", creature])
    cast_and_settle(g, ids["Yorvo, Lord of Garenbrig"])
    (yorvo,) = on_battlefield(g, "Yorvo, Lord of Garenbrig")
    assert g.state.objects[yorvo].counters == {"+1/+1": 4}
    cast_and_settle(g, ids[creature])
    assert g.state.objects[yorvo].counters == {"+1/+1": 4 + counters}     # 5/5 after the first: the Wurm is 6/4
