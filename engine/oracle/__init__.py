"""The Oracle-text compiler: card data (MTGJSON field names) to CardDef.

`compile_card(record)` reads a card's Oracle text into keywords, activated, triggered and static
abilities and a spell ability; `keyword_from_text(text)` reads one keyword ("protection from black",
"equip {2}") for effects that grant keywords (613.1f).

The effect classes it emits live in engine.effects and in the modules imported below, which
register their handlers when imported.
"""
from __future__ import annotations

from engine import amounts as _amounts  # noqa: F401  (registers amounts and conditions)
from engine import cost_statics as _cost_statics  # noqa: F401  (registers cost modifiers)
from engine import keyword_actions as _keyword_actions  # noqa: F401  (registers handlers)
from engine import library_effects as _library_effects  # noqa: F401  (registers handlers)
from engine import prevention as _prevention  # noqa: F401  (registers handlers and damage modifiers)
from engine.oracle.compiler import compile_card, enchant_target_spec
from engine.oracle.keywords import keyword_from_text

__all__ = ["compile_card", "enchant_target_spec", "keyword_from_text"]
