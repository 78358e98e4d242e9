"""The one place the app opens a modal dialog: questions, messages, a line of text and the file dialogs are
dialog instances run by `run_modal`, never the static QMessageBox, QInputDialog or QFileDialog helpers, so
every one is a real dialog a test answers with key presses or clicks (tests/modal_driver.py), and deleted
once answered."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QFileDialog, QInputDialog, QMessageBox, QWidget

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


def ask_text(parent: QWidget | None, title: str, label: str, text: str = "") -> str | None:
    """A line the player types (`text` to start with): what stands there on OK, None on Cancel."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextValue(text)
    return dialog.textValue() if run_modal(dialog) else None


def choose_file(parent: QWidget | None, title: str, start: str, filters: str, save: bool = False) -> tuple[str, str]:
    """A file to open (`save`: a file to write, which need not exist), looked for from `start` (a folder, or a
    file to propose): its path and the filter chosen, or two empty strings on Cancel. The platform's own
    dialog where it has one, as with QFileDialog's static helpers."""
    dialog = QFileDialog(parent, title, start, filters)
    if save:
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    else:
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    if not run_modal(dialog) or not dialog.selectedFiles():
        return "", ""
    return dialog.selectedFiles()[0], dialog.selectedNameFilter()


def choose_folder(parent: QWidget | None, title: str, start: str) -> str:
    """A folder, looked for from `start`; an empty string on Cancel."""
    dialog = QFileDialog(parent, title, start)
    dialog.setFileMode(QFileDialog.FileMode.Directory)
    dialog.setOption(QFileDialog.Option.ShowDirsOnly)
    if not run_modal(dialog) or not dialog.selectedFiles():
        return ""
    return dialog.selectedFiles()[0]
