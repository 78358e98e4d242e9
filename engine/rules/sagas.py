"""Saga cards (714): the lore counter a Saga gets as its controller's precombat main phase begins (505.4,
714.3c), and the state-based action that sacrifices a Saga whose story is told (714.4). A Saga enters
with a lore counter (714.3a, compiled as its replacement effect) and its chapter abilities trigger as lore
counters are put on it (714.2b, engine.query.trigger_events)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.damage import add_counters
from engine.query.layers import characteristics

if TYPE_CHECKING:
    from engine.game import Game


def final_chapter(ch) -> int:
    """714.2d: the greatest chapter number among its chapter abilities (0 without any)."""
    return max((ab.trigger.nth for ab in ch.triggered if ab.trigger.event == "chapter"), default=0)


def add_lore_counters(game: "Game") -> None:
    """505.4, 714.3c: the active player puts a lore counter on each Saga they control with one or more
    chapter abilities. A turn-based action: it doesn't use the stack."""
    s = game.state
    for oid in list(s.battlefield):
        o = s.objects[oid]
        if o.controller == s.active and not o.phased_out:
            ch = characteristics(s, oid)
            if "Saga" in ch.subtypes and final_chapter(ch):
                add_counters(game, oid, "lore", 1, by=s.active)


def finished_sagas(game: "Game") -> list[int]:
    """714.4: Sagas with at least their final chapter number of lore counters that aren't the source of
    a chapter ability that has triggered and not yet left the stack."""
    s = game.state
    out = []
    for oid in s.battlefield:
        o = s.objects[oid]
        if "lore" not in o.counters:
            continue
        ch = characteristics(s, oid)
        last = final_chapter(ch) if "Saga" in ch.subtypes else 0
        if not last or o.counters["lore"] < last:
            continue
        waiting = any(t["source_id"] == oid and t.get("text", "") in _chapter_texts(ch)
                      for t in s.pending_triggers)
        on_stack = any(s.objects[x].is_ability and s.objects[x].stack is not None
                       and s.objects[x].stack.source_id == oid and s.objects[x].stack.ability_kind == "triggered"
                       and _is_chapter(ch, s.objects[x].stack.ability_index) for x in s.stack)
        if not (waiting or on_stack):
            out.append(oid)
    return out


def _chapter_texts(ch) -> set[str]:
    return {ab.text for ab in ch.triggered if ab.trigger.event == "chapter"}


def _is_chapter(ch, index: int) -> bool:
    d = ch.definition
    return 0 <= index < len(d.triggered) and d.triggered[index].trigger.event == "chapter"
