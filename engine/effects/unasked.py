"""Running effects where no decision can be asked (605.1b, 605.4a): a triggered mana ability resolves
in the middle of a payment or of another mana ability, before the engine can stop for a choice."""
from __future__ import annotations

from typing import Any

from engine.core.state import NeedDecision
from engine.effects.resolution import Resolution, run_effects


def run_without_asking(res: Resolution, effects: Any) -> None:
    """Runs the effects; a choice they need (the color of Fertile Ground's extra mana) takes the first
    legal answer. Each effect asks before it changes anything, so the one that asked is run again
    from its start with the answer."""
    start = 0

    def at(i: int) -> None:
        nonlocal start
        start = i
    for _ in range(64):
        try:
            run_effects(res, effects, start, at)
            return
        except NeedDecision as nd:
            d = nd.decision
            res.answers[d.data["key"]] = list(d.options[:max(1, d.min)])
    raise RuntimeError("a triggered mana ability kept asking for choices")
