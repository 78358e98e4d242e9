"""Ability words (207.2c) and flavor words (207.2d) label an ability without rules meaning."""
from __future__ import annotations

import pytest

from engine.oracle.ability_words import ability_word, strip_ability_words


@pytest.mark.rules("207.2c")
def test_landfall_reads_as_the_trigger_it_labels(card):
    d = card("Steppe Lynx", "{W}", "Creature — Cat",
             "Landfall — Whenever a land you control enters, ~ gets +2/+2 until end of turn.", "0/1")
    assert d.supported and len(d.triggered) == 1
    assert d.triggered[0].trigger.event == "enters"


@pytest.mark.rules("207.2c", "207.2d")
@pytest.mark.parametrize("line,word", [
    ("Threshold — ~ gets +1/+1.", "Threshold"),
    ("Council's dilemma — Starting with you, each player votes.", "Council's dilemma"),
    ("• Sell Contraband — Create a Treasure token.", "Sell Contraband"),
    ("Descend 4 — Whenever ~ attacks, draw a card.", "Descend 4"),
])
def test_any_label_before_the_dash_is_dropped(line, word):
    assert ability_word(line) == word
    assert " — " not in strip_ability_words(line)


@pytest.mark.rules("702.142a", "714.2b", "700.2")
@pytest.mark.parametrize("line", [
    "Boast — {1}{R}: ~ deals 1 damage to any target.",   # a keyword with rules of its own
    "I, II — Create a 1/1 white Soldier creature token.",  # saga chapters
    "Choose one —",
    "Whenever ~ attacks, choose one — • Draw a card.",
])
def test_keywords_chapters_and_modes_keep_their_dash(line):
    assert ability_word(line) is None
    assert strip_ability_words(line) == line


@pytest.mark.rules("207.2c")
def test_an_unread_labelled_ability_stays_unread(card):
    # Channel works from the hand (113.6m), which the engine doesn't offer: not played as if blank.
    d = card("Eiganjo, Seat of the Empire", None, "Legendary Land",
             "{T}: Add {W}.\nChannel — {2}{W}, Discard ~: It deals 4 damage to target attacking or blocking creature.")
    assert not d.supported
