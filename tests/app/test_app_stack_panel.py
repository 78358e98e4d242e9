"""The stack you can read: a row per object, the top first, its source card, what kind of object it is,
who controls it and its targets, drawn as arrows on the table while the mouse is over its row."""
from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget, QHBoxLayout

from app.demo import midgame_snapshot
from app.game_log import PLAYER_COLORS
from app.imagecache import CardImages
from app.stack_panel import HIGHLIGHT, SOURCE_LINK, StackPanel, kind_label
from app.table.board_items import ArrowItem
from app.table.scene import TableScene
from app.table.view import TableView


def stacked() -> dict:
    """The demo board with, over its Lightning Bolt, a copy of it, the Prodigal Sorcerer's activated
    ability and a trigger, the trigger on top."""
    snap = midgame_snapshot()
    bolt = snap["stack"][0]
    sorcerer = next(o for o in snap["battlefield"] if o["name"] == "Prodigal Sorcerer")
    finks = next(o for o in snap["battlefield"] if o["name"] == "Kitchen Finks")
    copy_of_bolt = dict(copy.deepcopy(bolt), id=900, card_id=-900, copy=True, targets=["P1"])
    ping = {"id": 901, "card_id": -901, "name": "Prodigal Sorcerer", "controller": 1, "owner": 1, "zone": "stack",
            "kind": "ability", "type_line": "Ability", "types": [], "text": "{T}: ~ deals 1 damage to any target.",
            "targets": [finks["id"]], "source": sorcerer["id"]}
    trigger = {"id": 902, "card_id": -902, "name": "Kitchen Finks", "controller": 0, "owner": 0, "zone": "stack",
               "kind": "ability", "type_line": "Ability", "types": [], "targets": [],
               "text": "When ~ enters, you gain 2 life.", "source": finks["id"]}
    snap["stack"] = [bolt, copy_of_bolt, ping, trigger]
    return snap


@pytest.fixture
def table(qtbot, card_cache):
    images = CardImages(card_cache)
    scene = TableScene(images)
    view = TableView(scene)
    panel = StackPanel(scene, images)
    panel.hovered.connect(view.show_preview)
    window = QWidget()
    layout = QHBoxLayout(window)
    layout.addWidget(view, 1)
    layout.addWidget(panel)
    panel.setFixedWidth(280)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    snap = stacked()
    scene.set_snapshot(snap, 0)
    panel.set_snapshot(snap)
    yield scene, view, panel
    images.pool.waitForDone()


def highlighted(scene) -> list[ArrowItem]:
    return [i for i in scene.items() if isinstance(i, ArrowItem) and i.color in (HIGHLIGHT, SOURCE_LINK)]


def test_one_row_per_object_the_top_first_each_labelled(table):
    _, _, panel = table
    rows = panel.rows
    assert [r.obj["id"] for r in rows] == [902, 901, 900, rows[3].obj["id"]]
    assert [r.kind for r in rows] == ["Triggered ability", "Activated ability", "Copy of a spell", "Spell"]
    assert "(top)" in rows[0].label.text() and "(top)" not in rows[1].label.text()
    assert "Kitchen Finks" in rows[0].label.text() and "you gain 2 life" in rows[0].label.text()  # ~ read as its name
    assert f"color:{PLAYER_COLORS[1]}'>Bob" in rows[1].label.text() and rows[1].targets == ["Kitchen Finks"]
    assert rows[2].targets == ["Bob"] and rows[3].targets == ["Prodigal Sorcerer"]
    assert rows[1].card["name"] == "Prodigal Sorcerer" and rows[1].card["type_line"] != "Ability"  # its source card
    assert not panel.empty.isVisible()
    panel.set_snapshot(dict(stacked(), stack=[]))
    assert panel.rows == [] and panel.empty.isVisible()


def test_kinds_follow_the_rules_wording():
    assert kind_label({"kind": "ability", "text": "Whenever a creature dies, draw a card."}) == "Triggered ability"
    assert kind_label({"kind": "ability", "text": "At the beginning of your upkeep, scry 1."}) == "Triggered ability"
    assert kind_label({"kind": "ability", "text": "{2}, {T}: Draw a card."}) == "Activated ability"
    assert kind_label({"kind": "spell", "copy": False}) == "Spell"


def test_hovering_a_row_draws_its_targets_from_its_source_and_shows_its_card(qtbot, table):
    scene, view, panel = table
    ping = panel.rows[1]
    QTest.mouseMove(ping, ping.rect().center())
    qtbot.waitUntil(lambda: bool(highlighted(scene)), timeout=5000)
    sorcerer = scene.endpoint_pos(ping.obj["source"])
    finks = scene.endpoint_pos(ping.obj["targets"][0])
    arrows = {(a.start.x(), a.start.y(), a.end.x(), a.end.y(), a.color.name()) for a in highlighted(scene)}
    assert (sorcerer.x(), sorcerer.y(), finks.x(), finks.y(), HIGHLIGHT.name()) in arrows
    on_stack = scene.endpoint_pos(ping.obj["id"])
    assert (sorcerer.x(), sorcerer.y(), on_stack.x(), on_stack.y(), SOURCE_LINK.name()) in arrows
    qtbot.waitUntil(view.preview.isVisible, timeout=10000)
    assert view.preview.face.name == "Prodigal Sorcerer"

    copy_row = panel.rows[2]  # to a player: from the spell on the stack to the player's panel
    QTest.mouseMove(copy_row, copy_row.rect().center())
    qtbot.waitUntil(lambda: any(a.end == scene.panels[1].pos() for a in highlighted(scene)), timeout=5000)
    assert len(highlighted(scene)) == 1

    QTest.mouseMove(view.viewport(), QPoint(5, 5))  # off the panel: the arrows and the preview go
    qtbot.waitUntil(lambda: not highlighted(scene), timeout=5000)
    assert not view.preview.isVisible()


def test_a_resolved_row_takes_its_arrows_with_it(qtbot, table):
    scene, _, panel = table
    top = panel.rows[0]
    QTest.mouseMove(panel.rows[1], panel.rows[1].rect().center())
    qtbot.waitUntil(lambda: bool(highlighted(scene)), timeout=5000)
    snap = stacked()
    snap["stack"] = snap["stack"][:1]  # everything but the Bolt resolved
    scene.set_snapshot(snap, 0)
    panel.set_snapshot(snap)
    assert not highlighted(scene) and top not in panel.rows


def test_a_click_on_a_row_is_a_click_on_that_object(qtbot, table):
    scene, _, panel = table
    row = panel.rows[3]
    with qtbot.waitSignal(scene.card_clicked, timeout=5000) as clicked:
        QTest.mouseClick(row, Qt.MouseButton.LeftButton, pos=row.rect().center())
    assert clicked.args[0]["id"] == row.obj["id"]


def test_the_window_shows_the_stack_of_a_running_game(qtbot, window):
    pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")
    from play_helpers import start

    start(qtbot, window)
    assert window.stack_dock.isVisible() and window.stack_panel.empty.isVisible()
    assert window.stack_dock.geometry().bottom() < window.log_dock.geometry().top()  # above the log
