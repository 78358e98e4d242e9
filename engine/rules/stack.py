"""Putting things on the stack: playing lands (305), casting spells (601.2), activating abilities (602,
606) and mana abilities (605), with their targets, costs and divisions. Resolving is engine.rules.resolving."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import player_actions as A
from engine.core.abilities import ActivatedAbility, AdditionalCost, Cost, TargetSpec
from engine.core.cards import activated_ref, card_def, CardDef, token_def, def_key as object_def_key
from engine.core.enums import Color, DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.query.layers import characteristics, matches_ch
from engine.core.mana import ManaCost
from engine.core.objects import GameObject, StackInfo
from engine.core.state import Decision, NeedDecision, Task
from engine.query.targets import SourceInfo, is_legal_target, legal_targets
from engine.board.zones import describe, move
from engine.board.replacement import entered_battlefield
from engine.effects.payment import (can_pay_mana, can_tap_for_cost, execute_payment, mana_ability_triggers,
                                    mana_sources, plan_payment)
from engine.core.hooks import modify_spell_cost
from engine.core.effect_types import DealDamage
from engine.board.damage import add_counters, lose_life, remove_counters, source_info
from engine.effects.resolution import Resolution, run_effects
from engine.board.primitives import discard, sacrifice, set_tapped
from engine.rules.spell_copies import cast_self_triggers
from engine.query.amounts import check_condition_static
from engine.query.targets import describe_target, targets_text, aura_target, target_specs_for
from engine.board.zones import create_ability_object

if TYPE_CHECKING:
    from engine.game import Game


# ---------------------------------------------------------------- priority


def _took_action(game: "Game", player: int) -> None:
    """117.3c: after casting, activating or a special action the player receives priority again."""
    s = game.state
    s.priority = player
    s.passes = 0
    s.pending = None


def sorcery_timing_ok(game: "Game", player: int) -> bool:
    """307.1 / 117.1a: main phase of the player's own turn with an empty stack."""
    s = game.state
    return s.active == player and s.step.is_main and not s.stack


# ---------------------------------------------------------------- lands (305)

def play_land(game: "Game", action: A.PlayLand) -> None:
    s = game.state
    p = s.players[action.player]
    o = s.objects.get(action.card)
    if o is None:
        raise IllegalAction("no such card")
    ch = characteristics(s, o.id)
    if not ch.is_land:
        raise IllegalAction(f"{ch.name} is not a land")
    if o.zone is not Zone.HAND or o.owner != action.player:
        raise IllegalAction(f"{ch.name} is not in your hand")
    if not sorcery_timing_ok(game, action.player):
        raise IllegalAction("a land can be played only in your main phase with an empty stack (305.1)")
    if p.lands_played >= p.land_plays:
        raise IllegalAction("you have already played a land this turn (305.2)")
    p.lands_played += 1
    new = move(game, o.id, Zone.BATTLEFIELD, controller=action.player, cause="play")
    entered_battlefield(game, new)
    game.emit(Event("play_land", {"player": action.player, "object": new, "name": ch.name},
                    f"{p.name} plays {ch.name}"))
    _took_action(game, action.player)


# ---------------------------------------------------------------- spells: what a card offers


def chosen_target_specs(game: "Game", o: GameObject, modes: list[int], kicked: bool) -> list[TargetSpec]:
    ch = characteristics(game.state, o.id)
    return target_specs_for(ch.definition, aura_target(ch), modes)


def _flashback_costs(d: CardDef, o: GameObject | None, turn: int) -> list:
    """The card's flashback costs now: its own, and one granted this turn (Snapcaster Mage), which is
    the card's mana cost (702.34a)."""
    out = [c for c in d.costs if c.kind == "flashback"]
    if o is not None and o.chosen.get("flashback_turn") == turn:
        out.append(AdditionalCost("flashback", Cost(mana=d.mana_cost)))
    return out


def _pick_flashback(game: "Game", d: CardDef, o: GameObject, player: int, x: int, targets, specs,
                    others: list) -> Any:
    """With two flashback abilities (702.34a) the player may use either: the cheapest one they can pay."""

    def total(c) -> ManaCost:
        t = c.cost.mana.with_x(x) if c.cost.mana.x_count else c.cost.mana
        for extra in others:
            t = t.plus(extra.cost.mana)
        return _cost_modifiers(game, o, d, t, targets, specs, player)
    costs = _flashback_costs(d, o, game.state.turn)
    payable = [c for c in costs if game.state.players[player].life >= (c.cost.pay_life or 0)
               and can_pay_mana(game, player, total(c))]
    return min(payable or costs, key=lambda c: total(c).mana_value)


def _alt_cost(d: CardDef, alt: str | None, o: GameObject | None = None, turn: int = 0):
    if alt is None:
        return None
    if alt == "flashback" and _flashback_costs(d, o, turn):
        return _flashback_costs(d, o, turn)[0]
    for c in d.costs:
        if c.kind == alt or (alt == "alternative" and c.kind == "alternative"):
            return c
    raise IllegalAction(f"{d.name} has no {alt} cost")


# ---------------------------------------------------------------- casting (601.2)

def begin_cast(game: "Game", action: A.CastSpell) -> None:
    s = game.state
    o = s.objects.get(action.card)
    if o is None or o.is_ability:
        raise IllegalAction("no such card")
    ch = characteristics(s, o.id)
    d = ch.definition
    if ch.is_land:
        raise IllegalAction(f"{ch.name} is a land: lands are played, not cast (305.9)")
    if s.enforce and d.unsupported:
        raise IllegalAction(f"{ch.name} is not supported with rules enforced yet: {d.unsupported[0]}")
    if o.owner != action.player and o.controller != action.player:
        raise IllegalAction(f"{ch.name} isn't yours")
    alt = action.alt
    if o.zone is Zone.GRAVEYARD:
        if alt != "flashback":
            raise IllegalAction(f"{ch.name} can't be cast from the graveyard")
    elif o.zone is not Zone.HAND:
        raise IllegalAction(f"{ch.name} is not in your hand")
    if alt == "flashback" and o.zone is not Zone.GRAVEYARD:
        raise IllegalAction("flashback casts a card from the graveyard (702.34a)")
    _alt_cost(d, alt, o, s.turn)
    instant_speed = ch.is_type("Instant") or ch.has("flash")
    if not instant_speed and not sorcery_timing_ok(game, action.player):
        raise IllegalAction(f"{ch.name} can be cast only in your main phase when the stack is empty (307.1)")
    s.task = {"type": Task.CAST, "player": action.player, "card": o.id,
              "modes": list(action.modes) if action.modes is not None else None,
              "targets": _targets_json(action.targets), "x": action.x,
              "kicked": bool(action.kicked), "alt": alt,
              "divide": [list(x) for x in action.divide] if action.divide is not None else None,
              "pay": list(action.pay) if action.pay is not None else None, "choices": {}}
    s.pending = None
    _advance_proposal(game)


def _targets_json(targets) -> list | None:
    if targets is None:
        return None
    return [list(t) if isinstance(t, (list, tuple)) else t for t in targets]


def begin_activate(game: "Game", action: A.ActivateAbility) -> None:
    s = game.state
    o = s.objects.get(action.source)
    if o is None or o.is_ability:
        raise IllegalAction("no such permanent")
    ch = characteristics(s, o.id)
    abilities = ch.activated
    if not 0 <= action.index < len(abilities):
        raise IllegalAction(f"{ch.name} has no activated ability {action.index + 1}")
    ab = abilities[action.index]
    if s.enforce and ch.definition.unsupported and not ab.is_mana_ability:
        raise IllegalAction(f"{ch.name} is not supported with rules enforced yet: {ch.definition.unsupported[0]}")
    if ab.from_graveyard:
        if o.zone is not Zone.GRAVEYARD or o.owner != action.player:
            raise IllegalAction(f"that ability of {ch.name} works only from your graveyard")
    elif ab.from_hand:
        if o.zone is not Zone.HAND or o.owner != action.player:
            raise IllegalAction(f"that ability of {ch.name} works only from your hand (702.29a)")
    else:
        if o.zone is not Zone.BATTLEFIELD:
            raise IllegalAction(f"{ch.name} is not on the battlefield")
        if o.controller != action.player:
            raise IllegalAction(f"you don't control {ch.name} (602.2)")
    if ab.sorcery_speed or ab.is_loyalty:
        if not sorcery_timing_ok(game, action.player):
            raise IllegalAction("this ability can be activated only as a sorcery (602.5d)")
    if ab.is_loyalty:
        used = s.turn_log.get("loyalty", [])
        if o.card_id in used:
            raise IllegalAction(f"a loyalty ability of {ch.name} was already activated this turn (606.3)")
    if ab.once_per_turn and f"{o.card_id}:{action.index}" in s.turn_log.get("once", []):
        raise IllegalAction("this ability can be activated only once each turn")
    if ab.condition is not None and not check_condition_static(s, o, ab.condition):
        raise IllegalAction("this ability's activation restriction isn't met (602.5b)")
    if ab.cost.tap and not can_tap_for_cost(game, o.id):
        raise IllegalAction(f"{ch.name} can't be tapped to pay the cost" +
                            (" (it is tapped)" if o.tapped else " (summoning sickness, 302.6)"))
    if ab.cost.untap and (not o.tapped or (ch.is_creature and o.sick and not ch.has("haste"))):
        raise IllegalAction(f"{ch.name} can't be untapped to pay the cost")
    if ab.cost.loyalty is not None and ab.cost.loyalty < 0 and o.counters.get("loyalty", 0) < -ab.cost.loyalty:
        raise IllegalAction(f"{ch.name} doesn't have enough loyalty")
    if ab.cost.remove_counters and o.counters.get(ab.cost.remove_counters[0], 0) < ab.cost.remove_counters[1]:
        # 118.3: a cost can't be paid without the resources: no counters to remove, no activation.
        raise IllegalAction(f"{ch.name} doesn't have {ab.cost.remove_counters[1]} {ab.cost.remove_counters[0]} "
                            f"counters to remove (118.3)")
    s.task = {"type": Task.ACTIVATE, "player": action.player, "source": o.id, "index": action.index,
              "targets": _targets_json(action.targets), "x": action.x,
              "pay": list(action.pay) if action.pay is not None else None, "choices": {},
              "mana_choice": action.mana_choice}
    s.pending = None
    _advance_proposal(game)


def continue_casting(game: "Game", d: Decision, chosen: list) -> None:
    task = game.state.task
    field = d.data["field"]
    if field == "modes":
        task["modes"] = list(chosen)
    elif field == "x":
        task["x"] = int(chosen[0])
    elif field.startswith("target"):
        i = int(field.split(".")[1])
        tg = task.setdefault("asked_targets", {})
        tg[str(i)] = list(chosen)
    else:
        task["choices"][field] = list(chosen)
    _advance_proposal(game)


def _ask(game: "Game", player: int, field: str, prompt: str, options: list, mn: int, mx: int,
         choice: str, **data) -> None:
    game.state.pending = Decision(player, DecisionKind.CHOOSE, prompt, options, mn, mx,
                                  {"choice": choice, "field": field, **data})


def _advance_proposal(game: "Game") -> None:
    """Walks the steps of 601.2 / 602.2, asking for whatever the action did not give."""
    s = game.state
    task = s.task
    player = task["player"]
    if task["type"] == Task.CAST:
        o = s.objects[task["card"]]
        ch = characteristics(s, o.id)
        d = ch.definition
        source = SourceInfo(o.id, player, set(ch.colors), set(ch.types), set(ch.subtypes), ch.name)
        # 601.2b: modes
        if d.spell is not None and d.spell.modal:
            if task["modes"] is None:
                n = len(d.spell.modes)
                _ask(game, player, "modes", f"Choose {'one' if d.spell.choose_max == 1 else 'modes'} for {ch.name}",
                     list(range(n)), d.spell.choose_min, d.spell.choose_max, "mode",
                     labels=[m.text for m in d.spell.modes])
                return
            modes = task["modes"]
            if not (d.spell.choose_min <= len(modes) <= d.spell.choose_max) or len(set(modes)) != len(modes) \
                    or any(not 0 <= m < len(d.spell.modes) for m in modes):
                raise IllegalAction(f"choose {d.spell.choose_min} mode(s) of {ch.name}")
            # The modes happen in the order printed (608.2c), their targets in that order too.
            task["modes"] = sorted(modes)
        else:
            task["modes"] = [0]
        if task["kicked"] and not any(c.kind == "kicker" for c in d.costs):
            raise IllegalAction(f"{ch.name} has no kicker")
        specs = chosen_target_specs(game, o, task["modes"], task["kicked"])
        cost = _base_spell_cost(d, task)
        ab_cost_extra = [c for c in d.costs if c.kind == "additional" or (c.kind == "kicker" and task["kicked"])]
        alt = _alt_cost(d, task["alt"], o, s.turn)
    else:
        o = s.objects[task["source"]]
        ch = characteristics(s, o.id)
        ab = ch.activated[task["index"]]
        source = SourceInfo(o.id, player, set(ch.colors), set(ch.types), set(ch.subtypes), ch.name)
        specs = list(ab.mode.targets)
        cost = ab.cost.mana
        ab_cost_extra = []
        alt = None
    # 601.2b: the value of X, also for an {X} in a kicker or additional cost (Verdeloth's "Kicker {X}")
    x_cost = cost
    for c in ab_cost_extra:
        x_cost = x_cost.plus(c.cost.mana) if c.cost.mana.x_count else x_cost
    if x_cost.x_count or (task["type"] == Task.ACTIVATE and ab.cost.loyalty_x):
        if task["x"] is None:
            high = max_x(game, player, x_cost) if x_cost.x_count else o.counters.get("loyalty", 0)
            _ask(game, player, "x", "Choose the value of X", list(range(high + 1)), 1, 1, "number", low=0, high=high)
            return
        if task["x"] < 0:
            raise IllegalAction("X can't be negative")
        if task["type"] == Task.ACTIVATE and ab.cost.loyalty_x and task["x"] > o.counters.get("loyalty", 0):
            raise IllegalAction(f"{ch.name} doesn't have {task['x']} loyalty to remove (606.6)")
    x = task["x"] or 0
    # 601.2c: targets
    targets = _resolve_targets(game, task, specs, source, player)
    if targets is None:
        return
    task["final_targets"] = targets
    # 601.2d: division
    if task["type"] == Task.CAST:
        effects = [e for m in task["modes"] for e in d.spell.modes[m].effects] if d.spell is not None else []
    else:
        effects = list(ab.mode.effects)
    divide = _resolve_divide(game, task, specs, targets, _divided_amount(effects, x))
    # 601.2f: total cost
    total = cost.with_x(x) if cost.x_count else cost
    extras: list[Cost] = []
    if task["type"] == Task.CAST:
        if alt is not None:
            if task["alt"] == "flashback":
                alt = _pick_flashback(game, d, o, player, x, targets, specs, ab_cost_extra)
            total = alt.cost.mana.with_x(x) if alt.cost.mana.x_count else alt.cost.mana
            extras.append(alt.cost)
        for c in ab_cost_extra:
            total = total.plus(c.cost.mana.with_x(x))
            extras.append(c.cost)
        total = _cost_modifiers(game, o, d, total, targets, specs, player)
    else:
        extras.append(ab.cost)
    # Non-mana cost choices (sacrifice, discard, exile): asked now, as decisions (601.2h order aside).
    for i, c in enumerate(extras):
        if not _choose_cost_objects(game, task, player, o, c, i):
            return
    # 601.2g-h: pay. Plan first so an unpayable cost changes nothing.
    exclude = set(_cost_objects(task))
    if task["type"] == Task.ACTIVATE and ab.cost.tap:
        exclude.add(o.id)
    pay = tuple(task["pay"]) if task["pay"] is not None else None
    payment = plan_payment(game, player, total, pay, exclude) if not total.is_empty() or pay else None
    for c in extras:
        if c.pay_life and s.players[player].life < c.pay_life:
            raise IllegalAction(f"you can't pay {c.pay_life} life (119.4)")
    # Everything is decided and payable: carry it out.
    s.task = None
    if task["type"] == Task.CAST:
        _finish_cast(game, task, o, ch, targets, divide, x, total, payment, extras)
    else:
        _finish_activate(game, task, o, ch, ab, targets, divide, x, total, payment)


def _base_spell_cost(d: CardDef, task: dict) -> ManaCost:
    return d.mana_cost


def _cost_modifiers(game: "Game", o: GameObject, d: CardDef, total: ManaCost, targets, specs, player) -> ManaCost:
    """601.2f: cost increases then reductions (Fireball's extra targets, affinity, Thoughtcast)."""
    return modify_spell_cost(game, o, d, total, targets, specs, player)


def max_x(game: "Game", player: int, cost: ManaCost) -> int:
    p = game.state.players[player]
    avail = sum(p.mana_pool.values()) + sum(max(len(opt) for opt in src.options) for src in mana_sources(game, player))
    fixed = ManaCost(tuple(sym for sym in cost.symbols if sym != "X")).mana_value
    return max(0, (avail - fixed) // max(1, cost.x_count))


def _resolve_targets(game: "Game", task: dict, specs: list[TargetSpec], source: SourceInfo,
                     player: int) -> list[list[Any]] | None:
    given = task["targets"]
    if given is not None:
        if given and all(isinstance(t, list) for t in given) and len(given) == len(specs):
            groups = given
        else:
            flat = [t for g in given for t in (g if isinstance(g, list) else [g])]
            groups = distribute_divided(flat, specs)
        out = []
        for spec, group in zip(specs, groups):
            _check_targets(game, spec, group, source)
            out.append(group)
        return out
    asked = task.setdefault("asked_targets", {})
    out = []
    for i, spec in enumerate(specs):
        if str(i) in asked:
            group = asked[str(i)]
            _check_targets(game, spec, group, source)
            out.append(group)
            continue
        legal = legal_targets(game, spec, source)
        # Targets chosen for an earlier "target" word of the same spell may be chosen again only
        # for a different word (115.3); within one phrase they are distinct (validated on answer).
        if len(legal) < spec.min:
            raise IllegalAction(f"no legal target for {spec.text or spec.kind} (601.2c)")
        if spec.min == spec.max == len(legal):
            asked[str(i)] = legal       # only one legal answer: made without asking
            out.append(legal)
            continue
        _ask(game, player, f"target.{i}", f"Choose {spec.text or 'a target'}", legal, spec.min,
             min(spec.max, len(legal)), "target")
        return None
    return out


def distribute_divided(flat: list, specs: list[TargetSpec]) -> list[list]:
    groups: list[list] = []
    i = 0
    for k, spec in enumerate(specs):
        remaining_min = sum(sp.min for sp in specs[k + 1:])
        take = min(spec.max, max(spec.min, len(flat) - i - remaining_min))
        take = max(0, min(take, len(flat) - i))
        groups.append(flat[i:i + take])
        i += take
    if i < len(flat):
        raise IllegalAction(f"too many targets: {len(flat)} given")
    return groups


def _check_targets(game: "Game", spec: TargetSpec, group: list, source: SourceInfo) -> None:
    if not (spec.min <= len(group) <= spec.max):
        if spec.min == spec.max:
            raise IllegalAction(f"choose exactly {spec.min} target(s) for {spec.text or spec.kind}")
        raise IllegalAction(f"choose {spec.min} to {spec.max} targets for {spec.text or spec.kind}")
    if len(set(map(str, group))) != len(group):
        raise IllegalAction("the same target was chosen twice for one phrase (115.3)")
    for t in group:
        if not is_legal_target(game, spec, t, source):
            raise IllegalAction(f"{describe_target(game, t)} is not a legal target for {spec.text or spec.kind} (115)")


def _divided_amount(effects: list, x: int) -> int | None:
    """The amount a spell divides among its targets (601.2d), when it is known as it is cast: a number
    or X; None if it is only known at resolution."""
    for e in effects:
        if isinstance(e, DealDamage) and e.divided:
            if e.amount.kind == "const":
                return e.amount.value
            if e.amount.kind == "x":
                return x
    return None


def _resolve_divide(game: "Game", task: dict, specs: list[TargetSpec], targets: list[list],
                    total: int | None) -> dict[str, int]:
    dividing = [(spec, group) for spec, group in zip(specs, targets) if spec.divide]
    if not dividing:
        return {}
    recipients = [t for _, group in dividing for t in group]
    given = task["divide"]
    if given is None:
        if len(recipients) == 1:
            return {str(recipients[0]): -1}      # all of it; the amount is known at resolution
        if total == len(recipients):
            return {str(r): 1 for r in recipients}      # the only legal split: 1 each
        raise IllegalAction("say how the amount is divided among the targets (601.2d)")
    div = {str(k): int(v) for k, v in given}
    if set(div) != {str(r) for r in recipients}:
        raise IllegalAction("the division must name each target exactly once (601.2d)")
    if any(v < 1 for v in div.values()):
        raise IllegalAction("each target must get at least 1 (601.2d)")
    if total is not None and sum(div.values()) != total:
        raise IllegalAction(f"the division must add up to {total} (601.2d)")
    return div


def _cost_objects(task: dict) -> list[int]:
    out = []
    for k, v in task["choices"].items():
        if k.startswith("cost."):
            out.extend(x for x in v if isinstance(x, int))
    return out


def _choose_cost_objects(game: "Game", task: dict, player: int, o: GameObject, c: Cost, i: int) -> bool:
    """Asks which objects pay a sacrifice/discard/exile/tap cost; False if a decision is now pending."""
    s = game.state
    needs: list[tuple[str, list[int], int, str]] = []
    if c.sacrifice is not None:
        opts = [x for x in s.battlefield if s.objects[x].controller == player and
                matches_ch(s, s.objects[x], characteristics(s, x), c.sacrifice, player, o.id)]
        needs.append((f"cost.{i}.sacrifice", opts, max(1, c.sacrifice_count), "sacrifice"))
    if c.discard:
        opts = [x for x in s.players[player].hand if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.discard_filter, player, o.id)]
        needs.append((f"cost.{i}.discard", opts, c.discard, "discard"))
    if c.exile_from_hand is not None:
        opts = [x for x in s.players[player].hand if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.exile_from_hand, player, o.id)]
        needs.append((f"cost.{i}.exile_hand", opts, max(1, c.exile_count), "exile"))
    if c.exile_from_graveyard is not None:
        opts = [x for x in s.players[player].graveyard if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.exile_from_graveyard, player, o.id)]
        needs.append((f"cost.{i}.exile_graveyard", opts, max(1, c.exile_count), "exile"))
    if c.tap_untapped is not None:
        opts = [x for x in s.battlefield if s.objects[x].controller == player and x != o.id and
                can_tap_for_cost(game, x) and
                matches_ch(s, s.objects[x], characteristics(s, x), c.tap_untapped, player, o.id)]
        needs.append((f"cost.{i}.tap", opts, max(1, c.tap_count), "tap"))
    if c.return_to_hand is not None:
        opts = [x for x in s.battlefield if s.objects[x].controller == player and
                matches_ch(s, s.objects[x], characteristics(s, x), c.return_to_hand, player, o.id)]
        needs.append((f"cost.{i}.return", opts, 1, "return"))
    for field, opts, n, what in needs:
        if field in task["choices"]:
            chosen = task["choices"][field]
            if len(chosen) != n or any(x not in opts for x in chosen) or len(set(chosen)) != n:
                raise IllegalAction(f"choose {n} to {what} for the cost")
            continue
        if len(opts) < n:
            raise IllegalAction(f"you can't pay the cost: nothing to {what}")
        if len(opts) == n:
            task["choices"][field] = list(opts)
            continue
        _ask(game, player, field, f"Choose {n} to {what} for the cost", opts, n, n, what)
        return False
    return True


def _pay_other_costs(game: "Game", task: dict, player: int, o: GameObject, costs: list[Cost]) -> None:
    s = game.state
    for i, c in enumerate(costs):
        if c.pay_life:
            lose_life(game, player, c.pay_life)
        for field, ids in task["choices"].items():
            if not field.startswith(f"cost.{i}."):
                continue
            kind = field.split(".")[2]
            for x in ids:
                if x not in s.objects:
                    continue
                if kind == "sacrifice":
                    if o.stack is not None:
                        o.stack.event.setdefault("sacrificed", []).append(describe(game, x))
                    sacrifice(game, x)
                elif kind == "discard":
                    discard(game, x)
                elif kind in ("exile_hand", "exile_graveyard"):
                    move(game, x, Zone.EXILE, cause="cost")
                elif kind == "tap":
                    set_tapped(game, x, True)
                elif kind == "return":
                    move(game, x, Zone.HAND, cause="cost")


def _finish_cast(game: "Game", task: dict, o: GameObject, ch, targets, divide, x, total, payment, extras) -> None:
    s = game.state
    player = task["player"]
    name = ch.name
    from_zone = o.zone.value
    # 601.2a: the card moves to the stack (done last here: the choices above were validated on the
    # card where it was, which changes nothing observable).
    new_id = move(game, o.id, Zone.STACK, controller=player, cause="cast")
    so = s.objects[new_id]
    info = StackInfo()
    info.modes = list(task["modes"])
    info.targets = targets
    info.x = x
    info.kicked = bool(task["kicked"])
    info.alt = task["alt"]
    info.evoked = task["alt"] == "evoke"
    info.divide = divide
    info.cast_from = from_zone
    info.ability_kind = "spell"
    info.event = {"cast_step": s.step.value, "cast_turn_of": s.active}
    so.stack = info
    # 601.2g-h: mana abilities, then pay.
    if payment is not None:
        info.paid_mana = execute_payment(game, player, total, payment)
    _pay_other_costs(game, task, player, so, extras)
    s.turn_log.setdefault("spells_cast", []).append(player)
    # What "your first instant or sorcery spell each turn" counts (engine.query.trigger_events).
    s.turn_log.setdefault("casts", []).append({"player": player, "controller": player, "types": sorted(ch.types),
                                               "subtypes": sorted(ch.subtypes), "colors": sorted(ch.colors)})
    data = {"player": player, "object": new_id, "name": name, "card_id": so.card_id, "targets": targets,
            "from": from_zone, "nth": len(s.turn_log["spells_cast"])}
    game.emit(Event("cast", data, f"{s.players[player].name} casts {name}" + targets_text(game, targets)))
    cast_self_triggers(game, new_id, data)
    _took_action(game, player)


def _finish_activate(game: "Game", task: dict, o: GameObject, ch, ab: ActivatedAbility, targets, divide, x,
                     total, payment) -> None:
    s = game.state
    player = task["player"]
    # 602.2b: pay the costs.
    if ab.cost.tap:
        set_tapped(game, o.id, True)
    if ab.cost.untap:
        set_tapped(game, o.id, False)
    if payment is not None:
        execute_payment(game, player, total, payment)
    if ab.cost.loyalty is not None:
        # 606.4: the loyalty cost is paid by adding or removing loyalty counters.
        if ab.cost.loyalty > 0:
            add_counters(game, o.id, "loyalty", ab.cost.loyalty)
        elif ab.cost.loyalty < 0:
            remove_counters(game, o.id, "loyalty", -ab.cost.loyalty)
    if ab.cost.loyalty_x:
        remove_counters(game, o.id, "loyalty", x)
    if ab.is_loyalty:
        s.turn_log.setdefault("loyalty", []).append(o.card_id)
    if ab.once_per_turn:
        s.turn_log.setdefault("once", []).append(f"{o.card_id}:{task['index']}")
    if ab.cost.remove_counters:
        remove_counters(game, o.id, ab.cost.remove_counters[0], ab.cost.remove_counters[1])
    lki = None
    lki = source_info(game, o.id) if o.zone is Zone.BATTLEFIELD else None
    _pay_other_costs(game, task, player, o, [ab.cost])
    src_name = ch.name
    ref = activated_ref(ab)
    if ref is not None:
        def_key, def_index, def_token = ref[0], ref[1], None
    else:
        def_key, def_index, def_token = object_def_key(o), _def_index(ch.definition, ab, "activated"), \
            (o.token if o.copy_of is None else None)
    if ab.cost.sacrifice_self and o.id in s.objects:
        sacrifice(game, o.id)
    if ab.cost.discard_self and o.id in s.objects and o.zone is Zone.HAND:
        discard(game, o.id)
    if ab.is_mana_ability:
        # 605.3b: a mana ability resolves immediately; it doesn't use the stack.
        answers: dict[str, Any] = {}
        if task.get("mana_choice"):
            choice = task["mana_choice"]
            answers["0.mana"] = [choice]
            if len(choice) == 1 and choice in "WUBRG":
                answers["0.color"] = [Color(choice).word]
        s.task = {"type": Task.MANA, "player": player, "source": o.id, "card_id": o.card_id, "name": src_name,
                  "def": def_key, "token": def_token, "index": def_index, "targets": targets,
                  "x": x, "answers": answers, "lki": lki, "effect": 0}
        run_mana_ability(game)
        return
    ab_obj = create_ability_object(game, player, o, ch, "activated", def_index, targets, x, {}, divide, lki,
                                    source_def=def_key, source_token=def_token)
    game.emit(Event("activate", {"player": player, "object": ab_obj, "source": o.id, "name": src_name},
                    f"{s.players[player].name} activates {src_name}'s ability" + targets_text(game, targets)))
    _took_action(game, player)


def run_mana_ability(game: "Game") -> None:
    """Carries out a mana ability; a choice it needs (which color) is asked, then it goes on."""
    s = game.state
    task = s.task
    if task["token"] is not None:
        d = token_def(task["token"])
    else:
        d = card_def(task["def"])
    ab = d.activated[task["index"]]
    res = Resolution(game, controller=task["player"], source_id=task["source"], source_card_id=task["card_id"],
                     source_name=task["name"], targets=task["targets"], target_specs=list(ab.mode.targets),
                     x=task["x"], source_lki=task["lki"], answers=task["answers"])

    def progress(i: int) -> None:
        task["effect"] = i

    try:
        run_effects(res, ab.mode.effects, task["effect"], progress)
    except NeedDecision as nd:
        s.pending = nd.decision
        return
    s.task = None
    mana_ability_triggers(game, task["source"], task["player"])
    s.priority = task["player"]
    s.pending = None


def _def_index(d: CardDef, ab, kind: str) -> int:
    lst = d.activated if kind == "activated" else d.triggered
    for i, x in enumerate(lst):
        if x is ab:
            return i
    for i, x in enumerate(lst):
        if x == ab:
            return i
    return -1


# ---------------------------------------------------------------- resolving (608)


