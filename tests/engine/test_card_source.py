"""The engine's card source (engine.core.cards.CardSource) and cardsdb's implementation of it: games
take their cards from the card database and card files, saves carry their cards, the sandbox plays
every card, rules-enforced games name the cards they refuse."""
from __future__ import annotations

import json
import lzma
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardsdb.database import CardDatabase
from cardsdb.source import CardSourceError, DatabaseSource, FileSource, open_card_source
from engine import Game
from engine.cards import main as cards_main
from engine.core import cards
from engine.core.cards import RecordSource, UnknownCards
from engine.core.enums import Zone
from engine.core.player_actions import SandboxMove
from engine.game import UnsupportedCards
from engine.loop.view import object_view

ROOT = Path(__file__).resolve().parents[2]
M21 = ROOT.parent / "shared" / "cards" / "mtgjson" / "M21.json"
# Real M21 cards, none in the starter pool: Eliminate compiles fully; Chandra, Heart of Fire has sentences not read.
COMPILING, UNREAD = "Eliminate", "Chandra, Heart of Fire"


@pytest.fixture(scope="module")
def m21_db(tmp_path_factory) -> Path:
    if not M21.is_file():
        pytest.skip(f"{M21} not found")
    path = tmp_path_factory.mktemp("db") / "cards.sqlite"
    with CardDatabase.open_default(path, sets=()) as db:
        db.import_file(M21)
    return path


@pytest.fixture
def m21_source(m21_db):
    return DatabaseSource(CardDatabase(m21_db))


def _deck(*cards_: str) -> list[str]:
    return [*cards_, *["Swamp"] * (40 - len(cards_))]


def test_a_game_takes_imported_cards_from_the_database(m21_source):
    g = Game.new([_deck(COMPILING, COMPILING), ["Forest"] * 40], seed=1, source=m21_source)
    names = {o.name for o in g.state.objects.values()}
    assert COMPILING in names
    assert g.state.cards[COMPILING]["text"].startswith("Destroy target creature or planeswalker")


def test_every_unknown_name_is_refused_at_once(m21_source):
    with pytest.raises(UnknownCards) as err:
        Game.new([_deck("Grizly Bears", "Lightnig Bolt"), ["Forest"] * 40], source=m21_source)
    assert err.value.names == ["Grizly Bears", "Lightnig Bolt"]
    assert "Grizly Bears, Lightnig Bolt" in str(err.value)


def test_rules_enforced_refusal_lists_the_cards_and_the_sentences_not_read(m21_source):
    with pytest.raises(UnsupportedCards) as err:
        Game.new([_deck(UNREAD, COMPILING), ["Forest"] * 40], source=m21_source)
    assert [name for name, _ in err.value.cards] == [UNREAD]
    unread = dict(err.value.cards)[UNREAD]
    assert unread and all(f"“{u}”" in str(err.value) for u in unread)


def test_the_sandbox_plays_a_card_the_compiler_does_not_read_with_its_oracle_text(m21_source):
    g = Game.new([_deck(*[UNREAD] * 20), ["Forest"] * 40], seed=2, enforce=False, source=m21_source)
    chandra = next(o for o in g.state.objects.values() if o.name == UNREAD)
    g.apply(SandboxMove(0, chandra.id, "battlefield"))
    on_table = [o for o in g.state.objects.values() if o.name == UNREAD and o.zone is Zone.BATTLEFIELD]
    assert len(on_table) == 1
    ch = g.characteristics(on_table[0].id)
    assert ch.loyalty == 5 and "Planeswalker" in ch.types
    view = object_view(g, on_table[0].id)
    assert view["supported"] is False and "[+1]: Chandra, Heart of Fire deals 2 damage" in view["text"]


def test_a_card_the_compiler_fails_on_is_a_plain_card_in_the_sandbox(monkeypatch):
    record = {"name": "Broken Golem", "manaCost": "{3}", "type": "Artifact Creature — Golem",
              "types": ["Artifact", "Creature"], "subtypes": ["Golem"], "supertypes": [], "colors": [],
              "text": "Whenever this breaks the compiler, nothing.", "power": "3", "toughness": "3"}
    real = cards._compiler

    def failing(r):
        if r["name"] == "Broken Golem":
            raise ZeroDivisionError("boom")
        return real(r)

    monkeypatch.setattr(cards, "_compiler", failing)
    g = Game.new([["Broken Golem"] * 40, ["Forest"] * 40], enforce=False, source=RecordSource([record]))
    golem = next(o for o in g.state.objects.values() if o.name == "Broken Golem")
    g.apply(SandboxMove(0, golem.id, "battlefield"))
    ch = g.characteristics(g.find_card(golem.card_id).id)
    assert (ch.power, ch.toughness, sorted(ch.types)) == (3, 3, ["Artifact", "Creature"])
    assert "ZeroDivisionError" in ch.definition.unsupported[0]
    with pytest.raises(UnsupportedCards):
        Game.new([["Broken Golem"] * 40, ["Forest"] * 40], source=RecordSource([record]))


def test_a_save_carries_its_cards_and_loads_with_an_empty_database(m21_source, tmp_path):
    g = Game.new([_deck(COMPILING, UNREAD), ["Forest"] * 40], seed=5, enforce=False, source=m21_source)
    text = g.to_json()
    saved = json.loads(text)
    assert {r["name"] for r in saved["cards"]} == {COMPILING, UNREAD, "Swamp", "Forest"}
    # another machine: a fresh process whose database is empty; the save needs none of it
    (tmp_path / "save.json").write_text(text, encoding="utf-8")
    with CardDatabase(tmp_path / "data" / "cards.sqlite") as empty:
        assert DatabaseSource(empty).card_record(COMPILING) is None
    script = ("import sys; from engine import Game; from engine.core.cards import default_pool; "
              "g = Game.from_json(open(sys.argv[1], encoding='utf-8').read()); "
              f"assert {COMPILING!r} not in default_pool(); "
              "print(sorted({g.characteristics(o.id).name for o in g.state.objects.values()}))")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "save.json")], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "MANATABLE_DATA_DIR": str(tmp_path / "data")},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert COMPILING in done.stdout and UNREAD in done.stdout
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert {o.name for o in loaded.state.objects.values()} >= {COMPILING, UNREAD}
    assert loaded.legal_actions() == g.legal_actions()


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.update(cards="nope"), "its cards are not a list"),
    (lambda d: d["cards"].append(["not", "a", "card"]), "not an object"),
    (lambda d: d["cards"][0].pop("name"), "has no name"),
    (lambda d: d["cards"][0].update(types="Creature"), "types is not a list of words"),
    (lambda d: d["cards"][0].update(text=7), "text is not text"),
])
def test_a_damaged_card_record_in_a_save_is_refused_cleanly(damage, message):
    g = Game.new([["Mountain"] * 40, ["Forest"] * 40], seed=1)
    data = json.loads(g.to_json())
    damage(data)
    with pytest.raises(ValueError, match=message):
        Game.from_json(json.dumps(data))


def test_card_files_of_every_compression_read_and_the_last_wins(tmp_path, m21_db):
    if not M21.is_file():
        pytest.skip(f"{M21} not found")
    xz = tmp_path / "M21.json.xz"
    xz.write_bytes(lzma.compress(M21.read_bytes()))
    assert FileSource(xz).card_record(COMPILING) == FileSource(M21).card_record(COMPILING)
    changed = json.loads(M21.read_text(encoding="utf-8"))
    for c in changed["data"]["cards"]:
        if c["name"] == COMPILING:
            c["text"] = "Destroy target creature."
    later = tmp_path / "later.json"
    later.write_text(json.dumps(changed), encoding="utf-8")
    source = open_card_source(m21_db, [xz, later])
    assert source.card_record(COMPILING)["text"] == "Destroy target creature."
    source = open_card_source(m21_db, [later, xz])
    assert source.card_record(COMPILING)["text"].startswith("Destroy target creature or planeswalker")
    with pytest.raises(CardSourceError, match="no card database"):
        open_card_source(tmp_path / "missing.sqlite")


def test_a_card_file_that_cannot_be_read_is_named_once(tmp_path):
    for path, words in ((tmp_path, "a directory, not a file"), (Path("/dev/zero"), "a device, not an ordinary file")):
        with pytest.raises(CardSourceError) as info:
            open_card_source(None, [path], use_database=False)
        assert str(info.value) == f"{path}: {words}"

def test_card_report_reads_a_compressed_file(tmp_path, capsys):
    if not M21.is_file():
        pytest.skip(f"{M21} not found")
    xz = tmp_path / "M21.json.xz"
    xz.write_bytes(lzma.compress(M21.read_bytes()))
    assert cards_main(["report", str(xz), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["cards"] == len(FileSource(M21).records)
    assert out["compiled"] + out["hand_written"] + out["unsupported"] == out["cards"]
    bad = tmp_path / "bad.json.xz"
    shutil.copy(xz, bad)
    bad.write_bytes(bad.read_bytes()[:200])
    assert cards_main(["report", str(bad)]) == 2
