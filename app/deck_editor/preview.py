"""The large picture of the card under the mouse, drawn by the table's card renderer
(app/cardface.py) through its cache and thread pool, so hovering never waits for a render."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPixmap, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from cardsdb.database import CardRecord

from app.cardface import CardFace, card_height
from app.imagecache import CardImages

PREVIEW_WIDTH = 300
MULTI_FACE_SCALE = 0.75     # each face of a multi-faced card, so that two fit where one card does
FACE_GAP = 6


def face_of(record: CardRecord) -> CardFace:
    return CardFace(name=record.name, mana_cost=record.mana_cost or "", type_line=record.type_line,
                    text=record.oracle_text or "", colors=record.colors, power=record.power,
                    toughness=record.toughness, loyalty=record.loyalty)


def faces_of(record: CardRecord) -> list[CardFace]:
    """Each face of a card as printed (a split card's halves, a double-faced card's front and back, an
    adventurer's creature and Adventure, a flip card's two halves); one face for other cards."""
    if not record.faces:
        return [face_of(record)]
    return [CardFace(name=str(f.get("faceName") or record.name), mana_cost=str(f.get("manaCost") or ""),
                     type_line=str(f.get("type") or ""), text=str(f.get("text") or ""),
                     colors="".join(c for c in "WUBRG" if c in (f.get("colors") or ())),
                     power=f.get("power"), toughness=f.get("toughness"), loyalty=f.get("loyalty"))
            for f in record.faces]


class CardPreview(QLabel):
    def __init__(self, images: CardImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.images = images
        self.card: str | None = None
        self._face: CardFace | None = None
        self.faces: list[CardFace] = []
        self._keys: set[str] = set()
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
            self.card, self._face, self.faces, self._keys = name or None, None, [], set()
            self.clear()
            self.setText(f"{name}\n\nThis card is not in the card database." if name else "")
            return
        if record.name == self.card and self._face is not None:
            return
        self.card = record.name
        self.faces = faces_of(record)
        self._face = self.faces[0]
        self._draw()

    def _draw(self) -> None:
        """Every face of the card, one under the other (a card with several faces at a smaller size)."""
        if self._face is None:
            return
        dpr = self.devicePixelRatioF()
        width = self.fitted_width() if len(self.faces) == 1 else round(self.fitted_width() * MULTI_FACE_SCALE)
        drawn = [self.images.pixmap(face, width * dpr) for face in self.faces]
        self._keys = {key for _, key in drawn}
        if any(pix is None for pix, _ in drawn):
            self.setText(f"{self._face.name}…")
            return
        pixes = [pix.scaledToWidth(round(width * dpr), Qt.TransformationMode.SmoothTransformation)
                 for pix, _ in drawn]
        out = QPixmap(round(width * dpr), sum(p.height() for p in pixes) + FACE_GAP * (len(pixes) - 1))
        out.fill(Qt.GlobalColor.transparent)
        painter = QPainter(out)
        y = 0
        for pix in pixes:
            painter.drawPixmap(0, y, pix)
            y += pix.height() + FACE_GAP
        painter.end()
        out.setDevicePixelRatio(dpr)
        self.setPixmap(out)

    def fitted_width(self) -> int:
        """The card's width on screen: as large as PREVIEW_WIDTH, never wider or taller than the room the
        preview has (a narrow column at 1280x720 showed only the middle of the card)."""
        by_height = self.height() * PREVIEW_WIDTH // card_height(PREVIEW_WIDTH)
        return max(1, min(PREVIEW_WIDTH, self.width(), by_height))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._draw()

    def _on_ready(self, key: str) -> None:
        if key in self._keys:
            self._draw()

