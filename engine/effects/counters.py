"""Counters as effects say (122): removing them from permanents."""
from __future__ import annotations

from engine.board.damage import remove_counters
from engine.core.effect_types import RemoveCounters
from engine.effects.resolution import Resolution


def _remove_counters(res: Resolution, e: RemoveCounters) -> None:
    s = res.state
    n = res.amount(e.amount)
    plans = []
    for oid in res.objects(e.what):
        have = s.objects[oid].counters
        if e.every:
            kinds = [e.kind] if e.kind else sorted(have)
            plans.extend((oid, k, have.get(k, 0)) for k in kinds)
        elif e.kind:
            plans.append((oid, e.kind, n))
        elif have:
            # "a counter": of a kind its controller chooses, asked before any is removed.
            kind = res.ask(f"kind{oid}", res.controller, "Choose the kind of counter to remove", sorted(have), 1, 1,
                           "counter_kind")[0]
            plans.append((oid, kind, n))
    for oid, kind, k in plans:
        remove_counters(res.game, oid, kind, k)


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    RemoveCounters: _remove_counters,
}
