"""The game log dock: one short line per event, a separator at each turn, each line in its player's colour,
card names that show the card large when the mouse is over them, and a level filter (everything, actions,
turns). Its entries are kept in the save file beside the plain lines older saves hold."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from html import escape
from itertools import count
from typing import Any

from PySide6.QtCore import QSettings, Qt, QUrl, Signal, Slot
from PySide6.QtGui import QColor, QTextBlockFormat, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QTextBrowser, QVBoxLayout, QWidget

from app.steps import STEP_LABELS

LOG_LIMIT = 2000
# Each player's lines (log and stack): the first blue, the second orange, then up to six players (800.1).
PLAYER_COLORS = ("#8cc8ff", "#ffaa80", "#a8e08c", "#e0a8f0", "#f0e070", "#80e0d8")


def is_player(value: object) -> bool:
    """Whether an event's value names a player (an index, not a bool)."""
    return type(value) is int and 0 <= value < len(PLAYER_COLORS)

NEUTRAL = "#e8e4d8"
DIM = "#9a9a8c"
TURN_BACKGROUND = "#2c3d31"
LEVEL_KEY = "log/level"
FACE_FIELDS = ("name", "mana_cost", "type_line", "text", "colors", "power", "toughness", "loyalty")
NAME_LIMIT = 300  # cardsdb.limits' card name bound: a longer "name" in a save is not a card


class Level(Enum):
    """How much of the log is shown."""

    EVERYTHING = "Everything"
    ACTIONS = "Actions"     # what the players and their cards did, and what came of it
    TURNS = "Turns"         # only the turns, and how the game began and ended


# The engine's event kinds by level; a line without a kind (a save from before kinds were kept) is an action.
TURN_KINDS = frozenset({"turn", "game_start", "game_over", "lose", "note"})
ROUTINE_KINDS = frozenset({"step", "mana", "tap", "untap", "draw", "shuffle", "zone_change", "delayed_created",
                           "regeneration_shield", "scry", "surveil", "reveal"})
STEP_PREFIX = re.compile(r"^Turn \d+ \([^)]*\): ")


@dataclass(frozen=True)
class LogEntry:
    """One line: its words, the engine's event kind, the player it is about, the cards it names."""

    text: str
    kind: str = ""
    player: int | None = None
    cards: tuple[dict[str, Any], ...] = field(default=())

    def shown_at(self, level: Level) -> bool:
        if level is Level.TURNS:
            return self.kind in TURN_KINDS
        if level is Level.ACTIONS:
            return self.kind not in ROUTINE_KINDS
        return True

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "kind": self.kind, "player": self.player, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, value: object) -> "LogEntry | None":
        """An entry as saved: a plain line (older saves) or its dict; anything else is no entry."""
        if isinstance(value, str):
            return cls(value, _kind_of_plain_line(value))
        if not isinstance(value, dict) or not isinstance(value.get("text"), str):
            return None
        kind = value.get("kind") if isinstance(value.get("kind"), str) else ""
        player = value.get("player") if is_player(value.get("player")) else None
        cards = value.get("cards") if isinstance(value.get("cards"), list) else []
        return cls(value["text"], kind, player, tuple(face for c in cards if (face := _face(c)) is not None))


def _kind_of_plain_line(text: str) -> str:
    """A line from a save that kept only words: turn lines are still turns."""
    if re.match(r"^Turn \d+: ", text):
        return "turn"
    if text.startswith("— Game loaded"):
        return "note"
    return ""


def _face(obj: object) -> dict[str, Any] | None:
    """What the preview draws of a card (CardFace.from_obj), from an object view or a save."""
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str) or not obj["name"] \
            or len(obj["name"]) > NAME_LIMIT or obj.get("hidden"):
        return None
    return {k: obj[k] for k in FACE_FIELDS if isinstance(obj.get(k), (str, int)) and type(obj.get(k)) is not bool}


def note(text: str) -> LogEntry:
    """A line of the table's own (a game loaded), shown at every level."""
    return LogEntry(text, "note")


# -- from the engine's events ----------------------------------------------------------------------------
def visible_objects(snapshots: list[dict]) -> dict[int, dict]:
    """Every object the snapshots show, by id (later snapshots win)."""
    seen: dict[int, dict] = {}
    for snap in snapshots:
        zones = [snap.get("battlefield") or [], snap.get("stack") or []]
        for p in snap.get("players") or []:
            zones += [p.get("hand") or [], p.get("graveyard") or [], p.get("exile") or []]
        for zone in zones:
            for obj in zone:
                if isinstance(obj, dict) and isinstance(obj.get("id"), int):
                    seen[obj["id"]] = obj
    return seen


def _ids(data: dict) -> list[int]:
    """The objects an event is about, most important first."""
    out: list[int] = []
    for key in ("object", "source", "old", "target", "to", "attackers", "cards", "targets"):
        value = data.get(key)
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, int) and not isinstance(v, bool) and v not in out:
                out.append(v)
    return out


def _player(event: dict, objects: dict[int, dict]) -> int | None:
    data = event.get("data") or {}
    for key in ("player", "controller", "source_controller", "active", "owner"):
        value = data.get(key)
        if is_player(value):
            return value
    for oid in _ids(data):
        obj = objects.get(oid)
        if obj is not None and is_player(obj.get("controller")):
            return obj["controller"]
    return None


def _card_of(obj: dict, objects: dict[int, dict]) -> dict | None:
    """The card to show for an object: an ability shows its source."""
    if obj.get("kind") == "ability":
        return objects.get(obj.get("source")) if isinstance(obj.get("source"), int) else None
    return obj


def log_entries(events: list[dict], snapshots: list[dict]) -> list[LogEntry]:
    """Log entries for events (their text as the players read it), with the cards they name found in the
    snapshots from before and after them."""
    objects = visible_objects(snapshots)
    by_name = {o["name"]: o for o in objects.values() if o.get("name") and o.get("kind") != "ability"}
    entries = []
    for event in events:
        text = str(event.get("text") or "")
        if not text:
            continue
        kind = str(event.get("kind") or "")
        data = event.get("data") or {}
        faces: dict[str, dict] = {}
        for oid in _ids(data):
            card = _card_of(objects[oid], objects) if oid in objects else None
            face = _face(card)
            if face is not None and face["name"] in text:
                faces.setdefault(face["name"], face)
        name = data.get("name")
        if isinstance(name, str) and name in by_name and name in text and name not in faces:
            face = _face(by_name[name])
            if face is not None:
                faces[name] = face
        if kind == "step":  # the turn and its player are said by the turn's separator
            text = STEP_LABELS.get(str(data.get("step")), STEP_PREFIX.sub("", text).capitalize())
        entries.append(LogEntry(text, kind, _player(event, objects), tuple(faces.values())))
    return entries


# -- the dock's widget ---------------------------------------------------------------------------------
class GameLog(QWidget):
    """The log with its level filter; `hovered` says which card the mouse is on (a face dict, or None)."""

    hovered = Signal(object)
    limit = LOG_LIMIT  # lines kept; the oldest go

    def __init__(self, qsettings: QSettings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.qsettings = qsettings
        self._entries: list[tuple[int, LogEntry]] = []
        self._serials = count()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        row = QHBoxLayout()
        row.addWidget(QLabel("Show"))
        self.level_box = QComboBox()
        for level in Level:
            self.level_box.addItem(level.value, level)
        self.level_box.setToolTip("Everything; the actions (no steps, mana, taps, draws); or only the turns")
        row.addWidget(self.level_box, 1)
        layout.addLayout(row)
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)
        self.view.setObjectName("GameLogText")
        self.view.setStyleSheet(f"#GameLogText {{ background: #16201a; color: {NEUTRAL}; }}")
        self.view.document().setDefaultStyleSheet(
            "a { color: #f5e6b8; text-decoration: none; font-weight: bold; } p { margin: 0; }")
        self.view.highlighted.connect(self._on_link_hovered)
        layout.addWidget(self.view, 1)
        saved = str(qsettings.value(LEVEL_KEY, "")) if qsettings is not None else ""
        index = self.level_box.findText(saved)
        self.level_box.setCurrentIndex(max(0, index))
        self.level_box.currentIndexChanged.connect(self._on_level_changed)

    @property
    def level(self) -> Level:
        return self.level_box.currentData()

    def entries(self) -> list[LogEntry]:
        return [entry for _, entry in self._entries]

    def lines(self) -> list[str]:
        return [entry.text for _, entry in self._entries]

    def count(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries = []
        self.view.clear()
        self.hovered.emit(None)

    def add(self, entries: list[LogEntry]) -> None:
        added = [(next(self._serials), entry) for entry in entries]
        drawn = len(self._entries)
        self._entries.extend(added)
        level = self.level
        overflow = len(self._entries) - self.limit
        if overflow > 0:  # the oldest go: those drawn come off the top, those of this batch are never drawn
            self._drop_first_lines(sum(entry.shown_at(level) for _, entry in self._entries[:min(overflow, drawn)]))
            del self._entries[:overflow]
            added = added[max(0, overflow - drawn):]
        for serial, entry in added:
            if entry.shown_at(level):
                self._append(serial, entry)
        self.view.verticalScrollBar().setValue(self.view.verticalScrollBar().maximum())

    def _drop_first_lines(self, n: int) -> None:
        """The oldest shown lines off the top (no redrawing of the thousands that stay)."""
        if n <= 0:
            return
        doc = self.view.document()
        if n >= doc.blockCount():
            self.view.clear()
            return
        cursor = QTextCursor(doc)
        cursor.movePosition(QTextCursor.MoveOperation.NextBlock, QTextCursor.MoveMode.KeepAnchor, n)
        cursor.removeSelectedText()

    def _render(self) -> None:
        level = self.level
        self.view.clear()
        for serial, entry in self._entries:
            if entry.shown_at(level):
                self._append(serial, entry)
        self.view.verticalScrollBar().setValue(self.view.verticalScrollBar().maximum())

    @Slot(int)
    def _on_level_changed(self, _index: int) -> None:
        if self.qsettings is not None:
            self.qsettings.setValue(LEVEL_KEY, self.level.value)
        self._render()

    def _append(self, serial: int, entry: LogEntry) -> None:
        """One line at the end, with its own block format (an appended HTML paragraph would take on the
        format of the one before it: every line would look like a turn separator)."""
        doc = self.view.document()
        cursor = QTextCursor(doc)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        block = QTextBlockFormat()
        block.setAlignment(Qt.AlignmentFlag.AlignLeft)
        color = PLAYER_COLORS[entry.player] if entry.player is not None else NEUTRAL
        body = _linked(entry, serial)
        if entry.kind == "turn":
            block.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            block.setBackground(QColor(TURN_BACKGROUND))
            block.setTopMargin(8)
            html = f"<b style='color: {color};'>{body}</b>"
        elif entry.kind in ("game_start", "game_over", "note"):
            block.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            html = f"<i style='color: #f5e6b8;'>{body}</i>"
        elif entry.kind == "step":
            html = f"<small style='color: {DIM};'>{body}</small>"
        else:
            html = f"<span style='color: {color};'>{body}</span>"
        if not doc.isEmpty():
            cursor.insertBlock(block, QTextCharFormat())
        cursor.insertHtml(html)
        cursor.setBlockFormat(block)  # after the HTML, which brings a block format of its own

    @Slot(QUrl)
    def _on_link_hovered(self, url: QUrl) -> None:
        self.hovered.emit(self.card_at_link(url.toString()))

    def card_at_link(self, link: str) -> dict | None:
        match = re.fullmatch(r"card:(\d+)/(\d+)", link)
        if match is None:
            return None
        serial, index = int(match.group(1)), int(match.group(2))
        entry = next((e for s, e in self._entries if s == serial), None)
        return entry.cards[index] if entry is not None and index < len(entry.cards) else None

    def leaveEvent(self, event) -> None:  # noqa: ANN001 - Qt signature
        self.hovered.emit(None)  # the mouse left the log while over a name
        super().leaveEvent(event)


def _linked(entry: LogEntry, serial: int) -> str:
    """The entry's words as HTML, each card it names a link (longest names first, so "Llanowar Elves"
    is one link, not "Elves" inside it)."""
    if not entry.cards:
        return escape(entry.text)
    order = sorted(range(len(entry.cards)), key=lambda i: -len(entry.cards[i]["name"]))
    pattern = re.compile("|".join(f"({re.escape(entry.cards[i]['name'])})" for i in order))
    out, last = [], 0
    for match in pattern.finditer(entry.text):
        index = order[match.lastindex - 1]
        out.append(escape(entry.text[last:match.start()]))
        out.append(f"<a href='card:{serial}/{index}'>{escape(match.group(0))}</a>")
        last = match.end()
    out.append(escape(entry.text[last:]))
    return "".join(out)
