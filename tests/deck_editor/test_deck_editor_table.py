"""The deck editor from the rest of the app: the main window's "Deck editor" opens it, New game's
"Edit decks…" opens it and lists what it saves, and a deck built in it starts a game at the table
through the New game path."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from app.deck_editor.window import DeckEditorWindow
from app.dialogs import NewGameDialog
from app.main_window import MainWindow
from app.settings import Settings
from app.worker import EngineWorker
from tests.modal_driver import click_ok, when_modal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from app_fakes import FakeGame, Refused  # noqa: E402  (the table's own stand-in for the engine)

BURN = {"Lightning Bolt": 4, "Goblin Guide": 4, "Shock": 4, "Mountain": 48}


@pytest.fixture
def deck_name(answerer):
    answerer.lines.append("Table Burn")     # typed when the deck is saved
    return "Table Burn"


@pytest.fixture
def window(qtbot, qsettings, tmp_path, db_path, answers):
    started: list[list[list[str]]] = []

    def new_game(decks, seed=0, starting_player=None, enforce=True):  # noqa: ANN001
        started.append(decks)
        return FakeGame.new(decks, seed, starting_player, enforce)

    window = MainWindow(settings=Settings(qsettings), worker=EngineWorker(new_game, FakeGame.from_json, Refused),
                        card_cache=tmp_path / "cards")
    window.started_decks = started
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()


def build_and_save(qtbot, editor: DeckEditorWindow) -> None:
    editor.document.set_counts("Burn", "main", BURN)
    assert editor.check_items()[0].message.startswith("Legal")
    with qtbot.waitSignal(editor.decks_changed):
        assert editor.save()


def test_a_deck_built_here_starts_a_game_at_the_table(qtbot, window, deck_name):
    window.start_page.buttons["Deck editor"].click()
    editor = window.deck_editors.editor
    assert isinstance(editor, DeckEditorWindow) and editor.isVisible()
    window.deck_editor()
    assert window.deck_editors.editor is editor  # one editor, raised again
    build_and_save(qtbot, editor)
    assert editor.close() and window.deck_editors.editor is None

    def choose(dialog):
        dialog.deck_boxes[0].setCurrentText("My deck: Table Burn")
        dialog.seed.setText("5")
        click_ok(dialog)

    opened = when_modal(NewGameDialog, choose)
    window.new_game()
    assert opened
    qtbot.waitUntil(lambda: bool(window.started_decks), timeout=5000)
    assert Counter(window.started_decks[0][0]) == BURN
    qtbot.waitUntil(lambda: window.controller.config is not None, timeout=5000)
    assert window.controller.config.deck_titles[0] == "My deck: Table Burn"


def test_new_games_edit_decks_opens_the_editor_and_lists_its_decks(qtbot, db_path, deck_name, answers):
    dialog = NewGameDialog(db_path=db_path)
    qtbot.addWidget(dialog)
    assert "My deck: Table Burn" not in [dialog.deck_boxes[0].itemText(i) for i in range(dialog.deck_boxes[0].count())]
    dialog.edit_decks.click()
    editor = dialog.deck_editors.editor
    assert isinstance(editor, DeckEditorWindow) and editor.db_path == db_path
    build_and_save(qtbot, editor)
    assert dialog.deck_boxes[0].currentText() == "My deck: Table Burn"
    assert dialog.deck_boxes[1].currentText() == "Green Ramp"  # the other choice is kept
    config = dialog.build_config()
    assert Counter(config.decks[0]) == BURN
    dialog.reject()  # closes the editor too
    assert dialog.deck_editors.editor is None


def test_new_game_waits_for_the_editors_unsaved_changes(qtbot, db_path, answers):
    script, asked = answers
    dialog = NewGameDialog(db_path=db_path)
    qtbot.addWidget(dialog)
    dialog.edit_decks.click()
    dialog.deck_editors.editor.add_card("Shock")
    script.append(QMessageBox.StandardButton.Cancel)
    dialog.reject()
    assert dialog.deck_editors.editor is not None and dialog.deck_editors.editor.isVisible()
    assert "Save the changes" in asked[-1]
    script.append(QMessageBox.StandardButton.Discard)
    dialog.reject()
    assert dialog.deck_editors.editor is None


def test_the_readme_screenshots_are_rendered_offscreen(qtbot, tmp_path):
    from PIL import Image

    from app.deck_editor.__main__ import take_screenshots

    assert take_screenshots(tmp_path / "shots") == 0
    for name in ("deck-editor.png", "deck-editor-checks.png"):
        with Image.open(tmp_path / "shots" / name) as image:
            assert image.size[0] >= 1200 and sum(1 for n in image.convert("L").histogram() if n) > 50  # a real picture


def test_a_card_database_that_cannot_be_opened_is_said_not_crashed(qtbot, tmp_path, answers):
    from app.deck_editor.window import DeckEditorHandle
    from PySide6.QtWidgets import QWidget

    bad = tmp_path / "bad" / "cards.sqlite"
    bad.parent.mkdir()
    bad.write_bytes(b"this is not a database" * 100)
    owner = QWidget()
    qtbot.addWidget(owner)
    handle = DeckEditorHandle(owner, db_path=bad)
    assert handle.open() is None and handle.editor is None
    assert "card database cannot be opened" in answers[1][-1]
    assert owner.findChildren(DeckEditorWindow) == []
