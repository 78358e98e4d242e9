"""The table under the mouse, through real mouse events: right-click menus, double-click to tap in the
sandbox, the hover preview."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from play_helpers import (MY_BATTLEFIELD, WAIT, answer_menu, card_in_hand, drag, first_land, hand,  # noqa: E402
                          on_battlefield, sandbox_game)


def at(window, obj):
    return window.view.mapFromScene(window.scene.item_for_object(obj["id"]).pos())


def double_click(window, obj):
    """What a mouse sends: a first click, then a press that Qt reports as a double-click, and a release."""
    pos = at(window, obj)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    QTest.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)


def battlefield_object(window, card_id):
    return next(o for o in window.controller.snapshot["battlefield"] if o["card_id"] == card_id)


def test_right_click_opens_the_sandbox_card_menu(qtbot, window):
    sandbox_game(qtbot, window)
    goblin = card_in_hand(window, "Raging Goblin")
    seen: list[list[str]] = []
    answer_menu(qtbot, "Move to graveyard", seen)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     at(window, goblin))
    qtbot.waitUntil(lambda: any(o["card_id"] == goblin["card_id"]
                                for o in window.controller.snapshot["players"][0]["graveyard"]), timeout=WAIT)
    assert "Reveal" in seen[0] and "Move to battlefield" in seen[0]


def test_right_click_on_a_land_uses_its_ability(qtbot, window):
    mountain = first_land(qtbot, window)
    land = battlefield_object(window, mountain["card_id"])
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                     at(window, land))
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][0]["mana_pool"] == "R", timeout=WAIT)


def test_sandbox_double_click_toggles_tapped_without_mana(qtbot, window):
    sandbox_game(qtbot, window)
    mountain = card_in_hand(window, "Mountain")
    drag(window, mountain, MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    for tapped in (True, False):
        land = battlefield_object(window, mountain["card_id"])
        double_click(window, land)
        qtbot.waitUntil(lambda: bool(battlefield_object(window, mountain["card_id"]).get("tapped")) == tapped,
                        timeout=WAIT)
        qtbot.wait(QApplication.doubleClickInterval() + 100)  # a late single click would act now
        assert not window.controller.busy
        assert bool(battlefield_object(window, mountain["card_id"]).get("tapped")) == tapped
        assert window.controller.snapshot["players"][0]["mana_pool"] in ("", None)
    assert len(hand(window)) == 6
