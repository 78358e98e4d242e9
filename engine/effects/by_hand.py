"""Text the compiler can't read yet, played by hand (issue 12).

A `ByHand` effect stands in its place among a spell's or ability's instructions (608.2c: they are
followed in order). As it resolves, the engine stops with a decision for the controller of the spell or
ability, "Resolve by hand: <text>". While it waits, that player carries the text out with the table's
sandbox tools (engine.loop.sandbox.apply_by_hand: move, tap, counters, life, tokens, reveal), each move
an event marked `by_hand`; "done" goes on with the rest of the resolution, read instructions by the rules."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.effect_types import ByHand
from engine.core.enums import DecisionKind
from engine.core.events import Event
from engine.core.state import Decision, NeedDecision

if TYPE_CHECKING:
    from engine.effects.resolution import Resolution

BY_HAND = "by_hand"     # Decision.data["choice"] of a by-hand resolution
DONE = "done"           # its one answer


def is_by_hand(decision: Decision | None) -> bool:
    """Whether the pending decision is a by-hand resolution (its player may use the sandbox tools)."""
    return decision is not None and decision.kind is DecisionKind.CHOOSE and decision.data.get("choice") == BY_HAND


def by_hand(res: "Resolution", e: ByHand) -> None:
    key = res.prefix + BY_HAND
    if key in res.answers:
        player = res.state.players[res.controller].name
        res.game.emit(Event("by_hand_done", {"player": res.controller, "text": e.text, "by_hand": True},
                            f"{player} has carried out by hand: {e.text}"))
        return
    data: dict[str, Any] = {"choice": BY_HAND, "key": key, "source": res.source_name, "text": e.text,
                            "object": res.stack_id}
    # Not res.ask: a decision with one answer is normally made without asking, and this one waits for
    # the player's moves.
    said = e.text[:1].upper() + e.text[1:]
    raise NeedDecision(Decision(res.controller, DecisionKind.CHOOSE, f"Resolve by hand: {said}", [DONE], 1, 1, data))


HANDLERS = {ByHand: by_hand}
