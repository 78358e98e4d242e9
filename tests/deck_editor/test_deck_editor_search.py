"""Searching in the deck editor: the query narrows the results as it is typed, the filter controls
write the same query, errors point at the problem, sorting and paging go through the database, and
a search overtaken by a newer keystroke is skipped."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyleOptionViewItem

from app.deck_editor.search import SearchRequest, SearchWorker, _Latest
from editor_helpers import names, search


def test_typing_narrows_the_results(qtbot, editor):
    everything = editor.results.total
    assert everything > 200 and "cards" in editor.summary.text()
    editor.search.setFocus()
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        QTest.keyClicks(editor.search, "gob")
    qtbot.waitUntil(lambda: editor.results.query == "gob" and editor.results.request.query == "gob",
                    timeout=5000)
    found = names(editor)
    assert 0 < len(found) < everything
    assert all("gob" in n.lower() for n in found)
    assert "Goblin Guide" in found
    search(qtbot, editor, "t:creature c:r mv<=1")
    assert names(editor) and all(row.record.mana_value <= 1 and "R" in row.record.colors
                                 and "Creature" in row.record.types for row in editor.results.rows)


def test_filters_write_the_query_and_narrow(qtbot, editor):
    search(qtbot, editor, "g")
    before = editor.results.total
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.color_boxes["G"].setChecked(True)
    assert editor.search.text() == "g c>=g"
    assert 0 < editor.results.total < before
    assert all("G" in row.record.colors for row in editor.results.rows)
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.type.setCurrentIndex(editor.filters.type.findText("Creature"))
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.mv_min.setValue(2)
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.mv_max.setValue(3)
    assert editor.search.text() == "g c>=g t:creature mv>=2 mv<=3"
    assert editor.results.rows and all(2 <= row.record.mana_value <= 3 and "Creature" in row.record.types
                                       for row in editor.results.rows)
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.color_mode.setCurrentIndex(1)  # exactly
    assert "c=g" in editor.search.text()
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.reset()
    assert editor.search.text() == "g" and editor.results.total == before


def test_rarity_set_and_format_filters(qtbot, editor):
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.rarity.setCurrentIndex(editor.filters.rarity.findData("r:mythic"))
    assert editor.results.rows and all(row.rarity == "mythic" for row in editor.results.rows)
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.rarity.setCurrentIndex(0)
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.format.setCurrentIndex(editor.filters.format.findData("f:pauper"))
    found = names(editor)
    assert "Lightning Bolt" in found and "Goblin Guide" not in found  # not legal in pauper
    assert editor.filters.set.findData("s:mts") > 0  # the bundled pool's set is offered


def test_colorless_excludes_the_colors(qtbot, editor):
    editor.filters.color_boxes["R"].setChecked(True)
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.filters.color_boxes["C"].setChecked(True)
    assert not editor.filters.color_boxes["R"].isChecked()
    assert editor.search.text() == "c:c"
    assert editor.results.rows and all(row.record.colors == "" for row in editor.results.rows)


def test_a_malformed_query_says_where_and_keeps_the_results(qtbot, editor):
    search(qtbot, editor, "goblin")
    shown = names(editor)
    with qtbot.waitSignal(editor.results.failed, timeout=5000):
        editor.search.setText("goblin xyz:1")
    assert editor.search_error.isVisible()
    assert "unknown search key 'xyz'" in editor.search_error.text() and "character 8" in editor.search_error.text()
    assert names(editor) == shown
    search(qtbot, editor, "goblin")
    assert not editor.search_error.isVisible()


def test_sorting_by_a_column_asks_the_database(qtbot, editor):
    search(qtbot, editor, "t:creature")
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.results_view.sortByColumn(1, Qt.SortOrder.DescendingOrder)  # cost: by mana value
    values = [row.record.mana_value for row in editor.results.rows]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.results_view.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # P/T, sorted here
    powers = [float(row.record.power) for row in editor.results.rows if row.record.power.isdigit()]
    assert powers == sorted(powers, reverse=True)


def test_more_results_are_fetched_on_scrolling(qtbot, editor):
    assert editor.search.text() == ""  # every card
    assert len(editor.results.rows) == 100 and editor.results.canFetchMore()
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.results.fetchMore()
    assert len(editor.results.rows) == 200
    assert len(set(names(editor))) == 200  # the second page follows the first


def test_the_cost_column_is_drawn_as_symbols(qtbot, editor):
    search(qtbot, editor, '!"Shivan Dragon"')
    assert editor.results.data(editor.results.index(0, 1)) == "{4}{R}{R}"
    delegate = editor.results_view.itemDelegateForColumn(1)
    assert delegate.sizeHint(QStyleOptionViewItem(), editor.results.index(0, 1)).width() >= 3 * 15


def test_an_overtaken_search_is_skipped(tmp_path, db_path, qtbot):
    latest = _Latest()
    worker = SearchWorker(db_path, latest)
    done = []
    worker.finished.connect(done.append)
    latest.generation = 2
    worker.run(SearchRequest(1, "goblin"))
    assert done == []
    worker.run(SearchRequest(2, "goblin"))
    assert done and done[0].total > 0 and done[0].request.generation == 2
    worker.close()
