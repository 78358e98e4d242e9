"""Amounts read from the event a triggered ability refers to (603.2): "that much" damage or life."""
from __future__ import annotations

from engine.abilities import Amount
from engine.effects import Resolution, _EXTRA_AMOUNTS


def _event_amount(res: Resolution, a: Amount) -> int:
    return int(res.event.get("amount") or 0)


_EXTRA_AMOUNTS["event_amount"] = _event_amount
