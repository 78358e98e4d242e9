"""Which cards of a deck the rules engine can't fully play yet: the sentences of their Oracle text its
compiler does not read. Shared by the deck editor's checks panel and `python -m cardsdb deck check`.

The engine is optional here (a checkout or install without it still checks decks): it is imported
when first needed, and without it the answer is "unknown", said once. cardsdb never needs the engine
otherwise, and the engine never imports cardsdb.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

from .database import CardDatabase
from .decks import SECTIONS, Deck


class EngineCards:
    """The rules engine's view of a card: its compiled definition, from the card database's record
    (so an imported card is judged by its own text), else from the engine's bundled starter pool."""

    def __init__(self) -> None:
        # Imported here: the engine is optional, and loading it costs a fraction of a second.
        import engine  # noqa: F401 - installs the compiler (engine.wiring)
        from engine.core.cards import default_pool, definition

        self._pool = default_pool()
        self._definition = definition

    def names(self) -> list[str]:
        return self._pool.names()

    def get(self, name: str) -> Any:
        return self._pool.get(name)

    def compile(self, record: dict[str, Any]) -> Any:
        return self._definition(record)


class RulesSupport:
    """What the rules engine's Oracle compiler could not read, per card: a CardDef's `unsupported`
    sentences. The engine is optional here: without it the answer is "unknown", said once."""

    def __init__(self, loader: Callable[[], Any] = EngineCards) -> None:
        self._loader = loader
        self._pool: Any = None
        self._lock = threading.Lock()
        self.error: str | None = None
        self.loaded = False
        self._reasons: dict[str, tuple[str, ...] | None] = {}

    def load(self) -> None:
        """Load the engine's card pool (a fraction of a second: call it off the GUI thread)."""
        with self._lock:
            if self.loaded:
                return
            try:
                self._pool = self._loader()
                # the pool compiles each card on first use: do it here, off the GUI thread
                for name in getattr(self._pool, "names", list)():
                    self._reasons[name] = self._lookup(name, None)
            except ImportError as exc:
                self.error = f"the rules engine is not installed ({exc.name or exc})"
            except Exception as exc:  # noqa: BLE001 - any engine failure only costs this check
                self._pool = None
                self.error = f"the rules engine's card pool could not be loaded ({exc})"
            self.loaded = True

    @property
    def available(self) -> bool:
        return self.loaded and self._pool is not None

    def reasons(self, name: str, db: CardDatabase | None = None) -> tuple[str, ...] | None:
        """The sentences the engine cannot enforce (empty: fully supported); None when the engine
        does not know the card at all. With `db`, a card the engine's own pool lacks is compiled from
        the database's record."""
        if self._reasons.get(name) is None:
            self._reasons[name] = self._lookup(name, db)
        return self._reasons[name]

    def _lookup(self, name: str, db: CardDatabase | None) -> tuple[str, ...] | None:
        try:
            try:
                card = self._pool.get(name)
            except KeyError:
                record = db.card(name) if db is not None and hasattr(self._pool, "compile") else None
                if record is None:
                    return None
                card = self._pool.compile(record)
        except Exception as exc:  # noqa: BLE001 - a card the compiler chokes on is not enforceable
            return (f"the Oracle compiler failed: {exc}",)
        return tuple(str(s) for s in getattr(card, "unsupported", ()))

    def unsupported(self, deck: Deck, db: CardDatabase) -> list[dict[str, Any]]:
        """`[{"name": ..., "unread": [...]}]` for the deck's cards the engine can't fully play (a card
        it does not know at all: unread is the whole reason)."""
        out = []
        for name in deck_names(deck, db):
            reasons = self.reasons(name, db)
            if reasons is None:
                out.append({"name": name, "unread": ["the rules engine does not know this card"]})
            elif reasons:
                out.append({"name": name, "unread": list(reasons)})
        return out


def deck_names(deck: Deck, db: CardDatabase) -> list[str]:
    """The deck's card names, each once, that the database knows (an unknown name is reported as
    unknown by the deck check already)."""
    return [n for n in dict.fromkeys(e.name for s in SECTIONS for e in deck.section(s)) if db.record(n)]
