"""What must hold after every action of any game (checked by the fuzzer and the self-play tests).

400.7 and 400.1: every object is in exactly one zone, the one its `zone` field names, and no id is used
twice; a physical card is never lost or duplicated (tokens and abilities come and go). 104.2-104.3 and
122: life, poison and counters are integers. 117.3d and 500.1: an unfinished game always waits for a
decision that has at least one legal answer.
"""
from __future__ import annotations

from collections import Counter

from engine.core.enums import Zone
from engine.game import Game

_SHARED = (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND)


class InvariantFailure(AssertionError):
    """A reachable state that breaks an invariant (an engine bug, not bad input)."""


def _int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def physical_cards(game: Game) -> set[int]:
    """The card ids of the physical cards in a game (not tokens, abilities or copies of spells)."""
    return {o.card_id for o in game.state.objects.values()
            if o.token is None and not o.is_ability and not o.spell_copy}


def check_invariants(game: Game, physical: set[int] | None = None, *, legal_answer: bool = True) -> None:
    """Raises InvariantFailure naming the first broken invariant. `physical`: the game's physical card
    ids (physical_cards at the start); `legal_answer`: also check that the pending decision has a legal
    action (it generates them, which costs about as much as the action itself)."""
    s = game.state
    n = len(s.players)
    listed: list[int] = [*s.battlefield, *s.stack, *s.exile, *s.command]
    for p in s.players:
        listed += p.library + p.hand + p.graveyard
        _require(_int(p.life) and _int(p.poison), f"player {p.index}: life {p.life!r}, poison {p.poison!r}")
        _require(all(_int(v) and v >= 0 for v in p.mana_pool.values()), f"mana pool {p.mana_pool}")
    counts = Counter(listed)
    dupes = sorted(oid for oid, k in counts.items() if k > 1)
    _require(not dupes, f"objects in two places at once: {dupes}")
    missing = sorted(set(s.objects) - set(listed))
    _require(not missing, f"objects in no zone: {missing}")
    phantom = sorted(set(listed) - set(s.objects))
    _require(not phantom, f"zones list objects that don't exist: {phantom}")
    for oid, o in s.objects.items():
        _require(o.id == oid, f"object {oid} says its id is {o.id}")
        _require(0 <= o.owner < n and 0 <= o.controller < n, f"{o}: owner {o.owner}, controller {o.controller}")
        owner = o.owner if o.zone not in _SHARED else None
        _require(oid in s.zone_list(o.zone, owner), f"{o} is not in the zone it says")
        _require(all(_int(v) and v > 0 for v in o.counters.values()), f"{o}: counters {o.counters}")
        _require(_int(o.damage) and o.damage >= 0, f"{o}: damage {o.damage!r}")
        _require(oid < s.next_id, f"{o}: id not below next_id {s.next_id}")
    if physical is not None:
        now = physical_cards(game)
        _require(now == physical, f"cards lost {sorted(physical - now)}, cards duplicated or new "
                                  f"{sorted(now - physical)}")
    if s.game_over:
        return
    d = s.pending
    _require(d is not None, "the game is not over and waits for no decision")
    _require(0 <= d.player < n, f"the pending decision is for player {d.player}")
    if legal_answer:
        _require(bool(game.legal_actions()), f"no legal answer to {d.kind.value}: {d.prompt}")


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise InvariantFailure(message)
