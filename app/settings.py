"""The user's preferences, kept with QSettings: card image folder, auto-pass stops, AI pace, open hands,
animations and sounds, downloads."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from app.steps import DEFAULT_OPPONENT_STOPS, DEFAULT_OWN_STOPS, STEP_NAMES

DEFAULT_AI_PACE_MS = 600


class Settings:
    """Typed access to the preferences; `QSettings` underneath, so they persist between runs."""

    def __init__(self, qsettings: QSettings | None = None) -> None:
        self._q = qsettings if qsettings is not None else QSettings("ManaTable", "ManaTable")

    @property
    def qsettings(self) -> QSettings:
        """The store underneath, for windows that keep their own preferences beside these (deck editor)."""
        return self._q

    def _steps(self, key: str, default: frozenset[str]) -> frozenset[str]:
        value = self._q.value(key)
        if value is None:
            return default
        if isinstance(value, str):
            value = [v for v in value.split(",") if v]
        return frozenset(str(v) for v in value if str(v) in STEP_NAMES)

    def _flag(self, key: str, default: bool) -> bool:
        return self._q.value(key, default) in (True, "true", "1", 1)

    @property
    def card_image_dir(self) -> Path | None:
        value = self._q.value("cards/image_dir", "")
        return Path(str(value)) if value else None

    @card_image_dir.setter
    def card_image_dir(self, path: Path | None) -> None:
        self._q.setValue("cards/image_dir", str(path) if path else "")

    @property
    def own_stops(self) -> frozenset[str]:
        """Steps of the player's own turn where automatic passing stops."""
        return self._steps("stops/own", DEFAULT_OWN_STOPS)

    @own_stops.setter
    def own_stops(self, steps: frozenset[str]) -> None:
        self._q.setValue("stops/own", ",".join(s for s in STEP_NAMES if s in steps))

    @property
    def opponent_stops(self) -> frozenset[str]:
        """Steps of the opponent's turn where automatic passing stops."""
        return self._steps("stops/opponent", DEFAULT_OPPONENT_STOPS)

    @opponent_stops.setter
    def opponent_stops(self, steps: frozenset[str]) -> None:
        self._q.setValue("stops/opponent", ",".join(s for s in STEP_NAMES if s in steps))

    @property
    def ai_pace_ms(self) -> int:
        """Pause before each AI action, so a person can follow it."""
        try:
            return max(0, int(self._q.value("ai/pace_ms", DEFAULT_AI_PACE_MS)))
        except (TypeError, ValueError):
            return DEFAULT_AI_PACE_MS

    @ai_pace_ms.setter
    def ai_pace_ms(self, ms: int) -> None:
        self._q.setValue("ai/pace_ms", int(ms))

    @property
    def open_hands(self) -> bool:
        """Pass-and-play without the hand-over screen: both hands stay visible."""
        return self._flag("table/open_hands", False)

    @open_hands.setter
    def open_hands(self, on: bool) -> None:
        self._q.setValue("table/open_hands", bool(on))

    @property
    def warn_pass_with_plays(self) -> bool:
        """Ask before a pass that would skip the rest of one's own turn while cards could still be played."""
        return self._flag("priority/warn_pass_with_plays", True)

    @warn_pass_with_plays.setter
    def warn_pass_with_plays(self, on: bool) -> None:
        self._q.setValue("priority/warn_pass_with_plays", bool(on))

    @property
    def animations(self) -> bool:
        """Cards slide between zones and damage and life changes float up where they happen."""
        return self._flag("table/animations", True)

    @animations.setter
    def animations(self, on: bool) -> None:
        self._q.setValue("table/animations", bool(on))

    @property
    def sounds(self) -> bool:
        """Short sounds for draws, spells, resolving, attacks, damage, dying and one's turn (app.sounds)."""
        return self._flag("table/sounds", False)

    @sounds.setter
    def sounds(self, on: bool) -> None:
        self._q.setValue("table/sounds", bool(on))

    # -- downloads (app.downloads): empty means the default URL -----------------------------------
    @property
    def scryfall_url(self) -> str:
        """Base URL of the Scryfall API (card images, bulk card data)."""
        return str(self._q.value("downloads/scryfall_url", "") or "")

    @scryfall_url.setter
    def scryfall_url(self, url: str) -> None:
        self._q.setValue("downloads/scryfall_url", url.strip())

    @property
    def mtgjson_url(self) -> str:
        """Base URL of MTGJSON's files (AllPrintings, AtomicCards)."""
        return str(self._q.value("downloads/mtgjson_url", "") or "")

    @mtgjson_url.setter
    def mtgjson_url(self, url: str) -> None:
        self._q.setValue("downloads/mtgjson_url", url.strip())

    @property
    def card_data_source(self) -> str:
        """The card data file last chosen (a key of cardsdb.download.SOURCES)."""
        return str(self._q.value("downloads/source", "") or "")

    @card_data_source.setter
    def card_data_source(self, key: str) -> None:
        self._q.setValue("downloads/source", key)

    def sync(self) -> None:
        self._q.sync()
