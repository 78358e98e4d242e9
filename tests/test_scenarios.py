"""Scenario files as tests: the project's own (tests/scenarios) and the shared examples
(../shared/scenarios/examples, skipped when absent), plus tests of the runner itself.

A project scenario may play a card beyond the starter pool: its record comes from the real set files
of ../shared/cards/mtgjson (M21, then the training half of all cards), with its real Oracle text."""
from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

from cardsdb.paths import BUNDLED_SETS
from cardsdb.source import FileSource
from engine import scenario
from engine.core.cards import default_pool

ROOT = Path(__file__).resolve().parent.parent
PROJECT_DIR = ROOT / "tests" / "scenarios"
SHARED_DIR = ROOT.parent / "shared" / "scenarios" / "examples"
# The sets bundled with the app (the user's database holds them from the first start), then the training half.
REAL_CARD_FILES = [*BUNDLED_SETS, ROOT.parent / "shared" / "cards" / "mtgjson" / "training-half.json.xz"]


class RealCards:
    """Card records beyond the starter pool, read once from the real card files when first asked for;
    a starter-pool name keeps the pool's record."""

    def __init__(self) -> None:
        self.files: list[FileSource] | None = None

    def card_record(self, name: str) -> dict | None:
        if name in default_pool():
            return None
        if self.files is None:
            self.files = [FileSource(p) for p in REAL_CARD_FILES if p.is_file()]
        return next((r for f in self.files if (r := f.card_record(name)) is not None), None)


REAL_CARDS = RealCards()


# Scenarios the engine does not pass yet (path under tests/scenarios, e.g. "combat/x.toml"), with the reason (see /work/helpers/scenario-failures.md). strict:
# once the engine is fixed the test fails as XPASS, and the entry must be removed.
KNOWN_ENGINE_GAPS: dict[str, str] = {
}


def _params(folder: Path) -> list:
    out = []
    for path in sorted(folder.rglob("*.toml")) if folder.is_dir() else []:
        try:
            rules = tomllib.loads(path.read_text(encoding="utf-8")).get("rules", [])
        except (OSError, tomllib.TOMLDecodeError):
            rules = []       # the test itself reports the broken file
        marks = [pytest.mark.rules(*rules)] if isinstance(rules, list) and rules else []
        where = path.relative_to(folder).as_posix()
        if folder == PROJECT_DIR and where in KNOWN_ENGINE_GAPS:
            marks.append(pytest.mark.xfail(reason=KNOWN_ENGINE_GAPS[where], strict=True))
        out.append(pytest.param(path, id=where, marks=marks))
    return out


# The cards of layouts/ (every card layout, 709-716) are real MTGJSON entries kept beside the tests, as a
# player's --cards file would give them (the bundled starter pool has no multi-faced card).
LAYOUT_CARDS = ROOT / "tests" / "fixtures" / "cards" / "layouts.json"


@lru_cache(maxsize=1)
def _layout_source():
    from cardsdb.source import FileSource
    return FileSource(LAYOUT_CARDS)


def _run(path: Path) -> None:
    layouts = path.parent.name == "layouts" and path.parent.parent == PROJECT_DIR
    result = scenario.run_file(path, _layout_source() if layouts else REAL_CARDS)
    if not result.passed:
        pytest.fail(result.reason, pytrace=False)


@pytest.mark.parametrize("path", _params(PROJECT_DIR))
def test_project_scenario(path: Path) -> None:
    if not REAL_CARD_FILES[-1].is_file() and path.relative_to(PROJECT_DIR).parts[0] == "compiled-sample":
        pytest.skip(f"the training half's cards are not at {REAL_CARD_FILES[-1]}")
    _run(path)


@pytest.mark.skipif(not SHARED_DIR.is_dir(), reason="../shared is not beside the checkout")
@pytest.mark.parametrize("path", _params(SHARED_DIR))
def test_shared_example(path: Path) -> None:
    _run(path)


def test_project_has_scenarios() -> None:
    assert len(_params(PROJECT_DIR)) >= 60
    names = {p.relative_to(PROJECT_DIR).as_posix() for p in PROJECT_DIR.rglob("*.toml")}
    assert set(KNOWN_ENGINE_GAPS) <= names, "KNOWN_ENGINE_GAPS names a scenario that doesn't exist"


def test_project_scenarios_sit_in_a_described_topic_folder() -> None:
    # Organised by rule area (tests/scenarios/README.md): a file at the top or in an undescribed folder is misfiled.
    readme = (PROJECT_DIR / "README.md").read_text(encoding="utf-8")
    described = set(re.findall(r"^\| `([a-z-]+)/` \|", readme, re.MULTILINE))
    folders = {p.relative_to(PROJECT_DIR).parts[0] for p in PROJECT_DIR.rglob("*.toml")}
    misfiled = sorted(p.name for p in PROJECT_DIR.glob("*.toml"))
    assert not misfiled, f"scenarios outside a topic folder: {misfiled}"
    assert folders <= described, f"folders not described in tests/scenarios/README.md: {sorted(folders - described)}"
    assert described <= folders, f"README describes empty folders: {sorted(described - folders)}"


# ---------------------------------------------------------------- the runner itself

def _write(tmp_path: Path, text: str, name: str = "s.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _main(capsys, *paths: Path) -> tuple[int, list[str]]:
    code = scenario.main([str(p) for p in paths])
    return code, capsys.readouterr().out.splitlines()


def test_unknown_card_is_malformed(tmp_path, capsys) -> None:
    p = _write(tmp_path, 'name = "x"\n[players.A]\nhand = ["Grizly Bears"]\n')
    code, out = _main(capsys, p)
    assert code == 2
    assert out[0] == f"FAIL {p}: malformed: players.A.hand[0]: unknown card 'Grizly Bears'"
    assert out[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize("text, key", [
    ('rules = []\n', "name: required"),
    ('name = "x"\n[players.A]\nlfe = 3\n', "players.A.lfe: unknown key"),
    ('name = "x"\n[state]\nstep = "main3"\n', "state.step: unknown step 'main3'"),
    ('name = "x"\n[[do]]\nplayer = "A"\ncast = "Shock"\nplay = "Forest"\n', "do[1]: a step has exactly one verb"),
    ('name = "x"\n[[do]]\ncast = "Shock"\n', "do[1].player: `cast` needs the acting player"),
    ('name = "x"\n[expect.A]\nlife = "20"\n', "expect.A.life: expected an integer"),
    ('name = "x"\n[expect.objects."Grizzly Bears"]\nzone = "yard"\n', "expect.objects.Grizzly Bears.zone: unknown zone"),
    ('name = "x"\nrules = ["704.5gg"]\n', "rules[0]: '704.5gg' is not a rule number"),
    ('name = "x"\n[players.A]\nhand = [{ token = "Soldier Token", types = "Creature — Soldier" }]\n',
     "players.A.hand[0].token: a token can only be set up on the battlefield"),
    ('name = "x"\n[players.A]\nbattlefield = [{ card = "Forest", id = "f" }, { card = "Forest", id = "f" }]\n',
     "players.A.battlefield[1].id: id 'f' is already used"),
    ('name = [\n', "not valid TOML"),
    ('name = "x"\n[[do]]\nplayer = "A"\ncast = "Lightning Blot"\n',
     "do[1].cast: 'Lightning Blot' is neither an id of this file, a player, nor a known card name"),
    ('name = "x"\n[[do]]\nresolve = true\nillegal = true\n', "do[1].illegal: unknown key"),
    ('name = "x"\n[expect.objects.bears]\nzone = "hand"\n', "expect.objects: 'bears' is neither"),
])
def test_malformed_files_name_the_key(tmp_path, capsys, text: str, key: str) -> None:
    p = _write(tmp_path, text)
    code, out = _main(capsys, p)
    assert code == 2
    assert out[0].startswith(f"FAIL {p}: malformed: ")
    assert key in out[0]


def test_unreadable_file_exits_2(tmp_path, capsys) -> None:
    code, out = _main(capsys, tmp_path / "missing.toml")
    assert code == 2
    assert "can't read the file" in out[0]


def test_failed_expectation_says_what_the_engine_had(tmp_path, capsys) -> None:
    good = _write(tmp_path, 'name = "ok"\n[players.A]\nlife = 7\n[expect.A]\nlife = 7\n', "a.toml")
    bad = _write(tmp_path, 'name = "bad"\n[expect.A]\nlife = 19\n', "b.toml")
    code, out = _main(capsys, tmp_path)
    assert code == 1
    assert out == [f"PASS {good}", f"FAIL {bad}: expect: A.life: expected 19, engine has 20", "1 passed, 1 failed"]


def test_malformed_wins_over_failed(tmp_path, capsys) -> None:
    _write(tmp_path, 'name = "bad"\n[expect.A]\nlife = 19\n', "a.toml")
    _write(tmp_path, 'name = "x"\n[players.A]\nhand = ["Nope"]\n', "b.toml")
    code, out = _main(capsys, tmp_path)
    assert code == 2
    assert out[-1] == "0 passed, 2 failed"


def test_accepted_illegal_action_fails(tmp_path, capsys) -> None:
    # Passing priority is always legal for the player who holds it, so `illegal = true` must fail.
    p = _write(tmp_path, 'name = "x"\n[[do]]\nplayer = "A"\npass = true\nillegal = true\n')
    code, out = _main(capsys, p)
    assert code == 1
    assert "do[1] pass: the engine accepted" in out[0]


def test_refused_action_fails_with_the_engine_reason(tmp_path, capsys) -> None:
    # B does not hold priority in A's main phase.
    p = _write(tmp_path, 'name = "x"\n[players.B]\nhand = ["Forest"]\n[[do]]\nplayer = "B"\nplay = "Forest"\n')
    code, out = _main(capsys, p)
    assert code == 1
    assert out[0].startswith(f"FAIL {p}: do[1] play: the engine refused PlayLand(")


def test_numbered_names_count_objects_the_script_created(tmp_path, capsys) -> None:
    # A Soldier Token is set up with an id; Raise the Alarm makes two more. "Soldier Token#2" is the second
    # one the script created: B's Shock kills it, the set-up token (tapped) and the first new one remain.
    p = _write(tmp_path, """name = "x"
[players.A]
hand = ["Raise the Alarm"]
battlefield = ["Plains", "Plains",
  { token = "Soldier Token", power = 1, toughness = 1, colors = "W", types = "Creature — Soldier", id = "old", tapped = true }]
[players.B]
hand = ["Shock"]
battlefield = ["Mountain"]
[[do]]
player = "A"
cast = "Raise the Alarm"
pay = ["Plains#1", "Plains#2"]
[[do]]
resolve = true
[[do]]
player = "A"
pass = true
[[do]]
player = "B"
cast = "Shock"
targets = ["Soldier Token#2"]
[[do]]
resolve = true
[expect.A]
battlefield = ["Plains", "Plains", "Soldier Token", "Soldier Token"]
[expect.objects.old]
zone = "battlefield"
[expect.objects."Soldier Token#1"]
zone = "battlefield"
tapped = false
[expect.objects."Soldier Token#2"]
zone = "gone"
""")
    code, out = _main(capsys, p)
    assert (code, out[0]) == (0, f"PASS {p}"), out


def test_resolving_past_an_open_decision_fails(tmp_path, capsys) -> None:
    # Diabolic Edict asks B which creature to sacrifice; a second `resolve` instead of `choose` is an error.
    p = _write(tmp_path, """name = "x"
[players.A]
hand = ["Diabolic Edict"]
battlefield = ["Swamp", "Swamp"]
[players.B]
battlefield = ["Grizzly Bears", "Hill Giant"]
[[do]]
player = "A"
cast = "Diabolic Edict"
targets = ["B"]
[[do]]
resolve = true
[[do]]
resolve = true
""")
    code, out = _main(capsys, p)
    assert code == 1
    assert out[0].startswith(f"FAIL {p}: do[3] resolve: unanswered decision: choose for B"), out


def test_empty_declaration_the_engine_already_made(tmp_path, capsys) -> None:
    # B's only creature can't block the flier, so the engine declares no blockers by itself (one legal answer);
    # the script's `block = {}` states just that. A non-empty block is still refused.
    p = _write(tmp_path, """name = "x"
[players.A]
battlefield = [{ card = "Wind Drake", id = "drake" }]
[players.B]
battlefield = [{ card = "Grizzly Bears", id = "bears" }]
[[do]]
advance = "declare_attackers"
[[do]]
player = "A"
attack = { drake = "B" }
[[do]]
advance = "declare_blockers"
[[do]]
player = "B"
block = { bears = "drake" }
illegal = true
[[do]]
player = "B"
block = {}
[[do]]
advance = "main2"
[expect.B]
life = 18
""")
    code, out = _main(capsys, p)
    assert (code, out[0]) == (0, f"PASS {p}"), out


@pytest.mark.rules("500.8")
def test_advance_to_a_step_already_past_fails_unless_an_additional_phase_brings_it_again(tmp_path, capsys) -> None:
    # With no additional combat phase to come, the combat steps of this turn are past in its second main phase; after
    # Akki Battle Squad's additional combat (compiled-sample/akki-battle-squad-...), `advance` reaches them again.
    p = _write(tmp_path, 'name = "x"\n[state]\nstep = "main2"\n[[do]]\nadvance = "declare_attackers"\n')
    code, out = _main(capsys, p)
    assert (code, out[0]) == (1, f"FAIL {p}: do[1] advance: declare_attackers of turn 1 is already past (now main2 of "
                                 f"turn 1)"), out


def test_a_draw_replacement_is_chosen_by_its_sources_name(tmp_path, capsys) -> None:
    # Two "next time you would draw" replacements of Words of Waste (training half): the engine offers them by a label
    # naming the source and the effect (616.1); the file names the source, as FORMAT.md says.
    p = _write(tmp_path, """name = "x"
[players.A]
hand = ["Divination"]
library = ["Forest", "Plains"]
battlefield = ["Words of Waste", "Island", "Island", "Island", "Island", "Island"]
[players.B]
hand = ["Grizzly Bears"]
[[do]]
player = "A"
activate = "Words of Waste"
[[do]]
resolve = true
[[do]]
player = "A"
activate = "Words of Waste"
[[do]]
resolve = true
[[do]]
player = "A"
cast = "Divination"
[[do]]
resolve = true
[[do]]
player = "A"
choose = ["Words of Waste"]
[expect.B]
graveyard = ["Grizzly Bears"]
""")
    code = scenario.main(["--cards", str(REAL_CARD_FILES[-1]), str(p)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0, out


M21_FILE = ROOT.parent / "shared" / "cards" / "mtgjson" / "M21.json"
M21_SCENARIOS = ROOT / "tests" / "fixtures" / "scenarios-m21"


@pytest.fixture
def starter_only_db(tmp_path) -> Path:
    """A card database holding the bundled starter pool only (no M21)."""
    from cardsdb.database import CardDatabase

    path = tmp_path / "starter.sqlite"
    with CardDatabase.open_default(path, sets=()):
        pass
    return path


@pytest.mark.rules("601.2c", "115.1", "701.8a")
def test_cards_option_adds_a_set_files_cards_for_the_run(starter_only_db, capsys) -> None:
    if not M21_FILE.is_file():
        pytest.skip(f"{M21_FILE} not found")
    before = starter_only_db.read_bytes()
    code = scenario.main(["--db", str(starter_only_db), "--cards", str(M21_FILE), str(M21_SCENARIOS)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0, out
    assert out[-1] == "1 passed, 0 failed"
    assert starter_only_db.read_bytes() == before          # nothing written to the database
    # without the set file, the M21 card is unknown: a malformed file
    code = scenario.main(["--db", str(starter_only_db), str(M21_SCENARIOS)])
    out = capsys.readouterr().out.splitlines()
    assert code == 2 and "unknown card 'Eliminate'" in out[0]


def test_the_last_cards_file_wins(tmp_path, starter_only_db, capsys) -> None:
    import json

    def card_file(name: str, power: str) -> Path:
        p = tmp_path / name
        p.write_text(json.dumps({"data": {"code": "TST", "name": "Test", "cards": [{
            "name": "Test Beast", "manaCost": "{G}", "type": "Creature — Beast", "types": ["Creature"],
            "subtypes": ["Beast"], "supertypes": [], "colors": ["G"], "text": "", "power": power,
            "toughness": "1", "layout": "normal", "setCode": "TST", "number": "1", "rarity": "common"}]}}))
        return p

    first, second = card_file("first.json", "1"), card_file("second.json", "5")
    s = _write(tmp_path, 'name = "x"\n[players.A]\nbattlefield = ["Test Beast"]\n'
                         '[expect.objects."Test Beast"]\npower = 5\n')
    args = ["--db", str(starter_only_db), "--cards", str(first), "--cards", str(second), str(s)]
    assert scenario.main(args) == 0
    args = ["--db", str(starter_only_db), "--cards", str(second), "--cards", str(first), str(s)]
    assert scenario.main(args) == 1
    capsys.readouterr()


def test_a_missing_database_or_card_file_is_refused(tmp_path, capsys) -> None:
    s = _write(tmp_path, 'name = "x"\n')
    assert scenario.main(["--db", str(tmp_path / "none.sqlite"), str(s)]) == 2
    assert "no card database at" in capsys.readouterr().err
    assert scenario.main(["--cards", str(tmp_path / "none.json"), str(s)]) == 2
    assert "none.json" in capsys.readouterr().err


def test_identical_created_objects_are_named_by_number_and_not_by_the_plain_name(tmp_path, capsys) -> None:
    head = ('name = "x"\n[state]\nturn = 3\n[players.A]\nhand = ["Dragon Fodder"]\nbattlefield = ["Mountain", "Mountain"]\n'
            '[[do]]\nplayer = "A"\ncast = "Dragon Fodder"\n[[do]]\nresolve = true\n')
    numbered = _write(tmp_path, head + '[expect.objects."Goblin Token#1"]\npower = 1\n'
                                       '[expect.objects."Goblin Token#2"]\nzone = "battlefield"\n', "numbered.toml")
    plain = _write(tmp_path, head + '[expect.objects."Goblin Token"]\npower = 1\n', "plain.toml")
    code, out = _main(capsys, numbered, plain)
    assert out[0] == f"PASS {numbered}"
    assert out[1].startswith(f"FAIL {plain}:") and "write Goblin Token#1 ... Goblin Token#2" in out[1]
