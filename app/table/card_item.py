"""A card on the table: one QGraphicsObject per physical card, which slides between zones as snapshots change."""
from __future__ import annotations

import math

from PySide6.QtCore import (QEasingCurve, QParallelAnimationGroup, QPoint, QPointF, QPropertyAnimation, QRectF, Qt,
                            QVariantAnimation, Signal)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsSceneHoverEvent, QGraphicsSceneMouseEvent

from app.cardface import CardFace, frame_color
from app.table.host import host_of
from app.table.layout import CARD_H, CARD_W, Place

ANIMATION_MS = 220
DRAG_THRESHOLD = 6.0

MARK_COLORS = {
    "target": QColor(255, 214, 64),
    "selected": QColor(64, 220, 255),
    "attacking": QColor(235, 64, 52),
    "blocking": QColor(64, 120, 255),
    "playable": QColor(120, 230, 120),
}


class CardItem(QGraphicsObject):
    """Draws its card face (or back) from the picture cache, with counters, damage and marks on top; says what
    the mouse does to it with signals, each carrying the item."""

    clicked = Signal(object)
    double_clicked = Signal(object)
    context_requested = Signal(object, QPoint)  # item, screen position
    dropped = Signal(object, QPointF)  # item, scene position
    hover_changed = Signal(object, bool)  # item, whether the mouse is now over it

    def __init__(self, key: str, obj: dict, place: Place) -> None:
        super().__init__()
        self.key = key
        self.obj = obj
        self.place = place
        self.marks: set[str] = set()
        self._animation: QParallelAnimationGroup | None = None
        self._press: QPointF | None = None
        self._grab = QPointF()
        self.dragging = False
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setPos(place.x, place.y)
        self.setRotation(place.rotation)
        self.setScale(place.scale)
        self.setZValue(place.z)

    # -- state -----------------------------------------------------------------------------------
    @property
    def face(self) -> CardFace:
        return CardFace.from_obj(self.obj)

    @property
    def face_up(self) -> bool:
        return self.place.face_up and not self.obj.get("hidden")

    @property
    def object_id(self) -> int:
        return self.obj["id"]

    def set_marks(self, marks: set[str]) -> None:
        if marks != self.marks:
            self.marks = set(marks)
            self.update()

    def update_card(self, obj: dict, place: Place, animate: bool) -> None:
        changed_look = (obj != self.obj) or (place.face_up != self.place.face_up)
        self.obj = obj
        old, self.place = self.place, place
        if self.dragging:
            return
        self.setZValue(place.z)
        if (old.x, old.y, old.rotation, old.scale) != (place.x, place.y, place.rotation, place.scale) or \
                self.pos() != QPointF(place.x, place.y):
            self.move_to(place, animate)
        if changed_look:
            self.update()

    def move_to(self, place: Place, animate: bool) -> None:
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
        target = QPointF(place.x, place.y)
        if not animate:
            self.setPos(target)
            self.setRotation(place.rotation)
            self.setScale(place.scale)
            return
        group = QParallelAnimationGroup(self)
        for prop, end in ((b"pos", target), (b"rotation", place.rotation), (b"scale", place.scale)):
            anim = QPropertyAnimation(self, prop, group)
            anim.setDuration(ANIMATION_MS)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            anim.setEndValue(end)
            group.addAnimation(anim)
        self._animation = group
        group.start()

    def slide_from(self, x: float, y: float) -> None:
        """Appear at (x, y) and slide to the item's place (a card drawn, cast from a hidden hand, ...)."""
        self.setPos(x, y)
        self.move_to(self.place, True)

    def is_animating(self) -> bool:
        return self._animation is not None and self._animation.state() == QVariantAnimation.State.Running

    # -- painting --------------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return QRectF(-CARD_W / 2 - 5, -CARD_H / 2 - 5, CARD_W + 10, CARD_H + 10)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H))
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        rect = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        t = painter.worldTransform()
        device = painter.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        width_px = CARD_W * math.hypot(t.m11(), t.m12()) * dpr
        host = host_of(self)
        pix = host.pixmap(self.face if self.face_up else None, width_px, self.key) if host is not None else None
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if pix is not None:
            painter.drawPixmap(rect, pix, QRectF(pix.rect()))
        else:
            self._paint_placeholder(painter, rect)
        self._paint_overlays(painter, rect)

    def _paint_placeholder(self, painter: QPainter, rect: QRectF) -> None:
        """Until the picture is rendered: the frame color and the name, drawn by Qt in microseconds."""
        if self.face_up:
            color = frame_color(self.face)
            rgb = color[0] if isinstance(color[0], tuple) else color
            painter.setBrush(QColor(*rgb))  # type: ignore[misc]
        else:
            painter.setBrush(QColor(92, 58, 34))
        painter.setPen(QPen(QColor(20, 20, 20), 3))
        painter.drawRoundedRect(rect, 5, 5)
        if self.face_up:
            painter.setPen(QColor(20, 20, 20))
            painter.setFont(QFont("Sans", 7, QFont.Weight.Bold))
            painter.drawText(rect.adjusted(6, 4, -6, -4), Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap,
                             self.obj.get("name", ""))

    def _paint_overlays(self, painter: QPainter, rect: QRectF) -> None:
        for mark in ("playable", "target", "blocking", "attacking", "selected"):
            if mark in self.marks:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(MARK_COLORS[mark], 4))
                painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 7, 7)
        if not self.face_up or self.place.zone != "battlefield":
            return
        badges: list[tuple[str, QColor]] = []
        damage = self.obj.get("damage") or 0
        if damage:
            badges.append((f"-{damage}", QColor(200, 40, 40)))
        for kind, count in sorted((self.obj.get("counters") or {}).items()):
            if count:
                badges.append((f"{count} {kind}" if kind not in ("+1/+1", "-1/-1") else f"{count}×{kind}",
                               QColor(60, 60, 60)))
        font = QFont("Sans", 7, QFont.Weight.Bold)
        painter.setFont(font)
        y = rect.top() + 22
        for text, color in badges:
            w = 12 + 5.5 * len(text)
            box = QRectF(rect.left() + 4, y, w, 15)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(color))
            painter.drawRoundedRect(box, 7, 7)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            y += 18
        if self.obj.get("sick") and "Creature" in (self.obj.get("types") or []):
            box = QRectF(rect.right() - 22, rect.top() + 22, 18, 15)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(40, 40, 60, 200))
            painter.drawRoundedRect(box, 5, 5)
            painter.setPen(QColor(220, 220, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "zz")

    # -- interaction -----------------------------------------------------------------------------
    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hover_changed.emit(self, True)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self.hover_changed.emit(self, False)
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.scenePos()
            self._grab = event.scenePos() - self.pos()
            event.accept()
        elif event.button() == Qt.MouseButton.RightButton:
            self.context_requested.emit(self, event.screenPos())
            event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        host = host_of(self)
        if self._press is None or host is None:
            return
        if not self.dragging:
            if (event.scenePos() - self._press).manhattanLength() < DRAG_THRESHOLD or \
                    not host.may_drag(self.obj, self.place.zone):
                return
            self.dragging = True
            if self._animation is not None:
                self._animation.stop()
            self.setZValue(10_000)
            self.setRotation(0)
        self.setPos(event.scenePos() - self._grab)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        press, self._press = self._press, None
        if press is None:
            return
        if self.dragging:
            self.dragging = False
            self.dropped.emit(self, event.scenePos())
        else:
            self.clicked.emit(self)

    def mouseDoubleClickEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.double_clicked.emit(self)
        event.accept()

    def settle(self) -> None:
        """Back to its place (a refused or ignored drop)."""
        self.setZValue(self.place.z)
        self.move_to(self.place, True)
