"""Turn structure (500-514), starting the game (103) and the engine's main loop.

`run` advances the game until some player must decide something: it performs turn-based actions
(703), checks state-based actions and puts triggered abilities on the stack whenever a player would
receive priority (117.5), and moves from step to step when all players pass with an empty stack
(500.2).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.state import NeedDecision, ReplacementTask
from engine.core.enums import STEP_ORDER, Step, DecisionKinds, Steps
from engine.core.events import Event
from engine.query.layers import changed_beyond_battlefield, characteristics, player_statics
from engine.rules.sba import check_state_based_actions
from engine.rules.day_night import untap_day_night
from engine.rules.phasing import phase_permanents
from engine.rules.sagas import add_lore_counters
from engine.core.state import Combat, Decision
from engine.rules.triggers import has_pending_triggers, put_triggers_on_stack, step_triggers
from engine.rules.resolving import resolve_top
from engine.board.zones import draw, shuffle, sync_control, sync_copies
from engine.rules.mulligan import next_mulligan_decision
from engine.rules.combat import (any_first_strike, begin_damage_step, begin_declare_attackers,
                                 begin_declare_blockers)
from engine.rules.cleanup import begin_cleanup
from engine.rules.untap import begin_untap
from engine.rules.dredge import begin_draw_step_draw
from engine.board.game_over import next_in_game
from engine.effects.turn_structure import ENDING_THE_TURN

if TYPE_CHECKING:
    from engine.game import Game


# ---------------------------------------------------------------- starting the game

def begin_game(game: "Game", starting_player: int | None) -> None:
    """103.1-103.5: shuffle, choose who starts, draw seven, then mulligans (London: 103.5)."""
    s = game.state
    for p in s.players:
        shuffle(game, p.index)
    if starting_player is None:
        starting_player = s.rng.below(len(s.players))
    s.starting_player = starting_player
    s.active = starting_player
    s.turn = 1
    s.step = Steps.UNTAP
    for i in s.apnap():
        draw(game, i, 7)
    s.mulligan_phase = True
    s.step_started = False
    s.priority = None


def start_at(game: "Game", turn: int, active: int, step: Step | str) -> None:
    s = game.state
    s.turn = turn
    s.active = active
    s.starting_player = active if turn == 1 else s.starting_player
    if step == "mulligan":
        s.mulligan_phase = True
        s.step = Steps.UNTAP
        s.step_started = False
        return
    s.step = Step(step)
    s.step_started = True
    s.priority = active
    s.passes = 0
    for o in s.objects.values():
        o.entered_turn = 0
    s.turn_log.pop("entered", None)     # what is set up was there before this turn
    if s.step.is_combat:
        s.combat = Combat()
        s.combat.defending_player = s.opponents(active)[0] if s.opponents(active) else active
        if STEP_ORDER.index(s.step) > STEP_ORDER.index(Steps.DECLARE_ATTACKERS):
            s.combat.attackers_declared = True
            s.combat.blockers_declared = s.step is not Steps.DECLARE_BLOCKERS
        if s.step is Steps.DECLARE_ATTACKERS:
            s.combat.attackers_declared = True
        if s.step is Steps.DECLARE_BLOCKERS:
            s.combat.blockers_declared = True


# ---------------------------------------------------------------- main loop

def run(game: "Game") -> None:
    s = game.state
    quiet, game.quiet = game.quiet, False
    quiet_step, game.quiet_step = game.quiet_step, None
    for _ in range(100000):
        if s.game_over or s.pending is not None:
            return
        if s.mulligan_phase:
            next_mulligan_decision(game)
            continue
        if s.turn_log.get(ENDING_THE_TURN):
            if not end_the_turn(game):
                return
            continue
        if not s.step_started:
            start_step(game)
            continue
        if s.priority is None:
            # Steps where no one gets priority (untap; cleanup unless something happened: 514.3a).
            if s.step is Steps.CLEANUP and cleanup_needs_priority(game):
                continue
            if game.pause_at == (s.turn, s.step):
                game.pause_at = None
                return          # asked for by Game.pause_at: stop here, the step's actions done
            end_step(game)
            continue
        # 117.5: before a player receives priority, SBAs then triggers, repeated until none (unless
        # nothing has happened since the last check found none: see Game.quiet).
        if not quiet:
            game.asking = True
            try:
                if quiet_step is s.step:
                    quiet_step = None       # (once: what the triggers put on the stack is checked as usual)
                elif check_state_based_actions(game):
                    continue
            except NeedDecision as nd:
                s.pending = nd.decision       # a replacement choice inside a state-based action (616.1)
                s.task = ReplacementTask()
                return
            finally:
                game.asking = False
            if s.pending is not None or s.game_over:
                return
            if put_triggers_on_stack(game):
                continue
            if s.pending is not None:
                return
        s.lki.clear()
        s.pending = game.checked = Decision(s.priority, DecisionKinds.PRIORITY, _priority_prompt(game))
        return
    raise RuntimeError("the engine did not reach a decision (loop)")


def _priority_prompt(game: "Game") -> str:
    s = game.state
    if s.stack:
        top = s.objects[s.stack[-1]]
        name = top.stack.source_name if top.is_ability and top.stack else characteristics(s, top.id).name
        return f"{s.players[s.priority].name}: respond to {name}, or pass to let it resolve"
    return f"{s.players[s.priority].name}, {_STEP_WORDS[s.step]}: take an action or pass"


_STEP_WORDS = {step: step.value.replace("_", " ") for step in Step}


def give_priority_to_active(game: "Game") -> None:
    """117.3a; 800.4j: if the active player left the game, the next player in turn order receives it."""
    s = game.state
    s.priority = s.active if not s.players[s.active].lost else next_in_game(game, s.active)
    s.passes = 0


# ---------------------------------------------------------------- steps

def start_step(game: "Game") -> None:
    """Turn-based actions at the start of a step (703.4), then priority to the active player."""
    s = game.state
    step = s.step
    s.step_started = True
    # (`_value_`: Enum's `value` is a Python-level property)
    game.emit(Event("step", {"step": step._value_, "turn": s.turn, "active": s.active},
                    f"Turn {s.turn} ({s.players[s.active].name}): {_STEP_WORDS[step]}"))
    if step is Steps.UNTAP:
        s.priority = None      # 502.4: no one receives priority during the untap step
        untap_step(game)
        return
    if step is Steps.DRAW:
        # 103.8a: the starting player skips the draw of their first turn.
        if not (s.turn == 1 and s.active == s.starting_player and s.skip_first_draw):
            if not s.players[s.active].skip_draw and not s.players[s.active].lost:
                if begin_draw_step_draw(game):
                    return
    if step is Steps.MAIN1:
        add_lore_counters(game)       # 505.4, 714.3c
    # A combat step reached without the beginning of combat (a sandbox move of the step) gets its combat.
    if step is Steps.BEGINNING_OF_COMBAT or (step.is_combat and s.combat is None):
        s.combat = Combat()
        s.turn_log["combats"] = s.turn_log.get("combats", 0) + 1      # which combat phase of the turn (500.8)
        opps = s.opponents(s.active)
        s.combat.defending_player = opps[0] if opps else s.active
    if step is Steps.DECLARE_ATTACKERS:
        if begin_declare_attackers(game):
            return
    if step is Steps.DECLARE_BLOCKERS:
        if begin_declare_blockers(game):
            return
    if step in (Steps.FIRST_STRIKE_DAMAGE, Steps.COMBAT_DAMAGE):
        if begin_damage_step(game):
            return
    if step is Steps.CLEANUP:
        s.turn_log.pop("cleanup_triggered", None)
        if begin_cleanup(game):
            return
        s.priority = None
        return
    if step is Steps.UPKEEP:
        me = s.players[s.active]
        me.upkeep_stamps = [me.upkeep_stamps[1], s.new_timestamp()]
    step_triggers(game, step)
    give_priority_to_active(game)


def after_turn_based_decision(game: "Game") -> None:
    """A step's turn-based decision was made: triggers of that step, then priority."""
    s = game.state
    step_triggers(game, s.step)
    give_priority_to_active(game)


def cleanup_needs_priority(game: "Game") -> bool:
    """514.3a: if SBAs or triggers happen during cleanup, players get priority, then another cleanup."""
    s = game.state
    if not s.turn_log.get("cleanup_triggered"):
        # 514.3a: what triggers "at the beginning of the next cleanup step" does so once the step's actions are done
        s.turn_log["cleanup_triggered"] = True
        step_triggers(game, Steps.CLEANUP)
    acted = check_state_based_actions(game)
    if s.pending is not None or s.game_over:
        return True
    if acted or has_pending_triggers(game):
        s.turn_log["extra_cleanup"] = True
        give_priority_to_active(game)
        return True
    return False


def end_the_turn(game: "Game") -> bool:
    """724.1c-d, after an effect ended the turn (engine.effects.turn_structure): state-based actions are checked, with
    no priority and no trigger put on the stack; the step ends (its mana empties, 500.4), combat with it, and the game
    goes straight to the cleanup step, a new one if it was already there. What triggered meanwhile goes on the stack in
    that cleanup step (724.1f, cleanup_needs_priority). False if a choice of the state-based actions waits."""
    s = game.state
    game.asking = True
    try:
        check_state_based_actions(game)
    except NeedDecision as nd:
        s.pending = nd.decision       # a replacement choice inside a state-based action (616.1)
        s.task = ReplacementTask()
        return False
    finally:
        game.asking = False
    if s.pending is not None or s.game_over:
        return False
    del s.turn_log[ENDING_THE_TURN]
    _empty_mana_pools(game)
    if s.combat is not None:
        end_combat(game)             # its creatures and planeswalkers removed from combat
    for mark in ("phase_queue", "extra_cleanup"):
        s.turn_log.pop(mark, None)
    s.step = Steps.CLEANUP
    s.step_started = False
    s.priority = None
    s.passes = 0
    return True


def _empty_mana_pools(game: "Game") -> None:
    """500.4: unspent mana empties from each player's mana pool as a step or phase ends."""
    s = game.state
    # ("until end of turn" ends in the cleanup step, 514.2: the kept mana empties as it ends)
    kept_mana = s.turn_log.get("kept_mana", {}) if s.step is not Steps.CLEANUP else {}
    for p in s.players:
        if not p.restricted_mana and not any(p.mana_pool.values()):
            continue        # nothing to empty (the statics below only keep or change mana there is)
        # "Players don't lose unspent mana as steps and phases end": those colors stay, whatever the step
        keeps = {c for st in player_statics(s, p.index, "keeps_unspent_mana") for c in dict(st.params)["colors"]}
        # "If you would lose unspent mana, that mana becomes colorless instead" (614.1a): what would be lost stays as {C}
        colorless = bool(player_statics(s, p.index, "unspent_mana_colorless"))
        if any(p.mana_pool.values()):
            # Mana an effect said isn't lost this turn stays, as much of it as wasn't spent (the player spends
            # the mana that would be lost first).
            kept = kept_mana.get(str(p.index), {})
            before, snow = dict(p.mana_pool), dict(p.snow_mana)
            p.mana_pool = {c: p.mana_pool[c] if c in keeps else min(p.mana_pool[c], kept.get(c, 0)) for c in "WUBRGC"}
            kept.update({c: n for c, n in p.mana_pool.items() if c in kept and c not in keeps})
            p.snow_mana = {c: min(n, p.mana_pool[c]) for c, n in p.snow_mana.items() if min(n, p.mana_pool[c])}
            if colorless:
                # the same mana, colorless now: snow mana stays snow (its source was a snow source, 107.4h)
                p.mana_pool["C"] += sum(before[c] - p.mana_pool[c] for c in "WUBRGC")
                lost_snow = sum(n - p.snow_mana.get(c, 0) for c, n in snow.items())
                if lost_snow:
                    p.snow_mana["C"] = p.snow_mana.get("C", 0) + lost_snow
        p.restricted_mana = [m for m in p.restricted_mana if m[0] in keeps] + (
            [["C", m[1]] for m in p.restricted_mana if m[0] not in keeps] if colorless else [])


def end_step(game: "Game") -> None:
    """500.4: mana empties at the end of each step; then the next step (or turn) begins."""
    s = game.state
    _empty_mana_pools(game)
    step = s.step
    if step is Steps.CLEANUP and s.turn_log.pop("extra_cleanup", False):
        s.step_started = False        # 514.3a: another cleanup step
        s.priority = None
        return
    if step is Steps.END_OF_COMBAT:
        end_combat(game)
    nxt = next_step(game, step)
    if s.turn_log.get("phase_queue") and step in _PHASE_ENDS:
        nxt = _queued_phase(game)
    while nxt is Steps.BEGINNING_OF_COMBAT and _skips_combat(game):
        # 500.11: the turn proceeds past the combat phase as though it didn't exist
        nxt = _queued_phase(game) if s.turn_log.get("phase_queue") else next_step(game, Steps.END_OF_COMBAT)
    if nxt is None:
        next_turn(game)
        return
    s.step = nxt
    s.step_started = False
    s.priority = None
    s.passes = 0


# The last step of each phase after which an additional phase can come (500.8).
_PHASE_ENDS = (Steps.DRAW, Steps.MAIN1, Steps.END_OF_COMBAT, Steps.MAIN2)


def _queued_phase(game: "Game") -> Step | None:
    """The first step of the next additional phase (engine.effects.turn_structure), or, once they're
    done, the step the turn goes on with as usual."""
    item = game.state.turn_log["phase_queue"].pop(0)
    if item == "combat":
        return Steps.BEGINNING_OF_COMBAT
    if item == "main":
        return Steps.MAIN2            # 505.1a: every main phase after the first is postcombat
    return next_step(game, Step(item.removeprefix("resume:")))


def next_step(game: "Game", step: Step) -> Step | None:
    s = game.state
    i = STEP_ORDER.index(step)
    if i + 1 >= len(STEP_ORDER):
        return None
    nxt = STEP_ORDER[i + 1]
    c = s.combat
    if step is Steps.DECLARE_ATTACKERS and (c is None or not c.attackers):
        return Steps.END_OF_COMBAT          # 508.8: no attackers: skip to the end of combat step
    if nxt is Steps.DRAW and (player_statics(s, s.active, "skip_draw_step") or _skips(game, "draw")):
        game.emit(Event("step_skipped", {"step": Steps.DRAW.value, "player": s.active},
                        f"{s.players[s.active].name} skips their draw step"))
        return Steps.MAIN1                  # 614.10: "Skip your draw step", a replacement; the step doesn't happen
    if nxt is Steps.FIRST_STRIKE_DAMAGE:
        if not any_first_strike(game):
            return Steps.COMBAT_DAMAGE      # 510.4: only with first or double strike in combat
    return nxt


def _skips(game: "Game", what: str) -> bool:
    """Whether the active player skips this untap step, draw step or combat phase (500.11, 614.10): one of those an
    effect told them to skip (Player.steps_to_skip), used up."""
    skips = game.state.players[game.state.active].steps_to_skip
    if not skips.get(what):
        return False
    skips[what] -= 1
    if not skips[what]:
        del skips[what]
    return True


def _skips_combat(game: "Game") -> bool:
    """The active player skips this combat phase: every one of this turn ("all combat phases of their next turn"),
    or the next one they were told to skip."""
    s = game.state
    if not (s.turn_log.get("combats_skipped") or _skips(game, "combat")):
        return False
    game.emit(Event("step_skipped", {"step": "combat", "player": s.active},
                    f"{s.players[s.active].name} skips a combat phase"))
    return True


def end_combat(game: "Game") -> None:
    """511.3: at the end of combat, creatures stop being attacking or blocking; 'until end of combat'
    effects end (514.2 for end of turn)."""
    s = game.state
    s.combat = None
    before = len(s.effects)
    s.effects = [e for e in s.effects if e.duration != "end_of_combat"]
    if len(s.effects) != before:
        s.invalidate()
        sync_control(game)


def next_turn(game: "Game") -> None:
    s = game.state
    previous = s.active
    while True:
        while s.extra_turns and s.players[s.extra_turns[0]].lost:
            s.extra_turns.pop(0)            # 800.4k: a turn of a player who left the game doesn't begin
        extra_rest = None
        if s.extra_turns and player_statics(s, s.extra_turns[0], "extra_turns_skipped"):
            # 614.10: "If an opponent would begin an extra turn, that player skips that turn instead": it doesn't
            # happen; the turns go on as if it had never been added
            game.emit(Event("turn_skipped", {"player": s.extra_turns[0]},
                            f"{s.players[s.extra_turns.pop(0)].name} skips an extra turn"))
            continue
        if s.extra_turns:
            s.active = s.extra_turns.pop(0)
            extra_rest = len(s.extra_turns)     # which extra turn this is (engine.effects.delayed_triggers)
        else:
            s.active = (s.active + 1) % len(s.players)
            while s.players[s.active].lost:
                _turn_never_begins(game, s.active)
                s.active = (s.active + 1) % len(s.players)
        skipper = s.players[s.active]
        if not skipper.turns_to_skip:
            break
        # 614.10a: a skipped turn doesn't happen; the turn after it is next
        skipper.turns_to_skip -= 1
        game.emit(Event("turn_skipped", {"player": s.active}, f"{skipper.name} skips a turn"))
    s.turn += 1
    s.step = Steps.UNTAP
    s.step_started = False
    s.priority = None
    s.passes = 0
    s.combat = None
    # "No spells were cast last turn" / "a player cast two or more spells last turn", "if an opponent lost life last
    # turn", "if you had another creature enter under your control last turn" read the turn before.
    s.turn_log = {"spells_cast_last_turn": list(s.turn_log.get("spells_cast", [])), "previous_active": previous,
                  "life_lost_last_turn": {str(p.index): p.life_lost_turn for p in s.players if p.life_lost_turn},
                  "entered_last_turn": list(s.turn_log.get("entered", []))}
    if extra_rest is not None:
        s.turn_log["extra_turn_rest"] = extra_rest
    if _skips(game, "turn_combats"):
        s.turn_log["combats_skipped"] = True         # "skips all combat phases of their next turn" (500.11)
    for p in s.players:
        p.lands_played = 0
        p.life_gained_turn = 0
        p.life_lost_turn = 0
    game.emit(Event("turn", {"turn": s.turn, "active": s.active},
                    f"Turn {s.turn}: {s.players[s.active].name}'s turn"))


def _turn_never_begins(game: "Game", player: int) -> None:
    """800.4k: the turn of a player who left the game doesn't begin; 800.4m: effects lasting until that
    player's next turn end as it would have begun."""
    s = game.state
    before = len(s.effects)
    s.effects = [e for e in s.effects if not (e.duration == "your_next_turn" and e.controller == player)]
    if len(s.effects) != before:
        s.invalidate()


def untap_step(game: "Game") -> bool:
    """502.1-502.3: permanents phase in and out; day or night changes; the active player's permanents stop
    being 'summoning sick' and untap (True: the active player is asked which to keep tapped first)."""
    s = game.state
    skipped = _skips(game, "untap")
    if skipped:
        # 500.11: none of the step's actions happen (502.1-502.3); the turn still begins (302.6, "until your next turn")
        game.emit(Event("step_skipped", {"step": Steps.UNTAP.value, "player": s.active},
                        f"{s.players[s.active].name} skips their untap step"))
    else:
        phase_permanents(game)
        untap_day_night(game)
    for oid in list(s.battlefield):
        o = s.objects[oid]
        if o.controller == s.active:
            o.sick = False
    before = len(s.effects)
    s.effects = [e for e in s.effects if not (e.duration == "your_next_turn" and e.controller == s.active)]
    # Characteristics don't depend on summoning sickness; a new turn matters only to conditions.
    if len(s.effects) != before:
        s.invalidate()
    else:
        changed_beyond_battlefield(s, zones=())     # a new turn moves no card
    sync_copies(game)       # "becomes a copy of target creature until your next turn" has ended (611.2a, 707.4)
    return False if skipped else begin_untap(game)


# The steps whose start (start_step) changes nothing the state-based actions read (704.5): no turn-based action but
# the step's triggers (the beginning of combat makes its Combat, which they don't read). Reached by a pass ending a step
# other than _ENDS_CHANGING (end_step: only the mana pools empty, 500.4), the first priority of the step needs no new
# check of them when the decision passed came right after a check that found none (117.5; Game.quiet_step).
QUIET_STEP_STARTS = frozenset({Steps.BEGINNING_OF_COMBAT, Steps.END_OF_COMBAT, Steps.MAIN2, Steps.END})
# Steps whose end does more: the end of combat ends "until end of combat" effects (511.3), the end step leads to
# the cleanup, the cleanup to the next turn.
_ENDS_CHANGING = frozenset({Steps.END_OF_COMBAT, Steps.END, Steps.CLEANUP})


def pass_priority(game: "Game", player: int) -> None:
    """117.3d / 117.4: if all players pass in succession, the top of the stack resolves, or the
    step ends when the stack is empty."""
    s = game.state
    answered, s.pending = s.pending, None
    s.passes += 1
    alive = [p.index for p in s.players if not p.lost]
    if s.passes >= len(alive):
        s.passes = 0
        if s.stack:
            resolve_top(game)
        else:
            ended = s.step
            end_step(game)
            if answered is not None and answered is game.checked and ended not in _ENDS_CHANGING \
                    and s.step in QUIET_STEP_STARTS and not s.step_started:
                game.quiet_step = s.step
        return
    nxt = (player + 1) % len(s.players)
    while s.players[nxt].lost:
        nxt = (nxt + 1) % len(s.players)
    s.priority = nxt
    # Only priority moved: if the decision passed came right after a check that found nothing, the
    # next player needs no new one (117.5).
    game.quiet = answered is not None and answered is game.checked
