"""Filter controls for the common searches (colors, type, mana value range, rarity, set, format).
They write terms of the card database's own query syntax into the search box, so what they do is
visible, editable and can be learnt."""
from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton,
                               QSpinBox, QWidget)

from app.deck_editor.mana import symbol_pixmap

COLOR_MODES = (("including", ">="), ("exactly", "="), ("at most", "<="))
TYPES = (("Any type", ""), ("Creature", "t:creature"), ("Planeswalker", "t:planeswalker"),
         ("Instant", "t:instant"), ("Sorcery", "t:sorcery"), ("Artifact", "t:artifact"),
         ("Enchantment", "t:enchantment"), ("Land", "t:land"), ("Battle", "t:battle"),
         ("Legendary", "t:legendary"), ("Nonland", "-t:land"))
RARITIES = ("common", "uncommon", "rare", "mythic")
ANY = -1


class FilterBar(QWidget):
    changed = Signal()

    def __init__(self, formats: list[str], sets: list[tuple[str, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        colors = QHBoxLayout()
        self.color_boxes: dict[str, QCheckBox] = {}
        for c in "WUBRGC":
            box = QCheckBox()
            box.setIcon(QIcon(symbol_pixmap(c, 16)))
            box.setIconSize(QSize(16, 16))
            box.setToolTip({"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green",
                            "C": "Colorless"}[c])
            box.toggled.connect(lambda on, c=c: self._color_toggled(c, on))
            colors.addWidget(box)
            self.color_boxes[c] = box
        self.color_mode = QComboBox()
        for label, _op in COLOR_MODES:
            self.color_mode.addItem(label)
        colors.addWidget(self.color_mode)
        colors.addStretch(1)
        grid.addWidget(QLabel("Colors"), 0, 0)
        grid.addLayout(colors, 0, 1, 1, 3)
        self.type = QComboBox()
        for label, term in TYPES:
            self.type.addItem(label, term)
        self.mv_min, self.mv_max = QSpinBox(), QSpinBox()
        for box in (self.mv_min, self.mv_max):
            box.setRange(ANY, 16)
            box.setValue(ANY)
            box.setSpecialValueText("any")
        mv = QHBoxLayout()
        mv.addWidget(self.mv_min)
        mv.addWidget(QLabel("to"))
        mv.addWidget(self.mv_max)
        self.rarity = QComboBox()
        self.rarity.addItem("Any rarity", "")
        for r in RARITIES:
            self.rarity.addItem(r.capitalize(), f"r:{r}")
        self.set = QComboBox()
        self.set.addItem("Any set", "")
        for code, name in sets:
            self.set.addItem(f"{code} — {name}" if name else code, f"s:{code.lower()}")
        self.format = QComboBox()
        self.format.addItem("Any format", "")
        for fmt in formats:
            self.format.addItem(fmt.capitalize(), f"f:{fmt}")
        grid.addWidget(QLabel("Type"), 1, 0)
        grid.addWidget(self.type, 1, 1)
        grid.addWidget(QLabel("Mana value"), 1, 2)
        grid.addLayout(mv, 1, 3)
        grid.addWidget(QLabel("Rarity"), 2, 0)
        grid.addWidget(self.rarity, 2, 1)
        grid.addWidget(QLabel("Set"), 2, 2)
        grid.addWidget(self.set, 2, 3)
        grid.addWidget(QLabel("Format"), 3, 0)
        grid.addWidget(self.format, 3, 1)
        self.reset_button = QPushButton("Clear filters")
        self.reset_button.clicked.connect(self.reset)
        grid.addWidget(self.reset_button, 3, 3)
        for combo in (self.color_mode, self.type, self.rarity, self.set, self.format):
            combo.currentIndexChanged.connect(self.changed)
        for spin in (self.mv_min, self.mv_max):
            spin.valueChanged.connect(self.changed)
        self._written: list[str] = []

    def _color_toggled(self, color: str, on: bool) -> None:
        # colorless excludes the colors (a card is colorless or it has colors, 105.2c)
        if on:
            others = [c for c in self.color_boxes if (c == "C") != (color == "C")]
            for c in others:
                self.color_boxes[c].blockSignals(True)
                self.color_boxes[c].setChecked(False)
                self.color_boxes[c].blockSignals(False)
        self.changed.emit()

    def terms(self) -> list[str]:
        out = []
        chosen = "".join(c for c, box in self.color_boxes.items() if box.isChecked())
        if chosen == "C":
            out.append("c:c")
        elif chosen:
            out.append(f"c{COLOR_MODES[self.color_mode.currentIndex()][1]}{chosen.lower()}")
        for combo in (self.type, self.rarity, self.set, self.format):
            if combo.currentData():
                out.append(str(combo.currentData()))
        low, high = self.mv_min.value(), self.mv_max.value()
        if low != ANY and low == high:
            out.append(f"mv={low}")
        else:
            if low != ANY:
                out.append(f"mv>={low}")
            if high != ANY:
                out.append(f"mv<={high}")
        return out

    def rewrite(self, query: str) -> str:
        """The query with the terms this bar wrote last time replaced by its current ones."""
        words = [w for w in query.split() if w not in self._written]
        self._written = self.terms()
        return " ".join(words + self._written)

    def reset(self) -> None:
        widgets = [*self.color_boxes.values(), self.color_mode, self.type, self.rarity, self.set,
                   self.format, self.mv_min, self.mv_max]
        for w in widgets:
            w.blockSignals(True)
        for box in self.color_boxes.values():
            box.setChecked(False)
        for combo in (self.color_mode, self.type, self.rarity, self.set, self.format):
            combo.setCurrentIndex(0)
        self.mv_min.setValue(ANY)
        self.mv_max.setValue(ANY)
        for w in widgets:
            w.blockSignals(False)
        self.changed.emit()
