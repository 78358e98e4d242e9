"""As many targets as the X chosen in the cost (107.3a, 601.2b-c): "each of up to X targets", "each of X targets",
with "five times X" damage to each. Played with real cards through the engine."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_resolve, cast_and_settle, table
from tests.oracle.conftest import record

CRACKLE_WITH_POWER = record("Crackle with Power", "{X}{X}{X}{R}{R}", "Sorcery",
                            "Crackle with Power deals five times X damage to each of up to X targets.")
FIRESTORM = record("Firestorm", "{R}", "Instant",
                   "As an additional cost to cast this spell, discard X cards.\nFirestorm deals X damage to each of X "
                   "targets.")


@pytest.mark.rules("107.3a", "601.2c", "115.1")
def test_crackle_with_power_deals_five_times_x_to_each_of_up_to_x_targets(extra_cards):
    extra_cards(CRACKLE_WITH_POWER, fully_read=True)
    g, ids = table(["Mountain"] * 8, ["Serra Angel"], ["Crackle with Power"])
    angel = ids["B:Serra Angel"]
    with pytest.raises(IllegalAction):
        g.clone().apply(CastSpell(0, ids["Crackle with Power"], x=1, targets=((angel, "P1"),)))     # more than X
    cast_and_resolve(g, ids["Crackle with Power"], x=2, targets=((angel, "P1"),))
    assert angel not in g.state.battlefield and g.state.players[1].life == 20 - 10


@pytest.mark.rules("107.3a", "601.2c", "601.2f")
def test_firestorm_deals_x_to_each_of_exactly_x_targets(extra_cards):
    extra_cards(FIRESTORM, fully_read=True)
    g, ids = table(["Mountain"], ["Grizzly Bears", "Hill Giant"], ["Firestorm", "Shock", "Forest"])
    bears, giant = ids["B:Grizzly Bears"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.clone().apply(CastSpell(0, ids["Firestorm"], x=2, targets=((bears,),)))        # fewer than X
    cast_and_settle(g, ids["Firestorm"], x=2, targets=((bears, giant),))
    assert bears not in g.state.battlefield and g.state.objects[giant].damage == 2
    assert len(g.state.players[0].graveyard) == 3           # the two cards discarded, and Firestorm
