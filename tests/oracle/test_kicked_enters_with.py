"""'If ~ was kicked, it enters with <counters> and with <ability>' (702.33d, 614.1c): as the kicked permanent enters
it gets the counters and an effect giving it the ability from then on. Compiled from real cards' Oracle text and
played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

KAVU_TITAN = record("Kavu Titan", "{1}{G}", "Creature — Kavu",
                    "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\nIf Kavu Titan was "
                    "kicked, it enters the battlefield with three +1/+1 counters on it and with trample.", "2/2")
BENALISH_LANCER = record("Benalish Lancer", "{2}{W}", "Creature — Human Knight",
                         "Kicker {2}{W} (You may pay an additional {2}{W} as you cast this spell.)\nIf Benalish Lancer "
                         "was kicked, it enters the battlefield with two +1/+1 counters on it and with first strike.",
                         "2/2")


@pytest.mark.rules("702.33d", "614.1c", "613.1f")
@pytest.mark.parametrize("kicked", [True, False])
def test_kicked_it_enters_with_counters_and_a_keyword(extra_cards, kicked):
    extra_cards(KAVU_TITAN, fully_read=True)
    g, ids = table(["Forest"] * 5, hand_a=["Kavu Titan"])
    cast_and_settle(g, ids["Kavu Titan"], kicked=kicked)
    (titan,) = on_battlefield(g, "Kavu Titan")
    ch = g.characteristics(titan)
    assert (ch.power, ch.toughness, ch.has("trample")) == ((5, 5, True) if kicked else (2, 2, False))
    advance(g, Step.UPKEEP, turn=5)
    assert g.characteristics(titan).has("trample") == kicked      # not until end of turn: from then on


@pytest.mark.rules("702.33d", "614.1c", "613.1f")
def test_first_strike_for_a_kicked_knight(extra_cards):
    extra_cards(BENALISH_LANCER, fully_read=True)
    g, ids = table(["Plains"] * 6, hand_a=["Benalish Lancer"])
    cast_and_settle(g, ids["Benalish Lancer"], kicked=True)
    (lancer,) = on_battlefield(g, "Benalish Lancer")
    ch = g.characteristics(lancer)
    assert (ch.power, ch.toughness, ch.has("first strike")) == (4, 4, True)
    g = type(g).from_json(g.to_json())         # the effect is plain data in a save
    assert g.characteristics(lancer).has("first strike")
