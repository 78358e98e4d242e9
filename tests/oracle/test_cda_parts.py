"""Characteristic-defining abilities that define one of power or toughness (604.3, 208.2a): "~'s power is
equal to the number of lands you control" on a */4 creature defines the power only; the printed toughness
stays. "~'s toughness is equal to ..." likewise."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import table
from tests.oracle.conftest import record

ZENDIKAR_INCARNATE = record("Zendikar Incarnate", "{2}{R}{G}", "Creature — Elemental",
                            "Zendikar Incarnate's power is equal to the number of lands you control.", pt="*/4")
PEOPLE_OF_THE_WOODS = record("People of the Woods", "{G}{G}", "Creature — Human",
                             "People of the Woods's toughness is equal to the number of Forests you control.", pt="1/*")


@pytest.mark.rules("604.3", "208.2a", "613.4a")
def test_power_only_keeps_the_printed_toughness(extra_cards):
    extra_cards(ZENDIKAR_INCARNATE, fully_read=True)
    g, ids = table(["Zendikar Incarnate", "Forest", "Mountain", "Mountain"])
    ch = g.characteristics(ids["Zendikar Incarnate"])
    assert (ch.power, ch.toughness) == (3, 4)


@pytest.mark.rules("604.3", "208.2a", "613.4a")
def test_toughness_only_keeps_the_printed_power(extra_cards):
    extra_cards(PEOPLE_OF_THE_WOODS, fully_read=True)
    g, ids = table(["People of the Woods", "Forest", "Forest", "Mountain"])
    ch = g.characteristics(ids["People of the Woods"])
    assert (ch.power, ch.toughness) == (1, 2)


TIMBERPACK_WOLF = record("Timberpack Wolf", "{1}{G}", "Creature — Wolf",
                         "Timberpack Wolf gets +1/+1 for each other creature you control named Timberpack Wolf.",
                         pt="2/2")
PLAGUE_RATS = record("Plague Rats", "{2}{B}", "Creature — Rat",
                     "Plague Rats's power and toughness are each equal to the number of creatures named Plague Rats on "
                     "the battlefield.", pt="*/*")


@pytest.mark.rules("613.4c", "201.2")
def test_counting_the_other_creatures_with_its_name(extra_cards):
    extra_cards(TIMBERPACK_WOLF, fully_read=True)
    g, ids = table(["Timberpack Wolf", "Grizzly Bears"], ["Timberpack Wolf"])
    assert g.characteristics(ids["Timberpack Wolf"]).power == 2          # the opponent's Wolf isn't yours
    g.add_card("Timberpack Wolf", 0, Zone.BATTLEFIELD)
    assert (g.characteristics(ids["Timberpack Wolf"]).power, g.characteristics(ids["Timberpack Wolf"]).toughness) == (3, 3)


SEVEN_DWARVES = record("Seven Dwarves", "{1}{R}", "Creature — Dwarf",
                       "Seven Dwarves gets +1/+1 for each other creature named Seven Dwarves you control.\nA deck can "
                       "have up to seven cards named Seven Dwarves.", "2/2")


@pytest.mark.rules("613.4c", "201.2")
def test_counting_the_other_creatures_named_so_you_control(extra_cards):
    extra_cards(SEVEN_DWARVES, fully_read=True)
    g, ids = table(["Seven Dwarves", "Seven Dwarves", "Grizzly Bears"], ["Seven Dwarves"])
    (mine, other) = [o for o in g.state.battlefield if g.state.objects[o].controller == 0
                     and g.characteristics(o).name == "Seven Dwarves"]
    assert (g.characteristics(mine).power, g.characteristics(other).power) == (3, 3), "one other each; B's isn't yours"
    assert g.characteristics(ids["B:Seven Dwarves"]).power == 2


@pytest.mark.rules("604.3", "201.2")
def test_counting_every_creature_with_its_name(extra_cards):
    extra_cards(PLAGUE_RATS, fully_read=True)
    g, ids = table(["Plague Rats", "Plague Rats", "Grizzly Bears"], ["Plague Rats"])
    ch = g.characteristics(ids["B:Plague Rats"])
    assert (ch.power, ch.toughness) == (3, 3)
