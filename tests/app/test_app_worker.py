"""The engine worker: engine calls run on its own thread, refusals keep the state, the AI acts at its pace,
games save atomically and load back. Driven through the engine's API by a stand-in game."""
from __future__ import annotations

import threading

import pytest

from app.worker import EngineHost, EngineWorker, GameConfig
from app_fakes import Crash, Explode, FakeGame, PassPriority, Refused, fake_ai


@pytest.fixture
def host(qtbot):
    FakeGame.threads.clear()
    host = EngineHost(EngineWorker(FakeGame.new, FakeGame.from_json, Refused, fake_ai))
    yield host
    host.stop()


def _start(qtbot, host, **config):
    with qtbot.waitSignal(host.worker.started, timeout=5000) as blocker:
        host.new_game.emit(GameConfig(decks=[["Forest"], ["Island"]], opponent=config.get("opponent", "hotseat"),
                                      seed=1))
    return blocker.args[0]


def test_engine_runs_off_the_gui_thread(qtbot, host):
    _start(qtbot, host)
    with qtbot.waitSignal(host.worker.accepted, timeout=5000) as blocker:
        host.submit.emit(PassPriority(0), host.worker.game_id)
    events, snapshot = blocker.args
    assert events[0]["text"] == "Player 0 passes." and snapshot["priority"] == 1
    gui = threading.get_ident()
    assert FakeGame.threads and gui not in FakeGame.threads
    assert host.worker.engine_threads and gui not in host.worker.engine_threads


def test_refused_action_answers_with_the_reason_and_the_same_state(qtbot, host):
    first = _start(qtbot, host)
    with qtbot.waitSignal(host.worker.refused, timeout=5000) as blocker:
        host.submit.emit(Explode(0), host.worker.game_id)
    reason, snapshot = blocker.args
    assert reason == "that is not allowed now"
    assert {k: snapshot[k] for k in ("turn", "priority")} == {k: first[k] for k in ("turn", "priority")}


def test_a_fault_in_the_engine_is_refused_and_the_state_restored(qtbot, host):
    _start(qtbot, host)
    with qtbot.waitSignal(host.worker.refused, timeout=5000) as blocker:
        host.submit.emit(Crash(0), host.worker.game_id)
    reason, snapshot = blocker.args
    assert reason.startswith("the engine failed on this action (ZeroDivisionError")
    assert snapshot["turn"] == 1 and snapshot["priority"] == 0  # the half-done change was undone
    assert host.worker.game.passes == 0


def test_ai_acts_by_itself_at_its_pace(qtbot, host):
    host.set_ai_pace.emit(50)
    _start(qtbot, host, opponent="ai")
    answers = []
    host.worker.accepted.connect(lambda events, snapshot: answers.append(snapshot["priority"]))
    host.submit.emit(PassPriority(0), host.worker.game_id)
    # The human's pass, then the AI's own pass, without anything more from the GUI.
    qtbot.waitUntil(lambda: len(answers) >= 2, timeout=5000)
    assert answers[:2] == [1, 0]
    assert host.worker.game.turn == 2


def test_save_and_load_round_trip(qtbot, host, tmp_path):
    _start(qtbot, host)
    host.submit.emit(PassPriority(0), host.worker.game_id)
    path = tmp_path / "game.json"
    with qtbot.waitSignal(host.worker.saved, timeout=5000):
        host.save_game.emit(str(path), [])
    text = path.read_text()
    assert '"manatable-save"' in text
    host.submit.emit(PassPriority(1), host.worker.game_id)
    with qtbot.waitSignal(host.worker.started, timeout=5000) as blocker:
        host.load_game.emit(text)
    snapshot, config = blocker.args
    assert snapshot["priority"] == 1 and config.opponent == "hotseat"


def test_a_late_intent_for_an_earlier_game_is_dropped(qtbot, host):
    first = _start(qtbot, host)
    _start(qtbot, host)
    answers = []
    host.worker.accepted.connect(lambda *args: answers.append(args))
    host.worker.refused.connect(lambda *args: answers.append(args))
    host.submit.emit(PassPriority(0), first["game_id"])
    with qtbot.waitSignal(host.worker.accepted, timeout=5000):
        host.submit.emit(PassPriority(0), host.worker.game_id)
    assert len(answers) == 1 and host.worker.game.passes == 1


def test_damaged_game_in_a_save_is_reported(qtbot, host):
    text = '{"format": "manatable-save", "version": 1, "config": {"decks": [[], []], "names": ["A", "B"], ' \
           '"opponent": "ai", "enforce": true}, "game": {"nonsense": 1}}'
    with qtbot.waitSignal(host.worker.failed, timeout=5000) as blocker:
        host.load_game.emit(text)
    assert "damaged" in blocker.args[0]


def test_undo_point_restores_the_state_before_a_move(qtbot, host):
    _start(qtbot, host)
    with qtbot.waitSignal(host.worker.accepted, timeout=5000):
        host.submit_undoable.emit(PassPriority(0), 7, host.worker.game_id)
    assert host.worker.game.priority == 1
    with qtbot.waitSignal(host.worker.accepted, timeout=5000) as blocker:
        host.restore.emit(7)
    assert blocker.args[1]["priority"] == 0


class _ClosingAI:
    """An AI player holding something to let go of, as the hard level's helper processes (engine.ai.helpers)."""

    def __init__(self) -> None:
        self.closed = False

    def choose(self, game):  # noqa: ANN001, ANN201
        return PassPriority(game.pending.player)

    def close(self) -> None:
        self.closed = True


def test_a_new_game_closes_the_last_games_ai_players(qtbot):
    made: list[_ClosingAI] = []

    def factory(config, player, level):  # noqa: ANN001, ANN202
        made.append(_ClosingAI())
        return made[-1]

    host = EngineHost(EngineWorker(FakeGame.new, FakeGame.from_json, Refused, factory))
    try:
        host.set_ai_pace.emit(60_000)       # the AI waits: only the games' setup is looked at
        _start(qtbot, host, opponent="ai")
        assert len(made) == 1 and not made[0].closed
        _start(qtbot, host, opponent="ai")
        assert len(made) == 2 and made[0].closed and not made[1].closed
    finally:
        host.stop()
