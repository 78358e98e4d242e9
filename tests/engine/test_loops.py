"""104.4b: a loop of mandatory actions ends the game in a draw."""
import pytest

from engine import Game
from engine.core.player_actions import CastSpell, PassPriority
from engine.core.enums import Step, Zone


@pytest.mark.rules("104.4b")
def test_journey_exiling_itself_under_opalescence_is_a_draw():
    # Opalescence makes Journey to Nowhere a 1/1 creature; its only possible target is itself. It exiles
    # itself, its leaves trigger returns it, it enters again: a loop nobody can stop.
    g = Game.empty()
    g.add_card("Opalescence", 0, Zone.BATTLEFIELD)
    for _ in range(2):
        g.add_card("Plains", 0, Zone.BATTLEFIELD)
    journey = g.add_card("Journey to Nowhere", 0, Zone.HAND)
    g.start_at(3, 0, Step.MAIN1)
    events = g.apply(CastSpell(0, journey))
    for _ in range(2000):
        if g.is_over:
            break
        d = g.pending
        if d.kind.value == "priority":
            events += g.apply(PassPriority(d.player))
        else:
            events += g.apply(g.legal_actions()[0])
    assert g.is_over and g.winners == []
    assert any(e.kind == "loop" for e in events)
    assert sum(e.kind == "resolve" for e in events) > 10     # it did go round the loop first
