import pytest

from cardsdb import (FORMATS, Deck, DeckEntry, DeckFormatError, detect_format, read_deck,
                     read_deck_file, save_deck_file, write_deck)

BURN_MAIN = {"Lightning Bolt": 4, "Shock": 4, "Goblin Guide": 4, "Lightning Helix": 4,
             "Fire // Ice": 4, "Ornithopter": 4, "Mountain": 36}
BURN_SIDE = {"Counterspell": 3, "Tarmogoyf": 2}


def counts(entries):
    return {e.name: e.count for e in entries}


@pytest.mark.parametrize("name, fmt", [
    ("burn.txt", "text"), ("burn-arena.txt", "arena"), ("burn.dek", "mtgo"),
    ("burn.cod", "cockatrice"), ("burn.dck", "forge"), ("mtgo-export.txt", "text"),
])
def test_each_format_is_detected_and_read(fixtures, name, fmt):
    parsed = read_deck_file(fixtures / name)
    assert parsed.format == fmt
    assert parsed.warnings == []
    main = counts(parsed.deck.main)
    if fmt == "text" and name == "burn.txt":
        main["Lightning Helix"] = main.pop("lightning helix")   # names are kept as written
    if fmt == "mtgo":
        main["Fire // Ice"] = main.pop("Fire/Ice")
    assert main == BURN_MAIN
    assert counts(parsed.deck.sideboard) == BURN_SIDE
    assert parsed.deck.count("main") == 60


def test_detection_uses_content_not_extension(fixtures, tmp_path):
    disguised = tmp_path / "deck.txt"
    disguised.write_bytes((fixtures / "burn.cod").read_bytes())
    assert read_deck_file(disguised).format == "cockatrice"
    assert detect_format("[Main]\n4 Shock\n") == "forge"
    assert detect_format("4 Shock (M21) 159\n") == "arena"
    assert detect_format("4 Shock\n") == "text"


def test_deck_names_and_set_details_are_read(fixtures):
    assert read_deck_file(fixtures / "burn.cod").deck.name == "Mini Burn"
    assert read_deck_file(fixtures / "burn.dck").deck.name == "Mini Burn"
    assert read_deck_file(fixtures / "burn.txt").deck.name == "Mini Burn"
    assert read_deck_file(fixtures / "burn.dek").deck.name == "burn"    # from the file name
    arena = read_deck_file(fixtures / "burn-arena.txt").deck
    assert (arena.main[1].set_code, arena.main[1].number) == ("TST", "2")
    assert read_deck_file(fixtures / "burn.dck").deck.main[0].set_code == "TST"


def test_arena_sections():
    parsed = read_deck("About\nName Izzet\n\nCommander\n1 Niv-Mizzet, Parun (GRN) 192\n\n"
                       "Deck\n1 Shock (M21) 159\n99 Island\n\nSideboard\n1 Negate (M21) 58\n")
    deck = parsed.deck
    assert parsed.format == "arena" and deck.name == "Izzet"
    assert counts(deck.commander) == {"Niv-Mizzet, Parun": 1}
    assert counts(deck.main) == {"Shock": 1, "Island": 99}
    assert counts(deck.sideboard) == {"Negate": 1}


def test_plain_text_variants():
    deck = read_deck("// a comment\n3x Shock\nSideboard:\n2 Negate\n").deck
    assert counts(deck.main) == {"Shock": 3} and counts(deck.sideboard) == {"Negate": 2}
    # two blocks whose second is large is not taken for a sideboard
    deck = read_deck("4 Shock\n\n20 Mountain\n").deck
    assert counts(deck.main) == {"Shock": 4, "Mountain": 20} and deck.sideboard == []
    deck = read_deck("Lightning Bolt\n").deck
    assert counts(deck.main) == {"Lightning Bolt": 1}


def test_unreadable_lines_are_reported_not_dropped():
    parsed = read_deck("4 Shock\n{{{ ??? }}}\n0 Negate\n")
    assert counts(parsed.deck.main) == {"Shock": 4}
    assert len(parsed.warnings) == 2
    assert "line 2" in parsed.warnings[0] and "line 3" in parsed.warnings[1]


def sample_deck() -> Deck:
    return Deck(name="Round Trip", main=[DeckEntry("Shock", 4, "M21", "159"),
                                         DeckEntry("Fire // Ice", 2), DeckEntry("Mountain", 18)],
                sideboard=[DeckEntry("Negate", 3)], commander=[DeckEntry("Isamaru, Hound of Konda", 1)])


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_round_trips(fmt, tmp_path):
    deck = sample_deck()
    path = tmp_path / f"deck{fmt}"
    save_deck_file(deck, path, fmt)
    parsed = read_deck_file(path)
    assert parsed.format == fmt and parsed.warnings == []
    for section in ("main", "sideboard", "commander"):
        assert counts(parsed.deck.section(section)) == counts(deck.section(section))
    if fmt != "mtgo":   # .dek files carry no deck name
        assert parsed.deck.name == "Round Trip"
    if fmt in ("arena", "cockatrice"):
        assert parsed.deck.main[0].set_code == "M21" and parsed.deck.main[0].number == "159"
    assert write_deck(parsed.deck, fmt) == path.read_text()


def test_saving_is_atomic_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "d.dck"
    path.write_text("old")
    save_deck_file(sample_deck(), path, "forge")
    assert [p.name for p in tmp_path.iterdir()] == ["d.dck"]
    with pytest.raises(ValueError, match="unknown deck format"):
        save_deck_file(sample_deck(), path, "pdf")
    assert read_deck_file(path).format == "forge"


def test_xml_with_a_dtd_is_refused(fixtures):
    with pytest.raises(DeckFormatError, match="DTD"):
        read_deck_file(fixtures / "dtd.cod")


@pytest.mark.parametrize("content, message", [
    (b"\x89PNG\r\n\x1a\n\x00\x00", "binary"),
    (b"<html><body>hi</body></html>", "not a deck"),
    (b"<cockatrice_deck><zone name='main'>", "malformed XML"),
    (b"", "no cards"),
    (b"[Main]\n", "no cards"),
])
def test_unreadable_files_raise_a_clear_error(tmp_path, content, message):
    path = tmp_path / "deck"
    path.write_bytes(content)
    with pytest.raises(DeckFormatError, match=message):
        read_deck_file(path)


def test_saved_decks_live_in_the_database(db):
    deck = sample_deck()
    db.save_deck(deck)
    assert db.deck_names() == ["Round Trip"]
    loaded = db.load_deck("Round Trip")
    assert loaded == deck
    deck.main.append(DeckEntry("Island", 2))
    db.save_deck(deck)
    assert db.load_deck("Round Trip").count("main") == 26
    assert db.stats()["decks"] == 1
    assert db.delete_deck("Round Trip") and db.load_deck("Round Trip") is None
    assert not db.delete_deck("Round Trip")


def test_group_headings_from_deck_sites_are_not_cards():
    parsed = read_deck("Creatures (4)\n4 Goblin Guide\nInstants:\n4 Shock\nLands (20)\n20 Mountain\n")
    assert counts(parsed.deck.main) == {"Goblin Guide": 4, "Shock": 4, "Mountain": 20}
    assert parsed.warnings == []


def test_recent_decks_come_first_when_asked(db):
    for name in ("Alpha", "Beta", "Alpha"):
        db.save_deck(Deck(name=name, main=[DeckEntry("Shock", 4)]))
    assert db.deck_names() == ["Alpha", "Beta"]
    stamps = dict(db.conn.execute("SELECT name, updated FROM decks"))
    assert stamps["Alpha"] >= stamps["Beta"]
    db.conn.execute("UPDATE decks SET updated = '2001-01-01T00:00:00.000' WHERE name = 'Alpha'")
    assert db.deck_names(recent_first=True) == ["Beta", "Alpha"]
