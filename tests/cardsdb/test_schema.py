import sqlite3

import pytest

from cardsdb import SCHEMA_VERSION, CardDatabase, SchemaError

# What release 1 of ManaTable wrote (kept here verbatim, independent of the migration code).
V1_SQL = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
INSERT INTO schema_version VALUES (1);
CREATE TABLE sets (code TEXT PRIMARY KEY, name TEXT, release_date TEXT);
CREATE TABLE cards (id INTEGER PRIMARY KEY, name TEXT NOT NULL, mana_cost TEXT, mana_value REAL,
  colors TEXT, color_identity TEXT, type_line TEXT, oracle_text TEXT, power TEXT, toughness TEXT,
  loyalty TEXT, layout TEXT);
CREATE UNIQUE INDEX idx_cards_name ON cards (name);
CREATE TABLE printings (id INTEGER PRIMARY KEY, card_id INTEGER REFERENCES cards(id),
  set_code TEXT REFERENCES sets(code), number TEXT, rarity TEXT, artist TEXT);
CREATE TABLE legalities (card_id INTEGER REFERENCES cards(id), format TEXT, status TEXT,
  PRIMARY KEY (card_id, format));
INSERT INTO sets VALUES ('OLD', 'Old Set', '2001-01-01');
INSERT INTO cards VALUES (7, 'Serra Angel', '{3}{W}{W}', 5, '["W"]', '["W"]', 'Creature — Angel',
  'Flying\nVigilance', '4', '4', NULL, 'normal');
INSERT INTO cards VALUES (9, 'Jace Beleren', '{1}{U}{U}', 3, '["U"]', '["U"]',
  'Legendary Planeswalker — Jace', '+2: Each player draws a card.', NULL, NULL, '3', 'normal');
INSERT INTO printings VALUES (1, 7, 'OLD', '12', 'Uncommon', 'Someone');
INSERT INTO legalities VALUES (7, 'Modern', 'Legal');
"""


def make_v1(path):
    conn = sqlite3.connect(path)
    conn.executescript(V1_SQL)
    conn.commit()
    conn.close()


def test_fresh_database_has_the_current_schema(empty_db):
    assert empty_db.stats()["schema_version"] == SCHEMA_VERSION
    tables = set(empty_db.db.table_names())
    assert {"cards", "printings", "sets", "legalities", "decks", "deck_entries", "cards_fts",
            "card_names", "schema_version"} <= tables


def test_version_1_database_is_upgraded_keeping_its_cards(tmp_path):
    path = tmp_path / "old.sqlite"
    make_v1(path)
    with CardDatabase(path) as db:
        assert db.stats() == {"cards": 2, "printings": 1, "sets": 1, "decks": 0,
                              "schema_version": SCHEMA_VERSION}
        angel = db.record("serra angel")
        assert angel.id == 7 and angel.types == ("Creature",) and angel.subtypes == ("Angel",)
        assert angel.colors == "W"
        assert (angel.set_code, angel.rarity) == ("OLD", "uncommon")   # added by version 3
        jace = db.record("Jace Beleren")
        assert jace.supertypes == ("Legendary",) and jace.types == ("Planeswalker",)
        # the derived search columns are filled in, and old rows still join
        assert [c.name for c in db.search("c:w t:angel r:uncommon f:modern")] == ["Serra Angel"]
        assert [c.name for c in db.search("o:vigilance")] == ["Serra Angel"]
        assert db.count("is:permanent") == 2
        assert db.printings("Serra Angel")[0].set_code == "OLD"
        # and the upgraded database takes new data
        db.save_deck(__import__("cardsdb").Deck(name="d"))
        assert db.deck_names() == ["d"]
    with CardDatabase(path) as again:   # reopening does not migrate twice
        assert again.stats()["cards"] == 2


def test_database_from_a_newer_release_is_refused_untouched(tmp_path):
    path = tmp_path / "new.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER)")
    conn.execute("INSERT INTO schema_version VALUES (99)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SchemaError, match="newer"):
        CardDatabase(path)
    assert path.read_bytes() == before


def test_other_sqlite_file_is_not_taken_over(tmp_path):
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(SchemaError, match="not a ManaTable card database"):
        CardDatabase(path)


def test_a_file_that_is_not_a_database_raises(tmp_path):
    path = tmp_path / "text.sqlite"
    path.write_text("hello, this is not sqlite" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        CardDatabase(path)


def test_two_processes_opening_a_new_database_at_once_both_succeed(tmp_path):
    import threading

    path = tmp_path / "shared.sqlite"
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            CardDatabase(path).close()
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with CardDatabase(path) as db:
        assert db.stats()["schema_version"] == SCHEMA_VERSION
