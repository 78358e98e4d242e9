"""The hook points: where a procedure low in the engine asks the pieces that plug in above it (the
XMage/Forge shape: one hook point per kind of event, one explicit list of effects).

Every registry here starts empty. `engine.wiring.install()` fills them, once, from the explicit
tables the effect and rule modules export; nothing registers itself by being imported. The
registries are plain dicts and lists, filled in place, so a module that binds one by name at import
reads the filled one at run time at no extra cost.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from engine.core.mana import ManaCost
    from engine.game import Game

# type(effect) -> handler(res, effect): carries out one effect (608.2c), engine.effects.*
HANDLERS: dict[type, Callable[[Any, Any], None]] = {}
# Amount.kind -> fn(res, amount) -> int, and Condition.kind -> fn(res, cond) -> bool, beyond the
# kinds engine.query.amounts reads itself
AMOUNTS: dict[str, Callable[[Any, Any], int]] = {}
CONDITIONS: dict[str, Callable[[Any, Any], bool]] = {}
# Replacement effects applied as a permanent enters the battlefield (614.1c-e, 614.12): fn(game, oid, ...)
ETB_HOOKS: list[Callable[..., Any]] = []
# A permanent's own replacement of its entering that may keep it out (614.1a, 614.12): fn(game, oid, controller,
# chosen) -> whether it enters ("If ~ would enter, sacrifice a Forest instead ... If you don't, put it into its owner's
# graveyard")
ENTERING_REPLACEMENTS: list[Callable[..., bool]] = []
# "If ~ would die, instead" (614.6): objects with applies(game, oid) and replace(game, oid, ...)
DIE_REPLACEMENTS: list[Any] = []
# Prevention and damage replacement (615, 614.1a): provider(game) -> [modifier(game, source, recipient,
# amount, combat) -> amount]
DAMAGE_MODIFIERS: list[Callable[["Game"], list[Callable[..., int]]]] = []
# Cost increases and reductions (601.2f): fn(game, obj, definition, total, targets, specs, player) -> total
SPELL_COST_MODIFIERS: list[Callable[..., "ManaCost"]] = []


def modify_spell_cost(game: "Game", o, d, total: "ManaCost", targets: list[list[Any]], specs,
                      player: int) -> "ManaCost":
    for modifier in SPELL_COST_MODIFIERS:
        total = modifier(game, o, d, total, targets, specs, player)
    return total


def damage_modifiers(game: "Game") -> list[Callable[..., int]]:
    out: list[Callable[..., int]] = []
    for provider in DAMAGE_MODIFIERS:
        out.extend(provider(game))
    return out
