"""The end of the game (104): players lose, the last one standing wins, or it is a draw."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event

if TYPE_CHECKING:
    from engine.game import Game


def lose_game(game: "Game", players: list[int]) -> None:
    """104.3: these players lose; 104.2a the last one standing wins; 104.4a all lose at once = draw."""
    s = game.state
    for i in players:
        s.players[i].lost = True
        game.emit(Event("lose", {"player": i}, f"{s.players[i].name} loses the game"))
    alive = [p.index for p in s.players if not p.lost]
    if len(alive) <= 1:
        s.game_over = True
        s.winners = alive
        s.pending = None
        s.task = None
        if alive:
            s.players[alive[0]].won = True
        game.emit(Event("game_over", {"winners": alive},
                        f"{s.players[alive[0]].name} wins the game" if alive else "The game is a draw"))
