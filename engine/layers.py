"""Characteristics of objects after continuous effects: the layer system (613) and 604.3 CDAs.

`characteristics(state, oid)` starts from the copiable values (the card definition, a token's
characteristics, or what a copy effect copies: 707.2) and applies continuous effects layer by layer
(613.1): copy, control, text, type, color, ability adding/removal, then power/toughness in sublayers
7a-7d (613.4), each layer in timestamp order (613.7). Results are cached in `state.cache` until the
next change that can alter them (`state.invalidate()`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from engine.abilities import (ActivatedAbility, Filter, Keyword, Ref, StaticAbility, TriggeredAbility)
from engine.cards import CardDef, card_def
from engine.enums import PERMANENT_TYPES, Zone
from engine.mana import ManaCost
from engine.objects import GameObject
from engine.state import GameState


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
        return any(k.name == keyword for k in self.keywords)

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
        return self.mana_cost.mana_value

    @property
    def type_line(self) -> str:
        order = ["Legendary", "Basic", "Snow", "World"]
        sup = sorted(self.supertypes, key=lambda s: order.index(s) if s in order else 9)
        tord = ["Kindred", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle", "Creature",
                "Instant", "Sorcery"]
        typ = sorted(self.types, key=lambda s: tord.index(s) if s in tord else 9)
        left = " ".join(sup + typ)
        subs = self.extra.get("subtype_order") or sorted(self.subtypes)
        subs = [s for s in subs if s in self.subtypes]
        return f"{left} — {' '.join(subs)}" if subs else left


def definition_of(obj: GameObject) -> CardDef:
    """The card definition an object's copiable values start from (707.2)."""
    token = obj.token
    if token is not None and obj.copy_of is None:
        known = _TOKEN_DEFS.get(id(token))
        if known is not None and known[0] is token:
            return known[1]
        from engine.tokens import token_def
        d = token_def(token)
        if len(_TOKEN_DEFS) > 4096:
            _TOKEN_DEFS.clear()                 # specs come and go with the tokens (AI search makes many)
        _TOKEN_DEFS[id(token)] = (token, d)     # holds the spec: its id isn't reused meanwhile
        return d
    return card_def(obj.copy_of or obj.name)


# Token definitions by token spec (specs are never changed once made).
_TOKEN_DEFS: dict[int, tuple[dict, CardDef]] = {}


def _base(obj: GameObject) -> Characteristics:
    d = definition_of(obj)
    if obj.face_down:
        # 708.2: a face-down permanent is a 2/2 creature with no name, mana cost, color or abilities.
        return Characteristics("", ManaCost(()), set(), set(), {"Creature"}, set(), 2, 2, None, [], (), (),
                               (), obj.base_controller, "", d)
    return Characteristics(
        name=d.name, mana_cost=d.mana_cost, colors=set(d.colors), supertypes=set(d.supertypes),
        types=set(d.types), subtypes=set(d.subtypes), power=_pt(d.power), toughness=_pt(d.toughness),
        loyalty=int(d.loyalty) if d.loyalty and d.loyalty.isdigit() else None,
        keywords=list(d.keywords), activated=d.activated, triggered=d.triggered, static=d.static,
        controller=obj.base_controller, text=d.text, definition=d, extra={"subtype_order": list(d.subtypes)})


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
    the only objects it can apply to, or None if any object can match (a filter)."""
    __slots__ = ("layer", "timestamp", "params", "applies_to", "source_id", "controller", "only")

    def __init__(self, layer: str, timestamp: int, params: dict[str, Any],
                 applies_to: Callable[[GameObject, Characteristics], bool], source_id: int | None,
                 controller: int, only: frozenset | None) -> None:
        self.layer = layer
        self.timestamp = timestamp
        self.params = params
        self.applies_to = applies_to
        self.source_id = source_id
        self.controller = controller
        self.only = only


# Layer of each effect kind (613.1, 613.4).
LAYER_OF = {
    "copy": "1", "control": "2", "text": "3", "add_types": "4", "set_types": "4", "lose_types": "4",
    "set_colors": "5", "add_colors": "5", "grant": "6", "lose_abilities": "6", "lose_keyword": "6",
    "cda_pt": "7a", "set_pt": "7b", "set_pt_mana_value": "7b", "pump": "7c", "switch_pt": "7d",
}
# Static abilities that mark the affected object with a rule the engine reads elsewhere (combat
# restrictions and requirements, untapping, ...). They travel with abilities, so they apply in layer 6.
FLAG_KINDS = {"block_any_number", "must_attack", "must_block", "cant_be_blocked_by", "cant_block",
              "cant_attack", "cant_attack_or_block", "doesnt_untap", "cant_be_blocked", "extra_blocks",
              "blocked_only_by", "cant_be_countered", "skip_draw"}
for _kind in FLAG_KINDS:
    LAYER_OF[_kind] = "6"
LAYER_ORDER = ["1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]


def characteristics(state: GameState, oid: int) -> Characteristics:
    try:
        return state.cache["chars"][oid]
    except KeyError:
        return _characteristics(state, oid)


def _characteristics(state: GameState, oid: int) -> Characteristics:
    cache = state.cache.get("chars")
    if cache is None:
        cache = state.cache["chars"] = {}
    obj = state.objects[oid]
    if obj.zone is not Zone.BATTLEFIELD and obj.zone is not Zone.STACK:
        c = _OUTSIDE.get(_outside_key(obj))
    elif not _effects_for(state) or _untouched(state, obj):
        c = _PLAIN.get(_plain_key(obj))
    else:
        c = None
    if c is not None:
        cache[oid] = c
        return c
    busy = state.cache.setdefault("computing", set())
    if oid in busy:
        # An amount that counts the object being computed (Ethereal Armor counting itself): its
        # copiable values stand in, as layer dependencies (613.8) are not modelled.
        return _base(state.objects[oid])
    busy.add(oid)
    try:
        c = _compute(state, state.objects[oid])
    finally:
        busy.discard(oid)
    cache[oid] = c
    return c


# Characteristics of cards outside the battlefield and stack without a CDA depend only on the card:
# shared by every state (callers never modify a Characteristics).
_OUTSIDE: dict[tuple, Characteristics] = {}
# The same for permanents and spells while no continuous effect is in force: without a CDA they
# depend only on the object's own values (card, controller, face down, +1/+1 and -1/-1 counters).
_PLAIN: dict[tuple, Characteristics] = {}


def _outside_key(obj: GameObject) -> tuple:
    return (obj.copy_of or obj.name, obj.token is not None and id(definition_of(obj)), obj.controller, obj.face_down)


def _plain_key(obj: GameObject) -> tuple:
    counters = obj.counters
    net = counters.get("+1/+1", 0) - counters.get("-1/-1", 0) if counters else 0
    return (obj.copy_of or obj.name, obj.token is not None and id(definition_of(obj)), obj.base_controller,
            obj.face_down, net)


def _has_cda(d: CardDef) -> bool:
    return any(st.kind == "cda_pt" for st in d.static)


def _compute(state: GameState, obj: GameObject) -> Characteristics:
    if obj.zone is not Zone.BATTLEFIELD and obj.zone is not Zone.STACK:
        key = _outside_key(obj)
        ch = _OUTSIDE.get(key)
        if ch is not None:
            return ch
        ch = _base(obj)
        if any(st.kind == "cda_pt" for st in ch.static):
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
    for layer in LAYER_ORDER:
        if layer == "7a":
            _apply_cda(state, obj, ch)
        if layer == "7c":
            _apply_counters(obj, ch)
        for e in effects.get(layer, ()):
            if e.applies_to(obj, ch):
                _APPLY[e.params["kind"]](state, obj, ch, e)
    return ch


def _apply_counters(obj: GameObject, ch: Characteristics) -> None:
    # 613.4c: +1/+1 and -1/-1 counters modify power and toughness in layer 7c.
    if ch.power is None or not obj.counters:
        return
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    ch.power += plus
    ch.toughness = (ch.toughness or 0) + plus


def _apply_cda(state: GameState, obj: GameObject, ch: Characteristics) -> None:
    for st in ch.static:
        if st.kind == "cda_pt":
            from engine.effects import evaluate_amount_static
            p = evaluate_amount_static(state, obj, st.params[0])
            t = evaluate_amount_static(state, obj, st.params[1])
            ch.power, ch.toughness = p, t


def _effects_for(state: GameState) -> dict[str, list[AppliedEffect]]:
    """Every continuous effect now in force, grouped by layer, sorted by timestamp (613.7)."""
    cached = state.cache.get("effects")
    if cached is not None:
        return cached
    out: dict[str, list[AppliedEffect]] = {}
    with_statics = []
    for oid in state.battlefield:
        src = state.objects[oid]
        statics = definition_of(src).static
        if statics:
            with_statics.append((src, statics))
    silenced = _silenced(state, with_statics)
    for src, statics in with_statics:
        if src.face_down or src.phased_out:
            continue
        for st in statics:
            if st.kind == "cda_pt" or (st.kind not in LAYER_OF and st.kind not in _STATIC_KINDS):
                continue        # CDAs apply in 7a from the object itself (604.3)
            generated = list(_static_params(st))
            if src.id in silenced and not any(_before_layer_6(p) for p in generated):
                # Abilities are lost in layer 6 (613.1f): an effect the ability generates in layers 1-5
                # has applied by then and goes on applying in the later layers (613.6); others don't.
                continue
            for params in generated:
                layer = LAYER_OF.get(params["kind"])
                if layer is None:
                    continue
                out.setdefault(layer, []).append(AppliedEffect(
                    layer, src.timestamp, params, _static_applies(state, src, st), src.id, src.controller,
                    _static_only(src, st)))
    for e in state.effects:
        layer = LAYER_OF.get(e.params["kind"])
        if layer is None:
            continue
        out.setdefault(layer, []).append(AppliedEffect(
            layer, e.timestamp, e.params, _effect_applies(state, e), e.source_id, e.controller,
            frozenset(e.affected) if e.affected is not None else None))
    anything = False
    ids: set = set()
    for lst in out.values():
        lst.sort(key=lambda e: e.timestamp)
        for e in lst:
            if e.only is None:
                anything = True
            else:
                ids |= e.only
    state.cache["effects"] = out
    state.cache["effects_scope"] = (anything, ids)
    return out


def _before_layer_6(params: dict[str, Any]) -> bool:
    layer = LAYER_OF.get(params["kind"])
    return layer is not None and LAYER_ORDER.index(layer) < LAYER_ORDER.index("6")


def _untouched(state: GameState, obj: GameObject) -> bool:
    """No continuous effect in force can apply to this object (each one names other objects)."""
    anything, ids = state.cache["effects_scope"]
    return not anything and obj.id not in ids


def has_control_effects(state: GameState) -> bool:
    """Whether a control-changing effect (layer 2) is in force."""
    return "2" in _effects_for(state)


def _silenced(state: GameState, with_statics: list[tuple[GameObject, tuple[StaticAbility, ...]]]) -> set[int]:
    """Objects that lose all abilities through a resolved effect (so their statics don't apply).
    `with_statics`: the permanents whose card has static abilities, with them."""
    out: set[int] = set()
    for e in state.effects:
        if e.params["kind"] == "lose_abilities" and e.affected:
            for oid in state.battlefield:
                if oid in e.affected:
                    out.add(oid)
    # Static "lose all abilities" (Humble-style auras) are handled the same way.
    for src, statics in with_statics:
        for st in statics:
            if st.kind == "lose_abilities" and st.affected.kind in ("enchanted", "equipped"):
                if isinstance(src.attached_to, int):
                    out.add(src.attached_to)
    return out


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


def _static_applies(state: GameState, src: GameObject, st: StaticAbility):
    ref = st.affected
    cond = st.condition

    def check_condition() -> bool:
        if cond is None:
            return True
        from engine.effects import check_condition_static
        return check_condition_static(state, src, cond)

    if ref.kind == "self":
        return lambda obj, ch: obj.id == src.id and check_condition()
    if ref.kind in ("enchanted", "equipped", "attached"):
        return lambda obj, ch: obj.id == src.attached_to and check_condition()
    if ref.kind == "all":
        flt = ref.filter
        return lambda obj, ch: (obj.zone is Zone.BATTLEFIELD and
                                matches_ch(state, obj, ch, flt, src.controller, src.id) and check_condition())
    return lambda obj, ch: False


def _static_only(src: GameObject, st: StaticAbility) -> frozenset | None:
    """The objects a static ability's effect can apply to (see _static_applies), None for any."""
    kind = st.affected.kind
    if kind == "self":
        return frozenset((src.id,))
    if kind in ("enchanted", "equipped", "attached"):
        return frozenset((src.attached_to,)) if isinstance(src.attached_to, int) else frozenset()
    return None if kind == "all" else frozenset()


def _effect_applies(state: GameState, e):
    if e.affected is not None:
        affected = set(e.affected)
        return lambda obj, ch: obj.id in affected and obj.zone is Zone.BATTLEFIELD
    flt = _filter_from_json(e.params.get("filter"))
    return lambda obj, ch: obj.zone is Zone.BATTLEFIELD and matches_ch(state, obj, ch, flt, e.controller, None)


def _filter_from_json(d: dict | None) -> Filter | None:
    if d is None:
        return None
    kw = {k: (frozenset(v) if isinstance(v, list) else v) for k, v in d.items()}
    return Filter(**kw)


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
    if flt.owner == "you" and obj.owner != controller:
        return False
    if flt.owner == "opponent" and obj.owner == controller:
        return False
    if flt.tapped is not None and obj.tapped != flt.tapped:
        return False
    if flt.token is not None and (obj.token is not None) != flt.token:
        return False
    if flt.other and obj.id == source_id:
        return False
    if flt.name is not None and ch.name != flt.name:
        return False
    if flt.keyword is not None and not ch.has(flt.keyword):
        return False
    if flt.without_keyword is not None and ch.has(flt.without_keyword):
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
    if flt.permanent and not ch.is_permanent:
        return False
    if flt.basic_land and not ("Basic" in ch.supertypes and "Land" in ch.types):
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
    return True


# ---------------------------------------------------------------- per-kind application

def _apply_control(state, obj, ch, e):
    ch.controller = e.params.get("player", e.controller)


def _apply_add_types(state, obj, ch, e):
    ch.types |= set(e.params.get("types", []))
    ch.subtypes |= set(e.params.get("subtypes", []))
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
    if "subtypes" in e.params or e.params.get("replace_subtypes", True):
        ch.subtypes = set(e.params.get("subtypes", []))
        ch.extra["subtype_order"] = list(e.params.get("subtypes", []))
    if "supertypes" in e.params:
        ch.supertypes = set(e.params["supertypes"])


def _apply_lose_types(state, obj, ch, e):
    ch.types -= set(e.params.get("types", []))
    ch.subtypes -= set(e.params.get("subtypes", []))


def _apply_set_colors(state, obj, ch, e):
    ch.colors = set(e.params.get("colors", []))


def _apply_add_colors(state, obj, ch, e):
    ch.colors |= set(e.params.get("colors", []))


def _apply_grant(state, obj, ch, e):
    from engine.oracle import keyword_from_text
    for text in e.params.get("keywords", []):
        kw = keyword_from_text(text)
        if kw is not None and kw not in ch.keywords:
            ch.keywords.append(kw)


def _apply_lose_abilities(state, obj, ch, e):
    ch.keywords = []
    ch.activated = ()
    ch.triggered = ()
    ch.static = ()


def _apply_lose_keyword(state, obj, ch, e):
    names = set(e.params.get("keywords", []))
    ch.keywords = [k for k in ch.keywords if k.text not in names and k.name not in names]


def _apply_cda_pt(state, obj, ch, e):
    ch.power, ch.toughness = e.params["power"], e.params["toughness"]


def _apply_set_pt(state, obj, ch, e):
    if "args" in e.params:
        ch.power, ch.toughness = e.params["args"][0], e.params["args"][1]
    else:
        ch.power, ch.toughness = e.params["power"], e.params["toughness"]


def _apply_set_pt_mana_value(state, obj, ch, e):
    # Opalescence: base power and toughness each equal to its mana value (613.4b).
    ch.power = ch.toughness = ch.mana_value


def _apply_pump(state, obj, ch, e):
    if ch.power is None:
        return
    p, t = e.params["power"], e.params["toughness"]
    if not isinstance(p, int) and e.source_id in state.objects:
        from engine.effects import evaluate_amount_static
        src = state.objects[e.source_id]
        p, t = evaluate_amount_static(state, src, p), evaluate_amount_static(state, src, t)
    ch.power += p
    ch.toughness = (ch.toughness or 0) + t


def _apply_switch_pt(state, obj, ch, e):
    if ch.power is not None:
        ch.power, ch.toughness = ch.toughness, ch.power


def _apply_flag(state, obj, ch, e):
    kind = e.params["kind"]
    args = e.params.get("args")
    if kind in ("cant_be_blocked_by",):
        ch.extra.setdefault(kind, []).extend(args or [])
    elif kind == "extra_blocks":
        ch.extra[kind] = ch.extra.get(kind, 0) + (args[0] if args else 1)
    else:
        ch.extra[kind] = args[0] if args else True


_APPLY: dict[str, Callable[..., None]] = {
    "control": _apply_control, "add_types": _apply_add_types, "set_types": _apply_set_types,
    "lose_types": _apply_lose_types, "set_colors": _apply_set_colors, "add_colors": _apply_add_colors,
    "grant": _apply_grant, "lose_abilities": _apply_lose_abilities, "lose_keyword": _apply_lose_keyword,
    "cda_pt": _apply_cda_pt, "set_pt": _apply_set_pt, "set_pt_mana_value": _apply_set_pt_mana_value,
    "pump": _apply_pump, "switch_pt": _apply_switch_pt,
    "copy": lambda state, obj, ch, e: None, "text": lambda state, obj, ch, e: None,
    **{k: _apply_flag for k in FLAG_KINDS},
}
