"""The corpus of bad inputs (issue 14): card files, deck files, saves and queries that are damaged, hostile
or simply not what they claim, each fed to the real command line (`python -m cardsdb`, called in this
process through its `main`) or the real save loader. Each must be refused with a one-line message and
the documented exit code (2: unreadable input), and leave the card database and every file as they were.

Small inputs are files beside this module (cards/, decks/, saves/); large ones are generated here.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardsdb import CardDatabase, limits
from cardsdb.cli import main

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MINI_SET = ROOT / "tests" / "fixtures" / "cardsdb" / "mini-set.json"
CARDS = sorted((HERE / "cards").iterdir())
DECKS = sorted((HERE / "decks").iterdir())
SAVES = sorted((HERE / "saves").iterdir())
EXIT_BAD_INPUT = 2


@pytest.fixture
def db_path(tmp_path) -> Path:
    path = tmp_path / "cards.sqlite"
    with CardDatabase(path) as db:
        db.import_file(MINI_SET)
    return path


def content(db_path: Path) -> str:
    """Everything the database holds, as SQL (its bytes may move between the file and its log)."""
    with CardDatabase(db_path) as db:
        return "\n".join(db.conn.iterdump())


def digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


def refused(capsys, argv: list[str]) -> str:
    """Runs the command; checks exit 2 and a one-line message (also as JSON with --json); returns it."""
    assert main(argv) == EXIT_BAD_INPUT, argv
    out, err = capsys.readouterr()
    lines = [line for line in err.strip().splitlines() if not line.startswith("importing: ")]  # progress
    assert out == "" and len(lines) == 1 and lines[0].startswith("error: "), (argv, out, err)
    assert main(["--json", *argv]) == EXIT_BAD_INPUT
    out, _ = capsys.readouterr()
    assert json.loads(out)["error"] == lines[0][len("error: "):]
    return lines[0]


# -- generated inputs ----------------------------------------------------------------------------
def special_files(tmp_path: Path) -> dict[str, Path]:
    """A device, a pipe and a folder: none has a size, none is an ordinary file."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return {"device": Path("/dev/zero"), "pipe": fifo, "folder": folder, "missing": tmp_path / "missing.txt"}


def generated_card_files(tmp_path: Path) -> dict[str, Path]:
    files = {}
    deep = tmp_path / "nested-100000.json"
    deep.write_text('{"data": ' + "[" * 100_000 + "]" * 100_000 + "}")
    files["nested 100,000 deep"] = deep
    inside = tmp_path / "nested-in-a-card.json"
    inside.write_text('[{"object": "card", "name": "X", "legalities": ' + "[" * 100_000 + "]" * 100_000 + "}]")
    files["nested inside a card"] = inside
    good = MINI_SET.read_bytes()
    packed = bytearray(gzip.compress(good))
    middle = len(packed) // 2
    packed[middle:middle + 64] = bytes(64)
    corrupt = tmp_path / "corrupt-middle.json.gz"
    corrupt.write_bytes(bytes(packed))
    files["gzip corrupted in the middle"] = corrupt
    # more than the ratio allows past its floor: 80 MB of one letter in 80 KB
    bomb = tmp_path / "bomb.json.gz"
    letters = limits.COMPRESSION_RATIO_FLOOR + (16 << 20)
    bomb.write_bytes(gzip.compress(b'{"data": {"code": "BAD", "name": "' + b"a" * letters + b'"}}', 6))
    files["decompression bomb"] = bomb
    return files


# -- card files ----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", CARDS, ids=[p.name for p in CARDS])
def test_card_file_is_refused_and_nothing_changes(capsys, db_path, path):
    before, file_before = content(db_path), digest(path)
    message = refused(capsys, ["import", str(path), "--db", str(db_path)])
    assert path.name in message and "database" not in message
    assert content(db_path) == before and digest(path) == file_before


def test_generated_card_files_are_refused(capsys, db_path, tmp_path):
    before = content(db_path)
    cases = {**generated_card_files(tmp_path), **special_files(tmp_path)}
    words = {"nested 100,000 deep": "nested", "nested inside a card": "nested",
             "gzip corrupted in the middle": "compressed", "decompression bomb": "decompression bomb",
             "device": "a device", "pipe": "a pipe", "folder": "a directory", "missing": "no such file"}
    for label, path in cases.items():
        message = refused(capsys, ["import", str(path), "--db", str(db_path)])
        assert words[label] in message, (label, message)
    assert content(db_path) == before


# -- deck files ----------------------------------------------------------------------------------
DECK_WORDS = {
    "nine-digit-count.txt": "at most 1000", "twenty-digit-count.txt": "at most 1000",
    "too-many-cards.txt": "at most 5000", "superscript-count.cod": "no cards",
    "superscript-count.dek": "no cards", "huge-count.dek": "at most 1000", "huge-count.dck": "at most 1000",
    "letter.txt": "", "deck.json": "JSON", "billion-laughs.cod": "DTD", "other-xml.cod": "not a deck",
    "name-too-long.txt": "names have at most", "binary.txt": "binary",
    "escape-sequence-in-name.txt": "control character U+001B", "bidi-override-in-name.txt": "U+202E",
    "c1-control-in-deck-name.cod": "control character U+009B",
    "quantity-exponent.dek": "<Cards 'Shock'>: bad Quantity '1e3' (a count in ASCII digits)",
    "count-negative.cod": "<card 'Shock'>: bad number '-2'",
    "count-5000-leading-zeros.txt": "one line may hold at most 1000",   # int() refuses 5,000 digits
    "set-code-escape.dck": "a set code with the control character U+001B",
    "set-code-too-long.cod": "a set code of 400 characters", "format-too-long.dck": "a format of 360 characters",
    "collector-number-bidi.txt": "a collector number with the control character U+202E",
}


@pytest.mark.parametrize("path", DECKS, ids=[p.name for p in DECKS])
def test_deck_file_is_refused_by_check_and_convert(capsys, db_path, tmp_path, path):
    before, file_before = content(db_path), digest(path)
    message = refused(capsys, ["deck", "check", str(path), "--db", str(db_path)])
    assert DECK_WORDS[path.name] in message and "database" not in message
    output = tmp_path / "out.txt"
    refused(capsys, ["deck", "convert", str(path), "--to", "text", "-o", str(output)])
    assert not output.exists() and content(db_path) == before and digest(path) == file_before


def test_generated_deck_files_are_refused(capsys, db_path, tmp_path):
    huge_count = tmp_path / "count-5000-digits.txt"
    huge_count.write_text("9" * 5000 + " Forest\n")
    spaces = tmp_path / "spaces.txt"
    spaces.write_text("1" + " " * 100_000 + "x (\n")
    large = tmp_path / "large.txt"
    with large.open("wb") as fh:
        fh.truncate(limits.DECK_FILE_BYTES + 1)
    lines = tmp_path / "lines.txt"
    lines.write_text("1 Forest\n" * (limits.DECK_LINES + 1))
    long_name = tmp_path / "long-name.cod"
    long_name.write_text('<?xml version="1.0"?><cockatrice_deck version="1"><deckname>' + "y" * 1_000_000
                         + '</deckname><zone name="main"><card number="4" name="Shock"/></zone></cockatrice_deck>')
    cases = {huge_count: "5000 digits", spaces: "cannot read", large: "larger than the 4 MB",
             lines: "at most 10000", long_name: "a deck name of 1000000 characters",
             **{p: "" for p in special_files(tmp_path).values()}}
    before = content(db_path)
    for path, words in cases.items():
        assert words in refused(capsys, ["deck", "check", str(path), "--db", str(db_path)]), path
    assert content(db_path) == before


def test_a_device_is_refused_by_a_separate_process(db_path):
    """The exit code as a shell sees it, and no memory spent on /dev/zero."""
    done = subprocess.run([sys.executable, "-m", "cardsdb", "deck", "check", "/dev/zero", "--db", str(db_path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == EXIT_BAD_INPUT and done.stderr == "error: /dev/zero: a device, not an ordinary file\n"


# -- queries -------------------------------------------------------------------------------------
QUERIES = {
    "(" * 5000 + "goblin" + ")" * 5000: "longer than",
    "(" * 900 + "goblin" + ")" * 900: "nested more than",
    "-" * 200 + "goblin": "nested more than",
    "goblin " * 250: "more than 200 search terms",
    '"unclosed': "unclosed quote",
    "xyz:1": "unknown search key",
    "mv>=": "needs a value",
    "()": "empty parentheses",
    "a or": "search term",
    "cmc=1/0": "needs a number",
    "goblin \udcff": "not text",   # a byte of another encoding on a command line
    "c>=\u00b2": "is not a color",
    "mv>nan": "needs a number", "pow<inf": "needs a number",   # float() reads both; no card has them
    "mv>\u0663": "needs a number", "cmc=1_0": "needs a number",   # an Arabic-Indic 3; Python's 10
    # SQLite's parser overflowed on these ("cannot use the card database"), within the old limit of 50
    "-(a or " * 15 + "b" + ")" * 15: "nested more than 16", "(a or " * 30 + "b" + ")" * 30: "nested more than 16",
    "-" * 23 + "goblin": "nested more than 16",
}


@pytest.mark.parametrize("query", QUERIES, ids=[f"query{i}" for i in range(len(QUERIES))])
def test_bad_query_is_refused(capsys, db_path, query):
    before = content(db_path)
    assert QUERIES[query] in refused(capsys, ["search", "--db", str(db_path), "--", query])
    assert content(db_path) == before


@pytest.mark.parametrize("pattern", ["-(a or ", "(a or ", "-", "(-a or -(", "(is:commander or -(", "-(-(", "(c>=wu or -("])
def test_a_query_nested_to_the_limit_is_searched(capsys, db_path, pattern):
    """Every nesting the parser lets through must also be one SQLite can parse."""
    per = pattern.count("(") + pattern.count("-")
    query = pattern * (limits.QUERY_DEPTH // per) + "b"
    query += ")" * (query.count("(") - query.count(")"))
    assert main(["search", "--db", str(db_path), "--json", "--", query]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("query, count", [("c>=" + "9" * 30, 0), ("c<=" + "9" * 1000, 19), ("mv<" + "9" * 1000, 19)])
def test_huge_numbers_in_a_query_compare_as_numbers(capsys, db_path, query, count):
    assert main(["search", query, "--db", str(db_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == count


# -- saved games ---------------------------------------------------------------------------------
def load(path: Path) -> None:
    """What the window does with a file the player picks, then the engine with its game."""
    from app.savefile import read_save, read_save_file
    from app.worker import GameConfig
    from engine.game import Game

    config, game = read_save(read_save_file(path))
    GameConfig.from_json(config)
    Game.from_json(game)


SAVE_WORDS = {
    "version-true.json": "not a version number", "version-minus-one.json": "not a version number",
    "version-text.json": "not a version number", "newer-version.json": "newer ManaTable",
    "no-marker.json": "not a ManaTable save", "no-config.json": "incomplete",
    "config-three-decks.json": "not ones ManaTable writes", "config-decks-not-lists.json": "incomplete",
    "config-seed-text.json": "not ones ManaTable writes", "config-starting-player-9.json": "not ones",
    "config-puzzle-number.json": "not ones ManaTable writes", "config-three-names.json": "not ones",
    "config-enforce-text.json": "not ones", "config-name-too-long.json": "not ones",
    "config-deck-too-large.json": "not ones", "config-name-lone-surrogate.json": "not valid Unicode",
    # each was read with str() or not looked at: an AI level no AI has, "AB" as the names A and B
    "config-ai-level-unknown.json": "not ones", "config-deck-titles-as-text.json": "incomplete (str where a list",
    "config-deck-titles-three.json": "not ones", "config-names-as-text.json": "incomplete (str where a list",
    "config-decks-hold-numbers.json": "incomplete (a list holds something other than text)",
    "config-seed-past-limit.json": "not ones", "config-name-escape-sequence.json": "not ones",
    "truncated.json": "not JSON", "number-5000-digits.json": "not a ManaTable save",
    "binary.json": "not a text file",
    # the game itself (engine.core.savecheck): fields that name what doesn't exist, or text read as a number
    "game-face-99.json": "has no faces", "game-class-level-99.json": "has no Class levels",
    "game-copy-of-missing-face.json": "has no face or level '7'",
    "game-copy-of-unknown-card.json": "a card this game doesn't know",
    "game-token-power-text.json": "token's power 'lots' is no number",
    "game-token-toughness-text.json": "token's toughness 'many' is no number",
    "game-token-colors-unknown.json": "colors 'Q' are not letters",
    "game-token-copy-of-missing-face.json": "has no face or level '7'",
}


@pytest.mark.parametrize("path", SAVES, ids=[p.name for p in SAVES])
def test_save_is_refused_with_one_line(path):
    before = digest(path)
    with pytest.raises(ValueError) as info:         # the app's SaveError, or the engine's
        load(path)
    message = str(info.value)
    assert SAVE_WORDS[path.name] in message and len(message.splitlines()) == 1
    assert digest(path) == before


# A real game (Red Burn against White-Blue Fliers, turn 20) with Mogg Fanatic's ability on the stack: each
# change below was loaded, then crashed the first action that read it (TypeError, IndexError, UnknownCard)
ENGINE_DATA = {
    "turn_log.resolutions is text": (("turn_log", "resolutions"), "twenty", "turn_log.resolutions must be a whole number"),
    "turn_log.creatures_died is a list": (("turn_log", "creatures_died"), [], "turn_log.creatures_died must be a whole"),
    "turn_log.spells_cast names player 7": (("turn_log", "spells_cast"), [7], "turn_log.spells_cast[0] is 7, out of range"),
    "turn_log.draws counts text": (("turn_log", "draws"), {"0": "x"}, "turn_log.draws.0 must be a whole number"),
    "lki subtypes is a number": (("objects", 120, "stack", "event", "source_lki", "subtypes"), 2,
                                 "source_lki.subtypes must be a list"),
    "lki colors hold a list": (("objects", 120, "stack", "event", "source_lki", "colors"), [[]],
                               "source_lki.colors[0] must be a text"),
    "ability index past the card's abilities": (("objects", 120, "stack", "ability_index"), 1,
                                                "ability_index is 1, but Mogg Fanatic has 1 activated abilities"),
    "ability kind blank": (("objects", 120, "stack", "ability_kind"), "",
                           "ability_kind is '' for an ability, not activated, triggered, delayed or inherent"),
    "ability of an unknown card": (("objects", 120, "stack", "source_def"), "Nonexistent Goblin",
                                   "source_def is 'Nonexistent Goblin', a card this game doesn't know"),
    "ability of a token spec that is no token": (("objects", 120, "stack", "source_token"), {"a": 1},
                                                 "source_token is no token"),
}


@pytest.mark.parametrize("label", ENGINE_DATA)
def test_a_save_whose_engine_data_is_of_the_wrong_kind_is_refused(tmp_path, label):
    from app.savefile import read_save
    from engine.game import Game

    where, value, words = ENGINE_DATA[label]
    save = json.loads((HERE / "game-with-an-ability-on-the-stack.json").read_text())
    Game.from_json(read_save(json.dumps(save))[1])      # as it was: a game that loads
    parent = save["game"]
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save))
    with pytest.raises(ValueError) as info:
        load(path)
    assert words in str(info.value) and len(str(info.value).splitlines()) == 1


def test_generated_saves_are_refused(tmp_path):
    from app.savefile import SaveError

    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "manatable-save", "version": 1, "config": {}, "game": '
                    + "[" * 100_000 + "]" * 100_000 + "}")
    nested = tmp_path / "nested.json"
    nested.write_text('{"format": "manatable-save", "version": 1, "config": {}, "game": '
                      + "[" * 100 + "]" * 100 + "}")
    large = tmp_path / "large.json"
    with large.open("wb") as fh:
        fh.truncate(limits.SAVE_FILE_BYTES + 1)
    cases = {deep: "nested", nested: "nested more than 64", large: "larger than the 64 MB",
             **{path: words for path, words in zip(special_files(tmp_path).values(),
                                                   ("a device", "a pipe", "a directory", "no such file"))}}
    for path, words in cases.items():
        with pytest.raises(SaveError) as info:
            load(path)
        assert words in str(info.value) and len(str(info.value).splitlines()) == 1, path


# -- arguments -----------------------------------------------------------------------------------
def test_arguments_that_name_nothing_are_refused(capsys, db_path, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n")
    before, deck_before = content(db_path), digest(deck)
    assert "unknown format 'nonsense'" in refused(capsys, ["deck", "check", str(deck), "--format", "nonsense",
                                                          "--db", str(db_path)])
    assert "a directory" in refused(capsys, ["deck", "convert", str(deck), "--to", "text", "-o", str(tmp_path)])
    with pytest.raises(SystemExit) as info:   # argparse's own refusal: usage and the reason, exit 2
        main(["search", "bolt", "--limit", "9" * 20, "--db", str(db_path)])
    assert info.value.code == EXIT_BAD_INPUT and "is not a count" in capsys.readouterr().err
    assert content(db_path) == before and digest(deck) == deck_before


def test_converting_a_deck_onto_itself_is_refused_and_the_file_kept(capsys, db_path, tmp_path):
    """Written over in another format, the deck file as the player wrote it would be gone; a link to it
    or a hard link is the same file."""
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Lightning Bolt\n20 Mountain\n")
    (tmp_path / "link.txt").symlink_to(deck)
    os.link(deck, tmp_path / "hard.txt")
    before = digest(deck)
    for output in (deck, tmp_path / "link.txt", tmp_path / "hard.txt", tmp_path / "." / "deck.txt"):
        message = refused(capsys, ["deck", "convert", str(deck), "--to", "cockatrice", "-o", str(output)])
        assert "the output is the deck file being converted" in message
    assert digest(deck) == before and (tmp_path / "link.txt").is_symlink()

def test_a_database_path_that_is_no_file_is_refused_and_left_alone(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        assert "not a card database" in refused(capsys, ["stats", "--db", str(path)])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]   # no journal written beside it


# -- scenario files ------------------------------------------------------------------------------
SCENARIOS = sorted((HERE / "scenarios").iterdir())
SCENARIO_WORDS = {
    "latin1.toml": "not UTF-8", "utf16.toml": "not UTF-8", "nested-arrays-40.toml": "nested more than 32",
    "nested-inline-tables-40.toml": "nested more than 32", "dotted-key-40-parts.toml": "nested more than 32",
    "table-header-40-parts.toml": "nested more than 32", "not-toml.toml": "not valid TOML",
    "nul-in-string.toml": "not valid TOML", "lone-surrogate-escape.toml": "not valid TOML",
    "seed-5000-digits.toml": "more than 4,300 digits", "life-huge.toml": "players.A.life: a number of 20 digits",
    "counters-huge.toml": "out of range", "players-c.toml": "two-player games", "turn-negative.toml": "state.turn",
    "players-seven.toml": "2 to 6 players", "players-out-of-order.toml": "named A, B, C, ... in turn order",
    "name-as-list.toml": "name: expected a string", "step-unknown.toml": "unknown step",
    # a word of a list of words given as a list or a table (it can't even be looked up), or a name as a number
    "expect-zone-as-list.toml": "expect.objects.bears.zone: unknown zone ['graveyard']",
    "cast-from-as-table.toml": "do[1].from: unknown zone {'zone': 'graveyard'}",
    "variant-as-list.toml": "state.variant: unknown variant ['commander']",
    "expect-name-as-number.toml": "expect.objects.bears.name: expected a name, got an integer 7",
    "divide-as-number.toml": "do[1].divide: expected a table target = amount, got an integer 2",
    "name-escape-sequence.toml": "name: holds the control character U+001B",
    "name-bidi-override.toml": "name: holds the control character U+202E",
}


def scenario_refused(capsys, path: Path) -> str:
    """`python -m engine.scenario PATH`: exit 2, one FAIL line naming the file, the closing count, no
    traceback; returns the reason."""
    from engine.scenario.cli import main as run_scenarios

    assert run_scenarios([str(path)]) == EXIT_BAD_INPUT, path
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err == "" and len(lines) == 2 and lines[1] == "0 passed, 1 failed", (path, out, err)
    assert lines[0].startswith(f"FAIL {path}: malformed: "), lines[0]
    return lines[0].split(": malformed: ", 1)[1]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_scenario_file_is_refused_with_one_line(capsys, path):
    before = digest(path)
    reason = scenario_refused(capsys, path)
    assert SCENARIO_WORDS[path.name] in reason and len(reason) < 600
    assert digest(path) == before


def test_generated_scenario_files_are_refused(capsys, tmp_path):
    from engine.scenario.reading import SCENARIO_FILE_BYTES

    deep = 100_000
    cases = {"x = " + "[" * deep + "]" * deep: "nested more than 32",
             "x = " + "{a = " * deep + "1" + "}" * deep: "nested more than 32",
             ".".join(["a"] * deep) + " = 1": "nested more than 32",
             "[" + ".".join(["t"] * deep) + "]": "nested more than 32",
             # a reason quotes the value it refuses, cut at 500 characters
             "name = [" + ", ".join(map(str, range(60_000))) + "]": "name: expected a string, got a list [0, 1, 2",
             'name = "' + "\u00e9" * 10 + '"': None}   # the same text in Latin-1: below
    files: dict[Path, str] = {}
    for i, (text, words) in enumerate(cases.items()):
        path = tmp_path / f"case{i}.toml"
        if words is None:
            path.write_bytes(text.encode("latin-1"))
            words = "not UTF-8"
        else:
            path.write_text(text)
        files[path] = words
    large = tmp_path / "large.toml"
    large.write_text('name = "x"\n' + "# padding\n" * (SCENARIO_FILE_BYTES // 10))
    files[large] = "larger than the 1024 KB"
    special = special_files(tmp_path)
    files.update({special["device"]: "a device", special["pipe"]: "a pipe", special["missing"]: "No such file"})
    for path, words in files.items():
        reason = scenario_refused(capsys, path)
        assert words in reason and len(reason) < 600, path
    # a folder on the command line is searched for scenarios; named as the file to read, it is refused
    from engine.scenario import Malformed, load
    with pytest.raises(Malformed, match="it is a folder, not a file"):
        load(special["folder"])


def test_a_deep_scenario_is_refused_by_a_separate_process(tmp_path):
    """The exit code as a shell sees it, and no traceback."""
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 100_000 + "]" * 100_000)
    done = subprocess.run([sys.executable, "-m", "engine.scenario", str(deep)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == EXIT_BAD_INPUT and done.stderr == ""
    assert done.stdout.splitlines()[0] == (f"FAIL {deep}: malformed: nested more than 32 levels deep "
                                           "(tables, arrays and dotted keys)")


def test_a_scenario_with_a_byte_order_mark_or_crlf_line_ends_is_read(capsys, tmp_path):
    """Windows editors write both; a byte order mark was refused as "not valid TOML" at line 1."""
    from engine.scenario.cli import main as run_scenarios

    text = 'name = "Bolt"\n[state]\nturn = 3\n[players.A]\nhand = ["Lightning Bolt"]\n'
    for label, data in {"bom": b"\xef\xbb\xbf" + text.encode(), "crlf": text.replace("\n", "\r\n").encode()}.items():
        path = tmp_path / f"{label}.toml"
        path.write_bytes(data)
        assert run_scenarios([str(path)]) == 0, label
        assert capsys.readouterr().out.splitlines() == [f"PASS {path}", "1 passed, 0 failed"]


# -- fuzz replays and arguments ------------------------------------------------------------------
REPLAYS = sorted((HERE / "replays").iterdir())
REPLAY_WORDS = {
    "action-player-9.json": "actions[0] is no action of one of the 2 players",
    "action-player-null.json": "actions[0] is no action of one of the 2 players",
    "action-as-number.json": "actions[0] is no action of one of the 2 players",
    "action-unknown.json": "actions[0] is no action (ValueError: unknown action 'WinTheGame')",
    "action-attacks-as-list.json": "actions[0] is no action (AttributeError",
    "card-record-as-number.json": "card_records[0]: a card record is int, not an object",
    "card-record-types-as-number.json": "card_records[0]: card record 'Grizzly Bears': types is not a list of words",
    "card-record-mana-cost-as-number.json": "card record 'Grizzly Bears': manaCost is not text",
    "player-seeds-one-for-two-decks.json": "player_seeds must hold one integer per deck",
    "seed-true.json": "game_seed must be an integer, not True",
    "deck-of-an-unknown-card.json": "the replay's decks can't be played here: unknown card: 'No Such Card Anywhere'",
}


def fuzz_refused(capsys, argv: list[str]) -> str:
    """`python -m engine.fuzz ARGV`: exit 2 and one line on stderr, nothing on stdout; returns the line."""
    from engine.fuzz.__main__ import main as fuzz_main

    assert fuzz_main(argv) == EXIT_BAD_INPUT, argv
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, (argv, out, err)
    return err.strip()


@pytest.mark.parametrize("path", REPLAYS, ids=[p.name for p in REPLAYS])
def test_damaged_replay_is_refused_before_a_game_is_made(capsys, path):
    """A damaged replay was played anyway and its damage reported as an engine crash (exit 1), or raised
    a traceback (a card record that is no object)."""
    before = digest(path)
    assert REPLAY_WORDS[path.name] in fuzz_refused(capsys, ["--replay", str(path), "--json"])
    assert digest(path) == before


def test_a_replay_with_a_huge_deck_is_refused_at_once(capsys, tmp_path):
    replay = json.loads((HERE / "replays" / "seed-true.json").read_text())
    replay.update(game_seed=1, decks=[["Forest"] * 1_000_000, ["Island"] * 40])
    path = tmp_path / "huge-deck.json"
    path.write_text(json.dumps(replay))
    assert "decks[0] holds 1000000 cards, more than 5000" in fuzz_refused(capsys, ["--replay", str(path)])


@pytest.mark.parametrize("argv, words", [
    (["--game-seconds", "nan"], "--game-seconds must be a number of seconds above 0"),
    (["--game-seconds", "inf"], "--game-seconds must be a number of seconds above 0"),
    (["--turns", "0"], "--turns must be 1 or more"), (["--actions", "-5"], "--actions must be 1 or more"),
    (["--objects", "-1"], "--objects must be 1 or more"),
    (["--out", "/dev/null/replays"], "/dev/null is not a folder"),
])
def test_fuzz_arguments_that_cannot_be_used_are_refused(capsys, tmp_path, argv, words):
    """Each was a game reported as crashed or stuck (exit 1), or a traceback when the first replay was
    written (--out under a file)."""
    assert words in fuzz_refused(capsys, [*argv, "--games", "1"])


def test_the_window_reads_no_log_or_table_from_a_save_it_cannot_parse():
    """The window reads a save's log and card places itself, on its own thread, before the engine's
    thread refuses the game: nesting 100,000 deep (RecursionError) and a 5,000-digit number (ValueError)
    escaped the slot, and the player was told nothing."""
    from app.savefile import saved_log, saved_table

    for text in ('{"log": ' + "[" * 100_000 + "]" * 100_000 + "}", '{"log": [' + "1" * 5000 + "]}"):
        assert saved_log(text) == [] and saved_table(text) == {}
