""""Target creature other than ~" is "another target creature": any creature but the object the ability is on
(201.5, 115.1). Compiled from a real card and played: Sorceress Queen can't target itself."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

SORCERESS_QUEEN = record("Sorceress Queen", "{1}{B}{B}", "Creature — Human Wizard",
                         "{T}: Target creature other than Sorceress Queen has base power and toughness 0/2 until end "
                         "of turn.", "1/1")


@pytest.mark.rules("201.5", "115.1", "613.4b")
def test_sorceress_queen_targets_another_creature_only(extra_cards):
    extra_cards(SORCERESS_QUEEN)
    g, ids = table(["Sorceress Queen"], ["Hill Giant"])
    queen, giant = ids["Sorceress Queen"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, queen, 0, targets=((queen,),)))
    g.apply(ActivateAbility(0, queen, 0, targets=((giant,),)))
    resolve_stack(g)
    ch = g.characteristics(giant)
    assert (ch.power, ch.toughness) == (0, 2)
