"""Playing lands (305): a special action, once a turn, in the player's own main phase with an empty stack."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.enums import Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.state import LandPlayTask, NeedDecision
from engine.effects.entering import as_enters_choices
from engine.effects.resolution import Resolution
from engine.query.cast_limits import land_play_forbidden
from engine.query.layers import characteristics
from engine.board.zones import begin_simultaneous_event, move
from engine.board.replacement import entered_battlefield
from engine.effects.resolution_casts import may_play
from engine.rules.library_top import may_play_from_top
from engine.rules.graveyard_casts import may_play_land_from_graveyard
from engine.effects.turn_structure import land_plays
from engine.rules.faces import turn_up
from engine.rules.timing import sorcery_timing_ok, took_action

if TYPE_CHECKING:
    from engine.game import Game


def play_land(game: "Game", action: A.PlayLand, answers: dict[str, list] | None = None) -> None:
    """305.1: the land enters; its "as ~ enters" choices (614.12) are asked first, each answer in `answers`."""
    s = game.state
    p = s.players[action.player]
    o = s.objects.get(action.card)
    if o is None:
        raise IllegalAction("no such card")
    turn_up(game, action)          # 712.12: a modal double-faced card's land face
    o = s.objects[o.id]
    ch = characteristics(s, o.id)
    if not ch.is_land:
        raise IllegalAction(f"{ch.name} is not a land")
    # "you may play that card this turn", "you may play lands from the top of your library"
    permitted = may_play(o, action.player, s.turn, False) or may_play_from_top(s, o, action.player) \
        or may_play_land_from_graveyard(s, o, action.player)
    if (o.zone is not Zones.HAND or o.owner != action.player) and not permitted:
        raise IllegalAction(f"{ch.name} is not in your hand")
    forbidden = land_play_forbidden(s, action.player, o.id)
    if forbidden is not None:
        raise IllegalAction(forbidden)
    if not sorcery_timing_ok(game, action.player):
        raise IllegalAction("a land can be played only in your main phase with an empty stack (305.1)")
    if p.lands_played >= land_plays(game, action.player):
        raise IllegalAction("you have already played a land this turn (305.2)")
    res = Resolution(game, controller=action.player, source_id=o.id, source_card_id=o.card_id, source_name=ch.name,
                     targets=[], target_specs=[], answers=dict(answers or {}))
    game.asking = True
    try:
        entering = as_enters_choices(res, ch, action.player, "", o.id)
    except NeedDecision as nd:
        s.task = LandPlayTask(player=action.player, card=o.id, answers=res.answers)
        s.pending = nd.decision
        return
    finally:
        game.asking = False
    s.task = None
    p.lands_played += 1
    begin_simultaneous_event(game.state)       # an event of its own ("whenever one or more lands enter")
    new = move(game, o.id, Zones.BATTLEFIELD, controller=action.player, cause="play",
               copy_of=entering.get("copy_of"), chosen=entering.get("chosen"))
    entered_battlefield(game, new)
    game.emit(Event("play_land", {"player": action.player, "object": new, "name": ch.name},
                    f"{p.name} plays {ch.name}"))
    took_action(game, action.player)


def answer_land_play(game: "Game", key: str, chosen: list) -> None:
    task: LandPlayTask = game.state.task
    play_land(game, A.PlayLand(task.player, task.card), {**task.answers, key: chosen})
