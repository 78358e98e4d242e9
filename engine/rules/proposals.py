"""The steps of proposing a spell or an ability that casting (601.2) and activating (602.2) share: the
value of X (601.2b), targets (601.2c), dividing an amount among them (601.2d), and choosing and paying
the costs (601.2f-h). The pending proposal is the `Task.CAST` / `Task.ACTIVATE` task; a choice the action
did not give is asked as a decision, recorded by `record_answer`, and the walk starts again."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.abilities import Amount, Cost, TargetSpec, uses_x, with_x
from engine.core.cards import card_def
from engine.core.enums import DecisionKinds, Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.effect_types import Conditional, DealDamage, PutCounters
from engine.core.mana import ManaCost, Payment
from engine.core.objects import GameObject
from engine.core.state import Decision, Proposal
from engine.query.layers import characteristics, matches_ch
from engine.query.targets import SourceInfo, aura_target, chosen_elsewhere, describe_target, is_legal_target, \
    legal_targets, one_players, owned_as_said, required_targets, share_a_type, target_specs_for, with_counts, \
    within_total_mana_value
from engine.board.zones import begin_simultaneous_event, describe, mill, move
from engine.board.damage import add_counters, change_energy, lose_life, remove_counters
from engine.rules.bestow import bestow_target
from engine.rules.combat import static_flag
from engine.rules.mutate import mutate_target, mutating
from engine.rules.exert import exert
from engine.board.primitives import discard, sacrifice, set_tapped
from engine.effects.payment import mana_sources, mana_trigger_question, plan_payment

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True, slots=True)
class Choices:
    """What 601.2b-d settled: the value of X, the targets of each target phrase and the division."""
    x: int
    targets: list[list[Any]]
    divide: dict[str, int]


def chosen_target_specs(game: "Game", o: GameObject, modes: list[int], kicked: bool,
                        bestow: bool = False, spliced: list[str] | None = None, mutate: bool = False) -> list[TargetSpec]:
    """The target phrases of a spell with the modes chosen (an Aura's enchant target first, 303.4a; a card being
    cast bestowed is evaluated as the Aura spell it will be, 702.103d; a mutating creature spell's target,
    702.140a, cast for its mutate cost or on the stack), then those of the cards spliced onto it
    (702.47d; `spliced`: their definitions, else those the spell on the stack records); a phrase required only if
    the spell was kicked, or only if it wasn't, requires no target otherwise (601.2c)."""
    ch = characteristics(game.state, o.id)
    if mutate or mutating(o):
        first = mutate_target(ch.definition)
    else:
        first = bestow_target(ch.definition) if bestow else aura_target(ch)
    specs = target_specs_for(ch.definition, first, modes)
    if spliced is None:
        spliced = o.stack.event.get("spliced", []) if o.stack is not None and not o.is_ability else []
    for key in spliced:
        specs.extend(target_specs_for(card_def(key), None, [0]))
    return required_targets(specs, kicked)


def source_of(o: GameObject, ch, player: int, *, spell: bool = False) -> SourceInfo:
    return SourceInfo(o.id, player, set(ch.colors), set(ch.types), set(ch.subtypes), ch.name, spell=spell)


def targets_json(targets) -> list | None:
    if targets is None:
        return None
    return [list(t) if isinstance(t, (list, tuple)) else t for t in targets]


def ask(game: "Game", player: int, field: str, prompt: str, options: list, mn: int, mx: int,
        choice: str, **data) -> None:
    game.state.pending = Decision(player, DecisionKinds.CHOOSE, prompt, options, mn, mx,
                                  {"choice": choice, "field": field, **data})


def record_answer(task: Proposal, field: str, chosen: list) -> None:
    """Keeps a player's answer to one of the proposal's questions in the task."""
    if field == "modes":
        task.modes = list(chosen)
    elif field == "x":
        task.x = int(chosen[0])
    elif field.startswith("target"):
        i = int(field.split(".")[1])
        if task.asked_targets is None:
            task.asked_targets = {}
        task.asked_targets[str(i)] = list(chosen)
    else:
        task.choices[field] = list(chosen)


def settle_choices(game: "Game", task: Proposal, player: int, source: SourceInfo, specs: list[TargetSpec],
                   x_cost: ManaCost, x_counters: tuple[str, int] | None, effects: list,
                   x_most: tuple[int, str] | None = None) -> Choices | None:
    """601.2b-d: X, the targets and the division. `x_counters`: the kind of counters X of which the cost
    removes from the source, and how many it has (an X loyalty cost 606.6, "Remove X charge counters"), None
    without one; `x_most`: the most X an additional cost can be paid with ("pay X life", "discard X cards") and
    why. None when a decision is now pending."""
    # 601.2b: the value of X, also for an {X} in a kicker or additional cost (Verdeloth's "Kicker {X}")
    if x_cost.x_count or x_counters is not None or x_most is not None:
        if task.x is None:
            high = min(([max_x(game, player, x_cost)] if x_cost.x_count else []) +
                       ([x_counters[1]] if x_counters is not None else []) + ([x_most[0]] if x_most else []))
            ask(game, player, "x", "Choose the value of X", list(range(high + 1)), 1, 1, "number", low=0, high=high)
            return None
        if task.x < 0:
            raise IllegalAction("X can't be negative")
        if x_counters is not None and task.x > x_counters[1]:
            kind, rule = x_counters[0], "606.6" if x_counters[0] == "loyalty" else "118.3"
            raise IllegalAction(f"{source.name} doesn't have {task.x} {kind} counters to remove ({rule})")
        if x_most is not None and task.x > x_most[0]:
            raise IllegalAction(x_most[1])
    x = task.x or 0
    if uses_x(specs):
        # "X target creatures", "target creature with mana value X": X is chosen before the targets (601.2b-c)
        specs = with_x(specs, x)
    specs = with_counts(game, specs, source)        # "up to X target ..., where X is ..." (601.2c)
    # 601.2c: targets
    targets = resolve_targets(game, task, specs, source, player)
    if targets is None:
        return None
    task.final_targets = targets
    # 601.2d: division
    divide = resolve_divide(task, specs, targets, divided_amount(effects, x))
    return Choices(x, targets, divide)


def max_x(game: "Game", player: int, cost: ManaCost) -> int:
    p = game.state.players[player]
    avail = sum(p.mana_pool.values()) + sum(max(len(opt) for opt in src.options) for src in mana_sources(game, player))
    fixed = ManaCost(tuple(sym for sym in cost.symbols if sym != "X")).mana_value
    return max(0, (avail - fixed) // max(1, cost.x_count))


def resolve_targets(game: "Game", task: Proposal, specs: list[TargetSpec], source: SourceInfo,
                    player: int) -> list[list[Any]] | None:
    given = task.targets
    if given is not None:
        if given and all(isinstance(t, list) for t in given) and len(given) == len(specs):
            groups = given
        else:
            flat = [t for g in given for t in (g if isinstance(g, list) else [g])]
            groups = distribute_divided(flat, specs)
        out = []
        for spec, group in zip(specs, groups):
            check_targets(game, spec, group, source)
            if chosen_elsewhere(spec, out) & set(map(str, group)):
                raise IllegalAction(f"{spec.text or 'that target'} must be another target (115.3)")
            if not owned_as_said(game, spec, out, group):
                raise IllegalAction(f"{spec.text or 'that target'} must be that player's (601.2c)")
            out.append(group)
        return out
    if task.asked_targets is None:
        task.asked_targets = {}
    asked = task.asked_targets
    out = []
    for i, spec in enumerate(specs):
        if str(i) in asked:
            group = asked[str(i)]
            check_targets(game, spec, group, source)
            if chosen_elsewhere(spec, out) & set(map(str, group)):
                raise IllegalAction(f"{spec.text or 'that target'} must be another target (115.3)")
            if not owned_as_said(game, spec, out, group):
                raise IllegalAction(f"{spec.text or 'that target'} must be that player's (601.2c)")
            out.append(group)
            continue
        taken = chosen_elsewhere(spec, out)
        legal = [t for t in legal_targets(game, spec, source) if str(t) not in taken and owned_as_said(game, spec, out, [t])]
        # Targets chosen for an earlier "target" word of the same spell may be chosen again only
        # for a different word (115.3); within one phrase they are distinct (validated on answer).
        if len(legal) < spec.min:
            raise IllegalAction(f"no legal target for {spec.text or spec.kind} (601.2c)")
        if spec.max == 0:
            asked[str(i)] = []      # "up to X targets" with X 0: none, nothing to ask (601.2c)
            out.append([])
            continue
        if spec.min == spec.max == len(legal):
            asked[str(i)] = legal       # only one legal answer: made without asking
            out.append(legal)
            continue
        ask(game, player, f"target.{i}", f"Choose {spec.text or 'a target'}", legal, spec.min,
            min(spec.max, len(legal)), "target")
        return None
    return out


def distribute_divided(flat: list, specs: list[TargetSpec]) -> list[list]:
    """Splits a flat list of targets among the target phrases, in order."""
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


def check_targets(game: "Game", spec: TargetSpec, group: list, source: SourceInfo) -> None:
    if not (spec.min <= len(group) <= spec.max):
        if spec.min == spec.max:
            raise IllegalAction(f"choose exactly {spec.min} target(s) for {spec.text or spec.kind}")
        raise IllegalAction(f"choose {spec.min} to {spec.max} targets for {spec.text or spec.kind}")
    if len(set(map(str, group))) != len(group):
        raise IllegalAction("the same target was chosen twice for one phrase (115.3)")
    if spec.same_player and not one_players(game, group):
        raise IllegalAction(f"the targets for {spec.text or spec.kind} must all be one player's (601.2c)")
    if not share_a_type(game, spec, group):
        raise IllegalAction(f"the targets for {spec.text or spec.kind} must share a {spec.shared_type} type (601.2c)")
    if not within_total_mana_value(game, spec, group):
        raise IllegalAction(f"the targets for {spec.text or spec.kind} have too great a total mana value (601.2c)")
    for t in group:
        if not is_legal_target(game, spec, t, source):
            raise IllegalAction(f"{describe_target(game, t)} is not a legal target for {spec.text or spec.kind} (115)")


def divided_amount(effects: list, x: int) -> int | None:
    """The amount a spell divides among its targets (601.2d), when it is known as it is cast: a number
    or X; None if it is only known at resolution. "If ..., instead it deals 7 damage to each of those": the
    division is the instruction's that would otherwise apply (608.2c)."""
    for e in effects:
        if isinstance(e, Conditional):
            inner = divided_amount([*e.otherwise, *e.then], x)
            if inner is not None:
                return inner
        if isinstance(e, (DealDamage, PutCounters)) and e.divided:
            return _known_as_cast(e.amount, x)
    return None


def _known_as_cast(a: Amount, x: int) -> int | None:
    """A number, X, or "X plus 1" (Meteor Shower): known once X is chosen (601.2b); None for a count."""
    if a.kind == "const":
        return a.value * a.multiplier
    if a.kind == "x":
        return x * a.multiplier
    if a.kind == "plus" and a.base is not None:
        base = _known_as_cast(a.base, x)
        return (base + a.value) * a.multiplier if base is not None else None
    return None


def resolve_divide(task: Proposal, specs: list[TargetSpec], targets: list[list], total: int | None) -> dict[str, int]:
    dividing = [(spec, group) for spec, group in zip(specs, targets) if spec.divide]
    recipients = [t for _, group in dividing for t in group]
    if not recipients:
        return {}       # no target to divide among: one required only if the spell was kicked (601.2c)
    given = task.divide
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


def cost_objects(task: Proposal) -> list[int]:
    out = []
    for k, v in task.choices.items():
        if k.startswith("cost.") and not k.endswith((".counters", ".put")):     # moving counters taps nothing
            out.extend(x for x in v if isinstance(x, int))
    return out


def choose_cost_objects(game: "Game", task: Proposal, player: int, o: GameObject, costs: list[Cost]) -> bool:
    """Asks which objects pay the sacrifice/discard/exile/tap/return parts of the costs (asked now, as
    decisions, 601.2h order aside); False if a decision is now pending."""
    return all(_choose_for_cost(game, task, player, o, c, i) for i, c in enumerate(costs))


def _choose_for_cost(game: "Game", task: Proposal, player: int, o: GameObject, c: Cost, i: int) -> bool:
    s = game.state
    # (the field, the options, how many: None for any number, what is done)
    needs: list[tuple[str, Any, int | None, str]] = []
    if c.sacrifice is not None and c.any_number:
        field = f"cost.{i}.sacrifice"
        needs.append((field, _sacrifice_options(game, task, player, o, c, c.sacrifice, field), None, "sacrifice"))
    elif c.sacrifice is not None and not (c.sacrifice_x and not task.x):
        # "Sacrifice X Goats": the X chosen (none for X = 0)
        groups = []
        first = task.x if c.sacrifice_x else max(1, c.sacrifice_count)
        for j, (flt, n) in enumerate(((c.sacrifice, first),) + c.sacrifice_also):
            field = f"cost.{i}.sacrifice" + (str(j) if j else "")
            groups.append((field, _sacrifice_options(game, task, player, o, c, flt, field), n))
            needs.append((field, groups[-1][1], n, "sacrifice"))
        if len(groups) > 1 and not _distinct_choice_exists(task, groups):
            raise IllegalAction("you can't pay the cost: not enough different permanents to sacrifice (118.3)")
    if c.discard:
        opts = [x for x in s.players[player].hand if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.discard_filter, player, o.id)]
        if c.discard_random:
            # The cards are picked at random as the cost is paid (601.2h): none is chosen now.
            if len(opts) < c.discard:
                raise IllegalAction("you can't pay the cost: nothing to discard")
        else:
            needs.append((f"cost.{i}.discard", opts, c.discard, "discard"))
    if c.reveal_from_hand is not None and not (c.reveal_x and not task.x):
        # "Reveal X white cards from your hand": the X chosen (none for X = 0)
        opts = [x for x in s.players[player].hand if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.reveal_from_hand, player, o.id)]
        needs.append((f"cost.{i}.reveal", opts, task.x if c.reveal_x else 1, "reveal"))
    if c.exile_from_hand is not None:
        opts = [x for x in s.players[player].hand if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.exile_from_hand, player, o.id)]
        needs.append((f"cost.{i}.exile_hand", opts, max(1, c.exile_count), "exile"))
    if c.exile_from_graveyard is not None and not (c.exile_x and not task.x):
        # "Exile X cards from your graveyard": the X chosen (none for X = 0)
        opts = [x for x in s.players[player].graveyard if x != o.id and
                matches_ch(s, s.objects[x], characteristics(s, x), c.exile_from_graveyard, player, o.id)]
        needs.append((f"cost.{i}.exile_graveyard", opts, task.x if c.exile_x else max(1, c.exile_count), "exile"))
    if c.tap_untapped is not None:
        # The source may tap itself for it (302.6 restricts only {T}), unless "another" or its {T} excludes it.
        opts = [x for x in s.battlefield if s.objects[x].controller == player and
                not (x == o.id and (c.tap or c.tap_untapped.other)) and not s.objects[x].tapped and
                matches_ch(s, s.objects[x], characteristics(s, x), c.tap_untapped, player, o.id)]
        needs.append((f"cost.{i}.tap", opts, None if c.any_number else max(1, c.tap_count), "tap"))
    if c.return_to_hand is not None:
        opts = [x for x in s.battlefield if s.objects[x].controller == player and
                matches_ch(s, s.objects[x], characteristics(s, x), c.return_to_hand, player, o.id)]
        needs.append((f"cost.{i}.return", opts, max(1, c.return_count), "return"))
    if c.remove_from is not None and c.remove_counters:
        kind, n = c.remove_counters
        opts = [x for x in s.battlefield if s.objects[x].controller == player and s.objects[x].counters.get(kind, 0) >= n
                and matches_ch(s, s.objects[x], characteristics(s, x), c.remove_from, player, o.id)]
        needs.append((f"cost.{i}.counters", opts, 1, f"remove {kind} counters from"))
    if c.put_on is not None and c.put_counters:
        opts = [x for x in s.battlefield if s.objects[x].controller == player
                and matches_ch(s, s.objects[x], characteristics(s, x), c.put_on, player, o.id)]
        needs.append((f"cost.{i}.put", opts, 1, f"put {c.put_counters[0]} counters on"))
    if c.hand_to_library:
        opts = [x for x in s.players[player].hand if x != o.id]
        needs.append((f"cost.{i}.library", opts, c.hand_to_library, "put on top of your library"))
    if c.exile_to_graveyard:
        # a card in exile an opponent owns, face up or face down (its owner is known: 400.3)
        opts = [x for x in s.exile if s.objects[x].owner != player]
        needs.append((f"cost.{i}.processed", opts, c.exile_to_graveyard, "put into its owner's graveyard"))
    if c.exile_top_graveyard is not None and _top_of_graveyard(game, player, o, c) is None:
        raise IllegalAction("you can't pay the cost: no such card in your graveyard")
    library = len(s.players[player].library)
    if c.mill > library or c.exile_top > library:
        # 701.17b: no more milled than the library holds; 118.3: a cost that can't be paid in full isn't paid
        raise IllegalAction(f"you can't pay the cost: your library has {library} cards")
    if c.crew:
        return _crew(game, task, player, o, c.crew, f"cost.{i}.tap")
    for field, opts, n, what in needs:
        opts = opts() if callable(opts) else opts
        if field in task.choices:
            chosen = task.choices[field]
            if (n is not None and len(chosen) != n) or any(x not in opts for x in chosen) or \
                    len(set(chosen)) != len(chosen):
                raise IllegalAction(f"choose {'any number' if n is None else n} to {what} for the cost")
            continue
        if n is None:
            # "sacrifice any number of creatures": none to all of them (601.2b)
            if not opts:
                task.choices[field] = []
                continue
            ask(game, player, field, f"Choose any number to {what} for the cost", opts, 0, len(opts), what)
            return False
        if len(opts) < n:
            raise IllegalAction(f"you can't pay the cost: nothing to {what}")
        if len(opts) == n:
            task.choices[field] = list(opts)
            continue
        ask(game, player, field, f"Choose {n} to {what} for the cost", opts, n, n, what)
        return False
    return True


def _sacrifice_options(game: "Game", task: Proposal, player: int, o: GameObject, c: Cost, flt, field: str):
    """The permanents that may pay one sacrifice group, found when it is asked: none chosen for another group, nor
    the source when it is sacrificed too ("Sacrifice two lands and ~")."""
    s = game.state

    def options() -> list[int]:
        taken = {x for k, v in task.choices.items() if k != field and k.startswith(field.rstrip("0123456789"))
                 for x in v}
        return [x for x in s.battlefield if s.objects[x].controller == player and x not in taken
                and not (c.sacrifice_self and x == o.id)
                and matches_ch(s, s.objects[x], characteristics(s, x), flt, player, o.id)]
    return options


def _distinct_choice_exists(task: Proposal, groups: list) -> bool:
    """Whether each sacrifice group can get its count of permanents, none in two groups, with what is chosen kept: a
    matching of the groups' places to permanents (each place tries to take a permanent, moving another place's
    elsewhere when it must)."""
    places = [(field, opts) for field, options, n in groups if field not in task.choices
              for opts in [options()] for _ in range(n)]
    owner: dict[int, int] = {}
    taken = {x for field, _, _ in groups for x in task.choices.get(field, ())}

    def place(k: int, seen: set[int]) -> bool:
        for x in places[k][1]:
            if x in seen or x in taken:
                continue
            seen.add(x)
            if x not in owner or place(owner[x], seen):
                owner[x] = k
                return True
        return False
    return all(place(k, set()) for k in range(len(places)))


def _top_of_graveyard(game: "Game", player: int, o: GameObject, c: Cost) -> int | None:
    """The topmost card of the player's graveyard like `c.exile_top_graveyard` (the last put there, 404.1), not
    the source itself."""
    s = game.state
    return next((x for x in reversed(s.players[player].graveyard) if x != o.id and
                 matches_ch(s, s.objects[x], characteristics(s, x), c.exile_top_graveyard, player, o.id)), None)


def _crew(game: "Game", task: Proposal, player: int, o: GameObject, n: int, field: str) -> bool:
    """702.122a: any number of untapped creatures the player controls with total power N or greater are
    tapped (summoning sickness doesn't matter: it isn't a {T} cost), none that "can't crew Vehicles"; asked, then
    tapped as costs are paid."""
    s = game.state
    opts = [x for x in s.battlefield if s.objects[x].controller == player and x != o.id and not s.objects[x].tapped
            and characteristics(s, x).is_creature and not static_flag(game, x, "cant_crew")]
    power = {x: max(0, characteristics(s, x).power or 0) for x in opts}
    if field not in task.choices:
        if sum(power.values()) < n:
            raise IllegalAction(f"you can't crew {n}: your untapped creatures have less total power (702.122a)")
        ask(game, player, field, f"Crew {n}: tap creatures with total power {n} or more", opts, 1, len(opts), "tap")
        return False
    chosen = task.choices[field]
    if len(set(chosen)) != len(chosen) or any(x not in opts for x in chosen) or sum(power[x] for x in chosen) < n:
        raise IllegalAction(f"crew {n} taps untapped creatures you control with total power {n} or more")
    return True


def plan_costs(game: "Game", task: Proposal, player: int, total: ManaCost, costs: list[Cost],
               exclude: set[int], helpers: list = (), spend_on: frozenset[str] = frozenset()) -> Payment | None:
    """601.2g-h: plans the mana payment (never with the objects chosen to pay other costs, nor those in
    `exclude`; `helpers`: convoke and improvise; `spend_on`: the restricted mana it may spend, 106.6) and
    checks life can be paid, so an unpayable cost changes nothing."""
    exclude = set(cost_objects(task)) | exclude
    pay = tuple(task.pay) if task.pay is not None else None
    payment = plan_payment(game, player, total, pay, exclude, helpers, spend_on) \
        if not total.is_empty() or pay else None
    for c in costs:
        if c.pay_life and game.state.players[player].life < c.pay_life:
            raise IllegalAction(f"you can't pay {c.pay_life} life (119.4)")
        if c.energy > game.state.players[player].energy:
            raise IllegalAction(f"you can't pay {'{E}' * c.energy}: you have {game.state.players[player].energy} energy (107.14)")
    return payment


def mana_trigger_choices_made(game: "Game", task: Proposal, player: int, total: ManaCost, payment: Payment | None) -> bool:
    """605.4a, 106.1a: the choices of the triggered mana abilities the payment sets off (Fertile Ground's
    color) are their controller's, asked before anything is paid; False when one is asked now."""
    if payment is None:
        return True
    q = mana_trigger_question(game, player, total, payment, task.choices)
    if q is None:
        return True
    ask(game, q.player, q.data["key"], q.prompt, list(q.options), q.min, q.max, q.data["choice"],
        source=q.data.get("source"))
    return False


def pay_other_costs(game: "Game", task: Proposal, player: int, o: GameObject, costs: list[Cost]) -> dict[str, list[dict]]:
    """601.2h: pays life and the objects chosen for the costs, all at once: one event, apart from the move of the
    spell to the stack (601.2a). Returns what was sacrificed and what was discarded, as they last existed (608.2h:
    "the sacrificed creature's power", "the discarded card's mana value"); a spell keeps them in its own event data too."""
    s = game.state
    begin_simultaneous_event(s)
    paid: dict[str, list[dict]] = {}

    def keep(how: str, x: int) -> None:
        paid.setdefault(how, []).append(describe(game, x))
        if o.stack is not None:
            o.stack.event.setdefault(how, []).append(paid[how][-1])
    for i, c in enumerate(costs):
        if c.pay_life:
            lose_life(game, player, c.pay_life, paid=True)
        if c.pay_life_half and s.players[player].life > 0:
            lose_life(game, player, (s.players[player].life + 1) // 2, paid=True)      # rounded up (107.1a)
        if c.mill:
            mill(game, player, c.mill)
        if c.exile_top:
            mill(game, player, c.exile_top, Zones.EXILE)
        top = _top_of_graveyard(game, player, o, c) if c.exile_top_graveyard is not None else None
        if top is not None:
            move(game, top, Zones.EXILE, cause="cost")
        change_energy(game, player, -c.energy)
        if c.discard_random:
            hand = [x for x in s.players[player].hand if x != o.id]
            for _ in range(min(c.discard, len(hand))):
                x = hand.pop(s.rng.below(len(hand)))
                keep("discarded", x)
                discard(game, x)
        if c.exert:
            exert(game, o.id)
        for field, ids in list(task.choices.items()):
            if not field.startswith(f"cost.{i}."):
                continue
            kind = field.split(".")[2]
            for x in ids:
                if x not in s.objects:
                    continue
                if kind.startswith("sacrifice"):
                    keep("sacrificed", x)
                    sacrifice(game, x)
                elif kind == "discard":
                    keep("discarded", x)
                    discard(game, x)
                elif kind == "reveal":
                    # 701.20a: every player sees it; it stays in the hand ("the revealed card's power" reads it)
                    if o.stack is not None:
                        o.stack.event.setdefault("revealed", []).append(describe(game, x))
                    game.emit(Event("reveal", {"player": player, "cards": [x]},
                                    f"{s.players[player].name} reveals {characteristics(s, x).name}"))
                elif kind in ("exile_hand", "exile_graveyard"):
                    move(game, x, Zones.EXILE, cause="cost")
                elif kind == "tap":
                    if c.any_number:
                        keep("tapped", x)       # "for each creature tapped this way" (601.2h, 608.2h)
                    set_tapped(game, x, True)
                elif kind == "counters":
                    remove_counters(game, x, *c.remove_counters)
                elif kind == "put":
                    add_counters(game, x, *c.put_counters, by=player)
                elif kind == "library":
                    move(game, x, Zones.LIBRARY, cause="cost")       # on top
                elif kind == "processed":
                    move(game, x, Zones.GRAVEYARD, cause="cost")     # its owner's graveyard (400.3)
                elif kind == "return":
                    if s.combat is not None and x in s.combat.attackers:
                        # what it was attacking: a ninja put onto the battlefield attacks that (702.49c)
                        task.choices["attack_target"] = [s.combat.attackers[x]]
                    move(game, x, Zones.HAND, cause="cost")
    return paid
