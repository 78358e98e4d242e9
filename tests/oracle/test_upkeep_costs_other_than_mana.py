"""Echo and cumulative upkeep with a cost that isn't mana (702.30a, 702.24a): "Echo—Sacrifice two lands",
"Cumulative upkeep—Put a -1/-1 counter on Aboroth", "Cumulative upkeep—Discard a card". Paying is carrying the action
out as the trigger resolves (118.12a); cumulative upkeep's cost is paid once for each age counter, all of it or none
(702.24a: no partial payment)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import on_battlefield, table
from tests.engine.test_keyword_meanings import upkeep_of
from tests.oracle.conftest import record

SKIZZIK_SURGER = record("Skizzik Surger", "{4}{R}{R}", "Creature — Elemental",
                        "Haste\nEcho—Sacrifice two lands. (At the beginning of your upkeep, if this came under your "
                        "control since the beginning of your last upkeep, sacrifice it unless you pay its echo cost.)",
                        "6/4")
ABOROTH = record("Aboroth", "{4}{G}{G}", "Creature — Elemental",
                 "Cumulative upkeep—Put a -1/-1 counter on Aboroth. (At the beginning of your upkeep, put an age counter "
                 "on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)",
                 "9/9")
VEXING_SPHINX = record("Vexing Sphinx", "{1}{U}{U}", "Creature — Sphinx",
                       "Flying\nCumulative upkeep—Discard a card. (At the beginning of your upkeep, put an age counter "
                       "on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on "
                       "it.)\nWhen Vexing Sphinx dies, draw a card for each age counter on it.", "4/4")


@pytest.mark.rules("702.30a", "118.12a", "701.21a")
@pytest.mark.parametrize("lands,pay,stays", [(3, True, True), (3, False, False), (1, True, False)])
def test_echo_sacrifice_two_lands(extra_cards, lands, pay, stays):
    """Paid with two of three Mountains it stays (one Mountain left); not paid, or with one land only, it's
    sacrificed."""
    extra_cards(SKIZZIK_SURGER, fully_read=True)
    g, ids = table(["Skizzik Surger"] + ["Mountain"] * lands)
    upkeep_of(g, 5, pay=pay)
    assert bool(on_battlefield(g, "Skizzik Surger")) == stays
    assert len(on_battlefield(g, "Mountain")) == (lands - 2 if stays else lands)
    upkeep_of(g, 7, pay=True)
    assert bool(on_battlefield(g, "Skizzik Surger")) == stays        # echo is paid once only


@pytest.mark.rules("702.24a", "122.1")
def test_cumulative_upkeep_put_a_counter_for_each_age_counter(extra_cards):
    extra_cards(ABOROTH, fully_read=True)
    g, ids = table(["Aboroth"])
    aboroth = ids["Aboroth"]
    upkeep_of(g, 5, pay=True)
    assert g.state.objects[aboroth].counters == {"age": 1, "-1/-1": 1}
    upkeep_of(g, 7, pay=True)
    assert g.state.objects[aboroth].counters == {"age": 2, "-1/-1": 3}
    assert g.characteristics(aboroth).power == 6
    upkeep_of(g, 9, pay=False)
    assert not on_battlefield(g, "Aboroth")


@pytest.mark.rules("702.24a", "118.3", "701.9a")
def test_cumulative_upkeep_discard_a_card_for_each_age_counter(extra_cards):
    """One card discarded at the first upkeep; at the second, two are due and the hand holds one (the card drawn):
    no partial payment, so the Sphinx is sacrificed, and its death draws a card for each of its two age counters."""
    extra_cards(VEXING_SPHINX, fully_read=True)
    g, ids = table(["Vexing Sphinx"], hand_a=["Grizzly Bears"])
    upkeep_of(g, 5, pay=True)
    assert on_battlefield(g, "Vexing Sphinx") and g.state.players[0].hand == []
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Grizzly Bears"]
    upkeep_of(g, 7, pay=True)
    assert not on_battlefield(g, "Vexing Sphinx")
    assert "Vexing Sphinx" in [g.state.objects[o].name for o in g.state.players[0].graveyard]
    assert len(g.state.players[0].hand) == 1 + 2 and all(g.state.objects[o].zone is Zone.HAND
                                                         for o in g.state.players[0].hand)
