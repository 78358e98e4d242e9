"""'As long as you have 7 or more life, damage that would reduce your life total to less than 7 reduces it to 7
instead' (614.1a, 120.3a): a life floor while a condition holds, said with "as long as" (611.3a). Real cards' Oracle
text played through the Game API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

ELDERSCALE_WURM = record("Elderscale Wurm", "{4}{G}{G}{G}", "Creature — Wurm",
                         "Trample\nWhen Elderscale Wurm enters the battlefield, if your life total is less than 7, your "
                         "life total becomes 7.\nAs long as you have 7 or more life, damage that would reduce your life "
                         "total to less than 7 reduces it to 7 instead.", "7/7")


@pytest.mark.rules("614.1a", "120.3a", "611.3a")
@pytest.mark.parametrize("life,after", [(8, 7), (7, 7), (6, 4)])
def test_elderscale_wurm_keeps_your_life_at_seven_while_you_have_seven(extra_cards, life, after):
    extra_cards(ELDERSCALE_WURM, fully_read=True)
    g, ids = table(["Elderscale Wurm"], ["Mountain"], hand_b=["Shock"], active=1, life_a=life)
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == after
