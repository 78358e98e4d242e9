"""Keyword actions and small permanent effects the Oracle compiler emits (701): fight (701.14),
regenerate (701.19), attach (701.3), "tap or untap", "can't be regenerated", returning a card to the
battlefield, proliferate (701.34), goad (701.15), populate (701.36), monstrosity's designation (701.37),
bolster (701.39), explore (701.44), amass (701.47), connive (701.50), removing a counter (vanishing and
fading), "unless you pay" (echo, cumulative upkeep)."""
from __future__ import annotations


from engine.core import hooks
from engine.board.damage import (add_counters, add_poison, can_gain_life, counters_to_put, change_energy, deal_damage, gain_life,
                                 lose_life, remove_counters, source_info)
from engine.effects.resolution import Resolution
from engine.board.primitives import (add_effect, attach, copiable_key, create_tokens, discard, sacrifice, unattach,
                                     set_tapped, tokens_to_create)
from engine.core.abilities import Amount, Condition, instances_in
from engine.core.cards import card_def
from engine.core.enums import COLOR_WORDS, Zone
from engine.core.mana import ManaCost
from engine.core.events import Event
from engine.query.amounts import SACRIFICED, check_condition
from engine.query.layers import characteristics, matches_ch, paired_partner
from engine.query.targets import can_attach
from engine.board.replacement import entered_battlefield
from engine.effects.entering import attached_on_entering, enchanted_on_entering, enter_choices, value_options
from engine.board import zones
from engine.core.effect_types import (Amass, BecomeMonarch, Bolster, Connive, Designate, Explore, Goad, Manifest, MoveCounter,
                                      PutCountersOf,
                                      Populate,
                                      RemoveCounter, Attach, AttachElsewhere, BecomeBlocked, CantBeRegenerated, ChooseMode, DealDamageBy, ExileFromGraveyard, ExileGraveyards,
                                      ExchangeControl, ExchangeLife, ExileLinked, ExileUntilLeaves, Fight, PhaseOut, FlipCoin, Repeat, RepeatProcess, RollDie, ChooseValue, UnlessDiscard, GetEnergy, GetPoison, GrantKeywordChoice, Learn,
                                      Champion, Exploit, Haunt, Myriad, Pair, Suspect, Unattach, Vote, GrantProtectionChoice, MayPay, PAYING_PLAYER,
                                      Proliferate, PutOntoBattlefield, Regenerate, ReturnChosen, ChooseObjects, ChooseOpponent, ReturnLinked,
                                      SacrificeObjects, SacrificeSelf, SetLifeTotal, TapOrUntap)
from engine.effects.basic import choose_attack_for_entering
from engine.effects.card_faces import TRANSFORMING_LAYOUTS
from engine.effects.delayed_triggers import followed_objects
from engine.effects.payment import can_pay_mana, pay_mana_auto


def _phase_out(res: Resolution, e: PhaseOut) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.battlefield:      # 702.26h: not again if it already went indirectly
            zones.phase_out(res.game, oid)


def _fight(res: Resolution, e: Fight) -> None:
    a = res.objects(e.first)
    b = res.objects(e.second)
    # 701.14b: if either creature is no longer on the battlefield or isn't a creature, no damage.
    if not a or not b:
        return
    x, y = a[0], b[0]
    s = res.state
    if s.objects[x].zone is not Zone.BATTLEFIELD or s.objects[y].zone is not Zone.BATTLEFIELD:
        return
    cx, cy = characteristics(s, x), characteristics(s, y)
    if not (cx.is_creature and cy.is_creature):
        return
    px, py = cx.power or 0, cy.power or 0
    sx, sy = source_info(res.game, x), source_info(res.game, y)
    deal_damage(res.game, sx, y, px)
    deal_damage(res.game, sy, x, py)


def _become_blocked(res: Resolution, e: BecomeBlocked) -> None:
    """509.1h: the attacking creature is blocked, with no blocker; it assigns no combat damage unless something lets
    it (510.1a, 702.19e), and "whenever ~ becomes blocked" triggers."""
    c = res.state.combat
    if c is None or not c.blockers_declared:
        return
    for oid in res.objects(e.what):
        if oid in c.attackers and not c.blocked.get(oid):
            c.blocked[oid] = True
            res.state.invalidate()
            res.game.emit(Event("blocked", {"object": oid, "blockers": []},
                                f"{characteristics(res.state, oid).name} becomes blocked"))


def _deal_damage_by(res: Resolution, e: DealDamageBy) -> None:
    src = [o for o in res.objects(e.source) if res.state.objects[o].zone is Zone.BATTLEFIELD]
    if e.each_own:
        # each source its own power (or toughness), one after another as the text says (120.3; 107.1b: none if below 1)
        for o in src:
            n = getattr(characteristics(res.state, o), e.each_own) or 0
            for r in res.resolve_ref(e.to):
                deal_damage(res.game, source_info(res.game, o), r, max(0, n))
        return
    if src:
        info = source_info(res.game, src[0])
    else:
        # A target that left is no source (608.2b); the object of the event or the creature the source was attached
        # to deals the damage as it last existed (608.2h)
        was = None if e.source.kind == "target" else res.last_known(e.source)
        if was is None:
            return
        info = was
    n = res.amount(e.amount)
    for r in res.resolve_ref(e.to):
        deal_damage(res.game, info, r, n)


def _no_regen_marked(res: Resolution, oid: int) -> bool:
    return any(e.params.get("kind") == "cant_regenerate" and e.affected and oid in e.affected
               for e in res.state.effects)


def _regenerate(res: Resolution, e: Regenerate) -> None:
    for oid in res.objects(e.what):
        if _no_regen_marked(res, oid):
            continue
        o = res.state.objects[oid]
        o.regen_shields += 1
        res.game.emit(Event("regeneration_shield", {"object": oid},
                            f"{characteristics(res.state, oid).name} gets a regeneration shield"))


def _cant_regen(res: Resolution, e: CantBeRegenerated) -> None:
    ids = [o for o in res.objects(e.what) if res.state.objects[o].zone is Zone.BATTLEFIELD]
    if e.damaged:
        # "dealt damage this way": damage prevented (615) or never dealt leaves the creature out
        dealt = {ev.data["target"] for ev in res.game.events[res.events_start:]
                 if ev.kind == "damage" and ev.data.get("amount", 0) > 0}
        ids = [o for o in ids if o in dealt]
    for oid in ids:
        res.state.objects[oid].regen_shields = 0
    if ids:
        add_effect(res.game, res, ids, {"kind": "cant_regenerate"}, "end_of_turn")


def _attach(res: Resolution, e: Attach) -> None:
    """701.3b: an Aura or Equipment that can't be attached to the object doesn't move, and one already attached to it
    stays as it is (no new timestamp, 701.3c)."""
    to = res.objects(e.to)
    if not to:
        return
    for oid in res.objects(e.what):
        if res.state.objects[oid].attached_to != to[0] and can_attach(res.game, oid, to[0]):
            attach(res.game, oid, to[0])


def _attach_elsewhere(res: Resolution, e: AttachElsewhere) -> None:
    """701.3a-b: the Auras or Equipment named move onto one other object of the kind, chosen now, that each of them could
    be attached to; with no such object, none of them moves."""
    s = res.state
    moving = [oid for oid in res.objects(e.what) if s.objects[oid].zone is Zone.BATTLEFIELD]
    hosts = {s.objects[oid].attached_to for oid in moving}
    if not moving or len(hosts) != 1 or not isinstance(next(iter(hosts)), int):
        return
    host = next(iter(hosts))
    owner_of_host = s.objects[host].controller if host in s.objects else None
    options = [oid for oid in s.battlefield if oid != host and oid not in moving
               and matches_ch(s, s.objects[oid], characteristics(s, oid), e.to, res.controller, res.source_id)
               and (not e.same_controller or s.objects[oid].controller == owner_of_host)
               and all(can_attach(res.game, a, oid) for a in moving)]
    pick = res.ask("attach_elsewhere", res.controller, "Choose what to attach it to", options, 1, 1, "attach")
    if pick and pick[0] in s.objects:
        for oid in moving:
            attach(res.game, oid, pick[0])


def _unattach(res: Resolution, e: Unattach) -> None:
    for oid in res.objects(e.what):
        unattach(res.game, oid)


def _tap_or_untap(res: Resolution, e: TapOrUntap) -> None:
    for oid in res.objects(e.what):
        pick = res.ask(f"tap{oid}", res.controller, f"Tap or untap {characteristics(res.state, oid).name}?",
                       ["tap", "untap"], 1, 1, "tap_or_untap", {"object": oid})
        set_tapped(res.game, oid, pick[0] == "tap")


def _sacrifice_self(res: Resolution, e: SacrificeSelf) -> None:
    o = res.source_object()
    if o is not None and o.zone is Zone.BATTLEFIELD and o.controller == res.controller:
        sacrifice(res.game, o.id)


def _sacrifice_objects(res: Resolution, e: SacrificeObjects) -> None:
    s = res.state
    sacrificed: list[int] = []
    for oid in res.objects(e.what):
        o = s.objects.get(oid)
        if o is not None and o.zone is Zone.BATTLEFIELD and (e.by_controller or o.controller == res.controller):
            sacrifice(res.game, oid)
            sacrificed.append(oid)
    res.answers[SACRIFICED] = sacrificed       # "..., then create that many tokens" (sacrificed_this_way)
    if sacrificed:
        # 603.12: "When you do, ...": the reflexive ability is created (it asks nothing as it is created)
        for sub in e.then:
            hooks.HANDLERS[type(sub)](res, sub)


def _put_onto_battlefield(res: Resolution, e: PutOntoBattlefield) -> None:
    s = res.state
    # 508.4: what a creature put onto the battlefield attacking attacks, as its controller chooses (none outside combat)
    attack = choose_attack_for_entering(res, [res.controller]) if e.attacking and e.under == "you" else None
    # 400.7j: "exile it, then return that card": the card is found where this effect put it.
    for oid in followed_objects(res, e.what):
        o = s.objects.get(oid)
        if o is None or o.zone in (Zone.BATTLEFIELD, Zone.STACK):
            continue
        face = o.face
        if e.transformed:
            d = card_def(o.name)
            if d.layout not in TRANSFORMING_LAYOUTS or len(d.faces) < 2 or o.token is not None:
                continue        # 712.14a: a card that isn't double-faced stays in its zone
            s.writable(oid).face = 2
        controller = res.controller if e.under == "you" else o.owner
        enters, attach_to = attached_on_entering(res, oid, e.attach_to, controller) if e.attach_to else \
            enchanted_on_entering(res, oid, controller)
        if not enters:
            if e.transformed:
                s.writable(oid).face = face         # it stays where it is, as it was
            continue
        entering = enter_choices(res, oid, controller)
        new = zones.move(res.game, oid, Zone.BATTLEFIELD, controller=controller, tapped=e.tapped, cause="put",
                         copy_of=entering.get("copy_of"), chosen=dict(entering.get("chosen") or {}, **dict(e.marks)))
        if new is not None and attach_to is not None:
            s.objects[new].attached_to = attach_to
            s.invalidate()
        if new is not None:
            # 614.1c: it enters with the counters, not getting them afterwards.
            for kind, n in e.counters:
                s.objects[new].counters[kind] = s.objects[new].counters.get(kind, 0) + counters_to_put(
                    res.game, new, kind, n)
            if e.counters:
                s.invalidate()      # its characteristics may have been read as it moved
            entered_battlefield(res.game, new)
            if attack is not None and new in s.battlefield and s.objects[new].controller == res.controller \
                    and characteristics(s, new).is_creature:
                zones.enter_attacking(res.game, new, attack)


def _exile_linked(res: Resolution, e: ExileLinked) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            _exile_for_link(res, oid)


def _exile_for_link(res: Resolution, oid: int) -> None:
    new = zones.move(res.game, oid, Zone.EXILE, cause="exile")
    if new is not None:
        # The exiled card remembers which card exiled it: the link survives the source leaving (607.2a).
        res.state.objects[new].chosen["exiled_by"] = res.source_card_id


def _exile_until_leaves(res: Resolution, e: ExileUntilLeaves) -> None:
    source = res.source_object()
    if source is None or source.zone is not Zone.BATTLEFIELD:
        return                      # 610.3c: the source already left, nothing is exiled
    for oid in res.objects(e.what):
        if oid not in res.state.objects:
            continue
        was = res.state.objects[oid].zone
        new = zones.move(res.game, oid, Zone.EXILE, cause="exile")
        if new is not None:
            # the permanent (this object, 400.7) whose leaving returns the card, and the zone it returns to
            # (610.3): engine.rules.sba
            res.state.writable(new).chosen.update(exiled_until=source.id, exiled_from=was.value)


def _return_linked(res: Resolution, e: ReturnLinked) -> None:
    s = res.state
    cards = [oid for oid in s.exile if s.objects[oid].chosen.get("exiled_by") == res.source_card_id
             and matches_ch(s, s.objects[oid], characteristics(s, oid), e.filter, res.controller, res.source_id)]
    if e.chosen and cards:
        cards = res.ask("linked", res.controller, "Choose a card exiled with it", cards, 1, 1, "card")
    for oid in cards:
        if e.to == "hand":
            zones.move(res.game, oid, Zone.HAND, cause="return")      # its owner's hand (400.3)
            continue
        controller = res.controller if e.under == "you" else s.objects[oid].owner
        entering = enter_choices(res, oid, controller)
        entered_battlefield(res.game, zones.move(res.game, oid, Zone.BATTLEFIELD, controller=controller,
                                                 tapped=e.tapped, cause="return", copy_of=entering.get("copy_of"),
                                                 chosen=entering.get("chosen")))


def _may_pay(res: Resolution, e: MayPay) -> None:
    payers = res.players(e.payer) if e.payer is not None else [res.controller]
    if not payers:
        return
    if e.payer is not None and e.payer.kind == "each_player":
        # "unless any player pays {3}": each player in turn order from the active player may pay, until one does
        # (118.12; the Rhystic cards' rulings)
        payers = [p for p in res.state.apnap() if p in payers]
    else:
        payers = payers[:1]
    cost = e.cost.with_x(res.x)       # 107.3: the X chosen for this spell or ability
    unpayable = False
    if e.cost_of is not None:
        # "sacrifice ~ unless you pay its mana cost": its mana cost as it is now, X 0 off the stack (107.3h); no mana
        # cost at all (a land, a token) is a cost that can't be paid (118.6, 202.1b)
        found = [o for o in res.objects(e.cost_of) if o in res.state.objects]
        if not found:
            return
        cost = characteristics(res.state, found[0]).mana_cost.with_x(0)
        unpayable = not cost.symbols
    times = res.amount(e.times) if e.times is not None else 1
    cost, life = ManaCost(cost.symbols * times), e.life * times
    paid = res.prefix + "paid"
    branch, tag = e.then, "p"
    if paid not in res.answers:
        # Paid once: a resolution resumed for a later choice must not pay again.
        label = " and ".join(x for x in ((str(cost) if e.cost.symbols or not (e.energy or life) else "")
                                         + "{E}" * e.energy, f"{life} life" if life else "") if x)
        branch, tag = e.otherwise, "n"
        for i, p in enumerate(payers):
            # 119.4: life is paid only with that much life (paying 0 life always can be)
            if unpayable or not can_pay_mana(res.game, p, cost) or res.state.players[p].energy < e.energy \
                    or res.state.players[p].life < life or not res.ask_yes_no("pay" if i == 0 else f"pay{i}", p,
                                                                              e.prompt or f"Pay {label}?"):
                continue
            pay_mana_auto(res.game, p, cost, res)
            change_energy(res.game, p, -e.energy)      # 107.14
            lose_life(res.game, p, life, paid=True)
            res.answers[paid] = True
            res.answers[PAYING_PLAYER] = [f"P{p}"]
            branch, tag = e.then, "p"
            break
    _nested(res, branch, tag)


def _unless_discard(res: Resolution, e: UnlessDiscard) -> None:
    """118.12: discarding is a choice made as the effect resolves, possible only with such a card in hand."""
    s = res.state
    p = res.controller
    hand = [c for c in s.players[p].hand
            if matches_ch(s, s.objects[c], characteristics(s, c), e.filter, p, res.source_id)]
    key = res.prefix + "unless_discarded"
    if key not in res.answers:
        chosen: list = []
        if hand and e.random:
            if res.ask_yes_no("unless_discard", p, "Discard a card at random?"):
                chosen = [hand[s.rng.below(len(hand))]]
        elif hand:
            chosen = res.ask("unless_discard", p, "Choose a card to discard, or none", hand, 0, 1, "discard")
        if chosen and chosen[0] in s.players[p].hand:
            discard(res.game, chosen[0])
        res.answers[key] = bool(chosen)
    if not res.answers[key]:
        _nested(res, e.otherwise, "n")


def _learn(res: Resolution, e: Learn) -> None:
    """701.48a: the player may discard a card, and draws a card if they did. (No card outside the game: the
    engine keeps no sideboard to reveal a Lesson from.)"""
    p = res.controller
    hand = list(res.state.players[p].hand)
    chosen = res.ask("learn", p, "Learn: you may discard a card to draw a card", hand, 0, 1, "discard")
    discarded = res.prefix + "learn_discarded"
    if chosen and chosen[0] in res.state.players[p].hand and discarded not in res.answers:
        discard(res.game, chosen[0])
        res.answers[discarded] = [chosen[0]]
    if discarded in res.answers:
        res.draw("learn_draw", p, 1)     # may be resumed after a dredge choice (702.52a)


def _get_energy(res: Resolution, e: GetEnergy) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        change_energy(res.game, p, n)


def _get_poison(res: Resolution, e: GetPoison) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        add_poison(res.game, p, n)


def _flip_coin(res: Resolution, e: FlipCoin) -> None:
    """705.1-2: a flip is won or lost with equal likelihood, from the game's seeded generator. The
    result is kept with the resolution's answers so a resumed resolution sees the same flip."""
    who = res.players(e.who)
    if not who:
        return
    key = res.prefix + "coin"
    if key not in res.answers:
        won = res.state.rng.below(2) == 0
        res.answers[key] = won
        name = res.state.players[who[0]].name
        res.game.emit(Event("coin_flip", {"player": who[0], "won": won},
                            f"{name} {'wins' if won else 'loses'} the coin flip"))
    _nested(res, e.win if res.answers[key] else e.lose, "w" if res.answers[key] else "l")


def _roll_die(res: Resolution, e: RollDie) -> None:
    """706.1a-2: a die's outcomes from 1 to its sides are equally likely, from the game's seeded generator;
    the result is kept with the resolution's answers so a resumed resolution sees the same roll. The
    effects of the results table's line holding the result happen (706.3a), none if no line holds it."""
    who = res.players(e.who)
    if not who:
        return
    key = res.prefix + "die"
    if key not in res.answers:
        result = res.state.rng.below(e.sides) + 1
        res.answers[key] = result
        name = res.state.players[who[0]].name
        res.game.emit(Event("die_roll", {"player": who[0], "sides": e.sides, "result": result},
                            f"{name} rolls a d{e.sides}: {result}"))
    result = res.answers[key]
    for i, line in enumerate(e.table):
        if line.low <= result and (line.high is None or result <= line.high):
            _nested(res, line.effects, f"r{i}")
            return


def _nested(res: Resolution, effects: tuple, tag: str) -> None:
    """Carries out effects inside another effect, each with its own key prefix for the choices it asks."""
    prefix = res.prefix
    for i, sub in enumerate(effects):
        res.prefix = f"{prefix}{tag}{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


def _repeat(res: Resolution, e: Repeat) -> None:
    for k in range(max(0, res.amount(e.times))):
        _nested(res, e.effects, f"t{k}.")


def _repeat_process(res: Resolution, e: RepeatProcess) -> None:
    """ "..., then clash with an opponent. If you win, repeat this process.": the instructions carried out, then the
    condition checked on what they did this time (608.2c), and again while it holds. How far the process has gone
    (the time through it, the instructions done) is kept in the answers: a resolution resumed for a choice carries out
    nothing twice. Each time chooses anew what "chosen" objects its instructions name."""
    prefix = res.prefix
    key = prefix + "process"
    chosen_keys = {c.key for c in instances_in(e.effects, ChooseObjects)}
    while True:
        k, done = res.answers.get(key, [0, 0])
        if done == 0:
            res.answers.setdefault(f"{key}{k}.from", [len(res.all_zone_changes())])
        for i in range(done, len(e.effects)):
            res.prefix = f"{prefix}r{k}.{i}."
            hooks.HANDLERS[type(e.effects[i])](res, e.effects[i])
            res.answers[key] = [k, i + 1]
        res.prefix = f"{prefix}r{k}."
        res.changes_from = res.answers[f"{key}{k}.from"][0]
        again = check_condition(res, e.condition)
        res.changes_from = 0
        res.prefix = prefix
        if not again:
            return
        for c in chosen_keys:
            res.answers.pop(c, None)
        res.answers[key] = [k + 1, 0]


def _choose_mode(res: Resolution, e: ChooseMode) -> None:
    labels = list(e.labels) if len(e.labels) == len(e.modes) else [f"mode {i + 1}" for i in range(len(e.modes))]
    pick = res.ask("mode", res.controller, "Choose one", labels, 1, 1, "mode")[0]
    _nested(res, e.modes[labels.index(pick)], "o")


def _grant_keyword_choice(res: Resolution, e: GrantKeywordChoice) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    pick = res.ask("keyword", res.controller, f"Choose the ability it {'loses' if e.lose else 'gains'}",
                   [k.text for k in e.keywords], 1, 1, "keyword")
    if e.lose:
        add_effect(res.game, res, ids, {"kind": "lose_keyword", "keywords": (pick[0],)}, e.duration)
    else:
        add_effect(res.game, res, ids, {"kind": "grant", "keywords": [pick[0]]}, e.duration)


def _choose_value(res: Resolution, e: ChooseValue) -> None:
    """608.2d: the choice is made as the spell resolves; the spell keeps it for "the chosen color"."""
    options = value_options(res.state, e.what, res.controller, e.kinds)
    pick = res.ask(f"choose_{e.what}", res.controller, f"Choose a {e.what.replace('_', ' ')}", options, 1, 1,
                   e.what)[0]
    if e.what == "color":
        pick = {w: c.value for c, w in COLOR_WORDS.items()}[pick]
    elif e.what == "card_name":
        pick = [pick]       # the names "with the chosen name" reads (Filter.chosen)
    if res.source_id in res.state.objects:
        res.state.writable(res.source_id).chosen[e.what] = pick
        res.state.invalidate()


def _grant_protection_choice(res: Resolution, e: GrantProtectionChoice) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    by_param = {k.param: k for k in e.choices}
    if e.chosen:
        src = res.state.objects.get(res.source_id) if res.source_id is not None else None
        color = src.chosen.get("color") if src is not None else None
        word = {c.value: w for c, w in COLOR_WORDS.items()}.get(color)
        if word in by_param:
            add_effect(res.game, res, ids, {"kind": "grant", "keywords": [by_param[word].text]}, e.duration)
        return
    pick = res.ask("protection", res.controller, "Choose what it gains protection from", list(by_param), 1, 1,
                   "color" if not e.artifacts else "protection")
    add_effect(res.game, res, ids, {"kind": "grant", "keywords": [by_param[pick[0]].text]}, e.duration)


def _return_chosen(res: Resolution, e: ReturnChosen) -> None:
    s = res.state
    # Every player's choice first (the handler may be re-entered after a decision), then the moves.
    plan: list[int] = []
    for p in res.players(e.who):
        mine = [o for o in s.battlefield if s.objects[o].controller == p and
                matches_ch(s, s.objects[o], characteristics(s, o), e.filter, p, res.source_id)]
        n = min(e.amount, len(mine))
        plan.extend(res.ask(f"return{p}", p, f"Choose {n} to return to its owner's hand", mine, n, n, "return"))
    for oid in plan:
        if oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD:
            zones.move(res.game, oid, Zone.HAND, cause="bounce")


def _choose_opponent(res: Resolution, e: ChooseOpponent) -> None:
    s = res.state
    options = [f"P{p}" for p in s.opponents(res.controller) if not s.players[p].lost]
    res.answers[e.key] = res.ask(e.key, res.controller, "Choose an opponent", options, 1, 1, "player")


def _choose_objects(res: Resolution, e: ChooseObjects) -> None:
    s = res.state
    if e.each_chooses:
        # 101.4: each player chooses among their own cards in APNAP order (every choice asked before any card moves)
        chosen: list[int] = []
        for p in res.players(e.owner):
            mine = [c for c in s.players[p].zone_list(Zone(e.zone))
                    if matches_ch(s, s.objects[c], characteristics(s, c), e.filter, p, res.source_id)]
            n = min(res.amount(e.amount), len(mine))
            chosen += res.ask(f"{e.key}{p}", p, f"Choose {'up to ' if e.up_to else ''}{n}", mine,
                              0 if e.up_to else n, n, "choose")
        res.answers[e.key] = chosen
        return
    who = res.controller
    if e.chooser is not None:
        players = res.players(e.chooser)
        if len(players) != 1:
            return
        who = players[0]
    pool = s.battlefield if e.owner is None else [
        c for p in res.players(e.owner) for c in s.players[p].zone_list(Zone(e.zone))]
    options = [o for o in pool
               if matches_ch(s, s.objects[o], characteristics(s, o), e.filter, who, res.source_id)]
    n = min(res.amount(e.amount), len(options))
    if e.at_random:
        if e.key not in res.answers:
            res.answers[e.key] = [options.pop(s.rng.below(len(options))) for _ in range(n)]
        return
    res.answers[e.key] = res.ask(e.key, who, f"Choose {'up to ' if e.up_to else ''}{n}", options,
                                 0 if e.up_to else n, n, "choose")


def _exile_graveyards(res: Resolution, e: ExileGraveyards) -> None:
    for p in res.players(e.who):
        for oid in list(res.state.players[p].graveyard):
            zones.move(res.game, oid, Zone.EXILE, cause="exile")


def _exile_from_graveyard(res: Resolution, e: ExileFromGraveyard) -> None:
    s = res.state
    plan: list[int] = []
    for p in res.players(e.who):
        cards = [c for c in s.players[p].graveyard
                 if matches_ch(s, s.objects[c], characteristics(s, c), e.filter, p, res.source_id)]
        n = min(e.amount, len(cards))
        plan.extend(res.ask(f"exile{p}", p, f"Choose {n} card{'s' if n != 1 else ''} in your graveyard to exile", cards,
                            n, n, "exile"))
    for oid in plan:
        if oid in s.objects and s.objects[oid].zone is Zone.GRAVEYARD:
            zones.move(res.game, oid, Zone.EXILE, cause="exile")


def _proliferate(res: Resolution, e: Proliferate) -> None:
    """701.34a: the controller chooses among the permanents and players that have counters (players'
    counters are poison and energy counters, 122.1); each chosen one gets one more of each kind it has."""
    s = res.state
    permanents = [o for o in s.battlefield if any(n > 0 for n in s.objects[o].counters.values())]
    players = [f"P{p.index}" for p in s.players if p.poison > 0 or p.energy > 0]
    options = permanents + players
    if not options:
        return
    chosen = res.ask("proliferate", res.controller, "Proliferate: choose permanents and players with counters",
                     options, 0, len(options), "proliferate")
    for x in chosen:
        if isinstance(x, str):
            pl = s.players[int(x[1:])]
            add_poison(res.game, pl.index, 1 if pl.poison > 0 else 0)     # a static ability may count them
            change_energy(res.game, pl.index, 1 if pl.energy > 0 else 0)
            continue
        for kind, n in list(s.objects[x].counters.items()):
            if n > 0:
                add_counters(res.game, x, kind, 1, by=res.controller)


def _yours(res: Resolution, test) -> list[int]:
    """The creatures the resolving ability's controller controls that pass `test(characteristics)`."""
    s = res.state
    out = []
    for oid in s.battlefield:
        ch = characteristics(s, oid)
        if s.objects[oid].controller == res.controller and ch.is_creature and test(ch):
            out.append(oid)
    return out


def _populate(res: Resolution, e: Populate) -> None:
    s = res.state
    tokens = [o for o in _yours(res, lambda ch: True) if s.objects[o].token is not None]
    pick = res.ask("populate", res.controller, "Populate: choose a creature token you control", tokens, 1, 1,
                   "populate")
    for oid in pick:
        key = copiable_key(s.objects[oid])
        res.created.extend(create_tokens(res.game, {"name": characteristics(s, oid).name, "copy_of": key},
                                         res.controller, tokens_to_create(res.game, res.controller, 1), copy_of=key))


def _bolster(res: Resolution, e: Bolster) -> None:
    s = res.state
    mine = _yours(res, lambda ch: True)
    if not mine:
        return
    least = min(characteristics(s, o).toughness or 0 for o in mine)
    tied = [o for o in mine if (characteristics(s, o).toughness or 0) == least]
    pick = res.ask("bolster", res.controller, "Bolster: choose a creature with the least toughness", tied, 1, 1,
                   "bolster")
    for oid in pick:
        add_counters(res.game, oid, "+1/+1", res.amount(e.amount), by=res.controller)


def _amass(res: Resolution, e: Amass) -> None:
    armies = _yours(res, lambda ch: "Army" in ch.subtypes)
    if not armies:
        armies = create_tokens(res.game, dict(e.token), res.controller, tokens_to_create(res.game, res.controller, 1))
        res.created.extend(armies)
    pick = res.ask("amass", res.controller, "Amass: choose an Army creature you control", armies, 1, 1, "amass")
    for oid in pick:
        add_counters(res.game, oid, "+1/+1", res.amount(e.amount), by=res.controller)


def _explore(res: Resolution, e: Explore) -> None:
    s = res.state
    key = res.prefix + "explored"
    for oid in res.objects(e.what):
        lib = s.players[res.controller].library
        if key not in res.answers:
            if not lib:
                # 701.44a: nothing revealed is not a land card revealed: the counter only.
                res.answers[key] = [None]
            else:
                top = lib[-1]
                res.answers[key] = [top]
                res.game.emit(Event("reveal", {"player": res.controller, "cards": [top]},
                                    f"{s.players[res.controller].name} reveals {characteristics(s, top).name}"))
        card = res.answers[key][0]
        if card is not None and characteristics(s, card).is_type("Land"):
            zones.move(res.game, card, Zone.HAND, cause="reveal")
        else:
            to_graveyard = card is not None and res.ask_yes_no(
                "explore_graveyard", res.controller, f"Put {characteristics(s, card).name} into your graveyard?")
            if s.objects.get(oid) is not None and s.objects[oid].zone is Zone.BATTLEFIELD:
                add_counters(res.game, oid, "+1/+1", 1, by=res.controller)
            if to_graveyard:
                zones.move(res.game, card, Zone.GRAVEYARD, cause="explore")
        # 701.44b: it explored whichever card was revealed (a land too)
        res.game.emit(Event("explored", {"object": oid, "controller": res.controller}, ""))


def _connive(res: Resolution, e: Connive) -> None:
    s = res.state
    drawn = res.prefix + "connive_drew"
    p = res.controller
    for oid in res.objects(e.what):
        if drawn not in res.answers:
            # Drawn once: a resolution resumed for the discard must not draw again.
            res.draw("connive_draw", p, 1)
            res.answers[drawn] = True
        hand = list(s.players[p].hand)
        pick = res.ask("connive_discard", p, "Connive: choose a card to discard", hand, 1, 1, "discard")
        nonland = False
        for card in pick:
            nonland = not characteristics(s, card).is_type("Land")
            discard(res.game, card)
        if nonland and s.objects.get(oid) is not None and s.objects[oid].zone is Zone.BATTLEFIELD:
            add_counters(res.game, oid, "+1/+1", 1, by=res.controller)


def _remove_counter(res: Resolution, e: RemoveCounter) -> None:
    s = res.state
    ids = [o for o in res.objects(e.what) if s.objects[o].counters.get(e.kind, 0) > 0]
    if not ids:
        _nested(res, e.otherwise, "n")
        return
    for oid in ids:
        o = s.writable(oid)
        o.counters[e.kind] -= 1
        left = o.counters[e.kind]
        if not left:
            del o.counters[e.kind]
        s.invalidate()
        res.game.emit(Event("counter_removed", {"object": oid, "kind": e.kind, "left": left},
                            f"A {e.kind} counter is removed from {characteristics(s, oid).name}"))


def _move_counter(res: Resolution, e: MoveCounter) -> None:
    """122.5: the counter is removed and put on the other object, or, if either can't be done (one object, no
    such counter, one that can't have counters, one not on the battlefield), nothing happens."""
    s = res.state
    src = [o for o in res.objects(e.source) if s.objects[o].zone is Zone.BATTLEFIELD]
    to = [o for o in res.objects(e.to) if s.objects[o].zone is Zone.BATTLEFIELD]
    if not src or not to or src[0] == to[0]:
        return
    # the kinds it has that the other can have (a counter that can't be put there isn't removed either)
    kinds = [k for k, n in s.objects[src[0]].counters.items() if n > 0 and (not e.kind or k == e.kind)
             and counters_to_put(res.game, to[0], k, 1) > 0]
    if not e.every and len(kinds) > 1:
        kinds = res.ask("move_counter", res.controller, "Choose the kind of counter to move", kinds, 1, 1, "counter_kind")
    if e.any_number and kinds:
        have = s.objects[src[0]].counters.get(kinds[0], 0)
        n = res.ask("move_how_many", res.controller, f"How many {kinds[0]} counters to move?", list(range(have + 1)),
                    1, 1, "number", data={"low": 0, "high": have})
        add_counters(res.game, to[0], kinds[0], remove_counters(res.game, src[0], kinds[0], n[0]), by=res.controller)
        return
    for kind in kinds if e.every else kinds[:1]:
        n = remove_counters(res.game, src[0], kind, s.objects[src[0]].counters.get(kind, 0) if e.every else 1)
        add_counters(res.game, to[0], kind, n, by=res.controller)


def _put_counters_of(res: Resolution, e: PutCountersOf) -> None:
    s = res.state
    here = [o for o in res.objects(e.of) if s.objects[o].zone is Zone.BATTLEFIELD]
    if here:
        counters = dict(s.objects[here[0]].counters)
    else:
        # the object that left the battlefield, as it last existed there (603.10a)
        was = res.event.get("was") if e.of.kind == "event" else res.source_lki
        counters = dict(was.get("counters") or {}) if isinstance(was, dict) else {}
    for oid in res.objects(e.to):
        for kind, n in counters.items():
            if n > 0 and s.objects[oid].zone is Zone.BATTLEFIELD:
                add_counters(res.game, oid, kind, n, by=res.controller)


def _manifest(res: Resolution, e: Manifest) -> None:
    s = res.state
    for p in res.players(e.who):
        lib = s.players[p].library
        if not lib:
            continue
        new = zones.move(res.game, lib[-1], Zone.BATTLEFIELD, controller=p, face_down=True, cause="manifest",
                         chosen={"manifested": 1})
        if new is not None:
            res.created.append(new)      # "it": the manifested permanent
            entered_battlefield(res.game, new)


def _goad(res: Resolution, e: Goad) -> None:
    ids = [o for o in res.objects(e.what) if res.state.objects[o].zone is Zone.BATTLEFIELD]
    if ids:
        add_effect(res.game, res, ids, {"kind": "goaded"}, "your_next_turn")


def _designate(res: Resolution, e: Designate) -> None:
    for oid in res.objects(e.what):
        res.state.writable(oid).chosen[e.key] = 1
        res.state.invalidate()
        res.game.emit(Event("designated", {"object": oid, "designation": e.key},
                            f"{characteristics(res.state, oid).name} becomes {e.key}"))


def _become_monarch(res: Resolution, e: BecomeMonarch) -> None:
    """725.1, 725.3: one player at a time is the monarch; becoming it takes it from whoever was."""
    for p in res.players(e.who)[:1]:
        if res.state.players[p].lost or res.state.monarch == p:
            continue
        res.state.monarch = p
        res.game.emit(Event("monarch", {"player": p}, f"{res.state.players[p].name} becomes the monarch"))


VOTES = "votes"      # answers key: each option's number of votes in the resolution's vote (701.38)


def _vote(res: Resolution, e: Vote) -> None:
    """701.38a: starting with the ability's controller, each player in turn order votes (101.4)."""
    n = len(res.state.players)
    order = [(res.controller + i) % n for i in range(n) if not res.state.players[(res.controller + i) % n].lost]
    counts = {o: 0 for o in e.options}
    for p in order:
        pick = res.ask(f"vote{p}", p, f"Vote for {' or '.join(e.options)}", list(e.options), 1, 1, "vote")
        counts[pick[0]] += 1
    res.answers[VOTES] = counts
    res.game.emit(Event("voted", {"player": res.controller, "votes": counts},
                        "Votes: " + ", ".join(f"{o} {k}" for o, k in counts.items())))


def _votes_for(res, a: Amount) -> int:
    return res.answers.get(VOTES, {}).get(a.counter, 0)


def _most_votes(res, c: Condition) -> bool:
    """ "If X gets more votes" (value 0), "... or the vote is tied" (value 1): against every other option."""
    counts = res.answers.get(VOTES, {})
    mine = counts.get(c.key, 0)
    others = [k for o, k in counts.items() if o != c.key]
    return all(mine > k for k in others) or (c.value == 1 and all(mine >= k for k in others))


def _haunt(res: Resolution, e: Haunt) -> None:
    s = res.state
    targets = [t for t in res.objects(e.creature) if s.objects[t].zone is Zone.BATTLEFIELD]
    # the card that died, found in its graveyard by its card (400.7: a new object there)
    cards = [c for p in s.players for c in p.graveyard if s.objects[c].card_id == res.source_card_id]
    if not targets or not cards:
        return
    new = zones.move(res.game, cards[0], Zone.EXILE, cause="exile")
    if new is not None:
        s.objects[new].chosen["haunting"] = targets[0]
        s.invalidate()
        res.game.emit(Event("haunts", {"object": new, "creature": targets[0]},
                            f"{characteristics(s, new).name} haunts {characteristics(s, targets[0]).name}"))


def _myriad(res: Resolution, e: Myriad) -> None:
    s = res.state
    me = res.source_object()
    c = s.combat
    if me is None or c is None or me.id not in c.attackers:
        return
    target = c.attackers[me.id]
    defending = int(target[1:]) if isinstance(target, str) else s.objects[target].controller
    key, name = copiable_key(me), characteristics(s, me.id).name
    for p in s.players:
        if p.index in (res.controller, defending) or p.lost:
            continue
        if not res.ask_yes_no(f"myriad{p.index}", res.controller, f"Myriad: a copy of {name} attacking {p.name}?"):
            continue
        for tok in create_tokens(res.game, {"name": name, "copy_of": key}, res.controller,
                                 tokens_to_create(res.game, res.controller, 1), copy_of=key):
            set_tapped(res.game, tok, True)
            zones.enter_attacking(res.game, tok, p.ref)
            res.created.append(tok)


def _champion(res: Resolution, e: Champion) -> None:
    s = res.state
    me = res.source_object()
    options = [oid for oid in s.battlefield if s.objects[oid].controller == res.controller and oid != res.source_id
               and matches_ch(s, s.objects[oid], characteristics(s, oid), e.filter, res.controller, res.source_id)]
    chosen = res.ask("champion", res.controller, f"Champion: exile one, or {res.source_name} is sacrificed", options,
                     0, 1, "exile") if me is not None and me.zone is Zone.BATTLEFIELD else []
    if not chosen:
        _sacrifice_self(res, SacrificeSelf())
        return
    _exile_for_link(res, chosen[0])        # 607.2k: returned by the linked leaves-the-battlefield ability


def _exploit(res: Resolution, e: Exploit) -> None:
    s = res.state
    mine = [oid for oid in s.battlefield if s.objects[oid].controller == res.controller
            and characteristics(s, oid).is_creature]
    chosen = res.ask("exploit", res.controller, "Exploit: you may sacrifice a creature", mine, 0, 1, "sacrifice")
    if not chosen or chosen[0] not in s.battlefield:
        return
    # 702.110b: the creature with exploit "exploits" it. The event comes first so that a creature that
    # sacrifices itself still sees its own "when ~ exploits a creature" trigger.
    res.game.emit(Event("exploits", {"object": res.source_id, "sacrificed": chosen[0]},
                        f"{res.source_name} exploits {characteristics(s, chosen[0]).name}"))
    sacrifice(res.game, chosen[0])


def _pair(res: Resolution, e: Pair) -> None:
    """702.95a-c: both must be unpaired creatures on the battlefield under the ability's controller's control."""
    s = res.state

    def unpaired_creature(oid: int) -> bool:
        o = s.objects.get(oid)
        return (o is not None and o.zone is Zone.BATTLEFIELD and o.controller == res.controller
                and characteristics(s, oid).is_creature and paired_partner(s, o) is None)
    me = [oid for oid in res.objects(e.what) if unpaired_creature(oid)]
    if not me:
        return
    candidates = res.objects(e.with_) if e.with_ is not None else list(s.battlefield)
    candidates = [oid for oid in candidates if oid != me[0] and unpaired_creature(oid)]
    chosen = res.ask("pair", res.controller, f"Soulbond: you may pair {characteristics(s, me[0]).name} with a creature",
                     candidates, 0, 1, "pair")
    if not chosen:
        return
    for a, b in ((me[0], chosen[0]), (chosen[0], me[0])):
        s.writable(a).chosen["paired_with"] = b
    s.invalidate()
    res.game.emit(Event("paired", {"object": me[0], "with": chosen[0]},
                        f"{characteristics(s, me[0]).name} is paired with {characteristics(s, chosen[0]).name}"))


def _suspect(res: Resolution, e: Suspect) -> None:
    s = res.state
    for oid in res.objects(e.what):
        if s.objects[oid].zone is not Zone.BATTLEFIELD or s.objects[oid].chosen.get("suspected"):
            continue        # 701.60b: only permanents; 701.60d: not again
        s.writable(oid).chosen["suspected"] = 1
        # 701.60c: menace and "can't block" for as long as it's suspected: until it leaves the battlefield (the
        # effects name this object, which a zone change ends, 400.7).
        add_effect(res.game, res, [oid], {"kind": "grant", "keywords": [e.menace.text]}, "permanent")
        add_effect(res.game, res, [oid], {"kind": "cant_block"}, "permanent")
        res.game.emit(Event("designated", {"object": oid, "designation": "suspected"},
                            f"{characteristics(s, oid).name} becomes suspected"))


def _exchange_control(res: Resolution, e: ExchangeControl) -> None:
    s = res.state
    ids = [oid for r in e.what for oid in res.objects(r)]
    if len(ids) != 2 or any(s.objects[x].zone is not Zone.BATTLEFIELD for x in ids):
        return          # 701.12a: the whole exchange or nothing
    a, b = ids
    ca, cb = s.objects[a].controller, s.objects[b].controller
    if ca == cb:
        return          # 701.12b
    add_effect(res.game, res, [a], {"kind": "control", "player": cb}, "permanent")
    add_effect(res.game, res, [b], {"kind": "control", "player": ca}, "permanent")
    zones.sync_control(res.game)


def _exchange_life(res: Resolution, e: ExchangeLife) -> None:
    s = res.state
    players = list(dict.fromkeys(p for r in e.players for p in res.players(r)))
    if len(players) != 2:
        return          # 701.12a
    p, q = players
    lp, lq = s.players[p].life, s.players[q].life
    if (lq > lp and not can_gain_life(res.game, p)) or (lp > lq and not can_gain_life(res.game, q)):
        return          # 119.7: a player who can't gain life can't take part in an exchange that would raise their total
    for who, now, then in ((p, lp, lq), (q, lq, lp)):
        if then > now:
            gain_life(res.game, who, then - now)
        else:
            lose_life(res.game, who, now - then)


def _set_life_total(res: Resolution, e: SetLifeTotal) -> None:
    then = res.amount(e.amount)
    for p in res.players(e.who):
        now = res.state.players[p].life
        if then > now:
            gain_life(res.game, p, then - now)      # 119.5: gained life (lifegain triggers, replacements)
        elif then < now:
            lose_life(res.game, p, now - then)


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    SetLifeTotal: _set_life_total,
    Suspect: _suspect,
    Pair: _pair,
    Exploit: _exploit,
    Champion: _champion,
    Myriad: _myriad,
    Haunt: _haunt,
    Unattach: _unattach,
    Vote: _vote,
    ExchangeControl: _exchange_control,
    ExchangeLife: _exchange_life,
    Populate: _populate,
    Bolster: _bolster,
    Amass: _amass,
    Explore: _explore,
    Connive: _connive,
    Designate: _designate,
    BecomeMonarch: _become_monarch,
    Goad: _goad,
    Manifest: _manifest,
    MoveCounter: _move_counter,
    PutCountersOf: _put_counters_of,
    RemoveCounter: _remove_counter,
    Fight: _fight,
    BecomeBlocked: _become_blocked,
    PhaseOut: _phase_out,
    DealDamageBy: _deal_damage_by,
    Regenerate: _regenerate,
    CantBeRegenerated: _cant_regen,
    Attach: _attach,
    AttachElsewhere: _attach_elsewhere,
    TapOrUntap: _tap_or_untap,
    SacrificeSelf: _sacrifice_self,
    SacrificeObjects: _sacrifice_objects,
    PutOntoBattlefield: _put_onto_battlefield,
    ExileLinked: _exile_linked,
    ExileUntilLeaves: _exile_until_leaves,
    ReturnLinked: _return_linked,
    MayPay: _may_pay,
    GetEnergy: _get_energy,
    GetPoison: _get_poison,
    FlipCoin: _flip_coin,
    RollDie: _roll_die,
    Repeat: _repeat,
    RepeatProcess: _repeat_process,
    ChooseValue: _choose_value,
    UnlessDiscard: _unless_discard,
    Learn: _learn,
    ChooseMode: _choose_mode,
    GrantKeywordChoice: _grant_keyword_choice,
    GrantProtectionChoice: _grant_protection_choice,
    ReturnChosen: _return_chosen,
    ChooseObjects: _choose_objects,
    ChooseOpponent: _choose_opponent,
    ExileGraveyards: _exile_graveyards,
    ExileFromGraveyard: _exile_from_graveyard,
    Proliferate: _proliferate,
}

# Amount and condition kinds this module reads, installed by engine.wiring.
def _life_lost_this_way(res: Resolution, a: Amount) -> int:
    """ "You gain life equal to the life lost this way": the life the players lost while this
    resolution carried out its instructions (119.3)."""
    return sum(-e.data["amount"] for e in res.game.events[res.events_start:]
               if e.kind == "life" and e.data["amount"] < 0)


AMOUNTS = {"votes_for": _votes_for, "life_lost_this_way": _life_lost_this_way}
CONDITIONS = {"most_votes": _most_votes}
