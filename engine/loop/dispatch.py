"""Routes an action to the rule that handles it, after checking it answers the pending decision."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.rules.activation import advance_activation, begin_activate
from engine.rules.casting import advance_cast, begin_cast, cancel_cast
from engine.rules.face_down import turn_face_up
from engine.rules.foretell import foretell
from engine.rules.suspend import suspend
from engine.rules.companion import put_companion_into_hand
from engine.rules.conspiracies import face_down_conspiracy, turn_conspiracy_face_up
from engine.rules.land_play import answer_land_play, play_land
from engine.core.enums import DecisionKinds
from engine.core.state import Decision, Proposal, Task
from engine.core.errors import IllegalAction
from engine.loop.turn import after_turn_based_decision, give_priority_to_active, pass_priority
from engine.rules.sba import answer_sba, concede
from engine.loop.sandbox import apply_by_hand, apply_sandbox
from engine.effects.by_hand import is_by_hand
from engine.rules.by_hand import put_trigger_by_hand
from engine.rules.mulligan import answer_bottom, answer_opening_hand, apply_mulligan
from engine.rules.combat import (assign_damage, continue_assignment, continue_blocks, declare_attackers,
                                 declare_blockers)
from engine.rules.mana_abilities import run_mana_ability
from engine.rules.proposals import record_answer
from engine.rules.resolving import continue_resolution
from engine.rules.triggers import answer_trigger
from engine.rules.cleanup import answer_discard
from engine.rules.untap import answer_untap
from engine.rules.dredge import answer_draw_step_dredge
from engine.rules.exert import answer_exert, ask_exert

if TYPE_CHECKING:
    from engine.game import Game


def _after_leaving(game: "Game", left: Decision, task) -> None:
    """800.4a: the player who had to make this decision left the game; the game goes on without it: the
    next defending player declares blockers (802.4), the next player assigns combat damage (802.5), or
    the step goes on to its priority (800.4j: the next player in turn order receives it)."""
    s = game.state
    if left.kind is DecisionKinds.DECLARE_BLOCKERS and continue_blocks(game):
        return
    if left.kind is DecisionKinds.ASSIGN_DAMAGE and s.combat is not None and continue_assignment(game, task):
        return
    if left.kind in (DecisionKinds.DECLARE_ATTACKERS, DecisionKinds.DECLARE_BLOCKERS, DecisionKinds.ASSIGN_DAMAGE):
        after_turn_based_decision(game)
    elif s.priority is None and s.step_started and not s.mulligan_phase:
        give_priority_to_active(game)


def dispatch(game: "Game", action: A.Action) -> None:
    s = game.state
    if isinstance(action, A.Concede):
        left = s.pending if s.pending is not None and s.pending.player == action.player else None
        task = s.task
        concede(game, action.player)
        if left is not None and not s.game_over:
            _after_leaving(game, left, task)
        return
    if isinstance(action, A.SandboxAction):
        if s.enforce:
            if not is_by_hand(s.pending):
                raise IllegalAction("sandbox moves are only allowed when the rules are not enforced, or to carry "
                                    "out a card's text by hand as it resolves")
            apply_by_hand(game, action)
            return
        apply_sandbox(game, action)
        return
    d = s.pending
    assert d is not None
    kind = d.kind
    if isinstance(action, A.Cancel):
        if not isinstance(s.task, Proposal):
            raise IllegalAction("there is nothing to cancel")
        cancel_cast(game)
        return
    if kind is DecisionKinds.PRIORITY:
        _priority_action(game, action)
        return
    if kind is DecisionKinds.MULLIGAN:
        if not isinstance(action, A.Mulligan):
            raise IllegalAction("decide whether to keep or mulligan first")
        s.pending = None
        apply_mulligan(game, action.player, action.keep)
        return
    if kind is DecisionKinds.DECLARE_ATTACKERS:
        if not isinstance(action, A.DeclareAttackers):
            raise IllegalAction("declare attackers first")
        declare_attackers(game, action)
        if not ask_exert(game):         # 508.1g: exert is chosen as the creatures attack
            after_turn_based_decision(game)
        return
    if kind is DecisionKinds.DECLARE_BLOCKERS:
        if not isinstance(action, A.DeclareBlockers):
            raise IllegalAction("declare blockers first")
        if declare_blockers(game, action):     # every defending player has declared (802.4)
            after_turn_based_decision(game)
        return
    if kind is DecisionKinds.ASSIGN_DAMAGE:
        if not isinstance(action, A.AssignDamage):
            raise IllegalAction("assign combat damage first")
        if assign_damage(game, action):     # every source's damage is assigned (510.1)
            after_turn_based_decision(game)
        return
    if kind is DecisionKinds.CHOOSE:
        if not isinstance(action, A.Choose):
            raise IllegalAction(f"answer the pending choice first: {d.prompt}")
        answer_choice(game, list(action.choice))
        return
    raise IllegalAction(f"unexpected decision {kind}")


def validate_choice(d, chosen: list) -> None:
    if d.data.get("choice") == "number":
        if len(chosen) != 1 or not isinstance(chosen[0], int) or not (d.data.get("low", 0) <= chosen[0] <= d.data.get("high", 10**6)):
            raise IllegalAction(f"choose a number from {d.data.get('low', 0)} to {d.data.get('high')}")
        return
    if d.data.get("choice") == "order":
        if sorted(map(str, chosen)) != sorted(map(str, d.options)):
            raise IllegalAction("give every triggered ability exactly once, in the order to put them on the stack")
        return
    if not (d.min <= len(chosen) <= d.max):
        raise IllegalAction(f"choose {d.min}" + (f" to {d.max}" if d.max != d.min else "") + f", not {len(chosen)}")
    if len(set(map(str, chosen))) != len(chosen):
        raise IllegalAction("the same answer was given twice")
    for c in chosen:
        if c not in d.options:
            raise IllegalAction(f"{c!r} is not one of the choices")


def answer_choice(game: "Game", chosen: list) -> None:
    s = game.state
    d = s.pending
    validate_choice(d, chosen)
    task = s.task
    t = task.kind if task is not None else None
    s.pending = None
    if d.data.get("choice") == "replacement":
        s.turn_log.setdefault("replacement_choice", {})[d.data["object"]] = chosen[0]
        if t == Task.REPLACEMENT:
            s.task = None
            return
        if t == Task.RESOLVE:
            continue_resolution(game)
            return
    if t == Task.RESOLVE:
        task.answers[d.data["key"]] = chosen
        continue_resolution(game)
    elif t == Task.MANA:
        task.answers[d.data["key"]] = chosen
        run_mana_ability(game)
    elif t == Task.CAST:
        record_answer(task, d.data["field"], chosen)
        advance_cast(game)
    elif t == Task.ACTIVATE:
        record_answer(task, d.data["field"], chosen)
        advance_activation(game)
    elif t == Task.TRIGGER:
        answer_trigger(game, d, chosen)
    elif t == Task.SBA:
        answer_sba(game, d, chosen)
    elif t == Task.CLEANUP_DISCARD:
        answer_discard(game, chosen)
    elif t == Task.LAND_PLAY:
        answer_land_play(game, d.data["key"], chosen)
    elif t == Task.UNTAP:
        answer_untap(game, chosen)
    elif t == Task.DREDGE:
        if not answer_draw_step_dredge(game, d.data["key"], chosen):
            after_turn_based_decision(game)
    elif t == Task.EXERT:
        answer_exert(game, chosen)
        after_turn_based_decision(game)
    elif t == Task.OPENING_HAND:
        answer_opening_hand(game, d.player, chosen)
    elif t == Task.MULLIGAN_BOTTOM:
        answer_bottom(game, d.player, chosen)
    else:
        raise IllegalAction("no choice is pending")


def _priority_action(game: "Game", action: A.Action) -> None:
    if isinstance(action, A.PassPriority):
        pass_priority(game, action.player)
    elif isinstance(action, A.PlayLand):
        play_land(game, action)
    elif isinstance(action, A.CastSpell):
        begin_cast(game, action)
    elif isinstance(action, A.ActivateAbility):
        begin_activate(game, action)
    elif isinstance(action, A.TurnFaceUp):
        if face_down_conspiracy(game, action.card):
            turn_conspiracy_face_up(game, action)       # 116.2j
        else:
            turn_face_up(game, action)
    elif isinstance(action, A.Foretell):
        foretell(game, action)
    elif isinstance(action, A.Suspend):
        suspend(game, action)
    elif isinstance(action, A.PutCompanionIntoHand):
        put_companion_into_hand(game, action)
    elif isinstance(action, A.TriggerByHand):
        put_trigger_by_hand(game, action)
    else:
        raise IllegalAction(f"{type(action).__name__} is not possible while holding priority")
