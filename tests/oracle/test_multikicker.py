"""Multikicker (702.33c-d): "You may pay an additional [cost] any number of times as you cast this spell"; the
spell, and the permanent it becomes, remembers how many times it was kicked ("for each time it was kicked").
Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record
from tests.oracle.test_kicked_instructions import SAPROLING_MIGRATION

EVERFLOWING_CHALICE = record("Everflowing Chalice", "{0}", "Artifact",
                             "Multikicker {2}\nEverflowing Chalice enters the battlefield with a charge counter on it "
                             "for each time it was kicked.\n{T}: Add {C} for each charge counter on Everflowing "
                             "Chalice.")
LIGHTKEEPER_OF_EMERIA = record("Lightkeeper of Emeria", "{3}{W}", "Creature — Angel",
                               "Multikicker {W} (You may pay an additional {W} any number of times as you cast this "
                               "spell.)\nFlying\nWhen Lightkeeper of Emeria enters the battlefield, you gain 2 life "
                               "for each time it was kicked.", "2/4")


@pytest.mark.rules("702.33c", "702.33d", "614.1c")
@pytest.mark.parametrize("times", [0, 1, 2])
def test_enters_with_a_counter_for_each_time_it_was_kicked(extra_cards, times):
    extra_cards(EVERFLOWING_CHALICE, fully_read=True)
    g, ids = table(["Island"] * 4)
    chalice = g.add_card("Everflowing Chalice", 0, Zone.HAND)
    cast_and_settle(g, chalice, kicked=times)
    (on,) = on_battlefield(g, "Everflowing Chalice")
    assert g.state.objects[on].counters.get("charge", 0) == times
    assert sum(1 for o in g.state.battlefield if g.state.objects[o].tapped) == 2 * times
    assert type(g).from_json(g.to_json()).state.objects[on].kicked == times     # kept in a save


@pytest.mark.rules("702.33c", "702.33d", "603.2")
@pytest.mark.parametrize("times", [0, 3])
def test_an_enters_trigger_counts_the_kicks(extra_cards, times):
    extra_cards(LIGHTKEEPER_OF_EMERIA, fully_read=True)
    g, ids = table(["Plains"] * 7, hand_a=["Lightkeeper of Emeria"])
    cast_and_settle(g, ids["Lightkeeper of Emeria"], kicked=times)
    assert g.state.players[0].life == 20 + 2 * times


@pytest.mark.rules("702.33c", "601.2f")
def test_each_kick_costs_its_price(extra_cards):
    """Four lands pay for the Angel and nothing more: one kick is too many."""
    extra_cards(LIGHTKEEPER_OF_EMERIA, fully_read=True)
    g, ids = table(["Plains"] * 4, hand_a=["Lightkeeper of Emeria"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightkeeper of Emeria"], kicked=1))
    kicks = {a.kicked for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Lightkeeper of Emeria"]}
    assert kicks == {0}


@pytest.mark.rules("702.33a", "702.33d")
def test_a_plain_kicker_is_paid_once_at_most(extra_cards):
    extra_cards(SAPROLING_MIGRATION, fully_read=True)
    g, ids = table(["Forest"] * 10, hand_a=["Saproling Migration"])
    with pytest.raises(IllegalAction, match="once at most"):
        g.apply(CastSpell(0, ids["Saproling Migration"], kicked=2))
