"""Keyword abilities read from Oracle text (702)."""
from __future__ import annotations

import pytest

from engine.core.abilities import Keyword
from engine.core.mana import ManaCost
from engine.oracle import keyword_from_text


@pytest.mark.rules("702.9a", "702.7a", "702.4a", "702.2a", "702.19a", "702.15a", "702.3a", "702.10a")
@pytest.mark.parametrize("text,name", [
    ("Flying", "flying"), ("first strike", "first strike"), ("Double strike", "double strike"),
    ("Deathtouch", "deathtouch"), ("Trample", "trample"), ("Lifelink", "lifelink"), ("Defender", "defender"),
    ("Haste", "haste"), ("Vigilance", "vigilance"), ("Reach", "reach"), ("Menace", "menace"), ("Flash", "flash"),
    ("Hexproof", "hexproof"), ("Indestructible", "indestructible"), ("Shroud", "shroud"),
])
def test_simple_keywords(text, name):
    assert keyword_from_text(text) == Keyword(name)


@pytest.mark.rules("702.16a", "702.14a")
def test_protection_and_landwalk():
    assert keyword_from_text("protection from black") == Keyword("protection", "black")
    assert keyword_from_text("Protection from creatures") == Keyword("protection", "creatures")
    kw = keyword_from_text("swampwalk")
    assert kw == Keyword("landwalk", "swamp") and kw.text == "swampwalk"


@pytest.mark.rules("702.6a", "702.21a", "702.33a", "702.34a")
def test_keywords_with_costs():
    assert keyword_from_text("equip {2}") == Keyword("equip", cost=ManaCost(("2",)))
    assert keyword_from_text("Equip {2}").text == "equip {2}"
    assert keyword_from_text("ward {2}").cost == ManaCost(("2",))
    assert keyword_from_text("kicker {1}{G}").cost == ManaCost(("1", "G"))
    assert keyword_from_text("flashback {1}{W}").cost == ManaCost(("1", "W"))
    fb = keyword_from_text("Flashback—{1}{U}, Pay 3 life")
    assert fb.cost == ManaCost(("1", "U")) and fb.full_cost.pay_life == 3


def test_not_a_keyword():
    assert keyword_from_text("Destroy target creature") is None
    assert keyword_from_text("equip a creature") is None


@pytest.mark.rules("702.16a")
def test_keyword_line(card):
    d = card("White Knight", "{W}{W}", "Creature — Human Knight", "First strike, protection from black", "2/2")
    assert [k.text for k in d.keywords] == ["first strike", "protection from black"]
    assert d.supported and not d.activated
    d = card("Vampire Nighthawk", "{1}{B}{B}", "Creature — Vampire Shaman", "Flying, deathtouch, lifelink", "2/3")
    assert [k.name for k in d.keywords] == ["flying", "deathtouch", "lifelink"]


def test_reminder_text_is_ignored(card):
    d = card("Colossal Dreadmaw", "{4}{G}{G}", "Creature — Dinosaur",
             "Trample (This creature can deal excess combat damage to the player or planeswalker it's attacking.)",
             "6/6")
    assert d.keywords == (Keyword("trample"),) and d.supported

