"""The search results table: name, mana cost (as symbols), type, P/T, set, rarity. Sorting by a
column asks the database again; more rows are fetched as the table is scrolled."""
from __future__ import annotations

from PySide6.QtCore import (QAbstractTableModel, QMimeData, QModelIndex, QPersistentModelIndex, Qt,
                            Signal)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from cardsdb.database import CardRecord

from app.deck_editor.mana import ManaCostDelegate
from app.deck_editor.mime import CARD_MIME, FROM_SEARCH, card_mime
from app.deck_editor.search import ResultRow, SearchRequest, SearchResult, SearchService

COLUMNS = ("Name", "Cost", "Type", "P/T", "Set", "Rarity")
SORT_KEYS = ("name", "cost", "type", "pt", "set", "rarity")
COST_COLUMN = 1
RecordRole = Qt.ItemDataRole.UserRole + 1

Index = QModelIndex | QPersistentModelIndex


def pt_text(record: CardRecord) -> str:
    if record.power is not None and record.toughness is not None:
        return f"{record.power}/{record.toughness}"
    if record.loyalty is not None:
        return f"[{record.loyalty}]"
    if record.defense is not None:
        return f"<{record.defense}>"
    return ""


class ResultsModel(QAbstractTableModel):
    """Rows of the newest search; `applied` tells when they are in (tests and the benchmark)."""

    applied = Signal(int)               # generation
    failed = Signal(str, int)           # reason, character position
    summary = Signal(str)

    def __init__(self, service: SearchService, parent=None) -> None:  # noqa: ANN001
        super().__init__(parent)
        self.service = service
        self.rows: list[ResultRow] = []
        self.total = 0
        self.query = ""
        self.sort_key = "name"
        self.descending = False
        self.request: SearchRequest | None = None
        self._fetching = False
        self._complete = True
        service.results.connect(self._on_results)

    # -- searching ---------------------------------------------------------------------------------
    def set_query(self, query: str) -> int:
        self.query = query
        return self.service.search(query, self.sort_key, self.descending)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sort_key = SORT_KEYS[column]
        self.descending = order == Qt.SortOrder.DescendingOrder
        self.service.search(self.query, self.sort_key, self.descending)

    def _on_results(self, result: SearchResult) -> None:
        if result.error is not None:
            self.failed.emit(result.error, result.error_position or 0)
            return
        if result.request.offset == 0:
            self.beginResetModel()
            self.rows = list(result.rows)
            self.total = result.total
            self.request = result.request
            self._complete = result.complete
            self.endResetModel()
        elif result.request.offset == len(self.rows) and result.rows:
            self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(result.rows) - 1)
            self.rows.extend(result.rows)
            self.endInsertRows()
        self._fetching = False
        self.summary.emit(self._summary())
        self.applied.emit(result.request.generation)

    def _summary(self) -> str:
        if not self.total:
            return "No cards match."
        text = f"{self.total:,} card{'s' if self.total != 1 else ''}"
        if not self._complete:
            text += f" — sorted within the first {len(self.rows):,}; narrow the search to sort all"
        return text

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:
        return (not parent.isValid() and self._complete and not self._fetching
                and self.request is not None and len(self.rows) < self.total)

    def fetchMore(self, parent: Index = QModelIndex()) -> None:
        if self.canFetchMore(parent) and self.request is not None:
            self._fetching = True
            self.service.more(self.request, len(self.rows))

    # -- the table ---------------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        record = row.record
        if role == Qt.ItemDataRole.DisplayRole:
            return (record.name, record.mana_cost or "", record.type_line, pt_text(record),
                    row.set_code, row.rarity.capitalize())[index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.column() == 4 and len(row.sets) > 1:
                return "Printed in " + ", ".join(row.sets)
            return f"{record.name}  {record.mana_cost or ''}\n{record.type_line}\n{record.oracle_text or ''}"
        if role == RecordRole:
            return record
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        return flags | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else flags

    def mimeTypes(self) -> list[str]:
        return [CARD_MIME]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData:
        rows = sorted({i.row() for i in indexes if i.isValid()})
        return card_mime([self.rows[r].record.name for r in rows], FROM_SEARCH)

    def record_at(self, row: int) -> CardRecord | None:
        return self.rows[row].record if 0 <= row < len(self.rows) else None


class ResultsView(QTableView):
    """Enter, `+` (or `=`) or a double-click adds the card to the main deck, `-` takes a copy out;
    Shift+Enter adds it to the sideboard."""

    add_requested = Signal(str, bool)      # card name, to the sideboard
    remove_requested = Signal(str, bool)   # card name, from the sideboard
    hovered = Signal(object)            # CardRecord

    def __init__(self, model: ResultsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.setItemDelegateForColumn(COST_COLUMN, ManaCostDelegate(self))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSortingEnabled(True)
        self.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setMouseTracking(True)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(22)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # The other columns are narrow enough that the name keeps room in a window at 1280x720.
        for column, width in ((1, 80), (2, 130), (3, 44), (4, 44), (5, 64)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            self.setColumnWidth(column, width)
        self.doubleClicked.connect(lambda index: self._add(index.row(), False))
        self.entered.connect(lambda index: self._hover(index.row()))
        self._quiet = False
        model.modelReset.connect(self._select_first)

    @property
    def results(self) -> ResultsModel:
        return self.model()  # type: ignore[return-value]

    def _select_first(self) -> None:
        # new results select their first row (what Enter adds) without previewing it: the preview
        # follows the mouse and the keyboard, not every keystroke's results
        if self.results.rows:
            self._quiet = True
            self.selectRow(0)
            self._quiet = False

    def current_row(self) -> int:
        index = self.currentIndex()
        return index.row() if index.isValid() else (0 if self.results.rows else -1)

    def add_current(self, sideboard: bool = False) -> None:
        self._add(self.current_row(), sideboard)

    def _add(self, row: int, sideboard: bool) -> None:
        record = self.results.record_at(row)
        if record is not None:
            self.add_requested.emit(record.name, sideboard)

    def _hover(self, row: int) -> None:
        record = self.results.record_at(row)
        if record is not None:
            self.hovered.emit(record)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        # Shift picks the sideboard only where it does not make the character: `+` is Shift+= on a US
        # keyboard and `_` Shift+-, so those keys always mean the main deck, like the keypad's.
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.add_current(sideboard=shift)
            return
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.add_current(sideboard=False)
            return
        if key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            record = self.results.record_at(self.current_row())
            if record is not None:
                self.remove_requested.emit(record.name, False)
            return
        super().keyPressEvent(event)

    def currentChanged(self, current: QModelIndex, previous: QModelIndex) -> None:
        super().currentChanged(current, previous)
        if current.isValid() and not self._quiet:
            self._hover(current.row())

