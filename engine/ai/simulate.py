"""Looking ahead on copies of the game: apply an action, then let both players pass until the stack
has resolved (and, in combat, until combat damage is dealt), answering any other decision with a
policy. Used by the heuristic player to compare its options and by the search player's playouts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

from engine.core import player_actions as A
from engine.core.enums import DecisionKinds, Steps
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.game import Game

COMBAT_STEPS = (Steps.BEGINNING_OF_COMBAT, Steps.DECLARE_ATTACKERS, Steps.DECLARE_BLOCKERS,
                Steps.FIRST_STRIKE_DAMAGE, Steps.COMBAT_DAMAGE)


# Engine faults met in simulations (a RuntimeError from the engine on a throwaway copy): the line
# is dropped from consideration and the fault kept here, so a test or a report can show it.
FAULTS: list[str] = []


class Policy(Protocol):
    def choose(self, game: "Game") -> A.Action: ...


class _Refused(Exception):
    """`settle` without backups met an answer the engine refused: the copy may be left changed."""


def settle(game: "Game", policy: Policy, through_combat: bool = False, max_actions: int = 120,
           backups: bool = True) -> None:
    """Both players pass until the stack is empty (and combat damage is done if `through_combat`);
    other decisions go to `policy`. Changes `game`. `backups=False`: the policy's answers are applied without a
    backup of the copy (a pass never needs one), and one the engine refuses raises _Refused instead of stopping
    there (`simulate` makes the copy again with backups)."""
    turn = game.state.turn
    for _ in range(max_actions):
        if game.is_over:
            return
        d = game.pending
        if d is None:
            return
        s = game.state
        answer = False
        if d.kind is DecisionKinds.PRIORITY:
            if not s.stack and (not through_combat or s.turn != turn or s.step not in COMBAT_STEPS):
                return
            action: A.Action = A.passing(d.player)
        elif d.kind is DecisionKinds.DECLARE_ATTACKERS:
            return
        else:
            action = policy.choose(game)
            answer = True
        try:
            game.apply(action, atomic=backups)
        except IllegalAction:
            if answer and not backups:
                raise _Refused from None
            return


def simulate(game: "Game", action: A.Action, policy: Policy, through_combat: bool = False,
             last: bool = False, again: "Callable[[], Game] | None" = None) -> "Game | None":
    """A copy of `game` after `action` and the settling that follows; None if the action is refused
    (or the engine fails on the copy: see FAULTS). `last`: `game` is a throwaway copy not read again
    after this, played on in place rather than copied; `again` (with `last`): makes that copy again, exactly."""
    # The policy's answers on a copy are applied without a backup each (a full copy of the state): the engine is
    # deterministic, so when one is refused (none in the 30 speed games) the simulation is made again, as it was,
    # with the backups: from `game`, or from the copy `again` makes (the copy played in place by `last` without
    # `again` can't be made again: backups).
    if last and again is None:
        return _simulated(game, action, policy, through_combat, True)
    try:
        return _simulated(game if last else game.clone(), action, policy, through_combat, False)
    except _Refused:
        return _simulated(again() if again is not None else game.clone(), action, policy, through_combat, True)


def _simulated(g: "Game", action: A.Action, policy: Policy, through_combat: bool, backups: bool) -> "Game | None":
    try:
        g.apply(action, atomic=False)
        settle(g, policy, through_combat, backups=backups)
    except IllegalAction:
        return None
    except RuntimeError as e:
        note_fault(e, action)
        return None
    return g


def note_fault(e: Exception, action: A.Action) -> None:
    note(f"{type(e).__name__}: {e} (after {action})")


def note(fault: str) -> None:
    if len(FAULTS) < 100:
        FAULTS.append(fault)


def works(game: "Game", action: A.Action) -> bool:
    """Would the engine accept this action now? (Tried on a copy.)"""
    g = game.clone()
    try:
        g.apply(action, atomic=False)
    except IllegalAction:
        return False
    return True
