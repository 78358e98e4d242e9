"""Counters as effects say (122): removing them from permanents, putting one of a kind chosen."""
from __future__ import annotations

from engine.board.damage import add_counters, remove_counters
from engine.core.effect_types import PutCounterOfChoice, RemoveCounters
from engine.effects.delayed_triggers import followed_objects
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


def _put_counter_of_choice(res: Resolution, e: PutCounterOfChoice) -> None:
    ids = followed_objects(res, e.what)
    kinds = [res.ask(f"kind{oid}", res.controller, "Choose the kind of counter to put", list(e.kinds), 1, 1,
                     "counter_kind")[0] for oid in ids]
    for oid, kind in zip(ids, kinds):
        add_counters(res.game, oid, kind, 1, by=res.controller)


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    RemoveCounters: _remove_counters,
    PutCounterOfChoice: _put_counter_of_choice,
}
