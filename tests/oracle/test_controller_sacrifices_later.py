""""Its controller sacrifices it at the beginning of the next end step": a delayed triggered ability (603.7) that
makes whoever controls the permanent then sacrifice it (701.21a). Compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

CELESTIAL_SWORD = record("Celestial Sword", "{6}", "Artifact",
                         "{3}, {T}: Target creature you control gets +3/+3 until end of turn. Its controller sacrifices "
                         "it at the beginning of the next end step.")


@pytest.mark.rules("603.7", "701.21a")
def test_celestial_sword_pumps_then_the_creature_is_sacrificed_at_the_end_step(extra_cards):
    extra_cards(CELESTIAL_SWORD)
    g, ids = table(["Celestial Sword", "Grizzly Bears", "Plains", "Plains", "Plains"], [])
    bears = ids["Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Celestial Sword"], 0, targets=((bears,),)))
    resolve_stack(g)
    assert g.characteristics(bears).power == 5
    advance(g, Step.END)
    resolve_stack(g)
    assert not on_battlefield(g, "Grizzly Bears")
    assert len(g.state.players[0].graveyard) == 1
    assert on_battlefield(g, "Celestial Sword")
