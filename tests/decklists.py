"""The sample decks as card-name lists, for tests, benchmarks and trace scripts: deck files are read by
cardsdb.decks, outside the engine, and handed to it as names."""
from __future__ import annotations

from pathlib import Path

from cardsdb.decks import read_deck_file
from engine.selfplay import DECKS_DIR

__all__ = ["DECKS_DIR", "read_deck_names"]


def read_deck_names(path: Path) -> list[str]:
    """The main deck of a deck file, as a list of card names."""
    return read_deck_file(path).deck.main_card_names()
