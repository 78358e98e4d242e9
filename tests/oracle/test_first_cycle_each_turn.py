""""Whenever you cycle another card for the first time each turn" (603.2, 702.29a): the player's first cycle this
turn of a card other than the one with the ability (a turn-log count), once again the next turn."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, settle, table
from tests.oracle.conftest import record

VALIANT_RESCUER = record("Valiant Rescuer", "{1}{W}", "Creature — Human Soldier",
                         "Whenever you cycle another card for the first time each turn, create a 1/1 white Human "
                         "Soldier creature token.\nCycling {2} ({2}, Discard this card: Draw a card.)", "3/1")


def _soldiers(g) -> int:
    return sum(1 for o in g.state.battlefield if g.characteristics(o).name == "Human Soldier Token")


@pytest.mark.rules("603.2", "702.29a")
def test_the_first_cycle_each_turn_makes_a_soldier(extra_cards):
    extra_cards(VALIANT_RESCUER, fully_read=True)
    g, ids = table(["Valiant Rescuer"] + ["Plains"] * 6, [])
    rescuer = ids["Valiant Rescuer"]
    hand = [g.add_card("Valiant Rescuer", 0, Zone.HAND)
            for _ in range(3)]
    g.apply(ActivateAbility(0, hand[0], 0))
    settle(g)
    assert _soldiers(g) == 1
    g.apply(ActivateAbility(0, hand[1], 0))
    settle(g)
    assert _soldiers(g) == 1                    # the second cycle this turn
    advance(g, Step.MAIN1, turn=5)
    g.apply(ActivateAbility(0, hand[2], 0))
    settle(g)
    assert _soldiers(g) == 2 and rescuer in g.state.battlefield
