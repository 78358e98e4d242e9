"""`python -m cardsdb deck check` names the cards the rules engine can't fully play yet, with the
sentences it does not read (the same code path as the deck editor's checks panel)."""
from __future__ import annotations

import json

import pytest

from cardsdb import CardDatabase
from cardsdb.cli import main
from cardsdb.decks import Deck, DeckEntry
from cardsdb.rules_support import RulesSupport


@pytest.fixture
def m21_db(tmp_path, m21):
    path = tmp_path / "m21.sqlite"
    with CardDatabase.open_default(path, sets=()) as db:
        db.import_file(m21)
    return path


def test_deck_check_json_lists_unsupported_cards_with_their_unread_sentences(m21_db, tmp_path, capsys):
    pytest.importorskip("engine.core.cards", reason="the rules engine is not in this checkout")
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Eliminate\n4 Chandra, Heart of Fire\n4 Lightning Bolt\n48 Swamp\n", encoding="utf-8")
    assert main(["deck", "check", str(deck), "--db", str(m21_db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [u["name"] for u in data["unsupported"]] == ["Chandra, Heart of Fire"]
    unread = data["unsupported"][0]["unread"]
    assert "Until end of turn, you may play cards exiled this way" in unread
    # the deck editor's checks say the same
    support = RulesSupport()
    support.load()
    with CardDatabase(m21_db) as db:
        listed = support.unsupported(Deck(main=[DeckEntry("Chandra, Heart of Fire", 1), DeckEntry("Eliminate", 1)]), db)
    assert listed == data["unsupported"]
    assert main(["deck", "check", str(deck), "--db", str(m21_db)]) == 0
    assert "by hand: Chandra, Heart of Fire: the rules engine does not read “Until end of turn" in capsys.readouterr().out


def test_without_the_engine_the_answer_is_unknown_not_empty(m21_db, tmp_path):
    def missing():
        raise ImportError("engine", name="engine")

    support = RulesSupport(missing)
    support.load()
    assert not support.available and "not installed" in support.error
