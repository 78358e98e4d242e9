"""Where every card of a snapshot goes on the table: pure geometry, no Qt, so it is tested directly.

The scene is a fixed 1920 x 1200 board that the view scales to the window. The seat at the bottom is
the viewer; each player's battlefield has three rows (creatures nearest the middle, then other
permanents, then lands), with Auras and Equipment tucked under what they are attached to (303.4, 301.5).
"""
from __future__ import annotations

from dataclasses import dataclass

SCENE_W, SCENE_H = 1920.0, 1200.0
CARD_W, CARD_H = 90.0, 126.0
FIELD_LEFT, FIELD_RIGHT = 215.0, 1570.0
GAP = 10.0
PHASE_BAR_Y = 600.0
HAND_SCALE = 1.2
OPPONENT_HAND_SCALE = 0.9
STACK_SCALE = 1.0
ATTACH_OFFSET = 24.0

# Row centres for the bottom seat; the top seat mirrors them around the middle.
ROW_Y = {"creatures": 693.0, "others": 827.0, "lands": 961.0, "hand": 1108.0}
PILE_X = {"library": 1645.0, "graveyard": 1750.0, "exile": 1855.0}
PANEL_CENTER = (105.0, 827.0)
PANEL_HALF = (95.0, 125.0)
STACK_CENTER_X = 1750.0
STACK_TOP_Y, STACK_BOTTOM_Y = 430.0, 800.0


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


def seat_of(player: int, bottom: int) -> str:
    return "bottom" if player == bottom else "top"


def mirror_y(y: float, seat: str) -> float:
    return y if seat == "bottom" else SCENE_H - y


def row_y(row: str, seat: str) -> float:
    return mirror_y(ROW_Y[row], seat)


def pile_pos(zone: str, seat: str) -> tuple[float, float]:
    return PILE_X[zone], row_y("lands", seat)


def panel_pos(seat: str) -> tuple[float, float]:
    return PANEL_CENTER[0], mirror_y(PANEL_CENTER[1], seat)


def hand_center(seat: str) -> tuple[float, float]:
    y = ROW_Y["hand"] if seat == "bottom" else CARD_H * OPPONENT_HAND_SCALE / 2 + 8
    return (FIELD_LEFT + FIELD_RIGHT) / 2, y


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


def layout(snapshot: dict, bottom: int, hidden_hands: frozenset[int] = frozenset()) -> dict[str, tuple[dict, Place]]:
    """Every card item of the snapshot with its place. `hidden_hands`: players whose hand is drawn face down."""
    places: dict[str, tuple[dict, Place]] = {}
    players = snapshot.get("players", [])
    for player in players:
        index = player["index"]
        seat = seat_of(index, bottom)
        hand = player.get("hand", [])
        scale = HAND_SCALE if seat == "bottom" else OPPONENT_HAND_SCALE
        for i, (obj, (x, y, rot)) in enumerate(zip(hand, fan(len(hand), seat, scale))):
            face_up = not obj.get("hidden") and index not in hidden_hands
            places[item_key(obj)] = (obj, Place(x, y, rot, scale, 300 + i, face_up, "hand", index))
        for zone in ("graveyard", "exile"):
            cards = player.get(zone, [])
            if cards:
                top = cards[-1]  # the last is the top (the others lie under it, out of sight)
                x, y = pile_pos(zone, seat)
                places[item_key(top)] = (top, Place(x, y, 0.0, 1.0, 50, True, zone, index))

    battlefield = snapshot.get("battlefield", [])
    by_id = {obj["id"]: obj for obj in battlefield}
    attachments: dict[int, list[dict]] = {}
    rows: dict[tuple[int, str], list[dict]] = {}
    for obj in battlefield:
        host = obj.get("attached_to")
        if isinstance(host, int) and host in by_id:
            attachments.setdefault(host, []).append(obj)
        else:
            rows.setdefault((obj.get("controller", 0), battlefield_row(obj)), []).append(obj)
    for (controller, row), objs in rows.items():
        seat = seat_of(controller, bottom)
        objs.sort(key=lambda o: o["id"])
        widths = [CARD_H if o.get("tapped") else CARD_W for o in objs]
        y = row_y(row, seat)
        for i, (obj, x) in enumerate(zip(objs, _spread(widths, FIELD_LEFT, FIELD_RIGHT))):
            z = 100 + i * 3
            places[item_key(obj)] = (obj, Place(x, y, 90.0 if obj.get("tapped") else 0.0, 1.0, z,
                                                not obj.get("face_down"), "battlefield", obj.get("owner", controller)))
            _place_attachments(obj, x, y, z, attachments, places, bottom)

    stack = snapshot.get("stack", [])
    if stack:
        step = min(40.0, (STACK_BOTTOM_Y - STACK_TOP_Y) / max(1, len(stack) - 1)) if len(stack) > 1 else 0.0
        for i, obj in enumerate(stack):
            y = STACK_TOP_Y + i * step
            places[item_key(obj)] = (obj, Place(STACK_CENTER_X, y, 0.0, STACK_SCALE, 500 + i, True, "stack",
                                                obj.get("controller", 0)))
    return places


def _place_attachments(host: dict, x: float, y: float, z: float, attachments: dict[int, list[dict]],
                       places: dict[str, tuple[dict, Place]], bottom: int, depth: int = 1) -> None:
    """Auras and Equipment peek out from under their host, away from the middle of the table."""
    for k, att in enumerate(sorted(attachments.get(host["id"], []), key=lambda o: o["id"]), depth):
        ay = y + ATTACH_OFFSET * k * (1 if seat_of(host.get("controller", 0), bottom) == "bottom" else -1)
        places[item_key(att)] = (att, Place(x, ay, 90.0 if att.get("tapped") else 0.0, 1.0, z - k, True,
                                            "battlefield", att.get("owner", 0)))
        _place_attachments(att, x, ay, z - k, attachments, places, bottom, depth + 1)


def drop_zone(x: float, y: float, bottom: int) -> tuple[str, int] | None:
    """The zone and its owner under a scene point: a pile, a player's panel ("player"), a battlefield half,
    a hand, or the stack."""
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
