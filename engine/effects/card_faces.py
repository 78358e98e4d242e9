"""Turning cards over and gaining levels: transform (701.27, 712.9-712.10, 712.18), flip (710), a Class's
level (716.2a); and the conditions and trigger events that read them: a Class's level (716.2d), a Saga's
chapters (714.2b).

A permanent's face is `GameObject.face` (an index into its card's faces, from 1; 0 the front) and its
Class level `GameObject.class_level`. Neither makes a new object (712.18): effects that applied to it go
on applying.
"""
from __future__ import annotations

from engine.core.abilities import Condition
from engine.core.cards import card_def
from engine.core.effect_types import Flip, GainClassLevel, Transform
from engine.core.enums import Zone
from engine.core.events import Event
from engine.effects.resolution import Resolution
from engine.query.amounts import EvalContext
from engine.query.layers import characteristics

TRANSFORMING_LAYOUTS = ("transform", "modal_dfc")


def _transform(res: Resolution, e: Transform) -> None:
    s = res.state
    for oid in res.objects(e.what):
        o = s.objects[oid]
        d = card_def(o.name)
        # 701.27c, 712.9: only a permanent represented by a (non-meld) double-faced card transforms.
        if o.zone is not Zone.BATTLEFIELD or o.token is not None or d.layout not in TRANSFORMING_LAYOUTS \
                or len(d.faces) < 2 or o.face_down:
            continue
        to = 1 if o.face == 2 else 2
        # 701.27d, 712.10: not into an instant or sorcery face.
        if {"Instant", "Sorcery"} & set(d.faces[to - 1].types):
            continue
        before = characteristics(s, oid).name
        w = s.writable(oid)
        w.face = to
        s.invalidate()
        res.game.emit(Event("transform", {"object": oid, "face": to},
                            f"{before} transforms into {characteristics(s, oid).name}"))


def _flip(res: Resolution, e: Flip) -> None:
    s = res.state
    for oid in res.objects(e.what):
        o = s.objects[oid]
        # 710.4: once flipped, a permanent stays flipped; only a flip card's permanent flips.
        if o.zone is not Zone.BATTLEFIELD or o.token is not None or o.face == 2 \
                or card_def(o.name).layout != "flip":
            continue
        before = characteristics(s, oid).name
        s.writable(oid).face = 2
        s.invalidate()
        res.game.emit(Event("flip", {"object": oid}, f"{before} flips into {characteristics(s, oid).name}"))


def _gain_class_level(res: Resolution, e: GainClassLevel) -> None:
    s = res.state
    oid = res.source_id
    if oid is None or oid not in s.objects or s.objects[oid].zone is not Zone.BATTLEFIELD:
        return
    s.writable(oid).class_level = e.level
    s.invalidate()
    res.game.emit(Event("class_level", {"object": oid, "level": e.level},
                        f"{characteristics(s, oid).name} becomes level {e.level}"))


def class_level(o) -> int:
    """716.2d: a permanent without a level is treated as level 1."""
    return max(o.class_level, 1)


def _class_level_is(res: EvalContext, c: Condition) -> bool:
    """716.2a: "Activate only if this Class is level N-1"."""
    o = res.source_object()
    return o is not None and class_level(o) == c.value


HANDLERS = {Transform: _transform, Flip: _flip, GainClassLevel: _gain_class_level}
CONDITIONS = {"class_level": _class_level_is}
