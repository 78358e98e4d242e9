"""The stack as a list you can read (405): one row per spell or ability, the top (which resolves first) at
the top; each row shows its source card small, its name, whether it is a spell, a copy of one, or a
triggered or activated ability, who controls it and what it targets. With the mouse over a row its
targets are drawn as arrows on the table, from its source, and its card is shown large; a click on a row
is a click on that object (to target a spell with a counterspell)."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import QPointF, Qt, Signal, Slot
from PySide6.QtGui import QColor, QEnterEvent, QMouseEvent, QPixmap
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.cardface import CardFace, card_height
from app.game_log import PLAYER_COLORS, is_player, visible_objects
from app.imagecache import CardImages
from app.table.board_items import ArrowItem
from app.table.scene import TableScene
from app.wording import card_text, possessive

THUMB_W = 46
HIGHLIGHT = QColor(120, 230, 255)   # the hovered row's arrows: unlike targeting (yellow), attacks, blocks
SOURCE_LINK = QColor(200, 200, 190)  # from an ability's source to the ability on the stack
TRIGGER_WORDS = ("When ", "Whenever ", "At ")  # how a triggered ability begins (603.1)


def kind_label(obj: dict) -> str:
    """What the object on the stack is, in the game's words."""
    if obj.get("kind") == "ability":
        text = str(obj.get("text") or "")
        return "Triggered ability" if text.startswith(TRIGGER_WORDS) else "Activated ability"
    return "Copy of a spell" if obj.get("copy") else "Spell"


def target_names(obj: dict, snapshot: dict) -> list[str]:
    players = {f"P{p.get('index')}": str(p.get("name", "")) for p in snapshot.get("players") or []}
    objects = visible_objects([snapshot])
    names = []
    for target in obj.get("targets") or []:
        if isinstance(target, str) and target in players:
            names.append(players[target])
        elif isinstance(target, int) and target in objects:
            names.append(str(objects[target].get("name") or "a card"))
        else:
            names.append("a card")  # a card in a hidden zone, or gone
    return names


class StackRow(QFrame):
    """One object on the stack."""

    hovered = Signal(object, bool)  # the row, the mouse is over it
    clicked = Signal(object)        # the row

    def __init__(self, obj: dict, card: dict, position: int, snapshot: dict, images: CardImages) -> None:
        super().__init__()
        self.obj, self.card = obj, card
        self.images = images
        self.setObjectName("StackRow")
        self.setProperty("hot", False)
        self.setMouseTracking(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 4, 4, 4)
        self.thumb = QLabel()
        self.thumb.setFixedSize(THUMB_W, card_height(THUMB_W))
        row.addWidget(self.thumb, 0, Qt.AlignmentFlag.AlignTop)
        self.face = CardFace.from_obj(card)
        self.key = ""  # the picture the image cache will announce when it is drawn
        self.show_thumb()
        controller = obj.get("controller")
        color = PLAYER_COLORS[controller] if is_player(controller) else "#e8e4d8"
        players = snapshot.get("players") or []
        owner = str(players[controller].get("name", "")) if is_player(controller) and controller < len(players) else ""
        self.kind = kind_label(obj)
        lines = [f"<b>{escape(str(obj.get('name') or '?'))}</b>"
                 + (" <span style='color:#ffd27a'>(top)</span>" if position == 0 else ""),
                 f"<span style='color:{color}'>{escape(possessive(owner))}</span> · <i>{self.kind.lower()}</i>"
                 if owner else f"<i>{self.kind}</i>"]
        if obj.get("kind") == "ability" and obj.get("text"):
            lines.append(f"<span style='color:#c8c4b4'>{escape(card_text(str(obj['text']), str(obj.get('name'))))}"
                         "</span>")
        self.targets = target_names(obj, snapshot)
        if self.targets:
            lines.append(f"→ {escape(', '.join(self.targets))}")
        self.label = QLabel("<br>".join(lines))
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.RichText)
        row.addWidget(self.label, 1)
        for child in (self.thumb, self.label):  # the row answers the mouse as one
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def show_thumb(self) -> None:
        dpr = self.devicePixelRatioF()
        pix, self.key = self.images.pixmap(self.face, THUMB_W * dpr)
        if isinstance(pix, QPixmap):
            small = pix.scaled(self.thumb.size() * dpr, Qt.AspectRatioMode.KeepAspectRatio,
                               Qt.TransformationMode.SmoothTransformation)
            small.setDevicePixelRatio(dpr)
            self.thumb.setPixmap(small)

    def _set_hot(self, hot: bool) -> None:
        if self.property("hot") != hot:
            self.setProperty("hot", hot)
            self.style().unpolish(self)
            self.style().polish(self)
            self.hovered.emit(self, hot)

    def enterEvent(self, event: QEnterEvent) -> None:
        self._set_hot(True)
        super().enterEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._set_hot(True)  # also when the row came under a mouse that did not move in (a redraw)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: ANN001 - Qt signature
        self._set_hot(False)
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit(self)
        super().mouseReleaseEvent(event)


class StackPanel(QWidget):
    """The rows of the stack, drawn from each snapshot; `hovered` gives the card to show large, or None."""

    hovered = Signal(object)

    def __init__(self, scene: TableScene, images: CardImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene, self.images = scene, images
        self.snapshot: dict = {}
        self.rows: list[StackRow] = []
        self.arrows: list[ArrowItem] = []
        self._hot: int | None = None  # the object id of the row under the mouse
        self.setStyleSheet("#StackRow { background: #223028; border: 1px solid #34463a; border-radius: 6px; }"
                           "#StackRow[hot=\"true\"] { background: #33503e; border-color: #78e6ff; }"
                           "QLabel { color: #ece8dc; }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        self.empty = QLabel("The stack is empty.")
        self.empty.setStyleSheet("color: #9a9a8c;")
        outer.addWidget(self.empty)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        box = QWidget()
        self._rows = QVBoxLayout(box)
        self._rows.setContentsMargins(0, 0, 0, 0)
        self._rows.setSpacing(4)
        self._rows.addStretch(1)
        scroll.setWidget(box)
        outer.addWidget(scroll, 1)
        images.ready.connect(self._on_image_ready)

    def set_snapshot(self, snapshot: dict) -> None:
        self.snapshot = snapshot
        stack = [o for o in snapshot.get("stack") or [] if isinstance(o, dict)]
        objects = visible_objects([snapshot])
        for row in self.rows:
            self._rows.removeWidget(row)
            row.deleteLater()
        self.rows = []
        for position, obj in enumerate(reversed(stack)):  # the last put on the stack is its top (405.2)
            source = objects.get(obj.get("source")) if obj.get("kind") == "ability" else None
            row = StackRow(obj, source if source is not None and source.get("name") else obj, position, snapshot,
                           self.images)
            row.hovered.connect(self._on_row_hovered)
            row.clicked.connect(self._on_row_clicked)
            self._rows.insertWidget(self._rows.count() - 1, row)
            self.rows.append(row)
        self.empty.setVisible(not stack)
        hot = next((r for r in self.rows if r.obj.get("id") == self._hot), None)
        self._draw_arrows(hot)
        if hot is None and self._hot is not None:
            self._hot = None
            self.hovered.emit(None)

    @Slot(object, bool)
    def _on_row_hovered(self, row: StackRow, over: bool) -> None:
        if over:
            self._hot = row.obj.get("id")
            self._draw_arrows(row)
            self.hovered.emit(row.card)
        elif self._hot == row.obj.get("id"):
            self._hot = None
            self._draw_arrows(None)
            self.hovered.emit(None)

    @Slot(object)
    def _on_row_clicked(self, row: StackRow) -> None:
        item = self.scene.item_for_object(row.obj["id"])
        if item is not None:
            self.scene.item_clicked(item)  # as a click on its card on the table
        else:
            self.scene.card_clicked.emit(row.obj)

    def _draw_arrows(self, row: StackRow | None) -> None:
        """The hovered row's arrows: from its source to each target, and from an ability's source
        permanent to the ability on the stack."""
        for arrow in self.arrows:
            if arrow.scene() is self.scene:
                self.scene.removeItem(arrow)
        self.arrows = []
        if row is None:
            return
        obj = row.obj
        on_stack = self.scene.endpoint_pos(obj["id"])
        source = self.scene.endpoint_pos(obj["source"]) if obj.get("kind") == "ability" and \
            isinstance(obj.get("source"), int) else None
        start = source if source is not None else on_stack
        if source is not None and on_stack is not None:
            self._arrow(source, on_stack, SOURCE_LINK)
        for target in obj.get("targets") or []:
            self._arrow(start, self.scene.endpoint_pos(target), HIGHLIGHT)

    def _arrow(self, a: QPointF | None, b: QPointF | None, color: QColor) -> None:
        if a is not None and b is not None and a != b:
            arrow = ArrowItem(a, b, color)
            arrow.setZValue(arrow.zValue() + 1)  # over the table's own arrows
            self.scene.addItem(arrow)
            self.arrows.append(arrow)

    @Slot(str)
    def _on_image_ready(self, key: str) -> None:
        for row in self.rows:
            if row.key == key:
                row.show_thumb()

