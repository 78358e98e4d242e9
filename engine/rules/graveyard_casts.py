"""A card's own permission to be cast from its owner's graveyard (601.3, 113.6k): "You may cast ~ from your
graveyard", "... as long as you control a black or green permanent", "... if you gained life this turn"; and a
permanent's permission to play lands from its controller's graveyard ("You may play lands from your graveyard").

The static ability works from the graveyard and its condition is checked as the card is cast; the spell is cast
with its usual timing and costs (601.2), from the graveyard (601.2a). A land played from the graveyard is the
turn's land play (305.1, 305.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.abilities import Cost, StaticAbility
from engine.core.enums import Zone
from engine.core.objects import GameObject
from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics, player_statics

if TYPE_CHECKING:
    from engine.core.state import GameState


def may_cast_from_graveyard(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` cast the card `o` from their graveyard by its own permission?"""
    return bool(_permissions(state, o, player))


def may_play_land_from_graveyard(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` play a land from their own graveyard, the card `o` (or its land face, 712.12), by "You may play
    lands from your graveyard"? That it is a land is checked as it is played (305.1)."""
    return o.zone is Zone.GRAVEYARD and o.owner == player and bool(player_statics(state, player,
                                                                                  "play_lands_from_graveyard"))


def permission_costs(state: "GameState", o: GameObject, player: int) -> list[Cost]:
    """What casting `o` from the graveyard by its own permission costs besides its other costs ("by paying 3 life
    and discarding a card in addition to paying its other costs", 601.2f)."""
    return [dict(st.params)["cost"] for st in _permissions(state, o, player)[:1] if st.params]


def _permissions(state: "GameState", o: GameObject, player: int) -> list[StaticAbility]:
    if o.zone is not Zone.GRAVEYARD or o.owner != player or o.token is not None:
        return []
    return [st for st in characteristics(state, o.id).static if st.kind == "cast_self_from_graveyard"
            and (st.condition is None or check_condition_static(state, o, st.condition))]
