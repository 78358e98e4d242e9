"""What died this turn (700.4), counted as it last existed on the battlefield: "for each nontoken creature that died
this turn", "for each creature that died under your control this turn", "if three or more creatures died this turn";
and "the life you've lost this turn" (119.3)."""
from __future__ import annotations

import pytest

from tests.engine.driving import activate_and_resolve, cast_and_resolve, cast_and_settle, table
from tests.oracle.conftest import record

BODY_COUNT = record("Body Count", "{2}{B}", "Instant",
                    "Spectacle {B} (You may cast this spell for its spectacle cost rather than its mana cost if an "
                    "opponent lost life this turn.)\nDraw a card for each creature that died under your control this "
                    "turn.")
CHILDREN_OF_KORLIS = record("Children of Korlis", "{W}", "Creature — Human Rebel Cleric",
                            "Sacrifice Children of Korlis: You gain life equal to the life you've lost this turn. "
                            "(Damage causes loss of life.)", "1/1")


@pytest.mark.rules("700.4", "608.2h")
def test_draws_for_each_creature_that_died_under_your_control(extra_cards):
    extra_cards(BODY_COUNT, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard", "Swamp", "Swamp", "Swamp", "Mountain", "Swamp", "Swamp", "Swamp"],
                   ["Hill Giant"], hand_a=["Murder", "Body Count", "Lightning Bolt"])
    cast_and_resolve(g, ids["Murder"], targets=((ids["Grizzly Bears"],),))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Hill Giant"],),))   # the opponent's: not counted
    others = len(g.state.players[0].hand) - 1          # the cards besides Body Count
    cast_and_resolve(g, ids["Body Count"])
    assert len(g.state.players[0].hand) == others + 1   # one card: only the Bears died under your control


@pytest.mark.rules("119.3", "608.2h")
def test_gain_the_life_you_have_lost_this_turn(extra_cards):
    extra_cards(CHILDREN_OF_KORLIS, fully_read=True)
    g, ids = table(["Children of Korlis", "Mountain"], hand_a=["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P0",),))
    activate_and_resolve(g, ids["Children of Korlis"], 0)
    assert g.state.players[0].life == 20


FLOATING_DREAM_ZUBERA = record("Floating-Dream Zubera", "{1}{U}", "Creature — Zubera Spirit",
                               "When Floating-Dream Zubera dies, draw a card for each Zubera that died this turn.", "1/2")
ASHEN_SKIN_ZUBERA = record("Ashen-Skin Zubera", "{1}{B}", "Creature — Zubera Spirit",
                           "When Ashen-Skin Zubera dies, target opponent discards a card for each Zubera that died this "
                           "turn.", "1/2")


@pytest.mark.rules("700.4", "205.3m", "603.10a")
def test_for_each_zubera_that_died_this_turn(extra_cards):
    extra_cards(FLOATING_DREAM_ZUBERA, ASHEN_SKIN_ZUBERA, fully_read=True)
    g, ids = table(["Floating-Dream Zubera", "Ashen-Skin Zubera", "Grizzly Bears", "Mountain", "Mountain"],
                   hand_a=["Pyroclasm"], hand_b=["Island", "Island", "Island"])
    hand = len(g.state.players[0].hand)
    cast_and_settle(g, ids["Pyroclasm"])
    s = g.state
    assert not any(s.objects[o].name.endswith("Zubera") or s.objects[o].name == "Grizzly Bears" for o in s.battlefield)
    assert len(s.players[0].hand) == hand - 1 + 2         # Pyroclasm cast; two Zubera died, the Bears isn't one
    assert len(s.players[1].hand) == 1                    # two discarded
