"""Animation read from Oracle text (engine.oracle.becomes; 205.1b, 613.1d-f): "~ becomes a 2/1 blue Faerie
creature with flying until end of turn. It's still a land." compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, resolve_stack, table
from tests.oracle.conftest import record

STIRRING_WILDWOOD = record("Stirring Wildwood", None, "Land",
                                "Stirring Wildwood enters the battlefield tapped.\n{T}: Add {G} or {W}.\n{1}{G}{W}: "
                                "Until end of turn, Stirring Wildwood becomes a 3/4 green and white Elemental creature "
                                "with reach. It's still a land.")


@pytest.mark.rules("205.1b", "613.1d", "613.1e", "613.1f", "613.4b")
def test_a_land_becomes_a_creature_with_a_keyword_until_end_of_turn(extra_cards):
    extra_cards(STIRRING_WILDWOOD)
    g, ids = table(["Stirring Wildwood", "Forest", "Forest", "Plains"])
    wood = ids["Stirring Wildwood"]
    abilities = g.characteristics(wood).activated
    g.apply(ActivateAbility(0, wood, len(abilities) - 1))
    resolve_stack(g)
    ch = g.characteristics(wood)
    assert {"Land", "Creature"} <= set(ch.types) and "Elemental" in ch.subtypes
    assert (ch.power, ch.toughness, ch.has("reach"), set(ch.colors)) == (3, 4, True, {"G", "W"})
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(wood)
    assert "Creature" not in ch.types and ch.power is None
