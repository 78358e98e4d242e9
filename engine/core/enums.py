"""Enumerations in the game's own words: zones (400), steps and phases (500), card types (205), colors (105)."""
from __future__ import annotations

from enum import Enum


class Zone(str, Enum):
    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"


# Zones each player has one of (400.2); the others are shared.
PLAYER_ZONES = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD)


class Phase(str, Enum):
    BEGINNING = "beginning"
    PRECOMBAT_MAIN = "precombat_main"
    COMBAT = "combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    ENDING = "ending"


class Step(str, Enum):
    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN1 = "main1"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    FIRST_STRIKE_DAMAGE = "first_strike_damage"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    MAIN2 = "main2"
    END = "end"
    CLEANUP = "cleanup"

    # Each step's phase, and whether it is a main phase's or a combat step: plain attributes of each member, set
    # below (read at nearly every priority: a property, with its look-ups of members, cost several times more).
    phase: Phase
    is_main: bool
    is_combat: bool


STEP_ORDER: tuple[Step, ...] = tuple(Step)
STEP_PHASE: dict[Step, Phase] = {
    Step.UNTAP: Phase.BEGINNING, Step.UPKEEP: Phase.BEGINNING, Step.DRAW: Phase.BEGINNING,
    Step.MAIN1: Phase.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT: Phase.COMBAT, Step.DECLARE_ATTACKERS: Phase.COMBAT,
    Step.DECLARE_BLOCKERS: Phase.COMBAT, Step.FIRST_STRIKE_DAMAGE: Phase.COMBAT,
    Step.COMBAT_DAMAGE: Phase.COMBAT, Step.END_OF_COMBAT: Phase.COMBAT,
    Step.MAIN2: Phase.POSTCOMBAT_MAIN,
    Step.END: Phase.ENDING, Step.CLEANUP: Phase.ENDING,
}
for _step in Step:
    _step.phase = STEP_PHASE[_step]
    _step.is_main = _step in (Step.MAIN1, Step.MAIN2)
    _step.is_combat = STEP_PHASE[_step] is Phase.COMBAT
del _step


def _plain_members(enum: type[Enum]) -> type:
    """A plain class whose attributes are `enum`'s members. On Python 3.11 every attribute read of an Enum class
    (`Zone.BATTLEFIELD`) goes through the slow attribute hook that EnumType.__getattr__ installs, about 0.13 us a read
    against 0.02 us for a plain class's: the engine's hottest code (zone moves, the turn loop, the dispatcher, the
    characteristics' cache) reads the members through these (`Zones.BATTLEFIELD` is `Zone.BATTLEFIELD`)."""
    return type(f"{enum.__name__}s", (), {m.name: m for m in enum})


Zones = _plain_members(Zone)
Steps = _plain_members(Step)


class CardType(str, Enum):
    ARTIFACT = "Artifact"
    BATTLE = "Battle"
    CREATURE = "Creature"
    ENCHANTMENT = "Enchantment"
    INSTANT = "Instant"
    KINDRED = "Kindred"
    LAND = "Land"
    PLANESWALKER = "Planeswalker"
    SORCERY = "Sorcery"


# 110.4: these card types make an object a permanent.
PERMANENT_TYPES = frozenset({CardType.ARTIFACT, CardType.BATTLE, CardType.CREATURE,
                             CardType.ENCHANTMENT, CardType.LAND, CardType.PLANESWALKER})


class Color(str, Enum):
    WHITE = "W"
    BLUE = "U"
    BLACK = "B"
    RED = "R"
    GREEN = "G"

    @property
    def word(self) -> str:
        return COLOR_WORDS[self]


COLOR_ORDER = "WUBRG"
COLOR_WORDS = {Color.WHITE: "white", Color.BLUE: "blue", Color.BLACK: "black",
               Color.RED: "red", Color.GREEN: "green"}
WORD_COLORS = {w: c for c, w in COLOR_WORDS.items()}
BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


class DecisionKind(str, Enum):
    PRIORITY = "priority"
    MULLIGAN = "mulligan"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    ASSIGN_DAMAGE = "assign_damage"
    CHOOSE = "choose"


DecisionKinds = _plain_members(DecisionKind)
