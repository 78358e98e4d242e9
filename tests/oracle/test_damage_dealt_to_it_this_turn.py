"""The damage a permanent was dealt this turn, all told (120.2), read as it leaves: "When ~ dies, if 4 or more damage
was dealt to it this turn" (603.10a). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, settle, table
from tests.oracle.conftest import record

BURNING_EYE_ZUBERA = record("Burning-Eye Zubera", "{2}{R}{R}", "Creature — Zubera Spirit",
                            "When Burning-Eye Zubera dies, if 4 or more damage was dealt to it this turn, Burning-Eye "
                            "Zubera deals 3 damage to any target.", "3/3")


@pytest.mark.rules("603.10a", "603.4", "120.2")
@pytest.mark.parametrize("spells,life", [(["Shock", "Lightning Bolt"], 17), (["Lightning Bolt"], 20)])
def test_burning_eye_zubera_only_after_four_damage(extra_cards, spells, life):
    extra_cards(BURNING_EYE_ZUBERA, fully_read=True)
    g, ids = table(["Mountain"] * 2, ["Burning-Eye Zubera"], spells)
    zubera = ids["B:Burning-Eye Zubera"]
    for name in spells:
        cast_and_resolve(g, ids[name], targets=((zubera,),))
    settle(g, lambda d: ("P0",) if "P0" in d.options else tuple(d.options[:d.min or 1]))
    assert zubera not in g.state.battlefield
    assert g.state.players[0].life == life
