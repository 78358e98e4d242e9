"""Activating an ability (602, loyalty abilities 606): where and when it may be activated (602.5), its
costs paid (602.2b), then the ability put on the stack, or resolved at once for a mana ability (605.3b).
The steps shared with casting (X, targets, division, cost choices) are in engine.rules.proposals."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import player_actions as A
from engine.core.abilities import ActivatedAbility
from engine.core.cards import activated_ref, CardDef, def_key as object_def_key
from engine.core.enums import Color, Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.mana import ManaCost, Payment
from engine.core.objects import GameObject
from engine.core.state import ActivateTask, ManaTask
from engine.query.amounts import check_condition_static
from engine.query.cost_modifiers import activation_mana_cost
from engine.query.layers import characteristics, matches_ch
from engine.query.targets import targets_text
from engine.board.damage import add_counters, remove_counters, source_info
from engine.board.primitives import discard, sacrifice, set_tapped, unattach
from engine.board.zones import create_ability_object, move
from engine.effects.payment import can_tap_for_cost, execute_payment, may_spend_on, summoning_sick
from engine.rules.combat import forbidden_in_every_zone, static_flag
from engine.rules.mana_abilities import run_mana_ability
from engine.rules.proposals import (Choices, ask, choose_cost_objects, mana_trigger_choices_made, pay_other_costs,
                                    plan_costs, settle_choices, source_of, targets_json)
from engine.rules.timing import only_as_a_sorcery, sorcery_timing_ok, split_second, took_action

if TYPE_CHECKING:
    from engine.game import Game

_TIMES = {1: "once", 2: "twice"}


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
    blocker = split_second(game) if not ab.is_mana_ability else None
    if blocker is not None:
        raise IllegalAction(f"{blocker} has split second: only mana abilities can be activated (702.61a)")
    if ab.from_graveyard:
        if o.zone is not Zones.GRAVEYARD or o.owner != action.player:
            raise IllegalAction(f"that ability of {ch.name} works only from your graveyard")
    elif ab.from_hand:
        if o.zone is not Zones.HAND or o.owner != action.player:
            raise IllegalAction(f"that ability of {ch.name} works only from your hand (702.29a)")
    else:
        if o.zone is not Zones.BATTLEFIELD:
            raise IllegalAction(f"{ch.name} is not on the battlefield")
        if o.controller != action.player and not ab.any_player:
            raise IllegalAction(f"you don't control {ch.name} (602.2)")
        if static_flag(game, o.id, "cant_activate"):
            raise IllegalAction(f"the activated abilities of {ch.name} can't be activated (602.5)")
        if not ab.is_mana_ability and static_flag(game, o.id, "cant_activate_nonmana"):
            raise IllegalAction(f"the activated abilities of {ch.name} other than mana abilities can't be activated (602.5)")
        if ab.cost.tap and static_flag(game, o.id, "cant_activate_tap"):
            raise IllegalAction(f"the activated abilities of {ch.name} with {{T}} in their costs can't be activated (602.5)")
    if (ab.from_graveyard or ab.from_hand) and forbidden_in_every_zone(game, o.id, ab.is_mana_ability):
        raise IllegalAction(f"the activated abilities of {ch.name} can't be activated (602.5)")     # a named card
    if only_as_a_sorcery(game, action.player, ab):
        if not sorcery_timing_ok(game, action.player):
            raise IllegalAction("this ability can be activated only as a sorcery (602.5d)")
    if ab.is_loyalty:
        used = s.turn_log.get("loyalty", [])
        if o.card_id in used:
            raise IllegalAction(f"a loyalty ability of {ch.name} was already activated this turn (606.3)")
    n = ab.times_per_turn
    if n and s.turn_log.get("once", []).count(f"{o.card_id}:{action.index}") >= n:
        raise IllegalAction(f"this ability can be activated only {_TIMES.get(n, f'{n} times')} each turn (602.5b)")
    if ab.condition is not None and not check_condition_static(s, o, ab.condition):
        raise IllegalAction("this ability's activation restriction isn't met (602.5b)")
    if ab.cost.tap and not can_tap_for_cost(game, o.id):
        raise IllegalAction(f"{ch.name} can't be tapped to pay the cost" +
                            (" (it is tapped)" if o.tapped else " (summoning sickness, 302.6)"))
    if ab.cost.untap and (not o.tapped or summoning_sick(ch, o)):
        raise IllegalAction(f"{ch.name} can't be untapped to pay the cost")
    if ab.cost.loyalty is not None and ab.cost.loyalty < 0 and o.counters.get("loyalty", 0) < -ab.cost.loyalty:
        raise IllegalAction(f"{ch.name} doesn't have enough loyalty")
    if ab.cost.sacrifice_grantor or ab.cost.unattach_grantor:
        why = _grantor_cost_error(game, o, ch, action.index, action.player)
        if why is not None:
            raise IllegalAction(why)
    if ab.cost.remove_counters and ab.cost.remove_from is None and o.counters.get(ab.cost.remove_counters[0], 0) < ab.cost.remove_counters[1]:
        # 118.3: a cost can't be paid without the resources: no counters to remove, no activation.
        raise IllegalAction(f"{ch.name} doesn't have {ab.cost.remove_counters[1]} {ab.cost.remove_counters[0]} "
                            f"counters to remove (118.3)")
    s.task = ActivateTask(player=action.player, source=o.id, index=action.index,
                          targets=targets_json(action.targets), x=action.x,
                          pay=list(action.pay) if action.pay is not None else None, choices={},
                          mana_choice=action.mana_choice,
                          modes=list(action.modes) if action.modes is not None else None)
    s.pending = None
    advance_activation(game)


def advance_activation(game: "Game") -> None:
    """Walks the steps of 602.2, asking for whatever the action did not give."""
    s = game.state
    task: ActivateTask = s.task
    player = task.player
    o = s.objects[task.source]
    ch = characteristics(s, o.id)
    ab = ch.activated[task.index]
    source = source_of(o, ch, player)
    if ab.modes:
        # 602.2b, 601.2b: a modal ability's mode is chosen first; its targets are that mode's (700.2a)
        if task.modes is None:
            ask(game, player, "modes", f"Choose one for {ch.name}'s ability", list(range(len(ab.modes))), 1, 1, "mode",
                labels=[m.text.replace("~", ch.name) for m in ab.modes])
            return
        if len(task.modes) != 1 or not 0 <= task.modes[0] < len(ab.modes):
            raise IllegalAction(f"choose one mode of {ch.name}'s ability (700.2a)")
    chosen_mode = ab.with_mode(task.modes)
    cost = ab.cost.mana
    x_kind = "loyalty" if ab.cost.loyalty_x else ab.cost.remove_counters_x
    x_counters = (x_kind, o.counters.get(x_kind, 0)) if x_kind else None
    if ab.cost.remove_all:
        task.x = x_counters[1]      # "Remove all charge counters": none chosen, every one of them removed
    most = None
    if ab.cost.sacrifice_x:
        # 118.3: no more permanents sacrificed than its controller has of that kind
        most = (sum(1 for c in s.battlefield if s.objects[c].controller == player and matches_ch(
            s, s.objects[c], characteristics(s, c), ab.cost.sacrifice, player, o.id)),
            "you can't pay the cost: not that many permanents of that kind to sacrifice (118.3)")
    if ab.cost.reveal_x or ab.cost.exile_x:
        # 118.3: no more cards revealed (exiled) than the hand (graveyard) holds of that kind
        zone, flt = (s.players[player].hand, ab.cost.reveal_from_hand) if ab.cost.reveal_x else \
            (s.players[player].graveyard, ab.cost.exile_from_graveyard)
        most = (sum(1 for c in zone if c != o.id and matches_ch(s, s.objects[c], characteristics(s, c), flt, player,
                                                               o.id)),
                "you can't pay the cost: not that many cards of that kind (118.3)")
    chosen = settle_choices(game, task, player, source, list(chosen_mode.mode.targets), cost, x_counters,
                            list(chosen_mode.mode.effects), most)
    if chosen is None:
        return
    total = activation_mana_cost(s, o, ab, chosen.x, player)
    if not choose_cost_objects(game, task, player, o, [ab.cost]):
        return
    # 602.2b: the source tapped for the cost doesn't also pay its mana.
    payment = plan_costs(game, task, player, total, [ab.cost], {o.id} if ab.cost.tap else set(), (),
                         may_spend_on(game, player, "activate", o.id))    # 106.6
    if not mana_trigger_choices_made(game, task, player, total, payment):
        return
    # Everything is decided and payable: carry it out.
    s.task = None
    _finish_activate(game, task, o, ch, ab, chosen, total, payment)


def _finish_activate(game: "Game", task: ActivateTask, o: GameObject, ch, ab: ActivatedAbility, chosen: Choices,
                     total: ManaCost, payment: Payment | None) -> None:
    s = game.state
    player = task.player
    targets, x = chosen.targets, chosen.x
    # 602.2b: pay the costs.
    if ab.cost.tap:
        set_tapped(game, o.id, True)
    if ab.cost.untap:
        set_tapped(game, o.id, False)
    if payment is not None:
        execute_payment(game, player, total, payment, task.choices)
    if ab.cost.loyalty is not None:
        # 606.4: the loyalty cost is paid by adding or removing loyalty counters.
        if ab.cost.loyalty > 0:
            add_counters(game, o.id, "loyalty", ab.cost.loyalty, by=player)
        elif ab.cost.loyalty < 0:
            remove_counters(game, o.id, "loyalty", -ab.cost.loyalty)
    if ab.cost.loyalty_x:
        remove_counters(game, o.id, "loyalty", x)
    if ab.is_loyalty:
        s.turn_log.setdefault("loyalty", []).append(o.card_id)
    if ab.times_per_turn:
        s.turn_log.setdefault("once", []).append(f"{o.card_id}:{task.index}")
    if ab.cost.remove_counters and ab.cost.remove_from is None:
        remove_counters(game, o.id, ab.cost.remove_counters[0], ab.cost.remove_counters[1])
    if ab.cost.remove_counters_x:
        remove_counters(game, o.id, ab.cost.remove_counters_x, x)
    if ab.cost.put_counters and ab.cost.put_on is None:
        add_counters(game, o.id, *ab.cost.put_counters, by=player)     # 118.3: a cost that puts counters on it
    lki = source_info(game, o.id) if o.zone is Zones.BATTLEFIELD else None
    paid = pay_other_costs(game, task, player, o, [ab.cost])
    src_name = ch.name
    ref = activated_ref(ab)
    if ref is not None:
        def_key, def_index, def_token = ref[0], ref[1], None
    else:
        def_key, def_index, def_token = object_def_key(o), _activated_index(ch.definition, ab), \
            (o.token if o.copy_of is None else None)
    grantor = grantor_of(ch, task.index)
    if ab.cost.unattach_grantor and grantor is not None:
        unattach(game, grantor)         # 701.3d
    if ab.cost.sacrifice_grantor and grantor is not None and grantor in s.objects:
        sacrifice(game, grantor)
    if ab.cost.sacrifice_self and o.id in s.objects:
        sacrifice(game, o.id)
    if ab.cost.discard_self and o.id in s.objects and o.zone is Zones.HAND:
        discard(game, o.id)
    if ab.cost.exile_self and o.id in s.objects:
        move(game, o.id, Zones.EXILE, cause="cost")      # from the zone the ability works from
    if ab.cost.return_self and o.id in s.objects and o.zone is Zones.BATTLEFIELD:
        move(game, o.id, Zones.HAND, cause="cost")
    if ab.is_mana_ability:
        # 605.3b: a mana ability resolves immediately; it doesn't use the stack.
        answers: dict[str, Any] = {}
        if task.mana_choice:
            choice = task.mana_choice
            answers["0.mana"] = [choice]
            if len(choice) == 1 and choice in "WUBRG":
                answers["0.color"] = [Color(choice).word]
        s.task = ManaTask(player=player, source=o.id, card_id=o.card_id, name=src_name, def_=def_key,
                          token=def_token, index=def_index, targets=targets, x=x, answers=answers, lki=lki,
                          effect=0, pool=dict(s.players[player].mana_pool))
        run_mana_ability(game)
        return
    # The ability remembers what the creature returned for its cost was attacking (ninjutsu 702.49c).
    event = {"attack_target": task.choices["attack_target"][0]} if "attack_target" in task.choices else {}
    event.update(paid)      # "the sacrificed creature's power", "the discarded card's mana value" (608.2h)
    ab_obj = create_ability_object(game, player, o, ch, "activated", def_index, targets, x, event, chosen.divide, lki,
                                   source_def=def_key, source_token=def_token)
    if ab.modes:
        s.objects[ab_obj].stack.modes = list(task.modes)       # the ability with that mode (ability_of)
    if ab.keyword == "cycling":
        # "whenever you cycle another card for the first time each turn" counts the cards each player cycled (702.29a)
        s.turn_log.setdefault("cycled", []).append([player, o.card_id])
    game.emit(Event("activate", {"player": player, "object": ab_obj, "source": o.id, "name": src_name},
                    f"{s.players[player].name} activates {src_name}'s ability" + targets_text(game, targets)))
    if ab.cost.crew:
        # 702.122b: each creature tapped to pay a crew cost crews the Vehicle
        for crew in task.choices.get("cost.0.tap", []):
            game.emit(Event("crews", {"object": o.id, "crew": crew, "player": player}, ""))
    took_action(game, player)


def grantor_of(ch, index: int) -> int | None:
    """The permanent that grants the object its activated ability `index` in quotes (613.1f: an Equipment's
    'Equipped creature has "{T}, Sacrifice this Equipment: ..."'), None for one of its own."""
    return ch.extra.get("granted_by", {}).get(index)


def _grantor_cost_error(game: "Game", o: GameObject, ch, index: int, player: int) -> str | None:
    """Why the cost "Sacrifice this Equipment" or "Unattach this Equipment" can't be paid (118.3), or None: the
    Equipment granting the ability must be there; only its controller can sacrifice it (701.21a); it is unattached
    from the object that has the ability (701.3d)."""
    s = game.state
    ab = ch.activated[index]
    grantor = grantor_of(ch, index)
    g = s.objects.get(grantor) if grantor is not None else None
    if g is None or g.zone is not Zones.BATTLEFIELD:
        return "the permanent granting that ability isn't on the battlefield (118.3)"
    if ab.cost.sacrifice_grantor and g.controller != player:
        return f"you don't control {characteristics(s, g.id).name}: you can't sacrifice it (701.21a)"
    if ab.cost.unattach_grantor and g.attached_to != o.id:
        return f"{characteristics(s, g.id).name} isn't attached to {ch.name} (701.3d)"
    return None


def _activated_index(d: CardDef, ab: ActivatedAbility) -> int:
    """Where the ability stands among its definition's activated abilities (by identity, then equality)."""
    for i, x in enumerate(d.activated):
        if x is ab:
            return i
    for i, x in enumerate(d.activated):
        if x == ab:
            return i
    return -1
