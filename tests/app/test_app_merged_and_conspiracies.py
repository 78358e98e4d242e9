"""The table's layout of a mutated permanent (730.2: one permanent, its cards listed in the snapshot) and of
conspiracies in the command zone (315.7: an opponent's face-down conspiracy shows its back; its owner sees it).
Real engine snapshots."""
from __future__ import annotations

import pytest

from app.table.layout import layout
from engine.rules.conspiracies import put_conspiracies
from tests.engine.driving import table
from tests.engine.test_conspiracies import DOUBLE_STROKE, HYMN_OF_THE_WILDS
from tests.engine.test_mutate import LANDS, VULPIKEET, _mutate


@pytest.mark.rules("315.7", "702.106b")
def test_a_face_down_conspiracy_shows_its_back_to_the_opponent(extra_cards):
    extra_cards(DOUBLE_STROKE, HYMN_OF_THE_WILDS)
    g, _ = table(["Mountain"])
    put_conspiracies(g, 0, [("Double Stroke", ["Lightning Bolt"]), "Hymn of the Wilds"])
    stroke, hymn = g.state.command
    for viewer, stroke_up in ((0, True), (1, False)):
        places = layout(g.snapshot(viewer), bottom=viewer)
        shown = {o["id"]: (o.get("name"), p.face_up) for o, p in places.values() if p.zone == "command"}
        assert shown[hymn] == ("Hymn of the Wilds", True)
        assert shown[stroke] == (("Double Stroke", True) if stroke_up else ("", False))


@pytest.mark.rules("730.2")
def test_a_mutated_permanent_is_one_card_on_the_table(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet"])
    _mutate(g, ids["Vulpikeet"], ids["Grizzly Bears"], "over")
    places = layout(g.snapshot(1), bottom=1)
    creatures = [o for o, p in places.values() if p.zone == "battlefield" and "Creature" in o.get("types", ())]
    assert [(o["name"], [c["name"] for c in o["merged"]]) for o in creatures] == \
        [("Vulpikeet", ["Vulpikeet", "Grizzly Bears"])]
