"""Decks for a new game: the sample decks shipped in assets/decks/ and the user's decks in the card
database, read with cardsdb (every deck format it knows, detected by content)."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from cardsdb import limits
from cardsdb.database import CardDatabase
from cardsdb.decks import DeckFormatError, read_deck_file
from cardsdb.paths import default_db_path

from app.paths import SAMPLE_DECKS

USER_PREFIX = "My deck: "


class DeckError(ValueError):
    """A deck that cannot be read; the message names it and says why."""


def deck_title(path: Path) -> str:
    """`red-burn.txt` -> `Red Burn`; color pairs stay in capitals: `ub-control.txt` -> `UB Control`."""
    words = re.sub(r"[-_]+", " ", path.stem).split()
    return " ".join(w.upper() if len(w) <= 3 and set(w.upper()) <= set("WUBRGC") else w.capitalize()
                    for w in words)


def sample_decks(folder: Path = SAMPLE_DECKS) -> dict[str, Path]:
    """The shipped decks by title, sorted."""
    if not folder.is_dir():
        return {}
    return {deck_title(p): p for p in sorted(folder.glob("*.txt"))}


def load_deck(path: Path) -> list[str]:
    """The main deck of a deck file as one card name per card (what the engine takes)."""
    try:
        parsed = read_deck_file(path)
    except (DeckFormatError, OSError) as exc:
        raise DeckError(f"{path.name}: {exc}") from exc
    if parsed.warnings:
        raise DeckError(f"{path.name}: {parsed.warnings[0]}")
    names = parsed.deck.main_card_names()
    if not names:
        raise DeckError(f"{path.name}: the deck has no main-deck cards")
    return names


def user_deck_names(db_path: Path | None = None) -> list[str]:
    """The decks saved in the user's card database (none when it does not exist yet)."""
    path = db_path or default_db_path()
    if not path.is_file():
        return []
    try:
        with CardDatabase(path) as db:
            return db.deck_names()
    except (sqlite3.Error, RuntimeError):
        return []  # an unreadable database offers no decks; the sample decks still do


def load_user_deck(name: str, db_path: Path | None = None) -> list[str]:
    try:
        with CardDatabase(db_path or default_db_path()) as db:
            deck = db.load_deck(name)
    except (sqlite3.Error, RuntimeError) as exc:
        raise DeckError(f"the card database cannot be read ({exc})") from exc
    if deck is None or not deck.main:
        raise DeckError(f"the deck {name!r} is not in the card database or is empty")
    if deck.count("main") > limits.DECK_CARDS:  # saved before counts had limits: never expanded
        raise DeckError(f"the deck {name!r} has {deck.count('main')} cards; a game takes at most "
                        f"{limits.DECK_CARDS}")
    return deck.main_card_names()
