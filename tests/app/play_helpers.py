"""Driving the real window with the real engine through mouse and key events: starting games, waiting
for decisions, dragging and clicking cards."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.table.layout import item_key
from app.worker import GameConfig

# Decks that make every hand hold lands and a one-mana haste creature, whatever the shuffle.
RED = ["Mountain"] * 30 + ["Raging Goblin"] * 30
GREEN = ["Forest"] * 30 + ["Grizzly Bears"] * 30
WAIT = 20000


def start(qtbot, window, opponent="ai", enforce=True, seed=4):
    window.start_game(GameConfig(decks=[list(RED), list(GREEN)], names=["Alice", "Bob"], opponent=opponent,
                                 enforce=enforce, starting_player=0, seed=seed))
    qtbot.waitUntil(lambda: window.controller.config is not None and not window.controller.busy, timeout=WAIT)


def sandbox_game(qtbot, window):
    """A pass-and-play sandbox game with open hands, both hands kept, Alice to act."""
    window.settings.open_hands = True
    start(qtbot, window, opponent="hotseat", enforce=False)
    keep_hand(qtbot, window, 0)
    keep_hand(qtbot, window, 1)
    wait_for(qtbot, window, "priority", 0)


def decision(window):
    c = window.controller
    return None if c.busy else c.decision


def wait_for(qtbot, window, kind, player=0, step=None):
    """Waits until `player` must answer a decision of `kind` (in `step`), declining blocks on the way."""
    def ready():
        d = decision(window)
        if d is None or window.controller.hiding:
            return False
        if d["player"] == player and d["kind"] == "declare_blockers" and kind != "declare_blockers":
            window.controller.ok()  # no blocks
            return False
        return d["player"] == player and d["kind"] == kind and (
            step is None or window.controller.snapshot.get("step") == step)
    qtbot.waitUntil(ready, timeout=WAIT)


def shortcut(qtbot, window, key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """One of the window's shortcut keys, pressed once the window is active: a closed menu or dialog hands the
    activation back asynchronously, and a window shortcut fires only in the active window (under load a key
    sent at once was lost)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=WAIT)
    QTest.keyClick(window, key, modifiers)


def keep_hand(qtbot, window, player=0):
    wait_for(qtbot, window, "mulligan", player)
    keep = next(b for b in window.prompt.choice_buttons if b.text() == "Keep")
    QTest.mouseClick(keep, Qt.MouseButton.LeftButton)


def hand(window, player=0):
    return window.controller.snapshot["players"][player]["hand"]


def card_in_hand(window, name):
    return next(o for o in hand(window) if o.get("name") == name)


def on_battlefield(window, card_id):
    return any(o.get("card_id") == card_id for o in window.controller.snapshot.get("battlefield", []))


def drag(window, obj, to: QPointF):
    """Presses on the card, moves the mouse in steps with the button held, releases over `to`."""
    view = window.view
    vp = view.viewport()
    item = window.scene.cards[item_key(obj)]
    start = view.mapFromScene(item.pos())
    end = view.mapFromScene(to)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, 11):
        at = QPointF(start + (end - start) * (i / 10))
        event = QMouseEvent(QEvent.Type.MouseMove, at, vp.mapToGlobal(at), Qt.MouseButton.NoButton,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, event)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def click(window, obj):
    item = window.scene.item_for_object(obj["id"])
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(item.pos()))


MY_BATTLEFIELD = QPointF(300, 760)


def first_land(qtbot, window):
    """A game against the AI, hand kept, a Mountain dragged onto the battlefield in the first main phase."""
    start(qtbot, window)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    mountain = card_in_hand(window, "Mountain")
    drag(window, mountain, MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    return mountain


def settled_drag(qtbot, window, obj) -> None:
    """Drags a card to the battlefield once it has stopped moving (the hand is laid out again after a play)."""
    item = window.scene.item_for_object(obj["id"])
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=WAIT)
    drag(window, obj, MY_BATTLEFIELD)


def cast_goblin(qtbot, window, player=0):
    """A Raging Goblin cast by dragging in the first main phase; back to `player`'s priority once it resolved."""
    goblin = card_in_hand(window, "Raging Goblin")
    settled_drag(qtbot, window, goblin)
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", player, step="main1")
    return goblin


def goblin_ready_to_attack(qtbot, window):
    """Turn 1: a Mountain, then a Raging Goblin (haste) cast by dragging; on to the attack declaration."""
    first_land(qtbot, window)
    goblin = cast_goblin(qtbot, window)  # it resolves when the AI passes
    shortcut(qtbot, window, Qt.Key.Key_Space)  # pass: on to combat
    wait_for(qtbot, window, "declare_attackers")
    return next(o for o in window.controller.snapshot["battlefield"] if o["card_id"] == goblin["card_id"])


def answer_menu(qtbot, label: str, seen: list[list[str]]) -> None:
    """When the popup menu opens, note its entries and pick `label` with the keyboard."""
    def pick() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, pick)
            return
        seen.append([a.text() for a in menu.actions()])
        menu.setActiveAction(next(a for a in menu.actions() if a.text() == label))
        QTest.keyClick(menu, Qt.Key.Key_Return)
    QTimer.singleShot(20, pick)
