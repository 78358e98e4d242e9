"""The basic effects a resolving spell or ability carries out (608.2c, 609, 701): damage, destroy,
exile, bounce, counter, draw, discard, life, pumps and grants, tap, sacrifice, mana, tokens, counters,
mill, "if", "you may", tokens that copy a permanent (707.2, its `copy_of` like a Clone's). Each handler makes its choices through `res.ask` before it changes anything."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.board import zones
from engine.board.damage import add_counters, deal_damage, gain_life, lose_life
from engine.board.primitives import (add_effect, add_mana, copiable_key, counter_object, create_tokens, destroy,
                                     discard, last_copiable_key, sacrifice, set_tapped, tokens_to_create)
from engine.board.replacement import replacement_sources_last
from engine.board.zones import enter_attacking, sync_control, sync_copies
from engine.core import hooks
from engine.core.abilities import Amount, Condition, Filter, Keyword, Ref, with_x
from engine.core.cards import GRANTED_PREFIX, excepted_key
from engine.core.effect_types import (BOARD_COLORS, CHOSEN_COLOR, CHOSEN_TYPE_MARK, YOUR_LANDS_TYPE, AddMana, AddManaProduced, ApplyContinuous, BecomeChosenType, ChooseMode, Conditional, CounterSpell, CreateEmblem, CreateTokens,
                                      CreateDelayed, DONE_EVENTS, EACH_RECIPIENT, DealDamage, EachPlayerInTurn, Destroy, Discard, Draw, ExileEffect, ExileFromGraveyard, GainLife, Grant,
                                      GroupRule, IfDone, LoseLife, MAY_PLAYERS, MayDo, EachMayDo, Mill, Pump, PutCounters, PutOnLibrary, ReturnToHand,
                                      KeepAndSacrificeRest, RemoveFromCombat, ReturnChosen, Sacrifice, TapEffect, CreateTokenCopy, WithX,
                                      BecomeCopy)
from engine.core.enums import WORD_COLORS, Color, Zone
from engine.core.events import Event
from engine.core.mana import ManaCost
from engine.core.objects import is_player_ref
from engine.effects.payment import can_pay_mana, pay_mana_auto
from engine.effects.delayed_triggers import followed_objects
from engine.effects.entering import value_options
from engine.effects.library import ask_order
from engine.effects.resolution import Resolution
from engine.query.amounts import (check_condition, DEALT_THIS_WAY, DEALT_TO, DISCARDED, DONE_BY, HAND_LEFT, info_matches,
                                  moved_card, REVEALED, SACRIFICED)
from engine.query.layers import characteristics, filter_to_json, matches_ch
from engine.query.mana_colors import board_colors, permanent_colors
from engine.query.targets import attack_targets


def _deal_damage(res: Resolution, e: DealDamage) -> None:
    src = res.source()
    if e.unpreventable:
        src = {**src, "unpreventable": True}      # 615.12
    recipients = res.resolve_ref(e.to)
    if e.divided and res.divide:
        for r in recipients:
            share = res.divide.get(str(r), 0)
            # -1: the one target chosen gets all of it (601.2d), the amount known only now
            _dealt(res, r, deal_damage(res.game, src, r, res.amount(e.amount) if share == -1 else share))
        return
    n = res.amount(e.amount) if not e.per_recipient else 0
    for r in recipients:
        if e.per_recipient:
            res.answers[res.prefix + EACH_RECIPIENT] = [r]
            n = res.amount(e.amount)
        excess = _excess(res, src, r, n) if e.excess_to_controller else 0
        _dealt(res, r, deal_damage(res.game, src, r, n - excess))
        if excess:
            # 120.4a: the damage event modified first: the excess is dealt to the creature's controller instead
            controller = f"P{res.state.objects[r].controller}"
            _dealt(res, controller, deal_damage(res.game, src, controller, excess))


def _excess(res: Resolution, src: dict[str, Any], r: Any, n: int) -> int:
    """120.4a: the damage beyond lethal damage to a creature (the damage marked counted; any beyond 1 from a source with
    deathtouch, 702.2c), beyond a planeswalker's loyalty; with both card types, the greater."""
    if not isinstance(r, int) or r not in res.state.battlefield:
        return 0
    ch, o = characteristics(res.state, r), res.state.objects[r]
    excess = 0
    if ch.is_creature:
        lethal = max(0, (ch.toughness or 0) - o.damage)
        excess = n - (min(lethal, 1) if "deathtouch" in src.get("keywords", ()) else lethal)
    if ch.is_type("Planeswalker"):
        excess = max(excess, n - o.counters.get("loyalty", 0))
    return max(0, min(n, excess))


def _each_player_in_turn(res: Resolution, e: EachPlayerInTurn) -> None:
    """101.4: in APNAP order, each player's own instructions, "they" being that player."""
    for p in res.players(e.who):
        res.answers[res.prefix + EACH_RECIPIENT] = [f"P{p}"]
        for sub in e.effects:
            hooks.HANDLERS[type(sub)](res, sub)


def _dealt(res: Resolution, recipient: Any, dealt: int) -> None:
    res.answers[DEALT_THIS_WAY] = res.answers.get(DEALT_THIS_WAY, 0) + dealt
    if dealt:
        res.answers.setdefault(DEALT_TO, []).append(recipient)




def _destroy(res: Resolution, e: Destroy) -> None:
    with zones.simultaneously(res.game):
        for oid in replacement_sources_last(res.game, res.objects(e.what)):
            if oid not in res.state.objects:
                continue        # gone already: an Aura destroyed instead of its creature (totem armor, 702.89a)
            types = sorted(characteristics(res.state, oid).types)
            controller = res.state.objects[oid].controller
            if destroy(res.game, oid, regenerate=not e.no_regenerate):
                res.answers[DESTROYED_THIS_WAY] = res.answers.get(DESTROYED_THIS_WAY, []) + [types]
                res.answers[DESTROYED_CONTROLLERS] = res.answers.get(DESTROYED_CONTROLLERS, []) + [controller]


# answers key: the card types of each permanent the resolution's destroy instructions destroyed, as it last existed
# on the battlefield ("for each creature destroyed this way", 701.8a)
DESTROYED_THIS_WAY = "destroyed_this_way"
# answers key: the controller of each of them as it last existed, in the same order ("its controller creates ...")
DESTROYED_CONTROLLERS = "destroyed_controllers"


def _exile(res: Resolution, e: ExileEffect) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            new = zones.move(res.game, oid, Zone.EXILE, cause="exile")
            if e.counters is not None and new is not None:
                add_counters(res.game, new, *e.counters, by=res.controller)
                if e.counters[0] == "time" and characteristics(res.state, new).has("suspend"):
                    res.state.writable(new).chosen["suspended"] = True     # 702.62b: it is suspended


def _bounce(res: Resolution, e: ReturnToHand) -> None:
    for oid in res.objects(e.what):
        if oid in res.state.objects:
            zones.move(res.game, oid, Zone.HAND, cause="bounce")


def _put_on_library(res: Resolution, e: PutOnLibrary) -> None:
    objects = [oid for oid in res.objects(e.what) if oid in res.state.objects]
    if len(objects) > 1 and not e.depth and not e.owner_chooses:
        # 401.4: cards put on top of (or on the bottom of) one library at once are ordered by their owner, from
        # the top down; each card put on top goes above the ones before it, so those are put in reverse
        by_owner: dict[int, list[int]] = {}
        for oid in objects:
            by_owner.setdefault(res.state.objects[oid].owner, []).append(oid)
        objects = []
        for owner, cards in by_owner.items():
            order = ask_order(res, f"library_order{owner}", res.controller if e.controller_orders else owner, cards,
                              "Choose the next card, from the top down")
            objects += reversed(order) if e.top else order
    for oid in objects:
        if oid in res.state.objects:
            owner = res.state.objects[oid].owner
            lib = res.state.players[owner].library
            depth = res.amount(e.depth)
            position = max(0, len(lib) - depth) if e.depth else None     # the list ends with the top card
            top = e.top
            if e.owner_chooses:
                name = characteristics(res.state, oid).name
                top = res.ask(f"top_or_bottom{oid}", owner, f"Put {name} on the top or the bottom of your library?",
                              ["top", "bottom"], 1, 1, "top_or_bottom") == ["top"]
            zones.move(res.game, oid, Zone.LIBRARY, top=top, cause="library", position=position)


def _counter(res: Resolution, e: CounterSpell) -> None:
    for oid in res.objects(e.what):
        o = res.state.objects.get(oid)
        if o is None or o.zone is not Zone.STACK:
            continue
        if e.unless_pay is not None or e.unless_x or e.unless_amount is not None:
            # 107.3: an {X} in the cost to pay is the X chosen for this spell.
            cost = e.unless_pay.with_x(res.x) if e.unless_pay is not None else ManaCost((str(res.x),) if res.x else ())
            if e.unless_amount is not None:
                n = res.amount(e.unless_amount)
                cost = ManaCost((str(n),) if n else ())
            payer = o.controller
            if can_pay_mana(res.game, payer, cost) and not cost.is_empty():
                if res.ask_yes_no(f"unless{oid}", payer, f"Pay {cost} so that {o.name} isn't countered?"):
                    pay_mana_auto(res.game, payer, cost, res)
                    continue
            elif cost.is_empty():
                continue
        counter_object(res.game, oid, e.to)


# "that many" read for each player on their own: the cards that player discarded, or those their hand lost
EACH_OWN = ("discarded_by_each", "hand_left_by_each")


def _draw(res: Resolution, e: Draw) -> None:
    if e.up_to:
        _draw_up_to(res, e)
        return
    a = e.amount
    each_own = a.kind in EACH_OWN or (a.base is not None and a.base.kind in EACH_OWN)
    n = 0 if each_own else res.amount(a)
    for p in res.players(e.who):
        if each_own:
            # "Each player discards their hand, then draws that many cards": the number that player discarded (or
            # shuffled away: EACH_OWN)
            res.answers[res.prefix + EACH_RECIPIENT] = [f"P{p}"]
            n = res.amount(a)
        res.draw(f"draw{p}", p, n)


def _draw_up_to(res: Resolution, e: Draw) -> None:
    """ "Each player draws up to seven cards": each player chooses how many in turn order, then they draw (101.4)."""
    most = res.amount(e.amount)
    players = res.players(e.who)
    counts = [res.ask(f"draw_up_to{p}", p, f"How many cards do you draw (up to {most})?", list(range(most + 1)), 1, 1,
                      "number", data={"low": 0, "high": most})[0] if most > 0 else 0 for p in players]
    for p, n in zip(players, counts):
        res.draw(f"draw{p}", p, n)


# answers key: how many cards the resolution's last discard instruction discarded
DISCARDED_THIS_WAY = "discarded_this_way"


def _discard(res: Resolution, e: Discard) -> None:
    s = res.state
    # Every player's choice is made before any card is discarded (the handler may be re-entered).
    plan: list[int] = []
    done_by: dict[str, int] = {}
    for p in res.players(e.who):
        hand = list(s.players[p].hand)
        if e.among_revealed:
            hand = [h for h in hand if h in res.answers.get(REVEALED, ())]
        if e.filter is not None:
            # "a card with that name": the name chosen for the source (its `chosen`), so the source is passed
            hand = [h for h in hand if matches_ch(s, s.objects[h], characteristics(s, h), e.filter, res.controller,
                                                  res.source_id)]
        n = res.amount(e.amount)
        if e.keep:
            # "choose X cards in your hand and discard the rest": the player keeps that many (all, if they have no
            # more), every other card is discarded (701.9a)
            k = max(0, min(n, len(hand)))
            kept = hand if k == len(hand) else [] if k == 0 else res.ask(
                f"keep{p}", p, f"Choose {k} card{'s' if k != 1 else ''} to keep", hand, k, k, "keep")
            chosen = [h for h in hand if h not in kept]
        elif n >= 99 and not e.up_to:
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
            chosen = res.ask(f"discard{p}", chooser, f"Choose {'up to ' if e.up_to else ''}{k} card{'s' if k != 1 else ''}"
                             " to discard", hand, 0 if e.up_to else k, k, "discard")
        plan.extend(chosen)
        done_by[str(p)] = len(chosen)
    plan = [oid for oid in plan if oid in s.objects]
    res.answers[DISCARDED] = [zones.describe(res.game, oid) for oid in plan]     # "the discarded card's mana value"
    for oid in plan:
        discard(res.game, oid)
    res.answers[DISCARDED_THIS_WAY] = len(plan)       # "then draw that many cards"
    res.answers[DONE_BY] = done_by                    # "Each opponent who can't loses 3 life"


def _gain(res: Resolution, e: GainLife) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        gain_life(res.game, p, n)


def _lose(res: Resolution, e: LoseLife) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        lose_life(res.game, p, n)


def _pump(res: Resolution, e: Pump) -> None:
    # 400.7j: "put target creature card ... onto the battlefield under your control. It gets +2/+0"
    ids = followed_objects(res, e.what)
    if not ids:
        return
    p, t = res.amount(e.power), res.amount(e.toughness)
    # 611.2c: the set of affected objects is locked in as the effect begins.
    add_effect(res.game, res, ids, {"kind": "pump", "power": p, "toughness": t}, e.duration)


def _grant(res: Resolution, e: Grant) -> None:
    # 400.7j: "return target creature card ... to the battlefield. That creature gains haste."
    ids = followed_objects(res, e.what)
    if ids:
        add_effect(res.game, res, ids, {"kind": "grant", "keywords": [k.text for k in e.keywords]}, e.duration)


def _settle_args(res: Resolution, params: dict) -> None:
    """A combat rule's arguments as the effect begins: the creature it must block or can't block ("blocks ~ this turn
    if able", "can't block ~ this turn", engine.rules.combat), and a filter ("can't be blocked this turn except by
    Walls") kept as plain JSON in the state."""
    if isinstance(params.get("attacker"), Ref):
        params["args"] = res.objects(params.pop("attacker"))[:1]
    if isinstance(params.get("args"), tuple):
        params["args"] = [filter_to_json(a) if isinstance(a, Filter) else a for a in params["args"]]


def _apply_continuous(res: Resolution, e: ApplyContinuous) -> None:
    # 400.7j: "put target creature card ... onto the battlefield. That creature is a black Zombie ..."
    ids = followed_objects(res, e.what)
    if not ids:
        return
    params = dict(e.params)
    _settle_args(res, params)
    for k in ("power", "toughness"):
        if isinstance(params.get(k), Amount):
            # "becomes an X/X creature": the value is locked in as the effect begins (608.2h)
            params[k] = res.amount(params[k])
    if params.get("kind") == "control" and "player" not in params:
        params["player"] = res.controller
    if isinstance(params.get("player"), Ref):
        players = res.players(params["player"])
        if not players:
            return          # no player to gain control (608.2b: an illegal target)
        params["player"] = players[0]
    if params.get("kind") == "grant":
        # the state keeps a granted keyword as its text (plain JSON), which names the compiled value
        params["keywords"] = [k.text if isinstance(k, Keyword) else k for k in params["keywords"]]
    add_effect(res.game, res, ids, params, e.duration)
    if params.get("kind") == "control":
        sync_control(res.game)


def _group_rule(res: Resolution, e: GroupRule) -> None:
    # 611.2c: no objects are locked in; the group is found as the rule is applied, one effect per player named
    params = {**dict(e.params), "filter": filter_to_json(e.filter)}
    _settle_args(res, params)
    named = res.named_before(e.filter)
    if named:
        # a spell's "other creatures can't attack this turn": other than its targets (Intimidation Bolt)
        params["except"] = sorted(named)
    if e.of_player is None:
        add_effect(res.game, res, None, params, e.duration)
        return
    for p in res.players(e.of_player):
        add_effect(res.game, res, None, {**params, "of_player": p}, e.duration)


def _become_chosen_type(res: Resolution, e: BecomeChosenType) -> None:
    ids = res.objects(e.what)
    if not ids:
        return
    if e.kind in ("colors", "color"):
        most = 1 if e.kind == "color" else len(WORD_COLORS)
        words = res.ask("colors", res.controller, "Choose a color" if most == 1 else "Choose one or more colors",
                        list(WORD_COLORS), 1, most, "colors")
        # 105.2, 613.1e: the new colors replace its colors (layer 5)
        add_effect(res.game, res, ids, {"kind": "set_colors", "colors": [WORD_COLORS[w].value for w in words]},
                   e.duration)
        return
    if e.kind == "basic_land_type":
        options = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    else:
        options = [t for t in value_options(res.state, "creature_type", res.controller) if t not in e.excluded]
    pick = res.ask("type", res.controller, "Choose a " + e.kind.replace("_", " "), options, 1, 1, e.kind)
    # 305.7: a land's new basic land type replaces its land types, unless "in addition to its other types"; 205.1a: a
    # creature type replaces its creature types
    add_effect(res.game, res, ids, {"kind": "add_types" if e.in_addition else "set_types", "subtypes": [pick[0]]},
               e.duration)


def _tap(res: Resolution, e: TapEffect) -> None:
    ids = list(res.objects(e.what))
    tapped_before = {oid: res.state.objects[oid].tapped for oid in ids}
    for oid in ids:
        set_tapped(res.game, oid, not tapped_before[oid] if e.toggle else not e.untap)


def _remove_from_combat(res: Resolution, e: RemoveFromCombat) -> None:
    s = res.state
    for oid in res.objects(e.what):
        if s.combat is not None and oid in s.battlefield and (oid in s.combat.attackers or oid in s.combat.blockers):
            zones.remove_from_combat(res.game, oid)       # 506.4
            s.invalidate()          # "attacking creatures get ...": no longer one of them
            res.game.emit(Event("removed_from_combat", {"object": oid},
                                f"{characteristics(s, oid).name} is removed from combat"))


def _sacrifice(res: Resolution, e: Sacrifice) -> None:
    s = res.state
    plan: list[int] = []
    done_by: dict[str, int] = {}
    for p in res.players(e.who):
        mine = [o for o in s.battlefield if s.objects[o].controller == p and
                matches_ch(s, s.objects[o], characteristics(s, o), e.filter, p, res.source_id)]
        n = min(res.amount(e.amount), len(mine))
        chosen = res.ask(f"sac{p}", p, f"Choose {n} to sacrifice", mine, n, n, "sacrifice")
        plan.extend(chosen)
        done_by[str(p)] = len(chosen)
    for oid in plan:
        if oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD:
            sacrifice(res.game, oid)
    res.answers[SACRIFICED] = plan
    res.answers[DONE_BY] = done_by


def _keep_and_sacrifice_rest(res: Resolution, e: KeepAndSacrificeRest) -> None:
    s = res.state
    rest: list[int] = []
    for p in res.players(e.who):
        pool = [o for o in s.battlefield if s.objects[o].controller == p and
                matches_ch(s, s.objects[o], characteristics(s, o), e.among, p, res.source_id)]
        kept: set[int] = set()
        n = min(e.count, len(pool))
        if n:
            kept.update(res.ask(f"keep{p}", p, f"Choose {'up to ' if e.up_to else ''}{n} to keep", pool,
                                0 if e.up_to else n, n, "keep"))
        for i, f in enumerate(e.keep):
            options = [o for o in pool if matches_ch(s, s.objects[o], characteristics(s, o), f, p, res.source_id)]
            if options:
                kept.update(res.ask(f"keep{p}_{i}", p, "Choose one to keep", options, 1, 1, "keep"))
        rest.extend(o for o in pool if o not in kept)
    for oid in replacement_sources_last(res.game, rest):
        if oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD:
            sacrifice(res.game, oid)
    res.answers[SACRIFICED] = rest


def _add_mana(res: Resolution, e: AddMana) -> None:
    n = res.amount(e.amount)
    if e.combination and e.distinct:
        # "two mana of different colors" (106.1a): each a color not chosen before it, one at a time
        letters = ""
        for i in range(max(0, min(n, len(e.combination)))):
            left = [c for c in e.combination if c not in letters]
            letters += (left[0] if len(left) == 1 else res.ask(f"mana{i}", res.controller,
                                                               f"Choose the mana to add ({i + 1} of {n})", left, 1, 1,
                                                               "mana")[0]) * e.per_color
    elif e.combination:
        # 106.1a: each mana's color among those, chosen one at a time
        letters = "".join(e.combination if len(e.combination) == 1 else
                          res.ask(f"mana{i}", res.controller, f"Choose the mana to add ({i + 1} of {n})",
                                  list(e.combination), 1, 1, "mana")[0] for i in range(max(0, n)))
    elif e.each_color_among is not None:
        letters = permanent_colors(res.state, res.controller, e.each_color_among, res.source_id) * n
    elif e.one_color_among is not None:
        colors = permanent_colors(res.state, res.controller, e.one_color_among, res.source_id)
        if not colors:
            return
        words = [Color(c).word for c in colors]
        pick = words if len(words) == 1 else res.ask("color", res.controller, "Choose a color", words, 1, 1, "color")
        letters = WORD_COLORS[pick[0]].value * n
    elif e.choice:
        options = list(e.choice)
        if CHOSEN_COLOR in e.choice:
            # "{G} or one mana of the chosen color": the color this permanent's controller chose as it entered (614.12)
            source = res.source_object()
            chosen = source.chosen.get("color", "") if source is not None else ""
            options = list(dict.fromkeys(x for o in options if (x := o.replace(CHOSEN_COLOR, chosen))))
        pick = res.ask("mana", res.controller, "Choose the mana to add", options, 1, 1, "mana")
        letters = pick[0] * n
    elif "A" in e.mana:
        color = res.ask("color", res.controller, "Choose a color", ["white", "blue", "black", "red", "green"],
                        1, 1, "color")
        if e.amount.kind == "devotion" and e.amount.counter == "A":
            n = res.amount(replace(e.amount, counter=WORD_COLORS[color[0]].value))    # devotion to that color (700.5)
        letters = e.mana.replace("A", WORD_COLORS[color[0]].value) * n
    elif e.mana == YOUR_LANDS_TYPE:
        # 106.7: a type (a color or colorless) one of those lands could produce; none, no mana
        types = list(board_colors(res.state, res.controller, e.mana))
        if not types:
            return
        letters = (types if len(types) == 1 else res.ask("mana", res.controller, "Choose the mana to add", types,
                                                         1, 1, "mana"))[0] * n
    elif e.mana in BOARD_COLORS:
        # 106.7, 903.4f: no color to choose among, no mana
        allowed = [Color(c).word for c in board_colors(res.state, res.controller, e.mana)]
        if not allowed:
            return
        color = allowed if len(allowed) == 1 else res.ask("color", res.controller, "Choose a color", allowed, 1, 1, "color")
        letters = WORD_COLORS[color[0]].value * n
    else:
        letters = e.mana * n
    if CHOSEN_COLOR in letters:
        # 614.12: the color chosen as the source entered; none chosen (a copy that entered unasked), no mana
        source = res.source_object()
        letters = letters.replace(CHOSEN_COLOR, source.chosen.get("color", "") if source is not None else "")
    restriction = e.spend_only.text if e.spend_only is not None else ""
    if e.spend_only is not None and e.spend_only.spells is not None and any(
            f.chosen == "creature_type" for f in (e.spend_only.spells, *e.spend_only.spells.any_of)):
        # 106.6: "to cast a creature spell of the chosen type": the type chosen for this mana's source as it entered
        # (614.12), kept with the mana (engine.effects.payment.may_spend_on); none chosen, no spell of it
        source = res.source_object()
        restriction += CHOSEN_TYPE_MARK + ((source.chosen.get("creature_type") or "") if source is not None else "")
    add_mana(res.game, res.controller, letters, restriction, snow=_snow_source(res))
    if e.kept:
        # 500.4: this mana stays in the pool as steps and phases end, until the turn ends (engine.loop.turn)
        kept = res.state.turn_log.setdefault("kept_mana", {}).setdefault(str(res.controller), {})
        for c in letters:
            kept[c] = kept.get(c, 0) + 1


def _snow_source(res: Resolution) -> bool:
    """Whether the source of the mana is a snow permanent or spell (107.4h), as it last existed if it left (a
    snow land sacrificed for mana)."""
    source = res.source_object()
    if source is not None:
        return "Snow" in characteristics(res.state, source.id).supertypes
    return "Snow" in (res.source_lki or {}).get("supertypes", ())


def _add_mana_produced(res: Resolution, e: AddManaProduced) -> None:
    kinds = list(dict.fromkeys(res.event.get("mana", "")))
    if not kinds:
        return          # it produced no mana: there is no type to add
    pick = kinds if len(kinds) == 1 else res.ask("mana", res.controller, "Choose the type of mana to add", kinds,
                                                 1, 1, "mana")
    add_mana(res.game, res.controller, pick[0])


def _create_emblem(res: Resolution, e: CreateEmblem) -> None:
    """114.1-114.4: the emblem goes to the command zone; its abilities work there (engine.query.trigger_events)."""
    for p in res.players(e.who):
        o = zones.create_object(res.game, GRANTED_PREFIX + e.text, p, Zone.COMMAND)
        o.controller = p
        o.chosen["emblem"] = True
        res.state.invalidate()
        res.game.emit(Event("emblem", {"player": p, "object": o.id, "text": e.text},
                            f"{res.state.players[p].name} gets an emblem with \"{e.text}\""))


def _create_tokens(res: Resolution, e: CreateTokens) -> None:
    n = res.amount(e.amount)
    spec = dict(e.spec)
    if e.x is not None:
        x = res.amount(e.x)
        spec.update({k: x for k in ("power", "toughness") if spec.get(k) == "x"})
    # "Its power is equal to that creature's power ...": read as the token is created (111.3, 608.2h)
    spec.update({k: res.amount(v) for k, v in spec.items() if k in ("power", "toughness") and isinstance(v, Amount)})
    players = res.players(e.who)
    attacking: Any = None
    if e.attacking:
        attacking = choose_attack_for_entering(res, players)
    for p in players:
        for oid in create_tokens(res.game, spec, p, tokens_to_create(res.game, p, n), tapped=e.tapped):
            res.created.append(oid)
            if attacking is not None and p == res.state.active:
                enter_attacking(res.game, oid, attacking)


def _put_counters(res: Resolution, e: PutCounters) -> None:
    if e.up_to:
        _put_counters_up_to(res, e)
        return
    if e.amount.kind == "counters_on" and e.amount.ref == e.what:
        # 701.10e: "double the number of +1/+1 counters on each of them": each gets as many as it has itself
        for oid in res.objects(e.what):
            add_counters(res.game, oid, e.kind, res.state.objects[oid].counters.get(e.amount.counter, 0) * e.amount.multiplier,
                         by=res.controller)
        return
    n = res.amount(e.amount)
    if e.divided and res.divide:
        # 601.2d: each target gets its share of the division (-1: the one target chosen, all of them)
        for oid in res.objects(e.what):
            share = res.divide.get(str(oid), 0)
            add_counters(res.game, oid, e.kind, n if share == -1 else share, by=res.controller)
        return
    # 400.7j: "return target creature card ... to the battlefield. Put a +1/+1 counter on it"
    for oid in followed_objects(res, e.what):
        add_counters(res.game, oid, e.kind, n, by=res.controller)


def _put_counters_up_to(res: Resolution, e: PutCounters) -> None:
    """ "Put up to X +1/+0 counters on ~. This ability can't cause the total number of +1/+0 counters on ~ to be greater
    than seven": its controller chooses how many as it resolves (608.2d), no more than would bring the total past the
    limit."""
    for oid in followed_objects(res, e.what):
        high = res.amount(e.amount)
        if e.at_most:
            high = min(high, max(0, e.at_most - res.state.objects[oid].counters.get(e.kind, 0)))
        if high <= 0:
            continue
        n = res.ask(f"up_to{oid}", res.controller, f"How many {e.kind} counters?", list(range(high + 1)), 1, 1,
                    "number", data={"low": 0, "high": high})
        add_counters(res.game, oid, e.kind, n[0], by=res.controller)


def _mill(res: Resolution, e: Mill) -> None:
    n = res.amount(e.amount)
    for p in res.players(e.who):
        zones.mill(res.game, p, n, Zone.EXILE if e.exile else Zone.GRAVEYARD)


def _conditional(res: Resolution, e: Conditional) -> None:
    branch = e.then if check_condition(res, e.condition) else e.otherwise
    prefix = res.prefix
    for i, sub in enumerate(branch):
        res.prefix = f"{prefix}c{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


def _with_x(res: Resolution, e: WithX) -> None:
    """608.2h: the amount "where X is" names, read as the instruction begins, is the X of its descriptions."""
    prefix = res.prefix
    res.prefix = f"{prefix}x."
    effect = with_x(e.effect, res.amount(e.x))
    hooks.HANDLERS[type(effect)](res, effect)
    res.prefix = prefix


def _whole_possible(res: Resolution, e: Any, player: int) -> bool:
    """608.2d: "you may sacrifice two Foods", "you may discard two cards": an option the player can't carry out in
    full isn't one they may choose (Giant Opportunity's and Thrilling Discovery's rulings)."""
    s = res.state
    if isinstance(e, Sacrifice):
        have = sum(1 for o in s.battlefield if s.objects[o].controller == player
                   and matches_ch(s, s.objects[o], characteristics(s, o), e.filter, player, res.source_id))
    elif isinstance(e, Discard) and not e.up_to and not e.among_revealed and not e.keep:
        have = sum(1 for h in s.players[player].hand if e.filter is None
                   or matches_ch(s, s.objects[h], characteristics(s, h), e.filter, res.controller, None))
    elif isinstance(e, ExileFromGraveyard):
        # "you may exile two cards from your graveyard" (Young Necromancer): from the graveyard of the player asked
        if res.players(e.who) != [player]:
            return True
        have = sum(1 for c in s.players[player].graveyard
                   if matches_ch(s, s.objects[c], characteristics(s, c), e.filter, player, res.source_id))
        return e.amount < 2 or have >= e.amount
    elif isinstance(e, ReturnChosen):
        # "sacrifice it unless you return two Forests you control to their owner's hand" (Bull Elephant)
        if res.players(e.who) != [player]:
            return True
        have = sum(1 for o in s.battlefield if s.objects[o].controller == player
                   and matches_ch(s, s.objects[o], characteristics(s, o), e.filter, player, res.source_id))
        return e.amount < 2 or have >= e.amount
    elif isinstance(e, Mill):
        # 701.13b: a player can't choose to mill more cards than their library holds ("unless you mill two cards")
        if res.players(e.who) != [player]:
            return True
        have = len(s.players[player].library)
    else:
        return True
    n = res.amount(e.amount)
    # one object: a yes with none is allowed and does nothing, which "If you do" reads (IfDone)
    return n < 2 or n >= 99 or have >= n


def _may(res: Resolution, e: MayDo) -> None:
    who = res.players(e.who)
    player = who[0] if who else res.controller
    # the action itself, without the reflexive ability "When you do, ..." creates (603.12)
    action = [x for x in e.effects if not isinstance(x, CreateDelayed)]
    if len(action) == 1 and not _whole_possible(res, action[0], player):
        return
    if not res.ask_yes_no("may", player, e.prompt or "Do it?"):
        return
    prefix = res.prefix
    for i, sub in enumerate(e.effects):
        res.prefix = f"{prefix}m{i}."
        hooks.HANDLERS[type(sub)](res, sub)
    res.prefix = prefix


def _each_may(res: Resolution, e: EachMayDo) -> None:
    """101.4: every player of `who` decides in APNAP order, then those who said yes carry the instructions out
    together. How many instructions are done is kept in the answers, as IfDone's: a resolution resumed for a choice
    an instruction asks doesn't carry out the ones before it again."""
    yes = [f"P{p}" for p in res.players(e.who) if res.ask_yes_no(f"may{p}", p, "Do it?")]
    prefix = res.prefix
    progress = prefix + "each_may.followed"
    for i in range(res.answers.get(progress, [0])[0], len(e.effects)):
        res.prefix = f"{prefix}m{i}."
        res.answers[res.prefix + MAY_PLAYERS] = yes
        hooks.HANDLERS[type(e.effects[i])](res, e.effects[i])
        res.answers[progress] = [i + 1]
    res.prefix = prefix


def _if_done(res: Resolution, e: IfDone) -> None:
    """608.2c: whether the instruction was carried out is told by the events it made. That, and how many of the
    follow-up's instructions are done, are kept in the answers: a resolution resumed for a choice the follow-up
    asks carries out neither the instruction nor the instructions before that choice again."""
    key = res.prefix + "done"
    prefix = res.prefix
    if key not in res.answers:
        start = len(res.game.events)
        res.prefix = prefix + "a."
        hooks.HANDLERS[type(e.action)](res, e.action)
        res.prefix = prefix
        # "You may discard a card. If you don't, ...": the instruction the player may carry out
        done = e.action.effects[0] if isinstance(e.action, MayDo) else e.action
        shows = tuple(k for m in done.modes for k in DONE_EVENTS[type(m[0]).__name__]) \
            if isinstance(done, ChooseMode) else DONE_EVENTS[type(done).__name__]
        # "Discard your hand. If you do, ...": done even with no card in it (Moonveil Regent's ruling)
        whole_hand = isinstance(e.action, Discard) and e.action.amount == Amount.const(99) \
            and e.action.filter is None and not e.action.up_to
        res.answers[key] = [whole_hand or any(ev.kind in shows or f"{ev.kind}:{ev.data.get('cause')}" in shows
                                              for ev in res.game.events[start:])]
    branch = e.then if res.answers[key][0] else e.otherwise
    progress = key + ".followed"
    for i in range(res.answers.get(progress, [0])[0], len(branch)):
        res.prefix = f"{prefix}d{i}."
        hooks.HANDLERS[type(branch[i])](res, branch[i])
        res.answers[progress] = [i + 1]
    res.prefix = prefix


def _copiable_values(res: Resolution, what: Ref) -> list[tuple[int, str, str]]:
    """The copiable values (707.2) of what `what` names, each as (its object's id, its definition key, its name): a
    permanent as it is, one that has left the battlefield as it last existed there (608.2h)."""
    s = res.state
    ids = res.objects(what)
    if what.kind == "target":
        # "Exile target attacking creature. Create a token that's a copy of that creature.": the target as it last
        # existed on the battlefield (608.2h)
        chosen, legal = res.target_group(what.index)
        ids = [t for t, ok in zip(chosen, legal) if ok and isinstance(t, int)]
    was = res.event.get("was") if what.kind == "event" else None
    if isinstance(was, dict) and last_copiable_key(was) is not None and \
            not any(oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD for oid in ids):
        # "Whenever another creature dies, you may exile it. If you do, create a token that's a copy of that
        # creature": the creature as it last existed on the battlefield (608.2h), the card in the graveyard or exile
        # (a new object, 400.7) being no creature
        ids = [was["id"]]
    out: list[tuple[int, str, str]] = []
    for oid in ids:
        o = s.objects.get(oid)
        if o is not None and o.zone is Zone.BATTLEFIELD:
            out.append((oid, copiable_key(o), characteristics(s, oid).name))
        elif oid == (was or {}).get("id"):
            out.append((oid, last_copiable_key(was), was["name"]))
        elif o is None and last_copiable_key(s.lki.get(str(oid)) or {}) is not None:
            out.append((oid, last_copiable_key(s.lki[str(oid)]), s.lki[str(oid)]["name"]))
        elif o is None and (card := moved_card(res, oid)) is not None:
            # "Exile target creature card from your graveyard. Create a token that's a copy of that card": the card
            # where it went, its values the same as where it was (400.7, 608.2h)
            out.append((oid, copiable_key(s.objects[card]), characteristics(s, card).name))
    return out


def _create_token_copy(res: Resolution, e: CreateTokenCopy) -> None:
    s = res.state
    n = res.amount(e.amount)
    for oid, key, name in _copiable_values(res, e.what):
        if e.exceptions:
            key = excepted_key(key, dict(e.exceptions))       # 707.9b: part of the token's copiable values
        o = s.objects.get(oid)
        maker = o.controller if e.by_controller and o is not None else res.controller
        res.created.extend(create_tokens(res.game, {"name": name, "copy_of": key}, maker,
                                         tokens_to_create(res.game, maker, n), copy_of=key))


def _become_copy(res: Resolution, e: BecomeCopy) -> None:
    """707.4: each permanent named stays on the battlefield and copies the copiable values `of` has as the effect
    begins (707.2b), for the effect's duration (a layer-1 effect, 613.1a: engine.board.zones.sync_copies); "each
    other creature becomes a copy of target creature": the copied permanent itself isn't among them."""
    found = _copiable_values(res, e.of)
    if len(found) != 1:
        return
    original, key, _ = found[0]
    if e.exceptions:
        key = excepted_key(key, dict(e.exceptions))      # 707.9b: part of the copy's copiable values
    s = res.state
    for oid in res.objects(e.what):
        if oid != original and oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD:
            add_effect(res.game, res, [oid], {"kind": "copy", "key": key}, e.duration)
    sync_copies(res.game)


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
    GroupRule: _group_rule,
    BecomeChosenType: _become_chosen_type,
    TapEffect: _tap,
    EachPlayerInTurn: _each_player_in_turn,
    RemoveFromCombat: _remove_from_combat,
    Sacrifice: _sacrifice,
    KeepAndSacrificeRest: _keep_and_sacrifice_rest,
    AddMana: _add_mana,
    AddManaProduced: _add_mana_produced,
    CreateTokens: _create_tokens,
    CreateEmblem: _create_emblem,
    PutCounters: _put_counters,
    Mill: _mill,
    Conditional: _conditional,
    WithX: _with_x,
    MayDo: _may,
    EachMayDo: _each_may,
    IfDone: _if_done,
    CreateTokenCopy: _create_token_copy,
    BecomeCopy: _become_copy,
}


def _discarded_this_way(res: Resolution, a: Amount) -> int:
    """ "Discard your hand, then draw that many cards": the cards the discard instruction before it
    discarded (701.9a)."""
    return res.answers.get(DISCARDED_THIS_WAY, 0)


def _discarded_by_each(res: Resolution, a: Amount) -> int:
    """ "Each player discards their hand, then draws that many cards": the cards the player drawing discarded by the
    discard instruction before it (701.9a)."""
    who = res.answers.get(res.prefix + EACH_RECIPIENT, [])
    return res.answers.get(DONE_BY, {}).get(who[0][1:], 0) if who else 0


def _hand_left_this_way(res: Resolution, a: Amount) -> int:
    """ "Shuffle your hand into your library, then draw that many cards": the cards the hand had (701.24a)."""
    return sum(res.answers.get(HAND_LEFT, {}).values())


def _hand_left_by_each(res: Resolution, a: Amount) -> int:
    """ "Each player shuffles the cards from their hand into their library, then draws that many cards": the cards the
    hand of the player drawing had."""
    who = res.answers.get(res.prefix + EACH_RECIPIENT, [])
    return res.answers.get(HAND_LEFT, {}).get(who[0][1:], 0) if who else 0


def _damage_dealt_this_way(res: Resolution, a: Amount) -> int:
    """ "You gain life equal to the damage dealt this way": the damage dealt by the damage instructions before it,
    after replacement and prevention (120.3, 615)."""
    return res.answers.get(DEALT_THIS_WAY, 0)


def _destroyed_this_way(res: Resolution, a: Amount) -> int:
    """ "You gain 2 life for each creature destroyed this way": the permanents of that card type the destroy
    instructions before it destroyed (701.8a). With a player (`ref`): those that player controlled as they last
    existed ("for each creature destroyed this way, its controller creates ...")."""
    found = res.answers.get(DESTROYED_THIS_WAY, [])
    if a.ref is not None:
        players = set(res.players(a.ref))
        found = [t for t, p in zip(found, res.answers.get(DESTROYED_CONTROLLERS, [])) if p in players]
    return _of_types(found, a.filter)


def _died_this_way(res: Resolution, a: Amount) -> int:
    """ "For each creature that died this way": the permanents of that card type the instructions before it put into a
    graveyard from the battlefield (700.4), as they last existed there (608.2h); with a player (`ref`), those that
    player controlled."""
    s = res.state
    players = None if a.ref is None else set(res.players(a.ref))
    return _of_types([c["was"]["types"] for c in res.zone_changes()
                      if c.get("was") and c["was"].get("zone") == Zone.BATTLEFIELD.value and c["object"] in s.objects
                      and s.objects[c["object"]].zone is Zone.GRAVEYARD
                      and (players is None or c["was"].get("controller") in players)], a.filter)


def _sacrificed_this_way(res: Resolution, a: Amount) -> int:
    """ "Sacrifice all creatures you control, then create that many tokens": the permanents the sacrifice instruction
    before it sacrificed (701.21a)."""
    return len(res.answers.get(SACRIFICED, ()))


def _milled_mana_value(res: Resolution, a: Amount) -> int:
    """ "The milled card's mana value", "the highest mana value among the milled cards": of the cards the mill
    instructions before it milled (701.17a), as they are in the graveyard; 0 if none was."""
    s = res.state
    return max((characteristics(s, c["object"]).mana_value for c in res.zone_changes()
                if c["cause"] == "mill" and c["object"] in s.objects), default=0)


def _of_types(found: Any, flt: Filter | None) -> int:
    """How many of these card-type lists a filter of card types (`types`, `not_types`) accepts."""
    if flt is None:
        return len(found)
    return sum(1 for types in found if (not flt.types or flt.types & set(types)) and not flt.not_types & set(types))


def _dealt_damage_this_way(res: Resolution, c: Condition) -> bool:
    """ "If a player is dealt damage this way" (key "player"), "if a Werewolf is dealt damage this way": one of the
    recipients the damage instructions before it dealt damage to is a player, or a permanent the filter describes
    (120.3, checked as the instruction is carried out, before state-based actions, 608.2c)."""
    s = res.state
    for r in res.answers.get(DEALT_TO, ()):
        if is_player_ref(r):
            if c.key == "player":
                return True
        elif c.key != "player" and r in s.objects and s.objects[r].zone is Zone.BATTLEFIELD \
                and matches_ch(s, s.objects[r], characteristics(s, r), c.filter, res.controller, res.source_id):
            return True
    return False


def _moved_this_way(res: Resolution, c: Condition) -> bool:
    """ "If an instant or sorcery card was milled this way", "if a Saproling was sacrificed this way": at least `value`
    of the objects the instructions before it moved with cause `key` (mill, discard, exile, sacrifice) match the
    filter (608.2c): a card as it is in its new zone, a permanent as it last existed on the battlefield (608.2h). An
    activated ability's cost sacrificed before it resolved: the stack object keeps those (602.2b). The answer is kept:
    a resolution resumed after a choice the instructions it governs ask no longer sees the events before that choice."""
    key = res.prefix + "moved_this_way"
    if key in res.answers:
        return bool(res.answers[key][0])
    s = res.state
    found = 0
    for change in res.zone_changes():
        if change["cause"] != c.key and not (c.key == "die" and change.get("to") == Zone.GRAVEYARD.value
                                             and change["cause"] in ("destroy", "sacrifice")):
            continue        # "dies this way", "is put into a graveyard this way": destroyed or sacrificed (700.4)
        was, new = change["was"], change["object"]
        if was is not None:
            found += info_matches(was, c.filter, res.controller)
        elif new in s.objects:
            found += matches_ch(s, s.objects[new], characteristics(s, new), c.filter, res.controller, res.source_id)
    if c.key == "sacrifice":
        paid = res.event.get("sacrificed", ())
        found += sum(1 for info in paid if isinstance(info, dict) and info_matches(info, c.filter, res.controller)) \
            if isinstance(paid, list) else 0
    res.answers[key] = [int(found >= max(c.value, 1))]
    return bool(res.answers[key][0])


def _moved_share_color(res: Resolution, c: Condition) -> bool:
    """ "If two cards that share a color were milled this way": at least `value` of the cards of the kind the
    instructions before it moved with cause `key` have a color in common (105.2; a colorless card shares none). Kept
    as `_moved_this_way`'s answer is."""
    key = res.prefix + "moved_share_color"
    if key in res.answers:
        return bool(res.answers[key][0])
    s = res.state
    counts: dict[Any, int] = {}
    for change in res.zone_changes():
        new = change["object"]
        if change["cause"] != c.key or new not in s.objects:
            continue
        ch = characteristics(s, new)
        if matches_ch(s, s.objects[new], ch, c.filter, res.controller, res.source_id):
            for color in ch.colors:
                counts[color] = counts.get(color, 0) + 1
    res.answers[key] = [int(any(n >= c.value for n in counts.values()))]
    return bool(res.answers[key][0])


# Amount and condition kinds this module reads, installed by engine.wiring.
AMOUNTS = {"discarded_this_way": _discarded_this_way, "damage_dealt_this_way": _damage_dealt_this_way,
           "discarded_by_each": _discarded_by_each, "hand_left_this_way": _hand_left_this_way,
           "hand_left_by_each": _hand_left_by_each, "destroyed_this_way": _destroyed_this_way,
           "died_this_way": _died_this_way, "sacrificed_this_way": _sacrificed_this_way,
           "milled_mana_value": _milled_mana_value}
CONDITIONS = {"dealt_damage_this_way": _dealt_damage_this_way, "moved_this_way": _moved_this_way,
              "moved_share_color": _moved_share_color}


def choose_attack_for_entering(res, players: list[int]) -> Any:
    """508.4: a creature put onto the battlefield attacking attacks the defending player or a
    planeswalker they control, as its controller chooses. None outside combat (no attack then)."""
    s = res.state
    c = s.combat
    if c is None or not c.attackers_declared or s.active not in players:
        return None
    options = attack_targets(res.game)
    if not options:
        return None                        # 508.4a: the defending players left the game
    return res.ask("attacking", s.active, "Choose what the new attacking creature attacks", options, 1, 1,
                   "attack_target")[0]
