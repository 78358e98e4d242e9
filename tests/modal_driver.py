"""Modal dialogs in the Qt tests: answered with real mouse clicks and key presses while the app waits in the
dialog's own event loop (app/modal.py opens them all), and a guard that no test hangs on one nobody answers.

- `when_modal(kind, act)`: acts on the next modal dialog of a kind (clicks, typing) once it is open.
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
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

Button = QMessageBox.StandardButton
POLL_MS = 20
MODAL_LIMIT_S = 10.0   # no test answers a dialog this late: one left open this long is left unanswered


def when_modal(kind: type, act: Callable) -> list:
    """Acts on the next modal dialog of `kind` once it is open; returns the list the dialog is put in."""
    seen: list = []

    def check() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, kind):
            QTimer.singleShot(POLL_MS, check)
            return
        seen.append(dialog)
        act(dialog)
    QTimer.singleShot(POLL_MS, check)
    return seen


def press(button: Button) -> Callable[[QMessageBox], None]:
    """Clicks a message box's `button` with the mouse."""
    return lambda box: QTest.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


def describe(dialog: QWidget) -> str:
    text = f": {dialog.text()}" if isinstance(dialog, QMessageBox) else ""
    return f"{type(dialog).__name__} '{dialog.windowTitle()}'{text}"


class Answerer:
    """While it runs, answers each message box the app opens with a real mouse click: a message on its OK, a
    question on the next button of `script`, or, once the script has run out, on `otherwise` where the box
    has it, else with the Escape key (No or Cancel). `texts` keeps each box's text, in order."""

    def __init__(self, otherwise: Button = Button.Ok) -> None:
        self.otherwise = otherwise
        self.script: list[Button] = []
        self.texts: list[str] = []
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
        if not isinstance(box, QMessageBox) or not box.isVisible():
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
    watch.stop()
    if watch.left:
        pytest.fail("modal dialog left open with nobody to answer it (answer it with a real click or key press: "
                    "tests/modal_driver.py): " + "; ".join(watch.left), pytrace=False)
