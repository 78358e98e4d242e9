"""The table's fixed furniture: player panels (life, poison, mana pool), piles, the phase bar, arrows."""
from __future__ import annotations

import math

from PySide6.QtCore import QEasingCurve, QPoint, QPointF, QRectF, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QGraphicsSceneMouseEvent

from app.cardface import SYMBOL_COLORS
from app.steps import STEPS
from app.table.host import host_of
from app.table.layout import CARD_H, CARD_W, FIELD_LEFT, FIELD_RIGHT, PANEL_HALF, PHASE_BAR_Y, SMALL_PILE_STEP

PANEL_W, PANEL_H = PANEL_HALF[0] * 2, PANEL_HALF[1] * 2
TEXT = QColor(236, 232, 220)
DIM = QColor(150, 150, 140)
GLOW = QColor(255, 214, 64)


def _font(size: float, bold: bool = False) -> QFont:
    f = QFont("Sans")
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    return f


class PlayerPanel(QGraphicsObject):
    """Name, life, poison, mana pool, hand and library counts; lit while the player has the turn or priority.
    At a table of three or more an opponent's panel is compact: the header of their column, which also counts
    their graveyard and exile and shows their commanders' tax and the commander damage they took (903.10a)."""

    clicked = Signal(int)  # player index
    context_requested = Signal(int, QPoint)  # player index, screen position

    def __init__(self, index: int) -> None:
        super().__init__()
        self.index = index
        self.player: dict = {}
        self.active = False
        self.priority = False
        self.target = False
        self.half = PANEL_HALF
        self.compact = False
        self.left = False
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_size(self, half: tuple[float, float], compact: bool) -> None:
        if (half, compact) != (self.half, self.compact):
            self.prepareGeometryChange()
            self.half, self.compact = half, compact

    def life_point(self) -> QPointF:
        """Beside the life total, where a change of life is shown."""
        if self.compact:
            return self.pos() + QPointF(-self.half[0] + 124, -self.half[1] + 56)
        return self.pos() + QPointF(PANEL_HALF[0] - 30, -40)

    def set_state(self, player: dict, active: bool, priority: bool, left: bool = False) -> None:
        """`left`: the player lost and left a game that goes on without them (800.4a)."""
        self.player, self.active, self.priority, self.left = player, active, priority, left
        self.update()

    def set_target(self, on: bool) -> None:
        if on != self.target:
            self.target = on
            self.update()

    def boundingRect(self) -> QRectF:
        w, h = self.half
        return QRectF(-w - 4, -h - 4, 2 * w + 8, 2 * h + 8)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = QRectF(-self.half[0], -self.half[1], 2 * self.half[0], 2 * self.half[1])
        border = GLOW if self.target else (QColor(90, 200, 255) if self.priority else QColor(70, 80, 70))
        painter.setPen(QPen(border, 4 if (self.target or self.priority) else 2))
        painter.setBrush(QColor(28, 38, 32, 235) if not self.active else QColor(44, 58, 40, 240))
        painter.drawRoundedRect(rect, 12, 12)
        if self.compact:
            self._paint_compact(painter, rect)
        else:
            self._paint_full(painter, rect)
        if self.left:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 150))
            painter.drawRoundedRect(rect, 12, 12)
            painter.setPen(QColor(240, 120, 100))
            painter.setFont(_font(20, True))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "Left the game")

    def _paint_full(self, painter: QPainter, rect: QRectF) -> None:
        p = self.player
        x0 = rect.left() + 12
        painter.setPen(TEXT)
        painter.setFont(_font(18, True))
        painter.drawText(QRectF(x0, rect.top() + 8, PANEL_W - 24, 24), Qt.AlignmentFlag.AlignLeft,
                         str(p.get("name", f"Player {self.index + 1}")))
        painter.setFont(_font(13))
        status = []
        if self.active:
            status.append("TURN")
        if self.priority:
            status.append("PRIORITY")
        painter.setPen(GLOW)
        painter.drawText(QRectF(x0, rect.top() + 32, PANEL_W - 24, 18), Qt.AlignmentFlag.AlignLeft,
                         " · ".join(status))
        painter.setPen(TEXT)
        painter.setFont(_font(58, True))
        painter.drawText(QRectF(rect.left(), rect.top() + 50, PANEL_W, 70), Qt.AlignmentFlag.AlignCenter,
                         str(p.get("life", "")))
        painter.setFont(_font(13))
        painter.setPen(DIM)
        painter.drawText(QRectF(rect.left(), rect.top() + 116, PANEL_W, 18), Qt.AlignmentFlag.AlignCenter, "life")
        poison = p.get("poison", 0)
        painter.setPen(QColor(140, 220, 110) if poison else DIM)
        painter.setFont(_font(15, bool(poison)))
        painter.drawText(QRectF(x0, rect.top() + 140, PANEL_W - 24, 20), Qt.AlignmentFlag.AlignLeft,
                         f"Poison {poison}")
        painter.setPen(DIM)
        painter.drawText(QRectF(x0, rect.top() + 140, PANEL_W - 24, 20), Qt.AlignmentFlag.AlignRight,
                         f"Hand {p.get('hand_count', len(p.get('hand', [])))}")
        painter.drawText(QRectF(x0, rect.top() + 160, PANEL_W - 24, 20), Qt.AlignmentFlag.AlignLeft,
                         f"Library {p.get('library_count', 0)}")
        painter.drawText(QRectF(x0, rect.top() + 180, PANEL_W - 24, 20), Qt.AlignmentFlag.AlignLeft,
                         f"Lands played {p.get('lands_played', 0)}")
        self._paint_pool(painter, str(p.get("mana_pool") or ""), x0, rect.top() + 210)

    def status(self) -> str:
        return " · ".join(word for word, on in (("TURN", self.active), ("PRIORITY", self.priority)) if on)

    def _paint_compact(self, painter: QPainter, rect: QRectF) -> None:
        """The header of an opponent's column: name and status, life, counts; under the counts, beside the
        small piles, the mana pool and the commander lines."""
        p = self.player
        x0, top, w = rect.left() + 10, rect.top(), rect.width() - 20
        painter.setPen(TEXT)
        painter.setFont(_font(18, True))
        painter.drawText(QRectF(x0, top + 4, w, 24), Qt.AlignmentFlag.AlignLeft, str(p.get("name", "")))
        painter.setPen(GLOW)
        painter.setFont(_font(12, True))
        painter.drawText(QRectF(x0, top + 8, w, 18), Qt.AlignmentFlag.AlignRight, self.status())
        painter.setPen(TEXT)
        painter.setFont(_font(42, True))
        painter.drawText(QRectF(x0, top + 26, 84, 48), Qt.AlignmentFlag.AlignCenter, str(p.get("life", "")))
        painter.setPen(DIM)
        painter.setFont(_font(11))
        painter.drawText(QRectF(x0, top + 70, 84, 14), Qt.AlignmentFlag.AlignCenter, "life")
        poison = p.get("poison", 0)
        lines = [(f"Poison {poison}", QColor(140, 220, 110) if poison else DIM),
                 (f"Hand {p.get('hand_count', len(p.get('hand', [])))} · Library {p.get('library_count', 0)}", DIM),
                 (f"Graveyard {len(p.get('graveyard', []))} · Exile {len(p.get('exile', []))}", DIM)]
        painter.setFont(_font(13))
        for i, (line, color) in enumerate(lines):
            painter.setPen(color)
            painter.drawText(QRectF(x0 + 92, top + 28 + 18 * i, w - 92, 18), Qt.AlignmentFlag.AlignLeft, line)
        right = rect.left() + 8 + SMALL_PILE_STEP * (4 if "commanders" in p else 3) + 6
        pool = str(p.get("mana_pool") or "")
        y = top + 86
        if pool:
            self._paint_pool(painter, pool, right, y)
            y += 24
        font = _font(12)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        room = rect.right() - right - 6
        for name, said in CommandZoneItem.caption_parts(p):
            damage = said.startswith(" dealt")
            if damage and metrics.horizontalAdvance(name + said) > room:
                said = said.removeprefix(" dealt")  # "Subira 2/21": in red, only commander damage reads so
            # A narrow column shortens the commander's name, never the tax or the damage.
            line = metrics.elidedText(name, Qt.TextElideMode.ElideRight,
                                      max(0.0, room - metrics.horizontalAdvance(said))) + said
            painter.setPen(QColor(240, 120, 100) if damage else DIM)
            painter.drawText(QRectF(right, y, room, 16), Qt.AlignmentFlag.AlignLeft, line)
            y += 16

    def _paint_pool(self, painter: QPainter, pool: str, x: float, y: float) -> None:
        painter.setPen(DIM)
        painter.setFont(_font(13))
        painter.drawText(QRectF(x, y, 60, 24), Qt.AlignmentFlag.AlignVCenter, "Pool")
        x += 44
        counts = [(c, pool.count(c)) for c in "WUBRGC" if pool.count(c)]
        if not counts:
            painter.drawText(QRectF(x, y, 80, 24), Qt.AlignmentFlag.AlignVCenter, "empty")
            return
        for color, count in counts:
            painter.setBrush(QColor(*SYMBOL_COLORS[color]))
            painter.setPen(QPen(QColor(20, 20, 20), 1.5))
            painter.drawEllipse(QRectF(x, y + 2, 20, 20))
            painter.setPen(QColor(20, 20, 20) if color in "WC" else QColor(255, 255, 255))
            painter.setFont(_font(12, True))
            painter.drawText(QRectF(x, y + 2, 20, 20), Qt.AlignmentFlag.AlignCenter, str(count))
            x += 24

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.context_requested.emit(self.index, event.screenPos())
        else:
            self.clicked.emit(self.index)


class PileItem(QGraphicsObject):
    """A library (a card back with the count) or the slot of a graveyard or exile, clickable to browse."""

    clicked = Signal(int, str)  # player index, zone

    def __init__(self, player: int, zone: str) -> None:
        super().__init__()
        self.player, self.zone = player, zone
        self.count = 0
        self.small = False  # in an opponent's column: no caption (the panel counts it)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setZValue(10)

    def set_small(self, small: bool) -> None:
        if small != self.small:
            self.small = small
            self.update()

    def set_count(self, count: int) -> None:
        if count != self.count:
            self.count = count
            self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-CARD_W / 2 - 2, -CARD_H / 2 - 20, CARD_W + 4, CARD_H + 42)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        host = host_of(self)
        if self.zone == "library" and self.count and host is not None:
            t = painter.worldTransform()
            device = painter.device()
            dpr = device.devicePixelRatioF() if device is not None else 1.0
            pix = host.pixmap(None, CARD_W * math.hypot(t.m11(), t.m12()) * dpr, self.waiter)
            for depth in (3, 0):  # a little thickness
                if pix is not None:
                    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
                    painter.drawPixmap(rect.translated(depth, -depth), pix, QRectF(pix.rect()))
                else:
                    painter.setBrush(QColor(92, 58, 34))
                    painter.setPen(QPen(QColor(20, 20, 20), 2))
                    painter.drawRoundedRect(rect.translated(depth, -depth), 5, 5)
        else:
            painter.setBrush(QColor(255, 255, 255, 18))
            painter.setPen(QPen(QColor(200, 200, 190, 90), 2, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(rect, 6, 6)
        if self.small:
            return
        painter.setPen(TEXT)
        painter.setFont(_font(13, True))
        painter.drawText(QRectF(rect.left() - 10, rect.bottom() + 2, CARD_W + 20, 18), Qt.AlignmentFlag.AlignCenter,
                         f"{self.zone.capitalize()} {self.count}")

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    @property
    def waiter(self) -> str:
        """The name under which the host repaints this pile when its picture is ready."""
        return f"pile:{self.player}:{self.zone}"

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        self.clicked.emit(self.player, self.zone)


class CommandZoneItem(QGraphicsObject):
    """A player's command zone (408) in a Commander game: the slot its commanders lie on, each commander's
    tax (903.8) and the combat damage each commander has dealt this player (903.10a, 21 loses)."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player
        self.lines: list[str] = []
        self.above = False  # the top seat's captions go above its slot, away from the middle of the table
        self.small = False  # in an opponent's column: the captions are on their panel
        self.setZValue(10)

    @staticmethod
    def caption_parts(player: dict) -> list[tuple[str, str]]:
        """Each caption as the commander's short name and what is said of it: the tax of each commander,
        then the commander damage taken."""
        parts = [(c["name"].split(",")[0], f": tax {{{c['tax']}}}" if c["tax"] else ": no tax")
                 for c in player.get("commanders", [])]
        parts += [(d["name"].split(",")[0], f" dealt {d['amount']}/21") for d in player.get("commander_damage", [])]
        return parts

    @classmethod
    def captions(cls, player: dict) -> list[str]:
        """The texts under the slot."""
        return [name + said for name, said in cls.caption_parts(player)]

    def set_state(self, player: dict, above: bool, small: bool = False) -> None:
        lines = [] if small else self.captions(player)
        if lines != self.lines or above != self.above or small != self.small:
            self.prepareGeometryChange()
            self.lines, self.above, self.small = lines, above, small
            self.update()

    def boundingRect(self) -> QRectF:
        h = 18 * (len(self.lines) + 1)
        return QRectF(-CARD_W / 2 - 40, -CARD_H / 2 - h - 4, CARD_W + 80, CARD_H + 2 * h + 8)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        rect = QRectF(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H)
        painter.setBrush(QColor(230, 200, 120, 22))
        painter.setPen(QPen(QColor(230, 200, 120, 120), 2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(rect, 6, 6)
        if self.small:
            return
        lines = ["Command", *self.lines]
        y = rect.top() - 18 * len(lines) - 2 if self.above else rect.bottom() + 2
        for i, line in enumerate(lines):
            painter.setPen(TEXT if i == 0 else (QColor(240, 120, 100) if "dealt" in line else DIM))
            painter.setFont(_font(12, i == 0))
            painter.drawText(QRectF(rect.left() - 40, y + 18 * i, CARD_W + 80, 18), Qt.AlignmentFlag.AlignCenter, line)


class PhaseBar(QGraphicsObject):
    """The turn's steps in a row with the current one lit; a dot marks the steps where auto-pass stops."""

    HEIGHT = 40.0
    step_clicked = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.step = ""
        self.caption = ""
        self.stops: frozenset[str] = frozenset()
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setPos(0, PHASE_BAR_Y)

    def set_state(self, step: str, caption: str, stops: frozenset[str]) -> None:
        if (step, caption, stops) != (self.step, self.caption, self.stops):
            self.step, self.caption, self.stops = step, caption, stops
            self.update()

    def _cells(self) -> list[tuple[str, str, QRectF]]:
        width = (FIELD_RIGHT - FIELD_LEFT) / len(STEPS)
        return [(name, label, QRectF(FIELD_LEFT + i * width + 2, -self.HEIGHT / 2, width - 4, self.HEIGHT))
                for i, (name, label) in enumerate(STEPS)]

    def boundingRect(self) -> QRectF:
        return QRectF(0, -self.HEIGHT / 2 - 2, FIELD_RIGHT + 4, self.HEIGHT + 4)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(TEXT)
        painter.setFont(_font(15, True))
        painter.drawText(QRectF(10, -self.HEIGHT / 2, FIELD_LEFT - 20, self.HEIGHT),
                         Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap, self.caption)
        for name, label, rect in self._cells():
            lit = name == self.step
            painter.setPen(QPen(QColor(255, 214, 64) if lit else QColor(80, 90, 80), 2))
            painter.setBrush(QColor(196, 150, 40) if lit else QColor(30, 40, 34, 220))
            painter.drawRoundedRect(rect, 8, 8)
            painter.setPen(QColor(20, 20, 20) if lit else TEXT)
            painter.setFont(_font(14, lit))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
            if name in self.stops:
                painter.setBrush(QColor(90, 200, 255))
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(QPointF(rect.right() - 8, rect.top() + 8), 4, 4)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        for name, _, rect in self._cells():
            if rect.contains(event.pos()):
                self.step_clicked.emit(name)


class ArrowItem(QGraphicsItem):
    """A curved arrow from a source to a target (targets, attacks, blocks)."""

    def __init__(self, start: QPointF, end: QPointF, color: QColor) -> None:
        super().__init__()
        self.setZValue(20_000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setOpacity(0.85)
        self.color = color
        self.start, self.end = start, end
        self._curve = QPainterPath()
        self._head = QPolygonF()
        self._build()

    def _build(self) -> None:
        start, end = self.start, self.end
        dx, dy = end.x() - start.x(), end.y() - start.y()
        control = (start + end) / 2 + QPointF(-dy * 0.15, dx * 0.15)
        angle = math.atan2(end.y() - control.y(), end.x() - control.x())
        tip_back = end - QPointF(math.cos(angle) * 18, math.sin(angle) * 18)
        self._curve = QPainterPath(start)
        self._curve.quadTo(control, tip_back)
        self._head = QPolygonF([
            end,
            end - QPointF(math.cos(angle - 0.45) * 26, math.sin(angle - 0.45) * 26),
            end - QPointF(math.cos(angle + 0.45) * 26, math.sin(angle + 0.45) * 26),
        ])

    def boundingRect(self) -> QRectF:
        return self._curve.boundingRect().united(self._head.boundingRect()).adjusted(-8, -8, 8, 8)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pen = QPen(self.color, 7)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(self._curve)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.color)
        painter.drawPolygon(self._head)


class SandboxBadge(QGraphicsItem):
    """Says the table is a sandbox (no rules checked, cards stay where they are put), shown in sandbox games only."""

    SIZE = QRectF(-88, -18, 176, 36)

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(15)
        self.setToolTip("Sandbox: no rules are checked; move any card anywhere, it stays where you drop it")

    def boundingRect(self) -> QRectF:
        return self.SIZE.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(255, 214, 64), 2))
        painter.setBrush(QColor(196, 110, 20, 230))
        painter.drawRoundedRect(self.SIZE, 18, 18)
        painter.setPen(QColor(255, 255, 255))
        painter.setFont(_font(20, True))
        painter.drawText(self.SIZE, Qt.AlignmentFlag.AlignCenter, "SANDBOX")


class FloatingNumber(QGraphicsObject):
    """A change shown where it happens (damage on a permanent, life lost or gained at a player's panel):
    it rises and fades, then removes itself. Decoration only: it takes no mouse and holds no game state."""

    DURATION_MS = 1100
    RISE = 46.0

    def __init__(self, text: str, color: QColor, at: QPointF) -> None:
        super().__init__()
        self.text, self.color, self.start = text, color, QPointF(at)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # it only moves and fades
        self.setZValue(30_000)
        self.setPos(at)
        self.animation = QVariantAnimation(self)
        self.animation.setDuration(self.DURATION_MS)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setEasingCurve(QEasingCurve.Type.OutQuad)
        self.animation.valueChanged.connect(self._step)
        self.animation.finished.connect(self._done)

    def start_rising(self) -> None:
        self.animation.start()

    def _step(self, t: float) -> None:
        self.setPos(self.start - QPointF(0, self.RISE * t))
        self.setOpacity(1.0 - max(0.0, t - 0.55) / 0.45)

    def _done(self) -> None:
        scene = self.scene()
        if scene is not None:
            scene.removeItem(self)

    def boundingRect(self) -> QRectF:
        return QRectF(-60, -28, 120, 56)

    def paint(self, painter: QPainter, option, widget=None) -> None:  # noqa: ANN001 - Qt signature
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        path = QPainterPath()
        path.addText(0, 0, _font(44, True), self.text)
        path.translate(-path.boundingRect().center())
        painter.setPen(QPen(QColor(10, 10, 10), 4))
        painter.setBrush(self.color)
        painter.drawPath(path)
