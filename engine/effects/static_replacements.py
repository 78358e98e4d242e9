"""Replacement effects written as static abilities by the Oracle compiler (614.1c-d, 614.12): "This
land enters tapped", "~ enters with N counters on it", and "If <a creature> would die, instead ..."
(Kalitas). They plug into the hook points of engine.core.hooks (installed by engine.wiring): ETB_HOOKS run as a permanent enters the
battlefield, DIE_REPLACEMENTS when a permanent would be destroyed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.damage import add_counters, counters_to_put, lose_life
from engine.board.primitives import add_effect, sacrifice
from engine.core.effect_types import ExileIfDiesThisTurn
from engine.core.abilities import Amount
from engine.effects.entering import sacrifice_options
from engine.effects.resolution import Resolution, run_effects
from engine.core.state import NeedDecision
from engine.core.enums import Zones
from engine.core.events import Event
from engine.query.amounts import check_condition_static, evaluate_amount_static
from engine.query.layers import characteristics, enters_tapped_by_others, filter_from_json, matches_ch, statics_of_kind

if TYPE_CHECKING:
    from engine.game import Game


_ENTERING_KINDS = ("enters_tapped", "enters_with_counters", "enters_with_effects", "sunburst", "devour", "amplify",
                   "enters_choice")


def _enters(game: "Game", oid: int) -> None:
    """614.1c: a permanent that "enters tapped" or "enters with counters" does so; nothing sees it
    enter otherwise."""
    s = game.state
    o = s.objects[oid]
    if not o.tapped and enters_tapped_by_others(s, oid):
        o.tapped = True
        s.invalidate()
    for st in characteristics(s, oid).static:
        if st.affected.kind != "self" or st.kind not in _ENTERING_KINDS:
            continue
        # "enters tapped unless you control two or more other lands", "if ~ was kicked, it enters
        # with ...", bloodthirst 702.54a, riot 702.136a: the condition is checked as it enters (614.1c-d); "If X is 5
        # or more": the X paid for it as a spell (107.3m)
        if st.condition is not None and not check_condition_static(s, o, st.condition, int(o.chosen.get("x", 0))):
            continue
        if st.kind == "enters_tapped":
            o.tapped = True
            s.invalidate()
        elif st.kind == "enters_choice":
            # "As ~ enters, you may pay 2 life": paid as it enters, if that was the choice (119.4)
            params = dict(st.params)
            if params.get("life") and o.chosen.get(params["key"]) == 0:
                lose_life(game, o.controller, params["life"], paid=True)
            shown = o.chosen.get("revealed_card")
            if "reveal" in params and o.chosen.get(params["key"]) == 0 and shown in s.objects:
                # 701.20a: "As ~ enters, you may reveal a Giant card from your hand": shown to every player
                game.emit(Event("reveal", {"player": o.controller, "cards": [shown]},
                                f"{s.players[o.controller].name} reveals {characteristics(s, shown).name}"))
        elif st.kind == "enters_with_effects":
            # "it enters with ... and with flying": the effects giving it the ability begin as it enters (614.1c)
            res = Resolution(game, controller=o.controller, source_id=oid, source_card_id=o.card_id,
                             source_name=characteristics(s, oid).name, targets=[], target_specs=[])
            run_effects(res, dict(st.params)["effects"])
        elif st.kind == "sunburst":
            # 702.44a: a +1/+1 counter (a charge counter if it isn't entering as a creature) for each color of
            # mana spent to cast it.
            colors = len(set(o.chosen.get("paid_mana", "")) & set("WUBRG"))
            if colors:
                kind = "+1/+1" if characteristics(s, oid).is_creature else "charge"
                o.counters[kind] = o.counters.get(kind, 0) + counters_to_put(game, oid, kind, colors)
                s.invalidate()
        elif st.kind == "devour":
            # 702.82a: it enters with N +1/+1 counters for each creature sacrificed this way.
            eaten = [c for c in o.chosen.get("devoured", ()) if c in s.objects and s.objects[c].zone is Zones.BATTLEFIELD
                     and s.objects[c].controller == o.controller]
            for c in eaten:
                sacrifice(game, c)
            o.chosen["devoured"] = len(eaten)
            if eaten:
                o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + counters_to_put(
                    game, oid, "+1/+1", dict(st.params)["n"] * len(eaten))
            s.invalidate()
        elif st.kind == "amplify":
            # 702.38a: N +1/+1 counters for each card revealed this way.
            add_counters(game, oid, "+1/+1", dict(st.params)["n"] * int(o.chosen.get("amplified", 0)), by=o.controller)
        elif st.kind == "enters_with_counters":
            # 122.6: counters it's given as it enters are put on it (a Saga's chapter I triggers, 714.2b).
            for kind, n in dict(st.params)["counters"]:
                if isinstance(n, Amount):
                    # 107.3m: "enters with X +1/+1 counters": the X paid for it as a spell; another amount is
                    # counted as it enters.
                    n = evaluate_amount_static(s, o, n, x=int(o.chosen.get("x", 0)))
                if n > 0:      # X = 0: no counters, and no empty entry (122.1)
                    add_counters(game, oid, kind, n, by=o.controller)
    _others_enter_with_counters(game, oid)


def _others_enter_with_counters(game: "Game", oid: int) -> None:
    """614.1c: "Each other Rogue creature you control enters with an additional +1/+1 counter on it": each such
    ability of a permanent on the battlefield (with its condition, 611.3a) whose group the entering permanent is in,
    as it is on the battlefield (614.12)."""
    s = game.state
    found = [(src, st) for src, st in statics_of_kind(s, "others_enter_with_counters") if src != oid]
    # "This turn, each creature you control enters with an additional +1/+1 counter on it": a resolved effect's
    # group, matched as the permanent is on the battlefield (614.12), in timestamp order with the abilities' (616.1)
    turns = [e for e in s.effects if e.params["kind"] == "group_enters_with_counter"]
    if not found and not turns:
        return
    o = s.objects[oid]
    ch = characteristics(s, oid)
    for e in turns:
        if matches_ch(s, o, ch, filter_from_json(e.params["filter"]), e.controller, e.source_id):
            add_counters(game, oid, e.params["counter"], 1, by=o.controller)
    for src, st in sorted(found, key=lambda pair: s.objects[pair[0]].timestamp):
        so = s.objects[src]
        if matches_ch(s, o, ch, st.affected.filter, so.controller, src) and (
                st.condition is None or check_condition_static(s, so, st.condition)):
            for kind, n in dict(st.params)["counters"]:
                add_counters(game, oid, kind, n, by=o.controller)


def _die_replacement(game: "Game", oid: int):
    """The first "If <filter> would die, instead <effects>" static (by timestamp) that applies to
    this permanent, as (source id, ability), or None."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zones.BATTLEFIELD:
        return None
    ch = characteristics(s, oid)
    if not ch.is_creature:
        return None
    for src in sorted(s.battlefield, key=lambda x: s.objects[x].timestamp):
        so = s.objects[src]
        for st in characteristics(s, src).static:
            if st.kind == "would_die_instead" and ((st.affected.kind == "self" and src == oid) or (
                    st.affected.kind == "all" and matches_ch(s, o, ch, st.affected.filter, so.controller, src))):
                return src, st
    return None


class _WouldDie:
    """Kalitas-style replacement: `applies` names the source, calling it carries the event out."""

    @staticmethod
    def applies(game: "Game", oid: int) -> int | None:
        found = _die_replacement(game, oid)
        return found[0] if found else None

    def __call__(self, game: "Game", oid: int) -> bool:
        found = _die_replacement(game, oid)
        if found is None:
            return False
        src, st = found
        s = game.state
        so = s.objects[src]
        res = Resolution(game, controller=so.controller, source_id=src, source_card_id=so.card_id,
                         source_name=characteristics(s, src).name, targets=[], target_specs=[],
                         event={"object": oid, "controller": s.objects[oid].controller})
        try:
            run_effects(res, dict(st.params)["effects"])
        except NeedDecision:
            return False     # an instruction that needs a choice can't run inside another event
        return True


def _exile_if_dies(res: Resolution, e: ExileIfDiesThisTurn) -> None:
    """614.1a: until end of turn, these objects are exiled instead of dying (board.replacement's
    graveyard_options reads the effect)."""
    if e.every_creature:
        add_effect(res.game, res, None, {"kind": "exile_if_dies", "every_creature": True}, "end_of_turn")
        return
    ids = [o for o in res.objects(e.what) if res.state.objects[o].zone is Zones.BATTLEFIELD]
    if ids:
        add_effect(res.game, res, ids, {"kind": "exile_if_dies"}, "end_of_turn")


# Installed by engine.wiring.
HANDLERS = {ExileIfDiesThisTurn: _exile_if_dies}


def _sacrificed_to_enter(game: "Game", oid: int, controller: int, chosen: dict | None) -> bool:
    """614.1a, 614.12: "If ~ would enter, sacrifice a Forest instead. If you do, put ~ onto the battlefield. If you
    don't, put it into its owner's graveyard.", "If ~ would enter, instead sacrifice each other permanent named ~ you
    control, then put ~ onto the battlefield.": its controller-to-be sacrifices the permanents chosen as it would enter
    (engine.effects.entering), then it enters, not replaced again (614.5); False (its owner's graveyard instead) with
    too few to sacrifice. Put there by a move that asked no "as ~ enters" choices, the first ones are sacrificed (as
    engine.board.replacement.choose_replacement where no question can be asked)."""
    s = game.state
    picked = chosen.pop("sacrifice_to_enter", None) if chosen else None
    st = next((st for st in characteristics(s, oid).static if st.kind == "enters_by_sacrificing"), None)
    if st is None:
        return True
    params = dict(st.params)
    options = sacrifice_options(s, oid, controller, params["filter"], params.get("same_name", False))
    n = params["count"] or len(options)        # 0: every one of them ("each other permanent named ~")
    picked = [x for x in (options[:n] if picked is None else picked) if x in options]
    if len(picked) < n:
        return False
    for x in picked:
        sacrifice(game, x)
    return True


ETB_HOOKS = [_enters]
ENTERING_REPLACEMENTS = [_sacrificed_to_enter]


DIE_REPLACEMENTS = [_WouldDie()]
