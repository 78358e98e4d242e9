"""Winning and losing the game by an effect (104.2b, 104.3e), and the static abilities that stop it:
"you can't lose the game", "your opponents can't win the game" (Platinum Angel).

Winning because every opponent left (104.2a, engine.rules.sba.lose_game) happens whatever such effects
say, so it doesn't come through here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects.resolution import Resolution
from engine.board.primitives import player_cant_lose
from engine.core.events import Event
from engine.query.layers import characteristics
from engine.core.effect_types import LoseGame, WinGame
from engine.board.game_over import lose_game

if TYPE_CHECKING:
    from engine.game import Game


def player_cant_win(game: "Game", player: int) -> bool:
    """An opponent of the player controls a permanent saying "your opponents can't win the game", or a resolved
    "your opponents can't win the game this turn" of an opponent's is in force (Angel's Grace)."""
    s = game.state
    if any(e.params["kind"] == "opponents_cant_win" and e.params.get("of_player") not in (None, player)
           and not s.players[e.params["of_player"]].lost for e in s.effects):
        return True
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == player or s.players[o.controller].lost:
            continue
        if any(st.kind == "opponents_cant_win" for st in characteristics(s, oid).static):
            return True
    return False


def win_game(game: "Game", player: int) -> bool:
    """104.2b: the player wins, so the game ends and every other player loses; unless an effect
    says the player can't win (then nothing happens). 104.3f: a player who would win and lose at
    once loses: a player who has already lost doesn't win."""
    s = game.state
    if s.game_over or s.players[player].lost:
        return False
    if player_cant_win(game, player):
        game.emit(Event("win_prevented", {"player": player},
                        f"{s.players[player].name} can't win the game"))
        return False
    lose_game(game, [p.index for p in s.players if p.index != player and not p.lost])
    return True


def lose_by_effect(game: "Game", players: list[int]) -> None:
    """104.3e: these players lose, except those who can't lose the game."""
    s = game.state
    losers = [p for p in players if not s.players[p].lost and not player_cant_lose(game, p)]
    if losers and not s.game_over:
        lose_game(game, losers)


def _win(res: Resolution, e: WinGame) -> None:
    for p in res.players(e.who):
        if win_game(res.game, p):
            return


def _lose(res: Resolution, e: LoseGame) -> None:
    lose_by_effect(res.game, res.players(e.who))


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    WinGame: _win,
    LoseGame: _lose,
}
