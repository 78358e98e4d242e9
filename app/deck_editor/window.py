"""The deck editor window: search the card database (query box and filters, results filling as you
type), the deck's sections grouped by type or mana value, a large preview of the card under the
mouse, statistics, live checks and test draws. The commands on whole decks (saving, recovery,
import and export) are in commands.py."""
from __future__ import annotations

import sqlite3
from pathlib import Path

from PySide6.QtCore import QObject, QPoint, QSettings, QSize, Qt, QThreadPool, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (QComboBox, QFrame, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QMainWindow, QMenu, QScrollArea, QSplitter, QTabWidget, QVBoxLayout,
                               QWidget)

from cardsdb.database import CardDatabase, CardRecord
from cardsdb.decks import FORMATS
from cardsdb.importers import CardImportError
from cardsdb.paths import default_db_path
from cardsdb.schema import SchemaError, format_bits
from cardsdb.validation import COMMANDER_FORMATS

from app.deck_editor.checks import NOTE, OK, PROBLEM, SANDBOX, CheckItem, RulesSupport, live_checks
from app.deck_editor.commands import FORMAT_LABELS, DeckCommands
from app.deck_editor.deck_list import BY_MANA_VALUE, BY_TYPE, DeckSectionView, NameRole, SectionPanel
from app.deck_editor.document import COMMANDER, MAIN, SECTION_TITLES, SIDEBOARD, DeckDocument
from app.deck_editor.editor_dialogs import BASIC_LANDS, BasicLandsDialog, SampleHandDialog
from app.deck_editor.filters import FilterBar
from app.deck_editor.prefs import EditorPrefs
from app.deck_editor.preview import CardPreview
from app.deck_editor.recovery import RecoveryFile
from app.deck_editor.results import ResultsModel, ResultsView
from app.deck_editor.search import SearchService
from app.deck_editor.stats import deck_stats
from app.deck_editor.stats_panel import StatsPanel
from app.imagecache import CardImages
from app.modal import inform, run_modal
from app.paths import cache_dir
from app.window_size import fitted

AUTOSAVE_MS = 1500
LEVEL_LOOK = {OK: ("✔", QColor(46, 125, 50)), PROBLEM: ("✖", QColor(192, 57, 43)),
              SANDBOX: ("⚠", QColor(176, 112, 0)), NOTE: ("ℹ", QColor(90, 90, 90))}
CheckRole = Qt.ItemDataRole.UserRole + 1


class SearchBox(QLineEdit):
    """The query box: Enter adds the selected result (Shift+Enter to the sideboard), Up and Down move
    through the results without leaving the box, Escape clears it."""

    add_requested = Signal(bool)
    step = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.add_requested.emit(bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        elif key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.step.emit(1 if key == Qt.Key.Key_Down else -1)
        elif key == Qt.Key.Key_Escape and self.text():
            self.clear()
        else:
            super().keyPressEvent(event)


class DeckEditorWindow(DeckCommands, QMainWindow):
    decks_changed = Signal(str)   # a deck was saved, copied or deleted (its name)
    closed = Signal()

    def __init__(self, db_path: Path | None = None, qsettings: QSettings | None = None,
                 images: CardImages | None = None, card_cache: Path | None = None,
                 rules: RulesSupport | None = None, parent: QWidget | None = None) -> None:
        db_path = Path(db_path) if db_path is not None else default_db_path()
        db = CardDatabase.open_default(db_path)  # first, so a database that cannot be opened leaves no window
        super().__init__(parent)
        if parent is not None:
            self.setWindowFlag(Qt.WindowType.Window)
        self.db_path = db_path
        self.db = db
        self.prefs = EditorPrefs(qsettings)
        self.images = images or CardImages(card_cache if card_cache is not None else cache_dir() / "cards",
                                           parent=self)
        self.rules = rules or RulesSupport()
        self.recovery = RecoveryFile(self.db_path.parent / "deck-recovery")
        self._records: dict[str, CardRecord | None] = {}
        self.document = DeckDocument(self)
        self.service = SearchService(self.db_path, self)
        self.results = ResultsModel(self.service, self)
        self.formats = sorted(format_bits(self.db.conn))
        self._build()
        self._build_menus()
        self.document.changed.connect(self.refresh)
        self.document.dirty_changed.connect(lambda _dirty: self._update_title())
        self.document.changed.connect(self._schedule_autosave)
        self._autosave = QTimer(self)
        self._autosave.setSingleShot(True)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self.write_recovery)
        self._closed = False
        self._start_rules_support()
        self.refresh()
        self._restore_layout()
        self.results.set_query("")

    # -- layout ---------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.search = SearchBox()
        self.search.setPlaceholderText("Search: name words, t:creature c:r mv<=3, o:\"draw a card\", f:legacy …")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_query)
        self.search_error = QLabel()
        self.search_error.setStyleSheet("color: #c0392b;")
        self.search_error.setWordWrap(True)
        self.search_error.hide()
        self.filters = FilterBar(self.formats, self._sets())
        self.filters.changed.connect(lambda: self.search.setText(self.filters.rewrite(self.search.text())))
        self.summary = QLabel()
        self.results_view = ResultsView(self.results)
        self.results.summary.connect(self.summary.setText)
        self.results.failed.connect(self._on_search_failed)
        self.results.applied.connect(lambda _gen: self._search_ok())
        self.results_view.add_requested.connect(lambda name, side: self.add_card(name, SIDEBOARD if side else MAIN))
        self.results_view.remove_requested.connect(
            lambda name, side: self.remove_card(name, SIDEBOARD if side else MAIN))
        self.results_view.hovered.connect(self.preview_record)
        self.search.add_requested.connect(self.results_view.add_current)
        self.search.step.connect(self._step_results)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(6, 6, 6, 6)
        lv.addWidget(self.search)
        lv.addWidget(self.search_error)
        lv.addWidget(self.filters)
        lv.addWidget(self.summary)
        lv.addWidget(self.results_view, 1)

        self.deck_name = QLabel()
        self.deck_name.setStyleSheet("font-size: 16px; font-weight: bold;")
        self.format_box = QComboBox()
        self.format_box.addItem("Casual constructed", None)
        for fmt in self.formats:
            self.format_box.addItem(fmt.capitalize(), fmt)
        self.format_box.setToolTip("The format the deck is checked for")
        self.format_box.currentIndexChanged.connect(
            lambda _i: self.document.set_format(self.format_box.currentData()))
        self.group_box = QComboBox()
        self.group_box.addItem("Group by type", BY_TYPE)
        self.group_box.addItem("Group by mana value", BY_MANA_VALUE)
        self.group_box.setCurrentIndex(0 if self.prefs.group_by == BY_TYPE else 1)
        self.group_box.currentIndexChanged.connect(self._on_group_changed)
        head = QHBoxLayout()
        head.addWidget(self.deck_name, 1)
        head.addWidget(self.format_box)
        head.addWidget(self.group_box)
        self.views: dict[str, DeckSectionView] = {}
        self.panels: dict[str, SectionPanel] = {}
        self.sections = QSplitter(Qt.Orientation.Vertical)
        self.sections.setObjectName("sections")
        for section in (COMMANDER, MAIN, SIDEBOARD):
            view = DeckSectionView(section, self.record)
            view.group_by = self.prefs.group_by
            view.add_requested.connect(self.add_card)
            view.remove_requested.connect(lambda name, sec, n: self.remove_card(name, sec, n or None))
            view.move_requested.connect(self.move_card)
            view.hovered.connect(lambda name: self.preview_record(self.record(name), name))
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            view.customContextMenuRequested.connect(lambda pos, v=view: self._deck_menu(v, pos))
            panel = SectionPanel(view)
            self.views[section] = view
            self.panels[section] = panel
            self.sections.addWidget(panel)
        self.sections.setStretchFactor(1, 3)
        self.sections.setStretchFactor(2, 1)
        middle = QWidget()
        mv = QVBoxLayout(middle)
        mv.setContentsMargins(6, 6, 6, 6)
        mv.addLayout(head)
        mv.addWidget(self.sections, 1)

        self.preview = CardPreview(self.images)
        self.checks = QListWidget()
        self.checks.setWordWrap(True)
        self.checks.itemActivated.connect(self._on_check_activated)
        self.stats = StatsPanel()
        self.stats.set_on_play(self.prefs.on_the_play)
        self.stats.on_play_changed.connect(lambda on: setattr(self.prefs, "on_the_play", on))
        # It scrolls rather than squeezing its charts over its text when the window is short (1280x720).
        self.stats_scroll = QScrollArea()
        self.stats_scroll.setWidget(self.stats)
        self.stats_scroll.setWidgetResizable(True)
        self.stats_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.stats_scroll, "Statistics")
        self.tabs.addTab(self.checks, "Checks")
        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("right")
        self.right.addWidget(self.preview)
        self.right.addWidget(self.tabs)
        self.right.setStretchFactor(1, 1)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("main")
        for widget, stretch in ((left, 5), (middle, 3), (self.right, 3)):
            self.splitter.addWidget(widget)
            self.splitter.setStretchFactor(self.splitter.count() - 1, stretch)
        self.setCentralWidget(self.splitter)
        self.resize(fitted(QSize(1500, 900), self))

    def _sets(self) -> list[tuple[str, str]]:
        rows = self.db.conn.execute("SELECT code, coalesce(name, '') FROM sets "
                                    "ORDER BY release_date DESC, code")
        return [(str(code), str(name)) for code, name in rows]

    @staticmethod
    def _action(menu: QMenu, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None) -> QAction:  # noqa: ANN001
        action = menu.addAction(text)
        action.triggered.connect(slot)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        deck = bar.addMenu("&Deck")
        self._action(deck, "&New", self.new_deck, QKeySequence.StandardKey.New)
        self._action(deck, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = deck.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self._action(deck, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(deck, "Save &as…", self.save_as, "Ctrl+Shift+S")
        self.duplicate_action = self._action(deck, "D&uplicate…", self.duplicate, "Ctrl+Shift+D")
        self.delete_action = self._action(deck, "De&lete…", self.delete_deck)
        deck.addSeparator()
        self._action(deck, "&Import from file…", lambda: self.import_file(), "Ctrl+I")
        self._action(deck, "Import from clip&board", self.import_clipboard, "Ctrl+Shift+V")
        self._action(deck, "&Export to file…", lambda: self.export_file(), "Ctrl+E")
        clip = deck.addMenu("Export to clipboard")
        for fmt in FORMATS:
            self._action(clip, FORMAT_LABELS[fmt], lambda _=False, f=fmt: self.export_clipboard(f),
                         "Ctrl+Shift+C" if fmt == "text" else None)
        deck.addSeparator()
        self._action(deck, "&Test draw…", self.test_draw, "Ctrl+T")
        deck.addSeparator()
        self._action(deck, "&Close", self.close, QKeySequence.StandardKey.Close)
        edit = bar.addMenu("&Edit")
        undo = self.document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        edit.addAction(undo)
        edit.addAction(redo)
        edit.addSeparator()
        self._action(edit, "&Find cards", self.focus_search, QKeySequence.StandardKey.Find)
        self._action(edit, "Add to &sideboard", lambda: self._on_focused_card(lambda n, _s: self.add_card(n, SIDEBOARD)),
                     "Ctrl+Shift+Return")
        self._action(edit, "&Move between main deck and sideboard", self.move_focused, "Ctrl+M")
        self._action(edit, "Make &commander", lambda: self._on_focused_card(self.make_commander), "Ctrl+K")
        self._action(edit, "&Basic lands…", self.basic_lands, "Ctrl+L")
        self._action(edit, "Fix &unknown cards…", self.fix_unknown, "Ctrl+U")
        view = bar.addMenu("&View")
        self._action(view, "Toggle &grouping (type / mana value)",
                     lambda: self.group_box.setCurrentIndex(1 - self.group_box.currentIndex()), "Ctrl+G")
        self._action(view, "&Deck list", lambda: self._focus_section(MAIN), "Ctrl+1")
        self._action(view, "&Sideboard", lambda: self._focus_section(SIDEBOARD), "Ctrl+2")
        self._action(view, "S&tatistics", lambda: self.tabs.setCurrentWidget(self.stats_scroll), "Ctrl+3")
        self._action(view, "&Checks", lambda: self.tabs.setCurrentWidget(self.checks), "Ctrl+4")
        self._fill_recent()

    # -- cards ------------------------------------------------------------------------------------------
    def record(self, name: str) -> CardRecord | None:
        if name not in self._records:
            self._records[name] = self.db.record(name)
        return self._records[name]

    @Slot(str, str)
    def add_card(self, name: str, section: str = MAIN) -> None:
        record = self.record(name)
        name = record.name if record else name
        if self.document.add(name, section):
            self.views[section].select_card(name)
            self.statusBar().showMessage(f"Added {name} to the {SECTION_TITLES[section].lower()}", 4000)

    def remove_card(self, name: str, section: str = MAIN, count: int | None = 1) -> None:
        if self.document.remove(name, section, count):
            self.statusBar().showMessage(f"Removed {name} from the {SECTION_TITLES[section].lower()}", 4000)

    @Slot(str, str, str)
    def move_card(self, name: str, source: str, target: str) -> None:
        if self.document.move(name, source, target, 1):
            self.views[target].select_card(name)

    def make_commander(self, name: str, section: str | None = None) -> None:
        if section in (MAIN, SIDEBOARD):
            self.move_card(name, section, COMMANDER)
        else:
            self.add_card(name, COMMANDER)

    def _deck_menu(self, view: DeckSectionView, pos: QPoint) -> QMenu | None:
        """Right-click on a card of the deck: the commands for it."""
        item = view.itemAt(pos)
        name = item.data(0, NameRole) if item is not None else None
        if not name:
            return None
        section = view.section
        menu = QMenu(self)
        self._action(menu, "Add a copy", lambda: self.add_card(name, section))
        self._action(menu, "Remove a copy", lambda: self.remove_card(name, section))
        self._action(menu, "Remove every copy", lambda: self.remove_card(name, section, None))
        other = SIDEBOARD if section == MAIN else MAIN
        self._action(menu, f"Move to the {SECTION_TITLES[other].lower()}", lambda: self.move_card(name, section, other))
        if section != COMMANDER:
            self._action(menu, "Make commander", lambda: self.make_commander(name, section))
        menu.popup(view.viewport().mapToGlobal(pos))
        return menu

    def _focused_card(self) -> tuple[str, str | None] | None:
        """The card the keyboard is on: a deck list's current card, else the selected result."""
        for section, view in self.views.items():
            if view.hasFocus() and view.current_card():
                return view.current_card(), section  # type: ignore[return-value]
        record = self.results.record_at(self.results_view.current_row())
        return (record.name, None) if record else None

    def _on_focused_card(self, action) -> None:  # noqa: ANN001
        card = self._focused_card()
        if card is not None:
            action(*card)

    def move_focused(self) -> None:
        card = self._focused_card()
        if card is None or card[1] is None:
            return
        name, section = card
        self.move_card(name, section, SIDEBOARD if section == MAIN else MAIN)

    def _focus_section(self, section: str) -> None:
        view = self.views[section]
        view.setFocus()
        if view.currentItem() is None and view.card_items():
            view.setCurrentItem(view.card_items()[0])

    def preview_record(self, record: CardRecord | None, name: str = "") -> None:
        self.preview.show_card(record, name)

    # -- search -----------------------------------------------------------------------------------------
    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def _on_query(self, text: str) -> None:
        self.results.set_query(text)

    def _on_search_failed(self, reason: str, position: int) -> None:
        self.search_error.setText(f"✖ {reason} (at character {position + 1})")
        self.search_error.show()
        self.search.setStyleSheet("QLineEdit { border: 1px solid #c0392b; }")

    def _search_ok(self) -> None:
        if self.search_error.isVisible():
            self.search_error.hide()
            self.search.setStyleSheet("")

    def _step_results(self, delta: int) -> None:
        rows = self.results.rowCount()
        if rows:
            row = max(0, min(rows - 1, self.results_view.current_row() + delta))
            self.results_view.selectRow(row)

    # -- refresh ----------------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        deck = self.document.deck
        for section, view in self.views.items():
            view.set_entries(deck.section(section))
            self.panels[section].set_count(deck.count(section))
        fmt = (deck.format or "").lower()
        self.panels[COMMANDER].setVisible(fmt in COMMANDER_FORMATS or bool(deck.commander))
        index = self.format_box.findData(deck.format) if deck.format else 0
        self.format_box.blockSignals(True)
        if index < 0:  # a format the database has no legalities for: still shown
            self.format_box.addItem(str(deck.format).capitalize(), deck.format)
            index = self.format_box.count() - 1
        self.format_box.setCurrentIndex(index)
        self.format_box.blockSignals(False)
        main = [(self.record(e.name), e.count) for e in deck.main]
        counts: dict[str, int] = {}
        for e in deck.main:
            counts[e.name] = counts.get(e.name, 0) + e.count
        self.stats.show_stats(deck_stats(main), counts)
        self.show_checks(live_checks(deck, self.db, deck.format, self.rules))
        self._update_title()

    def show_checks(self, items: list[CheckItem]) -> None:
        self.checks.clear()
        for check in items:
            mark, color = LEVEL_LOOK[check.level]
            item = QListWidgetItem(f"{mark} {check.text}")
            item.setForeground(color)
            item.setData(CheckRole, check)
            if check.suggestions:
                item.setToolTip("Double-click or press Enter to fix this name")
            self.checks.addItem(item)
        problems = sum(check.level == PROBLEM for check in items[1:])  # the first is the summary
        self.tabs.setTabText(self.tabs.indexOf(self.checks),
                             f"Checks ({problems})" if problems else "Checks ✔")

    def check_items(self) -> list[CheckItem]:
        return [self.checks.item(i).data(CheckRole) for i in range(self.checks.count())]

    def _update_title(self) -> None:
        name = self.document.stored_name or self.document.deck.name or "New deck"
        self.deck_name.setText(name + (" *" if self.document.dirty else ""))
        self.setWindowTitle(f"{name}[*] — ManaTable deck editor")
        self.setWindowModified(self.document.dirty)
        self.delete_action.setEnabled(self.document.stored_name is not None)

    def _on_group_changed(self) -> None:
        group = self.group_box.currentData()
        self.prefs.group_by = group
        for view in self.views.values():
            view.group_by = group
        self.refresh()

    def _on_check_activated(self, item: QListWidgetItem) -> None:
        check: CheckItem = item.data(CheckRole)
        if check.card is None:
            return
        if check.suggestions or self.record(check.card) is None:
            self.fix_unknown([check.card])
            return
        for view in self.views.values():
            if view.select_card(check.card):
                view.setFocus()
                break

    def _start_rules_support(self) -> None:
        if self.rules.loaded:
            return
        QThreadPool.globalInstance().start(self.rules.load)
        self._rules_poll = QTimer(self)
        self._rules_poll.setInterval(50)
        self._rules_poll.timeout.connect(self._rules_ready)
        self._rules_poll.start()

    def _rules_ready(self) -> None:
        if self.rules.loaded:
            self._rules_poll.stop()
            if not self._closed:
                self.refresh()

    # -- building helpers ------------------------------------------------------------------------------
    def basic_lands(self) -> bool:
        counts = {e.name: e.count for e in self.document.deck.main if e.name in BASIC_LANDS}
        stats = deck_stats((self.record(e.name), e.count) for e in self.document.deck.main)
        dialog = BasicLandsDialog(counts, stats.spell_pips, self)
        if not run_modal(dialog):
            return False
        return self.document.set_counts("Basic lands", MAIN, dialog.counts())

    def test_draw(self) -> SampleHandDialog | None:
        cards = self.document.deck.main_card_names()
        if len(cards) < 7:
            inform(self, "Test draw", "The main deck needs at least seven cards for a test draw.", warning=False)
            return None
        dialog = SampleHandDialog(cards, self.record, self.images, parent=self)
        dialog.show()
        return dialog

    # -- window ---------------------------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        geometry = self.prefs.layout("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        for splitter in (self.splitter, self.sections, self.right):
            state = self.prefs.layout(splitter.objectName())
            if state is not None:
                splitter.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closed:
            event.accept()
            return
        if not self.maybe_discard():
            event.ignore()
            return
        self._closed = True
        self._autosave.stop()
        self.prefs.set_layout("geometry", self.saveGeometry())
        for splitter in (self.splitter, self.sections, self.right):
            self.prefs.set_layout(splitter.objectName(), splitter.saveState())
        self.prefs.sync()
        self.recovery.close()
        self.service.stop()
        if self.images.parent() is self:
            self.images.pool.waitForDone(3000)
        self.db.close()
        super().closeEvent(event)
        self.closed.emit()


def open_deck_editor(parent: QWidget | None = None, **options) -> DeckEditorWindow:  # noqa: ANN003
    """Shows a deck editor and offers any deck a crashed editor left unsaved."""
    editor = DeckEditorWindow(parent=parent, **options)
    editor.show()
    QTimer.singleShot(0, editor.offer_recovery)
    return editor


class DeckEditorHandle(QObject):
    """At most one deck editor for a window: opened on demand, raised when it is open already,
    forgotten when it closes. `decks_changed` relays the editor's."""

    decks_changed = Signal(str)

    def __init__(self, owner: QWidget, **options) -> None:  # noqa: ANN003
        super().__init__(owner)
        self.owner = owner
        self.options = options
        self.editor: DeckEditorWindow | None = None

    def open(self) -> DeckEditorWindow | None:
        """The editor, opened or raised; None (after saying why) when the card database cannot be
        opened."""
        if self.editor is None:
            try:
                self.editor = open_deck_editor(self.owner, **self.options)
            except (sqlite3.Error, SchemaError, CardImportError, OSError) as exc:
                inform(self.owner, "Deck editor", f"The card database cannot be opened: {exc}")
                return None
            self.editor.decks_changed.connect(self.decks_changed)
            self.editor.closed.connect(self._closed)
        self.editor.raise_()
        self.editor.activateWindow()
        return self.editor

    def close(self) -> bool:
        """Closes the editor; False when the player kept it open to deal with unsaved changes."""
        return self.editor is None or self.editor.close()

    def _closed(self) -> None:
        if self.editor is not None:
            self.editor.deleteLater()
        self.editor = None
