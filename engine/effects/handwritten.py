"""The handlers of the hand-written cards' effects (engine.oracle.handwritten builds the definitions; the
effect classes are in engine.core.effect_types). Counted in the compiler report like the cards."""
from __future__ import annotations

from engine.core.effect_types import GrantFlashback, GrantToChosen, SeparatePiles
from engine.core.enums import Zone
from engine.effects.resolution import Resolution
from engine.board.primitives import add_effect, sacrifice


def separate_piles(res: Resolution, e: SeparatePiles) -> None:
    s = res.state
    for p in res.players(e.who):
        perms = [o for o in s.battlefield if s.objects[o].controller == p]
        pile = res.ask(f"pile{p}", res.controller, "Choose the permanents of the first pile", perms, 0, len(perms),
                       "pile")
        other = [o for o in perms if o not in pile]
        pick = res.ask(f"pick{p}", p, "Choose the pile to sacrifice", ["first", "second"], 1, 1, "pile_choice")
        for oid in (pile if pick[0] == "first" else other):
            if oid in s.objects and s.objects[oid].zone is Zone.BATTLEFIELD:
                sacrifice(res.game, oid)


def grant_flashback(res: Resolution, e: GrantFlashback) -> None:
    for oid in res.objects(e.what):
        if res.state.objects[oid].zone is Zone.GRAVEYARD:
            res.state.writable(oid).chosen["flashback_turn"] = res.state.turn


def grant_to_chosen(res: Resolution, e: GrantToChosen) -> None:
    src = res.source_object()
    chosen = src.chosen.get(e.key) if src is not None else (res.source_lki or {}).get("chosen", {}).get(e.key)
    if isinstance(chosen, int) and chosen in res.state.objects and res.state.objects[chosen].zone is Zone.BATTLEFIELD:
        add_effect(res.game, res, [chosen], {"kind": "grant", "keywords": [k.text for k in e.keywords]}, "end_of_turn")


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    SeparatePiles: separate_piles,
    GrantFlashback: grant_flashback,
    GrantToChosen: grant_to_chosen,
}
