"""Cards whose text the rules engine can't fully read yet, before a rules-enforced game (issue 12): the New
game dialog lists them with the sentences not read, and the players either change decks or play them by
hand (engine.effects.by_hand). The engine's view of a card comes from cardsdb.rules_support, the same one the
deck editor's checks and `cardsdb deck check` use. No Qt here."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardsdb.database import CardDatabase
from cardsdb.paths import default_db_path
from cardsdb.rules_support import RulesSupport

_SUPPORT = RulesSupport()  # loaded once per run, on the first rules game's check


@dataclass(frozen=True)
class UnreadCard:
    player: int  # whose deck (0-based)
    name: str
    sentences: tuple[str, ...]

    def line(self, player_name: str) -> str:
        return f"{player_name} · {self.name}: " + "; ".join(f"“{s}”" for s in self.sentences)


def unread_cards(decks: list[list[str]], db_path: Path | None = None,
                 support: RulesSupport | None = None) -> list[UnreadCard]:
    """Each deck's cards the engine does not fully read, once per deck, in deck order. A name nobody knows
    is left to the game's own refusal; without the engine the list is empty (the game says why)."""
    support = support or _SUPPORT
    support.load()
    if not support.available:
        return []
    path = db_path or default_db_path()
    db = CardDatabase(path) if path.is_file() else None
    try:
        return [UnreadCard(i, name, tuple(reasons)) for i, deck in enumerate(decks) for name in dict.fromkeys(deck)
                if (reasons := support.reasons(name, db))]
    finally:
        if db is not None:
            db.close()
