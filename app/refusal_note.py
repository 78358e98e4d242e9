"""The engine's refusal of a move, shown for a few seconds beside the prompt (where the player is looking),
with the rule it cites set apart, rather than only in the status bar."""
from __future__ import annotations

import re
from html import escape

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QWidget

SHOWN_MS = 7000
# A rule number as the engine cites it: "601.2f", "508.1d", "104.3a", or a section "117".
RULE = re.compile(r"\s*\((?:rule |CR )?(\d{3}(?:\.\d+[a-z]?)?(?:\s*,\s*\d{3}(?:\.\d+[a-z]?)?)*)\)")


def split_rule(reason: str) -> tuple[str, str]:
    """(the reason without its cited rules, the rules cited: "601.2f" or "601.2f, 118.3"); no rule, ""."""
    rules = [m.group(1) for m in RULE.finditer(reason)]
    text = RULE.sub("", reason).strip()
    return text, ", ".join(rules)


class RefusalNote(QLabel):
    """"Not allowed: <why> · rule 601.2f", in red beside the prompt; it goes by itself or at the next refusal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("RefusalNote")
        self.setStyleSheet("#RefusalNote { background: #5a1e1a; color: #ffe3d6; border: 1px solid #c0503c;"
                           " border-radius: 6px; padding: 4px 10px; font-size: 14px; }")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setMinimumWidth(300)  # two lines for most reasons, not a tall narrow column
        self.setMaximumWidth(520)
        self.reason = ""
        self.rule = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clear_refusal)
        self.hide()

    def show_refusal(self, reason: str) -> None:
        self.reason = reason
        text, self.rule = split_rule(reason)
        text = text[:1].upper() + text[1:]
        html = f"<b>Not allowed:</b> {escape(text)}"
        if self.rule:
            html += f" &nbsp;<span style='color:#ffd27a'><b>rule {escape(self.rule)}</b></span>"
        self.setText(html)
        self.setToolTip(reason)
        self.show()
        self._timer.start(SHOWN_MS)

    def clear_refusal(self) -> None:
        self._timer.stop()
        self.reason = self.rule = ""
        self.hide()

