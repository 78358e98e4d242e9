"""Actions a player (or the sandbox) can take. Each is a small JSON-able dataclass; Game.apply takes one.

Targets and attack targets name a player as "P0"/"P1" and an object by its int id.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class Action:
    player: int

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["action"] = type(self).__name__
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> "Action":
        cls = ACTION_TYPES.get(d.get("action", ""))
        if cls is None:
            raise ValueError(f"unknown action {d.get('action')!r}")
        kwargs = {f.name: d[f.name] for f in fields(cls) if f.name in d}
        for k, v in list(kwargs.items()):
            if isinstance(v, list):
                kwargs[k] = tuple(tuple(x) if isinstance(x, list) else x for x in v)
        if cls is DeclareAttackers:
            kwargs["attacks"] = {int(k): v for k, v in d["attacks"].items()}
        if cls is DeclareBlockers:
            kwargs["blocks"] = {int(k): tuple(v) for k, v in d["blocks"].items()}
        if cls is AssignDamage:
            kwargs["assignment"] = {int(k): dict(v) for k, v in d["assignment"].items()}
        return cls(**kwargs)


@dataclass(frozen=True)
class PassPriority(Action):
    pass


_PASSES: dict[int, PassPriority] = {}


def passing(player: int) -> PassPriority:
    """`PassPriority(player)`, one object per player: actions are immutable values, and a pass is made at nearly every
    priority (a frozen dataclass is slow to build)."""
    action = _PASSES.get(player)
    if action is None:
        action = _PASSES[player] = PassPriority(player)
    return action


@dataclass(frozen=True)
class PlayLand(Action):
    card: int
    face: int | None = None                        # a modal double-faced card's land face (712.12)


@dataclass(frozen=True)
class CastSpell(Action):
    card: int
    modes: tuple[int, ...] | None = None           # 0-based mode indices; None = ask
    targets: tuple[tuple[Any, ...], ...] | None = None   # per target spec; None = ask
    x: int | None = None
    kicked: bool | int | None = None               # None = ask when the spell has a kicker; multikicker: how
                                                   # many times it is paid (702.33c)
    buyback: bool = False                          # pay the buyback cost (702.27a)
    replicate: int = 0                             # times the replicate cost is paid (702.56a)
    alt: str | None = None                         # flashback | evoke | alternative
    divide: tuple[tuple[Any, int], ...] | None = None
    pay: tuple[int, ...] | None = None             # permanents to tap/sacrifice for mana; None = auto
    # The face or half cast (709.3, 712.11b, 715.3), counted from 1 in printed order (2: the right half,
    # the back face, the Adventure); FUSED for both halves of a fuse card (702.102a); None: the front.
    face: int | None = None


FUSED = 0


@dataclass(frozen=True)
class ActivateAbility(Action):
    source: int
    index: int                                     # 0-based over the object's activated abilities
    targets: tuple[tuple[Any, ...], ...] | None = None
    x: int | None = None
    pay: tuple[int, ...] | None = None
    mana_choice: str | None = None                 # for mana abilities that add one of several
    modes: tuple[int, ...] | None = None           # a modal ability's mode, 0-based (602.2b, 700.2a); None = ask


@dataclass(frozen=True)
class TurnFaceUp(Action):
    """The special action of turning a face-down permanent face up (116.2b, 702.37e)."""
    card: int
    pay: tuple[int, ...] | None = None             # permanents to tap for mana; None = auto
    # what pays a morph cost's other part: the card revealed ("Morph—Reveal a white card in your hand"), the
    # permanent returned or sacrificed, the card discarded
    cost_object: int | None = None
    x: int | None = None        # "Morph {X}{X}{R}": X, chosen as the special action is taken (107.3d)


@dataclass(frozen=True)
class Foretell(Action):
    """The special action of foretelling a card: {2}, exile it from your hand face down (116.2h, 702.143a)."""
    card: int
    pay: tuple[int, ...] | None = None


@dataclass(frozen=True)
class PutCompanionIntoHand(Action):
    """The special action of paying {3} to put your companion from outside the game into your hand, once a game,
    in a main phase of your turn with the stack empty (116.2g, 702.139a)."""
    pay: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Suspend(Action):
    """The special action of suspending a card: pay its suspend cost and exile it from your hand with its
    time counters, when you could begin to cast it (116.2f, 702.62a)."""
    card: int
    pay: tuple[int, ...] | None = None


@dataclass(frozen=True)
class DeclareAttackers(Action):
    attacks: dict[int, Any] = field(default_factory=dict)   # attacker id -> "P1" or planeswalker id
    bands: tuple[tuple[int, ...], ...] = ()                  # 508.1e, 702.22c: the attacking bands announced


@dataclass(frozen=True)
class DeclareBlockers(Action):
    blocks: dict[int, tuple[int, ...]] = field(default_factory=dict)   # blocker id -> attackers


@dataclass(frozen=True)
class AssignDamage(Action):
    assignment: dict[int, dict[Any, int]] = field(default_factory=dict)  # source id -> recipient -> n


@dataclass(frozen=True)
class Choose(Action):
    choice: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Cancel(Action):
    """Back out of a spell or ability being cast or activated (733: nothing was paid yet)."""


@dataclass(frozen=True)
class Mulligan(Action):
    keep: bool = True


@dataclass(frozen=True)
class Concede(Action):
    pass


@dataclass(frozen=True)
class TriggerByHand(Action):
    """"This triggered now": a triggered ability whose trigger condition the engine can't read
    (CardDef.hand_triggers[index]) is put on the stack by its controller while they hold priority,
    the first time they would receive it after it triggered (603.3)."""
    source: int
    index: int = 0


# ---- sandbox actions (accepted only when the game does not enforce the rules)

@dataclass(frozen=True)
class SandboxAction(Action):
    """A free move of the sandbox table (GUIDE principle 6): accepted only when the rules are off."""


@dataclass(frozen=True)
class SandboxMove(SandboxAction):
    card: int
    to: str                       # zone name
    owner_zone_of: int | None = None   # whose library/hand/graveyard (default: the owner's)
    position: int | None = None   # index in the zone list (library: 0 = bottom); None = top
    face_down: bool = False
    tapped: bool = False
    controller: int | None = None
    attach_to: Any = None


@dataclass(frozen=True)
class SandboxTap(SandboxAction):
    card: int
    tapped: bool = True


@dataclass(frozen=True)
class SandboxCounters(SandboxAction):
    card: int
    kind: str = "+1/+1"
    delta: int = 1


@dataclass(frozen=True)
class SandboxLife(SandboxAction):
    target: int = 0               # whose life
    delta: int = 0
    poison: bool = False


@dataclass(frozen=True)
class SandboxToken(SandboxAction):
    name: str = "Soldier Token"
    power: int | None = 1
    toughness: int | None = 1
    colors: str = "W"
    types: str = "Creature — Soldier"
    abilities: tuple[str, ...] = ()


@dataclass(frozen=True)
class SandboxDraw(SandboxAction):
    count: int = 1


@dataclass(frozen=True)
class SandboxShuffle(SandboxAction):
    pass


@dataclass(frozen=True)
class SandboxUntapAll(SandboxAction):
    pass


@dataclass(frozen=True)
class SandboxNextStep(SandboxAction):
    pass


@dataclass(frozen=True)
class SandboxNextTurn(SandboxAction):
    pass


@dataclass(frozen=True)
class SandboxReveal(SandboxAction):
    card: int


ACTION_TYPES: dict[str, type[Action]] = {c.__name__: c for c in (
    PassPriority, PlayLand, CastSpell, ActivateAbility, TurnFaceUp, Foretell, Suspend, PutCompanionIntoHand,
    DeclareAttackers, DeclareBlockers, AssignDamage,
    Choose, Cancel, Mulligan, Concede, TriggerByHand, SandboxMove, SandboxTap, SandboxCounters, SandboxLife, SandboxToken,
    SandboxDraw, SandboxShuffle, SandboxUntapAll, SandboxNextStep, SandboxNextTurn, SandboxReveal)}
