"""Conditions on the turn's structure (500-514) that activation restrictions (602.5b) and "if" clauses
read: "during your upkeep", "during combat", "before attackers are declared", and the conjunction of
several ("during your turn, before attackers are declared").

A `during_step` condition names a step (`upkeep`, `end_of_combat`, ...), a phase (`combat`, 506.1) or
a span of the turn: `before_attackers` (the steps before the declare attackers step, 508),
`before_blockers` (before the declare blockers step, 509), `before_combat_damage` (510), `after_blockers` (in
combat, once blockers are declared, 509.1) and `after_upkeep` (the steps after the upkeep, 501.1)."""
from __future__ import annotations

from engine.core.abilities import Condition
from engine.core.enums import STEP_ORDER, Step
from engine.query.amounts import EvalContext, check_condition

# "before the combat damage step": before the first of them, the first-strike one when there is one (510.4)
_BEFORE = {"before_attackers": Step.DECLARE_ATTACKERS, "before_blockers": Step.DECLARE_BLOCKERS,
           "before_combat_damage": Step.FIRST_STRIKE_DAMAGE}


def step_matches(step: Step, name: str) -> bool:
    """Whether the current step is the named step, phase or span."""
    if name == "combat":
        return step.is_combat
    if name in _BEFORE:
        return STEP_ORDER.index(step) < STEP_ORDER.index(_BEFORE[name])
    if name == "after_upkeep":
        return STEP_ORDER.index(step) > STEP_ORDER.index(Step.UPKEEP)
    return step.value == name


def _during_step(res: EvalContext, c: Condition) -> bool:
    if c.step == "after_blockers":
        # 509.1: blockers were declared this combat (no declare blockers step without attackers, 508.8)
        combat = res.state.combat
        return res.state.step.is_combat and combat is not None and combat.blockers_declared
    return step_matches(res.state.step, c.step)


def _all(res: EvalContext, c: Condition) -> bool:
    return all(check_condition(res, part) for part in c.all_of)


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "during_step": _during_step,
    "all": _all,
}
