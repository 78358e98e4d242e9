"""Mana abilities the automatic payer leaves to be activated by hand (605.3a): those that cost mana (a Signet, a
filter land, Cabal Coffers), a counter, a creature or a card from the hand (Gemstone Mine, Ashnod's Altar, Elvish
Spirit Guide), and those that make restricted mana (106.6) or mana of colors chosen one by one. The legal actions
don't list mana abilities; the heuristic player activates one of these when the mana it adds lets it cast a spell
worth casting that it can't cast with what the payer uses (HeuristicPlayer._mana_first)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from engine.core import player_actions as A
from engine.core import effect_types as E
from engine.core.abilities import Effect, kept_by_identity_of
from engine.core.enums import DecisionKinds, Zones
from engine.core.errors import IllegalAction
from engine.ai.lookahead import hidden_instructions
from engine.effects.payment import payer_ability_indices
from engine.query.layers import Characteristics, characteristics

if TYPE_CHECKING:
    from engine.game import Game

# What such an ability may do for the player to look at it: the heuristic player looks at the casts it allows on a
# plain copy of the game, which must touch no hidden card (a draw would show the library's top card: Chromatic Sphere
# stays activated by hand). A card's unread text (engine.effects.by_hand) is a person's to carry out.
_SEEN_EFFECTS = (E.AddMana, E.DealDamage, E.LoseLife, E.GainLife, E.PutCounters, E.ApplyContinuous,
                 E.SacrificeObjects)


def _hides_nothing(effects: tuple[Effect, ...]) -> bool:
    return all(_hides_nothing(e.then + e.otherwise) if isinstance(e, E.Conditional) else isinstance(e, _SEEN_EFFECTS)
               for e in effects)


@kept_by_identity_of(4096)
def by_hand_mana_indices(ch: Characteristics) -> tuple[int, ...]:
    """The mana abilities of `ch` the automatic payer doesn't activate that touch no hidden card (`_SEEN_EFFECTS`, and
    nothing in their costs either: engine.ai.lookahead.hidden_instructions): read once per Characteristics (never
    modified once computed)."""
    payer = payer_ability_indices(ch) if any(ab.is_mana_ability for ab in ch.activated) else frozenset()
    return tuple(i for i, ab in enumerate(ch.activated)
                 if ab.is_mana_ability and i not in payer and _hides_nothing(ab.mode.effects)
                 and not hidden_instructions(ab))


# The most activations `mana_actions` offers: each is looked at on a copy of the game.
MOST_MANA_ACTIONS = 8


def mana_actions(game: "Game", me: int) -> list[A.ActivateAbility]:
    """`me`'s activations of the mana abilities the payer leaves (`by_hand_mana_indices`) of its permanents, and of the
    cards in its hand that work from there, one for each mana they may add: of "one mana of any color" (or of several
    of one color) the colors its hand's cards cost, or the first if they cost none. The permanents' first, at most
    `MOST_MANA_ACTIONS`. Whether each can be activated now is the engine's to say (602.2)."""
    s = game.state
    p = s.players[me]
    out: list[A.ActivateAbility] = []
    wanted: set[str] | None = None
    for oid in (*s.battlefield, *p.hand):
        o = s.objects[oid]
        if o.controller != me and o.zone is Zones.BATTLEFIELD:
            continue
        ch = characteristics(s, oid)
        for i in by_hand_mana_indices(ch):
            ab = ch.activated[i]
            if ab.from_hand != (o.zone is Zones.HAND) or (ab.cost.tap and o.tapped):
                continue
            # The mana named whenever the ability would ask for it (several options, or mana of any color), so that
            # activating it asks nothing (`activated_copies`).
            asks = len(ab.mana_options) > 1 or any("A" in opt for opt in ab.mana_options)
            options: list[str] = []
            for opt in ab.mana_options:
                if "A" in opt:
                    if wanted is None:
                        wanted = {c for x in p.hand for sym in characteristics(s, x).mana_cost.symbols
                                  for c in sym.split("/") if c in "WUBRG"}
                    colors = [c for c in "WUBRG" if c in wanted] or ["W"]
                    options.extend(opt.replace("A", c) for c in colors)
                else:
                    options.append(opt)
            options = list(dict.fromkeys(options))
            for opt in options:
                out.append(A.ActivateAbility(me, oid, i, mana_choice=opt if asks and opt else None))
                if len(out) >= MOST_MANA_ACTIONS:
                    return out
    return out


def activated_copies(game: "Game", me: int) -> Iterator[tuple[A.ActivateAbility, "Game"]]:
    """Each of `me`'s `mana_actions` the engine takes, with a copy of `game` it was activated on, back at `me`'s
    priority: one that asks a choice (what to sacrifice, a combination of colors) is left to a person."""
    for a in mana_actions(game, me):
        g = game.clone()
        try:
            g.apply(a, atomic=False)
        except IllegalAction:
            continue
        if g.pending is not None and g.pending.kind is DecisionKinds.PRIORITY and g.pending.player == me:
            yield a, g
