"""When a player may act, and priority after acting (117.1a, 117.3c, 307.1): shared by playing lands,
casting and activating; split second (702.61a) forbids casting and activating, and a resolved epic spell
(702.50b) its controller's casting for the rest of the game."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics, player_statics

if TYPE_CHECKING:
    from engine.core.abilities import ActivatedAbility
    from engine.game import Game


def took_action(game: "Game", player: int) -> None:
    """117.3c: after casting, activating or a special action the player receives priority again."""
    s = game.state
    s.priority = player
    s.passes = 0
    s.pending = None


def sorcery_timing_ok(game: "Game", player: int) -> bool:
    """307.1 / 117.1a: main phase of the player's own turn with an empty stack."""
    s = game.state
    return s.active == player and s.step.is_main and not s.stack


def only_as_a_sorcery(game: "Game", player: int, ab: "ActivatedAbility") -> bool:
    """602.5d, 606.3: whether an ability may be activated only as a sorcery: one that says so (equip 702.6a), or a
    loyalty ability; unless a static ability lets the player activate abilities of its keyword any time they could
    cast an instant ("You may activate equip abilities any time you could cast an instant", Leonin Shikari)."""
    if ab.is_loyalty:
        return True
    return ab.sorcery_speed and not (ab.keyword and any(
        dict(st.params).get("keyword") == ab.keyword for st in player_statics(game.state, player, "activate_as_instant")))


# The player's mark that an epic spell of theirs resolved: for the rest of the game they can't cast spells (702.50b).
NO_SPELLS = "can't cast spells (epic)"


def may_cast_spells(game: "Game", player: int) -> bool:
    return NO_SPELLS not in game.state.players[player].designations


def split_second(game: "Game") -> str | None:
    """702.61a: while a spell with split second is on the stack, players can't cast other spells or activate
    abilities that aren't mana abilities (special actions and mana abilities stay possible, 702.61b). The
    name of such a spell, or None."""
    s = game.state
    for oid in s.stack:
        o = s.objects[oid]
        if o.is_ability:
            continue
        ch = characteristics(s, oid)
        kicked = o.stack.kicked if o.stack is not None else 0       # a spell's kicker is its stack object's
        if ch.has("split second") or any(st.kind == "split_second_if" and check_condition_static(
                s, o, st.condition, kicked=kicked) for st in ch.static):
            return ch.name      # "If this spell was kicked, it has split second" (Molten Disaster)
    return None
