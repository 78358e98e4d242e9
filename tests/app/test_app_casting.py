"""Casting from the table: a spell the engine cannot complete is refused, with the engine's reason, before
anyone is asked for its targets; after a refusal the table never waits in a choice nothing can answer."""
from __future__ import annotations

import pytest

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from engine.core import player_actions as A  # noqa: E402
from play_helpers import MY_BATTLEFIELD, WAIT, card_in_hand, click, drag, hand, wait_for  # noqa: E402

NO_MANA = ('name = "No mana"\n[state]\nturn = 3\n'
           '[players.A]\nhand = ["Shock", "Raging Goblin"]\nlibrary = ["Mountain", "Mountain"]\n'
           '[players.B]\nbattlefield = ["Grizzly Bears"]\nlibrary = ["Forest", "Forest"]\n')


@pytest.fixture
def no_mana(qtbot, window, tmp_path):
    puzzle = tmp_path / "no-mana.toml"
    puzzle.write_text(NO_MANA)
    window.open_puzzle_file(puzzle)
    wait_for(qtbot, window, "priority", step="main1")
    kinds: list[str] = []
    window.host.worker.accepted.connect(lambda events, snap: kinds.append((snap.get("decision") or {}).get("kind")))
    return kinds


def test_a_spell_that_cannot_be_paid_is_refused_before_its_target_is_asked(qtbot, window, no_mana):
    shock = card_in_hand(window, "Shock")
    drag(window, shock, MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: bool(window.controller.refusals) and not window.controller.busy, timeout=WAIT)
    assert "not enough mana" in window.controller.refusals[-1]
    assert window.controller.refusals[-1] in window.statusBar().currentMessage()
    assert "choose" not in no_mana  # no target was asked for
    assert window.controller.decision["kind"] == "priority"
    item = window.scene.item_for_object(shock["id"])
    qtbot.waitUntil(lambda: not item.is_animating(), timeout=WAIT)
    assert item.place.zone == "hand" and (item.pos().x(), item.pos().y()) == (item.place.x, item.place.y)


def test_after_a_refused_target_the_cast_is_backed_out(qtbot, window, no_mana):
    shock = card_in_hand(window, "Shock")
    window.controller._send(A.CastSpell(0, shock["id"]))  # as a cast started before the check would be
    wait_for(qtbot, window, "choose")
    bears = next(o for o in window.controller.snapshot["battlefield"] if o["name"] == "Grizzly Bears")
    click(window, bears)
    wait_for(qtbot, window, "priority", step="main1")
    assert "not enough mana" in window.controller.refusals[-1]
    assert any(o["name"] == "Shock" for o in hand(window))
    assert not window.controller.snapshot.get("stack")

