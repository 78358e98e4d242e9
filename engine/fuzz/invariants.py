"""What must hold after every action of any game (checked by the fuzzer and the self-play tests).

400.7 and 400.1: every object is in exactly one zone, the one its `zone` field names, and no id is used
twice; a physical card is never lost or duplicated (tokens and abilities come and go; 800.4a: the cards
of a player who left the game leave with them). 104.2-104.3 and
122: life, poison and counters are integers. 117.3d and 500.1: an unfinished game always waits for a
decision that has at least one legal answer.
"""
from __future__ import annotations

from typing import Callable

from engine.core.dungeons import DUNGEON_TEXT
from engine.core.enums import Zone
from engine.game import Game

_SHARED = (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND)


class InvariantFailure(AssertionError):
    """A reachable state that breaks an invariant (an engine bug, not bad input)."""


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def physical_cards(game: Game) -> dict[int, int]:
    """The card ids of the physical cards in a game (not tokens, abilities or copies of spells, nor the
    dungeon cards venturing brings in from outside the game and completing removes, 309.2, 309.7, nor
    emblems, which are no cards, 114.1), each with its owner; the cards of a merged permanent are each one of
    them (730.2), a phased-out one's too (it is still on the battlefield, 702.26d)."""
    out = {o.card_id: o.owner for o in game.state.objects.values()
           if o.token is None and not o.is_ability and not o.spell_copy and o.name not in DUNGEON_TEXT
           and not o.chosen.get("emblem")}
    for oid in (*game.state.battlefield, *game.state.phased_out):
        for part in game.state.objects[oid].chosen.get("merged", ()):
            if part["token"] is None:
                out[part["card_id"]] = part["owner"]
    return out


def check_invariants(game: Game, physical: dict[int, int] | set[int] | None = None, *, legal_answer: bool = True) -> None:
    """Raises InvariantFailure naming the first broken invariant. `physical`: the game's physical card
    ids (physical_cards at the start); `legal_answer`: also check that the pending decision has a legal
    action (it generates them, which costs about as much as the action itself)."""
    s = game.state
    n = len(s.players)
    # Where each object is listed: (zone, owner of the zone's list; None for the shared zones). Built
    # with one entry an object (this runs after every action); an object listed twice shows as fewer
    # entries than listings, and only then are its places gathered to name it.
    lists: list[tuple[list[int], tuple[Zone, int | None]]] = [(s.zone_list(zone, None), (zone, None))
                                                               for zone in _SHARED]
    lists.append((s.phased_out, (Zone.BATTLEFIELD, None)))
    for p in s.players:
        lists += [(p.zone_list(zone), (zone, p.index)) for zone in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD)]
        _require(_int(p.life) and _int(p.poison), lambda: f"player {p.index}: life {p.life!r}, poison {p.poison!r}")
        _require(all(_int(v) and v >= 0 for v in p.mana_pool.values()), lambda: f"mana pool {p.mana_pool}")
        _require(all(0 < n <= p.mana_pool.get(c, 0) for c, n in p.snow_mana.items()),
                 lambda: f"snow mana {p.snow_mana} beyond the pool {p.mana_pool} (107.4h)")
    where: dict[int, tuple[Zone, int | None]] = {}
    for ids, place in lists:
        where.update(dict.fromkeys(ids, place))
    if len(where) != sum(len(ids) for ids, _ in lists):
        places: dict[int, int] = {}
        for ids, _ in lists:
            for oid in ids:
                places[oid] = places.get(oid, 0) + 1
        dupes = sorted(oid for oid, count in places.items() if count > 1)
        _require(False, lambda: f"objects in two places at once: {dupes}")
    missing = sorted(set(s.objects) - set(where))
    _require(not missing, lambda: f"objects in no zone: {missing}")
    phantom = sorted(set(where) - set(s.objects))
    _require(not phantom, lambda: f"zones list objects that don't exist: {phantom}")
    next_id = s.next_id
    for oid, o in s.objects.items():
        # One test of everything first (this runs after every action, for every object); the object
        # that fails it is looked at again to say what is wrong.
        if (o.id != oid or not (0 <= o.owner < n and 0 <= o.controller < n) or oid >= next_id
                or type(o.damage) is not int or o.damage < 0
                or where[oid] != (o.zone, None if o.zone in _SHARED else o.owner)
                or (o.counters and not all(type(v) is int and v > 0 for v in o.counters.values()))):
            _object_failure(s, oid, where[oid], n)
    if physical is not None:
        now = physical_cards(game).keys()
        # 800.4a: the cards of a player who left the game left it with them.
        left = {p.index for p in s.players if p.lost}
        owners = physical if isinstance(physical, dict) else {}
        lost = {c for c in set(physical) - now if owners.get(c) not in left}
        # 702.139c: a companion put into its owner's hand came from outside the game.
        brought = {p.companion_card for p in s.players if p.companion_card is not None}
        _require(not lost and now <= set(physical) | brought, lambda: f"cards lost {sorted(lost)}, cards duplicated or new "
                                                            f"{sorted(now - set(physical))}")
    if s.game_over:
        return
    d = s.pending
    _require(d is not None, lambda: "the game is not over and waits for no decision")
    _require(0 <= d.player < n, lambda: f"the pending decision is for player {d.player}")
    if legal_answer:
        _require(bool(game.legal_actions()), lambda: f"no legal answer to {d.kind.value}: {d.prompt}")


def _object_failure(s, oid: int, listed: tuple[Zone, int | None], n: int) -> None:
    """Raises InvariantFailure saying what is wrong with object `oid`."""
    o = s.objects[oid]
    _require(o.id == oid, lambda: f"object {oid} says its id is {o.id}")
    _require(0 <= o.owner < n and 0 <= o.controller < n, lambda: f"{o}: owner {o.owner}, controller {o.controller}")
    _require(listed == (o.zone, o.owner if o.zone not in _SHARED else None),
             lambda: f"{o} is not in the zone it says")
    _require(all(_int(v) and v > 0 for v in o.counters.values()), lambda: f"{o}: counters {o.counters}")
    _require(_int(o.damage) and o.damage >= 0, lambda: f"{o}: damage {o.damage!r}")
    _require(oid < s.next_id, lambda: f"{o}: id not below next_id {s.next_id}")


def _require(ok: bool, message: Callable[[], str]) -> None:
    """The message is made only for a failure: made each time, it cost more than the checks (an
    object's description for each of thousands of tokens, after every action)."""
    if not ok:
        raise InvariantFailure(message())
