"""The turn's steps as the snapshot names them (500-514), with the short labels of the phase bar."""
from __future__ import annotations

from enum import Enum

STEPS: tuple[tuple[str, str], ...] = (
    ("untap", "Untap"),
    ("upkeep", "Upkeep"),
    ("draw", "Draw"),
    ("main1", "Main 1"),
    ("beginning_of_combat", "Combat"),
    ("declare_attackers", "Attackers"),
    ("declare_blockers", "Blockers"),
    ("first_strike_damage", "First strike"),
    ("combat_damage", "Damage"),
    ("end_of_combat", "End combat"),
    ("main2", "Main 2"),
    ("end", "End"),
    ("cleanup", "Cleanup"),
)
STEP_NAMES: tuple[str, ...] = tuple(name for name, _ in STEPS)
STEP_LABELS: dict[str, str] = dict(STEPS)

# 117.3a: nobody receives priority in the untap step, and usually not in cleanup (514.3).
NO_PRIORITY_STEPS = frozenset({"untap", "cleanup"})
DEFAULT_OWN_STOPS = frozenset({"main1", "main2"})
DEFAULT_OPPONENT_STOPS: frozenset[str] = frozenset()
MAIN_STEPS = frozenset({"main1", "main2"})


class PassMode(Enum):
    """Passing priority on a player's behalf until something (the words finish "Passing until …")."""

    END_OF_TURN = "the end of the turn"
    NEXT_TURN = "your next turn"
    SOMETHING_HAPPENS = "something happens (a spell, an ability, an attack) or your next turn"


def later_steps(step: str) -> tuple[str, ...]:
    """The steps after `step` in the same turn."""
    return STEP_NAMES[STEP_NAMES.index(step) + 1:] if step in STEP_NAMES else ()
