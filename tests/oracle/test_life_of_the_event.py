"""The life a life-gain trigger's event gained (119.3, 603.2), counted "for each 1 life you gained" or "for each 1
life they gained" (a delayed trigger's too, 603.7). Played with real cards through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, cast_and_settle, table
from tests.oracle.conftest import record

CRADLE_OF_VITALITY = record("Cradle of Vitality", "{3}{W}", "Enchantment",
                            "Whenever you gain life, you may pay {1}{W}. If you do, put a +1/+1 counter on target "
                            "creature for each 1 life you gained.")
FALSE_CURE = record("False Cure", "{B}{B}", "Instant",
                    "Until end of turn, whenever a player gains life, that player loses 2 life for each 1 life they "
                    "gained.")


@pytest.mark.rules("119.3", "603.2", "122.1")
def test_cradle_of_vitality_puts_a_counter_for_each_life_gained(extra_cards):
    extra_cards(CRADLE_OF_VITALITY, fully_read=True)
    g, ids = table(["Cradle of Vitality", "Grizzly Bears", "Mountain", "Plains", "Plains", "Plains"], [],
                   ["Lightning Helix"])
    bears = ids["Grizzly Bears"]
    cast_and_settle(g, ids["Lightning Helix"], targets=(("P1",),),
                    answer=lambda d: ("yes",) if "yes" in d.options else (bears,) if bears in d.options
                    else d.options[:max(1, d.min)])
    assert g.state.players[0].life == 23
    assert g.state.objects[bears].counters == {"+1/+1": 3}


@pytest.mark.rules("119.3", "603.7", "603.2")
def test_false_cure_makes_a_player_lose_twice_the_life_they_gained(extra_cards):
    extra_cards(FALSE_CURE, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Plains"], ["Serra Angel"], ["False Cure", "Swords to Plowshares"])
    cast_and_resolve(g, ids["False Cure"])
    cast_and_resolve(g, ids["Swords to Plowshares"], targets=((ids["B:Serra Angel"],),))
    assert g.state.players[1].life == 20 + 4 - 8
