"""Which ability an object on the stack or a trigger record stands for (113, 603.7): an activated or
triggered ability of its source's definition, or a delayed triggered ability found in it by its text."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.core.abilities import Mode, Trigger, TriggeredAbility, instances_in
from engine.core.cards import CardDef, card_def, token_def
from engine.core.effect_types import ByHand, CreateDelayed, PreventedThisWay, ReplaceNextDraw
from engine.core.monarch import MONARCH_ABILITIES
from engine.core.objects import GameObject

if TYPE_CHECKING:
    from engine.game import Game


_FOUND: dict[tuple[str, str], tuple[Any, TriggeredAbility]] = {}


def _definition(def_key: str, token: dict | None) -> "CardDef":
    if token is not None:
        return token_def(token)
    return card_def(def_key)


def delayed_ability(def_key: str, token: dict | None, text: str) -> TriggeredAbility:
    """The delayed triggered ability a record or a stack object names."""
    d = _definition(def_key, token)
    key = (def_key if token is None else json.dumps(token, sort_keys=True), text)
    hit = _FOUND.get(key)
    if hit is not None and hit[0] is d:
        return hit[1]
    parts = (d.spell, d.activated, d.triggered, d.static)
    for e in instances_in(parts, CreateDelayed):
        if e.text == text:
            ab = TriggeredAbility(e.trigger, Mode(e.targets, e.effects, e.text), text=e.text)
            _FOUND[key] = (d, ab)
            return ab
    raise KeyError(f"{def_key} has no delayed triggered ability {text!r}")


def next_draw_replacement(def_key: str, token: dict | None, text: str) -> ReplaceNextDraw:
    """The replacement of a draw (614.1a) a "next_draw_replaced" effect names, by its instructions' text."""
    return _by_text(def_key, token, ReplaceNextDraw, text)


def prevented_this_way(def_key: str, token: dict | None, text: str) -> PreventedThisWay:
    """What a prevention shield also does as it prevents damage (615.5), by its text."""
    return _by_text(def_key, token, PreventedThisWay, text)


def _by_text(def_key: str, token: dict | None, cls: type, text: str) -> Any:
    d = _definition(def_key, token)
    for e in instances_in((d.spell, d.activated, d.triggered, d.static), cls):
        if e.text == text:
            return e
    raise KeyError(f"{def_key} has no {cls.__name__} {text!r}")


@lru_cache(maxsize=512)
def by_hand_trigger(text: str) -> TriggeredAbility:
    """A triggered ability whose trigger condition is unread (CardDef.hand_triggers): its controller put it
    on the stack (engine.rules.triggers.put_trigger_by_hand) and it resolves by hand, as a whole."""
    return TriggeredAbility(Trigger("by_hand"), Mode(effects=(ByHand(text),), text=text), text=text)


def ability_of(game: "Game", so: GameObject):
    info = so.stack
    if info.ability_kind == "inherent":
        return MONARCH_ABILITIES[info.ability_index]      # 725.2: no source, no definition
    if info.source_token is not None:
        d = token_def(info.source_token)
    else:
        d = card_def(info.source_def)
    if info.ability_kind == "activated":
        return d.activated[info.ability_index].with_mode(info.modes)
    if info.ability_kind == "triggered":
        if "by_hand" in info.event:
            return by_hand_trigger(d.hand_triggers[info.event["by_hand"]])
        return d.triggered[info.ability_index].with_mode(info.modes)
    if info.ability_kind == "delayed":
        return delayed_ability(info.source_def, info.source_token, info.event["delayed"])
    raise ValueError(info.ability_kind)
