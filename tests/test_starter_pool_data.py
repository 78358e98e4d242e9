"""Checks the shipped starter-pool card data (cardsdb/data/starter-pool.json).

The file is an MTGJSON-shaped set file written by hand for the 216 cards of
../shared/cards/starter-pool.txt. These tests check it against the pool list and
against the rules that tie a card's characteristics together: mana value from the
mana cost (202.3), colour from the mana cost (202.2), colour identity (903.4),
the type line (205), power/toughness (208) and loyalty (209, 306.5b).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA_FILE = ROOT / "cardsdb" / "data" / "starter-pool.json"
POOL_LIST = ROOT.parent / "shared" / "cards" / "starter-pool.txt"

WUBRG = "WUBRG"
SUPERTYPES = {"Basic", "Legendary", "Ongoing", "Snow", "World"}
CARD_TYPES = {"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery"}
PERMANENT_TYPES = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
BASIC_LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
RARITIES = {"common", "uncommon", "rare", "mythic"}
LEGALITY_VALUES = {"Legal", "Banned", "Restricted", "Not Legal"}
MINUS = "\u2212"

# field -> type it must have when present
FIELD_TYPES: dict[str, type] = {
    "name": str, "manaCost": str, "manaValue": float, "convertedManaCost": float,
    "colors": list, "colorIdentity": list, "supertypes": list, "types": list, "subtypes": list,
    "type": str, "text": str, "power": str, "toughness": str, "loyalty": str, "keywords": list,
    "layout": str, "rarity": str, "number": str, "setCode": str, "legalities": dict,
}
REQUIRED = ("name", "manaValue", "convertedManaCost", "colors", "colorIdentity", "supertypes",
            "types", "subtypes", "type", "layout", "rarity", "number", "setCode")

SYMBOL = re.compile(r"\{([^{}]+)\}")
REMINDER = re.compile(r"\([^()]*\)")


def mana_value(cost: str | None) -> float:
    """Mana value of a mana cost string (202.3): X counts 0 (202.3e), a hybrid symbol its
    largest half (202.3f), a Phyrexian symbol 1 (202.3g)."""
    if not cost:
        return 0.0
    if SYMBOL.sub("", cost):
        raise ValueError(f"stray characters in mana cost {cost!r}")
    total = 0
    for symbol in SYMBOL.findall(cost):
        halves = symbol.split("/")
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in {"X", "Y", "Z"}:
            continue
        elif all(h in WUBRG or h in {"C", "P", "S"} or h.isdigit() for h in halves):
            total += max(int(h) if h.isdigit() else 1 for h in halves if h != "P")
        else:
            raise ValueError(f"unknown mana symbol {{{symbol}}} in {cost!r}")
    return float(total)


def symbol_colors(text: str | None) -> set[str]:
    """Colours of the mana symbols in a string (107.4a, 107.4e, 107.4f)."""
    found: set[str] = set()
    for symbol in SYMBOL.findall(text or ""):
        found.update(h for h in symbol.split("/") if h in WUBRG)
    return found


def in_wubrg(colors: set[str]) -> list[str]:
    return [c for c in WUBRG if c in colors]


def card_problems(card: dict[str, Any]) -> list[str]:
    """Every way this card entry is malformed or self-inconsistent (empty when fine)."""
    problems: list[str] = []
    name = card.get("name", "?")

    for field in REQUIRED:
        if field not in card:
            problems.append(f"{name}: missing {field}")
    for field, value in card.items():
        expected = FIELD_TYPES.get(field)
        if expected is None:
            problems.append(f"{name}: unexpected field {field}")
        elif not isinstance(value, expected):
            problems.append(f"{name}: {field} is {type(value).__name__}, not {expected.__name__}")
        elif expected is list and not all(isinstance(v, str) for v in value):
            problems.append(f"{name}: {field} holds non-strings")
    if problems:
        return problems

    types, supertypes, subtypes = card["types"], card["supertypes"], card["subtypes"]
    cost = card.get("manaCost")

    try:
        expected_mv = mana_value(cost)
    except ValueError as err:
        problems.append(f"{name}: {err}")
    else:
        if card["manaValue"] != expected_mv:
            problems.append(f"{name}: manaValue {card['manaValue']} but cost gives {expected_mv}")
    if card["convertedManaCost"] != card["manaValue"]:
        problems.append(f"{name}: convertedManaCost differs from manaValue")
    if ("Land" in types) != (cost is None):
        problems.append(f"{name}: only lands lack a mana cost")

    if card["colors"] != in_wubrg(symbol_colors(cost)):
        problems.append(f"{name}: colors {card['colors']} do not match cost {cost}")
    rules_text = REMINDER.sub("", card.get("text", ""))
    identity = symbol_colors(cost) | symbol_colors(rules_text)
    identity |= {BASIC_LAND_COLORS[s] for s in subtypes if s in BASIC_LAND_COLORS}
    if card["colorIdentity"] != in_wubrg(identity):
        problems.append(f"{name}: colorIdentity {card['colorIdentity']} should be {in_wubrg(identity)}")

    if not set(supertypes) <= SUPERTYPES:
        problems.append(f"{name}: unknown supertypes {supertypes}")
    if not types or not set(types) <= CARD_TYPES:
        problems.append(f"{name}: bad types {types}")
    line = " ".join(supertypes + types)
    if subtypes:
        line += " — " + " ".join(subtypes)
    if card["type"] != line:
        problems.append(f"{name}: type {card['type']!r} should be {line!r}")

    is_creature = "Creature" in types
    for stat in ("power", "toughness"):
        if is_creature != (stat in card):
            problems.append(f"{name}: {stat} present iff creature")
        elif is_creature and not re.fullmatch(r"\d+|\*|\d+\+\*|\*\+\d+", card[stat]):
            problems.append(f"{name}: odd {stat} {card[stat]!r}")
    is_walker = "Planeswalker" in types
    if is_walker != ("loyalty" in card):
        problems.append(f"{name}: loyalty present iff planeswalker")
    elif is_walker and not card["loyalty"].isdigit():
        problems.append(f"{name}: odd loyalty {card['loyalty']!r}")

    text = card.get("text")
    if text is not None:
        if not text or text != text.strip() or "\n\n" in text:
            problems.append(f"{name}: text has empty lines or edge whitespace")
        if "enters the battlefield" in text:
            problems.append(f"{name}: old 'enters the battlefield' wording")
        for ability in text.split("\n"):
            if re.match(r"^[-\u2013]\s?[\dX]+:", ability):
                problems.append(f"{name}: loyalty cost needs the minus sign U+2212: {ability!r}")
            if is_walker and re.match(r"^\[", ability):
                problems.append(f"{name}: loyalty cost in brackets: {ability!r}")
        permanent = bool(set(types) & PERMANENT_TYPES)
        if permanent and "Legendary" not in supertypes and "Basic" not in supertypes \
                and name in REMINDER.sub("", text):
            problems.append(f"{name}: nonlegendary permanent names itself (Oracle says 'this ...')")
    elif not (is_creature and not card.get("keywords")):
        problems.append(f"{name}: only vanilla creatures have no text")

    keywords = card.get("keywords")
    if keywords is not None:
        if not keywords or keywords != sorted(keywords) or len(set(keywords)) != len(keywords):
            problems.append(f"{name}: keywords must be a sorted, non-empty list without repeats")
        lowered = (text or "").lower()
        for keyword in keywords:
            if keyword.lower() not in lowered:
                problems.append(f"{name}: keyword {keyword} not in its text")

    if card["layout"] != "normal":
        problems.append(f"{name}: layout {card['layout']}")
    if card["rarity"] not in RARITIES:
        problems.append(f"{name}: rarity {card['rarity']}")
    if card["setCode"] != "MTS":
        problems.append(f"{name}: setCode {card['setCode']}")
    for fmt, status in card.get("legalities", {}).items():
        if status not in LEGALITY_VALUES:
            problems.append(f"{name}: legality {fmt}={status}")
    return problems


def load_document() -> dict[str, Any]:
    with DATA_FILE.open(encoding="utf-8") as handle:
        return json.load(handle)


def pool_names() -> list[str]:
    if not POOL_LIST.exists():
        pytest.skip(f"{POOL_LIST} not present")
    lines = POOL_LIST.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return load_document()


@pytest.fixture(scope="module")
def cards(document: dict[str, Any]) -> list[dict[str, Any]]:
    return document["data"]["cards"]


def by_name(cards: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return copy.deepcopy(next(c for c in cards if c["name"] == name))


def test_set_header(document: dict[str, Any]) -> None:
    assert document["meta"] == {"version": "manatable-1", "date": "2026-11-21"}
    data = document["data"]
    assert (data["code"], data["name"], data["type"]) == ("MTS", "ManaTable Starter Pool", "starter")


def test_every_pool_card_exactly_once_in_pool_order(cards: list[dict[str, Any]]) -> None:
    names = [card["name"] for card in cards]
    expected = pool_names()
    assert len(expected) == 216
    assert sorted(set(expected) - set(names)) == []
    assert sorted(set(names) - set(expected)) == []
    assert len(names) == len(set(names))
    assert names == expected


def test_collector_numbers_follow_pool_order(cards: list[dict[str, Any]]) -> None:
    assert [card["number"] for card in cards] == [str(i) for i in range(1, len(cards) + 1)]


@pytest.mark.rules("202.2", "202.3", "202.3e", "202.3f", "202.3g", "205.2a", "205.4a", "903.4",
                   "903.4c")
def test_every_card_is_consistent(cards: list[dict[str, Any]]) -> None:
    problems = [p for card in cards for p in card_problems(card)]
    assert problems == []


@pytest.mark.rules("202.3", "202.3e", "202.3f", "202.3g")
@pytest.mark.parametrize(("cost", "value"), [
    (None, 0.0), ("{0}", 0.0), ("{11}", 11.0), ("{X}{R}", 1.0), ("{1}{G/W}{G/W}", 3.0),
    ("{2/W}{2/W}{2/W}", 6.0), ("{1}{W/P}", 2.0), ("{3}{U}{U}", 5.0),
])
def test_mana_value_parser(cost: str | None, value: float) -> None:
    assert mana_value(cost) == value


def test_mana_value_parser_rejects_junk() -> None:
    with pytest.raises(ValueError):
        mana_value("{1}G")
    with pytest.raises(ValueError):
        mana_value("{Q}")


# Each mutation breaks one rule that card_problems checks; none may slip through.
MUTATIONS = [
    ("Lightning Bolt", lambda c: c.update(manaValue=2.0)),
    ("Lightning Bolt", lambda c: c.update(colors=["U"])),
    ("Lightning Bolt", lambda c: c.update(convertedManaCost=3.0)),
    ("Lightning Bolt", lambda c: c.pop("rarity")),
    ("Lightning Bolt", lambda c: c.update(manaValue=1)),
    ("Kitchen Finks", lambda c: c.update(colors=["G"])),
    ("Travel Preparations", lambda c: c.update(colorIdentity=["G"])),
    ("Grizzly Bears", lambda c: c.pop("power")),
    ("Grizzly Bears", lambda c: c.update(toughness=2)),
    ("Grizzly Bears", lambda c: c.update(type="Creature — Bear Cub")),
    ("Grizzly Bears", lambda c: c.update(subtypes=[])),
    ("Jace Beleren", lambda c: c.pop("loyalty")),
    ("Jace Beleren", lambda c: c.update(text=c["text"].replace(MINUS, "-"))),
    ("Jace Beleren", lambda c: c.update(text="[+2]: Each player draws a card.")),
    ("Mulldrifter", lambda c: c.update(text=c["text"].replace("enters", "enters the battlefield"))),
    ("Thrashing Brontodon", lambda c: c.update(
        text="{1}, Sacrifice Thrashing Brontodon: Destroy target artifact or enchantment.")),
    ("Sol Ring", lambda c: c.update(power="1")),
    ("Scoured Barrens", lambda c: c.update(manaCost="{0}")),
    ("Serra Angel", lambda c: c.update(keywords=["Vigilance", "Flying"])),
    ("Serra Angel", lambda c: c.update(keywords=["Flying", "Reach"])),
    ("Plains", lambda c: c.update(colorIdentity=[])),
]


@pytest.mark.parametrize(("name", "mutate"), MUTATIONS)
def test_checks_catch_a_wrong_entry(cards: list[dict[str, Any]], name: str, mutate: Any) -> None:
    card = by_name(cards, name)
    assert card_problems(card) == []
    mutate(card)
    assert card_problems(card) != []


# Spot checks of printed facts that the consistency rules cannot derive.
SPOT_CHECKS = {
    "Tarmogoyf": {"manaCost": "{1}{G}", "power": "*", "toughness": "1+*"},
    "Spectral Procession": {"manaValue": 6.0, "colors": ["W"]},
    "Darksteel Colossus": {"manaCost": "{11}", "power": "11", "toughness": "11"},
    "Kitchen Finks": {"colors": ["W", "G"], "power": "3", "toughness": "2"},
    "Lignify": {"types": ["Kindred", "Enchantment"], "subtypes": ["Treefolk", "Aura"]},
    "Lava Spike": {"type": "Sorcery — Arcane"},
    "Wastes": {"type": "Basic Land", "text": "{T}: Add {C}.", "colorIdentity": []},
    "Isamaru, Hound of Konda": {"type": "Legendary Creature — Dog", "power": "2"},
    "Chandra Nalaar": {"loyalty": "6"},
    "Ajani Goldmane": {"loyalty": "4"},
    "Jace Beleren": {"loyalty": "3"},
    "Garruk Wildspeaker": {"loyalty": "3"},
    "Liliana of the Veil": {"loyalty": "3"},
    "Sol Ring": {"legalities": {"commander": "Legal", "legacy": "Banned", "vintage": "Restricted"}},
    "Wall of Stone": {"power": "0", "toughness": "8"},
    "Ball Lightning": {"power": "6", "toughness": "1", "manaCost": "{R}{R}{R}"},
}


@pytest.mark.parametrize("name", sorted(SPOT_CHECKS))
def test_spot_checks(cards: list[dict[str, Any]], name: str) -> None:
    card = by_name(cards, name)
    assert {field: card.get(field) for field in SPOT_CHECKS[name]} == SPOT_CHECKS[name]


def test_planeswalker_abilities_use_oracle_minus(cards: list[dict[str, Any]]) -> None:
    walkers = [card for card in cards if "Planeswalker" in card["types"]]
    assert len(walkers) == 5
    for card in walkers:
        costs = [line.split(":", 1)[0] for line in card["text"].split("\n")]
        assert all(re.fullmatch(r"\+\d+|\u2212(\d+|X)", cost) for cost in costs), card["name"]
