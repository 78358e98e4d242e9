"""The deck editor's commands on whole decks: decks kept in the card database (new, open, save,
save as, duplicate, delete), unsaved changes asked about and recovered after a crash, import and
export in every deck format from a file or the clipboard, unknown names fixed on the spot.

A mixin of DeckEditorWindow: the methods use the window's document, database, preferences,
recovery file and status bar, and its dialogs are the window's."""
from __future__ import annotations

import copy
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QMenu

from cardsdb.database import CardDatabase, CardRecord
from cardsdb.decks import (EXTENSIONS, FORMATS, Deck, DeckFormatError, ParsedDeck, read_deck, read_deck_file,
                           save_deck_file, write_deck)
from cardsdb.validation import resolve_names

from app.deck_editor.document import COMMANDER, MAIN, SIDEBOARD, DeckDocument, rename_card
from app.deck_editor.editor_dialogs import OpenDeckDialog, UnknownCardsDialog
from app.deck_editor.prefs import EditorPrefs
from app.deck_editor.recovery import RecoveryError, RecoveryFile, left_behind, read_recovery
from app.decks import deck_title
from app.modal import SAVE_DISCARD_CANCEL, Button, ask, ask_text, choose_file, inform, run_modal

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance
    from PySide6.QtWidgets import QStatusBar

FORMAT_LABELS = {"text": "Plain text", "arena": "MTG Arena", "mtgo": "MTGO", "cockatrice": "Cockatrice",
                 "forge": "Forge"}


def file_filter(fmt: str) -> str:
    return f"{FORMAT_LABELS[fmt]} (*{EXTENSIONS[fmt]})"


class DeckCommands:
    document: DeckDocument
    db: CardDatabase
    prefs: EditorPrefs
    recovery: RecoveryFile
    recent_menu: QMenu
    decks_changed: SignalInstance
    _closed: bool

    if TYPE_CHECKING:
        def statusBar(self) -> QStatusBar: ...  # noqa: N802, E704
        def record(self, name: str) -> CardRecord | None: ...  # noqa: E704
        def focus_search(self) -> None: ...  # noqa: E704
        def _action(self, menu: QMenu, text: str, slot, shortcut=None): ...  # noqa: ANN001, ANN202, E704

    # -- deck commands ----------------------------------------------------------------------------------
    def maybe_discard(self) -> bool:
        """True when the current deck may be replaced: saved, or the player chose to save or discard."""
        if not self.document.dirty:
            return True
        name = self.document.stored_name or self.document.deck.name or "the new deck"
        answer = ask(self, "Unsaved changes", f"Save the changes to {name}?", SAVE_DISCARD_CANCEL, default=Button.Save)
        if answer == Button.Save:
            return self.save()
        if answer == Button.Discard:
            self.recovery.clear()
            return True
        return False

    def new_deck(self) -> bool:
        if not self.maybe_discard():
            return False
        self.document.load(Deck(), None)
        self.focus_search()
        return True

    def open_dialog(self) -> None:
        dialog = OpenDeckDialog(self.db.deck_names(), self)
        if run_modal(dialog) and dialog.chosen():
            self.open_deck(dialog.chosen())  # type: ignore[arg-type]

    def open_deck(self, name: str) -> bool:
        if name == self.document.stored_name and not self.document.dirty:
            return True
        if not self.maybe_discard():
            return False
        deck = self.db.load_deck(name)
        if deck is None:
            self.prefs.drop_recent(name)
            inform(self, "Open deck", f"There is no deck named {name} in the card database.")
            return False
        self.document.load(deck, name)
        self.prefs.add_recent(name)
        self.statusBar().showMessage(f"Opened {name}", 4000)
        return True

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        names = self.prefs.recent
        for i, name in enumerate(names):
            self._action(self.recent_menu, f"&{i + 1} {name}" if i < 9 else name,
                         lambda _=False, n=name: self.open_deck(n))
        self.recent_menu.setEnabled(bool(names))

    def _ask_name(self, title: str, default: str) -> str | None:
        name = (ask_text(self, title, "Deck name:", default) or "").strip()
        if not name:
            return None
        if name != self.document.stored_name and name in self.db.deck_names():
            if ask(self, title, f"A deck named {name} is already saved. Replace it?", default=Button.No) != Button.Yes:
                return None
        return name

    def save(self) -> bool:
        if self.document.stored_name is None:
            return self.save_as()
        return self._store(self.document.stored_name)

    def save_as(self) -> bool:
        name = self._ask_name("Save deck as", self.document.stored_name or self.document.deck.name or "New deck")
        return name is not None and self._store(name)

    def _store(self, name: str, copy_only: bool = False) -> bool:
        deck = copy.deepcopy(self.document.deck)
        deck.name = name
        try:
            self.db.save_deck(deck)
        except (sqlite3.Error, ValueError) as exc:
            inform(self, "Save deck", f"The deck could not be saved: {exc}")
            return False
        if copy_only:
            self.statusBar().showMessage(f"Saved a copy as {name}", 5000)
        else:
            self.document.mark_saved(name)
            self.recovery.clear()
            self.prefs.add_recent(name)
            self.statusBar().showMessage(f"Saved {name}", 4000)
        self.decks_changed.emit(name)
        return True

    def duplicate(self) -> bool:
        """Saves a copy of the deck as it is now under another name; the editor stays on this deck."""
        base = self.document.stored_name or self.document.deck.name or "New deck"
        name = self._ask_name("Duplicate deck", f"{base} (copy)")
        return name is not None and self._store(name, copy_only=True)

    def delete_deck(self) -> bool:
        name = self.document.stored_name
        if name is None:
            return False
        answer = ask(self, "Delete deck", f"Delete {name} from the card database? This cannot be undone.",
                     default=Button.No)
        if answer != Button.Yes:
            return False
        self.db.delete_deck(name)
        self.prefs.drop_recent(name)
        self.recovery.clear()
        self.document.load(Deck(), None)
        self.decks_changed.emit(name)
        self.statusBar().showMessage(f"Deleted {name}", 5000)
        return True

    # -- import and export -----------------------------------------------------------------------------
    def import_file(self, path: str | Path | None = None) -> bool:
        if path is None:
            filters = "Deck files (*.txt *.dek *.cod *.dck);;All files (*)"
            path, _ = choose_file(self, "Import deck", "", filters)
            if not path:
                return False
        try:
            parsed = read_deck_file(path)
        except (DeckFormatError, OSError) as exc:
            inform(self, "Import deck", f"{Path(path).name} cannot be imported: {exc}")
            return False
        if parsed.deck.name == Path(path).stem:  # no name inside: "red-burn.txt" becomes "Red Burn"
            parsed.deck.name = deck_title(Path(path))
        return self.import_parsed(parsed)

    def import_clipboard(self) -> bool:
        text = QApplication.clipboard().text()
        if not text.strip():
            inform(self, "Import deck", "The clipboard holds no text.", warning=False)
            return False
        try:
            parsed = read_deck(text)
        except DeckFormatError as exc:
            inform(self, "Import deck", f"The clipboard does not hold a deck: {exc}")
            return False
        return self.import_parsed(parsed)

    def import_parsed(self, parsed: ParsedDeck) -> bool:
        """A deck read from a file or the clipboard becomes the unsaved deck being edited, names
        resolved to Oracle names; unknown names are offered for fixing first."""
        if not self.maybe_discard():
            return False
        deck, problems, _records = resolve_names(parsed.deck, self.db)
        unknown = [p for p in problems if p.card]
        if unknown or parsed.warnings:
            counts = self._card_counts(deck)
            dialog = UnknownCardsDialog([(p.card, counts[p.card], p.suggestions) for p in unknown if p.card],
                                        self.record, parsed.warnings, self)
            if not run_modal(dialog):
                return False
            deck = self._renamed(deck, dialog.replacements())
        self.document.load(deck, None, unsaved=True)
        self.statusBar().showMessage(f"Imported {deck.name or 'a deck'} ({FORMAT_LABELS[parsed.format]}); "
                                     "save it to keep it", 6000)
        return True

    @staticmethod
    def _renamed(deck: Deck, replacements: dict[str, str]) -> Deck:
        for old, new in replacements.items():
            rename_card(deck, old, new)
        return deck

    def _card_counts(self, deck: Deck | None = None) -> dict[str, int]:
        """Copies of each card over all sections."""
        counts: dict[str, int] = {}
        for section in (MAIN, SIDEBOARD, COMMANDER):
            for e in (deck or self.document.deck).section(section):
                counts[e.name] = counts.get(e.name, 0) + e.count
        return counts

    def fix_unknown(self, names: list[str] | None = None) -> bool:
        all_names = self._card_counts()
        wanted = [n for n in (names or list(all_names)) if n in all_names and self.record(n) is None]
        if not wanted:
            self.statusBar().showMessage("Every card in the deck is in the card database.", 4000)
            return False
        dialog = UnknownCardsDialog([(n, all_names[n], self.db.suggestions(n)) for n in wanted], self.record,
                                    parent=self)
        if not run_modal(dialog):
            return False
        for old, new in dialog.replacements().items():
            self.document.rename_card(old, new)
        return True

    def export_file(self, path: str | Path | None = None, fmt: str | None = None) -> bool:
        if path is None:
            name = self.document.stored_name or self.document.deck.name or "deck"
            filters = [file_filter(f) for f in FORMATS]
            path, chosen = choose_file(self, "Export deck", f"{name}.txt", ";;".join(filters), save=True)
            if not path:
                return False
            fmt = FORMATS[filters.index(chosen)] if chosen in filters else "text"
        fmt = fmt or "text"
        if not Path(path).suffix:
            path = f"{path}{EXTENSIONS[fmt]}"
        deck = copy.deepcopy(self.document.deck)
        deck.name = self.document.stored_name or deck.name
        try:
            save_deck_file(deck, path, fmt)
        except OSError as exc:
            inform(self, "Export deck", f"The deck could not be written: {exc}")
            return False
        self.statusBar().showMessage(f"Exported to {path}", 5000)
        return True

    def export_clipboard(self, fmt: str = "text") -> None:
        deck = copy.deepcopy(self.document.deck)
        deck.name = self.document.stored_name or deck.name
        QApplication.clipboard().setText(write_deck(deck, fmt))
        self.statusBar().showMessage(f"Copied the deck as {FORMAT_LABELS[fmt]}", 4000)

    # -- recovery ------------------------------------------------------------------------------------------
    def _schedule_autosave(self) -> None:
        if self.document.dirty:
            self._autosave.start()

    def write_recovery(self) -> None:
        if not self.document.dirty or self._closed:
            return
        try:
            self.recovery.write(self.document.deck, self.document.stored_name)
        except OSError as exc:
            self.statusBar().showMessage(f"The recovery copy could not be written: {exc}", 8000)

    def offer_recovery(self) -> bool:
        """Offers decks left unsaved by an editor that did not close (a crash); True if one was restored."""
        for path in left_behind(self.recovery.folder):
            try:
                found = read_recovery(path)
            except RecoveryError as exc:
                self.statusBar().showMessage(f"A recovery file was unreadable and is kept: {exc}", 8000)
                continue
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(found.saved_at))
            name = found.stored_name or found.deck.name or "a new deck"
            answer = ask(self, "Recover deck", f"The deck editor closed without saving {name} ({found.deck.count()} "
                         f"cards, {when}). Restore it? Discard deletes the copy; Cancel keeps it for later.",
                         Button.Yes | Button.Discard | Button.Cancel)
            if answer == Button.Discard:
                path.unlink(missing_ok=True)
            elif answer == Button.Yes:
                if not self.maybe_discard():
                    return False
                self.document.load(found.deck, found.stored_name, unsaved=True)
                self.write_recovery()
                path.unlink(missing_ok=True)
                return True
            else:
                return False
        return False
