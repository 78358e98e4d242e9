"""ManaTable's card database: SQLite (through sqlite-utils) with the bundled starter pool,
importers for MTGJSON and Scryfall files, Scryfall-style search, and deck files. No Qt here.

For the deck editor (one CardDatabase per thread):
    db = CardDatabase.open_default()          # the user's database, starter pool built in
    db.page(query, sort="name", limit=100, offset=0) -> SearchPage(cards, total)
    db.search(query, sort="name", limit=None) -> list[CardRecord];  db.count(query) -> int
        sorts: "name", "mv", "color", "type"; a malformed query raises QueryError(.position)
    db.record(name) -> CardRecord | None;  db.printings(name);  db.legalities(name)
    db.import_file(path, progress=callback(done_bytes, total_bytes)) -> ImportReport
        (raises CardImportError, database unchanged)
    db.formats(), db.sets(), db.stats(), db.save_deck(deck), db.load_deck(name), db.deck_names()
    read_deck_file(path) -> ParsedDeck(deck, format, warnings);  save_deck_file(deck, path, fmt)
    check_deck(deck, db, play_format=None) -> DeckCheck(deck, problems, notes, legal)
For the engine (MTGJSON field names, one dict per Oracle card, faces under "faces"):
    load_card_data(path) -> list[dict];  db.card(name) -> dict | None;  db.cards(names)
"""
from .carddata import CardData, Printing, SetInfo
from .database import CardDatabase, CardRecord, SearchPage
from .decks import (EXTENSIONS, FORMATS, Deck, DeckEntry, DeckFormatError, ParsedDeck,
                    detect_format, read_deck, read_deck_file, save_deck_file, write_deck)
from .importers import CardImportError, ImportReport, load_card_data
from .paths import BUNDLED_POOL, BUNDLED_SETS, default_data_dir, default_db_path
from .query import QueryError
from .schema import SCHEMA_VERSION, SchemaError
from .validation import DeckCheck, Problem, check_deck

__all__ = [
    "BUNDLED_POOL", "BUNDLED_SETS", "EXTENSIONS", "FORMATS", "SCHEMA_VERSION", "CardData", "CardDatabase",
    "CardImportError", "CardRecord", "Deck", "DeckCheck", "DeckEntry", "DeckFormatError", "ImportReport",
    "ParsedDeck", "Printing", "Problem", "QueryError", "SchemaError", "SearchPage", "SetInfo",
    "check_deck",
    "default_data_dir", "default_db_path", "detect_format", "load_card_data", "read_deck",
    "read_deck_file", "save_deck_file", "write_deck",
]
