"""Draws replaced (614.1a, 614.11, 121.6): "The next time you would draw a card this turn, you gain 5 life instead"
(Words of Worship). Resolving, the effect leaves a shield on each player named: a continuous effect
("next_draw_replaced") until the turn ends, used up by the first draw of that player it replaces. The draw that meets
it is made by `Resolution.draw` (an effect's draws, and the draw step's, engine.rules.dredge), which asks the player
which replacement applies when several do (616.1) and carries the instructions out instead of the draw."""
from __future__ import annotations

from engine.board.primitives import add_effect
from engine.core.effect_types import ReplaceNextDraw
from engine.effects.delayed_triggers import creator
from engine.effects.resolution import Resolution


def _replace_next_draw(res: Resolution, e: ReplaceNextDraw) -> None:
    # the card definition and the text name the instructions again (plain JSON: a save holds the shield)
    def_key, token = creator(res)
    for p in res.players(e.who):
        add_effect(res.game, res, None, {"kind": "next_draw_replaced", "player": p, "def": def_key, "token": token,
                                         "text": e.text, "name": res.source_name}, "end_of_turn")


# Installed by engine.wiring.
HANDLERS = {ReplaceNextDraw: _replace_next_draw}
