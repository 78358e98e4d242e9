"""Triggered abilities (603): noticing trigger events, putting triggered abilities on the stack the
next time a player would receive priority (603.3), in APNAP order with each player ordering their
own (603.3b), choosing targets as they go on the stack (603.3d) and intervening "if" clauses (603.4).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core.abilities import Condition, TriggeredAbility
from engine.core.enums import DecisionKinds, Steps, Zones
from engine.core.events import Event
from engine.core.monarch import MONARCH, MONARCH_ABILITIES
from engine.query.layers import characteristics
from engine.core.state import Decision, TriggerTask
from engine.query.trigger_events import (additional_triggers, cycled_card, discard_by_opponent, jsonable,
                                        trigger_matches, watchers_of, watchers_triggering_on)
from engine.effects.delayed_triggers import event_delayed_triggers, step_delayed_triggers
from engine.query.stack_abilities import delayed_ability
from engine.core.cards import card_def, granted_ref, token_def, def_key
from engine.effects.resolution import Resolution
from engine.query.amounts import check_condition
from engine.board.zones import create_ability_object, simultaneous_event
from engine.query.targets import (chosen_elsewhere, describe_target, legal_targets, owned_as_said, source_of, SourceInfo,
                                  with_counts, with_trigger_player)
from engine.rules.proposals import divided_amount

if TYPE_CHECKING:
    from engine.game import Game


# ---------------------------------------------------------------- noticing events


def detect(game: "Game", event: Event) -> None:
    """Called for every event: records the triggered abilities it triggers (603.2)."""
    s = game.state
    kind = event.kind
    if kind not in _TRIGGERING:
        return
    data = event.data
    if kind == "zone_change" and data.get("from") == "battlefield" and data.get("was"):
        # 603.10a: leaves-the-battlefield abilities look back: the object's own abilities trigger.
        was = data["was"]
        for i, ab in _had_triggered(was):
            if ab.from_graveyard:
                continue        # (an ability that functions only in a graveyard doesn't look back, 113.6k)
            # its own "whenever a creature dies / you sacrifice a permanent" sees it leave too
            if ab.trigger.event in LEAVING_EVENTS and trigger_matches(game, ab.trigger, event, None, was):
                _record(game, None, was, i, ab, data)
        # Others that left at the same time look back too (603.10a): Blood Artist dying in a Wrath
        # sees every creature that died with it.
        for other in game.leaving or ():
            if other["id"] == was["id"]:
                continue
            for i, ab in _had_triggered(other):
                if ab.trigger.subject != "self" and not ab.from_graveyard and ab.trigger.event in LEAVING_EVENTS \
                        and trigger_matches(game, ab.trigger, event, None, other):
                    _record(game, None, other, i, ab, data)
    if kind == "unattached" and data.get("source_lki"):
        # "Whenever ~ becomes unattached from a permanent" of an Aura or Equipment that left the battlefield: its own
        # ability looks back (603.10c)
        was = data["source_lki"]
        for i, ab in _had_triggered(was):
            if ab.trigger.event == "unattached" and trigger_matches(game, ab.trigger, event, None, was):
                _record(game, None, was, i, ab, data)
    if kind == "activate":
        _cycled_from_graveyard(game, event)
    if kind in ("phased_in", "phased_out"):
        # "Whenever ~ phases in / out" (702.26b-c), the permanent's own: found on it, phased out or not (603.10b:
        # phasing out looks back in time, to before it ceased to exist for the game)
        o = s.objects[data["object"]]
        for i, ab in enumerate(characteristics(s, o.id).triggered):
            if ab.trigger.event == kind:
                _record(game, o, None, i, ab, data)
    if kind == "zone_change" and data.get("from") == "battlefield" and data.get("to") == "graveyard" \
            and "Creature" in (data.get("was") or {}).get("types", ()):
        # 702.59a: recover triggers from the graveyard the creature was put into.
        for oid in list(s.players[data["owner"]].graveyard):
            if oid != data.get("object"):
                card_triggers(game, oid, "recover", data)
    if kind == "damage" and data.get("combat") and isinstance(data.get("target"), str):
        # 702.99a: the card encoded on a creature that deals combat damage to a player
        for oid in list(s.exile):
            if s.objects[oid].chosen.get("encoded_on") == data.get("source"):
                card_triggers(game, oid, "cipher", data)
    if kind == "discard" and data.get("madness"):
        card_triggers(game, data["card"], "madness", data)         # 702.35a: from exile
    elif kind == "discard" and discard_by_opponent(game, event):
        # "When a spell or ability an opponent controls causes you to discard ~": from the graveyard
        card_triggers(game, data["card"], "discarded_by_opponent", data)
    if kind == "discard":
        card_triggers(game, data["card"], "discarded_self", data)      # "when you discard ~" (a card is its owner's)
    if kind == "zone_change" and data.get("from") == "graveyard" and data.get("to") == "hand":
        card_triggers(game, data["object"], "graveyard_to_hand_self", data)     # Golgari Brownscale's (603.10a)
    if kind == "draw" and data.get("nth") == 1 and s.players[data["player"]].hand:
        # 702.94a: the first card a player draws in a turn (the one just put into their hand)
        card_triggers(game, s.players[data["player"]].hand[-1], "miracle", data)
    if kind == "damage" and data.get("combat") and s.monarch is not None and data.get("target") == f"P{s.monarch}":
        _record_inherent(game, 1, data)      # 725.2: combat damage to the monarch
    for oid, i, ab in watchers_of(game, kind):
        if oid not in s.objects:
            continue
        if trigger_matches(game, ab.trigger, event, oid, None):
            o = s.objects[oid]
            _record(game, o, None, i, ab, data)
    if s.delayed_triggers:
        event_delayed_triggers(game, event)


# Trigger events of an object leaving the battlefield: they look back in time (603.10a).
LEAVING_EVENTS = ("leaves", "dies", "put_into_graveyard", "sacrificed", "to_graveyard", "leaves_batch", "dies_batch",
                  "put_into_graveyard_batch", "sacrificed_batch")

_TRIGGERING = {"zone_change", "attack", "attackers_declared", "block", "blocked", "damage", "cast", "copy", "draw",
               "life", "tap", "discard", "counter_added", "play_land", "untap", "unblocked", "activate", "trigger",
               "surveil", "scry", "designated", "retarget", "counter_removed", "turned_face_up",
               "class_level", "transform", "flip", "exerted", "clash", "energy", "exploits", "explored",
               "room_entered", "dungeon_completed", "day_night", "phased_in", "phased_out", "mutated",
               "tapped_for_mana", "coin_flip", "die_roll", "countered", "unattached", "attach", "crews", "resolve", "search"}


def _cycled_from_graveyard(game: "Game", event: Event) -> None:
    """ "When you cycle ~" (702.29): the cycled card is in its owner's graveyard by now (its
    discard is the cost), and its ability triggers from there."""
    card_id = cycled_card(game, event)
    if card_id is None:
        return
    s = game.state
    for oid in s.players[event.data["player"]].graveyard:
        o = s.objects[oid]
        if o.card_id != card_id:
            continue
        for i, ab in enumerate(card_def(o.copy_of or o.name).triggered):
            if ab.trigger.event == "cycled" and ab.trigger.subject == "self":
                _record(game, o, None, i, ab, event.data)


def card_triggers(game: "Game", oid: int, event: str, data: dict) -> None:
    """The triggered abilities a card has for `event` where it is, outside the battlefield: madness in exile
    (702.35a), miracle in a hand (702.94a), suspend's upkeep trigger in exile (702.62a), a haunting instant's in its
    graveyard (702.55a)."""
    o = game.state.objects.get(oid)
    if o is None or o.token is not None:
        return
    for i, ab in enumerate(card_def(o.copy_of or o.name).triggered):
        if ab.trigger.event == event:
            _record(game, o, None, i, ab, data)


def _had_triggered(info: dict) -> list[tuple[int, TriggeredAbility]]:
    """The triggered abilities a permanent that left the battlefield had as it left (603.10a): those of
    its card it still had, and those an effect granted it in quotes (613.1f)."""
    d = _def_from_info(info)
    had = info.get("triggered")
    out = [(i, ab) for i, ab in enumerate(d.triggered) if had is None or i in had] if d is not None else []
    out.extend((i, card_def(key).triggered[i]) for key, i in info.get("granted", ()))
    return out


def _def_from_info(info: dict):
    """The definition a permanent that left had: a token's from its spec (111.1), a card's or a
    copy's by its key (707.2)."""
    if info.get("token_spec") is not None:
        return token_def(info["token_spec"])
    try:
        return card_def(info["def"])
    except KeyError:
        return None


def _record(game: "Game", src, was: dict | None, index: int, ab: TriggeredAbility, data: dict) -> None:
    s = game.state
    if src is not None:
        rec = {"source_id": src.id, "source_card_id": src.card_id, "controller": src.controller,
               "def": def_key(src), "token": src.token if src.copy_of is None else None, "index": index,
               "name": characteristics(s, src.id).name, "kicked": src.kicked}
    else:
        rec = {"source_id": was["id"], "source_card_id": was["card_id"], "controller": was["controller"],
               "def": was["def"], "token": was.get("token_spec"), "index": index, "name": was["name"], "kicked": was.get("kicked", False),
               "lki": was}
    ref = granted_ref(ab)
    if ref is not None:
        # An ability granted in quotes is found in the text that grants it (613.1f).
        rec["def"], rec["token"], rec["index"] = ref[0], None, ref[1]
    rec["event"] = jsonable(data)
    if ab.trigger.event == "enters" and ab.trigger.subject == "self":
        # 107.3m: X in an enters-the-battlefield ability is the X chosen for the spell it was.
        rec["x"] = (src.chosen if src is not None else was.get("chosen") or {}).get("x", 0)
    if ab.trigger.event == "turned_face_up" and ab.trigger.subject == "self":
        rec["x"] = data.get("x", 0)     # 107.3e: the X of the morph cost paid to turn it face up
    rec["text"] = ab.text
    rec["seq"] = s.new_timestamp()
    if ab.condition is not None:
        # 603.4: an intervening "if" must be true when the event happens.
        if not _condition_now(game, rec, ab):
            return
    once = None
    if ab.trigger.once_each_turn:
        # "This ability triggers only once each turn": this object's ability, counted this turn.
        once = f"{rec['source_id']}:{index}"
    elif ab.trigger.event == "deals_combat_damage_batch":
        # "one or more creatures deal combat damage": one event per combat damage step (510.2, 603.2c)
        once = f"{rec['source_id']}:{index}:{s.turn_log.get('combats', 0)}:{s.step.value}"
    elif ab.trigger.event in ("to_graveyard_batch", "leaves_graveyard_batch", "dies_batch", "enters_batch",
                              "leaves_batch", "put_into_graveyard_batch", "discards_batch", "sacrificed_batch"):
        # "one or more cards are put into / leave your graveyard": once for each simultaneous event (603.2c)
        once = f"{rec['source_id']}:{index}:event:{simultaneous_event(s)}"
    if once is not None:
        fired = s.turn_log.setdefault("triggered_once", [])
        if once in fired:
            return
        fired.append(once)
    s.pending_triggers.append(rec)
    if once is None and (src is None or src.zone is Zones.BATTLEFIELD):
        # 603.2d: a permanent's ability (or one that looked back, 603.10a) triggering an additional time
        for _ in range(additional_triggers(game, ab.trigger, data, rec["controller"])):
            s.pending_triggers.append(dict(rec, event=jsonable(data), seq=s.new_timestamp()))


def _record_inherent(game: "Game", index: int, data: dict) -> None:
    """725.2: one of the monarch's inherent triggered abilities triggers. It has no source, and the player who
    is the monarch now controls it."""
    s = game.state
    s.pending_triggers.append({"kind": "inherent", "source_id": None, "source_card_id": None, "controller": s.monarch,
                               "def": "", "token": None, "index": index, "name": MONARCH, "kicked": False,
                               "event": jsonable(data), "text": MONARCH_ABILITIES[index].text,
                               "seq": s.new_timestamp()})


def record_trigger(game: "Game", src, index: int, ab: TriggeredAbility, data: dict) -> None:
    """Records a triggered ability of `src` noticed outside the battlefield watchers (a spell's
    "when you cast this spell", engine.rules.spell_copies)."""
    _record(game, src, None, index, ab, data)


def _condition_now(game: "Game", rec: dict, ab: TriggeredAbility) -> bool:
    res = Resolution(game, controller=rec["controller"], source_id=rec["source_id"],
                     source_card_id=rec["source_card_id"], source_name=rec["name"], targets=[], target_specs=[],
                     kicked=rec.get("kicked", False), event=rec["event"], source_lki=rec.get("lki"))
    return check_condition(res, ab.condition)


def step_triggers(game: "Game", step) -> None:
    """503.1a, 504.2, 507.2, 513.1a...: abilities that trigger at the beginning of a step."""
    s = game.state
    for oid, i, ab in watchers_triggering_on(game, "step"):
        t = ab.trigger
        if t.step != step.value:
            continue
        o = s.objects[oid]
        if t.whose == "you" and s.active != o.controller:
            continue
        if t.whose == "opponent" and s.active == o.controller:
            continue
        if t.whose in ("enchanted_player", "enchanted_controller") and s.active != _enchanted_player(game, o):
            continue        # "at the beginning of enchanted player's upkeep" / "of enchanted creature's controller"
        _record(game, o, None, i, ab, {"step": step.value, "player": s.active})
    if step is Steps.END and s.monarch is not None and s.monarch == s.active:
        _record_inherent(game, 0, {"step": step.value, "player": s.active})     # 725.2: the monarch's end step
    if step is Steps.UPKEEP:
        # 702.62a: "At the beginning of your upkeep, if this card is suspended, ..." works in exile.
        for oid in list(s.exile):
            o = s.objects[oid]
            if o.owner == s.active and o.chosen.get("suspended"):
                _card_step_triggers(game, o, step)
    if s.delayed_triggers:
        step_delayed_triggers(game, step)


def _card_step_triggers(game: "Game", o, step) -> None:
    for i, ab in enumerate(card_def(o.name).triggered):
        if ab.trigger.event == "step" and ab.trigger.step == step.value and ab.trigger.whose == "you":
            _record(game, o, None, i, ab, {"step": step.value, "player": game.state.active})


def _enchanted_player(game: "Game", aura) -> int | None:
    at = aura.attached_to
    if isinstance(at, str) and at[:1] == "P":
        return int(at[1:])
    if isinstance(at, int) and at in game.state.objects:
        return game.state.objects[at].controller
    return None


def has_pending_triggers(game: "Game") -> bool:
    return bool(game.state.pending_triggers)


# ---------------------------------------------------------------- putting them on the stack

def record_ability(rec: dict) -> TriggeredAbility:
    """The triggered ability a pending trigger record stands for (a delayed one too, 603.7)."""
    if rec.get("kind") == "delayed":
        return delayed_ability(rec["def"], rec.get("token"), rec["text"])
    if rec.get("kind") == "inherent":
        return MONARCH_ABILITIES[rec["index"]]
    d = token_def(rec["token"]) if rec.get("token") is not None else card_def(rec["def"])
    return d.triggered[rec["index"]].with_mode(rec.get("mode", []))


def state_triggers(game: "Game") -> None:
    """603.8: a state trigger triggers as soon as the game state matches, and not again while it is
    waiting to be put on the stack or is on the stack."""
    s = game.state
    for oid, i, ab in watchers_triggering_on(game, "state"):
        if oid not in s.objects:
            continue
        if any(t["source_id"] == oid and t["index"] == i and t.get("kind") != "delayed" for t in s.pending_triggers):
            continue
        if any(s.objects[x].stack is not None and s.objects[x].stack.source_id == oid and
               s.objects[x].stack.ability_kind == "triggered" and s.objects[x].stack.ability_index == i
               for x in s.stack):
            continue
        o = s.objects[oid]
        # the state, and an intervening "if" of the ability (603.4: "When you have 10 or less life, if ~ is an
        # enchantment, ...")
        when = ab.trigger.state if ab.condition is None else Condition("all", all_of=(ab.trigger.state, ab.condition))
        _record(game, o, None, i, replace(ab, condition=when), {"player": o.controller})


def put_triggers_on_stack(game: "Game") -> bool:
    """Returns True if anything was done (or a decision is now pending)."""
    s = game.state
    state_triggers(game)
    if not s.pending_triggers:
        return False
    for p in s.apnap():
        mine = [t for t in s.pending_triggers if t["controller"] == p]
        if not mine:
            continue
        if len(mine) > 1 and not all(t.get("ordered") for t in mine) and len({t["text"] for t in mine}) > 1:
            options = _order_options(mine)
            s.pending = Decision(p, DecisionKinds.CHOOSE,
                                 "Order your triggered abilities (first = top of the stack)",
                                 options, len(options), len(options), {"choice": "order"})
            s.task = TriggerTask(stage="order", player=p)
            return True
        mine.sort(key=lambda t: t.get("order", t["seq"]))
        for t in mine:
            if not _put_one(game, t):
                return True
    return True


def _order_options(mine: list[dict]) -> list[Any]:
    counts: dict[Any, int] = {}
    def source(t: dict) -> Any:
        # an inherent ability (725.2) has no source: it is named as "inherent" and its place
        return t["source_id"] if t["source_id"] is not None else f"inherent{t['index']}"
    for t in mine:
        counts[source(t)] = counts.get(source(t), 0) + 1
    out = []
    seen: dict[Any, int] = {}
    for t in mine:
        sid = source(t)
        if counts[sid] == 1:
            t["key"] = sid
        else:
            seen[sid] = seen.get(sid, 0) + 1
            t["key"] = f"{sid}#{seen[sid]}"
        out.append(t["key"])
    return out


def _put_one(game: "Game", rec: dict) -> bool:
    """Puts one triggered ability on the stack; False if a target decision is now pending."""
    s = game.state
    ab = record_ability(rec)
    specs = list(ab.mode.targets)
    src = s.objects.get(rec["source_id"])
    if src is not None and src.zone in (Zones.BATTLEFIELD, Zones.STACK):
        source = source_of(game, src.id, rec["controller"])
    else:
        lki = rec.get("lki") or {}
        source = SourceInfo(rec["source_id"], rec["controller"], set(lki.get("colors", ())),
                            set(lki.get("types", ())), set(lki.get("subtypes", ())), rec["name"])
    source = with_trigger_player(game, source, specs, rec["event"])
    if ab.modes and "mode" not in rec:
        if not _choose_mode(game, rec, ab, source):
            return rec not in s.pending_triggers      # removed (go on), or its mode is being chosen
        ab = record_ability(rec)
        specs = list(ab.mode.targets)
        source = with_trigger_player(game, source, specs, rec["event"])
    specs = with_counts(game, specs, source, rec["event"])       # "up to X target ..., where X is ..." (601.2c)
    targets: list[list[Any]] = rec.setdefault("targets", [])
    total = divided_amount(list(ab.mode.effects), rec.get("x", 0))
    while len(targets) < len(specs):
        spec = specs[len(targets)]
        taken = chosen_elsewhere(spec, targets)
        legal = [t for t in legal_targets(game, spec, source)
                 if str(t) not in taken and owned_as_said(game, spec, targets, [t])]
        if len(legal) < spec.min:
            # 603.3d: no legal targets: the ability is removed from the stack.
            s.pending_triggers.remove(rec)
            game.emit(Event("trigger_removed", {"name": rec["name"]},
                            f"{rec['name']}'s ability has no legal target and is removed"))
            return True
        if spec.min == spec.max == len(legal) or spec.max == 0:
            targets.append(list(legal) if spec.max else [])     # one legal answer, or none to give ("up to X", X 0)
            continue
        # 601.2d: a divided amount gives each target at least one, so no more targets than it
        most = min(spec.max, len(legal), total if spec.divide and total is not None else len(legal))
        s.pending = Decision(rec["controller"], DecisionKinds.CHOOSE,
                             f"Choose {spec.text or 'a target'} for {rec['name']}'s ability",
                             legal, spec.min, most, {"choice": "target", "source": rec["name"]})
        s.task = TriggerTask(stage="target", seq=rec["seq"])
        return False
    division = _division(game, rec, specs, targets, total)
    if division is None:
        return False
    s.pending_triggers.remove(rec)
    event = dict(rec["event"])
    if rec.get("lki"):
        event["source_lki"] = rec["lki"]
    gone = event.get("object", event.get("target"))
    if "was" not in event and isinstance(gone, int) and s.lki.get(str(gone)):
        # the object of the event left the battlefield since it happened: what it was, for the ability to read back
        # ("it deals that much damage to its controller" of a creature dealt lethal damage, 608.2h)
        event["object_lki"] = s.lki[str(gone)]
    ch = None
    if src is not None and src.zone is Zones.BATTLEFIELD:
        ch = characteristics(s, src.id)
    oid = create_ability_object(game, rec["controller"], None, ch, rec.get("kind", "triggered"), rec["index"], targets,
                                 rec.get("x", 0), event, division, rec.get("lki"), source_def=rec["def"], source_token=rec.get("token"),
                                 source_name=rec["name"])
    so = s.objects[oid]
    so.stack.modes = list(rec.get("mode", []))
    so.stack.source_id = rec["source_id"]
    so.stack.source_card_id = rec["source_card_id"]
    so.stack.kicked = rec.get("kicked", False)
    game.emit(Event("trigger", {"object": oid, "name": rec["name"], "controller": rec["controller"]},
                    f"{rec['name'] or 'A face-down permanent'}'s ability triggers"))     # 708.2: no name
    return True


def _division(game: "Game", rec: dict, specs: list, targets: list[list[Any]], total: int | None) -> dict[str, int] | None:
    """603.3d, 601.2d: the controller divides the ability's amount among its targets as it goes on the stack, asked
    target by target (each at least one, the last one the rest); None while a choice is pending. A single target
    gets it all (-1: the amount, read as it resolves)."""
    recipients = [t for spec, group in zip(specs, targets) if spec.divide for t in group]
    if len(recipients) <= 1 or total is None:
        return {str(r): -1 for r in recipients}
    given: list[int] = rec.setdefault("divide", [])
    while len(given) < len(recipients) - 1:
        high = total - sum(given) - (len(recipients) - len(given) - 1)
        if high <= 1:
            given.append(1)
            continue
        target = describe_target(game, recipients[len(given)])
        game.state.pending = Decision(rec["controller"], DecisionKinds.CHOOSE,
                                      f"How much of {total} for {target} ({rec['name']}'s ability)",
                                      list(range(1, high + 1)), 1, 1,
                                      {"choice": "number", "low": 1, "high": high, "source": rec["name"]})
        game.state.task = TriggerTask(stage="divide", seq=rec["seq"])
        return None
    shares = [*given, total - sum(given)]
    return {str(r): n for r, n in zip(recipients, shares)}


def _choose_mode(game: "Game", rec: dict, ab: TriggeredAbility, source: SourceInfo) -> bool:
    """603.3c: the controller of a modal triggered ability chooses its mode as it is put on the stack; a
    mode whose targets can't be chosen can't be chosen, and with none left the ability is removed. True
    when the mode is chosen (`rec["mode"]`); else a decision is pending or the ability was removed."""
    s = game.state
    able = [i for i, m in enumerate(ab.modes)
            if all(len(legal_targets(game, spec, source)) >= spec.min for spec in m.targets)]
    if not able:
        s.pending_triggers.remove(rec)
        game.emit(Event("trigger_removed", {"name": rec["name"]},
                        f"{rec['name']}'s ability has no mode that can be chosen and is removed"))
        return False
    if len(able) == 1:
        rec["mode"] = able
        return True
    labels = [mode_label(ab.modes[i], rec["name"]) for i in able]
    s.pending = Decision(rec["controller"], DecisionKinds.CHOOSE, f"Choose a mode for {rec['name']}'s ability",
                         labels, 1, 1, {"choice": "mode", "source": rec["name"]})
    s.task = TriggerTask(stage="mode", seq=rec["seq"])
    return False


def mode_label(mode, name: str) -> str:
    return mode.text.replace("~", name)


def answer_trigger(game: "Game", d: Decision, chosen: list) -> None:
    s = game.state
    task = s.task
    s.task = None
    if task.stage == "order":
        p = task.player
        mine = [t for t in s.pending_triggers if t["controller"] == p]
        by_key = {str(t["key"]): t for t in mine}
        # The first answer goes on top, so it is put on the stack last.
        for rank, key in enumerate(reversed(chosen)):
            t = by_key[str(key)]
            t["ordered"] = True
            t["order"] = rank
        return
    rec = next(t for t in s.pending_triggers if t["seq"] == task.seq)
    if task.stage == "mode":
        ab = record_ability(rec)
        rec["mode"] = [next(i for i, m in enumerate(ab.modes) if mode_label(m, rec["name"]) == chosen[0])]
        return
    if task.stage == "divide":
        rec.setdefault("divide", []).append(int(chosen[0]))
        return
    rec.setdefault("targets", []).append(list(chosen))
