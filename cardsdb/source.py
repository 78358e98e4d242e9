"""The card source a game reads its cards from: the card database, and card files added for one run.

The rules engine asks a source for a card's record by name (`card_record(name)`, the protocol
engine.core.cards.CardSource) and never opens a database or a file itself. The front ends (the app's
New game, `python -m engine.scenario`, `engine.ai.match`, the fuzz tool, `engine.cards report`) open
one here:

- the user's database by default (built from the bundled data on first start), `--db PATH` for another;
- `--cards FILE` (repeatable): the cards of a card file (MTGJSON set, AllPrintings, AtomicCards,
  Scryfall bulk data; plain, .gz, .bz2 or .xz), read through the importers' bounded reader and kept
  in memory for this run; nothing is written to a database. Where a name is in several sources, the
  last --cards file wins, then the earlier ones, then the database.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
from pathlib import Path
from typing import Any, Iterable

from .database import CardDatabase
from .importers import CardImportError, load_card_data
from .schema import SchemaError


class CardSourceError(ValueError):
    """A card source that cannot be opened (a --db that is no card database, an unreadable --cards)."""


class DatabaseSource:
    """Cards of a card database, by their exact Oracle name, in MTGJSON field names. Lookups are
    remembered for the life of the source (a game asks for each name once or twice)."""

    def __init__(self, db: CardDatabase) -> None:
        self.db = db
        self._records: dict[str, dict[str, Any] | None] = {}

    def card_record(self, name: str) -> dict[str, Any] | None:
        if name not in self._records:
            record = self.db.record(name)
            # The database finds names in any case and by any face's name; a game plays a card by its
            # name, or a multi-faced card by its front face's (FORMAT.md).
            ok = record is not None and (record.name == name or (record.faces or [{}])[0].get("faceName") == name)
            self._records[name] = record.to_card_data().to_mtgjson() if ok else None
        return self._records[name]

    def names(self) -> list[str]:
        return [row[0] for row in self.db.conn.execute("SELECT name FROM cards ORDER BY name")]


def front_face_names(records: Iterable[dict[str, Any]]) -> dict[str, str]:
    """A multi-faced card's front face name -> its full name ("Delver of Secrets" -> "Delver of
    Secrets // Insectile Aberration"), by which a card may be named where that is unambiguous."""
    return {faces[0]["faceName"]: r["name"] for r in records
            if (faces := r.get("faces")) and faces[0].get("faceName") not in (None, r["name"])}


class FileSource:
    """The cards of one card file, read once, held in memory."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.records: dict[str, dict[str, Any]] = {r["name"]: r for r in load_card_data(self.path)}
        self.front_names = front_face_names(self.records.values())

    def card_record(self, name: str) -> dict[str, Any] | None:
        return self.records.get(name) or self.records.get(self.front_names.get(name, ""))

    def names(self) -> list[str]:
        return list(self.records)


class CardSources:
    """Sources asked in order of precedence: the first that knows a name gives its record."""

    def __init__(self, sources: Iterable[Any]) -> None:
        self.sources = list(sources)

    def card_record(self, name: str) -> dict[str, Any] | None:
        for source in self.sources:
            record = source.card_record(name)
            if record is not None:
                return record
        return None

    def names(self) -> list[str]:
        """Every name, each once, in the order of the source that gives it."""
        seen: dict[str, None] = {}
        for source in self.sources:
            seen.update(dict.fromkeys(source.names()))
        return list(seen)


def open_database(path: str | os.PathLike[str] | None) -> CardDatabase:
    """The database at `path` (it must exist: a mistyped --db is not created empty), else the user's."""
    if path is None:
        return CardDatabase.open_default()
    if not Path(path).is_file():
        raise CardSourceError(f"no card database at {path}")
    return CardDatabase(path)


def open_card_source(db: str | os.PathLike[str] | None = None,
                     cards: Iterable[str | os.PathLike[str]] = (), *, use_database: bool = True) -> CardSources:
    """The card files (last first), then the database. Raises CardSourceError with a one-line reason;
    `use_database=False` leaves the database out (a report of the given files only)."""
    sources: list[Any] = []
    for path in reversed(list(cards)):
        try:
            sources.append(FileSource(path))
        except (CardImportError, OSError) as exc:
            said = str(exc)     # an import error names the file already
            raise CardSourceError(said if said.startswith(f"{path}:") else f"{path}: {said}") from None
    if use_database:
        try:
            sources.append(DatabaseSource(open_database(db)))
        except (sqlite3.DatabaseError, SchemaError, OSError) as exc:
            raise CardSourceError(f"the card database {db or ''} cannot be opened: {exc}".replace("  ", " ")) from None
    return CardSources(sources)


def add_source_arguments(parser: argparse.ArgumentParser) -> None:
    """`--db PATH` and `--cards FILE` (repeatable), as every front end takes them."""
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="the card database to look card names up in (default: the user's)")
    parser.add_argument("--cards", metavar="FILE", action="append", default=[],
                        help="add the cards of a card file for this run (MTGJSON or Scryfall, plain or "
                             ".gz/.bz2/.xz); repeatable, the last one wins")


def source_from_arguments(args: argparse.Namespace) -> CardSources:
    return open_card_source(args.db, args.cards)
