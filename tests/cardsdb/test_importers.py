import gzip
import json
import lzma
import shutil

import pytest

from cardsdb import CardDatabase, CardImportError, load_card_data
from cardsdb.importers import KIND_ALL_PRINTINGS, KIND_ATOMIC, KIND_LIST, KIND_SCRYFALL, KIND_SET


def dump(db: CardDatabase) -> dict[str, list]:
    """Every row of every ordinary table, to compare database states."""
    tables = [t for t in db.db.table_names() if not t.startswith("cards_fts")]
    return {t: sorted(map(repr, db.conn.execute(f'SELECT * FROM "{t}"'))) for t in tables}


def test_mtgjson_set_file(empty_db, fixtures):
    report = empty_db.import_file(fixtures / "mini-set.json")
    assert report.kind == KIND_SET
    assert report.as_dict()["cards"] == 19 and report.sets == 1
    assert report.printings == 20   # Lightning Bolt has two printings in the set
    assert report.skipped == 0      # the set's tokens are not cards and are not read
    assert empty_db.stats()["cards"] == 19
    assert empty_db.record("Goblin") is None
    bolt = empty_db.card("Lightning Bolt")
    assert bolt["manaCost"] == "{R}" and bolt["types"] == ["Instant"] and bolt["rarity"] == "common"
    assert {p.number for p in empty_db.printings("Lightning Bolt")} == {"1", "101"}


def test_multi_faced_cards_keep_their_faces(db):
    delver = db.card("Delver of Secrets")   # a face name finds the card
    assert delver["name"] == "Delver of Secrets // Insectile Aberration"
    assert delver["layout"] == "transform"
    assert [f["faceName"] for f in delver["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    assert delver["faces"][1]["power"] == "3" and delver["power"] == "1"
    assert delver["type"] == "Creature — Human Wizard // Creature — Human Insect"
    fire_ice = db.record("fire/ice")
    assert fire_ice.mana_value == 4 and fire_ice.colors == "UR" and fire_ice.layout == "split"
    assert fire_ice.mana_cost == "{1}{R}"
    assert db.resolve_name("Ice") == "Fire // Ice"


def test_importing_twice_changes_nothing(db, fixtures):
    before = dump(db)
    db.import_file(fixtures / "mini-set.json")
    assert dump(db) == before


def test_scryfall_bulk_file(empty_db, fixtures):
    report = empty_db.import_file(fixtures / "scryfall-oracle.json")
    assert report.kind == KIND_SCRYFALL
    assert report.as_dict()["cards"] == 4 and report.skipped == 1   # the token is skipped
    delver = empty_db.record("Delver of Secrets")
    assert delver.layout == "transform" and delver.power == "1" and delver.colors == "U"
    assert [f["faceName"] for f in delver.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert empty_db.record("Fire // Ice").colors == "UR"
    chandra = empty_db.card("Chandra Nalaar")
    assert chandra["loyalty"] == "6" and chandra["supertypes"] == ["Legendary"]
    assert empty_db.legalities("Lightning Bolt")["standard"] == "not_legal"
    assert empty_db.printings("Lightning Bolt")[0].set_code == "SFX"



def test_a_plain_list_of_mtgjson_cards_is_read_as_mtgjson(empty_db, fixtures, tmp_path):
    # Read as Scryfall objects before, such a list gave cards without mana cost or types, silently.
    cards = json.loads((fixtures / "mini-set.json").read_text())["data"]["cards"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    assert empty_db.import_file(path).kind == KIND_LIST
    bolt = empty_db.card("Lightning Bolt")
    assert bolt["manaCost"] == "{R}" and bolt["types"] == ["Instant"]


def test_a_list_item_with_no_type_line_is_refused(empty_db, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"name": "Shock", "oracle_text": "Shock deals 2 damage to any target."}]))
    before = dump(empty_db)
    with pytest.raises(CardImportError, match="item 1 has no type line"):
        empty_db.import_file(path)
    assert dump(empty_db) == before

def test_scryfall_list_object_is_read_too(empty_db, fixtures, tmp_path):
    cards = json.loads((fixtures / "scryfall-oracle.json").read_text())
    path = tmp_path / "search.json"
    path.write_text(json.dumps({"object": "list", "has_more": False, "data": cards}))
    assert empty_db.import_file(path).kind == KIND_SCRYFALL
    assert empty_db.stats()["cards"] == 4


def test_all_printings_file(empty_db, fixtures):
    report = empty_db.import_file(fixtures / "allprintings.json")
    assert report.kind == KIND_ALL_PRINTINGS and report.sets == 2
    assert empty_db.stats()["sets"] == 2
    assert {p.set_code for p in empty_db.printings("Lightning Bolt")} == {"TST", "TS2"}
    assert [c.name for c in empty_db.search("s:ts2", sort="name")] == [
        "Counterspell", "Delver of Secrets // Insectile Aberration", "Lightning Bolt"]


def test_atomic_cards_file(empty_db, fixtures):
    report = empty_db.import_file(fixtures / "atomic.json")
    assert report.kind == KIND_ATOMIC
    assert empty_db.stats() | {"schema_version": 0} == {
        "cards": 3, "printings": 0, "sets": 0, "decks": 0, "schema_version": 0}
    assert empty_db.record("Insectile Aberration").layout == "transform"
    assert empty_db.legalities("Sol Ring")["vintage"] == "restricted"


@pytest.mark.parametrize("opener", [gzip.open, lzma.open])
def test_compressed_files_are_recognised_by_content(empty_db, fixtures, tmp_path, opener):
    path = tmp_path / "cards.bin"
    with open(fixtures / "mini-set.json", "rb") as src, opener(path, "wb") as dst:
        shutil.copyfileobj(src, dst)
    assert empty_db.import_file(path).kind == KIND_SET
    assert empty_db.stats()["cards"] == 19


def test_progress_is_reported_up_to_the_whole_file(empty_db, fixtures):
    calls = []
    empty_db.import_file(fixtures / "mini-set.json", progress=lambda done, total: calls.append(
        (done, total)))
    size = (fixtures / "mini-set.json").stat().st_size
    assert calls and calls[-1] == (size, size)
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:]))


def test_truncated_file_is_refused_and_database_unchanged(db, fixtures):
    before = dump(db)
    with pytest.raises(CardImportError, match="ends early"):
        db.import_file(fixtures / "truncated-set.json")
    assert dump(db) == before


def test_error_late_in_the_file_rolls_back_everything(db, fixtures, tmp_path):
    data = json.loads((fixtures / "scryfall-oracle.json").read_text())
    data.append({"object": "set", "name": "Not a card"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    before = dump(db)
    with pytest.raises(CardImportError, match="item 6 is 'set'"):
        db.import_file(path)
    assert dump(db) == before
    assert db.record("Chandra Nalaar") is None


@pytest.mark.parametrize("content, message", [
    ('{"meta": {}, "data": {"code": "X", "name": "No cards"}}', "without cards"),
    ('{"hello": "world"}', "without \"data\""),
    ('"just a string"', "not a JSON card file"),
    ("[]", "no cards found"),
    ("4 Lightning Bolt\n", "not a JSON card file"),
    ('[{"name": "Shock", "type_line": "Instant"} {', "expected ','"),
])
def test_non_card_data_gets_a_clear_error(empty_db, tmp_path, content, message):
    path = tmp_path / "x.json"
    path.write_text(content)
    with pytest.raises(CardImportError, match=message):
        empty_db.import_file(path)
    assert empty_db.stats()["cards"] == 0


def test_missing_file(empty_db, tmp_path):
    with pytest.raises(CardImportError, match="no such file"):
        empty_db.import_file(tmp_path / "nope.json")


def test_load_card_data_gives_mtgjson_shaped_cards(fixtures):
    cards = load_card_data(fixtures / "mini-set.json")
    assert len(cards) == 19
    by_name = {c["name"]: c for c in cards}
    assert by_name["Serra Angel"]["keywords"] == ["Flying", "Vigilance"]
    assert by_name["Serra Angel"]["power"] == "4"
    assert by_name["Mountain"]["supertypes"] == ["Basic"]
    assert "manaCost" not in by_name["Mountain"]
    assert len(by_name["Fire // Ice"]["faces"]) == 2


def test_card_returns_the_same_shape_as_the_loader(db, fixtures):
    loaded = {c["name"]: c for c in load_card_data(fixtures / "mini-set.json")}
    for name, card in loaded.items():
        from_db = db.card(name)
        assert from_db == card, name


def test_mtgjson_m21_imports_completely(empty_db, m21):
    report = empty_db.import_file(m21)
    assert report.kind == KIND_SET
    assert empty_db.stats()["cards"] == 285
    assert empty_db.stats()["printings"] == 397
    assert empty_db.count("") == 285
    ugin = empty_db.card("Ugin, the Spirit Dragon")
    assert ugin["loyalty"] == "7" and ugin["manaValue"] == 8
    before = dump(empty_db)
    empty_db.import_file(m21)
    assert dump(empty_db) == before


def test_load_card_data_reads_m21(m21):
    assert len(load_card_data(m21)) == 285


def test_a_file_without_legalities_keeps_the_known_ones(db, fixtures):
    db.import_file(fixtures / "starter-mini.json")
    assert db.legalities("Shock")["modern"] == "legal"
    assert "Shock" in [c.name for c in db.search("f:modern t:instant")]
    assert {p.set_code for p in db.printings("Shock")} == {"TST", "MTS"}


def test_scryfall_and_mtgjson_agree_on_multi_faced_cards(tmp_path, fixtures):
    with CardDatabase(tmp_path / "a.sqlite") as a, CardDatabase(tmp_path / "b.sqlite") as b:
        a.import_file(fixtures / "mini-set.json")
        b.import_file(fixtures / "scryfall-oracle.json")
        for name in ("Fire // Ice", "Delver of Secrets // Insectile Aberration"):
            x, y = a.card(name), b.card(name)
            for key in ("manaCost", "manaValue", "colors", "colorIdentity", "types", "subtypes",
                        "type", "text", "power", "toughness", "layout"):
                assert x.get(key) == y.get(key), (name, key)
            for fx, fy in zip(x["faces"], y["faces"]):
                for key in ("faceName", "manaCost", "colors", "type", "text", "power"):
                    assert fx.get(key) == fy.get(key), (name, key)


def test_scryfall_default_cards_gives_one_card_with_many_printings(empty_db, fixtures, tmp_path):
    bolt = json.loads((fixtures / "scryfall-oracle.json").read_text())[0]
    reprint = dict(bolt, id="0009", set="sfy", collector_number="7", rarity="common")
    german = dict(bolt, id="0010", lang="de", set="sfz", collector_number="8")
    path = tmp_path / "default-cards.json"
    path.write_text(json.dumps([bolt, reprint, german]))
    report = empty_db.import_file(path)
    assert report.as_dict()["cards"] == 1 and report.printings == 2 and report.skipped == 1
    assert {(p.set_code, p.rarity) for p in empty_db.printings("Lightning Bolt")} == {
        ("SFX", "uncommon"), ("SFY", "common")}
    assert [c.name for c in empty_db.search("r:common")] == ["Lightning Bolt"]


def test_tiny_read_chunks_give_the_same_cards(fixtures):
    """The streaming reader refills its buffer inside keys, strings and numbers."""
    from cardsdb.importers import CardFile

    for name in ("allprintings.json", "atomic.json", "scryfall-oracle.json", "mini-set.json"):
        whole = [repr(i) for i in CardFile(fixtures / name).items()]
        assert [repr(i) for i in CardFile(fixtures / name, chunk_size=7).items()] == whole, name


def test_formats_sets_and_many_cards(db):
    assert db.formats() == ["commander", "legacy", "modern", "pauper", "pioneer", "vintage"]
    assert [(s.code, s.name) for s in db.sets()] == [("TST", "ManaTable Test Set")]
    found = db.cards(["shock", "Nope"])
    assert found["shock"]["name"] == "Shock" and found["Nope"] is None


def test_each_card_names_its_newest_printing(empty_db, fixtures):
    empty_db.import_file(fixtures / "mini-set.json")
    bolt = empty_db.record("Lightning Bolt")
    assert (bolt.set_code, bolt.rarity) == ("TST", "common")
    empty_db.import_file(fixtures / "allprintings.json")   # TS2 is a month newer than TST
    assert empty_db.search("bolt")[0].set_code == "TS2"
    assert empty_db.record("Shock").set_code == "TST"


def test_a_scryfall_face_with_null_colors_takes_them_from_its_cost(tmp_path):
    """null stands for a field left out (a face's colors then come from its mana cost), never a crash."""
    faces = [{"object": "card_face", "name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant", "colors": None},
             {"object": "card_face", "name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant", "colors": None}]
    path = tmp_path / "split.json"
    path.write_text(json.dumps([{"object": "card", "name": "Fire // Ice", "layout": "split",
                                 "type_line": "Instant // Instant", "card_faces": faces}]))
    [card] = load_card_data(path)
    assert [face["colors"] for face in card["faces"]] == [["R"], ["U"]]
