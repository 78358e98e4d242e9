"""The command: `python -m engine.scenario PATH [PATH ...]` (files, or folders searched for *.toml)."""
from __future__ import annotations

import sys
from pathlib import Path

from engine.scenario.runner import run_file


def scenario_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.toml")))
        else:
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m engine.scenario PATH [PATH ...]   (files, or folders of *.toml)")
        return 0 if argv else 2
    passed = failed = 0
    malformed = False
    for path in scenario_files(argv):
        r = run_file(path)
        print(r.line(), flush=True)
        if r.passed:
            passed += 1
        else:
            failed += 1
            malformed = malformed or r.malformed
    print(f"{passed} passed, {failed} failed")
    if malformed:
        return 2
    return 1 if failed else 0
