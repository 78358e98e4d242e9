"""'When ~ enters, attach it to target creature you control' (701.3a): an Equipment attaches itself as
its enters trigger resolves. Compiled from Bramble Armor's Oracle text and played."""
from __future__ import annotations

import pytest

from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
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


O_NAGINATA = record("O-Naginata", "{1}", "Artifact — Equipment",
                    "O-Naginata can be attached only to a creature with power 3 or greater.\nEquipped creature gets "
                    "+3/+0 and has trample.\nEquip {2} ({2}: Attach to target creature you control. Equip only as a "
                    "sorcery.)")


@pytest.mark.rules("701.3a", "701.3b", "702.6a", "704.5n")
def test_can_be_attached_only_to_a_creature_with_power_3_or_greater(extra_cards):
    extra_cards(O_NAGINATA, fully_read=True)
    g, ids = table(["O-Naginata", "Grizzly Bears", "Hill Giant"] + ["Mountain"] * 6)
    naginata = ids["O-Naginata"]
    activate_and_resolve(g, naginata, 0, targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[naginata].attached_to is None, "a 2/2 can't have it: it doesn't move (701.3b)"
    activate_and_resolve(g, naginata, 0, targets=((ids["Hill Giant"],),))
    assert g.state.objects[naginata].attached_to == ids["Hill Giant"]
    assert g.characteristics(ids["Hill Giant"]).power == 6
    activate_and_resolve(g, naginata, 0, targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[naginata].attached_to == ids["Hill Giant"], "it stays where it was (701.3b)"
