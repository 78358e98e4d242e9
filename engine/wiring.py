"""The one place where the engine's pieces are connected (docs/ARCHITECTURE.md, "Wiring").

Procedures low in the engine call hook points (engine.core.hooks): run an effect, evaluate an amount
kind, apply replacement effects as a permanent enters or would die, modify damage, modify a spell's
cost. The modules above export what they plug in as plain tables (HANDLERS, AMOUNTS, CONDITIONS,
ETB_HOOKS, DIE_REPLACEMENTS, DAMAGE_MODIFIERS, COST_MODIFIERS); `install()` puts them in, in a fixed
order, and gives the card catalog its compiler. engine/__init__.py calls it once; importing a module
registers nothing.
"""
from __future__ import annotations

from engine.core import cards, hooks
from engine.effects import (basic, by_hand, card_faces, counters, delayed_triggers, draw_replacement, dungeons,
                            handwritten, keyword_actions, library, prevention, resolution_casts, static_replacements,
                            turn_structure, winning, zone_moves)
from engine.oracle.compiler import compile_card
from engine.query import amounts, cost_modifiers, turn_conditions
from engine.rules import ascend, commander, day_night, spell_copies

# Effect handlers, one table per module (608.2c: the effects a resolving spell or ability carries out).
EFFECT_MODULES = (basic, delayed_triggers, keyword_actions, library, prevention, winning, spell_copies,
                  handwritten, static_replacements, turn_structure, zone_moves, counters, by_hand, card_faces, ascend,
                  resolution_casts, dungeons, draw_replacement)
# Amount and condition kinds read outside engine.query.amounts' own evaluation.
READING_MODULES = (amounts, basic, delayed_triggers, library, spell_copies, turn_conditions, card_faces, ascend,
                   keyword_actions, resolution_casts, dungeons)
# Replacement effects as a permanent enters (614.1c-e, 614.12), in the order they apply.
ETB_HOOKS = (*delayed_triggers.ETB_HOOKS, *static_replacements.ETB_HOOKS, *day_night.ETB_HOOKS)

_installed = False


def install() -> None:
    """Fills the hook points of engine.core.hooks and the card catalog's compiler. Idempotent."""
    global _installed
    if _installed:
        return
    for module in EFFECT_MODULES:
        hooks.HANDLERS.update(module.HANDLERS)
    for module in READING_MODULES:
        hooks.AMOUNTS.update(getattr(module, "AMOUNTS", {}))
        hooks.CONDITIONS.update(getattr(module, "CONDITIONS", {}))
    hooks.ETB_HOOKS.extend(ETB_HOOKS)
    hooks.DIE_REPLACEMENTS.extend(static_replacements.DIE_REPLACEMENTS)
    hooks.ENTERING_REPLACEMENTS.extend(static_replacements.ENTERING_REPLACEMENTS)
    hooks.DAMAGE_MODIFIERS.extend(prevention.DAMAGE_MODIFIERS)
    # 601.2f: the commander tax (903.8) is an increase, before the other increases and the reductions.
    hooks.SPELL_COST_MODIFIERS.extend((commander.add_commander_tax, *cost_modifiers.COST_MODIFIERS))
    cards.set_compiler(compile_card)
    _installed = True
