"""Effects that change the turn structure (500.7 extra turns, 500.8 additional phases, 614.10 skipped turns), the
land plays of a turn (305.2a) and "no maximum hand size for the rest of the game" (402.2).

An extra turn is queued in GameState.extra_turns (engine.loop.turn takes it next). Additional phases
are queued for this turn in turn_log["phase_queue"]: the phases to run after the current one, then
"resume:<step>", the step whose phase they were added after, from which the turn goes on as usual
(engine.loop.turn.end_step). Additional land plays for this turn (305.2a) are counted per player in
turn_log[ADDITIONAL_LAND_PLAYS] (engine.rules.land_play reads them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.effect_types import (NO_MAXIMUM_HAND_SIZE, AdditionalLandPlays, AdditionalPhases, BecomeDayOrNight, EndTheTurn,
                                      ExtraTurn, NoMaximumHandSize, SkipStep, SkipTurn)
from engine.core.enums import STEP_ORDER, Zone
from engine.core.events import Event
from engine.board.zones import move
from engine.effects.resolution import Resolution
from engine.query.layers import player_statics

if TYPE_CHECKING:
    from engine.game import Game


def _extra_turn(res: Resolution, e: ExtraTurn) -> None:
    # 500.7: the turn is added directly after this one, so the most recent one comes first
    for p in reversed(res.players(e.who)):
        res.state.extra_turns.insert(0, p)


# The turn log's mark that an effect ended the turn (724.1): engine.loop.turn goes straight to the cleanup step.
ENDING_THE_TURN = "ending_the_turn"


def _end_the_turn(res: Resolution, e: EndTheTurn) -> None:
    """724.1a-b: what triggered and wasn't put on the stack yet ceases to exist; every object on the stack is
    exiled, the resolving one too (an ability or a copy of a spell simply ceases to exist). The rest of the
    process (724.1c-d) is the loop's: the step ends and the cleanup step begins."""
    s = res.state
    s.pending_triggers.clear()
    game = res.game
    game.emit(Event("end_the_turn", {"turn": s.turn}, "The turn ends (724.1)"))
    for oid in reversed(list(s.stack)):
        if oid in s.stack:
            move(game, oid, Zone.EXILE, cause="end_the_turn")
    s.turn_log[ENDING_THE_TURN] = True


def _skip_turn(res: Resolution, e: SkipTurn) -> None:
    # 614.10: a replacement of the player's next turn; each such effect skips one more (engine.loop.turn)
    for p in res.players(e.who):
        res.state.players[p].turns_to_skip += 1


def _skip_step(res: Resolution, e: SkipStep) -> None:
    # 500.11, 614.10: one more to skip; engine.loop.turn skips it when it would come
    for p in res.players(e.who):
        skips = res.state.players[p].steps_to_skip
        skips[e.what] = skips.get(e.what, 0) + 1


def set_day_night(game: "Game", value: str) -> None:
    """731.1: the game becomes day or night; the event's "from" tells "day becomes night" from a change from neither
    (731.1a)."""
    s = game.state
    before = s.day_night
    s.day_night = value
    game.emit(Event("day_night", {"value": value, "from": before or ""}, f"It becomes {value}"))


def _become_day_or_night(res: Resolution, e: BecomeDayOrNight) -> None:
    if res.state.day_night != e.value:
        set_day_night(res.game, e.value)


def _no_maximum_hand_size(res: Resolution, e: NoMaximumHandSize) -> None:
    for p in res.players(e.who):
        marks = res.state.players[p].designations
        if NO_MAXIMUM_HAND_SIZE not in marks:
            marks.append(NO_MAXIMUM_HAND_SIZE)


def _additional_phases(res: Resolution, e: AdditionalPhases) -> None:
    s = res.state
    queue = s.turn_log.setdefault("phase_queue", [])
    if not queue:
        # the turn goes on after this phase's last step: an additional combat added during combat ("After this phase,
        # there is an additional combat phase" as attackers are declared) is followed by the postcombat main phase, not
        # by this combat's remaining steps
        last = max((st for st in STEP_ORDER if st.phase is s.step.phase), key=STEP_ORDER.index)
        queue.append(f"resume:{last.value}")
    # 500.8: directly after this phase; the most recently created phases come first
    queue[0:0] = list(e.phases)


# The additional land plays effects gave each player this turn (305.2a), by player index: {"0": 1}.
ADDITIONAL_LAND_PLAYS = "additional_land_plays"

def land_plays(game: "Game", player: int) -> int:
    """305.2, 305.2a: how many lands the player may play this turn: one, and one more for each "you may
    play an additional land on each of your turns" of a permanent they control or "Each player may play an additional
    land on each of their turns" of any, and those effects gave them this turn ("you may play an additional land this
    turn")."""
    s = game.state
    extra = sum(st.params[0] if st.params else 1 for st in player_statics(s, player, "additional_land_play"))
    return s.players[player].land_plays + extra + s.turn_log.get(ADDITIONAL_LAND_PLAYS, {}).get(str(player), 0)


def _additional_land_plays(res: Resolution, e: AdditionalLandPlays) -> None:
    plays = res.state.turn_log.setdefault(ADDITIONAL_LAND_PLAYS, {})
    n = max(0, res.amount(e.amount))
    for p in res.players(e.who):
        plays[str(p)] = plays.get(str(p), 0) + n


HANDLERS = {
    AdditionalLandPlays: _additional_land_plays,
    EndTheTurn: _end_the_turn,
    ExtraTurn: _extra_turn,
    SkipTurn: _skip_turn,
    SkipStep: _skip_step,
    BecomeDayOrNight: _become_day_or_night,
    NoMaximumHandSize: _no_maximum_hand_size,
    AdditionalPhases: _additional_phases,
}
