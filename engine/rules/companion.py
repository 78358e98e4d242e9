"""Companion (702.139): a card revealed from outside the game before it begins, whose condition its owner's
starting deck fulfills (103.2b, 702.139a-b); once a game, in a main phase of their turn with the stack empty,
its owner may pay {3} and put it into their hand, a special action (116.2g); it is in the game from then on
(702.139c)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import player_actions as A
from engine.core.abilities import DeckCondition
from engine.core.cards import card_def
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.mana import ManaCost
from engine.board.zones import create_object
from engine.effects.payment import can_pay_special, pay_special_action, plan_payment
from engine.query.layers import characteristics, matches_ch
from engine.rules.timing import sorcery_timing_ok, took_action

if TYPE_CHECKING:
    from engine.game import Game

COST = ManaCost.parse("{3}")


def condition_met(game: "Game", player: int, deck: DeckCondition) -> bool:
    """702.139b: whether the player's starting deck (their library before the game begins) fulfills `deck`."""
    s = game.state
    cards = [x for x in s.players[player].library
             if deck.cards is None or matches_ch(s, s.objects[x], characteristics(s, x), deck.cards, player, None)]
    chars = [characteristics(s, x) for x in cards]
    if deck.each is not None and not all(matches_ch(s, s.objects[x], ch, deck.each, player, None)
                                         for x, ch in zip(cards, chars)):
        return False
    if deck.parity and any(ch.mana_value % 2 != (deck.parity == "odd") for ch in chars):
        return False
    if deck.rule == "different_names":
        return len({ch.name for ch in chars}) == len(chars)
    if deck.rule == "shared_type":
        return not chars or bool(set.intersection(*(set(ch.types) for ch in chars)))
    return True


def reveal_companion(game: "Game", player: int, name: str) -> None:
    """103.2b: the player reveals `name` from outside the game as their companion; refused unless it has
    companion and their starting deck fulfills its condition."""
    d = card_def(name)
    kw = next((k for k in d.keywords if k.name == "companion" and k.deck is not None), None)
    if kw is None:
        raise IllegalAction(f"{name} has no companion ability (702.139a)")
    if not condition_met(game, player, kw.deck):
        raise IllegalAction(f"{game.state.players[player].name}'s deck doesn't fulfill {name}'s companion "
                            f"condition: {kw.param} (103.2b)")
    game.state.players[player].companion = name


def _may(game: "Game", player: int) -> bool:
    p = game.state.players[player]
    return p.companion is not None and p.companion_card is None and sorcery_timing_ok(game, player)


def put_companion_into_hand(game: "Game", action: A.PutCompanionIntoHand) -> None:
    """116.2g, 702.139a: pay {3}, the companion from outside the game into its owner's hand."""
    if not _may(game, action.player):
        raise IllegalAction("a companion is put into your hand once a game, in a main phase of your turn with "
                            "the stack empty (116.2g)")
    s = game.state
    pay_special_action(game, action.player, COST, plan_payment(game, action.player, COST, action.pay))
    p = s.players[action.player]
    card = create_object(game, p.companion, action.player, Zone.HAND)
    p.companion_card = card.card_id
    game.emit(Event("companion", {"player": action.player, "object": card.id},
                    f"{p.name} puts their companion {p.companion} into their hand"))
    took_action(game, action.player)


def companion_actions(game: "Game", player: int) -> list[A.PutCompanionIntoHand]:
    """The special action, if the player may take it now and pay {3} (legal actions)."""
    if _may(game, player) and can_pay_special(game, player, COST):
        return [A.PutCompanionIntoHand(player)]
    return []
