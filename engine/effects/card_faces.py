"""Turning cards over and gaining levels: transform (701.27, 712.9-712.10, 712.18), flip (710), meld
(701.42, 712.4), a Class's level (716.2a); and the conditions that read them: a Class's level (716.2d),
a meld pair (712.4a).

A permanent's face is `GameObject.face` (an index into its card's faces, from 1; 0 the front) and its
Class level `GameObject.class_level`. Neither makes a new object (712.18): effects that applied to it go
on applying.
"""
from __future__ import annotations

from engine.core.abilities import Condition
from engine.core.cards import card_def
from engine.board import zones
from engine.board.replacement import entered_battlefield
from engine.core.effect_types import ExileReturnTransformed, Flip, GainClassLevel, Meld, Transform
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
        # 701.27c, 712.9: only a permanent represented by a (non-meld) double-faced card transforms; a token (a
        # copy of a transformed permanent, named for its face) is no card.
        if o.zone is not Zone.BATTLEFIELD or o.token is not None or o.face_down:
            continue
        d = card_def(o.name)
        if d.layout not in TRANSFORMING_LAYOUTS or len(d.faces) < 2:
            continue
        ch = characteristics(s, oid)
        if ch.has("daybound") or ch.has("nightbound"):
            continue          # 702.145b, e: it transforms only as day and night change
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


def _exile_return_transformed(res: Resolution, e: ExileReturnTransformed) -> None:
    """712.14a: the card returns with its back face up (a card that isn't double-faced stays in exile)."""
    s, game = res.state, res.game
    for oid in res.objects(e.what):
        o = s.objects[oid]
        if o.zone is not Zone.BATTLEFIELD or o.token is not None:
            continue
        exiled = zones.move(game, oid, Zone.EXILE, cause="exile")
        d = card_def(o.name)
        if exiled is None or s.objects[exiled].zone is not Zone.EXILE or d.layout not in TRANSFORMING_LAYOUTS \
                or len(d.faces) < 2:
            continue
        s.objects[exiled].face = 2
        new = zones.move(game, exiled, Zone.BATTLEFIELD, controller=res.controller if e.under == "you" else o.owner,
                         cause="return")
        if new is not None:
            entered_battlefield(game, new)


def _gain_class_level(res: Resolution, e: GainClassLevel) -> None:
    s = res.state
    oid = res.source_id
    if oid is None or oid not in s.objects or s.objects[oid].zone is not Zone.BATTLEFIELD:
        return
    s.writable(oid).class_level = e.level
    s.invalidate()
    res.game.emit(Event("class_level", {"object": oid, "level": e.level},
                        f"{characteristics(s, oid).name} becomes level {e.level}"))


def _meld_partner(res: EvalContext, name: str) -> int | None:
    """701.42b: a creature named `name` that the ability's controller both owns and controls."""
    s = res.state
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.id != res.source_id and o.owner == res.controller and o.controller == res.controller \
                and o.token is None and characteristics(s, oid).name == name and characteristics(s, oid).is_creature:
            return oid
    return None


def _meld_pair(res: EvalContext, c: Condition) -> bool:
    """"If you both own and control ~ and a creature named X" (712.4a)."""
    o = res.source_object()
    return o is not None and o.zone is Zone.BATTLEFIELD and o.owner == res.controller \
        and o.controller == res.controller and _meld_partner(res, c.filter.name) is not None


def _meld(res: Resolution, e: Meld) -> None:
    """701.42a, 712.14c: both cards are exiled, then enter as one permanent, the melded face up; that
    permanent remembers its two cards (712.21) and their mana values (712.8g)."""
    s, game = res.state, res.game
    src = res.source_object()
    partner = _meld_partner(res, e.partner)
    if src is None or src.zone is not Zone.BATTLEFIELD or partner is None or src.token is not None:
        return                                     # 701.42c: they stay where they are
    cards = []
    for oid in (src.id, partner):
        o = s.objects[oid]
        cards.append({"name": o.name, "card_id": o.card_id, "owner": o.owner,
                      "mana_value": card_def(o.name).mana_value})
    exiled = [zones.move(game, src.id, Zone.EXILE, cause="meld"), zones.move(game, partner, Zone.EXILE, cause="meld")]
    if any(x is None or s.objects[x].zone is not Zone.EXILE for x in exiled):
        return                                     # one of them went elsewhere: nothing melds
    into = game.use_card(e.into)
    new = zones.move(game, exiled[0], Zone.BATTLEFIELD, controller=res.controller, cause="meld",
                     chosen={"melded": cards})
    if new is None:
        return                                     # exiled instead of entering (614.1a): both cards stay in exile
    zones.remove_from_game(game, exiled[1])       # the second card is part of the melded permanent
    w = s.writable(new)
    w.name = into
    s.invalidate()
    entered_battlefield(game, new)
    game.emit(Event("meld", {"object": new, "cards": [c["card_id"] for c in cards]},
                    f"{cards[0]['name'].split(' // ')[0]} and {cards[1]['name'].split(' // ')[0]} meld into "
                    f"{characteristics(s, new).name}"))


def class_level(o) -> int:
    """716.2d: a permanent without a level is treated as level 1."""
    return max(o.class_level, 1)


def _class_level_is(res: EvalContext, c: Condition) -> bool:
    """716.2a: "Activate only if this Class is level N-1"."""
    o = res.source_object()
    return o is not None and class_level(o) == c.value


def _spells_cast_last_turn(res: EvalContext, c: Condition) -> bool:
    """A player cast at least c.value spells in the previous turn ("a player cast two or more spells
    last turn"; negated with 1: "no spells were cast last turn")."""
    cast = res.state.turn_log.get("spells_cast_last_turn", [])
    return max((cast.count(p) for p in set(cast)), default=0) >= c.value


HANDLERS = {Transform: _transform, Flip: _flip, GainClassLevel: _gain_class_level, Meld: _meld,
            ExileReturnTransformed: _exile_return_transformed}
CONDITIONS = {"class_level": _class_level_is, "meld_pair": _meld_pair,
              "spells_cast_last_turn": _spells_cast_last_turn}
