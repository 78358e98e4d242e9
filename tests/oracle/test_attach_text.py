"""'When ~ enters, attach it to target creature you control' (701.3a): an Equipment attaches itself as
its enters trigger resolves. Compiled from Bramble Armor's Oracle text and played."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

BRAMBLE_ARMOR = record("Bramble Armor", "{1}{G}", "Artifact — Equipment",
                       "When Bramble Armor enters the battlefield, attach it to target creature you control.\n"
                       "Equipped creature gets +2/+1.\nEquip {4} ({4}: Attach to target creature you control. Equip "
                       "only as a sorcery.)")


@pytest.mark.rules("701.3a", "603.3d")
def test_the_equipment_attaches_itself_as_it_enters(extra_cards):
    extra_cards(BRAMBLE_ARMOR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Forest"], hand_a=["Bramble Armor"])
    cast_and_resolve(g, ids["Bramble Armor"])
    armor = on_battlefield(g, "Bramble Armor")[0]
    assert g.state.objects[armor].attached_to == ids["Grizzly Bears"]
    ch = g.characteristics(ids["Grizzly Bears"])
    assert (ch.power, ch.toughness) == (4, 3)
