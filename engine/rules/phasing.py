"""Phasing (702.26) in the untap step (502.1): before anything untaps, the active player's phased-in permanents
with phasing phase out and the permanents that phased out under their control phase in, all at once.

A phased-out permanent stays on the battlefield (its `zone`; no zone change, 702.26d) but is listed in
`state.phased_out` instead of `state.battlefield`, so everything that looks at the battlefield treats it as
though it doesn't exist (702.26b). Auras and Equipment attached to it phase out with it, "indirectly", and
phase in only with it (702.26g)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.zones import phase_out
from engine.core.enums import Zone
from engine.core.events import Event
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.game import Game


def phase_permanents(game: "Game") -> None:
    """502.1, 702.26a: the active player's permanents with phasing phase out; those that phased out under
    their control, and not indirectly with a permanent still phased out, phase in (simultaneously)."""
    s = game.state
    going = [oid for oid in s.battlefield if s.objects[oid].controller == s.active
             and any(k.name == "phasing" for k in characteristics(s, oid).keywords)]
    coming = [oid for oid in s.phased_out if s.objects[oid].controller == s.active
              and not _indirect(game, oid)]
    if not going and not coming:
        return
    for oid in going:
        if oid in s.battlefield:         # not already gone indirectly with what it is attached to (702.26h)
            phase_out(game, oid)
    for oid in coming:
        _phase_in(game, oid)
    s.invalidate()


def _indirect(game: "Game", oid: int) -> bool:
    """Whether it phased out with the permanent it is attached to (702.26g), which is still phased out."""
    s = game.state
    host = s.objects[oid].attached_to
    return isinstance(host, int) and host in s.phased_out


def _attachments(game: "Game", oid: int, listed: list[int]) -> list[int]:
    return [a for a in listed if game.state.objects[a].attached_to == oid]


def _phase_in(game: "Game", oid: int) -> None:
    s = game.state
    o = s.objects[oid]
    s.phased_out.remove(oid)
    s.battlefield.append(oid)
    o.phased_out = False
    host = o.attached_to
    # 702.26i: it phases in unattached if what it was attached to has left the battlefield
    if isinstance(host, int) and (host not in s.objects or s.objects[host].zone is not Zone.BATTLEFIELD):
        o.attached_to = None
    game.emit(Event("phased_in", {"object": oid}, f"{o.name} phases in"))
    for a in _attachments(game, oid, list(s.phased_out)):
        _phase_in(game, a)
