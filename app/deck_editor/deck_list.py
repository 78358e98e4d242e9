"""One section of the deck (main deck, sideboard, commander) as a list grouped by card type or by
mana value, with counts. Keys: `+` adds a copy, `-` or Delete takes one out (Shift+Delete: all);
cards are dragged in from the search results or between sections."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QFont, QKeyEvent
from PySide6.QtWidgets import (QAbstractItemView, QGroupBox, QHeaderView, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

from cardsdb.database import CardRecord
from cardsdb.decks import DeckEntry

from app.deck_editor.document import SECTION_TITLES
from app.deck_editor.mana import ManaCostDelegate
from app.deck_editor.mime import CARD_MIME, card_mime, read_card_mime
from app.deck_editor.stats import CURVE_TOP, curve_bucket, is_land, primary_type

BY_TYPE, BY_MANA_VALUE = "type", "mv"
NameRole = Qt.ItemDataRole.UserRole + 1
GROUP_TITLES = {"Land": "Lands", "Creature": "Creatures", "Planeswalker": "Planeswalkers",
                "Battle": "Battles", "Instant": "Instants", "Sorcery": "Sorceries",
                "Artifact": "Artifacts", "Enchantment": "Enchantments", "Kindred": "Kindred",
                "Other": "Other cards", "Unknown": "Unknown cards"}


# Lists by type read as deck lists do: spells by type, then lands; unknown names last.
TYPE_GROUPS = ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment",
               "Kindred", "Other", "Land", "Unknown")


def group_of(record: CardRecord | None, group_by: str) -> tuple[int, str]:
    """(order, title) of the group a card is listed in."""
    if group_by == BY_MANA_VALUE:
        if record is None:
            return CURVE_TOP + 2, GROUP_TITLES["Unknown"]
        if is_land(record):
            return CURVE_TOP + 1, GROUP_TITLES["Land"]
        bucket = curve_bucket(record)
        return bucket, f"Mana value {bucket}{'+' if bucket == CURVE_TOP else ''}"
    kind = primary_type(record)
    return TYPE_GROUPS.index(kind), GROUP_TITLES[kind]


class DeckSectionView(QTreeWidget):
    add_requested = Signal(str, str)          # card, section
    remove_requested = Signal(str, str, int)  # card, section, copies (0: all)
    move_requested = Signal(str, str, str)    # card, from section, to section
    hovered = Signal(str)

    def __init__(self, section: str, lookup: Callable[[str], CardRecord | None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.section = section
        self.lookup = lookup
        self.group_by = BY_TYPE
        self.setColumnCount(3)
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setIndentation(8)
        self.setItemDelegateForColumn(2, ManaCostDelegate(self, 14))
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(False)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setMouseTracking(True)
        self.itemEntered.connect(self._on_entered)
        self.itemDoubleClicked.connect(self._on_double_clicked)
        self.currentItemChanged.connect(lambda item, _prev: self._on_entered(item))

    # -- contents --------------------------------------------------------------------------------
    def set_entries(self, entries: list[DeckEntry], group_by: str | None = None) -> None:
        if group_by is not None:
            self.group_by = group_by
        keep = self.current_card()
        self.clear()
        groups: dict[tuple[int, str], list[tuple[DeckEntry, CardRecord | None]]] = {}
        for entry in entries:
            record = self.lookup(entry.name)
            groups.setdefault(group_of(record, self.group_by), []).append((entry, record))
        bold = QFont(self.font())
        bold.setBold(True)
        select = None
        for (_, title), members in sorted(groups.items()):
            count = sum(e.count for e, _ in members)
            head = QTreeWidgetItem([f"{count}", title, ""])
            head.setFont(0, bold)
            head.setFont(1, bold)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
            self.addTopLevelItem(head)
            members.sort(key=lambda m: ((m[1].mana_value if m[1] else 0), m[0].name))
            for entry, record in members:
                item = QTreeWidgetItem([f"{entry.count}", entry.name, (record.mana_cost or "") if record else ""])
                item.setData(0, NameRole, entry.name)
                item.setTextAlignment(0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if record is None:
                    item.setToolTip(1, "Not in the card database: fix the name in the checks panel")
                    item.setForeground(1, Qt.GlobalColor.red)
                head.addChild(item)
                if entry.name == keep:
                    select = item
            head.setExpanded(True)
        if select is not None:
            self.setCurrentItem(select)

    def card_items(self) -> list[QTreeWidgetItem]:
        return [self.topLevelItem(i).child(j) for i in range(self.topLevelItemCount())
                for j in range(self.topLevelItem(i).childCount())]

    def groups(self) -> dict[str, int]:
        """Group title -> number of cards (what the list shows)."""
        return {self.topLevelItem(i).text(1): int(self.topLevelItem(i).text(0))
                for i in range(self.topLevelItemCount())}

    def current_card(self) -> str | None:
        item = self.currentItem()
        name = item.data(0, NameRole) if item is not None else None
        return str(name) if name else None

    def select_card(self, name: str) -> bool:
        for item in self.card_items():
            if item.data(0, NameRole) == name:
                self.setCurrentItem(item)
                return True
        return False

    # -- keys and mouse --------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        name = self.current_card()
        key = event.key()
        if name and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.add_requested.emit(name, self.section)
        elif name and key in (Qt.Key.Key_Minus, Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            everything = key == Qt.Key.Key_Delete and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            self.remove_requested.emit(name, self.section, 0 if everything else 1)
        else:
            super().keyPressEvent(event)

    def _on_entered(self, item: QTreeWidgetItem | None) -> None:
        name = item.data(0, NameRole) if item is not None else None
        if name:
            self.hovered.emit(str(name))

    def _on_double_clicked(self, item: QTreeWidgetItem) -> None:
        name = item.data(0, NameRole)
        if name:
            self.add_requested.emit(str(name), self.section)

    # -- drag and drop ---------------------------------------------------------------------------------
    def mimeTypes(self) -> list[str]:
        return [CARD_MIME]

    def mimeData(self, items: list[QTreeWidgetItem]) -> QMimeData:
        names = [str(i.data(0, NameRole)) for i in items if i.data(0, NameRole)]
        return card_mime(names, self.section)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self._accept(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self._accept(event)

    def _accept(self, event: QDragEnterEvent | QDragMoveEvent) -> None:
        payload = read_card_mime(event.mimeData())
        if payload is not None and payload[1] != self.section:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        payload = read_card_mime(event.mimeData())
        if payload is None or payload[1] == self.section:
            event.ignore()
            return
        names, source = payload
        for name in names:
            if source in SECTION_TITLES:
                self.move_requested.emit(name, source, self.section)
            else:
                self.add_requested.emit(name, self.section)
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()

    def startDrag(self, actions: Qt.DropAction) -> None:  # noqa: N802 - Qt's name
        super().startDrag(Qt.DropAction.CopyAction | Qt.DropAction.MoveAction)


class SectionPanel(QGroupBox):
    """A section's list under a title with its card count."""

    def __init__(self, view: DeckSectionView, parent: QWidget | None = None) -> None:
        super().__init__(SECTION_TITLES[view.section], parent)
        self.view = view
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(view)

    def set_count(self, count: int) -> None:
        self.setTitle(f"{SECTION_TITLES[self.view.section]} — {count} card{'s' if count != 1 else ''}")

