"""The view over the table: scales the whole board to the window and shows a hovered card large."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt, Slot
from PySide6.QtGui import QCursor, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QWidget

from app.cardface import CardFace, card_height
from app.table.scene import TableScene

PREVIEW_WIDTH = 300


class CardPreview(QLabel):
    """A large picture of the hovered card, in the corner of the view away from the mouse."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setStyleSheet("background: transparent;")
        self.face: CardFace | None = None
        self._key = ""
        self.hide()


class TableView(QGraphicsView):
    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.table = scene
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMouseTracking(True)
        self.preview = CardPreview(self.viewport())
        scene.hovered.connect(self.show_preview)
        scene.images.ready.connect(self._on_image_ready)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.resetCachedContent()

    @Slot(object)
    def show_preview(self, obj: dict | None) -> None:
        if obj is None or not obj.get("name"):
            self.preview.face = None
            self.preview.hide()
            return
        self.preview.face = CardFace.from_obj(obj)
        self._draw_preview()

    def _draw_preview(self) -> None:
        face = self.preview.face
        if face is None:
            return
        width = min(PREVIEW_WIDTH, max(160, self.viewport().width() // 5))
        dpr = self.devicePixelRatioF()
        pix, key = self.table.images.pixmap(face, width * dpr)
        self.preview._key = key
        if pix is None:
            return  # drawn when ready
        pix = pix.scaledToWidth(round(width * dpr), Qt.TransformationMode.SmoothTransformation)
        pix.setDevicePixelRatio(dpr)
        self.preview.setPixmap(pix)
        height = card_height(width)
        mouse_x = self.viewport().mapFromGlobal(QCursor.pos()).x()
        left = mouse_x > self.viewport().width() / 2
        x = 12 if left else self.viewport().width() - width - 12
        y = max(0, (self.viewport().height() - height) // 2)
        self.preview.setGeometry(QRect(x, y, width, height))
        self.preview.show()
        self.preview.raise_()

    @Slot(str)
    def _on_image_ready(self, key: str) -> None:
        if self.preview.face is not None and key == self.preview._key:
            self._draw_preview()
