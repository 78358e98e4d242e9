"""One scenario file: loaded, validated, built, run and checked; the result as a PASS/FAIL line."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.cards import CardSource
from engine.scenario.errors import Malformed, ScenarioFailed
from engine.scenario.expect import Expectations
from engine.scenario.reading import read_file
from engine.scenario.schema import SchemaChecks
from engine.scenario.script import Script
from engine.scenario.starting_state import StartingState


@dataclass
class Result:
    path: Path
    passed: bool
    reason: str = ""
    malformed: bool = False

    def line(self) -> str:
        return f"PASS {self.path}" if self.passed else f"FAIL {self.path}: {self.reason}"


class Scenario(SchemaChecks, StartingState, Script, Expectations):
    """One parsed and validated scenario file, and a run of it against the engine."""

    def __init__(self, path: Path, data: dict[str, Any], source: CardSource | None = None) -> None:
        self.path = path
        self.data = data
        self.source = source      # where card names are looked up (then the bundled starter pool)
        self.players: list[str] = []
        self.declared: dict[str, str] = {}
        self.token_names: set[str] = set()
        self.validate()


def load(path: Path | str, source: CardSource | None = None) -> Scenario:
    """Reads and validates a scenario file; raises Malformed naming the file, the key and the problem."""
    path = Path(path)
    return Scenario(path, read_file(path), source)


def run_file(path: Path | str, source: CardSource | None = None) -> Result:
    """Loads and runs one scenario. Engine errors other than a refused action count as failures."""
    path = Path(path)
    try:
        sc = load(path, source)
    except Malformed as e:
        return Result(path, False, f"malformed: {e}", malformed=True)
    try:
        sc.run()
    except Malformed as e:
        return Result(path, False, f"malformed: {e}", malformed=True)
    except ScenarioFailed as e:
        return Result(path, False, str(e))
    except Exception as e:     # an engine bug: report it as this scenario's failure and go on
        return Result(path, False, f"engine error: {type(e).__name__}: {e}")
    return Result(path, True)

