"""Deck editor tests: offscreen Qt, a card database per test (the bundled starter pool plus the
card database's small fixture set, which brings format legalities), throwaway preferences, a
stand-in for the rules engine's card pool."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from cardsdb import CardDatabase  # noqa: E402

from app.deck_editor.checks import RulesSupport  # noqa: E402
from editor_helpers import FakePool, make_editor  # noqa: E402
from tests.modal_driver import Answerer, modal_guard  # noqa: E402, F401 - modal_guard: an autouse fixture

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cardsdb"


@pytest.fixture(autouse=True)
def private_places(tmp_path, monkeypatch):
    """The user's preferences, card cache and data folder stay untouched: the defaults point into
    the test's own folder (the default card database is then the test's, see db_path)."""
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path / "config"))
    monkeypatch.setenv("MANATABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("app.deck_editor.window.cache_dir", lambda: tmp_path / "cache")
    monkeypatch.setattr("app.paths.data_dir", lambda: tmp_path / "data")     # autosave, bug reports


@pytest.fixture(scope="session")
def template_db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("db") / "cards.sqlite"
    with CardDatabase.open_default(path) as db:
        db.import_file(FIXTURES / "mini-set.json")
    return path


@pytest.fixture
def db_path(template_db, tmp_path) -> Path:
    path = tmp_path / "data" / "cards.sqlite"
    path.parent.mkdir()
    shutil.copy(template_db, path)
    return path


@pytest.fixture
def qsettings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def pool_names(db_path) -> set[str]:
    with CardDatabase(db_path) as db:
        return {r.name for r in db.search("")}


@pytest.fixture
def rules(pool_names) -> RulesSupport:
    support = RulesSupport(lambda: FakePool(pool_names, {"Fireball": ("X can't be paid yet.",)}))
    support.load()
    return support


@pytest.fixture
def answerer(qapp):
    """The questions answered by real clicks on scripted buttons (first in, first out; Discard once they run
    out), messages acknowledged, deck names typed from `answerer.lines`."""
    answerer = Answerer(otherwise=QMessageBox.StandardButton.Discard).start()
    yield answerer
    answerer.stop()


@pytest.fixture
def answers(answerer):
    """The script of buttons to click and the texts of the boxes shown."""
    return answerer.script, answerer.texts


@pytest.fixture
def editor(qtbot, db_path, qsettings, tmp_path, rules, answers):
    window = make_editor(qtbot, db_path, qsettings, tmp_path, rules)
    yield window
    window.close()  # unsaved changes are discarded by the scripted answers
