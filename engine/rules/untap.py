"""Untapping in the untap step (502.3): the active player's permanents untap, except those that "don't untap
during [their controller's] untap step" and those of "You may choose not to untap ~ during your untap step" their
controller chooses to keep tapped (a choice made before they all untap at once); with them, the other players'
permanents that "untap during each other player's untap step". "Players can't untap more than one creature during
their untap steps" (Smoke): the active player chooses which of them untap, as many as the limit allows."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.primitives import set_tapped
from engine.core.enums import DecisionKinds
from engine.core.state import Decision, UntapTask
from engine.query.layers import characteristics, matches_ch, player_statics

if TYPE_CHECKING:
    from engine.game import Game


def begin_untap(game: "Game", held: list[int] = ()) -> bool:
    """502.3: untaps the active player's permanents, or asks first which of them an untap limit lets untap, then
    which of those that may stay tapped do (True: asked). `held`: those a limit keeps tapped, chosen already."""
    s = game.state
    untapping = [oid for oid in _untapping(game) if oid not in held]
    for st in player_statics(s, s.active, "untap_limit"):
        limit = dict(st.params)
        over = [oid for oid in untapping if s.objects[oid].controller == s.active
                and matches_ch(s, s.objects[oid], characteristics(s, oid), limit["filter"], s.active, None)]
        if len(over) > limit["count"]:
            n = limit["count"]
            s.pending = Decision(s.active, DecisionKinds.CHOOSE, f"Choose the {n} permanent{'s' if n != 1 else ''} "
                                 f"to untap; the others stay tapped (502.3)", over, n, n, {"choice": "untap_limit"})
            s.task = UntapTask(held=list(held), limited=over)
            return True
    options = [oid for oid in untapping if any(st.kind == "may_not_untap" and st.affected.kind == "self"
                                               for st in characteristics(s, oid).static)]
    if not options:
        untap_permanents(game, list(held))
        return False
    s.pending = Decision(s.active, DecisionKinds.CHOOSE, "Choose the permanents to keep tapped (502.3)", options,
                         0, len(options), {"choice": "keep_tapped"})
    s.task = UntapTask(held=list(held))
    return True


def answer_untap(game: "Game", chosen: list[int]) -> None:
    task = game.state.task
    game.state.task = None
    assert isinstance(task, UntapTask)
    if task.limited:
        # the limit's other permanents stay tapped; another limit or a "may choose not to untap" may ask next
        begin_untap(game, task.held + [oid for oid in task.limited if oid not in chosen])
        return
    untap_permanents(game, chosen + task.held)


def untap_permanents(game: "Game", kept: list[int]) -> None:
    s = game.state
    for oid in _untapping(game):
        if oid not in kept:
            set_tapped(game, oid, False)
    # "It doesn't untap during its controller's next untap step": that untap step has come; "Creatures target player
    # controls don't untap during that player's next untap step" (a group, 611.2c): that player's has
    for e in s.effects:
        if e.duration == "controller_next_untap" and e.affected:
            steps = e.params.get("untap_steps", 1)
            if steps > 1 and any(o in s.objects and s.objects[o].controller == s.active for o in e.affected):
                e.params = {**e.params, "untap_steps": steps - 1}     # "its controller's next two untap steps"
                continue
            e.affected = [o for o in e.affected if o in s.objects and s.objects[o].controller != s.active]

    def over(e) -> bool:
        return e.duration == "controller_next_untap" and (
            e.params.get("of_player") == s.active if e.affected is None else not e.affected)
    if any(over(e) for e in s.effects):
        s.effects = [e for e in s.effects if not over(e)]
        s.invalidate()


def _untapping(game: "Game") -> list[int]:
    """The active player's tapped permanents, but those that don't untap during their controller's untap step, and
    the other players' tapped permanents that "untap during each other player's untap step" (not their controller's,
    so a "doesn't untap during its controller's untap step" doesn't hold them)."""
    s = game.state
    return [oid for oid in s.battlefield if s.objects[oid].tapped and (
        not doesnt_untap(game, oid) if s.objects[oid].controller == s.active
        else characteristics(s, oid).extra.get("untaps_during_others", False))]


def doesnt_untap(game: "Game", oid: int) -> bool:
    ch = characteristics(game.state, oid)
    return ch.extra.get("doesnt_untap", False) or any(
        e.params.get("kind") == "doesnt_untap" and e.affected and oid in e.affected
        for e in game.state.effects)
