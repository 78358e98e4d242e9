"""Casting a spell (601.2): the card's zone and timing, modes (601.2b), alternative, flashback and
additional costs, the total cost with its increases and reductions (601.2f), then the move to the stack
and the payment (601.2a, 601.2g-h). The steps shared with activating are in engine.rules.proposals."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core import player_actions as A
from engine.core.abilities import AdditionalCost, Cost
from engine.core.cards import CardDef, card_def, def_key
from engine.core.enums import Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.hooks import modify_spell_cost
from engine.core.mana import ManaCost, Payment
from engine.core.objects import GRAVEYARD_WAYS, TEXT_CHANGING_WAYS, GameObject, StackInfo
from engine.core.state import CastTask
from engine.query.cast_limits import cast_as_though_flash, cast_forbidden, next_spell_rules
from engine.query.cost_modifiers import granted_alternative_cost
from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics, matches_ch
from engine.query.targets import targets_text
from engine.board.zones import move
from engine.effects.payment import (can_pay_mana, execute_payment, helper_sources, may_spend_on, plan_payment,
                                    spell_paid_as)
from engine.effects.resolution_casts import CAST_NOW, FREE_WAYS, may_play, may_play_free, not_cast
from engine.rules.bestow import bestowed_source
from engine.rules.graveyard_casts import alternative_only, may_cast_from_graveyard, permission_costs, use_graveyard_permission
from engine.rules.library_top import may_play_from_top
from engine.rules.proposals import (ask, choose_cost_objects, chosen_target_specs, cost_objects,
                                    mana_trigger_choices_made, max_x, pay_other_costs, plan_costs, settle_choices, source_of,
                                    targets_json)
from engine.rules.spell_copies import cast_self_triggers
from engine.rules.commander import is_commander, note_cast
from engine.rules.faces import cast_by_layout, fused_modes, turn_up
from engine.rules.foretell import foretold
from engine.rules.timing import may_cast_spells, sorcery_timing_ok, split_second, took_action

if TYPE_CHECKING:
    from engine.game import Game


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
        return modify_spell_cost(game, o, d, t, targets, specs, player)
    costs = _flashback_costs(d, o, game.state.turn)
    payable = [c for c in costs if game.state.players[player].life >= (c.cost.pay_life or 0)
               and can_pay_mana(game, player, total(c))]
    return min(payable or costs, key=lambda c: total(c).mana_value)


def _alt_cost(d: CardDef, alt: str | None, o: GameObject | None = None, turn: int = 0):
    if alt is None:
        return None
    if alt == "disturb" and o is not None and o.token is None and o.copy_of is None:
        d = card_def(o.name)        # 702.146a: the front face's disturb cost, the back face cast
    if alt in FREE_WAYS:
        return AdditionalCost(alt, Cost())      # 118.9: without paying its mana cost
    if alt == "flashback" and _flashback_costs(d, o, turn):
        return _flashback_costs(d, o, turn)[0]
    for c in d.costs:
        if c.kind == alt or (alt == "alternative" and c.kind == "alternative"):
            return c
    raise IllegalAction(f"{d.name} has no {alt} cost")


# The way of casting for an alternative cost a permanent offers: "You may pay {1} rather than pay the mana cost for Rune
# spells you cast" (118.9; engine.query.cost_modifiers.granted_alternative_cost).
GRANTED_ALTERNATIVE = "granted_alternative"
# The optional additional costs a cast's `kicked` says were paid: kicker (702.33a), casualty's sacrifice (702.153a),
# conspire's tapped creatures (702.78a).
OPTIONAL_ADDITIONAL = frozenset({"kicker", "casualty", "conspire"})
# Ways of casting that pay the mana cost plus an additional cost (702.133a jump-start, 702.81a retrace).
ADDITIONAL_WAYS = frozenset({"jump-start", "retrace"})


def flash_permission(ch) -> ManaCost | None:
    """The additional cost of casting the card as though it had flash, if a static ability of its allows it
    (601.3b); None if none does."""
    return next((dict(st.params)["extra"] for st in ch.static if st.kind == "flash_permission"), None)


def at_instant_speed(s, player: int, oid: int, ch) -> bool:
    """Whether `player` may cast the card `oid` (characteristics `ch`) outside sorcery timing (307.1): an instant,
    flash (702.8a), its own permission (601.3b) or an effect letting it be cast as though it had flash."""
    return ch.is_type("Instant") or ch.has("flash") or flash_permission(ch) is not None \
        or cast_as_though_flash(s, player, oid, ch)


def alternative_granted(game: "Game", o: GameObject, player: int) -> ManaCost | None:
    """118.9: the alternative cost an effect offers `player` for casting the card `o`: the permission they cast the
    exiled card by lets them cast it without paying its mana cost ({0}), or a permanent's "You may pay {1} rather than
    pay the mana cost for Rune spells you cast", "You may cast spells from your hand without paying their mana costs"
    (engine.query.cost_modifiers); None if nothing does."""
    if o.zone is Zones.EXILE and may_play_free(o, player, game.state.turn):
        return ManaCost(())
    return granted_alternative_cost(game, o, player)


def way_refused(game: "Game", player: int, alt: str | None, subtypes: frozenset[str] | set[str] = frozenset(),
                card: int | None = None) -> str | None:
    """Why an alternative cost with a condition can't be paid now (None: it can): surge needs another spell
    cast this turn by its caster (702.117a), spectacle an opponent who lost life this turn (702.137a), prowl
    combat damage dealt to a player this turn by a source of theirs sharing a creature type with the spell
    (its `subtypes`, 702.76a); the `card`'s own "if <condition>, you may ... rather than pay" (118.9)."""
    s = game.state
    if alt == GRANTED_ALTERNATIVE and (card is None or alternative_granted(game, s.objects[card], player) is None):
        return "no effect offers you an alternative cost for this spell (118.9)"
    if alt == "alternative" and card is not None:
        written = next((c for c in characteristics(s, card).definition.costs if c.kind == "alternative"), None)
        if written is not None and written.condition is not None and \
                not check_condition_static(s, s.objects[card], written.condition):
            return "the condition of its alternative cost isn't met (118.9)"
    if alt == "prowl" and not any(hit["controller"] == player and set(hit["subtypes"]) & set(subtypes)
                                  for hit in s.turn_log.get("combat_damage_sources", ())):
        return "prowl: none of your creatures of its types dealt combat damage to a player this turn (702.76a)"
    if alt == "surge" and player not in s.turn_log.get("spells_cast", ()):
        return "surge: you haven't cast another spell this turn (702.117a)"
    if alt == "spectacle" and not any(p.life_lost_turn > 0 for p in s.players if p.index != player):
        return "spectacle: no opponent lost life this turn (702.137a)"
    return None


# The ways of casting only an effect allows, during its resolution (608.2g): without paying the mana cost
# (cascade, rebound, suspend), for a madness (702.35a) or miracle (702.94a) cost.
RESOLUTION_WAYS = FREE_WAYS | {"madness", "miracle"}


def begin_cast(game: "Game", action: A.CastSpell, during_resolution: bool = False, if_not: str = "") -> None:
    s = game.state
    o = s.objects.get(action.card)
    if o is None or o.is_ability:
        raise IllegalAction("no such card")
    if (action.alt in RESOLUTION_WAYS) != during_resolution:
        raise IllegalAction("a card is cast that way only as an effect allows it, as the effect resolves (608.2g)")
    if action.alt == "foretell" and foretold(game, o.id, action.player) and o.face_down:
        s.writable(o.id).face_down = False      # a foretold card is turned face up as it is cast
        s.invalidate()
    # 709.3, 712.11b, 715.3: the face or half cast is chosen first; only it is evaluated (709.3a).
    turn_up(game, action)
    o = s.objects[o.id]            # turning it up may have made it this state's own copy
    ch = characteristics(s, o.id)
    d = ch.definition
    if ch.is_land:
        raise IllegalAction(f"{ch.name} is a land: lands are played, not cast (305.9)")
    if o.owner != action.player and o.controller != action.player and not may_play(o, action.player, s.turn, True):
        raise IllegalAction(f"{ch.name} isn't yours")       # an effect may let you play another player's card
    if not may_cast_spells(game, action.player):
        raise IllegalAction("an epic spell of yours resolved: you can't cast spells for the rest of the game (702.50b)")
    blocker = split_second(game)
    if blocker is not None:
        raise IllegalAction(f"{blocker} has split second: no spell can be cast while it's on the stack (702.61a)")
    forbidden = cast_forbidden(s, action.player, o.id, ch)
    if forbidden is not None:
        raise IllegalAction(forbidden)
    alt = action.alt
    # An effect's cast during its resolution, or an effect's permission, casts from elsewhere than the hand.
    by_layout = cast_by_layout(o, action.player) or during_resolution or may_play(o, action.player, s.turn, True) \
        or may_play_from_top(s, o, action.player) or may_cast_from_graveyard(s, o, action.player)
    if o.zone is Zones.GRAVEYARD:
        if alt not in GRAVEYARD_WAYS and not by_layout:
            raise IllegalAction(f"{ch.name} can't be cast from the graveyard")
    elif o.zone is Zones.EXILE and alt == "foretell":
        if not foretold(game, o.id, action.player):
            raise IllegalAction("a foretold card is cast from exile on a later turn than it was foretold (702.143a)")
    elif o.zone is Zones.COMMAND:
        if not is_commander(s, o) or o.owner != action.player:
            raise IllegalAction("only its owner casts a commander from the command zone (903.8)")
    elif o.zone is not Zones.HAND and not by_layout:
        raise IllegalAction(f"{ch.name} is not in your hand")
    if alt == "foretell" and o.zone is not Zones.EXILE:
        raise IllegalAction("the foretell cost is paid casting a foretold card from exile (702.143a)")
    if alt in GRAVEYARD_WAYS and o.zone is not Zones.GRAVEYARD:
        raise IllegalAction(f"{alt} casts a card from the graveyard")
    if alt in GRAVEYARD_WAYS and o.owner != action.player:
        raise IllegalAction(f"{alt} casts a card from its owner's graveyard")
    if o.zone is Zones.GRAVEYARD and alt != "alternative" and alt not in GRAVEYARD_WAYS and not during_resolution \
            and not cast_by_layout(o, action.player) and not may_play(o, action.player, s.turn, True) \
            and alternative_only(s, o, action.player):
        raise IllegalAction(f"{ch.name} is cast from the graveyard only for its alternative cost (118.9)")
    refused = way_refused(game, action.player, alt, ch.subtypes, o.id)
    if refused is not None:
        raise IllegalAction(refused)
    if alt != GRANTED_ALTERNATIVE:
        _alt_cost(d, alt, o, s.turn)
    # 702.37c: a card cast face down is a 2/2 creature spell with no abilities (flash included).
    instant_speed = at_instant_speed(s, action.player, o.id, ch) and alt != "face_down"
    if not instant_speed and not during_resolution and not sorcery_timing_ok(game, action.player):
        raise IllegalAction(f"{ch.name} can be cast only in your main phase when the stack is empty (307.1)")
    modes = action.modes if action.modes is not None else fused_modes(o)
    s.task = CastTask(player=action.player, card=o.id,
                      modes=list(modes) if modes is not None else None,
                      targets=targets_json(action.targets), x=action.x, kicked=int(action.kicked or 0), alt=alt,
                      buyback=bool(action.buyback), replicate=action.replicate or None,
                      divide=[list(x) for x in action.divide] if action.divide is not None else None,
                      pay=list(action.pay) if action.pay is not None else None, choices={},
                      during_resolution=during_resolution or None, if_not=if_not or None)
    s.pending = None
    advance_cast(game)


def advance_cast(game: "Game") -> None:
    """Walks the steps of 601.2, asking for whatever the action did not give."""
    s = game.state
    task: CastTask = s.task
    player = task.player
    o = s.objects[task.card]
    ch = characteristics(s, o.id)
    d = ch.definition
    source = source_of(o, ch, player, spell=True)
    source = bestowed_source(source) if task.alt == "bestow" else source
    # 702.96a, 702.148a: overload and cleave change the text: the changed text is the spell's second mode.
    changing = next((c.kind for c in d.costs if c.kind in TEXT_CHANGING_WAYS), None)
    if changing is not None and d.spell is not None and len(d.spell.modes) == 2:
        text = [1] if task.alt == changing else [0]
        if task.modes is not None and list(task.modes) != text:
            raise IllegalAction(f"{ch.name}'s text is changed only when it's cast for its {changing} cost")
        task.modes = text
    # 601.2b: modes
    if d.spell is not None and d.spell.modal:
        if task.modes is None:
            n = len(d.spell.modes)
            ask(game, player, "modes", f"Choose {'one' if d.spell.choose_max == 1 else 'modes'} for {ch.name}",
                list(range(n)), d.spell.choose_min, d.spell.choose_max, "mode",
                labels=[m.text for m in d.spell.modes])
            return
        modes = task.modes
        # 702.42a: with entwine, all the modes may be chosen for an additional cost.
        entwined = len(modes) == len(d.spell.modes) > d.spell.choose_max and any(c.kind == "entwine" for c in d.costs)
        task.entwined = entwined
        if not (d.spell.choose_min <= len(modes) <= d.spell.choose_max or entwined) or len(set(modes)) != len(modes) \
                or any(not 0 <= m < len(d.spell.modes) for m in modes):
            raise IllegalAction(f"choose {d.spell.choose_min} mode(s) of {ch.name}")
        # The modes happen in the order printed (608.2c), their targets in that order too.
        task.modes = sorted(modes)
    else:
        task.modes = [0]
    either = [c for c in d.costs if c.kind == "additional_choice"] if task.alt != "face_down" else []
    if either and "additional_choice" not in task.choices:
        # 601.2b: which of the additional costs it offers will be paid ("sacrifice a creature or pay {3}{B}")
        ask(game, player, "additional_choice", f"Choose the additional cost to pay for {ch.name}",
            list(range(len(either))), 1, 1, "additional_cost", labels=[c.cost.text for c in either])
        return
    multikicker = [c for c in d.costs if c.kind == "multikicker"]
    if task.kicked and not any(c.kind in OPTIONAL_ADDITIONAL for c in d.costs) and not multikicker:
        raise IllegalAction(f"{ch.name} has no kicker")
    kickers = [c for c in d.costs if c.kind == "kicker"]
    if task.kicked > 1 and not multikicker and not 0 <= task.kicked < 2 ** len(kickers):
        raise IllegalAction(f"{ch.name} is kicked once at most: it has no multikicker (702.33c)")
    spliced = _spliced(game, task, player, o, ch) if task.alt != "face_down" else []
    if spliced is None:
        return
    specs = chosen_target_specs(game, o, task.modes, task.kicked, bestow=task.alt == "bestow", mutate=task.alt == "mutate",
                                spliced=[def_key(s.objects[x]) for x in spliced])
    cost = d.mana_cost
    cost_extra = [c for c in d.costs if c.kind == "additional" or (c.kind in OPTIONAL_ADDITIONAL and task.kicked
                                                                    and c.kind != "kicker")
                  or (c.kind == "buyback" and task.buyback) or (c.kind == "entwine" and task.entwined)]
    # 702.33c: with two kicker abilities, `kicked` has the bit of each one paid
    cost_extra += [c for i, c in enumerate(kickers) if (task.kicked >> i & 1 if len(kickers) > 1 else task.kicked)]
    # 702.120a: escalate's cost once for each mode beyond the first.
    cost_extra += [c for c in d.costs if c.kind == "escalate"] * max(0, len(task.modes) - 1)
    cost_extra += multikicker * task.kicked          # 702.33c: the multikicker cost, as many times as kicked
    cost_extra += [either[int(task.choices["additional_choice"][0])]] if either else []
    if task.buyback and not any(c.kind == "buyback" for c in d.costs):
        raise IllegalAction(f"{ch.name} has no buyback")
    # 702.56a: the replicate cost any number of times
    replicate = [c for c in d.costs if c.kind == "replicate"]
    if task.replicate and not replicate:
        raise IllegalAction(f"{ch.name} has no replicate")
    cost_extra += replicate * (task.replicate or 0)
    # 702.47a: each spliced card's splice cost, an additional cost
    for x in spliced:
        kw = characteristics(s, x).keyword("splice")
        cost_extra.append(AdditionalCost("splice", kw.full_cost or Cost(mana=kw.cost)))
    if o.zone is Zones.GRAVEYARD and task.alt not in GRAVEYARD_WAYS and not task.during_resolution \
            and not cast_by_layout(o, player):
        # 601.3: cast by its own permission, "by paying 3 life and discarding a card in addition to ..."
        cost_extra += [AdditionalCost("additional", c) for c in permission_costs(s, o, player)]
    if task.alt == "face_down":
        cost_extra = []      # 702.37c: the face-down spell has no text: no additional costs
    granted = alternative_granted(game, o, player) if task.alt == GRANTED_ALTERNATIVE else None
    alt = AdditionalCost(GRANTED_ALTERNATIVE, Cost(mana=granted)) if granted is not None else \
        _alt_cost(d, task.alt, o, s.turn)
    if task.alt in ADDITIONAL_WAYS:
        cost_extra.append(alt)
        alt = None
    x_cost = cost
    if alt is not None and alt.kind != "flashback" and not alt.cost.mana.x_count:
        x_cost = ManaCost(())       # 107.3b: cast for an alternative cost without {X}, the X of its mana cost is 0
    for c in cost_extra:
        x_cost = x_cost.plus(c.cost.mana) if c.cost.mana.x_count else x_cost
    if cost.x_count and not x_cost.x_count and task.x and additional_x_most(game, player, o, [c.cost for c in cost_extra]) \
            is None:
        raise IllegalAction(f"X is 0: {ch.name} is cast without paying its mana cost {cost} (107.3b)")
    effects = [e for m in task.modes for e in d.spell.modes[m].effects] if d.spell is not None else []
    chosen = settle_choices(game, task, player, source, specs, x_cost, None, effects,
                            additional_x_most(game, player, o, [c.cost for c in cost_extra]))
    if chosen is None:
        return
    x, targets = chosen.x, chosen.targets
    # 601.2f: total cost
    total = cost.with_x(x) if cost.x_count else cost
    extras: list[Cost] = []
    if alt is not None:
        if task.alt == "flashback":
            alt = _pick_flashback(game, d, o, player, x, targets, specs, cost_extra)
        total = alt.cost.mana.with_x(x) if alt.cost.mana.x_count else alt.cost.mana
        extras.append(alt.cost)
    for c in cost_extra:
        total = total.plus(c.cost.mana.with_x(x))
        # "discard X cards", "pay X life": that many, X chosen (601.2b)
        extras.append(replace(c.cost, discard=x if c.cost.discard_x else c.cost.discard,
                              pay_life=x if c.cost.pay_life_x else c.cost.pay_life))
    extra = flash_permission(ch)
    if extra is not None and not (ch.is_type("Instant") or ch.has("flash")) and not task.during_resolution \
            and not sorcery_timing_ok(game, player):
        total = total.plus(extra)       # "as though it had flash if you pay {2} more to cast it"
    # 601.2f: cost increases then reductions (Fireball's extra targets, affinity, Thoughtcast).
    total = modify_spell_cost(game, o, d, total, targets, specs, player)
    if not choose_cost_objects(game, task, player, o, extras):
        return
    if task.alt == "emerge":
        # 702.119a: the emerge cost is reduced by the sacrificed creature's mana value.
        total = total.reduced_generic(sum(characteristics(s, x).mana_value
                                          for x in task.choices.get("cost.0.sacrifice", ())))
    if task.alt != "face_down" and ch.has("delve"):
        delved = _delve(game, task, player, o, total)
        if delved is None:
            return
        total = total.reduced_generic(delved)
    assist = _assist(game, task, player, total) if task.alt != "face_down" and ch.has("assist") else (None, 0, None)
    if assist is None:
        return
    total = total.reduced_generic(assist[1])
    helpers = helper_sources(game, player, {k.name for k in ch.keywords}, set(cost_objects(task))) \
        if task.alt != "face_down" else []
    # 106.6: restricted mana that may be spent on this spell; a spell cast face down or bestowed has other
    # characteristics than the card (708.4, 702.103d): none is spent on it
    kicker_paid = bool(task.kicked) and any(c.kind in ("kicker", "multikicker") for c in d.costs)
    spend_on = may_spend_on(game, player, "cast", o.id, kicker_paid) \
        if task.alt not in ("face_down", "bestow") else frozenset()
    # 609.4b: mana spent as though it were mana of any color (type): how the total cost may be paid
    total = spell_paid_as(game, player, o.id, total, statics=task.alt not in ("face_down", "bestow"))
    payment = plan_costs(game, task, player, total, extras, set(), helpers, spend_on)
    if not mana_trigger_choices_made(game, task, player, total, payment):
        return
    # Everything is decided and payable: carry it out.
    s.task = None
    _finish_cast(game, task, o, ch, chosen, total, payment, extras, assist)


def additional_x_most(game: "Game", player: int, o: GameObject, costs: list[Cost]) -> tuple[int, str] | None:
    """The most X the additional costs can be paid with, and why (601.2b, 601.2h): no more life than the player has
    (119.4), no more cards than they have to discard (the spell itself is on the stack, 601.2a)."""
    s = game.state
    most: list[tuple[int, str]] = []
    for c in costs:
        if c.pay_life_x:
            most.append((max(0, s.players[player].life), "you can't pay more life than you have (119.4)"))
        if c.discard_x:
            cards = [x for x in s.players[player].hand if x != o.id and
                     matches_ch(s, s.objects[x], characteristics(s, x), c.discard_filter, player, o.id)]
            most.append((len(cards), "you can't discard more cards than you have for the cost (601.2h)"))
    return min(most) if most else None


def _splices_onto(ch, spell) -> bool:
    """702.47a: whether a card with splice (`ch`) may be spliced onto this spell: an Arcane one, or an instant or
    sorcery one ("Splice onto instant or sorcery")."""
    kw = ch.keyword("splice")
    if kw is None:
        return False
    if kw.param == "arcane":
        return "Arcane" in spell.subtypes
    return spell.is_type("Instant") or spell.is_type("Sorcery")


def _spliced(game: "Game", task: CastTask, player: int, o: GameObject, ch) -> list[int] | None:
    """702.47a-b: the cards with splice the caster reveals from their hand as they cast the spell, in the order
    their effects will happen (after the spell's own); None when that choice is now asked."""
    s = game.state
    offered = [x for x in s.players[player].hand if x != o.id and _splices_onto(characteristics(s, x), ch)]
    if not offered:
        return []
    if "splice" not in task.choices:
        ask(game, player, "splice", f"Splice onto {ch.name}: reveal cards from your hand, in the order their effects "
            f"happen", offered, 0, len(offered), "splice")
        return None
    chosen = [int(x) for x in task.choices["splice"]]
    if len(set(chosen)) != len(chosen) or any(x not in offered for x in chosen):
        raise IllegalAction(f"splice onto {ch.name} cards with splice from your hand, each once (702.47a-b)")
    return chosen


def _assist(game: "Game", task: CastTask, player: int, total: ManaCost) -> tuple[int | None, int, Payment | None] | None:
    """702.132a: before the caster pays, another player they choose may pay any amount of the generic mana of
    the total cost. The helper, how much they pay and their payment; None when a choice is now asked."""
    s = game.state
    generic = total.generic()
    others = [p.index for p in s.players if p.index != player and not p.lost]
    if generic == 0 or not others:
        return None, 0, None
    if "assist" not in task.choices:
        ask(game, player, "assist", "Assist: choose another player who may pay generic mana of this spell's cost",
            [f"P{p}" for p in others], 0, 1, "player")
        return None
    if not task.choices["assist"]:
        return None, 0, None
    picked = str(task.choices["assist"][0])
    helper = int(picked[1:]) if picked[1:].isdigit() else -1
    if helper not in others:
        raise IllegalAction("assist: choose another player in the game (702.132a)")
    most = min(generic, max_x(game, helper, ManaCost.parse("{X}")))
    if "assist_amount" not in task.choices:
        ask(game, helper, "assist_amount", f"Assist: pay how much of the {generic} generic mana?",
            list(range(most + 1)), 1, 1, "assist", low=0, high=most)
        return None
    amount = int(task.choices["assist_amount"][0])
    if not 0 <= amount <= most:
        raise IllegalAction(f"assist: pay between 0 and {most} generic mana (702.132a)")
    if amount == 0:
        return helper, 0, None
    cost = ManaCost.parse("{%d}" % amount)
    payment = plan_payment(game, helper, cost, None)
    if not mana_trigger_choices_made(game, task, helper, cost, payment):
        return None
    return helper, amount, payment


def _delve(game: "Game", task: CastTask, player: int, o: GameObject, total: ManaCost) -> int | None:
    """702.66a: for each generic mana of the total cost, a card exiled from the caster's graveyard instead
    (chosen now, exiled as the costs are paid). How many; None when the choice is now asked."""
    graveyard = [x for x in game.state.players[player].graveyard if x != o.id]
    most = min(total.generic(), len(graveyard))
    if "delve" not in task.choices:
        if most == 0:
            task.choices["delve"] = []
        else:
            ask(game, player, "delve", f"Delve: exile up to {most} cards from your graveyard to pay {{1}} each",
                graveyard, 0, most, "exile")
            return None
    chosen = task.choices["delve"]
    if len(chosen) > most or len(set(chosen)) != len(chosen) or any(x not in graveyard for x in chosen):
        raise IllegalAction(f"delve exiles up to {most} cards from your graveyard")
    return len(chosen)


def _use_next_spell_rules(game: "Game", player: int, spell: int, info) -> None:
    """The effects "the next sorcery spell you cast this turn can be cast as though it had flash" / "... can't be
    countered" are used up by the first spell of that kind cast after them (at any time, with their permission or
    without it); that spell can't be countered (101.2), which it keeps while on the stack."""
    s = game.state
    ch = characteristics(s, spell)
    flash = next_spell_rules(s, player, spell, ch, "flash")
    uncounterable = next_spell_rules(s, player, spell, ch, "cant_be_countered")
    if uncounterable:
        info.event["cant_be_countered"] = True
    if flash or uncounterable:
        used = {e.id for e in flash + uncounterable}
        s.effects = [e for e in s.effects if e.id not in used]
        s.invalidate()


def _finish_cast(game: "Game", task: CastTask, o: GameObject, ch, chosen, total: ManaCost, payment: Payment | None,
                 extras: list[Cost], assist: tuple[int | None, int, Payment | None]) -> None:
    s = game.state
    player = task.player
    name = ch.name
    from_zone = o.zone.value
    # "If you cast it any time a sorcery couldn't have been cast" (307.1), as the stack was before it
    as_instant = not sorcery_timing_ok(game, player)
    note_cast(game, o)      # 903.8: the commander tax counts casts from the command zone
    if o.zone is Zones.GRAVEYARD and task.alt not in GRAVEYARD_WAYS and not task.during_resolution \
            and not cast_by_layout(o, player) and not may_play(o, player, s.turn, True):
        use_graveyard_permission(s, o, player)      # "During each of your turns, you may cast ..." used (601.3)
    # 601.2a: the card moves to the stack (done last here: the choices above were validated on the
    # card where it was, which changes nothing observable).
    new_id = move(game, o.id, Zones.STACK, controller=player, cause="cast", face_down=task.alt == "face_down")
    so = s.objects[new_id]
    info = StackInfo()
    info.modes = list(task.modes)
    info.targets = chosen.targets
    info.x = chosen.x
    info.kicked = int(task.kicked)
    info.alt = task.alt
    info.evoked = task.alt == "evoke"
    info.divide = chosen.divide
    info.cast_from = from_zone
    info.ability_kind = "spell"
    info.event = {"cast_step": s.step.value, "cast_turn_of": s.active}
    if as_instant:
        info.event["cast_as_instant"] = True
    if task.buyback:
        info.event["buyback"] = True     # 702.27a: it goes to its owner's hand as it resolves
    if task.replicate:
        info.event["replicate"] = task.replicate     # 702.56a: its cast trigger copies it that many times
    spliced = task.choices.get("splice", [])
    if spliced:
        # 702.47c: the spell has the spliced cards' rules text too, while it is on the stack; they stay in the hand
        info.event["spliced"] = [def_key(s.objects[x]) for x in spliced]
        game.emit(Event("reveal", {"player": player, "cards": list(spliced)},
                        f"{s.players[player].name} reveals {', '.join(characteristics(s, x).name for x in spliced)} "
                        f"and splices it onto {name}"))
    so.stack = info
    # 601.2g-h: mana abilities, then pay; the assisting player pays their part first (702.132a).
    helper, helped, helper_payment = assist
    if helper_payment is not None:
        info.paid_mana = execute_payment(game, helper, ManaCost.parse("{%d}" % helped), helper_payment, task.choices)
    if payment is not None:
        info.paid_mana += execute_payment(game, player, total, payment, task.choices)
        if payment.life:
            info.event["phyrexian_life"] = payment.life // 2   # Phyrexian symbols paid with life (compleated 702.150a)
    pay_other_costs(game, task, player, so, extras)
    for x in task.choices.get("delve", []):
        move(game, x, Zones.EXILE, cause="cost")        # 702.66a
    s.turn_log.setdefault("spells_cast", []).append(player)
    _use_next_spell_rules(game, player, new_id, info)
    # What "your first instant or sorcery spell each turn" counts (engine.query.trigger_events).
    s.turn_log.setdefault("casts", []).append({"player": player, "controller": player, "types": sorted(ch.types),
                                               "subtypes": sorted(ch.subtypes), "colors": sorted(ch.colors),
                                               "supertypes": sorted(ch.supertypes),       # historic (700.6)
                                               "mana_value": ch.mana_value,
                                               "card_id": so.card_id})    # "another red spell": not its own
    data = {"player": player, "object": new_id, "name": name, "card_id": so.card_id, "targets": chosen.targets,
            "from": from_zone, "nth": len(s.turn_log["spells_cast"]),
            "kicked": info.kicked}      # "if that spell was kicked" (702.33d), read after it has left the stack
    game.emit(Event("cast", data, f"{s.players[player].name} casts {name}" + targets_text(game, chosen.targets)))
    cast_self_triggers(game, new_id, data)
    if task.during_resolution:
        s.pending = None        # 608.2g: no player receives priority after it's cast; the next queued cast
        start_queued_cast(game)
    else:
        took_action(game, player)


def start_queued_cast(game: "Game") -> None:
    """Starts the casts the resolution just finished allowed (engine.effects.resolution_casts), one at a
    time: each asks its choices as any cast does; one that can't be cast leaves its card where the effect
    says."""
    s = game.state
    queue = s.turn_log.get(CAST_NOW)
    while queue and s.task is None:
        entry = queue.pop(0)
        card = entry["card"]
        if card not in s.objects:
            continue
        action = A.CastSpell(entry["player"], card, alt=entry["way"], x=0 if entry["way"] in FREE_WAYS else None)
        try:
            begin_cast(game, action, during_resolution=True, if_not=entry["if_not"])
        except IllegalAction as e:
            s.task = None
            s.pending = None
            name = characteristics(s, card).name
            game.emit(Event("not_cast", {"player": entry["player"], "object": card}, f"{name} isn't cast: {e}"))
            not_cast(game, card, entry["if_not"])


def cancel_cast(game: "Game") -> None:
    """Backing out of a cast (733): nothing was paid. A cast an effect offered isn't made: its card goes where
    the effect says, and the next queued cast starts."""
    s = game.state
    task = s.task
    s.task = None
    s.pending = None
    if isinstance(task, CastTask) and task.during_resolution:
        not_cast(game, task.card, task.if_not or "")
        start_queued_cast(game)
