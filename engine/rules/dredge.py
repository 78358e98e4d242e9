"""The draw step's draw (504.1), which a replacement may replace (614.1a): dredge (702.52a; a dredge card in their
graveyard and enough cards in their library, 702.52b) or a "next time you would draw" effect (614.11). The draw is
made as an effect's draw is (`Resolution.draw`, engine.effects.resolution): the active player is asked first whether
to dredge, or which replacement applies, and the replacement's own choices are asked on the way; the answers are kept
in the task."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.state import DredgeTask, NeedDecision
from engine.effects.resolution import Resolution

if TYPE_CHECKING:
    from engine.game import Game


def begin_draw_step_draw(game: "Game") -> bool:
    """504.1: the active player draws a card, or what replaces that draw (True: a player was asked)."""
    return _draw(game, DredgeTask())


def answer_draw_step_dredge(game: "Game", key: str, chosen: list) -> bool:
    """The answer to a question of the draw step's draw; True if another question waits."""
    task: DredgeTask = game.state.task
    task.answers[key] = chosen
    return _draw(game, task)


def _draw(game: "Game", task: DredgeTask) -> bool:
    s = game.state
    res = Resolution(game, controller=s.active, source_id=None, source_card_id=None, source_name="", targets=[],
                     target_specs=[], answers=task.answers)
    try:
        res.draw("draw_step", s.active, 1)
    except NeedDecision as nd:
        s.pending = nd.decision
        s.task = task
        return True
    s.task = None
    return False
