"""Amounts read from the event a triggered ability refers to (603.2): "that much" damage or life,
"that many" of the objects a batch event ("one or more creatures attack") is about."""
from __future__ import annotations

from engine.core.abilities import Amount
from engine.effects.resolution import Resolution, _info_matches


def _event_amount(res: Resolution, a: Amount) -> int:
    return int(res.event.get("amount") or 0)




def _event_count(res: Resolution, a: Amount) -> int:
    return sum(1 for info in res.event.get("attackers", ()) if _info_matches(info, a.filter, res.controller))


# Amount kinds this module reads, installed by engine.wiring.
AMOUNTS = {
    "event_amount": _event_amount,
    "event_count": _event_count,
}
