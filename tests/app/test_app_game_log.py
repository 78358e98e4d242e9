"""The game log: short lines in each player's colour, turn separators, card names that show the card large
under the mouse, a level filter, and all of it kept in the save file (older saves still load)."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtTest import QTest

from app.game_log import PLAYER_COLORS, GameLog, Level, LogEntry, log_entries
from app.savefile import save_envelope, saved_log

BEARS = {"id": 40, "card_id": 7, "name": "Grizzly Bears", "controller": 1, "owner": 1, "zone": "battlefield",
         "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "text": "", "colors": "G", "power": 2,
         "toughness": 2, "types": ["Creature"]}
BOLT = {"id": 41, "card_id": 8, "name": "Lightning Bolt", "controller": 0, "owner": 0, "zone": "stack",
        "mana_cost": "{R}", "type_line": "Instant", "text": "~ deals 3 damage to any target.", "colors": "R",
        "power": None, "toughness": None, "types": ["Instant"], "kind": "spell", "targets": [40]}
SNAP = {"players": [{"index": 0, "name": "Alice", "hand": [], "graveyard": [], "exile": []},
                    {"index": 1, "name": "Bob", "hand": [{"id": 50, "hidden": True}], "graveyard": [], "exile": []}],
        "battlefield": [BEARS], "stack": [BOLT]}
EVENTS = [
    {"kind": "turn", "data": {"turn": 3, "active": 0}, "text": "Turn 3: Alice's turn"},
    {"kind": "step", "data": {"step": "upkeep", "turn": 3, "active": 0}, "text": "Turn 3 (Alice): upkeep"},
    {"kind": "cast", "data": {"player": 0, "object": 41, "name": "Lightning Bolt", "targets": [40]},
     "text": "Alice casts Lightning Bolt targeting Grizzly Bears"},
    {"kind": "tap", "data": {"object": 40}, "text": "Grizzly Bears becomes tapped"},
    {"kind": "draw", "data": {"player": 1}, "text": "Bob draws a card"},
]


def test_entries_know_their_player_their_cards_and_read_short():
    turn, step, cast, tap, draw = log_entries(EVENTS, [SNAP])
    assert (turn.kind, turn.player) == ("turn", 0)
    assert step.text == "Upkeep"  # the turn is said by its separator
    assert cast.player == 0 and [c["name"] for c in cast.cards] == ["Lightning Bolt", "Grizzly Bears"]
    assert cast.cards[0]["text"] == "~ deals 3 damage to any target." and "id" not in cast.cards[0]
    assert tap.player == 1 and [c["name"] for c in tap.cards] == ["Grizzly Bears"]  # its controller's line
    assert draw.player == 1 and draw.cards == ()


def test_levels_hide_routine_lines_or_all_but_the_turns():
    entries = log_entries(EVENTS, [SNAP])
    assert [e.kind for e in entries if e.shown_at(Level.ACTIONS)] == ["turn", "cast"]
    assert [e.kind for e in entries if e.shown_at(Level.TURNS)] == ["turn"]
    assert all(e.shown_at(Level.EVERYTHING) for e in entries)


def test_the_level_filter_is_chosen_by_keys_and_remembered(qtbot, settings):
    log = GameLog(settings.qsettings)
    qtbot.addWidget(log)
    log.show()
    log.add(log_entries(EVENTS, [SNAP]))
    text = log.view.toPlainText()
    assert "Upkeep" in text and "Bob draws a card" in text and "Turn 3: Alice's turn" in text
    log.level_box.setFocus()
    QTest.keyClick(log.level_box, Qt.Key.Key_Down)
    assert log.level is Level.ACTIONS
    text = log.view.toPlainText()
    assert "Upkeep" not in text and "draws" not in text and "Alice casts Lightning Bolt" in text
    QTest.keyClick(log.level_box, Qt.Key.Key_Down)
    assert log.view.toPlainText().split() == "Turn 3: Alice's turn".split()
    assert log.count() == 5  # hidden, not forgotten
    again = GameLog(settings.qsettings)
    qtbot.addWidget(again)
    assert again.level is Level.TURNS


def test_each_player_has_a_colour_and_each_turn_a_separator(qtbot):
    log = GameLog()
    qtbot.addWidget(log)
    log.add(log_entries(EVENTS, [SNAP]))
    html = log.view.toHtml().lower()
    assert PLAYER_COLORS[0] in html and PLAYER_COLORS[1] in html
    assert html.replace(" ", "").count("background-color:#2c3d31") == 1  # the separator, not the lines after it


def link_point(browser, name: str) -> QPoint:
    """Where on the log's viewport the link of a card name is drawn (its middle letter)."""
    doc = browser.document()
    cursor = QTextCursor(doc)
    positions = []
    for pos in range(1, doc.characterCount()):
        cursor.setPosition(pos)
        if cursor.charFormat().anchorHref().startswith("card:"):
            positions.append(pos)
    text = doc.toPlainText()
    start = text.index(name)
    inside = [p for p in positions if start < p <= start + len(name)]
    assert inside, f"{name} is not a link"
    cursor.setPosition(inside[len(inside) // 2])
    return browser.cursorRect(cursor).center() - QPoint(2, 0)


def test_a_card_name_in_the_log_shows_the_card_large_on_the_table(qtbot, window):
    pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")
    from play_helpers import first_land

    first_land(qtbot, window)
    browser = window.log.view
    qtbot.waitUntil(lambda: "play Mountain" in browser.toPlainText() or "plays Mountain" in browser.toPlainText(),
                    timeout=10000)
    line = next(e for e in window.log.entries() if e.kind == "play_land")
    assert line.player == 0 and line.cards[0]["name"] == "Mountain"
    QTest.mouseMove(browser.viewport(), link_point(browser, "Mountain"))
    qtbot.waitUntil(lambda: window.view.preview.isVisible(), timeout=10000)
    assert window.view.preview.face.name == "Mountain"
    QTest.mouseMove(browser.viewport(), QPoint(browser.viewport().width() - 3, browser.viewport().height() - 3))
    qtbot.waitUntil(lambda: not window.view.preview.isVisible(), timeout=10000)


def test_the_log_kept_in_a_save_keeps_its_colours_and_cards():
    entries = log_entries(EVENTS, [SNAP])
    text = save_envelope({"opponent": "ai"}, json.dumps({"turn": 3}), [e.to_json() for e in entries])
    data = json.loads(text)
    assert data["log"] == [e.text for e in entries]  # the plain lines any ManaTable reads
    back = [LogEntry.from_json(item) for item in saved_log(text)]
    assert back == entries


def test_a_save_from_before_log_details_still_loads_its_lines():
    old = json.dumps({"format": "manatable-save", "version": 1, "config": {}, "game": {},
                      "log": ["Turn 1: Alice's turn", "Alice plays Mountain", 7]})
    back = [LogEntry.from_json(item) for item in saved_log(old)]
    assert [(e.text, e.kind) for e in back] == [("Turn 1: Alice's turn", "turn"), ("Alice plays Mountain", "")]
    assert back[1].shown_at(Level.ACTIONS) and not back[1].shown_at(Level.TURNS)


def test_damaged_log_details_are_dropped_not_trusted():
    assert LogEntry.from_json({"text": "x", "player": True, "cards": [{"name": ""}, "y", {"name": "Ok", "power": []}]}) \
        == LogEntry("x", "", None, ({"name": "Ok"},))
    assert LogEntry.from_json({"kind": "cast"}) is None and LogEntry.from_json(3) is None
    mismatched = json.dumps({"format": "manatable-save", "log": ["a", "b"], "log_detail": [{"kind": "turn"}]})
    assert saved_log(mismatched) == ["a", "b"]


def test_the_oldest_lines_go_past_the_limit(qtbot):
    log = GameLog()
    qtbot.addWidget(log)
    log.limit = 10
    log.add([LogEntry(f"line {i}", "cast" if i % 2 else "tap") for i in range(8)])
    log.add([LogEntry(f"line {i}", "cast" if i % 2 else "tap") for i in range(8, 13)])
    assert log.lines() == [f"line {i}" for i in range(3, 13)]
    assert log.view.toPlainText().splitlines() == log.lines()
    log.level_box.setCurrentIndex(1)  # actions: the odd lines
    log.add([LogEntry(f"line {i}", "cast" if i % 2 else "tap") for i in range(13, 30)])
    assert log.lines() == [f"line {i}" for i in range(20, 30)]
    assert log.view.toPlainText().splitlines() == [f"line {i}" for i in range(21, 30, 2)]
