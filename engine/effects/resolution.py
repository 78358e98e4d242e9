"""Effects: the instructions a resolving spell or ability carries out (608.2c-h, 609, 701).

Each effect is a frozen dataclass; its handler, registered with @handles, carries it out. A handler
that needs a choice calls `res.ask(...)`: if the answer is already known it is returned, otherwise
NeedDecision stops the resolution, the engine asks the player, and the resolution resumes at the same
effect with the answer. So a handler makes all its choices before it changes anything.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from engine.core.abilities import (Amount, Condition, Effect, Filter, Ref, SELF, TargetSpec, TARGET0, YOU)
from engine.board.damage import add_counters, deal_damage, gain_life, lose_life, remove_counters, source_info
from engine.core.objects import is_player_ref, player_index
from engine.core.enums import DecisionKind, Zone
from engine.core.events import Event
from engine.query.layers import characteristics, matches_ch
from engine.core import hooks
from engine.core.mana import ManaCost
from engine.core.state import Decision
from engine.board import zones
from engine.core.effect_types import (AddMana, ApplyContinuous, Conditional, CounterSpell, CreateTokens,
                                      DealDamage, Destroy, Discard, Draw, ExileEffect, GainLife, Grant,
                                      LoseLife, MayDo, Mill, Pump, PutCounters, PutOnLibrary, ReturnToHand,
                                      Sacrifice, TapEffect)
from engine.core.state import NeedDecision
from engine.query.targets import attack_targets
from engine.query.amounts import EvalContext, check_condition

if TYPE_CHECKING:
    from engine.game import Game



class Resolution(EvalContext):
    """Everything an effect needs while a spell or ability resolves (608.2): the evaluation context plus
    the game it changes and the choices it asks for."""

    def __init__(self, game: "Game", *, controller: int, source_id: int | None, source_card_id: int | None,
                 source_name: str, targets: list[list[Any]], target_specs: list[TargetSpec],
                 x: int = 0, kicked: bool = False, event: dict[str, Any] | None = None,
                 answers: dict[str, Any] | None = None, stack_id: int | None = None,
                 divide: dict[str, int] | None = None, source_lki: dict[str, Any] | None = None,
                 legal: list[list[bool]] | None = None) -> None:
        super().__init__(game.state, controller=controller, source_id=source_id, source_card_id=source_card_id,
                         source_name=source_name, targets=targets, target_specs=target_specs, x=x, kicked=kicked,
                         event=event, answers=answers, stack_id=stack_id, divide=divide, source_lki=source_lki,
                         legal=legal)
        self.game = game
        self.events_start = len(game.events)    # this resolution's events (400.7j finds moved objects)

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


def run_effects(res: Resolution, effects: tuple[Effect, ...], start: int = 0,
                on_progress: Callable[[int], None] | None = None, offsets: tuple[int, ...] = ()) -> None:
    """Carries out the effects from `start`; `offsets[i]` is where effect i's targets begin among
    the spell's (its mode's first target, for a modal spell with several modes chosen)."""
    for i in range(start, len(effects)):
        if on_progress is not None:
            on_progress(i)
        res.prefix = f"{i}."
        res.target_offset = offsets[i] if offsets else 0
        hooks.HANDLERS[type(effects[i])](res, effects[i])


# ---------------------------------------------------------------- handlers

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


def _destroy(res: Resolution, e: Destroy) -> None:
    from engine.board.replacement import replacement_sources_last
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
    from engine.board.replacement import would_die
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


def _exile(res: Resolution, e: ExileEffect) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.EXILE, cause="exile")


def _bounce(res: Resolution, e: ReturnToHand) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.HAND, cause="bounce")


def _put_on_library(res: Resolution, e: PutOnLibrary) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.LIBRARY, top=e.top, cause="library")


def _counter(res: Resolution, e: CounterSpell) -> None:
    for oid in res.objects(e.what):
        o = res.state.objects.get(oid)
        if o is None or o.zone is not Zone.STACK:
            continue
        if e.unless_pay is not None or e.unless_x:
            cost = e.unless_pay if e.unless_pay is not None else ManaCost((str(res.x),) if res.x else ())
            from engine.effects.payment import can_pay_mana, pay_mana_auto
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


def _draw(res: Resolution, e: Draw) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        zones.draw(res.game, p, n)


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


def _gain(res: Resolution, e: GainLife) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        gain_life(res.game, p, n)


def _lose(res: Resolution, e: LoseLife) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        lose_life(res.game, p, n)


def add_effect(game: "Game", res: Resolution | None, affected: list[int] | None, params: dict[str, Any],
               duration: str, controller: int | None = None, source_id: int | None = None) -> None:
    from engine.core.state import ContinuousEffect
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


def _pump(res: Resolution, e: Pump) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    p, t = res.amount(e.power), res.amount(e.toughness)
    # 611.2c: the set of affected objects is locked in as the effect begins.
    add_effect(res.game, res, ids, {"kind": "pump", "power": p, "toughness": t}, e.duration)


def _grant(res: Resolution, e: Grant) -> None:
    ids = res.objects(e.what)
    if ids:
        add_effect(res.game, res, ids, {"kind": "grant", "keywords": list(e.keywords)}, e.duration)


def _apply_continuous(res: Resolution, e: ApplyContinuous) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    params = dict(e.params)
    if params.get("kind") == "control" and "player" not in params:
        params["player"] = res.controller
    add_effect(res.game, res, ids, params, e.duration)
    if params.get("kind") == "control":
        from engine.board.zones import sync_control
        sync_control(res.game)


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


def _add_mana(res: Resolution, e: AddMana) -> None:
    n = res.amount(e.amount)
    if e.choice:
        pick = res.ask("mana", res.controller, "Choose the mana to add", list(e.choice), 1, 1, "mana")
        letters = pick[0] * n
    elif "A" in e.mana:
        color = res.ask("color", res.controller, "Choose a color", ["white", "blue", "black", "red", "green"],
                        1, 1, "color")
        from engine.core.enums import WORD_COLORS
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


def _create_tokens(res: Resolution, e: CreateTokens) -> None:
    n = res.amount(e.amount)
    spec = dict(e.spec)
    players = res.players(e.who)
    attacking: Any = None
    if e.attacking:
        attacking = choose_attack_for_entering(res, players)
    for p in players:
        for _ in range(n):
            oid = create_token(res.game, spec, p, tapped=e.tapped)
            res.created.append(oid)
            if attacking is not None and p == res.state.active:
                from engine.board.zones import enter_attacking
                enter_attacking(res.game, oid, attacking)


def create_token(game: "Game", spec: dict[str, Any], controller: int, tapped: bool = False,
                 copy_of: str | None = None) -> int:
    """111.2: the player who creates a token is its owner and controller. `copy_of`: the token is a
    copy of a permanent (707.2), its copiable values set before it enters."""
    o = zones.create_object(game, spec["name"], controller, Zone.BATTLEFIELD, token=spec)
    o.copy_of = copy_of
    o.tapped = tapped
    o.sick = True
    from engine.board.replacement import entered_battlefield
    entered_battlefield(game, o.id)
    game.emit(Event("zone_change", {"object": o.id, "old": None, "card_id": o.card_id, "from": None,
                                    "to": "battlefield", "owner": controller, "controller": controller,
                                    "name": spec["name"], "was": None, "cause": "token"},
                    f"{game.state.players[controller].name} creates a {spec['name']}"))
    return o.id


def _put_counters(res: Resolution, e: PutCounters) -> None:
    n = res.amount(e.amount)
    for oid in res.objects(e.what):
        add_counters(res.game, oid, e.kind, n)


def _mill(res: Resolution, e: Mill) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        zones.mill(res.game, p, n)


def _conditional(res: Resolution, e: Conditional) -> None:
    branch = e.then if check_condition(res, e.condition) else e.otherwise
    prefix = res.prefix
    for i, sub in enumerate(branch):
        res.prefix = f"{prefix}c{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


def _may(res: Resolution, e: MayDo) -> None:
    who = res.players(e.who)
    player = who[0] if who else res.controller
    if not res.ask_yes_no("may", player, e.prompt or "Do it?"):
        return
    prefix = res.prefix
    for i, sub in enumerate(e.effects):
        res.prefix = f"{prefix}m{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


# ---------------------------------------------------------------- hooks read by other modules


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


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    DealDamage: _deal_damage,
    Destroy: _destroy,
    ExileEffect: _exile,
    ReturnToHand: _bounce,
    PutOnLibrary: _put_on_library,
    CounterSpell: _counter,
    Draw: _draw,
    Discard: _discard,
    GainLife: _gain,
    LoseLife: _lose,
    Pump: _pump,
    Grant: _grant,
    ApplyContinuous: _apply_continuous,
    TapEffect: _tap,
    Sacrifice: _sacrifice,
    AddMana: _add_mana,
    CreateTokens: _create_tokens,
    PutCounters: _put_counters,
    Mill: _mill,
    Conditional: _conditional,
    MayDo: _may,
}


def choose_attack_for_entering(res, players: list[int]) -> Any:
    """508.4: a creature put onto the battlefield attacking attacks the defending player or a
    planeswalker they control, as its controller chooses. None outside combat (no attack then)."""
    s = res.state
    c = s.combat
    if c is None or not c.attackers_declared or s.active not in players:
        return None
    options = attack_targets(res.game)
    if s.players[c.defending_player].lost:
        return None                        # 508.4a: that player left the game
    return res.ask("attacking", s.active, "Choose what the new attacking creature attacks", options, 1, 1,
                   "attack_target")[0]
