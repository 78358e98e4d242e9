"""Rules coverage: which numbered rules of the Comprehensive Rules are cited by a passing test.

A test cites rules with `@pytest.mark.rules("704.5g", ...)`, a scenario with its `rules` list. The
test suite's plugin (tests/conftest.py) records, for each passing test, the numbers it cites and writes
them to build/rules-cited.json when the run ends (keeping the latest result of tests that didn't run). This module compares that file with
../shared/rules/rule-numbers.txt, per section (a rule's first three digits, e.g. "704").

    python -m engine.coverage [--json] [--cited FILE] [--rules FILE]

A citation counts for exactly the number written: "704.5" covers 704.5, not 704.5g.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterable

from engine.core.jsonfile import write_json_atomic

ROOT = Path(__file__).resolve().parent.parent
CITED_PATH = ROOT / "build" / "rules-cited.json"
RULE_NUMBERS_PATH = ROOT.parent / "shared" / "rules" / "rule-numbers.txt"
CITED_FORMAT = "manatable-rules-cited"


def load_rule_numbers(path: Path | str = RULE_NUMBERS_PATH) -> list[str]:
    """Every numbered rule and subrule, in document order."""
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


def section_of(number: str) -> str:
    return number[:3]


def coverage(cited: Iterable[str], numbers: list[str]) -> dict[str, Any]:
    """{"cited", "total", "by_section": {"704": {"cited", "total"}}, "unknown": [...]}."""
    known = set(numbers)
    cited_set = set(cited)
    by_section: dict[str, dict[str, int]] = {}
    for n in numbers:
        sec = by_section.setdefault(section_of(n), {"cited": 0, "total": 0})
        sec["total"] += 1
        if n in cited_set:
            sec["cited"] += 1
    return {"cited": len(cited_set & known), "total": len(numbers), "by_section": by_section,
            "unknown": sorted(cited_set - known)}


def write_cited(path: Path | str, tests: dict[str, list[str]], invocation: list[str]) -> None:
    """Writes the per-test citations atomically (temp file in the same folder, then rename)."""
    write_json_atomic(path, {"format": CITED_FORMAT, "version": 1, "invocation": invocation,
                             "tests": {k: sorted(set(v)) for k, v in sorted(tests.items())},
                             "cited": sorted({n for v in tests.values() for n in v})})


def read_cited(path: Path | str = CITED_PATH) -> dict[str, Any]:
    """The recorded citations; raises FileNotFoundError or ValueError with a message in words."""
    with open(path, encoding="utf-8") as f:
        try:
            data = json.load(f)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path} is not valid JSON ({e}); run the tests again to rewrite it") from None
    if not isinstance(data, dict) or data.get("format") != CITED_FORMAT or not isinstance(data.get("cited"), list):
        raise ValueError(f"{path} is not a rules-citation file; run the tests again to rewrite it")
    return data


def summary_lines(report: dict[str, Any]) -> list[str]:
    """The coverage report in words: the total, then each section that has a citation."""
    total, cited = report["total"], report["cited"]
    pct = 100.0 * cited / total if total else 0.0
    lines = [f"Rules coverage: {cited} of {total} rule numbers cited by passing tests ({pct:.1f}%)"]
    secs = report["by_section"]
    shown = [f"{s} {v['cited']}/{v['total']}" for s, v in sorted(secs.items()) if v["cited"]]
    for i in range(0, len(shown), 8):
        lines.append("  " + "   ".join(f"{x:<11}" for x in shown[i:i + 8]).rstrip())
    uncited = sum(1 for v in secs.values() if not v["cited"])
    lines.append(f"  {len(shown)} sections cited, {uncited} sections without a citation")
    if report["unknown"]:
        lines.append(f"  not rule numbers of the rules document: {', '.join(report['unknown'])}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.coverage",
                                 description="Which Comprehensive Rules numbers passing tests cite.")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--cited", default=str(CITED_PATH), help="citations file written by the test run")
    ap.add_argument("--rules", default=str(RULE_NUMBERS_PATH), help="rule-numbers.txt")
    args = ap.parse_args(argv)
    try:
        numbers = load_rule_numbers(args.rules)
    except OSError as e:
        print(f"can't read the rule numbers {args.rules}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        data = read_cited(args.cited)
    except FileNotFoundError:
        print(f"{args.cited} does not exist: run the test suite first "
              f"(python -m pytest), which records the rules its passing tests cite", file=sys.stderr)
        return 2
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    report = coverage(data["cited"], numbers)
    if args.json:
        print(json.dumps(report, indent=1, sort_keys=True))
    else:
        print("\n".join(summary_lines(report)))
        inv = " ".join(data.get("invocation") or [])
        print(f"  (last updated by: pytest {inv})".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
