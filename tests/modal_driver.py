"""Modal dialogs in the Qt tests: answered with real mouse clicks and key presses while the app waits in the
dialog's own event loop (app/modal.py opens them all), and a guard that no test hangs on one nobody answers.

- `when_modal(kind, act)`: acts on the next modal dialog of a kind once it is open: `press` a message box's
  button, `type_into` a file dialog's or an input dialog's line.
- `Answerer` (fixture `answers`): answers every message box while it runs: the next scripted button, else a
  fallback; keeps the text of each box.
- `modal_guard` (autouse in tests/app and tests/deck_editor): a dialog left open closes after
  `MODAL_LIMIT_S`, and the test fails saying which one, instead of waiting forever in `exec()`."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QInputDialog, QLineEdit, QMessageBox, QWidget

Button = QMessageBox.StandardButton
POLL_MS = 20
MODAL_LIMIT_S = 10.0   # no test answers a dialog this late: one left open this long is left unanswered


_waiting: list[QTimer] = []   # the when_modal watches of the running test, stopped at its end


def when_modal(kind: type, act: Callable) -> list:
    """Acts on the next modal dialog of `kind` once it is open (watching for `MODAL_LIMIT_S` at most); returns
    the list the dialog is put in."""
    seen: list = []
    timer = QTimer()
    timer.setInterval(POLL_MS)
    until = time.monotonic() + MODAL_LIMIT_S

    def check() -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind):
            if in_front(dialog):
                timer.stop()
                seen.append(dialog)
                act(dialog)
        elif time.monotonic() > until:
            timer.stop()
    timer.timeout.connect(check)
    timer.start()
    _waiting.append(timer)
    return seen


def in_front(dialog: QWidget) -> bool:
    """Whether the dialog is the active window, as the one a person acts on is (keys go to it); asks for it
    otherwise. A file dialog typed into while inactive reads the path as several files."""
    if not dialog.isActiveWindow():
        dialog.activateWindow()
    return dialog.isActiveWindow()


def type_into(text: str) -> Callable[[QDialog], None]:
    """Clicks a dialog's line (a file dialog's file name, an input dialog's text), types `text` over what it
    holds, then presses Return."""
    def act(dialog: QDialog) -> None:
        line = dialog.findChild(QLineEdit, "fileNameEdit") or dialog.findChild(QLineEdit)
        QTest.mouseClick(line, Qt.MouseButton.LeftButton)
        QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClicks(line, text)
        QTest.keyClick(line, Qt.Key.Key_Return)
    return act


def click_ok(dialog: QDialog) -> None:
    """Clicks the OK button of a dialog's button box with the mouse."""
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    QTest.mouseClick(ok, Qt.MouseButton.LeftButton)


def press(button: Button) -> Callable[[QMessageBox], None]:
    """Clicks a message box's `button` with the mouse."""
    return lambda box: QTest.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


def describe(dialog: QWidget) -> str:
    text = f": {dialog.text()}" if isinstance(dialog, QMessageBox) else ""
    return f"{type(dialog).__name__} '{dialog.windowTitle()}'{text}"


class Answerer:
    """While it runs, answers each message box the app opens with a real mouse click: a message on its OK, a
    question on the next button of `script`, or, once the script has run out, on `otherwise` where the box
    has it, else with the Escape key (No or Cancel). `texts` keeps each box's text, in order. A line asked
    for (an input dialog) is typed from `lines`, or cancelled by Escape once they have run out."""

    def __init__(self, otherwise: Button = Button.Ok) -> None:
        self.otherwise = otherwise
        self.script: list[Button] = []
        self.texts: list[str] = []
        self.lines: list[str] = []
        self._timer = QTimer()
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._answer)

    def start(self) -> Answerer:
        self._timer.start()
        return self

    def stop(self) -> None:
        self._timer.stop()

    def _answer(self) -> None:
        box = QApplication.activeModalWidget()
        if box is None or not box.isVisible() or not in_front(box):
            return
        if isinstance(box, QInputDialog):
            if self.lines:
                type_into(self.lines.pop(0))(box)
            else:
                QTest.keyClick(box, Qt.Key.Key_Escape)
            return
        if not isinstance(box, QMessageBox):
            return
        self.texts.append(box.text())
        if box.standardButtons() == Button.Ok:      # a message: acknowledged, the script is for questions
            wanted = Button.Ok
        else:
            wanted = self.script.pop(0) if self.script else self.otherwise
        button = box.button(wanted)
        if button is None:
            QTest.keyClick(box, Qt.Key.Key_Escape)
        else:
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.fixture
def answers(qapp) -> Iterator[Answerer]:  # noqa: ANN001
    """Every message box answered by a click (OK, else Escape), its text kept in `answers.texts`."""
    answerer = Answerer().start()
    yield answerer
    answerer.stop()


class ModalWatch:
    """Closes a modal dialog still open `limit` seconds after it showed, and remembers it."""

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.left: list[str] = []
        self._open: tuple[QWidget, float] | None = None
        self._timer = QTimer()
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._check)
        self._timer.start()

    def _check(self) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            self._open = None
            return
        if self._open is None or self._open[0] is not dialog:
            self._open = (dialog, time.monotonic())
        elif time.monotonic() - self._open[1] >= self.limit:
            self.close(dialog)

    def close(self, dialog: QWidget) -> None:
        self.left.append(describe(dialog))
        self._open = None
        QTest.keyClick(dialog, Qt.Key.Key_Escape)      # ends its exec(): the code that opened it goes on
        if isinstance(dialog, QDialog) and dialog.isVisible():   # as after Escape (a message box: No, Cancel
            dialog.reject()                                      # or OK)

    def stop(self) -> None:
        self._timer.stop()
        while (dialog := QApplication.activeModalWidget()) is not None and dialog.isVisible():
            self.close(dialog)


@pytest.fixture(autouse=True)
def modal_guard(qapp) -> Iterator[ModalWatch]:  # noqa: ANN001
    """Fails the test (at its teardown) that leaves a modal dialog open, after closing it: a dialog nobody
    answers would otherwise hold the test in its event loop until the suite's timeout."""
    watch = ModalWatch(MODAL_LIMIT_S)
    yield watch
    for timer in _waiting:
        timer.stop()
    _waiting.clear()
    watch.stop()
    if watch.left:
        pytest.fail("modal dialog left open with nobody to answer it (answer it with a real click or key press: "
                    "tests/modal_driver.py): " + "; ".join(watch.left), pytrace=False)
