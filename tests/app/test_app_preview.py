"""The large preview of the card under the mouse: over the battlefields only, never over the stack, the
players' panels or the card pointed at, and gone when its card leaves."""
from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtTest import QTest

from app.demo import midgame_snapshot
from app.table.layout import STACK_BOTTOM_Y, STACK_CENTER_X, STACK_TOP_Y

STACK_BOX = QRectF(STACK_CENTER_X - 140, STACK_TOP_Y - 100, 280, STACK_BOTTOM_Y - STACK_TOP_Y + 180)


@pytest.fixture
def view(qtbot, table_view):
    table_view.show()
    qtbot.waitExposed(table_view)
    return table_view


def on_screen(view, scene_rect: QRectF):
    return view.mapFromScene(scene_rect).boundingRect()


def hover(qtbot, view, obj) -> None:
    item = view.table.item_for_object(obj["id"])
    QTest.mouseMove(view.viewport(), view.mapFromScene(item.pos()))
    qtbot.waitUntil(view.preview.isVisible, timeout=10000)


def hides_nothing_acted_on(view, obj) -> None:
    shown = view.preview.geometry()
    scene = view.table
    covered = [on_screen(view, STACK_BOX)] + [on_screen(view, p.sceneBoundingRect()) for p in scene.panels.values()]
    covered += [on_screen(view, i.sceneBoundingRect()) for i in scene.cards.values() if i.place.zone == "stack"]
    covered.append(on_screen(view, scene.item_for_object(obj["id"]).sceneBoundingRect()))
    assert not any(shown.intersects(rect) for rect in covered)
    assert view.viewport().rect().contains(shown)


@pytest.mark.parametrize("zone", ["own creature", "opponent's creature", "hand"])
def test_the_preview_hides_nothing_you_act_on(qtbot, view, zone):
    snap = midgame_snapshot()
    view.table.set_snapshot(snap, 0)
    if zone == "hand":
        obj = snap["players"][0]["hand"][0]
    else:
        side = 0 if zone == "own creature" else 1
        obj = next(o for o in snap["battlefield"] if o["controller"] == side and "Creature" in o["types"])
    hover(qtbot, view, obj)
    hides_nothing_acted_on(view, obj)
    assert view.preview.width() >= 150


def test_the_preview_goes_when_its_card_dies(qtbot, view):
    snap = midgame_snapshot()
    view.table.set_snapshot(snap, 0)
    creature = next(o for o in snap["battlefield"] if o["controller"] == 1 and "Creature" in o["types"])
    hover(qtbot, view, creature)
    died = copy.deepcopy(snap)
    dead = next(o for o in died["battlefield"] if o["id"] == creature["id"])
    died["battlefield"].remove(dead)
    died["players"][1]["graveyard"].append(dict(dead, id=999, zone="graveyard"))  # a new object (400.7)
    view.table.set_snapshot(died, 0)
    assert not view.preview.isVisible()
    QTest.mouseMove(view.viewport(), view.viewport().rect().center())  # the mouse moves on: nothing comes back
    assert view.preview.face is None or not view.preview.isVisible()


def test_the_preview_goes_when_the_mouse_leaves(qtbot, view):
    snap = midgame_snapshot()
    view.table.set_snapshot(snap, 0)
    hover(qtbot, view, snap["players"][0]["hand"][0])
    QTest.mouseMove(view.viewport(), view.mapFromScene(960, 600))  # the phase bar
    qtbot.waitUntil(lambda: not view.preview.isVisible(), timeout=5000)
