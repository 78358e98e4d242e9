"""'If ~ was kicked, it enters with <counters> and with <ability>' (702.33d, 614.1c): as the kicked permanent enters
it gets the counters and an effect giving it the ability from then on; "If X is 5 or more, it enters with an additional
X +1/+1 counters on it" (107.3m: the X paid for the spell). Compiled from real cards' Oracle text and played through
the Game API."""
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


APOCALYPSE_HYDRA = record("Apocalypse Hydra", "{X}{R}{G}", "Creature — Hydra",
                          "Apocalypse Hydra enters the battlefield with X +1/+1 counters on it. If X is 5 or more, it "
                          "enters the battlefield with an additional X +1/+1 counters on it.\n{1}{R}, Remove a +1/+1 "
                          "counter from Apocalypse Hydra: It deals 1 damage to any target.", "0/0")


@pytest.mark.rules("614.1c", "107.3m")
@pytest.mark.parametrize("x,counters", [(4, 4), (5, 10)])
def test_apocalypse_hydra_enters_with_an_additional_x_counters_if_x_is_5_or_more(extra_cards, x, counters):
    extra_cards(APOCALYPSE_HYDRA, fully_read=True)
    g, ids = table(["Mountain", "Forest"] + ["Forest"] * 5, hand_a=["Apocalypse Hydra"])
    cast_and_settle(g, ids["Apocalypse Hydra"], x=x)
    (hydra,) = on_battlefield(g, "Apocalypse Hydra")
    assert g.state.objects[hydra].counters == {"+1/+1": counters}
