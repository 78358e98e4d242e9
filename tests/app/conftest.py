"""Qt tests run offscreen, with the user's settings and card cache kept out of the way."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from app.settings import Settings  # noqa: E402


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Preferences in a throwaway ini file, so tests never read or change the user's."""
    return Settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def card_cache(tmp_path):
    return tmp_path / "cards"


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    """The user's data folder (autosave, bug reports, the session marker) in a throwaway folder."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setattr("app.paths.data_dir", lambda: folder)
    return folder
