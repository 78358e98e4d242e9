"""Bestow (702.103): a creature card cast for its bestow cost is a bestowed Aura spell with enchant creature
(its definition then is `core.cards`'s bestowed variant, 702.103b), and the permanent it becomes a bestowed Aura.
It ceases to be bestowed when its target is illegal as it begins resolving (702.103e: it resolves as a creature
spell) and when it becomes unattached or is attached to an illegal object (702.103f: it stays on the battlefield
as a creature, an exception to 704.5m)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.abilities import TargetSpec
from engine.core.cards import CardDef
from engine.core.enums import Zone
from engine.query.targets import SourceInfo

if TYPE_CHECKING:
    from engine.game import Game


def bestow_target(d: CardDef) -> TargetSpec | None:
    """702.103b: what a spell cast bestowed targets (its enchant creature)."""
    return next((k.target for k in d.keywords if k.name == "bestow"), None)


def bestowed_source(source: SourceInfo) -> SourceInfo:
    """702.103b, d: the spell cast bestowed is an Aura enchantment, no creature, as its target is chosen: what
    protection or hexproof from creatures looks at (a creature with protection from creatures can be its target)."""
    return SourceInfo(source.id, source.controller, source.colors, {"Enchantment"}, {"Aura"}, source.name, spell=True)


def ceases_to_be_bestowed(game: "Game", oid: int) -> None:
    s = game.state
    o = s.writable(oid)
    if o.zone is Zone.STACK:
        o.stack.alt = None
        o.stack.targets = []           # a creature spell: no target
    else:
        o.chosen.pop("alt_cost", None)
        o.attached_to = None
    s.invalidate()
