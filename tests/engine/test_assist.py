"""Assist (702.132): another player may pay generic mana of the spell's total cost, played with a real card."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

CHARGING_BINOX = record("Charging Binox", "{7}{G}", "Creature — Beast",
                        "Assist (Another player can pay up to {7} of this spell's cost.)\nTrample", "7/5")


@pytest.mark.rules("702.132a")
def test_another_player_pays_generic_mana_of_the_total_cost(extra_cards):
    extra_cards(CHARGING_BINOX)
    g, ids = table(["Forest", "Forest"], ["Island"] * 6, hand_a=["Charging Binox"])
    g.apply(CastSpell(0, ids["Charging Binox"]))
    d = g.pending
    assert (d.kind, d.player, list(d.options)) == (DecisionKind.CHOOSE, 0, ["P1"])    # the caster picks the helper
    g.apply(Choose(0, ("P1",)))
    d = g.pending
    assert (d.player, list(d.options)) == (1, list(range(7)))    # at most the generic part they can pay
    g.apply(Choose(1, (6,)))
    assert all(g.state.objects[x].tapped for x in g.state.battlefield)    # both players paid
    resolve_stack(g)
    binox = on_battlefield(g, "Charging Binox")
    assert binox and g.state.objects[binox[0]].controller == 0


@pytest.mark.rules("702.132a")
def test_without_help_the_caster_pays_the_whole_cost(extra_cards):
    extra_cards(CHARGING_BINOX)
    g, ids = table(["Forest"] * 3, ["Island"] * 6, hand_a=["Charging Binox"])
    g.apply(CastSpell(0, ids["Charging Binox"]))
    with pytest.raises(IllegalAction):
        g.apply(Choose(0, ()))             # no helper: three Forests can't pay {7}{G}
    assert not any(g.state.objects[x].tapped for x in g.state.battlefield)
