"""The end of the game (104): players lose, the last one standing wins, or it is a draw; in a
multiplayer game a player who loses leaves the game and the others play on (800.4)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import Zone
from engine.core.events import Event
from engine.board.zones import cease_to_exist, move, sync_control

if TYPE_CHECKING:
    from engine.game import Game


def lose_game(game: "Game", players: list[int]) -> None:
    """104.3: these players lose; 104.2a the last one standing wins; 104.4a all lose at once = draw.
    While two or more players are left, the losers leave the game (800.4a)."""
    s = game.state
    passed = _passed_since_last_action(game)
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
        return
    for i in players:
        _leave(game, i)
    # 117.4: the passes of players who left no longer count towards "all players passed in succession".
    s.passes = max(0, s.passes - len(set(players) & passed))
    if s.priority is not None and s.players[s.priority].lost:
        s.priority = next_in_game(game, s.priority)      # 800.4a: priority passes on


def next_in_game(game: "Game", player: int) -> int:
    """The next player in turn order after `player` who is still in the game (800.4a, 800.4j)."""
    s = game.state
    n = len(s.players)
    return next(q for q in ((player + i) % n for i in range(1, n + 1)) if not s.players[q].lost)


def _passed_since_last_action(game: "Game") -> set[int]:
    """The players who passed priority in succession just before the one holding it (117.3d)."""
    s = game.state
    if s.priority is None:
        return set()
    out: set[int] = set()
    p = s.priority
    n = len(s.players)
    while len(out) < s.passes:
        p = (p - 1) % n
        if p == s.priority:
            break
        if not s.players[p].lost:
            out.add(p)
    return out


def _leave(game: "Game", player: int) -> None:
    """800.4a: the objects the player owns leave the game; effects giving them control of objects end;
    their abilities (and copies) on the stack cease to exist; what they still control is exiled.
    800.4d: their triggered abilities waiting to be put on the stack never are."""
    s = game.state
    game.emit(Event("left_game", {"player": player}, f"{s.players[player].name} leaves the game"))
    for oid in [oid for oid, o in s.objects.items() if o.owner == player]:
        if oid in s.objects:
            cease_to_exist(game, oid)
    before = len(s.effects)
    s.effects = [e for e in s.effects if not (e.params.get("kind") == "control"
                                             and e.params.get("player", e.controller) == player)]
    if len(s.effects) != before:
        s.invalidate()
    sync_control(game)
    for oid in [oid for oid in s.stack if s.objects[oid].controller == player]:
        o = s.objects[oid]
        if o.is_ability or o.spell_copy or o.token is not None:
            cease_to_exist(game, oid)
        else:
            move(game, oid, Zone.EXILE)
    exiled = [oid for oid in s.battlefield if s.objects[oid].controller == player]
    for oid in exiled:
        move(game, oid, Zone.EXILE)
    if exiled:
        sync_control(game)       # a static control effect of what was exiled ends with it
    s.pending_triggers = [t for t in s.pending_triggers if t.get("controller") != player]
    s.delayed_triggers = [t for t in s.delayed_triggers if t.get("controller") != player]
    if s.monarch == player:
        # 725.4: the active player becomes the monarch, or the next player in turn order if it's them leaving
        s.monarch = s.active if not s.players[s.active].lost else next_in_game(game, s.active)
        game.emit(Event("monarch", {"player": s.monarch}, f"{s.players[s.monarch].name} becomes the monarch"))
    if s.combat is not None:
        s.combat.blockers = {b: atts for b, atts in s.combat.blockers.items() if b in s.objects}
