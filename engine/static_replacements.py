"""Replacement effects written as static abilities by the Oracle compiler (614.1c-d, 614.12): "This
land enters tapped", "~ enters with N counters on it", and "If <a creature> would die, instead ..."
(Kalitas). They plug into engine.replacement's hooks: ETB_HOOKS run as a permanent enters the
battlefield, DIE_REPLACEMENTS when a permanent would be destroyed."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.effects import NeedDecision, Resolution, run_effects
from engine.enums import Zone
from engine.layers import characteristics, matches_ch
from engine.replacement import DIE_REPLACEMENTS, ETB_HOOKS

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
            for kind, n in dict(st.params)["counters"]:
                o.counters[kind] = o.counters.get(kind, 0) + n
            s.invalidate()


def _would_die(game: "Game", oid: int) -> bool:
    """ "If <filter> would die, instead <effects>": the first such effect that applies replaces the
    event (616.1: with several, the affected object's controller would choose; here the first by
    timestamp applies)."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD:
        return False
    ch = characteristics(s, oid)
    if not ch.is_creature:
        return False
    for src in sorted(s.battlefield, key=lambda x: s.objects[x].timestamp):
        so = s.objects[src]
        for st in characteristics(s, src).static:
            if st.kind != "would_die_instead" or st.affected.kind != "all":
                continue
            if not matches_ch(s, o, ch, st.affected.filter, so.controller, src):
                continue
            res = Resolution(game, controller=so.controller, source_id=src, source_card_id=so.card_id,
                             source_name=characteristics(s, src).name, targets=[], target_specs=[],
                             event={"object": oid, "controller": o.controller})
            try:
                run_effects(res, dict(st.params)["effects"])
            except NeedDecision:
                continue     # an instruction that needs a choice can't run inside another event
            return True
    return False


ETB_HOOKS.append(_enters)
DIE_REPLACEMENTS.append(_would_die)
