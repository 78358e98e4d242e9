"""When a player may act, and priority after acting (117.1a, 117.3c, 307.1): shared by playing lands,
casting and activating."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game


def took_action(game: "Game", player: int) -> None:
    """117.3c: after casting, activating or a special action the player receives priority again."""
    s = game.state
    s.priority = player
    s.passes = 0
    s.pending = None


def sorcery_timing_ok(game: "Game", player: int) -> bool:
    """307.1 / 117.1a: main phase of the player's own turn with an empty stack."""
    s = game.state
    return s.active == player and s.step.is_main and not s.stack
