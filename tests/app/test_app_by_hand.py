"""Pass-and-play with a card played by hand (issue 12), through real mouse and key events: the New game dialog
lists the card and the sentence the engine can't read; the players choose to play it by hand; it resolves by
the rules up to that sentence, its caster carries the sentence out with a table move (taken back once with
Ctrl+Z, the other player agreeing), then clicks Done and the rest resolves by the rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from app.dialogs import NewGameDialog
from app.savefile import save_envelope
from app.worker import GameConfig
from cardsdb.database import CardDatabase
from cardsdb.decks import Deck, DeckEntry
from engine import Game
from engine.core.cards import RecordSource
from engine.core.enums import Step, Zone
from play_helpers import (MY_BATTLEFIELD, WAIT, card_in_hand, decision, drag, keep_hand, on_battlefield,
                          settled_drag, shortcut, wait_for)
from test_app_saving import save_as
from test_app_table_input import answer_menu
from tests.modal_driver import press, when_modal

MOONSONG = Path(__file__).resolve().parents[1] / "fixtures" / "cardsdb" / "moonsong-set.json"
CHANT = "Moonsong Chant"
SONG = "Each player sings a song of the forgotten plane"


@pytest.fixture
def moonsong_db(tmp_path, monkeypatch) -> Path:
    """The player's database with a (made-up) set whose cards hold text the engine can't read, and a deck."""
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "data"))
    with CardDatabase.open_default(sets=()) as db:
        db.import_file(MOONSONG)
        db.save_deck(Deck(name="Moonsong", main=[DeckEntry("Mountain", 30), DeckEntry(CHANT, 30)]))
        return db.path


def _start_by_hand(qtbot, window) -> list[str]:
    """New game: pass-and-play, rules enforced, the Moonsong deck; Start lists the card, the box is ticked,
    Start again. Returns what the dialog listed."""
    listed: list[str] = []

    def run(dialog: NewGameDialog) -> None:
        dialog.deck_boxes[0].setCurrentText("My deck: Moonsong")
        qtbot.mouseClick(dialog.opponent_hotseat, Qt.MouseButton.LeftButton)
        dialog.rules_enforced.setChecked(True)  # set directly: the dialog remembers the last game's choice
        dialog.starter.setCurrentText("Player 1")
        dialog.seed.setText("3")
        start = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
        assert dialog.config is None and dialog.isVisible() and dialog.play_by_hand.isVisible()
        listed.append(dialog.unread.text())
        qtbot.mouseClick(dialog.play_by_hand, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
        assert dialog.config is not None and dialog.config.by_hand

    when_modal(NewGameDialog, run)
    qtbot.mouseClick(window.start_page.buttons["New game"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.config is not None and not window.controller.busy, timeout=60000)
    return listed


def _wait_by_hand(qtbot, window) -> None:
    """Until Alice carries a spell or ability out by hand, each player passing when asked (with a trigger
    played by hand in play, priority is not passed for its controller: they may have seen it trigger)."""
    def ready() -> bool:
        d = decision(window)
        if d is None or window.controller.hiding:
            return False
        if d["kind"] == "priority" and window.controller.snapshot.get("stack"):
            window.activateWindow()  # as after a menu or a dialog closed: the key goes to the window
            if window.isActiveWindow():
                QTest.keyClick(window, Qt.Key.Key_Space)
            return False
        return window.controller.by_hand
    qtbot.waitUntil(ready, timeout=WAIT)


def _a_card_in_hand(window) -> dict:
    return window.controller.snapshot["players"][0]["hand"][0]


def test_pass_and_play_with_a_card_resolved_by_hand(qtbot, moonsong_db, window):
    window.settings.open_hands = True
    window.settings.ai_pace_ms = 0
    listed = _start_by_hand(qtbot, window)
    assert CHANT in listed[0] and f"“{SONG}”" in listed[0]
    c = window.controller
    assert c.config.enforce and c.config.by_hand and c.config.opponent == "hotseat"
    keep_hand(qtbot, window, 0)
    keep_hand(qtbot, window, 1)
    wait_for(qtbot, window, "priority", 0, step="main1")
    land = card_in_hand(window, "Mountain")
    drag(window, land, MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: on_battlefield(window, land["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", 0, step="main1")
    hand_before = len(c.snapshot["players"][0]["hand"])
    settled_drag(qtbot, window, card_in_hand(window, CHANT))      # cast by the rules
    _wait_by_hand(qtbot, window)
    # The read sentence before the unread one has resolved; the prompt names the unread one.
    assert c.snapshot["players"][0]["life"] == 22
    assert f"Resolve by hand: {SONG}" in window.prompt.label.text()
    assert [b.text() for b in window.prompt.choice_buttons] == ["Done"]

    # By hand: a card from the hand onto the battlefield (a drag, as on a sandbox table).
    extra = _a_card_in_hand(window)
    settled_drag(qtbot, window, extra)
    qtbot.waitUntil(lambda: on_battlefield(window, extra["card_id"]) and c.by_hand, timeout=WAIT)
    assert any("(by hand)" in line for line in window.log.lines())
    # Taken back (Ctrl+Z; Bob agrees): the move is undone, the resolution still waits for Alice.
    asked = when_modal(QMessageBox, press(QMessageBox.StandardButton.Yes))
    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not on_battlefield(window, extra["card_id"]) and c.by_hand, timeout=WAIT)
    assert asked and any(" back: " in line and "(by hand)" in line for line in window.log.lines())

    extra = _a_card_in_hand(window)
    settled_drag(qtbot, window, extra)
    qtbot.waitUntil(lambda: on_battlefield(window, extra["card_id"]) and c.by_hand, timeout=WAIT)
    done = next(b for b in window.prompt.choice_buttons if b.text() == "Done")
    QTest.mouseClick(done, Qt.MouseButton.LeftButton)
    wait_for(qtbot, window, "priority", 0, step="main1")
    me = c.snapshot["players"][0]
    # The rest resolved by the rules: the card drawn; the Chant in the graveyard; the card moved stays.
    assert [g["name"] for g in me["graveyard"]] == [CHANT]
    assert len(me["hand"]) == hand_before - 2 + 1
    assert on_battlefield(window, extra["card_id"]) and me["life"] == 22
    assert any("carried out by hand: " + SONG in line for line in window.log.lines())


def test_the_ai_plays_no_card_by_hand_so_its_deck_must_not_hold_one(qtbot, moonsong_db, window):
    dialog = NewGameDialog(window, db_path=moonsong_db)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.deck_boxes[1].setCurrentText("My deck: Moonsong")
    qtbot.mouseClick(dialog.opponent_ai, Qt.MouseButton.LeftButton)
    dialog.rules_enforced.setChecked(True)
    start = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)
    assert dialog.config is None and "The AI doesn't play cards by hand" in dialog.error.text()
    assert CHANT in dialog.error.text()


def _load_table(qtbot, window, tmp_path) -> None:
    """A saved pass-and-play game (rules enforced, by hand): turn 3, Alice's first main phase, her Moonsong
    Oracle (a trigger the engine can't read) and Moonsong Idol (a static ability it can't read) in play."""
    records = json.loads(MOONSONG.read_text())["data"]["cards"]
    game = Game.empty(("Alice", "Bob"), seed=5, source=RecordSource(records))
    for player in (0, 1):
        for _ in range(8):
            game.add_card("Plains", player, Zone.LIBRARY)
    for name in ("Mountain", "Moonsong Oracle", "Moonsong Idol"):
        game.add_card(name, 0, Zone.BATTLEFIELD)
    game.add_card("Forest", 1, Zone.BATTLEFIELD)
    game.start_at(3, 0, Step.MAIN1)
    config = GameConfig(decks=[["Mountain"] * 40, ["Forest"] * 40], names=["Alice", "Bob"], opponent="hotseat",
                        enforce=True, starting_player=0, seed=5, by_hand=True)
    path = tmp_path / "oracle.json"
    path.write_text(save_envelope(config.to_json(), game.to_json()))
    window.settings.open_hands = True
    window.load_game_file(path)
    wait_for(qtbot, window, "priority", 0, step="main1")


def test_a_trigger_the_engine_cannot_read_is_put_on_the_stack_from_its_card(qtbot, window, tmp_path):
    _load_table(qtbot, window, tmp_path)
    c = window.controller
    oracle = next(o for o in c.snapshot["battlefield"] if o["name"] == "Moonsong Oracle")
    idol = next(o for o in c.snapshot["battlefield"] if o["name"] == "Moonsong Idol")
    # Both say on the table what their controller plays by hand.
    assert "Triggers by hand" in window.scene.item_for_object(oracle["id"]).toolTip()
    assert "dance at midnight" in window.scene.item_for_object(idol["id"]).toolTip()
    seen: list[list[str]] = []
    trigger = "This triggered now: Whenever the moon sings a forgotten song, draw a card."
    answer_menu(qtbot, trigger, seen)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(window.scene.item_for_object(oracle["id"]).pos()))
    qtbot.waitUntil(lambda: bool(c.snapshot.get("stack")), timeout=WAIT)
    assert seen == [[trigger]] and c.snapshot["stack"][0]["kind"] == "ability"
    _wait_by_hand(qtbot, window)     # Alice and Bob pass: it resolves by hand
    hand_before = len(c.snapshot["players"][0]["hand"])
    shortcut(qtbot, window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # Ctrl+D: draw a card, by hand
    qtbot.waitUntil(lambda: len(c.snapshot["players"][0]["hand"]) == hand_before + 1 and c.by_hand, timeout=WAIT)
    # Saved in the middle of it (Ctrl+Shift+S) and loaded again: it still waits for Alice's hands.
    save_as(qtbot, window, str(tmp_path / "halfway.json"))
    window.load_game_file(tmp_path / "halfway.json")
    qtbot.waitUntil(lambda: c.by_hand and len(c.snapshot["players"][0]["hand"]) == hand_before + 1, timeout=WAIT)
    assert c.config.by_hand and any("(by hand)" in line for line in window.log.lines())
    shortcut(qtbot, window, Qt.Key.Key_Return)   # Done
    wait_for(qtbot, window, "priority", 0, step="main1")
    assert not c.snapshot["stack"] and len(c.snapshot["players"][0]["hand"]) == hand_before + 1


def test_priority_waits_for_a_trigger_by_hand_only_once_something_happened(qtbot, window, tmp_path):
    _load_table(qtbot, window, tmp_path)
    c = window.controller
    d = c.decision
    assert any(type(a).__name__ == "TriggerByHand" for a in d["actions"])
    for seen, stops in ((set(), False), ({"step"}, False), ({"step", "zone_change"}, True), ({"cast"}, True)):
        c.happened[0] = seen   # a "Whenever" trigger: a new step alone can't be it
        assert c._trigger_may_be_due(d) is stops, seen
