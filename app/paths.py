"""Where the app finds its shipped files and keeps the user's (QStandardPaths)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
SAMPLE_DECKS = ASSETS / "decks"


APP_FOLDER = "ManaTable"


def _user_dir(location: QStandardPaths.StandardLocation, fallback: Path) -> Path:
    # The generic location plus our one folder: the app-specific locations add the organization and the
    # application name, both "ManaTable", which made .../ManaTable/ManaTable.
    base = QStandardPaths.writableLocation(location)
    path = (Path(base) if base else fallback) / APP_FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """The per-user cache folder (card faces rendered once and kept on disk)."""
    return _user_dir(QStandardPaths.StandardLocation.GenericCacheLocation, Path.home() / ".cache")


def data_dir() -> Path:
    """The per-user data folder (saved games by default; the card database is there too, see cardsdb.paths)."""
    return _user_dir(QStandardPaths.StandardLocation.GenericDataLocation, Path.home() / ".local" / "share")


def with_json_suffix(path: str) -> Path:
    """A saved game's file name as typed, with `.json` added when it has none (the Load dialog lists *.json)."""
    chosen = Path(path)
    return chosen if chosen.suffix.lower() == ".json" else chosen.with_name(chosen.name + ".json")
