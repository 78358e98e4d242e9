"""Deck-construction rules printed on cards (100.2a, 903.3d) are read as what they are: rules for building a deck,
checked by the card database's deck validation (tests/cardsdb/test_validation.py, test_commander_deck_check.py),
with nothing to do in a game. Other sentences of the same card are still read on their own."""
from __future__ import annotations

import pytest

from engine.oracle.compiler import compile_card
from tests.oracle.conftest import record


@pytest.mark.rules("100.2a")
@pytest.mark.parametrize("line", ["A deck can have any number of cards named Relentless Rats.",
                                  "A deck can have up to seven cards named Relentless Rats."])
def test_a_deck_size_exception_is_a_deck_rule(line):
    rats = compile_card(record("Relentless Rats", "{1}{B}{B}", "Creature — Rat",
                               "Relentless Rats gets +1/+1 for each other creature on the battlefield named "
                               f"Relentless Rats.\n{line}", "2/2"))
    assert rats.unsupported == () and len(rats.static) == 1


@pytest.mark.rules("903.3d")
def test_can_be_your_commander_is_a_deck_rule():
    walker = compile_card(record("Freyalise, Llanowar's Fury", "{3}{G}{G}", "Legendary Planeswalker — Freyalise",
                                 "[−2]: Destroy target artifact or enchantment.\nFreyalise, Llanowar's Fury can be "
                                 "your commander.", loyalty="3"))
    assert walker.unsupported == () and len(walker.activated) == 1


def test_a_deck_rule_about_another_card_is_not_skipped():
    other = compile_card(record("Rat Friend", "{1}{B}", "Creature — Rat",
                                "A deck can have any number of cards named Relentless Rats.", "1/1"))
    assert other.unsupported
