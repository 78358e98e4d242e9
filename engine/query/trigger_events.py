"""Which events trigger which trigger conditions (603.2, 603.6 zone changes, 603.10 look-back).

Each matcher gets the trigger, the event, the id of the watching permanent (None for look-back from
an object that left) and, for look-back, that object's last known information.
"""
from __future__ import annotations

from dataclasses import replace

from typing import TYPE_CHECKING, Any, Callable

from engine.core.abilities import Trigger, TriggeredAbility
from engine.core.events import Event
from engine.query.layers import characteristics, definition_of, matches_ch

if TYPE_CHECKING:
    from engine.game import Game

Matcher = Callable[["Game", Trigger, Event, "int | None", "dict | None"], bool]
MATCHERS: dict[str, Matcher] = {}


def matcher(name: str) -> Callable[[Matcher], Matcher]:
    def deco(fn: Matcher) -> Matcher:
        MATCHERS[name] = fn
        return fn
    return deco


def _controller(game: "Game", oid: int | None, was: dict | None) -> int:
    if was is not None:
        return was["controller"]
    return game.state.objects[oid].controller


def _info_matches(info: dict[str, Any], t: Trigger, controller: int, watcher: int | None) -> bool:
    flt = t.filter
    if flt is None:
        return True
    types = set(info.get("types", ()))
    if flt.types and not (flt.types & types):
        return False
    if flt.not_types and (flt.not_types & types):
        return False
    if flt.subtypes and not (flt.subtypes & set(info.get("subtypes", ()))):
        return False
    if flt.all_types and not flt.all_types <= types:
        return False
    if flt.all_subtypes and not flt.all_subtypes <= set(info.get("subtypes", ())):
        return False
    if flt.any_of and not any(_info_matches(info, replace(t, filter=a), controller, watcher) for a in flt.any_of):
        return False
    if flt.colors and not (flt.colors & set(info.get("colors", ()))):
        return False
    if flt.controller == "you" and info.get("controller") != controller:
        return False
    if flt.controller == "opponent" and info.get("controller") == controller:
        return False
    if flt.token is not None and bool(info.get("token")) != flt.token:
        return False
    if flt.other and watcher is not None and info.get("id") == watcher:
        return False
    return True


def _subject_object(game: "Game", t: Trigger, obj_id: Any, info: dict | None, watcher: int | None,
                    was: dict | None) -> bool:
    """Is the object the event is about the trigger's subject?"""
    s = game.state
    if t.subject == "self":
        if was is not None:
            return info is not None and info.get("id") == was["id"]
        return obj_id == watcher
    controller = _controller(game, watcher, was)
    if t.subject in ("enchanted", "equipped"):
        if watcher is None:
            return False
        return s.objects[watcher].attached_to == obj_id or (info is not None and info.get("id") == s.objects[watcher].attached_to)
    if t.subject in ("self_or_filter", "filter"):
        if t.subject == "self_or_filter" and (obj_id == watcher or (was and info and info.get("id") == was["id"])):
            return True
        if info is not None:
            return _info_matches(info, t, controller, watcher)
        if isinstance(obj_id, int) and obj_id in s.objects:
            o = s.objects[obj_id]
            return matches_ch(s, o, characteristics(s, obj_id), t.filter, controller, watcher)
    return False


@matcher("enters")
def _enters(game, t, e, watcher, was):
    if e.kind != "zone_change" or e.data.get("to") != "battlefield":
        return False
    oid = e.data["object"]
    if oid not in game.state.objects:
        return False
    if t.subject == "self":
        return oid == watcher
    return _subject_object(game, t, oid, None, watcher, was)


def _leaves(game, t, e, watcher, was, to: str | None) -> bool:
    if e.kind != "zone_change" or e.data.get("from") != "battlefield":
        return False
    if to is not None and e.data.get("to") != to:
        return False
    info = e.data.get("was")
    if info is None:
        return False
    if t.subject == "self":
        return was is not None and info.get("id") == was["id"]
    return _subject_object(game, t, None, info, watcher, was)


@matcher("leaves")
def _leaves_any(game, t, e, watcher, was):
    return _leaves(game, t, e, watcher, was, None)


@matcher("dies")
def _dies(game, t, e, watcher, was):
    # 700.4: "dies" means put into a graveyard from the battlefield.
    if e.data.get("was") and "Creature" not in e.data["was"].get("types", ()) and t.subject != "self":
        return False
    return _leaves(game, t, e, watcher, was, "graveyard")


@matcher("put_into_graveyard")
def _to_graveyard(game, t, e, watcher, was):
    return _leaves(game, t, e, watcher, was, "graveyard")


@matcher("attacks")
def _attacks(game, t, e, watcher, was):
    if e.kind != "attack":
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("attacks_alone")
def _attacks_alone(game, t, e, watcher, was):
    """506.5: a creature attacks alone if it's the only creature declared as an attacker."""
    combat = game.state.combat
    return _attacks(game, t, e, watcher, was) and combat is not None and len(combat.attackers) == 1


@matcher("blocked_by")
def _blocked_by(game, t, e, watcher, was):
    """ "Whenever ~ becomes blocked by a creature without flanking": one event per matching blocker."""
    if e.kind != "block" or watcher not in e.data["attackers"]:
        return False
    s = game.state
    blocker = e.data["object"]
    return blocker in s.objects and matches_ch(s, s.objects[blocker], characteristics(s, blocker), t.filter,
                                               _controller(game, watcher, was), watcher)


@matcher("attack_batch")
def _attack_batch(game, t, e, watcher, was):
    """ "Whenever one or more creatures attack": once for the declaration, if any attacker matches."""
    if e.kind != "attackers_declared":
        return False
    controller = _controller(game, watcher, was)
    return any(_info_matches(info, t, controller, watcher) for info in e.data["attackers"])


@matcher("blocks")
def _blocks(game, t, e, watcher, was):
    if e.kind != "block":
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("becomes_blocked")
def _becomes_blocked(game, t, e, watcher, was):
    if e.kind != "blocked":
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


def _damage(game, t, e, watcher, was, combat_only: bool) -> bool:
    if e.kind != "damage":
        return False
    if combat_only and not e.data.get("combat"):
        return False
    src = e.data.get("source")
    if t.subject == "self":
        if src != watcher:
            return False
    elif t.subject in ("enchanted", "equipped"):
        if watcher is None or game.state.objects[watcher].attached_to != src:
            return False
    elif not _subject_object(game, t, src, None, watcher, was):
        return False
    target = e.data.get("target")
    controller = _controller(game, watcher, was)
    if t.to == "player" and not (isinstance(target, str)):
        return False
    if t.to == "opponent" and not (isinstance(target, str) and int(target[1:]) != controller):
        return False
    if t.to == "creature" and isinstance(target, str):
        return False
    return True


@matcher("deals_damage")
def _deals_damage(game, t, e, watcher, was):
    return _damage(game, t, e, watcher, was, False)


@matcher("deals_combat_damage")
def _deals_combat_damage(game, t, e, watcher, was):
    return _damage(game, t, e, watcher, was, True)


@matcher("dealt_damage")
def _dealt_damage(game, t, e, watcher, was):
    if e.kind != "damage":
        return False
    target = e.data.get("target")
    if t.subject == "self":
        return target == watcher
    # "Whenever enchanted creature is dealt damage" (Ragged Veins), "whenever a creature you control is ..."
    return isinstance(target, int) and _subject_object(game, t, target, None, watcher, was)


@matcher("cast")
def _cast(game, t, e, watcher, was):
    if e.kind != "cast":
        return False
    controller = _controller(game, watcher, was)
    if t.subject == "you" and e.data["player"] != controller:
        return False
    if t.subject == "opponent" and e.data["player"] == controller:
        return False
    if t.subject == "self":
        return False      # the spell's own "when you cast this spell": engine.rules.spell_copies
    oid = e.data["object"]
    s = game.state
    if t.filter is not None and oid in s.objects:
        if not matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter, controller, watcher):
            return False
    if t.nth:
        # "your first instant or sorcery spell each turn": this is that player's nth such spell.
        caster = e.data["player"]
        casts = [c for c in s.turn_log.get("casts", ()) if c["player"] == caster]
        return sum(1 for c in casts if _info_matches(c, t, controller, watcher)) == t.nth
    return True


@matcher("copy")
def _copy(game, t, e, watcher, was):
    """ "Whenever you copy an instant spell": a copy of a spell put on the stack (707.10)."""
    if e.kind != "copy" or e.data.get("ability") or e.data["player"] != _controller(game, watcher, was):
        return False
    oid = e.data["object"]
    s = game.state
    return t.filter is None or (oid in s.objects and
                                matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter, e.data["player"], watcher))


@matcher("draws")
def _draws(game, t, e, watcher, was):
    if e.kind != "draw":
        return False
    controller = _controller(game, watcher, was)
    if t.subject == "you":
        return e.data["player"] == controller
    if t.subject == "opponent":
        return e.data["player"] != controller
    return True


@matcher("life_gained")
def _life_gained(game, t, e, watcher, was):
    if e.kind != "life" or e.data["amount"] <= 0:
        return False
    controller = _controller(game, watcher, was)
    if t.subject == "you":
        return e.data["player"] == controller
    return True


@matcher("discards")
def _discards(game, t, e, watcher, was):
    if e.kind != "discard":
        return False
    controller = _controller(game, watcher, was)
    if t.subject == "opponent":
        return e.data["player"] != controller
    if t.subject == "you":
        return e.data["player"] == controller
    return True


def trigger_matches(game: "Game", t: Trigger, event: Event, oid: int | None, was: dict | None) -> bool:
    m = MATCHERS.get(t.event)
    return m is not None and m(game, t, event, oid, was)


def jsonable(d: dict) -> dict:
    return {k: v for k, v in d.items() if isinstance(v, (int, str, bool, float, list, dict, type(None)))}


def watchers(game: "Game") -> list[tuple[int, int, TriggeredAbility]]:
    s = game.state
    cached = s.cache.get("watchers")
    if cached is not None:
        return cached
    out = []
    for oid in s.battlefield:
        o = s.objects[oid]
        # Only permanents whose card has triggered abilities (granting triggers isn't modelled):
        # this skips computing characteristics for most of the battlefield.
        if o.phased_out or not definition_of(o).triggered:
            continue
        ch = characteristics(s, oid)
        for i, ab in enumerate(ch.triggered):
            out.append((oid, i, ab))
    s.cache["watchers"] = out
    return out
