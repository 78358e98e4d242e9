"""The effect vocabulary: every instruction a spell or ability can carry (608.2, 609, 701), as frozen
data. The Oracle compiler builds these; the handlers in engine.effects (and the rule procedures for
copies, engine.rules.spell_copies) carry them out, each registered for its type by engine.wiring."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.abilities import YOU, Amount, Condition, Effect, Filter, Ref, TargetSpec, Trigger
from engine.core.mana import ManaCost


# ---------------------------------------------------------------- basic effects (608, 609, 701): engine.effects.resolution
@dataclass(frozen=True)
class DealDamage(Effect):
    amount: Amount
    to: Ref
    divided: bool = False          # 601.2d: the amounts come from the spell's division

@dataclass(frozen=True)
class Destroy(Effect):
    what: Ref
    no_regenerate: bool = False

@dataclass(frozen=True)
class ExileEffect(Effect):
    what: Ref

@dataclass(frozen=True)
class ReturnToHand(Effect):
    what: Ref

@dataclass(frozen=True)
class PutOnLibrary(Effect):
    what: Ref
    top: bool = True

@dataclass(frozen=True)
class CounterSpell(Effect):
    what: Ref
    unless_pay: ManaCost | None = None
    unless_x: bool = False         # "unless its controller pays {X}"
    to: str = "graveyard"          # graveyard | hand (Remand) | exile | library

@dataclass(frozen=True)
class Draw(Effect):
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class Discard(Effect):
    who: Ref
    amount: Amount
    random: bool = False
    chooser: str = "self"          # self | you (the ability's controller looks and chooses: Duress)
    filter: Filter | None = None
    reveal: bool = False

@dataclass(frozen=True)
class GainLife(Effect):
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class LoseLife(Effect):
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class Pump(Effect):
    what: Ref
    power: Amount
    toughness: Amount
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class Grant(Effect):
    what: Ref
    keywords: tuple[str, ...]
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class ApplyContinuous(Effect):
    """A continuous effect from a resolving spell or ability (611.2): params as layers.py reads them."""
    what: Ref
    params: tuple[tuple[str, Any], ...]
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class TapEffect(Effect):
    what: Ref
    untap: bool = False

@dataclass(frozen=True)
class Sacrifice(Effect):
    who: Ref
    filter: Filter
    amount: Amount = Amount("const", 1)

@dataclass(frozen=True)
class AddMana(Effect):
    mana: str                      # letters; "A" = one mana of any color (chosen)
    amount: Amount = Amount("const", 1)
    choice: tuple[str, ...] = ()   # "Add {R} or {G}": the options

@dataclass(frozen=True)
class CreateTokens(Effect):
    spec: tuple[tuple[str, Any], ...]
    amount: Amount = Amount("const", 1)
    who: Ref = YOU
    tapped: bool = False
    attacking: bool = False
    x: Amount | None = None    # what X means in an "X/X" token's power and toughness (107.3a), read as it resolves

@dataclass(frozen=True)
class PutCounters(Effect):
    what: Ref
    kind: str
    amount: Amount

@dataclass(frozen=True)
class Mill(Effect):
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class Conditional(Effect):
    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

@dataclass(frozen=True)
class MayDo(Effect):
    """ "You may ..." (603.5 for triggers; 608.2d): the player chooses yes or no."""
    effects: tuple[Effect, ...]
    who: Ref = YOU
    prompt: str = ""



# ---------------------------------------------------------------- keyword actions (701): engine.effects.keyword_actions
@dataclass(frozen=True)
class Fight(Effect):
    """701.14a: each of two creatures deals damage equal to its power to the other."""
    first: Ref
    second: Ref

@dataclass(frozen=True)
class DealDamageBy(Effect):
    """An object other than the ability's source deals damage ("target creature you control deals
    damage equal to its power to another target creature", 120.3)."""
    source: Ref
    amount: Amount
    to: Ref

@dataclass(frozen=True)
class Proliferate(Effect):
    """701.34a: choose any number of permanents and/or players with counters; each gets another
    counter of each kind already there."""


@dataclass(frozen=True)
class Regenerate(Effect):
    """701.19a: a regeneration shield for the next time the permanent would be destroyed this turn."""
    what: Ref

@dataclass(frozen=True)
class CantBeRegenerated(Effect):
    """ "It can't be regenerated" (701.19c) for objects that aren't destroyed by the same effect."""
    what: Ref

@dataclass(frozen=True)
class Attach(Effect):
    """701.3a: attach the source (an Equipment, "equip") to an object."""
    what: Ref
    to: Ref

@dataclass(frozen=True)
class TapOrUntap(Effect):
    what: Ref

@dataclass(frozen=True)
class SacrificeSelf(Effect):
    """ "Sacrifice ~" as an effect (701.21a): only if the source is still on the battlefield under
    the ability's controller's control."""

@dataclass(frozen=True)
class SacrificeObjects(Effect):
    """ "Sacrifice it" / "sacrifice them" (701.21a): each one still on the battlefield under the
    ability's controller's control."""
    what: Ref

@dataclass(frozen=True)
class PutOntoBattlefield(Effect):
    """Return a card to the battlefield (from a graveyard or exile): "under its owner's control" or
    "under your control"."""
    what: Ref
    under: str = "owner"           # owner | you
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()   # "with a -1/-1 counter on it" (persist, 702.79a)

@dataclass(frozen=True)
class ExileLinked(Effect):
    """Exile objects and remember them for a linked ability of the same source (607.2a), e.g. an
    Oblivion Ring's "return the exiled card"."""
    what: Ref

@dataclass(frozen=True)
class ReturnLinked(Effect):
    """Return the cards a linked ability of this source exiled to the battlefield (607.2a)."""
    under: str = "owner"

@dataclass(frozen=True)
class MayPay(Effect):
    """ "You may pay {N}. If you do, ...": the controller may pay; only then the effects happen.
    "Pay {N}. If you don't, ...": `otherwise` happens unless the controller pays."""
    cost: ManaCost
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()

@dataclass(frozen=True)
class ChooseMode(Effect):
    """ "Choose one —" of a triggered ability whose modes have no targets: the controller picks one
    as it resolves and its effects happen."""
    modes: tuple[tuple[Effect, ...], ...]
    labels: tuple[str, ...] = ()

@dataclass(frozen=True)
class GrantKeywordChoice(Effect):
    """ "gains your choice of deathtouch or lifelink until end of turn": chosen as it resolves."""
    what: Ref
    keywords: tuple[str, ...]
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class GrantProtectionChoice(Effect):
    """ "gains protection from the color of your choice [or from artifacts] until end of turn"
    (702.16): the color is chosen as the effect resolves, then the keyword is granted."""
    what: Ref
    artifacts: bool = False
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class ReturnChosen(Effect):
    """ "Return a land you control to its owner's hand": the player chooses as it resolves (no target)."""
    who: Ref
    filter: Filter
    amount: int = 1

@dataclass(frozen=True)
class ExileGraveyards(Effect):
    """ "Exile all graveyards" / "exile target player's graveyard"."""
    who: Ref



# ---------------------------------------------------------------- library effects (401, 701.18, 701.20): engine.effects.library
@dataclass(frozen=True)
class SearchLibrary(Effect):
    """ "Search your library for up to N <filter> cards, put them <to> [tapped], then shuffle."
    split: one chosen card goes to `to`, the others to the hand (Cultivate)."""
    who: Ref
    filter: Filter | None
    max: int = 1
    to: str = "hand"               # hand | battlefield | library_top | graveyard
    tapped: bool = False
    reveal: bool = False
    split: bool = False
    shuffle: bool = True
    optional: bool = False         # "may search": choosing nothing declines the search and the shuffle
    zones: tuple[str, ...] = ("library",)   # "search your library and/or graveyard"

@dataclass(frozen=True)
class Scry(Effect):
    who: Ref
    amount: Amount
    surveil: bool = False          # 701.25: to the graveyard instead of the bottom

@dataclass(frozen=True)
class LookAndReorder(Effect):
    """ "Look at the top N cards of your library, then put them back in any order." (Ponder)"""
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class LookAndTake(Effect):
    """ "Look at the top N cards of your library. Put K of them into your hand and the rest on the
    bottom of your library in any order / into your graveyard." """
    who: Ref
    amount: Amount
    take: int = 1
    rest: str = "bottom"           # bottom | graveyard

@dataclass(frozen=True)
class PutFromHandOnLibrary(Effect):
    """ "Put N cards from your hand on top of your library in any order." (Brainstorm)"""
    who: Ref
    amount: Amount
    top: bool = True

@dataclass(frozen=True)
class RevealTop(Effect):
    """Reveal the top card of a library; `to_hand` puts it into its owner's hand. The revealed
    card is remembered for "its mana value" and "if it's a land card"."""
    who: Ref
    to_hand: bool = False

@dataclass(frozen=True)
class RevealHand(Effect):
    """A player reveals their hand (701.20): an event everyone sees; the cards are shown in the log."""
    who: Ref

@dataclass(frozen=True)
class MoveRevealed(Effect):
    to: str = "hand"

@dataclass(frozen=True)
class Shuffle(Effect):
    who: Ref = YOU



# ---------------------------------------------------------------- prevention (615): engine.effects.prevention
@dataclass(frozen=True)
class PreventDamage(Effect):
    """Prevent all [combat] damage that would be dealt this turn (615.1a)."""
    combat_only: bool = True
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class PreventNextFromChosenSource(Effect):
    """A prevention shield (615.7): the next time a source of the chosen kind would deal damage to
    the player this turn, prevent it."""
    color: str            # the source must have this color ("R"); "" for any source
    to: Ref = YOU



# ---------------------------------------------------------------- copies of spells (707.10): engine.rules.spell_copies
@dataclass(frozen=True)
class CopySpell(Effect):
    """ "Copy target instant or sorcery spell", "copy that spell", "copy it for each ..."."""
    what: Ref
    new_targets: bool = False      # "You may choose new targets for the copy" (707.10c)
    count: Amount = Amount("const", 1)
    colors: str | None = None      # "except that the copy is red" (707.10, Fork)
    copier: str = "you"            # who puts the copy on the stack and controls it: you | each_other

STORM_TRIGGER = Trigger("cast", "self")



# ---------------------------------------------------------------- token copies (707.2, 111.10): engine.effects.basic
@dataclass(frozen=True)
class CreateTokenCopy(Effect):
    what: Ref
    amount: Amount = Amount("const", 1)



# ---------------------------------------------------------------- delayed triggered abilities (603.7): engine.effects.delayed_triggers
REMEMBERED = Ref("remembered")

@dataclass(frozen=True)
class CreateDelayed(Effect):
    """Creates a delayed triggered ability (603.7). `remember` names the objects its effects call
    "it"/"them" (read as the ability is created); inside `effects` they are REMEMBERED."""
    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    remember: tuple[Ref, ...] = ()
    duration: str = "once"          # once (603.7b) | turn ("whenever ... this turn") | once_turn ("when ... this turn")
    text: str = ""



# ---------------------------------------------------------------- winning and losing (104): engine.effects.winning
@dataclass(frozen=True)
class WinGame(Effect):
    """ "You win the game" (104.2b)."""
    who: Ref

@dataclass(frozen=True)
class LoseGame(Effect):
    """ "You lose the game" (104.3e)."""
    who: Ref



# ---------------------------------------------------------------- hand-written cards' effects: engine.oracle.handwritten
@dataclass(frozen=True)
class SeparatePiles(Effect):
    """You separate all permanents the player controls into two piles; that player sacrifices all
    permanents in the pile of their choice."""
    who: Ref

@dataclass(frozen=True)
class GrantFlashback(Effect):
    """The target card gains flashback until end of turn; its flashback cost is its mana cost
    (702.34a). Recorded on the card: `chosen["flashback_turn"]` is the turn it lasts for."""
    what: Ref

@dataclass(frozen=True)
class GrantToChosen(Effect):
    """Grants keywords to the object the source chose as it entered (its `chosen[key]`, read from the
    source or, once it has left, from its last known information)."""
    key: str
    keywords: tuple[str, ...]
