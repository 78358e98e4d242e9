"""Static permissions on the top card of a player's own library (401.5): "You may look at the top card of your
library any time", "You may play lands [and cast spells] from the top of your library", "You may cast creature
spells from the top of your library"; and "Play with the top card of your library revealed", shown to every player.

A land played this way is the turn's land play (305.1, 305.2); a spell is cast with its usual timing, from the
library (601.2a). The card must be the top card when the play begins; once it leaves, the next card is the top
one (401.5)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import Zones
from engine.core.objects import GameObject
from engine.query.layers import characteristics, matches_ch, player_statics

if TYPE_CHECKING:
    from engine.core.state import GameState


def top_card(state: "GameState", player: int) -> int | None:
    library = state.players[player].library
    return library[-1] if library else None


def may_play_from_top(state: "GameState", o: GameObject, player: int) -> bool:
    """May `player` play `o`, the top card of their library, by a static permission of a permanent they control?
    Lands and spells are permitted separately ("play lands", "cast creature spells")."""
    if o.zone is not Zones.LIBRARY or o.owner != player or top_card(state, player) != o.id:
        return False
    ch = characteristics(state, o.id)
    for st in player_statics(state, player, "play_from_top"):
        params = dict(st.params)
        if ch.is_land and params["lands"]:
            return True
        if not ch.is_land and params["spells"] is not None and matches_ch(state, o, ch, params["spells"], player,
                                                                           None):
            return True
    return False


def top_revealed(state: "GameState", player: int) -> bool:
    """Whether the player plays with the top card of their library revealed (401.5, 701.18c): every player sees it."""
    return bool(player_statics(state, player, "top_revealed"))


def sees_top_card(state: "GameState", player: int) -> bool:
    """Whether the player may look at the top card of their library now: by "you may look at ... any time", or
    a permission to play it."""
    return bool(player_statics(state, player, "look_at_top") or player_statics(state, player, "play_from_top"))
