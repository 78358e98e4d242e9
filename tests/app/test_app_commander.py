"""A Commander game on the table (903): the New game dialog offers the Commander variant with the sample
Commander decks, the game starts with each commander in its owner's command zone at 40 life, and the table
shows the command zone, the commander tax and the commander damage taken; a commander is cast from the
command zone with a click."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from app.dialogs import NewGameDialog
from tests.modal_driver import when_modal

DOG = "Isamaru, Hound of Konda"
WAIT = 60000


def _start_commander_game(qtbot, window) -> list[str]:
    """The start page's New game: the player clicks Commander, then Start; returns the decks offered."""
    offered: list[list[str]] = []

    def run(dialog: NewGameDialog) -> None:
        qtbot.mouseClick(dialog.variant_commander, Qt.MouseButton.LeftButton)
        offered.append([dialog.deck_boxes[0].itemText(i) for i in range(dialog.deck_boxes[0].count())])
        qtbot.mouseClick(dialog.opponent_ai, Qt.MouseButton.LeftButton)
        dialog.seed.setText("3")
        qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                         Qt.MouseButton.LeftButton)
        assert dialog.error.text() == ""

    opened = when_modal(NewGameDialog, run)
    qtbot.mouseClick(window.start_page.buttons["New game"], Qt.MouseButton.LeftButton)
    assert opened and opened[0].result() == NewGameDialog.DialogCode.Accepted
    return offered[0]


@pytest.mark.rules("903.6", "903.7", "408.3")
def test_the_new_game_dialog_starts_a_commander_game(qtbot, window, answers):
    warnings = answers.texts
    offered = _start_commander_game(qtbot, window)
    assert {"Kalitas Mono Black", "Niambi WU Fliers", "Rin And Seri Naya", "Subira Mono Red"} <= set(offered)
    c = window.controller
    qtbot.waitUntil(lambda: c.config is not None and c.snapshot is not None, timeout=WAIT)
    assert warnings == []
    assert c.config.commanders is not None and len(c.config.commanders) == 2
    players = c.snapshot["players"]
    assert [p["life"] for p in players] == [40, 40]
    assert [[o["name"] for o in p["command"]] for p in players] == c.config.commanders
    for p in players:
        assert p["library_count"] + p["hand_count"] == 99
        zone = window.scene.command_zones[p["index"]]
        assert zone.isVisible() and zone.lines[0].endswith("no tax")
        card = window.scene.item_for_object(p["command"][0]["id"])
        assert (card.place.x, card.place.y) == window.scene.seats[p["index"]].command


def _puzzle(tmp_path: Path) -> Path:
    path = tmp_path / "commander.toml"
    path.write_text(f'''name = "Cast your commander"
[state]
variant = "commander"
turn = 3
step = "main1"
[players.A]
commander = "{DOG}"
commander_casts = 1
battlefield = ["Plains", "Plains", "Plains"]
library = ["Plains", "Plains"]
[players.B]
commander = "Kalitas, Traitor of Ghet"
commander_damage = {{ "{DOG}" = 5 }}
library = ["Swamp", "Swamp"]
''', encoding="utf-8")
    return path


@pytest.mark.rules("903.8", "903.10a")
def test_a_commander_is_cast_from_the_command_zone_with_a_click(qtbot, window, tmp_path):
    window.open_puzzle_file(_puzzle(tmp_path))
    c = window.controller
    qtbot.waitUntil(lambda: not c.busy and c.decision is not None and c.decision["kind"] == "priority"
                    and c.decision["player"] == 0, timeout=WAIT)
    scene = window.scene
    assert scene.command_zones[0].lines == ["Isamaru: tax {2}"]
    assert scene.command_zones[1].lines == ["Kalitas: no tax", "Isamaru dealt 5/21"]
    dog = c.snapshot["players"][0]["command"][0]
    item = scene.item_for_object(dog["id"])
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(item.sceneBoundingRect().center()))
    qtbot.waitUntil(lambda: any(o["card_id"] == dog["card_id"] for o in c.snapshot["battlefield"]
                                + c.snapshot["stack"]), timeout=WAIT)
    qtbot.waitUntil(lambda: scene.command_zones[0].lines == ["Isamaru: tax {4}"], timeout=WAIT)
    assert c.snapshot["players"][0]["command"] == []
    assert all(o["tapped"] for o in c.snapshot["battlefield"] if o["name"] == "Plains")
