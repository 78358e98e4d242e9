"""Game objects and players (108-110, 400.7, 102).

An object that changes zones becomes a new object with a new id (400.7); `card_id` follows the
physical card so the UI and scenarios can track it. Objects are plain slotted classes with explicit
copy and JSON methods so cloning a game stays cheap.
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any

from engine.core.enums import Zone, Zones


# The ways of casting a card that exile it whenever it would leave the stack (702.34a flashback, 702.133a
# jump-start).
EXILED_FROM_STACK = frozenset({"flashback", "jump-start"})
# The ways of casting a card from its owner's graveyard: instead of its mana cost (702.34a flashback, 702.138a
# escape, 702.146a disturb: transformed, its back face up), or for its mana cost and an additional cost (702.133a
# jump-start, 702.81a retrace).
GRAVEYARD_WAYS = ("flashback", "escape", "jump-start", "retrace", "disturb")
# 122.1b: the keyword counters that give their object the keyword (layer 6, each with its own timestamp, 613.7c).
# Decayed and exalted counters are left out: those keywords work only as the abilities compiled from a printed
# keyword, so a bare granted keyword would do nothing.
KEYWORD_COUNTERS = frozenset({"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                              "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"})
# Alternative costs that change what the spell does: overload replaces every "target" with "each" (702.96a),
# cleave removes the words in square brackets (702.148a) (both change its text, 612), awaken adds "also put N +1/+1
# counters on target land you control ..." (702.113a). The compiler makes that the spell's second mode, which a
# cast for that cost chooses (engine.rules.casting).
TEXT_CHANGING_WAYS = ("overload", "cleave", "awaken")


class StackInfo:
    """What a spell or ability on the stack carries (601.2, 602.2, 603.3): choices made as it was
    put on the stack, and for abilities which ability of which source it is."""
    __slots__ = ("modes", "targets", "x", "kicked", "alt", "divide", "cast_from", "source_id",
                 "source_card_id", "source_name", "ability_kind", "ability_index", "event", "is_copy",
                 "paid_mana", "evoked", "source_def", "source_token")

    def __init__(self) -> None:
        self.modes: list[int] = []                 # chosen mode indices (0-based)
        self.targets: list[list[Any]] = []         # per target spec: chosen ids / "P0"
        self.x: int = 0
        self.kicked: int = 0                       # how many times its kicker costs were paid (702.33d)
        self.alt: str | None = None                # flashback | evoke | alternative
        self.divide: dict[str, int] = {}           # str(target) -> amount (601.2d)
        self.cast_from: str = "hand"
        self.source_id: int | None = None          # abilities: the source object
        self.source_card_id: int | None = None
        self.source_name: str = ""
        self.ability_kind: str = ""                # activated | triggered | spell
        self.ability_index: int = 0
        self.event: dict[str, Any] = {}            # the trigger event (for "it", "that creature")
        self.is_copy: bool = False
        self.paid_mana: str = ""
        self.evoked: bool = False
        self.source_def: str = ""                  # abilities: the card definition they come from
        self.source_token: dict[str, Any] | None = None

    def copy(self) -> "StackInfo":
        s = StackInfo.__new__(StackInfo)
        s.modes = list(self.modes)
        s.targets = [list(t) for t in self.targets]
        s.x = self.x
        s.kicked = self.kicked
        s.alt = self.alt
        s.divide = dict(self.divide)
        s.cast_from = self.cast_from
        s.source_id = self.source_id
        s.source_card_id = self.source_card_id
        s.source_name = self.source_name
        s.ability_kind = self.ability_kind
        s.ability_index = self.ability_index
        s.event = dict(self.event)
        s.is_copy = self.is_copy
        s.paid_mana = self.paid_mana
        s.evoked = self.evoked
        s.source_def = self.source_def
        s.source_token = self.source_token
        return s

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @staticmethod
    def from_json(d: dict[str, Any]) -> "StackInfo":
        s = StackInfo()
        for k in StackInfo.__slots__:
            if k in d:
                setattr(s, k, d[k])
        return s


class GameObject:
    """A card, token, copy, spell or ability in some zone (109.1, 113.7)."""
    __slots__ = ("id", "card_id", "name", "owner", "controller", "zone", "tapped", "face_down",
                 "phased_out", "counters", "counter_stamps", "damage", "deathtouch_damage", "attached_to", "timestamp",
                 "sick", "token", "stack", "is_ability", "kicked", "evoked", "chosen", "copy_of",
                 "regen_shields", "face", "class_level", "entered_turn", "base_controller", "spell_copy")

    def __init__(self, id: int, card_id: int, name: str, owner: int, zone: Zone) -> None:
        self.id = id
        self.card_id = card_id
        self.name = name                  # the card definition's name (tokens: their token key)
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.face_down = False
        self.phased_out = False
        self.counters: dict[str, int] = {}
        # 613.7c: the timestamps of the keyword counters put on it, by kind, oldest first (each list replaced,
        # never changed in place: copies share them). Counters it entered with have none: they take its own.
        self.counter_stamps: dict[str, list[int]] = {}
        self.damage = 0
        self.deathtouch_damage = False    # dealt damage by a deathtouch source since the last SBA check
        self.attached_to: int | str | None = None
        self.timestamp = 0
        self.sick = False                 # 302.6: not continuously controlled since the turn began
        self.token: dict[str, Any] | None = None    # token characteristics (111.4)
        self.stack: StackInfo | None = None
        self.is_ability = False           # an ability on the stack (113.7)
        self.kicked = 0                   # a permanent remembers how many times it was kicked (702.33d)
        self.evoked = False
        self.chosen: dict[str, Any] = {}  # choices made as it entered ("as ~ enters, choose")
        self.copy_of: str | None = None   # 707.2: copiable values come from this card
        self.regen_shields = 0
        # 709.3, 710, 712, 715: the face or half that is up (an index into the card's faces, from 1; 0 is
        # the card as a whole: a split card's combined halves, the front face of the others).
        self.face = 0
        self.class_level = 0              # 716.2: a Class's level (0 before it has one; read as 1)
        self.entered_turn = 0
        self.base_controller = owner      # 108.4a: who controls it when no control effect applies
        self.spell_copy = False           # 707.10: a copy of a spell, not a card (704.5e off the stack)

    def copy(self) -> "GameObject":
        o = GameObject.__new__(GameObject)
        o.id = self.id
        o.card_id = self.card_id
        o.name = self.name
        o.owner = self.owner
        o.controller = self.controller
        o.zone = self.zone
        o.tapped = self.tapped
        o.face_down = self.face_down
        o.phased_out = self.phased_out
        o.counters = dict(self.counters) if self.counters else {}
        o.counter_stamps = dict(self.counter_stamps) if self.counter_stamps else {}
        o.damage = self.damage
        o.deathtouch_damage = self.deathtouch_damage
        o.attached_to = self.attached_to
        o.timestamp = self.timestamp
        o.sick = self.sick
        o.token = self.token              # token specs are never mutated
        o.stack = self.stack.copy() if self.stack is not None else None
        o.is_ability = self.is_ability
        o.kicked = self.kicked
        o.evoked = self.evoked
        o.chosen = dict(self.chosen) if self.chosen else {}
        o.copy_of = self.copy_of
        o.regen_shields = self.regen_shields
        o.face = self.face
        o.class_level = self.class_level
        o.entered_turn = self.entered_turn
        o.base_controller = self.base_controller
        o.spell_copy = self.spell_copy
        return o

    def to_json(self) -> dict[str, Any]:
        # Every field in slot order, read at once (a save of a few hundred objects is written every turn).
        d = dict(zip(self.__slots__, _object_fields(self)))
        d["zone"] = self.zone.value
        if self.stack is not None:
            d["stack"] = self.stack.to_json()
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> "GameObject":
        o = GameObject(d["id"], d["card_id"], d["name"], d["owner"], Zone(d["zone"]))
        o.base_controller = d.get("controller", d["owner"])
        for k in GameObject.__slots__:
            if k in ("id", "card_id", "name", "owner", "zone"):
                continue
            if k in d:
                v = d[k]
                if k == "stack" and v is not None:
                    v = StackInfo.from_json(v)
                setattr(o, k, v)
        return o

    def __repr__(self) -> str:
        return f"<{self.name}#{self.id} {self.zone.value}>"


_object_fields = attrgetter(*GameObject.__slots__)


STARTING_LIFE = 20          # 103.4 (a Commander game's is engine.core.commanders.COMMANDER_LIFE, 903.7)

# What a player can be made to skip beside turns (500.11): their next untap step, draw step or combat phase, and every
# combat phase of their next turn (Player.steps_to_skip's keys).
SKIPPABLE = ("untap", "draw", "combat", "turn_combats")


class Player:
    """A player (102) and their own zones (400.2)."""
    __slots__ = ("index", "name", "life", "poison", "energy", "mana_pool", "restricted_mana", "snow_mana", "library", "hand",
                 "graveyard",
                 "lands_played", "land_plays", "max_hand_size", "lost", "won", "drew_from_empty",
                 "conceded", "mulligans", "kept", "life_gained_turn", "life_lost_turn",
                 "cant_lose", "skip_draw", "turns_to_skip", "steps_to_skip", "upkeep_stamps", "designations",
                 "dungeons_completed", "companion", "companion_card")

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name
        self.life = STARTING_LIFE
        self.poison = 0
        self.energy = 0                   # energy counters (122.1e, 107.14)
        self.mana_pool: dict[str, int] = {c: 0 for c in "WUBRGC"}
        # 106.6: mana with a restriction on what it may be spent on, one [letter, restriction text] each
        self.restricted_mana: list[list[str]] = []
        # 107.4h: how much of the pool's mana, by letter, a snow source produced (only that pays {S})
        self.snow_mana: dict[str, int] = {}
        self.library: list[int] = []      # top is the end of the list
        self.hand: list[int] = []
        self.graveyard: list[int] = []    # top is the end of the list
        self.lands_played = 0
        self.land_plays = 1               # 305.2: one land per turn unless an effect says otherwise
        self.max_hand_size = 7            # 402.2
        self.lost = False
        self.won = False
        self.drew_from_empty = False      # 704.5b
        self.conceded = False
        self.mulligans = 0
        self.kept = False
        self.life_gained_turn = 0
        self.life_lost_turn = 0
        self.cant_lose = False
        self.skip_draw = False
        self.turns_to_skip = 0            # "skip your next turn" (614.10), once for each such effect
        # "skips their next untap step / draw step / combat phase" and "all combat phases of their next turn" (500.11,
        # 614.10): how many of each are still to be skipped, by SKIPPABLE key
        self.steps_to_skip: dict[str, int] = {}
        # Timestamps at the beginning of this player's previous and latest upkeep: "came under your
        # control since the beginning of your last upkeep" (echo 702.30a) compares with the first.
        self.upkeep_stamps = [0, 0]
        self.designations: list[str] = []   # "city's blessing" (702.131c): a player's designations
        self.dungeons_completed: list[str] = []   # the dungeons they completed, in order (309.7)
        self.companion: str | None = None         # the companion revealed from outside the game (103.2b, 702.139a)
        self.companion_card: int | None = None    # its card id once put into their hand (702.139c: then in the game)

    def copy(self) -> "Player":
        # Field by field: cloning a game copies both players (tests/engine/test_clone.py checks
        # that every slot is copied).
        p = Player.__new__(Player)
        p.index = self.index
        p.name = self.name
        p.life = self.life
        p.poison = self.poison
        p.energy = self.energy
        p.mana_pool = self.mana_pool.copy()
        p.restricted_mana = list(self.restricted_mana)      # its entries are never changed, only removed
        p.snow_mana = self.snow_mana.copy()
        p.library = self.library.copy()
        p.hand = self.hand.copy()
        p.graveyard = self.graveyard.copy()
        p.lands_played = self.lands_played
        p.land_plays = self.land_plays
        p.max_hand_size = self.max_hand_size
        p.lost = self.lost
        p.won = self.won
        p.drew_from_empty = self.drew_from_empty
        p.conceded = self.conceded
        p.mulligans = self.mulligans
        p.kept = self.kept
        p.life_gained_turn = self.life_gained_turn
        p.life_lost_turn = self.life_lost_turn
        p.cant_lose = self.cant_lose
        p.skip_draw = self.skip_draw
        p.turns_to_skip = self.turns_to_skip
        p.steps_to_skip = dict(self.steps_to_skip)
        p.upkeep_stamps = list(self.upkeep_stamps)
        p.designations = list(self.designations)
        p.dungeons_completed = list(self.dungeons_completed)
        p.companion = self.companion
        p.companion_card = self.companion_card
        return p

    def zone_list(self, zone: Zone) -> list[int]:
        if zone is Zones.LIBRARY:
            return self.library
        if zone is Zones.HAND:
            return self.hand
        if zone is Zones.GRAVEYARD:
            return self.graveyard
        raise ValueError(f"{zone} is not a player's own zone")

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @staticmethod
    def from_json(d: dict[str, Any]) -> "Player":
        p = Player(d["index"], d["name"])
        for k in Player.__slots__:
            if k in d:
                setattr(p, k, d[k])
        return p

    @property
    def ref(self) -> str:
        return f"P{self.index}"


def is_player_ref(ref: Any) -> bool:
    return isinstance(ref, str) and ref.startswith("P")


def player_index(ref: str) -> int:
    return int(ref[1:])
