"""Haunt (702.55): when the creature dies it's exiled haunting a target creature; its "when the creature it
haunts dies" ability triggers from exile (702.55c)."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_settle, on_battlefield, preferring, table
from tests.engine.test_keyword_combat import creature

# A test creature in the wording of Guildpact's haunt creatures.
HAUNT_TEST = creature("Haunting Thrull", "{1}{B}", "Thrull", "Haunt (When this creature dies, exile it haunting target "
                      "creature.)\nWhen the creature Haunting Thrull haunts dies, you gain 3 life.", "1/1")


@pytest.mark.rules("702.55a", "702.55b", "702.55c")
def test_haunt(extra_cards):
    extra_cards(HAUNT_TEST)
    g, ids = table(["Haunting Thrull", "Mountain", "Mountain"], ["Grizzly Bears"], hand_a=["Shock", "Lightning Bolt"])
    thrull, bears = ids["Haunting Thrull"], ids["B:Grizzly Bears"]
    cast_and_settle(g, ids["Shock"], targets=((thrull,),), answer=preferring(bears))
    haunting = [o for o in g.state.exile if g.state.objects[o].chosen.get("haunting") == bears]
    assert len(haunting) == 1, "exiled haunting the target"
    assert [g.state.objects[c].name for c in g.state.players[0].graveyard] == ["Shock"]
    cast_and_settle(g, ids["Lightning Bolt"], targets=((bears,),))
    assert not on_battlefield(g, "Grizzly Bears")
    assert g.state.players[0].life == 23, "the haunted creature died"
