"""The whole state of a game (the board object): players, zones, objects, turn, stack, combat,
continuous effects, the pending decision and the random seed. Serializes to JSON and clones cheaply.
"""
from __future__ import annotations

import marshal
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from engine.core.commanders import CommanderGame
from engine.core.enums import DecisionKind, Step, Zone, Steps, Zones
from engine.core.objects import GameObject, Player
from engine.core.rng import Rng


class Task(StrEnum):
    """The closed set of pending work (`GameState.task.kind`): what the engine was doing when it stopped
    to ask a player, so the answer resumes it. String-valued: a task's JSON names it as `"type"`."""
    CAST = "cast"                          # 601.2: a spell being cast
    ACTIVATE = "activate"                  # 602.2: an ability being activated
    MANA = "mana"                          # 605.3: a mana ability resolving
    RESOLVE = "resolve"                    # 608.2: the top of the stack resolving
    TRIGGER = "trigger"                    # 603.3b: triggered abilities being put on the stack
    COMBAT_DAMAGE = "combat_damage"        # 510.1: combat damage being assigned
    OPENING_HAND = "opening_hand"          # 103.6: opening-hand actions
    MULLIGAN_BOTTOM = "mulligan_bottom"    # 103.5: cards put on the bottom after a mulligan
    SBA = "sba"                            # 704.5j: the legend rule's choice
    CLEANUP_DISCARD = "cleanup_discard"    # 514.1: discarding to hand size
    REPLACEMENT = "replacement"            # 616.1: choosing among replacement effects
    EXERT = "exert"                        # 508.1g, 701.43d: the attackers to exert, as they attack
    UNTAP = "untap"                        # 502.3: the permanents the active player chooses not to untap
    DREDGE = "dredge"                      # 504.1, 614.1a: the draw step's draw, replaced (dredge, 702.52a) or not
    LAND_PLAY = "land_play"                # 305.1, 614.12: a land played, its "as ~ enters" choices


class PendingWork:
    """What the engine was doing when it stopped to ask a player: one slotted class per `Task` kind, with
    the data the answer resumes. Its JSON is a dict: `"type"` (the kind) and the fields, by their names
    without a trailing underscore (`def_` is `"def"`); a field made by `_until_set()` is left out while
    it is None (that step was not reached yet)."""
    __slots__ = ()
    kind: ClassVar[Task]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is not None or not f.metadata.get("until_set"):
                out[f.name.rstrip("_")] = v
        return out

    def copy(self) -> "PendingWork":
        cls = type(self)
        names = _FIELD_NAMES.get(cls)
        if names is None:
            names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))    # (fields() is slow; clones copy tasks)
        return cls(**{n: _deep(getattr(self, n)) for n in names})

    @staticmethod
    def from_json(d: dict[str, Any]) -> "PendingWork":
        if d["type"] not in _PENDING_WORK:
            raise ValueError(f"unknown pending work {d['type']!r}: a task is one of {', '.join(_PENDING_WORK)}")
        cls = _PENDING_WORK[Task(d["type"])]
        names = {f.name.rstrip("_"): f.name for f in fields(cls)}
        unknown = set(d) - set(names) - {"type"}
        if unknown:
            raise ValueError(f"a {cls.kind} task has no field {sorted(unknown)[0]!r}")
        return cls(**{names[k]: v for k, v in d.items() if k != "type"})


# The field names of each kind of pending work, in order.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _until_set() -> Any:
    return field(default=None, metadata={"until_set": True})


@dataclass(slots=True, kw_only=True)
class Proposal(PendingWork):
    """601.2 / 602.2: a spell being cast or an ability being activated: what the action gave and the
    answers to what was asked since (engine.rules.proposals walks both)."""
    player: int
    targets: list | None
    x: int | None
    pay: list | None
    choices: dict[str, list]
    asked_targets: dict[str, list] | None = _until_set()     # 601.2c: targets answered, by phrase
    final_targets: list | None = _until_set()


@dataclass(slots=True, kw_only=True)
class CastTask(Proposal):
    kind: ClassVar[Task] = Task.CAST
    card: int
    modes: list[int] | None
    kicked: int
    alt: str | None
    divide: list | None
    buyback: bool = False                            # 702.27a: the buyback cost is paid
    replicate: int | None = _until_set()             # 702.56a: times the replicate cost is paid
    entwined: bool | None = _until_set()              # 702.42a: every mode chosen, the entwine cost paid
    during_resolution: bool | None = _until_set()    # 608.2g: an effect's cast (no priority after it)
    if_not: str | None = _until_set()                # where the card goes if that cast isn't made


@dataclass(slots=True, kw_only=True)
class ActivateTask(Proposal):
    kind: ClassVar[Task] = Task.ACTIVATE
    source: int
    index: int
    mana_choice: str | None
    modes: list[int] | None = None          # a modal ability's chosen mode (602.2b, 700.2a)
    divide: None = _until_set()        # an activation gives no division: it is asked (601.2d)


@dataclass(slots=True, kw_only=True)
class ManaTask(PendingWork):
    """605.3: a mana ability resolving, from its `effect`-th effect on."""
    kind: ClassVar[Task] = Task.MANA
    player: int
    source: int
    card_id: int | None
    name: str
    def_: str
    token: dict | None
    index: int
    targets: list
    x: int
    answers: dict[str, list]
    lki: dict | None
    effect: int
    pool: dict[str, int] = field(default_factory=dict)    # the pool before: what the ability produced (605.1b)


@dataclass(slots=True, kw_only=True)
class ResolveTask(PendingWork):
    """608.2: the top of the stack resolving, from its `index`-th effect on. `moved`: the spell as it was on the stack
    (its JSON), when its own instructions moved it before a player was asked ("Exile ~. Each player discards ...")."""
    kind: ClassVar[Task] = Task.RESOLVE
    object: int
    index: int
    answers: dict[str, list]
    legal: list
    moved: dict | None = None


@dataclass(slots=True, kw_only=True)
class TriggerTask(PendingWork):
    """603.3b: a player ordering their triggered abilities (`stage` "order") or choosing the mode (603.3c,
    `stage` "mode"), the targets (`stage` "target") or the division among them (601.2d, 603.3d, `stage` "divide") of
    one (its record `seq`)."""
    kind: ClassVar[Task] = Task.TRIGGER
    stage: str
    player: int | None = _until_set()
    seq: int | None = _until_set()


@dataclass(slots=True, kw_only=True)
class CombatDamageTask(PendingWork):
    """510.1: the damage assignments chosen so far, by attacker."""
    kind: ClassVar[Task] = Task.COMBAT_DAMAGE
    assignment: dict[str, Any]


@dataclass(slots=True, kw_only=True)
class SbaTask(PendingWork):
    """704.5j: which legendary permanent of a group its controller keeps (`kind_` "legend"); 903.9a: whether
    a commander goes to the command zone (`kind_` "commander", `group` its object)."""
    kind: ClassVar[Task] = Task.SBA
    kind_: str
    group: list[int]


@dataclass(slots=True)
class OpeningHandTask(PendingWork):
    kind: ClassVar[Task] = Task.OPENING_HAND


@dataclass(slots=True)
class MulliganBottomTask(PendingWork):
    kind: ClassVar[Task] = Task.MULLIGAN_BOTTOM


@dataclass(slots=True)
class CleanupDiscardTask(PendingWork):
    kind: ClassVar[Task] = Task.CLEANUP_DISCARD


@dataclass(slots=True)
class ReplacementTask(PendingWork):
    kind: ClassVar[Task] = Task.REPLACEMENT


@dataclass(slots=True)
class ExertTask(PendingWork):
    kind: ClassVar[Task] = Task.EXERT


@dataclass(slots=True)
class UntapTask(PendingWork):
    """502.3: `held`: the permanents an untap limit keeps tapped, chosen already; `limited`: the permanents an untap
    limit's question offers (which of them untap), empty when the question is which to keep tapped."""
    kind: ClassVar[Task] = Task.UNTAP
    held: list[int] = field(default_factory=list)
    limited: list[int] = field(default_factory=list)


@dataclass(slots=True)
class DredgeTask(PendingWork):
    """504.1: the draw step's draw, the answers to the questions of what replaces it (614.1a, 616.1)."""
    kind: ClassVar[Task] = Task.DREDGE
    answers: dict[str, list] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True)
class LandPlayTask(PendingWork):
    """305.1, 614.12: a land being played, its "as ~ enters" choices answered so far."""
    kind: ClassVar[Task] = Task.LAND_PLAY
    player: int
    card: int
    answers: dict[str, list]


_PENDING_WORK: dict[Task, type[PendingWork]] = {cls.kind: cls for cls in (
    CastTask, ActivateTask, ManaTask, ResolveTask, TriggerTask, CombatDamageTask, SbaTask, OpeningHandTask,
    MulliganBottomTask, CleanupDiscardTask, ReplacementTask, ExertTask, UntapTask,
    DredgeTask, LandPlayTask)}


@dataclass
class Decision:
    """What the engine waits for: who decides, what kind of decision, and the legal answers."""
    player: int
    kind: DecisionKind
    prompt: str = ""
    options: list[Any] = field(default_factory=list)
    min: int = 0
    max: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind.value, "prompt": self.prompt,
                "options": self.options, "min": self.min, "max": self.max, "data": self.data}

    @staticmethod
    def from_json(d: dict[str, Any]) -> "Decision":
        return Decision(d["player"], DecisionKind(d["kind"]), d["prompt"], d["options"], d["min"],
                        d["max"], d["data"])

    def copy(self) -> "Decision":
        return Decision(self.player, self.kind, self.prompt, list(self.options), self.min, self.max,
                        _deep(self.data))


def _deep(v: Any) -> Any:
    # Scalars are kept without a call: clones copy this data often and it is mostly flat.
    if isinstance(v, dict):
        return {k: _deep(x) if isinstance(x, (dict, list)) else x for k, x in v.items()}
    if isinstance(v, list):
        return [_deep(x) if isinstance(x, (dict, list)) else x for x in v]
    return v


def _copied_data(values: tuple) -> tuple:
    """`_deep` of each value (the `_DATA_FIELDS`, copied at every clone), made at once in C by marshal when they hold
    only the exact builtin types it writes (a turn's log: about twice as fast); version 2 writes every occurrence of a
    list or dict on its own (no references), so two references to one list become two lists, as `_deep` makes them.
    Anything else (an enum member, a dict subclass: marshal refuses them) is copied by `_deep`."""
    try:
        return marshal.loads(marshal.dumps(values, 2))
    except ValueError:
        return tuple(_deep(v) for v in values)


class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (611.2), with its layer data (613)."""
    __slots__ = ("id", "source_id", "source_card_id", "controller", "params", "affected", "duration",
                 "timestamp")

    def __init__(self, id: int, source_id: int | None, source_card_id: int | None, controller: int,
                 params: dict[str, Any], affected: list[Any] | None, duration: str, timestamp: int) -> None:
        self.id = id
        self.source_id = source_id
        self.source_card_id = source_card_id
        self.controller = controller
        self.params = params            # {"kind": "pump", "power": 3, "toughness": 3} ...
        self.affected = affected        # object ids (611.2c: locked in), or None = params filter
        self.duration = duration        # end_of_turn | end_of_combat | permanent | while_source | while_tapped |
                                        # while_on_battlefield | your_next_turn
        self.timestamp = timestamp

    def copy(self) -> "ContinuousEffect":
        return ContinuousEffect(self.id, self.source_id, self.source_card_id, self.controller,
                                self.params, list(self.affected) if self.affected is not None else None,
                                self.duration, self.timestamp)

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @staticmethod
    def from_json(d: dict[str, Any]) -> "ContinuousEffect":
        return ContinuousEffect(**d)


class Combat:
    """Who attacks what and who blocks whom (506-511)."""
    __slots__ = ("attackers", "blockers", "blocked", "first_strike_done", "dealt_first_strike",
                 "attackers_declared", "blockers_declared", "defending_player", "defenders", "bands")

    def __init__(self) -> None:
        self.attackers: dict[int, str | int] = {}   # attacking creature id -> "P1" or planeswalker id
        self.blockers: dict[int, list[int]] = {}    # blocking creature id -> attackers it blocks
        self.blocked: dict[int, bool] = {}          # attacker id -> blocked? (509.1h)
        self.first_strike_done = False
        self.dealt_first_strike: list[int] = []     # creatures that dealt first-strike damage (510.4)
        self.attackers_declared = False
        self.blockers_declared = False
        # The defending player declaring blockers now; in a two-player game the one defending player.
        self.defending_player = 1
        # 802.2a: attacker id -> the player it attacks (or whose planeswalker), when several players can
        # be attacked; empty in a two-player game (then every attacker's is `defending_player`).
        self.defenders: dict[int, int] = {}
        # 702.22c: the attacking bands announced as attackers were declared (508.1e), each a list of attacker ids.
        self.bands: list[list[int]] = []

    def defender_of(self, attacker: int) -> int:
        """802.2a: the defending player of an attacking creature (also after it left combat)."""
        return self.defenders.get(attacker, self.defending_player)

    def copy(self) -> "Combat":
        c = Combat.__new__(Combat)
        c.attackers = dict(self.attackers)
        c.blockers = {k: list(v) for k, v in self.blockers.items()}
        c.blocked = dict(self.blocked)
        c.first_strike_done = self.first_strike_done
        c.dealt_first_strike = list(self.dealt_first_strike)
        c.attackers_declared = self.attackers_declared
        c.blockers_declared = self.blockers_declared
        c.defending_player = self.defending_player
        c.defenders = dict(self.defenders)
        c.bands = [list(b) for b in self.bands]
        return c

    def blockers_of(self, attacker: int) -> list[int]:
        return [b for b, atts in self.blockers.items() if attacker in atts]

    def band_of(self, attacker: int) -> list[int]:
        """The other creatures in `attacker`'s attacking band still attacking (702.22e-f: the band lasts the
        combat, without the creatures removed from combat)."""
        for band in self.bands:
            if attacker in band:
                return [x for x in band if x != attacker and x in self.attackers]
        return []

    def to_json(self) -> dict[str, Any]:
        return {"attackers": {str(k): v for k, v in self.attackers.items()},
                "blockers": {str(k): v for k, v in self.blockers.items()},
                "blocked": {str(k): v for k, v in self.blocked.items()},
                "first_strike_done": self.first_strike_done,
                "dealt_first_strike": self.dealt_first_strike,
                "attackers_declared": self.attackers_declared,
                "blockers_declared": self.blockers_declared,
                "defending_player": self.defending_player,
                **({"defenders": {str(k): v for k, v in self.defenders.items()}} if self.defenders else {}),
                **({"bands": self.bands} if self.bands else {})}

    @staticmethod
    def from_json(d: dict[str, Any]) -> "Combat":
        c = Combat()
        c.attackers = {int(k): v for k, v in d["attackers"].items()}
        c.blockers = {int(k): v for k, v in d["blockers"].items()}
        c.blocked = {int(k): v for k, v in d["blocked"].items()}
        c.first_strike_done = d["first_strike_done"]
        c.dealt_first_strike = d["dealt_first_strike"]
        c.attackers_declared = d["attackers_declared"]
        c.blockers_declared = d["blockers_declared"]
        c.defending_player = d["defending_player"]
        c.defenders = {int(k): v for k, v in d.get("defenders", {}).items()}
        c.bands = [list(b) for b in d.get("bands", [])]
        return c


# Objects in these zones are shared between a state and its clones (copy-on-write, see
# GameState.writable): nothing changes a card in a library, hand or graveyard except moving it, and a
# move makes a new object (400.7). That keeps clone() cheap for AI search.
SHARED_ZONES = (Zones.LIBRARY, Zones.HAND, Zones.GRAVEYARD)

# Derived values (`GameState.cache`) a clone starts with: characteristics (copied: filled in place) and
# values built of ids, characteristics and abilities, never changed once made (each is replaced).
# A derived value that keeps what it was computed from and checks it before use: the values made of the cards in
# the graveyards (engine.query.layers.graveyard_derived: the abilities that work there, their card types), kept with
# the graveyards' contents.
SELF_CHECKED = "graveyard_watchers"
_KEPT_ON_CLONE = ("chars", "watchers", "sba_facts", "reads_zones", "no_day_night", "control_synced",
                  "battlefield_statics", "statics_by_kind", "ascend", "mana_sources", SELF_CHECKED, "cda_elsewhere")

# Fields holding plain JSON data (dicts/lists of primitives) that clone() deep-copies.
_DATA_FIELDS = ("pending_triggers", "delayed_triggers", "turn_log", "lki", "replacements_used")


class GameState:
    def __init__(self, player_names: list[str], seed: int = 0) -> None:
        self.players: list[Player] = [Player(i, n) for i, n in enumerate(player_names)]
        self.objects: dict[int, GameObject] = {}
        self.battlefield: list[int] = []
        # 702.26b: phased-out permanents are on the battlefield (their `zone`) but treated as though they
        # don't exist, so they are listed apart from the battlefield's
        self.phased_out: list[int] = []
        self.stack: list[int] = []        # bottom first; the top of the stack is the last element
        self.exile: list[int] = []
        self.command: list[int] = []
        self.turn = 1
        self.active = 0
        self.step = Steps.UNTAP
        self.priority: int | None = None
        self.passes = 0                   # consecutive passes with the same stack (117.4)
        self.step_started = False         # turn-based actions of the current step were done
        self.seed = seed
        self.rng = Rng(seed)
        self.next_id = 1
        self.next_card_id = 1
        self.next_timestamp = 1
        self.effects: list[ContinuousEffect] = []
        self.combat: Combat | None = None
        self.pending: Decision | None = None
        self.task: PendingWork | None = None           # what the answer to `pending` continues
        self.pending_triggers: list[dict[str, Any]] = []   # triggered, not yet put on the stack (603.3)
        self.delayed_triggers: list[dict[str, Any]] = []   # 603.7
        self.turn_log: dict[str, Any] = {}             # per-turn facts: spells cast, loyalty used, ...
        self.lki: dict[str, Any] = {}                  # last known information by object id (608.2h)
        self.replacements_used: dict[str, Any] = {}
        self.game_over = False
        self.winners: list[int] = []
        self.enforce = True
        self.starting_player = 0
        self.mulligan_phase = False
        self.extra_turns: list[int] = []
        # 103.8a: the starting player of a two-player game skips their first draw; 103.8c: in other
        # multiplayer games no one does.
        self.skip_first_draw = len(player_names) == 2
        self.day_night = ""               # 731: "day", "night", or "" (neither, the game's start)
        self.monarch: int | None = None   # 725.1: the player who is the monarch; None until one becomes it
        self.cards: dict[str, dict[str, Any]] = {}   # name -> the card record this game plays it with
        self.commander: CommanderGame | None = None    # the Commander variant's facts (903); None: not Commander
        self.cache: dict[Any, Any] = {}   # derived values (characteristics); never serialized
        # next_id when the state-based actions last found no token or spell copy to cease to exist
        # (704.5d-e): none can appear before a new object does (400.7). Derived, never serialized.
        self.no_loose_tokens = -1
        self.shared: set[int] = set()     # ids of objects shared with a clone (copy before changing)

    # ------------------------------------------------------------ basics
    def opponents(self, player: int) -> list[int]:
        """The player's opponents still in the game, in turn order from the player's left (101.4)."""
        n = len(self.players)
        return [q for q in ((player + i) % n for i in range(1, n)) if not self.players[q].lost]

    def apnap(self) -> list[int]:
        """Players in APNAP order (101.4)."""
        n = len(self.players)
        return [(self.active + i) % n for i in range(n)]

    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def get(self, oid: Any) -> GameObject | None:
        return self.objects.get(oid) if isinstance(oid, int) else None

    def zone_list(self, zone: Zone, player: int | None = None) -> list[int]:
        if zone is Zones.BATTLEFIELD:
            return self.battlefield
        if zone is Zones.STACK:
            return self.stack
        if zone is Zones.EXILE:
            return self.exile
        if zone is Zones.COMMAND:
            return self.command
        assert player is not None
        return self.players[player].zone_list(zone)

    def new_id(self) -> int:
        i = self.next_id
        self.next_id += 1
        return i

    def new_timestamp(self) -> int:
        t = self.next_timestamp
        self.next_timestamp += 1
        return t

    def writable(self, oid: int) -> GameObject:
        """The object, made private to this state first if a clone shares it."""
        o = self.objects[oid]
        if oid in self.shared:
            o = o.copy()
            self.objects[oid] = o
            self.shared.discard(oid)
        if o.zone is Zones.GRAVEYARD:
            # A card changed in place in a graveyard (its face set as it is cast from there): what was derived from
            # the graveyards' cards is made again (SELF_CHECKED keys it by the cards alone).
            self.cache.pop(SELF_CHECKED, None)
        return o

    def invalidate(self) -> None:
        """Forget derived values after a change that can alter characteristics (but those that check
        for themselves whether they still hold)."""
        cache = self.cache
        if cache:
            kept = cache.get(SELF_CHECKED)
            cache.clear()
            if kept is not None:
                cache[SELF_CHECKED] = kept

    # ------------------------------------------------------------ clone and JSON
    def clone(self) -> "GameState":
        s = GameState.__new__(GameState)
        s.players = [p.copy() for p in self.players]
        # The objects of the shared zones are shared, the others copied. Each object is listed in the
        # zone its `zone` names, so the zone lists say which is which without looking at every object;
        # if the lists don't account for every object exactly, each object is looked at.
        own = [*self.battlefield, *self.phased_out, *self.stack, *self.exile, *self.command]
        objects = self.objects.copy()
        shared = objects.keys() - own
        in_shared_zones = 0
        for p in self.players:
            in_shared_zones += len(p.library) + len(p.hand) + len(p.graveyard)
        if len(shared) + len(own) != len(objects) or len(shared) != in_shared_zones:
            own = [k for k, o in objects.items() if o.zone not in SHARED_ZONES]
            shared = objects.keys() - own
        for k in own:
            objects[k] = objects[k].copy()
        s.objects = objects
        self.shared |= shared
        s.shared = shared
        s.battlefield = self.battlefield.copy()
        s.phased_out = self.phased_out.copy()
        s.stack = self.stack.copy()
        s.exile = self.exile.copy()
        s.command = self.command.copy()
        s.turn = self.turn
        s.active = self.active
        s.step = self.step
        s.priority = self.priority
        s.passes = self.passes
        s.step_started = self.step_started
        s.seed = self.seed
        s.rng = Rng.__new__(Rng)
        s.rng.state = self.rng.state
        s.next_id = self.next_id
        s.next_card_id = self.next_card_id
        s.next_timestamp = self.next_timestamp
        s.effects = [e.copy() for e in self.effects]
        s.combat = self.combat.copy() if self.combat is not None else None
        s.pending = self.pending.copy() if self.pending is not None else None
        s.task = self.task.copy() if self.task is not None else None
        for f, v in zip(_DATA_FIELDS, _copied_data(tuple([getattr(self, f) for f in _DATA_FIELDS]))):
            setattr(s, f, v)
        s.game_over = self.game_over
        s.winners = list(self.winners)
        s.enforce = self.enforce
        s.starting_player = self.starting_player
        s.mulligan_phase = self.mulligan_phase
        s.extra_turns = list(self.extra_turns)
        s.skip_first_draw = self.skip_first_draw
        s.day_night = self.day_night
        s.monarch = self.monarch
        s.cards = self.cards.copy()
        s.commander = self.commander.copy() if self.commander is not None else None
        # Derived values are valid for an identical state: start the clone with those made of plain
        # values (not those holding this state's objects or closures over them, like the layer effects).
        cache = self.cache
        s.cache = {k: cache[k] for k in _KEPT_ON_CLONE if k in cache} if cache else {}
        if "chars" in s.cache:
            s.cache["chars"] = dict(s.cache["chars"])
        if "mana_sources" in s.cache:
            s.cache["mana_sources"] = dict(s.cache["mana_sources"])
        for p in range(len(self.players)):
            if ("activators", p) in cache:
                s.cache["activators", p] = cache["activators", p]
        s.no_loose_tokens = self.no_loose_tokens
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "manatable-game", "version": 1,
            "players": [p.to_json() for p in self.players],
            "objects": [o.to_json() for o in self.objects.values()],
            "battlefield": self.battlefield, "phased_out": self.phased_out, "stack": self.stack, "exile": self.exile,
            "command": self.command, "turn": self.turn, "active": self.active, "step": self.step.value,
            "priority": self.priority, "passes": self.passes, "step_started": self.step_started,
            "seed": self.seed, "rng": self.rng.state, "next_id": self.next_id,
            "next_card_id": self.next_card_id, "next_timestamp": self.next_timestamp,
            "effects": [e.to_json() for e in self.effects],
            "combat": self.combat.to_json() if self.combat else None,
            "pending": self.pending.to_json() if self.pending else None,
            "task": self.task.to_json() if self.task is not None else None,
            **{f: getattr(self, f) for f in _DATA_FIELDS},
            "game_over": self.game_over, "winners": self.winners, "enforce": self.enforce,
            "starting_player": self.starting_player, "mulligan_phase": self.mulligan_phase,
            "extra_turns": self.extra_turns, "skip_first_draw": self.skip_first_draw, "day_night": self.day_night,
            "monarch": self.monarch,
            # The records of the cards in play, so the save loads without the database it began with.
            "cards": list(self.cards.values()),
            "commander": self.commander.to_json() if self.commander is not None else None,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> "GameState":
        if d.get("format") != "manatable-game":
            raise ValueError("not a ManaTable saved game")
        if d.get("version") != 1:
            raise ValueError(f"saved game version {d.get('version')!r} is not supported")
        s = GameState([p["name"] for p in d["players"]], d["seed"])
        s.players = [Player.from_json(p) for p in d["players"]]
        s.objects = {o["id"]: GameObject.from_json(o) for o in d["objects"]}
        s.battlefield = list(d["battlefield"])
        s.phased_out = list(d.get("phased_out", []))
        s.stack = list(d["stack"])
        s.exile = list(d["exile"])
        s.command = list(d["command"])
        s.turn = d["turn"]
        s.active = d["active"]
        s.step = Step(d["step"])
        s.priority = d["priority"]
        s.passes = d["passes"]
        s.step_started = d["step_started"]
        s.rng.state = d["rng"]
        s.next_id = d["next_id"]
        s.next_card_id = d["next_card_id"]
        s.next_timestamp = d["next_timestamp"]
        s.effects = [ContinuousEffect.from_json(e) for e in d["effects"]]
        s.combat = Combat.from_json(d["combat"]) if d["combat"] else None
        s.pending = Decision.from_json(d["pending"]) if d["pending"] else None
        s.task = PendingWork.from_json(d["task"]) if d["task"] is not None else None
        for f in _DATA_FIELDS:
            setattr(s, f, d[f])
        s.game_over = d["game_over"]
        s.winners = d["winners"]
        s.enforce = d["enforce"]
        s.starting_player = d["starting_player"]
        s.mulligan_phase = d["mulligan_phase"]
        s.extra_turns = d["extra_turns"]
        s.skip_first_draw = d["skip_first_draw"]
        s.day_night = d.get("day_night", "")
        s.monarch = d.get("monarch")
        s.commander = CommanderGame.from_json(d["commander"]) if d.get("commander") else None
        s.shared = set()
        return s


class NeedDecision(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision
