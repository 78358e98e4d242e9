"""Deck lists for a new game, saved-game files (atomic, clear errors), preferences."""
from __future__ import annotations

import json

import pytest

from app.atomic import write_atomic
from app.decks import DeckError, deck_title, load_deck, parse_plain_text, sample_decks
from app.paths import SAMPLE_DECKS
from app.savefile import SaveError, read_save, read_save_file, save_envelope
from app.steps import DEFAULT_OWN_STOPS


def test_plain_text_deck_with_sideboard():
    deck = parse_plain_text("# burn\n4 Lightning Bolt\n2x Shock\n\nSideboard\n3 Pyroclasm\nSB: 1 Negate\n", "Burn")
    assert deck.main == [(4, "Lightning Bolt"), (2, "Shock")]
    assert deck.sideboard == [(3, "Pyroclasm"), (1, "Negate")]
    assert deck.main_names().count("Lightning Bolt") == 4 and deck.size == 6


def test_deck_titles_from_file_names(tmp_path):
    assert deck_title(tmp_path / "red-burn.txt") == "Red Burn"
    assert deck_title(tmp_path / "ub-control.txt") == "UB Control"


def test_bad_deck_line_names_the_line():
    with pytest.raises(DeckError, match="line 2"):
        parse_plain_text("4 Lightning Bolt\nfour Shock\n", "Bad")


def test_sample_decks_are_playable_lists():
    decks = sample_decks()
    if not SAMPLE_DECKS.is_dir():
        pytest.skip("no sample decks in this checkout")
    assert decks
    for title, path in decks.items():
        assert load_deck(path).size >= 60, title


def test_save_round_trip():
    text = save_envelope({"opponent": "ai"}, json.dumps({"turn": 3}))
    config, game = read_save(text)
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
