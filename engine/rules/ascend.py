"""Ascend and the city's blessing (702.131). On a permanent, ascend is a static ability: any time its
controller controls ten or more permanents without the city's blessing, they get it for the rest of the
game (702.131b). The engine applies it whenever state-based actions are checked (before any player
gets priority, 117.5), which is when a game state with ten permanents is first seen by a player. On an
instant or sorcery, ascend is checked as the spell resolves (702.131a, `effects` Ascend). The blessing
is a player's designation (702.131c)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.abilities import Condition
from engine.core.effect_types import Ascend
from engine.core.events import Event
from engine.query.layers import definition_of, has_ascend

if TYPE_CHECKING:
    from engine.effects.resolution import Resolution
    from engine.game import Game
    from engine.query.amounts import EvalContext

CITY_BLESSING = "city's blessing"
TEN = 10


def grant_city_blessing(game: "Game", player: int, needs_ascend: bool = True) -> bool:
    """Gives `player` the city's blessing if they control ten or more permanents (and, for 702.131b, a
    permanent with ascend). True if they got it now."""
    s = game.state
    p = s.players[player]
    if CITY_BLESSING in p.designations:
        return False
    mine = [oid for oid in s.battlefield if s.objects[oid].controller == player and not s.objects[oid].phased_out]
    if len(mine) < TEN:
        return False
    if needs_ascend and not any(kw.name == "ascend" for oid in mine for kw in definition_of(s.objects[oid]).keywords):
        return False
    p.designations.append(CITY_BLESSING)
    s.invalidate()
    game.emit(Event("designation", {"player": player, "designation": CITY_BLESSING},
                    f"{p.name} gets the city's blessing"))
    return True


def check_ascend(game: "Game") -> None:
    """702.131b for every player (checked before every priority: nothing to count below ten permanents,
    nor with no permanent with ascend)."""
    s = game.state
    if len(s.battlefield) < TEN or not _ascend_on_battlefield(s):
        return
    for p in s.players:
        grant_city_blessing(game, p.index)


def _ascend_on_battlefield(s) -> bool:
    """Whether any permanent has ascend; kept with the derived values, which a change to the permanents' definitions
    forgets, and a permanent with ascend entering or leaving the battlefield (engine.query.layers.changed_on_battlefield,
    which keeps it otherwise)."""
    known = s.cache.get("ascend")
    if known is None:
        known = s.cache["ascend"] = any(has_ascend(definition_of(s.objects[oid])) for oid in s.battlefield)
    return known


def _ascend(res: "Resolution", e: Ascend) -> None:
    """702.131a: ascend on an instant or sorcery, as it resolves (it needs no permanent with ascend)."""
    grant_city_blessing(res.game, res.controller, needs_ascend=False)


def _has_city_blessing(res: "EvalContext", c: Condition) -> bool:
    return CITY_BLESSING in res.state.players[res.controller].designations


# The effect handler and condition kind of this module, installed by engine.wiring.
HANDLERS = {Ascend: _ascend}
CONDITIONS = {"city_blessing": _has_city_blessing}
