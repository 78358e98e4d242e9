"""An amount counted in the hand of a target's controller: "Target creature gets -X/-X until end of turn, where X is 7
minus the number of cards in that creature's controller's hand" (Flunk; 107.1b: never below 0). Compiled from the real
card and played."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from engine.oracle import compile_card
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

FLUNK = record("Flunk", "{1}{B}", "Instant",
               "Target creature gets -X/-X until end of turn, where X is 7 minus the number of cards in that creature's "
               "controller's hand.")


@pytest.mark.rules("107.1b", "608.2h")
@pytest.mark.parametrize("cards,toughness", [(5, 1), (7, 3), (0, None)])
def test_flunk_counts_the_cards_in_the_hand_of_the_creatures_controller(extra_cards, cards, toughness):
    extra_cards(FLUNK)
    assert not compile_card(FLUNK).unsupported
    g, ids = table(["Swamp", "Swamp"], ["Hill Giant"], hand_a=["Flunk", "Plains", "Plains"],
                   hand_b=["Plains"] * cards)
    g.apply(CastSpell(0, ids["Flunk"], targets=((ids["B:Hill Giant"],),)))
    resolve_stack(g)
    if toughness is None:
        assert ids["B:Hill Giant"] not in g.state.battlefield        # -7/-7: it dies
    else:
        assert g.characteristics(ids["B:Hill Giant"]).toughness == toughness     # not your hand's two cards
