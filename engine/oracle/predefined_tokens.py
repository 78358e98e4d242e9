"""Predefined tokens (111.10): "create a Treasure token" names a token whose characteristics the
rules give; and keyword actions that create one (investigate 701.16a: "Create a Clue token.")."""
from __future__ import annotations

import re

from engine.core.cards import default_token_name, token_spec

# 111.10a-c, 111.10e-g: name -> (type line, abilities). Each is colorless with no mana cost.
PREDEFINED = {
    "treasure": ("Artifact — Treasure", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "food": ("Artifact — Food", "{2}, {T}, Sacrifice this artifact: You gain 3 life."),
    "gold": ("Artifact — Gold", "Sacrifice this artifact: Add one mana of any color."),
    "shard": ("Enchantment — Shard", "{2}, Sacrifice this enchantment: Scry 1, then draw a card."),
    "clue": ("Artifact — Clue", "{2}, Sacrifice this artifact: Draw a card."),
    "blood": ("Artifact — Blood", "{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card."),
}

_PHRASE = re.compile(r"^(\w+) (" + "|".join(PREDEFINED) + r") tokens?$")


def predefined_token(text: str) -> tuple[str, dict] | None:
    """ "a Treasure token", "two Clue tokens" -> (the count word, the token spec), or None."""
    m = _PHRASE.match(text)
    if m is None:
        return None
    types, ability = PREDEFINED[m.group(2)]
    # 111.4: named for its subtype plus "Token" ("Treasure Token"), like any token the text doesn't name
    return m.group(1), token_spec(default_token_name(types), None, None, "", types, [ability])
