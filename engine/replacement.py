"""Replacement and prevention effects (614-616). The core engine routes damage through here so that
prevention (615) and damage-modifying replacement effects (614.1) apply in one place."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


def modify_damage(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
    """Applies prevention and replacement effects to damage about to be dealt; returns the amount."""
    from engine.effects import damage_modifiers
    for modifier in damage_modifiers(game):
        amount = modifier(game, source, recipient, amount, combat)
        if amount <= 0:
            return 0
    return amount
