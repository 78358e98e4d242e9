"""The effect vocabulary: every instruction a spell or ability can carry (608.2, 609, 701), as frozen
data. The Oracle compiler builds these; the handlers in engine.effects (and the rule procedures for
copies, engine.rules.spell_copies) carry them out, each registered for its type by engine.wiring."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.abilities import YOU, Amount, Condition, Effect, Filter, Keyword, Ref, TargetSpec, Trigger
from engine.core.mana import ManaCost


# ---------------------------------------------------------------- basic effects (608, 609, 701): engine.effects.resolution
@dataclass(frozen=True)
class DealDamage(Effect):
    amount: Amount
    to: Ref
    divided: bool = False          # 601.2d: the amounts come from the spell's division
    unpreventable: bool = False    # 615.12: "The damage can't be prevented."
    excess_to_controller: bool = False     # 120.4a: "Excess damage is dealt to that creature's controller instead."
    # "deals damage to each player equal to the number of lands they control": the amount is read for each recipient
    # in turn, "they" being that one (Ref("chosen", key=EACH_RECIPIENT))
    per_recipient: bool = False


# The answers key naming the recipient a per-recipient amount is read for (DealDamage.per_recipient)
EACH_RECIPIENT = "each_recipient"

@dataclass(frozen=True)
class EachPlayerInTurn(Effect):
    """ "Each player's life total becomes the number of creatures they control", "each opponent loses life equal to
    the number of cards in their graveyard" (101.4): each player of `who` in turn order, "they" (Ref("chosen",
    key=EACH_RECIPIENT)) being that player. Only instructions that ask no one anything (life totals)."""
    who: Ref
    effects: tuple[Effect, ...]

@dataclass(frozen=True)
class Destroy(Effect):
    what: Ref
    no_regenerate: bool = False

@dataclass(frozen=True)
class ExileEffect(Effect):
    what: Ref
    counters: tuple[str, int] | None = None     # "exile ~ with three time counters on it" (kind, number)

@dataclass(frozen=True)
class ReturnToHand(Effect):
    what: Ref

@dataclass(frozen=True)
class PutOnLibrary(Effect):
    """ "Put ~ on top of / on the bottom of its owner's library", "... into its owner's library second from
    the top" (`depth`: how many cards stay above it, fewer if the library is shorter). With `owner_chooses`,
    "its owner puts it on the top or bottom of their library": the owner chooses which as it resolves. With
    `controller_orders`, "put them on top of that player's library in any order": the resolving ability's controller
    orders them, not their owner (401.4)."""
    what: Ref
    top: bool = True
    depth: int | Amount = 0        # an Amount: "just beneath the top X cards of that library"
    owner_chooses: bool = False
    controller_orders: bool = False

@dataclass(frozen=True)
class CounterSpell(Effect):
    what: Ref
    unless_pay: ManaCost | None = None
    unless_x: bool = False         # "unless its controller pays {X}"
    to: str = "graveyard"          # graveyard | hand (Remand) | exile | library
    unless_amount: Amount | None = None   # "unless its controller pays {1} for each ...": that much generic mana

@dataclass(frozen=True)
class Draw(Effect):
    who: Ref
    amount: Amount
    up_to: bool = False     # "each player draws up to seven cards": each chooses how many, in turn order (101.4)

@dataclass(frozen=True)
class Discard(Effect):
    who: Ref
    amount: Amount
    random: bool = False
    chooser: str = "self"          # self | you (the ability's controller looks and chooses: Duress)
    filter: Filter | None = None
    reveal: bool = False
    up_to: bool = False            # "discard up to two cards": any number from none to that many (701.9a)
    among_revealed: bool = False   # "reveals three cards from their hand and you choose one of them": of those only
    keep: bool = False             # "chooses a card in their hand and discards the rest": `amount` kept, the rest gone

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
    keywords: tuple[Keyword, ...]       # compiled (613.1f); the state's effect keeps their text
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class ApplyContinuous(Effect):
    """A continuous effect from a resolving spell or ability (611.2): params as layers.py reads them."""
    what: Ref
    params: tuple[tuple[str, Any], ...]
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class GroupRule(Effect):
    """A rule-changing effect on a group of permanents (611.2c): "Creatures target player controls attack this turn if
    able", "Creatures without flying can't block this turn" bind each permanent `filter` matches while the effect
    lasts, those that arrive later too (the filter is checked as the rule is applied; no objects are locked in).
    `of_player`: the player whose permanents they are, found as the effect begins (None: any player's, or as the
    filter's controller says, relative to the effect's controller); `params` as layers.py reads them (a flag kind)."""
    filter: Filter
    of_player: Ref | None
    params: tuple[tuple[str, Any], ...]
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class TapEffect(Effect):
    """Tap (or `untap`) the objects; `toggle`: "Simultaneously untap all tapped creatures and tap all untapped
    creatures", each one the other way round from how it was, all at once."""
    what: Ref
    untap: bool = False
    toggle: bool = False

@dataclass(frozen=True)
class RemoveFromCombat(Effect):
    """506.4: "remove it from combat": it stops being an attacking, blocking, blocked or unblocked creature."""
    what: Ref

@dataclass(frozen=True)
class Sacrifice(Effect):
    who: Ref
    filter: Filter
    amount: Amount = Amount("const", 1)

@dataclass(frozen=True)
class KeepAndSacrificeRest(Effect):
    """ "Each player chooses three permanents they control, then sacrifices the rest", "... chooses an artifact, a
    creature, an enchantment, and a planeswalker from among the nonland permanents they control, then sacrifices the
    rest": each player in turn (101.4) chooses among the permanents they control that `among` matches, either `count`
    different ones or one for each filter of `keep` (a permanent may be chosen for more than one of them); then all
    the others of `among` are sacrificed at once (701.21a). `up_to`: "chooses up to two creatures they control": any
    number of them from none to `count`."""
    who: Ref
    among: Filter
    keep: tuple[Filter, ...] = ()
    count: int = 0
    up_to: bool = False

@dataclass(frozen=True)
class SpendOnly:
    """106.6: "Spend this mana only to cast <spells> [or activate abilities of <sources>]": what the mana may
    pay for. A player's pool keeps such mana apart with its `text`, by which the catalog finds this again
    (cards.spend_restriction)."""
    text: str
    spells: Filter | None = None        # a spell being cast that matches (None: no spell)
    abilities: Filter | None = None     # an ability being activated whose source matches (None: no ability)
    kicked: bool = False                # "kicked spells": only a spell whose kicker cost is paid (702.33d)
    from_graveyard: str = ""            # "spells from a graveyard" ("any") / "from your graveyard" ("yours")


# Between a restriction's text and the creature type chosen for the mana's source, in a pool's restricted mana: "spend
# this mana only to cast a creature spell of the chosen type|Elf" (106.6)
CHOSEN_TYPE_MARK = "|"


@dataclass(frozen=True)
class AddMana(Effect):
    mana: str                      # letters; "A" = one mana of any color (chosen), CHOSEN_COLOR = of the color
                                   # chosen as the source entered
    amount: Amount = Amount("const", 1)
    choice: tuple[str, ...] = ()   # "Add {R} or {G}": the options
    kept: bool = False             # "Until end of turn, you don't lose this mana as steps and phases end" (500.4)
    spend_only: SpendOnly | None = None     # 106.6: what this mana may be spent on
    # "Add X mana in any combination of {G} and/or {W}" / "of colors": the letters each of the `amount` mana is
    # chosen among, one at a time (106.1a); `mana` is then empty
    combination: str = ""
    # "Add two mana of different colors": each of the `combination` mana of a color not chosen before it (106.1a);
    # "two mana of any one color and two mana of any other color": `per_color` mana of each color chosen so
    distinct: bool = False
    per_color: int = 1
    # "For each color among permanents you control, add one mana of that color": one mana of each color among the
    # permanents this filter finds as the mana is added (105.1, 106.1a); `mana` is then empty
    each_color_among: Filter | None = None
    # "Add one mana of any color among legendary creatures and planeswalkers you control": one mana of a color chosen
    # among those permanents' colors as it is added, none if they have none (105.1, 106.1); `mana` is then empty
    one_color_among: Filter | None = None


# "Add one mana of the chosen color": the letter that stands for the color its source's controller chose as it
# entered (614.12), kept in the source's `chosen["color"]`.
CHOSEN_COLOR = "H"
# "Add one mana of any color that a land an opponent controls could produce" (106.7) and "of any color in your
# commander's color identity" (903.4): letters for one mana of a color among those, read from the board as it's added
# (engine.query.mana_colors); none if there is no such color.
OPPONENT_LANDS_COLOR = "O"
IDENTITY_COLOR = "I"
# "... that a land you control could produce", "... that a basic land you control could produce" (106.7)
YOUR_LANDS_COLOR = "Y"
YOUR_BASICS_COLOR = "K"
# "one mana of any type that a land you control could produce" (106.7): of a color as YOUR_LANDS_COLOR, or colorless
YOUR_LANDS_TYPE = "J"
BOARD_COLORS = (OPPONENT_LANDS_COLOR, IDENTITY_COLOR, YOUR_LANDS_COLOR, YOUR_BASICS_COLOR, YOUR_LANDS_TYPE)

@dataclass(frozen=True)
class AddManaProduced(Effect):
    """ "adds one mana of any type that land produced" (605.1b): one mana of a type among the mana the
    triggering permanent was just tapped for (the event's "mana"), its controller's choice."""

@dataclass(frozen=True)
class CreateEmblem(Effect):
    """ "You get an emblem with "..."" (114.1, 114.2): an emblem in the command zone with those abilities, its
    `text` compiled as a granted ability's (core.cards.granted_def); they work there (114.4)."""
    text: str
    who: Ref = YOU

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
    divided: bool = False          # "distribute N counters among ...": the numbers come from the division (601.2d)
    up_to: bool = False            # "put up to X counters on ~": how many, its controller chooses as it resolves (608.2d)
    at_most: int = 0               # "can't cause the total number of those counters on ~ to be greater than N" (0: any)

@dataclass(frozen=True)
class Mill(Effect):
    who: Ref
    amount: Amount
    exile: bool = False       # "exiles the top N cards of their library" (ingest 702.115a) instead of milling

@dataclass(frozen=True)
class Conditional(Effect):
    condition: Condition
    then: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()

@dataclass(frozen=True)
class WithX(Effect):
    """ "<instruction>, where X is <amount>" when the instruction reads X in a description ("Destroy each nonland
    permanent with mana value X, where X is the number of charge counters on ~", "search your library for a card with
    mana value less than or equal to the number of lands you control"): X is that amount as the instruction is carried
    out (608.2h), not the X of the spell or ability (107.3a), which `with_x` leaves alone here."""
    x: Amount
    effect: Effect
    binds_x: ClassVar[bool] = True

@dataclass(frozen=True)
class MayDo(Effect):
    """ "You may ..." (603.5 for triggers; 608.2d): the player chooses yes or no."""
    effects: tuple[Effect, ...]
    who: Ref = YOU
    prompt: str = ""

# The answers key naming the players who chose to carry out an EachMayDo's instructions
MAY_PLAYERS = "may_players"

@dataclass(frozen=True)
class EachMayDo(Effect):
    """ "Each player may scry 1", "each player may discard their hand and draw seven cards" (101.4, 608.2d): each
    player of `who` in APNAP order chooses yes or no, then the instructions are carried out at once by those who chose
    yes, their subject being Ref("chosen", key=MAY_PLAYERS)."""
    who: Ref
    effects: tuple[Effect, ...]

@dataclass(frozen=True)
class IfDone(Effect):
    """608.2c: "<instruction>. If you do, <effects>" after an instruction that may not be carried out ("Sacrifice a
    creature", "Remove a +1/+1 counter from ~" with none there): `then` happens only if it was, `otherwise`
    ("If you don't, ...") only if it wasn't. The instruction is one of DONE_EVENTS's, or a MayDo of one ("You may
    discard a card. If you don't, ...": declining is not doing it)."""
    action: Effect
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()


# The instructions an IfDone may hold, by class name, each with the events that show it was carried out (an
# event kind, or "zone_change:<cause>"): nothing to sacrifice, discard or remove makes no such event.
DONE_EVENTS: dict[str, tuple[str, ...]] = {
    "Sacrifice": ("zone_change:sacrifice",), "SacrificeSelf": ("zone_change:sacrifice",),
    "SacrificeObjects": ("zone_change:sacrifice",), "Discard": ("discard",), "TapEffect": ("tap",),
    "RemoveCounters": ("counter_removed",), "PutCounters": ("counter_added",), "ExileEffect": ("zone_change:exile",),
    "ExileFromGraveyard": ("zone_change:exile",), "ReturnChosen": ("zone_change:bounce",),
    "PutOntoBattlefield": ("zone_change:put",), "Mill": ("zone_change:mill",),
}



# ---------------------------------------------------------------- keyword actions (701): engine.effects.keyword_actions
@dataclass(frozen=True)
class Fight(Effect):
    """701.14a: each of two creatures deals damage equal to its power to the other."""
    first: Ref
    second: Ref

@dataclass(frozen=True)
class BecomeBlocked(Effect):
    """ "Target unblocked attacking creature becomes blocked" (509.1h): blocked from now on in this combat, by no
    creature; once blockers are declared (the cards that say it are played then)."""
    what: Ref

@dataclass(frozen=True)
class PhaseOut(Effect):
    """702.26b: "~ phases out": it is treated as though it doesn't exist until it phases in during its
    controller's next untap step (702.26a); Auras and Equipment attached to it go with it (702.26g)."""
    what: Ref

@dataclass(frozen=True)
class DealDamageBy(Effect):
    """An object other than the ability's source deals damage ("target creature you control deals
    damage equal to its power to another target creature", 120.3)."""
    source: Ref
    amount: Amount
    to: Ref
    # "Up to two target creatures you control each deal damage equal to their power to ...": each object of `source`
    # deals damage equal to that characteristic of its own ("power" | "toughness"); "": the first, `amount`
    each_own: str = ""

@dataclass(frozen=True)
class Proliferate(Effect):
    """701.34a: choose any number of permanents and/or players with counters; each gets another
    counter of each kind already there."""


@dataclass(frozen=True)
class Populate(Effect):
    """701.36a: choose a creature token you control and create a token that's a copy of it."""


@dataclass(frozen=True)
class Bolster(Effect):
    """701.39a: choose a creature with the least toughness among creatures you control; put N +1/+1
    counters on it."""
    amount: Amount


@dataclass(frozen=True)
class Amass(Effect):
    """701.47a: if you control no Army creature, create a 0/0 black [subtype] Army creature token
    (`token`); choose an Army creature you control and put N +1/+1 counters on it."""
    amount: Amount
    token: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Explore(Effect):
    """701.44a: reveal the top card of your library; a land card goes to your hand, otherwise the
    creature gets a +1/+1 counter and you may put the card into your graveyard."""
    what: Ref


@dataclass(frozen=True)
class Connive(Effect):
    """701.50a: draw a card, then discard a card; if a nonland card was discarded, put a +1/+1 counter
    on the conniving permanent."""
    what: Ref


@dataclass(frozen=True)
class MoveCounter(Effect):
    """ "Move a [kind] counter from ~ onto that creature" (graft 702.58a, 122.5): only if both are on the
    battlefield and the source has one. `kind` "": a counter of a kind its controller chooses ("move a counter");
    `every`: all the counters ("move all counters"), each kind at once."""
    source: Ref
    to: Ref
    kind: str
    every: bool = False
    any_number: bool = False    # "move any number of +1/+1 counters": how many, chosen as it resolves (608.2d)


@dataclass(frozen=True)
class PutCountersOf(Effect):
    """ "When ~ dies, put its counters on target creature you control": as many counters of each kind as `of`
    has, or had as it last existed on the battlefield (603.10a, 608.2h), put on `to` (122.1)."""
    of: Ref
    to: Ref


@dataclass(frozen=True)
class Manifest(Effect):
    """701.40a: put the top card of the player's library onto the battlefield face down as a 2/2 creature
    (turned face up for its mana cost if it's a creature card, or for its morph cost)."""
    who: Ref = YOU


@dataclass(frozen=True)
class Goad(Effect):
    """701.15a: until the goading player's next turn, the creature attacks each combat if able, and attacks
    a player other than the goading player if able (701.15b; engine.rules.combat.goad_error)."""
    what: Ref


@dataclass(frozen=True)
class RemoveCounter(Effect):
    """ "Remove a [kind] counter from ~" (vanishing 702.63a, fading 702.32a); `otherwise` happens if it
    can't be removed ("If you can't, sacrifice ~")."""
    what: Ref
    kind: str
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Designate(Effect):
    """The permanent becomes [designation] (monstrous 701.37b, renowned 702.112b): kept in its `chosen`
    under `key` until it leaves the battlefield."""
    what: Ref
    key: str


@dataclass(frozen=True)
class BecomeMonarch(Effect):
    """725.1, 725.3: the player becomes the monarch, and whoever was stops being it."""
    who: Ref


@dataclass(frozen=True)
class Vote(Effect):
    """701.38a: starting with you, each player in turn order votes for one of the named options; "For each X
    vote" and "If X gets more votes" read the count."""
    options: tuple[str, ...]

@dataclass(frozen=True)
class Ascend(Effect):
    """702.131a: ascend on an instant or sorcery: its controller gets the city's blessing if they control ten
    or more permanents (engine.rules.ascend)."""

@dataclass(frozen=True)
class Haunt(Effect):
    """702.55a: "exile it haunting target creature": the source's card, from its graveyard, goes to exile and
    haunts the creature (702.55b)."""
    creature: Ref

@dataclass(frozen=True)
class Myriad(Effect):
    """702.116a: for each opponent other than the defending player, you may create a token copy of the source
    tapped and attacking that player (the tokens are exiled at end of combat by the ability's next effect)."""

@dataclass(frozen=True)
class Champion(Effect):
    """702.72a: "sacrifice it unless you exile another [filter] you control"; the exiled card is linked to the
    champion's leaves-the-battlefield ability (ReturnLinked, 607.2k)."""
    filter: Filter

@dataclass(frozen=True)
class Exploit(Effect):
    """702.110a: "you may sacrifice a creature"; doing so as this resolves is "exploiting" it (702.110b)."""

@dataclass(frozen=True)
class Pair(Effect):
    """Soulbond 702.95a: you may pair `what` with `with_` (None: another unpaired creature you control, chosen),
    if both are unpaired creatures you control."""
    what: Ref
    with_: Ref | None = None

@dataclass(frozen=True)
class Suspect(Effect):
    """701.60: the creature becomes suspected (a designation, 701.60b): it has menace and can't block while
    it is (701.60c), and can't become suspected again (701.60d)."""
    what: Ref
    menace: Keyword = Keyword("menace")     # the keyword it grants, compiled (613.1f)

@dataclass(frozen=True)
class ExchangeControl(Effect):
    """701.12b: two permanents controlled by different players: each player gains control of the other's;
    if the whole exchange can't be made, nothing happens (701.12a)."""
    what: tuple[Ref, ...]

@dataclass(frozen=True)
class ExchangeLife(Effect):
    """701.12c: each of two players gains or loses life to have the other's previous life total."""
    players: tuple[Ref, ...]


@dataclass(frozen=True)
class SetLifeTotal(Effect):
    """ "Target player's life total becomes 20" (119.5): the player gains or loses the difference."""
    who: Ref
    amount: Amount


@dataclass(frozen=True)
class Regenerate(Effect):
    """701.19a: a regeneration shield for the next time the permanent would be destroyed this turn."""
    what: Ref

@dataclass(frozen=True)
class CantBeRegenerated(Effect):
    """ "It can't be regenerated" (701.19c) for objects that aren't destroyed by the same effect; `damaged`: only
    those this resolution dealt damage to ("creatures dealt damage this way", 120.3)."""
    what: Ref
    damaged: bool = False

@dataclass(frozen=True)
class Attach(Effect):
    """701.3a: attach the source (an Equipment, "equip") to an object."""
    what: Ref
    to: Ref

@dataclass(frozen=True)
class AttachElsewhere(Effect):
    """ "Attach target Aura attached to a creature to another creature", "attach all Auras enchanting target permanent
    to another permanent with the same controller" (701.3a): the new object, of the kind `to`, is chosen as the effect
    resolves (not targeted): not the one they're attached to, one all of them could be attached to (701.3b);
    `same_controller`: controlled by the player who controls the one they're attached to."""
    what: Ref
    to: Filter
    same_controller: bool = False

@dataclass(frozen=True)
class Unattach(Effect):
    """701.3d: the permanent stops being attached (reconfigure 702.151a)."""
    what: Ref

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
    ability's controller's control; `then`: "When you do, ..." (603.12), only if one was sacrificed. With
    `by_controller`, "its controller sacrifices it": whoever controls it then sacrifices it."""
    what: Ref
    then: tuple[Effect, ...] = ()
    by_controller: bool = False

@dataclass(frozen=True)
class PutOntoBattlefield(Effect):
    """Return a card to the battlefield (from a graveyard or exile): "under its owner's control" or
    "under your control"."""
    what: Ref
    under: str = "owner"           # owner | you
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()   # "with a -1/-1 counter on it" (persist, 702.79a)
    marks: tuple[tuple[str, int], ...] = ()      # kept in its `chosen` ("unearthed", "exile_if_leaves": 702.84a)
    attach_to: Ref | None = None   # "attached to that creature" (an Aura: 303.4i)
    transformed: bool = False      # "return it to the battlefield transformed": back face up (712.14a)
    attacking: bool = False        # "... to the battlefield tapped and attacking" (508.4)

@dataclass(frozen=True)
class ExileLinked(Effect):
    """Exile objects and remember them for a linked ability of the same source (607.2a), e.g. an
    Oblivion Ring's "return the exiled card"."""
    what: Ref

@dataclass(frozen=True)
class BecomeChosenType(Effect):
    """ "Target land becomes the basic land type of your choice until end of turn" (305.7), "~ becomes the
    creature type of your choice" (205.1a), "Target creature becomes the color or colors of your choice" (105.2, one
    or more colors), "... the color of your choice" (one): the type or colors are chosen as the effect resolves (608.2d)."""
    what: Ref
    kind: str = "basic_land_type"          # basic_land_type | creature_type | colors | color
    duration: str = "end_of_turn"
    excluded: tuple[str, ...] = ()         # "a creature type other than Wall": not among the choices
    in_addition: bool = False              # "... in addition to its other types": added, none replaced (305.7)

@dataclass(frozen=True)
class ChooseValue(Effect):
    """A spell's "Choose a color." / "Choose a creature type." / "Choose a nonland card name.": chosen as it resolves
    (608.2d) and kept on the spell, so "of the chosen color", "with that name" in its next instructions read it
    (Filter.chosen)."""
    what: str = "color"                     # color | creature_type | card_name
    kinds: Filter | None = None             # card_name: the card types the name's card has or lacks (201.3)

@dataclass(frozen=True)
class ExileUntilLeaves(Effect):
    """ "Exile target creature until ~ leaves the battlefield" (610.3): the exiled cards return to the
    battlefield under their owners' control as soon as the source leaves; nothing is exiled if it has
    already left (610.3c)."""
    what: Ref

@dataclass(frozen=True)
class ReturnLinked(Effect):
    """Return the cards a linked ability of this source exiled to the battlefield (607.2a): "return the exiled card",
    "return each creature card exiled with ~"; with `chosen`, one of them its controller chooses ("put a creature
    card exiled with ~ onto the battlefield under your control"); `to` "hand": "put all cards exiled with ~ into their
    owners' hands"."""
    under: str = "owner"
    filter: Filter | None = None
    chosen: bool = False
    to: str = "battlefield"
    tapped: bool = False

@dataclass(frozen=True)
class MayPay(Effect):
    """ "You may pay {N}. If you do, ...": the controller may pay; only then the effects happen.
    "Pay {N}. If you don't, ...": `otherwise` happens unless the controller pays."""
    cost: ManaCost
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    times: Amount | None = None      # the cost paid this many times ("{1} for each age counter", 702.24a)
    energy: int = 0                  # energy counters paid besides the mana ("you may pay {E}{E}", 107.14)
    life: int = 0                    # life paid besides the mana (cumulative upkeep—pay 1 life, 119.4)
    payer: Ref | None = None         # "... unless that player pays {2}": who may pay (118.12); else the controller;
                                     # the player who paid is kept as Ref("chosen", key=PAYING_PLAYER) for `then`
    cost_of: Ref | None = None       # "unless you pay its mana cost": that object's mana cost, X 0 (202.1, 107.3), not `cost`
    prompt: str = ""                 # the question when paying is no cost ("Have it deal 2 damage to you?")

# The answers key naming the player who paid a MayPay ("any player may have ~ deal 5 damage to them")
PAYING_PLAYER = "paying_player"

@dataclass(frozen=True)
class UnlessDiscard(Effect):
    """ "Sacrifice ~ unless you discard a card", "Then discard two cards unless you discard an artifact
    card" (118.12): the controller may discard a card [of the kind, or at random]; if they don't (or
    can't), `otherwise` happens."""
    otherwise: tuple[Effect, ...]
    filter: Filter | None = None
    random: bool = False

@dataclass(frozen=True)
class GetEnergy(Effect):
    """ "You get {E}{E}": the player gets that many energy counters (122.1e)."""
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class GetPoison(Effect):
    """ "Target player gets three poison counters" (122.1f); ten or more lose the game (704.5c)."""
    who: Ref
    amount: Amount

@dataclass(frozen=True)
class RepeatProcess(Effect):
    """ "Target player mills two cards. If two cards that share a color were milled this way, repeat this process.":
    the instructions before it carried out again as long as `condition` holds after them (608.2c), each time's "this
    way" its own."""
    effects: tuple[Effect, ...]
    condition: Condition

@dataclass(frozen=True)
class Repeat(Effect):
    """ "Investigate three times", "Populate X times": the instruction carried out that many times, one after
    another (701.16a, 701.36a: each time is an action of its own)."""
    times: Amount
    effects: tuple[Effect, ...]

@dataclass(frozen=True)
class ChooseMode(Effect):
    """ "Choose one —" of a triggered ability whose modes have no targets: the controller picks one
    as it resolves and its effects happen."""
    modes: tuple[tuple[Effect, ...], ...]
    labels: tuple[str, ...] = ()

@dataclass(frozen=True)
class GrantKeywordChoice(Effect):
    """ "gains your choice of deathtouch or lifelink until end of turn": chosen as it resolves; `lose`: "loses your
    choice of flying, first strike, or trample" (613.1f)."""
    what: Ref
    keywords: tuple[Keyword, ...]
    duration: str = "end_of_turn"
    lose: bool = False

@dataclass(frozen=True)
class GrantProtectionChoice(Effect):
    """ "gains protection from the color of your choice [or from artifacts] until end of turn"
    (702.16): the color is chosen as the effect resolves, then the keyword is granted."""
    what: Ref
    artifacts: bool = False
    duration: str = "end_of_turn"
    # the keywords the choice can grant, compiled: protection from each color (and from artifacts)
    choices: tuple[Keyword, ...] = ()
    chosen: bool = False           # "protection from the chosen color": the color chosen before (ChooseValue)

@dataclass(frozen=True)
class ReturnChosen(Effect):
    """ "Return a land you control to its owner's hand": the player chooses as it resolves (no target)."""
    who: Ref
    filter: Filter
    amount: int = 1

@dataclass(frozen=True)
class ChooseOpponent(Effect):
    """ "Choose an opponent", "an opponent gains control of ~": the ability's controller picks one of their opponents
    as it resolves (608.2d; the only one in a two-player game), whom `Ref("chosen", key=key)` names after."""
    key: str

@dataclass(frozen=True)
class ChooseObjects(Effect):
    """ "Untap up to four lands": the ability's controller chooses, as it resolves, that many permanents of the
    kind (no target, 608.2c; any number from none with `up_to`); the next effects act on them through
    `Ref("chosen", key=key)`. In a player's `zone` (hand, graveyard) of `owner`, cards there: "You choose a
    nonland card from it. Exile that card", "you may return an instant card from your graveyard to your hand".
    `at_random`: "return two cards at random from your graveyard": nobody chooses, the game picks. `each_chooses`:
    "Each player returns two land cards from their graveyard to the battlefield": each player of `owner` chooses that
    many among their own cards (101.4), all of them the chosen ones."""
    filter: Filter | None
    amount: Amount
    key: str
    up_to: bool = False
    zone: str = "battlefield"
    owner: Ref | None = None
    at_random: bool = False
    each_chooses: bool = False
    chooser: Ref | None = None     # "that player untaps a land they control": that player chooses, "you" in `filter`

@dataclass(frozen=True)
class ExileGraveyards(Effect):
    """ "Exile all graveyards" / "exile target player's graveyard"."""
    who: Ref

@dataclass(frozen=True)
class ExileFromGraveyard(Effect):
    """ "Target player exiles a card from their graveyard", "you may exile a creature card from your graveyard": each
    player chooses that many cards of the kind in their own graveyard as it resolves (no target), all they have if
    fewer."""
    who: Ref
    filter: Filter | None = None
    amount: int = 1



# ---------------------------------------------------------------- library effects (401, 701.18, 701.20): engine.effects.library
@dataclass(frozen=True)
class SearchLibrary(Effect):
    """ "Search your library for up to N <filter> cards, put them <to> [tapped], then shuffle."
    split: one chosen card goes to `to`, the others to the hand (Cultivate). `searcher`: who searches
    another player's library ("search target player's library for a card and exile it"); None: its owner."""
    who: Ref
    filter: Filter | None
    # "up to X basic land cards, where X is ...": an amount read as it resolves; None: "any number of" (701.23b)
    max: int | Amount | None = 1
    to: str = "hand"               # hand | battlefield | library_top | graveyard | exile
    tapped: bool = False
    reveal: bool = False
    split: bool = False
    shuffle: bool = True
    optional: bool = False         # "may search": choosing nothing declines the search and the shuffle
    zones: tuple[str, ...] = ("library",)   # "search your library and/or graveyard"
    searcher: Ref | None = None
    different_names: bool = False  # "up to three Aura cards with different names": no two cards found share a name
    # "put it onto the battlefield, attach it to a creature you control": the permanent it is attached to, chosen by
    # its controller among those of this description (701.3a)
    attach_to: Filter | None = None
    # "a Plains card, an Island card, and a Swamp card": up to one card of each description, each a different card
    # (`filter` and `max` unused)
    each_of: tuple[Filter, ...] = ()
    # "a card with the same name as that creature / target nontoken creature": only cards of that object's name, as it
    # is or last existed (608.2h)
    name_of: Ref | None = None

@dataclass(frozen=True)
class Scry(Effect):
    who: Ref
    amount: Amount
    surveil: bool = False          # 701.25: to the graveyard instead of the bottom
    fateseal: bool = False         # 701.29a: the controller looks at an opponent's library and decides

@dataclass(frozen=True)
class Clash(Effect):
    """701.30b "Clash with an opponent": you and an opponent each reveal the top card of your libraries and
    each may put it on the bottom; you win with the higher mana value (701.30d)."""

@dataclass(frozen=True)
class FlipCoin(Effect):
    """705.2: "Flip a coin. If you win the flip, ... If you lose the flip, ...": the player who flips
    calls it and wins when the call matches; only that player wins or loses the flip."""
    who: Ref = YOU
    win: tuple[Effect, ...] = ()
    lose: tuple[Effect, ...] = ()

@dataclass(frozen=True)
class DieResult:
    """One line of a results table (706.3a): what happens when the result is from `low` to `high`
    (`high` None: "N+", that result or more)."""
    low: int
    high: int | None
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class RollDie(Effect):
    """706.1-3: "Roll a d20." A die of `sides` equally likely outcomes from 1 to `sides` (706.1a); the
    effects of the results table's line that holds the result happen (706.3a)."""
    sides: int
    who: Ref = YOU
    table: tuple[DieResult, ...] = ()

@dataclass(frozen=True)
class Venture(Effect):
    """701.49: venture into the dungeon (the first room of a dungeon put into the command zone, or the next
    room; from the bottommost room, the dungeon is completed and a new one begun)."""

@dataclass(frozen=True)
class Learn(Effect):
    """701.48a: you may discard a card; if you do, draw a card. (A Lesson from outside the game: the engine
    keeps no sideboard, so there is no card outside the game to reveal.)"""

@dataclass(frozen=True)
class LookAndReorder(Effect):
    """ "Look at the top N cards of your library, then put them back in any order." (Ponder); "... of target
    player's library, ...": `chooser`, the player who looks, orders them (the library's owner if None)."""
    who: Ref
    amount: Amount
    chooser: Ref | None = None

@dataclass(frozen=True)
class LookPick:
    """One choice among the cards looked at or revealed: at least `min`, at most `max` of those
    matching `filter` go `to` (hand, battlefield, graveyard, exile [face down], library_top). `every`: all the
    matching cards go, without a choice ("put all creature cards revealed this way into your hand")."""
    to: str
    max: int = 1
    min: int = 0
    filter: Filter | None = None
    reveal: bool = False           # "you may reveal a creature card from among them and put it ..."
    tapped: bool = False
    every: bool = False
    face_down: bool = False        # "exile one of them face down" (406.3: hidden; its owner may look at it)


@dataclass(frozen=True)
class LookAtTop(Effect):
    """Look at (or reveal, 701.20) the top N cards of a player's library, choose among them, and put
    each group where the text says; the cards not chosen go to `rest` (library_bottom, library_top,
    graveyard, exile, hand; "stay": nothing moves), in an order their owner chooses or, with
    rest_random, a random order (401.4)."""
    who: Ref                       # whose library
    amount: Amount
    reveal: bool = False
    picks: tuple[LookPick, ...] = ()
    rest: str = "stay"
    rest_random: bool = False
    chooser: Ref = YOU
    picker: Ref | None = None      # "An opponent chooses one of them": who makes the picks among revealed cards

@dataclass(frozen=True)
class RevealUntil(Effect):
    """Reveal cards from the top of a player's library until a card matching `filter` is revealed (701.20a):
    that card goes `to` (under the resolving ability's controller with `under_you`), the other cards
    revealed go `rest` (library_bottom, graveyard, hand, shuffle: shuffled back into the library; "stay":
    the text hasn't said yet), in an order their owner chooses or at random (401.4). With no such card,
    every card revealed is one of the rest."""
    who: Ref
    filter: Filter | None
    to: str = "stay"
    rest: str = "stay"
    rest_random: bool = False
    under_you: bool = False

@dataclass(frozen=True)
class PutFromHandOnLibrary(Effect):
    """ "Put N cards from your hand on top of your library in any order." (Brainstorm); `whole_hand`: "put the cards in
    your hand on the bottom of your library in any order" (every card, no choice but their order)."""
    who: Ref
    amount: Amount
    top: bool = True
    whole_hand: bool = False

@dataclass(frozen=True)
class RevealTop(Effect):
    """Reveal the top card of a library; `to_hand` puts it into its owner's hand. The revealed
    card is remembered for "its mana value" and "if it's a land card"."""
    who: Ref
    to_hand: bool = False

@dataclass(frozen=True)
class RevealHand(Effect):
    """A player reveals their hand (701.20): an event everyone sees; the cards are shown in the log.
    `at_random`: one card of it chosen at random, remembered as the revealed card ("that card's mana value")."""
    who: Ref
    at_random: bool = False

@dataclass(frozen=True)
class RevealFromHand(Effect):
    """ "Reveal any number of white cards in your hand", "target player reveals three cards from their hand" (701.20a):
    the player chooses which of their cards of the kind they reveal (any number, or `count`: that many, all if they have
    fewer); the cards revealed are remembered for "for each card revealed this way", "you choose one of them"."""
    who: Ref
    filter: Filter | None = None
    count: Amount | None = None

@dataclass(frozen=True)
class MoveRevealed(Effect):
    to: str = "hand"

@dataclass(frozen=True)
class Shuffle(Effect):
    who: Ref = YOU



# ---------------------------------------------------------------- prevention (615): engine.effects.prevention
@dataclass(frozen=True)
class PreventedThisWay:
    """615.5: what a prevention effect also does as it prevents damage: "If damage is prevented this way, ~ deals that
    much damage to target player" (`effects`, their "that much" the damage it prevented, Amount "event_amount"), "If
    damage from a red source is prevented this way, ..." (`sources`: the damage's source must be one of those, as with
    damage changed instead), "For each 1 damage prevented this way, create ..."; `text` finds it again in the card's
    definition. Its instructions ask nothing: they are carried out as the damage is prevented."""
    effects: tuple[Effect, ...]
    text: str
    sources: tuple[tuple[Filter, bool], ...] | None = None


@dataclass(frozen=True)
class PreventDamage(Effect):
    """Prevent all [combat] damage that would be dealt this turn (615.1a)."""
    combat_only: bool = True
    duration: str = "end_of_turn"
    gain_prevented: bool = False   # 615.5: "You gain life equal to the damage prevented this way."
    then: PreventedThisWay | None = None

@dataclass(frozen=True)
class DamageCantBePrevented(Effect):
    """ "Damage can't be prevented this turn" (615.12): no prevention effect prevents damage, and no
    prevention shield is used up, until the duration ends."""
    duration: str = "end_of_turn"

@dataclass(frozen=True)
class ExileIfDiesThisTurn(Effect):
    """ "If that creature would die this turn, exile it instead" (614.1a): a replacement effect on
    the objects named, until end of turn; with `every_creature`, "If a creature would die this turn": on every
    creature, those that enter later too."""
    what: Ref
    every_creature: bool = False


@dataclass(frozen=True)
class PreventDamageTo(Effect):
    """A prevention shield on objects or players (615.1a, 615.7): "prevent the next 3 damage that
    would be dealt to any target this turn" (`amount`), "prevent all [combat] damage that would be
    dealt to target creature this turn" (amount None); `by`: damage dealt *by* those objects
    instead ("prevent all damage target creature would deal this turn")."""
    to: Ref
    amount: Amount | None = None
    combat_only: bool = False
    by: bool = False
    duration: str = "end_of_turn"
    gain_prevented: bool = False       # 615.5: its controller gains life equal to the damage it prevents
    counters_per_prevented: str = ""   # 615.5: a counter of this kind on the shielded object for each 1 prevented
    source: Ref | None = None          # only the damage of this one object ("by target creature")
    sources: Filter | None = None      # only the damage of a group's sources, checked as it is dealt ("by creatures")
    # the group (of `to` with `by`, or `sources`) is of sources in any zone ("by red sources": spells too), checked as
    # the damage is dealt, a source gone as it last existed (609.7); else of permanents
    any_zone: bool = False
    # "the next time that creature would deal damage this turn, prevent that damage": the next damage event only (615.7)
    once: bool = False
    then: PreventedThisWay | None = None


@dataclass(frozen=True)
class RedirectDamage(Effect):
    """A redirection effect (614.9): "The next N damage that would be dealt to ~ this turn is dealt to target creature
    you control instead" (`amount`), "All damage that would be dealt to target creature this turn is dealt to ~
    instead" (amount None), "The next time a source of your choice would deal damage this turn, that damage is dealt
    to ~ instead" (`chosen_source`, `once`, `what` None)."""
    what: Ref | None                   # whose damage is redirected (None: damage to anyone)
    to: Ref                            # who is dealt it instead
    amount: Amount | None = None
    combat_only: bool = False
    duration: str = "end_of_turn"
    sources: Filter | None = None      # only the damage of this group's sources ("by unblocked creatures")
    chosen_source: Filter | None = None    # only a source chosen as it resolves among those matching (615.7)
    once: bool = False                 # "the next time": the next damage event only
    source: Ref | None = None          # only the damage of this one object ("by target attacking creature")
    # with `what` None: the damage to the permanents of this group only, each checked as it would be dealt (611.2c:
    # "to you and permanents you control", those entering later too)
    recipients: Filter | None = None


@dataclass(frozen=True)
class ChangeDamage(Effect):
    """A replacement effect on damage until end of turn (614.1a): "If a source you control would deal damage to an
    opponent this turn, it deals double that damage to that player instead". The fields are those of the static
    "modifies_damage" (engine.effects.prevention): the change ("times", 2), the sources ((filter, spell only), ...),
    the players ("any", "you", "opponent" or None) and permanents it's dealt to, the least damage it applies to; or
    `source`, the one object whose damage ("Each time target permanent would deal damage ...")."""
    change: tuple[str, int]
    sources: tuple[tuple[Filter, bool], ...] | None = None
    to_players: str | None = "any"
    to_permanents: Filter | None = Filter()
    at_least: int = 1
    source: Ref | None = None
    duration: str = "end_of_turn"
    once: bool = False      # "the next time that creature would deal combat damage this turn": its next damage event
    combat_only: bool = False


@dataclass(frozen=True)
class PreventNextFromChosenSource(Effect):
    """A prevention shield (615.7): the next time a source of the chosen kind would deal damage to
    the player (or object) this turn, prevent it; with `all_turn`, all the damage it would deal to
    them this turn (615.1a). The source is chosen as the effect is created (615.7)."""
    color: str            # the source must have this color ("R"); "" for any source
    to: Ref | None = YOU  # None: damage to anyone
    card_type: str = ""   # the source must have this card type ("Artifact"); "" for any source
    all_turn: bool = False
    gain_prevented: bool = False   # 615.5: "You gain life equal to the damage prevented this way."
    sources: Filter | None = None  # what else the source must be: "a black or red source", "a creature with shadow"
    amount: Amount | None = None   # "the next 3 damage" from it (a shield used up as it prevents, 615.7)
    prevent: str = "all"           # how much of the damage: "all", "half_down" (rounded down), "all_but_1"
    combat_only: bool = False      # "would deal combat damage"
    then: PreventedThisWay | None = None



# ---------------------------------------------------------------- copies of spells (707.10): engine.rules.spell_copies
@dataclass(frozen=True)
class CopySpell(Effect):
    """ "Copy target instant or sorcery spell", "copy that spell", "copy it for each ..."."""
    what: Ref
    new_targets: bool = False      # "You may choose new targets for the copy" (707.10c)
    count: Amount = Amount("const", 1)
    colors: str | None = None      # "except that the copy is red" (707.10, Fork)
    copier: str | Ref = "you"      # who puts the copy on the stack and controls it: you | each_other | that player

@dataclass(frozen=True)
class ChooseNewTargets(Effect):
    """ "You may choose new targets for target spell" (115.7d): its controller may keep each target or
    pick a new legal one; the spell's division follows its targets (115.7f). With `change` ("change the
    target of target spell", 115.7a) each target must become another legal one, if there is one."""
    what: Ref
    change: bool = False

@dataclass(frozen=True)
class Epic(Effect):
    """Epic's two spell abilities (702.50a): for the rest of the game its controller can't cast spells, and
    `upkeep` (at the beginning of each of their upkeeps, copy this spell except for its epic ability). A copy
    made by that upkeep ability has no epic: this does nothing on it."""
    upkeep: CreateDelayed

@dataclass(frozen=True)
class CopyEpicSpell(Effect):
    """702.50a: copies the epic spell the delayed ability remembers (its last known information, with every
    choice made for it), except for its epic ability; its controller may choose new targets (707.10c)."""

STORM_TRIGGER = Trigger("cast", "self")



# ---------------------------------------------------------------- token copies (707.2, 111.10): engine.effects.basic
@dataclass(frozen=True)
class CreateTokenCopy(Effect):
    """ "Create a token that's a copy of target creature [, except it has haste]" (707.2, 707.9): `exceptions` as
    engine.core.cards.excepted_key takes them, sorted pairs."""
    what: Ref
    amount: Amount = Amount("const", 1)
    exceptions: tuple[tuple[str, Any], ...] = ()
    by_controller: bool = False    # "its controller creates a token that's a copy of that creature": each copy theirs


@dataclass(frozen=True)
class BecomeCopy(Effect):
    """ "Target creature becomes a copy of that creature until end of turn", "Each other creature becomes a copy of
    target nonlegendary creature until end of turn": a copy effect (707.1, layer 1: 613.1a) on permanents that stay on
    the battlefield (707.4), its copiable values those of `of` as it resolves (707.2b); `exceptions` as
    CreateTokenCopy's (707.9)."""
    what: Ref
    of: Ref
    duration: str = "permanent"
    exceptions: tuple[tuple[str, Any], ...] = ()



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
                                    # | game ("for the rest of the game", epic 702.50a)
    text: str = ""



# ---------------------------------------------------------------- draws replaced (614.1a, 614.11): engine.effects.draw_replacement
@dataclass(frozen=True)
class ReplaceNextDraw(Effect):
    """ "The next time you would draw a card this turn, you gain 5 life instead" (614.1a, 614.11): a replacement of one
    draw of each player named, this turn, used up as it applies. `effects` are carried out instead of that draw, by the
    effect's controller; `text` (the instructions' text) finds them again in the card's definition."""
    who: Ref
    effects: tuple[Effect, ...]
    text: str


# ---------------------------------------------------------------- turn structure (500): engine.effects.turn_structure
@dataclass(frozen=True)
class ExtraTurn(Effect):
    """ "Take an extra turn after this one" (500.7)."""
    who: Ref = YOU


@dataclass(frozen=True)
class EndTheTurn(Effect):
    """ "End the turn" (724.1): the triggered abilities waiting to be put on the stack cease to exist, every object on
    the stack is exiled, the spell or ability itself included, and the game goes straight to the cleanup step
    (engine.effects.turn_structure, then engine.loop.turn)."""


@dataclass(frozen=True)
class AdditionalLandPlays(Effect):
    """ "You may play an additional land this turn", "You may play two additional lands this turn" (305.2a): more
    land plays for `who` (its controller unless said) this turn, counted in the turn log
    (engine.rules.land_play.land_plays)."""
    amount: Amount
    who: Ref = YOU


@dataclass(frozen=True)
class SkipStep(Effect):
    """ "Target player skips their next untap step / draw step / combat phase", "... all combat phases of their next
    turn" (500.11, 614.10): one more of that kind (a SKIPPABLE key) the player skips (engine.loop.turn)."""
    what: str
    who: Ref = YOU


@dataclass(frozen=True)
class BecomeDayOrNight(Effect):
    """ "It becomes night", "it becomes day" (731.1): the game's designation, with the trigger event of a change
    (731.1a); nothing happens if it already is."""
    value: str


@dataclass(frozen=True)
class SkipTurn(Effect):
    """ "You skip your next turn" (614.10, 614.10a): the player's next turn doesn't happen."""
    who: Ref = YOU


# The player's mark that they have no maximum hand size for the rest of the game (402.2, read at cleanup 514.1).
NO_MAXIMUM_HAND_SIZE = "no maximum hand size"


@dataclass(frozen=True)
class NoMaximumHandSize(Effect):
    """ "You have no maximum hand size for the rest of the game" (402.2): a mark on the player
    (NO_MAXIMUM_HAND_SIZE in their designations) that engine.rules.cleanup reads."""
    who: Ref = YOU


@dataclass(frozen=True)
class AdditionalPhases(Effect):
    """ "After this phase, there is an additional combat phase [followed by an additional main
    phase]" (500.8): `phases` are "combat" and "main", in order."""
    phases: tuple[str, ...]


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
    keywords: tuple[Keyword, ...]


# ---------------------------------------------------------------- zone moves: engine.effects.zone_moves
@dataclass(frozen=True)
class PutFromHand(Effect):
    """ "[You may] put a land card from your hand onto the battlefield [tapped]": up to `max` cards of
    each named player's hand that match `filter`, chosen by that player (at least `min`); a card put
    onto the battlefield this way is neither cast nor played (305.4, 601.1)."""
    who: Ref = YOU
    filter: Filter | None = None
    max: int = 1
    min: int = 1
    tapped: bool = False
    attach_to: Ref | None = None   # "an Aura card ... attached to ~": only one that can enchant it (303.4i)


@dataclass(frozen=True)
class ExileFromHand(Effect):
    """ "Target opponent exiles two cards from their hand": each named player chooses that many cards of their hand
    (all they have if fewer) matching `filter`, and exiles them (406.2; not a discard, 701.9)."""
    who: Ref
    amount: Amount
    filter: Filter | None = None


# ---------------------------------------------------------------- counters (122): engine.effects.counters
@dataclass(frozen=True)
class RemoveCounters(Effect):
    """ "Remove N <kind> counters from ...", "remove all <kind> counters", "remove a counter" (kind "": a
    counter of a kind the controller chooses, 122.1), "remove all counters" (every: all of each kind)."""
    what: Ref
    kind: str = ""
    amount: Amount = Amount.const(1)
    every: bool = False


@dataclass(frozen=True)
class PutCounterOfChoice(Effect):
    """ "Put your choice of a vigilance counter, a reach counter, or a trample counter on it": for each object, one
    counter of a kind among `kinds` its controller (the ability's) chooses (122.1, 122.1b), all chosen before any is
    put."""
    what: Ref
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class LookAtHand(Effect):
    """ "Look at target player's hand": the controller sees the cards; nothing moves, and the other
    players don't see them (unlike a reveal, 701.20b)."""
    who: Ref


@dataclass(frozen=True)
class CommanderToHand(Effect):
    """ "Put your commander into your hand from the command zone" (903.3): a commander of the player's in the command
    zone, the player's choice of the two of a partnership (702.124); none there, nothing happens."""
    who: Ref

@dataclass(frozen=True)
class MoveAllCards(Effect):
    """ "Return all creature cards from your graveyard to your hand", "Put all creature cards from all
    graveyards onto the battlefield under your control", "Exile all cards from target player's hand and
    graveyard" (400.6): every card of `owners`' `zones` that matches `filter` moves `to` (hand: its owner's;
    battlefield: under its owner's control, or the resolving ability's controller's with `under_you`)."""
    owners: Ref
    filter: Filter | None
    zones: tuple[str, ...] = ("graveyard",)
    to: str = "hand"
    tapped: bool = False
    under_you: bool = False
    name_of: Ref | None = None     # "with the same name as that enchantment": only cards of that object's name


@dataclass(frozen=True)
class ShuffleIntoLibrary(Effect):
    """ "Shuffle ~ into its owner's library" (a resolving spell too, 608.2n: it then doesn't go to the
    graveyard), "Target player shuffles their graveyard into their library" (701.24); `from_zones` of
    that player: "Each player shuffles their hand and graveyard into their library" (Timetwister)."""
    what: Ref | None = None
    graveyard_of: Ref | None = None
    from_zones: tuple[str, ...] = ("graveyard",)

# ---------------------------------------------------------------- text the compiler can't read yet: engine.effects.by_hand
@dataclass(frozen=True)
class ByHand(Effect):
    """A sentence of the ability's text the compiler could not read: as it resolves, its controller
    carries it out with the table's tools and says Done (608.2c: it happens in its place among the
    read instructions). `text` is the sentence as printed (the card's name, not ~)."""
    text: str

# ---------------------------------------------------------------- card faces and levels (701.27, 710, 716): engine.effects.card_faces
@dataclass(frozen=True)
class Transform(Effect):
    """701.27a: turn a double-faced permanent over to its other face."""
    what: Ref

@dataclass(frozen=True)
class Flip(Effect):
    """710: a flip card's permanent turns to its alternative characteristics, once and for good."""
    what: Ref

@dataclass(frozen=True)
class GainClassLevel(Effect):
    """716.2a: "[Cost]: Level N": the Class's level becomes N."""
    level: int

@dataclass(frozen=True)
class Meld(Effect):
    """701.42a: exile this permanent and its meld partner (a creature named `partner`), then put them
    onto the battlefield combined, as the permanent `into` (712.4a, 712.14c)."""
    partner: str
    into: str

@dataclass(frozen=True)
class ExileReturnTransformed(Effect):
    """"Exile this Saga, then return it to the battlefield transformed under your control" (712.14a); "... under its
    owner's control" (`under` "owner")."""
    what: Ref
    under: str = "you"             # you | owner

# ---------------------------------------------------------------- casting during resolution (608.2g): engine.effects.resolution_casts
@dataclass(frozen=True)
class CastCard(Effect):
    """"You may cast it without paying its mana cost" (cascade 702.85a, rebound 702.88a, suspend 702.62a),
    "you may cast it by paying [cost]" (madness 702.35a, miracle 702.94a): the player chooses, and the spell is
    cast during the resolution, ignoring timing (608.2g). `way` is the cast's `alt`: free (no mana cost), or the
    keyword whose cost is paid. `if_not`: where the card goes if it isn't cast ("graveyard": madness)."""
    what: Ref
    way: str = "free"
    if_not: str = ""
    copy: bool = False             # cast a copy of the card (cipher 702.99a, 707.12), the card staying where it is

@dataclass(frozen=True)
class PlayLinked(Effect):
    """"You may play the exiled card without paying its mana cost" (hideaway 702.75a): the card a linked ability of
    the source exiled (607.2a), played during the resolution (608.2g): a land only on its controller's turn with a
    land play left, which it uses (305.2a-b, 305.3); any other card cast as a spell without paying its mana cost."""

@dataclass(frozen=True)
class CastFromHand(Effect):
    """"You may cast a spell with mana value 3 or less from your hand without paying its mana cost": the player
    chooses up to one card in their hand whose spell is described by `filter` and casts it during the resolution,
    ignoring timing, without paying its mana cost (608.2g, 118.9). A land card can't be cast (305.9)."""
    filter: Filter

@dataclass(frozen=True)
class Cascade(Effect):
    """702.85a: exile cards from the top of your library until a nonland card with a lesser mana value than the
    spell; you may cast it without paying its mana cost; the rest go to the bottom in a random order."""

@dataclass(frozen=True)
class SuspendTick(Effect):
    """702.62a: remove a time counter from the suspended card; when the last is removed, `cast` (a reflexive
    delayed ability: you may cast it without paying its mana cost) triggers."""
    cast: "CreateDelayed"

@dataclass(frozen=True)
class Ripple(Effect):
    """702.60a: reveal the top `count` cards of your library; you may cast any revealed cards with the same name
    as the spell without paying their mana costs; the rest go on the bottom of your library in any order."""
    count: int

@dataclass(frozen=True)
class Encode(Effect):
    """702.99a: the last thing a cipher spell does: its controller may exile it encoded on a creature they
    control."""

@dataclass(frozen=True)
class ExileTop(Effect):
    """ "Exile the top N cards of your library", with the permission that usually follows: "you may play (cast)
    those cards this turn / until the end of your next turn / until your next upkeep / during your next turn / for as
    long as they remain exiled" (`play`: turn | your_next_turn | before_your_next_turn | during_your_next_turn |
    exiled; "" none)."""
    who: Ref
    amount: Amount
    play: str = ""
    cast_only: bool = False
    # 609.4b: "and you may spend mana as though it were mana of any color (type) to cast those spells" ("color",
    # "type"; "" not)
    any_mana: str = ""
    free: bool = False      # "... without paying their mana costs" (118.9)

@dataclass(frozen=True)
class MayPlayExiled(Effect):
    """ "Exile target creature. Until the end of your next turn, you may cast that card": the permission to play (cast)
    the cards an earlier instruction of the same ability exiled, found in exile (400.7j); `play` and `any_mana` as
    ExileTop's; `look`: "you may look at and cast that card", a card exiled face down (406.3)."""
    what: Ref
    play: str
    cast_only: bool = False
    any_mana: str = ""
    look: bool = False
    free: bool = False
    owner: bool = False     # "its owner may cast it": the permission is the card's owner's, not the controller's

@dataclass(frozen=True)
class EnterAttacking(Effect):
    """Ninjutsu (702.49a): "Put this card onto the battlefield from your hand tapped and attacking", attacking what
    the creature returned for its cost was attacking (702.49c)."""
    what: Ref
