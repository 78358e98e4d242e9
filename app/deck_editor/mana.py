"""Mana costs drawn as mana symbols (107.4) in lists and tables: each symbol is drawn once per size
with the card faces' own symbol painter (app/cardface.py) and kept as a pixmap."""
from __future__ import annotations

from PIL import Image, ImageDraw
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

from app.cardface import draw_symbol, split_symbols
from app.imagecache import to_qimage

_SCALE = 2  # drawn at twice the size for sharp edges on high-density screens
_cache: dict[tuple[str, int], QPixmap] = {}


def symbol_pixmap(symbol: str, size: int) -> QPixmap:
    key = (symbol, size)
    pix = _cache.get(key)
    if pix is None:
        d = size * _SCALE
        img = Image.new("RGBA", (d + 2, d + 2), (0, 0, 0, 0))
        draw_symbol(ImageDraw.Draw(img), symbol, 1, 1, d - 1)
        pix = QPixmap.fromImage(to_qimage(img))
        pix.setDevicePixelRatio(_SCALE)
        _cache[key] = pix
    return pix


def cost_width(mana_cost: str | None, size: int) -> int:
    return len(split_symbols(mana_cost or "")) * (size + 1)


def paint_cost(painter: QPainter, rect: QRect, mana_cost: str | None, size: int,
               align_right: bool = False) -> None:
    symbols = split_symbols(mana_cost or "")
    x = rect.right() - cost_width(mana_cost, size) if align_right else rect.left() + 2
    y = rect.top() + (rect.height() - size) // 2
    for symbol in symbols:
        painter.drawPixmap(x, y, symbol_pixmap(symbol, size))
        x += size + 1


class ManaCostDelegate(QStyledItemDelegate):
    """Paints the item's display text, a mana cost, as symbols."""

    def __init__(self, parent=None, size: int = 15) -> None:  # noqa: ANN001
        super().__init__(parent)
        self.size = size

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        cost = index.data(Qt.ItemDataRole.DisplayRole)
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        style = opt.widget.style() if opt.widget else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        paint_cost(painter, option.rect, str(cost or ""), self.size)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        cost = index.data(Qt.ItemDataRole.DisplayRole)
        return QSize(cost_width(str(cost or ""), self.size) + 6, self.size + 6)
