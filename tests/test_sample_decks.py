"""Checks the sample decks in assets/decks/ against the constructed deck rules (100.2a, 100.4a)
and against the starter pool: every card must ship in cardsdb/data/starter-pool.json.

Deck file format: "<count> <card name>" lines for the main deck, then a blank line, a line
"Sideboard", and the sideboard's "<count> <card name>" lines.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DECK_DIR = ROOT / "assets" / "decks"
POOL_FILE = ROOT / "cardsdb" / "data" / "starter-pool.json"
EXPECTED_DECKS = {"red-burn.txt", "white-weenie.txt", "ub-control.txt", "green-ramp.txt",
                  "rg-aggro.txt", "wu-fliers.txt"}
LINE = re.compile(r"([1-9]\d*) (\S.*)")
BASIC_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass
class Deck:
    main: Counter[str] = field(default_factory=Counter)
    sideboard: Counter[str] = field(default_factory=Counter)


def read_deck(text: str) -> Deck:
    """Parse the plain-text deck format; raise ValueError naming the bad line."""
    deck = Deck()
    section = deck.main
    seen_sideboard = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line == "Sideboard":
            if seen_sideboard:
                raise ValueError(f"line {number}: second Sideboard header")
            seen_sideboard = True
            section = deck.sideboard
            continue
        match = LINE.fullmatch(line)
        if match is None:
            raise ValueError(f"line {number}: expected '<count> <card name>', got {line!r}")
        section[match.group(2)] += int(match.group(1))
    return deck


@pytest.fixture(scope="module")
def pool() -> dict[str, dict[str, Any]]:
    with POOL_FILE.open(encoding="utf-8") as handle:
        cards = json.load(handle)["data"]["cards"]
    return {card["name"]: card for card in cards}


def deck_paths() -> list[Path]:
    return sorted(DECK_DIR.glob("*.txt"))


def is_basic_land(card: dict[str, Any]) -> bool:
    return "Basic" in card["supertypes"] and "Land" in card["types"]


def land_colors(card: dict[str, Any]) -> set[str]:
    colors = {BASIC_LAND_COLORS[s] for s in card["subtypes"] if s in BASIC_LAND_COLORS}
    text = re.sub(r"\([^()]*\)", "", card.get("text", ""))
    colors.update(re.findall(r"\{([WUBRG])\}", text))
    return colors


def test_expected_decks_exist() -> None:
    assert EXPECTED_DECKS <= {path.name for path in deck_paths()}


def test_reader_parses_and_rejects() -> None:
    deck = read_deck("4 Lightning Bolt\n2 Lightning Bolt\n20 Mountain\n\nSideboard\n3 Pyroclasm\n")
    assert deck.main == Counter({"Lightning Bolt": 6, "Mountain": 20})
    assert deck.sideboard == Counter({"Pyroclasm": 3})
    for bad in ("4x Lightning Bolt", "Lightning Bolt", "0 Shock", "4 Shock\nSideboard\nSideboard"):
        with pytest.raises(ValueError):
            read_deck(bad)


@pytest.mark.parametrize("path", deck_paths(), ids=lambda p: p.name)
def test_deck_cards_are_in_the_pool(path: Path, pool: dict[str, dict[str, Any]]) -> None:
    deck = read_deck(path.read_text(encoding="utf-8"))
    assert sorted((set(deck.main) | set(deck.sideboard)) - set(pool)) == []


@pytest.mark.rules("100.2a", "100.4a")
@pytest.mark.parametrize("path", deck_paths(), ids=lambda p: p.name)
def test_deck_is_constructed_legal(path: Path, pool: dict[str, dict[str, Any]]) -> None:
    deck = read_deck(path.read_text(encoding="utf-8"))
    assert sum(deck.main.values()) >= 60
    assert sum(deck.sideboard.values()) <= 15
    combined = deck.main + deck.sideboard
    over = {name: n for name, n in combined.items() if n > 4 and not is_basic_land(pool[name])}
    assert over == {}


@pytest.mark.rules("100.2a")
def test_four_of_rule_catches_a_fifth_copy(pool: dict[str, dict[str, Any]]) -> None:
    deck = read_deck("4 Lightning Bolt\n56 Mountain\n\nSideboard\n1 Lightning Bolt\n")
    combined = deck.main + deck.sideboard
    over = {name for name, n in combined.items() if n > 4 and not is_basic_land(pool[name])}
    assert over == {"Lightning Bolt"}


@pytest.mark.parametrize("path", deck_paths(), ids=lambda p: p.name)
def test_deck_mana_base_is_sensible(path: Path, pool: dict[str, dict[str, Any]]) -> None:
    deck = read_deck(path.read_text(encoding="utf-8"))
    lands = {name: n for name, n in deck.main.items() if "Land" in pool[name]["types"]}
    assert 20 <= sum(lands.values()) <= 26
    produced = set().union(*(land_colors(pool[name]) for name in lands))
    needed = set().union(*(set(pool[name]["colors"]) for name in deck.main))
    assert needed <= produced, f"no land makes {sorted(needed - produced)}"
    assert produced <= needed, f"lands for colours no spell uses: {sorted(produced - needed)}"


@pytest.mark.parametrize("path", deck_paths(), ids=lambda p: p.name)
def test_the_ai_plays_every_card_of_a_sample_deck(path: Path) -> None:
    """The sample decks are the AI's too, and the AI plays no card by hand (issue 12): the engine reads all
    of their text."""
    import engine  # noqa: F401 - installs the compiler
    from engine.core.cards import default_pool

    deck = read_deck(path.read_text(encoding="utf-8"))
    by_hand = {name: default_pool().get(name).unsupported for name in deck.main}
    assert not {name: unread for name, unread in by_hand.items() if unread}
