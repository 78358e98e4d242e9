import json
import shutil

import pytest

from cardsdb import BUNDLED_POOL, CardDatabase, default_data_dir, default_db_path, load_card_data


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
    with CardDatabase.open_default(bundled=bundled) as db:
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
    with CardDatabase.open_default(bundled=bundled) as db:
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
