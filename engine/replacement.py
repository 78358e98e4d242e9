"""Replacement and prevention effects (614-616). The core engine routes damage through here so that
prevention (615) and damage-modifying replacement effects (614.1) apply in one place."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game


def modify_damage(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
    """Applies prevention and replacement effects to damage about to be dealt; returns the amount."""
    from engine.effects import damage_modifiers
    if _protection_prevents(game, source, recipient):
        return 0
    for modifier in damage_modifiers(game):
        amount = modifier(game, source, recipient, amount, combat)
        if amount <= 0:
            return 0
    return amount


def would_die(game: "Game", oid: int) -> bool:
    """Replacement effects on a permanent about to be destroyed or die ("if ~ would die, instead").
    Returns True if the event was replaced (the permanent stays)."""
    for hook in DIE_REPLACEMENTS:
        if hook(game, oid):
            return True
    return False


def entered_battlefield(game: "Game", oid: int | None) -> None:
    """Applies what happens as a permanent enters (614.1c-d, 614.12): enters tapped, with counters,
    "as ~ enters" choices. Planeswalkers enter with their printed loyalty (306.5b)."""
    if oid is None:
        return
    from engine.layers import characteristics
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    if "Planeswalker" in ch.types and ch.loyalty is not None and "loyalty" not in o.counters:
        o.counters["loyalty"] = ch.loyalty
        s.invalidate()
    for hook in ETB_HOOKS:
        hook(game, oid)


DIE_REPLACEMENTS: list = []
ETB_HOOKS: list = []


def _protection_prevents(game: "Game", source: dict[str, Any], recipient: Any) -> bool:
    """702.16e: damage from a source with a quality the recipient has protection from is prevented."""
    from engine.targets import SourceInfo, protected_from
    if not isinstance(recipient, int) or recipient not in game.state.objects:
        return False
    src = SourceInfo(source.get("id"), source.get("controller", 0), set(source.get("colors", ())),
                     set(source.get("types", ())), set(source.get("subtypes", ())), source.get("name", ""))
    return protected_from(game, recipient, src)


def redirect_from_graveyard(game: "Game", oid: int) -> tuple["Zone", bool]:
    """614.1a replacement effects on a card or token about to be put into a graveyard: "exile it
    instead" (Rest in Peace, Leyline of the Void) and "shuffle it into its owner's library instead"
    (Darksteel Colossus, whose ability works from any zone). Returns the zone it goes to instead and
    whether the library is shuffled. With several, the object's own replacement is applied first
    (616.1 would let its owner choose; not asked yet)."""
    from engine.enums import Zone
    from engine.layers import characteristics, definition_of
    s = game.state
    o = s.objects[oid]
    for st in definition_of(o).static:
        if st.kind == "graveyard_to_library_shuffle":
            return Zone.LIBRARY, True
    for src in sorted(s.battlefield, key=lambda x: s.objects[x].timestamp):
        so = s.objects[src]
        for st in characteristics(s, src).static:
            if st.kind != "graveyard_to_exile":
                continue
            whose = dict(st.params).get("owner", "any")
            if whose == "opponent" and o.owner == so.controller:
                continue
            if whose == "you" and o.owner != so.controller:
                continue
            return Zone.EXILE, False
    return Zone.GRAVEYARD, False
