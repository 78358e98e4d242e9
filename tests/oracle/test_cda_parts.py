"""Characteristic-defining abilities that define one of power or toughness (604.3, 208.2a): "~'s power is
equal to the number of lands you control" on a */4 creature defines the power only; the printed toughness
stays. "~'s toughness is equal to ..." likewise."""
from __future__ import annotations

import pytest

from engine.oracle import compile_card
from tests.engine.driving import table
from tests.oracle.conftest import record

ZENDIKAR_INCARNATE = record("Zendikar Incarnate", "{2}{R}{G}", "Creature — Elemental",
                            "Zendikar Incarnate's power is equal to the number of lands you control.", pt="*/4")
PEOPLE_OF_THE_WOODS = record("People of the Woods", "{G}{G}", "Creature — Human",
                             "People of the Woods's toughness is equal to the number of Forests you control.", pt="1/*")


@pytest.mark.rules("604.3", "208.2a", "613.4a")
def test_power_only_keeps_the_printed_toughness(extra_cards):
    assert not compile_card(ZENDIKAR_INCARNATE).unsupported
    extra_cards(ZENDIKAR_INCARNATE)
    g, ids = table(["Zendikar Incarnate", "Forest", "Mountain", "Mountain"])
    ch = g.characteristics(ids["Zendikar Incarnate"])
    assert (ch.power, ch.toughness) == (3, 4)


@pytest.mark.rules("604.3", "208.2a", "613.4a")
def test_toughness_only_keeps_the_printed_power(extra_cards):
    assert not compile_card(PEOPLE_OF_THE_WOODS).unsupported
    extra_cards(PEOPLE_OF_THE_WOODS)
    g, ids = table(["People of the Woods", "Forest", "Forest", "Mountain"])
    ch = g.characteristics(ids["People of the Woods"])
    assert (ch.power, ch.toughness) == (1, 2)
