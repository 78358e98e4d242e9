"""Where the app finds its shipped files and keeps the user's (QStandardPaths)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SAMPLE_DECKS = ASSETS / "decks"


def cache_dir() -> Path:
    """The per-user cache folder (card faces rendered once and kept on disk)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.CacheLocation)
    path = Path(base or Path.home() / ".cache" / "ManaTable")
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """The per-user data folder (saved games by default)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    path = Path(base or Path.home() / ".local" / "share" / "ManaTable")
    path.mkdir(parents=True, exist_ok=True)
    return path
