"""A player imports a real set, builds a deck of its cards, and starts a game from the New game dialog:
against the AI with the rules enforced (cards that compile), and in the sandbox (a card the compiler
does not fully read plays there, its Oracle text on the table; with the rules enforced the dialog lists it,
to be played by hand: tests/app/test_app_by_hand.py). Issue 12."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from app.dialogs import NewGameDialog
from cardsdb.database import CardDatabase
from cardsdb.decks import Deck, DeckEntry
from tests.modal_driver import press, when_modal

M21 = Path(__file__).resolve().parents[2].parent / "shared" / "cards" / "mtgjson" / "M21.json"
COMPILING = ["Eliminate", "Blood Glutton", "Fetid Imp", "Deathbloom Thallid", "Liliana's Steward", "Goremand",
             "Finishing Blow", "Bad Deal", "Grim Tutor"]
NOT_READ = "Chandra, Heart of Fire"


@pytest.fixture
def user_db(tmp_path, monkeypatch) -> Path:
    """A first start's database (the bundled starter pool only), then the player imports M21 and saves
    two decks of its cards."""
    if not M21.is_file():
        pytest.skip(f"{M21} not found")
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "data"))
    with CardDatabase.open_default(sets=()) as db:
        assert db.record("Eliminate") is None
        db.import_file(M21)
        db.save_deck(Deck(name="M21 Black", main=[DeckEntry("Swamp", 24)] + [DeckEntry(n, 4) for n in COMPILING]))
        db.save_deck(Deck(name="M21 Chandra", main=[DeckEntry("Swamp", 24), DeckEntry(NOT_READ, 36)]))
        return db.path


def _start_from_dialog(qtbot, window, deck: str, *, sandbox: bool) -> None:
    """New game (the start page's button, or Game > New game on the table) opens the dialog; the player picks the
    deck, the AI opponent and the rules, and clicks OK."""
    def run(dialog: NewGameDialog) -> None:
        dialog.deck_boxes[0].setCurrentText(f"My deck: {deck}")
        qtbot.mouseClick(dialog.opponent_ai, Qt.MouseButton.LeftButton)
        # set directly: the dialog remembers the last game's choice (its clicks are tested in test_app_dialogs)
        (dialog.rules_sandbox if sandbox else dialog.rules_enforced).setChecked(True)
        dialog.seed.setText("7")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        assert dialog.rules_sandbox.isChecked() is sandbox

    opened = when_modal(NewGameDialog, run)
    if window.pages.currentWidget() is window.start_page:
        qtbot.mouseClick(window.start_page.buttons["New game"], Qt.MouseButton.LeftButton)
    else:  # the running game is discarded when asked (the asking itself: test_app_saving)
        asked = when_modal(QMessageBox, press(QMessageBox.StandardButton.Discard))
        game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
        next(a for a in game_menu.actions() if a.text() == "&New game…").trigger()
        assert asked
    assert len(opened) == 1 and opened[0].config is not None


def _window(qtbot, settings, card_cache, answers):
    """The main window, with the warnings it shows answered and collected."""
    from app.main_window import MainWindow

    warnings = answers.texts
    settings.ai_pace_ms = 0
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    window.show()
    return window, warnings


def _my_cards(snapshot: dict) -> set[str]:
    me = snapshot["players"][0]
    return {c["name"] for c in me["hand"]} | {c["name"] for c in snapshot["battlefield"] if c["owner"] == 0}


def test_a_deck_of_an_imported_set_plays_against_the_ai_with_rules_enforced(qtbot, settings, card_cache, user_db,
                                                                             answers):
    window, warnings = _window(qtbot, settings, card_cache, answers)
    _start_from_dialog(qtbot, window, "M21 Black", sandbox=False)
    c = window.controller
    qtbot.waitUntil(lambda: c.config is not None and c.snapshot is not None, timeout=60000)
    assert warnings == []
    assert c.config.enforce and c.config.opponent == "ai"
    assert _my_cards(c.snapshot) & set(COMPILING)          # imported cards in the opening hand
    assert c.snapshot["players"][0]["library_count"] + c.snapshot["players"][0]["hand_count"] == 60


def test_the_sandbox_plays_a_card_the_engine_does_not_read_and_enforced_rules_name_it(qtbot, settings, card_cache,
                                                                                       user_db, answers):
    window, warnings = _window(qtbot, settings, card_cache, answers)
    c = window.controller
    _start_from_dialog(qtbot, window, "M21 Chandra", sandbox=True)
    qtbot.waitUntil(lambda: c.config is not None and c.snapshot is not None, timeout=60000)
    assert warnings == [] and not c.config.enforce
    chandra = next(card for card in c.snapshot["players"][0]["hand"] if card["name"] == NOT_READ)
    assert chandra["supported"] is False and "[+1]: Chandra, Heart of Fire deals 2 damage" in chandra["text"]
    # with the rules enforced the dialog names the card and what the engine doesn't read, to be played by hand
    dialog = NewGameDialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.deck_boxes[0].setCurrentText("My deck: M21 Chandra")
    dialog.rules_enforced.setChecked(True)
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    assert dialog.config is None and dialog.play_by_hand.isVisible()
    assert NOT_READ in dialog.unread.text() and "“Until end of turn, you may play cards exiled" in dialog.unread.text()
