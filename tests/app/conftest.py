"""Qt tests run offscreen, with the user's settings and card cache kept out of the way."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from app.imagecache import CardImages  # noqa: E402
from app.main_window import MainWindow  # noqa: E402
from app.settings import Settings  # noqa: E402
from app.table.scene import TableScene  # noqa: E402
from app.table.view import TableView  # noqa: E402
from tests.modal_driver import answers, modal_guard  # noqa: E402, F401 - fixtures (modal_guard autouse)


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Preferences in a throwaway ini file, so tests never read or change the user's."""
    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def card_cache(tmp_path):
    return tmp_path / "cards"


@pytest.fixture
def window(qtbot, settings, card_cache):
    """The main window, shown at 1280x720 (the smallest size it is laid out for), the AI acting at once,
    no warning before a pass (tests of the warning turn it on)."""
    settings.ai_pace_ms = 0
    settings.warn_pass_with_plays = False
    window = MainWindow(settings=settings, card_cache=card_cache)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    yield window
    window.close()


@pytest.fixture
def table_view(qtbot, card_cache):
    """The table's view and scene alone (no game, no engine), at 1280x720; `view.table` is the scene."""
    images = CardImages(card_cache)
    view = TableView(TableScene(images))
    qtbot.addWidget(view)
    view.resize(1280, 720)
    yield view
    images.pool.waitForDone()


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """The user's data folder (autosave, bug reports, the session marker) in a throwaway folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setattr("app.paths.data_dir", lambda: folder)
    return folder
