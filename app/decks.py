"""Deck lists for a new game: the sample decks in assets/decks/ in plain text (`4 Lightning Bolt`)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from app.paths import SAMPLE_DECKS

_LINE = re.compile(r"^(\d+)\s*x?\s+(.+?)\s*$", re.IGNORECASE)


class DeckError(ValueError):
    """A deck file that cannot be read; the message names the file and line."""


@dataclass
class DeckList:
    name: str
    main: list[tuple[int, str]] = field(default_factory=list)
    sideboard: list[tuple[int, str]] = field(default_factory=list)

    def main_names(self) -> list[str]:
        """The main deck as the engine takes it: one card name per card."""
        return [name for count, name in self.main for _ in range(count)]

    @property
    def size(self) -> int:
        return sum(count for count, _ in self.main)


def parse_plain_text(text: str, name: str) -> DeckList:
    """Reads `4 Lightning Bolt` / `4x Shock` lines, a `Sideboard` header or `SB:` prefixes, `#` and `//` comments."""
    deck = DeckList(name)
    in_sideboard = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.rstrip(":").lower() in ("sideboard", "sb"):
            in_sideboard = True
            continue
        if line.rstrip(":").lower() in ("deck", "main", "maindeck", "main deck"):
            in_sideboard = False
            continue
        target_sb = in_sideboard
        if line[:3].lower() == "sb:":
            target_sb, line = True, line[3:].strip()
        match = _LINE.match(line)
        if not match:
            raise DeckError(f"{name}, line {number}: expected '<count> <card name>', found {raw.strip()!r}")
        entry = (int(match.group(1)), match.group(2))
        (deck.sideboard if target_sb else deck.main).append(entry)
    if not deck.main:
        raise DeckError(f"{name}: the deck has no main-deck cards")
    return deck


def load_deck(path: Path) -> DeckList:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DeckError(f"{path.name}: cannot be read ({exc})") from exc
    return parse_plain_text(text, deck_title(path))


def deck_title(path: Path) -> str:
    """`red-burn.txt` -> `Red Burn`; color pairs stay in capitals: `ub-control.txt` -> `UB Control`."""
    words = re.sub(r"[-_]+", " ", path.stem).split()
    return " ".join(w.upper() if len(w) <= 3 and set(w.upper()) <= set("WUBRGC") else w.capitalize()
                    for w in words)


def sample_decks(folder: Path = SAMPLE_DECKS) -> dict[str, Path]:
    """The shipped decks by title, sorted."""
    if not folder.is_dir():
        return {}
    return {deck_title(p): p for p in sorted(folder.glob("*.txt"))}
