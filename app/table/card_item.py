"""A card on the table: one QGraphicsObject per physical card, which slides between zones as snapshots change."""
from __future__ import annotations

import math

from PySide6.QtCore import (QAbstractAnimation, QEasingCurve, QParallelAnimationGroup, QPoint, QPointF,
                            QPropertyAnimation, QRectF, Qt, QVariantAnimation, Signal)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsSceneHoverEvent, QGraphicsSceneMouseEvent

from app.cardface import GENERIC_SYMBOL, SYMBOL_COLORS, CardFace, frame_color, split_symbols
from app.table.host import host_of
from app.table.layout import CARD_H, CARD_W, Place

ANIMATION_MS = 220
DRAG_THRESHOLD = 6.0
# Below this width on screen the printed face cannot be read: name, cost and P/T are drawn over it large.
COMPACT_PX = 150.0
COUNT_BADGE = QRectF(CARD_W / 2 - 34, CARD_H / 2 - 58, 30, 22)  # a pile's count, on its top card


def _px_font(size: float, bold: bool = True) -> QFont:
    f = QFont("Sans")
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    return f

MARK_COLORS = {
    "target": QColor(255, 214, 64),
    "selected": QColor(64, 220, 255),
    "attacking": QColor(235, 64, 52),
    "blocking": QColor(64, 120, 255),
    "playable": QColor(120, 230, 120),
}


BY_HAND_COLOR = QColor(176, 104, 24)
BAND_COLOR = QColor(150, 96, 200)


def by_hand_text(obj: dict) -> str:
    """What of a permanent's text its controller plays by hand (the engine doesn't read it yet): its static
    abilities as reminders, and the triggered abilities they put on the stack when they trigger."""
    if obj.get("hidden") or obj.get("zone") != "battlefield":
        return ""
    lines = [f"By hand: {r}" for r in obj.get("reminders") or ()]
    lines += [f"Triggers by hand (right-click when it triggers): {t}" for t in obj.get("hand_triggers") or ()]
    return "\n".join(lines)


class CardItem(QGraphicsObject):
    """Draws its card face (or back) from the picture cache, with counters, damage and marks on top; says what
    the mouse does to it with signals, each carrying the item."""

    clicked = Signal(object)
    double_clicked = Signal(object)
    context_requested = Signal(object, QPoint)  # item, screen position
    dropped = Signal(object, QPointF)  # item, scene position
    hover_changed = Signal(object, bool)  # item, whether the mouse is now over it
    count_clicked = Signal(object)  # item: the count of a pile was clicked (spread it out, or gather it)

    def __init__(self, key: str, obj: dict, place: Place) -> None:
        super().__init__()
        self.key = key
        self.obj = obj
        self.place = place
        self.marks: set[str] = set()
        self._animation: QAbstractAnimation | None = None
        self._animation_end: Place | None = None
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
        self.setToolTip(by_hand_text(obj))

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
        self.setToolTip(by_hand_text(obj))
        old, self.place = self.place, place
        if self.dragging:
            return
        self.setZValue(place.z)
        if (old.x, old.y, old.rotation, old.scale) != (place.x, place.y, place.rotation, place.scale) or \
                self.pos() != QPointF(place.x, place.y):
            self.move_to(place, animate)
        if changed_look:
            self.update()

    def finish_animation(self) -> None:
        """A running slide ends at once where it was going (a new snapshot came, the drag began)."""
        if self._animation is not None:
            self._animation.stop()
            self._animation = None
            end, self._animation_end = self._animation_end, None
            if end is not None:
                self._jump(end)

    def _jump(self, place: Place) -> None:
        self.setPos(QPointF(place.x, place.y))
        self.setRotation(place.rotation)
        self.setScale(place.scale)
        self.refresh_cache()

    def refresh_cache(self) -> None:
        """The card at rest, cached for the screen: as drawn there when upright. Qt's screen cache cannot hold
        a turned card (tapped, fanned in the hand), so one of them not larger on screen than in scene units
        is cached as an upright picture at one pixel per unit; a larger one is drawn at each repaint."""
        if self.is_animating():
            return
        if self.rotation() % 360 != 0 and self._device_scale() <= 1.0:
            self._set_cache(QGraphicsItem.CacheMode.ItemCoordinateCache)
        else:
            self._set_cache(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def _device_scale(self) -> float:
        host = host_of(self)
        return self.scale() * (host.device_scale() if host is not None else 1.0)

    def _set_cache(self, mode: QGraphicsItem.CacheMode) -> None:
        if mode != self.cacheMode():  # setting it again would throw the picture away
            self.setCacheMode(mode)

    def _cache_while_moving(self) -> None:
        """While it slides, turns or grows, one picture at one pixel per unit is reused for every frame: the
        screen cache would draw the card again at each fractional position, angle and size. (Qt's item cache
        at another resolution draws its picture at the wrong size, so that one it is.)"""
        self._set_cache(QGraphicsItem.CacheMode.ItemCoordinateCache)

    def move_to(self, place: Place, animate: bool) -> None:
        self.finish_animation()
        target = QPointF(place.x, place.y)
        if not animate:
            self._jump(place)
            return
        group = QParallelAnimationGroup(self)
        for prop, end in ((b"pos", target), (b"rotation", place.rotation), (b"scale", place.scale)):
            anim = QPropertyAnimation(self, prop, group)
            anim.setDuration(ANIMATION_MS)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            anim.setEndValue(end)
            group.addAnimation(anim)
        self._cache_while_moving()
        self._animation, self._animation_end = group, place
        group.finished.connect(self._on_animation_finished)
        group.start()

    def _on_animation_finished(self) -> None:
        self._animation, self._animation_end = None, None
        self.refresh_cache()

    def nudge(self, dx: float, dy: float, swings: int = 1, ms: int = 260) -> None:
        """Out towards (dx, dy) and back to its place: once for an attack, several dying swings for a hit.
        After a slide in progress; a new snapshot ends it at the card's place."""
        if self.dragging:
            return
        if self.is_animating():
            assert self._animation is not None
            self._animation.finished.connect(lambda: self.nudge(dx, dy, swings, ms))
            return
        place = self.place
        anim = QVariantAnimation(self)
        anim.setDuration(ms)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)

        def step(t: float) -> None:
            k = math.sin(math.pi * swings * t) * (1.0 - t if swings > 1 else 1.0)
            self.setPos(place.x + dx * k, place.y + dy * k)

        anim.valueChanged.connect(step)
        anim.finished.connect(self._on_animation_finished)
        anim.finished.connect(lambda: self._jump(place))
        self._cache_while_moving()
        self._animation, self._animation_end = anim, place
        anim.start()

    def fade_out(self) -> QPropertyAnimation:
        """Fades away (a token leaving the battlefield: it has nowhere to go, 111.7)."""
        self.finish_animation()
        anim = QPropertyAnimation(self, b"opacity", self)
        anim.setDuration(ANIMATION_MS)
        anim.setEndValue(0.0)
        self._animation = anim
        anim.start()
        return anim

    def slide_from(self, x: float, y: float) -> None:
        """Appear at (x, y) and slide to the item's place (a card drawn, cast from a hidden hand, ...)."""
        self.setPos(x, y)
        self.move_to(self.place, True)

    def is_animating(self) -> bool:
        return self._animation is not None and self._animation.state() == QVariantAnimation.State.Running

    def screen_width(self, painter: QPainter) -> float:
        t = painter.worldTransform()
        return CARD_W * math.hypot(t.m11(), t.m12())

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
        compact = width_px / dpr < COMPACT_PX
        host = host_of(self)
        pix = host.pixmap(self.face if self.face_up else None, width_px, self.key) if host is not None else None
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if pix is not None:
            painter.drawPixmap(rect, pix, QRectF(pix.rect()))
        else:
            self._paint_placeholder(painter, rect)
        if compact and self.face_up and self.place.zone in ("battlefield", "hand", "stack"):
            self._paint_readable(painter, rect)
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

    def _paint_readable(self, painter: QPainter, rect: QRectF) -> None:
        """Name, cost and power/toughness (or loyalty) in letters large enough for a small card (202, 208)."""
        strip = QRectF(rect.left() + 2, rect.top() + 2, rect.width() - 4, 19)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(16, 16, 16, 205))
        painter.drawRoundedRect(strip, 4, 4)
        painter.setPen(QColor(250, 248, 240))
        painter.setFont(_px_font(12))
        name_box = strip.adjusted(4, 0, -3, 0)
        name = painter.fontMetrics().elidedText(str(self.obj.get("name", "")), Qt.TextElideMode.ElideRight,
                                                round(name_box.width()))
        painter.drawText(name_box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)
        # The mana cost under the name, right-aligned as printed.
        symbols = split_symbols(str(self.obj.get("mana_cost") or ""))
        d = 12.0
        x = strip.right() - d * len(symbols)
        painter.setFont(_px_font(10))
        for sym in symbols:
            plain = sym[:1].isdigit() or sym == "X"
            painter.setBrush(QColor(*SYMBOL_COLORS.get(sym[:1], GENERIC_SYMBOL)))
            painter.setPen(QPen(QColor(10, 10, 10), 0.8))
            box = QRectF(x, strip.bottom() + 1, d, d)
            painter.drawEllipse(box)
            if plain:
                painter.setPen(QColor(20, 20, 20))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, sym)
            x += d
        power, toughness, loyalty = self.obj.get("power"), self.obj.get("toughness"), self.obj.get("loyalty")
        value = f"{power}/{toughness}" if power is not None and toughness is not None else (
            str(loyalty) if loyalty is not None else "")
        if value:
            painter.setFont(_px_font(17))
            w = painter.fontMetrics().horizontalAdvance(value) + 10
            box = QRectF(rect.right() - w - 2, rect.bottom() - 25, w, 23)
            painter.setPen(QPen(QColor(10, 10, 10), 1))
            painter.setBrush(QColor(245, 240, 225, 235) if loyalty is None or power is not None
                             else QColor(30, 30, 30, 235))
            painter.drawRoundedRect(box, 5, 5)
            painter.setPen(QColor(20, 20, 20) if loyalty is None or power is not None else QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, value)

    def _paint_overlays(self, painter: QPainter, rect: QRectF) -> None:
        for mark in ("playable", "target", "blocking", "attacking", "selected"):
            if mark in self.marks:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(MARK_COLORS[mark], 4))
                painter.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 7, 7)
        if not self.face_up or self.place.zone != "battlefield":
            return
        # 702.22c: the band an attacker is in ("band 1"), while it is declared and while it attacks
        badges: list[tuple[str, QColor]] = [(m, BAND_COLOR) for m in sorted(self.marks) if m.startswith("band ")]
        damage = self.obj.get("damage") or 0
        if damage:
            badges.append((f"-{damage}", QColor(200, 40, 40)))
        for kind, count in sorted((self.obj.get("counters") or {}).items()):
            if count:
                badges.append((f"{count} {kind}" if kind not in ("+1/+1", "-1/-1") else f"{count}×{kind}",
                               QColor(60, 60, 60)))
        if by_hand_text(self.obj):
            badges.append(("by hand", BY_HAND_COLOR))  # its tooltip says what (engine.effects.by_hand)
        painter.setFont(_px_font(12))
        y = rect.top() + 36
        for text, color in badges:
            w = 12 + painter.fontMetrics().horizontalAdvance(text)
            box = QRectF(rect.left() + 4, y, w, 18)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(color))
            painter.drawRoundedRect(box, 7, 7)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            y += 21
        if abs(self.place.count) > 1:
            painter.save()  # upright on a tapped pile too
            painter.translate(COUNT_BADGE.center())
            painter.rotate(-self.place.rotation)
            badge = COUNT_BADGE.translated(-COUNT_BADGE.center())
            painter.setPen(QPen(QColor(255, 214, 64), 1.5))
            painter.setBrush(QColor(20, 20, 20, 225))
            painter.drawRoundedRect(badge, 8, 8)
            painter.setPen(QColor(255, 255, 255))
            painter.setFont(_px_font(14))
            count = self.place.count
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"×{count}" if count > 0 else f"⇤{-count}")
            painter.restore()
        if self.obj.get("sick") and "Creature" in (self.obj.get("types") or []):
            box = QRectF(rect.left() + 4, rect.bottom() - 22, 20, 16)
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
            self.finish_animation()
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
        elif abs(self.place.count) > 1 and COUNT_BADGE.adjusted(-4, -4, 4, 4).contains(event.pos()):
            self.count_clicked.emit(self)
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
