"""Effects: the instructions a resolving spell or ability carries out (608.2c-h, 609, 701).

Each effect is a frozen dataclass; its handler, registered with @handles, carries it out. A handler
that needs a choice calls `res.ask(...)`: if the answer is already known it is returned, otherwise
NeedDecision stops the resolution, the engine asks the player, and the resolution resumes at the same
effect with the answer. So a handler makes all its choices before it changes anything.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from engine.abilities import (Amount, Condition, Effect, Filter, Ref, SELF, TargetSpec, TARGET0, YOU)
from engine.damage import (add_counters, deal_damage, gain_life, is_player_ref, lose_life, player_index,
                           remove_counters, source_info)
from engine.enums import DecisionKind, Zone
from engine.events import Event
from engine.layers import characteristics, matches_ch
from engine.mana import ManaCost
from engine.state import Decision
from engine import zones

if TYPE_CHECKING:
    from engine.game import Game


class NeedDecision(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


# ---------------------------------------------------------------- effect classes

@dataclass(frozen=True)
class DealDamage(Effect):
    amount: Amount
    to: Ref
    divided: bool = False          # 601.2d: the amounts come from the spell's division


@dataclass(frozen=True)
class Destroy(Effect):
    what: Ref
    no_regenerate: bool = False


@dataclass(frozen=True)
class ExileEffect(Effect):
    what: Ref


@dataclass(frozen=True)
class ReturnToHand(Effect):
    what: Ref


@dataclass(frozen=True)
class PutOnLibrary(Effect):
    what: Ref
    top: bool = True


@dataclass(frozen=True)
class CounterSpell(Effect):
    what: Ref
    unless_pay: ManaCost | None = None
    unless_x: bool = False         # "unless its controller pays {X}"
    to: str = "graveyard"          # graveyard | hand (Remand) | exile | library


@dataclass(frozen=True)
class Draw(Effect):
    who: Ref
    amount: Amount


@dataclass(frozen=True)
class Discard(Effect):
    who: Ref
    amount: Amount
    random: bool = False
    chooser: str = "self"          # self | you (the ability's controller looks and chooses: Duress)
    filter: Filter | None = None
    reveal: bool = False


@dataclass(frozen=True)
class GainLife(Effect):
    who: Ref
    amount: Amount


@dataclass(frozen=True)
class LoseLife(Effect):
    who: Ref
    amount: Amount


@dataclass(frozen=True)
class Pump(Effect):
    what: Ref
    power: Amount
    toughness: Amount
    duration: str = "end_of_turn"


@dataclass(frozen=True)
class Grant(Effect):
    what: Ref
    keywords: tuple[str, ...]
    duration: str = "end_of_turn"


@dataclass(frozen=True)
class ApplyContinuous(Effect):
    """A continuous effect from a resolving spell or ability (611.2): params as layers.py reads them."""
    what: Ref
    params: tuple[tuple[str, Any], ...]
    duration: str = "end_of_turn"


@dataclass(frozen=True)
class TapEffect(Effect):
    what: Ref
    untap: bool = False


@dataclass(frozen=True)
class Sacrifice(Effect):
    who: Ref
    filter: Filter
    amount: Amount = Amount("const", 1)


@dataclass(frozen=True)
class AddMana(Effect):
    mana: str                      # letters; "A" = one mana of any color (chosen)
    amount: Amount = Amount("const", 1)
    choice: tuple[str, ...] = ()   # "Add {R} or {G}": the options


@dataclass(frozen=True)
class CreateTokens(Effect):
    spec: tuple[tuple[str, Any], ...]
    amount: Amount = Amount("const", 1)
    who: Ref = YOU
    tapped: bool = False
    attacking: bool = False


@dataclass(frozen=True)
class PutCounters(Effect):
    what: Ref
    kind: str
    amount: Amount


@dataclass(frozen=True)
class Mill(Effect):
    who: Ref
    amount: Amount


@dataclass(frozen=True)
class Conditional(Effect):
    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class MayDo(Effect):
    """ "You may ..." (603.5 for triggers; 608.2d): the player chooses yes or no."""
    effects: tuple[Effect, ...]
    who: Ref = YOU
    prompt: str = ""


EffectHandler = Callable[["Resolution", Any], None]
HANDLERS: dict[type, EffectHandler] = {}


def handles(cls: type) -> Callable[[EffectHandler], EffectHandler]:
    def deco(fn: EffectHandler) -> EffectHandler:
        HANDLERS[cls] = fn
        return fn
    return deco


# ---------------------------------------------------------------- the resolution context

class Resolution:
    """Everything an effect needs while a spell or ability resolves (608.2)."""

    def __init__(self, game: "Game", *, controller: int, source_id: int | None, source_card_id: int | None,
                 source_name: str, targets: list[list[Any]], target_specs: list[TargetSpec],
                 x: int = 0, kicked: bool = False, event: dict[str, Any] | None = None,
                 answers: dict[str, Any] | None = None, stack_id: int | None = None,
                 divide: dict[str, int] | None = None, source_lki: dict[str, Any] | None = None,
                 legal: list[list[bool]] | None = None) -> None:
        self.game = game
        self.state = game.state
        self.controller = controller
        self.source_id = source_id
        self.source_card_id = source_card_id
        self.source_name = source_name
        self.targets = targets
        self.target_specs = target_specs
        self.legal = legal if legal is not None else [[True] * len(t) for t in targets]
        self.x = x
        self.kicked = kicked
        self.event = event or {}
        self.answers = answers if answers is not None else {}
        self.stack_id = stack_id
        self.divide = divide or {}
        self.source_lki = source_lki
        self.prefix = ""
        self.created: list[int] = []
        self.events_start = len(game.events)    # this resolution's events (400.7j finds moved objects)
        self.target_offset = 0   # a later chosen mode's first target (700.2: each mode has its own targets)

    # -------- choices
    def ask(self, key: str, player: int, prompt: str, options: list[Any], min_: int, max_: int,
            choice: str) -> list[Any]:
        key = self.prefix + key
        if key in self.answers:
            return self.answers[key]
        if max_ <= 0 or not options:
            return []
        # A decision with exactly one legal answer is made without asking (FORMAT.md).
        if min_ == max_ == len(options):
            self.answers[key] = list(options)
            return list(options)
        raise NeedDecision(Decision(player, DecisionKind.CHOOSE, prompt, options, min_, max_,
                                    {"choice": choice, "key": key, "source": self.source_name}))

    def ask_yes_no(self, key: str, player: int, prompt: str) -> bool:
        return self.ask(key, player, prompt, ["yes", "no"], 1, 1, "yes_no") == ["yes"]

    # -------- source
    def source(self) -> dict[str, Any]:
        """The source's information for damage: current if still there, else last known."""
        if self.source_id is not None and self.source_id in self.state.objects:
            o = self.state.objects[self.source_id]
            if o.zone in (Zone.BATTLEFIELD, Zone.STACK):
                return source_info(self.game, self.source_id)
        if self.source_lki is not None:
            return self.source_lki
        return {"id": self.source_id, "card_id": self.source_card_id, "name": self.source_name,
                "controller": self.controller, "keywords": []}

    def source_object(self):
        """The source permanent, if it's still the same object on the battlefield."""
        if self.source_id is None:
            return None
        o = self.state.objects.get(self.source_id)
        return o if o is not None and o.zone in (Zone.BATTLEFIELD, Zone.STACK) else None

    # -------- references
    def objects(self, ref: Ref) -> list[int]:
        return [r for r in self.resolve_ref(ref) if isinstance(r, int)]

    def players(self, ref: Ref) -> list[int]:
        out = []
        for r in self.resolve_ref(ref):
            if is_player_ref(r):
                out.append(player_index(r))
        return out

    def resolve_ref(self, ref: Ref) -> list[Any]:
        s = self.state
        k = ref.kind
        if k == "target":
            chosen, legal = self.target_group(ref.index)
            out = []
            for t, ok in zip(chosen, legal):
                if not ok:
                    continue   # 608.2b: an illegal target is not affected
                if isinstance(t, int) and t not in s.objects:
                    continue
                out.append(t)
            return out
        if k == "self":
            o = self.source_object()
            return [o.id] if o is not None and o.zone is Zone.BATTLEFIELD else []
        if k == "you":
            return [f"P{self.controller}"]
        if k == "each_player":
            return [f"P{i}" for i in s.apnap() if not s.players[i].lost]
        if k in ("each_opponent", "opponent"):
            return [f"P{i}" for i in s.apnap() if i != self.controller and not s.players[i].lost]
        if k == "active_player":
            return [f"P{s.active}"]
        if k == "controller_of":
            out = []
            for t in self.resolve_ref(Ref("target", ref.index)):
                if isinstance(t, int):
                    out.append(f"P{s.objects[t].controller}")
                else:
                    out.append(t)
            if not out:
                # The target left: use last known information (608.2h).
                for t in self.target_group(ref.index)[0]:
                    info = s.lki.get(str(t))
                    if info:
                        out.append(f"P{info['controller']}")
            return out
        if k == "owner_of":
            return [f"P{s.objects[t].owner}" for t in self.resolve_ref(Ref("target", ref.index)) if isinstance(t, int)]
        if k in ("enchanted", "equipped", "attached"):
            o = self.source_object()
            if o is None or o.attached_to is None:
                return []
            return [o.attached_to]
        if k == "event":
            v = self.event.get("object")
            if v is None:
                p = self.event.get("player")
                if p is None and is_player_ref(self.event.get("target")):
                    return [self.event["target"]]     # the player a damage event was dealt to
                return [f"P{p}"] if p is not None else []
            return [v] if v in s.objects else []
        if k == "event_controller":
            # An object that left the battlefield: its controller as it left (603.10, 608.2h).
            was = self.event.get("was")
            p = was.get("controller") if isinstance(was, dict) else self.event.get("controller")
            return [f"P{p}"] if p is not None else []
        if k == "defending_player":
            c = s.combat
            return [f"P{c.defending_player}"] if c else []
        if k == "all":
            out = []
            for oid in list(s.battlefield):
                o = s.objects[oid]
                if matches_ch(s, o, characteristics(s, oid), ref.filter, self.controller, self.source_id):
                    out.append(oid)
            return out
        if k == "controlled_by":
            # Every object matching the filter controlled by target `index` (a player, or the
            # controller of a permanent): "each creature that player controls".
            who = {player_index(p) for p in self.resolve_ref(Ref("controller_of", ref.index))}
            return [o for o in self.resolve_ref(Ref("all", filter=ref.filter)) if s.objects[o].controller in who]
        if k == "chosen":
            return list(self.answers.get(self.prefix + ref.key, []))
        if k == "created":
            return list(self.created)
        if k == "remembered":
            # 603.7c: what a delayed triggered ability refers to, while it is still the same object.
            return [o for o in self.event.get("remembered", ()) if o in s.objects]
        raise ValueError(f"unknown reference {k}")

    def target_group(self, index: int) -> tuple[list[Any], list[bool]]:
        """The targets chosen for the effect's `index`-th target phrase, and whether each is still
        legal (608.2b). In a modal spell, an effect's phrases count from its own mode's first."""
        i = index + self.target_offset
        if i >= len(self.targets):
            return [], []
        chosen = self.targets[i]
        return chosen, self.legal[i] if i < len(self.legal) else [True] * len(chosen)

    # -------- amounts
    def amount(self, a: Amount | int) -> int:
        if isinstance(a, int):
            return a
        return evaluate_amount(self, a)


def evaluate_amount(res: Resolution, a: Amount) -> int:
    s = res.state
    k = a.kind
    if k == "const":
        v = a.value
    elif k == "x":
        v = res.x
    elif k in ("power_of", "toughness_of", "mana_value_of"):
        ids = res.resolve_ref(a.ref) if a.ref else []
        v = 0
        for t in ids:
            if isinstance(t, int) and t in s.objects and s.objects[t].zone in (Zone.BATTLEFIELD, Zone.STACK):
                ch = characteristics(s, t)
                v = {"power_of": ch.power, "toughness_of": ch.toughness, "mana_value_of": ch.mana_value}[k] or 0
                break
        else:
            # Last known information of a target that left (608.2h).
            if a.ref is not None and a.ref.kind == "target":
                for t in res.target_group(a.ref.index)[0]:
                    info = s.lki.get(str(t))
                    if info:
                        v = {"power_of": info["power"], "toughness_of": info["toughness"],
                             "mana_value_of": info["mana_value"]}[k] or 0
            elif a.ref is not None and a.ref.kind in ("self", "event"):
                info = res.source_lki if a.ref.kind == "self" else res.event.get("was")
                if info:
                    v = {"power_of": info.get("power"), "toughness_of": info.get("toughness"),
                         "mana_value_of": info.get("mana_value")}[k] or 0
    elif k == "count":
        v = 0
        for oid in s.battlefield:
            if matches_ch(s, s.objects[oid], characteristics(s, oid), a.filter, res.controller, res.source_id):
                v += 1
    elif k == "cards_in_hand":
        ps = res.players(a.ref) if a.ref else [res.controller]
        v = sum(len(s.players[p].hand) for p in ps)
    elif k == "life_of":
        ps = res.players(a.ref) if a.ref else [res.controller]
        v = s.players[ps[0]].life if ps else 0
    elif k == "counters_on":
        ids = res.objects(a.ref) if a.ref else []
        v = sum(s.objects[i].counters.get(a.counter, 0) for i in ids)
    elif k == "chosen_number":
        v = int((res.answers.get(res.prefix + a.counter) or [0])[0])
    else:
        v = _EXTRA_AMOUNTS[k](res, a)
    return v * a.multiplier


_EXTRA_AMOUNTS: dict[str, Callable[[Resolution, Amount], int]] = {}


def evaluate_amount_static(state, obj, a: Amount) -> int:
    """An amount read by a static ability or CDA (604.3), outside any resolution."""
    from engine.game import Game
    g = Game.__new__(Game)
    g.state = state
    g.events = []
    res = Resolution(g, controller=obj.controller, source_id=obj.id, source_card_id=obj.card_id,
                     source_name=obj.name, targets=[], target_specs=[])
    return evaluate_amount(res, a)


def check_condition_static(state, obj, cond: Condition) -> bool:
    from engine.game import Game
    g = Game.__new__(Game)
    g.state = state
    g.events = []
    res = Resolution(g, controller=obj.controller, source_id=obj.id, source_card_id=obj.card_id,
                     source_name=obj.name, targets=[], target_specs=[], kicked=obj.kicked)
    return check_condition(res, cond)


def check_condition(res: Resolution, c: Condition) -> bool:
    s = res.state
    k = c.kind
    if k == "kicked":
        r = res.kicked
    elif k == "evoked":
        o = res.source_object()
        r = bool(o and o.evoked)
    elif k == "you_control":
        r = any(matches_ch(s, s.objects[o], characteristics(s, o), c.filter, res.controller, res.source_id)
                and s.objects[o].controller == res.controller for o in s.battlefield)
    elif k == "count_at_least":
        n = sum(1 for o in s.battlefield
                if matches_ch(s, s.objects[o], characteristics(s, o), c.filter, res.controller, res.source_id))
        r = n >= c.value
    elif k == "life_at_least":
        r = s.players[res.controller].life >= c.value
    elif k == "life_at_most":
        r = s.players[res.controller].life <= c.value
    elif k == "hand_empty":
        r = not s.players[res.controller].hand
    elif k == "your_turn":
        r = s.active == res.controller
    elif k == "cast_during_your_main_phase":
        r = res.event.get("cast_step") in ("main1", "main2") and res.event.get("cast_turn_of") == res.controller
    elif k == "source_tapped":
        o = res.source_object()
        r = bool(o and o.tapped)
    elif k == "target_is":
        ids = res.objects(Ref("target", c.value))
        r = any(matches_ch(s, s.objects[i], characteristics(s, i), c.filter, res.controller, res.source_id) for i in ids)
    elif k == "event_matches":
        info = res.event.get("was") or {}
        r = _info_matches(info, c.filter, res.controller)
    else:
        r = _EXTRA_CONDITIONS[k](res, c)
    return (not r) if c.negate else r


_EXTRA_CONDITIONS: dict[str, Callable[[Resolution, Condition], bool]] = {}


def _info_matches(info: dict[str, Any], flt: Filter | None, controller: int) -> bool:
    if flt is None:
        return True
    if flt.types and not (flt.types & set(info.get("types", ()))):
        return False
    if flt.not_types and (flt.not_types & set(info.get("types", ()))):
        return False
    if flt.token is not None and bool(info.get("token")) != flt.token:
        return False
    if flt.controller == "you" and info.get("controller") != controller:
        return False
    if flt.controller == "opponent" and info.get("controller") == controller:
        return False
    return True


def run_effects(res: Resolution, effects: tuple[Effect, ...], start: int = 0,
                on_progress: Callable[[int], None] | None = None, offsets: tuple[int, ...] = ()) -> None:
    """Carries out the effects from `start`; `offsets[i]` is where effect i's targets begin among
    the spell's (its mode's first target, for a modal spell with several modes chosen)."""
    for i in range(start, len(effects)):
        if on_progress is not None:
            on_progress(i)
        res.prefix = f"{i}."
        res.target_offset = offsets[i] if offsets else 0
        HANDLERS[type(effects[i])](res, effects[i])


# ---------------------------------------------------------------- handlers

@handles(DealDamage)
def _deal_damage(res: Resolution, e: DealDamage) -> None:
    src = res.source()
    recipients = res.resolve_ref(e.to)
    if e.divided and res.divide:
        for r in recipients:
            deal_damage(res.game, src, r, res.divide.get(str(r), 0))
        return
    n = res.amount(e.amount)
    for r in recipients:
        deal_damage(res.game, src, r, n)


@handles(Destroy)
def _destroy(res: Resolution, e: Destroy) -> None:
    from engine.replacement import replacement_sources_last
    with zones.simultaneously(res.game):
        for oid in replacement_sources_last(res.game, res.objects(e.what)):
            destroy(res.game, oid, regenerate=not e.no_regenerate)


def destroy(game: "Game", oid: int, regenerate: bool = True) -> bool:
    """701.8: destroy = put into its owner's graveyard; indestructible (702.12b) and regeneration
    (701.19) can stop it."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD:
        return False
    ch = characteristics(s, oid)
    if ch.has("indestructible"):
        return False
    if regenerate and o.regen_shields > 0:
        regenerate_permanent(game, oid)
        return False
    from engine.replacement import would_die
    if would_die(game, oid):
        return False
    zones.move(game, oid, Zone.GRAVEYARD, cause="destroy")
    return True


def regenerate_permanent(game: "Game", oid: int) -> None:
    """701.19b: the next time it would be destroyed, instead tap it, remove all damage from it and
    remove it from combat."""
    o = game.state.objects[oid]
    o.regen_shields -= 1
    o.tapped = True
    o.damage = 0
    o.deathtouch_damage = False
    zones.remove_from_combat(game, oid)
    game.emit(Event("regenerate", {"object": oid}, f"{characteristics(game.state, oid).name} regenerates"))


@handles(ExileEffect)
def _exile(res: Resolution, e: ExileEffect) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.EXILE, cause="exile")


@handles(ReturnToHand)
def _bounce(res: Resolution, e: ReturnToHand) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.HAND, cause="bounce")


@handles(PutOnLibrary)
def _put_on_library(res: Resolution, e: PutOnLibrary) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.LIBRARY, top=e.top, cause="library")


@handles(CounterSpell)
def _counter(res: Resolution, e: CounterSpell) -> None:
    for oid in res.objects(e.what):
        o = res.state.objects.get(oid)
        if o is None or o.zone is not Zone.STACK:
            continue
        if e.unless_pay is not None or e.unless_x:
            # 107.3: an {X} in the cost to pay is the X chosen for this spell.
            cost = e.unless_pay.with_x(res.x) if e.unless_pay is not None else ManaCost((str(res.x),) if res.x else ())
            from engine.costs import can_pay_mana, pay_mana_auto
            payer = o.controller
            if can_pay_mana(res.game, payer, cost) and not cost.is_empty():
                if res.ask_yes_no(f"unless{oid}", payer, f"Pay {cost} so that {o.name} isn't countered?"):
                    pay_mana_auto(res.game, payer, cost)
                    continue
            elif cost.is_empty():
                continue
        counter_object(res.game, oid, e.to)


def counter_object(game: "Game", oid: int, to: str = "graveyard") -> None:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    o = game.state.objects[oid]
    name = characteristics(game.state, oid).name
    game.emit(Event("countered", {"object": oid}, f"{name} is countered"))
    if o.is_ability or (o.stack is not None and o.stack.is_copy):
        zones.move(game, oid, Zone.GRAVEYARD, cause="counter")
        return
    dest = {"graveyard": Zone.GRAVEYARD, "hand": Zone.HAND, "exile": Zone.EXILE, "library": Zone.LIBRARY}[to]
    if o.stack is not None and o.stack.alt == "flashback":
        dest = Zone.EXILE   # 702.34a: a flashed-back spell is exiled wherever it would go
    zones.move(game, oid, dest, cause="counter")


@handles(Draw)
def _draw(res: Resolution, e: Draw) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        zones.draw(res.game, p, n)


@handles(Discard)
def _discard(res: Resolution, e: Discard) -> None:
    s = res.state
    # Every player's choice is made before any card is discarded (the handler may be re-entered).
    plan: list[int] = []
    for p in res.players(e.who):
        hand = list(s.players[p].hand)
        if e.filter is not None:
            hand = [h for h in hand if matches_ch(s, s.objects[h], characteristics(s, h), e.filter, res.controller, None)]
        n = res.amount(e.amount)
        if n >= 99:
            chosen = hand
        elif e.random:
            key = res.prefix + f"random{p}"
            if key not in res.answers:
                pool = list(hand)
                res.answers[key] = [pool.pop(s.rng.below(len(pool))) for _ in range(min(n, len(pool)))]
            chosen = res.answers[key]
        else:
            chooser = res.controller if e.chooser == "you" else p
            k = min(n, len(hand))
            chosen = res.ask(f"discard{p}", chooser, f"Choose {k} card{'s' if k != 1 else ''} to discard",
                             hand, k, k, "discard")
        plan.extend(chosen)
    for oid in plan:
        if oid in s.objects:
            discard(res.game, oid)


def discard(game: "Game", oid: int) -> None:
    o = game.state.objects[oid]
    name = characteristics(game.state, oid).name
    zones.move(game, oid, Zone.GRAVEYARD, cause="discard")
    game.emit(Event("discard", {"player": o.owner, "name": name},
                    f"{game.state.players[o.owner].name} discards {name}"))


@handles(GainLife)
def _gain(res: Resolution, e: GainLife) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        gain_life(res.game, p, n)


@handles(LoseLife)
def _lose(res: Resolution, e: LoseLife) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        lose_life(res.game, p, n)


def add_effect(game: "Game", res: Resolution | None, affected: list[int] | None, params: dict[str, Any],
               duration: str, controller: int | None = None, source_id: int | None = None) -> None:
    from engine.state import ContinuousEffect
    s = game.state
    # 611.2c / 400.7: the affected objects are locked in; an object that changes zones is a new
    # object the effect doesn't apply to, so objects are named by id, not by physical card.
    cards = None if affected is None else [o for o in affected if o in s.objects]
    eff = ContinuousEffect(s.new_id(), source_id if res is None else res.source_id,
                           None if res is None else res.source_card_id,
                           controller if res is None else res.controller, params, cards, duration,
                           s.new_timestamp())
    s.effects.append(eff)
    s.invalidate()


@handles(Pump)
def _pump(res: Resolution, e: Pump) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    p, t = res.amount(e.power), res.amount(e.toughness)
    # 611.2c: the set of affected objects is locked in as the effect begins.
    add_effect(res.game, res, ids, {"kind": "pump", "power": p, "toughness": t}, e.duration)


@handles(Grant)
def _grant(res: Resolution, e: Grant) -> None:
    ids = res.objects(e.what)
    if ids:
        add_effect(res.game, res, ids, {"kind": "grant", "keywords": list(e.keywords)}, e.duration)


@handles(ApplyContinuous)
def _apply_continuous(res: Resolution, e: ApplyContinuous) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    params = dict(e.params)
    if params.get("kind") == "control" and "player" not in params:
        params["player"] = res.controller
    add_effect(res.game, res, ids, params, e.duration)
    if params.get("kind") == "control":
        from engine.sba import sync_control
        sync_control(res.game)


@handles(TapEffect)
def _tap(res: Resolution, e: TapEffect) -> None:
    for oid in res.objects(e.what):
        set_tapped(res.game, oid, not e.untap)


def set_tapped(game: "Game", oid: int, tapped: bool) -> None:
    o = game.state.objects[oid]
    if o.tapped == tapped:
        return
    o.tapped = tapped
    game.emit(Event("tap" if tapped else "untap", {"object": oid},
                    f"{characteristics(game.state, oid).name} {'taps' if tapped else 'untaps'}"))


@handles(Sacrifice)
def _sacrifice(res: Resolution, e: Sacrifice) -> None:
    s = res.state
    plan: list[int] = []
    for p in res.players(e.who):
        mine = [o for o in s.battlefield if s.objects[o].controller == p and
                matches_ch(s, s.objects[o], characteristics(s, o), e.filter, p, None)]
        n = min(res.amount(e.amount), len(mine))
        plan.extend(res.ask(f"sac{p}", p, f"Choose {n} to sacrifice", mine, n, n, "sacrifice"))
    for oid in plan:
        if oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD:
            sacrifice(res.game, oid)


def sacrifice(game: "Game", oid: int) -> None:
    """701.21a: its controller moves it to its owner's graveyard; not destruction."""
    zones.move(game, oid, Zone.GRAVEYARD, cause="sacrifice")


@handles(AddMana)
def _add_mana(res: Resolution, e: AddMana) -> None:
    n = res.amount(e.amount)
    if e.choice:
        pick = res.ask("mana", res.controller, "Choose the mana to add", list(e.choice), 1, 1, "mana")
        letters = pick[0] * n
    elif "A" in e.mana:
        color = res.ask("color", res.controller, "Choose a color", ["white", "blue", "black", "red", "green"],
                        1, 1, "color")
        from engine.enums import WORD_COLORS
        letters = e.mana.replace("A", WORD_COLORS[color[0]].value) * n
    else:
        letters = e.mana * n
    add_mana(res.game, res.controller, letters)


def add_mana(game: "Game", player: int, letters: str) -> None:
    pool = game.state.players[player].mana_pool
    for ch in letters:
        pool[ch] += 1
    game.emit(Event("mana", {"player": player, "mana": letters},
                    f"{game.state.players[player].name} adds {''.join('{'+c+'}' for c in letters)}"))


@handles(CreateTokens)
def _create_tokens(res: Resolution, e: CreateTokens) -> None:
    n = res.amount(e.amount)
    spec = dict(e.spec)
    players = res.players(e.who)
    attacking: Any = None
    if e.attacking:
        from engine.combat import choose_attack_for_entering
        attacking = choose_attack_for_entering(res, players)
    for p in players:
        for _ in range(n):
            oid = create_token(res.game, spec, p, tapped=e.tapped)
            res.created.append(oid)
            if attacking is not None and p == res.state.active:
                from engine.combat import enter_attacking
                enter_attacking(res.game, oid, attacking)


def create_token(game: "Game", spec: dict[str, Any], controller: int, tapped: bool = False,
                 copy_of: str | None = None) -> int:
    """111.2: the player who creates a token is its owner and controller. `copy_of`: the token is a
    copy of a permanent (707.2), its copiable values set before it enters."""
    o = zones.create_object(game, spec["name"], controller, Zone.BATTLEFIELD, token=spec)
    o.copy_of = copy_of
    o.tapped = tapped
    o.sick = True
    from engine.replacement import entered_battlefield
    entered_battlefield(game, o.id)
    game.emit(Event("zone_change", {"object": o.id, "old": None, "card_id": o.card_id, "from": None,
                                    "to": "battlefield", "owner": controller, "controller": controller,
                                    "name": spec["name"], "was": None, "cause": "token"},
                    f"{game.state.players[controller].name} creates a {spec['name']}"))
    return o.id


@handles(PutCounters)
def _put_counters(res: Resolution, e: PutCounters) -> None:
    n = res.amount(e.amount)
    for oid in res.objects(e.what):
        add_counters(res.game, oid, e.kind, n)


@handles(Mill)
def _mill(res: Resolution, e: Mill) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        zones.mill(res.game, p, n)


@handles(Conditional)
def _conditional(res: Resolution, e: Conditional) -> None:
    branch = e.then if check_condition(res, e.condition) else e.otherwise
    prefix = res.prefix
    for i, sub in enumerate(branch):
        res.prefix = f"{prefix}c{i}."
        HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


@handles(MayDo)
def _may(res: Resolution, e: MayDo) -> None:
    who = res.players(e.who)
    player = who[0] if who else res.controller
    if not res.ask_yes_no("may", player, e.prompt or "Do it?"):
        return
    prefix = res.prefix
    for i, sub in enumerate(e.effects):
        res.prefix = f"{prefix}m{i}."
        HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


# ---------------------------------------------------------------- hooks read by other modules

DamageModifier = Callable[["Game", dict[str, Any], Any, int, bool], int]
_DAMAGE_MODIFIERS: list[Callable[["Game"], list[DamageModifier]]] = []


def damage_modifiers(game: "Game") -> list[DamageModifier]:
    out: list[DamageModifier] = []
    for provider in _DAMAGE_MODIFIERS:
        out.extend(provider(game))
    return out


def player_has_hexproof(game: "Game", player: int) -> bool:
    return False


def player_cant_lose(game: "Game", player: int) -> bool:
    """ "You can't lose the game" (Platinum Angel) — read from static abilities on the battlefield."""
    s = game.state
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != player:
            continue
        for st in characteristics(s, oid).static:
            if st.kind == "cant_lose":
                return True
    return False
