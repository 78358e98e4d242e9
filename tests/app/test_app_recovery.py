"""The app survives an engine exception and a crash (issue 14): a fault on an action rolls the game
back, tells the player and writes a bug report (seed, action, the save before it, traceback) that
replays the fault; the game is autosaved every turn and offered back after a run that did not close
normally. The real window and engine, with a fault injected into the engine's dispatcher."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from app import crash_recovery  # noqa: E402
from app.main_window import MainWindow  # noqa: E402
from app.savefile import read_save  # noqa: E402
from app.worker import EngineHost, EngineWorker, GameConfig  # noqa: E402
from app_fakes import Crash, FakeGame, PassPriority, Refused, fake_ai  # noqa: E402
from play_helpers import (MY_BATTLEFIELD, WAIT, card_in_hand, drag, first_land, hand,  # noqa: E402
                          on_battlefield, shortcut, wait_for)


@pytest.fixture(autouse=True)
def messages(answers):
    """The texts of the boxes the window shows, each answered by a click (OK; a question: as scripted)."""
    return answers.texts


def _inject_fault(monkeypatch, kind: str) -> None:
    import engine.game
    real = engine.game.dispatch

    def faulty(game, action):  # noqa: ANN001
        if type(action).__name__ == kind:
            raise RuntimeError("injected engine bug")
        return real(game, action)

    monkeypatch.setattr(engine.game, "dispatch", faulty)


def test_an_engine_fault_rolls_back_tells_the_player_and_writes_a_replayable_report(
        qtbot, window, messages, monkeypatch, data_folder):
    first_land(qtbot, window)
    before = window.controller.snapshot
    _inject_fault(monkeypatch, "CastSpell")
    goblin = card_in_hand(window, "Raging Goblin")
    drag(window, goblin, MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: bool(messages), timeout=WAIT)
    assert "injected engine bug" in messages[0] and "put back" in messages[0] and "bug report" in messages[0]
    wait_for(qtbot, window, "priority", step="main1")
    after = window.controller.snapshot
    assert [o["card_id"] for o in hand(window)] == [o["card_id"] for o in before["players"][0]["hand"]]
    assert not on_battlefield(window, goblin["card_id"]) and after["turn"] == before["turn"]

    (report_path,) = (data_folder / "bug-reports").glob("engine-fault-*[0-9].json")
    report = json.loads(report_path.read_text())
    assert report["seed"] == 4 and report["action"]["action"] == "CastSpell"
    assert "injected engine bug" in report["error"] and "RuntimeError" in report["traceback"]
    # The save before the action, with the action, replays the fault; without the fault it plays.
    from engine.core.player_actions import Action
    from engine.game import Game
    config, game_text = read_save((report_path.parent / report["save_file"]).read_text())
    assert config["seed"] == 4
    with pytest.raises(ValueError, match="injected engine bug"):
        Game.from_json(game_text)       # a save whose legal actions crash is refused as damaged ...
    with pytest.raises(RuntimeError, match="injected engine bug"):
        Game.from_json(game_text, trial=False).apply(Action.from_json(report["action"]))   # ... but replays
    monkeypatch.undo()
    Game.from_json(game_text).apply(Action.from_json(report["action"]))

    # The game goes on.
    drag(window, card_in_hand(window, "Raging Goblin"), MY_BATTLEFIELD)
    qtbot.waitUntil(lambda: on_battlefield(window, goblin["card_id"]), timeout=WAIT)


def test_the_game_is_autosaved_each_turn(qtbot, window, data_folder):
    first_land(qtbot, window)
    autosave = data_folder / crash_recovery.AUTOSAVE
    assert autosave.is_file()
    config, game_text = read_save(autosave.read_text())
    assert config["seed"] == 4 and json.loads(game_text)["turn"] == window.controller.snapshot["turn"]
    turn = window.controller.snapshot["turn"]
    for _ in range(12):      # pass until the AI's turn has begun and is autosaved
        if window.controller.snapshot["turn"] > turn:
            break
        wait_for_any_priority(qtbot, window)
        shortcut(qtbot, window, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: json.loads(read_save(autosave.read_text())[1])["turn"] > turn, timeout=WAIT)


def test_a_clean_close_deletes_the_autosave_and_nothing_is_offered_next_start(
        qtbot, window, settings, card_cache, data_folder, messages):
    first_land(qtbot, window)
    autosave = data_folder / crash_recovery.AUTOSAVE
    assert autosave.is_file() and (data_folder / crash_recovery.MARKER).is_file()
    assert window.close()
    assert not autosave.exists() and not (data_folder / crash_recovery.MARKER).exists()
    again = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(again)
    qtbot.wait(100)
    assert messages == [] and again.controller.config is None
    again.close()


def wait_for_any_priority(qtbot, window) -> None:
    def ready():
        d = window.controller.decision
        if window.controller.busy or d is None:
            return window.controller.snapshot.get("turn", 0) > 1
        if d["player"] == 0 and d["kind"] == "declare_blockers":
            window.controller.ok()
            return False
        return d["player"] == 0 and d["kind"] in ("priority", "declare_attackers")
    qtbot.waitUntil(ready, timeout=WAIT)


def _crashed_run(data_folder) -> None:
    """What a run killed in mid-game leaves: the session marker and an autosave."""
    from app.savefile import save_envelope
    from engine.game import Game
    config = GameConfig(decks=[["Mountain"] * 30 + ["Raging Goblin"] * 30, ["Forest"] * 60], seed=9,
                        names=["Alice", "Bob"], opponent="hotseat")
    game = Game.new(config.decks, seed=9)
    crash_recovery.write_autosave(data_folder, save_envelope(config.to_json(), game.to_json()))
    crash_recovery.begin_session(data_folder)


@pytest.mark.parametrize("resume", [True, False])
def test_after_an_unclean_exit_the_autosave_is_offered(qtbot, settings, card_cache, data_folder, answers, resume):
    _crashed_run(data_folder)
    asked = answers.texts
    answers.script.append(QMessageBox.StandardButton.Yes if resume else QMessageBox.StandardButton.No)
    first = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(first)
    qtbot.waitUntil(lambda: bool(asked), timeout=WAIT)
    assert "did not close normally" in asked[0]
    if resume:
        qtbot.waitUntil(lambda: first.controller.config is not None, timeout=WAIT)
        assert first.controller.config.names == ["Alice", "Bob"]
    else:
        qtbot.wait(100)
        assert first.controller.config is None
    first.close()
    assert not (data_folder / crash_recovery.MARKER).exists(), "a normal close clears the marker"
    again = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(again)
    qtbot.wait(100)
    assert len(asked) == 1, "no offer after a normal close"
    again.close()


def test_the_worker_reports_a_fault_of_the_engine_and_of_the_ai(qtbot, tmp_path):
    class CrashingAI:
        def choose(self, game):  # noqa: ANN001
            raise ZeroDivisionError("the AI divided by zero")

    worker = EngineWorker(FakeGame.new, FakeGame.from_json, Refused, lambda *a: CrashingAI())
    worker.recovery_dir = tmp_path
    host = EngineHost(worker)
    try:
        with qtbot.waitSignal(worker.started, timeout=5000):
            host.new_game.emit(GameConfig(decks=[["Forest"], ["Island"]], opponent="hotseat", seed=3))
        with qtbot.waitSignal(worker.fault, timeout=5000) as blocker:
            host.submit.emit(Crash(0), worker.game_id)
        assert "ZeroDivisionError" in blocker.args[0] and str(tmp_path) in blocker.args[0]
        assert worker.game.passes == 0
        (report,) = (tmp_path / "bug-reports").glob("engine-fault-*[0-9].json")
        data = json.loads(report.read_text())
        assert data["seed"] == 3 and "Crash(player=0)" in data["action"]
        assert data["save_before"]["game"] == {"turn": 1, "priority": 0, "passes": 0}
        # Against the AI: its fault is reported the same way, the game as it was.
        with qtbot.waitSignal(worker.started, timeout=5000):
            host.new_game.emit(GameConfig(decks=[["Forest"], ["Island"]], opponent="ai", seed=5))
        with qtbot.waitSignal(worker.fault, timeout=5000) as blocker:
            host.submit.emit(PassPriority(0), worker.game_id)
        assert blocker.args[0].startswith("The AI could not act (ZeroDivisionError")
        assert worker.game.priority == 1
    finally:
        host.stop()
