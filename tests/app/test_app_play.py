"""Playing on the real window with the real engine: clicks and drags, refusals, sandbox and undo,
pass-and-play hand-over, save/load/continue, and the engine kept off the GUI thread."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from app.table.layout import item_key  # noqa: E402
from app.worker import GameConfig  # noqa: E402
from play_helpers import (GREEN, MY_BATTLEFIELD, RED, WAIT, card_in_hand, click, drag, first_land,  # noqa: E402
                          goblin_ready_to_attack, hand, keep_hand, on_battlefield, sandbox_game, shortcut, start,
                          wait_for)
from tests.modal_driver import press, when_modal  # noqa: E402


def test_play_turns_against_the_ai_by_clicks_and_drags(qtbot, window):
    attacker = goblin_ready_to_attack(qtbot, window)
    click(window, attacker)
    assert window.controller.attacks == {attacker["id"]: "P1"}
    QTest.mouseClick(window.prompt.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][1]["life"] == 19, timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main2")  # a stop of hers: she passes it
    shortcut(qtbot, window, Qt.Key.Key_Space)
    # The AI takes its turn by itself; the game comes back to Alice's next turn.
    qtbot.waitUntil(lambda: window.controller.snapshot.get("turn", 0) >= 2, timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    assert window.controller.snapshot["turn"] == 3
    assert window.log.count() > 10


def test_attack_by_dragging_at_the_opponent(qtbot, window):
    attacker = goblin_ready_to_attack(qtbot, window)
    drag(window, attacker, QPointF(800, 400))  # the opponent's half of the table
    assert window.controller.attacks == {attacker["id"]: "P1"}
    shortcut(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][1]["life"] == 19, timeout=WAIT)


def test_refused_drag_leaves_the_card_in_hand_with_the_reason(qtbot, window):
    first_land(qtbot, window)
    second = card_in_hand(window, "Mountain")
    drag(window, second, MY_BATTLEFIELD)  # a second land this turn (305.2)
    qtbot.waitUntil(lambda: bool(window.controller.refusals), timeout=WAIT)
    assert "Not allowed" in window.statusBar().currentMessage()
    assert window.controller.refusals[-1] in window.statusBar().currentMessage()
    assert any(o.get("card_id") == second["card_id"] for o in hand(window))
    item = window.scene.cards[item_key(second)]
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=WAIT)
    assert item.place.zone == "hand" and (item.pos().x(), item.pos().y()) == (item.place.x, item.place.y)


def test_sandbox_drag_succeeds_and_undo_takes_it_back(qtbot, window):
    sandbox_game(qtbot, window)
    goblin = card_in_hand(window, "Raging Goblin")
    drag(window, goblin, MY_BATTLEFIELD)  # no mana, not even the main phase: the sandbox allows it
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)
    assert window.undo_action.isEnabled()
    shortcut(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(o.get("card_id") == goblin["card_id"] for o in hand(window)), timeout=WAIT)
    assert not on_battlefield(window, goblin["card_id"])
    lands = [o for o in hand(window) if o["name"] == "Mountain"][:2]
    assert len(lands) == 2
    for land in lands:  # the drag refused in enforced mode, a second land in a turn, goes through here
        drag(window, land, MY_BATTLEFIELD)
        qtbot.waitUntil(lambda land=land: on_battlefield(window, land["card_id"]), timeout=WAIT)
    assert not window.controller.refusals
    before = len(hand(window))
    shortcut(qtbot, window, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)  # draw, Cockatrice's shortcut
    qtbot.waitUntil(lambda: len(hand(window)) == before + 1, timeout=WAIT)
    cards = {o["card_id"] for o in hand(window)}
    window.controller.sandbox_mulligan()
    qtbot.waitUntil(lambda: not window.controller.busy and len(hand(window)) == before, timeout=WAIT)
    window.controller.undo_stack.undo()  # the whole mulligan at once
    qtbot.waitUntil(lambda: {o["card_id"] for o in hand(window)} == cards, timeout=WAIT)


def test_clicking_a_land_taps_it_for_mana(qtbot, window):
    mountain = first_land(qtbot, window)
    land = next(o for o in window.controller.snapshot["battlefield"] if o["card_id"] == mountain["card_id"])
    click(window, land)
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][0]["mana_pool"] == "R", timeout=WAIT)


def test_concede_ends_the_game_and_rematch_starts_another(qtbot, window):
    start(qtbot, window)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    asked = when_modal(QMessageBox, lambda box: QTest.keyClick(box, Qt.Key.Key_Return))
    window.concede()
    assert asked and "counts as a loss" in asked[0].text()
    assert not window.controller.snapshot["game_over"]     # Return chose the default, No: the game goes on
    asked = when_modal(QMessageBox, press(QMessageBox.StandardButton.Yes))
    window.concede()
    assert asked
    qtbot.waitUntil(lambda: window.table_page.game_over.isVisible(), timeout=WAIT)
    assert "Bob wins" in window.table_page.game_over.text.text()
    QTest.mouseClick(window.table_page.rematch_button, Qt.MouseButton.LeftButton)
    assert not window.table_page.game_over.isVisible()
    keep_hand(qtbot, window)
    assert window.controller.snapshot["turn"] == 1 and not window.controller.snapshot["game_over"]


def test_pass_and_play_hides_both_hands_at_hand_over(qtbot, window):
    start(qtbot, window, opponent="hotseat")
    keep_hand(qtbot, window)  # Alice keeps; Bob's mulligan decision comes next
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)
    assert "Bob" in window.table_page.handover.title.text()
    hand_items = [i for i in window.scene.cards.values() if i.place.zone == "hand"]
    assert hand_items and not any(i.face_up for i in hand_items)
    QTest.mouseClick(window.table_page.handover, Qt.MouseButton.LeftButton)
    assert not window.table_page.handover.isVisible()
    shown = {i.place.owner: i.face_up for i in window.scene.cards.values() if i.place.zone == "hand"}
    assert shown == {1: True, 0: False}  # Bob sees his hand, not Alice's
    assert window.controller.seat == 1


def test_save_load_and_continue(qtbot, window, tmp_path):
    mountain = first_land(qtbot, window)
    saved_snapshot = window.controller.snapshot
    path = tmp_path / "game.json"
    with qtbot.waitSignal(window.host.worker.saved, timeout=WAIT):
        window.controller.save_game(str(path))
    start(qtbot, window, seed=99)  # another game meanwhile
    window.load_game_file(path)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    loaded = window.controller.snapshot
    for key in ("turn", "step", "active"):
        assert loaded[key] == saved_snapshot[key]
    assert [o["card_id"] for o in loaded["players"][0]["hand"]] == \
        [o["card_id"] for o in saved_snapshot["players"][0]["hand"]]
    goblin = card_in_hand(window, "Raging Goblin")  # and play on
    drag(window, goblin, MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)


def test_engine_calls_run_off_the_gui_thread(qtbot, window, monkeypatch):
    from engine.game import Game

    threads: list[int] = []
    real_apply = Game.apply

    def recording_apply(self, action):  # noqa: ANN001
        threads.append(threading.get_ident())
        return real_apply(self, action)

    monkeypatch.setattr(Game, "apply", recording_apply)
    start(qtbot, window)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    assert threads
    gui = threading.get_ident()
    assert gui not in threads and gui not in window.host.worker.engine_threads
    assert window.host.thread.isRunning()


SHARED = Path(__file__).resolve().parents[3] / "shared" / "scenarios" / "examples"


def test_puzzle_with_a_target_chosen_by_clicking(qtbot, window):
    path = SHARED / "01-bolt-kills-bears.toml"
    if not path.is_file():
        pytest.skip("../shared is not beside this checkout")
    window.open_puzzle_file(path)
    wait_for(qtbot, window, "priority", step="main1")
    bolt = card_in_hand(window, "Lightning Bolt")
    bears = next(o for o in window.controller.snapshot["battlefield"] if o["name"] == "Grizzly Bears")
    drag(window, bolt, MY_BATTLEFIELD)
    wait_for(qtbot, window, "choose")
    assert "target" in window.scene.item_for_object(bears["id"]).marks  # legal targets light up
    assert window.scene.panels[1].target
    click(window, bears)
    qtbot.waitUntil(lambda: any(o["card_id"] == bears["card_id"]
                                for o in window.controller.snapshot["players"][1]["graveyard"]), timeout=WAIT)
    assert "Bolt" in " ".join(window.log.lines())


def test_a_stop_set_in_the_phase_bar_is_kept(qtbot, window):
    first_land(qtbot, window)
    window.scene.step_clicked.emit("upkeep")  # on her turn, Alice asks to stop in her upkeep
    assert "upkeep" in window.settings.own_stops and "upkeep" in window.scene.phase_bar.stops
    shortcut(qtbot, window, Qt.Key.Key_Space)
    wait_for(qtbot, window, "priority", step="main2")
    shortcut(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.controller.snapshot.get("turn") == 3, timeout=WAIT)
    wait_for(qtbot, window, "priority")
    assert window.controller.snapshot["step"] == "upkeep"


def test_a_card_searched_for_is_offered_by_name(qtbot, window, tmp_path):
    puzzle = tmp_path / "ramp.toml"
    puzzle.write_text('name = "Ramp"\ngoal = "Find a land"\n[state]\nturn = 3\n'
                      '[players.A]\nhand = ["Rampant Growth"]\nbattlefield = ["Forest", "Forest"]\n'
                      'library = ["Grizzly Bears", "Island", "Grizzly Bears"]\n'
                      '[players.B]\nlibrary = ["Forest", "Forest"]\n')
    window.open_puzzle_file(puzzle)
    wait_for(qtbot, window, "priority", step="main1")
    drag(window, card_in_hand(window, "Rampant Growth"), MY_BATTLEFIELD)
    wait_for(qtbot, window, "choose")
    assert [b.text() for b in window.prompt.choice_buttons] == ["Island"]
    QTest.mouseClick(window.prompt.choice_buttons[0], Qt.MouseButton.LeftButton)
    QTest.mouseClick(window.prompt.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(o["name"] == "Island" for o in window.controller.snapshot["battlefield"]),
                    timeout=WAIT)


def test_london_mulligan_asks_for_the_bottom_card_after_keeping(qtbot, window):
    start(qtbot, window)
    wait_for(qtbot, window, "mulligan")
    QTest.mouseClick(next(b for b in window.prompt.choice_buttons if b.text() == "Mulligan"), Qt.MouseButton.LeftButton)
    wait_for(qtbot, window, "mulligan")  # keep or mulligan the new seven first
    assert len(hand(window)) == 7
    assert [b.text() for b in window.prompt.choice_buttons] == ["Keep", "Mulligan"]
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "choose")
    assert "bottom" in window.prompt.label.text()
    click(window, hand(window)[0])
    qtbot.waitUntil(lambda: not window.controller.busy and len(hand(window)) == 6, timeout=WAIT)


def test_the_log_and_the_table_speak_to_you(qtbot, window):
    window.start_game(GameConfig(decks=[list(RED), list(GREEN)], names=["You", "Bob"], starting_player=0, seed=4))
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    drag(window, card_in_hand(window, "Mountain"), MY_BATTLEFIELD)
    wait_for(qtbot, window, "priority", step="main1")
    lines = window.log.lines()
    assert {"You keep 7 cards", "Bob keeps 7 cards", "You play first", "You play Mountain"} <= set(lines)
    assert not any("You's" in line or "You keeps" in line or "You plays" in line for line in lines)
    assert window.scene.phase_bar.caption.endswith("Your turn")
    assert "You's" not in window.prompt.label.text()
