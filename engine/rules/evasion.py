"""Evasion keywords that restrict which creatures may block an attacker (509.1b): intimidate 702.13,
fear 702.36, shadow 702.28, horsemanship 702.31, skulk 702.118. Flying, landwalk and protection are
checked in combat.py, which asks this module about the rest."""
from __future__ import annotations

from engine.query.layers import Characteristics


def evasion_reason(attacker: Characteristics, blocker: Characteristics) -> str | None:
    """Why `blocker` can't block `attacker` by these keywords, or None if they allow it."""
    artifact_creature = "Artifact" in blocker.types
    if attacker.has("intimidate") and not (artifact_creature or attacker.colors & blocker.colors):
        return "it has intimidate (702.13b)"
    if attacker.has("fear") and not (artifact_creature or "B" in blocker.colors):
        return "it has fear (702.36b)"
    if attacker.has("shadow") != blocker.has("shadow"):
        return "shadow (702.28b)"
    if attacker.has("horsemanship") and not blocker.has("horsemanship"):
        return "it has horsemanship (702.31b)"
    if (attacker.has("skulk") and blocker.power is not None and attacker.power is not None
            and blocker.power > attacker.power):
        return "it has skulk (702.118b)"
    return None
