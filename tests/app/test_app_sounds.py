"""Optional sounds (app.sounds): off by default, switched on in Settings, and a sound asked for on the right
events of a real game. The sound player is a recording fake, never the audio device."""
from __future__ import annotations

import wave

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from app.dialogs import SettingsDialog  # noqa: E402
from app.sounds import SOUND_DIR, SOUNDS, SoundBoard, sound_for, sounds_for  # noqa: E402
from play_helpers import WAIT, click, goblin_ready_to_attack, shortcut, wait_for  # noqa: E402
from tests.modal_driver import when_modal  # noqa: E402


class FakePlayer:
    """Stands in for QSoundEffect: records what it was asked to play."""

    played: list[str] = []

    def __init__(self) -> None:
        self.name = ""

    def setSource(self, url: QUrl) -> None:  # noqa: N802 - QSoundEffect's name
        self.name = url.fileName().removesuffix(".wav")

    def setVolume(self, volume: float) -> None:  # noqa: N802
        assert 0 < volume <= 1

    def play(self) -> None:
        FakePlayer.played.append(self.name)


@pytest.fixture
def played() -> list[str]:
    FakePlayer.played = []
    return FakePlayer.played


def fake_board(enabled: bool) -> SoundBoard:
    return SoundBoard(enabled, factory=lambda: FakePlayer)


def unavailable() -> type:
    raise ImportError("libpulse.so.0: cannot open shared object file")


def test_every_sound_has_its_wav_file():
    for name in SOUNDS:
        with wave.open(str(SOUND_DIR / f"{name}.wav")) as wav:
            assert wav.getnchannels() == 1 and wav.getsampwidth() == 2
            assert 0.1 < wav.getnframes() / wav.getframerate() < 1.0  # short


@pytest.mark.rules("700.4")
def test_the_events_that_make_a_sound():
    humans = frozenset({0})
    assert sound_for({"kind": "draw", "data": {"player": 1}}, humans) == "draw"
    assert sound_for({"kind": "cast", "data": {}}, humans) == "cast"
    assert sound_for({"kind": "resolve", "data": {}}, humans) == "resolve"
    assert sound_for({"kind": "damage", "data": {"amount": 2}}, humans) == "damage"
    assert sound_for({"kind": "attackers_declared", "data": {}}, humans) == "attack"
    assert sound_for({"kind": "attack", "data": {}}, humans) is None  # one sound per declaration
    dies = {"kind": "zone_change", "data": {"from": "battlefield", "to": "graveyard"}}
    assert sound_for(dies, humans) == "dying"
    assert sound_for({"kind": "zone_change", "data": {"from": "hand", "to": "graveyard"}}, humans) is None
    assert sound_for({"kind": "zone_change", "data": {"from": "battlefield", "to": "exile"}}, humans) is None
    assert sound_for({"kind": "turn", "data": {"active": 0}}, humans) == "your_turn"
    assert sound_for({"kind": "turn", "data": {"active": 1}}, humans) is None  # the AI's turn
    assert sound_for({"kind": "turn", "data": {"active": 1}}, frozenset({0, 1})) == "your_turn"  # pass-and-play
    assert sound_for({"kind": "tap", "data": {}}, humans) is None
    two_draws = [{"kind": "draw", "data": {}}, {"kind": "cast", "data": {}}, {"kind": "draw", "data": {}}]
    assert sounds_for(two_draws, humans) == ["draw", "cast"]


def test_sounds_are_off_by_default_and_nothing_is_loaded(window, played):
    assert window.settings.sounds is False and window.sounds.enabled is False
    board = SoundBoard(False, factory=unavailable)
    board.on_events([{"kind": "cast", "data": {}}], frozenset({0}))
    assert board.unavailable == ""  # the sound module was not even looked for


def test_settings_switch_sounds_on_and_they_are_remembered(qtbot, window, played):
    window.sounds = fake_board(window.settings.sounds)

    def tick_and_ok(dialog: SettingsDialog) -> None:
        assert dialog.sounds.isEnabled() and not dialog.sounds.isChecked()
        dialog.sounds.click()
        QTest.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                         Qt.MouseButton.LeftButton)
    seen = when_modal(SettingsDialog, tick_and_ok)
    window.open_settings()
    assert seen
    assert window.settings.sounds is True and window.sounds.enabled is True
    window.settings.sync()
    assert window.settings.qsettings.value("table/sounds") in (True, "true")


def test_settings_say_why_sounds_cannot_play_here(qtbot, settings):
    settings.sounds = True
    dialog = SettingsDialog(settings, sounds=SoundBoard(True, factory=unavailable))
    qtbot.addWidget(dialog)
    assert not dialog.sounds.isEnabled() and "libpulse" in dialog.sounds.toolTip()
    dialog._save()
    assert settings.sounds is True  # the choice is kept for a machine where they can play


def test_a_game_asks_for_the_sound_of_each_event(qtbot, window, played):
    window.sounds = fake_board(True)
    attacker = goblin_ready_to_attack(qtbot, window)  # a Mountain played, a Raging Goblin cast and resolved
    assert "cast" in played and "resolve" in played
    assert played.index("cast") < played.index("resolve")
    assert "attack" not in played and "damage" not in played
    click(window, attacker)
    shortcut(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.controller.snapshot["players"][1]["life"] == 19, timeout=WAIT)
    assert played.index("attack") < played.index("damage")
    assert "your_turn" not in played and "draw" not in played  # the starting player skips the first draw
    wait_for(qtbot, window, "priority", step="main2")
    shortcut(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: "your_turn" in played, timeout=WAIT)
    assert window.controller.snapshot["turn"] == 3  # Alice's turn 3, not the AI's turn 2
    assert played.count("your_turn") == 1 and "draw" in played


def test_no_sound_when_they_are_off(qtbot, window, played):
    window.sounds = fake_board(False)
    goblin_ready_to_attack(qtbot, window)
    assert played == []
