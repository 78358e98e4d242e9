"""The statistics panel: mana curve, colors of spells against land sources, type counts, average
mana value, and the chance to draw a chosen card by a chosen turn."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout,
                               QWidget)

from app.deck_editor.charts import ColorChart, CurveChart
from app.deck_editor.deck_list import GROUP_TITLES
from app.deck_editor.stats import TYPE_ORDER, DeckStats, draw_chance

PLAY, DRAW = "on the play", "on the draw"


class StatsPanel(QWidget):
    on_play_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(QLabel("<b>Mana curve</b> (nonland cards)"))
        self.curve = CurveChart()
        layout.addWidget(self.curve)
        colors = QLabel("<b>Colors</b>: spells' mana symbols (bar) and lands that produce them (outline)")
        colors.setWordWrap(True)  # a long line would make the panel, and the window, wider than a 1280 screen
        layout.addWidget(colors)
        self.colors = ColorChart()
        layout.addWidget(self.colors)
        self.types = QLabel()
        self.types.setWordWrap(True)
        layout.addWidget(self.types)
        self.average = QLabel()
        self.average.setWordWrap(True)
        layout.addWidget(self.average)
        layout.addWidget(QLabel("<b>Chance to draw</b>"))
        form = QFormLayout()
        self.card = QComboBox()
        self.card.setMinimumContentsLength(14)
        self.card.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        form.addRow("Card", self.card)
        row = QHBoxLayout()
        self.turn = QSpinBox()
        self.turn.setRange(1, 20)
        self.turn.setValue(3)
        self.turn.setPrefix("turn ")
        self.play = QComboBox()
        self.play.addItems([PLAY, DRAW])
        row.addWidget(self.turn)
        row.addWidget(self.play)
        form.addRow("By", row)
        layout.addLayout(form)
        self.odds = QLabel()
        self.odds.setWordWrap(True)
        layout.addWidget(self.odds)
        layout.addStretch(1)
        self._counts: dict[str, int] = {}
        self._deck_size = 0
        for signal in (self.card.currentIndexChanged, self.turn.valueChanged, self.play.currentIndexChanged):
            signal.connect(self._update_odds)
        self.play.currentIndexChanged.connect(lambda i: self.on_play_changed.emit(i == 0))

    def set_on_play(self, on_play: bool) -> None:
        self.play.setCurrentIndex(0 if on_play else 1)

    def show_stats(self, stats: DeckStats, main_counts: dict[str, int]) -> None:
        self.curve.set_curve(stats.curve)
        self.colors.set_data(stats.spell_pips, stats.land_sources, stats.lands)
        parts = [f"{stats.types[t]} {(GROUP_TITLES[t] if stats.types[t] != 1 else t).lower()}"
                 for t in TYPE_ORDER if stats.types.get(t)]
        if stats.unknown:
            parts.append(f"{stats.unknown} unknown")
        self.types.setText("<b>Types</b>: " + (", ".join(parts) or "no cards yet"))
        self.average.setText(f"<b>Average mana value</b> (nonland): {stats.average_mana_value:.2f}")
        self._counts = dict(main_counts)
        self._deck_size = stats.cards
        chosen = self.card.currentData()
        self.card.blockSignals(True)
        self.card.clear()
        for name, count in sorted(main_counts.items()):
            self.card.addItem(f"{name} ({count})", name)
        index = self.card.findData(chosen)
        self.card.setCurrentIndex(index if index >= 0 else 0)
        self.card.blockSignals(False)
        self._update_odds()

    def choose_card(self, name: str) -> None:
        index = self.card.findData(name)
        if index >= 0:
            self.card.setCurrentIndex(index)

    def chance(self) -> float:
        name = self.card.currentData()
        return draw_chance(self._deck_size, self._counts.get(name, 0), self.turn.value(),
                           self.play.currentIndex() == 0)

    def _update_odds(self) -> None:
        name = self.card.currentData()
        if not name:
            self.odds.setText("Add cards to see the odds.")
            return
        copies = self._counts.get(name, 0)
        self.odds.setText(f"<b>{self.chance() * 100:.1f}%</b> to have drawn at least one {name} "
                          f"({copies} of {self._deck_size}) by turn {self.turn.value()} "
                          f"{self.play.currentText()}.")
