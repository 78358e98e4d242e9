"""Every search the deck editor asks for is answered: a query the database cannot run, or any other failure,
is shown as an error under the search box and the results shown stay (issue 14, defect 7)."""
from __future__ import annotations

import sqlite3

from app.deck_editor.search import SearchRequest, SearchWorker, _Latest
from cardsdb.database import CardDatabase
from editor_helpers import names, search


def test_deeply_nested_query_is_answered_with_an_error(qtbot, editor):
    search(qtbot, editor, "goblin")
    shown = names(editor)
    with qtbot.waitSignal(editor.results.failed, timeout=5000):
        editor.search.setText("(" * 900 + "goblin" + ")" * 900)
    assert editor.search_error.isVisible() and "nested more than" in editor.search_error.text()
    assert names(editor) == shown
    with qtbot.waitSignal(editor.results.failed, timeout=5000):
        editor.search.setText("(" * 5000 + "goblin" + ")" * 5000)
    assert "longer than" in editor.search_error.text()


def test_any_failure_of_a_search_is_answered(qtbot, editor, monkeypatch):
    search(qtbot, editor, "goblin")
    shown = names(editor)

    def broken(*args, **kwargs):  # noqa: ANN002, ANN003
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(CardDatabase, "search", broken)
    with qtbot.waitSignal(editor.results.failed, timeout=5000):
        editor.search.setText("elf")
    assert editor.search_error.isVisible() and "disk I/O error" in editor.search_error.text()
    assert names(editor) == shown


def test_worker_answers_when_the_database_cannot_be_opened(tmp_path):
    folder = tmp_path / "a folder"
    folder.mkdir()
    worker = SearchWorker(folder, _Latest())
    answers = []
    worker.finished.connect(answers.append)
    worker.run(SearchRequest(1, "goblin"))
    assert len(answers) == 1 and answers[0].error and "search failed" in answers[0].error
