"""Suspend (702.62): a special action (116.2f) when its owner could begin to cast the card from their hand: pay
its suspend cost and exile it with N time counters. While it is suspended (in exile, with suspend and a time
counter, 702.62b), its owner removes a time counter at the beginning of each of their upkeeps; when the last is
removed they may cast it without paying its mana cost, a creature spell gaining haste (the abilities:
engine.oracle.casting_keywords; the cast: engine.effects.resolution_casts)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.board.damage import add_counters
from engine.board.zones import move
from engine.effects.payment import can_pay_special, pay_special_action, plan_payment
from engine.query.layers import characteristics
from engine.rules.timing import sorcery_timing_ok, split_second, took_action

if TYPE_CHECKING:
    from engine.game import Game


def _suspend_keyword(game: "Game", player: int, oid: int):
    """The card's suspend keyword, if the player may suspend it now (its owner, from their hand, when they
    could begin to cast it: 601.3, 307.1)."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zone.HAND or o.owner != player or split_second(game) is not None:
        return None
    ch = characteristics(s, oid)
    kw = next((k for k in ch.keywords if k.name == "suspend" and k.cost is not None), None)
    if kw is None or not (ch.is_type("Instant") or ch.has("flash") or sorcery_timing_ok(game, player)):
        return None
    return kw


def suspend(game: "Game", action: A.Suspend) -> None:
    s = game.state
    kw = _suspend_keyword(game, action.player, action.card)
    if kw is None:
        raise IllegalAction("only a card with suspend in your hand can be suspended, when you could cast it (702.62a)")
    payment = plan_payment(game, action.player, kw.cost, tuple(action.pay) if action.pay is not None else None)
    pay_special_action(game, action.player, kw.cost, payment)
    name = characteristics(s, action.card).name
    new = move(game, action.card, Zone.EXILE, cause="suspend")
    s.writable(new).chosen["suspended"] = True
    add_counters(game, new, "time", int(kw.param), by=action.player)
    game.emit(Event("suspended", {"player": action.player, "object": new, "time": int(kw.param)},
                    f"{s.players[action.player].name} suspends {name} with {kw.param} time counters"))
    took_action(game, action.player)


def suspend_actions(game: "Game", player: int) -> list[A.Suspend]:
    """The cards in the player's hand they may suspend now (legal actions)."""
    out = []
    for oid in game.state.players[player].hand:
        kw = _suspend_keyword(game, player, oid)
        if kw is not None and can_pay_special(game, player, kw.cost):
            out.append(A.Suspend(player, oid))
    return out
