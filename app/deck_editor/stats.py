"""Deck statistics: mana curve (mana value, 202.3), the colored mana symbols of the spells (107.4)
against the colors the lands can produce (106.1, basic land types 305.6), card type counts (205.2),
average mana value, and the hypergeometric chance to draw a card by a given turn (opening hand of
seven, 103.4; the player who goes first skips the first draw, 103.8a). No Qt here."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Iterable

from cardsdb.database import CardRecord

COLORS = "WUBRG"
SOURCE_COLORS = "WUBRGC"  # colorless too: {C} costs need colorless sources
CURVE_TOP = 7             # the last bar counts mana value 7 and more
HAND_SIZE = 7             # 103.4
TYPE_ORDER = ("Land", "Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact",
              "Enchantment", "Kindred")
BASIC_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_SYMBOL = re.compile(r"\{([^}]+)\}")
_ADD = re.compile(r"\badd\b([^.]*)", re.IGNORECASE)
_ANY_COLOR = re.compile(r"any color|any one color|any combination of colors", re.IGNORECASE)

Counted = Iterable[tuple[CardRecord | None, int]]


def is_land(record: CardRecord) -> bool:
    return "Land" in record.types


def primary_type(record: CardRecord | None) -> str:
    """The group a card is listed under: lands first (a land creature is a mana source to a deck
    builder), then the first card type in TYPE_ORDER it has; "Other" for none, "Unknown" when the
    database does not know the card."""
    if record is None:
        return "Unknown"
    for card_type in TYPE_ORDER:
        if card_type in record.types:
            return card_type
    return "Other"


def curve_bucket(record: CardRecord) -> int:
    return min(CURVE_TOP, int(record.mana_value))


def cost_pips(mana_cost: str | None) -> dict[str, int]:
    """Colored (and colorless {C}) symbols of a mana cost; a hybrid or Phyrexian symbol counts for
    each color it names (107.4e, 107.4f)."""
    pips: dict[str, int] = {}
    for symbol in _SYMBOL.findall(mana_cost or ""):
        for color in dict.fromkeys(part for part in symbol.upper().split("/")
                                   if part in SOURCE_COLORS):
            pips[color] = pips.get(color, 0) + 1
    return pips


def land_colors(record: CardRecord) -> str:
    """The colors a land can add: its mana abilities' symbols, "any color", and the intrinsic
    ability of each basic land type (305.6)."""
    found: set[str] = {color for subtype, color in BASIC_LAND_COLORS.items()
                       if subtype in record.subtypes}
    for clause in _ADD.findall(record.oracle_text or ""):
        if _ANY_COLOR.search(clause):
            found.update(COLORS)
        for symbol in _SYMBOL.findall(clause):
            found.update(ch for ch in symbol.upper().split("/") if ch in SOURCE_COLORS)
    return "".join(c for c in SOURCE_COLORS if c in found)


def draw_chance(deck_size: int, copies: int, turn: int, on_the_play: bool = True,
                hand_size: int = HAND_SIZE) -> float:
    """The chance to have drawn at least one of `copies` cards by `turn`: one minus the
    hypergeometric chance that none is among the cards seen."""
    if deck_size <= 0 or copies <= 0 or turn < 1:
        return 0.0
    copies = min(copies, deck_size)
    seen = min(deck_size, hand_size + turn - (1 if on_the_play else 0))
    return 1.0 - math.comb(deck_size - copies, seen) / math.comb(deck_size, seen)


@dataclass
class DeckStats:
    cards: int = 0
    lands: int = 0
    curve: list[int] = field(default_factory=lambda: [0] * (CURVE_TOP + 1))
    types: dict[str, int] = field(default_factory=dict)
    spell_pips: dict[str, int] = field(default_factory=dict)
    land_sources: dict[str, int] = field(default_factory=dict)
    mana_value_total: float = 0.0
    spells: int = 0
    unknown: int = 0

    @property
    def average_mana_value(self) -> float:
        """Of the nonland cards, as deck builders quote it."""
        return self.mana_value_total / self.spells if self.spells else 0.0


def deck_stats(cards: Counted) -> DeckStats:
    stats = DeckStats()
    for record, count in cards:
        stats.cards += count
        if record is None:
            stats.unknown += count
            continue
        for card_type in TYPE_ORDER:
            if card_type in record.types:
                stats.types[card_type] = stats.types.get(card_type, 0) + count
        if is_land(record):
            stats.lands += count
            for color in land_colors(record):
                stats.land_sources[color] = stats.land_sources.get(color, 0) + count
            continue
        stats.spells += count
        stats.mana_value_total += record.mana_value * count
        stats.curve[curve_bucket(record)] += count
        for color, n in cost_pips(record.mana_cost).items():
            stats.spell_pips[color] = stats.spell_pips.get(color, 0) + n * count
    return stats
