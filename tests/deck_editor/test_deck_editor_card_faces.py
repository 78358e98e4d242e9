"""Multi-faced cards in the deck editor: a search finds a card by either face's name or text, the result
is named "A // B", and the preview shows every face (709, 710, 712, 715)."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtTest import QTest

from cardsdb import CardDatabase
from editor_helpers import make_editor, names, search

LAYOUT_CARDS = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "layouts.json"


@pytest.fixture
def editor(qtbot, db_path, qsettings, tmp_path, rules):
    with CardDatabase(db_path) as db:
        db.import_file(LAYOUT_CARDS)
    return make_editor(qtbot, db_path, qsettings, tmp_path, rules)


def _hover_first_row(qtbot, editor, name: str) -> None:
    view = editor.results_view
    rect = view.visualRect(view.model().index(0, 0))
    QTest.mouseMove(view.viewport(), view.viewport().rect().bottomRight())
    QTest.mouseMove(view.viewport(), rect.center())
    qtbot.waitUntil(lambda: editor.preview.card == name, timeout=5000)


@pytest.mark.rules("712.6", "712.8a")
def test_a_double_faced_card_is_found_by_its_back_face_and_shows_both(qtbot, editor):
    search(qtbot, editor, "Stonewing")
    assert names(editor) == ["Thraben Gargoyle // Stonewing Antagonizer"]
    search(qtbot, editor, "o:flying t:gargoyle")
    assert "Thraben Gargoyle // Stonewing Antagonizer" in names(editor)
    search(qtbot, editor, "Thraben Gargoyle")
    _hover_first_row(qtbot, editor, "Thraben Gargoyle // Stonewing Antagonizer")
    faces = editor.preview.faces
    assert [f.name for f in faces] == ["Thraben Gargoyle", "Stonewing Antagonizer"]
    assert faces[0].text.startswith("Defender") and "Flying" in faces[1].text
    assert (faces[1].power, faces[1].toughness) == ("4", "2")
    qtbot.waitUntil(lambda: editor.preview.pixmap() is not None and not editor.preview.pixmap().isNull(),
                    timeout=10000)
    # two faces, one under the other
    assert editor.preview.pixmap().height() > 1.5 * editor.preview.pixmap().width()


@pytest.mark.rules("709.4", "715.4")
def test_split_and_adventurer_cards_show_each_half(qtbot, editor):
    search(qtbot, editor, "Assault")
    _hover_first_row(qtbot, editor, "Assault // Battery")
    assert [f.name for f in editor.preview.faces] == ["Assault", "Battery"]
    assert [f.mana_cost for f in editor.preview.faces] == ["{R}", "{3}{G}"]
    search(qtbot, editor, "Venture Deeper")
    assert names(editor) == ["Merfolk Secretkeeper // Venture Deeper"]
    _hover_first_row(qtbot, editor, "Merfolk Secretkeeper // Venture Deeper")
    assert [f.type_line for f in editor.preview.faces] == ["Creature — Merfolk Wizard", "Sorcery — Adventure"]
