"""Dredge (702.52): "If you would draw a card, you may mill N cards instead. If you do, return this card
from your graveyard to your hand." A replacement of one draw (614.1a), offered for each card drawn: the
draw step's draw asks through `rules.dredge`, a resolving effect's draws through `effects.basic`."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import Zone
from engine.core.events import Event
from engine.board.zones import draw_prohibited, mill, move
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.game import Game


def dredge_amount(game: "Game", oid: int) -> int:
    """The N of the object's dredge ability (0: it has none)."""
    return max((int(k.param) for k in characteristics(game.state, oid).keywords if k.name == "dredge"), default=0)


def dredge_cards(game: "Game", player: int) -> list[int]:
    """The cards in the player's graveyard whose dredge may replace their next draw: 702.52b, not with
    fewer than N cards in their library."""
    p = game.state.players[player]
    if draw_prohibited(game.state, player):
        return []       # a draw that can't happen (121.2b) isn't there to replace
    return [oid for oid in p.graveyard if 0 < dredge_amount(game, oid) <= len(p.library)]


def dredge(game: "Game", player: int, oid: int) -> None:
    """702.52a: instead of drawing, the player mills N cards and returns the dredge card to their hand."""
    n = dredge_amount(game, oid)
    name = characteristics(game.state, oid).name
    game.emit(Event("dredge", {"player": player, "object": oid, "amount": n},
                    f"{game.state.players[player].name} dredges {name} instead of drawing"))
    mill(game, player, n)
    move(game, oid, Zone.HAND, cause="dredge")
