"""Decks kept in the card database (new, open, recent, save, save as, duplicate, delete), unsaved
changes asked about on close and recovered after a crash, import and export in every deck format
from a file or the clipboard, unknown names fixed on the spot."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from cardsdb import CardDatabase
from cardsdb.decks import Deck, DeckEntry, read_deck, read_deck_file
from cardsdb.validation import resolve_names

from app.deck_editor.editor_dialogs import UnknownCardsDialog
from app.deck_editor.recovery import left_behind
from editor_helpers import make_editor, main_counts
from tests.modal_driver import click_ok, when_modal

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cardsdb"
Button = QMessageBox.StandardButton


@pytest.fixture
def names_asked(answerer):
    """Deck names typed when asked (first in, first out; the question is cancelled once they run out)."""
    return answerer.lines


def saved(db_path, name):
    with CardDatabase(db_path) as db:
        return db.load_deck(name)


def test_save_open_save_as_duplicate_delete(qtbot, editor, db_path, names_asked, answers):
    script, asked = answers
    editor.add_card("Lightning Bolt")
    names_asked.append("Burn")
    with qtbot.waitSignal(editor.decks_changed):
        assert editor.save()
    assert not editor.document.dirty and editor.windowTitle().startswith("Burn")
    assert saved(db_path, "Burn").main == [DeckEntry("Lightning Bolt", 1)]
    editor.add_card("Shock")
    assert editor.save()  # under its name, no question
    assert [e.name for e in saved(db_path, "Burn").main] == ["Lightning Bolt", "Shock"]
    names_asked.append("Burn copy")
    assert editor.duplicate()
    assert editor.document.stored_name == "Burn" and saved(db_path, "Burn copy") is not None
    editor.add_card("Mountain")
    names_asked.append("Burn copy")
    script.append(Button.No)  # do not replace the copy
    assert not editor.save_as()
    assert "already saved" in asked[-1]
    names_asked.append("Mountain Burn")
    assert editor.save_as()
    assert editor.document.stored_name == "Mountain Burn" and editor.prefs.recent[:2] == ["Mountain Burn", "Burn"]
    assert editor.new_deck() and editor.document.deck.main == []
    assert editor.open_deck("Burn") and main_counts(editor) == {"Lightning Bolt": 1, "Shock": 1}
    editor._fill_recent()
    assert [a.text() for a in editor.recent_menu.actions()][:2] == ["&1 Burn", "&2 Mountain Burn"]
    script.append(Button.Yes)
    with qtbot.waitSignal(editor.decks_changed):
        assert editor.delete_deck()
    assert saved(db_path, "Burn") is None and "Burn" not in editor.prefs.recent
    assert editor.document.stored_name is None and editor.document.deck.main == []
    assert not editor.open_deck("Burn")  # gone: said, not opened
    assert "no deck named Burn" in asked[-1]


def test_closing_with_unsaved_changes_asks(qtbot, db_path, qsettings, tmp_path, rules, answers, names_asked):
    script, asked = answers
    editor = make_editor(qtbot, db_path, qsettings, tmp_path, rules)
    assert editor.close()  # nothing to save: no question
    assert asked == []
    editor = make_editor(qtbot, db_path, qsettings, tmp_path, rules)
    editor.add_card("Shock")
    script.append(Button.Cancel)
    assert not editor.close() and editor.isVisible()
    assert "Save the changes" in asked[-1]
    script.append(Button.Save)
    names_asked.append("Shocks")
    assert editor.close()
    assert saved(db_path, "Shocks").main == [DeckEntry("Shock", 1)]
    editor = make_editor(qtbot, db_path, qsettings, tmp_path, rules)
    editor.add_card("Shock")
    script.append(Button.Discard)
    assert editor.close()
    assert left_behind(db_path.parent / "deck-recovery") == []  # a deliberate discard leaves no recovery copy


def test_a_crashed_editors_deck_is_offered_back(qtbot, db_path, qsettings, tmp_path, rules, answers):
    script, asked = answers
    crashed = make_editor(qtbot, db_path, qsettings, tmp_path, rules)
    crashed.add_card("Goblin Guide")
    crashed.add_card("Goblin Guide")
    qtbot.waitUntil(lambda: crashed.recovery.path.is_file(), timeout=5000)  # autosaved after a pause
    data = json.loads(crashed.recovery.path.read_text())
    assert data["deck"]["main"] == [{"name": "Goblin Guide", "count": 2}]
    # a crash: the process dies and its recovery file stays behind (here: a copy of it, as the
    # editor of this test still closes properly and removes its own)
    left = crashed.recovery.folder / "deck-crashed.json"
    left.write_bytes(crashed.recovery.path.read_bytes())
    script.append(Button.Discard)
    assert crashed.close() and not crashed.recovery.path.exists()
    editor = make_editor(qtbot, db_path, qsettings, tmp_path, rules)
    script.append(Button.Yes)
    assert editor.offer_recovery()
    assert "closed without saving" in asked[-1]
    assert main_counts(editor) == {"Goblin Guide": 2} and editor.document.dirty
    assert not left.exists()
    assert editor.recovery.path.is_file()  # its own copy from now on
    script.append(Button.Discard)
    assert editor.close()


def test_a_damaged_recovery_file_is_kept_and_reported(qtbot, editor, answers):
    folder = editor.recovery.folder
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck-broken.json").write_text("{not json")
    assert not editor.offer_recovery()
    assert (folder / "deck-broken.json").exists() and "unreadable" in editor.statusBar().currentMessage()


@pytest.mark.parametrize("kind", ["fifo", "deep", "huge count", "too large"])
def test_a_hostile_recovery_file_is_refused_within_the_limits(qtbot, editor, answers, kind):
    """The data folder is the user's: a pipe there is not opened (it would block), deep nesting, a
    billion copies or a file past the deck file limit are refused, and the file is kept."""
    import os
    from cardsdb import limits

    folder = editor.recovery.folder
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "deck-hostile.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "deep":
        path.write_text('{"version": 1, "deck": ' + "[" * 100_000 + "]" * 100_000 + "}")
    elif kind == "huge count":
        path.write_text(json.dumps({"version": 1, "deck": {"main": [{"name": "Forest", "count": 999_999_999}]}}))
    else:
        with path.open("wb") as fh:
            fh.truncate(limits.DECK_FILE_BYTES + 1)
    assert not editor.offer_recovery()
    assert path.exists() and "unreadable" in editor.statusBar().currentMessage()


def content(deck: Deck, db_path) -> dict[str, list[tuple[str, int]]]:
    with CardDatabase(db_path) as db:
        resolved = resolve_names(deck, db)[0]
    return {s: sorted((e.name, e.count) for e in resolved.section(s)) for s in ("main", "sideboard", "commander")}


@pytest.mark.parametrize("fixture, fmt", [("burn.txt", "text"), ("burn-arena.txt", "arena"), ("burn.dek", "mtgo"),
                                          ("burn.cod", "cockatrice"), ("burn.dck", "forge")])
def test_import_each_format_and_export_it_back(qtbot, editor, db_path, tmp_path, fixture, fmt, monkeypatch):
    monkeypatch.setattr(UnknownCardsDialog, "exec", lambda self: pytest.fail("every name is known"))
    source = FIXTURES / fixture
    assert editor.import_file(source)
    assert editor.document.dirty and editor.document.stored_name is None
    assert editor.document.deck.count("main") == 60 and editor.document.deck.count("sideboard") == 5
    out = tmp_path / f"out{source.suffix}"
    assert editor.export_file(out, fmt)
    again = read_deck_file(out)
    assert again.format == fmt
    assert content(again.deck, db_path) == content(read_deck_file(source).deck, db_path)
    if fmt == "arena":  # printings travel with the cards
        assert ("Lightning Bolt", "TST", "1") in {(e.name, e.set_code, e.number) for e in again.deck.main}


def test_clipboard_import_and_export(qtbot, editor, db_path):
    QApplication.clipboard().setText("4 Lightning Bolt\n4x Shock\n\nSideboard\n2 Pyroclasm\n")
    assert editor.import_clipboard()
    assert main_counts(editor) == {"Lightning Bolt": 4, "Shock": 4}
    for fmt in ("text", "arena", "mtgo", "cockatrice", "forge"):
        editor.export_clipboard(fmt)
        back = read_deck(QApplication.clipboard().text())
        assert back.format == fmt and content(back.deck, db_path) == content(editor.document.deck, db_path)
    QApplication.clipboard().setText("")
    assert not editor.import_clipboard()


def test_unknown_names_are_listed_with_suggestions_and_fixed(qtbot, editor):
    shown = {}

    def choose(dialog):
        shown.update({name: [combo.itemText(i) for i in range(combo.count())]
                      for name, combo in dialog.choices.items()})
        dialog.choices["Lightnig Bolt"].setCurrentText("Lightning Bolt")
        dialog.choices["Grizly Beers"].setCurrentIndex(dialog.choices["Grizly Beers"].findData("leave out"))
        dialog.choices["Zzyzx Qwop"].setCurrentIndex(dialog.choices["Zzyzx Qwop"].findData("keep"))
        click_ok(dialog)

    chosen = when_modal(UnknownCardsDialog, choose)
    QApplication.clipboard().setText("4 Lightnig Bolt\n2 Grizly Beers\n1 Zzyzx Qwop\n20 Mountain\n")
    assert editor.import_clipboard() and chosen
    assert shown["Lightnig Bolt"][0] == "Lightning Bolt" and "Grizzly Bears" in shown["Grizly Beers"]
    assert main_counts(editor) == {"Lightning Bolt": 4, "Zzyzx Qwop": 1, "Mountain": 20}
    unknown = [c for c in editor.check_items() if c.card == "Zzyzx Qwop"]
    assert unknown and "unknown card" in unknown[0].message
    # later, on the spot: from the checks panel
    def fix(dialog):
        dialog.choices["Zzyzx Qwop"].setCurrentText("Shock")
        click_ok(dialog)

    fixed = when_modal(UnknownCardsDialog, fix)
    assert editor.fix_unknown() and fixed
    assert main_counts(editor) == {"Lightning Bolt": 4, "Shock": 1, "Mountain": 20}
    assert editor.document.undo_stack.canUndo()


def test_a_file_that_is_not_a_deck_is_refused_with_a_message(qtbot, editor, answers):
    warned = answers[1]
    editor.add_card("Shock")
    assert not editor.import_file(FIXTURES / "not-a-deck.png")
    assert "not-a-deck.png cannot be imported" in warned[-1]
    assert main_counts(editor) == {"Shock": 1}  # nothing lost
