"""Amounts and conditions the Oracle compiler emits beyond the core ones of engine.effects.resolution:
damage divided evenly (Fireball, 601.2d), the number of card types in all graveyards (Tarmogoyf's
characteristic-defining ability, 604.3), and persist's "if it had no -1/-1 counters on it" (702.79a)."""
from __future__ import annotations

from engine.core.abilities import Amount, Condition
from engine.effects.resolution import Resolution
from engine.query.layers import definition_of


def _x_split_evenly(res: Resolution, a: Amount) -> int:
    """X divided evenly, rounded down, among the targets chosen as the spell was cast (even if some
    became illegal since: they just don't get their share, 608.2b)."""
    chosen = res.target_group(a.ref.index if a.ref is not None else 0)[0]
    return res.x // len(chosen) if chosen else 0


def _card_types_in_graveyards(res: Resolution, a: Amount) -> int:
    """205.2a card types among cards in all graveyards; `value` is added ("that number plus 1")."""
    s = res.state
    types: set[str] = set()
    for p in s.players:
        for oid in p.graveyard:
            # Types only (not P/T): read the card itself, so a Tarmogoyf in a graveyard doesn't
            # need its own characteristics to count itself.
            types |= set(definition_of(s.objects[oid]).types)
    return len(types) + a.value


def _sacrificed(field: str):
    """A characteristic of what was sacrificed to pay the cost (Fling), from last known information
    (608.2h): the stack object's event data keeps what was sacrificed under "sacrificed"."""
    def amount(res: Resolution, a: Amount) -> int:
        return sum(info.get(field) or 0 for info in res.event.get("sacrificed", ()))
    return amount


def _no_counters(kind: str):
    """The object the trigger refers to had no `kind` counters as it left (603.10a look-back)."""
    def condition(res: Resolution, c: Condition) -> bool:
        was = res.event.get("was") or {}
        return not (was.get("counters") or {}).get(kind, 0)
    return condition


# Amount kinds this module reads, installed by engine.wiring.
AMOUNTS = {
    "x_split_evenly": _x_split_evenly,
    "card_types_in_graveyards": _card_types_in_graveyards,
    "sacrificed_power": _sacrificed("power"),
    "sacrificed_toughness": _sacrificed("toughness"),
    "sacrificed_mana_value": _sacrificed("mana_value"),
}


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "no_counters": _no_counters("-1/-1"),
    "no_plus_one_counters": _no_counters("+1/+1"),
}
