"""Where every card of a snapshot goes on the table: pure geometry, no Qt, so it is tested directly.

The scene is a fixed 1920 x 1200 board that the view scales to the window. The seat at the bottom is
the viewer; each player's battlefield half has two rows, like Arena: creatures nearest the middle, then the
other permanents followed by the lands, with Auras and Equipment tucked under what they are attached to
(303.4, 301.5). Battlefield cards take the largest size their half allows: they grow when a half holds few
permanents and shrink as it fills, but never below a size readable on screen (`READABLE_PX` wide at the
view's scale): past that they overlap. Identical untapped-or-tapped lands and tokens lie in one pile with a
count (Arena), unless the player spreads it out. In the sandbox a card dropped on the battlefield stays
where it was put (Cockatrice).

With three to six players (800.1) the bottom seat stays as it is and the opponents sit across the top in
turn order from left to right (the player to the bottom seat's left first, 101.4): each gets a column
with a header (their panel with life, poison, hand and pile counts and the commander damage they took,
their library, graveyard, exile and command zone as small piles) above their battlefield. Their hands are
counted on the panel, not drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

SCENE_W, SCENE_H = 1920.0, 1200.0
CARD_W, CARD_H = 90.0, 126.0
FIELD_LEFT, FIELD_RIGHT = 215.0, 1570.0
GAP = 10.0
PHASE_BAR_Y = 600.0
HAND_SCALE = 1.2
OPPONENT_HAND_SCALE = 0.9
STACK_SCALE = 1.0
ATTACH_OFFSET = 24.0
READABLE_PX = 64.0  # the narrowest a battlefield card is drawn on screen, in pixels
MAX_FIELD_SCALE = 1.9
PILE_STEP = 7.0  # how far each card of a pile peeks out from under the one above it
# Each battlefield half, for the bottom seat, between the phase bar and the hand; the top seat mirrors it.
FIELD_TOP, FIELD_BOTTOM = PHASE_BAR_Y + 28.0, 1030.0

# Row centres for the bottom seat; the top seat mirrors them around the middle.
ROW_Y = {"creatures": 693.0, "others": 827.0, "lands": 961.0, "hand": 1108.0}
PILE_X = {"library": 1645.0, "graveyard": 1750.0, "exile": 1855.0}
# 408: the command zone (a Commander game's commanders) beside the creatures, left of the stack.
COMMAND_X = 1645.0
COMMAND_STEP = 26.0  # a second commander (partner, 702.124) peeks out from under the first
PANEL_CENTER = (105.0, 827.0)
PANEL_HALF = (95.0, 125.0)
STACK_CENTER_X = 1750.0
STACK_TOP_Y, STACK_BOTTOM_Y = 430.0, 800.0
# Three to six players: the opponents' columns share the top of the table left of the stack.
TOP_LEFT, TOP_RIGHT, TOP_TOP = 8.0, 1600.0, 8.0
TOP_BOTTOM = PHASE_BAR_Y - 28.0
HEADER_H = 150.0  # an opponent's panel and small piles, above their battlefield
SMALL_PILE_SCALE = 0.5
SMALL_PILE_STEP = 52.0


@dataclass(frozen=True)
class Place:
    """Where one card item goes: centre, rotation in degrees, scale, stacking order, face up or down."""

    x: float
    y: float
    rotation: float = 0.0
    scale: float = 1.0
    z: float = 0.0
    face_up: bool = True
    zone: str = "battlefield"
    owner: int = 0
    # The top card of a pile: how many cards the pile holds (0 for the cards under it); minus that for the
    # first card of a pile spread out.
    count: int = 1


def mirror_y(y: float, seat: str) -> float:
    return y if seat == "bottom" else SCENE_H - y


def row_y(row: str, seat: str) -> float:
    return mirror_y(ROW_Y[row], seat)


def pile_pos(zone: str, seat: str) -> tuple[float, float]:
    return PILE_X[zone], row_y("lands", seat)


def command_pos(seat: str) -> tuple[float, float]:
    return COMMAND_X, row_y("creatures", seat)


def panel_pos(seat: str) -> tuple[float, float]:
    return PANEL_CENTER[0], mirror_y(PANEL_CENTER[1], seat)


def hand_center(seat: str) -> tuple[float, float]:
    y = ROW_Y["hand"] if seat == "bottom" else CARD_H * OPPONENT_HAND_SCALE / 2 + 8
    return (FIELD_LEFT + FIELD_RIGHT) / 2, y


@dataclass(frozen=True)
class Seat:
    """Where one player's things lie: the battlefield between `near` (the edge nearest the middle of the
    table, where creatures go) and `far`, its panel, piles, command zone and hand."""

    player: int
    bottom: bool
    left: float
    right: float
    near: float
    far: float
    panel: tuple[float, float]
    panel_half: tuple[float, float]
    piles: dict[str, tuple[float, float]] = field(hash=False)
    command: tuple[float, float]
    hand: tuple[float, float]  # the fan's centre; an opponent's column only counts its hand on the panel
    hand_scale: float
    hand_drawn: bool = True
    pile_scale: float = 1.0
    compact: bool = False  # an opponent's column at a table of three or more

    @property
    def away(self) -> int:
        """+1 where "away from the middle" is down the screen (the bottom seat), -1 where it is up."""
        return 1 if self.far > self.near else -1

    def in_field(self, x: float, y: float) -> bool:
        top, low = sorted((self.near, self.far))
        return self.left - 10 <= x <= self.right + 10 and top <= y <= low

    def in_panel(self, x: float, y: float) -> bool:
        return abs(x - self.panel[0]) <= self.panel_half[0] and abs(y - self.panel[1]) <= self.panel_half[1]


def _two_player_seat(player: int, seat: str) -> Seat:
    return Seat(player, seat == "bottom", FIELD_LEFT, FIELD_RIGHT, mirror_y(FIELD_TOP, seat),
                mirror_y(FIELD_BOTTOM, seat), panel_pos(seat), PANEL_HALF,
                {zone: pile_pos(zone, seat) for zone in PILE_X}, command_pos(seat), hand_center(seat),
                HAND_SCALE if seat == "bottom" else OPPONENT_HAND_SCALE)


def seating(players: list[int], bottom: int) -> dict[int, Seat]:
    """Each player's seat: two players face each other; with more, the opponents' columns follow the
    bottom seat's turn order from left to right across the top."""
    seats = {bottom: _two_player_seat(bottom, "bottom")}
    if len(players) <= 2:
        seats.update({p: _two_player_seat(p, "top") for p in players if p != bottom})
        return seats
    start = players.index(bottom) if bottom in players else 0
    others = [players[(start + k) % len(players)] for k in range(1, len(players))]
    width = (TOP_RIGHT - TOP_LEFT) / len(others)
    for k, player in enumerate(others):
        x0, x1 = TOP_LEFT + k * width + 4, TOP_LEFT + (k + 1) * width - 4
        header_y = TOP_TOP + HEADER_H / 2
        pile_y = TOP_TOP + HEADER_H - CARD_H * SMALL_PILE_SCALE / 2 - 6
        piles = {zone: (x0 + 8 + SMALL_PILE_STEP * (i + 0.5), pile_y) for i, zone in enumerate(PILE_X)}
        seats[player] = Seat(player, False, x0 + 6, x1 - 6, TOP_BOTTOM, TOP_TOP + HEADER_H + 6,
                             ((x0 + x1) / 2, header_y), ((x1 - x0) / 2, HEADER_H / 2), piles,
                             (x0 + 8 + SMALL_PILE_STEP * 3.5, pile_y), ((x0 + x1) / 2, header_y),
                             SMALL_PILE_SCALE, hand_drawn=False, pile_scale=SMALL_PILE_SCALE, compact=True)
    return seats


def snapshot_seating(snapshot: dict, bottom: int) -> dict[int, Seat]:
    return seating([p["index"] for p in snapshot.get("players", [])] or [0, 1], bottom)


def item_key(obj: dict) -> str:
    """Items follow the physical card (card_id) across zones; a hidden card only has its object id."""
    if obj.get("hidden") or obj.get("card_id") is None:
        return f"o{obj['id']}"
    return f"c{obj['card_id']}"


def battlefield_row(obj: dict) -> str:
    types = obj.get("types") or []
    if "Creature" in types:
        return "creatures"
    if "Land" in types:
        return "lands"
    return "others"


def pile_key(obj: dict) -> tuple | None:
    """What makes lands or tokens interchangeable on the table, or None for a card that lies alone."""
    types = obj.get("types") or []
    if not ("Land" in types or obj.get("token")) or obj.get("face_down") or obj.get("attached_to") is not None:
        return None
    counters = tuple(sorted((k, v) for k, v in (obj.get("counters") or {}).items() if v))
    return (obj.get("name"), obj.get("controller"), bool(obj.get("tapped")), bool(obj.get("token")),
            obj.get("damage") or 0, counters, bool(obj.get("sick")), obj.get("power"), obj.get("toughness"))


@dataclass
class _Pile:
    """One spot in a row: a single card, or a pile of identical lands or tokens (the last is on top)."""

    objs: list[dict]
    spread_of: int = 0  # the first card of a pile spread out: how many it held (its badge gathers them again)

    @property
    def tapped(self) -> bool:
        return bool(self.objs[-1].get("tapped"))

    def width(self, scale: float) -> float:
        return (CARD_H if self.tapped else CARD_W) * scale + PILE_STEP * scale * (len(self.objs) - 1)


def field_scale(rows: list[list[_Pile]], view_scale: float, seat: Seat) -> float:
    """The size of a battlefield half's cards: as large as the rows' height and width allow, never less than
    readable on screen (where the rows' height allows it)."""
    if not rows:
        return 1.0
    row_h = abs(seat.far - seat.near) / len(rows)
    by_height = (row_h - 8.0) / CARD_H
    room = seat.right - seat.left
    by_width = min(room / (sum(p.width(1.0) for p in row) + GAP * (len(row) - 1)) for row in rows)
    readable = READABLE_PX / (CARD_W * max(view_scale, 1e-3))
    return min(by_height, max(min(by_width, MAX_FIELD_SCALE), readable))


def _spread(widths: list[float], left: float, right: float) -> list[float]:
    """Centres of items of these widths laid side by side, centred, overlapping when they do not fit."""
    if not widths:
        return []
    total = sum(widths) + GAP * (len(widths) - 1)
    room = right - left
    if total <= room:
        x = left + (room - total) / 2
        centres = []
        for w in widths:
            centres.append(x + w / 2)
            x += w + GAP
        return centres
    # Overlap: equal steps between centres so the row spans the room exactly.
    first, last = left + widths[0] / 2, right - widths[-1] / 2
    if len(widths) == 1:
        return [(left + right) / 2]
    step = (last - first) / (len(widths) - 1)
    return [first + i * step for i in range(len(widths))]


def fan(n: int, seat: str, scale: float) -> list[tuple[float, float, float]]:
    """(x, y, rotation) of n hand cards fanned around the hand's centre."""
    if n == 0:
        return []
    cx, cy = hand_center(seat)
    w = CARD_W * scale
    room = FIELD_RIGHT - FIELD_LEFT - w
    step = min(w * 0.92, room / max(1, n - 1))
    angle = min(3.5, 40.0 / n)
    sign = 1 if seat == "bottom" else -1
    out = []
    for i in range(n):
        off = i - (n - 1) / 2
        out.append((cx + off * step, cy + sign * abs(off) ** 1.6 * 1.5, sign * off * angle))
    return out


def layout(snapshot: dict, bottom: int, hidden_hands: frozenset[int] = frozenset(), view_scale: float = 1.0,
           free: dict[str, tuple[float, float]] | None = None,
           spread: frozenset[tuple] = frozenset()) -> dict[str, tuple[dict, Place]]:
    """Every card item of the snapshot with its place. `hidden_hands`: players whose hand is drawn face down;
    `view_scale`: screen pixels per scene unit; `free`: battlefield cards put where the player dropped them
    (by item key); `spread`: piles (by `pile_key`) the player has spread out."""
    places: dict[str, tuple[dict, Place]] = {}
    free = free or {}
    players = snapshot.get("players", [])
    seats = snapshot_seating(snapshot, bottom)
    for player in players:
        index = player["index"]
        seat = seats[index]
        hand = player.get("hand", [])
        if seat.hand_drawn:
            where = "bottom" if seat.bottom else "top"
            for i, (obj, (x, y, rot)) in enumerate(zip(hand, fan(len(hand), where, seat.hand_scale))):
                face_up = not obj.get("hidden") and index not in hidden_hands
                places[item_key(obj)] = (obj, Place(x, y, rot, seat.hand_scale, 6000 + i, face_up, "hand", index))
        for zone in ("graveyard", "exile"):
            cards = player.get(zone, [])
            if cards:
                top = cards[-1]  # the last is the top (the others lie under it, out of sight)
                x, y = seat.piles[zone]
                places[item_key(top)] = (top, Place(x, y, 0.0, seat.pile_scale, 50, True, zone, index))
        x, y = seat.command
        for k, obj in enumerate(player.get("command", [])):
            dy = COMMAND_STEP * seat.pile_scale * k * seat.away
            # 315.7: an opponent's face-down conspiracy shows its back
            places[item_key(obj)] = (obj, Place(x, y + dy, 0.0, seat.pile_scale, 60 - k, not obj.get("hidden"),
                                                "command", index))
        companion = player.get("companion")
        if companion is not None:
            # 103.2b, 702.139a: the companion revealed from outside the game, beside the command zone (below
            # the commanders in a Commander game)
            k = len(player.get("command", []))
            dy = COMMAND_STEP * seat.pile_scale * k * seat.away
            places[item_key(companion)] = (companion, Place(x, y + dy, 0.0, seat.pile_scale, 60 - k, True,
                                                            "outside", index))

    battlefield = snapshot.get("battlefield", [])
    by_id = {obj["id"]: obj for obj in battlefield}
    attachments: dict[int, list[dict]] = {}
    halves: dict[int, dict[str, list[dict]]] = {}
    for obj in sorted(battlefield, key=lambda o: o["id"]):
        host = obj.get("attached_to")
        if isinstance(host, int) and host in by_id:
            attachments.setdefault(host, []).append(obj)
        else:
            row = "creatures" if battlefield_row(obj) == "creatures" else "back"
            halves.setdefault(obj.get("controller", 0), {}).setdefault(row, []).append(obj)
    for controller, half in halves.items():
        seat = seats.get(controller) or seats[bottom]
        # The back row: other permanents first, then the lands.
        if "back" in half:
            half["back"].sort(key=lambda o: (battlefield_row(o) == "lands", o["id"]))
        rows: list[tuple[str, list[_Pile]]] = []
        for name in ("creatures", "back"):
            if name in half:
                rows.append((name, _piles(half[name], attachments, free, spread)))
        scale = field_scale([r for _, r in rows if r], view_scale, seat)
        for r, (_, piles) in enumerate(rows):
            y = seat.near + (seat.far - seat.near) * (r + 0.5) / len(rows)
            centres = _spread([p.width(scale) for p in piles], seat.left, seat.right)
            for i, (pile, x) in enumerate(zip(piles, centres)):
                _place_pile(pile, x, y, scale, 100 + i * 40, seat, controller, places, attachments, seats)
        for obj in half.get("creatures", []) + half.get("back", []):
            key = item_key(obj)
            if key in free:
                fx, fy = free[key]
                _, place = places[key]
                places[key] = (obj, replace(place, x=fx, y=fy, z=2000 + obj["id"] % 1000, count=1))
                _place_attachments(obj, fx, fy, place.z, attachments, places, seats, scale)

    stack = snapshot.get("stack", [])
    if stack:
        step = min(40.0, (STACK_BOTTOM_Y - STACK_TOP_Y) / max(1, len(stack) - 1)) if len(stack) > 1 else 0.0
        for i, obj in enumerate(stack):
            y = STACK_TOP_Y + i * step
            places[item_key(obj)] = (obj, Place(STACK_CENTER_X, y, 0.0, STACK_SCALE, 6500 + i, True, "stack",
                                                obj.get("controller", 0)))
    return places


def _piles(objs: list[dict], attachments: dict[int, list[dict]], free: dict[str, tuple[float, float]],
           spread: frozenset[tuple]) -> list[_Pile]:
    """A row's spots in order: identical lands and tokens gathered into piles where they first appear."""
    piles: list[_Pile] = []
    by_key: dict[tuple, _Pile] = {}
    for obj in objs:
        key = pile_key(obj)
        if key is None or obj["id"] in attachments or item_key(obj) in free:
            piles.append(_Pile([obj]))
        elif key in spread:
            if key in by_key:
                by_key[key].spread_of += 1
                piles.append(_Pile([obj]))
            else:
                by_key[key] = _Pile([obj], 1)
                piles.append(by_key[key])
        elif key in by_key:
            by_key[key].objs.append(obj)
        else:
            by_key[key] = _Pile([obj])
            piles.append(by_key[key])
    return piles


def _place_pile(pile: _Pile, x: float, y: float, scale: float, z: float, seat: Seat, controller: int,
                places: dict[str, tuple[dict, Place]], attachments: dict[int, list[dict]],
                seats: dict[int, Seat]) -> None:
    """The cards of a spot: the top one in front with the pile's count, the others peeking out beside it."""
    n = len(pile.objs)
    left = x - pile.width(scale) / 2 + (CARD_H if pile.tapped else CARD_W) * scale / 2
    for k, obj in enumerate(pile.objs):
        px = left + PILE_STEP * scale * (n - 1 - k)
        py = y + PILE_STEP * scale * (n - 1 - k) * -seat.away * 0.5
        count = (n if k == n - 1 else 0) if pile.spread_of < 2 else -pile.spread_of
        place = Place(px, py, 90.0 if obj.get("tapped") else 0.0, scale, z + k, not obj.get("face_down"),
                      "battlefield", obj.get("owner", controller), count)
        places[item_key(obj)] = (obj, place)
        _place_attachments(obj, px, py, z + k, attachments, places, seats, scale)


def _place_attachments(host: dict, x: float, y: float, z: float, attachments: dict[int, list[dict]],
                       places: dict[str, tuple[dict, Place]], seats: dict[int, Seat], scale: float,
                       depth: int = 1) -> None:
    """Auras and Equipment peek out from under their host, away from the middle of the table."""
    seat = seats.get(host.get("controller", 0))
    away = seat.away if seat is not None else -1
    for k, att in enumerate(sorted(attachments.get(host["id"], []), key=lambda o: o["id"]), depth):
        ay = y + ATTACH_OFFSET * scale * k * away
        places[item_key(att)] = (att, Place(x, ay, 90.0 if att.get("tapped") else 0.0, scale, z - k - 0.5, True,
                                            "battlefield", att.get("owner", 0)))
        _place_attachments(att, x, ay, z - k - 0.5, attachments, places, seats, scale, depth + 1)


def drop_zone(x: float, y: float, bottom: int, seats: dict[int, Seat] | None = None) -> tuple[str, int] | None:
    """The zone and its owner under a scene point: a pile, a player's panel ("player"), a battlefield half,
    a hand, or the stack. `seats`: a table of three or more (seating); two players by default."""
    if seats is not None and len(seats) > 2:
        return _multiplayer_drop_zone(x, y, bottom, seats)
    other = 1 - bottom
    for seat, player in (("bottom", bottom), ("top", other)):
        px, py = panel_pos(seat)
        if abs(x - px) <= PANEL_HALF[0] and abs(y - py) <= PANEL_HALF[1]:
            return "player", player
        for zone in ("library", "graveyard", "exile"):
            px, py = pile_pos(zone, seat)
            if abs(x - px) <= CARD_W * 0.7 and abs(y - py) <= CARD_H * 0.6:
                return zone, player
    if abs(x - STACK_CENTER_X) <= 140 and STACK_TOP_Y - 100 <= y <= STACK_BOTTOM_Y + 60:
        return "stack", bottom
    if FIELD_LEFT - 10 <= x <= FIELD_RIGHT + 10:
        if y >= ROW_Y["hand"] - CARD_H * HAND_SCALE / 2 - 4:
            return "hand", bottom
        if y < CARD_H * OPPONENT_HAND_SCALE + 12:
            return "hand", other
        return "battlefield", bottom if y >= PHASE_BAR_Y else other
    return None


def _multiplayer_drop_zone(x: float, y: float, bottom: int, seats: dict[int, Seat]) -> tuple[str, int] | None:
    for player, seat in seats.items():
        for zone, (px, py) in seat.piles.items():
            if abs(x - px) <= CARD_W * 0.7 * seat.pile_scale and abs(y - py) <= CARD_H * 0.6 * seat.pile_scale:
                return zone, player
        if seat.in_panel(x, y):
            return "player", player
    if abs(x - STACK_CENTER_X) <= 140 and STACK_TOP_Y - 100 <= y <= STACK_BOTTOM_Y + 60:
        return "stack", bottom
    if FIELD_LEFT - 10 <= x <= FIELD_RIGHT + 10 and y >= ROW_Y["hand"] - CARD_H * HAND_SCALE / 2 - 4:
        return "hand", bottom
    for player, seat in seats.items():
        if seat.in_field(x, y) or (seat.bottom and FIELD_LEFT - 10 <= x <= FIELD_RIGHT + 10 and y >= PHASE_BAR_Y):
            return "battlefield", player
    return None
