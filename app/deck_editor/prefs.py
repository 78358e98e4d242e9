"""The deck editor's preferences, kept with QSettings beside the app's own: grouping, recent decks,
the draw odds' play/draw choice, window geometry and layout."""
from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

RECENT_LIMIT = 10


class EditorPrefs:
    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._q = qsettings if qsettings is not None else QSettings("ManaTable", "ManaTable")

    def _get(self, key: str, default: object) -> object:
        return self._q.value(f"deck_editor/{key}", default)

    def _set(self, key: str, value: object) -> None:
        self._q.setValue(f"deck_editor/{key}", value)

    @property
    def group_by(self) -> str:
        value = str(self._get("group_by", "type"))
        return value if value in ("type", "mv") else "type"

    @group_by.setter
    def group_by(self, value: str) -> None:
        self._set("group_by", value)

    @property
    def on_the_play(self) -> bool:
        return self._get("on_the_play", True) in (True, "true", "1", 1)

    @on_the_play.setter
    def on_the_play(self, value: bool) -> None:
        self._set("on_the_play", bool(value))

    @property
    def recent(self) -> list[str]:
        value = self._get("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or []) if v]

    def add_recent(self, name: str) -> None:
        names = [name] + [n for n in self.recent if n != name]
        self._set("recent", names[:RECENT_LIMIT])

    def drop_recent(self, name: str) -> None:
        self._set("recent", [n for n in self.recent if n != name])

    def layout(self, key: str) -> QByteArray | None:
        value = self._get(f"layout/{key}", None)
        return value if isinstance(value, QByteArray) else None

    def set_layout(self, key: str, value: QByteArray) -> None:
        self._set(f"layout/{key}", value)

    def sync(self) -> None:
        self._q.sync()
