"""Dungeon cards (309): the three dungeons of Adventures in the Forgotten Realms as card data. Each line
of a dungeon's Oracle text is a room: its name (flavor, 309.4b), its room ability's effect (309.4c, read
by the Oracle compiler like any effect) and, in parentheses, the rooms its arrows lead to (309.5a). A
room with no arrow is the dungeon's bottommost room."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

DUNGEON_TEXT: dict[str, tuple[str, ...]] = {
    "Lost Mine of Phandelver": (
        "Cave Entrance — Scry 1. (→ Goblin Lair or Mine Tunnels)",
        "Goblin Lair — Create a 1/1 red Goblin creature token. (→ Storeroom or Dark Pool)",
        "Mine Tunnels — Create a Treasure token. (→ Dark Pool or Fungi Cavern)",
        "Storeroom — Put a +1/+1 counter on target creature. (→ Temple of Dumathoin)",
        "Dark Pool — Each opponent loses 1 life and you gain 1 life. (→ Temple of Dumathoin)",
        "Fungi Cavern — Target creature gets -4/-0 until your next turn. (→ Temple of Dumathoin)",
        "Temple of Dumathoin — Draw a card.",
    ),
    "Dungeon of the Mad Mage": (
        "Yawning Portal — You gain 1 life. (→ Dungeon Level)",
        "Dungeon Level — Scry 1. (→ Goblin Bazaar or Twisted Caverns)",
        "Goblin Bazaar — Create a Treasure token. (→ Lost Level)",
        "Twisted Caverns — Target creature can't attack until your next turn. (→ Lost Level)",
        "Lost Level — Scry 2. (→ Runestone Caverns or Muiral's Graveyard)",
        "Runestone Caverns — Exile the top two cards of your library. You may play them. (→ Deep Mines)",
        "Muiral's Graveyard — Create two 1/1 black Skeleton creature tokens. (→ Deep Mines)",
        "Deep Mines — Scry 3. (→ Mad Wizard's Lair)",
        "Mad Wizard's Lair — Draw three cards and reveal them. You may cast one of them without paying its "
        "mana cost.",
    ),
    "Tomb of Annihilation": (
        "Trapped Entry — Each player loses 1 life. (→ Veils of Fear or Oubliette)",
        "Veils of Fear — Each player loses 2 life unless they discard a card. (→ Sandfall Cell)",
        "Sandfall Cell — Each player loses 2 life unless they sacrifice an artifact, a creature, or a land. "
        "(→ Cradle of the Death God)",
        "Oubliette — Discard a card and sacrifice an artifact, a creature, and a land. (→ Cradle of the Death God)",
        "Cradle of the Death God — Create The Atropal, a legendary 4/4 black God Horror creature token with "
        "deathtouch.",
    ),
}

_ROOM = re.compile(r"^(.+?) — (.+?)(?: \(→ (.+)\))?$")


@dataclass(frozen=True)
class Room:
    number: int                 # 1 is the topmost room (309.4a)
    name: str
    effect: str                 # the room ability's effect (309.4c)
    exits: tuple[int, ...]      # the rooms its arrows point to; none: the bottommost room


def room_line(line: str) -> tuple[str, str, tuple[str, ...]] | None:
    """ "Cave Entrance — Scry 1. (→ Goblin Lair or Mine Tunnels)" -> (name, effect, exit names)."""
    m = _ROOM.match(line)
    if m is None:
        return None
    return m.group(1), m.group(2), tuple(m.group(3).split(" or ")) if m.group(3) else ()


@lru_cache(maxsize=None)
def rooms(dungeon: str) -> tuple[Room, ...]:
    read = [room_line(line) for line in DUNGEON_TEXT[dungeon]]
    number = {r[0]: i + 1 for i, r in enumerate(read) if r}
    return tuple(Room(i + 1, name, effect, tuple(number[x] for x in exits))
                 for i, (name, effect, exits) in enumerate(r for r in read if r))


def dungeon_record(dungeon: str) -> dict[str, Any]:
    """The dungeon card as an MTGJSON-like record for the Oracle compiler (309.1: its card type)."""
    return {"name": dungeon, "manaCost": "", "colors": [], "supertypes": [], "types": ["Dungeon"], "subtypes": [],
            "type": "Dungeon", "text": "\n".join(DUNGEON_TEXT[dungeon]), "power": None, "toughness": None}
