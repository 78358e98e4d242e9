"""A companion at the table (702.139): the New game dialog offers to reveal the companion of a deck's sideboard
(103.2b), kept in the game's settings; it lies beside its owner's command zone; once a game, in a main phase of
their turn with the stack empty, they pay {3} and put it into their hand, a special action (116.2g) taken with a
click, its right-click menu or the C key, the menu entry and the key enabled only while the engine lists the
action (a click at another time says why). Played with real cards through mouse and key events."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.dialogs import NewGameDialog
from app.savefile import SaveError
from app.worker import GameConfig, companion_id
from cardsdb.database import CardDatabase
from tests.app.play_helpers import (GREEN, WAIT, card_in_hand, keep_hand, on_battlefield, settled_drag,
                                    shortcut, wait_for)
from tests.engine.test_companion import KERUGA  # its Oracle text, shared with the engine's tests

NAME = "Keruga, the Macrosage"


def _at(window, oid: int) -> QPoint:
    item = window.scene.item_for_object(oid)
    return window.view.mapFromScene(item.sceneBoundingRect().center())


def _menu_entries(qtbot, window, oid: int) -> list[tuple[str, bool]]:
    """Right-clicks the card, notes its menu's entries (text, enabled) and closes the menu with Escape."""
    seen: list[tuple[str, bool]] = []

    def look() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, look)
            return
        seen.extend((a.text(), a.isEnabled()) for a in menu.actions())
        QTest.keyClick(menu, Qt.Key.Key_Escape)
    QTimer.singleShot(20, look)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     _at(window, oid))
    qtbot.waitUntil(lambda: bool(seen), timeout=WAIT)
    return seen


def _play_a_mountain_and_pass(qtbot, window, turn: int) -> None:
    mountain = card_in_hand(window, "Mountain")
    settled_drag(qtbot, window, mountain)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    shortcut(qtbot, window, Qt.Key.Key_F6)  # pass until my next turn
    qtbot.waitUntil(lambda: window.controller.snapshot.get("turn") == turn + 2, timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")


@pytest.mark.rules("103.2b", "702.139a", "116.2g", "702.139c")
def test_the_companion_is_put_into_the_hand_for_3_once_a_game(qtbot, window, extra_cards):
    extra_cards(KERUGA)
    window.start_game(GameConfig(decks=[["Mountain"] * 40, list(GREEN)], names=["Alice", "Bob"],
                                 companions=[NAME, None], starting_player=0, seed=4))
    c = window.controller
    qtbot.waitUntil(lambda: c.config is not None and not c.busy, timeout=WAIT)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    me = companion_id(0)
    assert c.snapshot["players"][0]["companion"]["name"] == NAME and c.snapshot["players"][1]["companion"] is None
    item = window.scene.item_for_object(me)
    # 103.2b: revealed, beside the command zone, face up, for both players to see
    assert (item.place.x, item.place.y) == window.scene.seats[0].command and item.place.face_up
    # Turn 1, no mana: offered nowhere, the key does nothing and a click says why
    assert "playable" not in item.marks and not window.companion_action.isEnabled()
    assert _menu_entries(qtbot, window, me) == [(f"Put {NAME} into your hand (pay {{3}})", False)]
    shortcut(qtbot, window, Qt.Key.Key_C)  # disabled: nothing is sent
    assert not c.busy and c.refusals == [] and c.snapshot["players"][0]["companion"] is not None
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     _at(window, me))
    assert "116.2g" in c.refusals[-1] and c.snapshot["players"][0]["companion"] is not None
    _play_a_mountain_and_pass(qtbot, window, 1)
    _play_a_mountain_and_pass(qtbot, window, 3)
    mountain = card_in_hand(window, "Mountain")
    settled_drag(qtbot, window, mountain)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    # Turn 5, three Mountains: the engine lists the special action
    assert "playable" in window.scene.item_for_object(me).marks and window.companion_action.isEnabled()
    assert _menu_entries(qtbot, window, me) == [(f"Put {NAME} into your hand (pay {{3}})", True)]
    shortcut(qtbot, window, Qt.Key.Key_C)
    qtbot.waitUntil(lambda: any(o.get("name") == NAME for o in c.snapshot["players"][0]["hand"]), timeout=WAIT)
    assert c.snapshot["players"][0]["companion"] is None  # 702.139c: in the game now, a card in the hand
    assert window.scene.item_for_object(me) is None
    assert all(o["tapped"] for o in c.snapshot["battlefield"] if o["name"] == "Mountain")
    wait_for(qtbot, window, "priority", step="main1")
    assert not window.companion_action.isEnabled()  # once a game



def _card_database(path: Path) -> Path:
    """A card database holding Keruga (imported from a set file, as a player imports cards)."""
    card = dict(KERUGA, manaValue=5.0, setCode="TST", number="1", rarity="mythic")
    set_file = path / "set.json"
    set_file.write_text(json.dumps({"meta": {"version": "test"}, "data": {"code": "TST", "name": "Test",
                                                                         "type": "expansion", "cards": [card]}}))
    with CardDatabase(path / "cards.sqlite") as db:
        db.import_file(set_file)
    return path / "cards.sqlite"


@pytest.mark.rules("103.2b", "702.139a")
def test_the_new_game_dialog_reveals_the_companion_of_a_decks_sideboard(qtbot, tmp_path):
    db_path = _card_database(tmp_path)
    arena = tmp_path / "lands.txt"  # MTG Arena's export: the companion under its own header
    arena.write_text(f"Companion\n1 {NAME}\n\nDeck\n40 Mountain\n\nSideboard\n1 Shock\n", encoding="utf-8")
    plain = tmp_path / "bears.txt"
    plain.write_text("20 Forest\n20 Grizzly Bears\n\nSideboard\n2 Shock\n", encoding="utf-8")
    dialog = NewGameDialog(decks={"Lands": arena, "Bears": plain}, db_path=db_path)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.deck_boxes[0].setCurrentText("Lands")
    dialog.deck_boxes[1].setCurrentText("Bears")
    box = dialog.reveal_companions
    assert box.isVisible() and box.isChecked() and f"{NAME} (Lands)" in box.text()
    assert dialog.build_config().companions == [NAME, None]
    QTest.mouseClick(box, Qt.MouseButton.LeftButton)  # the player keeps it in the sideboard
    assert dialog.build_config().companions is None
    dialog.deck_boxes[0].setCurrentText("Bears")
    assert not box.isVisible()


@pytest.mark.rules("103.2b")
def test_the_companions_are_kept_in_a_saved_games_settings():
    config = GameConfig(decks=[["Mountain"] * 40, list(GREEN)], names=["Alice", "Bob"], companions=[NAME, None])
    assert GameConfig.from_json(config.to_json()).companions == [NAME, None]
    assert GameConfig.from_json(dict(config.to_json(), companions=None)).companions is None
    for damaged in ([NAME], [NAME, 3], "Keruga"):
        with pytest.raises(SaveError):
            GameConfig.from_json(dict(config.to_json(), companions=damaged))
