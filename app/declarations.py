"""Attackers and blockers being declared by clicks and drags (508.1, 509.1), kept until OK sends them."""
from __future__ import annotations

from typing import Any

from engine.core import player_actions as A

Arrow = tuple[Any, Any, str]


def player_ref(index: int) -> str:
    return f"P{index}"


def candidates(decision: dict | None, actions: list[Any], attr: str) -> list[int]:
    """The creatures that may be declared: the decision's options, else those named by its legal actions."""
    options = [o for o in (decision or {}).get("options", []) if isinstance(o, int) and not isinstance(o, bool)]
    if options:
        return options
    seen: list[int] = []
    for a in actions:
        for oid in getattr(a, attr, {}) or {}:
            if oid not in seen:
                seen.append(oid)
    return seen


class Declarations:
    """The attacks (attacker -> player or planeswalker) and blocks (blocker -> attackers) put together so far."""

    def __init__(self) -> None:
        self.attacks: dict[int, Any] = {}
        self.blocks: dict[int, list[int]] = {}
        self.blocker: int | None = None  # a blocker clicked, waiting for the attacker it blocks

    def clear(self) -> None:
        self.attacks, self.blocks, self.blocker = {}, {}, None

    def __bool__(self) -> bool:
        return bool(self.attacks or self.blocks or self.blocker is not None)

    def toggle_attacker(self, oid: int, player: int, attackers: list[int], obj: dict | None) -> None:
        if oid in self.attacks:
            del self.attacks[oid]
        elif oid in attackers:
            self.attacks[oid] = player_ref(1 - player)
        elif obj is not None and "Planeswalker" in (obj.get("types") or []) and self.attacks:
            for attacker in self.attacks:  # attack that planeswalker instead
                self.attacks[attacker] = oid

    def attack_with(self, oid: int, to_player: int, onto: dict | None) -> None:
        """Dragged at the opponent: attack them, or the planeswalker it was dropped on (506.3)."""
        walker = onto is not None and "Planeswalker" in (onto.get("types") or [])
        self.attacks[oid] = onto["id"] if walker and onto is not None else player_ref(to_player)

    def attack_player(self, index: int) -> None:
        """Every selected attacker at this player (or the player's planeswalkers, by clicking them)."""
        for oid in self.attacks:
            self.attacks[oid] = player_ref(index)

    def block_click(self, oid: int, blockers: list[int], attacking: set[int]) -> None:
        if oid in blockers:
            if oid in self.blocks:
                del self.blocks[oid]
                self.blocker = None
            else:
                self.blocker = oid
        elif oid in attacking and self.blocker is not None:
            self.blocks.setdefault(self.blocker, [])
            if oid not in self.blocks[self.blocker]:
                self.blocks[self.blocker].append(oid)
            self.blocker = None

    def mark(self, kind: str, eligible: list[int], marks: dict[int, set[str]], arrows: list[Arrow]) -> None:
        """Highlights and arrows of the declaration of `kind` in progress."""
        for oid in eligible:
            marks.setdefault(oid, set()).add("playable")
        if kind == "declare_attackers":
            for oid, target in self.attacks.items():
                marks.setdefault(oid, set()).add("attacking")
                arrows.append((oid, target, "attack"))
        else:
            if self.blocker is not None:
                marks.setdefault(self.blocker, set()).add("selected")
            for blocker, attackers in self.blocks.items():
                marks.setdefault(blocker, set()).add("blocking")
                arrows.extend((blocker, a, "block") for a in attackers)

    def action(self, kind: str, player: int) -> Any:
        if kind == "declare_attackers":
            return A.DeclareAttackers(player, dict(self.attacks))
        return A.DeclareBlockers(player, {b: tuple(a) for b, a in self.blocks.items()})
