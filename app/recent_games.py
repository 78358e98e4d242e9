"""The games saved or loaded lately, newest first, kept with QSettings for the menu's Open recent."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

KEY = "games/recent"
LIMIT = 10


class RecentGames:
    def __init__(self, qsettings: QSettings) -> None:
        self._q = qsettings

    def paths(self) -> list[Path]:
        value = self._q.value(KEY, [])
        if isinstance(value, str):  # QSettings gives one entry back as a plain string
            value = [value]
        return [Path(str(v)) for v in (value or []) if v]

    def add(self, path: Path) -> None:
        path = Path(path).absolute()
        self._store([path] + [p for p in self.paths() if p != path])

    def drop(self, path: Path) -> None:
        self._store([p for p in self.paths() if p != Path(path).absolute()])

    def _store(self, paths: list[Path]) -> None:
        self._q.setValue(KEY, [str(p) for p in paths[:LIMIT]])
        self._q.sync()  # another window (or the next start) sees it at once
