"""The large picture of the card under the mouse, drawn by the table's card renderer
(app/cardface.py) through its cache and thread pool, so hovering never waits for a render."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from cardsdb.database import CardRecord

from app.cardface import CardFace, card_height
from app.imagecache import CardImages

PREVIEW_WIDTH = 300


def face_of(record: CardRecord) -> CardFace:
    return CardFace(name=record.name, mana_cost=record.mana_cost or "", type_line=record.type_line,
                    text=record.oracle_text or "", colors=record.colors, power=record.power,
                    toughness=record.toughness, loyalty=record.loyalty)


class CardPreview(QLabel):
    def __init__(self, images: CardImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images = images
        self.card: str | None = None
        self._face: CardFace | None = None
        self._key = ""
        self.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.setMinimumSize(QSize(PREVIEW_WIDTH // 2, card_height(PREVIEW_WIDTH) // 2))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setText("Hover over a card to see it here.")
        self.setWordWrap(True)
        images.ready.connect(self._on_ready)

    def sizeHint(self) -> QSize:
        return QSize(PREVIEW_WIDTH, card_height(PREVIEW_WIDTH))

    def show_card(self, record: CardRecord | None, name: str = "") -> None:
        if record is None:
            self.card, self._face, self._key = name or None, None, ""
            self.clear()
            self.setText(f"{name}\n\nThis card is not in the card database." if name else "")
            return
        if record.name == self.card and self._face is not None:
            return
        self.card = record.name
        self._face = face_of(record)
        self._draw()

    def _draw(self) -> None:
        if self._face is None:
            return
        pix, self._key = self.images.pixmap(self._face, PREVIEW_WIDTH * self.devicePixelRatioF())
        if pix is None:
            self.setText(f"{self._face.name}…")
            return
        pix = pix.scaledToWidth(round(self.fitted_width() * self.devicePixelRatioF()),
                                Qt.TransformationMode.SmoothTransformation)
        pix.setDevicePixelRatio(self.devicePixelRatioF())
        self.setPixmap(pix)

    def fitted_width(self) -> int:
        """The card's width on screen: as large as PREVIEW_WIDTH, never wider or taller than the room the
        preview has (a narrow column at 1280x720 showed only the middle of the card)."""
        by_height = self.height() * PREVIEW_WIDTH // card_height(PREVIEW_WIDTH)
        return max(1, min(PREVIEW_WIDTH, self.width(), by_height))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._draw()

    def _on_ready(self, key: str) -> None:
        if key == self._key:
            self._draw()

