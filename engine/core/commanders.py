"""What a Commander game (903) keeps beside the board: which cards are commanders, how often each was cast
from the command zone (903.8) and the combat damage each player was dealt by each commander (903.10a).

The designation belongs to the card, not to an object (903.3): it follows the card's `card_id` through
every zone change, so a token or a permanent copying a commander is no commander. The rules that use
this data are in engine.rules.commander; it sits in core because the board (zone moves, damage) reads it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.objects import GameObject

if TYPE_CHECKING:
    from engine.core.state import GameState

TAX_PER_CAST = 2            # 903.8: {2} for each previous cast from the command zone
COMMANDER_DAMAGE_LOSS = 21  # 903.10a, 704.6c
COMMANDER_LIFE = 40         # 903.7


@dataclass
class CommanderGame:
    """The Commander variant's own facts, by card id (JSON keys are strings)."""
    owners: dict[int, int] = field(default_factory=dict)              # commander card_id -> owner
    casts: dict[int, int] = field(default_factory=dict)               # card_id -> casts from the command zone
    damage: dict[int, dict[int, int]] = field(default_factory=dict)   # player -> {card_id: combat damage}

    def copy(self) -> "CommanderGame":
        return CommanderGame(dict(self.owners), dict(self.casts), {p: dict(d) for p, d in self.damage.items()})

    def to_json(self) -> dict[str, Any]:
        return {"owners": {str(k): v for k, v in self.owners.items()},
                "casts": {str(k): v for k, v in self.casts.items()},
                "damage": {str(p): {str(k): n for k, n in d.items()} for p, d in self.damage.items()}}

    @staticmethod
    def from_json(d: dict[str, Any]) -> "CommanderGame":
        return CommanderGame({int(k): v for k, v in d["owners"].items()},
                             {int(k): v for k, v in d["casts"].items()},
                             {int(p): {int(k): n for k, n in x.items()} for p, x in d["damage"].items()})

    # ------------------------------------------------------------ reading
    def is_commander(self, o: GameObject) -> bool:
        """903.3: the card is a commander (a token or a copy of a spell never is)."""
        return o.token is None and not o.spell_copy and self.owners.get(o.card_id) == o.owner

    def commanders_of(self, player: int) -> list[int]:
        return [c for c, owner in self.owners.items() if owner == player]

    def tax(self, card_id: int) -> int:
        """903.8: the generic mana added to the next cast of this commander from the command zone."""
        return TAX_PER_CAST * self.casts.get(card_id, 0)

    # ------------------------------------------------------------ recording
    def note_cast(self, card_id: int) -> None:
        self.casts[card_id] = self.casts.get(card_id, 0) + 1

    def note_combat_damage(self, player: int, card_id: int, amount: int) -> None:
        """903.10a: combat damage dealt to a player by a commander, over the whole game."""
        taken = self.damage.setdefault(player, {})
        taken[card_id] = taken.get(card_id, 0) + amount


def in_command_zone(s: "GameState", player: int) -> list[int]:
    """903.8: the commanders `player` owns in the command zone, which only they may cast from there."""
    c = s.commander
    if c is None:
        return []
    return [oid for oid in s.command if s.objects[oid].owner == player and c.is_commander(s.objects[oid])]


def commander_tax(s: "GameState", oid: int) -> int:
    """903.8: the tax on casting this object from the command zone now (0 for anything else)."""
    o = s.objects[oid]
    return s.commander.tax(o.card_id) if s.commander is not None and o.zone.value == "command" \
        and s.commander.is_commander(o) else 0
