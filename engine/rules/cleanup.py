"""The cleanup step (514): discard to hand size, then damage wears off and "until end of turn"
effects end at the same time."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.effect_types import NO_MAXIMUM_HAND_SIZE
from engine.core.enums import DecisionKinds
from engine.core.state import Decision, CleanupDiscardTask
from engine.query.amounts import evaluate_amount_static
from engine.query.layers import changed_beyond_battlefield, player_statics, player_statics_from
from engine.board.primitives import discard
from engine.board.zones import begin_simultaneous_event, sync_control, sync_copies

if TYPE_CHECKING:
    from engine.game import Game


def begin_cleanup(game: "Game") -> bool:
    """Returns True if a decision is pending (the discard)."""
    s = game.state
    p = s.players[s.active]
    maximum = maximum_hand_size(game, s.active)
    excess = len(p.hand) - maximum if maximum is not None else 0
    if excess > 0:
        # 514.1: the active player discards down to their maximum hand size.
        s.pending = Decision(s.active, DecisionKinds.CHOOSE, f"Discard {excess} card{'s' if excess > 1 else ''} (hand size)",
                             list(p.hand), excess, excess, {"choice": "discard"})
        s.task = CleanupDiscardTask()
        return True
    finish_cleanup(game)
    return False


def maximum_hand_size(game: "Game", player: int) -> int | None:
    """402.2: seven, changed by "Your maximum hand size is increased by one" and "Each opponent's maximum
    hand size is reduced by seven", or set by "Your maximum hand size is two": these rule-changing effects apply in
    timestamp order (613.11); None for "You have no maximum hand size" (also "for the rest of the game")."""
    s = game.state
    if player_statics(s, player, "no_maximum_hand_size") or NO_MAXIMUM_HAND_SIZE in s.players[player].designations:
        return None
    size = s.players[player].max_hand_size
    effects = player_statics_from(s, player, "maximum_hand_size_change") + \
        player_statics_from(s, player, "maximum_hand_size_set")
    for src, st in sorted(effects, key=lambda e: e[0].timestamp):
        if st.kind == "maximum_hand_size_set":
            size = evaluate_amount_static(s, src, st.params[0])
        else:
            size += st.params[0]
    return max(0, size)


def answer_discard(game: "Game", chosen: list[int]) -> None:
    begin_simultaneous_event(game.state)        # one discard of them all ("whenever you discard one or more cards")
    for oid in chosen:
        discard(game, oid)
    game.state.task = None
    finish_cleanup(game)
    game.state.priority = None


def finish_cleanup(game: "Game") -> None:
    """514.2: remove all damage and end 'until end of turn' and 'this turn' effects."""
    s = game.state
    for oid in s.battlefield:
        o = s.objects[oid]
        o.damage = 0
        o.deathtouch_damage = False
        o.regen_shields = 0
    before = len(s.effects)
    s.effects = [e for e in s.effects if e.duration not in ("end_of_turn", "end_of_combat")]
    # Characteristics don't depend on damage; the end of the turn matters only to conditions.
    if len(s.effects) != before:
        s.invalidate()
    else:
        changed_beyond_battlefield(s, zones=())     # a turn's end moves no card
    sync_control(game)      # a control change that ended gives the permanent back (514.2, 613.2)
    sync_copies(game)       # and a copy effect that ended its own copiable values (514.2, 707.4)
