"""103.5: the London mulligan. The cards to put on the bottom are chosen once the new hand is kept, not
before the keep-or-mulligan declaration on it."""
import pytest

from engine import Game
from engine.core.player_actions import Choose, Mulligan
from engine.core.enums import DecisionKind


def new_game() -> Game:
    return Game.new([["Swamp"] * 30 + ["Mountain"] * 30, ["Forest"] * 60], seed=3, starting_player=0)


@pytest.mark.rules("103.5")
def test_after_a_mulligan_the_new_seven_are_declared_on_before_anything_is_bottomed():
    g = new_game()
    g.apply(Mulligan(0, False))
    g.apply(Mulligan(1, True))
    d = g.pending
    assert d.kind is DecisionKind.MULLIGAN and d.player == 0  # keep or mulligan the new hand first
    assert len(g.state.players[0].hand) == 7 and "put 1 on the bottom" in d.prompt
    g.apply(Mulligan(0, True))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.data["choice"] == "bottom"
    assert d.min == d.max == 1
    bottom = g.state.objects[d.options[0]].card_id
    g.apply(Choose(0, (d.options[0],)))
    player = g.state.players[0]
    assert len(player.hand) == 6 and len(player.library) == 54
    assert g.state.objects[player.library[0]].card_id == bottom  # index 0 is the bottom
    assert g.pending.kind is DecisionKind.PRIORITY


@pytest.mark.rules("103.5")
def test_two_mulligans_bottom_two_and_the_other_player_declares_meanwhile():
    g = new_game()
    g.apply(Mulligan(0, False))
    g.apply(Mulligan(1, False))
    g.apply(Mulligan(0, False))  # Alice again, before anyone bottoms anything
    g.apply(Mulligan(1, True))   # Bob keeps his second seven: he bottoms one now
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 1 and d.max == 1
    g.apply(Choose(1, (d.options[0],)))
    d = g.pending
    assert d.kind is DecisionKind.MULLIGAN and d.player == 0 and len(g.state.players[0].hand) == 7
    g.apply(Mulligan(0, True))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.min == d.max == 2
    g.apply(Choose(0, tuple(d.options[:2])))
    assert [len(p.hand) for p in g.state.players] == [5, 6]
    assert g.pending.kind is DecisionKind.PRIORITY


@pytest.mark.rules("103.5")
def test_a_kept_hand_without_mulligans_bottoms_nothing():
    g = new_game()
    g.apply(Mulligan(0, True))
    g.apply(Mulligan(1, True))
    assert g.pending.kind is DecisionKind.PRIORITY and len(g.state.players[0].hand) == 7
