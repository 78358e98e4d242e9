"""Characteristics of objects after continuous effects: the layer system (613) and 604.3 CDAs.

`characteristics(state, oid)` starts from the copiable values (the card definition, a token's
characteristics, or what a copy effect copies: 707.2) and applies continuous effects layer by layer
(613.1): copy, control, text, type, color, ability adding/removal, then power/toughness in sublayers
7a-7d (613.4), each layer in timestamp order (613.7). Results are cached in `state.cache` until the
next change that can alter them (`state.invalidate()`).

Ordinary positions are computed object by object. When effects in force can interact (613.8a: one could
change another's existence, what it applies to or what it does, or an effect removes abilities that
generate effects in later layers), every permanent is computed together, layer by layer (`_Pass`):
an effect from a static ability exists while its source still has the ability (unless it already
started to apply in an earlier layer, 613.6), and within a layer the order follows dependencies found
by trial application (613.8a-c).
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable

from engine.core.abilities import ActivatedAbility, Amount, Filter, Keyword, Ref, StaticAbility, TriggeredAbility
from engine.core.cards import bestowed, card_def, card_layout, CardDef, granted_def, granted_keyword, token_def, def_key
from engine.core.enums import PERMANENT_TYPES, Zone, Zones
from engine.core.mana import ManaCost
from engine.core.objects import KEYWORD_COUNTERS, GameObject
from engine.core.state import SELF_CHECKED, GameState
from engine.core.subtypes import ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES, LAND_TYPES, PLANESWALKER_TYPES

from engine.query import amounts  # amounts read characteristics, and static amounts are read here (604.3)

@dataclass(slots=True)
class Characteristics:
    name: str
    mana_cost: ManaCost
    colors: set[str]
    supertypes: set[str]
    types: set[str]
    subtypes: set[str]
    power: int | None
    toughness: int | None
    loyalty: int | None
    keywords: list[Keyword]
    activated: tuple[ActivatedAbility, ...]
    triggered: tuple[TriggeredAbility, ...]
    static: tuple[StaticAbility, ...]
    controller: int
    text: str
    definition: CardDef
    extra: dict[str, Any] = field(default_factory=dict)

    def has(self, keyword: str) -> bool:
        for k in self.keywords:     # a plain loop: asked very often, and any() over a generator is slower
            if k.name == keyword:
                return True
        return False

    def keyword(self, keyword: str) -> Keyword | None:
        for k in self.keywords:
            if k.name == keyword:
                return k
        return None

    def keyword_texts(self) -> list[str]:
        return [k.text for k in self.keywords]

    def is_type(self, t: str) -> bool:
        return t in self.types

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_permanent(self) -> bool:
        return any(t in self.types for t in PERMANENT_TYPES)

    @property
    def mana_value(self) -> int:
        # 712.8c/e, 712.8g: a back face's or melded permanent's mana value is not its own cost's.
        override = self.extra.get("mana_value", self.definition.mana_value_override)
        return self.mana_cost.mana_value if override is None else override

    @property
    def type_line(self) -> str:
        order = ["Legendary", "Basic", "Snow", "World"]
        sup = sorted(self.supertypes, key=lambda s: order.index(s) if s in order else 9)
        tord = ["Kindred", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle", "Creature",
                "Instant", "Sorcery"]
        typ = sorted(self.types, key=lambda s: tord.index(s) if s in tord else 9)
        left = " ".join(sup + typ)
        order = self.extra.get("subtype_order") or ()
        subs = [s for s in order if s in self.subtypes]
        if len(subs) < len(self.subtypes):
            subs += sorted(self.subtypes.difference(order))      # added by an effect (Urborg's Swamp)
        return f"{left} — {' '.join(subs)}" if subs else left


def definition_of(obj: GameObject) -> CardDef:
    """The card definition an object's copiable values start from (707.2)."""
    token = obj.token
    if token is None and obj.copy_of is None and not obj.face and not obj.is_ability:
        # The common case, asked for at every event: a card with its front face up, no copy effect, not bestowed.
        d = card_def(obj.name)
        # (an object with no stack information and no choices is not bestowed: `bestowed` not called then)
        if not d.levels and (obj.stack is None and not obj.chosen or not bestowed(obj)):
            return d
    if token is None and obj.is_ability and obj.stack is not None:
        token = obj.stack.source_token      # an ability of a token: its source is no card (111.4)
        if token is None and obj.stack.source_def:
            # The source's definition key (a token's, a face's or a card's): the ability object's
            # name may be a face's name, which names no card (a transformed card's trigger).
            return card_def(obj.stack.source_def)
    if token is not None and obj.copy_of is None:
        known = _TOKEN_DEFS.get(id(token))
        if known is not None and known[0] is token:
            return known[1]
        d = token_def(token)
        if len(_TOKEN_DEFS) > 4096:
            _TOKEN_DEFS.clear()                 # specs come and go with the tokens (AI search makes many)
        _TOKEN_DEFS[id(token)] = (token, d)     # holds the spec: its id isn't reused meanwhile
        return d
    return card_def(def_key(obj))


# Token definitions by token spec (specs are never changed once made).
_TOKEN_DEFS: dict[int, tuple[dict, CardDef]] = {}


def _base(obj: GameObject) -> Characteristics:
    d = definition_of(obj)
    if obj.face_down and obj.zone is Zones.COMMAND:
        # 315.5b: a face-down conspiracy has no characteristics
        return Characteristics("", ManaCost(()), set(), set(), set(), set(), None, None, None, [], (), (), (),
                               obj.base_controller, "", d)
    if obj.face_down:
        # 708.2: a face-down permanent is a 2/2 creature with no name, mana cost, color or abilities.
        return Characteristics("", ManaCost(()), set(), set(), {"Creature"}, set(), 2, 2, None, [], (), (),
                               (), obj.base_controller, "", d)
    names = {k.name for k in d.keywords}
    # 604.3, 613.3: characteristic-defining keywords apply first, in every zone: devoid 702.114a
    # (colorless), changeling 702.73a (every creature type), as "~ is every creature type" does.
    colors = set() if "devoid" in names else set(d.colors)
    every_type = "changeling" in names or any(st.kind == "every_creature_type" for st in d.static)
    subtypes = set(d.subtypes) | CREATURE_TYPES if every_type else set(d.subtypes)
    for st in d.static:
        if st.kind == "also_subtypes":
            subtypes |= set(st.params)      # "~ is also a Cleric, Rogue, Warrior, and Wizard" (604.3)
    return Characteristics(
        name=d.name, mana_cost=d.mana_cost, colors=colors, supertypes=set(d.supertypes),
        types=set(d.types), subtypes=subtypes, power=_pt(d.power), toughness=_pt(d.toughness),
        loyalty=int(d.loyalty) if d.loyalty and d.loyalty.isdigit() else None,
        keywords=list(d.keywords), activated=d.activated, triggered=d.triggered, static=d.static,
        controller=obj.base_controller, text=d.text, definition=d, extra=_extra(obj, d))


def _extra(obj: GameObject, d: CardDef) -> dict[str, Any]:
    extra: dict[str, Any] = {"subtype_order": list(d.subtypes)}
    melded = obj.chosen.get("melded") if obj.zone is Zones.BATTLEFIELD else None
    if melded:
        extra["mana_value"] = sum(c["mana_value"] for c in melded)     # 712.8g
    if _stack_x(obj) and d.mana_cost.x_count:
        # 202.3e: on the stack, each X in the mana cost is the number chosen for it
        extra["mana_value"] = d.mana_cost.mana_value + _stack_x(obj) * d.mana_cost.x_count
    return extra


def _pt(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return 0      # "*" and "1+*": the CDA sets the real value in layer 7a


# ---------------------------------------------------------------- applying effects

class AppliedEffect:
    """One continuous effect to apply: from a static ability or from state.effects. `only`: the ids of
    the only objects it can apply to, or None if any object can match (a filter). `static`: the static
    ability generating it (None for a resolved effect); `group`: the parts of one ability's effect in
    different layers share it (613.6), `later_part` if not its first. `removes`: it removes abilities
    (so it can end other effects); `reads_own`: an effect in its own layer could change what it applies
    to or what it does."""
    __slots__ = ("layer", "timestamp", "params", "applies_to", "source_id", "controller", "only", "static",
                 "group", "removes", "reads_own", "dynamic", "later_part")

    def __init__(self, layer: str, timestamp: int, params: dict[str, Any],
                 applies_to: Callable[[GameObject, Characteristics], bool], source_id: int | None,
                 controller: int, only: frozenset | None, static: StaticAbility | None = None,
                 flt: Filter | None = None, condition: bool = False) -> None:
        self.layer = layer
        self.timestamp = timestamp
        self.params = params
        self.applies_to = applies_to
        self.source_id = source_id
        self.controller = controller
        self.only = only
        self.static = static
        # one sentence's effect on the source and on a group ("~ and land creatures you control get +2/+2") is two
        # parts, each with the objects it applies to
        self.group = (source_id, static.text or id(static), static.affected.kind) if static is not None else None
        self.later_part = False     # a part of its ability's effect applied in an earlier layer (613.6)
        kind = params["kind"]
        self.removes = kind == "lose_abilities" or (kind == "set_types" and _sets_basic_land_type(params))
        # What it does is read from the game as it applies (an amount, not a number).
        p, t = params.get("power"), params.get("toughness")
        amounts = [a for a in (p, t) if a is not None and not isinstance(a, int)]
        self.dynamic = bool(amounts)
        reads = _FILTER_READS.get(layer[0])
        self.reads_own = (condition or (flt is not None and reads is not None and reads(flt))
                          or any(_amount_reads(a, layer) for a in amounts))


def _sets_basic_land_type(params: dict[str, Any]) -> bool:
    # 305.7: a land whose subtype is set to a basic land type loses its rules-text abilities.
    subtypes = params.get("subtypes")
    return "types" not in params and bool(subtypes) and set(subtypes) <= set(BASIC_MANA)


def _amount_reads(a: Any, layer: str) -> bool:
    """Whether an effect in this layer could change the amount (613.8a: what the effect does)."""
    kind = getattr(a, "kind", None)
    if kind == "count":
        reads = _FILTER_READS.get(layer[0])
        return a.filter is None or layer == "2" or (reads is not None and reads(a.filter))
    if kind in ("power_of", "toughness_of"):
        return layer[0] == "7"
    if kind == "cards_in_hand" and a.filter is not None:
        return True         # "white cards in your hand": an effect may change what the cards in a hand are (613.1)
    return kind not in ("const", "x", "twice_x", "chosen_number", "life_of", "cards_in_hand",
                        "card_types_in_graveyards", "damage_dealt", "counters_on")


# The characteristics each layer changes that a filter can read (613.8a: a change in what it applies to).
_FILTER_READS: dict[str, Callable[[Filter], bool]] = {
    "2": lambda f: f.controller is not None or f.modified,
    "4": lambda f: bool(f.types or f.all_types or f.not_types or f.subtypes or f.all_subtypes or f.not_subtypes
                        or f.supertypes or f.not_supertypes or f.permanent or f.basic_land
                        or f.chosen == "creature_type" or any(_FILTER_READS["4"](a) for a in f.any_of)),
    "5": lambda f: (bool(f.colors or f.not_colors) or f.colorless is not None or f.multicolored is not None
                    or f.chosen == "color" or any(_FILTER_READS["5"](a) for a in f.any_of)),
    "6": lambda f: f.keyword is not None or f.without_keyword is not None,
    "7": lambda f: (f.max_power is not None or f.min_power is not None or f.max_toughness is not None
                    or f.min_toughness is not None or f.lesser_power_than_source or f.greater_power_than_source
                    or f.toughness_over_power
                    or any(_FILTER_READS["7"](a) for a in f.any_of)),
}


# Conditions that read no characteristic an effect can change: whose turn it is, life, cards in hand,
# what happened this turn, counters, how a spell was cast.
_BLIND_CONDITIONS = frozenset({"your_turn", "not_your_turn", "extra_turn", "kicked", "kicked_with", "evoked", "life_at_most",
                               "life_at_least", "cards_in_hand_at_most", "hand_empty", "library_empty",
                               "source_tapped", "creature_died_this_turn", "spell_was_cast", "life_gained_this_turn",
                               "no_counters", "no_plus_one_counters", "life_lost_this_turn", "permanent_left_this_turn",
                               "cast_from"})


def _condition_reads(condition: Any, layer: str) -> bool:
    """Whether an effect in this layer could change whether an "as long as" condition holds (613.8a:
    it could change whether the effect exists). A condition about whose turn it is can't: Vibrating
    Sphere's two pumps need no dependency trial, which a battlefield of thousands of tokens makes
    expensive."""
    if condition is None:
        return False
    if condition.kind in _BLIND_CONDITIONS:
        return False
    reads = _FILTER_READS.get(layer[0])
    if condition.kind in ("you_control", "opponent_controls", "count_at_least") and condition.filter is not None \
            and condition.amount is None:
        # who controls what (layer 2), copies and text (1, 3) change anything; else only what the filter reads
        return layer in ("1", "2", "3") or (reads is not None and reads(condition.filter))
    return True


def _could_depend(a: AppliedEffect, b: AppliedEffect) -> bool:
    """Cheap test: could applying `b` change `a` (613.8a)? Only then is the trial made."""
    if a.static is not None and b.removes and (b.only is None or a.source_id in b.only):
        return True             # b may take away the ability generating a
    return a.reads_own


# Layer of each effect kind (613.1, 613.4).
LAYER_OF = {
    "copy": "1", "control": "2", "text": "3", "add_types": "4", "set_types": "4", "lose_types": "4",
    "set_colors": "5", "add_colors": "5", "grant": "6", "grant_abilities": "6", "lose_abilities": "6",
    "lose_keyword": "6", "cant_have_keyword": "6",
    "cda_pt": "7a", "set_pt": "7b", "set_pt_mana_value": "7b", "pump": "7c", "switch_pt": "7d",
}
# Static abilities that mark the affected object with a rule the engine reads elsewhere (combat
# restrictions and requirements, untapping, ...). They travel with abilities, so they apply in layer 6.
FLAG_KINDS = {"block_any_number", "must_attack", "must_block", "cant_be_blocked_by", "cant_block",
              "cant_attack", "cant_attack_or_block", "doesnt_untap", "cant_be_blocked", "extra_blocks",
              "blocked_only_by", "cant_be_countered", "skip_draw", "block_only", "cant_attack_unless", "cant_attack_if",
              "unblockable_if_defender_controls",
              "lure", "blocked_by_at_most_one", "cant_attack_block_activate", "no_combat_damage",
              "must_block_attacker", "must_be_blocked", "cant_attack_alone", "cant_block_alone",
              "cant_attack_or_block_alone", "cant_activate", "cant_block_activate", "cant_block_these",
              "attacks_as_though_haste", "activates_as_though_haste", "attacks_despite_defender", "cant_block_attacker",
              "damage_by_toughness",
              "fewest_blockers", "cant_activate_nonmana", "cant_attack_block_activate_nonmana",
              "cant_activate_tap", "cant_attack_block_activate_tap",
              "blockable_despite_landwalk", "cant_attack_you", "cant_be_targeted", "must_attack_or_block",
              "cant_attack_unless_more", "cant_block_unless_more", "untaps_during_others", "cant_attack_unless_defender",
              "goaded", "cant_crew", "cant_attack_block_crew", "attacks_only_with", "blocks_only_with",
              "blocks_while_tapped", "lure_by"}
# Restrictions that include others: "can't attack or block, and its activated abilities can't be activated"
# (Arrest; detain 701.35a) is also "can't attack", "can't block" and "can't be activated" (602.5).
FLAG_INCLUDES = {"cant_attack_or_block": ("cant_attack", "cant_block"),
                 "cant_attack_block_activate": ("cant_attack", "cant_block", "cant_activate"),
                 "cant_block_activate": ("cant_block", "cant_activate"),
                 "cant_attack_block_crew": ("cant_attack", "cant_block", "cant_crew"),
                 "cant_attack_block_activate_nonmana": ("cant_attack", "cant_block", "cant_activate_nonmana"),
                 "cant_attack_block_activate_tap": ("cant_attack", "cant_block", "cant_activate_tap"),
                 "cant_attack_or_block_alone": ("cant_attack_alone", "cant_block_alone"),
                 "must_attack_or_block": ("must_attack", "must_block"), "goaded": ("must_attack",)}
for _kind in FLAG_KINDS:
    LAYER_OF[_kind] = "6"
# "7e": a rule a FLAG_KINDS effect marks on the permanents of a group that its power or toughness decides ("Creatures
# you control with power 2 or less can't be blocked"): a rule-modifying effect, no layer's, applies to the objects as
# they finally are (611.3a), so after every power and toughness change (_flag_layer).
LAYER_ORDER = ["1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e"]


def _flag_layer(kind: str, flt: Filter | None) -> str | None:
    """The layer an effect of this kind applies in, with this filter for its group."""
    layer = LAYER_OF.get(kind)
    return "7e" if layer == "6" and kind in FLAG_KINDS and flt is not None and _FILTER_READS["7"](flt) else layer


class ReadWatch(threading.local):
    """Objects whose characteristics a caller wants to know were computed (engine.ai.lookahead: the hidden cards of a
    plain copy of the game while a simulation runs on it): `seen` is set at the first computation of one of `ids`.
    One per thread, so a game simulated on another thread neither sets nor clears this one's."""

    def __init__(self) -> None:
        self.ids: frozenset[int] | set[int] = frozenset()
        self.seen = False


READ_WATCH = ReadWatch()


def characteristics(state: GameState, oid: int) -> Characteristics:
    try:
        return state.cache["chars"][oid]
    except KeyError:
        return _characteristics(state, oid)


def face_characteristics(state: GameState, oid: int, face: int) -> Characteristics:
    """A card's characteristics with another of its faces up (`GameObject.face`): what a player
    evaluates to cast or play that face (709.3a, 712.11c, 715.3a)."""
    o = state.objects[oid]
    if o.face == face:
        return characteristics(state, oid)
    if oid in READ_WATCH.ids:
        READ_WATCH.seen = True
    o = o.copy()
    o.face = face
    return _compute(state, o)


def _characteristics(state: GameState, oid: int) -> Characteristics:
    cache = state.cache.get("chars")
    if cache is None:
        cache = state.cache["chars"] = {}
    if oid in READ_WATCH.ids:
        READ_WATCH.seen = True
    obj = state.objects[oid]
    if obj.zone is not Zones.BATTLEFIELD and obj.zone is not Zones.STACK:
        c = _OUTSIDE.get(_outside_key(obj))
    elif not _effects_for(state) or _untouched(state, obj):
        c = _PLAIN.get(_plain_key(obj))
    elif obj.zone is Zones.BATTLEFIELD and state.cache["effects_together"] and not obj.phased_out:
        _Pass(state, cache).run()
        return cache[oid]
    else:
        # (a phased-out permanent isn't in the pass over the battlefield, 702.26b: computed alone, to be shown)
        c = None
    if c is not None:
        cache[oid] = c
        return c
    busy = state.cache.setdefault("computing", set())
    if oid in busy:
        # An amount that counts the object being computed (Ethereal Armor counting itself): its
        # copiable values stand in (computed together, the permanent's values so far are read instead).
        return _base(state.objects[oid])
    busy.add(oid)
    try:
        c = _compute(state, state.objects[oid])
    finally:
        busy.discard(oid)
    cache[oid] = c
    return c


# Characteristics of cards outside the battlefield and stack without a CDA depend only on the card:
# shared by every state (callers never modify a Characteristics). Keyed by the definition itself: a
# name may stand for another record in another game (engine.core.cards.CardPool.use).
_OUTSIDE: dict[tuple, Characteristics] = {}
# The same for permanents and spells while no continuous effect is in force: without a CDA they
# depend only on the object's own values (card, controller, face down, +1/+1 and -1/-1 counters).
_PLAIN: dict[tuple, Characteristics] = {}


def _key_and_definition(obj: GameObject) -> tuple[str, CardDef]:
    """(def_key, definition_of) of an object, the key looked up once for a card (the common case)."""
    key = def_key(obj)
    return key, card_def(key) if obj.token is None and not obj.is_ability else definition_of(obj)


def _outside_key(obj: GameObject) -> tuple:
    key, d = _key_and_definition(obj)
    return (key, id(d), obj.controller, obj.face_down)


def _plain_key(obj: GameObject) -> tuple:
    net = counters_pt(obj.counters) if obj.counters else (0, 0)
    key, d = _key_and_definition(obj)
    return (key, id(d), obj.base_controller, obj.face_down, net, "melded" in obj.chosen, _stack_x(obj))


def _stack_x(obj: GameObject) -> int:
    """202.3e: the X chosen for a spell on the stack, which its mana value counts."""
    return obj.stack.x if obj.zone is Zones.STACK and obj.stack is not None and obj.stack.x else 0


def _has_cda(d: CardDef) -> bool:
    return any(st.kind == "cda_pt" for st in d.static)


def _compute(state: GameState, obj: GameObject) -> Characteristics:
    if obj.zone is not Zones.BATTLEFIELD and obj.zone is not Zones.STACK:
        key = _outside_key(obj)
        ch = _OUTSIDE.get(key)
        if ch is not None:
            return ch
        ch = _base(obj)
        if ch.static and any(st.kind == "cda_pt" for st in ch.static):
            _apply_cda(state, obj, ch)
            return ch
        _OUTSIDE[key] = ch
        return ch
    effects = _effects_for(state)
    if not effects or _untouched(state, obj):
        d = definition_of(obj)
        if obj.face_down or not _has_cda(d):
            key = _plain_key(obj)
            ch = _PLAIN.get(key)
            if ch is None:
                ch = _base(obj)
                _apply_counters(obj, ch)
                _PLAIN[key] = ch
            return ch
    ch = _base(obj)
    started: set[tuple] = set()        # the abilities whose effect applies to this object
    for layer in LAYER_ORDER:
        if layer == "7a":
            _apply_cda(state, obj, ch)
        if layer == "7c":
            _apply_counters(obj, ch)
        for e in effects.get(layer, ()):
            if e.later_part:
                if e.group not in started:
                    continue        # 613.6: applies only where its first part did
            elif not e.applies_to(obj, ch):
                continue
            elif e.group is not None:
                started.add(e.group)
            _APPLY[e.params["kind"]](state, obj, ch, e)
        if layer == "6":
            for e in _cant_have(effects):
                if e.applies_to(obj, ch):
                    _apply_lose_keyword(state, obj, ch, e)
    return ch


def _cant_have(effects: dict[str, list[AppliedEffect]]) -> list[AppliedEffect]:
    """ "Creatures your opponents control lose flying and can't have or gain flying": whatever the order of
    layer 6 (613.7, 613.8), no effect gives them that keyword back, so it is taken away again at the layer's end."""
    return [e for e in effects.get("6", ()) if e.params["kind"] == "cant_have_keyword"]


class _Pass:
    """Every permanent's characteristics computed together, layer by layer (613.1), with the
    dependency order within each layer (613.8). The values so far stand in the cache while the pass
    runs, so an amount or condition read meanwhile sees them."""
    __slots__ = ("state", "chs", "ids", "started")

    def __init__(self, state: GameState, cache: dict[int, Characteristics]) -> None:
        self.state = state
        self.chs = cache
        self.ids = list(state.battlefield)
        # 613.6: each ability's effect that started to apply, with the objects it applies to.
        self.started: dict[tuple, list[int]] = {}

    def run(self) -> None:
        state, chs, objs = self.state, self.chs, self.state.objects
        effects = _effects_for(state)
        for oid in self.ids:
            chs[oid] = _base(objs[oid])
        try:
            for layer in LAYER_ORDER:
                if layer == "7a":
                    for oid in self.ids:
                        _apply_cda(state, objs[oid], chs[oid])
                elif layer == "7c":
                    for oid in self.ids:
                        _apply_counters(objs[oid], chs[oid])
                lst = effects.get(layer)
                if lst:
                    self._apply_layer(lst)
                if layer == "6":
                    for e in _cant_have(effects):
                        if self._exists(e):
                            for oid in self._targets(e):
                                _apply_lose_keyword(state, objs[oid], self.chs[oid], e)
        except BaseException:
            for oid in self.ids:
                chs.pop(oid, None)
            raise

    def _exists(self, e: AppliedEffect) -> bool:
        """An effect from a static ability exists while its source has the ability (613.8a's
        "existence"), or once it started to apply in an earlier layer (613.6)."""
        if e.static is None or e.group in self.started:
            return True
        src = self.chs.get(e.source_id)
        if src is None and self.state.objects[e.source_id].zone is Zones.COMMAND:
            return True         # an emblem's: it has its abilities for the rest of the game (114.1, 114.4)
        return src is not None and any(st is e.static for st in src.static)

    def _targets(self, e: AppliedEffect) -> list[int]:
        locked = self.started.get(e.group) if e.group is not None else None
        if locked is not None:
            return locked       # 613.6: the same objects in each later layer
        objs, chs, only = self.state.objects, self.chs, e.only
        return [oid for oid in self.ids
                if (only is None or oid in only) and e.applies_to(objs[oid], chs[oid])]

    def _apply(self, e: AppliedEffect) -> None:
        if not self._exists(e):
            return
        targets = self._targets(e)
        if e.group is not None:
            self.started.setdefault(e.group, targets)
        fn, objs, chs = _APPLY[e.params["kind"]], self.state.objects, self.chs
        for oid in targets:
            fn(self.state, objs[oid], chs[oid], e)

    def _apply_layer(self, lst: list[AppliedEffect]) -> None:
        remaining = lst
        while remaining:
            remaining = [e for e in remaining if self._exists(e)]
            if len(remaining) < 2 or not any(_could_depend(a, b) for a in remaining for b in remaining
                                             if a is not b):
                for e in remaining:
                    self._apply(e)
                return
            # 613.8c: after each effect is applied, the order of the rest is worked out again.
            e = self._next(remaining)
            remaining = [x for x in remaining if x is not e]
            self._apply(e)

    def _next(self, remaining: list[AppliedEffect]) -> AppliedEffect:
        """The effect to apply next: the earliest (613.7) that depends on no effect still to apply,
        or only on effects that depend on it in turn (a loop, 613.8b)."""
        n = len(remaining)
        depends: list[set[int]] = [set() for _ in range(n)]
        before: dict[int, tuple | None] = {}
        for j, b in enumerate(remaining):
            watchers = [i for i, a in enumerate(remaining) if i != j and _could_depend(a, b)]
            if not watchers:
                continue
            for i in watchers:
                if i not in before:
                    before[i] = self._signature(remaining[i])
            saved = self._trial(b)
            try:
                for i in watchers:
                    if self._signature(remaining[i]) != before[i]:
                        depends[i].add(j)           # 613.8a
            finally:
                for oid, ch in saved:
                    self.chs[oid] = ch
        reach = [_reachable(depends, i) for i in range(n)]
        for i in range(n):
            if all(i in reach[j] for j in reach[i]):
                return remaining[i]
        return remaining[0]

    def _trial(self, b: AppliedEffect) -> list[tuple[int, Characteristics]]:
        """Apply `b` to copies of what it applies to (the originals are returned, to put back)."""
        if not self._exists(b):
            return []
        fn, objs, chs = _APPLY[b.params["kind"]], self.state.objects, self.chs
        saved = []
        for oid in self._targets(b):
            saved.append((oid, chs[oid]))
            chs[oid] = c = _copy(chs[oid])
            fn(self.state, objs[oid], c, b)
        return saved

    def _signature(self, a: AppliedEffect) -> tuple | None:
        """What 613.8a compares: whether the effect exists, what it applies to, what it does."""
        if not self._exists(a):
            return None
        targets = tuple(self._targets(a))
        return targets, (_amounts(self.state, a) if a.dynamic else None)


def _reachable(edges: list[set[int]], start: int) -> set[int]:
    seen: set[int] = set()
    todo = list(edges[start])
    while todo:
        i = todo.pop()
        if i not in seen:
            seen.add(i)
            todo.extend(edges[i])
    return seen


def _copy(ch: Characteristics) -> Characteristics:
    return Characteristics(
        ch.name, ch.mana_cost, set(ch.colors), set(ch.supertypes), set(ch.types), set(ch.subtypes), ch.power,
        ch.toughness, ch.loyalty, list(ch.keywords), ch.activated, ch.triggered, ch.static, ch.controller, ch.text,
        ch.definition, {k: (list(v) if isinstance(v, list) else v) for k, v in ch.extra.items()})


_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")
_PT_OF_KIND: dict[str, tuple[int, int]] = {}


def counters_pt(counters: dict[str, int]) -> tuple[int, int]:
    """What counters add to power and toughness (613.4c): each +1/+1, -1/-1, +1/+0, -0/-1 ... counter its values."""
    power = toughness = 0
    for kind, n in counters.items():
        pt = _PT_OF_KIND.get(kind)
        if pt is None:
            m = _PT_COUNTER.match(kind)
            pt = _PT_OF_KIND[kind] = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
        power += pt[0] * n
        toughness += pt[1] * n
    return power, toughness


def _apply_counters(obj: GameObject, ch: Characteristics) -> None:
    # 613.4c: counters that modify power and toughness do so in layer 7c.
    if ch.power is None or not obj.counters:
        return
    power, toughness = counters_pt(obj.counters)
    ch.power += power
    ch.toughness = (ch.toughness or 0) + toughness


def _apply_cda(state: GameState, obj: GameObject, ch: Characteristics) -> None:
    for st in ch.static:
        if st.kind == "cda_pt":
            if obj.zone is not Zones.BATTLEFIELD:
                # Off the battlefield no other derived value reads it: only its own cached characteristics are
                # forgotten on a change beyond the battlefield (changed_beyond_battlefield)
                state.cache[CDA_ELSEWHERE] = state.cache.get(CDA_ELSEWHERE, frozenset()) | {obj.id}
            # 604.3: "~'s power is equal to ..." defines the power only; the printed toughness stays (None).
            p, t = st.params
            if p is not None:
                ch.power = amounts.evaluate_amount_static(state, obj, p)
            if t is not None:
                ch.toughness = amounts.evaluate_amount_static(state, obj, t)


def reads_beyond_battlefield(state: GameState) -> bool:
    """Could a cached characteristic depend on more than the permanents and the continuous effects: on
    the cards in a hand, library or graveyard, the spells on the stack, life totals or whose turn it
    is? Only through a static ability on the battlefield that counts or has a condition (pump_dynamic,
    a 604.3 CDA, "as long as ..."), an effect with a counted amount (`_battlefield_reads_beyond`), or a CDA
    of a cached object off the battlefield (CDA_ELSEWHERE). If not, a move between two zones other than the
    battlefield changes only the moved object, which becomes a new object with a new id (400.7), and
    a new turn or the end of one changes nothing but what ends with it: the other cached values stay
    valid."""
    return _battlefield_reads_beyond(state) or bool(state.cache.get(CDA_ELSEWHERE))


def battlefield_reads_anything(state: GameState) -> bool:
    """Whether a permanent's characteristics could read anything beyond the permanents and the effects (the cards
    in a hand or a library among them), not only the graveyards' cards (`_battlefield_reads`)."""
    return _battlefield_reads(state) == _READS_ALL


def _battlefield_reads_beyond(state: GameState) -> bool:
    """Whether a static ability on the battlefield (or in a graveyard, 113.6b) or an effect could make a
    permanent's characteristics read more than the permanents and the effects: then every derived value may."""
    return bool(_battlefield_reads(state))


# What the permanents' characteristics can read beyond the permanents and the effects (`_battlefield_reads`): nothing,
# only the cards in the graveyards (Tarmogoyf's card types), or anything.
_READS_NOTHING, _READS_GRAVEYARDS, _READS_ALL = "", "graveyards", "all"
# Amounts that count the cards in graveyards and read nothing else beyond the battlefield (604.3).
_GRAVEYARD_AMOUNTS = frozenset({"card_types_in_graveyards"})


def _battlefield_reads(state: GameState) -> str:
    """Cached until `state.invalidate()`, which every change to the battlefield or to the effects makes."""
    known = state.cache.get("reads_zones")
    if known is None:
        known = state.cache["reads_zones"] = _read_beyond(state)
    return known


def _read_beyond(state: GameState) -> str:
    if state.effects and any(_effect_reads_more(e.params) for e in state.effects) or graveyard_statics(state):
        return _READS_ALL
    reads = _READS_NOTHING
    for oid in static_sources(state):
        for st in definition_of(state.objects[oid]).static:
            if _static_reads_more(st):
                if not _reads_graveyards_only(st):
                    return _READS_ALL
                reads = _READS_GRAVEYARDS
    return reads


def _reads_graveyards_only(st: StaticAbility) -> bool:
    """A characteristic-defining ability with no condition whose amounts count only the graveyards' cards."""
    return st.kind == "cda_pt" and st.condition is None and all(
        p is None or (isinstance(p, Amount) and (p.kind == "const" or p.kind in _GRAVEYARD_AMOUNTS)) for p in st.params)


# The objects off the battlefield (in a hand, library, graveyard, on the stack) whose cached characteristics a CDA
# computed (604.3: Tarmogoyf in a hand counts the graveyards): a frozenset, replaced, never changed in place.
CDA_ELSEWHERE = "cda_elsewhere"


def changed_beyond_battlefield(state: GameState, zones: tuple[Zone, ...] | None = None) -> None:
    """Something changed beyond the permanents and the effects (a card moved between two other zones, a turn began or
    ended, a life total changed): forget what could have read it. Everything if a permanent's characteristics could
    (`_battlefield_reads`: anything, or the graveyards' cards if `zones`, the zones whose contents changed, include
    a graveyard; None: unknown); else only the characteristics a CDA computed off the battlefield (no other derived
    value is made of an object's characteristics there)."""
    reads = _battlefield_reads(state)
    if reads == _READS_ALL or reads == _READS_GRAVEYARDS and (zones is None or Zones.GRAVEYARD in zones):
        state.invalidate()
    else:
        _forget_cda_elsewhere(state)


def _forget_cda_elsewhere(state: GameState) -> None:
    ids = state.cache.pop(CDA_ELSEWHERE, None)
    chars = state.cache.get("chars")
    if ids and chars:
        for oid in ids:
            chars.pop(oid, None)


def plain_characteristics(state: GameState) -> bool:
    """Whether every characteristic depends on its object's own values alone: no continuous effect in force (613.1:
    no static ability's, whatever its condition or its group, and no resolved spell's or ability's) and nothing that
    counts or has a condition (reads_beyond_battlefield: a characteristic-defining ability, 604.3). Then who attacks
    or blocks changes no characteristic, nor what is derived from them."""
    return not _effects_for(state) and not reads_beyond_battlefield(state)


GraveyardCards = list[tuple[list[int], list[CardDef]]]


def graveyard_derived(state: GameState, name: str, compute: Callable[[GraveyardCards], Any]) -> Any:
    """A value made of the cards in the graveyards alone (`compute` reads, for each player, the ids in their graveyard
    and the definitions of those cards: no object), kept while the graveyards hold the same cards: a card's
    definition doesn't change while it stays there, and one that leaves and comes back is a new object (400.7). It
    survives `state.invalidate` and a clone (SELF_CHECKED), which share it: it is replaced, never changed in place.
    Compared list to list (asked at every event and whenever the effects in force are gathered): the key is a copy
    of each graveyard made once; a graveyard that only grew keeps the definitions of the cards it had."""
    players = state.players
    hit = state.cache.get(SELF_CHECKED)
    if hit is None or not _same_graveyards(hit[0], players):
        graveyards = [p.graveyard for p in players]
        before = hit[1] if hit is not None and len(hit[1]) == len(graveyards) else None
        cards = [_graveyard_cards(state, g, before[i] if before is not None else None)
                 for i, g in enumerate(graveyards)]
        hit = ([ids for ids, _ in cards], cards, {})
    elif name in hit[2]:
        return hit[2][name]
    value = compute(hit[1])
    state.cache[SELF_CHECKED] = (hit[0], hit[1], {**hit[2], name: value})
    return value


def _same_graveyards(kept: list[list[int]], players: list) -> bool:
    # (each graveyard compared in place: asked at every event, and a list of them built each time cost more)
    if len(kept) != len(players):
        return False
    for ids, p in zip(kept, players):
        if ids != p.graveyard:
            return False
    return True


def graveyard_kept(state: GameState, name: str) -> Any:
    """The value `graveyard_derived` keeps under `name` while the graveyards hold the same cards; None if it has none
    (the first question of the askers at every event: a call to graveyard_derived costs more)."""
    hit = state.cache.get(SELF_CHECKED)
    return hit[2].get(name) if hit is not None and _same_graveyards(hit[0], state.players) else None


def _graveyard_cards(state: GameState, graveyard: list[int],
                     before: tuple[list[int], list[CardDef]] | None) -> tuple[list[int], list[CardDef]]:
    """(ids, definitions) of one graveyard's cards, those it had `before` (the same graveyard earlier, or in the
    state this one was cloned from, whose graveyard objects it shares) reused when it only grew."""
    if before is not None:
        ids, defs = before
        if graveyard == ids:
            return before
        n = len(ids)
        if len(graveyard) > n and graveyard[:n] == ids:
            return list(graveyard), defs + [definition_of(state.objects[oid]) for oid in graveyard[n:]]
    return list(graveyard), [definition_of(state.objects[oid]) for oid in graveyard]


def graveyard_statics(state: GameState) -> list[tuple[GameObject, tuple[StaticAbility, ...]]]:
    """The cards in graveyards with static abilities that work there (113.6b), each with those abilities. Their
    conditions read the battlefield, so while there is one the cached characteristics follow every change
    (reads_beyond_battlefield)."""
    found = graveyard_derived(state, "statics", _graveyard_statics)
    return [(state.objects[oid], statics) for oid, statics in found] if found else []


def _graveyard_statics(cards: GraveyardCards) -> list[tuple[int, tuple[StaticAbility, ...]]]:
    return [(oid, found) for ids, defs in cards for oid, d in zip(ids, defs) if (found := _from_graveyard(d))]


# A definition's static abilities that work from a graveyard, by id of the definition (held, so that its id stays its
# own): asked for each card in a graveyard whenever the effects in force are gathered.
_FROM_GRAVEYARD: dict[int, tuple[Any, tuple[StaticAbility, ...]]] = {}


def _from_graveyard(d: Any) -> tuple[StaticAbility, ...]:
    known = _FROM_GRAVEYARD.get(id(d))
    if known is None or known[0] is not d:
        if len(_FROM_GRAVEYARD) > 4096:
            _FROM_GRAVEYARD.clear()
        known = _FROM_GRAVEYARD[id(d)] = (d, tuple(st for st in d.static if st.from_graveyard))
    return known[1]


def working_from_command(state: GameState) -> list[int]:
    """The conspiracies face up in the command zone: their static and triggered abilities work there (113.6p,
    315.5), as the permanents' do on the battlefield."""
    return [oid for oid in state.command if not state.objects[oid].face_down
            and "Conspiracy" in definition_of(state.objects[oid]).types]


def static_sources(state: GameState) -> list[int]:
    """The objects whose static abilities apply: the permanents, and the face-up conspiracies (315.5)."""
    return state.battlefield + working_from_command(state) if state.command else state.battlefield


def changed_off_battlefield(state: GameState, *moved: GameObject, zones: tuple[Zone, ...] | None = None) -> None:
    """An object came, went or moved outside the battlefield (a spell cast, an ability put on the stack
    or gone, a card milled or discarded; `zones`: those whose contents changed, () for a life total, None if
    unknown): forget the derived values only if they could depend on it, or if the card `moved` has static
    abilities that work from a graveyard (113.6b)."""
    if moved and any(_from_graveyard(definition_of(o)) for o in moved):
        state.invalidate()
    else:
        changed_beyond_battlefield(state, zones)


# A filter on tapped permanents counts as reading more too: tapping and untapping keep cached values.

def changed_on_battlefield(state: GameState, left: GameObject | None, entered: GameObject | None,
                           touched_others: bool, zones: tuple[Zone, ...] | None = None) -> None:
    """A permanent left or entered the battlefield (a new object either way, 400.7). The other
    permanents' characteristics can change only through a static ability of the one that moved, one
    that counts or has a condition (`_battlefield_reads`: one counting only the graveyards' cards reads no
    move that leaves them alone; `zones`: the zones whose contents changed, None if unknown), or if leaving
    ended effects or unattached something (`touched_others`). Otherwise they stay cached, and only the values
    derived from the whole battlefield (state-based action facts, mana sources, ...) are forgotten."""
    moved = [definition_of(o) for o in (left, entered) if o is not None]
    reads = _battlefield_reads(state)
    if touched_others or reads == _READS_ALL or any(_changes_others(d) for d in moved) or \
            reads == _READS_GRAVEYARDS and (zones is None or Zones.GRAVEYARD in zones):
        state.invalidate()
        return
    # Kept too: what is built from the permanents' static abilities (neither moved one has any but a CDA, which
    # defines its own object's characteristics alone, 604.3), and the trigger watchers if neither moved one has a
    # triggered ability.
    cache = state.cache
    kept = {k: cache[k] for k in _KEPT_ON_MOVE if k in cache}
    if any(d.static for d in moved):
        kept.pop("reads_zones", None)       # a CDA reads beyond the battlefield
    if any(d.triggered for d in moved) or grants_triggered_abilities(state):
        kept.pop("watchers", None)
    if any(has_ascend(d) for d in moved):
        kept.pop("ascend", None)            # whether a permanent has ascend (engine.rules.ascend)
    if _effects_for(state) or any(k.name in _DAY_NIGHT for d in moved for k in d.keywords):
        kept.pop("no_day_night", None)      # that no permanent has daybound or nightbound (engine.rules.day_night)
    cache.clear()
    cache.update(kept)
    _forget_cda_elsewhere(state)        # a CDA off the battlefield may count permanents


def changed_counters(state: GameState, oid: int, kind: str) -> None:
    """Counters of `kind` were put on or removed from an object (122.1): its own characteristics may change (613.4c);
    another object's only through an effect in force (a condition, a filter, an amount), an ability that counts
    (`_battlefield_reads`), or a leveler's new level (711.2: its abilities). Without those only its own
    characteristics and the values made of the whole battlefield (state-based action facts ...) are forgotten, as
    when a permanent without static abilities enters. A keyword counter is an effect (122.1b, `_counter_effects`):
    everything is forgotten."""
    o = state.objects.get(oid)
    if o is None or kind in KEYWORD_COUNTERS or _effects_for(state) or _battlefield_reads(state) == _READS_ALL \
            or definition_of(o).levels:
        state.invalidate()
        return
    cache = state.cache
    kept = {k: cache[k] for k in _KEPT_ON_MOVE if k in cache}
    cache.clear()
    cache.update(kept)
    chars = cache.get("chars")
    if chars is not None:
        chars.pop(oid, None)
    _forget_cda_elsewhere(state)


def _changes_others(d: CardDef) -> bool:
    """Whether a definition has a static ability other than a characteristic-defining one (604.3)."""
    return any(st.kind != "cda_pt" for st in d.static)


_KEPT_ON_MOVE = ("chars", "effects", "effects_scope", "effects_together", "reads_zones", "watchers", "mana_sources",
                 SELF_CHECKED, CDA_ELSEWHERE, "ascend", "no_day_night")
_DAY_NIGHT = ("daybound", "nightbound")


# Whether a definition has ascend (702.131), by id of the definition (held, so that its id stays its own).
_HAS_ASCEND: dict[int, tuple[Any, bool]] = {}


def has_ascend(d: CardDef) -> bool:
    known = _HAS_ASCEND.get(id(d))
    if known is None or known[0] is not d:
        if len(_HAS_ASCEND) > 4096:
            _HAS_ASCEND.clear()     # token definitions come and go (AI search makes many)
        known = _HAS_ASCEND[id(d)] = (d, any(kw.name == "ascend" for kw in d.keywords))
    return known[1]


def grants_triggered_abilities(state: GameState) -> bool:
    """Whether an effect in force grants triggered abilities in quotes (613.1f): then a permanent may
    have triggered abilities its card hasn't."""
    return any(e.params["kind"] == "grant_abilities" and any(granted_def(t).triggered for t in e.params["texts"])
               for e in _effects_for(state).get("6", ()))


def _static_reads_more(st: StaticAbility) -> bool:
    flt = st.affected.filter
    return (st.kind in ("pump_dynamic", "cda_pt") or st.condition is not None
            or any(isinstance(p, Amount) and p.kind != "const" for p in st.params)
            or (flt is not None and flt.tapped is not None))


def _effect_reads_more(params: dict[str, Any]) -> bool:
    return (not isinstance(params.get("power", 0), int) or not isinstance(params.get("toughness", 0), int)
            or (params.get("filter") or {}).get("tapped") is not None)


def _effects_for(state: GameState) -> dict[str, list[AppliedEffect]]:
    """Every continuous effect now in force, grouped by layer, sorted by timestamp (613.7)."""
    cached = state.cache.get("effects")
    if cached is not None:
        return cached
    out: dict[str, list[AppliedEffect]] = {}
    with_statics = []
    for oid in static_sources(state):
        src = state.objects[oid]
        statics = definition_of(src).static
        if statics:
            with_statics.append((src, statics))
    for oid in state.command:
        src = state.objects[oid]
        if src.chosen.get("emblem") and definition_of(src).static:
            with_statics.append((src, definition_of(src).static))      # 114.4: an emblem's abilities work there
    with_statics.extend(graveyard_statics(state))       # 113.6b: only those abilities, and only there
    for src, statics in with_statics:
        if src.face_down or src.phased_out:
            continue
        for st in statics:
            if st.kind == "cda_pt" or (st.kind not in LAYER_OF and st.kind not in _STATIC_KINDS):
                continue        # CDAs apply in 7a from the object itself (604.3)
            if st.from_graveyard and src.zone is not Zones.GRAVEYARD:
                continue
            flt = st.affected.filter if st.affected.kind == "all" else None
            for params in _static_params(st):
                layer = _flag_layer(params["kind"], flt)
                if layer is None:
                    continue
                out.setdefault(layer, []).append(AppliedEffect(
                    layer, src.timestamp, params, _static_applies(state, src, st), src.id, src.controller,
                    _static_only(src, st, state), st, flt, _condition_reads(st.condition, layer)))
    for e in state.effects:
        flt = filter_from_json(e.params.get("filter")) if e.affected is None else None
        layer = _flag_layer(e.params["kind"], flt)
        if layer is None:
            continue
        out.setdefault(layer, []).append(AppliedEffect(
            layer, e.timestamp, e.params, _effect_applies(state, e), e.source_id, e.controller,
            frozenset(e.affected) if e.affected is not None else None, None, flt))
    objs = state.objects
    for oid in state.battlefield:
        counters = objs[oid].counters
        if counters and not KEYWORD_COUNTERS.isdisjoint(counters):
            out.setdefault("6", []).extend(_counter_effects(objs[oid]))
    anything = False
    ids: set = set()
    groups: set[tuple] = set()
    for layer in LAYER_ORDER:
        lst = out.get(layer)
        if not lst:
            continue
        lst.sort(key=lambda e: e.timestamp)
        for e in lst:
            if e.only is None:
                anything = True
            else:
                ids |= e.only
            if e.group is not None:
                e.later_part = e.group in groups
                groups.add(e.group)
    state.cache["effects"] = out
    state.cache["effects_scope"] = (anything, ids)
    state.cache["effects_together"] = _interacting(out)
    return out


# 122.1b: what a keyword counter's effect does, by the counter's kind.
_COUNTER_GRANTS = {kind: {"kind": "grant", "keywords": [Keyword(kind)]} for kind in KEYWORD_COUNTERS}


def _counter_effects(obj: GameObject) -> list[AppliedEffect]:
    """The keyword counters on a permanent as effects of layer 6 that give it their keyword (122.1b), one for each
    timestamp of its counters of a kind (613.7c). The stamps are the latest put on of the counters there now (as
    many as there are); counters it entered with have none and take the permanent's own timestamp."""
    oid = obj.id

    def applies_to(o: GameObject, ch: Characteristics) -> bool:
        return o.id == oid

    only = frozenset((oid,))
    out = []
    for kind, n in obj.counters.items():
        if kind not in KEYWORD_COUNTERS or n <= 0:
            continue
        stamps = obj.counter_stamps.get(kind, [])[-n:]
        times = set(stamps) if len(stamps) == n else {obj.timestamp, *stamps}
        out.extend(AppliedEffect("6", t, _COUNTER_GRANTS[kind], applies_to, None, obj.controller, only)
                   for t in sorted(times))
    return out


def _interacting(effects: dict[str, list[AppliedEffect]]) -> bool:
    """Whether the effects in force must be applied to all permanents together (see the module
    docstring): two effects in one layer where one could depend on the other (613.8a), or an effect
    that removes abilities from a permanent whose static abilities generate effects in that layer or
    a later one (those effects stop existing, 613.6 aside)."""
    if not any(e.removes or e.reads_own for lst in effects.values() for e in lst):
        return False            # no effect can change another (see _could_depend)
    removers: list[tuple[int, AppliedEffect]] = []
    for i, layer in enumerate(LAYER_ORDER):
        lst = effects.get(layer)
        if not lst:
            continue
        if len(lst) > 1 and any(_could_depend(a, b) for a in lst for b in lst if a is not b):
            return True
        removers.extend((i, e) for e in lst if e.removes)
    for i, b in removers:
        for layer in LAYER_ORDER[i + 1:]:
            for a in effects.get(layer, ()):
                if a.static is not None and (b.only is None or a.source_id in b.only):
                    return True
    return False


def _untouched(state: GameState, obj: GameObject) -> bool:
    """No continuous effect in force can apply to this object (each one names other objects)."""
    anything, ids = state.cache["effects_scope"]
    return not anything and obj.id not in ids


def _affects_player(state: GameState, src: GameObject, ref: Ref, player: int) -> bool:
    """Whether a static ability affecting players names this one: "you" (its controller), "each_opponent",
    "each_player", the player its source enchants ("enchanted", a Curse, 303.4), the controller of the permanent
    it is attached to ("attached_controller": "Enchanted creature's controller can't cast creature spells"), or the
    player chosen as it entered ("chosen_player": "The chosen player's maximum hand size is four")."""
    if ref.kind == "you":
        return src.controller == player
    if ref.kind == "each_opponent":
        return src.controller != player
    if ref.kind == "enchanted":
        return src.attached_to == f"P{player}"
    if ref.kind == "attached_controller":
        return isinstance(src.attached_to, int) and src.attached_to in state.objects \
            and state.objects[src.attached_to].controller == player
    if ref.kind == "chosen_player":
        return player in (src.chosen.get("player"), src.chosen.get("opponent"))     # chosen as it entered (614.12)
    return ref.kind == "each_player"


STATICS_BY_KIND = "statics_by_kind"
_NO_STATICS: list[tuple[int, StaticAbility]] = []


def statics_of_kind(state: GameState, kind: str) -> list[tuple[int, StaticAbility]]:
    """(permanent, static ability) of each static ability of this kind on the battlefield, in battlefield
    order: one scan of the battlefield for every kind at once, once per state (kept with the characteristics,
    which any change to the battlefield forgets, and by a clone; asked for each card in hand as the legal
    actions are listed, at each damage, for a dozen kinds a state). The lists are never changed."""
    found = state.cache.get(STATICS_BY_KIND)
    if found is None:
        found = {}
        for oid in static_sources(state):
            for st in characteristics(state, oid).static:
                found.setdefault(st.kind, []).append((oid, st))
        state.cache[STATICS_BY_KIND] = found
    return found.get(kind, _NO_STATICS)


def enters_tapped_by_others(state: GameState, oid: int) -> bool:
    """614.1c, 614.12: whether another permanent's static ability makes this one enter tapped ("Creatures your
    opponents control enter tapped"), judged by its characteristics as it enters. A permanent's own ability of
    that kind doesn't apply to itself: it works only once that permanent is on the battlefield."""
    obj = state.objects[oid]
    ch = characteristics(state, oid)
    return any(src != oid and st.affected.kind == "all"
               and matches_ch(state, obj, ch, st.affected.filter, state.objects[src].controller, src)
               and (st.condition is None or amounts.check_condition_static(state, state.objects[src], st.condition))
               for src, st in statics_of_kind(state, "enters_tapped"))


def player_statics_from(state: GameState, player: int, kind: str) -> list[tuple[GameObject, StaticAbility]]:
    """The static abilities of this kind on the battlefield that affect a player, their conditions met
    (611.3a), each with its source: "You have hexproof" (affected "you": its controller), "Each opponent's
    maximum hand size is reduced by seven" ("each_opponent"), "Each player can't cast more than one spell
    each turn" ("each_player")."""
    out = []
    for oid, st in statics_of_kind(state, kind):
        src = state.objects[oid]
        if _affects_player(state, src, st.affected, player) and (
                st.condition is None or amounts.check_condition_static(state, src, st.condition)):
            out.append((src, st))
    return out


def player_statics(state: GameState, player: int, kind: str) -> list[StaticAbility]:
    """The static abilities of player_statics_from, without their sources."""
    return [st for _, st in player_statics_from(state, player, kind)]


def has_control_effects(state: GameState) -> bool:
    """Whether a control-changing effect (layer 2) is in force."""
    return "2" in _effects_for(state)


_STATIC_KINDS = {"pump_grant", "pump_dynamic"}


def _static_params(st: StaticAbility) -> Iterable[dict[str, Any]]:
    """The layer effects a static ability generates, as params dicts."""
    if st.kind == "pump":
        yield {"kind": "pump", "power": st.params[0], "toughness": st.params[1]}
    elif st.kind == "grant":
        yield {"kind": "grant", "keywords": list(st.params)}
    elif st.kind == "pump_grant":
        yield {"kind": "pump", "power": st.params[0], "toughness": st.params[1]}
        yield {"kind": "grant", "keywords": list(st.params[2])}
    elif st.kind == "pump_dynamic":
        # "+1/+1 for each enchantment you control": Amounts evaluated as the layer applies.
        yield {"kind": "pump", "power": st.params[0], "toughness": st.params[1]}
    elif st.params and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in st.params):
        # Params given as (key, value) pairs, as a resolved effect's params ("subtypes", ...).
        yield {"kind": st.kind, **{k: (list(v) if isinstance(v, tuple) else v) for k, v in st.params}}
    else:
        yield {"kind": st.kind, **({"args": list(st.params)} if st.params else {})}


def paired_partner(state: GameState, obj: GameObject) -> int | None:
    """Soulbond (702.95): the creature this one is paired with. A pair lasts while both stay on the battlefield
    under one player's control (702.95e); each names the other in `chosen`, which a zone change clears (400.7)."""
    pid = obj.chosen.get("paired_with")
    other = state.objects.get(pid) if pid is not None else None
    if other is None or other.zone is not Zones.BATTLEFIELD or obj.zone is not Zones.BATTLEFIELD \
            or other.chosen.get("paired_with") != obj.id or other.controller != obj.controller:
        return None
    return pid


def _static_applies(state: GameState, src: GameObject, st: StaticAbility):
    ref = st.affected
    cond = st.condition

    def check_condition() -> bool:
        if cond is None:
            return True
        return amounts.check_condition_static(state, src, cond)

    if ref.kind == "self":
        return lambda obj, ch: obj.id == src.id and check_condition()
    if ref.kind in ("enchanted", "equipped", "attached"):
        return lambda obj, ch: obj.id == src.attached_to and check_condition()
    if ref.kind == "paired":
        # "As long as ~ is paired with another creature, both creatures have ..." (702.95)
        return lambda obj, ch: obj.id in (src.id, paired_partner(state, src)) and check_condition()
    if ref.kind == "all":
        flt = ref.filter
        return lambda obj, ch: (obj.zone is Zones.BATTLEFIELD and
                                matches_ch(state, obj, ch, flt, src.controller, src.id) and check_condition())
    return lambda obj, ch: False


def _static_only(src: GameObject, st: StaticAbility, state: GameState) -> frozenset | None:
    """The objects a static ability's effect can apply to (see _static_applies), None for any."""
    kind = st.affected.kind
    if kind == "paired":
        partner = paired_partner(state, src)
        return frozenset((src.id, partner)) if partner is not None else frozenset()
    if kind == "self":
        return frozenset((src.id,))
    if kind in ("enchanted", "equipped", "attached"):
        return frozenset((src.attached_to,)) if isinstance(src.attached_to, int) else frozenset()
    return None if kind == "all" else frozenset()


def _effect_applies(state: GameState, e):
    if e.affected is not None:
        affected = set(e.affected)
        # Objects named by id: permanents, or a spell on the stack (a copy's "except it is red").
        return lambda obj, ch: obj.id in affected and (obj.zone is Zones.BATTLEFIELD or obj.zone is Zones.STACK)
    flt = filter_from_json(e.params.get("filter"))
    # "creatures target player controls" (611.2c): the group as it is now, those that arrived later too
    player = e.params.get("of_player")
    excepted = e.params.get("except", ())
    return lambda obj, ch: obj.zone is Zones.BATTLEFIELD and (player is None or ch.controller == player) \
        and obj.id not in excepted and matches_ch(state, obj, ch, flt, e.controller, e.source_id)


_NESTED = ("any_of", "targeting", "attached_to")      # the filter's fields that hold filters


def filter_to_json(f: Filter) -> dict[str, Any]:
    """A filter as plain JSON, for a continuous effect's params (a save holds them): the fields it sets."""
    default = Filter()
    out: dict[str, Any] = {}
    for k in Filter.__dataclass_fields__:
        v = getattr(f, k)
        if v != getattr(default, k):
            out[k] = [filter_to_json(a) for a in v] if k in _NESTED else sorted(v) if isinstance(v, frozenset) else v
    return out


def filter_from_json(d: dict | None) -> Filter | None:
    if d is None:
        return None
    if isinstance(d, Filter):
        return d
    kw = {k: (frozenset(v) if isinstance(v, list) else v) for k, v in d.items() if k not in _NESTED}
    return Filter(**kw, **{k: tuple(filter_from_json(a) for a in d.get(k, ())) for k in _NESTED})


def _chosen_value(state: GameState, what: str, source_id: int | None) -> Any:
    src = state.objects.get(source_id) if source_id is not None else None
    return src.chosen.get(what) if src is not None else None


def _is_chosen(state: GameState, ch: Characteristics, what: str, source_id: int | None) -> bool:
    """ "of the chosen color / creature type": what the source's controller chose as it entered (614.12); "with the
    chosen name": one of the names chosen for the source's hidden or double agenda (702.106d, f)."""
    value = _chosen_value(state, what, source_id)
    if value is None:
        return False
    if what == "card_name":
        return ch.name in value
    return value in (ch.colors if what == "color" else ch.subtypes)


def _put_there_this_turn(state: GameState, obj: GameObject, came_from: str) -> bool:
    """ "that was put there from the battlefield (anywhere) this turn": a card in a graveyard that entered it this
    turn (as this object, 400.7), from that zone."""
    was = state.turn_log.get("put_into_graveyard", {}).get(str(obj.id))
    return obj.zone is Zones.GRAVEYARD and was is not None and came_from in ("anywhere", was)


def has_counter(counters: dict[str, int], kind: str, at_least: int = 1) -> bool:
    """ "with a +1/+1 counter on it" (kind "+1/+1"), "with a counter on it" (kind "any"), "with three or more level
    counters on it" (at_least 3; "any": counters of every kind together, 122.1)."""
    return (sum(counters.values()) if kind == "any" else counters.get(kind, 0)) >= at_least


def matches_ch(state: GameState, obj: GameObject, ch: Characteristics, flt: Filter | None,
               controller: int, source_id: int | None) -> bool:
    """Does an object with these (possibly partial) characteristics match the filter?"""
    if flt is None:
        return True
    if flt.types and not (flt.types & ch.types):
        return False
    if flt.all_types and not flt.all_types <= ch.types:
        return False
    if flt.not_types and (flt.not_types & ch.types):
        return False
    if flt.subtypes and not (flt.subtypes & ch.subtypes):
        return False
    if flt.all_subtypes and not flt.all_subtypes <= ch.subtypes:
        return False
    if flt.any_of and not any(matches_ch(state, obj, ch, a, controller, source_id) for a in flt.any_of):
        return False
    if flt.not_subtypes and (flt.not_subtypes & ch.subtypes):
        return False
    if flt.supertypes and not (flt.supertypes & ch.supertypes):
        return False
    if flt.not_supertypes and (flt.not_supertypes & ch.supertypes):
        return False
    if flt.colors and not (flt.colors & ch.colors):
        return False
    if flt.not_colors and (flt.not_colors & ch.colors):
        return False
    if flt.colorless is not None and flt.colorless != (not ch.colors):
        return False
    if flt.multicolored is not None and flt.multicolored != (len(ch.colors) > 1):
        return False
    if flt.controller == "you" and ch.controller != controller:
        return False
    if flt.controller == "opponent" and ch.controller == controller:
        return False
    if flt.controller == "defending" and (state.combat is None or ch.controller != state.combat.defender_of(source_id)):
        return False        # 802.2a: the player the source attacks ("creature defending player controls")
    if flt.controller == "enchanted_player" and (source_id not in state.objects
                                                 or state.objects[source_id].attached_to != f"P{ch.controller}"):
        return False        # 303.4: the player the source (a Curse) enchants
    if flt.owner == "you" and obj.owner != controller:
        return False
    if flt.owner == "opponent" and obj.owner == controller:
        return False
    if flt.owner == "defending" and (state.combat is None or obj.owner != state.combat.defender_of(source_id)):
        return False        # "target card from defending player's graveyard": the player the source attacks
    if flt.tapped is not None and obj.tapped != flt.tapped:
        return False
    if flt.token is not None and (obj.token is not None) != flt.token:
        return False
    if flt.face_down is not None and obj.face_down != flt.face_down:
        return False
    if flt.other and obj.id == source_id:
        return False
    if flt.name is not None and ch.name != flt.name:
        return False
    if flt.not_named_source and source_id in state.objects and ch.name == characteristics(state, source_id).name:
        return False
    if flt.keyword is not None and not ch.has(flt.keyword):
        return False
    if flt.without_keyword is not None and ch.has(flt.without_keyword):
        return False
    if flt.counter is not None and not has_counter(obj.counters, flt.counter, flt.min_counters):
        return False
    if flt.without_counter is not None and has_counter(obj.counters, flt.without_counter):
        return False
    if flt.max_mana_value is not None and ch.mana_value > flt.max_mana_value:
        return False
    if flt.min_mana_value is not None and ch.mana_value < flt.min_mana_value:
        return False
    if flt.max_power is not None and (ch.power is None or ch.power > flt.max_power):
        return False
    if flt.min_power is not None and (ch.power is None or ch.power < flt.min_power):
        return False
    if flt.max_toughness is not None and (ch.toughness is None or ch.toughness > flt.max_toughness):
        return False
    if flt.min_toughness is not None and (ch.toughness is None or ch.toughness < flt.min_toughness):
        return False
    if flt.toughness_over_power and (ch.power is None or ch.toughness is None or ch.toughness <= ch.power):
        return False
    if flt.lesser_power_than_source or flt.greater_power_than_source:
        src = characteristics(state, source_id) if source_id in state.objects else None
        if src is None or ch.power is None or src.power is None or (
                ch.power >= src.power if flt.lesser_power_than_source else ch.power <= src.power):
            return False
    if flt.permanent and not ch.is_permanent:
        return False
    if flt.basic_land and not ("Basic" in ch.supertypes and "Land" in ch.types):
        return False
    if flt.chosen and not _is_chosen(state, ch, flt.chosen, source_id):
        return False
    if flt.not_chosen and (_is_chosen(state, ch, flt.not_chosen, source_id)
                           or _chosen_value(state, flt.not_chosen, source_id) is None):
        return False
    if flt.attacking is not None or flt.blocking is not None or flt.attacking_or_blocking is not None:
        combat = state.combat
        attacking = combat is not None and obj.id in combat.attackers
        blocking = combat is not None and obj.id in combat.blockers
        if flt.attacking is not None and attacking != flt.attacking:
            return False
        if flt.blocking is not None and blocking != flt.blocking:
            return False
        if flt.attacking_or_blocking is not None and (attacking or blocking) != flt.attacking_or_blocking:
            return False
    if flt.attacking_you and not (state.combat is not None and state.combat.attackers.get(obj.id) == f"P{controller}"):
        return False            # it attacks the player, not a planeswalker they control (508.1b)
    if flt.blocking_source and not (state.combat is not None and source_id in state.combat.blockers.get(obj.id, ())):
        return False
    if flt.blocked_by_source and not (state.combat is not None and obj.id in state.combat.blockers.get(source_id, ())):
        return False
    if flt.banded_with_source and not (state.combat is not None and obj.id in state.combat.band_of(source_id)):
        return False
    if flt.dealt_damage_this_turn and str(obj.id) not in state.turn_log.get("damaged_objects", {}):
        return False
    if flt.dealt_damage_to_you and obj.id not in state.turn_log.get("damaged_by", {}).get(str(controller), ()):
        return False
    if flt.entered_this_turn and not any(oid == obj.id and (flt.entered_this_turn == "any" or who == controller)
                                         for who, oid in state.turn_log.get("entered", ())):
        return False
    if flt.attacked_this_turn is not None and (obj.id in state.turn_log.get("attacked_creatures", ())) \
            != flt.attacked_this_turn:
        return False
    if flt.blocked_this_turn and not _blocked_this_turn(state, obj.id):
        return False
    if flt.put_there_this_turn and not _put_there_this_turn(state, obj, flt.put_there_this_turn):
        return False
    if flt.blocked and not (state.combat is not None and state.combat.blocked.get(obj.id) is True):
        return False
    if flt.modified and not is_modified(state, obj):
        return False
    if flt.enchanted is not None and is_enchanted(state, obj) != flt.enchanted:
        return False
    if flt.adventure and card_layout(obj) != "adventure":
        return False
    if flt.single_target and not (obj.stack is not None and sum(len(g) for g in obj.stack.targets) == 1):
        return False
    if (flt.targeting or flt.targeting_refs) and not _targets_one_of(state, obj, flt.targeting, controller, source_id,
                                                                      flt.targeting_refs):
        return False
    if flt.attached_to and not _attached_to_one_of(state, obj, flt.attached_to, controller, source_id):
        return False
    if flt.unblocked is not None:
        combat = state.combat
        unblocked = combat is not None and combat.blockers_declared and combat.blocked.get(obj.id) is False
        if unblocked != flt.unblocked:
            return False
    return True


def _blocked_this_turn(state: GameState, oid: int) -> bool:
    """ "Creature that blocked this turn": declared as a blocker in a combat of this turn (509.1); of the creatures
    declared in combat this turn, those not declared as attackers (one player attacks in a turn, 506.2)."""
    return any(x == oid for _, x in state.turn_log.get("in_combat", ())) \
        and oid not in state.turn_log.get("attacked_creatures", ())


def _attached_to_one_of(state: GameState, obj: GameObject, filters: tuple[Filter, ...], controller: int,
                        source_id: int | None) -> bool:
    """ "Aura attached to a creature you control": the permanent it is attached to, as it is now, matches one of the
    filters (301.5, 303.4)."""
    host = state.objects.get(obj.attached_to) if isinstance(obj.attached_to, int) else None
    return host is not None and host.zone is Zones.BATTLEFIELD and any(
        matches_ch(state, host, characteristics(state, host.id), f, controller, source_id) for f in filters)


def _targets_one_of(state: GameState, obj: GameObject, filters: tuple[Filter, ...], controller: int,
                    source_id: int | None, refs: tuple[str, ...] = ()) -> bool:
    """115.9b: "a spell that targets <something>": one of the objects it targets, as it is now, still where a
    target of its kind is (a permanent on the battlefield, a card in its zone), matches one of the filters; or it
    targets the ability's source ("self" in `refs`) or its controller ("you")."""
    if obj.stack is None:
        return False
    for group in obj.stack.targets:
        if ("self" in refs and source_id in group) or ("you" in refs and f"P{controller}" in group):
            return True
        for t in group:
            o = state.objects.get(t) if isinstance(t, int) else None
            if o is not None and o.zone is Zones.BATTLEFIELD \
                    and any(matches_ch(state, o, characteristics(state, t), f, controller, source_id) for f in filters):
                return True
    return False


def _attached(state: GameState, obj: GameObject) -> Iterable[tuple[GameObject, tuple[str, ...]]]:
    """The permanents attached to it, with their cards' subtypes (their characteristics may be what is being
    computed)."""
    for oid in state.battlefield:
        o = state.objects[oid]
        if o.attached_to == obj.id:
            yield o, definition_of(o).subtypes


def is_enchanted(state: GameState, obj: GameObject) -> bool:
    """ "Creatures you control that are enchanted": an Aura is attached to it (303.4)."""
    return modified_and_enchanted(state, obj)[1]


def is_modified(state: GameState, obj: GameObject) -> bool:
    """700.9: it has a counter on it, is equipped, or is enchanted by an Aura its controller controls."""
    return bool(obj.counters) or modified_and_enchanted(state, obj)[0]


def modified_and_enchanted(state: GameState, obj: GameObject) -> tuple[bool, bool]:
    """(`is_modified`, `is_enchanted`), read in one pass over the battlefield (a permanent's last known information
    keeps both: every move of one asks)."""
    modified, enchanted = bool(obj.counters), False
    for o, subtypes in _attached(state, obj):
        if "Aura" in subtypes:
            enchanted = True
            modified = modified or o.controller == obj.controller
        if "Equipment" in subtypes:
            modified = True
    return modified, enchanted


# ---------------------------------------------------------------- per-kind application

def _apply_control(state, obj, ch, e):
    ch.controller = e.params.get("player", e.controller)


def _apply_add_types(state, obj, ch, e):
    ch.types |= set(e.params.get("types", []))
    subtypes = e.params.get("subtypes", ())
    if "chosen_subtype" in e.params:
        # "the chosen type": what the source's controller chose as it entered (614.12), none if it's gone
        src = state.objects.get(e.source_id) if e.source_id is not None else None
        chosen = src.chosen.get(e.params["chosen_subtype"]) if src is not None else None
        subtypes = (chosen,) if chosen else ()
    if "Land" in ch.types:
        # 305.7: a land gaining a basic land type gains its mana ability too (Urborg's Swamps tap for {B}).
        for t in subtypes:
            if t in BASIC_MANA and t not in ch.subtypes:
                ch.activated = ch.activated + card_def(BASIC_MANA[t]).activated
    ch.subtypes |= set(subtypes)
    ch.supertypes |= set(e.params.get("supertypes", []))


# Land types (205.3i) that a "lands are <basic land type>" effect replaces.
LAND_SUBTYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Desert", "Gate", "Lair",
                           "Locus", "Cave", "Sphere", "Town", "Urza's", "Mine", "Power-Plant", "Tower"})
BASIC_MANA = {"Plains": "Plains", "Island": "Island", "Swamp": "Swamp", "Mountain": "Mountain", "Forest": "Forest"}


def _apply_set_types(state, obj, ch, e):
    subtypes = e.params.get("subtypes", [])
    if "types" not in e.params and subtypes and set(subtypes) <= set(BASIC_MANA) and "Land" in ch.types:
        # 305.7: a land that becomes a basic land type loses its other land types and every ability
        # from its rules text, and has the intrinsic mana ability of the new type; its other
        # subtypes (an animated Mutavault's creature types) stay.
        ch.subtypes = (ch.subtypes - LAND_SUBTYPES) | set(subtypes)
        ch.extra["subtype_order"] = [x for x in ch.extra.get("subtype_order", []) if x not in LAND_SUBTYPES] + list(subtypes)
        ch.keywords = []
        ch.triggered = ()
        ch.static = ()
        ch.activated = tuple(ab for t in subtypes for ab in card_def(BASIC_MANA[t]).activated)
        return
    # 205.1a: setting a type line replaces all old types, or only the kinds named.
    if "types" in e.params:
        ch.types = set(e.params["types"])
    if subtypes:
        # 205.1a: new subtypes replace the old ones of the same kind only (Lignify's Treefolk replaces
        # creature types; an animated land keeps its land types).
        kinds = _subtype_kinds(subtypes)
        kept = {x for x in ch.subtypes if not any(x in k for k in kinds)}
        ch.extra["subtype_order"] = [x for x in ch.extra.get("subtype_order", ()) if x in kept] + list(subtypes)
        ch.subtypes = kept | set(subtypes)
    elif "subtypes" in e.params or e.params.get("replace_subtypes", True):
        ch.subtypes = set()
        ch.extra["subtype_order"] = []
    if "supertypes" in e.params:
        ch.supertypes = set(e.params["supertypes"])


def _subtype_kinds(subtypes: Iterable[str]) -> list[frozenset[str]]:
    """The sets of subtypes (creature types, land types, ...: 205.3) the given ones belong to."""
    kinds = (CREATURE_TYPES, LAND_TYPES, ARTIFACT_TYPES, ENCHANTMENT_TYPES, PLANESWALKER_TYPES)
    found = [k for k in kinds if any(t in k for t in subtypes)]
    if all(any(t in k for k in found) for t in subtypes):
        return found
    return list(kinds)      # a subtype of no known kind: every old subtype goes


# 205.1a: the subtypes that go with each card type
_SUBTYPES_OF = {"Artifact": ARTIFACT_TYPES, "Creature": CREATURE_TYPES, "Kindred": CREATURE_TYPES,
                "Enchantment": ENCHANTMENT_TYPES, "Land": LAND_TYPES, "Planeswalker": PLANESWALKER_TYPES}


def _apply_lose_types(state, obj, ch, e):
    removed = set(e.params.get("types", [])) & ch.types
    ch.types -= removed
    ch.subtypes -= set(e.params.get("subtypes", []))
    # 205.1a: a subtype of a card type removed goes too, unless it is one of a card type the object still has
    kept = set().union(*(_SUBTYPES_OF.get(t, ()) for t in ch.types))
    ch.subtypes -= {st for t in removed for st in _SUBTYPES_OF.get(t, ()) if st in ch.subtypes and st not in kept}


def _apply_set_colors(state, obj, ch, e):
    ch.colors = set(e.params.get("colors", []))


def _apply_add_colors(state, obj, ch, e):
    ch.colors |= set(e.params.get("colors", []))


def _apply_grant(state, obj, ch, e):
    # A static ability's effect carries the compiled keywords; a resolved effect in the state, their
    # text (its JSON), which names one compiled value (engine.core.cards.granted_keyword).
    for kw in e.params.get("keywords", []):
        if isinstance(kw, str):
            kw = granted_keyword(kw)
        if kw is not None and e.source_id is not None and (
                "the chosen " in kw.param or kw.param.endswith(" you control") or kw.sparing):
            # the choice, the "you" of the quality and the Aura spared are the granting source's (607.2, 614.12,
            # 702.16n)
            kw = replace(kw, chooser=e.source_id)
        if kw is not None and kw not in ch.keywords:
            ch.keywords.append(kw)


def _apply_grant_abilities(state, obj, ch, e):
    # Abilities granted in quotes (613.1f): each text's compiled activated and triggered abilities; a
    # keyword made of abilities ("extort") is granted with them, and the object has the keyword (702.1).
    for text in e.params["texts"]:
        d = granted_def(text)
        if e.source_id is not None:
            # the permanent granting each activated ability, by its index ("Sacrifice this Equipment": the
            # Equipment, engine.rules.activation.grantor_of)
            granted_by = ch.extra.setdefault("granted_by", {})
            for i in range(len(ch.activated), len(ch.activated) + len(d.activated)):
                granted_by[i] = e.source_id
        ch.activated = ch.activated + d.activated
        ch.triggered = ch.triggered + d.triggered
        ch.keywords.extend(kw for kw in d.keywords if kw not in ch.keywords)


def _apply_lose_abilities(state, obj, ch, e):
    ch.keywords = []
    ch.activated = ()
    ch.extra.pop("granted_by", None)
    ch.triggered = ()
    ch.static = ()


def _apply_lose_keyword(state, obj, ch, e):
    names = set(e.params.get("keywords", []))
    ch.keywords = [k for k in ch.keywords if k.text not in names and k.name not in names]


def _apply_cda_pt(state, obj, ch, e):
    ch.power, ch.toughness = e.params["power"], e.params["toughness"]


def _apply_set_pt(state, obj, ch, e):
    power, toughness = e.params["args"][:2] if "args" in e.params else (e.params["power"], e.params["toughness"])
    # "has base power 2 until end of turn" sets its power alone (613.4b): None keeps the other value
    if power is not None:
        ch.power = power
    if toughness is not None:
        ch.toughness = toughness


def _apply_set_pt_mana_value(state, obj, ch, e):
    # Opalescence: base power and toughness each equal to its mana value (613.4b).
    ch.power = ch.toughness = ch.mana_value


def _amounts(state: GameState, e: AppliedEffect) -> tuple[int, int]:
    """A P/T effect's amounts, read now from its source when they aren't numbers."""
    p, t = e.params["power"], e.params["toughness"]
    if not isinstance(p, int) and e.source_id in state.objects:
        src = state.objects[e.source_id]
        p, t = amounts.evaluate_amount_static(state, src, p), amounts.evaluate_amount_static(state, src, t)
    return p, t


def _apply_pump(state, obj, ch, e):
    if ch.power is None:
        return
    p, t = _amounts(state, e)
    ch.power += p
    ch.toughness = (ch.toughness or 0) + t


def _apply_switch_pt(state, obj, ch, e):
    if ch.power is not None:
        ch.power, ch.toughness = ch.toughness, ch.power


def _apply_flag(state, obj, ch, e):
    kind = e.params["kind"]
    args = e.params.get("args")
    if kind in ("cant_be_blocked_by", "blocked_only_by", "cant_block_these", "cant_attack_if",
                "unblockable_if_defender_controls", "cant_block_attacker", "blockable_despite_landwalk",
                "cant_attack_unless_more", "cant_block_unless_more", "cant_attack_unless_defender", "attacks_only_with",
                "blocks_only_with", "lure_by"):
        # a resolved effect keeps its filters as JSON (filter_to_json); "cant_attack_unless_defender": conditions
        ch.extra.setdefault(kind, []).extend(filter_from_json(a) if isinstance(a, dict) else a for a in args or [])
    elif kind == "cant_attack_you":
        # "can't attack you [or planeswalkers you control]": whom, by the ability's controller (508.1c)
        ch.extra.setdefault(kind, []).append((e.controller, bool(e.params.get("planeswalkers"))))
    elif kind == "goaded":
        # 701.15b-c: it attacks each combat, and attacks a player other than each player who goaded it, if able
        ch.extra.setdefault(kind, []).append(e.controller)
    elif kind == "cant_be_targeted":
        # "can't be the target of blue spells": which spells and abilities, by the ability's controller
        # (engine.query.targets.can_be_targeted_by)
        ch.extra.setdefault(kind, []).append((e.controller, e.params))
    elif kind == "extra_blocks":
        ch.extra[kind] = ch.extra.get(kind, 0) + (args[0] if args else 1)
    elif kind == "fewest_blockers":
        ch.extra[kind] = max(ch.extra.get(kind, 1), args[0])      # the strictest restriction holds (509.1b)
    else:
        ch.extra[kind] = args[0] if args else True
    for included in FLAG_INCLUDES.get(kind, ()):
        ch.extra[included] = True


_APPLY: dict[str, Callable[..., None]] = {
    "control": _apply_control, "add_types": _apply_add_types, "set_types": _apply_set_types,
    "lose_types": _apply_lose_types, "set_colors": _apply_set_colors, "add_colors": _apply_add_colors,
    "grant": _apply_grant, "grant_abilities": _apply_grant_abilities, "lose_abilities": _apply_lose_abilities,
    "lose_keyword": _apply_lose_keyword, "cant_have_keyword": _apply_lose_keyword,
    "cda_pt": _apply_cda_pt, "set_pt": _apply_set_pt, "set_pt_mana_value": _apply_set_pt_mana_value,
    "pump": _apply_pump, "switch_pt": _apply_switch_pt,
    "copy": lambda state, obj, ch, e: None, "text": lambda state, obj, ch, e: None,
    **{k: _apply_flag for k in FLAG_KINDS},
}
