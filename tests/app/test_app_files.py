"""Deck lists for a new game, saved-game files (atomic, clear errors), preferences."""
from __future__ import annotations

import json

import pytest

from app.atomic import write_atomic
from app.decks import DeckError, deck_title, load_deck, load_user_deck, sample_decks, user_deck_names
from app.paths import SAMPLE_DECKS
from app.savefile import SaveError, read_save, read_save_file, save_envelope
from app.steps import DEFAULT_OWN_STOPS


def test_deck_titles_from_file_names(tmp_path):
    assert deck_title(tmp_path / "red-burn.txt") == "Red Burn"
    assert deck_title(tmp_path / "ub-control.txt") == "UB Control"


def test_deck_file_gives_one_name_per_card(tmp_path):
    path = tmp_path / "burn.txt"
    path.write_text("4 Lightning Bolt\n2x Shock\n\nSideboard\n3 Pyroclasm\n")
    names = load_deck(path)
    assert names.count("Lightning Bolt") == 4 and names.count("Shock") == 2 and "Pyroclasm" not in names


def test_unreadable_deck_file_is_named(tmp_path):
    path = tmp_path / "binary.txt"
    path.write_bytes(b"\x00\x01\x02")
    with pytest.raises(DeckError, match="binary.txt"):
        load_deck(path)
    with pytest.raises(DeckError, match="missing.txt"):
        load_deck(tmp_path / "missing.txt")


def test_user_decks_come_from_the_card_database(tmp_path):
    from cardsdb.database import CardDatabase
    from cardsdb.decks import Deck, DeckEntry

    db_path = tmp_path / "cards.sqlite"
    assert user_deck_names(db_path) == []
    with CardDatabase(db_path) as db:
        db.save_deck(Deck(name="Mono Red", main=[DeckEntry("Mountain", 20), DeckEntry("Shock", 40)]))
    assert user_deck_names(db_path) == ["Mono Red"]
    assert load_user_deck("Mono Red", db_path).count("Shock") == 40
    with pytest.raises(DeckError, match="not in the card database"):
        load_user_deck("Nothing", db_path)


def test_sample_decks_are_playable_lists():
    decks = sample_decks()
    if not SAMPLE_DECKS.is_dir():
        pytest.skip("no sample decks in this checkout")
    assert decks
    for title, path in decks.items():
        assert len(load_deck(path)) >= 60, title


def test_save_round_trip():
    text = save_envelope({"opponent": "ai"}, json.dumps({"turn": 3}))
    config, game = read_save(text)
    assert config == {"opponent": "ai"} and json.loads(game) == {"turn": 3}



def test_a_save_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + save_envelope({"opponent": "ai"}, json.dumps({"turn": 3})).encode())
    config, game = read_save(read_save_file(path))
    assert config == {"opponent": "ai"} and json.loads(game) == {"turn": 3}

@pytest.mark.parametrize("text, words", [
    ("{not json", "not JSON"),
    ('{"some": "other program"}', "not a ManaTable save"),
    ('{"format": "manatable-save", "version": 99, "config": {}, "game": {}}', "newer ManaTable"),
    ('{"format": "manatable-save", "version": 1}', "incomplete"),
    ("[1, 2, 3]", "not a ManaTable save"),
])
def test_foreign_or_damaged_saves_get_a_clear_error(text, words):
    with pytest.raises(SaveError, match=words):
        read_save(text)


def test_binary_file_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="not a text file"):
        read_save_file(path)
    with pytest.raises(SaveError, match="cannot be read"):
        read_save_file(tmp_path / "missing.json")


def test_atomic_write_replaces_whole_file_and_leaves_no_temp(tmp_path):
    path = tmp_path / "sub" / "game.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_settings_round_trip(settings, tmp_path):
    assert settings.own_stops == DEFAULT_OWN_STOPS and settings.ai_pace_ms == 600 and not settings.open_hands
    settings.own_stops = frozenset({"upkeep", "main2"})
    settings.opponent_stops = frozenset({"end"})
    settings.ai_pace_ms = 250
    settings.open_hands = True
    settings.card_image_dir = tmp_path
    assert settings.own_stops == {"upkeep", "main2"} and settings.opponent_stops == {"end"}
    assert settings.ai_pace_ms == 250 and settings.open_hands and settings.card_image_dir == tmp_path
    settings.opponent_stops = frozenset()
    assert settings.opponent_stops == frozenset()
