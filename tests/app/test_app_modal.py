"""app/modal.py, the one place the app asks and tells in a modal box, answered by real keys and clicks; and
the suite's guard that closes a box nobody answers and fails the test instead of hanging in it."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QMessageBox, QWidget

from app.modal import SAVE_DISCARD_CANCEL, Button, ask, inform
from tests.modal_driver import ModalWatch, press, when_modal


def key(pressed: Qt.Key):  # noqa: ANN201
    return lambda box: QTest.keyClick(box, pressed)


def test_return_chooses_the_default_button_and_escape_no(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    when_modal(QMessageBox, key(Qt.Key.Key_Return))
    assert ask(parent, "Concede", "Concede?", default=Button.No) == Button.No
    when_modal(QMessageBox, key(Qt.Key.Key_Return))
    assert ask(parent, "Resume", "Resume?") == Button.Yes        # Yes unless said otherwise
    when_modal(QMessageBox, key(Qt.Key.Key_Escape))
    assert ask(parent, "Resume", "Resume?") == Button.No


def test_save_discard_cancel_escape_cancels(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    boxes = when_modal(QMessageBox, key(Qt.Key.Key_Escape))
    assert ask(parent, "ManaTable", "Save it?", SAVE_DISCARD_CANCEL, default=Button.Save) == Button.Cancel
    assert boxes[0].defaultButton() is boxes[0].button(Button.Save)
    when_modal(QMessageBox, press(Button.Discard))
    assert ask(parent, "ManaTable", "Save it?", SAVE_DISCARD_CANCEL, default=Button.Save) == Button.Discard


def test_the_check_box_under_a_question_is_read_after_the_answer(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    never = QCheckBox("Don't warn me again")

    def tick_and_answer(box: QMessageBox) -> None:
        QTest.mouseClick(box.checkBox(), Qt.MouseButton.LeftButton)
        QTest.mouseClick(box.button(Button.Yes), Qt.MouseButton.LeftButton)
    when_modal(QMessageBox, tick_and_answer)
    assert ask(parent, "Pass?", "Pass anyway?", default=Button.No, check=never) == Button.Yes
    assert never.isChecked()


def test_a_message_is_acknowledged_with_return(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    boxes = when_modal(QMessageBox, key(Qt.Key.Key_Return))
    inform(parent, "Settings", "The folder does not exist.")
    assert boxes and boxes[0].icon() == QMessageBox.Icon.Warning and not boxes[0].isVisible()


def test_the_guard_closes_a_box_nobody_answers_and_names_it(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    watch = ModalWatch(limit=0.3)
    try:
        answer = ask(parent, "Allow a take-back?", "Bob: do you agree?", default=Button.No)
    finally:
        watch.stop()
    assert answer == Button.No      # closed as Escape closes it
    assert watch.left == ["QMessageBox 'Allow a take-back?': Bob: do you agree?"]
