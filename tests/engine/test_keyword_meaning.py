"""Keywords whose meaning is a triggered ability (prowess 702.108a, undying 702.93a), and keywords the
engine only recognizes: a card with one is unsupported for enforced rules rather than played without it."""
from __future__ import annotations

import pytest

from engine.core.cards import card_def, default_pool
from engine.core.enums import Step
from engine.oracle import compile_card
from engine.oracle.keywords import IMPLEMENTED
from tests.engine.driving import cast_and_resolve, on_battlefield, table

MONASTERY_SWIFTSPEAR = {"name": "Monastery Swiftspear", "manaCost": "{R}", "type": "Creature — Human Monk",
                        "types": ["Creature"], "subtypes": ["Human", "Monk"], "text": "Haste\nProwess",
                        "power": "1", "toughness": "2"}
YOUNG_WOLF = {"name": "Young Wolf", "manaCost": "{G}", "type": "Creature — Wolf", "types": ["Creature"],
              "subtypes": ["Wolf"], "text": "Undying", "power": "1", "toughness": "1"}
BILIOUS_SKULLDWELLER = {"name": "Bilious Skulldweller", "manaCost": "{B}", "type": "Creature — Phyrexian Insect",
                        "types": ["Creature"], "subtypes": ["Phyrexian", "Insect"], "text": "Toxic 1\nDeathtouch",
                        "power": "1", "toughness": "1"}


def _pt(g, oid: int) -> tuple[int, int]:
    ch = g.characteristics(oid)
    return ch.power, ch.toughness


@pytest.mark.rules("702.108a", "702.108b")
def test_prowess_triggers_on_a_noncreature_spell(extra_cards):
    extra_cards(MONASTERY_SWIFTSPEAR)
    g, ids = table(["Monastery Swiftspear", "Mountain"], hand_a=["Lightning Bolt"], step=Step.MAIN1)
    monk = ids["Monastery Swiftspear"]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=("P1",))
    assert g.state.players[1].life == 17
    assert _pt(g, monk) == (2, 3)


@pytest.mark.rules("702.108a")
def test_prowess_ignores_creature_spells(extra_cards):
    extra_cards(MONASTERY_SWIFTSPEAR)
    g, ids = table(["Monastery Swiftspear", "Forest", "Forest"], hand_a=["Grizzly Bears"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Grizzly Bears"])
    assert on_battlefield(g, "Grizzly Bears")
    assert _pt(g, ids["Monastery Swiftspear"]) == (1, 2)


@pytest.mark.rules("702.93a", "603.10a", "400.7")
def test_undying_returns_once_with_a_counter(extra_cards):
    extra_cards(YOUNG_WOLF)
    g, ids = table(["Mountain", "Mountain"], ["Young Wolf"], hand_a=["Lightning Bolt", "Shock"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(ids["B:Young Wolf"],))
    (wolf,) = on_battlefield(g, "Young Wolf")
    assert wolf != ids["B:Young Wolf"]
    assert g.state.objects[wolf].counters.get("+1/+1") == 1 and _pt(g, wolf) == (2, 2)
    assert g.state.objects[wolf].controller == 1
    cast_and_resolve(g, ids["Shock"], targets=(wolf,))
    assert on_battlefield(g, "Young Wolf") == []   # it had a +1/+1 counter: it stays dead
    assert len(g.state.players[1].graveyard) == 1


def test_a_keyword_the_engine_does_not_play_makes_the_card_unsupported():
    d = compile_card(BILIOUS_SKULLDWELLER)
    assert d.unsupported and "Toxic" in d.unsupported[0]
    assert not any(kw.name == "toxic" for kw in d.keywords)


def test_every_starter_pool_keyword_is_played():
    pool = default_pool()
    for name in pool.names():
        d = card_def(name)
        assert not d.unsupported, (name, d.unsupported)
        assert {kw.name for kw in d.keywords} <= IMPLEMENTED, name
