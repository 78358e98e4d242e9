"""The table scene draws snapshots by diffing: a card keeps its item across zones and slides there."""
from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter

from app.demo import crowded_snapshot, midgame_snapshot
from app.imagecache import bucket
from app.table.layout import item_key, pile_pos


@pytest.fixture
def scene(table_view):
    table_view.resize(1280, 800)
    return table_view.table


def _hand_card(snap, player=0, index=0):
    return snap["players"][player]["hand"][index]


def test_items_for_every_visible_card(scene):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    assert len(scene.cards) == 30
    assert scene.panels[0].player["life"] == 14
    assert scene.piles[(1, "library")].count == 40
    assert scene.phase_bar.step == "main1"


def test_card_moving_zone_keeps_its_item_and_slides(scene, qtbot):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    card = _hand_card(snap)
    item = scene.cards[item_key(card)]
    start = item.pos()
    moved = copy.deepcopy(snap)
    obj = moved["players"][0]["hand"].pop(0)
    moved["players"][0]["hand_count"] -= 1
    obj.update(id=999, zone="stack", kind="spell", targets=[])  # a new object, the same physical card (400.7)
    moved["stack"].append(obj)
    scene.set_snapshot(moved, 0)
    assert scene.cards[item_key(obj)] is item
    assert item.is_animating()
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert item.pos() != start and item.place.zone == "stack"
    assert scene.item_for_object(999) is item


def test_new_card_in_hand_comes_from_the_library(scene):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    drawn = copy.deepcopy(snap)
    new = dict(_hand_card(snap), id=777, card_id=7777, name="Shock", mana_cost="{R}")
    drawn["players"][0]["hand"].append(new)
    scene.set_snapshot(drawn, 0)
    item = scene.cards["c7777"]
    lib = pile_pos("library", "bottom")
    assert item.is_animating()
    assert abs(item.pos().x() - lib[0]) < 60  # it starts its slide at the library


def test_disappearing_card_is_removed(scene, qtbot):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    gone = copy.deepcopy(snap)
    card = gone["battlefield"].pop()
    scene.set_snapshot(gone, 0)
    assert item_key(card) not in scene.cards
    qtbot.waitUntil(lambda: all(i.scene() is scene for i in scene.cards.values()), timeout=3000)


def test_drop_outside_any_zone_settles_back(scene, qtbot):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    item = scene.cards[item_key(_hand_card(snap))]
    home = QPointF(item.place.x, item.place.y)
    item.setPos(5, 5)
    scene.item_dropped(item, QPointF(5, 5))
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert item.pos() == home


def test_drop_on_battlefield_is_reported_and_waits_for_the_answer(scene, qtbot):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    card = _hand_card(snap)
    item = scene.cards[item_key(card)]
    with qtbot.waitSignal(scene.card_dropped) as blocker:
        item.setPos(300, 760)
        scene.item_dropped(item, QPointF(300, 760))
    assert blocker.args[1:] == ["hand", "battlefield", 0, None]
    assert item.pos() == QPointF(300, 760)
    # Refused: the same snapshot comes back and the card slides home.
    scene.set_snapshot(snap, 0)
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert item.pos() == QPointF(item.place.x, item.place.y)


def test_drop_on_a_permanent_names_it(scene, qtbot):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    finks = next(o for o in snap["battlefield"] if o["name"] == "Kitchen Finks")
    host = scene.item_for_object(finks["id"])
    item = scene.cards[item_key(_hand_card(snap))]
    with qtbot.waitSignal(scene.card_dropped) as blocker:
        item.setPos(host.pos())
        scene.item_dropped(item, host.pos())
    assert blocker.args[4]["id"] == finks["id"]


def test_marks_and_arrows(scene):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    bolt_target = snap["stack"][0]["targets"][0]
    assert len(scene._arrows) == 1  # the Bolt on the stack points at its target
    scene.set_marks({bolt_target: {"target"}}, {1})
    assert "target" in scene.item_for_object(bolt_target).marks
    assert scene.panels[1].target and not scene.panels[0].target
    scene.set_arrows([(bolt_target, "P0", "attack")])
    assert len(scene._arrows) == 2


def test_combat_marks_from_the_snapshot(scene):
    snap = midgame_snapshot()
    finks = next(o for o in snap["battlefield"] if o["name"] == "Kitchen Finks")
    angel = next(o for o in snap["battlefield"] if o["name"] == "Serra Angel")
    snap["combat"] = {"attackers": {str(finks["id"]): "P1"}, "blockers": {str(angel["id"]): [finks["id"]]}}
    scene.set_snapshot(snap, 0)
    assert "attacking" in scene.item_for_object(finks["id"]).marks
    assert "blocking" in scene.item_for_object(angel["id"]).marks


def test_pictures_arrive_and_are_painted(scene, qtbot):
    scene.set_snapshot(crowded_snapshot(120), 0)
    view = scene.views()[0]
    view.grab()  # paints: queues every picture
    assert scene.images.wait()
    qtbot.waitUntil(lambda: not scene._waiting, timeout=10000)
    assert not scene.images.errors


def test_hover_shows_the_card_large(scene, qtbot):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    view = scene.views()[0]
    view.show()
    scene.hovered.emit(_hand_card(snap))
    qtbot.waitUntil(lambda: view.preview.isVisible(), timeout=10000)
    assert view.preview.pixmap().width() >= 160
    scene.hovered.emit(None)
    assert not view.preview.isVisible()


@pytest.mark.parametrize("ratio, wanted", [(1.0, 96), (2.0, 240)])
def test_pictures_are_requested_at_the_screens_pixel_density(scene, ratio, wanted, monkeypatch):
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    item = scene.cards[item_key(_hand_card(snap))]
    asked = []
    real = scene.images.pixmap
    monkeypatch.setattr(scene.images, "pixmap", lambda face, width: asked.append(width) or real(face, width))
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(ratio)
    painter = QPainter(image)
    item.paint(painter, None)
    painter.end()
    assert bucket(asked[-1]) == wanted  # 90 scene units at scale 1: 90 or 180 device pixels
