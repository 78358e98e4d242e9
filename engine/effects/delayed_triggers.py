"""Delayed triggered abilities (603.7).

A resolving spell or ability creates one with the CreateDelayed effect ("Sacrifice it at the
beginning of the next end step", "Whenever a creature attacks this turn, ..."); a permanent's static
ability can create one as the permanent enters (dash, 603.7f). It is kept in
GameState.delayed_triggers as plain data, so it survives clone() and JSON:

    {"id", "controller", "source_id", "source_card_id", "name", "def", "token", "text",
     "event", "step", "whose", "duration", "turn", "remembered", "lki"}

- 603.7a: it exists from the moment it is created; a step trigger is checked when a step begins,
  so "the next end step" created during an end step waits for the next turn's (513.2).
- 603.7b: it triggers once, then is gone, unless it has a duration ("this turn").
- 603.7c: the objects it refers to are remembered by object id; an object that changed zones is a
  new object (400.7) and is no longer found.
- 603.7d/e: its controller is the controller of the creating spell or ability, its source that
  spell or that ability's source.

Its effects are compiled data: the record names them by the card definition and the sentence's
text, and `delayed_ability` finds them again in that definition.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from engine.core.cards import def_key
from engine.core.abilities import Ref, Trigger
from engine.effects.resolution import Resolution, run_effects
from engine.core.enums import Step, Zone
from engine.core.events import Event
from engine.core.effect_types import CreateDelayed
from engine.board.zones import describe
from engine.query.trigger_events import jsonable, trigger_matches
from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics, matches_ch
from engine.query.stack_abilities import delayed_ability

if TYPE_CHECKING:
    from engine.game import Game


# ---------------------------------------------------------------- creating (603.7a, d, e)

def follow(res: Resolution, oid: int) -> int | None:
    """400.7j: an object this effect moved to a public zone can be found there by the effect's
    later parts; any other object that is gone is gone."""
    s = res.state
    seen = 0
    while oid not in s.objects and seen < 8:
        nxt = None
        for ev in res.game.events[res.events_start:]:
            if ev.kind == "zone_change" and ev.data.get("old") == oid and ev.data.get("to") not in ("library", "hand"):
                nxt = ev.data["object"]
        if nxt is None:
            return None
        oid, seen = nxt, seen + 1
    return oid if oid in s.objects else None


def followed_objects(res: Resolution, ref: Ref) -> list[int]:
    """The objects a reference names, found in the zone this resolution moved them to (400.7j)."""
    if ref.kind == "target":
        chosen, legal = res.target_group(ref.index)
        ids = [t for t, ok in zip(chosen, legal) if ok and isinstance(t, int)]
    else:
        ids = [r for r in res.resolve_ref(ref) if isinstance(r, int)]
    if ref.kind == "self" and not ids and res.source_id is not None and res.source_id not in res.state.objects:
        # "Exile ~, then return it to the battlefield": the source this resolution moved, found where it went
        ids = [res.source_id]
    out = []
    for oid in ids:
        now = follow(res, oid)
        if now is not None and now not in out:
            out.append(now)
    return out


def names_of(res: Resolution, ref: Ref) -> set[str]:
    """The names of what a reference names ("with the same name as that creature"): as it is, found where this
    resolution moved it (400.7j), or as it last existed on the battlefield or the stack (608.2h); a face-down
    permanent has none (201.2)."""
    s = res.state
    names = {characteristics(s, o).name for o in followed_objects(res, ref)}
    if ref.kind == "event" and isinstance(res.event.get("was"), dict):
        names.add(res.event["was"].get("name", ""))
    if ref.kind == "target":
        names.update((s.lki.get(str(t)) or {}).get("name", "") for t in res.target_group(ref.index)[0])
    names.discard("")
    return names


def _moved_target_matches(res: Any, c: Any) -> bool:
    """608.2c, 400.7j: "Exile target card from a graveyard. If it was a creature card, ...": the target card or
    spell (`value` is its index), found where this resolution moved it, is what the condition says."""
    if not isinstance(res, Resolution):
        return False
    s = res.state
    return any(matches_ch(s, s.objects[oid], characteristics(s, oid), c.filter, res.controller, None)
               for oid in followed_objects(res, Ref("target", c.value)))


def creator(res: Resolution) -> tuple[str, dict | None]:
    """The card definition (or token) the creating spell or ability comes from."""
    s = res.state
    so = s.objects.get(res.stack_id) if res.stack_id is not None else None
    if so is not None and so.is_ability and so.stack is not None:
        return so.stack.source_def, so.stack.source_token
    if so is not None:
        return def_key(so), so.token
    src = s.objects.get(res.source_id) if res.source_id is not None else None
    if src is not None:
        return def_key(src), src.token
    return res.source_name, None


def create_delayed(res: Resolution, e: CreateDelayed) -> None:
    s = res.state
    remembered: list[int] = []
    for r in e.remember:
        for oid in followed_objects(res, r):
            if oid not in remembered:
                remembered.append(oid)
    def_key, token = creator(res)
    src = s.objects.get(res.source_id) if res.source_id is not None else None
    lki = describe(res.game, src.id) if src is not None and src.zone in (Zone.BATTLEFIELD, Zone.STACK) \
        else res.source_lki
    if src is not None and src.zone is Zone.STACK and src.stack is not None and not src.is_ability:
        # A spell's choices stay known: its delayed ability may copy it later (epic 702.50a, 707.10).
        lki = dict(lki, stack=src.stack.to_json())
    rec = {"id": s.new_timestamp(), "controller": res.controller, "source_id": res.source_id,
           "source_card_id": res.source_card_id, "name": res.source_name, "def": def_key, "token": token,
           "text": e.text, "event": e.trigger.event, "step": e.trigger.step, "whose": e.trigger.whose,
           "duration": e.duration, "turn": s.turn, "remembered": remembered, "lki": lki}
    if e.trigger.whose == "that_extra_turn":
        # the extra turn the sentence before put first among the pending ones (500.7): the extra turns after it
        # stay after it, as later ones are taken first, so their number tells its turn when it begins
        rec["extra_rest"] = len(s.extra_turns) - 1
    if e.trigger.event == "reflexive":
        # 603.12: a reflexive triggered ability ("when you do, ...") is checked at once: the action it
        # waits for was just taken, so it triggers now and goes on the stack like any other trigger.
        rec["duration"] = "reflexive"        # never stored, so nothing to remove after it fires
        # the event of the triggered ability that created it, whose "that player" it may name (Dokuchi Silencer)
        data = dict(res.event) if res.event else {"player": res.controller}
        sacrificed = [c["was"] for c in res.zone_changes() if c["cause"] == "sacrifice" and c["was"]]
        if sacrificed:
            # "You may sacrifice another creature. When you do, ... the sacrificed creature's power": what the action
            # it waited for sacrificed, as it last existed (608.2h), as a cost's sacrifice is known to its ability
            data["sacrificed"] = sacrificed
        _fire(res.game, rec, data)
        return
    s.delayed_triggers.append(rec)
    res.game.emit(Event("delayed_created", {"id": rec["id"], "controller": res.controller, "name": res.source_name,
                                            "remembered": list(remembered)},
                        f"{res.source_name}: {_describe(e.text, res.source_name)}"))


def _describe(text: str, name: str) -> str:
    t = re.sub(r"\{(\w)\}", lambda m: "{" + m.group(1).upper() + "}", text.replace("~", name).strip())
    return (t[0].upper() + t[1:]) if t else "a delayed triggered ability"


# ---------------------------------------------------------------- finding the ability again


# ---------------------------------------------------------------- triggering (603.7b)

def _active(game: "Game", rec: dict) -> bool:
    """A "this turn" ability ends with the turn it was created in; one of an extra turn's end step ends once a turn
    after that extra turn's place begins (it was skipped, or ended before its end step)."""
    if rec["whose"] == "that_extra_turn" and rec["turn"] != game.state.turn:
        return game.state.turn_log.get("extra_turn_rest", -1) >= rec["extra_rest"]
    return rec["duration"] not in ("turn", "once_turn") or rec["turn"] == game.state.turn


def _its_extra_turn(game: "Game", rec: dict) -> bool:
    """The turn is the extra turn the ability's creator added (`extra_rest`: the extra turns pending after it)."""
    s = game.state
    return rec["turn"] != s.turn and s.turn_log.get("extra_turn_rest") == rec["extra_rest"]


def _fire(game: "Game", rec: dict, data: dict[str, Any]) -> None:
    s = game.state
    event = jsonable(data)
    event["remembered"] = list(rec["remembered"])
    event["delayed"] = rec["text"]
    s.pending_triggers.append({
        "source_id": rec["source_id"], "source_card_id": rec["source_card_id"], "controller": rec["controller"],
        "def": rec["def"], "token": rec["token"], "index": -1, "kind": "delayed", "name": rec["name"],
        "kicked": False, "event": event, "text": rec["text"], "seq": s.new_timestamp(), "lki": rec["lki"]})
    if rec["duration"] in ("once", "once_turn"):
        s.delayed_triggers.remove(rec)


def _prune(game: "Game") -> None:
    s = game.state
    if any(not _active(game, r) for r in s.delayed_triggers):
        s.delayed_triggers = [r for r in s.delayed_triggers if _active(game, r)]


def step_delayed_triggers(game: "Game", step: Step) -> None:
    """ "At the beginning of the next end step / upkeep", "at end of combat" (511.2): triggered as
    the step begins; one created later in the step waits for the next such step (513.2)."""
    s = game.state
    _prune(game)
    for rec in list(s.delayed_triggers):
        if rec["event"] != "step" or rec["step"] != step.value:
            continue
        if rec["whose"] == "you" and s.active != rec["controller"]:
            continue
        if rec["whose"] == "that_extra_turn" and not _its_extra_turn(game, rec):
            continue
        _fire(game, rec, {"step": step.value, "player": s.active})


def event_delayed_triggers(game: "Game", event: Event) -> None:
    """Delayed abilities that wait for an event ("whenever a creature attacks this turn")."""
    s = game.state
    _prune(game)
    for rec in list(s.delayed_triggers):
        if rec["event"] == "step":
            continue
        ab = delayed_ability(rec["def"], rec["token"], rec["text"])
        if ab.trigger.subject == "remembered":
            hit = _about_remembered(game, rec, ab.trigger, event)
        else:
            # "~" in its trigger is its source while that is the same permanent (603.7c).
            src = s.objects.get(rec["source_id"]) if rec["source_id"] is not None else None
            if src is not None and src.zone is Zone.BATTLEFIELD:
                hit = trigger_matches(game, ab.trigger, event, src.id, None)
            else:
                # "When ~ dies this turn": its leaving is recognized by its last known information (603.10a)
                left = rec["source_id"] if ab.trigger.event in _LEAVING else None
                hit = trigger_matches(game, ab.trigger, event, None, {"controller": rec["controller"], "id": left})
        if hit:
            _fire(game, rec, event.data)


_LEAVING = ("leaves", "dies", "put_into_graveyard")


def _about_remembered(game: "Game", rec: dict, trigger: Trigger, event: Event) -> bool:
    """ "When that creature dies this turn": the event is about one of the remembered objects (a
    leaving object is recognized by its last known information, 603.10a)."""
    s = game.state
    mine = replace(trigger, subject="self")
    for rid in rec["remembered"]:
        if trigger.event in _LEAVING:
            if trigger_matches(game, mine, event, None, {"id": rid, "controller": rec["controller"]}):
                return True
        elif rid in s.objects and trigger_matches(game, mine, event, rid, None):
            return True
    return False


def pending_delayed(game: "Game") -> list[dict[str, Any]]:
    """The delayed triggered abilities waiting to trigger, for the snapshot: they are public, the
    objects they remember too, unless one is now in a hidden zone."""
    s = game.state
    hidden = (Zone.LIBRARY, Zone.HAND)
    return [{"id": r["id"], "controller": r["controller"], "source": r["name"],
             "text": _describe(r["text"], r["name"]),
             "remembered": [o for o in r["remembered"] if o in s.objects and s.objects[o].zone not in hidden]}
            for r in s.delayed_triggers if _active(game, r)]


# ---------------------------------------------------------------- created by a static ability (603.7f)

def _delayed_as_enters(game: "Game", oid: int) -> None:
    """A permanent whose static ability creates delayed triggered abilities as it enters (dash, "if you cast it any
    time a sorcery couldn't have been cast, ... sacrifices it at the beginning of the next cleanup step"):
    the permanent is their source and its controller controls them (603.7f)."""
    s = game.state
    o = s.objects[oid]
    if "alt_cost" not in o.chosen and "cast_as_instant" not in o.chosen:
        return
    ch = characteristics(s, oid)
    for st in ch.static:
        if st.kind != "delayed_as_enters" or (st.condition and not check_condition_static(s, o, st.condition)):
            continue
        res = Resolution(game, controller=o.controller, source_id=oid, source_card_id=o.card_id, source_name=ch.name,
                         targets=[], target_specs=[])
        run_effects(res, dict(st.params)["effects"])


def _alt_paid(kind: str) -> Callable[[Resolution, Any], bool]:
    """ "If its dash (blitz) cost was paid" (702.109a, 702.152a): the permanent keeps the cost it was cast for
    (400.7d); once it has left the battlefield ("when this creature dies"), its last known information does."""
    def paid(res: Resolution, c: Any) -> bool:
        o = res.source_object()
        chosen = o.chosen if o is not None else (res.source_lki or {}).get("chosen") or {}
        return chosen.get("alt_cost") == kind
    return paid


def _cast_as_instant(res: Resolution, c: Any) -> bool:
    """The permanent was cast as a spell at a time a sorcery couldn't have been cast (307.1)."""
    o = res.source_object()
    return bool(o is not None and o.chosen.get("cast_as_instant"))


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    CreateDelayed: create_delayed,
}


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "dash_paid": _alt_paid("dash"),
    "blitz_paid": _alt_paid("blitz"),
    "suspend_cast": _alt_paid("suspend"),      # 702.62a: a creature spell cast by suspend has haste
    "escaped": _alt_paid("escape"),            # 702.138c-d: it escaped (cast with its escape cost)
    "cast_as_instant": _cast_as_instant,
    "moved_target_matches": _moved_target_matches,
}


# Installed by engine.wiring.
ETB_HOOKS = [_delayed_as_enters]
