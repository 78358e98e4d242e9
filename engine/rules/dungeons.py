"""Dungeons (309): the state-based action that removes a dungeon whose venture marker is on its
bottommost room once no room ability of it waits to resolve (309.6, 704.5t); its owner completes it
(309.7, engine.effects.dungeons)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.dungeons import DUNGEON_TEXT, rooms

if TYPE_CHECKING:
    from engine.game import Game


def finished_dungeons(game: "Game") -> list[int]:
    s = game.state
    out = []
    for oid in s.command:
        o = s.objects[oid]
        if o.name not in DUNGEON_TEXT or rooms(o.name)[o.chosen.get("room", 1) - 1].exits:
            continue
        waiting = any(t["source_id"] == oid for t in s.pending_triggers)
        on_stack = any(s.objects[x].is_ability and s.objects[x].stack is not None
                       and s.objects[x].stack.source_id == oid for x in s.stack)
        if not (waiting or on_stack):
            out.append(oid)
    return out
