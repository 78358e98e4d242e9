"""The command: `python -m engine.scenario [--db PATH] [--cards FILE ...] PATH [PATH ...]` (files, or
folders searched for *.toml). Card names are looked up in the card source the options give
(cardsdb.source: the --cards files, last first, then the database, the user's by default)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardsdb.source import CardSourceError, add_source_arguments, source_from_arguments
from engine.scenario.runner import run_file


def scenario_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.toml")))
        else:
            out.append(p)
    return out


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine.scenario",
                                     description="Run scenario files against the rules engine.")
    add_source_arguments(parser)
    parser.add_argument("paths", nargs="+", metavar="PATH", help="scenario files, or folders of *.toml")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv:
        _parser().print_usage()
        return 2
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:      # --help (0) or a usage error (2)
        return int(e.code or 0)
    try:
        source = source_from_arguments(args)
    except CardSourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    passed = failed = 0
    malformed = False
    for path in scenario_files(args.paths):
        r = run_file(path, source)
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
