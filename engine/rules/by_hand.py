"""Triggered abilities played by hand (603.3; issue 12): a triggered ability whose trigger condition the
compiler can't read (CardDef.hand_triggers) is shown on its card, and its controller says when it
triggered. 603.3: a triggered ability is put on the stack the next time a player would receive priority;
so the player puts it there while they hold priority ("this triggered now"), and receives priority again
(117.3c, as after any action), the ability on top. It resolves by hand (engine.effects.by_hand)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.zones import create_ability_object
from engine.core import player_actions as A
from engine.core.cards import card_def
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.objects import GameObject
from engine.query.layers import characteristics, definition_of
from engine.rules.timing import took_action

if TYPE_CHECKING:
    from engine.game import Game


def who_triggers(o: GameObject) -> int | None:
    """Whose triggered ability a card's is (603.3a): its controller on the battlefield or the stack, its
    owner in the other public zones and in the hand; none in a library."""
    if o.is_ability or o.zone is Zone.LIBRARY:
        return None
    return o.controller if o.zone in (Zone.BATTLEFIELD, Zone.STACK) else o.owner


def hand_trigger_sources(game: "Game", player: int) -> list[tuple[int, int]]:
    """(object id, index) of every triggered ability played by hand `player` could put on the stack."""
    s = game.state
    out: list[tuple[int, int]] = []
    if not (any(card_def(name).hand_triggers for name in s.cards)
            or any(definition_of(s.objects[oid]).hand_triggers for oid in s.battlefield if s.objects[oid].token)):
        return out      # the common case, asked at every priority: no card or token of this game has one
    for oid, o in s.objects.items():
        if who_triggers(o) != player or (o.zone is Zone.HAND and o.owner != player):
            continue
        if o.face_down and o.zone is Zone.BATTLEFIELD:
            continue      # a face-down permanent has no abilities (708.2)
        texts = characteristics(s, oid).definition.hand_triggers
        out.extend((oid, i) for i in range(len(texts)))
    return out


def put_trigger_by_hand(game: "Game", action: A.TriggerByHand) -> None:
    s = game.state
    o = s.objects.get(action.source)
    if o is None or o.is_ability:
        raise IllegalAction("no such card")
    ch = characteristics(s, o.id)
    texts = ch.definition.hand_triggers
    if not 0 <= action.index < len(texts):
        raise IllegalAction(f"{ch.name} has no triggered ability played by hand")
    if who_triggers(o) != action.player or (o.face_down and o.zone is Zone.BATTLEFIELD):
        raise IllegalAction(f"{ch.name}'s triggered ability isn't yours to put on the stack")
    text = texts[action.index]
    oid = create_ability_object(game, action.player, o, ch, "triggered", 0, [], 0, {"by_hand": action.index}, {},
                                None, source_name=ch.name)
    game.emit(Event("trigger", {"object": oid, "name": ch.name, "controller": action.player, "by_hand": True},
                    f"{ch.name}'s ability triggers (by hand): {text}"))
    took_action(game, action.player)
