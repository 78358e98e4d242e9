"""Decks for a new game: the sample decks shipped in assets/decks/ and the user's decks in the card
database, read with cardsdb (every deck format it knows, detected by content)."""
from __future__ import annotations

import re
from functools import lru_cache
import sqlite3
from pathlib import Path

from cardsdb import limits
from cardsdb.database import CardDatabase
from cardsdb.decks import Deck, DeckFormatError, read_deck_file
from cardsdb.paths import BUNDLED_POOL, BUNDLED_SETS, default_db_path
from cardsdb.source import CardSources, FileSource
from cardsdb.validation import check_commander_deck, check_deck

from app.paths import SAMPLE_DECKS

USER_PREFIX = "My deck: "
COMPANION = re.compile(r"^Companion ?—", re.MULTILINE)  # 702.139a: the keyword and its condition open a line
COMMANDER_DECKS = SAMPLE_DECKS / "commander"


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


def load_commander_deck(source: Path | str, db_path: Path | None = None) -> tuple[list[str], list[str]]:
    """A Commander deck (a deck file, or the name of a deck saved in the card database) as the engine takes
    it: the main deck's names and the commander's (two with partner). The deck is checked first against
    the card database (903.3-903.5, 702.124: 100 cards, singleton, the commander's color identity);
    DeckError says what is wrong."""
    path = db_path or default_db_path()
    if isinstance(source, Path):
        try:
            deck: Deck | None = read_deck_file(source).deck
        except (DeckFormatError, OSError) as exc:
            raise DeckError(f"{source.name}: {exc}") from exc
        title = source.name
        if not path.is_file():
            # before the first game has built the database: the bundled cards it will hold
            check = check_commander_deck(deck, bundled_cards().card_record)
    try:
        if not isinstance(source, Path) or path.is_file():
            with CardDatabase(path) as db:
                if not isinstance(source, Path):
                    deck, title = db.load_deck(source), source
                    if deck is None:
                        raise DeckError(f"the deck {source!r} is not in the card database")
                check = check_deck(deck, db, "commander")
    except (sqlite3.Error, RuntimeError) as exc:
        raise DeckError(f"the card database cannot be read ({exc})") from exc
    problems = [p for p in check.problems if p.rule or p.card]
    if problems:
        shown = "; ".join(p.message + (f" ({p.rule})" if p.rule else "") for p in problems[:3])
        more = f" and {len(problems) - 3} more" if len(problems) > 3 else ""
        raise DeckError(f"{title} is not a legal Commander deck: {shown}{more}")
    deck = check.deck
    return deck.main_card_names(), [e.name for e in deck.commander for _ in range(e.count)]


@lru_cache(maxsize=1)
def bundled_cards() -> CardSources:
    """The cards shipped with the app (the starter pool and the bundled sets), read once."""
    return CardSources([FileSource(p) for p in (BUNDLED_POOL, *BUNDLED_SETS)])


def sideboard_companions(source: Path | str, db_path: Path | None = None) -> list[str]:
    """The cards with companion (702.139a) in a deck's sideboard, in its order: where a companion is revealed
    from before the game (103.2b; an MTG Arena list's Companion section is read into the sideboard). `source`:
    a deck file, or the name of a deck saved in the card database. A deck that can't be read has none (its
    main deck's reading says why)."""
    path = db_path or default_db_path()
    try:
        db = CardDatabase(path) if path.is_file() else None
    except (sqlite3.Error, RuntimeError):
        db = None
    try:
        if isinstance(source, Path):
            deck: Deck | None = read_deck_file(source).deck
        else:
            deck = db.load_deck(source) if db is not None else None
        if deck is None:
            return []
        out = []
        for name in dict.fromkeys(e.name for e in deck.sideboard):
            found = db.record(name) if db is not None else None
            text = found.oracle_text if found is not None else (bundled_cards().card_record(name) or {}).get("text")
            if text and COMPANION.search(text):
                out.append(name)
        return out
    except (DeckFormatError, OSError, sqlite3.Error, RuntimeError):
        return []
    finally:
        if db is not None:
            db.close()
