"""Card records in MTGJSON field names, built from a type line, compiled by the Oracle compiler."""
from __future__ import annotations

from typing import Callable

import pytest

from engine.core.cards import CardDef
from engine.core.mana import ManaCost
from engine.oracle import compile_card

SUPERTYPES = ("Legendary", "Basic", "Snow", "World")


def record(name: str, cost: str | None, type_line: str, text: str = "", pt: str | None = None,
           loyalty: str | None = None) -> dict:
    left, _, right = type_line.partition("—")
    words = left.split()
    return {
        "name": name, "manaCost": cost, "type": type_line,
        "colors": sorted(ManaCost.parse(cost).colors) if cost else [],
        "supertypes": [w for w in words if w in SUPERTYPES],
        "types": [w for w in words if w not in SUPERTYPES],
        "subtypes": right.split(), "text": text,
        "power": pt.split("/")[0] if pt else None, "toughness": pt.split("/")[1] if pt else None,
        "loyalty": loyalty, "layout": "normal",
    }


@pytest.fixture
def card() -> Callable[..., CardDef]:
    def make(name: str, cost: str | None, type_line: str, text: str = "", pt: str | None = None,
             loyalty: str | None = None) -> CardDef:
        return compile_card(record(name, cost, type_line, text, pt, loyalty))
    return make
