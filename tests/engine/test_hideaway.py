"""Hideaway (702.75): when the permanent enters, look at the top N cards of your library, exile one of them face
down and put the rest on the bottom in a random order; a "Hideaway" printed without N is "Hideaway 4" and
enters tapped (702.75b)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import Choose, PassPriority, PlayLand
from tests.engine.driving import table

WINDBRISK_HEIGHTS = {"name": "Windbrisk Heights", "type": "Land", "types": ["Land"], "subtypes": [],
                     "text": "Hideaway (This land enters the battlefield tapped. When it does, look at the top four "
                             "cards of your library, exile one face down, then put the rest on the bottom of your "
                             "library.)\n{T}: Add {W}.\n{W}, {T}: You may play the exiled card without paying its mana "
                             "cost if you attacked with three or more creatures this turn."}


@pytest.mark.rules("702.75a", "702.75b")
def test_hideaway_exiles_one_of_the_top_four_face_down(extra_cards):
    extra_cards(WINDBRISK_HEIGHTS)
    g, ids = table(hand_a=["Windbrisk Heights"])
    bolt = g.add_card("Lightning Bolt", 0, Zone.LIBRARY)          # the top card
    me = g.state.players[0]
    g.apply(PlayLand(0, ids["Windbrisk Heights"]))
    land = next(o for o in g.state.battlefield if g.state.objects[o].name == "Windbrisk Heights")
    assert g.state.objects[land].tapped, "702.75b: an unnumbered Hideaway enters tapped"
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    looked = g.pending.options
    assert len(looked) == 4 and bolt in looked and g.pending.min == 1
    g.apply(Choose(0, (bolt,)))
    while g.pending.kind is DecisionKind.CHOOSE:              # the order of the rest, if asked
        g.apply(Choose(0, tuple(g.pending.options[:g.pending.min or 1])))
    exiled = [o for o in g.state.exile if g.state.objects[o].name == "Lightning Bolt"]
    assert exiled and g.state.objects[exiled[0]].face_down
    assert len(me.library) == 8
    assert g.snapshot(1)["players"][0]["exile"] == [], "a face-down exiled card is hidden from the opponent"
