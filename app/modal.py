"""The one place the app opens a modal dialog: questions and messages are QMessageBox instances run by
`run_modal`, never the static QMessageBox helpers, so every one is a real dialog a test answers with a key
press or a click (tests/app/dialog_driver.py) and deleted once answered."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QMessageBox, QWidget

Button = QMessageBox.StandardButton
YES_NO = Button.Yes | Button.No
SAVE_DISCARD_CANCEL = Button.Save | Button.Discard | Button.Cancel


def run_modal(dialog: QDialog) -> int:
    """Runs a modal dialog, then has Qt delete it on the GUI thread. A dialog parented to the window
    otherwise lives (hidden) as long as the window, one more each time it is opened, and its end is left
    to whichever thread Python's garbage collector happens to run on."""
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()


def ask(parent: QWidget | None, title: str, text: str, buttons: Button = YES_NO, default: Button = Button.Yes,
        check: QCheckBox | None = None) -> Button:
    """A question: the button the player chose (Escape or closing the box chooses No or Cancel).
    `check`, a box to tick under the question ("Don't warn me again"), is read after the answer."""
    box = QMessageBox(QMessageBox.Icon.Question, title, text, buttons, parent)
    box.setDefaultButton(default)
    if check is not None:
        box.setCheckBox(check)
    return Button(run_modal(box))


def inform(parent: QWidget | None, title: str, text: str, warning: bool = True) -> None:
    """A message the player acknowledges with OK: a warning, or (`warning` False) plain information."""
    icon = QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information
    run_modal(QMessageBox(icon, title, text, Button.Ok, parent))
