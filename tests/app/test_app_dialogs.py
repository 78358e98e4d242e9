"""The main window's start page and dialogs: new game, settings, puzzles."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QMessageBox, QPushButton

from app.dialogs import DamageDialog, NewGameDialog, SettingsDialog, ZoneBrowser
from app.main_window import MainWindow
from tests.modal_driver import type_into, when_modal


@pytest.fixture
def decks(tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "red-burn.txt").write_text("20 Mountain\n40 Lightning Bolt\n")
    (folder / "green-ramp.txt").write_text("24 Forest\n36 Grizzly Bears\nSideboard\n2 Naturalize\n")
    (folder / "broken.txt").write_bytes(b"\x00 not a deck")
    return {"Red Burn": folder / "red-burn.txt", "Green Ramp": folder / "green-ramp.txt",
            "Broken": folder / "broken.txt"}


def test_new_game_dialog_builds_the_config(qtbot, decks, tmp_path):
    dialog = NewGameDialog(decks=decks, db_path=tmp_path / 'none.sqlite')
    qtbot.addWidget(dialog)
    assert dialog.deck_boxes[0].currentText() == "Red Burn"
    assert dialog.deck_boxes[1].currentText() == "Green Ramp"
    dialog.opponent_hotseat.setChecked(True)
    dialog.rules_sandbox.setChecked(True)
    dialog.starter.setCurrentIndex(2)
    dialog.seed.setText("42")
    config = dialog.build_config()
    assert config.opponent == "hotseat" and not config.enforce
    assert config.starting_player == 1 and config.seed == 42
    assert len(config.decks[0]) == 60 and config.decks[0].count("Lightning Bolt") == 40
    assert config.names == ["You", "Player 2"]


def test_new_game_dialog_defaults_to_ai_enforced_random_start(qtbot, decks, tmp_path):
    dialog = NewGameDialog(decks=decks, db_path=tmp_path / 'none.sqlite')
    qtbot.addWidget(dialog)
    config = dialog.build_config()
    assert config.opponent == "ai" and config.enforce and config.starting_player is None
    assert config.ai_level == "medium"
    assert isinstance(config.seed, int)  # a random seed, recorded so the game can be replayed


def test_new_game_dialog_offers_every_ai_level_strongest_first(qtbot, decks, tmp_path):
    from engine.ai import LEVELS
    dialog = NewGameDialog(decks=decks, db_path=tmp_path / 'none.sqlite')
    qtbot.addWidget(dialog)
    box = dialog.ai_level
    assert [box.itemData(i) for i in range(box.count())] == list(reversed(LEVELS))
    assert all(box.itemData(i, Qt.ItemDataRole.ToolTipRole) for i in range(box.count()))
    dialog.show()
    qtbot.waitExposed(dialog)
    box.setFocus()
    QTest.keyClick(box, Qt.Key.Key_Up)  # from Medium, the default
    assert dialog.build_config().ai_level == "hard"


def test_new_game_dialog_reports_bad_input(qtbot, decks, tmp_path):
    dialog = NewGameDialog(decks=decks, db_path=tmp_path / 'none.sqlite')
    qtbot.addWidget(dialog)
    dialog.seed.setText("abc")
    dialog._accept()
    assert "whole number" in dialog.error.text() and dialog.config is None
    dialog.seed.setText("")
    dialog.deck_boxes[0].setCurrentText("Broken")
    dialog._accept()
    assert "broken.txt" in dialog.error.text() and "binary" in dialog.error.text()


def test_settings_dialog_saves_stops_and_pace(qtbot, settings):
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.own["upkeep"].setChecked(True)
    dialog.own["main2"].setChecked(False)
    dialog.opponent["end"].setChecked(True)
    dialog.ai_pace.setValue(900)
    dialog.open_hands.setChecked(True)
    assert dialog.warn_pass.isChecked()  # the stray-pass warning is on by default
    dialog.show()
    QTest.mouseClick(dialog.warn_pass, Qt.MouseButton.LeftButton, pos=dialog.warn_pass.rect().center())
    dialog._save()
    assert settings.own_stops == {"main1", "upkeep"} and settings.opponent_stops == {"end"}
    assert settings.ai_pace_ms == 900 and settings.open_hands and not settings.warn_pass_with_plays


def test_settings_fit_a_1280x720_screen_with_the_downloads(qtbot, settings, tmp_path):
    from app.downloads import DownloadTargets
    targets = DownloadTargets(db_path=tmp_path / "cards.sqlite", image_dir=tmp_path / "images")
    dialog = SettingsDialog(settings, downloads=targets)
    qtbot.addWidget(dialog)
    dialog.show()
    hint = dialog.sizeHint()
    assert hint.height() <= 640 and hint.width() <= 1240  # room left for the title bar and a panel
    assert dialog.own["end"].isVisible() and dialog.sounds.isVisible()


def test_zone_browser_lists_newest_first(qtbot):
    browser = ZoneBrowser("Graveyard", [{"name": "Shock", "type_line": "Instant"},
                                        {"name": "Lightning Bolt", "type_line": "Instant"}])
    qtbot.addWidget(browser)
    assert browser.list.item(0).text().startswith("Lightning Bolt")


def test_main_window_start_page(qtbot, settings, card_cache):
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    window.show()
    assert window.pages.currentWidget() is window.start_page
    assert set(window.start_page.buttons) >= {"New game", "Load game", "Puzzles", "Deck editor", "Settings"}
    assert not any(a.isEnabled() for a in window.sandbox_actions)
    window.close()


@pytest.fixture
def warned(qtbot, settings, card_cache, answers):
    """A main window whose warning boxes are answered, their texts collected."""
    shown = answers.texts
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    yield window, shown
    window.close()


def test_puzzle_file_errors_are_clear(warned, tmp_path):
    window, shown = warned
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed")
    window.open_puzzle_file(bad)
    assert shown and "bad.toml" in shown[-1]


def test_puzzle_files_of_the_bad_input_corpus_and_special_files_are_refused(warned, qtbot, tmp_path):
    """The bounded reader: a device or a pipe is never read (a pipe would block the window), deep nesting
    and other encodings are named; no game starts."""
    import os
    from pathlib import Path

    window, shown = warned
    corpus = Path(__file__).resolve().parents[1] / "bad_inputs" / "scenarios"
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 100_000 + "]" * 100_000)
    cases = {corpus / "latin1.toml": "not UTF-8", corpus / "nested-inline-tables-40.toml": "nested more than",
             deep: "nested more than", Path("/dev/zero"): "a device", pipe: "a pipe", tmp_path: "a folder"}
    for path, words in cases.items():
        window.open_puzzle_file(path)
        assert words in shown[-1] and path.name in shown[-1] and len(shown[-1].splitlines()) == 1, shown[-1]
    qtbot.wait(50)
    assert window.controller.config is None and window.pages.currentWidget() is window.start_page


def test_corrupt_save_is_refused_with_a_message(warned, qtbot, tmp_path):
    window, shown = warned
    path = tmp_path / "corrupt.json"
    path.write_text("{ this is not a save")
    window.load_game_file(path)
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    assert "cannot be loaded" in shown[-1] and "not JSON" in shown[-1]
    assert window.pages.currentWidget() is window.start_page


def test_new_game_dialog_offers_the_users_saved_decks(qtbot, decks, tmp_path):
    from cardsdb.database import CardDatabase
    from cardsdb.decks import Deck, DeckEntry

    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        db.save_deck(Deck(name="Elves", main=[DeckEntry("Forest", 24), DeckEntry("Llanowar Elves", 36)]))
    dialog = NewGameDialog(decks=decks, db_path=db_path)
    qtbot.addWidget(dialog)
    dialog.deck_boxes[1].setCurrentText("My deck: Elves")
    config = dialog.build_config()
    assert config.decks[1].count("Llanowar Elves") == 36


def test_damage_dialog_starts_from_the_suggestion(qtbot):
    dialog = DamageDialog([(1, "Craw Wurm", 6)], {1: [(2, "Grizzly Bears"), (3, "Savannah Lions")]},
                          {1: {2: 2, 3: 4}})
    qtbot.addWidget(dialog)
    assert dialog.assignment() == {1: {2: 2, 3: 4}}
    dialog.boxes[1][2].setValue(5)
    dialog.boxes[1][3].setValue(1)
    assert dialog.assignment() == {1: {2: 5, 3: 1}}


def test_list_choice_dialog_respects_the_bounds(qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    from app.dialogs import ListChoiceDialog

    dialog = ListChoiceDialog("Search for up to 2 cards", [("Forest", 4), ("Island", 5), ("Swamp", 7)], 1, 2)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.list.item(0).setSelected(True)
    dialog.list.item(2).setSelected(True)
    assert ok.isEnabled() and dialog.chosen() == [4, 7]


def click_radio(button) -> None:  # noqa: ANN001
    """A click on a radio button's circle (a click on the empty room right of its label does nothing)."""
    QTest.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))


def test_new_game_dialog_remembers_the_last_choices(qtbot, decks, tmp_path, settings):
    dialog = NewGameDialog(decks=decks, db_path=tmp_path / "none.sqlite", qsettings=settings.qsettings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    click_radio(dialog.rules_sandbox)
    dialog.ai_level.setFocus()
    QTest.keyClick(dialog.ai_level, Qt.Key.Key_Down)  # Easy
    for box, key in ((dialog.deck_boxes[0], Qt.Key.Key_Up), (dialog.deck_boxes[1], Qt.Key.Key_Up)):
        box.setFocus()
        QTest.keyClick(box, key)
    dialog.starter.setFocus()
    QTest.keyClick(dialog.starter, Qt.Key.Key_End)  # Player 2
    dialog.names[0].selectAll()
    QTest.keyClicks(dialog.names[0], "Ann")
    chosen = [b.currentText() for b in dialog.deck_boxes]
    QTest.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.config.ai_level == "easy"

    again = NewGameDialog(decks=decks, db_path=tmp_path / "none.sqlite", qsettings=settings.qsettings)
    qtbot.addWidget(again)
    assert again.rules_sandbox.isChecked() and again.opponent_ai.isChecked()
    assert again.ai_level.currentData() == "easy" and again.starter.currentText() == "Player 2"
    assert [b.currentText() for b in again.deck_boxes] == chosen != ["Red Burn", "Green Ramp"]
    assert again.names[0].text() == "Ann" and again.seed.text() == ""
    config = again.build_config()
    assert not config.enforce and config.starting_player == 1 and config.names[0] == "Ann"

    again.show()
    qtbot.waitExposed(again)  # laid out: each button where it is drawn
    click_radio(again.opponent_hotseat)
    click_radio(again.rules_enforced)
    again._accept()
    third = NewGameDialog(decks=decks, db_path=tmp_path / "none.sqlite", qsettings=settings.qsettings)
    qtbot.addWidget(third)
    assert third.opponent_hotseat.isChecked() and third.rules_enforced.isChecked()
    assert third.names[1].text() == "Player 2" and not third.ai_level.isEnabled()


def test_a_remembered_deck_that_is_gone_leaves_the_default(qtbot, decks, tmp_path, settings):
    settings.qsettings.setValue("new_game/deck1", "Deleted deck")
    dialog = NewGameDialog(decks=decks, db_path=tmp_path / "none.sqlite", qsettings=settings.qsettings)
    qtbot.addWidget(dialog)
    assert dialog.deck_boxes[0].currentText() == "Red Burn"


def test_settings_refuse_a_card_image_folder_that_does_not_exist(qtbot, settings, tmp_path):
    """The warning is a real box: Return acknowledges it, Settings stays open with nothing saved."""
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.image_dir.clear()
    qtbot.keyClicks(dialog.image_dir, str(tmp_path / "nowhere"))
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    warned = when_modal(QMessageBox, lambda box: QTest.keyClick(box, Qt.Key.Key_Return))
    QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert warned and warned[0].text() == f"The folder {tmp_path / 'nowhere'} does not exist."
    assert dialog.isVisible() and settings.card_image_dir is None
    dialog.image_dir.clear()
    qtbot.keyClicks(dialog.image_dir, str(tmp_path))
    QTest.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and settings.card_image_dir == tmp_path


def test_settings_browse_picks_the_card_image_folder_in_a_file_dialog(qtbot, settings, tmp_path):
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    (tmp_path / "images").mkdir()
    browse = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Browse…")
    chosen = when_modal(QFileDialog, type_into(str(tmp_path / "images")))
    QTest.mouseClick(browse, Qt.MouseButton.LeftButton)
    assert chosen and dialog.image_dir.text() == str(tmp_path / "images")
