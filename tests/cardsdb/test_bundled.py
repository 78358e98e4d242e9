import json
import shutil

import pytest

from cardsdb import (BUNDLED_POOL, BUNDLED_SETS, CardDatabase, default_data_dir, default_db_path,
                     load_card_data)


def test_default_location_follows_the_platform_and_the_override(monkeypatch, tmp_path):
    monkeypatch.delenv("MANATABLE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr("sys.platform", "linux")
    assert default_db_path() == tmp_path / "xdg" / "ManaTable" / "cards.sqlite"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "ManaTable"
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "custom"))
    assert default_db_path() == tmp_path / "custom" / "cards.sqlite"


def test_first_start_builds_the_users_database_from_the_bundled_pool(monkeypatch, tmp_path,
                                                                       fixtures):
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "data"))
    bundled = tmp_path / "starter-pool.json"
    shutil.copy(fixtures / "starter-mini.json", bundled)
    with CardDatabase.open_default(bundled=bundled, sets=()) as db:
        assert db.path == tmp_path / "data" / "cards.sqlite"
        assert db.stats()["cards"] == 5
        assert db.card("Shock")["text"] == "Shock deals 2 damage to any target."
        assert [c.name for c in db.search("s:mts t:land")] == ["Forest", "Mountain"]
    # the second start does not import again
    with CardDatabase(tmp_path / "data" / "cards.sqlite") as db:
        assert db.ensure_bundled_pool(bundled) is False
    # a release with a changed pool brings the new cards in, keeping what the user imported
    with CardDatabase(tmp_path / "data" / "cards.sqlite") as db:
        db.import_file(fixtures / "scryfall-oracle.json")
    data = json.loads(bundled.read_text())
    data["data"]["cards"].append(dict(data["data"]["cards"][0], name="Wastes", subtypes=[],
                                      type="Basic Land", text="{T}: Add {C}.", number="99"))
    bundled.write_text(json.dumps(data))
    with CardDatabase.open_default(bundled=bundled, sets=()) as db:
        assert db.record("Wastes") is not None and db.record("Chandra Nalaar") is not None


def test_the_shipped_pool_loads_when_present():
    if not BUNDLED_POOL.is_file():
        pytest.skip("cardsdb/data/starter-pool.json is not there yet")
    cards = load_card_data(BUNDLED_POOL)
    assert len(cards) == len({c["name"] for c in cards}) >= 200
    with CardDatabase(":memory:") as db:
        db.import_file(BUNDLED_POOL)
        assert db.stats()["cards"] == len(cards)
        for card in cards:   # the engine gets the same definition from either source
            assert db.card(card["name"]) == card


def test_a_fresh_database_has_the_bundled_m21_cards_searchable(tmp_path):
    with CardDatabase.open_default(tmp_path / "cards.sqlite") as db:
        assert db.count("s:m21") == 285
        assert [c.name for c in db.search("s:m21 o:flying cmc=1 c:w")] == ["Speaker of the Heavens"]
        assert db.record("teferi, master of time").set_code == "M21"   # any case finds it
        assert db.printings("Llanowar Visionary")[0].scryfall_id == "d6e23afa-7e08-4049-baf0-d4d0134ba2c8"
        # the engine's own pool is a separate file, left as it was
        assert db.count("s:mts") == len(load_card_data(BUNDLED_POOL))


def test_an_existing_database_gets_the_bundled_sets_once_on_upgrade(tmp_path, fixtures):
    path = tmp_path / "cards.sqlite"
    bundled = tmp_path / "starter-pool.json"
    shutil.copy(fixtures / "starter-mini.json", bundled)
    with CardDatabase.open_default(path, bundled=bundled, sets=()) as db:   # an older release
        db.import_file(fixtures / "scryfall-oracle.json")
        before = db.stats()["cards"]
        assert db.count("s:m21") == 0
    with CardDatabase.open_default(path, bundled=bundled) as db:
        assert db.count("s:m21") == 285
        assert db.record("Chandra Nalaar") is not None          # the user's own imports kept
        assert db.stats()["cards"] > before
        assert all(db.ensure_bundled_pool(s, key=f"bundled:{s.name}") is False for s in BUNDLED_SETS)


def test_printings_keep_their_scryfall_id_from_either_source(empty_db, fixtures, m21):
    empty_db.import_file(fixtures / "scryfall-oracle.json")
    ids = empty_db.scryfall_ids()
    assert ids and all(ids.values())
    empty_db.import_file(m21)
    ids = empty_db.scryfall_ids()
    assert ids["Llanowar Visionary"] == "d6e23afa-7e08-4049-baf0-d4d0134ba2c8"   # M21 #193
