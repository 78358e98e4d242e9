"""Card definitions (108, 200-208): the printed characteristics of a card and its compiled abilities.

A `CardDef` is built from a card record in MTGJSON field names by the Oracle-text compiler. Records come
from a `CardSource` handed in by whoever starts a game (the card database, card files given on a command
line: cardsdb.source; a saved game's own records; the bundled starter pool when nothing is handed in):
the engine never opens a database or a file of the user's. Definitions are immutable and compiled once
per process for each record (keyed by the record itself, so two versions of a card never mix): game
objects refer to them by name, never copy them.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol

from engine.core.abilities import (ActivatedAbility, AdditionalCost, Keyword, SpellAbility, StaticAbility,
                                   TriggeredAbility, instances_in)
from engine.core.dungeons import DUNGEON_TEXT, dungeon_record
from engine.core.effect_types import SpendOnly
from engine.core.enums import Zones
from engine.core.mana import ManaCost
from engine.core.subtypes import CREATURE_TYPES

STARTER_POOL_PATH = Path(__file__).resolve().parents[2] / "cardsdb" / "data" / "starter-pool.json"


class UnknownCard(KeyError):
    def __str__(self) -> str:
        return f"unknown card: {self.args[0]!r}"


class UnknownCards(UnknownCard, ValueError):
    """Names no card source knows, all of them at once (a deck is refused as a whole)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(dict.fromkeys(names))
        super().__init__(self.names[0] if self.names else "")

    def __str__(self) -> str:
        return "cards the card database doesn't know: " + ", ".join(self.names)


class CardRecordError(ValueError):
    """A card record that is not card data (a damaged save, a bad card file)."""


class CardSource(Protocol):
    """Where a game finds a card's record (MTGJSON field names: name, manaCost, colors, supertypes,
    types, subtypes, type, text, power, toughness, loyalty, layout, ...) by its name; None when the
    source doesn't know the name. Implemented by cardsdb.source (the card database, card files) and
    by RecordSource below."""

    def card_record(self, name: str) -> dict[str, Any] | None: ...


class RecordSource:
    """Card records held in memory: a saved game's own, a test's, a card file read by a front end."""

    def __init__(self, records: Iterable[dict[str, Any]] = ()) -> None:
        self.records: dict[str, dict[str, Any]] = {}
        for r in records:
            self.records[record_name(r)] = r

    def card_record(self, name: str) -> dict[str, Any] | None:
        return self.records.get(name) or self.records.get(self.front_names.get(name, ""))

    @property
    def front_names(self) -> dict[str, str]:
        return front_face_names(self.records.values())

    def names(self) -> list[str]:
        return list(self.records)


def record_name(record: dict[str, Any]) -> str:
    return record.get("faceName") or record["name"]


def front_face_names(records: Iterable[dict[str, Any]]) -> dict[str, str]:
    """A multi-faced card's front face name -> its full name ("Delver of Secrets" -> "Delver of Secrets //
    Insectile Aberration"): a card may be named by its front face where that is unambiguous."""
    out: dict[str, str] = {}
    for r in records:
        faces = r.get("faces")
        if faces and faces[0].get("faceName") and faces[0]["faceName"] != r["name"]:
            out[faces[0]["faceName"]] = r["name"]
    return out


# Multi-faced cards (709-716). A face of a card, and a level of a Class or leveler (711, 716), has a
# definition of its own, found by a key made from the card's: "Fire // Ice|2" is Ice, "Druid Class|L2"
# the Class at level 2 or more. Abilities on the stack and triggers name their definition by that key.
FACE_SEP = "|"
MULTI_FACE_LAYOUTS = frozenset({"split", "aftermath", "flip", "adventure", "transform", "modal_dfc", "meld",
                                "double_faced", "reversible_card"})
SPLIT_LAYOUTS = frozenset({"split", "aftermath"})


_TEXT_FIELDS = ("name", "faceName", "manaCost", "type", "text", "power", "toughness", "loyalty", "defense",
                "layout")
_LIST_FIELDS = ("colors", "supertypes", "types", "subtypes")


def check_record(record: Any) -> dict[str, Any]:
    """The record if it is card data the engine can hold; CardRecordError saying what is wrong if not."""
    if not isinstance(record, dict):
        raise CardRecordError(f"a card record is {type(record).__name__}, not an object")
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardRecordError("a card record has no name")
    for key in _TEXT_FIELDS:
        if record.get(key) is not None and not isinstance(record[key], str):
            raise CardRecordError(f"card record {name[:60]!r}: {key} is not text")
    for key in _LIST_FIELDS:
        value = record.get(key)
        if value is not None and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
            raise CardRecordError(f"card record {name[:60]!r}: {key} is not a list of words")
    return record


@dataclass(frozen=True)
class CardDef:
    name: str
    mana_cost: ManaCost
    colors: frozenset[str]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    layout: str = "normal"
    keywords: tuple[Keyword, ...] = ()
    activated: tuple[ActivatedAbility, ...] = ()
    triggered: tuple[TriggeredAbility, ...] = ()
    static: tuple[StaticAbility, ...] = ()
    spell: SpellAbility | None = None
    costs: tuple[AdditionalCost, ...] = ()   # kicker, flashback, additional and alternative costs
    unsupported: tuple[str, ...] = ()        # sentences the compiler could not read
    # Where unread text is played by hand (issue 12): triggered abilities whose trigger condition is
    # unread (their controller says when they trigger, 603.3), and everything else unread that is no
    # spell's or activated ability's instruction (static abilities, costs, keywords): reminders shown
    # on the card. Unread instructions of spells and abilities are ByHand effects in their modes.
    hand_triggers: tuple[str, ...] = ()
    reminders: tuple[str, ...] = ()
    hand_written: bool = False
    is_token: bool = False
    data: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    # A multi-faced card's faces in printed order (front, back; left, right; creature, Adventure). The
    # definition itself is the card as a whole: a split card's combined halves (709.4), else its front face.
    faces: tuple["CardDef", ...] = field(default=(), compare=False, repr=False)
    # A Class's or leveler's definitions from a level on (716.2a, 711.2): (lowest level, definition).
    levels: tuple[tuple[int, "CardDef"], ...] = field(default=(), compare=False, repr=False)
    # 712.8c/e: a nonmodal back face's mana value is its front face's; 712.8g a melded permanent's the sum.
    mana_value_override: int | None = None

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mana_value_override is None else self.mana_value_override

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.faces)

    def level_def(self, level: int) -> tuple[int, "CardDef"]:
        """The definition in force at a level (0 and below: the card as printed), with its lowest level."""
        found: tuple[int, CardDef] = (0, self)
        for lowest, d in self.levels:
            if level >= lowest:
                found = (lowest, d)
        return found

    @property
    def supported(self) -> bool:
        return not self.unsupported

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types


Compiler = Callable[[dict[str, Any]], CardDef]
_compiler: Compiler | None = None


def set_compiler(compiler: Compiler) -> None:
    """Gives the catalog its compiler (engine.wiring.install passes engine.oracle's): the engine's core
    holds compiled definitions and never reads Oracle text itself."""
    global _compiler
    _compiler = compiler


def compile_record(record: dict[str, Any]) -> CardDef:
    if _compiler is None:
        raise RuntimeError("no card compiler installed: call engine.wiring.install() first")
    return _compiler(record)


# Compiled definitions of this process, keyed by the record (its JSON text): a game starts without
# compiling a card a game before it compiled, and a changed record is compiled afresh.
_DEFINITIONS: dict[str, CardDef] = {}


# The definition last given for each record object, with a copy of the record as it was then: the same
# record unchanged (compared with the copy, much cheaper than its JSON text) has the same definition. A game
# asks again for each card it creates.
_BY_RECORD: dict[int, tuple[dict[str, Any], dict[str, Any], CardDef]] = {}


def definition(record: dict[str, Any]) -> CardDef:
    """The record's compiled definition. A card the compiler fails on is still a card: its printed
    characteristics, no abilities, and the failure as its unread text (playable in the sandbox)."""
    known = _BY_RECORD.get(id(record))
    if known is not None and known[0] is record and known[1] == record:
        return known[2]
    d = _definition(record)
    if len(_BY_RECORD) > 4096:
        _BY_RECORD.clear()
    _BY_RECORD[id(record)] = (record, copy.deepcopy(record), d)     # holds the record: its id stays its own
    return d


def _definition(record: dict[str, Any]) -> CardDef:
    key = json.dumps(record, sort_keys=True, separators=(",", ":"), default=str)
    d = _DEFINITIONS.get(key)
    if d is None:
        if _compiler is None:
            raise RuntimeError("no card compiler installed: call engine.wiring.install() first")
        try:
            d = _compiler(record)
        except Exception as exc:  # noqa: BLE001 - any compiler failure makes the card unread, not unplayable
            d = plain_definition(record, f"(the compiler failed on this card: {type(exc).__name__}: {exc})")
        _DEFINITIONS[key] = d
    return d


def plain_definition(record: dict[str, Any], reason: str) -> CardDef:
    """A card with its printed characteristics only (a sandbox card object)."""
    try:
        cost = ManaCost.parse(record.get("manaCost"))
    except ValueError:
        cost = ManaCost(())
    return CardDef(
        name=record_name(record), mana_cost=cost, colors=frozenset(record.get("colors") or cost.colors),
        supertypes=tuple(record.get("supertypes") or ()), types=tuple(record.get("types") or ()),
        subtypes=tuple(record.get("subtypes") or ()), text=record.get("text") or "",
        power=record.get("power"), toughness=record.get("toughness"), loyalty=record.get("loyalty"),
        defense=record.get("defense"), layout=record.get("layout") or "normal", unsupported=(reason,),
        reminders=(reason,), data=record)


class CardPool:
    """Name -> CardDef (compiled on first use): the bundled starter pool, the cards a game falls back
    on when no source knows a name. Separately, the definitions games put in use (`use`: records from
    their CardSource or their save), which `card_def(name)` finds first; those never make a name known
    to the pool (a card of one run's --cards file is not known to the next game without it)."""

    def __init__(self, records: Iterable[dict[str, Any]] = ()) -> None:
        self._records: dict[str, dict[str, Any]] = {}
        self._defs: dict[str, CardDef] = {}
        self._in_use: dict[str, CardDef] = {}
        self._front_names: dict[str, str] | None = None
        self.changes = 0        # records added or removed (what is derived from them knows it is stale)
        for r in records:
            self.add_record(r)

    def add_record(self, record: dict[str, Any]) -> None:
        name = record_name(record)
        self._records[name] = record
        self._defs.pop(name, None)
        self._front_names = None
        self.changes += 1

    def use(self, record: dict[str, Any]) -> CardDef:
        """Makes this record the one its name stands for, and gives its definition."""
        name = record_name(record)
        d = definition(record)
        if self._in_use.get(name) is not d:
            self._in_use[name] = d
            register_abilities(name, d)
        return d

    def card_record(self, name: str) -> dict[str, Any] | None:
        record = self._records.get(name)
        if record is None:
            if self._front_names is None:
                self._front_names = front_face_names(self._records.values())
            record = self._records.get(self._front_names.get(name, ""))
        return record

    def add_def(self, card: CardDef) -> None:
        self._defs[card.name] = card
        register_abilities(card.name, card)

    def remove(self, name: str) -> None:
        """Forgets a card (tests add cards beyond the pool for one test, then remove them)."""
        self._front_names = None
        self.changes += 1
        self._records.pop(name, None)
        self._defs.pop(name, None)
        self._in_use.pop(name, None)

    def __contains__(self, name: str) -> bool:
        return name in self._records or name in self._defs

    def names(self) -> list[str]:
        return sorted(set(self._records) | set(self._defs))

    def records(self) -> list[dict[str, Any]]:
        """The pool's card records, by name."""
        return [self._records[name] for name in sorted(self._records)]

    def get(self, name: str) -> CardDef:
        d = self._defs.get(name)
        if d is None:
            record = self._records.get(name)
            if record is None:
                raise UnknownCard(name)
            d = definition(record)
            self._defs[name] = d
            register_abilities(name, d)
        return d

    def record(self, name: str) -> dict[str, Any]:
        return self._records[name]


def load_card_file(path: Path | str) -> list[dict[str, Any]]:
    """Card records from an MTGJSON set file, AtomicCards file, or a plain list of card dicts."""
    with open(path, encoding="utf-8") as f:
        raw = json.load(f)
    return card_records(raw)


def card_records(raw: Any) -> list[dict[str, Any]]:
    if isinstance(raw, list):
        return [r for r in raw if isinstance(r, dict) and "name" in r]
    data = raw.get("data", raw) if isinstance(raw, dict) else None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        return group_faces(data["cards"])
    if isinstance(data, dict):
        # AtomicCards: name -> [faces]
        return group_faces(f for faces in data.values() if isinstance(faces, list)
                           for f in faces if isinstance(f, dict))
    raise ValueError("not card data: expected an MTGJSON set or atomic file, or a list of cards")


_FACE_KEYS = ("faceName", "manaCost", "manaValue", "colors", "supertypes", "types", "subtypes", "type", "text",
              "power", "toughness", "loyalty", "defense", "side")


def group_faces(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """MTGJSON's card entries (one per face of a multi-faced card, sharing "name", told apart by
    "side") as one record per card, each once, a multi-faced card's faces in "faces" (as cardsdb keeps
    them). A meld card's melded face is an entry with a name of its own, kept as its own record."""
    by_name: dict[str, list[dict[str, Any]]] = {}
    for r in entries:
        if "name" in r:
            by_name.setdefault(r["name"], []).append(r)
    out = []
    for name, group in by_name.items():
        front = group[0]
        if not front.get("faceName") or front["faceName"] == name or front.get("layout") not in MULTI_FACE_LAYOUTS:
            out.append(front)
            continue
        faces: dict[str, dict[str, Any]] = {}
        for e in sorted(group, key=lambda e: str(e.get("side") or "")):
            faces.setdefault(str(e.get("side") or e.get("faceName")), {k: e[k] for k in _FACE_KEYS if k in e})
        record = dict(front)
        record.pop("faceName", None)
        record.pop("side", None)
        record["faces"] = list(faces.values())
        out.append(record)
    return out


def face_key(key: str, face: int) -> str:
    return f"{key}{FACE_SEP}{face}"


BESTOWED = "B"


def bestowed(obj: Any) -> bool:
    """702.103b: a spell cast bestowed, and the permanent it becomes, until it ceases to be bestowed (702.103e-f:
    the spell's or the permanent's record of the bestow cost is then removed)."""
    # Asked for every definition looked up: the zone is read last (an Enum's members and values are slow
    # to reach), and most objects have no stack information and no choices.
    stack = obj.stack
    if stack is not None and obj.zone is Zones.STACK:
        return stack.alt == "bestow" and not obj.is_ability
    chosen = obj.chosen
    return bool(chosen) and chosen.get("alt_cost") == "bestow" and obj.zone is Zones.BATTLEFIELD


_BESTOWED: dict[int, tuple[CardDef, CardDef]] = {}


def _bestowed_def(d: CardDef) -> CardDef:
    """702.103b: a bestowed Aura is an Aura enchantment with enchant creature, no longer a creature (its creature
    types go with the type, 205.3d)."""
    known = _BESTOWED.get(id(d))
    if known is None or known[0] is not d:
        bestow = next(k for k in d.keywords if k.name == "bestow")
        enchant = Keyword("enchant", "creature", target=bestow.target)
        aura = replace(d, types=("Enchantment",), subtypes=("Aura",), keywords=d.keywords + (enchant,),
                       power=None, toughness=None)
        known = _BESTOWED[id(d)] = (d, aura)        # holds d: its id stays its own
    return known[1]


def _variant(d: CardDef, sel: str) -> CardDef:
    """The face ("2"), level ("L3") or bestowed Aura ("B") of a definition a composite key names."""
    if sel == BESTOWED:
        return _bestowed_def(d)
    if sel.startswith("L"):
        return d.level_def(int(sel[1:]))[1]
    i = int(sel)
    return d.faces[i - 1] if 0 < i <= len(d.faces) else d


def def_key(obj: Any) -> str:
    """The key of the definition an object's copiable values come from now (707.2): its card's, or the
    face that is up (709.3b, 710.2, 712.8, 715.3b), at its level (711.2, 716.2a); a copy's (707.2)."""
    if obj.copy_of is not None:
        return _bestowed_key(obj, obj.copy_of)
    key = obj.name if not obj.face else face_key(obj.name, obj.face)
    if obj.token is None and not obj.is_ability:
        d = card_def(key)
        if d.levels:
            level = obj.counters.get("level", 0) if d.layout == "leveler" else max(obj.class_level, 1)
            lowest = d.level_def(level)[0]
            if lowest:
                key = f"{key}{FACE_SEP}L{lowest}"
    return _bestowed_key(obj, key)


def _bestowed_key(obj: Any, key: str) -> str:
    """The key as the object is bestowed or not now (702.103b-c: a copy of a bestowed Aura spell names the
    bestowed definition, and is one only until it ceases to be bestowed, 702.103e-f)."""
    suffix = FACE_SEP + BESTOWED
    if (obj.stack is not None or obj.chosen) and bestowed(obj):      # (neither: not bestowed)
        return key if key.endswith(suffix) else key + suffix
    return key[:-len(suffix)] if key.endswith(suffix) else key


def card_layout(obj: Any) -> str:
    """The layout of the card an object is (a token's is "token")."""
    return "token" if obj.token is not None else card_def(obj.name).layout


# Where each compiled activated ability comes from: (definition key, index). An ability a permanent
# has through an effect (a Blood-Mooned land's "{T}: Add {R}") is found by its own card's key.
_ABILITY_REFS: dict[int, tuple[str, int]] = {}
# Where each triggered ability granted in quotes comes from (`granted_def`): (definition key, index).
_GRANTED_REFS: dict[int, tuple[str, int]] = {}
GRANTED_PREFIX = "granted:"


# The keywords the definitions in use can grant (613.1f), by their text. A continuous effect in the
# state keeps a granted keyword as its text (the state is plain JSON); the layers find the compiled
# value here. The compiler makes every granted keyword one whose text reads back as itself, so a text
# stands for one value.
_GRANTABLE: dict[str, Keyword] = {}
# The restrictions on spending mana (106.6) of the definitions in use, by their text: a pool keeps
# restricted mana with the text (the state is plain JSON).
_SPEND_ONLY: dict[str, SpendOnly] = {}


def register_abilities(key: str, d: CardDef) -> None:
    for i, ab in enumerate(d.activated):
        _ABILITY_REFS.setdefault(id(ab), (key, i))
    for i, face in enumerate(d.faces, 1):
        if face is not d:
            register_abilities(face_key(key, i), face)
    for lowest, level in d.levels:
        register_abilities(f"{key}{FACE_SEP}L{lowest}", level)
    # The keyword values in its abilities are those its effects and static abilities grant (its own
    # keyword abilities are `CardDef.keywords`, not walked).
    for kw in instances_in((d.spell, d.activated, d.triggered, d.static), Keyword):
        if not kw.sparing:      # only an Aura's static ability grants that, carried compiled (702.16n)
            _GRANTABLE.setdefault(kw.text, kw)
    for r in instances_in((d.spell, d.activated, d.triggered, d.static), SpendOnly):
        _SPEND_ONLY.setdefault(r.text, r)


def granted_keyword(text: str) -> Keyword | None:
    """The compiled keyword a continuous effect grants by its text ("protection from red", 613.1f);
    None for a text no definition in use grants."""
    return _GRANTABLE.get(text)


def spend_restriction(text: str) -> SpendOnly | None:
    """What mana kept in a pool with this restriction's text may be spent on (106.6); None for a text no
    definition in use has."""
    return _SPEND_ONLY.get(text)


def activated_ref(ability: ActivatedAbility) -> tuple[str, int] | None:
    return _ABILITY_REFS.get(id(ability))


def granted_ref(ability: TriggeredAbility) -> tuple[str, int] | None:
    """Where a triggered ability a permanent has through an effect comes from: the key of the quoted
    text that grants it and its index there (`granted_def`); None for a card's own ability."""
    return _GRANTED_REFS.get(id(ability))


def granted_def(text: str) -> CardDef:
    """The abilities an effect grants in quotes ('Enchanted creature has "{T}: Draw a card."', 113.2,
    613.1f), compiled as the text of a card of their own: its activated and triggered abilities join
    those of each object the effect applies to (layer 6), and an ability of it put on the stack is
    found by its key (GRANTED_PREFIX + text). "~" in the text is the object that has the ability."""
    return _granted_def(text)


@lru_cache(maxsize=None)
def _granted_def(text: str) -> CardDef:
    key = GRANTED_PREFIX + text
    d = compile_record({"name": key, "text": text, "types": [], "manaCost": ""})
    register_abilities(key, d)
    for i, ab in enumerate(d.triggered):
        _GRANTED_REFS.setdefault(id(ab), (key, i))
    return d


# 730.2a: the copiable values of a merged permanent, by the keys of its components' own copiable values, topmost
# first (its `copy_of`, kept as plain JSON in the state).
MERGED_PREFIX = "merged:"


def merged_key(component_keys: list[str]) -> str:
    return MERGED_PREFIX + json.dumps(component_keys)


@lru_cache(maxsize=None)
def _merged_def(key: str) -> CardDef:
    """702.140e, 730.2a: a merged permanent has the characteristics of its topmost component and every ability of
    each component (their keywords, activated, triggered and static abilities, in order from the top)."""
    parts = [card_def(k) for k in json.loads(key[len(MERGED_PREFIX):])]
    top = parts[0]
    d = replace(top, keywords=tuple(k for p in parts for k in p.keywords),
                activated=tuple(a for p in parts for a in p.activated),
                triggered=tuple(t for p in parts for t in p.triggered),
                static=tuple(st for p in parts for st in p.static),
                hand_triggers=tuple(h for p in parts for h in p.hand_triggers),
                reminders=tuple(r for p in parts for r in p.reminders),
                text="\n".join(p.text for p in parts if p.text))
    register_abilities(key, d)
    return d


# 707.9: "a copy of ..., except ...": the copiable values of the copied object's definition with the exceptions, which
# become part of the copy's copiable values (707.9b). The key holds the copied definition's key and the exceptions:
# "pt" [power, toughness], "colors" (letters, instead of its colors), "creature_types" (instead of its creature types),
# "add_types" and "add_subtypes" (in addition to its other types), "keywords" (simple keywords it also has),
# "nonlegendary".
EXCEPT_PREFIX = "except:"
COPY_EXCEPTIONS = frozenset({"pt", "colors", "creature_types", "add_types", "add_subtypes", "keywords", "nonlegendary"})


def excepted_key(copied: str, exceptions: dict[str, Any]) -> str:
    return EXCEPT_PREFIX + json.dumps({"of": copied, **exceptions}, sort_keys=True)


@lru_cache(maxsize=None)
def _excepted_def(key: str) -> CardDef:
    spec = json.loads(key[len(EXCEPT_PREFIX):])
    d = card_def(spec["of"])
    if "pt" in spec:
        d = replace(d, power=str(spec["pt"][0]), toughness=str(spec["pt"][1]))
    if "colors" in spec:
        d = replace(d, colors=frozenset(spec["colors"]))
    if "creature_types" in spec:
        d = replace(d, subtypes=tuple(t for t in d.subtypes if t not in CREATURE_TYPES) + tuple(spec["creature_types"]))
    d = replace(d, types=d.types + tuple(t for t in spec.get("add_types", ()) if t not in d.types),
                subtypes=d.subtypes + tuple(t for t in spec.get("add_subtypes", ()) if t not in d.subtypes),
                keywords=d.keywords + tuple(Keyword(k) for k in spec.get("keywords", ())))
    if spec.get("nonlegendary"):
        d = replace(d, supertypes=tuple(t for t in d.supertypes if t != "Legendary"))
    register_abilities(key, d)
    return d


_default_pool: CardPool | None = None


def default_pool() -> CardPool:
    """The bundled starter pool."""
    global _default_pool
    if _default_pool is None:
        _default_pool = CardPool(load_card_file(STARTER_POOL_PATH))
    return _default_pool


def card_def(name: str) -> CardDef:
    if _default_pool is not None:
        # the common case, asked for every characteristic computed
        d = _default_pool._in_use.get(name) or _default_pool._defs.get(name)
        if d is not None:
            return d
    if name.startswith("token:"):
        # A copy of a token copies the token's characteristics (707.2): its definition key.
        return token_def(json.loads(name[6:]))
    if name.startswith(GRANTED_PREFIX):
        return granted_def(name[len(GRANTED_PREFIX):])
    if name.startswith(MERGED_PREFIX):
        return _merged_def(name)
    if name.startswith(EXCEPT_PREFIX):
        return _excepted_def(name)
    if name in DUNGEON_TEXT:
        return dungeon_def(name)
    if FACE_SEP in name:
        base, _, sel = name.rpartition(FACE_SEP)
        return _variant(card_def(base), sel)
    return default_pool().get(name)


@lru_cache(maxsize=None)
def dungeon_def(name: str) -> CardDef:
    """A dungeon card (309), compiled from its rooms: each room ability a triggered ability (309.4c)."""
    d = compile_record(dungeon_record(name))
    register_abilities(name, d)
    return d


# ---------------------------------------------------------------- tokens (111): their characteristics come
# from the effect that made them, not from a card


def token_spec(name: str, power: int | None, toughness: int | None, colors: str, types: str,
               abilities: list[str] | None = None) -> dict[str, Any]:
    """A JSON-able token description. `types` is a full type line ("Creature — Soldier")."""
    return {"name": name, "power": power, "toughness": toughness, "colors": colors, "types": types,
            "abilities": list(abilities or [])}


# 708.2a: the copiable values of a face-down permanent or spell (no effect here lists others): a 2/2 creature
# with no text, no name, no subtypes and no mana cost. A copy of it is such a creature, face up (707.2).
FACE_DOWN_KEY = "token:" + json.dumps(token_spec("", 2, 2, "", "Creature"), sort_keys=True)


def default_token_name(types: str) -> str:
    """111.4: a token with no name given is named for its subtypes plus the word "Token"."""
    if "—" in types:
        return types.split("—", 1)[1].strip() + " Token"
    return types.split()[-1] + " Token"


# 208.2: a printed power or toughness: a number, or a value a characteristic-defining ability sets ("*",
# "1+*", "*²"); "x" in a token spec: the X of the effect that makes it.
_PT_TEXT = re.compile(r"[+-]?\d+|[xX*?]|\d+[+-]\*|\*[+-]\d+|\*²")


def check_token_spec(spec: Any) -> None:
    """A token spec is what effects make (111.4): `token_spec`'s fields, or a name and the key of what a
    copy copies. Anything else (from a damaged save) is a ValueError, not a crash further on."""
    if not isinstance(spec, dict) or not isinstance(spec.get("name"), str):
        raise ValueError("a token spec must be an object with a name")
    copied = spec.get("copy_of") or spec.get("spell_copy")
    if copied is not None:
        if not isinstance(copied, str):
            raise ValueError("a token copy must name what it copies by its key")
        return
    abilities = spec.get("abilities", [])
    if not (isinstance(spec.get("types"), str) and isinstance(spec.get("colors", ""), str)
            and isinstance(abilities, (list, tuple)) and all(isinstance(a, str) for a in abilities)):
        raise ValueError("a token spec needs a type line, colors and abilities as text")
    for key in ("power", "toughness"):
        if not _pt_value(spec.get(key)):
            raise ValueError(f"a token's {key} {spec.get(key)!r} is no number (208.2)")
    if not set(spec.get("colors", "")) <= set("WUBRG"):
        raise ValueError(f"a token's colors {spec['colors']!r} are not letters of W, U, B, R, G (105.1)")


def _pt_value(v: Any) -> bool:
    """A token's power or toughness: none, a whole number or a printed value (never text read as 0)."""
    return v is None or (isinstance(v, int) and not isinstance(v, bool)) or (
        isinstance(v, str) and _PT_TEXT.fullmatch(v) is not None)


def token_def(spec: dict[str, Any]) -> CardDef:
    """The definition of a token from its spec; a token that is a copy (707.2: "create a token that's a
    copy of ...") or a resolved copy of a permanent spell (707.10f) has the copied object's definition,
    which its spec names by key."""
    check_token_spec(spec)
    copied = spec.get("copy_of") or spec.get("spell_copy")
    if copied:
        return card_def(copied)
    return _token_def(json.dumps(spec, sort_keys=True))


@lru_cache(maxsize=None)
def _token_def(key: str) -> CardDef:
    spec = json.loads(key)
    types_line = spec["types"]
    left, _, right = types_line.partition("—")
    words = left.split()
    supertypes = [w for w in words if w in ("Legendary", "Basic", "Snow", "World")]
    types = [w for w in words if w not in supertypes and w != "Token"]
    record = {
        "name": spec["name"], "manaCost": "", "colors": [c for c in "WUBRG" if c in spec["colors"]],
        "supertypes": supertypes, "types": types, "subtypes": right.split(), "type": types_line,
        "text": "\n".join(spec.get("abilities", [])),
        "power": None if spec.get("power") is None else str(spec["power"]),
        "toughness": None if spec.get("toughness") is None else str(spec["toughness"]),
    }
    d = compile_record(record)
    d = replace(d, is_token=True)
    register_abilities("token:" + key, d)
    return d
