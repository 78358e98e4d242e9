"""103.6: opening-hand actions after mulligans (Leyline of the Void begins the game on the battlefield)."""
import pytest

from engine import Game
from engine.core.player_actions import Choose, Mulligan
from engine.core.enums import DecisionKind, Zone


@pytest.mark.rules("103.6", "103.5")
def test_leyline_in_the_opening_hand_may_begin_on_the_battlefield():
    deck = ["Leyline of the Void"] * 4 + ["Swamp"] * 56
    for seed in range(20):
        g = Game.new([deck, ["Forest"] * 60], seed=seed, starting_player=0)
        leylines = [o for o in g.state.players[0].hand if g.characteristics(o).name == "Leyline of the Void"]
        if leylines:
            break
    g.apply(Mulligan(0, True))
    g.apply(Mulligan(1, True))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and sorted(d.options) == sorted(leylines)
    g.apply(Choose(0, (leylines[0],)))
    on_battlefield = [o for o in g.state.battlefield if g.characteristics(o).name == "Leyline of the Void"]
    assert len(on_battlefield) == 1
    assert g.pending.kind is DecisionKind.PRIORITY and g.state.turn == 1


def test_no_question_without_such_cards():
    g = Game.new([["Swamp"] * 60, ["Forest"] * 60], seed=1, starting_player=0)
    g.apply(Mulligan(0, True))
    g.apply(Mulligan(1, True))
    assert g.pending.kind is DecisionKind.PRIORITY
