"""Mana abilities (605): they don't use the stack and resolve at once (605.3b), asking a choice they need
(which color) on the way; then the triggered mana abilities they set off (605.1b)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import card_def, token_def
from engine.core.state import ManaTask, NeedDecision
from engine.effects.payment import mana_ability_triggers, replace_land_mana, tapped_for_mana_event
from engine.effects.resolution import Resolution, run_effects

if TYPE_CHECKING:
    from engine.game import Game


def run_mana_ability(game: "Game") -> None:
    """Carries out the mana ability of the `Task.MANA` task; a choice it needs is asked, then it goes on."""
    s = game.state
    task: ManaTask = s.task
    if task.token is not None:
        d = token_def(task.token)
    else:
        d = card_def(task.def_)
    ab = d.activated[task.index]
    res = Resolution(game, controller=task.player, source_id=task.source, source_card_id=task.card_id,
                     source_name=task.name, targets=task.targets, target_specs=list(ab.mode.targets),
                     x=task.x, source_lki=task.lki, answers=task.answers)

    def progress(i: int) -> None:
        task.effect = i

    try:
        run_effects(res, ab.mode.effects, task.effect, progress)
        # Its own effects are done: a question of a triggered mana ability resumes after them (605.4a).
        task.effect = len(ab.mode.effects)
        pool = s.players[task.player].mana_pool
        produced = "".join(c * (n - task.pool.get(c, 0)) for c, n in pool.items() if n > task.pool.get(c, 0))
        if ab.cost.tap:
            # 106.12a, 614.1a: a land tapped for mana produces what a replacement says instead
            produced = replace_land_mana(game, task.source, task.player, produced)
        mana_ability_triggers(game, task.source, task.player, task.answers, produced)
        if ab.cost.tap:
            tapped_for_mana_event(game, task.source, task.player, produced)
    except NeedDecision as nd:
        s.pending = nd.decision
        return
    s.task = None
    s.priority = task.player
    s.pending = None
