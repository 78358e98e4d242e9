"""The draw step's draw (504.1) replaced by dredge (702.52a): with a dredge card in their graveyard (and
enough cards in their library, 702.52b) the active player is asked first whether to dredge instead."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.dredge import dredge, dredge_cards
from engine.board.zones import draw
from engine.core.enums import DecisionKind
from engine.core.state import Decision, DredgeTask

if TYPE_CHECKING:
    from engine.game import Game


def begin_draw_step_draw(game: "Game") -> bool:
    """504.1: the active player draws a card, or is asked whether dredge replaces that draw (True: asked)."""
    s = game.state
    options = dredge_cards(game, s.active)
    if not options:
        draw(game, s.active, 1)
        return False
    s.pending = Decision(s.active, DecisionKind.CHOOSE, "Dredge a card instead of drawing? (702.52a)", options,
                         0, 1, {"choice": "dredge"})
    s.task = DredgeTask()
    return True


def answer_draw_step_dredge(game: "Game", chosen: list[int]) -> None:
    s = game.state
    s.task = None
    if chosen and chosen[0] in dredge_cards(game, s.active):
        dredge(game, s.active, chosen[0])
    else:
        draw(game, s.active, 1)
