"""Triggers on phasing (702.26): "Whenever ~ phases in" and "Whenever ~ phases out" (this one looks back in time,
603.10b: the permanent no longer exists for the game once phased out), played with a real card."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from tests.engine.driving import advance, resolve_stack, settle, table
from tests.oracle.conftest import record

TEFERIS_IMP = record("Teferi's Imp", "{2}{U}", "Creature — Imp",
                     "Flying\nPhasing (This phases in or out before you untap during each of your untap steps. While "
                     "it's phased out, it's treated as though it doesn't exist.)\nWhenever Teferi's Imp phases out, "
                     "discard a card.\nWhenever Teferi's Imp phases in, draw a card.", "1/1")


@pytest.mark.rules("702.26a", "702.26b", "702.26c", "603.10b")
def test_phases_out_then_in(extra_cards):
    extra_cards(TEFERIS_IMP, fully_read=True)
    g, ids = table(["Teferi's Imp"], hand_a=["Island"])
    imp = ids["Teferi's Imp"]
    advance(g, Step.UPKEEP, turn=5)           # its controller's untap step: it phased out
    settle(g)
    assert imp in g.state.phased_out
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Island"]
    hand = len(g.state.players[0].hand)
    advance(g, Step.UPKEEP, turn=7)           # and in again
    resolve_stack(g)
    assert imp in g.state.battlefield and len(g.state.players[0].hand) == hand + 2     # its draw and the draw step's
