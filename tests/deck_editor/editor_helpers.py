"""Helpers shared by the deck editor tests."""
from __future__ import annotations

from app.deck_editor.window import DeckEditorWindow


class FakeCard:
    def __init__(self, unsupported: tuple[str, ...] = ()) -> None:
        self.unsupported = unsupported


class FakePool:
    """The engine's CardPool as the editor uses it: get(name) -> CardDef, KeyError when unknown."""

    def __init__(self, known: set[str], unsupported: dict[str, tuple[str, ...]] | None = None) -> None:
        self.known = known
        self.unsupported = unsupported or {}

    def names(self) -> list[str]:
        return sorted(self.known)

    def get(self, name: str) -> FakeCard:
        if name not in self.known:
            raise KeyError(name)
        if name == "Broken Card":
            raise ValueError("no grammar for this")
        return FakeCard(self.unsupported.get(name, ()))


def make_editor(qtbot, db_path, qsettings, tmp_path, rules) -> DeckEditorWindow:
    editor = DeckEditorWindow(db_path=db_path, qsettings=qsettings, card_cache=tmp_path / "cards", rules=rules)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitUntil(lambda: editor.results.request is not None, timeout=5000)
    return editor



def search(qtbot, editor: DeckEditorWindow, text: str) -> None:
    """Types a query (replacing the box) and waits for its results."""
    with qtbot.waitSignal(editor.results.applied, timeout=5000):
        editor.search.setText(text)


def names(editor: DeckEditorWindow) -> list[str]:
    return [row.record.name for row in editor.results.rows]


def main_counts(editor: DeckEditorWindow) -> dict[str, int]:
    return {e.name: e.count for e in editor.document.deck.main}
