"""Hand-written card behaviour: the exceptions to "cards are data" (GUIDE, principle 2).

Each entry takes the compiled CardDef (its readable abilities already compiled) and returns it
completed with what the compiler can't read, marked `hand_written=True`. Keep this list short: a
template that more than one card could use belongs in the compiler instead.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from engine.core.abilities import ActivatedAbility, Cost, Filter, Keyword, Mode, Ref, SELF, StaticAbility, TargetSpec
from engine.core.cards import CardDef
from engine.core.effect_types import GrantToChosen, SeparatePiles

HANDWRITTEN: dict[str, Callable[[CardDef], CardDef]] = {}


def card(name: str):
    """Registers the fix for one card."""
    def deco(fn: Callable[[CardDef], CardDef]) -> Callable[[CardDef], CardDef]:
        def fix(d: CardDef) -> CardDef:
            d = fn(d)
            return replace(d, unsupported=(), hand_triggers=(), reminders=(), hand_written=True)
        HANDWRITTEN[name] = fix
        return fn
    return deco


def _replace_loyalty(d: CardDef, loyalty: int, mode: Mode, text: str) -> CardDef:
    kept = tuple(a for a in d.activated if a.cost.loyalty != loyalty)
    ab = ActivatedAbility(Cost(loyalty=loyalty, text=str(loyalty)), mode, text=text)
    return replace(d, activated=tuple(sorted(kept + (ab,), key=lambda a: -(a.cost.loyalty or 0))))


# ---------------------------------------------------------------- Liliana of the Veil


@card("Liliana of the Veil")
def _liliana(d: CardDef) -> CardDef:
    mode = Mode((TargetSpec("player", text="target player"),), (SeparatePiles(Ref("target", 0)),))
    return _replace_loyalty(d, -6, mode, "-6: Separate all permanents target player controls into two piles. "
                            "That player sacrifices all permanents in the pile of their choice.")


# ---------------------------------------------------------------- Dauntless Bodyguard


@card("Dauntless Bodyguard")
def _bodyguard(d: CardDef) -> CardDef:
    choose = StaticAbility("as_enters_choose", SELF, (("filter", Filter(types=frozenset({"Creature"}), controller="you",
                                                                      other=True)), ("key", "creature")),
                           text="As this creature enters, choose another creature you control.")
    ab = ActivatedAbility(Cost(sacrifice_self=True, text="Sacrifice this creature"),
                          Mode(effects=(GrantToChosen("creature", (Keyword("indestructible"),)),)),
                          text="Sacrifice this creature: The chosen creature gains indestructible until end of turn.")
    return replace(d, static=(choose,), activated=(ab,))
