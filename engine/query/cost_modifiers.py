"""Spell cost changes written as static abilities and keywords (601.2f): "This spell costs {1} more to
cast for each target beyond the first" (Fireball), "Noncreature spells cost {1} more to cast" (Vryn
Wingmare), "... cost {1} less", "This spell costs {1} less to cast for each ...", and affinity for artifacts (702.41a). Increases apply before
reductions (601.2f)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.abilities import ActivatedAbility, Filter
from engine.query import amounts
from engine.query.layers import characteristics, matches_ch, statics_of_kind
from engine.core.enums import Zone
from engine.core.mana import ManaCost

if TYPE_CHECKING:
    from engine.core.state import GameState
    from engine.game import Game


def _times(cost: ManaCost, n: int) -> ManaCost:
    return ManaCost(cost.symbols * n) if n > 0 else ManaCost(())


def _battlefield_statics(game: "Game", kind: str):
    """Static abilities of this kind on the battlefield (and of the face-up conspiracies, 315.5), cached with the
    characteristics."""
    s = game.state
    key = ("cost_statics", kind)
    found = s.cache.get(key)
    if found is None:
        found = [(s.objects[oid], st) for oid, st in statics_of_kind(s, kind)]
        s.cache[key] = found
    return found


def _spell_matches(game: "Game", o, flt: Filter | None, controller: int, source_id: int) -> bool:
    s = game.state
    if o is None or o.id not in s.objects:
        return False
    return matches_ch(s, o, characteristics(s, o.id), flt, controller, source_id)


def _holds(game: "Game", src, st) -> bool:
    """The static ability's condition, if it has one ("as long as it's your turn", "the first creature spell you
    cast each turn"), read from its source as the cost is determined (611.3a, 601.2f)."""
    return st.condition is None or amounts.check_condition_static(game.state, src, st.condition)


def _aims_at(game: "Game", src, st, o, targets: list[list[Any]]) -> bool:
    """ "Spells you cast that target a creature": the spell is one of the group, and one of the permanents it targets
    (chosen before its cost is determined, 601.2c) is of the kind, "you control" meaning the source's controller."""
    s = game.state
    return _spell_matches(game, o, st.affected.filter, src.controller, src.id) and _holds(game, src, st) and any(
        isinstance(t, int) and t in s.objects and s.objects[t].zone is Zone.BATTLEFIELD
        and matches_ch(s, s.objects[t], characteristics(s, t), st.params[2], src.controller, src.id)
        for chosen in targets for t in chosen)


def _increases(game: "Game", o, d, total: ManaCost, targets: list[list[Any]], specs, player: int) -> ManaCost:
    for st in d.static:
        if st.kind == "cost_per_extra_target":
            chosen = sum(len(t) for t in targets)
            total = total.plus(_times(st.params[0], chosen - 1))
    for src, st in _battlefield_statics(game, "cost_increase"):
        if st.params[1:] == ("off_turn",) and game.state.active == player:
            continue        # "except during its controller's turn": the caster's own turn
        if _spell_matches(game, o, st.affected.filter, src.controller, src.id) and _holds(game, src, st):
            total = total.plus(st.params[0])
    for src, st in _battlefield_statics(game, "cost_increase_targeting"):
        # "Spells your opponents cast that target ~ cost {2} more to cast" (Boreal Elemental)
        if player != src.controller and any(src.id in chosen for chosen in targets):
            total = total.plus(st.params[0])
    for src, st in _battlefield_statics(game, "cost_change_aimed"):
        if st.params[1] > 0 and _aims_at(game, src, st, o, targets):
            total = total.plus(st.params[0])
    return total


def _reductions(game: "Game", o, d, total: ManaCost, targets, specs, player: int) -> ManaCost:
    s = game.state
    for st in d.static:
        if st.kind == "self_cost_reduction_targeting" and o is not None and any(
                isinstance(t, int) and t in s.objects and s.objects[t].zone is Zone.BATTLEFIELD
                and matches_ch(s, s.objects[t], characteristics(s, t), st.params[1], player, o.id)
                for chosen in targets for t in chosen):
            # "~ costs {2} less to cast if it targets a black permanent"
            total = total.reduced_generic(st.params[0])
        if st.kind == "self_cost_reduction" and o is not None and o.id in s.objects and (
                st.condition is None or amounts.check_condition_static(s, o, st.condition)):
            # "This spell costs {1} less to cast for each ..." or "... if ...": counted as it is cast (601.2f).
            total = total.reduced_generic(st.params[0] * amounts.evaluate_amount_static(s, o, st.params[1]))
        if st.kind == "self_cost_reduction_mana" and o is not None and o.id in s.objects and (
                st.condition is None or amounts.check_condition_static(s, o, st.condition)):
            # "~ costs {2}{U} less to cast if ...", "~ costs {G} less to cast for each ..." (118.7)
            times = amounts.evaluate_amount_static(s, o, st.params[1]) if len(st.params) > 1 else 1
            total = total.reduced(_times(st.params[0], times))
    for src, st in _battlefield_statics(game, "cost_reduction"):
        # whose spells: "spells you cast" (the filter's controller); "creature spells" are everyone's
        if _spell_matches(game, o, st.affected.filter, src.controller, src.id) and _holds(game, src, st):
            # {X} less, where X is a counted amount: read from the source as the cost is determined
            total = total.reduced_generic(st.params[0].generic() if len(st.params) == 1 else
                                          amounts.evaluate_amount_static(s, src, st.params[1]))
    for src, st in _battlefield_statics(game, "cost_change_aimed"):
        if st.params[1] < 0 and _aims_at(game, src, st, o, targets):
            total = total.reduced_generic(st.params[0].generic())
    for kw in d.keywords:
        if kw.name == "affinity" and kw.param == "artifacts":
            n = sum(1 for oid in s.battlefield if s.objects[oid].controller == player
                    and characteristics(s, oid).is_type("Artifact"))
            total = total.reduced_generic(n)
    return total


def granted_alternative_cost(game: "Game", o, player: int) -> ManaCost | None:
    """118.9: the first "You may pay {1} rather than pay the mana cost for Rune spells you cast" of `player`'s
    permanents that applies to the spell `o` (its condition met, 611.3a); None if none does. "{X} ..., where X is that
    spell's mana value": that much generic mana (202.3)."""
    cost = next((st.params[0] for src, st in _battlefield_statics(game, "alternative_cost_for_spells")
                 if src.controller == player and _spell_matches(game, o, st.affected.filter, src.controller, src.id)
                 and _holds(game, src, st) and st.params[1:] in ((), (o.zone.value,))), None)
    if cost is None or not cost.x_count:
        return cost
    return ManaCost((str(characteristics(game.state, o.id).mana_value),))


def activation_mana_cost(state: "GameState", obj, ab: ActivatedAbility, x: int = 0,
                         player: int | None = None) -> ManaCost:
    """602.2b, 601.2f: the mana an ability's activation costs, with its X and its own "This ability costs {1}
    less to activate for each ..." (generic mana only), counted as it is activated; then the static abilities that
    change what abilities cost ("Activated abilities of white enchantments cost {3} more to activate", "Equip
    abilities you activate cost {1} less to activate"): increases before reductions, a reduction of generic mana only.
    `player`: who activates it (its controller unless said)."""
    cost = ab.cost.mana.with_x(x) if ab.cost.mana.x_count else ab.cost.mana
    if ab.cost_reduction is not None:
        cost = cost.reduced_generic(amounts.evaluate_amount_static(state, obj, ab.cost_reduction))
    changes = _activation_cost_changes(state, obj, ab, obj.controller if player is None else player)
    for change, sign in sorted(changes, key=lambda c: -c[1]):
        cost = cost.plus(change) if sign > 0 else cost.reduced_generic(change.generic())
    return cost


def _activation_cost_changes(state: "GameState", obj, ab: ActivatedAbility, player: int) -> list[tuple[ManaCost, int]]:
    """The "activation_cost_change" statics that apply to this ability of `obj` activated by `player`: each its mana
    (times its "for each ..." count) and its sign."""
    key = ("cost_statics", "activation_cost_change")
    found = state.cache.get(key)
    if found is None:
        found = [(state.objects[oid], st) for oid, st in statics_of_kind(state, "activation_cost_change")]
        state.cache[key] = found
    out = []
    for src, st in found:
        p = dict(st.params)
        if (p["yours"] and player != src.controller) or (p["ability"] and ab.keyword != p["ability"]):
            continue
        if st.affected.filter is not None and (obj.id not in state.objects or not matches_ch(
                state, obj, characteristics(state, obj.id), st.affected.filter, src.controller, src.id)):
            continue
        if st.condition is not None and not amounts.check_condition_static(state, src, st.condition):
            continue
        n = 1 if p["per"] is None else amounts.evaluate_amount_static(state, src, p["per"])
        out.append((_times(p["cost"], n), p["sign"]))
    return out


# the spell cost modifiers read from static abilities, installed by engine.wiring
COST_MODIFIERS = [_increases, _reductions]
