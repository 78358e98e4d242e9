"""Deck lists as players paste them from the deck sites (issue 12, item 7): foil markers, set codes and
collector numbers in brackets or parentheses, categories and tags, `SB:` prefixes, counts written `4x`,
`x4` or `(4)`. And what is not a deck is still refused."""
import json

import pytest

from cardsdb import DeckFormatError, read_deck, read_deck_file


def counts(entries):
    return {e.name: e.count for e in entries}


def entry(entries, name):
    return next(e for e in entries if e.name == name)


@pytest.fixture
def exports(fixtures):
    return fixtures / "exports"


def test_mtggoldfish_exact_versions_with_variants_and_foils(exports):
    parsed = read_deck_file(exports / "mtggoldfish.txt")
    deck = parsed.deck
    assert parsed.warnings == [] and parsed.format == "text"
    assert deck.count("main") == 60 and deck.count("sideboard") == 15
    assert (entry(deck.main, "Ragavan, Nimble Pilferer").set_code, deck.main[0].count) == ("MUL", 4)
    assert entry(deck.main, "Counterspell").count == 2    # "<retro> [DMR] (F)" is not part of the name
    assert entry(deck.main, "Counterspell").set_code == "DMR"
    assert counts(deck.sideboard)["Fury"] == 3


def test_moxfield_with_foil_and_etched_markers(exports):
    parsed = read_deck_file(exports / "moxfield.txt")
    deck = parsed.deck
    assert parsed.warnings == [] and parsed.format == "arena"
    assert deck.count("main") == 116
    signet = entry(deck.main, "Arcane Signet")
    assert (signet.set_code, signet.number, signet.count) == ("CMM", "369", 1)
    assert entry(deck.main, "Swords to Plowshares").number == "10"
    assert counts(deck.sideboard) == {"Hullbreacher": 1, "Fierce Guardianship": 1}


def test_archidekt_categories_choose_the_section_and_maybeboard_is_left_out(exports):
    parsed = read_deck_file(exports / "archidekt.txt")
    deck = parsed.deck
    assert parsed.warnings == []
    assert counts(deck.commander) == {"Atraxa, Praetors' Voice": 1}
    assert counts(deck.sideboard) == {"Hullbreacher": 1}
    names = counts(deck.main)
    assert "Vorinclex, Monstrous Raider" not in names and "Ichormoon Gauntlet" not in names
    assert names["Forest"] == 12 and names["Sol Ring"] == 1 and names["Arcane Signet"] == 1
    ring = entry(deck.main, "Sol Ring")
    assert (ring.set_code, ring.number) == ("C21", "263")


def test_tappedout_commander_and_foil_markers(exports):
    deck = read_deck_file(exports / "tappedout.txt").deck
    assert counts(deck.commander) == {"Atraxa, Praetors' Voice": 1}
    assert counts(deck.main)["Arcane Signet"] == 1 and counts(deck.main)["Swords to Plowshares"] == 1
    assert deck.count("main") == 50


def test_mtgo_text_export_has_its_sideboard_after_a_blank_line(exports):
    deck = read_deck_file(exports / "mtgo.txt").deck
    assert deck.count("main") == 60 and deck.count("sideboard") == 15


def test_arena_export(exports):
    parsed = read_deck_file(exports / "arena.txt")
    assert parsed.format == "arena" and parsed.warnings == []
    assert parsed.deck.count("main") == 60 and parsed.deck.count("sideboard") == 5
    assert entry(parsed.deck.main, "Fireblast").number == "84"


def test_counts_and_set_codes_in_every_position(exports):
    parsed = read_deck_file(exports / "deckstats.txt")
    deck = parsed.deck
    assert parsed.warnings == []
    assert counts(deck.main) == {"Lightning Bolt": 4, "Shock": 4, "Goblin Guide": 4, "Lightning Helix": 4,
                                 "Mountain": 4}
    bolt = entry(deck.main, "Lightning Bolt")
    assert (bolt.set_code, bolt.number) == ("M10", "146")
    assert counts(deck.sideboard) == {"Duress": 2} and deck.sideboard[0].set_code == "M10"


@pytest.mark.parametrize("line, name, count, set_code, number", [
    ("4 Lightning Bolt (M10) 146", "Lightning Bolt", 4, "M10", "146"),
    ("4 Lightning Bolt [M10]", "Lightning Bolt", 4, "M10", None),
    ("x4 Lightning Bolt", "Lightning Bolt", 4, None, None),
    ("Lightning Bolt x4", "Lightning Bolt", 4, None, None),
    ("(4) Lightning Bolt", "Lightning Bolt", 4, None, None),
    ("4 x Lightning Bolt", "Lightning Bolt", 4, None, None),
    ("1 Fire // Ice (MH2) 290 *F*", "Fire // Ice", 1, "MH2", "290"),
    ("1 B.F.M. (Big Furry Monster)", "B.F.M. (Big Furry Monster)", 1, None, None),
    ("1 Sol Ring (40K) 241★", "Sol Ring", 1, "40K", "241★"),
])
def test_one_line_in_each_spelling(line, name, count, set_code, number):
    e = read_deck(line + "\n").deck.main[0]
    assert (e.name, e.count, e.set_code, e.number) == (name, count, set_code, number)


@pytest.mark.parametrize("text", [
    "Dear Sam,\nThe meeting moved to Thursday at ten.\nPlease bring the slides and the budget.\n"
    "See you there.\n",
    json.dumps({"name": "Burn", "cards": [{"name": "Lightning Bolt", "count": 4}]}, indent=2),
    json.dumps([["Lightning Bolt", 4]]),
    "# notes\n- buy milk\n- call mom\n* fix the bike\n",
])
def test_what_is_not_a_deck_is_refused(text):
    with pytest.raises(DeckFormatError):
        read_deck(text)


def test_a_utf16_export_reads_like_utf8(tmp_path):
    path = tmp_path / "notepad.txt"
    path.write_bytes("4 Lim-Dûl's Vault\r\n2 Æther Vial\r\n".encode("utf-16"))
    assert counts(read_deck_file(path).deck.main) == {"Lim-Dûl's Vault": 4, "Æther Vial": 2}


def test_one_overlong_line_is_reported_and_the_rest_read():
    parsed = read_deck("4 Shock\n1 " + "Bears " * 100 + "\n")
    assert counts(parsed.deck.main) == {"Shock": 4}
    assert "names have at most 300" in parsed.warnings[0]
