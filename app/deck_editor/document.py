"""The deck being edited: a cardsdb Deck changed only through undoable edits, with the name it is
saved under in the card database and whether it has unsaved changes."""
from __future__ import annotations

import copy
from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from cardsdb.decks import SECTIONS, Deck, DeckEntry

MAIN, SIDEBOARD, COMMANDER = "main", "sideboard", "commander"
SECTION_TITLES = {MAIN: "Main deck", SIDEBOARD: "Sideboard", COMMANDER: "Commander"}


def find_entry(entries: list[DeckEntry], name: str) -> DeckEntry | None:
    return next((e for e in entries if e.name == name), None)


def add_card(deck: Deck, section: str, name: str, count: int = 1) -> None:
    entries = deck.section(section)
    entry = find_entry(entries, name)
    if entry is None:
        entries.append(DeckEntry(name, count))
    else:
        entry.count += count


def remove_card(deck: Deck, section: str, name: str, count: int | None = 1) -> int:
    """Takes `count` copies (None: all) out of a section; returns how many were taken."""
    entries = deck.section(section)
    entry = find_entry(entries, name)
    if entry is None:
        return 0
    taken = entry.count if count is None else min(count, entry.count)
    entry.count -= taken
    if entry.count <= 0:
        entries.remove(entry)
    return taken


def rename_card(deck: Deck, old: str, new: str) -> None:
    for section in SECTIONS:
        count = remove_card(deck, section, old, None)
        if count and new:
            add_card(deck, section, new, count)


class _Edit(QUndoCommand):
    def __init__(self, document: "DeckDocument", text: str, before: Deck, after: Deck) -> None:
        super().__init__(text)
        self.document, self.before, self.after = document, before, after

    def redo(self) -> None:
        self.document._replace(self.after)

    def undo(self) -> None:
        self.document._replace(self.before)


class DeckDocument(QObject):
    changed = Signal()          # the cards, the format or the name
    dirty_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.deck = Deck()
        self.stored_name: str | None = None   # its name in the card database, once saved
        self.undo_stack = QUndoStack(self)
        self._unsaved_load = False             # a deck that came from a file or a recovery copy
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)

    @property
    def dirty(self) -> bool:
        return self._unsaved_load or not self.undo_stack.isClean()

    def _on_clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(self._unsaved_load or not clean)

    @property
    def is_empty(self) -> bool:
        return not (self.deck.main or self.deck.sideboard or self.deck.commander)

    def _replace(self, deck: Deck) -> None:
        self.deck = copy.deepcopy(deck)
        self.changed.emit()

    # -- edits ----------------------------------------------------------------------------------
    def edit(self, text: str, change: Callable[[Deck], object]) -> bool:
        """Applies `change` to a copy of the deck as one undoable step; False if nothing changed."""
        after = copy.deepcopy(self.deck)
        change(after)
        if after == self.deck:
            return False
        self.undo_stack.push(_Edit(self, text, copy.deepcopy(self.deck), after))
        return True

    def add(self, name: str, section: str = MAIN, count: int = 1) -> bool:
        return self.edit(f"Add {name}", lambda d: add_card(d, section, name, count))

    def remove(self, name: str, section: str = MAIN, count: int | None = 1) -> bool:
        return self.edit(f"Remove {name}", lambda d: remove_card(d, section, name, count))

    def move(self, name: str, source: str, target: str, count: int | None = 1) -> bool:
        def change(d: Deck) -> None:
            taken = remove_card(d, source, name, count)
            if taken:
                add_card(d, target, name, taken)

        return self.edit(f"Move {name} to the {SECTION_TITLES[target].lower()}", change)

    def set_counts(self, text: str, section: str, counts: dict[str, int]) -> bool:
        """Sets the number of copies of each named card in a section (0 takes it out)."""
        def change(d: Deck) -> None:
            for name, wanted in counts.items():
                entry = find_entry(d.section(section), name)
                have = entry.count if entry else 0
                if wanted > have:
                    add_card(d, section, name, wanted - have)
                elif wanted < have:
                    remove_card(d, section, name, have - wanted)

        return self.edit(text, change)

    def rename_card(self, old: str, new: str) -> bool:
        """Every entry named `old` becomes `new` ("" takes it out): fixing an unknown name."""
        return self.edit(f"Replace {old}", lambda d: rename_card(d, old, new))

    def set_format(self, play_format: str | None) -> bool:
        return self.edit("Change format", lambda d: setattr(d, "format", play_format or None))

    # -- whole decks ------------------------------------------------------------------------------
    def load(self, deck: Deck, stored_name: str | None, unsaved: bool = False) -> None:
        """A deck opened from the database (`stored_name`), or an unsaved one (a new deck, an import,
        a recovery copy)."""
        self.undo_stack.clear()
        self.stored_name = stored_name
        self._unsaved_load = unsaved
        self._replace(deck)
        self.dirty_changed.emit(self.dirty)

    def mark_saved(self, name: str) -> None:
        self.stored_name = name
        if self.deck.name != name:
            self.deck.name = name
            self.changed.emit()
        self._unsaved_load = False
        self.undo_stack.setClean()
        self.dirty_changed.emit(False)
