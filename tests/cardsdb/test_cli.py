import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardsdb.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dbpath(tmp_path, fixtures):
    path = tmp_path / "cli.sqlite"
    assert main(["import", str(fixtures / "mini-set.json"), "--db", str(path)]) == 0
    return path


def run_json(capsys, *argv):
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_import_reports_counts(tmp_path, fixtures, capsys):
    code, data = run_json(capsys, "import", str(fixtures / "scryfall-oracle.json"), "--db",
                          str(tmp_path / "x.sqlite"))
    assert code == 0
    assert data["kind"] == "scryfall" and data["cards"] == 4 and data["database"]["cards"] == 4


def test_import_shows_a_progress_bar_without_json(tmp_path, fixtures, capsys):
    assert main(["import", str(fixtures / "mini-set.json"), "--db", str(tmp_path / "x.sqlite")]) == 0
    captured = capsys.readouterr()
    assert "importing: 100%" in captured.err
    assert "imported 19 cards" in captured.out


def test_search(dbpath, capsys):
    code, data = run_json(capsys, "search", "t:instant c:r", "--sort", "mv", "--db", str(dbpath))
    assert code == 0 and data["count"] == 4
    assert [c["name"] for c in data["cards"]][:2] == ["Lightning Bolt", "Shock"]
    assert main(["--db", str(dbpath), "search", "goblin"]) == 0
    assert "Goblin Guide" in capsys.readouterr().out


def test_malformed_query_exits_2_with_one_line(dbpath, capsys):
    assert main(["search", "t:goblin (c:r", "--db", str(dbpath)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "never closed" in err and "character 10" in err


def test_stats(dbpath, capsys):
    code, data = run_json(capsys, "stats", "--db", str(dbpath))
    assert code == 0
    assert (data["cards"], data["sets"], data["decks"]) == (19, 1, 0)


def test_deck_check_legal_deck(dbpath, fixtures, capsys):
    code, data = run_json(capsys, "deck", "check", str(fixtures / "burn.dek"), "--db", str(dbpath))
    assert code == 0 and data["legal"] and data["format"] == "mtgo"
    assert data["main_count"] == 60 and data["sideboard_count"] == 5
    assert {"name": "Fire // Ice", "count": 4} in data["main"]
    assert data["problems"] == []


@pytest.mark.rules("100.2a")
def test_deck_check_illegal_deck_exits_1(dbpath, fixtures, capsys):
    code, data = run_json(capsys, "deck", "check", str(fixtures / "illegal.txt"), "--db",
                          str(dbpath))
    assert code == 1 and not data["legal"] and data["format"] == "text"
    rules = {p["rule"] for p in data["problems"]}
    assert "100.2a" in rules
    assert any(p["suggestions"][:1] == ["Lightning Bolt"] for p in data["problems"])


def test_deck_check_with_a_format(dbpath, fixtures, capsys):
    code, data = run_json(capsys, "deck", "check", str(fixtures / "burn.cod"), "--format",
                          "pauper", "--db", str(dbpath))
    assert code == 1
    assert "Goblin Guide is not legal in pauper" in [p["message"] for p in data["problems"]]


@pytest.mark.parametrize("name", ["not-a-deck.png", "dtd.cod", "missing.txt"])
def test_unreadable_deck_exits_2(dbpath, fixtures, capsys, name):
    assert main(["deck", "check", str(fixtures / name), "--db", str(dbpath)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_unreadable_card_file_exits_2_and_keeps_the_database(dbpath, fixtures, capsys):
    code, data = run_json(capsys, "import", str(fixtures / "truncated-set.json"), "--db",
                          str(dbpath))
    assert code == 2 and "ends early" in data["error"]
    assert run_json(capsys, "stats", "--db", str(dbpath))[1]["cards"] == 19


def test_deck_convert(tmp_path, fixtures, capsys):
    out = tmp_path / "burn.dck"
    assert main(["deck", "convert", str(fixtures / "burn-arena.txt"), "--to", "forge", "-o",
                 str(out), "--db", str(tmp_path / "x.sqlite")]) == 0
    assert out.read_text().startswith("[metadata]\nName=burn-arena\n[Main]\n4 Lightning Bolt|TST")


def test_module_entry_point(dbpath):
    result = subprocess.run([sys.executable, "-m", "cardsdb", "search", "!shock", "--json", "--db",
                             str(dbpath)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["cards"][0]["name"] == "Shock"


def test_progress_bar_redraws_one_line_on_a_terminal():
    import io

    from cardsdb.cli import ProgressBar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    bar = ProgressBar(out, "importing", width=10)
    bar(25, 100)
    bar(100, 100)
    assert out.getvalue() == "\rimporting [##--------]  25%\rimporting [##########] 100%\n"


def test_deck_with_unreadable_lines_is_not_called_legal(dbpath, fixtures, tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_text((fixtures / "burn.txt").read_text() + "{{{ ??? }}}\n")
    code, data = run_json(capsys, "deck", "check", str(deck), "--db", str(dbpath))
    assert code == 1 and not data["legal"]
    assert data["problems"][0]["message"].startswith("line 11: cannot read")
    assert data["warnings"] == [data["problems"][0]["message"]]


def test_without_db_the_users_database_is_used_and_built(monkeypatch, tmp_path, capsys):
    from cardsdb import BUNDLED_POOL, BUNDLED_SETS, load_card_data

    if not BUNDLED_POOL.is_file():
        pytest.skip("cardsdb/data/starter-pool.json is not there yet")
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "user"))
    code, data = run_json(capsys, "stats")
    assert code == 0 and data["path"] == str(tmp_path / "user" / "cards.sqlite")
    # the starter pool and the bundled sets, a card in both counted once
    assert data["cards"] == len({c["name"] for f in (BUNDLED_POOL, *BUNDLED_SETS) for c in load_card_data(f)})
