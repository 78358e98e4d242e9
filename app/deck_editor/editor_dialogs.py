"""The deck editor's dialogs: basic lands, open a saved deck, fix unknown card names, and test
draws (opening hand, mulligan, next card)."""
from __future__ import annotations

import random
from typing import Callable

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon, QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGridLayout, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from cardsdb.database import CardRecord

from app.deck_editor.hand import SampleHand
from app.deck_editor.mana import symbol_pixmap
from app.deck_editor.preview import face_of
from app.deck_editor.stats import BASIC_LAND_COLORS, COLORS
from app.imagecache import CardImages

BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
LAND_SYMBOL = {**BASIC_LAND_COLORS, "Wastes": "C"}


def _buttons(dialog: QDialog, ok_text: str = "OK") -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def split_lands(total: int, pips: dict[str, int]) -> dict[str, int]:
    """`total` basic lands shared between the colors in proportion to the spells' mana symbols
    (largest remainders; with no colored symbols, none)."""
    weights = {c: pips.get(c, 0) for c in COLORS if pips.get(c, 0) > 0}
    if not weights:
        return {}
    whole = sum(weights.values())
    shares = {c: total * w / whole for c, w in weights.items()}
    counts = {c: int(s) for c, s in shares.items()}
    for c in sorted(shares, key=lambda c: shares[c] - counts[c], reverse=True)[:total - sum(counts.values())]:
        counts[c] += 1
    land_of = {color: land for land, color in BASIC_LAND_COLORS.items()}
    return {land_of[c]: n for c, n in counts.items()}


class BasicLandsDialog(QDialog):
    def __init__(self, counts: dict[str, int], pips: dict[str, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Basic lands")
        self.pips = pips
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.spins: dict[str, QSpinBox] = {}
        for land in BASIC_LANDS:
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setValue(counts.get(land, 0))
            symbol = QLabel()
            symbol.setPixmap(symbol_pixmap(LAND_SYMBOL[land], 16))
            label = QWidget()
            row = QHBoxLayout(label)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(symbol)
            row.addWidget(QLabel(land), 1)
            form.addRow(label, spin)
            self.spins[land] = spin
        layout.addLayout(form)
        split = QHBoxLayout()
        self.total = QSpinBox()
        self.total.setRange(0, 99)
        self.total.setValue(sum(counts.get(land, 0) for land in BASIC_LANDS) or 22)
        self.split_button = QPushButton("Split by the spells' colors")
        self.split_button.clicked.connect(self.split)
        self.split_button.setEnabled(any(pips.get(c) for c in COLORS))
        split.addWidget(self.total)
        split.addWidget(self.split_button)
        layout.addLayout(split)
        layout.addWidget(_buttons(self))

    def split(self) -> None:
        shares = split_lands(self.total.value(), self.pips)
        for land, spin in self.spins.items():
            spin.setValue(shares.get(land, 0))

    def counts(self) -> dict[str, int]:
        return {land: spin.value() for land, spin in self.spins.items()}


class OpenDeckDialog(QDialog):
    def __init__(self, names: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open deck")
        layout = QVBoxLayout(self)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter by name")
        self.filter.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.addItems(names)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        if names:
            self.list.setCurrentRow(0)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        if not names:
            layout.addWidget(QLabel("No decks are saved in the card database yet."))
        layout.addWidget(_buttons(self, "Open"))
        self.resize(340, 420)

    def _filter(self, text: str) -> None:
        first = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(text.casefold() not in item.text().casefold())
            if first is None and not item.isHidden():
                first = item
        if first is not None:
            self.list.setCurrentItem(first)

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return item.text() if item is not None and not item.isHidden() else None


KEEP, LEAVE_OUT = "keep", "leave out"


class UnknownCardsDialog(QDialog):
    """Each unknown name with a choice: one of the close matches, a name typed in, kept as it is
    (it stays marked in the deck), or left out."""

    def __init__(self, unknown: list[tuple[str, int, list[str]]], lookup: Callable[[str], CardRecord | None],
                 warnings: list[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Unknown cards")
        self.lookup = lookup
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("These names are not in the card database. Choose the card meant, type "
                                "its name, or leave it out."))
        grid = QGridLayout()
        self.choices: dict[str, QComboBox] = {}
        self.marks: dict[str, QLabel] = {}
        for row, (name, count, suggestions) in enumerate(unknown):
            grid.addWidget(QLabel(f"{count} × <b>{name}</b>"), row, 0)
            combo = QComboBox()
            combo.setEditable(True)
            combo.setMinimumContentsLength(24)
            combo.addItems(suggestions)
            combo.addItem(f"({KEEP} “{name}”)", KEEP)
            combo.addItem(f"({LEAVE_OUT})", LEAVE_OUT)
            combo.setCurrentIndex(0)
            combo.currentTextChanged.connect(lambda _t, n=name: self._check(n))
            grid.addWidget(combo, row, 1)
            mark = QLabel()
            grid.addWidget(mark, row, 2)
            self.choices[name] = combo
            self.marks[name] = mark
            self._check(name)
        layout.addLayout(grid)
        if warnings:
            note = QLabel("Lines that could not be read:\n" + "\n".join(warnings[:10]))
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addWidget(_buttons(self, "Apply"))

    def _choice(self, name: str) -> str | None:
        """The replacement: a known name, "" to leave it out, None to keep the unknown name."""
        combo = self.choices[name]
        data = combo.currentData() if combo.currentText() == combo.itemText(combo.currentIndex()) else None
        if data == KEEP:
            return None
        if data == LEAVE_OUT:
            return ""
        record = self.lookup(combo.currentText().strip())
        return record.name if record else None

    def _check(self, name: str) -> None:
        choice = self._choice(name)
        combo = self.choices[name]
        known = choice is not None or combo.currentData() == KEEP
        self.marks[name].setText("✔" if known else "✖ not a card")
        self.marks[name].setStyleSheet("color: #2e7d32;" if known else "color: #c0392b;")

    def replacements(self) -> dict[str, str]:
        """Old name -> new name ("" to leave the card out); names kept as they are are absent."""
        out = {}
        for name in self.choices:
            choice = self._choice(name)
            if choice is not None:
                out[name] = choice
        return out


class SampleHandDialog(QDialog):
    """An opening hand of seven from the main deck; Mulligan (London: pick cards to put on the
    bottom by double-clicking them), Draw for the next card, New hand to start again."""

    CARD_WIDTH = 150

    def __init__(self, cards: list[str], lookup: Callable[[str], CardRecord | None], images: CardImages,
                 rng: random.Random | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Test draw")
        self.lookup = lookup
        self.images = images
        self.hand = SampleHand(cards, rng)
        layout = QVBoxLayout(self)
        self.status = QLabel()
        layout.addWidget(self.status)
        self.list = QListWidget()
        self.list.setViewMode(QListWidget.ViewMode.IconMode)
        self.list.setIconSize(QSize(self.CARD_WIDTH, round(self.CARD_WIDTH * 88 / 63)))
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setMovement(QListWidget.Movement.Static)
        self.list.setWordWrap(True)
        self.list.itemDoubleClicked.connect(self._to_bottom)
        layout.addWidget(self.list, 1)
        row = QHBoxLayout()
        self.new_button = QPushButton("&New hand")
        self.mulligan_button = QPushButton("&Mulligan")
        self.draw_button = QPushButton("&Draw")
        close = QPushButton("Close")
        for button, slot, key in ((self.new_button, self.new_hand, "N"), (self.mulligan_button, self.mulligan, "M"),
                                  (self.draw_button, self.draw, "D")):
            button.clicked.connect(slot)
            QShortcut(QKeySequence(key), self, activated=slot)
            row.addWidget(button)
        close.clicked.connect(self.accept)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)
        images.ready.connect(lambda _key: self._refresh_icons())
        self.resize(1240, 420)
        self._show()

    def new_hand(self) -> None:
        self.hand.new_hand()
        self._show()

    def mulligan(self) -> None:
        self.hand.mulligan()
        self._show()

    def draw(self) -> None:
        self.hand.draw()
        self._show()

    def _to_bottom(self, item: QListWidgetItem) -> None:
        if self.hand.put_on_bottom(self.list.row(item)):
            self._show()

    def _show(self) -> None:
        h = self.hand
        if h.to_bottom:
            text = (f"Mulligan {h.mulligans}: double-click {h.to_bottom} card{'s' if h.to_bottom != 1 else ''} "
                    "to put on the bottom of the library.")
        elif h.mulligans:
            text = f"Kept {len(h.hand) - h.drawn} cards after {h.mulligans} mulligan{'s' if h.mulligans != 1 else ''}."
        else:
            text = "Opening hand of seven."
        if h.drawn:
            text += f" Drew {h.drawn} card{'s' if h.drawn != 1 else ''} (turn {h.drawn + 1} on the draw)."
        self.status.setText(text + f" {len(h.library)} cards left in the library.")
        self.draw_button.setEnabled(bool(h.library) and not h.to_bottom)
        self.list.clear()
        for name in h.hand:
            item = QListWidgetItem(name)
            item.setSizeHint(QSize(self.CARD_WIDTH + 12, round(self.CARD_WIDTH * 88 / 63) + 40))
            self.list.addItem(item)
        self._refresh_icons()

    def _refresh_icons(self) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            record = self.lookup(item.text())
            if record is None:
                continue
            pix, _key = self.images.pixmap(face_of(record), self.CARD_WIDTH)
            if pix is not None:
                item.setIcon(QIcon(pix))

    def hand_names(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

