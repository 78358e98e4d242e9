"""The table scene: draws snapshots by diffing them into card items keyed by physical card, so a card
slides from zone to zone; turns clicks, double-clicks and drops into signals for the game controller."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QFont, QLinearGradient, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsScene

from app.cardface import CardFace
from app.declarations import band_mark
from app.imagecache import BACK, CardImages
from app.table.board_items import (ArrowItem, CommandZoneItem, FloatingNumber, PhaseBar, PileItem, PlayerPanel,
                                   SandboxBadge)
from app.table.card_item import CardItem
from app.table.layout import (FIELD_LEFT, FIELD_RIGHT, PANEL_CENTER, PANEL_HALF, PHASE_BAR_Y, SCENE_H, SCENE_W,
                              STACK_BOTTOM_Y, STACK_CENTER_X, STACK_TOP_Y, Place, Seat, drop_zone, item_key, layout,
                              pile_key, seating, snapshot_seating)
from app.wording import possessive

ARROW_COLORS = {
    "target": QColor(255, 200, 40),
    "attack": QColor(235, 64, 52),
    "block": QColor(64, 140, 255),
}
Endpoint = int | str  # an object id, or a player as "P0" / "P1"
LOSS, GAIN = QColor(240, 70, 60), QColor(110, 230, 110)
PILE_ZONES = ("library", "graveyard", "exile")
ATTACK_LUNGE, HIT_SHAKE = 46.0, 9.0
MAX_SLIDING_SHIFTS = 12


def _only_shifted(old: Place, new: Place) -> bool:
    """The card stays in its zone, turned and sized as it was, and only moves along."""
    return old.zone == new.zone and (old.rotation, old.scale) == (new.rotation, new.scale) and \
        (old.x, old.y) != (new.x, new.y)


class TableScene(QGraphicsScene):
    card_clicked = Signal(object)
    card_double_clicked = Signal(object)
    card_dropped = Signal(object, str, str, int, object)  # object, from zone, to zone, to player, card under it
    card_context = Signal(object, QPoint)
    player_clicked = Signal(int)
    player_context = Signal(int, QPoint)
    pile_clicked = Signal(int, str)
    step_clicked = Signal(str)
    hovered = Signal(object)  # the card to show large, or None

    def __init__(self, images: CardImages, parent=None) -> None:  # noqa: ANN001 - QObject parent
        super().__init__(0, 0, SCENE_W, SCENE_H, parent)
        self.images = images
        self.snapshot: dict = {}
        self.bottom = 0
        self.hidden_hands: frozenset[int] = frozenset()
        self.cards: dict[str, CardItem] = {}
        self._by_object: dict[int, str] = {}
        self._waiting: dict[str, set[str]] = {}
        self._marks: dict[int, set[str]] = {}
        self._extra_arrows: list[tuple[Endpoint, Endpoint, str]] = []
        self._arrows: list[ArrowItem] = []
        self._hovered: tuple[str, str] | None = None  # the card under the mouse: item key, zone
        self.drag_policy: Callable[[dict, str], bool] = lambda obj, zone: False
        self.animations = True  # Settings' "Animations": cards slide, changes float up where they happen
        self.view_scale = 1.0  # screen pixels per scene unit, from the view: battlefield cards stay readable
        self.sandbox = False
        # Sandbox free placement (Cockatrice): where the player dropped battlefield cards, by item key; a
        # card dropped from another zone waits in `_pending_free` until the snapshot shows it arrived.
        self.free_positions: dict[str, tuple[float, float]] = {}
        self._pending_free: dict[str, tuple[float, float]] = {}
        self.spread: set[tuple] = set()  # piles of identical lands or tokens the player spread out
        self.badge = SandboxBadge()
        self.badge.setPos(PANEL_CENTER[0], (SCENE_H - PANEL_CENTER[1] + PANEL_HALF[1] + PHASE_BAR_Y - 24) / 2)
        self.badge.setVisible(False)
        self.addItem(self.badge)
        self.panels: dict[int, PlayerPanel] = {}
        self.piles: dict[tuple[int, str], PileItem] = {}
        self.command_zones: dict[int, CommandZoneItem] = {}
        self.seats: dict[int, Seat] = seating([0, 1], 0)
        self.phase_bar = PhaseBar()
        self.phase_bar.step_clicked.connect(self.step_clicked)
        self.addItem(self.phase_bar)
        self._seat_players([0, 1])
        self._place_furniture()
        images.ready.connect(self._on_image_ready)

    def _seat_players(self, players: list[int]) -> None:
        """A panel, piles and a command zone for each player at the table (two to six, 800.1)."""
        if sorted(self.panels) == sorted(players):
            return
        for item in (*self.panels.values(), *self.piles.values(), *self.command_zones.values()):
            self.removeItem(item)
        self.panels = {i: PlayerPanel(i) for i in players}
        self.piles = {(i, z): PileItem(i, z) for i in players for z in PILE_ZONES}
        self.command_zones = {i: CommandZoneItem(i) for i in players}
        for panel in self.panels.values():
            panel.clicked.connect(self.player_clicked)
            panel.context_requested.connect(self.player_context)
        for pile in self.piles.values():
            pile.clicked.connect(self.pile_clicked)
        for item in (*self.panels.values(), *self.piles.values(), *self.command_zones.values()):
            self.addItem(item)

    # -- drawing the snapshot ---------------------------------------------------------------------
    def set_snapshot(self, snapshot: dict, bottom: int, hidden_hands: frozenset[int] = frozenset(),
                     animate: bool = True, stops: frozenset[str] = frozenset()) -> None:
        first = not self.snapshot
        players = [p["index"] for p in snapshot.get("players", [])] or [0, 1]
        reseated = bottom != self.bottom or sorted(players) != sorted(self.panels)
        previous = self.snapshot
        self.snapshot, self.bottom, self.hidden_hands = snapshot, bottom, hidden_hands
        if reseated:
            self._seat_players(players)
            self.seats = snapshot_seating(snapshot, bottom)
            self._place_furniture()
        animate = animate and not first and not reseated and self.animations
        self._lay_out(animate)
        self._update_furniture(stops)
        self._refresh_marks()
        self._refresh_arrows()
        self._check_hovered()
        if animate:
            self._show_changes(previous)

    def _lay_out(self, animate: bool) -> None:
        """Puts every item of the current snapshot in its place (sliding there if `animate`)."""
        self._keep_free_positions()
        places = layout(self.snapshot, self.bottom, self.hidden_hands, self.view_scale, self.free_positions,
                        frozenset(self.spread))
        old_zones = {key: item.place.zone for key, item in self.cards.items()}
        for key in [k for k in self.cards if k not in places]:
            self._remove_card(key, animate)
        # Cards that only make room (a neighbour was tapped, a permanent came or went) slide when they are few;
        # on a crowded table they jump, so that the slides that matter stay smooth.
        shifted = {key for key, (obj, place) in places.items() if key in self.cards
                   and _only_shifted(self.cards[key].place, place)}
        jump = shifted if len(shifted) > MAX_SLIDING_SHIFTS else set()
        self._by_object = {}
        for key, (obj, place) in places.items():
            self._by_object[obj["id"]] = key
            item = self.cards.get(key)
            if item is None:
                item = self._new_card(key, obj, place)
                self.addItem(item)
                item.refresh_cache()
                start = self._entry_point(obj, place) if animate else None
                if start is not None:
                    item.slide_from(*start)
            else:
                item.update_card(obj, place, animate and old_zones.get(key) is not None and key not in jump)

    def _keep_free_positions(self) -> None:
        """Free places last while their card stays on its controller's battlefield half; a card dropped there
        from elsewhere takes its place once it has arrived."""
        on_field = {item_key(o): o for o in self.snapshot.get("battlefield", [])}
        for key, pos in list(self._pending_free.items()):
            if key in on_field:
                self.free_positions[key] = self._pending_free.pop(key)
        for key, (x, y) in list(self.free_positions.items()):
            obj = on_field.get(key)
            seat = self.seats.get(obj.get("controller", 0)) if obj is not None else None
            if seat is None or not seat.in_field(x, y):
                del self.free_positions[key]

    def set_view_scale(self, scale: float) -> None:
        """The view's new zoom: battlefield cards are laid out again to stay readable at it."""
        if abs(scale - self.view_scale) > 1e-3:
            self.view_scale = scale
            if self.snapshot:
                self._lay_out(False)
                self._refresh_arrows()
            for item in self.cards.values():
                item.refresh_cache()

    def set_sandbox(self, on: bool, places: dict[str, tuple[float, float]] | None = None) -> None:
        """A sandbox game shows the badge and keeps cards where they are dropped; a new game starts with the
        places given (those of a loaded save), or none."""
        self.sandbox = on
        self.badge.setVisible(on)
        self.free_positions = dict(places or {}) if on else {}
        self._pending_free.clear()
        self.spread.clear()
        if self.snapshot:
            self._lay_out(False)
            self._refresh_arrows()

    def table_state(self) -> dict:
        """What the table keeps in a save file: where sandbox cards were put."""
        return {"positions": {key: [round(x, 1), round(y, 1)] for key, (x, y) in self.free_positions.items()}}

    def _show_changes(self, previous: dict) -> None:
        """Life and damage changes since the last snapshot, shown where they happen; new attackers lunge
        towards whom they attack, creatures dealt damage shake."""
        was_attacking = set((previous.get("combat") or {}).get("attackers") or {})
        for oid in self._combat()[0]:
            item = self.item_for_object(oid)
            if str(oid) not in was_attacking and oid not in was_attacking and item is not None:
                item.nudge(0.0, ATTACK_LUNGE * (-1 if item.place.y > PHASE_BAR_Y else 1))
        before = {p["index"]: p.get("life") for p in previous.get("players", [])}
        for player in self.snapshot.get("players", []):
            old, new = before.get(player["index"]), player.get("life")
            if isinstance(old, int) and isinstance(new, int) and old != new and player["index"] in self.panels:
                # Beside the life total, not over it.
                self.float_number(new - old, self.panels[player["index"]].life_point())
        damage = {item_key(o): o.get("damage") or 0 for o in previous.get("battlefield", [])}
        for obj in self.snapshot.get("battlefield", []):
            key = item_key(obj)
            dealt = (obj.get("damage") or 0) - damage.get(key, 0)
            if key in damage and dealt > 0 and key in self.cards:
                place = self.cards[key].place
                self.float_number(-dealt, QPointF(place.x, place.y))
                self.cards[key].nudge(HIT_SHAKE, 0.0, swings=4)

    def float_number(self, delta: int, at: QPointF) -> FloatingNumber:
        number = FloatingNumber(f"{delta:+d}", GAIN if delta > 0 else LOSS, at)
        self.addItem(number)
        number.start_rising()
        return number

    def _new_card(self, key: str, obj: dict, place: Place) -> CardItem:
        item = CardItem(key, obj, place)
        item.clicked.connect(self.item_clicked)
        item.double_clicked.connect(self.item_double_clicked)
        item.context_requested.connect(self.item_context)
        item.dropped.connect(self.item_dropped)
        item.hover_changed.connect(self._on_hover_changed)
        item.count_clicked.connect(self._toggle_pile)
        self.cards[key] = item
        return item

    def _on_hover_changed(self, item: CardItem, over: bool) -> None:
        if over:
            self._hovered = (item.key, item.place.zone)
            self.hovered.emit(item.obj if item.face_up else None)
        elif self._hovered is not None and self._hovered[0] == item.key:
            self._hovered = None
            self.hovered.emit(None)

    def _check_hovered(self) -> None:
        """A card shown large that left its place (it died, resolved, was bounced) is shown no more, even
        though the mouse has not moved off the spot where it was."""
        if self._hovered is None:
            return
        key, zone = self._hovered
        item = self.cards.get(key)
        if item is None or item.place.zone != zone:
            self._hovered = None
            self.hovered.emit(None)

    def _entry_point(self, obj: dict, place: Place) -> tuple[float, float] | None:
        seat = self.seats.get(place.owner, self.seats[self.bottom])
        if place.zone == "hand":
            return seat.piles["library"]
        if place.zone in ("battlefield", "stack") and not obj.get("token"):
            return seat.hand
        return None

    def _remove_card(self, key: str, animate: bool) -> None:
        item = self.cards.pop(key)
        if animate and item.obj.get("token") and item.place.zone == "battlefield":
            item.fade_out().finished.connect(lambda it=item: self._discard(it))
            return
        if animate and item.place.zone in ("hand", "battlefield", "stack") and not item.obj.get("hidden"):
            # A card that left for a pile without becoming its top (two creatures dying at once, a card put
            # into its library) slides to that pile, then goes.
            zone = self._pile_holding(key, item.place.owner)
            seat = self.seats.get(item.place.owner, self.seats[self.bottom])
            x, y = seat.piles[zone]
            item.move_to(Place(x, y, 0.0, seat.pile_scale, item.place.z, zone != "library", zone, item.place.owner),
                         True)
            if item._animation is not None:
                item._animation.finished.connect(lambda it=item: self._discard(it))
                return
        self._discard(item)

    def _pile_holding(self, key: str, owner: int) -> str:
        player = next((p for p in self.snapshot.get("players", []) if p.get("index") == owner), {})
        for zone in ("graveyard", "exile"):
            if any(item_key(o) == key for o in player.get(zone, [])):
                return zone
        return "library"

    def _discard(self, item: CardItem) -> None:
        if item.scene() is self:
            self.removeItem(item)

    def _place_furniture(self) -> None:
        for index, panel in self.panels.items():
            seat = self.seats[index]
            panel.set_size(seat.panel_half, seat.compact)
            panel.setPos(*seat.panel)
        for (index, zone), pile in self.piles.items():
            seat = self.seats[index]
            pile.set_small(seat.compact)
            pile.setScale(seat.pile_scale)
            pile.setPos(*seat.piles[zone])
        for index, command in self.command_zones.items():
            seat = self.seats[index]
            command.setScale(seat.pile_scale)
            command.setPos(*seat.command)
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def _update_furniture(self, stops: frozenset[str]) -> None:
        snap = self.snapshot
        players = snap.get("players", [])
        active, priority = snap.get("active"), snap.get("priority")
        for player in players:
            index = player["index"]
            if index in self.panels:
                self.panels[index].set_state(player, index == active, index == priority,
                                             bool(player.get("lost")) and len(players) > 2)
                self.piles[(index, "library")].set_count(player.get("library_count", 0))
                self.piles[(index, "graveyard")].set_count(len(player.get("graveyard", [])))
                self.piles[(index, "exile")].set_count(len(player.get("exile", [])))
                # 408: shown in a Commander game only (its snapshot lists each player's commanders)
                command = self.command_zones[index]
                command.setVisible("commanders" in player)
                command.set_state(player, not self.seats[index].bottom, self.seats[index].compact)
        name = next((p.get("name", "") for p in players if p["index"] == active), "")
        caption = f"Turn {snap.get('turn', 0)}\n{possessive(name)} turn" if name else f"Turn {snap.get('turn', 0)}"
        self.phase_bar.set_state(str(snap.get("step", "")), caption, stops)

    # -- marks and arrows -------------------------------------------------------------------------
    def set_marks(self, marks: dict[int, set[str]], player_targets: set[int] | frozenset[int] = frozenset()) -> None:
        """Controller marks by object id (target, selected, playable, ...) and players that are legal targets."""
        self._marks = marks
        for index, panel in self.panels.items():
            panel.set_target(index in player_targets)
        self._refresh_marks()

    def set_arrows(self, arrows: list[tuple[Endpoint, Endpoint, str]]) -> None:
        """Controller arrows (targets being chosen, attackers and blockers being declared)."""
        self._extra_arrows = arrows
        self._refresh_arrows()

    def _combat(self) -> tuple[dict[int, Endpoint], dict[int, list[int]]]:
        combat = self.snapshot.get("combat") or {}
        attackers = {int(k): v for k, v in (combat.get("attackers") or {}).items()}
        blockers = {int(k): [int(a) for a in v] for k, v in (combat.get("blockers") or {}).items()}
        return attackers, blockers

    def _refresh_marks(self) -> None:
        attackers, blockers = self._combat()
        # 508.1e, 702.22c: the attacking bands (the worker adds them to the snapshot's combat)
        bands = {oid: number for number, band in enumerate((self.snapshot.get("combat") or {}).get("bands") or [], 1)
                 for oid in band}
        for key, item in self.cards.items():
            oid = item.object_id
            marks = set(self._marks.get(oid, ()))
            if oid in bands:
                marks.add(band_mark(bands[oid]))
            if oid in attackers:
                marks.add("attacking")
            if oid in blockers:
                marks.add("blocking")
            item.set_marks(marks)

    def _refresh_arrows(self) -> None:
        for arrow in self._arrows:
            self.removeItem(arrow)
        self._arrows = []
        wanted: list[tuple[Endpoint, Endpoint, str]] = []
        for obj in self.snapshot.get("stack", []):
            for target in obj.get("targets") or []:
                wanted.append((obj["id"], target, "target"))
        attackers, blockers = self._combat()
        for attacker, defender in attackers.items():
            wanted.append((attacker, defender, "attack"))
        for blocker, blocked in blockers.items():
            for attacker in blocked:
                wanted.append((blocker, attacker, "block"))
        wanted.extend(self._extra_arrows)
        for src, dst, kind in wanted:
            a, b = self.endpoint_pos(src), self.endpoint_pos(dst)
            if a is not None and b is not None and a != b:
                arrow = ArrowItem(a, b, ARROW_COLORS.get(kind, ARROW_COLORS["target"]))
                self.addItem(arrow)
                self._arrows.append(arrow)

    def endpoint_pos(self, endpoint: Endpoint) -> QPointF | None:
        if isinstance(endpoint, str) and endpoint.startswith("P") and endpoint[1:].isdigit():
            panel = self.panels.get(int(endpoint[1:]))
            return panel.pos() if panel is not None else None
        try:
            oid = int(endpoint)
        except (TypeError, ValueError):
            return None
        item = self.item_for_object(oid)
        if item is None:
            return None
        return QPointF(item.place.x, item.place.y)

    def item_for_object(self, object_id: int) -> CardItem | None:
        key = self._by_object.get(object_id)
        return self.cards.get(key) if key is not None else None

    def object(self, object_id: int) -> dict | None:
        item = self.item_for_object(object_id)
        return item.obj if item is not None else None

    # -- what the items ask (TableHost) -------------------------------------------------------------
    def pixmap(self, face: CardFace | None, width_px: float, waiter: str) -> QPixmap | None:
        pix, key = self.images.pixmap(face if face is not None else BACK, width_px)
        if self.images.is_pending(key):
            self._waiting.setdefault(key, set()).add(waiter)
        return pix

    @Slot(str)
    def _on_image_ready(self, key: str) -> None:
        for waiter in self._waiting.pop(key, ()):
            if waiter.startswith("pile:"):
                _, player, zone = waiter.split(":")
                self.piles[(int(player), zone)].update()
            elif waiter in self.cards:
                self.cards[waiter].update()

    def may_drag(self, obj: dict, zone: str) -> bool:
        return bool(self.drag_policy(obj, zone))

    def device_scale(self) -> float:
        views = self.views()
        return self.view_scale * (views[0].devicePixelRatioF() if views else 1.0)

    # -- what the items say -------------------------------------------------------------------------
    def item_clicked(self, item: CardItem) -> None:
        if item.place.zone in ("graveyard", "exile") and "target" not in item.marks:
            self.pile_clicked.emit(item.place.owner, item.place.zone)
        else:
            self.card_clicked.emit(item.obj)

    def item_double_clicked(self, item: CardItem) -> None:
        self.card_double_clicked.emit(item.obj)

    def item_context(self, item: CardItem, screen_pos: QPoint) -> None:
        self.card_context.emit(item.obj, screen_pos)

    def _toggle_pile(self, item: CardItem) -> None:
        """A pile's count was clicked: its cards spread out side by side, or gather again."""
        key = pile_key(item.obj)
        if key is not None:
            self.spread.symmetric_difference_update({key})
            self._lay_out(self.animations)
            self._refresh_marks()
            self._refresh_arrows()

    def item_dropped(self, item: CardItem, pos: QPointF) -> None:
        target = drop_zone(pos.x(), pos.y(), self.bottom, self.seats)
        onto = self._card_under(item, pos)
        side = item.obj.get("controller", item.place.owner) if item.place.zone == "battlefield" else item.place.owner
        same = target is not None and target[0] == item.place.zone and target[1] == side
        free = self.sandbox and target is not None and target[0] == "battlefield" and onto is None and \
            self.seats[target[1]].in_field(item.pos().x(), item.pos().y())
        if free and same:
            # Sandbox: the card stays where it was dropped (its centre, as the player sees it).
            self.free_positions[item.key] = (item.pos().x(), item.pos().y())
            self._lay_out(False)
            self._refresh_arrows()
            item.settle()
            return
        if target is None or (same and onto is None):
            item.settle()
            return
        if free and pile_key(item.obj) is None:
            # Arriving from another zone it lands where dropped too, unless it joins a pile of its kind.
            self._pending_free[item.key] = (item.pos().x(), item.pos().y())
        # The item stays where it was dropped until the answer: the next snapshot moves it on, or back.
        self.card_dropped.emit(item.obj, item.place.zone, target[0], target[1], onto)

    def _card_under(self, dragged: CardItem, pos: QPointF) -> dict | None:
        """The permanent a card was dropped on, if any."""
        for other in self.items(pos):
            if isinstance(other, CardItem) and other is not dragged and other.place.zone == "battlefield":
                return other.obj
        return None

    def settle(self, obj: dict) -> None:
        self._pending_free.pop(item_key(obj), None)
        item = self.cards.get(item_key(obj))
        if item is not None:
            item.settle()

    # -- background -------------------------------------------------------------------------------
    def _field_boxes(self) -> list[QRectF]:
        """The shaded battlefields: two halves, or the bottom half and each opponent's column."""
        boxes = [QRectF(FIELD_LEFT - 6, y0, FIELD_RIGHT - FIELD_LEFT + 12, y1 - y0)
                 for y0, y1 in ((PHASE_BAR_Y + 24, 1030.0), (160.0, PHASE_BAR_Y - 24))]
        if len(self.seats) <= 2:
            return boxes
        compact = [seat for seat in self.seats.values() if seat.compact]
        return boxes[:1] + [QRectF(seat.left - 6, seat.far - 4, seat.right - seat.left + 12, seat.near - seat.far + 4)
                            for seat in compact]

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        gradient = QLinearGradient(0, 0, 0, SCENE_H)
        gradient.setColorAt(0.0, QColor(22, 52, 40))
        gradient.setColorAt(0.5, QColor(30, 70, 52))
        gradient.setColorAt(1.0, QColor(22, 52, 40))
        painter.fillRect(rect, QBrush(gradient))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 40))
        for box in self._field_boxes():
            painter.drawRoundedRect(box, 14, 14)
        stack_box = QRectF(STACK_CENTER_X - 140, STACK_TOP_Y - 100, 280, STACK_BOTTOM_Y - STACK_TOP_Y + 180)
        painter.drawRoundedRect(stack_box, 14, 14)
        painter.setPen(QColor(200, 210, 190, 150))
        font = QFont("Sans")
        font.setPixelSize(16)
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(QRectF(STACK_CENTER_X - 100, STACK_TOP_Y - 96, 200, 22), Qt.AlignmentFlag.AlignCenter,
                         "Stack")
