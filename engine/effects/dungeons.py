"""Venture into the dungeon (701.49) and dungeon cards (309): a player's dungeon sits in the command zone
with their venture marker on one of its rooms (the object's `chosen["room"]`, 309.4); moving the marker
into a room triggers that room's ability (309.4c, the matcher "room" in engine.query.trigger_events);
a dungeon removed from the game is completed (309.7)."""
from __future__ import annotations

from engine.board import zones
from engine.core.abilities import Condition
from engine.core.cards import dungeon_def
from engine.core.dungeons import DUNGEON_TEXT, rooms
from engine.core.effect_types import Venture
from engine.core.enums import Zone
from engine.core.events import Event
from engine.effects.resolution import Resolution


def dungeon_of(state, player: int) -> int | None:
    """309.3: the one dungeon card a player owns in the command zone, if any."""
    return next((oid for oid in state.command if state.objects[oid].owner == player
                 and state.objects[oid].name in DUNGEON_TEXT), None)


def playable_dungeons() -> list[str]:
    """The dungeons a player may choose: those whose every room ability the compiler reads (a room read as
    blank would play wrongly)."""
    return [name for name in DUNGEON_TEXT if not dungeon_def(name).unsupported]


def complete_dungeon(game, oid: int) -> None:
    """309.7, 701.49c, 704.5t: the dungeon card is removed from the game; its owner completes it."""
    s = game.state
    o = s.objects[oid]
    s.command.remove(oid)
    del s.objects[oid]
    s.invalidate()
    s.players[o.owner].dungeons_completed.append(o.name)
    game.emit(Event("dungeon_completed", {"player": o.owner, "dungeon": o.name},
                    f"{s.players[o.owner].name} completes {o.name}"))


def _enter_room(game, oid: int, number: int) -> None:
    s = game.state
    o = s.objects[oid]
    o.chosen["room"] = number
    s.invalidate()
    game.emit(Event("room_entered", {"player": o.owner, "object": oid, "room": number},
                    f"{s.players[o.owner].name} ventures into {rooms(o.name)[number - 1].name} ({o.name})"))


def _venture(res: Resolution, e: Venture) -> None:
    s = res.state
    p = res.controller
    current = dungeon_of(s, p)
    here = rooms(s.objects[current].name)[s.objects[current].chosen.get("room", 1) - 1] if current else None
    if here is not None and here.exits:
        # 701.49b, 309.5a: follow an arrow from the current room (a choice when there are several)
        names = {rooms(s.objects[current].name)[n - 1].name: n for n in here.exits}
        pick = res.ask("room", p, "Venture into the dungeon: choose the next room", list(names), 1, 1, "mode")[0]
        _enter_room(res.game, current, names[pick])
        return
    # 701.49a: no dungeon yet; 701.49c: from the bottommost room, complete it and begin another
    name = res.ask("dungeon", p, "Venture into the dungeon: choose a dungeon", playable_dungeons(), 1, 1, "mode")[0]
    if current is not None:
        complete_dungeon(res.game, current)
    o = zones.create_object(res.game, name, p, Zone.COMMAND)
    o.controller = p
    _enter_room(res.game, o.id, 1)         # 309.4a: the topmost room


def _completed_dungeon(res, c: Condition) -> bool:
    """ "If you've completed a dungeon" (309.7)."""
    return bool(res.state.players[res.controller].dungeons_completed)


HANDLERS = {Venture: _venture}
CONDITIONS = {"completed_dungeon": _completed_dungeon}
