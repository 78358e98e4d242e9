"""Building a deck: with the keyboard (type, Enter, `+`, `-`, Delete, shortcuts) and the mouse
(double-click, drag and drop), basic lands by dialog, sections, undo; the statistics follow."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.deck_editor.checks import OK
from app.deck_editor.editor_dialogs import BasicLandsDialog, split_lands
from app.deck_editor.preview import PREVIEW_WIDTH
from editor_helpers import main_counts, search
from tests.modal_driver import click_ok, when_modal


def type_query(qtbot, editor, text):
    editor.focus_search()
    QTest.keyClicks(editor.search, text)
    qtbot.waitUntil(lambda: editor.results.request is not None and editor.results.request.query == text,
                    timeout=5000)


def press(widget, key, modifier=Qt.KeyboardModifier.NoModifier, times=1):
    for _ in range(times):
        QTest.keyClick(widget, key, modifier)


def drop(view, mime):
    """What a drag ending over `view` delivers (QDrag.exec blocks, so the events are sent)."""
    pos = QPointF(view.viewport().rect().center())
    enter = QDragEnterEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), enter)
    assert enter.isAccepted()
    event = QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, QEvent.Type.Drop)
    QApplication.sendEvent(view.viewport(), event)


def double_click_result(editor, name):
    row = next(i for i, r in enumerate(editor.results.rows) if r.record.name == name)
    view = editor.results_view
    rect = view.visualRect(editor.results.index(row, 0))
    for click in (QTest.mouseClick, QTest.mouseDClick):  # a double-click: a click, then the second press
        click(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())


def test_build_a_legal_60_card_deck_with_keyboard_and_mouse(qtbot, editor):
    # keyboard: type, Enter adds the first result
    for query, name in (("lightning bo", "Lightning Bolt"), ("goblin gu", "Goblin Guide"), ("!shock", "Shock"),
                        ("ball li", "Ball Lightning")):
        type_query(qtbot, editor, query)
        assert editor.results.rows[0].record.name == name
        press(editor.search, Qt.Key.Key_Return, times=4)
    # keyboard in the results: Down to a row, `+`
    type_query(qtbot, editor, "mogg")
    editor.results_view.setFocus()
    press(editor.results_view, Qt.Key.Key_Plus, times=5)
    press(editor.results_view, Qt.Key.Key_Minus)  # one too many
    # mouse: double-clicks
    search(qtbot, editor, "t:instant c:r")
    for name in ("Searing Spear", "Incinerate"):
        qtbot.wait(QApplication.doubleClickInterval() + 20)  # separate double-clicks, not a triple click
        double_click_result(editor, name)
        editor.results_view.setFocus()
        press(editor.results_view, Qt.Key.Key_Plus, times=3)  # the double-clicked row is the current one
    # mouse: drag from the results into the main deck and the sideboard
    search(qtbot, editor, "lava spike")
    mime = editor.results.mimeData([editor.results.index(0, 0)])
    for _ in range(4):
        drop(editor.views["main"], mime)
    search(qtbot, editor, "pyroclasm")
    for _ in range(3):
        drop(editor.views["sideboard"], editor.results.mimeData([editor.results.index(0, 0)]))
    # keyboard: Shift+Enter adds to the sideboard
    type_query(qtbot, editor, "blood moon")
    press(editor.search, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier, times=2)
    # basic lands by dialog (Ctrl+L)
    def fill(dialog: BasicLandsDialog) -> None:
        mountains = dialog.spins["Mountain"]
        QTest.mouseClick(mountains, Qt.MouseButton.LeftButton)
        QTest.keyClick(mountains, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(mountains, "28")
        click_ok(dialog)

    filled = when_modal(BasicLandsDialog, fill)
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow, timeout=5000)
    press(editor, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert filled
    counts = main_counts(editor)
    assert counts == {"Lightning Bolt": 4, "Goblin Guide": 4, "Shock": 4, "Mogg Fanatic": 4, "Searing Spear": 4,
                      "Incinerate": 4, "Lava Spike": 4, "Ball Lightning": 4, "Mountain": 28}
    assert {e.name: e.count for e in editor.document.deck.sideboard} == {"Pyroclasm": 3, "Blood Moon": 2}
    checks = editor.check_items()
    assert checks[0].level == OK and checks[0].message.startswith("Legal for constructed play"), checks
    assert editor.panels["main"].title() == "Main deck — 60 cards"
    assert editor.views["main"].groups() == {"Creatures": 12, "Instants": 16, "Sorceries": 4, "Lands": 28}
    assert editor.document.dirty and editor.windowTitle().startswith("New deck")


@pytest.mark.parametrize("key, modifier", [
    (Qt.Key.Key_Plus, Qt.KeyboardModifier.ShiftModifier),  # `+` on a US keyboard is Shift+=
    (Qt.Key.Key_Equal, Qt.KeyboardModifier.NoModifier),  # the same key without Shift
    (Qt.Key.Key_Plus, Qt.KeyboardModifier.KeypadModifier),  # the keypad's
    (Qt.Key.Key_Plus, Qt.KeyboardModifier.NoModifier),  # layouts where `+` has its own key
])
def test_plus_in_the_results_adds_to_the_main_deck_however_it_is_typed(qtbot, editor, key, modifier):
    search(qtbot, editor, "lightning bolt")
    editor.results_view.setFocus()
    press(editor.results_view, key, modifier, times=2)
    assert main_counts(editor) == {"Lightning Bolt": 2} and not editor.document.deck.sideboard
    press(editor.results_view, Qt.Key.Key_Underscore, Qt.KeyboardModifier.ShiftModifier)  # `_`, Shift+-
    assert main_counts(editor) == {"Lightning Bolt": 1}
    press(editor.results_view, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    assert {e.name: e.count for e in editor.document.deck.sideboard} == {"Lightning Bolt": 1}


def test_minus_delete_move_and_undo_in_the_deck_lists(qtbot, editor):
    for _ in range(4):
        editor.add_card("Lightning Bolt")
    editor.add_card("Shock")
    main = editor.views["main"]
    main.setFocus()
    assert main.select_card("Lightning Bolt")
    press(main, Qt.Key.Key_Minus)
    assert main_counts(editor)["Lightning Bolt"] == 3
    press(main, Qt.Key.Key_Delete)
    assert main_counts(editor)["Lightning Bolt"] == 2
    press(main, Qt.Key.Key_Plus)
    assert main_counts(editor)["Lightning Bolt"] == 3
    editor.activateWindow()
    qtbot.waitUntil(editor.isActiveWindow, timeout=5000)
    main.setFocus()
    main.select_card("Lightning Bolt")
    press(main, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)  # move one to the sideboard
    assert main_counts(editor)["Lightning Bolt"] == 2
    assert [(e.name, e.count) for e in editor.document.deck.sideboard] == [("Lightning Bolt", 1)]
    main.select_card("Lightning Bolt")
    press(main, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier)  # every copy
    assert "Lightning Bolt" not in main_counts(editor)
    press(editor, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert main_counts(editor)["Lightning Bolt"] == 2
    # drag from the sideboard back into the main deck moves the card
    drop(main, editor.views["sideboard"].mimeData([editor.views["sideboard"].card_items()[0]]))
    assert main_counts(editor)["Lightning Bolt"] == 3 and not editor.document.deck.sideboard


def test_curve_and_counts_follow_the_cards_added(qtbot, editor):
    stats = editor.stats
    assert stats.curve.curve == [0] * 8
    editor.add_card("Goblin Guide")
    assert stats.curve.curve[1] == 1
    for _ in range(3):
        editor.add_card("Shivan Dragon")
    assert stats.curve.curve[6] == 3
    editor.add_card("Lightning Bolt")
    assert stats.curve.curve[1] == 2
    assert "4 creatures" in stats.types.text() and "1 instant" in stats.types.text()
    assert "4.00" in stats.average.text()  # (1 + 6 * 3 + 1) / 5
    for _ in range(5):
        editor.add_card("Mountain")
    editor.add_card("Temple of Triumph")
    assert stats.curve.curve == [0, 2, 0, 0, 0, 0, 3, 0]  # lands are not on the curve
    assert stats.colors.pips == {"R": 8} and stats.colors.sources == {"R": 6, "W": 1}
    assert stats.colors.lands == 6
    stats.choose_card("Shivan Dragon")
    stats.turn.setValue(1)
    first = stats.chance()
    stats.turn.setValue(5)
    assert stats.chance() > first
    stats.set_on_play(False)
    assert "on the draw" in stats.odds.text()
    assert editor.prefs.on_the_play is False
    editor.group_box.setCurrentIndex(1)
    assert editor.views["main"].groups() == {"Mana value 1": 2, "Mana value 6": 3, "Lands": 6}
    assert editor.prefs.group_by == "mv"


def test_basic_lands_dialog_splits_by_the_spells_colors(qtbot):
    assert split_lands(17, {"R": 6, "G": 3}) == {"Mountain": 11, "Forest": 6}
    assert split_lands(10, {}) == {}
    dialog = BasicLandsDialog({"Island": 3}, {"U": 1, "B": 1})
    qtbot.addWidget(dialog)
    assert dialog.spins["Island"].value() == 3 and dialog.total.value() == 3
    dialog.total.setValue(20)
    dialog.split()
    assert dialog.counts() == {"Plains": 0, "Island": 10, "Swamp": 10, "Mountain": 0, "Forest": 0, "Wastes": 0}


def test_make_commander_shows_the_command_zone(qtbot, editor):
    assert not editor.panels["commander"].isVisibleTo(editor)
    editor.format_box.setCurrentIndex(editor.format_box.findData("commander"))
    assert editor.document.deck.format == "commander"
    assert editor.panels["commander"].isVisibleTo(editor)
    editor.add_card("Garruk Wildspeaker")
    editor.make_commander("Garruk Wildspeaker", "main")
    assert [e.name for e in editor.document.deck.commander] == ["Garruk Wildspeaker"]
    assert any("not a legendary creature" in c.message for c in editor.check_items())


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_enter_with_nothing_found_adds_nothing(qtbot, editor, key):
    type_query(qtbot, editor, "zzzz")
    assert editor.results.rows == [] and "No cards" in editor.summary.text()
    press(editor.search, key)
    assert editor.document.deck.main == [] and not editor.document.dirty


def test_right_click_menu_on_a_deck_card(qtbot, editor):
    editor.add_card("Shock")
    editor.add_card("Shock")
    view = editor.views["main"]
    item = next(i for i in view.card_items() if i.text(1) == "Shock")
    menu = editor._deck_menu(view, view.visualItemRect(item).center())
    actions = {a.text(): a for a in menu.actions()}
    assert list(actions) == ["Add a copy", "Remove a copy", "Remove every copy", "Move to the sideboard",
                             "Make commander"]
    actions["Move to the sideboard"].trigger()
    assert main_counts(editor) == {"Shock": 1} and editor.document.deck.sideboard[0].name == "Shock"
    menu.close()
    group = view.topLevelItem(0)
    assert editor._deck_menu(view, view.visualItemRect(group).center()) is None  # a group heading: no card


def test_at_1280x720_the_names_keep_their_room(qtbot, editor):
    editor.resize(1280, 720)
    editor.add_card("Lightning Bolt")
    qtbot.waitUntil(lambda: editor.width() == 1280)
    assert editor.minimumSizeHint().width() <= 1280 and editor.minimumSizeHint().height() <= 720
    assert editor.results_view.columnWidth(0) >= 150  # the Name column
    assert editor.views["main"].columnWidth(1) >= 150


def test_the_preview_fits_a_narrow_column_whole(qtbot, editor):
    """At 1280x720 the preview's column is narrower than the card: it shrinks instead of showing a middle."""
    editor.resize(1280, 720)
    editor.splitter.setSizes([700, 400, 180])
    editor.preview_record(editor.record("Lightning Bolt"))
    preview = editor.preview
    qtbot.waitUntil(lambda: preview.pixmap() is not None and not preview.pixmap().isNull(), timeout=10000)
    shown = preview.pixmap().deviceIndependentSize()
    assert shown.width() <= preview.width() and shown.height() <= preview.height()
    assert shown.width() >= preview.width() - 2 or shown.height() >= preview.height() - 2  # as large as fits
    editor.splitter.setSizes([500, 300, 480])  # room again: the full size, never larger
    qtbot.waitUntil(lambda: preview.pixmap().deviceIndependentSize().width() == PREVIEW_WIDTH or
                    preview.pixmap().deviceIndependentSize().height() >= preview.height() - 2, timeout=10000)
