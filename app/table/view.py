"""The view over the table: scales the whole board to the window and shows a hovered card large."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, Qt, Slot
from PySide6.QtGui import QCursor, QKeyEvent, QMouseEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QWidget

from app.cardface import ASPECT, CardFace, card_height
from app.table.layout import FIELD_LEFT, FIELD_RIGHT, PHASE_BAR_Y, SCENE_H
from app.table.scene import TableScene

PREVIEW_WIDTH = 300
OTHER_FACE_KEY = Qt.Key.Key_Alt
MARGIN = 8
PHASE_BAR_HALF = 24  # scene units above and below the phase bar's centre line


class CardPreview(QLabel):
    """A large picture of the hovered card, over the battlefields only (never the players' panels, the
    piles or the stack), in the quarter away from the mouse."""

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
        self._mouse: QPoint | None = None  # where the mouse last moved over the view
        self._hovered: dict | None = None  # the card shown large
        self.other_face_shown = False      # while Alt is held: a multi-faced card's other face
        scene.hovered.connect(self.show_preview)
        scene.images.ready.connect(self._on_image_ready)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.table.set_view_scale(self.transform().m11())
        self.resetCachedContent()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._mouse = event.position().toPoint()  # before the hover it causes asks where to show the card
        super().mouseMoveEvent(event)

    @Slot(object)
    def show_preview(self, obj: dict | None) -> None:
        self._hovered = obj
        if obj is None or not obj.get("name"):
            self.preview.face = None
            self.preview.hide()
            return
        other = CardFace.other_face(obj) if self.other_face_shown else None
        self.preview.face = other or CardFace.from_obj(obj)
        self._draw_preview()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Holding Alt over a multi-faced card shows its other face (712.6), as turning the card over would.
        if event.key() == OTHER_FACE_KEY and not event.isAutoRepeat():
            self.other_face_shown = True
            self.show_preview(self._hovered)
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == OTHER_FACE_KEY and not event.isAutoRepeat():
            self.other_face_shown = False
            self.show_preview(self._hovered)
        super().keyReleaseEvent(event)

    def _draw_preview(self) -> None:
        face = self.preview.face
        if face is None:
            return
        vp = self.viewport()
        left = self.mapFromScene(QPointF(FIELD_LEFT, 0)).x() + MARGIN
        right = self.mapFromScene(QPointF(FIELD_RIGHT, 0)).x() - MARGIN
        top = max(0, self.mapFromScene(QPointF(0, 0)).y()) + MARGIN
        bottom = min(vp.height(), self.mapFromScene(QPointF(0, SCENE_H)).y()) - MARGIN
        above = self.mapFromScene(QPointF(0, PHASE_BAR_Y - PHASE_BAR_HALF)).y() - MARGIN
        below = self.mapFromScene(QPointF(0, PHASE_BAR_Y + PHASE_BAR_HALF)).y() + MARGIN
        # As large as a battlefield half allows: it must not reach the phase bar or the other half.
        width = min(PREVIEW_WIDTH, max(160, vp.width() // 5), int(min(above - top, bottom - below) / ASPECT),
                    (right - left) // 2)
        dpr = self.devicePixelRatioF()
        pix, key = self.table.images.pixmap(face, width * dpr)
        self.preview._key = key
        if pix is None:
            return  # drawn when ready
        pix = pix.scaledToWidth(round(width * dpr), Qt.TransformationMode.SmoothTransformation)
        pix.setDevicePixelRatio(dpr)
        self.preview.setPixmap(pix)
        height = card_height(width)
        mouse = self._mouse if self._mouse is not None else vp.mapFromGlobal(QCursor.pos())
        x = left if mouse.x() > (left + right) / 2 else right - width
        y = top if mouse.y() > (above + below) / 2 else bottom - height
        self.preview.setGeometry(QRect(x, y, width, height))
        self.preview.show()
        self.preview.raise_()

    @Slot(str)
    def _on_image_ready(self, key: str) -> None:
        if self.preview.face is not None and key == self.preview._key:
            self._draw_preview()
