"""The compiled cards at work: scenario files for the effects the Oracle compiler adds
(tests/oracle/scenarios), run by the engine's scenario runner."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import scenario

FOLDER = Path(__file__).resolve().parent / "scenarios"


def _params() -> list:
    out = []
    for path in sorted(FOLDER.glob("*.toml")):
        rules = tomllib.loads(path.read_text(encoding="utf-8")).get("rules", [])
        out.append(pytest.param(path, id=path.name, marks=[pytest.mark.rules(*rules)]))
    return out


@pytest.mark.parametrize("path", _params())
def test_oracle_scenario(path: Path) -> None:
    result = scenario.run_file(path)
    if not result.passed:
        pytest.fail(result.reason, pytrace=False)
