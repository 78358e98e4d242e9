"""Suite-wide pytest plugin: rules coverage.

Each passing test's rule citations (`@pytest.mark.rules("704.5g")`, and a scenario's `rules` list,
which tests/test_scenarios.py turns into that marker) are written to build/rules-cited.json at the end
of the run, and the coverage summary is printed after the results (see engine/coverage.py).

The file keeps each test's latest result: a run of a few tests updates their entries (passed: its
citations; failed or skipped: none) and keeps the others, except tests that no longer exist.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine import coverage as cov
from engine.core.heap import keep_long_lived


def rules_of(item: pytest.Item) -> list[str]:
    out: list[str] = []
    for mark in item.iter_markers("rules"):
        out.extend(str(a) for a in mark.args)
    return out


class RulesCoverage:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.cites: dict[str, list[str]] = {}
        self.passed: set[str] = set()
        self.failed: set[str] = set()
        self.ran: set[str] = set()
        self.report: dict | None = None

    @pytest.hookimpl(tryfirst=True)      # before -k/-m deselection: deselected tests still exist
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            self.cites[item.nodeid] = rules_of(item)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.ran.add(report.nodeid)
        if report.failed:
            self.failed.add(report.nodeid)
        elif report.when == "call" and report.passed:
            self.passed.add(report.nodeid)

    def passing_cites(self) -> dict[str, list[str]]:
        return {n: self.cites.get(n, []) for n in sorted(self.passed - self.failed)}

    def merged(self) -> dict[str, list[str]]:
        """The previous record updated with this run's results."""
        try:
            old = cov.read_cited(cov.CITED_PATH).get("tests", {})
        except (OSError, ValueError):
            old = {}
        collected_files = {n.split("::")[0] for n in self.cites}
        out = {}
        for nodeid, rules in old.items() if isinstance(old, dict) else ():
            f = nodeid.split("::")[0]
            if not (cov.ROOT / f).is_file() or (f in collected_files and nodeid not in self.cites):
                continue      # the test no longer exists
            if nodeid not in self.ran:
                out[nodeid] = rules
        out.update(self.passing_cites())
        return out

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if not self.ran:
            return          # nothing ran (--collect-only, or every test deselected): keep the last record
        tests = self.merged()
        cov.write_cited(cov.CITED_PATH, tests, list(self.config.invocation_params.args))
        if cov.RULE_NUMBERS_PATH.is_file():
            self.report = cov.coverage({n for v in tests.values() for n in v},
                                       cov.load_rule_numbers(cov.RULE_NUMBERS_PATH))

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if self.report is None:
            return
        terminalreporter.section("rules coverage")
        for line in cov.summary_lines(self.report):
            terminalreporter.write_line(line)
        terminalreporter.write_line(f"  (written to {Path(cov.CITED_PATH).relative_to(cov.ROOT)}; "
                                    f"python -m engine.coverage for the report)")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(RulesCoverage(config), "manatable-rules-coverage")
    keep_long_lived()       # the garbage collector as the programs set it (the games the tests play make garbage)


@pytest.fixture(scope="session", autouse=True)
def user_data_dir(tmp_path_factory):
    """The user's data folder (and so the default card database the front ends open) is a temporary
    one for the whole run, never the real user's; built on first use like a first start."""
    import os

    old = os.environ.get("MANATABLE_DATA_DIR")
    os.environ["MANATABLE_DATA_DIR"] = str(tmp_path_factory.mktemp("user-data"))
    yield Path(os.environ["MANATABLE_DATA_DIR"])
    if old is None:
        os.environ.pop("MANATABLE_DATA_DIR", None)
    else:
        os.environ["MANATABLE_DATA_DIR"] = old


M21_PATH = cov.ROOT.parent / "shared" / "cards" / "mtgjson" / "M21.json"


@pytest.fixture
def extra_cards():
    """Adds cards beyond the starter pool to the engine's card pool for one test, and removes them after.

    `extra_cards("Double Vision", {...})`: a name is read from the real set file ../shared/cards/mtgjson/
    M21.json (the test is skipped without it); a dict is a card record in MTGJSON's shape (name, manaCost,
    type, types, subtypes, supertypes, text, power, toughness) holding a real card's Oracle data.
    `fully_read=True` first checks that the compiler reads every sentence of each card.
    """
    from engine.core.cards import card_records, default_pool, load_card_file
    from engine.oracle import compile_card

    pool = default_pool()
    added: list[str] = []
    m21: dict[str, dict] = {}

    def add(*cards: str | dict, fully_read: bool = False) -> None:
        for card in cards:
            if isinstance(card, str):
                if not m21:
                    if not M21_PATH.is_file():
                        pytest.skip(f"{M21_PATH} not found")
                    m21.update({r["name"]: r for r in load_card_file(M21_PATH)})
                record = m21[card]
            else:
                (record,) = card_records([card])
            if fully_read:
                unread = compile_card(card if isinstance(card, dict) else record).unsupported
                assert not unread, f"{record['name']}: not read: {unread}"
            name = record.get("faceName") or record["name"]
            assert name not in pool, f"{name} is already in the pool"
            pool.add_record(record)
            added.append(name)

    yield add
    for name in added:
        pool.remove(name)
