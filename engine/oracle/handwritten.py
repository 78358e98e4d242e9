"""Hand-written card behaviour: the exceptions to "cards are data" (GUIDE, principle 2).

Each entry takes the compiled CardDef (its readable abilities already compiled) and returns it
completed with what the compiler can't read, marked `hand_written=True`. Keep this list short: a
template that more than one card could use belongs in the compiler instead.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from engine.core.abilities import (ActivatedAbility, Cost, Effect, Filter, Mode, Ref, SELF, StaticAbility, TargetSpec,
                              Trigger, TriggeredAbility)
from engine.core.cards import CardDef
from engine.effects.resolution import Resolution, handles, sacrifice
from engine.core.enums import Zone

HANDWRITTEN: dict[str, Callable[[CardDef], CardDef]] = {}


def card(name: str):
    """Registers the fix for one card."""
    def deco(fn: Callable[[CardDef], CardDef]) -> Callable[[CardDef], CardDef]:
        def fix(d: CardDef) -> CardDef:
            d = fn(d)
            return replace(d, unsupported=(), hand_written=True)
        HANDWRITTEN[name] = fix
        return fn
    return deco


def _replace_loyalty(d: CardDef, loyalty: int, mode: Mode, text: str) -> CardDef:
    kept = tuple(a for a in d.activated if a.cost.loyalty != loyalty)
    ab = ActivatedAbility(Cost(loyalty=loyalty, text=str(loyalty)), mode, text=text)
    return replace(d, activated=tuple(sorted(kept + (ab,), key=lambda a: -(a.cost.loyalty or 0))))


# ---------------------------------------------------------------- Liliana of the Veil

@dataclass(frozen=True)
class SeparatePiles(Effect):
    """You separate all permanents the player controls into two piles; that player sacrifices all
    permanents in the pile of their choice."""
    who: Ref


@handles(SeparatePiles)
def _separate_piles(res: Resolution, e: SeparatePiles) -> None:
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


@card("Liliana of the Veil")
def _liliana(d: CardDef) -> CardDef:
    mode = Mode((TargetSpec("player", text="target player"),), (SeparatePiles(Ref("target", 0)),))
    return _replace_loyalty(d, -6, mode, "-6: Separate all permanents target player controls into two piles. "
                            "That player sacrifices all permanents in the pile of their choice.")


# ---------------------------------------------------------------- Snapcaster Mage

@dataclass(frozen=True)
class GrantFlashback(Effect):
    """The target card gains flashback until end of turn; its flashback cost is its mana cost
    (702.34a). Recorded on the card: `chosen["flashback_turn"]` is the turn it lasts for."""
    what: Ref


@handles(GrantFlashback)
def _grant_flashback(res: Resolution, e: GrantFlashback) -> None:
    for oid in res.objects(e.what):
        if res.state.objects[oid].zone is Zone.GRAVEYARD:
            res.state.writable(oid).chosen["flashback_turn"] = res.state.turn


@card("Snapcaster Mage")
def _snapcaster(d: CardDef) -> CardDef:
    spec = TargetSpec("card", Filter(types=frozenset({"Instant", "Sorcery"}), owner="you"), zone="graveyard",
                      text="target instant or sorcery card in your graveyard")
    trig = TriggeredAbility(Trigger("enters"), Mode((spec,), (GrantFlashback(Ref("target", 0)),)),
                            text="When this creature enters, target instant or sorcery card in your graveyard gains "
                                 "flashback until end of turn.")
    return replace(d, triggered=d.triggered + (trig,))


# ---------------------------------------------------------------- Dauntless Bodyguard

@dataclass(frozen=True)
class GrantToChosen(Effect):
    """Grants keywords to the object the source chose as it entered (its `chosen[key]`, read from the
    source or, once it has left, from its last known information)."""
    key: str
    keywords: tuple[str, ...]


@handles(GrantToChosen)
def _grant_to_chosen(res: Resolution, e: GrantToChosen) -> None:
    from engine.effects.resolution import add_effect
    src = res.source_object()
    chosen = src.chosen.get(e.key) if src is not None else (res.source_lki or {}).get("chosen", {}).get(e.key)
    if isinstance(chosen, int) and chosen in res.state.objects and res.state.objects[chosen].zone is Zone.BATTLEFIELD:
        add_effect(res.game, res, [chosen], {"kind": "grant", "keywords": list(e.keywords)}, "end_of_turn")


@card("Dauntless Bodyguard")
def _bodyguard(d: CardDef) -> CardDef:
    choose = StaticAbility("as_enters_choose", SELF, (("filter", Filter(types=frozenset({"Creature"}), controller="you",
                                                                      other=True)), ("key", "creature")),
                           text="As this creature enters, choose another creature you control.")
    ab = ActivatedAbility(Cost(sacrifice_self=True, text="Sacrifice this creature"),
                          Mode(effects=(GrantToChosen("creature", ("indestructible",)),)),
                          text="Sacrifice this creature: The chosen creature gains indestructible until end of turn.")
    return replace(d, static=(choose,), activated=(ab,))
