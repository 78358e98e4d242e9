"""Banding at the table (702.22): the attackers clicked last are banded with the prompt's Band button or the B
key and announced with the attack (508.1e, 702.22c); the band is shown on its creatures while they attack; an
illegal band is refused with the engine's reason; and a person whose creature with banding blocks divides the
attacker's combat damage (702.22j). Played with real cards through mouse and key events."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.dialogs import DamageDialog
from app.main_window import MainWindow
from app.worker import PERSON, EngineWorker, GameConfig
from tests.app.play_helpers import WAIT, answer_menu, click, shortcut, wait_for
from tests.engine.test_banding import BENALISH_HERO  # its Oracle text, shared with the engine's tests
from tests.modal_driver import when_modal


def _puzzle(tmp_path: Path, a: list[str], b: list[str], active: str = "A") -> Path:
    path = tmp_path / "banding.toml"
    path.write_text(f'''name = "Banding"
[state]
turn = 3
active = "{active}"
step = "main1"
[players.A]
battlefield = {a!r}
library = ["Plains", "Plains"]
[players.B]
battlefield = {b!r}
library = ["Plains", "Plains"]
'''.replace("'", '"'), encoding="utf-8")
    return path


def _mine(window, player: int = 0) -> dict[str, dict]:
    return {o["name"]: o for o in window.controller.snapshot["battlefield"] if o["controller"] == player}


def _to_attack(qtbot, window, tmp_path, a: list[str], b: list[str]) -> dict[str, dict]:
    window.open_puzzle_file(_puzzle(tmp_path, a, b))
    wait_for(qtbot, window, "priority", 0, step="main1")
    shortcut(qtbot, window, Qt.Key.Key_Space)  # pass: on to combat
    wait_for(qtbot, window, "declare_attackers")
    return _mine(window)


@pytest.mark.rules("702.22c", "702.22d", "508.1e")
def test_the_attackers_clicked_last_attack_as_a_band(qtbot, window, tmp_path, extra_cards):
    extra_cards(BENALISH_HERO)
    field = _to_attack(qtbot, window, tmp_path, ["Benalish Hero", "Grizzly Bears", "Hill Giant"], ["Plains"])
    c = window.controller
    hero, bears, giant = (field[n]["id"] for n in ("Benalish Hero", "Grizzly Bears", "Hill Giant"))
    band_button = next(b for b in window.prompt.choice_buttons if b.text() == "Band (B)")
    assert window.band_action.isEnabled() and "Band (B)" in window.prompt.label.text()
    click(window, field["Benalish Hero"])
    click(window, field["Grizzly Bears"])
    QTest.mouseClick(band_button, Qt.MouseButton.LeftButton)
    assert c.declared.bands == [[hero, bears]]
    assert "band 1" in window.scene.item_for_object(hero).marks
    assert "band 1" in window.scene.item_for_object(bears).marks
    click(window, field["Hill Giant"])  # after a band, a new group: the Giant attacks alone
    shortcut(qtbot, window, Qt.Key.Key_B)  # one creature is no band: refused at the table, the band stays
    assert c.declared.bands == [[hero, bears]] and c.refusals[-1].startswith("click two or more attackers")
    shown: list[tuple] = []  # each table drawn: the snapshot's bands, and which creatures show a band

    def note() -> None:
        bands = (c.snapshot.get("combat") or {}).get("bands")
        shown.append((bands, {x for x in (hero, bears, giant) if window.scene.item_for_object(x) is not None
                              and "band 1" in window.scene.item_for_object(x).marks}))
    c.shown.connect(note)
    shortcut(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: c.snapshot["players"][1]["life"] == 20 - 1 - 2 - 3, timeout=WAIT)
    # 702.22c: shown on the band's creatures while they attack, from the snapshot
    assert ([[hero, bears]], {hero, bears}) in shown


@pytest.mark.rules("702.22c")
def test_an_attackers_right_click_menu_bands_and_unbands(qtbot, window, tmp_path, extra_cards):
    extra_cards(BENALISH_HERO)
    field = _to_attack(qtbot, window, tmp_path, ["Benalish Hero", "Grizzly Bears", "Hill Giant"], ["Plains"])
    c = window.controller
    hero, bears = field["Benalish Hero"], field["Grizzly Bears"]
    click(window, hero)
    seen: list[list[str]] = []

    def right_click(obj) -> None:
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier,
                         window.view.mapFromScene(window.scene.item_for_object(obj["id"]).pos()))

    click(window, bears)
    answer_menu(qtbot, "Band the attackers clicked last (B)", seen)
    right_click(hero)
    qtbot.waitUntil(lambda: c.declared.bands == [[hero["id"], bears["id"]]], timeout=WAIT)
    answer_menu(qtbot, "Leave band 1", seen)
    right_click(bears)
    qtbot.waitUntil(lambda: c.declared.bands == [], timeout=WAIT)  # one creature left is no band
    assert seen == [["Band the attackers clicked last (B)", "Leave its band"],
                    ["Band the attackers clicked last (B)", "Leave band 1"]]
    assert set(c.declared.attacks) == {hero["id"], bears["id"]}  # still attacking, each on its own
    assert not any(m.startswith("band") for m in window.scene.item_for_object(hero["id"]).marks)


@pytest.mark.rules("702.22c")
def test_a_band_without_a_creature_with_banding_is_refused_with_the_reason(qtbot, window, tmp_path, extra_cards):
    extra_cards(BENALISH_HERO)
    field = _to_attack(qtbot, window, tmp_path, ["Benalish Hero", "Grizzly Bears", "Hill Giant"], ["Plains"])
    c = window.controller
    click(window, field["Grizzly Bears"])
    click(window, field["Hill Giant"])
    shortcut(qtbot, window, Qt.Key.Key_B)
    assert c.declared.bands == [[field["Grizzly Bears"]["id"], field["Hill Giant"]["id"]]]
    shortcut(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bool(c.refusals), timeout=WAIT)
    assert "banding" in c.refusals[-1] and "702.22c" in c.refusals[-1]
    wait_for(qtbot, window, "declare_attackers")  # asked again: nothing attacked
    assert c.snapshot.get("combat") is None or not c.snapshot["combat"].get("attackers")


@pytest.mark.rules("702.22c")
def test_no_band_button_without_banding(qtbot, window, tmp_path, extra_cards):
    _to_attack(qtbot, window, tmp_path, ["Grizzly Bears", "Hill Giant"], ["Plains"])
    assert not any(b.text() == "Band (B)" for b in window.prompt.choice_buttons)
    assert not window.band_action.isEnabled()


class _GiantAttacks:
    """The AI seat A: attacks B with its Hill Giant, and passes otherwise."""

    def choose(self, game):
        from engine.core import player_actions as A
        actions = game.legal_actions()
        if str(getattr(game.pending.kind, "value", game.pending.kind)) == "declare_attackers":
            giant = next(o["id"] for o in game.snapshot(viewer=None)["battlefield"] if o["name"] == "Hill Giant")
            return A.DeclareAttackers(0, {giant: "P1"})
        return next((a for a in actions if type(a).__name__ == "PassPriority"), actions[0])


@pytest.mark.rules("702.22j", "510.1c")
def test_the_defending_person_divides_the_damage_of_an_attacker_blocked_by_banding(
        qtbot, settings, card_cache, tmp_path, answers, extra_cards):
    """A's Hill Giant is blocked by B's Benalish Hero and Grizzly Bears: B, the person, divides its 3 damage
    (702.22j) and puts all of it on the Hero, which A would not have chosen to spare the Bears."""
    extra_cards(BENALISH_HERO)
    puzzle = _puzzle(tmp_path, ["Hill Giant"], ["Benalish Hero", "Grizzly Bears"])
    settings.ai_pace_ms = 0
    window = MainWindow(settings=settings, worker=EngineWorker(ai_factory=lambda config, player, level: _GiantAttacks()),
                        card_cache=card_cache)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.start_game(GameConfig(decks=[[], []], names=["A", "B"], deck_titles=["", ""], enforce=True, seed=0,
                                 puzzle=str(puzzle), seats=["easy", PERSON]))
    wait_for(qtbot, window, "declare_blockers", 1)
    c = window.controller
    field, giant = _mine(window, 1), _mine(window, 0)["Hill Giant"]
    for name in ("Benalish Hero", "Grizzly Bears"):
        click(window, field[name])
        click(window, giant)
    shortcut(qtbot, window, Qt.Key.Key_Return)
    wait_for(qtbot, window, "assign_damage", 1)
    d = c.decision
    assert d["data"]["sources"] == [giant["id"]]  # the Giant's damage, divided by its defending player

    def divide(dialog) -> None:
        boxes = dialog.boxes[giant["id"]]
        boxes[field["Benalish Hero"]["id"]].setValue(3)
        boxes[field["Grizzly Bears"]["id"]].setValue(0)
        dialog.accept()

    seen = when_modal(DamageDialog, divide)
    QTest.mouseClick(next(b for b in window.prompt.choice_buttons if b.text() == "Divide damage…"),
                     Qt.MouseButton.LeftButton)
    assert seen
    qtbot.waitUntil(lambda: not c.busy and "Benalish Hero" not in _mine(window, 1), timeout=WAIT)
    assert "Grizzly Bears" in _mine(window, 1)
    assert answers.texts == []
    window.close()
