"""Rules coverage: every cited number exists, and the report counts what it should."""
from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path

import pytest

from engine import coverage as cov

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
SCENARIO_DIRS = [TESTS / "scenarios", ROOT.parent / "shared" / "scenarios" / "examples"]
needs_rules = pytest.mark.skipif(not cov.RULE_NUMBERS_PATH.is_file(), reason="../shared is not beside the checkout")


def _marker_citations(path: Path) -> list[tuple[str, str]]:
    """(where, number) for every pytest.mark.rules("...") call in a test module."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rules"
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "mark"):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.append((f"{path}:{node.lineno}", arg.value))
    return out


def _all_citations() -> list[tuple[str, str]]:
    out = []
    for path in sorted(TESTS.rglob("*.py")):
        out.extend(_marker_citations(path))
    for folder in SCENARIO_DIRS:
        for path in sorted(folder.rglob("*.toml")) if folder.is_dir() else []:
            rules = tomllib.loads(path.read_text(encoding="utf-8")).get("rules", [])
            out.extend((str(path), r) for r in rules if isinstance(r, str))
    return out


@needs_rules
def test_every_cited_number_is_a_rule() -> None:
    known = set(cov.load_rule_numbers())
    unknown = [f"{where}: {n}" for where, n in _all_citations() if n not in known]
    assert not unknown, "cited numbers that are not in rule-numbers.txt:\n" + "\n".join(unknown)


def test_marker_scan_finds_citations(tmp_path) -> None:
    src = tmp_path / "test_x.py"
    src.write_text('import pytest\n\n@pytest.mark.rules("704.5g", "120.3")\ndef test_a():\n    pass\n')
    assert [n for _, n in _marker_citations(src)] == ["704.5g", "120.3"]


def test_coverage_counts_exact_numbers_per_section() -> None:
    numbers = ["704.5", "704.5a", "704.5g", "120.3", "120.3a"]
    report = cov.coverage(["704.5", "120.3a", "999.9"], numbers)
    assert report["cited"] == 2           # "704.5" covers 704.5 only, not 704.5a or 704.5g
    assert report["total"] == 5
    assert report["by_section"] == {"704": {"cited": 1, "total": 3}, "120": {"cited": 1, "total": 2}}
    assert report["unknown"] == ["999.9"]


@needs_rules
def test_rule_numbers_file_is_read_whole() -> None:
    numbers = cov.load_rule_numbers()
    assert len(numbers) == 2875
    assert "704.5g" in numbers and cov.section_of("704.5g") == "704"


def test_cited_file_round_trip_and_cli(tmp_path, capsys) -> None:
    rules = tmp_path / "rules.txt"
    rules.write_text("704.5\n704.5g\n120.3\n")
    cited = tmp_path / "build" / "rules-cited.json"
    cov.write_cited(cited, {"t::a": ["704.5g", "704.5g"], "t::b": ["120.3"], "t::c": []}, ["-q"])
    data = json.loads(cited.read_text())
    assert data["cited"] == ["120.3", "704.5g"]
    assert data["tests"]["t::a"] == ["704.5g"]
    assert [p.name for p in cited.parent.iterdir()] == ["rules-cited.json"]     # no temp file left
    assert cov.main(["--json", "--cited", str(cited), "--rules", str(rules)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["cited"], out["total"]) == (2, 3)
    assert out["by_section"]["704"] == {"cited": 1, "total": 2}
    assert cov.main(["--cited", str(cited), "--rules", str(rules)]) == 0
    assert capsys.readouterr().out.startswith("Rules coverage: 2 of 3 rule numbers cited by passing tests (66.7%)")


def test_missing_cited_file_says_how_to_make_it(tmp_path, capsys) -> None:
    rules = tmp_path / "rules.txt"
    rules.write_text("704.5\n")
    assert cov.main(["--cited", str(tmp_path / "none.json"), "--rules", str(rules)]) == 2
    assert "run the test suite first" in capsys.readouterr().err


def test_damaged_cited_file_is_reported(tmp_path, capsys) -> None:
    rules = tmp_path / "rules.txt"
    rules.write_text("704.5\n")
    bad = tmp_path / "c.json"
    bad.write_text('{"cited": ')
    assert cov.main(["--cited", str(bad), "--rules", str(rules)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_plugin_sees_each_collected_test(pytestconfig) -> None:
    plugin = pytestconfig.pluginmanager.get_plugin("manatable-rules-coverage")
    assert plugin is not None
    me = "tests/test_coverage.py::test_plugin_sees_each_collected_test"
    assert plugin.cites.get(me) == []          # collected, and it cites no rule


def test_plugin_keeps_each_tests_latest_result(tmp_path, monkeypatch, pytestconfig) -> None:
    plugin_type = type(pytestconfig.pluginmanager.get_plugin("manatable-rules-coverage"))
    (tmp_path / "tests").mkdir()
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / "tests" / name).write_text("")
    cited = tmp_path / "build" / "rules-cited.json"
    cov.write_cited(cited, {"tests/test_a.py::t1": ["100.1"], "tests/test_a.py::gone": ["100.2"],
                            "tests/test_b.py::t2": ["100.3"], "tests/test_deleted.py::t": ["100.4"]}, [])
    monkeypatch.setattr(cov, "ROOT", tmp_path)
    monkeypatch.setattr(cov, "CITED_PATH", cited)
    plugin = plugin_type(pytestconfig)
    plugin.cites = {"tests/test_a.py::t1": ["100.5"], "tests/test_a.py::t3": ["100.6"]}
    plugin.ran = {"tests/test_a.py::t1", "tests/test_a.py::t3"}
    plugin.failed = {"tests/test_a.py::t1"}
    plugin.passed = {"tests/test_a.py::t3"}
    # t1 failed now, `gone` was removed from a collected file, test_deleted.py no longer exists;
    # t2's file wasn't collected this time, so its last result stands.
    assert plugin.merged() == {"tests/test_b.py::t2": ["100.3"], "tests/test_a.py::t3": ["100.6"]}
