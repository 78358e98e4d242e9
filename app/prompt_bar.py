"""The prompt under the table: what the engine waits for, with OK / Pass (Space) / Cancel (Esc) and choices,
and at priority the passes that go further (to the end of the turn F4, to your next turn F6, until
something happens F8)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from app.refusal_note import RefusalNote
from app.steps import PassMode

PASS_BUTTONS = ((PassMode.END_OF_TURN, "End turn (F4)", "Pass until the end of this turn"),
                (PassMode.NEXT_TURN, "My turn (F6)", "Pass until your next turn"),
                (PassMode.SOMETHING_HAPPENS, "Until action (F8)",
                 "Pass until a spell or ability is put on the stack or attackers are declared"))


class PromptBar(QFrame):
    ok_clicked = Signal()
    pass_clicked = Signal()
    cancel_clicked = Signal()
    choice_clicked = Signal(object)
    pass_until_clicked = Signal(object)  # a PassMode

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("PromptBar")
        self.setStyleSheet(
            "#PromptBar { background: #1d2a22; border-top: 2px solid #3c5a46; }"
            "QLabel { color: #f0ead8; font-size: 15px; }"
            "QPushButton { padding: 6px 16px; font-size: 14px; }")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        self.label = QLabel("")
        self.label.setWordWrap(True)
        layout.addWidget(self.label, 1)
        self.refusal = RefusalNote(self)  # an illegal move's reason, beside the prompt for a few seconds
        layout.addWidget(self.refusal)
        self._choices = QHBoxLayout()
        layout.addLayout(self._choices)
        self.ok_button = QPushButton("OK")
        self.pass_button = QPushButton("Pass (Space)")
        self.cancel_button = QPushButton("Cancel (Esc)")
        for button, signal in ((self.ok_button, self.ok_clicked), (self.pass_button, self.pass_clicked),
                               (self.cancel_button, self.cancel_clicked)):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space belongs to Pass, not to a focused button
            button.clicked.connect(signal.emit)
            layout.addWidget(button)
        self.pass_until_buttons: dict[PassMode, QPushButton] = {}
        for mode, label, tip in PASS_BUTTONS:
            button = QPushButton(label)
            button.setToolTip(tip)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, m=mode: self.pass_until_clicked.emit(m))
            layout.addWidget(button)
            self.pass_until_buttons[mode] = button
        self.choice_buttons: list[QPushButton] = []
        self.show_prompt("")

    def show_prompt(self, text: str, *, ok: str | None = None, ok_enabled: bool = True, can_pass: bool = False,
                    can_cancel: bool = False, choices: list[tuple[str, Any]] | None = None,
                    checkable: bool = False) -> None:
        """`choices`: (label, value) buttons; `checkable` when several may be picked before OK."""
        self.label.setText(text)
        self.ok_button.setVisible(ok is not None)
        if ok is not None:
            self.ok_button.setText(ok)
            self.ok_button.setEnabled(ok_enabled)
        self.pass_button.setVisible(can_pass)
        for button in self.pass_until_buttons.values():
            button.setVisible(can_pass)
        self.cancel_button.setVisible(can_cancel)
        for button in self.choice_buttons:
            self._choices.removeWidget(button)
            button.deleteLater()
        self.choice_buttons = []
        for label, value in choices or []:
            button = QPushButton(label)
            button.setCheckable(checkable)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, v=value: self.choice_clicked.emit(v))
            self._choices.addWidget(button)
            self.choice_buttons.append(button)

    def set_ok_enabled(self, on: bool) -> None:
        self.ok_button.setEnabled(on)
