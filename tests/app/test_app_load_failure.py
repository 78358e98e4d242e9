"""A save that cannot be loaded loses nothing: the game in progress, its table, its log and what the next
Save writes all stay as they were, and the player is told why (issue 14, defect 1)."""
from __future__ import annotations

import json

import pytest

from app.game_log import note
from app.savefile import read_save
from app.worker import EngineHost, EngineWorker, GameConfig
from app_fakes import FakeGame, PassPriority, Refused, fake_ai


class Undrawable(FakeGame):
    """A game its loader accepts but the engine cannot describe (a card id in no zone, say)."""

    def snapshot(self, viewer=None) -> dict:  # noqa: ANN001
        raise KeyError(99999)

    @classmethod
    def from_json(cls, text: str) -> FakeGame:
        data = json.loads(text)
        return (cls if data.get("broken") else FakeGame)(data["turn"], data["priority"], data["passes"])


@pytest.fixture
def host(qtbot):
    host = EngineHost(EngineWorker(FakeGame.new, Undrawable.from_json, Refused, fake_ai))
    yield host
    host.stop()


def test_worker_keeps_the_game_in_progress_when_a_loaded_one_cannot_be_shown(qtbot, host, tmp_path):
    with qtbot.waitSignal(host.worker.started, timeout=5000):
        host.new_game.emit(GameConfig(decks=[["Forest"], ["Island"]], opponent="hotseat", seed=1))
    with qtbot.waitSignal(host.worker.accepted, timeout=5000):
        host.submit.emit(PassPriority(0), host.worker.game_id)
    game, game_id = host.worker.game, host.worker.game_id
    config = {"decks": [[], []], "names": ["A", "B"], "opponent": "ai", "enforce": True}
    damaged = json.dumps({"format": "manatable-save", "version": 1, "config": config,
                          "game": {"turn": 9, "priority": 0, "passes": 0, "broken": True}})
    with qtbot.waitSignal(host.worker.failed, timeout=5000) as blocker:
        host.load_game.emit(damaged)
    assert "cannot be loaded" in blocker.args[0] and "KeyError" in blocker.args[0]
    assert host.worker.game is game and host.worker.game_id == game_id
    assert host.worker.config.opponent == "hotseat"
    path = tmp_path / "game.json"
    with qtbot.waitSignal(host.worker.saved, timeout=5000):
        host.save_game.emit(str(path), [])
    _, saved = read_save(path.read_text())
    assert json.loads(saved) == {"turn": 1, "priority": 1, "passes": 1}
    # and the game goes on from where it was
    with qtbot.waitSignal(host.worker.accepted, timeout=5000) as blocker:
        host.submit.emit(PassPriority(1), game_id)
    assert blocker.args[1]["turn"] == 2


def _damaged_saves(good: str) -> dict[str, str]:
    envelope = json.loads(good)
    unknown_card = json.loads(good)
    unknown_card["game"]["players"][0]["hand"].append(99999)  # accepted by from_json, fails on snapshot
    not_a_game = dict(envelope, game={"nonsense": 1})
    return {"unknown card in hand": json.dumps(unknown_card), "not a game": json.dumps(not_a_game),
            "truncated": good[: len(good) // 2]}


def test_window_keeps_the_game_table_log_and_save_after_a_damaged_save(qtbot, settings, card_cache,
                                                                       tmp_path, answers):
    pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")
    from app.main_window import MainWindow

    shown = answers.texts
    settings.ai_pace_ms = 0
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    window.show()
    window.start_game(GameConfig(decks=[["Mountain"] * 30 + ["Raging Goblin"] * 30,
                                        ["Forest"] * 30 + ["Grizzly Bears"] * 30],
                                 names=["Alice", "Bob"], opponent="hotseat", starting_player=0, seed=4))
    c = window.controller
    qtbot.waitUntil(lambda: c.config is not None and not c.busy, timeout=20000)
    good = tmp_path / "good.json"
    with qtbot.waitSignal(c.host.worker.saved, timeout=20000):
        c.save_game(str(good))
    good_text = good.read_text()
    window.log.add([note("a line of this game's log")])
    before = (c.config, c.snapshot, window.log.count(), window.windowTitle(), c.host.worker.game_id)
    for label, text in _damaged_saves(good_text).items():
        bad = tmp_path / f"{label}.json"
        bad.write_text(text)
        shown.clear()
        window.load_game_file(bad)
        qtbot.waitUntil(lambda: bool(shown), timeout=20000)
        assert "cannot be loaded" in shown[-1], label
        assert not c.busy
        assert (c.config, c.snapshot, window.log.count(), window.windowTitle(),
                c.host.worker.game_id) == before, label
        assert window.pages.currentWidget() is window.table_page, label
    # the next Save writes the game in progress, not the damaged one
    again = tmp_path / "again.json"
    with qtbot.waitSignal(c.host.worker.saved, timeout=20000):
        c.save_game(str(again))
    assert read_save(again.read_text())[1] == read_save(good_text)[1]
    window.close()
