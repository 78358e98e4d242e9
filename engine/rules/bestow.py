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

if TYPE_CHECKING:
    from engine.game import Game


def bestow_target(d: CardDef) -> TargetSpec | None:
    """702.103b: what a spell cast bestowed targets (its enchant creature)."""
    return next((k.target for k in d.keywords if k.name == "bestow"), None)


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
