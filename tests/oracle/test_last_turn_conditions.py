"""What happened in the turn before this one (603.4): "if an opponent lost life last turn", "if you had another creature
enter the battlefield under your control last turn", kept as that turn ended. Real cards' Oracle text played through
the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, cast_and_resolve, resolve_stack, settle, table
from tests.oracle.conftest import record

FEAST_ON_THE_FALLEN = record("Feast on the Fallen", "{2}{B}", "Enchantment",
                             "At the beginning of each upkeep, if an opponent lost life last turn, put a +1/+1 counter "
                             "on target creature you control.")
EPHARA = record("Ephara, God of the Polis", "{2}{W}{U}", "Legendary Enchantment Creature — God",
                "Indestructible\nAs long as your devotion to white and blue is less than seven, Ephara isn't a "
                "creature.\nAt the beginning of each upkeep, if you had another creature enter the battlefield under "
                "your control last turn, draw a card.", "6/5")


@pytest.mark.rules("603.4", "119.3", "503.1a")
@pytest.mark.parametrize("bolt,counters", [(True, 1), (False, 0)])
def test_feast_on_the_fallen_if_an_opponent_lost_life_last_turn(extra_cards, bolt, counters):
    extra_cards(FEAST_ON_THE_FALLEN, fully_read=True)
    g, ids = table(["Feast on the Fallen", "Grizzly Bears", "Mountain"], [], ["Lightning Bolt"])
    if bolt:
        cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    advance(g, Step.UPKEEP, turn=4)     # B's upkeep: the turn before is A's
    settle(g)
    assert g.state.objects[ids["Grizzly Bears"]].counters.get("+1/+1", 0) == counters
    advance(g, Step.UPKEEP, turn=5)     # nobody lost life in B's turn
    settle(g)
    assert g.state.objects[ids["Grizzly Bears"]].counters.get("+1/+1", 0) == counters


@pytest.mark.rules("603.4", "503.1a", "121.1")
@pytest.mark.parametrize("cast,drawn", [(True, 1), (False, 0)])
def test_ephara_draws_if_another_creature_entered_last_turn(extra_cards, cast, drawn):
    extra_cards(EPHARA, fully_read=True)
    g, ids = table(["Ephara, God of the Polis", "Forest", "Forest"], [], ["Grizzly Bears"])
    if cast:
        cast_and_resolve(g, ids["Grizzly Bears"])
    hand = len(g.state.players[0].hand)
    advance(g, Step.UPKEEP, turn=4)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + drawn
