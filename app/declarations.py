"""Attackers and blockers being declared by clicks and drags (508.1, 509.1), and the attacking bands
(508.1e, 702.22c), kept until OK sends them."""
from __future__ import annotations

from typing import Any

from engine.core import player_actions as A

Arrow = tuple[Any, Any, str]


def player_ref(index: int) -> str:
    return f"P{index}"


def band_mark(number: int) -> str:
    """The table's mark on the creatures of an attacking band (702.22c), numbered from 1."""
    return f"band {number}"


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
    clicked starts a new group aimed at that same target until another is clicked. The attackers of the group
    may be banded (508.1e, 702.22c): they then stay one band, and the next creature clicked starts a new group."""

    def __init__(self) -> None:
        self.attacks: dict[int, Any] = {}
        self.blocks: dict[int, list[int]] = {}
        self.bands: list[list[int]] = []  # the attacking bands announced with the attackers (508.1e)
        self.blocker: int | None = None  # a blocker clicked, waiting for the attacker it blocks
        self.defender: Any = None  # the player ("P1") or planeswalker new attackers attack; None: the default
        self._group: list[int] = []  # the attackers the next click on a player or planeswalker sends there
        self._aimed = False  # the group was sent somewhere: the next attacker clicked starts a new one

    def clear(self) -> None:
        self.attacks, self.blocks, self.blocker, self.bands = {}, {}, None, []
        self.defender, self._group, self._aimed = None, [], False

    def __bool__(self) -> bool:
        return bool(self.attacks or self.blocks or self.blocker is not None)

    def toggle_attacker(self, oid: int, attackers: list[int], obj: dict | None, default: Any) -> None:
        if oid in self.attacks:
            del self.attacks[oid]
            if oid in self._group:
                self._group.remove(oid)
            self.leave_band(oid)
        elif oid in attackers:
            self._join(oid)
            self.attacks[oid] = default if self.defender is None else self.defender
        elif obj is not None and "Planeswalker" in (obj.get("types") or []) and self.attacks:
            self._aim(oid)  # the group attacks that planeswalker instead

    def _group_attacking(self) -> list[int]:
        return [oid for oid in self._group if oid in self.attacks]

    def can_band(self) -> bool:
        """Whether the group (the attackers clicked last) is two or more: a band (702.22c)."""
        return len(self._group_attacking()) >= 2

    def band_group(self) -> bool:
        """Bands the attackers of the group (clicked last, still attacking): a band is two or more (702.22c);
        they leave the bands they were in. False when the group is too small to band."""
        members = self._group_attacking()
        if len(members) < 2:
            return False
        for oid in members:
            self.leave_band(oid)
        self.bands.append(members)
        self._aimed = True  # the next creature clicked starts a new group
        return True

    def band_of(self, oid: int) -> int | None:
        """The number (from 1) of the band the attacker is in, None if in none."""
        return next((i + 1 for i, band in enumerate(self.bands) if oid in band), None)

    def leave_band(self, oid: int) -> None:
        """A creature that no longer attacks, or joins another band, leaves its band; one left alone is no band."""
        self.bands = [kept for kept in ([x for x in band if x != oid] for band in self.bands) if len(kept) >= 2]

    def _join(self, oid: int) -> None:
        if self._aimed:
            self._group, self._aimed = [], False
        self._group.append(oid)

    def _aim(self, target: Any) -> None:
        for attacker in self._group:
            self.attacks[attacker] = target
        self.defender, self._aimed = target, True

    def attack_with(self, oid: int, to_player: int, onto: dict | None) -> None:
        """Dragged at the opponent: attack them, or the planeswalker it was dropped on (506.3); a creature of a
        band takes its band along (702.22d: a band attacks one player or planeswalker)."""
        walker = onto is not None and "Planeswalker" in (onto.get("types") or [])
        target = onto["id"] if walker and onto is not None else player_ref(to_player)
        band = self.band_of(oid)
        if band is not None and oid in self.attacks:
            for member in self.bands[band - 1]:
                self.attacks[member] = target
            return
        if oid in self._group:
            self._group.remove(oid)
        self._join(oid)
        self.attacks[oid] = target

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
            for number, band in enumerate(self.bands, 1):
                for oid in band:
                    marks.setdefault(oid, set()).add(band_mark(number))
        else:
            if self.blocker is not None:
                marks.setdefault(self.blocker, set()).add("selected")
            for blocker, attackers in self.blocks.items():
                marks.setdefault(blocker, set()).add("blocking")
                arrows.extend((blocker, a, "block") for a in attackers)

    def action(self, kind: str, player: int) -> Any:
        if kind == "declare_attackers":
            return A.DeclareAttackers(player, dict(self.attacks), tuple(tuple(band) for band in self.bands))
        return A.DeclareBlockers(player, {b: tuple(a) for b, a in self.blocks.items()})
