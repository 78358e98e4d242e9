"""Keyword counters (122.1b): a flying counter gives its permanent flying in layer 6, with the counter's own
timestamp among the other effects of that layer (613.7c); played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.savecheck import validate_state
from engine.core.state import GameState
from engine.query.layers import characteristics
from tests.engine.driving import (attack, can_block, cast_and_resolve, cast_and_settle, on_battlefield, preferring, table,
                                   until_blockers)
from tests.oracle.conftest import record

FLIGHT = record("Spontaneous Flight", "{2}{W}", "Instant",
                "Target creature gets +2/+2 until end of turn. Put a flying counter on it.")
LANDS = ["Plains", "Plains", "Plains", "Island", "Island"]


def _table(extra_cards):
    extra_cards(FLIGHT, fully_read=True)     # Turn to Frog (M21) is in the pool
    g, ids = table(["Grizzly Bears", *LANDS], ["Grizzly Bears"], ["Spontaneous Flight", "Turn to Frog"])
    return g, ids, ids["Grizzly Bears"]


@pytest.mark.rules("122.1b", "702.9b")
def test_a_flying_counter_gives_flying(extra_cards):
    g, ids, bears = _table(extra_cards)
    cast_and_resolve(g, ids["Spontaneous Flight"], targets=((bears,),))
    assert g.state.objects[bears].counters == {"flying": 1}
    assert characteristics(g.state, bears).has("flying")
    attack(g, bears)
    until_blockers(g)
    assert not can_block(g, ids["B:Grizzly Bears"], bears)     # 702.9b: no flying or reach


@pytest.mark.rules("122.1b", "613.7c")
def test_a_flying_counter_put_on_after_the_loss_of_all_abilities_gives_flying(extra_cards):
    g, ids, bears = _table(extra_cards)
    cast_and_resolve(g, ids["Turn to Frog"], targets=((bears,),))
    cast_and_resolve(g, ids["Spontaneous Flight"], targets=((bears,),))
    ch = characteristics(g.state, bears)
    assert ch.has("flying") and (ch.power, ch.toughness) == (3, 3)
    validate_state(g.state.to_json())
    saved = GameState.from_json(g.state.to_json())     # the counter's timestamp is kept in a save
    assert characteristics(saved, bears).has("flying")


@pytest.mark.rules("122.1b", "613.7c")
def test_a_flying_counter_put_on_before_the_loss_of_all_abilities_is_lost(extra_cards):
    g, ids, bears = _table(extra_cards)
    cast_and_resolve(g, ids["Spontaneous Flight"], targets=((bears,),))
    assert characteristics(g.clone().state, bears).has("flying")
    cast_and_resolve(g, ids["Turn to Frog"], targets=((bears,),))
    assert g.state.objects[bears].counters == {"flying": 1}
    assert not characteristics(g.state, bears).has("flying")


BOOT_NIPPER = record("Boot Nipper", "{1}{B}", "Creature — Beast",
                     "Boot Nipper enters the battlefield with your choice of a deathtouch counter or a lifelink counter on "
                     "it.", "2/1")
GRIMDANCER = record("Grimdancer", "{1}{B}{B}", "Creature — Nightmare",
                    "Grimdancer enters the battlefield with your choice of two different counters on it from among "
                    "menace, deathtouch, and lifelink.", "3/2")


@pytest.mark.rules("614.12", "614.1c", "122.1b")
@pytest.mark.parametrize("pick,kind", [("a deathtouch counter", "deathtouch"), ("a lifelink counter", "lifelink")])
def test_boot_nipper_enters_with_the_counter_chosen(extra_cards, pick, kind):
    extra_cards(BOOT_NIPPER, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], [], ["Boot Nipper"])
    cast_and_settle(g, ids["Boot Nipper"], answer=preferring(pick))
    (nipper,) = on_battlefield(g, "Boot Nipper")
    assert g.state.objects[nipper].counters == {kind: 1}
    assert characteristics(g.state, nipper).has(kind)


@pytest.mark.rules("614.12", "614.1c", "122.1b")
def test_grimdancer_enters_with_two_different_counters_chosen(extra_cards):
    extra_cards(GRIMDANCER, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp"], [], ["Grimdancer"])
    cast_and_settle(g, ids["Grimdancer"], answer=preferring("a menace counter and a lifelink counter"))
    (dancer,) = on_battlefield(g, "Grimdancer")
    assert g.state.objects[dancer].counters == {"menace": 1, "lifelink": 1}
