"""The card database: opening (with schema migration), importing, search, card lookup, decks."""
from __future__ import annotations

import difflib
import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import sqlite_utils

from . import limits
from .carddata import RARITY_RANK, CardData, Printing, SetInfo, fold_name
from .decks import Deck, DeckEntry, SECTIONS
from .importers import CardFile, ImportReport, ProgressCallback
from .paths import BUNDLED_POOL, BUNDLED_SETS, default_db_path
from .query import SORTS, compile_query
from .schema import (CARD_COLUMNS, SCHEMA_VERSION, SchemaError, card_row, current_version, format_bits,
                     migrate, refresh_newest_printing, store_legalities, transaction)

_RECORD_COLUMNS = ("id", "name", "mana_cost", "mana_value", "colors", "color_identity",
                   "supertypes", "types", "subtypes", "type_line", "oracle_text", "power",
                   "toughness", "loyalty", "defense", "keywords", "layout", "faces", "set_code",
                   "rarity")
_SELECT = "SELECT " + ", ".join(_RECORD_COLUMNS) + " FROM cards"


@dataclass(frozen=True)
class CardRecord:
    """One Oracle card as search returns it."""
    id: int
    name: str
    mana_cost: str | None
    mana_value: float
    colors: str             # WUBRG order, "" for colorless
    color_identity: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    type_line: str
    oracle_text: str | None
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    keywords: tuple[str, ...]
    layout: str
    faces: tuple[dict[str, Any], ...]  # empty for single-faced cards; MTGJSON face fields
    set_code: str | None = None        # the newest printing's set and rarity
    rarity: str | None = None

    @property
    def is_basic_land(self) -> bool:
        return "Basic" in self.supertypes and "Land" in self.types  # 205.4c

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> "CardRecord":
        (cid, name, cost, mv, colors, identity, supers, types, subs, type_line, text, power,
         tough, loyalty, defense, keywords, layout, faces, set_code, rarity) = row
        return cls(cid, name, cost, float(mv or 0), colors or "", identity or "",
                   tuple((supers or "").split()), tuple((types or "").split()),
                   _split_subtypes(subs), type_line or "", text, power, tough, loyalty, defense,
                   tuple(json.loads(keywords or "[]")), layout or "normal",
                   tuple(json.loads(faces)) if faces else (), set_code, rarity)

    def to_card_data(self) -> CardData:
        return CardData(name=self.name, mana_cost=self.mana_cost, mana_value=self.mana_value,
                        colors=self.colors, color_identity=self.color_identity,
                        supertypes=list(self.supertypes), types=list(self.types),
                        subtypes=list(self.subtypes), type_line=self.type_line,
                        text=self.oracle_text, power=self.power, toughness=self.toughness,
                        loyalty=self.loyalty, defense=self.defense, keywords=list(self.keywords),
                        layout=self.layout, faces=[dict(f) for f in self.faces] or None)


def _split_subtypes(text: str | None) -> tuple[str, ...]:
    words = (text or "").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] == "Time" and i + 1 < len(words) and words[i + 1] == "Lord":
            out.append("Time Lord")
            i += 2
        else:
            out.append(words[i])
            i += 1
    return tuple(out)


@dataclass
class _WriteState:
    """What one import transaction has written so far."""
    known_formats: set[str] = field(default_factory=set)      # names present in `formats`
    stored: dict[str, tuple[int, tuple[Any, ...]]] = field(default_factory=dict)  # name -> id, data
    touched: set[int] = field(default_factory=set)             # ids of cards given printings


@dataclass(frozen=True)
class SearchPage:
    cards: list[CardRecord]
    total: int


class CardDatabase:
    """A card database file. One instance per thread (sqlite3 connections are not shared)."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        memory = str(path) == ":memory:"
        # A file the user may not write (a shared or protected database) is opened read-only: search,
        # lookups and deck checks work; an import or a deck save says the database is read-only.
        self.read_only = not memory and self.path.is_file() and not os.access(self.path, os.W_OK)
        if not memory and not self.read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if not memory and self.path.exists() and not self.path.is_file():
            # SQLite would read a device or pipe, and write its journal beside it (in /dev)
            kind = "a directory" if self.path.is_dir() else "a device or pipe"
            raise sqlite3.DatabaseError(f"{path} is {kind}, not a card database")
        # A long import holds the write lock for seconds; another process opening the file waits for it
        # rather than failing after sqlite3's default 5 s.
        target, uri = (self.path.resolve().as_uri() + "?mode=ro", True) if self.read_only else (str(path), False)
        self.conn = sqlite3.connect(target, isolation_level=None, timeout=30.0, uri=uri)
        try:
            self.conn.execute("PRAGMA foreign_keys = ON")
            self.db = sqlite_utils.Database(self.conn)
            if self.read_only:
                if current_version(self.conn) != SCHEMA_VERSION:
                    raise SchemaError(f"the card database {path} is read-only and not of this release's "
                                      f"schema ({SCHEMA_VERSION}); make it writable to upgrade it")
            else:
                migrate(self.conn)
            if not memory and not self.read_only:
                # readers (the deck editor) keep searching while an import writes
                self.conn.execute("PRAGMA journal_mode = WAL")
        except (sqlite3.DatabaseError, RuntimeError):
            self.conn.close()
            raise
        self._names: dict[str, str] | None = None  # folded name -> name, for suggestions
        self._words: dict[str, list[str]] = {}      # word -> folded names holding it

    @classmethod
    def open_default(cls, path: str | os.PathLike[str] | None = None,
                     bundled: str | os.PathLike[str] | None = None,
                     sets: Iterable[str | os.PathLike[str]] | None = None) -> "CardDatabase":
        """The user's database (default location unless `path`), with the bundled starter pool
        and bundled sets (`sets`, default BUNDLED_SETS) built in on first start, and imported
        again when a release ships a changed file."""
        database = cls(path or default_db_path())
        database.ensure_bundled_pool(bundled)
        for source in BUNDLED_SETS if sets is None else sets:
            database.ensure_bundled_pool(source, key=f"bundled:{Path(source).name}")
        return database

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "CardDatabase":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- importing ---------------------------------------------------------------------------
    def ensure_bundled_pool(self, bundled: str | os.PathLike[str] | None = None,
                            key: str = "bundled_pool") -> bool:
        """Import the bundled card file if this database has not got this version of it (the
        digest of the imported file is kept under `key` in meta). Returns True when it imported."""
        source = Path(bundled) if bundled else BUNDLED_POOL
        if not source.is_file() or self.read_only:
            return False
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if row and row[0] == digest:
            return False
        self.import_file(source, _meta=(key, digest))
        return True

    def import_file(self, path: str | os.PathLike[str], progress: ProgressCallback | None = None,
                    *, _meta: tuple[str, str] | None = None) -> ImportReport:
        """Import a card file (kind detected from content) in one transaction: on any error
        (CardImportError) the database is left as it was. Importing the same file again changes
        nothing."""
        card_file = CardFile(path)
        self._write(card_file.items(progress), _meta)
        return card_file.report

    def add_cards(self, cards: Iterable[CardData]) -> int:
        """Store cards (e.g. generated ones) in one transaction; returns how many."""
        cards = list(cards)
        self._write(cards)
        return len(cards)

    def _write(self, items: Iterable[SetInfo | CardData], meta: tuple[str, str] | None = None) -> None:
        state = _WriteState()
        with transaction(self.conn):
            for item in items:
                if isinstance(item, SetInfo):
                    self._store_set(item)
                else:
                    self._store_card(item, state)
            refresh_newest_printing(self.conn, state.touched)
            self.conn.execute("INSERT INTO cards_fts (cards_fts) VALUES ('rebuild')")
            if meta:
                self.conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", meta)
        self._names = None

    def _store_set(self, info: SetInfo) -> None:
        self.conn.execute(
            "INSERT INTO sets (code, name, type, release_date) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (code) DO UPDATE SET name = coalesce(excluded.name, name), "
            "type = coalesce(excluded.type, type), "
            "release_date = coalesce(excluded.release_date, release_date)",
            (info.code, info.name, info.type, info.release_date))

    _UPSERT_CARD = ("INSERT INTO cards ({cols}) VALUES ({marks}) ON CONFLICT (name) DO UPDATE SET "
                    "{updates}").format(
        cols=", ".join(c for c in CARD_COLUMNS if c != "id"),
        marks=", ".join("?" for c in CARD_COLUMNS if c != "id"),
        updates=", ".join(f"{c} = excluded.{c}" for c in CARD_COLUMNS if c != "id"))

    def _store_card(self, card: CardData, state: "_WriteState") -> None:
        conn = self.conn
        row = card_row(card)
        values = [row[c] for c in CARD_COLUMNS if c != "id"]
        signature = (tuple(values), tuple(sorted(card.legalities.items())))
        seen = state.stored.get(card.name)
        if seen and seen[1] == signature:
            card_id = seen[0]   # a reprint of a card this import already stored: printings only
        else:
            conn.execute(self._UPSERT_CARD, values)
            card_id = conn.execute("SELECT id FROM cards WHERE name = ?",
                                   (card.name,)).fetchone()[0]
            conn.execute("INSERT OR REPLACE INTO card_names (name_key, card_id) VALUES (?, ?)",
                         (fold_name(card.name), card_id))
            conn.executemany("INSERT OR IGNORE INTO card_names (name_key, card_id) VALUES (?, ?)",
                             [(fold_name(face), card_id) for face in card.face_names])
            # also when this file has none: the upsert reset the masks, the known ones are kept
            store_legalities(conn, card_id, card.legalities, state.known_formats)
            state.stored[card.name] = (card_id, signature)
        if card.printings:
            state.touched.add(card_id)
        for printing in card.printings:
            conn.execute("INSERT OR IGNORE INTO sets (code) VALUES (?)", (printing.set_code,))
            conn.execute(
                "INSERT INTO printings (card_id, set_code, number, rarity, rarity_rank, artist, "
                "scryfall_id) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (set_code, number, card_id) "
                "DO UPDATE SET rarity = coalesce(excluded.rarity, rarity), "
                "rarity_rank = coalesce(excluded.rarity_rank, rarity_rank), "
                "artist = coalesce(excluded.artist, artist), "
                "scryfall_id = coalesce(excluded.scryfall_id, scryfall_id)",
                (card_id, printing.set_code, printing.number, printing.rarity,
                 RARITY_RANK.get(printing.rarity or ""), printing.artist, printing.scryfall_id))

    # -- search --------------------------------------------------------------------------------
    def search(self, query: str, sort: str = "name", limit: int | None = None,
               offset: int = 0, descending: bool = False) -> list[CardRecord]:
        """Cards matching a Scryfall-style query (raises QueryError), sorted by "name", "mv"
        ("cmc"), "color" or "type"."""
        where, params, order = self._plan(query, sort, descending)
        if limit is None and not offset:
            sql = f"{_SELECT} WHERE {where} ORDER BY {order}"
            return [CardRecord.from_row(row) for row in self.conn.execute(sql, params)]
        ids, _ = self._page_ids(where, params, order, limit, offset, with_total=False)
        return self._records(ids)

    def page(self, query: str, sort: str = "name", limit: int = 100, offset: int = 0,
             descending: bool = False) -> SearchPage:
        """One page of results and the total number of matches, from one pass over the cards
        (what a search-as-you-type list shows; raises QueryError)."""
        where, params, order = self._plan(query, sort, descending)
        ids, total = self._page_ids(where, params, order, limit, offset, with_total=where != "1")
        if total is None:   # no filter (the count is at hand) or a page past the end
            total = self.count(query)
        return SearchPage(self._records(ids), total)

    def _plan(self, query: str, sort: str, descending: bool) -> tuple[str, list[object], str]:
        order = SORTS.get(sort)
        if order is None:
            raise ValueError(f"unknown sort {sort!r} (use one of {', '.join(SORTS)})")
        where, params = compile_query(query, format_bits(self.conn))
        return where, params, ", ".join(f"{col} DESC" if descending else col
                                        for col in order.split(", "))

    def _page_ids(self, where: str, params: list[object], order: str, limit: int | None,
                  offset: int, with_total: bool) -> tuple[list[int], int | None]:
        """The ids of one page in order, and (with_total) how many cards match in all. With a
        filter, scanning and sorting the matches' ids beats walking the sort index (which visits
        every card when few match; the unary + keeps SQLite off it), and sorting ids keeps the
        long text columns out of the sorter."""
        if where != "1":
            order = ", ".join(f"+{col}" for col in order.split(", "))
        total_column = ", count(*) OVER ()" if with_total else ""
        rows = self.conn.execute(
            f"SELECT id{total_column} FROM cards WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?",
            [*params, -1 if limit is None else int(limit), int(offset)]).fetchall()
        total = int(rows[0][1]) if with_total and rows else None
        return [row[0] for row in rows], total

    def _records(self, ids: list[int]) -> list[CardRecord]:
        """The records of these cards, in this order."""
        found: dict[int, CardRecord] = {}
        for start in range(0, len(ids), 500):   # SQLite caps the parameters of one statement
            chunk = ids[start:start + 500]
            rows = self.conn.execute(f"{_SELECT} WHERE id IN ({', '.join('?' * len(chunk))})",
                                     chunk)
            found.update((row[0], CardRecord.from_row(row)) for row in rows)
        return [found[card_id] for card_id in ids]

    def count(self, query: str) -> int:
        """How many cards match a query (raises QueryError)."""
        where, params = compile_query(query, format_bits(self.conn))
        return int(self.conn.execute(f"SELECT count(*) FROM cards WHERE {where}", params)
                   .fetchone()[0])

    def fulltext(self, words: str, limit: int = 50) -> list[CardRecord]:
        """Cards whose name, type line or Oracle text contain all the words (FTS5, ranked)."""
        tokens = ['"' + w.replace('"', '""') + '"' for w in words.split()]
        if not tokens:
            return []
        rows = self.conn.execute(
            f"{_SELECT} WHERE id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ? "
            "ORDER BY rank LIMIT ?)", (" ".join(tokens), limit))
        return [CardRecord.from_row(row) for row in rows]

    # -- lookup --------------------------------------------------------------------------------
    def _card_id(self, name: str) -> int | None:
        row = self.conn.execute("SELECT card_id FROM card_names WHERE name_key = ?",
                                (fold_name(name),)).fetchone()
        return int(row[0]) if row else None

    def record(self, name: str) -> CardRecord | None:
        """A card by name (any case; a face name finds its multi-faced card)."""
        card_id = self._card_id(name)
        if card_id is None:
            return None
        row = self.conn.execute(f"{_SELECT} WHERE id = ?", (card_id,)).fetchone()
        return CardRecord.from_row(row)

    def resolve_name(self, name: str) -> str | None:
        """The card's exact Oracle name, or None if no card has that name."""
        record = self.record(name)
        return record.name if record else None

    def card(self, name: str) -> dict[str, Any] | None:
        """A card in MTGJSON field names (name, manaCost, manaValue, colors, colorIdentity,
        supertypes, types, subtypes, type, text, power, toughness, loyalty, defense, keywords,
        layout; "faces" for multi-faced cards; "legalities" when known), or None."""
        record = self.record(name)
        if record is None:
            return None
        card = record.to_card_data()
        card.legalities = self.legalities(record.name)
        card.printings = self.printings(record.name)
        return card.to_mtgjson()

    def cards(self, names: Iterable[str]) -> dict[str, dict[str, Any] | None]:
        """`card()` for many names: name as asked -> card (None for an unknown name)."""
        return {name: self.card(name) for name in names}

    def formats(self) -> list[str]:
        """The formats the database has legalities for."""
        return sorted(format_bits(self.conn))

    def sets(self) -> list[SetInfo]:
        """Every set, newest first."""
        rows = self.conn.execute("SELECT code, name, type, release_date FROM sets "
                                 "ORDER BY release_date DESC, code")
        return [SetInfo(*row) for row in rows]

    def printings(self, name: str) -> list[Printing]:
        card_id = self._card_id(name)
        rows = self.conn.execute(
            "SELECT p.set_code, p.number, p.rarity, p.artist, p.scryfall_id FROM printings p "
            "LEFT JOIN sets s ON s.code = p.set_code WHERE p.card_id = ? "
            "ORDER BY s.release_date DESC, p.set_code, p.number", (card_id,))
        return [Printing(*row) for row in rows]

    def scryfall_ids(self) -> dict[str, str | None]:
        """Every card's name -> the Scryfall id of its newest printing that has one (None when
        no printing carries one): what card images are downloaded by."""
        rows = self.conn.execute(
            "SELECT c.name, (SELECT p.scryfall_id FROM printings p LEFT JOIN sets s ON "
            "s.code = p.set_code WHERE p.card_id = c.id AND p.scryfall_id IS NOT NULL "
            "ORDER BY s.release_date DESC, p.set_code, p.number LIMIT 1) FROM cards c ORDER BY c.name")
        return dict(rows.fetchall())

    def legalities(self, name: str) -> dict[str, str]:
        card_id = self._card_id(name)
        rows = self.conn.execute("SELECT format, status FROM legalities WHERE card_id = ? "
                                 "ORDER BY format", (card_id,))
        return dict(rows.fetchall())

    def suggestions(self, name: str, n: int = 3) -> list[str]:
        """Close matches for a misspelled card name (difflib)."""
        if self._names is None:
            self._names = {key: name for key, name in
                           self.conn.execute("SELECT name_key, name FROM cards")}
            self._words = {}
            for key in self._names:
                for word in key.split():
                    self._words.setdefault(word, []).append(key)
        key = fold_name(name)
        # Most misspellings keep one word intact: try the names sharing a less common word first
        # (fast on a large database), then every name.
        lists = [self._words.get(word, []) for word in key.split() if len(word) > 2]
        nearby = {k for keys in lists if len(keys) <= 500 for k in keys}
        matches = difflib.get_close_matches(key, sorted(nearby), n=n, cutoff=0.6)
        if not matches:
            matches = difflib.get_close_matches(key, list(self._names), n=n, cutoff=0.6)
        return [self._names[m] for m in matches]

    def stats(self) -> dict[str, int]:
        row = self.conn.execute(
            "SELECT (SELECT count(*) FROM cards), (SELECT count(*) FROM printings), "
            "(SELECT count(*) FROM sets), (SELECT count(*) FROM decks), "
            "(SELECT max(version) FROM schema_version)").fetchone()
        return dict(zip(("cards", "printings", "sets", "decks", "schema_version"), map(int, row)))

    # -- decks ---------------------------------------------------------------------------------
    def save_deck(self, deck: Deck) -> int:
        """Store a deck under its name (replacing a deck of that name); returns its id."""
        if not deck.name:
            raise ValueError("a deck needs a name to be saved")
        entries = [e for section in SECTIONS for e in deck.section(section)]
        if any(not 0 < e.count <= limits.DECK_LINE_COUNT for e in entries) or \
                sum(e.count for e in entries) > limits.DECK_CARDS:
            raise ValueError(f"a deck holds 1 to {limits.DECK_LINE_COUNT} copies of a card and at most "
                             f"{limits.DECK_CARDS} cards")
        with transaction(self.conn):
            self.conn.execute(
                "INSERT INTO decks (name, format, updated) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%f', "
                "'now')) ON CONFLICT (name) DO UPDATE SET format = excluded.format, "
                "updated = excluded.updated", (deck.name, deck.format))
            deck_id = self.conn.execute("SELECT id FROM decks WHERE name = ?",
                                        (deck.name,)).fetchone()[0]
            self.conn.execute("DELETE FROM deck_entries WHERE deck_id = ?", (deck_id,))
            self.conn.executemany(
                "INSERT INTO deck_entries (deck_id, section, position, card_name, count, set_code, "
                "number) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(deck_id, section, i, e.name, e.count, e.set_code, e.number)
                 for section in SECTIONS for i, e in enumerate(deck.section(section))])
        return int(deck_id)

    def load_deck(self, name: str) -> Deck | None:
        row = self.conn.execute("SELECT id, name, format FROM decks WHERE name = ?",
                                (name,)).fetchone()
        if row is None:
            return None
        deck = Deck(name=row[1], format=row[2])
        for section, card_name, count, set_code, number in self.conn.execute(
                "SELECT section, card_name, count, set_code, number FROM deck_entries "
                "WHERE deck_id = ? ORDER BY section, position", (row[0],)):
            deck.section(section).append(DeckEntry(card_name, count, set_code, number))
        return deck

    def deck_names(self, recent_first: bool = False) -> list[str]:
        """Names of the saved decks, alphabetical or most recently saved first."""
        order = "updated DESC, name" if recent_first else "name"
        return [r[0] for r in self.conn.execute(f"SELECT name FROM decks ORDER BY {order}")]

    def delete_deck(self, name: str) -> bool:
        with transaction(self.conn):
            row = self.conn.execute("SELECT id FROM decks WHERE name = ?", (name,)).fetchone()
            if row is None:
                return False
            self.conn.execute("DELETE FROM deck_entries WHERE deck_id = ?", (row[0],))
            self.conn.execute("DELETE FROM decks WHERE id = ?", (row[0],))
        return True
