"""Sandbox mode: the same game with validation off (like a real table). Every move is still an
event, so the log, undo and saving work as in enforced games."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.enums import STEP_ORDER, Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.board import zones
from engine.board.damage import add_counters, remove_counters
from engine.board.primitives import create_token, set_tapped
from engine.core.cards import token_spec
from engine.loop.turn import next_turn

if TYPE_CHECKING:
    from engine.game import Game


def apply_sandbox(game: "Game", action: A.Action) -> None:
    _carry_out(game, action)
    # The table stays in the hands of whoever holds priority; nothing is validated.
    s = game.state
    s.pending = None
    if s.priority is None:
        s.priority = s.active
    s.step_started = True


# What a player may do by hand while a resolving spell or ability waits (issue 12): the table's tools,
# not the turn's course (the steps go on by the rules).
BY_HAND_ACTIONS = (A.SandboxMove, A.SandboxTap, A.SandboxCounters, A.SandboxLife, A.SandboxToken, A.SandboxDraw,
                   A.SandboxShuffle, A.SandboxUntapAll, A.SandboxReveal)


def apply_by_hand(game: "Game", action: A.Action) -> None:
    """A move of the player carrying out unread text while its spell or ability resolves (the pending
    decision is engine.effects.by_hand's): the sandbox move, its events marked `by_hand`, the decision
    still pending. Whatever it changes is ordinary state: abilities the engine reads trigger on it."""
    s = game.state
    d = s.pending
    assert d is not None
    if not isinstance(action, BY_HAND_ACTIONS):
        raise IllegalAction("by hand, a player moves, taps, counts, reveals and makes tokens; the game's "
                            "steps go on by the rules")
    if getattr(action, "card", None) is not None and action.card == d.data.get("object"):
        raise IllegalAction("the spell or ability resolving stays on the stack until it is done")
    start = len(game.events)
    _carry_out(game, action, by_hand=True)
    for e in game.events[start:]:
        e.data["by_hand"] = True
        if e.text:
            e.text += " (by hand)"
    if not game.events[start:]:
        game.emit(Event("by_hand", {"by_hand": True, "action": type(action).__name__},
                        f"{s.players[action.player].name} acts by hand"))


def _carry_out(game: "Game", action: A.Action, by_hand: bool = False) -> None:
    s = game.state
    if isinstance(action, A.SandboxMove):
        o = s.objects.get(action.card)
        if o is None or o.is_ability:
            raise IllegalAction("no such card")
        try:
            to = Zone(action.to)
        except ValueError:
            raise IllegalAction(f"unknown zone {action.to!r}") from None
        if to is Zone.STACK:
            raise IllegalAction("cards are put on the stack by casting them")
        if to is o.zone and to is Zone.BATTLEFIELD:
            o = s.writable(o.id)
            o.tapped = action.tapped
            o.face_down = action.face_down
            if action.controller is not None:
                o.controller = action.controller
                o.base_controller = action.controller
            o.attached_to = action.attach_to
            s.invalidate()
            game.emit(Event("sandbox", {"object": o.id}, f"{game.characteristics(o.id).name} is adjusted"))
            return
        new = zones.move(game, o.id, to, controller=action.controller, tapped=action.tapped,
                         face_down=action.face_down, position=action.position, cause="sandbox")
        if new is not None:
            if action.owner_zone_of is not None and to in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD) \
                    and action.owner_zone_of != s.objects[new].owner:
                # A sandbox table lets a card sit in another player's zone: keep ownership, move lists.
                own = s.players[s.objects[new].owner].zone_list(to)
                own.remove(new)
                s.players[action.owner_zone_of].zone_list(to).append(new)
            if action.attach_to is not None:
                s.objects[new].attached_to = action.attach_to
            if to is Zone.BATTLEFIELD and not by_hand:
                s.objects[new].sick = False     # by hand, the rules go on: it entered this turn (302.6)
        s.invalidate()
    elif isinstance(action, A.SandboxTap):
        if action.card not in s.objects or s.objects[action.card].zone is not Zone.BATTLEFIELD:
            raise IllegalAction("only permanents on the battlefield can be tapped")
        set_tapped(game, action.card, action.tapped)
    elif isinstance(action, A.SandboxCounters):
        if action.card not in s.objects:
            raise IllegalAction("no such card")
        if action.delta > 0:
            add_counters(game, action.card, action.kind, action.delta, by=None)
        else:
            remove_counters(game, action.card, action.kind, -action.delta)
    elif isinstance(action, A.SandboxLife):
        p = s.players[action.target]
        if action.poison:
            p.poison = max(0, p.poison + action.delta)
        else:
            p.life += action.delta
        s.invalidate()      # "as long as you have 30 or more life" reads it (611.3a)
        game.emit(Event("life", {"player": action.target, "amount": action.delta},
                        f"{p.name}'s {'poison' if action.poison else 'life'} {'+' if action.delta >= 0 else ''}{action.delta}"))
    elif isinstance(action, A.SandboxToken):
        spec = token_spec(action.name, action.power, action.toughness, action.colors, action.types,
                          list(action.abilities))
        create_token(game, spec, action.player)
    elif isinstance(action, A.SandboxDraw):
        zones.draw(game, action.player, action.count)
    elif isinstance(action, A.SandboxShuffle):
        zones.shuffle(game, action.player)
    elif isinstance(action, A.SandboxUntapAll):
        for oid in s.battlefield:
            if s.objects[oid].controller == action.player:
                set_tapped(game, oid, False)
    elif isinstance(action, A.SandboxReveal):
        if action.card not in s.objects:
            raise IllegalAction("no such card")
        game.emit(Event("reveal", {"object": action.card, "player": action.player},
                        f"{s.players[action.player].name} reveals {game.characteristics(action.card).name}"))
    elif isinstance(action, A.SandboxNextStep):
        _next_step(game)
    elif isinstance(action, A.SandboxNextTurn):
        next_turn(game)
        game.state.step_started = True
        game.state.priority = game.state.active
    else:
        raise IllegalAction(f"unknown sandbox action {type(action).__name__}")


def _next_step(game: "Game") -> None:
    s = game.state
    i = STEP_ORDER.index(s.step)
    if i + 1 >= len(STEP_ORDER):
        next_turn(game)
    else:
        s.step = STEP_ORDER[i + 1]
    game.emit(Event("step", {"step": s.step.value, "turn": s.turn, "active": s.active},
                    f"Turn {s.turn}: {s.step.value.replace('_', ' ')}"))
    s.priority = s.active
