"""A player who can't lose the game (104.3b: Platinum Angel) at 0 life or less is still in it while the permanent
stays, and out of it once it goes (704.5a): the AI values such a permanent as what its removal wins, aims its
removal and its theft at it, and reads that damage no longer finishes that player, nor threatens it in blocks."""
from __future__ import annotations

import pytest

from ai_util import play_out_turn, position
from engine.ai.evaluate import KEPT_IN_GAME, WIN, damage_to_lose, evaluate, permanent_value
from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.game import Game


def _named(game: Game, name: str, player: int) -> int:
    s = game.state
    return next(x for x in s.battlefield if s.objects[x].controller == player and s.objects[x].name == name)


def _angels(life: int, angels: int) -> tuple[Game, list[int]]:
    game = Game.empty()
    ids = [game.add_card("Platinum Angel", 1, Zone.BATTLEFIELD) for _ in range(angels)]
    game.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.set_player(1, life=life)
    game.state.invalidate()
    return game, ids


@pytest.mark.rules("104.3b", "704.5a")
def test_what_keeps_a_player_in_the_game_is_worth_the_game() -> None:
    """At -4 life the Angel is all that keeps its controller in: worth staying in the game; two Angels share it
    (removing one wins nothing); at 20 life it is worth its body and a little insurance."""
    game, (angel,) = _angels(-4, 1)
    assert permanent_value(game, angel) >= KEPT_IN_GAME >= WIN / 2
    at_one, _ = _angels(1, 1)
    # B counts as in the game at the lowest life, not as one who has lost it
    assert evaluate(game, 1) == pytest.approx(evaluate(at_one, 1), abs=0.01)
    assert damage_to_lose(game, 1) == float("inf") and damage_to_lose(game, 0) == 20
    two, (first, second) = _angels(-4, 2)
    assert permanent_value(two, first) == pytest.approx(permanent_value(game, angel) - KEPT_IN_GAME / 2)
    safe, (angel,) = _angels(20, 1)
    assert permanent_value(safe, angel) < 20


@pytest.mark.rules("104.3b", "704.5a", "806.1", "800.4a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_removal_goes_at_what_keeps_a_player_in_the_game(lookahead: bool) -> None:
    """Four players: B at -4 life stays in the game by a Platinum Angel, next to a Craw Wurm and lands. Murder
    destroys the Angel: B loses, and B's permanents leave with B (800.4a); not the Wurm, nor C's Hill Giant."""
    game = position("multi-05-remove-what-keeps-a-player-in.toml")
    agents = [HeuristicPlayer(1, lookahead=lookahead)] + [HeuristicPlayer(p) for p in (2, 3, 4)]
    while game.state.turn == 5 and not game.is_over:
        game.apply(agents[game.pending.player].choose(game))
    assert game.state.players[1].lost
    assert "Hill Giant" in [game.state.objects[x].name for x in game.state.battlefield]


@pytest.mark.rules("104.3b", "704.5a", "613.1b")
@pytest.mark.parametrize("lookahead", [True, False])
def test_theft_takes_what_keeps_the_opponent_in_the_game(lookahead: bool) -> None:
    """Act of Treason ("gain control of target creature") takes the opponent's Platinum Angel: at -3 life
    without it they lose the game. Gaining control is a harm to the one who loses the creature, whatever
    untapping it and giving it haste do."""
    game = position("removal-02-steal-what-keeps-the-opponent-in.toml")
    play_out_turn(game, [HeuristicPlayer(1, lookahead=lookahead), HeuristicPlayer(2)])
    assert game.is_over and game.state.winners == [0]


@pytest.mark.rules("104.3b", "509.1a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_no_chump_block_while_one_cannot_lose(lookahead: bool) -> None:
    """A at -2 life can't lose while the Platinum Angel stays: the Craw Wurm's 6 damage changes nothing,
    so the Angel doesn't trade with it (its death would lose the game) and the Bears don't chump it."""
    game = position("block-06-no-chump-while-one-cannot-lose.toml")
    assert game.pending.kind is DecisionKind.DECLARE_BLOCKERS and game.pending.player == 0
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert isinstance(action, A.DeclareBlockers) and action.blocks == {}
