"""A card's own permission to be cast from its owner's graveyard (601.3, 113.6k): "You may cast ~ from your
graveyard", "... as long as you control a black or green permanent", "... if you gained life this turn", "... by
paying {2}{W} rather than paying its mana cost" (for that alternative cost only, 118.9); a permanent's permission for
its controller: "During each of your turns, you may cast a creature spell from your graveyard" (one spell of that
kind each of their turns by each such permanent), "You may play lands and cast spells from your graveyard" (as often
as they like), or a resolved spell's for the turn ("Until end of turn, you may play lands and cast spells from your
graveyard"); and a permanent's permission to play lands from its controller's graveyard ("You may play lands from your
graveyard").

The static ability works from the graveyard and its condition is checked as the card is cast; the spell is cast
with its usual timing and costs (601.2), from the graveyard (601.2a). A land played from the graveyard is the
turn's land play (305.1, 305.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.abilities import Cost, StaticAbility
from engine.core.enums import Zones
from engine.core.objects import GameObject
from engine.query.amounts import check_condition_static
from engine.query.layers import (characteristics, filter_from_json, matches_ch, player_statics, player_statics_from,
                                 statics_of_kind)

if TYPE_CHECKING:
    from engine.core.state import GameState


# turn log key: the permanents whose "during each of your turns" permission a cast used this turn
EACH_TURN_USED = "graveyard_permission_used"


def may_cast_from_graveyard(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` cast the card `o` from their graveyard by its own permission, or by a permanent's or a resolved
    effect's permission?"""
    if _permissions(state, o, player):
        return True
    # (asked of every card in a graveyard at most priorities: the others' permissions looked for only where one is)
    return _others_permit(state) and (_spells_permitted(state, o, player)
                                      or _each_turn_source(state, o, player) is not None)


def _others_permit(state: "GameState") -> bool:
    """Whether a permanent's or a resolved effect's permission to cast spells from a graveyard is in force at all (for
    someone, its condition aside)."""
    return bool(statics_of_kind(state, "cast_from_graveyard") or statics_of_kind(state, "cast_from_graveyard_each_turn")) \
        or bool(state.effects) and any(e.params.get("kind") == "cast_from_graveyard" for e in state.effects)


def use_graveyard_permission(state: "GameState", o: GameObject, player: int) -> None:
    """`o` is cast from its owner's graveyard by nothing but a permanent's "during each of your turns" permission:
    that permission is used for this turn."""
    src = None if _permissions(state, o, player) or _spells_permitted(state, o, player) \
        else _each_turn_source(state, o, player)
    if src is not None:
        state.turn_log.setdefault(EACH_TURN_USED, []).append(src)


def _each_turn_source(state: "GameState", o: GameObject, player: int) -> int | None:
    """The permanent whose unused "During each of your turns, you may cast a creature spell from your graveyard" lets
    `player` cast `o` now: during their own turn, a card of that kind in their graveyard."""
    if o.zone is not Zones.GRAVEYARD or o.owner != player or state.active != player or o.token is not None:
        return None
    used = state.turn_log.get(EACH_TURN_USED, ())
    ch = characteristics(state, o.id)
    for src, st in player_statics_from(state, player, "cast_from_graveyard_each_turn"):
        if src.id not in used and matches_ch(state, o, ch, dict(st.params)["spells"], player, None):
            return src.id
    return None


def _spells_permitted(state: "GameState", o: GameObject, player: int) -> bool:
    """Whether a permission that isn't used up lets `player` cast `o` from their graveyard: a permanent's "You may
    cast Knight spells from your graveyard" or a resolved effect's "You may cast Zombie spells from your graveyard
    this turn" (of that player, the kind checked by the card's characteristics there)."""
    if o.zone is not Zones.GRAVEYARD or o.owner != player or o.token is not None:
        return False
    ch = characteristics(state, o.id)
    return any(matches_ch(state, o, ch, dict(st.params)["spells"], src.controller, src.id)
               for src, st in player_statics_from(state, player, "cast_from_graveyard")) or \
        any(e.params["kind"] == "cast_from_graveyard" and e.params.get("of_player") == player
            and matches_ch(state, o, ch, filter_from_json(e.params["filter"]), e.controller, None)
            for e in state.effects)


def may_play_land_from_graveyard(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` play a land from their own graveyard, the card `o` (or its land face, 712.12), by "You may play
    lands from your graveyard" or a resolved effect's "Until end of turn, you may play lands and cast spells from
    your graveyard"? That it is a land is checked as it is played (305.1)."""
    return o.zone is Zones.GRAVEYARD and o.owner == player and (
        bool(player_statics(state, player, "play_lands_from_graveyard"))
        or any(e.params["kind"] == "cast_from_graveyard" and e.params.get("lands") and e.params.get("of_player") == player
               for e in state.effects))


def permission_costs(state: "GameState", o: GameObject, player: int) -> list[Cost]:
    """What casting `o` from the graveyard by its own permission costs besides its other costs ("by paying 3 life
    and discarding a card in addition to paying its other costs", 601.2f)."""
    return [cost for st in _permissions(state, o, player)[:1] if (cost := dict(st.params).get("cost")) is not None]


def alternative_only(state: "GameState", o: GameObject, player: int) -> bool:
    """Whether its own permission casts `o` from the graveyard only for its alternative cost: "You may cast ~ from
    your graveyard by paying {2}{W} rather than paying its mana cost" (118.9)."""
    return any(dict(st.params).get("alternative_only") for st in _permissions(state, o, player)[:1])


def _permissions(state: "GameState", o: GameObject, player: int) -> list[StaticAbility]:
    if o.zone is not Zones.GRAVEYARD or o.owner != player or o.token is not None:
        return []
    return [st for st in characteristics(state, o.id).static if st.kind == "cast_self_from_graveyard"
            and (st.condition is None or check_condition_static(state, o, st.condition))]
