"""Exert (701.43): "You may exert [this creature] as it attacks" is an optional cost to attack (508.1g, 701.43d),
chosen as attackers are declared: the attacking player picks which of the declared attackers that can be
exerted are. An exerted permanent doesn't untap during its controller's next untap step (701.43a); its
"when you do" ability triggers on the exert event (607.2h). An {E}xert in an activated ability's cost
("{T}, Exert ~: ...") uses `exert` too."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.enums import DecisionKinds, Zones
from engine.core.events import Event
from engine.core.state import Decision, ExertTask
from engine.query.amounts import check_condition_static
from engine.query.layers import characteristics
from engine.board.primitives import add_effect

if TYPE_CHECKING:
    from engine.game import Game


def can_exert_as_it_attacks(game: "Game", oid: int) -> bool:
    """Has the creature a "you may exert ~ as it attacks" ability whose condition holds ("if ~ hasn't been
    exerted this turn")?"""
    s = game.state
    o = s.objects[oid]
    return any(st.kind == "exert_as_attacks" and (st.condition is None or check_condition_static(s, o, st.condition))
               for st in characteristics(s, oid).static)


def ask_exert(game: "Game") -> bool:
    """508.1g: after the attackers are chosen, the attacking player chooses which to exert. True if asked."""
    s = game.state
    if s.combat is None:
        return False
    options = [a for a in s.combat.attackers if a in s.objects and can_exert_as_it_attacks(game, a)]
    if not options:
        return False
    s.pending = Decision(s.active, DecisionKinds.CHOOSE, "Choose the attacking creatures to exert (701.43)", options,
                         0, len(options), {"choice": "exert"})
    s.task = ExertTask()
    return True


def answer_exert(game: "Game", chosen: list[int]) -> None:
    game.state.task = None
    for oid in chosen:
        exert(game, oid)


def exert(game: "Game", oid: int) -> None:
    """701.43a: it doesn't untap during its controller's next untap step; 701.43c: only on the battlefield."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zones.BATTLEFIELD:
        return
    add_effect(game, None, [oid], {"kind": "doesnt_untap"}, "controller_next_untap", controller=o.controller,
               source_id=oid)
    s.turn_log.setdefault("exerted", []).append(oid)
    game.emit(Event("exerted", {"object": oid, "player": o.controller}, f"{characteristics(s, oid).name} is exerted"))
