"""Face-down permanents (708) and turning them face up: morph and megamorph (702.37), manifest
(701.40). Turning a face-down permanent face up is a special action (116.2b, 702.37e): any time its
controller has priority, they pay its morph cost (a manifested creature card: its mana cost, 701.40a)
and it turns face up. It is the same permanent (708.8): nothing enters; "when ~ is turned face up"
triggers. Casting a card face down is engine.rules.casting's (702.37c)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.mana import ManaCost
from engine.board.damage import add_counters, lose_life
from engine.effects.payment import can_pay_special, pay_special_action, plan_payment
from engine.query.layers import characteristics, definition_of
from engine.rules.timing import took_action

if TYPE_CHECKING:
    from engine.game import Game


def face_up_cost(game: "Game", oid: int) -> tuple[ManaCost, int, bool] | None:
    """The cost to turn this face-down permanent face up (its mana and the life to pay: "Morph—Pay 5 life"),
    and whether it is a megamorph (it then gets a +1/+1 counter, 702.37b); None if it can't be turned
    face up this way."""
    o = game.state.objects.get(oid)
    if o is None or not o.face_down or o.zone is not Zone.BATTLEFIELD:
        return None
    d = definition_of(o)
    for kw in d.keywords:
        if kw.name in ("morph", "megamorph") and kw.cost is not None and not kw.cost.x_count:
            life = (kw.full_cost.pay_life or 0) if kw.full_cost is not None else 0
            return kw.cost, life, kw.name == "megamorph"
    if o.chosen.get("manifested") and "Creature" in d.types and not d.mana_cost.x_count:
        return d.mana_cost, 0, False    # 701.40a: a manifested creature card, for its mana cost
    return None


def turn_face_up(game: "Game", action: A.TurnFaceUp) -> None:
    s = game.state
    found = face_up_cost(game, action.card)
    if found is None:
        raise IllegalAction("that isn't a face-down permanent that can be turned face up (702.37e)")
    o = s.objects[action.card]
    if o.controller != action.player:
        raise IllegalAction("only its controller can turn a face-down permanent face up (702.37e)")
    cost, life, megamorph = found
    if life > s.players[action.player].life:
        raise IllegalAction(f"you can't pay {life} life (119.4)")
    payment = plan_payment(game, action.player, cost, tuple(action.pay) if action.pay is not None else None) \
        if not cost.is_empty() else None
    if payment is not None:
        pay_special_action(game, action.player, cost, payment)
    if life:
        lose_life(game, action.player, life, paid=True)     # 119.4: paying life
    s.writable(o.id).face_down = False
    s.invalidate()
    if megamorph:
        add_counters(game, o.id, "+1/+1", 1, by=action.player)
    name = characteristics(s, o.id).name
    game.emit(Event("turned_face_up", {"object": o.id, "player": action.player},
                    f"{s.players[action.player].name} turns {name} face up"))
    took_action(game, action.player)      # 116.3c: the player receives priority again


def face_up_actions(game: "Game", player: int) -> list[A.TurnFaceUp]:
    """The face-down permanents the player can turn face up now (legal actions)."""
    s = game.state
    out = []
    for oid in s.battlefield:
        if s.objects[oid].controller != player:
            continue
        found = face_up_cost(game, oid)
        if found is not None and can_pay_special(game, player, found[0]) and found[1] <= s.players[player].life:
            out.append(A.TurnFaceUp(player, oid))
    return out
