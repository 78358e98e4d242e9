""""~ gets +1/-1 or -1/+1 until end of turn": the ability's controller chooses one of the two as it resolves (608.2d).
Compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

BRIGHTLING = record("Brightling", "{1}{W}{W}", "Creature — Shapeshifter",
                    "{W}: Brightling gains vigilance until end of turn.\n{W}: Brightling gains lifelink until end of "
                    "turn.\n{W}: Return Brightling to its owner's hand.\n{1}: Brightling gets +1/-1 or -1/+1 until end "
                    "of turn.", "3/3")


@pytest.mark.rules("608.2d", "611.2a")
@pytest.mark.parametrize("pick, pt", [("+1/-1", (4, 2)), ("-1/+1", (2, 4))])
def test_brightling_gets_the_chosen_one(extra_cards, pick, pt):
    extra_cards(BRIGHTLING)
    g, ids = table(["Brightling", "Plains"], [])
    brightling = ids["Brightling"]
    g.apply(ActivateAbility(0, brightling, 3))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.player == 0 and g.pending.options == ["+1/-1", "-1/+1"]
    g.apply(Choose(0, [pick]))
    ch = g.characteristics(brightling)
    assert (ch.power, ch.toughness) == pt
