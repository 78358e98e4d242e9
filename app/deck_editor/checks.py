"""The deck editor's live checks: card counts (100.2a, 100.4a, 903.5a), copy limits (100.2a),
format legality and unknown names (through cardsdb.validation), and which cards the rules engine
cannot enforce yet, so a rules game plays their unread text by hand (or the sandbox plays them). No Qt here."""
from __future__ import annotations

from dataclasses import dataclass

from cardsdb.database import CardDatabase
from cardsdb.decks import Deck
from cardsdb.rules_support import RulesSupport, deck_names
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
    for name in deck_names(deck, db):
        reasons = support.reasons(name, db)
        if reasons is None:
            items.append(CheckItem(SANDBOX, f"{name}: sandbox only — the rules engine does not "
                                            "know this card", card=name))
        elif reasons:
            quoted = "; ".join(f"“{r}”" for r in reasons)
            items.append(CheckItem(SANDBOX, f"{name}: by hand — the rules engine cannot enforce {quoted}; "
                                            "a rules game plays it by hand", card=name))
    return items
