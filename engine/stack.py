"""Priority, casting spells (601), activating abilities (602, 605, 606), playing lands (305) and
resolving the top of the stack (608)."""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from engine import actions as A
from engine.abilities import ActivatedAbility, Cost, Mode, TargetSpec, TriggeredAbility
from engine.cards import CardDef
from engine.enums import DecisionKind, Step, Zone
from engine.errors import IllegalAction
from engine.events import Event
from engine.layers import changed_off_battlefield, characteristics, definition_of
from engine.mana import ManaCost
from engine.objects import GameObject, StackInfo
from engine.state import Decision
from engine.targets import SourceInfo, is_legal_target, legal_targets, source_of
from engine.turn import end_step

if TYPE_CHECKING:
    from engine.game import Game


# ---------------------------------------------------------------- priority

def pass_priority(game: "Game", player: int) -> None:
    """117.3d / 117.4: if all players pass in succession, the top of the stack resolves, or the
    step ends when the stack is empty."""
    s = game.state
    answered, s.pending = s.pending, None
    s.passes += 1
    alive = [p.index for p in s.players if not p.lost]
    if s.passes >= len(alive):
        s.passes = 0
        if s.stack:
            resolve_top(game)
        else:
            end_step(game)
        return
    nxt = (player + 1) % len(s.players)
    while s.players[nxt].lost:
        nxt = (nxt + 1) % len(s.players)
    s.priority = nxt
    # Only priority moved: if the decision passed came right after a check that found nothing, the
    # next player needs no new one (117.5).
    game.quiet = answered is not None and answered is game.checked


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
    from engine.zones import move
    new = move(game, o.id, Zone.BATTLEFIELD, controller=action.player, cause="play")
    from engine.replacement import entered_battlefield
    entered_battlefield(game, new)
    game.emit(Event("play_land", {"player": action.player, "object": new, "name": ch.name},
                    f"{p.name} plays {ch.name}"))
    _took_action(game, action.player)


# ---------------------------------------------------------------- spells: what a card offers

def spell_modes(d: CardDef) -> tuple[Mode, ...]:
    if d.spell is not None:
        return d.spell.modes
    return ()


def aura_target(ch) -> TargetSpec | None:
    """303.4a: an Aura spell targets what its enchant ability allows."""
    if "Aura" not in ch.subtypes:
        return None
    kw = ch.keyword("enchant")
    if kw is None:
        return None
    from engine.oracle import enchant_target_spec
    return enchant_target_spec(kw.param)


def chosen_target_specs(game: "Game", o: GameObject, modes: list[int], kicked: bool) -> list[TargetSpec]:
    ch = characteristics(game.state, o.id)
    return target_specs_for(ch.definition, aura_target(ch), modes)


def target_specs_for(d: CardDef, aura: TargetSpec | None, modes: list[int]) -> list[TargetSpec]:
    """The target phrases of a spell with these modes chosen (601.2b-c): its Aura target first."""
    specs: list[TargetSpec] = []
    if aura is not None:
        specs.append(aura)
    all_modes = spell_modes(d)
    if all_modes:
        picked = modes if (d.spell and d.spell.modal) else [0]
        for m in picked:
            specs.extend(all_modes[m].targets)
    return specs


def _flashback_costs(d: CardDef, o: GameObject | None, turn: int) -> list:
    """The card's flashback costs now: its own, and one granted this turn (Snapcaster Mage), which is
    the card's mana cost (702.34a)."""
    out = [c for c in d.costs if c.kind == "flashback"]
    if o is not None and o.chosen.get("flashback_turn") == turn:
        from engine.abilities import AdditionalCost
        out.append(AdditionalCost("flashback", Cost(mana=d.mana_cost)))
    return out


def _pick_flashback(game: "Game", d: CardDef, o: GameObject, player: int, x: int, targets, specs,
                    others: list) -> Any:
    """With two flashback abilities (702.34a) the player may use either: the cheapest one they can pay."""
    from engine.costs import can_pay_mana

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
    s.task = {"type": "cast", "player": action.player, "card": o.id,
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
    from engine.costs import can_tap_for_cost
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
    s.task = {"type": "activate", "player": action.player, "source": o.id, "index": action.index,
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
    if task["type"] == "cast":
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
    if x_cost.x_count or (task["type"] == "activate" and ab.cost.loyalty_x):
        if task["x"] is None:
            high = _max_x(game, player, x_cost) if x_cost.x_count else o.counters.get("loyalty", 0)
            _ask(game, player, "x", "Choose the value of X", list(range(high + 1)), 1, 1, "number", low=0, high=high)
            return
        if task["x"] < 0:
            raise IllegalAction("X can't be negative")
        if task["type"] == "activate" and ab.cost.loyalty_x and task["x"] > o.counters.get("loyalty", 0):
            raise IllegalAction(f"{ch.name} doesn't have {task['x']} loyalty to remove (606.6)")
    x = task["x"] or 0
    # 601.2c: targets
    targets = _resolve_targets(game, task, specs, source, player)
    if targets is None:
        return
    task["final_targets"] = targets
    # 601.2d: division
    if task["type"] == "cast":
        effects = [e for m in task["modes"] for e in d.spell.modes[m].effects] if d.spell is not None else []
    else:
        effects = list(ab.mode.effects)
    divide = _resolve_divide(game, task, specs, targets, _divided_amount(effects, x))
    # 601.2f: total cost
    total = cost.with_x(x) if cost.x_count else cost
    extras: list[Cost] = []
    if task["type"] == "cast":
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
    from engine.costs import execute_payment, plan_payment
    exclude = set(_cost_objects(task))
    if task["type"] == "activate" and ab.cost.tap:
        exclude.add(o.id)
    pay = tuple(task["pay"]) if task["pay"] is not None else None
    payment = plan_payment(game, player, total, pay, exclude) if not total.is_empty() or pay else None
    for c in extras:
        if c.pay_life and s.players[player].life < c.pay_life:
            raise IllegalAction(f"you can't pay {c.pay_life} life (119.4)")
    # Everything is decided and payable: carry it out.
    s.task = None
    if task["type"] == "cast":
        _finish_cast(game, task, o, ch, targets, divide, x, total, payment, extras)
    else:
        _finish_activate(game, task, o, ch, ab, targets, divide, x, total, payment)


def _base_spell_cost(d: CardDef, task: dict) -> ManaCost:
    return d.mana_cost


def _cost_modifiers(game: "Game", o: GameObject, d: CardDef, total: ManaCost, targets, specs, player) -> ManaCost:
    """601.2f: cost increases then reductions (Fireball's extra targets, affinity, Thoughtcast)."""
    from engine.cost_modifiers import modify_spell_cost
    return modify_spell_cost(game, o, d, total, targets, specs, player)


def _max_x(game: "Game", player: int, cost: ManaCost) -> int:
    from engine.costs import mana_sources
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
            groups = _distribute(flat, specs)
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


def _distribute(flat: list, specs: list[TargetSpec]) -> list[list]:
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
            raise IllegalAction(f"{_describe_target(game, t)} is not a legal target for {spec.text or spec.kind} (115)")


def _describe_target(game: "Game", t: Any) -> str:
    if isinstance(t, str) and t.startswith("P") and t[1:].isdigit() and int(t[1:]) < len(game.state.players):
        return game.state.players[int(t[1:])].name
    if isinstance(t, int) and t in game.state.objects:
        return characteristics(game.state, t).name
    return repr(t)


def _divided_amount(effects: list, x: int) -> int | None:
    """The amount a spell divides among its targets (601.2d), when it is known as it is cast: a number
    or X; None if it is only known at resolution."""
    from engine.effects import DealDamage
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
    from engine.layers import matches_ch
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
        from engine.costs import can_tap_for_cost
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
    from engine.damage import lose_life
    from engine.effects import discard, sacrifice, set_tapped
    from engine.zones import move
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
                        from engine.zones import describe
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
    from engine.costs import execute_payment
    from engine.zones import move
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
    # What "your first instant or sorcery spell each turn" counts (engine.trigger_events).
    s.turn_log.setdefault("casts", []).append({"player": player, "controller": player, "types": sorted(ch.types),
                                               "subtypes": sorted(ch.subtypes), "colors": sorted(ch.colors)})
    data = {"player": player, "object": new_id, "name": name, "card_id": so.card_id, "targets": targets,
            "from": from_zone, "nth": len(s.turn_log["spells_cast"])}
    game.emit(Event("cast", data, f"{s.players[player].name} casts {name}" + _targets_text(game, targets)))
    from engine.spell_copies import cast_self_triggers
    cast_self_triggers(game, new_id, data)
    _took_action(game, player)


def _targets_text(game: "Game", targets: list[list]) -> str:
    flat = [t for g in targets for t in g]
    if not flat:
        return ""
    return " targeting " + ", ".join(_describe_target(game, t) for t in flat)


def _finish_activate(game: "Game", task: dict, o: GameObject, ch, ab: ActivatedAbility, targets, divide, x,
                     total, payment) -> None:
    from engine.costs import execute_payment
    from engine.damage import add_counters, remove_counters
    from engine.effects import sacrifice, set_tapped
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
    from engine.damage import source_info
    lki = source_info(game, o.id) if o.zone is Zone.BATTLEFIELD else None
    _pay_other_costs(game, task, player, o, [ab.cost])
    src_name = ch.name
    from engine.cards import activated_ref
    ref = activated_ref(ab)
    if ref is not None:
        def_key, def_index, def_token = ref[0], ref[1], None
    else:
        def_key, def_index, def_token = o.copy_of or o.name, _def_index(ch.definition, ab, "activated"), \
            (o.token if o.copy_of is None else None)
    if ab.cost.sacrifice_self and o.id in s.objects:
        from engine.effects import sacrifice as sac
        sac(game, o.id)
    if ab.is_mana_ability:
        # 605.3b: a mana ability resolves immediately; it doesn't use the stack.
        answers: dict[str, Any] = {}
        if task.get("mana_choice"):
            choice = task["mana_choice"]
            answers["0.mana"] = [choice]
            if len(choice) == 1 and choice in "WUBRG":
                from engine.enums import Color
                answers["0.color"] = [Color(choice).word]
        s.task = {"type": "mana", "player": player, "source": o.id, "card_id": o.card_id, "name": src_name,
                  "def": def_key, "token": def_token, "index": def_index, "targets": targets,
                  "x": x, "answers": answers, "lki": lki, "effect": 0}
        run_mana_ability(game)
        return
    ab_obj = _create_ability_object(game, player, o, ch, "activated", def_index, targets, x, {}, divide, lki,
                                    source_def=def_key, source_token=def_token)
    game.emit(Event("activate", {"player": player, "object": ab_obj, "source": o.id, "name": src_name},
                    f"{s.players[player].name} activates {src_name}'s ability" + _targets_text(game, targets)))
    _took_action(game, player)


def run_mana_ability(game: "Game") -> None:
    """Carries out a mana ability; a choice it needs (which color) is asked, then it goes on."""
    from engine.effects import NeedDecision, Resolution, run_effects
    s = game.state
    task = s.task
    if task["token"] is not None:
        from engine.tokens import token_def
        d = token_def(task["token"])
    else:
        from engine.cards import card_def
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
    from engine.triggers import mana_ability_triggers
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


def _create_ability_object(game: "Game", player: int, src: GameObject | None, ch, kind: str, index: int,
                           targets, x, event, divide, lki, source_def: str = "", source_token=None,
                           source_name: str = "") -> int:
    s = game.state
    ab = GameObject(s.new_id(), 0, source_name or ch.name, player, Zone.STACK)
    ab.card_id = -ab.id
    ab.is_ability = True
    ab.controller = player
    ab.timestamp = s.new_timestamp()
    info = StackInfo()
    info.targets = targets
    info.x = x
    info.divide = divide
    info.ability_kind = kind
    info.ability_index = index
    info.event = event
    if src is not None:
        info.source_id = src.id
        info.source_card_id = src.card_id
        info.source_def = source_def or src.copy_of or src.name
        info.source_token = source_token if source_def else (src.token if src.copy_of is None else None)
        info.kicked = src.kicked
    else:
        info.source_def = source_def
        info.source_token = source_token
    info.source_name = source_name or ch.name
    if lki is not None:
        info.event = dict(info.event)
        info.event["source_lki"] = lki
    ab.stack = info
    s.objects[ab.id] = ab
    s.stack.append(ab.id)
    changed_off_battlefield(s)
    return ab.id


def ability_of(game: "Game", so: GameObject):
    info = so.stack
    if info.source_token is not None:
        from engine.tokens import token_def
        d = token_def(info.source_token)
    else:
        from engine.cards import card_def
        d = card_def(info.source_def)
    if info.ability_kind == "activated":
        return d.activated[info.ability_index]
    if info.ability_kind == "triggered":
        return d.triggered[info.ability_index]
    if info.ability_kind == "delayed":
        from engine.delayed import delayed_ability
        return delayed_ability(info.source_def, info.source_token, info.event["delayed"])
    raise ValueError(info.ability_kind)


# ---------------------------------------------------------------- resolving (608)

LOOP_AFTER = 60
LOOP_REPEATS = 30


def _mandatory_loop(game: "Game") -> bool:
    """104.4b: a game stuck in a loop of mandatory actions is a draw. Seen as the same board (cards
    and their zones, life totals, counters, the stack) coming back again and again within one turn
    as things resolve."""
    s = game.state
    # Only a turn with very many resolutions can be a loop: don't fingerprint the board before that.
    n = s.turn_log["resolutions"] = s.turn_log.get("resolutions", 0) + 1
    if n <= LOOP_AFTER:
        return False
    board = (tuple(sorted((o.card_id if not o.is_ability else -1, o.zone.value, o.stack.source_card_id if o.is_ability else 0)
                          for o in s.objects.values() if o.zone.value in ("battlefield", "stack", "exile"))),
             tuple((p.life, p.poison) for p in s.players),
             tuple(sorted((o.card_id, tuple(sorted(o.counters.items()))) for o in s.objects.values() if o.counters)))
    key = hashlib.blake2b(repr(board).encode(), digest_size=8).hexdigest()   # stable across processes
    seen = s.turn_log.setdefault("boards", {})
    seen[key] = seen.get(key, 0) + 1
    return seen[key] >= LOOP_REPEATS


def resolve_top(game: "Game") -> None:
    s = game.state
    if _mandatory_loop(game):
        from engine.sba import lose_game
        game.emit(Event("loop", {}, "The game is caught in a loop of mandatory actions: it is a draw (104.4b)"))
        lose_game(game, [p.index for p in s.players if not p.lost])
        return
    oid = s.stack[-1]
    so = s.objects[oid]
    info = so.stack
    if so.is_ability:
        ab = ability_of(game, so)
        mode = ab.mode
        specs = list(mode.targets)
        effects = mode.effects
        src_name = info.source_name
        if isinstance(ab, TriggeredAbility) and ab.condition is not None:
            # 603.4: an intervening "if" is checked again on resolution.
            res = _make_resolution(game, so, specs, None, {})
            from engine.effects import check_condition
            if not check_condition(res, ab.condition):
                game.emit(Event("removed", {"object": oid}, f"{src_name}'s ability does nothing: its condition is false"))
                _finish_resolution(game, oid)
                return
    else:
        ch = characteristics(s, oid)
        specs = chosen_target_specs(game, so, info.modes, info.kicked)
        src_name = f"The copy of {ch.name}" if so.spell_copy else ch.name
    # 608.2b: check the targets; if every target is now illegal, it doesn't resolve.
    legal = _target_legality(game, so, specs)
    if specs and info.targets and any(info.targets) and not any(ok for group in legal for ok in group):
        game.emit(Event("fizzle", {"object": oid, "name": src_name},
                        f"{src_name} doesn't resolve: its targets are illegal (608.2b)"))
        if so.is_ability:
            _finish_resolution(game, oid)
        else:
            _spell_to_graveyard(game, oid)
            _after_resolution(game)
        return
    game.emit(Event("resolve", {"object": oid, "name": src_name}, f"{src_name} resolves"))
    game.state.task = {"type": "resolve", "object": oid, "index": 0, "answers": {}, "legal": legal}
    continue_resolution(game)


def _target_legality(game: "Game", so: GameObject, specs: list[TargetSpec]) -> list[list[bool]]:
    info = so.stack
    if so.is_ability:
        source = SourceInfo(info.source_id, so.controller, set(), set(), set(), info.source_name)
        src = game.state.objects.get(info.source_id) if info.source_id is not None else None
        if src is not None:
            source = source_of(game, src.id, so.controller)
        else:
            lki = info.event.get("source_lki")
            if lki:
                source = SourceInfo(info.source_id, so.controller, set(lki.get("colors", ())),
                                    set(lki.get("types", ())), set(lki.get("subtypes", ())), lki.get("name", ""))
    else:
        source = source_of(game, so.id, so.controller)
    out = []
    for spec, group in zip(specs, info.targets):
        out.append([is_legal_target(game, spec, t, source) for t in group])
    return out


def _make_resolution(game: "Game", so: GameObject, specs, legal, answers):
    from engine.effects import Resolution
    info = so.stack
    if so.is_ability:
        src_id = info.source_id
        lki = info.event.get("source_lki")
        return Resolution(game, controller=so.controller, source_id=src_id, source_card_id=info.source_card_id,
                          source_name=info.source_name, targets=info.targets, target_specs=specs, x=info.x,
                          kicked=info.kicked, event=info.event, answers=answers, stack_id=so.id,
                          divide=info.divide, source_lki=lki, legal=legal)
    return Resolution(game, controller=so.controller, source_id=so.id, source_card_id=so.card_id,
                      source_name=characteristics(game.state, so.id).name, targets=info.targets,
                      target_specs=specs, x=info.x, kicked=info.kicked, answers=answers, stack_id=so.id,
                      divide=info.divide, legal=legal, event=info.event)


def continue_resolution(game: "Game") -> None:
    from engine.effects import NeedDecision, run_effects
    s = game.state
    task = s.task
    oid = task["object"]
    so = s.objects[oid]
    info = so.stack
    effects: tuple = ()
    offsets: tuple[int, ...] = ()
    if so.is_ability:
        ab = ability_of(game, so)
        specs = list(ab.mode.targets)
        effects = ab.mode.effects
        if isinstance(ab, TriggeredAbility) and ab.optional:
            from engine.effects import MayDo
            effects = (MayDo(effects, prompt=f"Use {info.source_name}'s ability?"),)
    else:
        ch = characteristics(s, oid)
        d = ch.definition
        specs = chosen_target_specs(game, so, info.modes, info.kicked)
        if d.spell is not None and not ch.is_permanent:
            picked = info.modes if d.spell.modal else [0]
            effects, offsets = _mode_effects(d, picked, len(specs))
    res = _make_resolution(game, so, specs, task["legal"], task["answers"])

    def progress(i: int) -> None:
        task["index"] = i

    entering: dict[str, Any] = {}
    game.asking = True
    try:
        run_effects(res, effects, task["index"], progress, offsets)
        if not so.is_ability and characteristics(s, oid).is_permanent:
            entering = _as_enters_choices(res, characteristics(s, oid))
    except NeedDecision as nd:
        s.task = task
        s.pending = nd.decision
        return
    finally:
        game.asking = False
    s.task = None
    if so.is_ability:
        _finish_resolution(game, oid)
        return
    ch = characteristics(s, oid)
    if ch.is_permanent:
        # 608.3: a permanent spell becomes a permanent on the battlefield under its controller.
        from engine.zones import move
        attach_to = None
        if "Aura" in ch.subtypes and info.targets and info.targets[0]:
            t = info.targets[0][0]
            ok = task["legal"][0][0] if task["legal"] and task["legal"][0] else True
            if not ok:
                _spell_to_graveyard(game, oid)
                _after_resolution(game)
                return
            attach_to = t
        new = move(game, oid, Zone.BATTLEFIELD, controller=so.controller, cause="resolve",
                   copy_of=entering.get("copy_of"), chosen=entering.get("chosen"))
        if attach_to is not None:
            s.objects[new].attached_to = attach_to
            s.invalidate()
        from engine.replacement import entered_battlefield
        entered_battlefield(game, new)
    else:
        _spell_to_graveyard(game, oid)
    _after_resolution(game)


def _mode_effects(d: CardDef, picked: list[int], n_specs: int) -> tuple[tuple, tuple[int, ...]]:
    """The chosen modes' effects in order (608.2c), each with where its mode's targets begin among
    the spell's target phrases (700.2: every mode has its own "target" words)."""
    modes = d.spell.modes
    start = n_specs - sum(len(modes[m].targets) for m in picked)     # an Aura's enchant target first
    effects: list = []
    offsets: list[int] = []
    for m in picked:
        effects.extend(modes[m].effects)
        offsets.extend([start] * len(modes[m].effects))
        start += len(modes[m].targets)
    return tuple(effects), tuple(offsets)


def enter_choices(res, oid: int, controller: int) -> dict[str, Any]:
    """The "as ~ enters" choices for a card an effect puts onto the battlefield (persist, a return from
    exile): they apply however it enters (614.1c, 614.12), made by its controller-to-be."""
    return _as_enters_choices(res, characteristics(res.state, oid), controller, f"{oid}.", oid)


def _as_enters_choices(res, ch, chooser: int | None = None, key: str = "",
                       entering: int | None = None) -> dict[str, Any]:
    """614.12 / 707.5: choices made as a permanent enters ("you may have ~ enter as a copy of",
    "as ~ enters, choose"), asked before it enters so its copiable values apply as it does.
    `chooser` and `entering` default to the resolving spell's controller and the spell itself."""
    from engine.cards import card_def
    from engine.layers import matches_ch
    s = res.state
    chooser = res.controller if chooser is None else chooser
    entering = res.source_id if entering is None else entering
    out: dict[str, Any] = {}
    statics = list(ch.static)
    for st in statics:
        params = dict(st.params) if st.params and all(isinstance(p, tuple) for p in st.params) else {}
        if st.kind == "enters_as_copy":
            options = [o for o in s.battlefield
                       if matches_ch(s, s.objects[o], characteristics(s, o), params.get("filter"), chooser, None)]
            if not options:
                continue
            pick = res.ask(f"{key}enter_copy", chooser, f"Choose a creature for {ch.name} to copy",
                           options + (["no"] if params.get("optional") else []), 1, 1, "copy")
            if pick and pick[0] != "no":
                from engine.token_copies import copiable_key
                out["copy_of"] = copiable_key(s.objects[pick[0]])
                # The copy's own "as ~ enters, choose" abilities apply as it enters too (614.12, 707.5).
                statics.extend(x for x in card_def(out["copy_of"]).static if x.kind == "as_enters_choose")
        elif st.kind == "as_enters_choose":
            what = params.get("key", "chosen")
            options = [o for o in s.battlefield if o != entering and
                       matches_ch(s, s.objects[o], characteristics(s, o), params.get("filter"), chooser, None)]
            if options:
                pick = res.ask(f"{key}as_enters.{what}", chooser, f"Choose for {ch.name}", options, 1, 1, "choose")
                out.setdefault("chosen", {})[what] = pick[0]
    return out


def _spell_to_graveyard(game: "Game", oid: int) -> None:
    """608.2n: an instant or sorcery goes to its owner's graveyard; flashback exiles it (702.34a)."""
    from engine.zones import move
    so = game.state.objects[oid]
    if so.stack is not None and so.stack.alt == "flashback":
        move(game, oid, Zone.EXILE, cause="flashback")
    else:
        move(game, oid, Zone.GRAVEYARD, cause="resolve")


def _finish_resolution(game: "Game", oid: int) -> None:
    s = game.state
    if oid in s.stack:
        s.stack.remove(oid)
        del s.objects[oid]
        changed_off_battlefield(s)
    _after_resolution(game)


def _after_resolution(game: "Game") -> None:
    """117.3b: after a spell or ability resolves, the active player receives priority."""
    s = game.state
    s.task = None
    s.priority = s.active
    s.passes = 0
