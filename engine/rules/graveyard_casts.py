"""A card's own permission to be cast from its owner's graveyard (601.3, 113.6k): "You may cast ~ from your
graveyard", "... as long as you control a black or green permanent", "... if you gained life this turn".

The static ability works from the graveyard and its condition is checked as the card is cast; the spell is cast
with its usual timing and costs (601.2), from the graveyard (601.2a)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import Zone
from engine.core.objects import GameObject
from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.core.state import GameState


def may_cast_from_graveyard(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` cast the card `o` from their graveyard by its own permission?"""
    if o.zone is not Zone.GRAVEYARD or o.owner != player or o.token is not None:
        return False
    return any(st.kind == "cast_self_from_graveyard" and (st.condition is None
                                                          or check_condition_static(state, o, st.condition))
               for st in characteristics(state, o.id).static)
