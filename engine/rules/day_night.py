"""Day and night (731) and the daybound and nightbound faces of double-faced cards (702.145).

It is neither day nor night at the start of a game. As soon as a player controls a permanent with
daybound it becomes day (702.145d), with nightbound and no daybound night (702.145g); from then on the
untap step's turn-based action turns day into night after a turn whose active player cast no spells,
and night into day after one in which they cast two or more (502.2, 731.2). Daybound permanents front
face up transform as it becomes night, nightbound ones back face up as it becomes day (702.145c, f);
a daybound permanent entering at night enters transformed (702.145b); neither transforms otherwise. A
permanent that says so makes it day as it enters if it was neither (static kind "day_as_enters").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import card_def
from engine.core.events import Event
from engine.effects.turn_structure import set_day_night
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.game import Game


def bound(ch) -> bool:
    """Whether a permanent can't transform except by day and night (702.145b, e)."""
    return ch.has("daybound") or ch.has("nightbound")


def check_day_night(game: "Game") -> bool:
    """702.145c-d, f-g: what happens at once while such permanents are on the battlefield; returns
    whether anything changed (checked with the state-based actions)."""
    s = game.state
    if s.cache.get("no_day_night"):
        return False        # no permanent has daybound or nightbound (kept with the characteristics)
    day, night = [], []
    for oid in s.battlefield:
        ch = characteristics(s, oid)
        if ch.has("daybound"):
            day.append(oid)
        elif ch.has("nightbound"):
            night.append(oid)
    if not (day or night):
        s.cache["no_day_night"] = True
        return False
    acted = False
    if not s.day_night:
        set_day_night(game, "day" if day else "night")
        acted = True
    turn_over = [oid for oid in day if s.day_night == "night" and s.objects[oid].face != 2] + \
                [oid for oid in night if s.day_night == "day" and s.objects[oid].face == 2]
    for oid in turn_over:
        o = s.objects[oid]
        d = card_def(o.name) if o.token is None else None
        if d is None or len(d.faces) < 2:
            continue
        before = characteristics(s, oid).name
        s.writable(oid).face = 0 if o.face == 2 else 2
        s.invalidate()
        game.emit(Event("transform", {"object": oid, "face": s.objects[oid].face},
                        f"{before} transforms into {characteristics(s, oid).name}"))
        acted = True
    return acted


def untap_day_night(game: "Game") -> None:
    """502.2: day becomes night if the previous turn's active player cast no spells that turn, night
    becomes day if they cast two or more; neither stays neither."""
    s = game.state
    cast = s.turn_log.get("spells_cast_last_turn", [])
    previous = s.turn_log.get("previous_active")
    n = cast.count(previous) if previous is not None else 0
    if s.day_night == "day" and n == 0:
        set_day_night(game, "night")
    elif s.day_night == "night" and n >= 2:
        set_day_night(game, "day")


def enters_at_night(game: "Game", oid: int) -> None:
    """702.145b: a daybound permanent represented by a double-faced card enters transformed at night."""
    s = game.state
    o = s.objects[oid]
    if s.day_night != "night" or o.face == 2 or o.token is not None:
        return
    d = card_def(o.name)
    if len(d.faces) > 1 and characteristics(s, oid).has("daybound"):
        s.writable(oid).face = 2
        s.invalidate()


def becomes_day_as_enters(game: "Game", oid: int) -> None:
    """ "If it's neither day nor night, it becomes day as ~ enters" (731.1): as the permanent enters."""
    s = game.state
    if not s.day_night and any(st.kind == "day_as_enters" for st in characteristics(s, oid).static):
        set_day_night(game, "day")


ETB_HOOKS = [enters_at_night, becomes_day_as_enters]
