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


def default_defender(decision: dict | None, player: int) -> Any:
    """Whom a creature attacks until another target is clicked: the first opponent the engine offers (the
    next in turn order, 802.2), else the other player of a two-player game."""
    targets = ((decision or {}).get("data") or {}).get("targets") or []
    return next((t for t in targets if isinstance(t, str)), player_ref(1 - player))


class Declarations:
    """The attacks (attacker -> player or planeswalker) and blocks (blocker -> attackers) put together so far.

    Attackers clicked (or dragged) one after another form a group; clicking a player or a planeswalker sends it
    there (each attacking creature attacks one player or planeswalker, 506.3, 802.2), and the next creature
    clicked starts a new group aimed at that same target until another is clicked."""

    def __init__(self) -> None:
        self.attacks: dict[int, Any] = {}
        self.blocks: dict[int, list[int]] = {}
        self.blocker: int | None = None  # a blocker clicked, waiting for the attacker it blocks
        self.defender: Any = None  # the player ("P1") or planeswalker new attackers attack; None: the default
        self._group: list[int] = []  # the attackers the next click on a player or planeswalker sends there
        self._aimed = False  # the group was sent somewhere: the next attacker clicked starts a new one

    def clear(self) -> None:
        self.attacks, self.blocks, self.blocker = {}, {}, None
        self.defender, self._group, self._aimed = None, [], False

    def __bool__(self) -> bool:
        return bool(self.attacks or self.blocks or self.blocker is not None)

    def toggle_attacker(self, oid: int, attackers: list[int], obj: dict | None, default: Any) -> None:
        if oid in self.attacks:
            del self.attacks[oid]
            if oid in self._group:
                self._group.remove(oid)
        elif oid in attackers:
            self._join(oid)
            self.attacks[oid] = default if self.defender is None else self.defender
        elif obj is not None and "Planeswalker" in (obj.get("types") or []) and self.attacks:
            self._aim(oid)  # the group attacks that planeswalker instead

    def _join(self, oid: int) -> None:
        if self._aimed:
            self._group, self._aimed = [], False
        self._group.append(oid)

    def _aim(self, target: Any) -> None:
        for attacker in self._group:
            self.attacks[attacker] = target
        self.defender, self._aimed = target, True

    def attack_with(self, oid: int, to_player: int, onto: dict | None) -> None:
        """Dragged at the opponent: attack them, or the planeswalker it was dropped on (506.3)."""
        walker = onto is not None and "Planeswalker" in (onto.get("types") or [])
        if oid in self._group:
            self._group.remove(oid)
        self._join(oid)
        self.attacks[oid] = onto["id"] if walker and onto is not None else player_ref(to_player)

    def attack_player(self, index: int) -> None:
        """The attackers clicked last at this player, and the next ones too (a planeswalker: click it)."""
        self._aim(player_ref(index))

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
