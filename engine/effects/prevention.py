"""Damage prevention and damage-modifying effects the Oracle compiler emits (615, 614.1a): "Prevent all
combat damage that would be dealt this turn" (Fog), "The next time a red source of your choice would
deal damage to you this turn, prevent that damage" (Circle of Protection), the static "Prevent all
damage that would be dealt to ~ by artifact sources" (Argothian Treefolk), the static "it deals
double that damage instead" (Furnace of Rath), and "damage that would reduce your life total to less
than 1 reduces it to 1 instead" (Worship). They plug into engine.effects.resolution' damage modifiers, which
engine.board.replacement applies to every damage event.

Worship changes the result of the damage, not the damage: the player loses only the life down to the
floor (life_loss_from_damage), while the damage is still dealt in full (lifelink gains all of it)."""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import TYPE_CHECKING, Any, Callable

from engine.core import hooks
from engine.core.abilities import Condition, Filter, Ref, StaticAbility
from engine.core.enums import Zone
from engine.core.objects import GameObject, is_player_ref, player_index
from engine.effects.resolution import Resolution, run_effects
from engine.board.damage import add_counters, deal_damage, gain_life
from engine.board.primitives import add_effect
from engine.board.zones import simultaneous_event
from engine.query.layers import characteristics, filter_from_json, filter_to_json, matches_ch, statics_of_kind
from engine.core.effect_types import (ChangeDamage, DamageCantBePrevented, PreventDamage, PreventDamageTo,
                                      PreventedThisWay, PreventNextFromChosenSource, RedirectDamage)
from engine.effects.delayed_triggers import creator
from engine.query.stack_abilities import prevented_this_way
from engine.query.amounts import check_condition_static, evaluate_amount, evaluate_amount_static, info_matches

if TYPE_CHECKING:
    from engine.core.state import ContinuousEffect, GameState
    from engine.game import Game


def _prevent(res: Resolution, e: PreventDamage) -> None:
    add_effect(res.game, res, None, {"kind": "prevent_damage", "combat_only": e.combat_only,
                                     "gain_prevented": e.gain_prevented, **_then(res, e.then)}, e.duration)


def _then(res: Resolution, then: PreventedThisWay | None) -> dict[str, Any]:
    """What the shield also does as it prevents damage (615.5), named for the shield's params (plain JSON): the card
    definition and the text find the instructions again; the targets are those the spell or ability chose (601.2c)."""
    if then is None:
        return {}
    def_key, token = creator(res)
    return {"then": {"def": def_key, "token": token, "text": then.text, "name": res.source_name,
                     "targets": res.targets}}


def _prevent_to(res: Resolution, e: PreventDamageTo) -> None:
    """615.7: a shield on each object or player the effect names; "the next N damage" is used up
    as damage is prevented, across sources (615.7: one shield, whatever the sources)."""
    n = None if e.amount is None else evaluate_amount(res, e.amount)
    if n is None and e.to.kind == "all" and e.to.filter is not None and (
            e.by or replace(e.to.filter, types=frozenset(), controller=None) == Filter()):
        # "Prevent all damage that would be dealt by creatures this turn": a prevention effect isn't locked to the
        # objects there as it began (611.2c is about characteristics and control), so a group of permanents is
        # checked as damage is dealt: the sources of any group the compiler reads (engine.oracle.replacements), and
        # the recipients named by card type and controller.
        add_effect(res.game, res, None, {"kind": "prevent_group", "filter": filter_to_json(e.to.filter),
                                         "combat_only": e.combat_only, "by": e.by, "any_zone": e.any_zone,
                                         "gain_prevented": e.gain_prevented, **_group_of_sources(e),
                                         **_then(res, e.then), **_but_the_targets(res, e.to)}, e.duration)
        return
    source = None
    if e.source is not None:
        found = res.resolve_ref(e.source)
        if len(found) != 1:
            return          # the source named is gone (an illegal target): no damage of it to prevent
        source = found[0]
    for r in res.resolve_ref(e.to):
        add_effect(res.game, res, None, {"kind": "prevent_to", "recipient": r, "remaining": n,
                                         "combat_only": e.combat_only, "by": e.by, "gain_prevented": e.gain_prevented,
                                         "counters_per_prevented": e.counters_per_prevented, "source_id": source,
                                         "once": e.once, **_group_of_sources(e), **_then(res, e.then)}, e.duration)


def _but_the_targets(res: Resolution, group: Ref) -> dict[str, Any]:
    """ "creatures other than target creature": the group but the objects the spell targets (as they are now, 400.7)."""
    if group.key != "but_the_targets":
        return {}
    return {"except": [t for i in range(len(res.targets)) for t in res.target_group(i)[0] if isinstance(t, int)]}


def _group_of_sources(e: PreventDamageTo) -> dict[str, Any]:
    """ "that creatures would deal": the group whose damage only is prevented, kept as plain JSON (a save holds it)."""
    return {} if e.sources is None else {"sources": filter_to_json(e.sources), "any_zone": e.any_zone}


def _from_the_sources(s: "GameState", eff: "ContinuousEffect", source: dict[str, Any]) -> bool:
    """Whether the damage's source is one whose damage the shield prevents: any, or one of its group (611.2c)."""
    flt = eff.params.get("sources")
    return flt is None or _source_in_group(s, source, filter_from_json(flt), eff.controller,
                                           eff.params.get("any_zone", False))


def _redirect(res: Resolution, e: RedirectDamage) -> None:
    """614.9: a redirection of the damage that would be dealt to each object or player named, to one other."""
    to = res.resolve_ref(e.to)
    if len(to) != 1:
        return          # the new recipient is gone (an illegal target): nothing is redirected
    n = None if e.amount is None else evaluate_amount(res, e.amount)
    card = source = None
    if e.source is not None:
        found = res.resolve_ref(e.source)
        if len(found) != 1:
            return          # the source named is gone (an illegal target): nothing is redirected
        source = found[0]
    if e.chosen_source is not None:
        s = res.state
        sources = [oid for oid in s.battlefield + s.stack if matches_ch(
            s, s.objects[oid], characteristics(s, oid), e.chosen_source, res.controller, res.source_id)]
        if not sources:
            return
        card = s.objects[res.ask("source", res.controller, "Choose a source", sources, 1, 1, "source")[0]].card_id
    for r in (res.resolve_ref(e.what) if e.what is not None else [None]):
        if r != to[0]:
            add_effect(res.game, res, None, {"kind": "redirect", "recipient": r, "to": to[0], "remaining": n,
                                             "combat_only": e.combat_only,
                                             "sources": None if e.sources is None else filter_to_json(e.sources),
                                             "source_card": card, "once": e.once, "source_id": source,
                                             "recipients": None if e.recipients is None else
                                             filter_to_json(e.recipients)},
                       e.duration)


def _prevent_next(res: Resolution, e: PreventNextFromChosenSource) -> None:
    """615.7: the source is chosen as the effect resolves, among those of the kind it names; the shield is on each
    recipient named, or on anyone."""
    s = res.state
    # 609.7a: a source of damage is an object, a permanent or a spell; an ability on the stack is none (its damage
    # comes from its source), and the monarch's has no card to read
    sources = [oid for oid in [*s.battlefield, *(x for x in s.stack if not s.objects[x].is_ability)]
               if (not e.color or e.color in characteristics(s, oid).colors)
               and (not e.card_type or e.card_type in characteristics(s, oid).types)
               and (e.sources is None or matches_ch(s, s.objects[oid], characteristics(s, oid), e.sources,
                                                    res.controller, res.source_id))]
    if not sources:
        return
    pick = res.ask("source", res.controller, "Choose a source", sources, 1, 1, "source")
    card = s.objects[pick[0]].card_id
    n = None if e.amount is None else evaluate_amount(res, e.amount)
    for r in (res.resolve_ref(e.to) if e.to is not None else [None]):
        add_effect(res.game, res, None, {"kind": "prevent_next_from", "source_card": card, "recipient": r,
                                         "all_turn": e.all_turn, "gain_prevented": e.gain_prevented,
                                         "remaining": n, "prevent": e.prevent, "combat_only": e.combat_only,
                                         **_then(res, e.then)},
                   "end_of_turn")


def _cant_be_prevented(res: Resolution, e: DamageCantBePrevented) -> None:
    add_effect(res.game, res, None, {"kind": "damage_unpreventable"}, e.duration)


def _preventing(modifier: Callable[..., int]) -> Callable[..., int]:
    """615.12: a prevention effect doesn't prevent damage that can't be prevented, nor is its shield used up."""
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        return amount if source.get("unpreventable") else modifier(game, source, recipient, amount, combat)
    return modify


def _modifiers(game: "Game") -> list[Callable[..., int]]:
    s = game.state
    out: list[Callable[..., int]] = []
    changes = [(s.objects[oid].controller, oid, dict(st.params)) for oid, st in statics_of_kind(s, "modifies_damage")]
    changes += [(e.controller, e.source_id, _change_of_effect(e.params)) for e in s.effects
                if e.params.get("kind") == "modifies_damage" and not e.params.get("once")]
    if changes:
        out.append(lambda g, src, rcpt, n, combat: _changed(g.state, src, rcpt, n, combat, changes))
    # "the next time that creature would deal combat damage this turn, it deals double that damage instead": each on
    # its own, after the others, for its next damage event only
    out.extend(_changed_once(e.id) for e in s.effects if e.params.get("kind") == "modifies_damage"
               and e.params.get("once"))
    shields = list(statics_of_kind(s, "prevents_damage"))
    if shields:
        out.append(_preventing(lambda g, src, rcpt, n, combat: _static_shields(g, shields, src, rcpt, n, combat)))
    out.extend(_static_redirection(oid) for oid in dict.fromkeys(oid for oid, _ in statics_of_kind(s, "redirects_damage")))
    out.extend(_instead_of_damage(oid, dict(st.params), st.condition) for oid, st in statics_of_kind(s, "damage_instead"))
    for e in s.effects:
        kind = e.params.get("kind")
        if kind == "prevent_damage":
            out.append(_preventing(_prevent_all(e.id)))
        elif kind == "prevent_next_from":
            out.append(_preventing(_shield(e.id)))
        elif kind == "prevent_to":
            out.append(_preventing(_shield_on(e.id)))
        elif kind == "redirect":
            out.append(_redirection(e.id))
        elif kind == "prevent_group":
            out.append(_preventing(_group_shield(e.id)))
    return out


def _group_shield(effect_id: int) -> Callable[..., int]:
    """615.1a: all [combat] damage dealt to (or by) the permanents of the group it names."""
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        eff = next((x for x in s.effects if x.id == effect_id), None)
        if eff is None or (eff.params["combat_only"] and not combat):
            return amount
        p = eff.params
        # a game saved before groups were kept as a filter names card types and a controller
        flt = filter_from_json(p["filter"]) if "filter" in p else Filter(types=frozenset(p["types"]),
                                                                          controller=p["controller"])
        if eff.params["by"]:
            hit = _source_in_group(s, source, flt, eff.controller, p.get("any_zone", False)) \
                and source.get("id") not in p.get("except", ())
        else:
            hit = isinstance(recipient, int) and recipient in s.battlefield and \
                matches_ch(s, s.objects[recipient], characteristics(s, recipient), flt, eff.controller, None)
        if not hit or not _from_the_sources(s, eff, source):
            return amount
        _after_prevention(game, eff, amount, source)
        return 0
    return modify


def _source_in_group(s: "GameState", source: dict[str, Any], flt: Filter, controller: int,
                     any_zone: bool = False) -> bool:
    """Is the damage's source one of a group of permanents, checked as the damage is dealt (611.2c): the permanent
    as it is, or one gone from the battlefield as it last existed (609.7), which is known by card type and
    controller (the compiler reads other groups only for combat damage: engine.oracle.replacements). A group of
    sources in any zone ("red sources", `any_zone`): a spell or card as it is now, one gone as it last existed,
    known by its types, colors and controller only (the compiler reads no other group of them)."""
    sid = source.get("id")
    if isinstance(sid, int) and (sid in s.battlefield or (any_zone and sid in s.objects)):
        return matches_ch(s, s.objects[sid], characteristics(s, sid), flt, controller, None)
    if any_zone:
        if "types" not in source or "colors" not in source:
            return False        # nothing known of it to match
        if flt.colorless is not None and bool(source["colors"]) == flt.colorless:
            return False
        return info_matches(source, replace(flt, colorless=None), controller)
    if any(getattr(flt, k) is True for k in ("attacking", "blocking", "attacking_or_blocking", "unblocked", "blocked")):
        return False        # "unblocked creatures": a permanent gone is in no combat (506.4)
    keywords = set(source.get("keywords", ()))      # its keywords as it last existed ("creatures with flying")
    if (flt.keyword and flt.keyword not in keywords) or (flt.without_keyword and flt.without_keyword in keywords):
        return False
    return source.get("zone", "battlefield") == "battlefield" and info_matches(source, flt, controller)


def _can_be_dealt_damage(s: "GameState", who: Any) -> bool:
    """614.9: a permanent still on the battlefield as a battle, creature or planeswalker, or a player still in the
    game."""
    if is_player_ref(who):
        return not s.players[player_index(who)].lost
    if who not in s.objects or s.objects[who].zone is not Zone.BATTLEFIELD:
        return False
    ch = characteristics(s, who)
    return ch.is_creature or bool(ch.types & {"Planeswalker", "Battle"})


def _static_redirection(src: int) -> Callable[..., int]:
    """614.9, a static ability: "All damage that would be dealt to you is dealt to ~ / enchanted creature instead"."""
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        key = f"static:{src}"
        if src not in s.objects or key in source.get("redirected", ()):
            return amount
        so = s.objects[src]
        for st in characteristics(s, src).static:
            if st.kind != "redirects_damage":
                continue
            p = dict(st.params)
            if recipient != f"P{so.controller}" and not (
                    p.get("permanents") is not None and isinstance(recipient, int) and recipient in s.battlefield
                    and matches_ch(s, s.objects[recipient], characteristics(s, recipient), p["permanents"],
                                   so.controller, src)):
                continue    # damage to its controller, or to the permanents it names ("other permanents you control")
            if (p.get("combat") and not combat) or (st.condition is not None and not check_condition_static(
                    s, so, st.condition)) or (p.get("sources") is not None and not _source_in_group(
                    s, source, p["sources"], so.controller)):
                continue    # "as long as ~ is untapped", "combat damage", "by unblocked creatures"
            to = so.id if st.affected.kind == "self" else so.attached_to
            if to is not None and to != recipient and _can_be_dealt_damage(s, recipient) \
                    and _can_be_dealt_damage(s, to):
                deal_damage(game, {**source, "redirected": [*source.get("redirected", ()), key]}, to, amount,
                            combat=combat)
                return 0
        return amount
    return modify


def _redirection(effect_id: int) -> Callable[..., int]:
    """614.9: the damage (the next N of it, or all) that would be dealt to the recipient is dealt to the other one
    instead, by the same source. A redirection applies once to an event (614.5), so redirected damage carries the
    effects that moved it."""
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        eff = next((x for x in s.effects if x.id == effect_id), None)
        if eff is None or (eff.params["recipient"] is not None and recipient != eff.params["recipient"]) \
                or (eff.params["combat_only"] and not combat) or effect_id in source.get("redirected", ()) \
                or recipient == eff.params["to"]:
            return amount
        if (eff.params.get("source_card") is not None and source.get("card_id") != eff.params["source_card"]) or \
                eff.params.get("source_id") not in (None, source.get("id")):
            return amount       # "a source of your choice": the one chosen; "by target attacking creature": that one
        if eff.params.get("sources") is not None and not _source_in_group(
                s, source, filter_from_json(eff.params["sources"]), eff.controller):
            return amount
        if eff.params.get("recipients") is not None and not (
                isinstance(recipient, int) and recipient in s.battlefield and matches_ch(
                    s, s.objects[recipient], characteristics(s, recipient), filter_from_json(eff.params["recipients"]),
                    eff.controller, eff.source_id)):
            return amount       # "permanents you control": each checked as the damage would be dealt (611.2c)
        to = eff.params["to"]
        if not (_can_be_dealt_damage(s, recipient) and _can_be_dealt_damage(s, to)):
            return amount
        left = eff.params["remaining"]
        moved = amount if left is None else min(left, amount)
        if eff.params.get("once"):
            s.effects = [x for x in s.effects if x.id != effect_id]     # "the next time": this event only
        elif left is not None:
            if moved == left:
                s.effects = [x for x in s.effects if x.id != effect_id]     # used up
            else:
                eff.params = {**eff.params, "remaining": left - moved}
        redirected = {**source, "redirected": [*source.get("redirected", ()), effect_id]}
        deal_damage(game, redirected, to, moved, combat=combat)
        return amount - moved
    return modify


def _static_shields(game: "Game", shields: list[tuple[int, StaticAbility]], source: dict[str, Any], recipient: Any,
                    amount: int, combat: bool) -> int:
    """The damage left after the static prevention effects that apply to it: one that prevents all of it (615.1a), or
    each its stated amount of it ("prevent 1 of that damage", 615.10)."""
    s = game.state
    for oid, st in shields:
        if not _static_prevents(game, oid, st, source, recipient, combat):
            continue
        n = dict(st.params).get("amount")
        if n is None:
            return 0
        amount = max(0, amount - evaluate_amount_static(s, s.objects[oid], n))
    return amount


def _static_prevents(game: "Game", src: int, st: StaticAbility, source: dict[str, Any], recipient: Any,
                     combat: bool) -> bool:
    """615.1a: "Prevent all [combat] damage that would be dealt to / by <what it names> [by <sources>]",
    a static ability of a permanent (its condition, if any, checked now)."""
    s = game.state
    p = dict(st.params)
    if (p["combat"] and not combat) or (p.get("noncombat") and combat) or src not in s.objects:
        return False
    so = s.objects[src]
    if st.condition is not None and not check_condition_static(s, so, st.condition):
        return False
    if not ((p["to"] and _names(s, so, st.affected, recipient)) or (p["by"] and _names(s, so, st.affected, source.get("id")))):
        return False
    if p.get("recipients") is not None and not (isinstance(recipient, int) and recipient in s.battlefield and matches_ch(
            s, s.objects[recipient], characteristics(s, recipient), p["recipients"], so.controller, src)):
        return False        # "prevent all damage that ~ would deal to red creatures"
    if p["sources"] is None:
        return True
    sid = source.get("id")
    return sid in s.objects and matches_ch(s, s.objects[sid], characteristics(s, sid), p["sources"], so.controller, src)


def _names(s: "GameState", so: GameObject, ref: Ref, thing: Any) -> bool:
    """Is this object (id) or player ("P1") the one a static ability's affected Ref names?"""
    if ref.kind == "you":
        return is_player_ref(thing) and player_index(thing) == so.controller
    if not isinstance(thing, int) or thing not in s.objects:
        return False
    if ref.kind == "self":
        return thing == so.id
    if ref.kind in ("enchanted", "equipped"):
        return thing == so.attached_to
    o = s.objects[thing]
    return ref.kind == "all" and o.zone is Zone.BATTLEFIELD and \
        matches_ch(s, o, characteristics(s, thing), ref.filter, so.controller, so.id)


def _after_prevention(game: "Game", eff: ContinuousEffect, prevented: int, source: dict[str, Any]) -> None:
    """615.5: what a prevention effect also does with the damage it prevented, as it prevents it: its
    controller gains that much life; that many counters are put on the object it shields; the instructions it
    carries ("If damage from a red source is prevented this way, ~ deals that much damage to the source's
    controller"), part of this damage event (no new event begins), their "that much" the damage prevented."""
    if prevented <= 0:
        return
    then = eff.params.get("then")
    if then:
        s = game.state
        more = prevented_this_way(then["def"], then["token"], then["text"])
        if more.sources is None or any(_source_matches(s, source, flt, eff.controller, spell, eff.source_id)
                                       for flt, spell in more.sources):
            res = Resolution(game, controller=eff.controller, source_id=eff.source_id,
                             source_card_id=eff.source_card_id, source_name=then["name"], targets=then["targets"],
                             target_specs=[], event={"amount": prevented, "source": source.get("id"),
                                                     "source_controller": source.get("controller")})
            for sub in more.effects:
                hooks.HANDLERS[type(sub)](res, sub)
    if eff.params.get("gain_prevented"):
        gain_life(game, eff.controller, prevented)
    kind, shielded = eff.params.get("counters_per_prevented"), eff.params.get("recipient")
    if kind and isinstance(shielded, int) and shielded in game.state.objects \
            and game.state.objects[shielded].zone is Zone.BATTLEFIELD:
        add_counters(game, shielded, kind, prevented, by=eff.controller)


def _prevent_all(effect_id: int) -> Callable[..., int]:
    """Fog and "prevent all damage that would be dealt this turn" (615.1a)."""
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        eff = next((x for x in game.state.effects if x.id == effect_id), None)
        if eff is None or amount <= 0 or (eff.params.get("combat_only", True) and not combat):
            return amount
        _after_prevention(game, eff, amount, source)
        return 0
    return modify


def _shield_on(effect_id: int) -> Callable[..., int]:
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        eff = next((x for x in s.effects if x.id == effect_id), None)
        if eff is None or amount <= 0 or (eff.params["combat_only"] and not combat):
            return amount
        who = eff.params["recipient"]
        hit = source.get("id") == who if eff.params["by"] else recipient == who
        if not hit or eff.params.get("source_id") not in (None, source.get("id")) \
                or not _from_the_sources(s, eff, source):
            return amount       # "by target creature", "that creatures would deal": that object's, that group's only
        if eff.params.get("once") and not _next_event(s, eff):
            return amount
        left = eff.params["remaining"]
        if left is None:
            _after_prevention(game, eff, amount, source)
            return 0
        prevented = min(left, amount)
        if prevented == left:
            s.effects = [x for x in s.effects if x.id != effect_id]     # the shield is used up
        else:
            # a new dict: clones share their effects' params (ContinuousEffect.copy)
            eff.params = {**eff.params, "remaining": left - prevented}
        _after_prevention(game, eff, prevented, source)
        return amount - prevented
    return modify


def _next_event(s: "GameState", eff: "ContinuousEffect") -> bool:
    """615.7, 614.1a: whether a "the next time ... would deal damage" effect applies to this damage: to the first damage
    event that meets it (all of that event's damage, 510.2), which it notes; after that event it is over, and gone."""
    now = simultaneous_event(s)
    used = eff.params.get("used_in")
    if used is not None and used != now:
        s.effects = [x for x in s.effects if x.id != eff.id]
        return False
    if used is None:
        eff.params = {**eff.params, "used_in": now}     # a new dict: clones share their effects' params
    return True


def _change_damage(res: Resolution, e: ChangeDamage) -> None:
    """614.1a: a replacement of damage until end of turn, kept as the static's params in JSON (a save holds them);
    "each time target permanent would deal damage": the object the target is as it resolves."""
    source = None
    if e.source is not None:
        found = res.resolve_ref(e.source)
        if len(found) != 1:
            return          # the target is gone: nothing to change
        source = found[0]
    perms = None if e.to_permanents is None else filter_to_json(e.to_permanents)
    add_effect(res.game, res, None, {
        "kind": "modifies_damage", "change": list(e.change), "at_least": e.at_least, "source_id": source,
        "sources": None if e.sources is None else [[filter_to_json(f), spell] for f, spell in e.sources],
        "to_players": e.to_players, "to_permanents": perms, "once": e.once, "combat_only": e.combat_only}, e.duration)


def _change_of_effect(p: dict[str, Any]) -> dict[str, Any]:
    """A ChangeDamage effect's params read back as a static "modifies_damage" ability's."""
    sources = None if p["sources"] is None else tuple((filter_from_json(f), spell) for f, spell in p["sources"])
    return {**p, "change": tuple(p["change"]), "combat": True if p.get("combat_only") else None, "sources": sources,
            "to_permanents": None if p["to_permanents"] is None else filter_from_json(p["to_permanents"])}


def _changed(s: "GameState", source: dict[str, Any], recipient: Any, amount: int, combat: bool,
             changes: list[tuple[int, int | None, dict]]) -> int:
    """614.1a: the damage as the static replacement effects that apply change it: Furnace of Rath doubles any source's
    damage, Torbran adds 2 to the damage its controller's red sources deal to an opponent or their permanents,
    Lashknife Barrier takes 1 from the damage dealt to its controller's creatures. Each applies once (614.5); one that
    no longer applies once another has ("4 or more damage") doesn't (616.1f). Of the orders the affected player or
    controller may choose (616.1), the one that leaves the least damage."""
    applying = [p for controller, src, p in changes if _changes_this(s, controller, src, p, source, recipient, combat)]
    if len(applying) > 5:
        # more than five at once: changes first ("minus 1", "half"), then multipliers, then additions ("plus 2")
        applying.sort(key=lambda p: {"minus": 0, "half_down": 0, "half_up": 0, "becomes": 1, "times": 2}.get(
            p["change"][0], 3))
        return _apply_changes(amount, applying)
    return min(_apply_changes(amount, list(order)) for order in permutations(applying))


def _changed_once(effect_id: int) -> Callable[..., int]:
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        eff = next((x for x in s.effects if x.id == effect_id), None)
        if eff is None or amount <= 0:
            return amount
        p = _change_of_effect(eff.params)
        if not _changes_this(s, eff.controller, eff.source_id, p, source, recipient, combat) or not _next_event(s, eff):
            return amount
        return _apply_changes(amount, [p])
    return modify


def _apply_changes(amount: int, order: list[dict]) -> int:
    for p in order:
        if amount < p.get("at_least", 1):
            continue
        op, n = p["change"]
        amount = (amount * n if op == "times" else amount + n if op == "plus" else amount - n if op == "minus" else
                  amount // 2 if op == "half_down" else (amount + 1) // 2 if op == "half_up" else n)
    return max(0, amount)


def _changes_this(s: "GameState", controller: int, src: int | None, p: dict, source: dict[str, Any], recipient: Any,
                  combat: bool) -> bool:
    """Whether an "it deals ... instead" of `controller` applies to this damage: its kind, its source and its recipient,
    each as the damage would be dealt. `src`: the permanent whose static ability it is, or the effect's source."""
    if (p.get("combat") is not None and p["combat"] != combat) or p.get("source_id") not in (None, source.get("id")):
        return False
    if p.get("by_host") or p.get("to_host"):
        # "equipped creature": the permanent the ability's source is attached to now, dealing or being dealt the damage
        host = s.objects[src].attached_to if src in s.objects else None
        if host is None or (p.get("by_host") and source.get("id") != host) or (p.get("to_host") and recipient != host):
            return False
        if p.get("to_host"):
            return p.get("sources") is None or any(_source_matches(s, source, flt, controller, spell, src)
                                                   for flt, spell in p["sources"])
    if p.get("sources") is not None and not any(_source_matches(s, source, flt, controller, spell, src)
                                                for flt, spell in p["sources"]):
        return False
    return _recipient_named(s, p, recipient, controller, src)


def _recipient_named(s: "GameState", p: dict, recipient: Any, controller: int, src: int | None) -> bool:
    """Is the damage's recipient one a static replacement names: itself ("to_self"), the players (any, you or an
    opponent) or the permanents (a filter) it names, as the damage would be dealt?"""
    if p.get("to_self"):
        return recipient == src
    if is_player_ref(recipient):
        players = p.get("to_players", "any")
        return players == "any" or (players is not None and (player_index(recipient) == controller)
                                    == (players == "you"))
    perms = p.get("to_permanents", Filter())
    return perms is not None and isinstance(recipient, int) and recipient in s.battlefield and matches_ch(
        s, s.objects[recipient], characteristics(s, recipient), perms, controller, src)


def _instead_of_damage(src: int, p: dict, condition: Condition | None = None) -> Callable[..., int]:
    """614.1a: "If damage would be dealt to you, put that many depletion counters on ~ instead": the instruction is
    carried out, with "that many" the damage, and the damage isn't dealt. As a prevention effect ("prevent that damage
    and remove that many +1/+1 counters from it", 615.5), damage that can't be prevented is dealt, but the additional
    effect still happens (615.12).
    The compiler reads only instructions that ask nothing (oracle.statics), so they run inside the damage event."""
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        once = p.get("once_per_event", False)
        if src not in s.objects or amount <= 0 or (p["combat"] is not None and p["combat"] != combat):
            return amount
        so = s.objects[src]
        if (p["sources"] is not None and not any(_source_matches(s, source, flt, so.controller, spell, src)
                                                 for flt, spell in p["sources"])) \
                or not _recipient_named(s, p, recipient, so.controller, src):
            return amount
        if condition is not None and not check_condition_static(s, so, condition):
            return amount       # "while it has a +1/+1 counter on it": as the damage would be dealt
        # 615.12: damage that can't be prevented is dealt, and a prevention effect's additional effect still happens
        kept = amount if p["prevent"] and source.get("unpreventable") else 0
        if once:
            # one damage event, however many sources deal damage at once (510.2): the additional effect happens once
            done = s.turn_log.setdefault("prevented_events", [])
            event = [simultaneous_event(s), src]
            if event in done:
                return kept
            done.append(event)
        whom = {"player": player_index(recipient)} if is_player_ref(recipient) else {"object": recipient}
        res = Resolution(game, controller=so.controller, source_id=src, source_card_id=so.card_id,
                         source_name=characteristics(s, src).name, targets=[], target_specs=[],
                         event={"amount": amount, "target": recipient, "source": source.get("id"), **whom})
        if once:
            for sub in p["effects"]:
                hooks.HANDLERS[type(sub)](res, sub)     # part of this damage event: no new event begins (615.5)
        else:
            run_effects(res, p["effects"])
        return kept
    return modify


def _source_matches(s: "GameState", source: dict[str, Any], flt: Filter, controller: int, spell: bool,
                    src: int) -> bool:
    """The damage's source as it is on the battlefield or the stack, or as it last existed (609.7); "another red
    source": other than the ability's own permanent `src`."""
    sid = source.get("id")
    if flt.other and sid == src:
        return False
    o = s.objects.get(sid) if isinstance(sid, int) else None
    if o is not None and o.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return (not spell or o.zone is Zone.STACK) and matches_ch(s, o, characteristics(s, sid), flt, controller, src)
    return (not spell or source.get("zone") == "stack") and info_matches(source, flt, controller)


def _shield(effect_id: int) -> Callable[..., int]:
    def modify(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
        s = game.state
        eff = next((x for x in s.effects if x.id == effect_id), None)
        if eff is None or source.get("card_id") != eff.params["source_card"]:
            return amount
        p = eff.params
        if (p["recipient"] is not None and recipient != p["recipient"]) or (p.get("combat_only") and not combat):
            return amount
        left = p.get("remaining")
        prevented = amount if left is None else min(left, amount)
        # "prevent half that damage, rounded down", "prevent all but 1 of that damage" (615.7: the next time)
        prevented = {"half_down": amount // 2, "all_but_1": amount - 1}.get(p.get("prevent", "all"), prevented)
        if left is not None and prevented < left:
            eff.params = {**p, "remaining": left - prevented}   # a new dict: clones share their effects' params
        elif not p["all_turn"]:
            s.effects = [x for x in s.effects if x.id != effect_id]   # the shield is used up
        _after_prevention(game, eff, prevented, source)
        return amount - prevented
    return modify


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    DamageCantBePrevented: _cant_be_prevented,
    PreventDamage: _prevent,
    PreventDamageTo: _prevent_to,
    PreventNextFromChosenSource: _prevent_next,
    ChangeDamage: _change_damage,
    RedirectDamage: _redirect,
}


DAMAGE_MODIFIERS = [_modifiers]
