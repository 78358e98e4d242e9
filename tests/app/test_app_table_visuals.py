"""The table readable at a glance and alive, through real mouse events: card sizes that follow the window and
the number of permanents, piles of identical lands, animations that never hold a card away from its place,
changes shown where they happen, free placement and the badge in the sandbox."""
from __future__ import annotations

import copy
import json

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.demo import card_obj, midgame_snapshot
from app.savefile import saved_table
from app.table.board_items import FloatingNumber
from app.table.card_item import COUNT_BADGE
from app.table.layout import CARD_H, CARD_W, READABLE_PX, item_key, pile_pos

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from play_helpers import (MY_BATTLEFIELD, WAIT, card_in_hand, drag, on_battlefield, sandbox_game,  # noqa: E402
                          shortcut, start)
from test_app_table_input import battlefield_object  # noqa: E402


@pytest.fixture
def table(table_view):
    table_view.show()
    return table_view


def _with_field(names, tapped=()):
    snap = midgame_snapshot()
    snap["battlefield"] = [card_obj(i, 100 + i, name, 0, "battlefield", tapped=i in tapped)
                           for i, name in enumerate(names, 1)]
    return snap


def _screen_width(view, obj):
    item = view.table.item_for_object(obj["id"])
    return view.mapFromScene(item.mapRectToScene(item.shape().boundingRect())).boundingRect().width()


def test_cards_grow_with_the_window_and_shrink_with_the_permanents(table, qtbot):
    few = _with_field(["Grizzly Bears"] * 3 + ["Forest"] * 2)
    table.table.set_snapshot(few, 0)
    bears = few["battlefield"][0]
    small = _screen_width(table, bears)
    table.resize(1920, 1080)
    qtbot.waitUntil(lambda: _screen_width(table, bears) > small * 1.3, timeout=3000)
    assert small >= READABLE_PX
    crowded = _with_field(["Grizzly Bears"] * 40)
    table.resize(1280, 720)
    table.table.set_snapshot(crowded, 0, animate=False)
    crowded_width = _screen_width(table, crowded["battlefield"][0])
    assert READABLE_PX - 1 <= crowded_width < small  # smaller, but never below the readable minimum


def test_an_animation_ends_at_the_final_place_and_a_new_snapshot_mid_way_lands_right(table, qtbot):
    scene = table.table
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    played = copy.deepcopy(snap)
    obj = played["players"][0]["hand"].pop(0)
    obj.update(id=900, zone="battlefield", controller=0, tapped=False)
    played["battlefield"].append(obj)
    scene.set_snapshot(played, 0)
    item = scene.cards[item_key(obj)]
    assert item.is_animating()
    first_target = QPointF(item.place.x, item.place.y)
    assert item.pos() != first_target
    tapped = copy.deepcopy(played)
    tapped["battlefield"][-1]["tapped"] = True
    scene.set_snapshot(tapped, 0)  # mid-slide: the slide ends where it was going, then the card turns
    assert item.place.rotation == 90.0
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert item.pos() == QPointF(item.place.x, item.place.y) and item.rotation() == 90.0
    assert item.scale() == item.place.scale
    # The card is usable at once: a click during a slide reaches it (animations are decoration).
    clicks = []
    scene.card_clicked.connect(clicks.append)
    back = copy.deepcopy(tapped)
    back["battlefield"][-1]["tapped"] = False
    scene.set_snapshot(back, 0)
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     table.mapFromScene(QPointF(item.place.x, item.place.y)))
    assert [c["id"] for c in clicks] == [900]


def test_without_animations_cards_jump_and_nothing_floats(table):
    scene = table.table
    scene.animations = False
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    hurt = copy.deepcopy(snap)
    hurt["players"][0]["life"] -= 3
    obj = hurt["players"][0]["hand"].pop(0)
    obj.update(id=900, zone="battlefield", controller=0)
    hurt["battlefield"].append(obj)
    scene.set_snapshot(hurt, 0)
    item = scene.cards[item_key(obj)]
    assert not item.is_animating() and item.pos() == QPointF(item.place.x, item.place.y)
    assert not [i for i in scene.items() if isinstance(i, FloatingNumber)]


def test_damage_and_life_float_up_where_they_happen_then_go(table, qtbot):
    scene = table.table
    snap = midgame_snapshot()
    scene.set_snapshot(snap, 0)
    hit = copy.deepcopy(snap)
    hit["players"][1]["life"] -= 4
    creature = next(o for o in hit["battlefield"] if "Creature" in o["types"] and not o.get("damage"))
    creature["damage"] = 2
    scene.set_snapshot(hit, 0)
    floats = {i.text: i for i in scene.items() if isinstance(i, FloatingNumber)}
    assert set(floats) == {"-4", "-2"}
    panel = scene.panels[1]
    assert panel.sceneBoundingRect().contains(floats["-4"].pos())
    assert scene.item_for_object(creature["id"]).sceneBoundingRect().contains(floats["-2"].pos())
    qtbot.waitUntil(lambda: not [i for i in scene.items() if isinstance(i, FloatingNumber)], timeout=3000)


def send_double_click(window, obj):
    """A double-click as a mouse sends it: press, release, double-click press, release."""
    vp = window.view.viewport()
    at = QPointF(window.view.mapFromScene(window.scene.item_for_object(obj["id"]).pos()))
    for kind, buttons in ((QEvent.Type.MouseButtonPress, Qt.MouseButton.LeftButton),
                          (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton),
                          (QEvent.Type.MouseButtonDblClick, Qt.MouseButton.LeftButton),
                          (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
        QApplication.sendEvent(vp, QMouseEvent(kind, at, vp.mapToGlobal(at), Qt.MouseButton.LeftButton, buttons,
                                               Qt.KeyboardModifier.NoModifier))


def _mountains(window):
    return [o for o in window.controller.snapshot["battlefield"] if o["name"] == "Mountain"]


def test_identical_lands_pile_up_with_a_count_and_one_of_them_taps(qtbot, window):
    sandbox_game(qtbot, window)
    for _ in range(3):
        mountain = card_in_hand(window, "Mountain")
        drag(window, mountain, MY_BATTLEFIELD)
        qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    scene = window.scene
    places = [scene.item_for_object(o["id"]).place for o in _mountains(window)]
    assert sorted(p.count for p in places) == [0, 0, 3]
    top = max(_mountains(window), key=lambda o: scene.item_for_object(o["id"]).place.z)
    send_double_click(window, top)  # the pile acts as one card: one Mountain taps
    qtbot.waitUntil(lambda: sum(bool(o.get("tapped")) for o in _mountains(window)) == 1, timeout=WAIT)
    qtbot.waitUntil(lambda: sorted(scene.item_for_object(o["id"]).place.count for o in _mountains(window))
                    == [0, 1, 2], timeout=WAIT)
    # Clicking the count spreads the pile out; clicking it again gathers it.
    untapped = [o for o in _mountains(window) if not o.get("tapped")]
    top = next(o for o in untapped if scene.item_for_object(o["id"]).place.count == 2)
    item = scene.item_for_object(top["id"])
    qtbot.waitUntil(lambda: not any(i.is_animating() for i in scene.cards.values()), timeout=3000)

    def click_badge(item):
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         window.view.mapFromScene(item.mapToScene(COUNT_BADGE.center())))

    click_badge(item)
    counts = sorted(scene.item_for_object(o["id"]).place.count for o in untapped)
    assert counts == [-2, 1]  # side by side; the first one's badge gathers them again
    xs = [scene.item_for_object(o["id"]).place.x for o in untapped]
    assert abs(xs[0] - xs[1]) > item.place.scale * 90
    first = next(scene.item_for_object(o["id"]) for o in untapped if scene.item_for_object(o["id"]).place.count < 0)
    qtbot.waitUntil(lambda: not first.is_animating(), timeout=3000)
    click_badge(first)
    assert sorted(scene.item_for_object(o["id"]).place.count for o in untapped) == [0, 2]
    assert not window.controller.busy  # the count is the table's business, not the engine's


def test_sandbox_cards_stay_where_they_are_dropped_and_the_badge_shows(qtbot, window):
    sandbox_game(qtbot, window)
    assert window.scene.badge.isVisible()
    goblin = card_in_hand(window, "Raging Goblin")
    spot = QPointF(500, 900)
    drag(window, goblin, spot)  # from the hand: it lands where it was dropped
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)
    item = window.scene.cards[item_key(goblin)]
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert (item.pos() - spot).manhattanLength() < 12
    elsewhere = QPointF(1300, 700)
    drag(window, battlefield_object(window, goblin["card_id"]), elsewhere)  # moved on the battlefield
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert (item.pos() - elsewhere).manhattanLength() < 12
    shortcut(qtbot, window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # a new snapshot: draw a card
    qtbot.waitUntil(lambda: len(window.controller.snapshot["players"][0]["hand"]) == 7, timeout=WAIT)
    QApplication.processEvents()
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert (item.pos() - elsewhere).manhattanLength() < 12


def test_no_badge_and_no_free_placement_under_the_rules(qtbot, window):
    start(qtbot, window)
    assert not window.scene.badge.isVisible()
    assert not window.scene.sandbox


def test_sandbox_places_are_kept_in_the_save_file(qtbot, window, tmp_path):
    sandbox_game(qtbot, window)
    goblin = card_in_hand(window, "Raging Goblin")
    spot = QPointF(520, 880)
    drag(window, goblin, spot)
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)
    path = tmp_path / "sandbox.json"
    with qtbot.waitSignal(window.host.worker.saved, timeout=WAIT):
        window.controller.save_game(str(path))
    assert saved_table(path.read_text())[item_key(goblin)] == pytest.approx((spot.x(), spot.y()), abs=12)
    start(qtbot, window, opponent="hotseat", enforce=False, seed=99)  # another sandbox game: places forgotten
    assert not window.scene.free_positions
    window.load_game_file(path)
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)
    item = window.scene.cards[item_key(goblin)]
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=3000)
    assert (item.pos() - spot).manhattanLength() < 24


def test_a_damaged_table_entry_in_a_save_is_left_out():
    text = json.dumps({"table": {"positions": {"c5": [10, 20], "c6": ["x", 1], "../": [1, 2], "c7": [1e400, 2],
                                               "c8": [True, 1]}}})
    assert saved_table(text) == {"c5": (10.0, 20.0)}
    assert saved_table("not json") == {} and saved_table("[]") == {}


def test_an_attacker_lunges_and_a_hit_creature_shakes_then_both_rest_at_their_places(table, qtbot):
    scene = table.table
    snap = midgame_snapshot()
    snap["combat"] = None
    scene.set_snapshot(snap, 0)
    mine = [o for o in snap["battlefield"] if o["controller"] == 0 and "Creature" in o["types"] and not o["tapped"]]
    attacker, hit = mine[0], mine[1]
    attack = copy.deepcopy(snap)
    attack["combat"] = {"attackers": {str(attacker["id"]): "P1"}, "blockers": {}}
    next(o for o in attack["battlefield"] if o["id"] == hit["id"])["damage"] = 1
    scene.set_snapshot(attack, 0)
    items = [scene.item_for_object(attacker["id"]), scene.item_for_object(hit["id"])]
    qtbot.waitUntil(lambda: all(item.pos() != QPointF(item.place.x, item.place.y) for item in items), timeout=2000)
    assert items[0].pos().y() < items[0].place.y  # towards the opponent
    qtbot.waitUntil(lambda: not any(item.is_animating() for item in items), timeout=3000)
    assert all(item.pos() == QPointF(item.place.x, item.place.y) for item in items)


def test_cards_dying_together_go_to_the_graveyard_and_a_token_fades(table, qtbot):
    scene = table.table
    snap = midgame_snapshot()
    token = card_obj(777, 1777, "Grizzly Bears", 0, "battlefield")
    token["token"] = True
    snap["battlefield"].append(token)
    scene.set_snapshot(snap, 0)
    dying = [o for o in snap["battlefield"] if o["owner"] == 0 and o["controller"] == 0
             and "Creature" in o["types"] and not o.get("token")][:2]
    token_item = scene.item_for_object(777)
    under = scene.item_for_object(dying[0]["id"])
    after = copy.deepcopy(snap)
    after["battlefield"] = [o for o in after["battlefield"] if o["id"] not in {d["id"] for d in dying} | {777}]
    for n, obj in enumerate(copy.deepcopy(dying)):
        obj.update(id=800 + n, zone="graveyard")
        after["players"][0]["graveyard"].append(obj)
    scene.set_snapshot(after, 0)
    assert item_key(dying[0]) not in scene.cards and under.scene() is scene  # still on its way
    qtbot.waitUntil(lambda: under.scene() is None and token_item.scene() is None, timeout=3000)
    assert under.pos() == QPointF(*pile_pos("graveyard", "bottom"))
    assert token_item.opacity() == 0.0


def test_turned_cards_are_drawn_at_their_full_size(table, qtbot):
    """Fanned (and tapped) cards are cached differently from upright ones: their corners are where they belong."""
    scene = table.table
    snap = midgame_snapshot()
    snap["players"][0]["hand"] = snap["players"][0]["hand"][:2]  # two cards, turned either way
    scene.set_snapshot(snap, 0)
    scene.images.wait()
    QApplication.processEvents()
    left, right = sorted((scene.item_for_object(o["id"]) for o in snap["players"][0]["hand"]), key=lambda i: i.x())
    assert left.rotation() != 0 and right.rotation() != 0
    for item, side in ((left, -1), (right, 1)):  # the outer corners, over the bare table
        corners = [table.mapFromScene(item.mapToScene(QPointF(side * (CARD_W / 2 - 6), sy * (CARD_H / 2 - 6))))
                   for sy in (-1, 1)]
        shown = table.viewport().grab().toImage()
        item.hide()
        bare = table.viewport().grab().toImage()
        item.show()
        assert all(shown.pixel(p) != bare.pixel(p) for p in corners), item.key
