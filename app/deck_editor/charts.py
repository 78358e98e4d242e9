"""Charts painted with QPainter: the mana curve as bars, and each color's share of the spells'
mana symbols beside the number of lands that can produce it."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.cardface import SYMBOL_COLORS
from app.deck_editor.mana import symbol_pixmap
from app.deck_editor.stats import CURVE_TOP, SOURCE_COLORS

BAR = QColor(92, 128, 176)
INK = QColor(40, 40, 40)


class CurveChart(QWidget):
    """Nonland cards by mana value, the last bar for CURVE_TOP and more."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.curve = [0] * (CURVE_TOP + 1)
        self.setMinimumHeight(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def sizeHint(self) -> QSize:
        return QSize(260, 140)

    def set_curve(self, curve: list[int]) -> None:
        self.curve = list(curve)
        self.setToolTip("Mana curve (nonland cards): " + ", ".join(
            f"{i}{'+' if i == CURVE_TOP else ''}: {n}" for i, n in enumerate(self.curve)))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        label_h = p.fontMetrics().height() + 2
        top, bottom = label_h, h - label_h
        slot = w / len(self.curve)
        tallest = max(self.curve) or 1
        for i, count in enumerate(self.curve):
            x = i * slot
            bar_h = (bottom - top) * count / tallest
            p.fillRect(QRectF(x + slot * 0.15, bottom - bar_h, slot * 0.7, bar_h), BAR)
            p.setPen(INK)
            p.drawText(QRectF(x, bottom, slot, label_h), Qt.AlignmentFlag.AlignCenter,
                       f"{i}{'+' if i == CURVE_TOP else ''}")
            if count:
                p.drawText(QRectF(x, bottom - bar_h - label_h, slot, label_h),
                           Qt.AlignmentFlag.AlignCenter, str(count))
        p.setPen(QColor(150, 150, 150))
        p.drawLine(0, int(bottom), w, int(bottom))


class ColorChart(QWidget):
    """Per color: the share of the spells' colored symbols (solid bar) and the share of the lands
    that can produce it (outlined bar), so a mismatch shows at a glance."""

    ROW = 22

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pips: dict[str, int] = {}
        self.sources: dict[str, int] = {}
        self.lands = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def colors(self) -> list[str]:
        return [c for c in SOURCE_COLORS if self.pips.get(c) or self.sources.get(c)]

    def sizeHint(self) -> QSize:
        return QSize(260, max(1, len(self.colors())) * self.ROW + 6)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, self.sizeHint().height())

    def set_data(self, pips: dict[str, int], sources: dict[str, int], lands: int) -> None:
        self.pips, self.sources, self.lands = dict(pips), dict(sources), lands
        self.setToolTip(self.describe())
        self.updateGeometry()
        self.update()

    def describe(self) -> str:
        total = sum(self.pips.values())
        lines = []
        for c in self.colors():
            share = 100 * self.pips.get(c, 0) / total if total else 0
            lines.append(f"{c}: {share:.0f}% of the spells' mana symbols, "
                         f"{self.sources.get(c, 0)} of {self.lands} lands produce it")
        return "\n".join(lines) or "No colored mana symbols and no lands yet."

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        colors = self.colors()
        if not colors:
            p.setPen(INK)
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No colors yet")
            return
        total = sum(self.pips.values())
        fm = p.fontMetrics()
        text_w = fm.horizontalAdvance("100% · 24/24 lands") + 8
        x0 = 24
        span = max(20, self.width() - x0 - text_w)
        for row, c in enumerate(colors):
            y = row * self.ROW + 3
            p.drawPixmap(2, y + 2, symbol_pixmap(c, 16))
            color = QColor(*SYMBOL_COLORS[c])
            share = self.pips.get(c, 0) / total if total else 0.0
            land_share = self.sources.get(c, 0) / self.lands if self.lands else 0.0
            p.fillRect(QRectF(x0, y + 2, span * share, 8), color.darker(110))
            p.setPen(color.darker(160))
            p.drawRect(QRectF(x0, y + 11, max(1.0, span * land_share), 7))
            p.setPen(INK)
            p.drawText(QRectF(x0 + span + 4, y, text_w, self.ROW), Qt.AlignmentFlag.AlignVCenter,
                       f"{share * 100:.0f}% · {self.sources.get(c, 0)}/{self.lands} lands")
