"""Optional sound effects (Settings → Sounds, off by default): a short sound when a card is drawn, a spell
cast, an object on the stack resolves, attackers are declared, damage is dealt, a permanent dies, and when
a person's turn begins. The WAV files are made by scripts/make_sounds.py.

QtMultimedia (from the full PySide6 package) plays them with QSoundEffect. It is imported only when a
sound is first wanted, so a table with sounds off never loads it, and a system without it (or without
the PulseAudio client library it links against) keeps a silent table and says why in Settings.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from PySide6.QtCore import QObject, QUrl

from app.paths import ASSETS

SOUND_DIR = ASSETS / "sounds"
SOUNDS = ("draw", "cast", "resolve", "attack", "damage", "dying", "your_turn")


class Player(Protocol):
    """What is asked of one sound's player (QSoundEffect's own methods)."""

    def setSource(self, url: QUrl) -> None: ...
    def setVolume(self, volume: float) -> None: ...
    def play(self) -> None: ...


def sound_for(event: dict, humans: frozenset[int]) -> str | None:
    """The sound an engine event makes, if any."""
    kind, data = event.get("kind"), event.get("data") or {}
    if kind in ("draw", "cast", "resolve", "damage"):
        return str(kind)
    if kind == "attackers_declared":  # one sound for the whole declaration, not one per attacker
        return "attack"
    if kind == "zone_change" and data.get("from") == "battlefield" and data.get("to") == "graveyard":
        return "dying"  # 700.4: "dies" is put into a graveyard from the battlefield
    if kind == "turn" and data.get("active") in humans:
        return "your_turn"
    return None


def sounds_for(events: Iterable[dict], humans: frozenset[int]) -> list[str]:
    """The sounds of one answer of the engine, each once, in the order they first happen."""
    return list(dict.fromkeys(s for e in events if (s := sound_for(e, humans)) is not None))


def qt_player_factory() -> Callable[[], Player]:
    """QSoundEffect's constructor; ImportError (with the reason) where QtMultimedia cannot load."""
    from PySide6.QtMultimedia import QSoundEffect  # optional: the full PySide6 package, libpulse0
    return QSoundEffect


class SoundBoard(QObject):
    """Plays the sounds of the engine's events while `enabled`; one player per sound, made on first use."""

    def __init__(self, enabled: bool = False, factory: Callable[[], Callable[[], Player]] = qt_player_factory,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.enabled = enabled
        self._factory = factory
        self._make: Callable[[], Player] | None = None
        self._players: dict[str, Any] = {}
        self.unavailable = ""  # why sounds cannot play here, once that is known

    def available(self) -> bool:
        """Loads the sound module (once) and says whether it is there; `unavailable` says why not."""
        if self._make is None and not self.unavailable:
            try:
                self._make = self._factory()
            except ImportError as exc:
                self.unavailable = (f"Sounds need Qt Multimedia (the full PySide6 package, and on Linux the "
                                    f"libpulse0 library): {exc}")
        return self._make is not None

    def play(self, name: str) -> None:
        if not self.enabled or name not in SOUNDS or not self.available():
            return
        player = self._players.get(name)
        if player is None:
            assert self._make is not None
            player = self._make()
            if isinstance(player, QObject):
                player.setParent(self)
            player.setSource(QUrl.fromLocalFile(str(SOUND_DIR / f"{name}.wav")))
            player.setVolume(0.6)
            self._players[name] = player
        player.play()

    def on_events(self, events: Iterable[dict], humans: frozenset[int]) -> None:
        if self.enabled:
            for name in sounds_for(events, humans):
                self.play(name)
