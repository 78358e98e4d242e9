"""Card search off the GUI thread: a worker object on its own QThread with its own connection to
the card database answers search requests one page at a time. Every keystroke makes a new
request; a request overtaken by a newer one before the worker reaches it is skipped, so typing
never queues up stale searches."""
from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from cardsdb.carddata import RARITY_RANK, numeric_stat
from cardsdb.database import CardDatabase, CardRecord
from cardsdb.query import QueryError

PAGE = 100
LOCAL_SORT_LIMIT = 2000  # columns the database cannot sort are sorted here, over this many matches
DB_SORTS = {"name": "name", "cost": "mv", "type": "type"}
LOCAL_SORTS = ("pt", "set", "rarity")


@dataclass(frozen=True)
class ResultRow:
    record: CardRecord
    set_code: str = ""      # of the newest printing
    rarity: str = ""
    sets: tuple[str, ...] = ()


@dataclass(frozen=True)
class SearchRequest:
    generation: int
    query: str
    sort: str = "name"        # a key of DB_SORTS or one of LOCAL_SORTS
    descending: bool = False
    offset: int = 0


@dataclass
class SearchResult:
    request: SearchRequest
    rows: list[ResultRow] = field(default_factory=list)
    total: int = 0
    error: str | None = None
    error_position: int | None = None
    complete: bool = True     # False: a local sort over the first LOCAL_SORT_LIMIT matches only


def _number(value: str | None) -> float:
    number = numeric_stat(value)
    return float("-inf") if number is None else number


def _local_key(sort: str, row: ResultRow) -> tuple:
    name = row.record.name.casefold()
    if sort == "pt":
        return (_number(row.record.power), _number(row.record.toughness),
                _number(row.record.loyalty), name)
    if sort == "set":
        return (row.set_code, name)
    return (RARITY_RANK.get(row.rarity, -1), name)


class _Latest:
    """The newest request's generation, written by the GUI thread and read by the worker (a plain
    int attribute: reading and writing it is atomic in CPython)."""

    def __init__(self) -> None:
        self.generation = 0


class SearchWorker(QObject):
    finished = Signal(object)   # SearchResult

    def __init__(self, db_path: Path, latest: _Latest) -> None:
        super().__init__()
        self.db_path = db_path
        self.latest = latest
        self.db: CardDatabase | None = None

    @Slot(object)
    def run(self, request: SearchRequest) -> None:
        if request.generation < self.latest.generation:
            return  # overtaken by a newer keystroke
        try:
            if self.db is None:
                self.db = CardDatabase(self.db_path)
            result = self._search(self.db, request)
        except QueryError as exc:
            result = SearchResult(request, error=exc.reason, error_position=exc.position)
        except Exception as exc:  # noqa: BLE001 - every request is answered, or the list waits for ever
            traceback.print_exc()
            result = SearchResult(request, error=f"the search failed ({type(exc).__name__}: {exc})")
        self.finished.emit(result)

    @staticmethod
    def _rows(db: CardDatabase, records: list[CardRecord]) -> list[ResultRow]:
        """The records with their printings' sets and the newest printing's rarity, read in one
        query for the page (newest first, as CardDatabase.printings orders them)."""
        ids = [r.id for r in records]
        sets: dict[int, list[tuple[str, str]]] = {}
        if ids:
            marks = ", ".join("?" for _ in ids)
            rows = db.conn.execute(
                "SELECT p.card_id, p.set_code, coalesce(p.rarity, '') FROM printings p "
                f"LEFT JOIN sets s ON s.code = p.set_code WHERE p.card_id IN ({marks}) "
                "ORDER BY s.release_date DESC, p.set_code, p.number", ids)
            for card_id, set_code, rarity in rows:
                sets.setdefault(card_id, []).append((set_code, rarity))
        out = []
        for record in records:
            printed = sets.get(record.id, [])
            newest = printed[0] if printed else ("", "")
            out.append(ResultRow(record, newest[0], newest[1], tuple(dict.fromkeys(s for s, _ in printed))))
        return out

    def _search(self, db: CardDatabase, request: SearchRequest) -> SearchResult:
        if request.sort in LOCAL_SORTS:
            total = db.count(request.query)
            records = db.search(request.query, "name", limit=LOCAL_SORT_LIMIT)
            rows = sorted(self._rows(db, records), key=lambda r: _local_key(request.sort, r),
                          reverse=request.descending)
            return SearchResult(request, rows, total, complete=total <= LOCAL_SORT_LIMIT)
        sort = DB_SORTS.get(request.sort, "name")
        if request.offset == 0:
            records = db.search(request.query, sort, PAGE, 0, request.descending)
            # a short page is every match: counting them again is a wasted query
            total = len(records) if len(records) < PAGE else db.count(request.query)
            return SearchResult(request, self._rows(db, records), total)
        records = db.search(request.query, sort, PAGE, request.offset, request.descending)
        return SearchResult(request, self._rows(db, records), -1)

    @Slot()
    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None


class SearchService(QObject):
    """The GUI side: sends requests to the worker thread and hands back its results."""

    results = Signal(object)      # SearchResult, on the GUI thread
    _request = Signal(object)

    def __init__(self, db_path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._latest = _Latest()
        self.thread = QThread(self)
        self.thread.setObjectName("card-search")
        self.worker = SearchWorker(db_path, self._latest)
        self.worker.moveToThread(self.thread)
        self._request.connect(self.worker.run)
        self.worker.finished.connect(self._on_finished)
        # sqlite connections belong to their thread: close it there, as the thread ends
        self.thread.finished.connect(self.worker.close, Qt.ConnectionType.DirectConnection)
        self.thread.start()
        # A window destroyed without being closed takes this service with it: end the thread first
        # (a QThread destroyed while running aborts the program).
        thread = self.thread
        self.destroyed.connect(lambda *_: (thread.quit(), thread.wait()))

    @property
    def generation(self) -> int:
        return self._latest.generation

    def search(self, query: str, sort: str = "name", descending: bool = False) -> int:
        self._latest.generation += 1
        self._request.emit(SearchRequest(self._latest.generation, query, sort, descending))
        return self._latest.generation

    def more(self, request: SearchRequest, offset: int) -> None:
        self._request.emit(SearchRequest(request.generation, request.query, request.sort,
                                         request.descending, offset))

    @Slot(object)
    def _on_finished(self, result: SearchResult) -> None:
        if result.request.generation == self._latest.generation:
            self.results.emit(result)

    def stop(self) -> None:
        self._latest.generation += 1  # results already on their way are dropped
        if self.thread.isRunning():
            self.thread.quit()
            self.thread.wait()
