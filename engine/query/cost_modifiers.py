"""Cost increases and reductions (601.2f): "costs {1} more for each target beyond the first",
affinity (702.41), "costs {1} less"."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.core.mana import ManaCost

if TYPE_CHECKING:
    from engine.game import Game

CostModifier = Callable[..., ManaCost]
SPELL_COST_MODIFIERS: list[CostModifier] = []


def modify_spell_cost(game: "Game", o, d, total: ManaCost, targets: list[list[Any]], specs, player: int) -> ManaCost:
    for modifier in SPELL_COST_MODIFIERS:
        total = modifier(game, o, d, total, targets, specs, player)
    return total
