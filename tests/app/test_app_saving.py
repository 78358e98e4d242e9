"""Saving and loading a game from the window: the file name and folder, the log kept across loading, and
no running game thrown away without asking."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QMessageBox

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from app.dialogs import NewGameDialog  # noqa: E402
from app.game_log import LogEntry  # noqa: E402
from app.paths import cache_dir, data_dir  # noqa: E402
from play_helpers import WAIT, first_land, shortcut, start  # noqa: E402
from tests.modal_driver import press, type_into, when_modal  # noqa: E402


CTRL = Qt.KeyboardModifier.ControlModifier


def log_lines(window) -> list[str]:
    return window.log.lines()


def save_as(qtbot, window, typed: str) -> None:
    """Ctrl+Shift+S, and `typed` typed as the file's name in the Save dialog."""
    when_modal(QFileDialog, type_into(typed))
    with qtbot.waitSignal(window.host.worker.saved, timeout=WAIT):
        shortcut(qtbot, window, Qt.Key.Key_S, CTRL | Qt.KeyboardModifier.ShiftModifier)


def test_a_name_typed_without_suffix_is_saved_as_json(qtbot, window, tmp_path):
    first_land(qtbot, window)
    save_as(qtbot, window, str(tmp_path / "turn8"))
    assert (tmp_path / "turn8.json").is_file() and not (tmp_path / "turn8").exists()


def test_the_default_folders_are_not_doubled(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    QCoreApplication.setOrganizationName("ManaTable")  # as `python -m app` names itself
    QCoreApplication.setApplicationName("ManaTable")
    try:
        assert data_dir() == tmp_path / "data" / "ManaTable"
        assert cache_dir() == tmp_path / "cache" / "ManaTable"
    finally:
        QCoreApplication.setOrganizationName(names[0])
        QCoreApplication.setApplicationName(names[1])


def test_loading_a_game_keeps_its_log(qtbot, window, tmp_path):
    first_land(qtbot, window)
    before = log_lines(window)
    entries = window.log.entries()
    assert any("Mountain" in line for line in before)
    save_as(qtbot, window, str(tmp_path / "game.json"))
    assert json.loads((tmp_path / "game.json").read_text())["log"] == before
    start(qtbot, window, seed=99)  # another game meanwhile: its own log
    assert log_lines(window) != before
    window.load_game_file(tmp_path / "game.json")
    qtbot.waitUntil(lambda: window.controller.snapshot.get("turn") == 1 and not window.controller.busy,
                    timeout=WAIT)
    assert log_lines(window)[:len(before)] == before
    assert window.log.entries()[:len(before)] == entries  # with its colours, turns and cards
    assert any(e.cards and e.player == 0 for e in entries) and entries[0] == LogEntry("Turn 1: Alice's turn", "turn", 0)
    assert "Game loaded from game.json" in log_lines(window)[len(before)]


def test_new_game_and_load_ask_before_discarding_a_running_game(qtbot, window):
    first_land(qtbot, window)
    game_id = window.controller.game_id
    boxes = when_modal(QMessageBox, press(QMessageBox.StandardButton.Cancel))
    shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    assert boxes and "in progress" in boxes[0].text()
    assert window.controller.game_id == game_id and window.pages.currentWidget() is window.table_page

    opened = when_modal(QFileDialog, lambda dialog: dialog.reject())
    boxes = when_modal(QMessageBox, press(QMessageBox.StandardButton.Cancel))
    shortcut(qtbot, window, Qt.Key.Key_O, CTRL)
    assert boxes and not opened  # cancelled: no file asked for

    boxes = when_modal(QMessageBox, press(QMessageBox.StandardButton.Discard))
    dialogs = when_modal(NewGameDialog, lambda dialog: dialog.reject())
    shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    assert boxes and dialogs  # discarding goes on to the New game dialog
    assert window.controller.game_id == game_id  # which was cancelled: the game goes on


def test_save_chosen_before_a_new_game_saves_it_first(qtbot, window, tmp_path):
    first_land(qtbot, window)
    boxes = when_modal(QMessageBox, lambda box: QTest.keyClick(box, Qt.Key.Key_Return))   # Save, the default
    named = when_modal(QFileDialog, type_into(str(tmp_path / "before")))
    dialogs = when_modal(NewGameDialog, lambda dialog: dialog.reject())
    with qtbot.waitSignal(window.host.worker.saved, timeout=WAIT):
        shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    assert boxes and named and dialogs and (tmp_path / "before.json").is_file()


def test_a_game_just_saved_is_left_without_asking_until_it_changes(qtbot, window, tmp_path):
    first_land(qtbot, window)
    save_as(qtbot, window, str(tmp_path / "turn1"))
    qtbot.waitUntil(lambda: tmp_path / "turn1.json" in window.recent.paths(), timeout=WAIT)  # the window knows
    dialogs = when_modal(NewGameDialog, lambda dialog: dialog.reject())
    shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    assert dialogs and not isinstance(dialogs[0], QMessageBox)  # saved as it stands: straight to New game
    shortcut(qtbot, window, Qt.Key.Key_Space)  # a pass: the game moves on
    qtbot.waitUntil(lambda: window.controller.snapshot.get("step") != "main1", timeout=WAIT)
    boxes = when_modal(QMessageBox, press(QMessageBox.StandardButton.Cancel))
    shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    assert boxes and "in progress" in boxes[0].text()


def test_nothing_is_asked_when_no_game_runs(qtbot, window):
    dialogs = when_modal(NewGameDialog, lambda dialog: dialog.reject())
    shortcut(qtbot, window, Qt.Key.Key_N, CTRL)
    assert dialogs


def open_recent_by_keys(qtbot, window, number: int) -> None:
    """Game menu opened with a click on the menu bar, then Open recent (R) and entry `number` by keys."""
    bar = window.menuBar()
    game = next(a.menu() for a in bar.actions() if a.text() == "&Game")
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(game.menuAction()).center())
    qtbot.waitUntil(game.isVisible, timeout=WAIT)
    QTest.keyClick(game, Qt.Key.Key_R)
    qtbot.waitUntil(window.recent_menu.isVisible, timeout=WAIT)
    QTest.keyClick(window.recent_menu, Qt.Key(Qt.Key.Key_0 + number))


def test_open_recent_lists_a_game_right_after_saving_it(qtbot, window, tmp_path):
    first_land(qtbot, window)
    before = log_lines(window)
    save_as(qtbot, window, str(tmp_path / "recent"))
    qtbot.waitUntil(lambda: window.recent.paths()[:1] == [tmp_path / "recent.json"], timeout=WAIT)
    start(qtbot, window, seed=99)
    game_id = window.controller.game_id
    boxes = when_modal(QMessageBox, press(QMessageBox.StandardButton.Discard))
    open_recent_by_keys(qtbot, window, 1)
    qtbot.waitUntil(lambda: window.controller.game_id != game_id and not window.controller.busy, timeout=WAIT)
    assert boxes  # the running game was not thrown away without asking
    assert log_lines(window)[:len(before)] == before
    assert "Game loaded from recent.json" in log_lines(window)[len(before)]


def test_a_recent_game_that_is_gone_is_said_and_taken_off(qtbot, window, answers, tmp_path):
    window.recent.add(tmp_path / "kept.json")
    window.recent.add(tmp_path / "gone.json")
    (tmp_path / "kept.json").write_text("{}")
    warnings = answers.texts
    open_recent_by_keys(qtbot, window, 1)
    qtbot.waitUntil(lambda: bool(warnings), timeout=WAIT)
    assert "gone.json is not there any more" in warnings[0]
    assert window.recent.paths() == [tmp_path / "kept.json"]
