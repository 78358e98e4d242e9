"""Turning a face-down permanent face up at the table (116.2b, 702.37e): a morph cost with a part paid by an object
("Morph—Reveal a white card in your hand") offers a menu of the cards that may pay it, and the one picked is sent
with the special action. Played with real cards through mouse events."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.play_helpers import WAIT, answer_menu, click, wait_for
from tests.oracle.test_morph_object_costs import WATCHER_OF_THE_ROOST


def _puzzle(tmp_path: Path) -> Path:
    path = tmp_path / "morph.toml"
    path.write_text('''name = "Morph"
[state]
turn = 3
active = "A"
step = "main1"
[players.A]
battlefield = [{card = "Watcher of the Roost", face_down = true}]
hand = ["Serra Angel", "Savannah Lions", "Opt"]
library = ["Plains", "Plains"]
[players.B]
library = ["Plains", "Plains"]
''', encoding="utf-8")
    return path


@pytest.mark.rules("702.37e", "116.2b", "118.3")
def test_a_morph_cost_paid_by_revealing_a_card_is_picked_from_a_menu(qtbot, window, tmp_path, extra_cards):
    extra_cards(WATCHER_OF_THE_ROOST, fully_read=True)
    window.open_puzzle_file(_puzzle(tmp_path))
    wait_for(qtbot, window, "priority", 0, step="main1")
    c = window.controller
    (morph,) = [o for o in c.snapshot["battlefield"] if o["controller"] == 0]
    seen: list[list[str]] = []
    answer_menu(qtbot, "Turn face up (with Serra Angel)", seen)
    click(window, morph)
    qtbot.waitUntil(lambda: any(o["id"] == morph["id"] and o.get("name") == "Watcher of the Roost"
                                for o in c.snapshot["battlefield"]), timeout=WAIT)
    # only the white cards in the hand may pay (Opt is blue); nothing refused
    assert seen == [["Turn face up (with Serra Angel)", "Turn face up (with Savannah Lions)"]] or \
        seen == [["Turn face up (with Savannah Lions)", "Turn face up (with Serra Angel)"]]
    assert c.refusals == []
    assert any(o["name"] == "Serra Angel" for o in c.snapshot["players"][0]["hand"])
