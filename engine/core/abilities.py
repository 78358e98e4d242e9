"""What the Oracle-text compiler produces: abilities (113), costs (118), targets (115) and effects.

Everything here is immutable data, shared by every game that uses the card: a game object refers to
its abilities through its card definition, so cloning a game never copies them. Effects are executed
by engine.effects.resolution, one handler per effect class.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import wraps
from typing import Any, Callable, Iterator, TypeVar, Union

from engine.core.mana import ManaCost


# ---------------------------------------------------------------- filters and references

@dataclass(frozen=True)
class Filter:
    """A description of objects ("nonblack creature you control"). Empty fields don't restrict."""
    types: frozenset[str] = frozenset()        # has any of these card types
    all_types: frozenset[str] = frozenset()    # has all of these card types ("artifact creature")
    not_types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()     # has any of these subtypes
    all_subtypes: frozenset[str] = frozenset()  # has all of these subtypes ("Human Wizard")
    not_subtypes: frozenset[str] = frozenset()  # "non-Aura", "non-Human"
    supertypes: frozenset[str] = frozenset()
    not_supertypes: frozenset[str] = frozenset()
    colors: frozenset[str] = frozenset()       # has any of these colors
    not_colors: frozenset[str] = frozenset()
    colorless: bool | None = None
    multicolored: bool | None = None
    controller: str | None = None              # "you" | "opponent" (relative to the ability's controller) |
                                               # "enchanted_player" (a static group of a Curse's, 303.4) |
                                               # TRIGGER_PLAYER + a Ref kind: "target creature that player controls"
    owner: str | None = None
    tapped: bool | None = None
    attacking: bool | None = None
    blocking: bool | None = None
    attacking_or_blocking: bool | None = None
    attacking_you: bool = False                # "creature that's attacking you": the ability's controller (508.1b)
    unblocked: bool | None = None              # an attacking creature no creature blocks, blockers declared (509.1h)
    blocking_source: bool = False              # "creature blocking ~": blocks the ability's source (509.1g)
    blocked_by_source: bool = False            # "creature it's blocking": the source blocks it (509.1g)
    banded_with_source: bool = False           # "creatures banded with ~": in the source's attacking band (702.22c)
    dealt_damage_this_turn: bool = False       # "creature that was dealt damage this turn" (120.3)
    dealt_damage_to_you: bool = False          # "creature that dealt damage to you this turn" (120.3)
    # "creature that entered this turn" ("any"), "... that entered under your control this turn" ("you"): it entered
    # the battlefield this turn (as this object, 400.7), under the ability's controller's control for "you"
    entered_this_turn: str = ""
    attacked_this_turn: bool | None = None     # "creatures that attacked this turn", "... that didn't attack" (508.1)
    blocked_this_turn: bool = False            # "target creature that blocked this turn" (509.1)
    # "card in your graveyard that was put there from the battlefield this turn": the zone it came from this turn,
    # "battlefield", or "anywhere" ("... from anywhere this turn"); a card put into a graveyard is a new object (400.7)
    put_there_this_turn: str = ""
    blocked: bool = False                      # "blocked creature": an attacking creature that is blocked (509.1h)
    modified: bool = False                     # "modified creature": with counters, equipped, or enchanted (700.9)
    # "creatures you control that are enchanted": an Aura on it (303.4); False: "permanent that isn't enchanted", none
    enchanted: bool | None = None
    face_down: bool | None = None              # "face-down creature": a face-down permanent or spell (708.2)
    adventure: bool = False                    # "creature spell that has an Adventure": an adventurer card (715.1)
    single_target: bool = False                # "spell with a single target": one target chosen for it (115.7a)
    # "spell that targets a creature you control": one of the objects it targets matches one of these now (115.9b)
    targeting: tuple["Filter", ...] = ()
    # "spell that targets ~", "... that targets you": it targets the ability's source ("self") or its controller
    # ("you"); with `targeting`, any of them
    targeting_refs: tuple[str, ...] = ()
    # "Aura attached to a creature you control": what it is attached to matches one of these now (301.5, 303.4)
    attached_to: tuple["Filter", ...] = ()
    token: bool | None = None
    other: bool = False                        # not the source itself ("another")
    name: str | None = None
    not_named_source: bool = False             # "not named ~": its name isn't the ability's source's (201.2)
    keyword: str | None = None                 # "with flying"
    without_keyword: str | None = None
    counter: str | None = None                 # "with a +1/+1 counter on it"; "any" for "with a counter on it"
    min_counters: int = 1                      # "with three or more level counters on it": at least this many of them
    without_counter: str | None = None         # "without a +1/+1 counter on it": none of them ("any": no counter at all)
    max_mana_value: int | None = None
    min_mana_value: int | None = None
    # "with mana value X or less": X of the spell or ability (107.3a), made a number by `with_x` once X is
    # chosen (601.2b); never matched before
    max_mana_value_x: bool = False
    min_mana_value_x: bool = False             # "with mana value X": at least X too
    max_power: int | None = None
    min_power: int | None = None
    max_toughness: int | None = None
    min_toughness: int | None = None
    # "with power X or less", "with toughness X or less": made numbers by `with_x` as the mana value's X
    max_power_x: bool = False
    max_toughness_x: bool = False
    lesser_power_than_source: bool = False     # "with lesser power" than the ability's source (mentor 702.134a)
    toughness_over_power: bool = False         # "with toughness greater than its power" (208.1)
    greater_power_than_source: bool = False    # "with power greater than ~'s power"
    permanent: bool = False                    # "permanent card" in other zones
    basic_land: bool = False
    # Alternatives of a noun phrase that differ in more than one type ("artifact creature or black
    # creature"): the object matches the fields above and at least one of these.
    any_of: tuple["Filter", ...] = ()
    # "of the chosen color / type" (614.12): the value chosen as the filter's source entered, "color" or
    # "creature_type"; "with the chosen name" (702.106d): a name chosen for its hidden agenda, "card_name"
    # (GameObject.chosen)
    chosen: str = ""
    not_chosen: str = ""                       # "that aren't of the chosen type": not the value chosen (as `chosen`)


@dataclass(frozen=True)
class TargetSpec:
    """One "target ..." phrase of a spell or ability (115.1)."""
    kind: str          # any | creature | player | opponent | permanent | planeswalker | creature_or_planeswalker |
                       # creature_or_player | spell | card | player_or_planeswalker | ability |
                       # activated_ability | triggered_ability | spell_or_ability | spell_or_permanent
    filter: Filter | None = None
    min: int = 1
    max: int = 1
    zone: str = "battlefield"                  # where a "card" or "spell" target is
    text: str = ""
    divide: bool = False                       # 601.2d: something is divided among these targets
    same_player: bool = False                  # "from a single graveyard": every target one player's (601.2c)
    shared_type: str = ""                      # "that share a card / permanent / creature type" (601.2c)
    # "any number of target creature cards with total mana value 8 or less": the targets' mana values together (601.2c)
    max_total_mana_value: int | None = None
    # "another target", "a third target": none of the targets chosen for these earlier phrases (115.3, 601.2c)
    other_than: tuple[int, ...] = ()
    # "X target creatures" (min 1) / "up to X target creatures" (min 0): X of the spell or ability targets,
    # chosen before them (601.2b-c); `with_x` makes min and max numbers
    count_x: bool = False
    # 601.2c: a target the spell requires only if it was kicked ("If this spell was kicked, it also deals 2 damage to
    # target player"), or only if it wasn't (the instruction a kicked "instead" replaces); None: always required
    only_if: "Condition | None" = None
    # "up to X target creatures, where X is the number of opponents you have": that amount, read as the targets are
    # chosen (601.2c); `query.targets.with_counts` makes min and max numbers
    count: Amount | None = None
    # "target player shuffles up to three target cards from their graveyard": cards that player owns, the player chosen
    # for this earlier target phrase (601.2c, query.targets.owned_as_said)
    owner_target: int | None = None
    # "another target creature with the same controller": a permanent its controller controls the one chosen for this
    # earlier phrase too (601.2c, query.targets.owned_as_said), again as it resolves (608.2b)
    controller_target: int | None = None
    # "target creature with toughness X or less, where X is the number of Shrines you control": what X is, read as the
    # targets are chosen and again as it resolves (601.2c, 608.2b); `query.targets.with_counts` puts it in the filter
    bound: Amount | None = None


@dataclass(frozen=True)
class Ref:
    """What an effect acts on.

    kind: target (index into the ability's targets, `sub` picks one of a multi-target spec), self,
    you, each_player, each_opponent, opponent (the one opponent in a two-player game), controller_of
    (controller of target `index`), owner_of, enchanted, equipped, event (the object or player the
    trigger refers to), event_controller, all (every object matching `filter`), defending_player,
    chosen (objects chosen earlier in this resolution under `key`), attached (what the source is
    attached to), active_player, created (the tokens the previous effect created), self_in_graveyard (the
    source card while it is in its owner's graveyard, 113.6k), aura_in_graveyard (an Aura's card put into a graveyard
    after the permanent it enchanted left, 704.5m: its "return ~ from your graveyard"), self_spell_or_permanent (the source on the
    stack or the battlefield: a spell that shuffles itself away), revealed (the cards "reveal the top card of
    your library" revealed earlier in the same resolution), sacrificed (the permanents a Sacrifice effect sacrificed
    earlier in the same resolution), attack_target (the player or planeswalker that `key`, "self" or "event", attacks),
    attached_to_target (the permanents matching `filter` attached to target `index`), attached_to_ref (those attached
    to what a kindless reference `key` names: "event", "you"), who_couldnt (the players of
    the kind `key` names whom the last discard or sacrifice instruction took nothing from: "each opponent who can't"),
    players_controlling / players_not_controlling (the players of the kind `key` names who control a permanent
    matching `filter`, or who don't: "each player who controls a multicolored creature").
    related_to_target / related_to_self (each other permanent matching `filter` that shares a color with target
    `index` or with the source, `key` "color", or has its name, `key` "name").
    """
    kind: str
    index: int = 0
    filter: Filter | None = None
    key: str = ""


# A target filter's controller in a triggered ability: the player the trigger names ("Whenever ~ deals combat damage
# to a player, destroy target artifact that player controls"), found from the trigger event by this Ref kind
TRIGGER_PLAYER = "trigger_player:"

TARGET0 = Ref("target", 0)
SELF = Ref("self")
YOU = Ref("you")


@dataclass(frozen=True)
class Amount:
    """A number an effect uses: a constant, X, or a count or characteristic read at resolution."""
    kind: str              # const | x | power_of | toughness_of | count | mana_value_of | cards_in_hand |
                           # life_of | counters_on | damage_dealt | devotion | chosen_number | twice_x;
                           # the counted kinds of engine.oracle.amounts (107.1, 107.3)
    value: int = 0
    ref: Ref | None = None
    filter: Filter | None = None
    counter: str = ""
    multiplier: int = 1
    base: "Amount | None" = None   # what "half ...", "N plus ..." is computed from (107.1a)
    terms: tuple["Amount", ...] = ()   # sum: "the number of Elves you control plus the number of Elf cards in ..."

    @staticmethod
    def const(n: int) -> "Amount":
        return Amount("const", n)


X = Amount("x")


# ---------------------------------------------------------------- conditions

@dataclass(frozen=True)
class Condition:
    """A condition checked by an intervening "if" (603.4), "as long as" or "if ..." in an effect.

    kind: kicked, evoked, you_control (filter), opponent_controls, life_at_most, life_at_least,
    cards_in_hand_at_most, hand_empty, library_empty, graveyard_at_least, source_tapped, creature_died_this_turn,
    your_turn, not_your_turn, extra_turn (500.7), spell_was_cast, count_at_least (filter, value), no_counters,
    no_plus_one_counters, target_is
    (filter applied to target `value`), event_matches (filter on the event object), life_gained_this_turn.
    """
    kind: str
    value: int = 0
    filter: Filter | None = None
    negate: bool = False
    amount: Amount | None = None   # amount_at_least / amount_at_most: a counted amount against `value`
    than: Amount | None = None     # ... or against this amount ("less than or equal to the number of cards in your hand")
    key: str = ""                  # chose: the name an "as ~ enters" choice is kept under
    step: str = ""                 # during_step: a step, phase or span of the turn (engine.query.turn_conditions)
    all_of: tuple["Condition", ...] = ()   # all: every one of these holds ("during your turn, before ...")


# ---------------------------------------------------------------- costs

@dataclass(frozen=True)
class Cost:
    """The cost of an activated ability or an additional cost of a spell (118, 602.1a)."""
    mana: ManaCost = ManaCost(())
    tap: bool = False                  # {T}
    untap: bool = False                # {Q}
    loyalty: int | None = None         # +N / -N loyalty (606.4); None if not a loyalty ability
    loyalty_x: bool = False            # -X
    pay_life: int = 0
    pay_life_x: bool = False           # "Pay X life" in a spell's additional cost: X chosen as it is cast (601.2b)
    pay_life_half: bool = False        # "Pay half your life, rounded up" (119.4, 107.1a)
    sacrifice_self: bool = False
    sacrifice: Filter | None = None    # sacrifice another object matching this
    sacrifice_count: int = 0
    sacrifice_x: bool = False          # "Sacrifice X Goats": X of `sacrifice`, X chosen as it is activated (602.2b)
    # "Sacrifice a Swamp and a Forest": the further (filter, count) groups, each of other objects than the rest
    sacrifice_also: tuple[tuple[Filter, int], ...] = ()
    discard: int = 0
    discard_filter: Filter | None = None
    discard_hand: bool = False
    discard_random: bool = False       # "Discard a card at random": the cards are picked as the cost is paid
    discard_x: bool = False            # "Discard X cards" in a spell's additional cost: X chosen as it is cast (601.2b)
    exile_from_hand: Filter | None = None
    exile_from_graveyard: Filter | None = None
    exile_count: int = 0
    exile_x: bool = False              # "Exile X cards from your graveyard": X of exile_from_graveyard, X chosen (602.2b)
    exile_top: int = 0                 # "Exile the top two cards of your library": none to spare, no payment (118.3)
    exile_top_graveyard: Filter | None = None   # "Exile the top creature card of your graveyard" (404.1: last put there)
    hand_to_library: int = 0           # "Put a card from your hand on top of your library"
    exile_to_graveyard: int = 0        # "Put a card an opponent owns from exile into that player's graveyard" (processors)
    mill: int = 0                      # "Mill a card" (701.17b: never more than the library holds)
    tap_untapped: Filter | None = None   # "Tap an untapped creature you control"
    tap_count: int = 0
    # "sacrifice any number of creatures", "tap any number of untapped creatures you control" (a spell's additional
    # cost): its sacrifice or tap count is chosen as it is cast, none to all (601.2b, 601.2h)
    any_number: bool = False
    return_to_hand: Filter | None = None
    return_count: int = 0              # "Return two lands you control to their owner's hand"
    return_self: bool = False          # "Return ~ to its owner's hand"
    remove_counters: tuple[str, int] | None = None
    remove_counters_x: str = ""        # "Remove X charge counters from ~": the kind; X is chosen (601.2b)
    remove_all: bool = False           # "Remove all charge counters from ~": X is how many it has, not chosen
    put_counters: tuple[str, int] | None = None     # "Put a page counter on ~" (118.3): the kind and number
    put_on: Filter | None = None       # put_counters on a chosen permanent like this, not on ~
    remove_from: Filter | None = None  # remove_counters from a chosen permanent like this, not from ~
    discard_self: bool = False          # "Discard this card" (cycling 702.29a): the source, from hand
    crew: int = 0                       # crew N (702.122a): tap untapped creatures with total power N or more
    exile_self: bool = False            # "Exile ~" from where the ability works ("from your graveyard": scavenge 702.97a)
    energy: int = 0                     # "Pay {E}{E}": energy counters removed from its controller (107.14)
    exert: bool = False                 # "Exert ~" (701.43): it doesn't untap during your next untap step
    reveal_self: bool = False           # "Reveal this card from your hand" (forecast 702.57a): works from the hand
    reveal_from_hand: Filter | None = None  # "Reveal a Goblin card from your hand" (701.20a): another card, chosen
    reveal_x: bool = False              # "Reveal X white cards from your hand": X of reveal_from_hand, X chosen (602.2b)
    # In an ability an Equipment or an Aura grants in quotes: "Sacrifice this Equipment" (701.21a: its controller
    # only), "Unattach this Equipment" (701.3d) from the object that has the ability
    sacrifice_grantor: bool = False
    unattach_grantor: bool = False
    text: str = ""

    @property
    def is_free(self) -> bool:
        return self == Cost() or (self.mana.is_empty() and not any((
            self.tap, self.untap, self.loyalty is not None, self.pay_life, self.pay_life_x, self.pay_life_half,
            self.sacrifice_self, self.sacrifice, self.discard, self.discard_x, self.discard_hand, self.exile_from_hand,
            self.exile_from_graveyard, self.exile_top, self.exile_top_graveyard, self.hand_to_library, self.mill, self.put_counters, self.tap_untapped, self.return_to_hand, self.return_self, self.remove_counters,
            self.remove_counters_x, self.discard_self, self.crew, self.exile_self, self.energy, self.exert,
            self.reveal_self, self.reveal_from_hand, self.reveal_x, self.exile_x, self.sacrifice_x,
            self.exile_to_graveyard, self.sacrifice_grantor, self.unattach_grantor)))

    def object_part(self) -> tuple[str, "Filter"] | None:
        """The one part of a cost paid with an object chosen from the hand or the battlefield, beside mana and life
        ("Morph—Reveal a white card in your hand", "Return a Bird you control to its owner's hand", "Sacrifice
        another creature", "Discard a card", 702.37a): its kind and what may pay it; None if the cost has no such part,
        more than one, or anything else."""
        parts = []
        if self.reveal_from_hand is not None and not self.reveal_x:
            parts.append(("reveal", self.reveal_from_hand))
        if self.return_to_hand is not None and self.return_count <= 1:
            parts.append(("return", self.return_to_hand))
        if self.sacrifice is not None and self.sacrifice_count <= 1 and not self.sacrifice_also and not self.any_number:
            parts.append(("sacrifice", self.sacrifice))
        if self.discard == 1 and not (self.discard_random or self.discard_x or self.discard_hand):
            parts.append(("discard", self.discard_filter or Filter()))
        rest = replace(self, reveal_from_hand=None, return_to_hand=None, return_count=0, sacrifice=None,
                       sacrifice_count=0, discard=0, discard_filter=None, mana=ManaCost(()), pay_life=0, text="")
        return parts[0] if len(parts) == 1 and rest == Cost() else None


# ---------------------------------------------------------------- effects

class Effect:
    """Base class of one-shot and continuous effect instructions. Subclasses are frozen dataclasses."""


@dataclass(frozen=True)
class Mode:
    """A set of targets and the effects that use them: a spell's or ability's effect, or one mode."""
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""


# ---------------------------------------------------------------- abilities

@dataclass(frozen=True)
class DeckCondition:
    """A companion's condition on its owner's starting deck (702.139a-b): every card matching `cards` (None:
    every card) matches `each` and has a mana value of that `parity` ("even", "odd"); and, over those cards,
    `rule` holds: "different_names" (no two have one name) or "shared_type" (a card type all of them have)."""
    cards: Filter | None = None
    each: Filter | None = None
    parity: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (702), with its parameter: "protection from black", "equip {2}"."""
    name: str                 # lower case: flying, first strike, protection, landwalk, equip, kicker ...
    param: str = ""           # protection: "black" / "red" / "creatures"; landwalk: "swamp"
    cost: ManaCost | None = None
    full_cost: Cost | None = None   # for keywords whose cost is not only mana (ward—pay life)
    # enchant: what the Aura may enchant and, as a spell, target (303.4a), compiled with the keyword
    target: TargetSpec | None = field(default=None, compare=False, repr=False)
    # "protection from the chosen color": the object whose choice the parameter names, the source of the
    # ability that grants the keyword (607.2, 614.12); None: the object that has the keyword prints it
    chooser: int | None = None
    # 702.16n: protection that doesn't remove the Aura granting it ("This effect doesn't remove ~"); the layers
    # name that Aura in `chooser`
    sparing: bool = False
    # companion: its condition on the starting deck (702.139a), compiled with the keyword
    deck: DeckCondition | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        if self.name == "protection":
            return f"protection from {self.param}"
        if self.name == "landwalk":
            return f"{self.param}walk"
        if self.name in ("enchant", "bands with other", "partner with"):
            return f"{self.name} {self.param}"
        if self.name == "typecycling":
            return f"{self.param}cycling {self.cost}"
        if self.cost is not None:
            return f"{self.name} {self.param}—{self.cost}" if self.param else f"{self.name} {self.cost}"
        return self.name


@dataclass(frozen=True)
class SpellAbility:
    """The effect of an instant or sorcery spell (113.3a), or the target of an Aura spell (303.4a)."""
    modes: tuple[Mode, ...]
    choose_min: int = 1            # modal spells (700.2): how many modes are chosen
    choose_max: int = 1
    modal: bool = False
    text: str = ""


@dataclass(frozen=True)
class ActivatedAbility:
    cost: Cost
    mode: Mode
    sorcery_speed: bool = False          # "Activate only as a sorcery"
    times_per_turn: int = 0              # 602.5b: "only once each turn" 1, "no more than twice each turn" 2
    mana_options: tuple[str, ...] = ()   # for mana abilities (605): each option the mana it adds, "A" = any color
    is_mana_ability: bool = False
    from_graveyard: bool = False
    from_hand: bool = False              # works only while the card is in its owner's hand (702.29a, 113.6m)
    text: str = ""
    condition: Condition | None = None   # "Activate only if ..." / "only during your turn" (602.5b)
    any_player: bool = False             # "Any player may activate this ability" (602.2: not only its controller)
    cost_reduction: Amount | None = None  # "This ability costs {1} less to activate for each ..." (602.2b, 601.2f)
    keyword: str = ""                    # the keyword ability it is ("equip" 702.6a, "boast" 702.142a, "cycling"
    #                                      702.29a and its typecycling variants 702.29f): "equip abilities you activate"
    # A modal activated ability's modes ("{1}, Sacrifice ~: Choose one — • ... • ..."): one is chosen as it is
    # activated (602.2b, 601.2b, 700.2a), and on the stack it is the ability with that mode (`with_mode`).
    modes: tuple[Mode, ...] = ()

    @property
    def is_loyalty(self) -> bool:
        return self.cost.loyalty is not None or self.cost.loyalty_x

    def with_mode(self, chosen: list[int] | None) -> "ActivatedAbility":
        return replace(self, mode=self.modes[chosen[0]], modes=()) if self.modes and chosen else self


@dataclass(frozen=True)
class Trigger:
    """The trigger condition of a triggered ability (603.1).

    event: enters, leaves, dies, attacks, blocks, becomes_blocked, deals_damage, deals_combat_damage,
    cast, step (at the beginning of `step`), draws, life_gained, becomes_target, tapped_for_mana,
    discards, sacrificed, put_into_graveyard, ... (the list: engine/oracle/__init__.py; each has a
    matcher in engine.query.trigger_events).
    subject: self, filter (an object matching `filter`), enchanted, equipped, you, opponent, any_player.
    """
    event: str
    subject: str = "self"
    filter: Filter | None = None
    step: str = ""                 # for event=step: upkeep, draw, end, combat, ...
    whose: str = "any"             # for event=step: "you" (your upkeep), "each" (each upkeep), "opponent"; for
    #                                event=cast: "opponent", cast during an opponent's turn; "your_turn", during yours
    #                                (also life_gained / life_lost)
    to: str = ""                   # for damage: "player", "opponent", "creature"; for moves: destination zone
    from_zone: str = ""             # for moves: the zone left; for event=cast: cast from (or "not_hand", 601.2a)
    nth: int = 0                   # for event=cast: "your first/second ... spell each turn"; life_gained / life_lost: 1
    #                                "for the first time each turn"
    counter: str = ""              # for event=counters_put: the counter kind ("+1/+1")
    once_each_turn: bool = False   # "this ability triggers only once each turn": counted in turn_log
    alternatives: tuple["Trigger", ...] = ()   # "<event> or <event>": one ability, either event (603.2)
    state: Condition | None = None  # for event=state: the game state a state trigger waits for (603.8)
    least: int = 0                 # for damage events: "deals 6 or more damage to an opponent" (that much at least); for
    #                                cast: "a spell other than the first spell they cast each turn" (2: the second or later)
    during: str = ""               # "<event> during your turn" / "during an opponent's turn": whose turn it is as the
    #                                event happens ("you", "opponent"; any event, 603.2)
    host: Filter | None = None     # for event=attached: the permanent it becomes attached to ("to a creature you
    #                                control"; to="self": ~)


@dataclass(frozen=True)
class TriggeredAbility:
    trigger: Trigger
    mode: Mode
    condition: Condition | None = None   # intervening if (603.4)
    optional: bool = False                # "you may"
    text: str = ""
    # A modal triggered ability's modes ("choose one —"): its controller chooses one as it is put on the
    # stack (603.3c, 700.2), and on the stack it is the ability with that mode (`with_mode`).
    modes: tuple[Mode, ...] = ()
    # It functions only in its card's graveyard: it returns the card from there ("return ~ from your
    # graveyard to your hand", 113.6k), as an activated ability's `from_graveyard`.
    from_graveyard: bool = False

    def with_mode(self, chosen: list[int]) -> "TriggeredAbility":
        return replace(self, mode=self.modes[chosen[0]]) if self.modes and chosen else self


@dataclass(frozen=True)
class StaticAbility:
    """A static ability (604): its continuous effects apply while the object is on the battlefield
    (or in the zone the ability works in).

    kind names the effect: pump (affected filter gets +power/+toughness), grant (keywords), cant_block,
    cant_attack, cant_attack_or_block, enters_tapped, cda_pt (characteristic-defining P/T, 604.3),
    cost_reduction, replacement, set_pt, set_types, ... `params` holds what the kind needs.
    """
    kind: str
    affected: Ref = Ref("self")
    params: tuple = ()
    condition: Condition | None = None
    text: str = ""
    # It works only while its card is in its owner's graveyard ("As long as ~ is in your graveyard, ...", 113.6b),
    # as a triggered ability's `from_graveyard`; never from the battlefield.
    from_graveyard: bool = False


Ability = Union[Keyword, ActivatedAbility, TriggeredAbility, StaticAbility]


@dataclass(frozen=True)
class AdditionalCost:
    """An additional or alternative cost a spell offers (118.8, 118.9): kicker, flashback, evoke,
    "As an additional cost to cast this spell, sacrifice a creature", Force of Will's alternative."""
    kind: str                     # additional | additional_choice (one of them) | kicker | flashback | evoke | alternative
    cost: Cost = field(default_factory=Cost)
    optional: bool = False
    condition: Condition | None = None    # "If you control a Plains, you may ... rather than pay" (118.9)


T = TypeVar("T")


def uses_x(data: Any) -> bool:
    """Whether compiled data has a target count or a filter that reads the spell's or ability's X (not one inside an
    effect that says what its own X is, `binds_x`, nor the X a target phrase's own "where X is" says, its `bound`)."""
    if isinstance(data, (tuple, list)):
        return any(uses_x(v) for v in data)
    if isinstance(data, TargetSpec):
        return _spec_reads_x(data)
    return _reads_x(data)


def kept_by_identity_of(limit: int) -> Callable[[Callable[[Any], T]], Callable[[Any], T]]:
    """A function of compiled data or of characteristics (never changed once made), its answers kept in a cache of its
    own by the argument's id (holding the argument, so that the id stays its own), emptied past `limit` answers."""
    def wrap(compute: Callable[[Any], T]) -> Callable[[Any], T]:
        cache: dict[int, tuple[Any, Any]] = {}

        @wraps(compute)
        def kept(obj: Any) -> T:
            known = cache.get(id(obj))
            if known is None or known[0] is not obj:
                if len(cache) > limit:
                    cache.clear()
                known = cache[id(obj)] = (obj, compute(obj))
            return known[1]
        return kept
    return wrap


def _reads_x(data: Any) -> bool:
    bound = {id(f) for t in instances_in(data, TargetSpec) if t.bound is not None for f in instances_in(t.filter, Filter)}
    return any((f.max_mana_value_x or f.min_mana_value_x or f.max_power_x or f.max_toughness_x) and id(f) not in bound
               for f in instances_in(data, Filter, skip="binds_x")) or \
        any(t.count_x for t in instances_in(data, TargetSpec))


# `_reads_x` of a target phrase: asked each time a spell's casts are listed, and a phrase never changes once compiled.
_spec_reads_x = kept_by_identity_of(4096)(_reads_x)


def with_x(data: T, x: int) -> T:
    """`data` with every X of a target count or a mana value filter made the value chosen (107.3a, 601.2b); not inside
    an effect that says what its own X is (`binds_x`: effect_types.WithX)."""
    if getattr(data, "binds_x", False):
        return data
    if isinstance(data, Filter):
        if data.min_mana_value_x:
            data = replace(data, min_mana_value=x, min_mana_value_x=False)
        if data.max_power_x or data.max_toughness_x:
            data = replace(data, max_power=x if data.max_power_x else data.max_power, max_power_x=False,
                           max_toughness=x if data.max_toughness_x else data.max_toughness, max_toughness_x=False)
        return replace(data, max_mana_value=x, max_mana_value_x=False) if data.max_mana_value_x else data
    if isinstance(data, TargetSpec) and data.bound is not None:
        return data         # its X is its own (query.targets.with_counts)
    if isinstance(data, TargetSpec) and data.count_x:
        data = replace(data, min=0 if data.min == 0 else x, max=x, count_x=False)
    if isinstance(data, tuple):
        return tuple(with_x(v, x) for v in data)
    if isinstance(data, list):
        return [with_x(v, x) for v in data]
    if is_dataclass(data) and not isinstance(data, type):
        changed = {}
        for f in fields(data):
            v = getattr(data, f.name)
            if isinstance(v, (tuple, list)) or is_dataclass(v):
                w = with_x(v, x)
                if w is not v and w != v:
                    changed[f.name] = w
        return replace(data, **changed) if changed else data
    return data


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The names of a dataclass's fields, None for another type: looked up once per type."""
    if kind not in _FIELD_NAMES:
        _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind)) if is_dataclass(kind) else None
    return _FIELD_NAMES[kind]


def instances_in(data: Any, cls: type[T], skip: str = "") -> Iterator[T]:
    """Every instance of `cls` in compiled data (frozen dataclasses, tuples, lists), outer ones first; not inside
    an object whose class attribute `skip` is true."""
    if isinstance(data, cls):
        yield data
    if skip and getattr(data, skip, False):
        return
    if isinstance(data, (tuple, list)):
        for v in data:
            yield from instances_in(v, cls, skip)
    elif not isinstance(data, type):
        for name in _field_names(type(data)) or ():
            v = getattr(data, name)
            if isinstance(v, (tuple, list)) or _field_names(type(v)) is not None:
                yield from instances_in(v, cls, skip)
