"""Replacement effects written as static abilities by the Oracle compiler (614.1c-d, 614.12): "This
land enters tapped", "~ enters with N counters on it", and "If <a creature> would die, instead ..."
(Kalitas). They plug into the hook points of engine.core.hooks (installed by engine.wiring): ETB_HOOKS run as a permanent enters the
battlefield, DIE_REPLACEMENTS when a permanent would be destroyed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.board.damage import add_counters
from engine.effects.resolution import Resolution, run_effects
from engine.core.state import NeedDecision
from engine.core.enums import Zone
from engine.query.layers import characteristics, matches_ch

if TYPE_CHECKING:
    from engine.game import Game


def _enters(game: "Game", oid: int) -> None:
    """614.1c: a permanent that "enters tapped" or "enters with counters" does so; nothing sees it
    enter otherwise."""
    s = game.state
    o = s.objects[oid]
    for st in characteristics(s, oid).static:
        if st.affected.kind != "self":
            continue
        if st.kind == "enters_tapped":
            o.tapped = True
            s.invalidate()
        elif st.kind == "enters_with_counters":
            # 122.6: counters it's given as it enters are put on it (a Saga's chapter I triggers, 714.2b).
            for kind, n in dict(st.params)["counters"]:
                add_counters(game, oid, kind, n)


def _die_replacement(game: "Game", oid: int):
    """The first "If <filter> would die, instead <effects>" static (by timestamp) that applies to
    this permanent, as (source id, ability), or None."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD:
        return None
    ch = characteristics(s, oid)
    if not ch.is_creature:
        return None
    for src in sorted(s.battlefield, key=lambda x: s.objects[x].timestamp):
        so = s.objects[src]
        for st in characteristics(s, src).static:
            if st.kind == "would_die_instead" and st.affected.kind == "all" \
                    and matches_ch(s, o, ch, st.affected.filter, so.controller, src):
                return src, st
    return None


class _WouldDie:
    """Kalitas-style replacement: `applies` names the source, calling it carries the event out."""

    @staticmethod
    def applies(game: "Game", oid: int) -> int | None:
        found = _die_replacement(game, oid)
        return found[0] if found else None

    def __call__(self, game: "Game", oid: int) -> bool:
        found = _die_replacement(game, oid)
        if found is None:
            return False
        src, st = found
        s = game.state
        so = s.objects[src]
        res = Resolution(game, controller=so.controller, source_id=src, source_card_id=so.card_id,
                         source_name=characteristics(s, src).name, targets=[], target_specs=[],
                         event={"object": oid, "controller": s.objects[oid].controller})
        try:
            run_effects(res, dict(st.params)["effects"])
        except NeedDecision:
            return False     # an instruction that needs a choice can't run inside another event
        return True


# Installed by engine.wiring.
ETB_HOOKS = [_enters]


DIE_REPLACEMENTS = [_WouldDie()]
