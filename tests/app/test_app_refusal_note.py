"""Refusals beside the prompt: the engine's reason in words, the rule it cites set apart, for a few seconds."""
from __future__ import annotations

import pytest

from app.refusal_note import RefusalNote, split_rule

TWO_LANDS = ('name = "Two lands"\n[state]\nturn = 3\n'
             '[players.A]\nhand = ["Mountain", "Mountain"]\nlibrary = ["Mountain", "Mountain"]\n'
             '[players.B]\nlibrary = ["Forest", "Forest"]\n')


def test_the_cited_rule_is_set_apart_from_the_reason():
    assert split_rule("not enough mana to cast Shock (601.2g)") == ("not enough mana to cast Shock", "601.2g")
    assert split_rule("Bears attacks each combat if able (508.1d)") == ("Bears attacks each combat if able", "508.1d")
    assert split_rule("no rule given") == ("no rule given", "")
    assert split_rule("two rules (117.1, 307.1)") == ("two rules", "117.1, 307.1")


def test_the_note_escapes_card_text_and_shows_until_cleared(qtbot):
    note = RefusalNote()
    qtbot.addWidget(note)
    note.show_refusal("<b>Evil</b> can't attack (508.1c)")
    assert not note.isHidden()
    assert "&lt;b&gt;Evil" in note.text() and "rule 508.1c" in note.text()
    note.clear_refusal()
    assert note.isHidden() and note.rule == ""


@pytest.mark.rules("305.2")
def test_a_second_land_is_refused_beside_the_prompt_with_its_rule(qtbot, window, tmp_path):
    pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")
    from play_helpers import MY_BATTLEFIELD, WAIT, drag, hand, wait_for

    puzzle = tmp_path / "two-lands.toml"
    puzzle.write_text(TWO_LANDS)
    window.open_puzzle_file(puzzle)
    wait_for(qtbot, window, "priority", step="main1")
    note = window.prompt.refusal
    drag(window, hand(window)[0], MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: len(hand(window)) == 1 and not window.controller.busy, timeout=WAIT)
    assert note.isHidden()
    drag(window, hand(window)[0], MY_BATTLEFIELD)
    qtbot.waitUntil(note.isVisible, timeout=WAIT)
    assert note.reason == window.controller.refusals[-1]
    assert note.rule == "305.2" and "rule 305.2" in note.text() and "already played a land" in note.text()
    assert window.prompt.isAncestorOf(note) and note.geometry().intersects(window.prompt.rect())
    note._timer.start(10)  # its few seconds pass
    qtbot.waitUntil(note.isHidden, timeout=WAIT)
