""""Cast this spell only if you've cast another spell this turn" (601.3): checked as the spell would begin to be
cast, so any spell its caster cast earlier this turn counts. Compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

SKYSHROUD_CONDOR = record("Skyshroud Condor", "{1}{U}", "Creature — Bird",
                          "Cast this spell only if you've cast another spell this turn.\nFlying", "2/2")


@pytest.mark.rules("601.3")
def test_skyshroud_condor_needs_another_spell_first(extra_cards):
    extra_cards(SKYSHROUD_CONDOR)
    g, ids = table(["Island", "Island", "Forest"], [], hand_a=["Skyshroud Condor", "Llanowar Elves"])
    condor = ids["Skyshroud Condor"]
    assert not any(isinstance(a, CastSpell) and a.card == condor for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, condor))
    g.apply(CastSpell(0, ids["Llanowar Elves"]))
    resolve_stack(g)
    g.apply(CastSpell(0, condor))
    resolve_stack(g)
    assert any(g.state.objects[o].name == "Skyshroud Condor" for o in g.state.battlefield)

