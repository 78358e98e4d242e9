""""The creature you control" of a spell with one target creature you control (115.1): adamant's "If at least three
green mana was spent to cast this spell, the creature you control gains indestructible until end of turn" (207.2c,
601.2h). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

OUTMUSCLE = record("Outmuscle", "{3}{G}", "Sorcery",
                   "Put a +1/+1 counter on target creature you control, then it fights target creature you don't "
                   "control. (Each deals damage equal to its power to the other.)\nAdamant — If at least three green "
                   "mana was spent to cast this spell, the creature you control gains indestructible until end of turn.")


@pytest.mark.rules("207.2c", "608.2c", "701.14a", "702.12b")
@pytest.mark.parametrize("lands,survives", [(["Forest"] * 4, True), (["Forest"] + ["Mountain"] * 3, False)])
def test_outmuscle_adamant_keeps_the_creature_you_control(extra_cards, lands, survives):
    extra_cards(OUTMUSCLE, fully_read=True)
    g, ids = table(["Grizzly Bears"] + lands, ["Craw Wurm"], ["Outmuscle"])
    bears, wurm = ids["Grizzly Bears"], ids["B:Craw Wurm"]
    cast_and_resolve(g, ids["Outmuscle"], targets=((bears,), (wurm,)))
    assert (bears in g.state.battlefield) == survives        # 3/3 against 6/4: destroyed unless indestructible
    assert g.state.objects[wurm].damage == 3
    if survives:
        assert g.characteristics(bears).has("indestructible")
        assert g.characteristics(wurm).has("indestructible") is False
