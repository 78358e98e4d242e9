"""State-based actions (704): a player at 0 life or with poison loses (704.5a-c, by engine.board.game_over),
or was dealt 21 combat damage by one commander (704.6c); a commander may go to the command zone (903.9a);
creatures die, Auras and Equipment fall off, the legend rule; and conceding (104.3a).

`check_state_based_actions` performs every applicable SBA at once (704.3), then repeats until none
apply; it returns True if it did anything. The legend rule (704.5j) asks the player which to keep.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import Zone, DecisionKinds, Zones
from engine.core.events import Event
from engine.query.layers import changed_off_battlefield, characteristics, player_statics
from engine.rules.ascend import check_ascend
from engine.rules.bestow import ceases_to_be_bestowed
from engine.core.cards import bestowed
from engine.core.state import Decision, SbaTask
from engine.board.zones import became_unattached, begin_simultaneous_event, move, simultaneously, sync_control, sync_copies
from engine.board.game_over import lose_game
from engine.board.primitives import destroy, player_cant_lose, sacrifice
from engine.board.damage import remove_counters
from engine.board.replacement import entered_battlefield, replacement_sources_last, would_die
from engine.query.targets import can_attach, can_enchant
from engine.core.errors import IllegalAction
from engine.rules.commander import answer_return, ask_return, commander_damage_losers, commanders_to_return
from engine.rules.day_night import check_day_night
from engine.rules.sagas import finished_sagas
from engine.rules.dungeons import finished_dungeons
from engine.effects.dungeons import complete_dungeon

if TYPE_CHECKING:
    from engine.game import Game


def return_exiled_until_left(game: "Game") -> None:
    """610.3: cards exiled "until ~ leaves the battlefield" return to the zone they were exiled from once that
    permanent has left, a permanent under its owner's control (610.3c); checked whenever state-based actions
    are, before them."""
    s = game.state
    for oid in list(s.exile):
        until = s.objects[oid].chosen.get("exiled_until")
        if until is None:
            continue
        source = s.objects.get(until)
        if source is None or source.zone is not Zones.BATTLEFIELD:
            o = s.objects[oid]
            back = Zone(o.chosen.get("exiled_from", Zones.BATTLEFIELD.value))
            if back is Zones.BATTLEFIELD:
                entered_battlefield(game, move(game, oid, Zones.BATTLEFIELD, controller=o.owner, cause="return"))
            else:
                move(game, oid, back, cause="return")


def check_state_based_actions(game: "Game") -> bool:
    s = game.state
    did_any = False
    return_exiled_until_left(game)
    for _ in range(1000):
        if s.game_over:
            return did_any
        sync_control(game)
        sync_copies(game)
        check_ascend(game)      # 702.131b (not a state-based action; checked at the same moments)
        begin_simultaneous_event(s)       # 704.3: the actions of one pass happen at once
        if not _one_pass(game):
            return did_any
        did_any = True
        if s.pending is not None:
            return True
    raise RuntimeError("state-based actions did not settle")


# Where a token or a copy of a spell ceases to exist (704.5d-e).
_LOOSE_ZONES = (Zones.HAND, Zones.GRAVEYARD, Zones.LIBRARY, Zones.EXILE)


def _one_pass(game: "Game") -> bool:
    s = game.state
    # 704.5a-c: players lose.
    losers = []
    for p in s.players:
        if p.lost:
            continue
        if (p.life <= 0 or p.drew_from_empty or p.poison >= 10) and not _cant_lose(game, p.index):
            losers.append(p.index)
        p.drew_from_empty = False
    losers += [p for p in commander_damage_losers(s) if p not in losers and not _cant_lose(game, p)]   # 704.6c
    to_graveyard: list[int] = []
    to_destroy: list[int] = []
    cease: list[int] = []
    unattach: list[int] = []
    unbestow: list[int] = []
    annihilate: list[int] = []
    objects = s.objects
    permanents, legend = _permanent_facts(s)
    lore = False        # a Saga could be finished only with lore counters on a permanent (714.4)
    for oid, toughness, indestructible, planeswalker, aura, plain in permanents:
        o = objects[oid]
        counters = o.counters
        if plain and not counters and o.attached_to is None:
            continue        # (most lands: nothing below applies to them)
        if counters and "lore" in counters:
            lore = True
        if o.phased_out:
            continue
        if toughness is not None:
            if toughness <= 0:
                to_graveyard.append(oid)               # 704.5f
            elif (o.damage >= toughness or o.deathtouch_damage) and not indestructible:
                to_destroy.append(oid)                 # 704.5g, 704.5h (702.12b: not if indestructible)
        if planeswalker and counters.get("loyalty", 0) <= 0:
            to_graveyard.append(oid)                   # 704.5i
        if aura:
            if not _aura_legal(game, oid):
                # 702.103f: a bestowed Aura becomes unattached and stays, a creature; any other goes (704.5m)
                (unbestow if bestowed(o) else to_graveyard).append(oid)
        elif o.attached_to is not None and not _attachment_legal(game, oid):
            unattach.append(oid)                       # 704.5n, 704.5p
        if counters and counters.get("+1/+1", 0) and counters.get("-1/-1", 0):
            annihilate.append(oid)                     # 704.5q
    # 704.5d: tokens not on the battlefield cease to exist; 704.5e for copies of spells. Objects never
    # change zone or become tokens in place (400.7): with no new object since a check found none,
    # there is none.
    if s.no_loose_tokens != s.next_id:
        # Any new token or copy of a spell outside the battlefield and the stack? (Only a new object can be one.)
        if any(o is not None and (o.token is not None or o.spell_copy) and o.zone in _LOOSE_ZONES
               for o in map(objects.get, range(s.no_loose_tokens, s.next_id))):
            for zone_owner in s.players:
                for lst in (zone_owner.hand, zone_owner.graveyard, zone_owner.library):
                    cease.extend(x for x in lst if objects[x].token is not None or objects[x].spell_copy)
            cease.extend(x for x in s.exile if objects[x].token is not None or objects[x].spell_copy)
        if not cease:
            s.no_loose_tokens = s.next_id
    sagas = finished_sagas(game) if lore else []       # 714.4
    dungeons = finished_dungeons(game)                 # 704.5t
    day_night = check_day_night(game)                  # 702.145c-d, f-g (not an SBA: at once, as they are)
    returning = commanders_to_return(s)                # 903.9a
    if not (losers or to_graveyard or to_destroy or cease or unattach or unbestow or annihilate or legend or sagas
            or day_night or returning or dungeons):
        # Deathtouch marks are cleared once checked (704.5h "since the last time").
        return False
    for oid in annihilate:
        o = s.objects[oid]
        n = min(o.counters["+1/+1"], o.counters["-1/-1"])
        remove_counters(game, oid, "+1/+1", n)
        remove_counters(game, oid, "-1/-1", n)
    for oid in unattach:
        if oid in s.objects:
            host, s.objects[oid].attached_to = s.objects[oid].attached_to, None
            s.invalidate()
            if isinstance(host, int):
                became_unattached(game, oid, host)      # 704.5n
    for oid in unbestow:
        ceases_to_be_bestowed(game, oid)
    for oid in cease:
        _cease_to_exist(game, oid)
    for oid in dungeons:
        complete_dungeon(game, oid)
    with simultaneously(game):      # 704.3: all at once, so leave abilities see each other (603.10a)
        put = set(to_graveyard)
        for oid in replacement_sources_last(game, list(dict.fromkeys(to_graveyard + to_destroy))):
            if oid not in s.objects or s.objects[oid].zone is not Zones.BATTLEFIELD:
                continue
            if oid not in put:
                destroy(game, oid)
            # A creature with 0 toughness dies: "if it would die" replacements apply (614.1a).
            elif not (characteristics(s, oid).is_creature and would_die(game, oid)):
                move(game, oid, Zones.GRAVEYARD, cause="sba")
        for oid in sagas:
            if oid in s.objects and s.objects[oid].zone is Zones.BATTLEFIELD:
                sacrifice(game, oid)
    for oid in list(s.battlefield):
        s.objects[oid].deathtouch_damage = False
    if losers:
        lose_game(game, losers)
    if legend and not s.game_over:
        _ask_legend(game, legend[0])
    elif returning and not s.game_over:
        ask_return(game, returning[0])
    return True


def _permanent_facts(s) -> tuple[list[tuple[int, int | None, bool, bool, bool, bool]], list[list[int]]]:
    """What the checks read of each permanent's characteristics: (id, toughness if a creature,
    indestructible, planeswalker, Aura, none of those three), and the groups of legendary permanents with the same
    name and controller (704.5j). Kept with the cached characteristics (state.invalidate forgets both)."""
    known = s.cache.get("sba_facts")
    if known is None:
        permanents = []
        legendary: dict[tuple[int, str], list[int]] = {}
        for oid in s.battlefield:
            ch = characteristics(s, oid)
            if "Legendary" in ch.supertypes and ch.name:
                legendary.setdefault((ch.controller, ch.name), []).append(oid)
            creature = "Creature" in ch.types
            planeswalker, aura = "Planeswalker" in ch.types, "Aura" in ch.subtypes
            permanents.append((oid, (ch.toughness or 0) if creature else None,
                               creature and ch.has("indestructible"), planeswalker, aura,
                               not (creature or planeswalker or aura)))
        # 704.5j: not for a player whose permanents a "the 'legend rule' doesn't apply" ability exempts
        known = s.cache["sba_facts"] = (permanents, [g for (p, _), g in legendary.items() if len(g) > 1
                                                     and not player_statics(s, p, "no_legend_rule")])
    return known


def _cant_lose(game: "Game", player: int) -> bool:
    return player_cant_lose(game, player)


def _aura_legal(game: "Game", oid: int) -> bool:
    """303.4d/704.5m: an Aura must be attached to an object or player its enchant ability allows."""
    o = game.state.objects[oid]
    return o.attached_to is not None and can_enchant(game, oid, o.attached_to, o.controller)


def _attachment_legal(game: "Game", oid: int) -> bool:
    """704.5n: Equipment must be attached to a creature; 704.5p: others can't be attached."""
    return "Equipment" in characteristics(game.state, oid).subtypes and \
        can_attach(game, oid, game.state.objects[oid].attached_to)


def _ask_legend(game: "Game", group: list[int]) -> None:
    s = game.state
    player = s.objects[group[0]].controller
    name = characteristics(s, group[0]).name
    s.pending = Decision(player, DecisionKinds.CHOOSE, f"Legend rule: choose the {name} to keep",
                         list(group), 1, 1, {"choice": "legend_rule"})
    s.task = SbaTask(kind_="legend", group=list(group))


def answer_sba(game: "Game", d: Decision, chosen: list) -> None:
    s = game.state
    task = s.task
    s.task = None
    if task.kind_ == "commander":
        answer_return(game, task.group[0], chosen[0])
    elif task.kind_ == "legend":
        for oid in task.group:
            if oid not in chosen and oid in s.objects:
                move(game, oid, Zones.GRAVEYARD, cause="legend_rule")


def _cease_to_exist(game: "Game", oid: int) -> None:
    s = game.state
    o = s.objects[oid]
    if o.zone in (Zones.LIBRARY, Zones.HAND, Zones.GRAVEYARD):
        s.players[o.owner].zone_list(o.zone).remove(oid)
    else:
        s.zone_list(o.zone).remove(oid)
    del s.objects[oid]
    changed_off_battlefield(s, o, zones=(o.zone,))      # never a permanent: a token or copy elsewhere (704.5d-e)
    if o.spell_copy:
        game.emit(Event("cease", {"object": oid, "name": o.name},
                        f"The copy of {o.name} ceases to exist (704.5e)"))


def concede(game: "Game", player: int) -> None:
    """104.3a: a player may concede at any time."""
    s = game.state
    if s.players[player].lost:
        raise IllegalAction("that player has already left the game")
    s.players[player].conceded = True
    lose_game(game, [player])
    if not s.game_over and s.pending is not None and s.pending.player == player:
        s.pending = None
        s.task = None     # what they were deciding ends with them (800.4a); the loop goes on (left_decision)
