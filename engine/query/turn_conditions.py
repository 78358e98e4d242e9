"""Conditions about what happened this turn, read by compiled cards: "if a creature died this turn"
(morbid, Hunger of the Howlpack), "if you gained life this turn". The turn's record is kept in
`state.turn_log`, which the engine resets each turn; deaths are counted there under
"creatures_died" by whoever moves a creature from the battlefield to a graveyard (700.4)."""
from __future__ import annotations

from engine.core.abilities import Condition
from engine.effects.resolution import Resolution


def _creature_died_this_turn(res: Resolution, c: Condition) -> bool:
    return res.state.turn_log.get("creatures_died", 0) > 0


def _life_gained_this_turn(res: Resolution, c: Condition) -> bool:
    return res.state.players[res.controller].life_gained_turn >= max(1, c.value)


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "creature_died_this_turn": _creature_died_this_turn,
    "life_gained_this_turn": _life_gained_this_turn,
}
