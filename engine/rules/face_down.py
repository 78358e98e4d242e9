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
from engine.board.primitives import discard, sacrifice
from engine.board.zones import move
from engine.core.abilities import Filter
from engine.effects.payment import can_pay_special, pay_special_action, plan_payment
from engine.query.layers import characteristics, definition_of, matches_ch
from engine.rules.proposals import max_x
from engine.rules.timing import took_action

if TYPE_CHECKING:
    from engine.game import Game


def face_up_cost(game: "Game", oid: int) -> tuple[ManaCost, int, bool, tuple[str, Filter] | None] | None:
    """The cost to turn this face-down permanent face up (its mana and the life to pay: "Morph—Pay 5 life"),
    whether it is a megamorph (it then gets a +1/+1 counter, 702.37b), and its part paid with an object ("Morph—Reveal
    a white card in your hand": the kind and what may pay it); None if it can't be turned face up this way."""
    o = game.state.objects.get(oid)
    if o is None or not o.face_down or o.zone is not Zone.BATTLEFIELD:
        return None
    d = definition_of(o)
    for kw in d.keywords:
        if kw.name in ("morph", "megamorph") and kw.cost is not None:
            life = (kw.full_cost.pay_life or 0) if kw.full_cost is not None else 0
            part = kw.full_cost.object_part() if kw.full_cost is not None else None
            return kw.cost, life, kw.name == "megamorph", part
    if o.chosen.get("manifested") and "Creature" in d.types and not d.mana_cost.x_count:
        return d.mana_cost, 0, False, None    # 701.40a: a manifested creature card, for its mana cost
    return None


def _part_options(game: "Game", player: int, oid: int, part: tuple[str, Filter] | None) -> list[int] | None:
    """What may pay the morph cost's part paid with an object: cards in the hand to reveal or discard, permanents the
    player controls to return or sacrifice ("another": not the face-down permanent itself); None if it has none."""
    if part is None:
        return None
    s = game.state
    kind, flt = part
    pool = s.players[player].hand if kind in ("reveal", "discard") else \
        [x for x in s.battlefield if s.objects[x].controller == player]
    return [x for x in pool if not (x == oid and flt.other) and matches_ch(s, s.objects[x], characteristics(s, x), flt,
                                                                         player, oid)]


def turn_face_up(game: "Game", action: A.TurnFaceUp) -> None:
    s = game.state
    found = face_up_cost(game, action.card)
    if found is None:
        raise IllegalAction("that isn't a face-down permanent that can be turned face up (702.37e)")
    o = s.objects[action.card]
    if o.controller != action.player:
        raise IllegalAction("only its controller can turn a face-down permanent face up (702.37e)")
    cost, life, megamorph, part = found
    if life > s.players[action.player].life:
        raise IllegalAction(f"you can't pay {life} life (119.4)")
    if cost.x_count and (action.x is None or action.x < 0):
        raise IllegalAction("choose X for the morph cost (107.3d)")
    if not cost.x_count and action.x:
        raise IllegalAction("its morph cost has no X")
    x = action.x or 0
    cost = cost.with_x(x) if cost.x_count else cost
    options = _part_options(game, action.player, o.id, part)
    if (options is None) != (action.cost_object is None) or (options is not None and action.cost_object not in options):
        raise IllegalAction("choose what pays the morph cost: " + (part[0] if part else "nothing") + " (702.37e, 118.3)")
    payment = plan_payment(game, action.player, cost, tuple(action.pay) if action.pay is not None else None) \
        if not cost.is_empty() else None
    if payment is not None:
        pay_special_action(game, action.player, cost, payment)
    if life:
        lose_life(game, action.player, life, paid=True)     # 119.4: paying life
    if part is not None:
        _pay_with_object(game, action.player, part[0], action.cost_object)
    s.writable(o.id).face_down = False
    s.invalidate()
    if megamorph:
        add_counters(game, o.id, "+1/+1", 1, by=action.player)
    name = characteristics(s, o.id).name
    # "When ~ is turned face up, create X ... tokens": the X of its morph cost (107.3e)
    game.emit(Event("turned_face_up", {"object": o.id, "player": action.player, "x": x},
                    f"{s.players[action.player].name} turns {name} face up"))
    took_action(game, action.player)      # 116.3c: the player receives priority again


def _pay_with_object(game: "Game", player: int, kind: str, x: int) -> None:
    """Pays the morph cost's part with the object chosen (118.3)."""
    s = game.state
    if kind == "reveal":
        # 701.20a: shown to every player, it stays in the hand
        game.emit(Event("reveal", {"player": player, "cards": [x]},
                        f"{s.players[player].name} reveals {characteristics(s, x).name}"))
    elif kind == "return":
        move(game, x, Zone.HAND, cause="cost")
    elif kind == "sacrifice":
        sacrifice(game, x)
    else:
        discard(game, x)


def face_up_actions(game: "Game", player: int) -> list[A.TurnFaceUp]:
    """The face-down permanents the player can turn face up now (legal actions): with each object that may pay the
    part of the morph cost paid with one."""
    s = game.state
    out = []
    for oid in s.battlefield:
        if s.objects[oid].controller != player:
            continue
        found = face_up_cost(game, oid)
        if found is None or found[1] > s.players[player].life:
            continue
        # 107.3d: X chosen as the action is taken; a few values offered
        hi = max_x(game, player, found[0]) if found[0].x_count else 0
        xs = sorted({0, hi // 2, hi}) if found[0].x_count else [None]
        options = _part_options(game, player, oid, found[3])
        for x in xs:
            if can_pay_special(game, player, found[0].with_x(x) if x is not None else found[0]):
                out.extend([A.TurnFaceUp(player, oid, x=x)] if options is None else
                           [A.TurnFaceUp(player, oid, cost_object=c, x=x) for c in options])
    return out
