"""Crash recovery: each open editor keeps a copy of its unsaved deck in a file of its own (written
atomically), removed when the deck is saved or deliberately discarded. A file left behind was
left by an editor that did not close: the next editor offers it back."""
from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsdb import limits
from cardsdb.decks import SECTIONS, Deck, DeckEntry
from cardsdb.userfiles import UserFileError, check_depth, read_user_bytes

from app.atomic import write_atomic

VERSION = 1
_LIVE: set[Path] = set()  # this process's own recovery files: never offered as left behind


@dataclass
class Recovered:
    path: Path
    deck: Deck
    stored_name: str | None   # the saved deck it was an edit of, if any
    saved_at: float


class RecoveryError(ValueError):
    pass


def deck_to_json(deck: Deck) -> dict[str, Any]:
    data = deck.to_dict()
    return {key: value for key, value in data.items() if not key.endswith("_count")}


def deck_from_json(data: Any) -> Deck:
    if not isinstance(data, dict):
        raise RecoveryError("not a deck")
    deck = Deck(name=str(data.get("name") or ""), format=data.get("format") or None)
    for section in SECTIONS:
        for item in data.get(section) or []:
            try:
                count = int(item["count"])
                name = str(item["name"])
            except (KeyError, TypeError, ValueError) as exc:
                raise RecoveryError(f"a damaged {section} entry ({exc})") from None
            if count > limits.DECK_LINE_COUNT:
                raise RecoveryError(f"a {section} entry of {count} copies (at most {limits.DECK_LINE_COUNT})")
            if count > 0 and name:
                deck.section(section).append(DeckEntry(name, count, item.get("set"),
                                                       item.get("number")))
    return deck


class RecoveryFile:
    """This editor's recovery file in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / f"deck-{uuid.uuid4().hex}.json"
        _LIVE.add(self.path)

    def write(self, deck: Deck, stored_name: str | None) -> None:
        payload = {"version": VERSION, "saved_at": time.time(), "stored_name": stored_name,
                   "deck": deck_to_json(deck)}
        write_atomic(self.path, json.dumps(payload, indent=1))

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)

    def close(self) -> None:
        self.clear()
        _LIVE.discard(self.path)


def left_behind(folder: Path) -> list[Path]:
    """Recovery files of editors that did not close, newest first."""
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("deck-*.json") if p not in _LIVE]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def read_recovery(path: Path) -> Recovered:
    try:  # the data folder is the user's: what lies there is read within the deck file limits
        data = json.loads(read_user_bytes(path, limits.DECK_FILE_BYTES, "deck recovery file").decode("utf-8"))
        check_depth(data, limits.JSON_DEPTH)
    except UserFileError as exc:
        raise RecoveryError(str(exc)) from None
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:   # JSONDecodeError is a ValueError
        raise RecoveryError(f"{path.name} cannot be read ({exc})") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise RecoveryError(f"{path.name} is not a deck recovery file of this version")
    stored = data.get("stored_name")
    return Recovered(path, deck_from_json(data.get("deck")), str(stored) if stored else None,
                     float(data.get("saved_at") or os.path.getmtime(path)))
