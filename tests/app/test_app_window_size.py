"""The window at 1280x720 (the smallest screen it is laid out for): nothing forces it larger, the table
fits, and its size is remembered."""
from __future__ import annotations

import pytest

from app.main_window import MainWindow

pytest.importorskip("engine.game", reason="the rules engine is not in this checkout yet")

from play_helpers import keep_hand, start, wait_for  # noqa: E402


def test_the_window_fits_1280x720_with_a_game_and_the_log(qtbot, window):
    assert window.minimumSizeHint().width() <= 1280 and window.minimumSizeHint().height() <= 720
    start(qtbot, window)
    keep_hand(qtbot, window)
    wait_for(qtbot, window, "priority", step="main1")
    assert window.log_dock.isVisible()
    assert (window.width(), window.height()) == (1280, 720)
    assert window.minimumSizeHint().width() <= 1280 and window.minimumSizeHint().height() <= 720
    scene_rect = window.view.mapFromScene(window.scene.sceneRect()).boundingRect()
    assert window.view.viewport().rect().adjusted(-2, -2, 2, 2).contains(scene_rect)  # the whole table shows


def test_the_window_size_is_remembered(qtbot, settings, card_cache):
    first = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(first)
    first.show()
    first.resize(730, 530)  # within the offscreen screen (800x600)
    qtbot.waitUntil(lambda: first.size().width() == 730)
    first.close()
    again = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (730, 530)
