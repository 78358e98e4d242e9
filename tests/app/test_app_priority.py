"""Control over priority on the real window: passing until the end of the turn (F4), your next turn (F6) or
until something happens (F8), the warning before a stray pass skips the rest of one's own turn, take-backs
(Ctrl+Z) and the roll back to the start of the turn (Ctrl+Shift+R) against the AI and in pass-and-play, and
a pass-and-play screen that changes hands only for a real decision."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from play_helpers import (WAIT, card_in_hand, cast_goblin, click, first_land, hand, keep_hand,  # noqa: E402
                          on_battlefield, settled_drag, shortcut, start, wait_for)

from app.main_window import SHORTCUTS  # noqa: E402
from tests.modal_driver import when_modal  # noqa: E402

CTRL = Qt.KeyboardModifier.ControlModifier


def log_text(window) -> str:
    return "\n".join(window.log.lines())


def answer_next_dialog(button: QMessageBox.StandardButton, tick: bool = False) -> list[str]:
    """Clicks `button` of the next message box with the mouse (ticking its check box first); returns its text."""
    def act(box: QMessageBox) -> None:
        if tick:
            QTest.mouseClick(box.checkBox(), Qt.MouseButton.LeftButton)
        QTest.mouseClick(box.button(button), Qt.MouseButton.LeftButton)
    return when_modal(QMessageBox, act)


def test_f4_passes_to_the_end_of_the_turn_past_your_own_stops(qtbot, window):
    first_land(qtbot, window)
    assert window.prompt.pass_until_buttons  # shown beside Pass at priority
    assert all(b.isVisible() for b in window.prompt.pass_until_buttons.values())
    keys = ("F4", "F6", "F8")
    assert [k in b.text() for k, b in zip(keys, window.prompt.pass_until_buttons.values())] == [True] * 3
    assert all(f"{k}\tpass until" in SHORTCUTS for k in keys) and "Ctrl+Shift+R\troll back" in SHORTCUTS
    shortcut(qtbot, window, Qt.Key.Key_F4)
    wait_for(qtbot, window, "priority")
    snap = window.controller.snapshot
    assert snap["turn"] == 3 and snap["step"] == "main1"  # main 2 (a stop) skipped; stopped on the next own turn
    assert window.controller.pass_modes == {}


def test_f4_stops_at_a_stop_of_the_next_turn_and_f6_passes_it(qtbot, window):
    window.settings.opponent_stops = frozenset({"upkeep"})
    first_land(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_F4)
    wait_for(qtbot, window, "priority")
    assert (window.controller.snapshot["turn"], window.controller.snapshot["step"]) == (2, "upkeep")
    # On the opponent's turn: on to mine, past their upkeep stop.
    shortcut(qtbot, window, Qt.Key.Key_F6)
    wait_for(qtbot, window, "priority")
    assert (window.controller.snapshot["turn"], window.controller.snapshot["step"]) == (3, "main1")


def test_f8_passes_until_the_opponent_casts_a_spell_or_my_turn_comes(qtbot, window):
    first_land(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_F8)  # Bob only plays a land on turn 2: my turn ends it
    wait_for(qtbot, window, "priority")
    assert (window.controller.snapshot["turn"], window.controller.snapshot["step"]) == (3, "main1")
    shortcut(qtbot, window, Qt.Key.Key_F8)
    wait_for(qtbot, window, "priority")
    snap = window.controller.snapshot
    # Nothing in hand answers a spell, so without F8 the Bears would resolve without a stop.
    assert snap["turn"] == 4 and snap["stack"] and snap["stack"][-1]["controller"] == 1
    assert snap["stack"][-1]["name"] == "Grizzly Bears"


def test_a_stray_pass_that_would_skip_the_turn_asks_first(qtbot, window):
    window.settings.warn_pass_with_plays = True
    start(qtbot, window)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    shortcut(qtbot, window, Qt.Key.Key_Space)  # main 2 is still a stop: no question
    wait_for(qtbot, window, "priority", step="main2")
    seen = answer_next_dialog(QMessageBox.StandardButton.No)
    shortcut(qtbot, window, Qt.Key.Key_Space)  # a land still to play: asked, and No keeps the turn
    assert seen and "could still be played" in seen[0].text()
    assert (window.controller.snapshot["turn"], window.controller.snapshot["step"]) == (1, "main2")
    assert not window.controller.busy
    seen = answer_next_dialog(QMessageBox.StandardButton.Yes, tick=True)
    shortcut(qtbot, window, Qt.Key.Key_F4)
    assert seen and window.settings.warn_pass_with_plays is False  # "don't warn me again"
    qtbot.waitUntil(lambda: window.controller.snapshot.get("turn", 1) >= 2, timeout=WAIT)


def test_ctrl_z_takes_back_a_cast_and_a_land_against_the_ai(qtbot, window):
    mountain = first_land(qtbot, window)
    goblin = cast_goblin(qtbot, window)  # the AI could only pass: no decision of its own
    shortcut(qtbot, window, Qt.Key.Key_Z, CTRL)
    wait_for(qtbot, window, "priority", step="main1")
    assert not on_battlefield(window, goblin["card_id"])
    assert goblin["card_id"] in [o["card_id"] for o in hand(window)]
    assert on_battlefield(window, mountain["card_id"])
    assert "Alice takes back" in log_text(window) and "Raging Goblin" in log_text(window).split("takes back")[-1]
    shortcut(qtbot, window, Qt.Key.Key_Z, CTRL)
    wait_for(qtbot, window, "priority", step="main1")
    assert not on_battlefield(window, mountain["card_id"])
    assert mountain["card_id"] in [o["card_id"] for o in hand(window)]


def test_roll_back_to_the_turn_start_and_no_take_back_past_a_draw(qtbot, window):
    mountain = first_land(qtbot, window)
    cast_goblin(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    wait_for(qtbot, window, "priority", step="main1")
    assert window.controller.snapshot["turn"] == 1 and not window.controller.snapshot["battlefield"]
    assert "Rolled back to turn 1" in log_text(window)
    settled_drag(qtbot, window, card_in_hand(window, "Mountain"))
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    shortcut(qtbot, window, Qt.Key.Key_F4)
    wait_for(qtbot, window, "priority", step="main1")
    assert window.controller.snapshot["turn"] == 3
    lines = window.log.count()
    # A card was drawn since my last decision: neither action is possible, and the menu says why.
    assert not window.take_back_action.isEnabled() and not window.roll_back_action.isEnabled()
    assert "Nothing to take back" in window.take_back_action.toolTip()
    assert "Alice draws a card" in window.take_back_action.toolTip()
    shortcut(qtbot, window, Qt.Key.Key_Z, CTRL)
    shortcut(qtbot, window, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert window.log.count() == lines and on_battlefield(window, mountain["card_id"])


def take_back_enabled(window) -> tuple[bool, bool]:
    return window.take_back_action.isEnabled(), window.roll_back_action.isEnabled()


def test_take_back_actions_are_enabled_only_when_a_take_back_is_possible(qtbot, window):
    start(qtbot, window)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    assert window.prompt.label.text() == "Main 1: drag a card to play it, or pass."  # the phase bar's name
    # Only automatic passes so far this turn: going back would change nothing.
    assert take_back_enabled(window) == (False, False)
    assert window.take_back_action.isVisible() and window.roll_back_action.isVisible()
    lines = window.log.count()
    shortcut(qtbot, window, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert window.log.count() == lines and not window.controller.busy
    mountain = card_in_hand(window, "Mountain")
    settled_drag(qtbot, window, mountain)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", step="main1")
    assert take_back_enabled(window) == (True, True)
    assert window.take_back_action.toolTip() == window.take_back_action.text().replace("&", "")  # no reason
    shortcut(qtbot, window, Qt.Key.Key_Z, CTRL)
    wait_for(qtbot, window, "priority", step="main1")
    assert not on_battlefield(window, mountain["card_id"])
    assert take_back_enabled(window) == (False, False)  # back where the turn's decisions began


def test_f3_stops_passing_until_the_next_turn(qtbot, window):
    window.settings.ai_pace_ms = 300  # the AI's turn lasts long enough to press F3 in it
    window.settings.opponent_stops = frozenset({"end"})
    first_land(qtbot, window)
    shortcut(qtbot, window, Qt.Key.Key_F6)  # would pass the AI's end step (a stop) to my turn 3
    qtbot.waitUntil(lambda: window.controller.snapshot.get("turn") == 2, timeout=WAIT)
    assert window.controller.pass_modes
    shortcut(qtbot, window, Qt.Key.Key_F3)
    assert window.controller.pass_modes == {}
    assert "Passing stopped" in window.statusBar().currentMessage()
    wait_for(qtbot, window, "priority")
    assert (window.controller.snapshot["turn"], window.controller.snapshot["step"]) == (2, "end")


def hotseat_game(qtbot, window):
    window.settings.open_hands = True
    start(qtbot, window, opponent="hotseat")
    keep_hand(qtbot, window, 0)
    keep_hand(qtbot, window, 1)
    wait_for(qtbot, window, "priority", 0, step="main1")


def test_pass_and_play_take_back_needs_the_other_players_ok(qtbot, window):
    hotseat_game(qtbot, window)
    mountain = card_in_hand(window, "Mountain")
    settled_drag(qtbot, window, mountain)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", 0, step="main1")
    seen = answer_next_dialog(QMessageBox.StandardButton.No)
    shortcut(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert seen and seen[0].text().startswith("Bob: Alice asks to take back")
    assert on_battlefield(window, mountain["card_id"]) and "declined" in window.statusBar().currentMessage()
    seen = answer_next_dialog(QMessageBox.StandardButton.Yes)
    shortcut(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert seen
    wait_for(qtbot, window, "priority", 0, step="main1")
    assert not on_battlefield(window, mountain["card_id"])
    assert "Alice takes back" in log_text(window)


def test_pass_and_play_hands_over_only_for_a_real_decision(qtbot, window):
    start(qtbot, window, opponent="hotseat")
    keep_hand(qtbot, window, 0)
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)
    QTest.mouseClick(window.table_page.handover, Qt.MouseButton.LeftButton)
    keep_hand(qtbot, window, 1)
    qtbot.waitUntil(lambda: window.table_page.handover.isVisible(), timeout=WAIT)
    QTest.mouseClick(window.table_page.handover, Qt.MouseButton.LeftButton)
    wait_for(qtbot, window, "priority", 0, step="main1")
    handovers: list[str] = []
    window.controller.handover.connect(handovers.append)
    mountain = card_in_hand(window, "Mountain")
    settled_drag(qtbot, window, mountain)
    qtbot.waitUntil(lambda: on_battlefield(window, mountain["card_id"]), timeout=WAIT)
    wait_for(qtbot, window, "priority", 0, step="main1")
    cast_goblin(qtbot, window)  # Bob cannot answer it: his priority is passed for him, the screen stays
    assert handovers == [] and window.controller.seat == 0 and not window.table_page.handover.isVisible()
    shortcut(qtbot, window, Qt.Key.Key_F4)  # attacks are still asked for (not a priority)
    wait_for(qtbot, window, "declare_attackers", 0)
    shortcut(qtbot, window, Qt.Key.Key_Return)  # no attack; to Bob's turn, where he decides
    qtbot.waitUntil(lambda: handovers == ["Bob"], timeout=WAIT)


TRICK = ('name = "Trick"\n[state]\nturn = 3\n'
         '[players.A]\nbattlefield = ["Grizzly Bears", "Forest"]\nhand = ["Giant Growth"]\n'
         'library = ["Forest", "Forest"]\n'
         '[players.B]\nlibrary = ["Forest", "Forest"]\n')


def test_a_chance_to_respond_after_blockers_before_damage(qtbot, window, tmp_path):
    puzzle = tmp_path / "trick.toml"
    puzzle.write_text(TRICK)
    window.open_puzzle_file(puzzle)
    wait_for(qtbot, window, "priority", step="main1")
    assert "declare_blockers" not in window.settings.own_stops
    shortcut(qtbot, window, Qt.Key.Key_Space)
    wait_for(qtbot, window, "declare_attackers")
    bears = next(o for o in window.controller.snapshot["battlefield"] if o["name"] == "Grizzly Bears")
    click(window, bears)
    shortcut(qtbot, window, Qt.Key.Key_Return)
    wait_for(qtbot, window, "priority")
    snap = window.controller.snapshot
    # Not a stop, but Giant Growth could still be cast before damage: the game waits for me.
    assert snap["step"] == "declare_blockers" and snap["players"][1]["life"] == 20
    shortcut(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][1]["life"] == 18, timeout=WAIT)
