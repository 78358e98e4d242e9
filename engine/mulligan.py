"""Mulligans (103.5, the London mulligan): each player in turn order keeps or mulligans; a player
who mulligans shuffles their hand into their library and draws seven; a player who keeps after N
mulligans puts N cards from their hand on the bottom of their library."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.enums import DecisionKind, Zone
from engine.events import Event
from engine.state import Decision

if TYPE_CHECKING:
    from engine.game import Game


def next_mulligan_decision(game: "Game") -> None:
    s = game.state
    for i in s.apnap():
        p = s.players[i]
        if not p.kept:
            s.pending = Decision(i, DecisionKind.MULLIGAN,
                                 f"{p.name}: keep this hand of {len(p.hand)} or mulligan"
                                 + (f" (you will put {p.mulligans} on the bottom)" if p.mulligans else ""),
                                 ["keep", "mulligan"], 1, 1, {"mulligans": p.mulligans})
            return
    # Everyone kept: the game begins with the starting player's untap step.
    s.mulligan_phase = False
    s.step_started = False
    game.emit(Event("game_start", {"starting_player": s.starting_player},
                    f"{s.players[s.starting_player].name} plays first"))


def apply_mulligan(game: "Game", player: int, keep: bool) -> None:
    from engine.zones import draw, move, shuffle
    s = game.state
    p = s.players[player]
    if keep:
        game.emit(Event("keep", {"player": player}, f"{p.name} keeps {len(p.hand)} cards"))
        if p.mulligans and p.hand:
            n = min(p.mulligans, len(p.hand))
            s.pending = Decision(player, DecisionKind.CHOOSE,
                                 f"Choose {n} card{'s' if n > 1 else ''} to put on the bottom of your library",
                                 list(p.hand), n, n, {"choice": "bottom"})
            s.task = {"type": "mulligan_bottom"}
            return
        p.kept = True
        return
    p.mulligans += 1
    game.emit(Event("mulligan", {"player": player}, f"{p.name} mulligans"))
    for oid in list(p.hand):
        move(game, oid, Zone.LIBRARY)
    shuffle(game, player)
    draw(game, player, 7)


def answer_bottom(game: "Game", player: int, chosen: list[int]) -> None:
    from engine.zones import move
    s = game.state
    for oid in chosen:
        move(game, oid, Zone.LIBRARY, top=False)
    s.players[player].kept = True
    s.task = None
