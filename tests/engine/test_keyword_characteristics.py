"""Characteristic-defining keywords (604.3): devoid 702.114a, changeling 702.73a; and afterlife 702.135a,
whose meaning the compiler reads from its 702.x 'a' sentence."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.oracle import compile_card
from tests.engine.driving import cast_and_resolve, on_battlefield, table
from tests.engine.test_keyword_combat import creature

FORERUNNER_OF_SLAUGHTER = creature("Forerunner of Slaughter", "{B}{R}", "Eldrazi Drone",
                                   "Devoid\n{1}: Target colorless creature gains haste until end of turn.", "3/2")
WOODLAND_CHANGELING = creature("Woodland Changeling", "{1}{G}", "Shapeshifter", "Changeling", "2/2")
MINISTRANT_OF_OBLIGATION = creature("Ministrant of Obligation", "{2}{W}", "Human Cleric", "Afterlife 2", "2/1")


@pytest.mark.rules("702.114a", "604.3", "105.2c")
def test_devoid_is_colorless_in_every_zone(extra_cards):
    extra_cards(FORERUNNER_OF_SLAUGHTER)
    assert not compile_card(FORERUNNER_OF_SLAUGHTER).unsupported
    g, ids = table(["Forerunner of Slaughter"], step=Step.MAIN1)
    assert g.characteristics(ids["Forerunner of Slaughter"]).colors == set()
    in_hand = g.add_card("Forerunner of Slaughter", 0, Zone.HAND)
    assert g.characteristics(in_hand).colors == set()


@pytest.mark.rules("702.73a", "604.3", "205.3m")
def test_changeling_is_every_creature_type(extra_cards):
    extra_cards(WOODLAND_CHANGELING)
    g, ids = table(["Woodland Changeling"], step=Step.MAIN1)
    subtypes = g.characteristics(ids["Woodland Changeling"]).subtypes
    assert {"Shapeshifter", "Elf", "Goblin", "Human", "Sliver"} <= subtypes
    assert "Forest" not in subtypes and "Equipment" not in subtypes


@pytest.mark.rules("702.135a")
def test_afterlife_makes_spirits_when_it_dies(extra_cards):
    extra_cards(MINISTRANT_OF_OBLIGATION)
    g, ids = table(["Mountain"], ["Ministrant of Obligation"], hand_a=["Lightning Bolt"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(ids["B:Ministrant of Obligation"],))
    spirits = on_battlefield(g, "Spirit Token")
    assert len(spirits) == 2
    ch = g.characteristics(spirits[0])
    assert ch.controller == 1 and ch.colors == {"W", "B"} and ch.has("flying") and (ch.power, ch.toughness) == (1, 1)
