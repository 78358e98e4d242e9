"""A kicked spell's "it deals 3 damage to another target" (702.33d, 115.3, 601.2c): a second target, required only if
the spell was kicked, other than the first. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import settle, table
from tests.oracle.conftest import record

MAGMA_BURST = record("Magma Burst", "{3}{R}", "Instant",
                     "Kicker—Sacrifice two lands. (You may sacrifice two lands in addition to any other costs as you "
                     "cast this spell.)\nMagma Burst deals 3 damage to any target. If this spell was kicked, it deals 3 "
                     "damage to another target.")


@pytest.mark.rules("702.33d", "115.3", "601.2c")
@pytest.mark.parametrize("kicked", [False, True])
def test_magma_burst_deals_3_damage_to_another_target_if_kicked(extra_cards, kicked):
    extra_cards(MAGMA_BURST, fully_read=True)
    g, ids = table(["Mountain"] * 6, ["Hill Giant"], ["Magma Burst"])
    giant = ids["B:Hill Giant"]
    if kicked:
        with pytest.raises(IllegalAction):      # not the same target twice (115.3)
            g.apply(CastSpell(0, ids["Magma Burst"], targets=(giant, giant), kicked=True))
    g.apply(CastSpell(0, ids["Magma Burst"], targets=(giant, "P1") if kicked else (giant,), kicked=kicked))
    settle(g)
    assert giant not in g.state.battlefield
    assert g.state.players[1].life == (17 if kicked else 20)
    assert len([o for o in g.state.battlefield if g.state.objects[o].controller == 0]) == (4 if kicked else 6)
