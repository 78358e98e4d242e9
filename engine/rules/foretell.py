"""Foretell (702.143): a special action (116.2h) during your turn: pay {2} and exile the card from your hand
face down; on a later turn it may be cast from exile for its foretell cost instead of its mana cost (turned
face up as it is cast, engine.rules.casting)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.enums import Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.mana import ManaCost
from engine.board.zones import move
from engine.effects.payment import can_pay_special, pay_special_action, plan_payment
from engine.query.layers import characteristics
from engine.rules.timing import took_action

if TYPE_CHECKING:
    from engine.game import Game

FORETELL_COST = ManaCost.parse("{2}")


def _can_foretell(game: "Game", player: int, oid: int) -> bool:
    s = game.state
    o = s.objects.get(oid)
    return (o is not None and o.zone is Zones.HAND and o.owner == player and s.active == player
            and any(c.kind == "foretell" for c in characteristics(s, oid).definition.costs))


def foretell(game: "Game", action: A.Foretell) -> None:
    s = game.state
    if not _can_foretell(game, action.player, action.card):
        raise IllegalAction("only a card with foretell in your hand can be foretold, during your turn (702.143a)")
    payment = plan_payment(game, action.player, FORETELL_COST, tuple(action.pay) if action.pay is not None else None)
    pay_special_action(game, action.player, FORETELL_COST, payment)
    new = move(game, action.card, Zones.EXILE, face_down=True, cause="foretell")
    s.writable(new).chosen["foretold_turn"] = s.turn
    game.emit(Event("foretold", {"player": action.player, "object": new},
                    f"{s.players[action.player].name} foretells a card"))
    took_action(game, action.player)


def foretold(game: "Game", oid: int, player: int) -> bool:
    """Is this a card the player foretold on an earlier turn (castable for its foretell cost, 702.143a)?"""
    o = game.state.objects.get(oid)
    return (o is not None and o.zone is Zones.EXILE and o.owner == player
            and o.chosen.get("foretold_turn", game.state.turn) < game.state.turn)


def foretell_actions(game: "Game", player: int) -> list[A.Foretell]:
    """The cards in the player's hand they may foretell now (legal actions)."""
    cards = [oid for oid in game.state.players[player].hand if _can_foretell(game, player, oid)]
    if not cards or not can_pay_special(game, player, FORETELL_COST):    # the cards first: paying is the dear test
        return []
    return [A.Foretell(player, oid) for oid in cards]
