"""Two more numbers (107.1): "the number of creatures you control in excess of the number of creatures target opponent
controls" (yours less theirs, never below zero, 107.1b), and "your starting life total" (103.4) that a life total
becomes (119.5). Played with real cards through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

SUPERIOR_NUMBERS = record("Superior Numbers", "{G}{G}", "Sorcery",
                          "Superior Numbers deals damage to target creature equal to the number of creatures you "
                          "control in excess of the number of creatures target opponent controls.")
OKETRAS_LAST_MERCY = record("Oketra's Last Mercy", "{1}{W}{W}", "Sorcery",
                            "Your life total becomes equal to your starting life total. Lands you control don't untap "
                            "during your next untap step.")


@pytest.mark.rules("107.1b", "120.3")
@pytest.mark.parametrize("mine,expected", [(["Grizzly Bears", "Llanowar Elves", "Hill Giant", "Giant Spider"], 3),
                                           (["Grizzly Bears"], 0)])
def test_superior_numbers_deals_the_excess(extra_cards, mine, expected):
    extra_cards(SUPERIOR_NUMBERS, fully_read=True)
    g, ids = table(["Forest", "Forest"] + mine, ["Serra Angel"], ["Superior Numbers"])
    angel = ids["B:Serra Angel"]
    cast_and_resolve(g, ids["Superior Numbers"], targets=((angel,), ("P1",)))
    assert g.state.objects[angel].damage == expected


@pytest.mark.rules("119.5", "103.4")
@pytest.mark.parametrize("life", [7, 26])
def test_oketras_last_mercy_sets_your_life_to_the_starting_total(extra_cards, life):
    extra_cards(OKETRAS_LAST_MERCY, fully_read=True)
    g, ids = table(["Plains"] * 3, [], ["Oketra's Last Mercy"], life_a=life)
    cast_and_resolve(g, ids["Oketra's Last Mercy"])
    assert g.state.players[0].life == 20
    advance(g, Step.UPKEEP, turn=5)
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Plains"))     # not untapped in your next untap step
