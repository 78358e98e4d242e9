"""Sandbox gestures (the table with validation off): what a drop, a card's menu, a player's menu or a
mulligan becomes as engine sandbox actions, and the undo command that sends one. The controller shows
the menus and sends."""
from __future__ import annotations

import itertools
from typing import Any

from PySide6.QtGui import QUndoCommand

from app.worker import EngineHost
from engine.core import player_actions as A

Entry = tuple[str, Any]  # a menu label and the action it sends


class SandboxCommand(QUndoCommand):
    """One sandbox move on the undo stack: redo sends it, undo puts the game back as it was before it."""

    _tokens = itertools.count(1)

    def __init__(self, host: EngineHost, game_id: int, action: Any, text: str) -> None:
        super().__init__(text)
        self.host, self.action, self.game_id = host, action, game_id
        self.token = next(self._tokens)

    def redo(self) -> None:
        self.host.submit_undoable.emit(self.action, self.token, self.game_id)

    def undo(self) -> None:
        self.host.restore.emit(self.token)


def drop_action(seat: int, obj: dict, to_zone: str, to_player: int, onto: dict | None) -> Entry | None:
    """A card dropped somewhere: moved there, attached to the permanent it was dropped on, or nothing."""
    if to_zone in ("stack", "player"):
        return None
    if onto is not None and onto.get("zone") == "battlefield":
        # Dropped on a permanent: attached to it (an Aura or Equipment, or anything in the sandbox).
        return (f"Attach {obj.get('name', 'a card')} to {onto.get('name', 'a permanent')}",
                A.SandboxMove(seat, obj["id"], "battlefield", controller=to_player, attach_to=onto["id"]))
    controller = to_player if to_zone == "battlefield" else None
    return (f"Move {obj.get('name', 'a card')} to {to_zone}",
            A.SandboxMove(seat, obj["id"], to_zone, owner_zone_of=to_player, controller=controller))


def named_action(seat: int, action_name: str, **kwargs: Any) -> Entry:
    """A sandbox command by the engine's action name (`SandboxDraw`, `SandboxLife`, ...)."""
    return action_name.removeprefix("Sandbox"), getattr(A, action_name)(seat, **kwargs)


def tap_entry(seat: int, obj: dict) -> Entry:
    tapped = bool(obj.get("tapped"))
    return ("Untap" if tapped else "Tap"), A.SandboxTap(seat, obj["id"], not tapped)


def card_menu(seat: int, obj: dict) -> list[Entry]:
    """The right-click menu of a card."""
    oid = obj["id"]
    entries: list[Entry] = []
    if obj.get("zone") == "battlefield":
        entries.append(tap_entry(seat, obj))
        entries.append(("Add +1/+1 counter", A.SandboxCounters(seat, oid, "+1/+1", 1)))
        entries.append(("Remove +1/+1 counter", A.SandboxCounters(seat, oid, "+1/+1", -1)))
        entries.append(("Add loyalty counter", A.SandboxCounters(seat, oid, "loyalty", 1)))
        entries.append(("Remove loyalty counter", A.SandboxCounters(seat, oid, "loyalty", -1)))
        entries.append(("Turn face down" if not obj.get("face_down") else "Turn face up",
                        A.SandboxMove(seat, oid, "battlefield", face_down=not obj.get("face_down"),
                                      tapped=bool(obj.get("tapped")))))
    entries.append(("Reveal", A.SandboxReveal(seat, oid)))
    for zone in ("hand", "battlefield", "graveyard", "exile", "library"):
        if zone != obj.get("zone"):
            entries.append((f"Move to {zone}", A.SandboxMove(seat, oid, zone)))
    return entries


def player_menu(seat: int, index: int) -> list[Entry]:
    """The right-click menu of a player's panel: life and poison counters."""
    return [(label, A.SandboxLife(seat, target=index, delta=delta, poison=poison))
            for label, delta, poison in (("Gain 1 life", 1, False), ("Lose 1 life", -1, False),
                                         ("Gain 5 life", 5, False), ("Lose 5 life", -5, False),
                                         ("Add a poison counter", 1, True), ("Remove a poison counter", -1, True))]


def mulligan(seat: int, hand: list[dict]) -> list[Entry]:
    """The hand goes into the library, which is shuffled, and one card fewer is drawn (103.5)."""
    entries: list[Entry] = [("Mulligan", A.SandboxMove(seat, obj["id"], "library")) for obj in hand]
    entries.append(("Shuffle", A.SandboxShuffle(seat)))
    if len(hand) > 1:
        entries.append(("Draw", A.SandboxDraw(seat, count=len(hand) - 1)))
    return entries
