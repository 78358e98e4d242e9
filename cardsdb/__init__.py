"""ManaTable's card database: SQLite (through sqlite-utils) with the bundled starter pool,
importers for MTGJSON and Scryfall files, Scryfall-style search, and deck files. No Qt here."""
from .carddata import CardData, Printing
from .database import CardDatabase, CardRecord
from .decks import (FORMATS, Deck, DeckEntry, DeckFormatError, ParsedDeck, detect_format, read_deck,
                    read_deck_file, save_deck_file, write_deck)
from .importers import CardImportError, ImportReport, load_card_data
from .paths import BUNDLED_POOL, default_data_dir, default_db_path
from .query import QueryError
from .schema import SCHEMA_VERSION, SchemaError
from .validation import DeckCheck, Problem, check_deck

__all__ = [
    "BUNDLED_POOL", "FORMATS", "SCHEMA_VERSION", "CardData", "CardDatabase", "CardImportError",
    "CardRecord", "Deck", "DeckCheck", "DeckEntry", "DeckFormatError", "ImportReport",
    "ParsedDeck", "Printing", "Problem", "QueryError", "SchemaError", "check_deck",
    "default_data_dir", "default_db_path", "detect_format", "load_card_data", "read_deck",
    "read_deck_file", "save_deck_file", "write_deck",
]
