"""The deck editor (issue 6): search the card database, build and check decks, see the curve, test
draws. Decks are kept in the card database (cardsdb)."""
from app.deck_editor.window import DeckEditorHandle, DeckEditorWindow, open_deck_editor

__all__ = ["DeckEditorHandle", "DeckEditorWindow", "open_deck_editor"]
