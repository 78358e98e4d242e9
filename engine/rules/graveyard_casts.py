"""A card's own permission to be cast from its owner's graveyard (601.3, 113.6k): "You may cast ~ from your
graveyard", "... as long as you control a black or green permanent", "... if you gained life this turn", "... by
paying {2}{W} rather than paying its mana cost" (for that alternative cost only, 118.9).

The static ability works from the graveyard and its condition is checked as the card is cast; the spell is cast
with its usual timing and costs (601.2), from the graveyard (601.2a)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.abilities import Cost, StaticAbility
from engine.core.enums import Zone
from engine.core.objects import GameObject
from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.core.state import GameState


def may_cast_from_graveyard(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` cast the card `o` from their graveyard by its own permission?"""
    return bool(_permissions(state, o, player))


def permission_costs(state: "GameState", o: GameObject, player: int) -> list[Cost]:
    """What casting `o` from the graveyard by its own permission costs besides its other costs ("by paying 3 life
    and discarding a card in addition to paying its other costs", 601.2f)."""
    return [cost for st in _permissions(state, o, player)[:1] if (cost := dict(st.params).get("cost")) is not None]


def alternative_only(state: "GameState", o: GameObject, player: int) -> bool:
    """Whether its own permission casts `o` from the graveyard only for its alternative cost: "You may cast ~ from
    your graveyard by paying {2}{W} rather than paying its mana cost" (118.9)."""
    return any(dict(st.params).get("alternative_only") for st in _permissions(state, o, player)[:1])


def _permissions(state: "GameState", o: GameObject, player: int) -> list[StaticAbility]:
    if o.zone is not Zone.GRAVEYARD or o.owner != player or o.token is not None:
        return []
    return [st for st in characteristics(state, o.id).static if st.kind == "cast_self_from_graveyard"
            and (st.condition is None or check_condition_static(state, o, st.condition))]
