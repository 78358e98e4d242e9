"""A deck saved in the card database before counts had limits is refused for a game, not expanded into
a billion card names (issue 14, defect 4)."""
import pytest

from app.decks import DeckError, load_user_deck
from cardsdb.database import CardDatabase
from cardsdb.decks import Deck, DeckEntry


def test_a_stored_deck_of_a_billion_forests_is_refused(tmp_path):
    db_path = tmp_path / "cards.sqlite"
    with CardDatabase(db_path) as db:
        db.save_deck(Deck(name="Forests", main=[DeckEntry("Forest", 60)]))
        # as an older release stored it, without the limit save_deck now enforces
        db.conn.execute("UPDATE deck_entries SET count = 999999999")
    with pytest.raises(DeckError, match="999999999 cards; a game takes at most 5000"):
        load_user_deck("Forests", db_path)
