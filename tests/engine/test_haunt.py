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


BENEDICTION_OF_MOONS = {
    "name": "Benediction of Moons", "manaCost": "{W}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
    "supertypes": [], "colors": ["W"], "layout": "normal",
    "text": "You gain 1 life for each player.\nHaunt (When this spell card is put into a graveyard after resolving, "
            "exile it haunting target creature.)\nWhen the creature Benediction of Moons haunts dies, you gain 1 life "
            "for each player."}


@pytest.mark.rules("702.55a", "702.55b", "702.55c", "608.2n")
def test_haunt_on_a_sorcery(extra_cards):
    # "When this spell is put into a graveyard during its resolution, exile it haunting target creature."
    extra_cards(BENEDICTION_OF_MOONS, fully_read=True)
    g, ids = table(["Plains", "Mountain"], ["Grizzly Bears"], hand_a=["Benediction of Moons", "Lightning Bolt"])
    bears = ids["B:Grizzly Bears"]
    cast_and_settle(g, ids["Benediction of Moons"], answer=preferring(bears))
    assert g.state.players[0].life == 22
    haunting = [o for o in g.state.exile if g.state.objects[o].chosen.get("haunting") == bears]
    assert len(haunting) == 1 and not g.state.players[0].graveyard
    cast_and_settle(g, ids["Lightning Bolt"], targets=((bears,),))
    assert g.state.players[0].life == 24, "the haunted creature died"
