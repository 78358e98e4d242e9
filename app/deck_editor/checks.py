"""The deck editor's live checks: card counts (100.2a, 100.4a, 903.5a), copy limits (100.2a),
format legality and unknown names (through cardsdb.validation), and which cards the rules engine
cannot enforce yet, so they are playable in the sandbox only. No Qt here."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable

from cardsdb.database import CardDatabase
from cardsdb.decks import SECTIONS, Deck
from cardsdb.validation import COMMANDER_FORMATS, check_deck

OK, PROBLEM, SANDBOX, NOTE = "ok", "problem", "sandbox", "note"


@dataclass(frozen=True)
class CheckItem:
    level: str                       # OK, PROBLEM, SANDBOX or NOTE
    message: str
    rule: str | None = None          # Comprehensive Rules number, when a rule is broken
    card: str | None = None
    suggestions: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


def _engine_pool() -> Any:
    from engine.core.cards import default_pool

    return default_pool()


class RulesSupport:
    """What the rules engine's Oracle compiler could not read, per card: a CardDef's `unsupported`
    sentences. The engine is optional here: without it the answer is "unknown", said once."""

    def __init__(self, loader: Callable[[], Any] = _engine_pool) -> None:
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
                    self._reasons[name] = self._lookup(name)
            except ImportError as exc:
                self.error = f"the rules engine is not installed ({exc.name or exc})"
            except Exception as exc:  # noqa: BLE001 - any engine failure only costs this check
                self._pool = None
                self.error = f"the rules engine's card pool could not be loaded ({exc})"
            self.loaded = True

    @property
    def available(self) -> bool:
        return self.loaded and self._pool is not None

    def reasons(self, name: str) -> tuple[str, ...] | None:
        """The sentences the engine cannot enforce (empty: fully supported); None when the engine
        does not know the card at all."""
        if name not in self._reasons:
            self._reasons[name] = self._lookup(name)
        return self._reasons[name]

    def _lookup(self, name: str) -> tuple[str, ...] | None:
        try:
            card = self._pool.get(name)
        except KeyError:
            return None
        except Exception as exc:  # noqa: BLE001 - a card the compiler chokes on is not enforceable
            return (f"the Oracle compiler failed: {exc}",)
        return tuple(str(s) for s in getattr(card, "unsupported", ()))


def live_checks(deck: Deck, db: CardDatabase, play_format: str | None,
                support: RulesSupport | None) -> list[CheckItem]:
    """Everything the checks panel shows, problems first."""
    result = check_deck(deck, db, play_format)
    items: list[CheckItem] = []
    for problem in result.problems:
        items.append(CheckItem(PROBLEM, problem.message, problem.rule, problem.card,
                               tuple(problem.suggestions)))
    items += [CheckItem(NOTE, note) for note in result.notes]
    items += _support_items(result.deck, db, support)
    fmt = (play_format or "").lower()
    main, side = result.deck.count("main"), result.deck.count("sideboard")
    if fmt in COMMANDER_FORMATS:
        size = f"{main + result.deck.count('commander')} cards with the commander"
    else:
        size = f"main deck {main} cards, sideboard {side}"
    where = f"in {fmt}" if fmt else "for constructed play"
    if result.legal:
        items.insert(0, CheckItem(OK, f"Legal {where}: {size}"))
    else:
        count = len(result.problems)
        items.insert(0, CheckItem(PROBLEM, f"Not legal {where}: {count} problem"
                                  f"{'s' if count != 1 else ''} ({size})"))
    return items


def _support_items(deck: Deck, db: CardDatabase, support: RulesSupport | None) -> list[CheckItem]:
    if support is None or not support.loaded:
        return [CheckItem(NOTE, "Rules support: checking which cards the engine can enforce…")]
    if not support.available:
        return [CheckItem(NOTE, f"Rules support unknown: {support.error}. Every card can be played "
                                "in the sandbox.")]
    items = []
    # a name the card database does not know is reported as unknown already
    names = [n for n in dict.fromkeys(e.name for s in SECTIONS for e in deck.section(s)) if db.record(n)]
    for name in names:
        reasons = support.reasons(name)
        if reasons is None:
            items.append(CheckItem(SANDBOX, f"{name}: sandbox only — the rules engine does not "
                                            "know this card", card=name))
        elif reasons:
            quoted = "; ".join(f"“{r}”" for r in reasons)
            items.append(CheckItem(SANDBOX, f"{name}: sandbox only — the rules engine cannot "
                                            f"enforce {quoted}", card=name))
    return items
