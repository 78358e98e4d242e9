"""Turn-structure effects in spells and abilities (500.7, 500.8): "take an extra turn after this one",
"target player takes an extra turn after this one", "after this (main) phase, there is an additional
combat phase [followed by an additional main phase]". The rules join the effect grammar (verbs.G)."""
from __future__ import annotations

from engine.core.abilities import Effect, Ref
from engine.core.effect_types import AdditionalPhases, ExtraTurn
from engine.oracle.grammar import Context
from engine.oracle.verbs import G


@G.rule("take an extra turn after this one", "{who:player} take[s] an extra turn after this one")
def _extra_turn(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (ExtraTurn(who),) if who is not None else (ExtraTurn(),)


@G.rule("after this [main ]phase, there is an additional combat phase")
def _additional_combat(ctx: Context) -> tuple[Effect, ...] | None:
    return (AdditionalPhases(("combat",)),)


@G.rule("after this [main ]phase, there is an additional combat phase followed by an additional main phase")
def _additional_combat_and_main(ctx: Context) -> tuple[Effect, ...] | None:
    return (AdditionalPhases(("combat", "main")),)
