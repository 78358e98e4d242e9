"""Keyword actions and small permanent effects the Oracle compiler emits (701): fight (701.14),
regenerate (701.19), attach (701.3), "tap or untap", "can't be regenerated", returning a card to the
battlefield, proliferate (701.34)."""
from __future__ import annotations


from engine.core import hooks
from engine.board.damage import add_counters, deal_damage, source_info
from engine.effects.resolution import Resolution
from engine.board.primitives import add_effect, sacrifice, set_tapped
from engine.core.enums import Zone
from engine.core.events import Event
from engine.query.layers import characteristics, matches_ch
from engine.board.replacement import entered_battlefield
from engine.effects.entering import enter_choices
from engine.board import zones
from engine.core.effect_types import (Attach, CantBeRegenerated, ChooseMode, DealDamageBy, ExileGraveyards,
                                      ExileLinked, Fight, GrantKeywordChoice, GrantProtectionChoice, MayPay,
                                      Proliferate, PutOntoBattlefield, Regenerate, ReturnChosen, ReturnLinked,
                                      SacrificeObjects, SacrificeSelf, TapOrUntap)
from engine.effects.delayed_triggers import followed_objects
from engine.effects.payment import can_pay_mana, pay_mana_auto


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


def _deal_damage_by(res: Resolution, e: DealDamageBy) -> None:
    src = [o for o in res.objects(e.source) if res.state.objects[o].zone is Zone.BATTLEFIELD]
    if not src:
        return       # 608.2b: no source, no damage
    n = res.amount(e.amount)
    info = source_info(res.game, src[0])
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
    for oid in ids:
        res.state.objects[oid].regen_shields = 0
    if ids:
        add_effect(res.game, res, ids, {"kind": "cant_regenerate"}, "end_of_turn")


def _attach(res: Resolution, e: Attach) -> None:
    src = res.objects(e.what)
    to = res.objects(e.to)
    if not src or not to:
        return
    s = res.state
    o = s.objects[src[0]]
    if o.zone is not Zone.BATTLEFIELD or s.objects[to[0]].zone is not Zone.BATTLEFIELD or to[0] == o.id:
        return
    o.attached_to = to[0]
    o.timestamp = s.new_timestamp()   # 613.7e: attaching gives a new timestamp
    s.invalidate()
    res.game.emit(Event("attach", {"object": o.id, "to": to[0]},
                        f"{characteristics(s, o.id).name} is attached to {characteristics(s, to[0]).name}"))


def _tap_or_untap(res: Resolution, e: TapOrUntap) -> None:
    for oid in res.objects(e.what):
        pick = res.ask(f"tap{oid}", res.controller, f"Tap or untap {characteristics(res.state, oid).name}?",
                       ["tap", "untap"], 1, 1, "tap_or_untap")
        set_tapped(res.game, oid, pick[0] == "tap")


def _sacrifice_self(res: Resolution, e: SacrificeSelf) -> None:
    o = res.source_object()
    if o is not None and o.zone is Zone.BATTLEFIELD and o.controller == res.controller:
        sacrifice(res.game, o.id)


def _sacrifice_objects(res: Resolution, e: SacrificeObjects) -> None:
    s = res.state
    for oid in res.objects(e.what):
        o = s.objects.get(oid)
        if o is not None and o.zone is Zone.BATTLEFIELD and o.controller == res.controller:
            sacrifice(res.game, oid)


def _put_onto_battlefield(res: Resolution, e: PutOntoBattlefield) -> None:
    s = res.state
    # 400.7j: "exile it, then return that card": the card is found where this effect put it.
    for oid in followed_objects(res, e.what):
        o = s.objects.get(oid)
        if o is None or o.zone in (Zone.BATTLEFIELD, Zone.STACK):
            continue
        controller = res.controller if e.under == "you" else o.owner
        entering = enter_choices(res, oid, controller)
        new = zones.move(res.game, oid, Zone.BATTLEFIELD, controller=controller, tapped=e.tapped, cause="put",
                         copy_of=entering.get("copy_of"), chosen=entering.get("chosen"))
        if new is not None:
            # 614.1c: it enters with the counters, not getting them afterwards.
            for kind, n in e.counters:
                s.objects[new].counters[kind] = s.objects[new].counters.get(kind, 0) + n
            if e.counters:
                s.invalidate()      # its characteristics may have been read as it moved
            entered_battlefield(res.game, new)


def _exile_linked(res: Resolution, e: ExileLinked) -> None:
    for oid in res.objects(e.what):
        if oid not in res.state.objects:
            continue
        new = zones.move(res.game, oid, Zone.EXILE, cause="exile")
        if new is not None:
            # The exiled card remembers which card exiled it: the link survives the source leaving.
            res.state.objects[new].chosen["exiled_by"] = res.source_card_id


def _return_linked(res: Resolution, e: ReturnLinked) -> None:
    s = res.state
    for oid in list(s.exile):
        o = s.objects[oid]
        if o.chosen.get("exiled_by") == res.source_card_id:
            controller = res.controller if e.under == "you" else o.owner
            entering = enter_choices(res, oid, controller)
            entered_battlefield(res.game, zones.move(res.game, oid, Zone.BATTLEFIELD, controller=controller,
                                                     cause="return", copy_of=entering.get("copy_of"),
                                                     chosen=entering.get("chosen")))


def _may_pay(res: Resolution, e: MayPay) -> None:
    p = res.controller
    cost = e.cost.with_x(res.x)       # 107.3: the X chosen for this spell or ability
    paid = res.prefix + "paid"
    branch, tag = e.then, "p"
    if paid not in res.answers:
        # Paid once: a resolution resumed for a later choice must not pay again.
        if not can_pay_mana(res.game, p, cost) or not res.ask_yes_no("pay", p, f"Pay {cost}?"):
            branch, tag = e.otherwise, "n"
        else:
            pay_mana_auto(res.game, p, cost, res)
            res.answers[paid] = True
    prefix = res.prefix
    for i, sub in enumerate(branch):
        res.prefix = f"{prefix}{tag}{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


def _choose_mode(res: Resolution, e: ChooseMode) -> None:
    labels = list(e.labels) if len(e.labels) == len(e.modes) else [f"mode {i + 1}" for i in range(len(e.modes))]
    pick = res.ask("mode", res.controller, "Choose one", labels, 1, 1, "mode")[0]
    chosen = e.modes[labels.index(pick)]
    prefix = res.prefix
    for i, sub in enumerate(chosen):
        res.prefix = f"{prefix}o{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


def _grant_keyword_choice(res: Resolution, e: GrantKeywordChoice) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    pick = res.ask("keyword", res.controller, "Choose the ability it gains", list(e.keywords), 1, 1, "keyword")
    add_effect(res.game, res, ids, {"kind": "grant", "keywords": [pick[0]]}, e.duration)


def _grant_protection_choice(res: Resolution, e: GrantProtectionChoice) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    options = ["white", "blue", "black", "red", "green"] + (["artifacts"] if e.artifacts else [])
    pick = res.ask("protection", res.controller, "Choose what it gains protection from", options, 1, 1,
                   "color" if not e.artifacts else "protection")
    add_effect(res.game, res, ids, {"kind": "grant", "keywords": [f"protection from {pick[0]}"]}, e.duration)


def _return_chosen(res: Resolution, e: ReturnChosen) -> None:
    s = res.state
    for p in res.players(e.who):
        mine = [o for o in s.battlefield if s.objects[o].controller == p and
                matches_ch(s, s.objects[o], characteristics(s, o), e.filter, p, res.source_id)]
        n = min(e.amount, len(mine))
        for oid in res.ask(f"return{p}", p, f"Choose {n} to return to its owner's hand", mine, n, n, "return"):
            zones.move(res.game, oid, Zone.HAND, cause="bounce")


def _exile_graveyards(res: Resolution, e: ExileGraveyards) -> None:
    for p in res.players(e.who):
        for oid in list(res.state.players[p].graveyard):
            zones.move(res.game, oid, Zone.EXILE, cause="exile")


def _proliferate(res: Resolution, e: Proliferate) -> None:
    """701.34a: the controller chooses among the permanents and players that have counters (players'
    counters are poison counters, 122.1f); each chosen one gets one more of each kind it has."""
    s = res.state
    permanents = [o for o in s.battlefield if any(n > 0 for n in s.objects[o].counters.values())]
    players = [f"P{p.index}" for p in s.players if p.poison > 0]
    options = permanents + players
    if not options:
        return
    chosen = res.ask("proliferate", res.controller, "Proliferate: choose permanents and players with counters",
                     options, 0, len(options), "proliferate")
    for x in chosen:
        if isinstance(x, str):
            s.players[int(x[1:])].poison += 1
            continue
        for kind, n in list(s.objects[x].counters.items()):
            if n > 0:
                add_counters(res.game, x, kind, 1)


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    Fight: _fight,
    DealDamageBy: _deal_damage_by,
    Regenerate: _regenerate,
    CantBeRegenerated: _cant_regen,
    Attach: _attach,
    TapOrUntap: _tap_or_untap,
    SacrificeSelf: _sacrifice_self,
    SacrificeObjects: _sacrifice_objects,
    PutOntoBattlefield: _put_onto_battlefield,
    ExileLinked: _exile_linked,
    ReturnLinked: _return_linked,
    MayPay: _may_pay,
    ChooseMode: _choose_mode,
    GrantKeywordChoice: _grant_keyword_choice,
    GrantProtectionChoice: _grant_protection_choice,
    ReturnChosen: _return_chosen,
    ExileGraveyards: _exile_graveyards,
    Proliferate: _proliferate,
}
