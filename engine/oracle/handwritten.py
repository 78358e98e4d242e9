"""Hand-written card behaviour: the exceptions to "cards are data" (GUIDE, principle 2).

Each entry takes the compiled CardDef and returns it completed, marked `hand_written=True`. Keep this
list short: a template that more than one card could use belongs in the compiler instead.
"""
from __future__ import annotations

from typing import Callable

from engine.cards import CardDef

HANDWRITTEN: dict[str, Callable[[CardDef], CardDef]] = {}
