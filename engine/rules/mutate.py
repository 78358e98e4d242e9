"""Mutate (702.140) and merged permanents (730): a creature card cast for its mutate cost is a mutating creature
spell targeting a non-Human creature with its owner (702.140a). As it resolves with its target legal it doesn't
enter the battlefield: it merges with the target, over or under as its controller chooses (702.140c, 730.2), and
the target, the same object as before (730.2c), has the characteristics of its topmost component and the
abilities of every component (702.140e, 730.2a: the merged definition is its copiable values, `core.cards`'
MERGED_PREFIX). With its target illegal it resolves as a creature spell (702.140b). Leaving the battlefield, every
component goes to the new zone (730.3, engine.board.zones.move)."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.core.abilities import TargetSpec
from engine.core.cards import CardDef, def_key, merged_key
from engine.core.enums import Zones
from engine.core.events import Event
from engine.core.objects import GameObject
from engine.board.zones import remove_from_game
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.game import Game


def mutate_target(d: CardDef) -> TargetSpec | None:
    """702.140a: what a mutating creature spell targets, compiled with the keyword."""
    return next((k.target for k in d.keywords if k.name == "mutate"), None)


def mutating(o: GameObject) -> bool:
    """702.140a: a spell cast for its mutate cost, until it ceases to be a mutating creature spell (702.140b)."""
    return o.zone is Zones.STACK and not o.is_ability and o.stack is not None and o.stack.alt == "mutate"


def ceases_to_mutate(game: "Game", oid: int) -> None:
    """702.140b: its target illegal as it begins resolving, it resolves as a creature spell."""
    s = game.state
    o = s.writable(oid)
    o.stack.alt = None
    o.stack.targets = []
    s.invalidate()


def components(o: GameObject) -> list[dict[str, Any]]:
    """The cards and tokens that represent a permanent, topmost first (730.2): each with the key of its own
    copiable values (707.2: a copy effect on it, a token's characteristics)."""
    merged = o.chosen.get("merged")
    if merged:
        return list(merged)
    if o.spell_copy:
        # 707.10f, 111.13: a copy of a permanent spell is a token
        token: dict[str, Any] | None = {"name": o.name, "spell_copy": o.name}
    else:
        token = o.token
    if o.copy_of is not None:
        key = o.copy_of
    elif token is not None and not o.spell_copy:
        key = "token:" + json.dumps(token, sort_keys=True)
    else:
        key = def_key(o)
    return [{"card_id": o.card_id, "name": o.name, "owner": o.owner, "token": token, "key": key}]


def merge(game: "Game", spell: int, target: int, on_top: bool) -> None:
    """730.2: the mutating spell becomes part of the target permanent, on top of or under it (702.140c); the
    permanent stays the same object (730.2b-c: it didn't enter, effects on it go on), a token only if its
    topmost component is one (730.2d), face up if a face-up card is put on top (730.2e)."""
    s = game.state
    before = characteristics(s, target).name
    added = components(s.objects[spell])
    parts = components(s.objects[target])
    parts = added + parts if on_top else parts + added
    remove_from_game(game, spell)
    t = s.writable(target)
    t.chosen = dict(t.chosen, merged=parts)
    t.copy_of = merged_key([c["key"] for c in parts])
    if on_top:
        top = parts[0]
        t.name, t.token, t.card_id, t.face = top["name"], top["token"], top["card_id"], 0
        t.face_down = False
    s.invalidate()
    name = added[0]["name"]
    game.emit(Event("mutated", {"object": target, "card_id": added[0]["card_id"], "on_top": on_top},
                    f"{name} mutates {'onto' if on_top else 'under'} {before or 'a face-down creature'}"))
