"""Static abilities (604) of permanents: "Creatures you control get +1/+1", "Enchanted creature gets
+2/+0 and has trample", "~ can't block", "This land enters tapped", "Noncreature spells cost {1} more
to cast", characteristic-defining P/T (604.3), and the replacement effects of 614 written as statics.

Each sentence gives one or more StaticAbility values; `kind` names the effect (see the
StaticAbility docstring and the list in the package docstring)."""
from __future__ import annotations

import re
from dataclasses import replace

from engine.core.abilities import Amount, Condition, Effect, Filter, Keyword, Ref, SELF, StaticAbility, X
from engine.core.mana import ManaCost
from engine.oracle.becomes import parse_becomes
from engine.oracle.costs_text import parse_mana_cost
from engine.oracle.grammar import Context, Grammar
from engine.oracle.amounts import parse_count, parse_equal_to, parse_number_of, with_where_x
from engine.oracle.phrases import (CARD_TYPES, LAND_TYPES_LOWER, creature_type, object_filter, parse_desc, parse_pt,
                                   singular, subtype_of)
from engine.core.subtypes import LAND_TYPES
from engine.oracle.text import number
from engine.oracle.conditions import parse_condition, self_condition
from engine.oracle.verbs import counter_kind, granted_keywords, parse_effects


def _affected(ctx: Context, text: str) -> Ref | None:
    """Who a static ability affects: "~", "enchanted creature", "creatures you control",
    "other Elf creatures", "each creature you control", "white creatures"."""
    t = text.strip()
    if t == "~":
        return SELF
    m = re.match(r"^(enchanted|equipped) (creature|permanent|land|artifact)$", t) or (
        re.match(r"^(enchanted) (\w+)$", t) if t[10:] in LAND_TYPES_LOWER else None)
    if m:
        ctx.last = (Ref(m.group(1)),)      # "for each Aura attached to it": the enchanted or equipped object
        return Ref(m.group(1))
    m = re.match(r"^(?:each|all) (.+)$", t)
    if m:
        t = m.group(1)
    d = parse_desc(t)
    if d is None or d.nouns & {"player", "opponent", "card"}:
        return None
    return Ref("all", filter=object_filter(d))


def _blockers(ctx: Context, text: str) -> Filter | None:
    d = parse_desc(re.sub(r"^(?:a|an|another) ", "", text))
    if d is None:
        return None
    return object_filter(d)


def _replacement_effects(ctx: Context, text: str):
    ctx.last = (Ref("event"),)
    return parse_effects(ctx, text)


def _cards_of(ctx: Context, text: str) -> Filter | None:
    """ "a card", "a card or token", "a nontoken creature an opponent controls"."""
    if text in ("a card", "a card or token"):
        return Filter()
    return None


def _spells(ctx: Context, text: str) -> Filter | None:
    """ "noncreature spells", "artifact spells you cast", "spells your opponents cast" (601.2f)."""
    m = re.match(r"^(.+?) (you|your opponents) cast$", text)
    if m:
        f = _spells(ctx, m.group(1))
        return None if f is None or f.controller else replace(f, controller="you" if m.group(2) == "you" else "opponent")
    d = parse_desc(text)
    if d is None or d.nouns != {"spell"}:
        return None
    return d.filter


_RESTRICTIONS = {
    "can't block": "cant_block", "can't attack": "cant_attack", "can't attack or block": "cant_attack_or_block",
    "can't be blocked": "cant_be_blocked", "attacks each combat if able": "must_attack",
    "blocks each combat if able": "must_block", "can block any number of creatures": "block_any_number",
    "can block an additional creature each combat": "extra_blocks",
    "can't attack or block, and its activated abilities can't be activated": "cant_attack_block_activate",
    "doesn't untap during its controller's untap step": "doesnt_untap",
    "doesn't untap during your untap step": "doesnt_untap",
    "can't be countered": "cant_be_countered",
    "enters tapped": "enters_tapped",
    "can't be blocked by more than one creature": "blocked_by_at_most_one",
}


_GRAVEYARD_OWNER = {"a": "any", "an opponent's": "opponent", "your": "you"}

S = Grammar({
    "aff": _affected, "pt": parse_pt, "kw": granted_keywords, "each": parse_number_of, "spells": _spells, "blk": _blockers,
    "desc": _blockers, "eq": parse_equal_to, "whose": _cards_of, "effects": _replacement_effects,
    "becomes": lambda ctx, t: parse_becomes(t), "restr": lambda ctx, t: _RESTRICTIONS.get(t),
    "cost": lambda ctx, t: parse_mana_cost(t), "cond": lambda ctx, t: parse_condition(t),
    "selfcond": lambda ctx, t: self_condition(t), "selfstate": lambda ctx, t: parse_condition("~ " + t),
    "num": lambda ctx, t: number(t), "count": parse_count, "factor": lambda ctx, t: {"double": 2, "triple": 3}.get(t),
    "sources": lambda ctx, t: {"you control": "you"}.get(t), "ckind": counter_kind,
    "gy": lambda ctx, t: _GRAVEYARD_OWNER.get(t),
})


@S.rule("{a:aff} get[s] {pt:pt}")
def _pump(ctx: Context, a: Ref, pt: tuple[Amount, Amount]) -> tuple[StaticAbility, ...] | None:
    if pt[0].kind != "const" or pt[1].kind != "const":
        # "gets -X/-0, where X is ...": counted as the layer applies (613.4c); a bare X means nothing here.
        return (StaticAbility("pump_dynamic", a, pt),) if "x" in ctx.flags else None
    return (StaticAbility("pump", a, (pt[0].value, pt[1].value)),)


@S.rule("{a:aff} get[s] {pt:pt} and (has|have) {kw:kw}")
def _pump_grant(ctx: Context, a: Ref, pt: tuple[Amount, Amount], kw: tuple[Keyword,
                ...]) -> tuple[StaticAbility, ...] | None:
    if pt[0].kind != "const" or pt[1].kind != "const":
        return None
    return (StaticAbility("pump_grant", a, (pt[0].value, pt[1].value, kw)),)


@S.rule("{a:aff} get[s] {pt:pt} for each {n:each}")
def _pump_count(ctx: Context, a: Ref, pt: tuple[Amount, Amount], n: Amount) -> tuple[StaticAbility, ...] | None:
    p, t = pt
    if p.kind != "const" or t.kind != "const":
        return None
    return (StaticAbility("pump_dynamic", a, (replace(n, multiplier=p.value), replace(n, multiplier=t.value))),)


@S.rule("{a:aff} get[s] {pt:pt} for each {n:each} and (has|have) {kw:kw}")
def _pump_count_grant(ctx: Context, a: Ref, pt: tuple[Amount, Amount], n: Amount, kw: tuple[Keyword,
                      ...]) -> tuple[StaticAbility, ...] | None:
    return _pump_count(ctx, a, pt, n) + (StaticAbility("grant", a, kw),)


@S.rule("{a:aff} (has|have) {kw:kw}")
def _grant(ctx: Context, a: Ref, kw: tuple[Keyword, ...]) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("grant", a, kw),)


@S.rule("{a:aff} {r:restr}")
def _restricted(ctx: Context, a: Ref, r: str) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility(r, a),)


@S.rule("all creatures able to block {a:aff} do so")
def _lure(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 509.1c: a blocking requirement on every creature able to block it (engine.rules.combat)
    return (StaticAbility("lure", a),)


@S.rule("{a:aff} can block only {b:blk}")
def _block_only(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: a restriction on which attackers it may block
    return (StaticAbility("block_only", a, (b,)),)


@S.rule("{a:aff} can't attack unless defending player controls {b:blk}")
def _attack_unless(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 508.1c: a restriction checked against the player it would attack
    return (StaticAbility("cant_attack_unless", a, (b,)),)


def _as_enters_choose(what: str):
    def build(ctx: Context) -> tuple[StaticAbility, ...] | None:
        # 614.12: a replacement effect: the choice is made as it enters (engine.effects.entering)
        return (StaticAbility("as_enters_choose_value", SELF, (("what", what),)),)
    return build


for _words, _what in (("a color", "color"), ("a creature type", "creature_type"), ("an opponent", "opponent"),
                      ("a player", "player")):
    S.rule(f"as ~ enters, choose {_words}")(_as_enters_choose(_what))


def works_on_stack(line: str) -> tuple[StaticAbility, ...] | None:
    """An instant's or sorcery's own static ability that works on the stack (113.6g): "This spell
    can't be countered"."""
    if line.strip().rstrip(".").lower() == "~ can't be countered":
        return (StaticAbility("cant_be_countered", SELF, text=line.strip()),)
    return None


@S.rule("{a:aff} can't be blocked by {b:blk}")
def _cant_be_blocked_by(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cant_be_blocked_by", a, (b,)),)


@S.rule("{s:spells} cost {c:cost} more to cast")
def _cost_more(ctx: Context, s: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cost_increase", Ref("all", filter=s), (c,)),)


@S.rule("{s:spells} cost {c:cost} less to cast")
def _cost_less(ctx: Context, s: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cost_reduction", Ref("all", filter=s), (c,)),)


@S.rule("you control {a:aff}")
def _control(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("control", a),)


@S.rule("~'s power is equal to {p:eq}", "~'s power and toughness are each equal to {p:eq}")
def _cda(ctx: Context, p: Amount) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cda_pt", SELF, (p, p)),)


def _type_addition(ctx: Context, text: str) -> tuple | None:
    """ "is a Swamp in addition to its other land types" (Urborg), "are enchantments in addition to their
    other types" (Enchanted Evening): layer 4 params (205.1b: the old types stay)."""
    m = re.match(r"^(?:is|are) (?:an? )?([\w'-]+) in addition to (?:its|their) other (land )?types$", text)
    if not m:
        return None
    word = singular(m.group(1).lower())[0]
    if word in CARD_TYPES and not m.group(2):
        return (("types", (CARD_TYPES[word],)),)
    st = subtype_of(word)
    if st is None or (m.group(2) and st not in LAND_TYPES):
        return None
    return (("subtypes", (st,)),)


S.parsers["adds"] = _type_addition


@S.rule("{a:aff} {t:adds}")
def _adds_types(ctx: Context, a: Ref, t: tuple) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("add_types", a, t),)


@S.rule("{a:aff} {b:becomes}")
def _becomes(ctx: Context, a: Ref, b: list[tuple]) -> tuple[StaticAbility, ...] | None:
    # The "becomes" parts are an effect's params; a static "grant" carries its keywords alone (layers._static_params).
    return tuple(StaticAbility("grant", a, dict(p[1:])["keywords"]) if p[0][1] == "grant" else
                 StaticAbility(p[0][1], a, p[1:]) for p in b)


@S.rule("~'s power is equal to {p:eq} and its toughness is equal to that number plus {n:num}")
def _cda_plus(ctx: Context, p: Amount, n: int) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cda_pt", SELF, (p, replace(p, value=p.value + n))),)


@S.rule("you have no maximum hand size")
def _no_maximum_hand_size(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 402.2: an effect may say a player has no maximum hand size (read at cleanup, 514.1).
    return (StaticAbility("no_maximum_hand_size", Ref("you")),)


@S.rule("you may play an additional land on each of your turns")
def _additional_land(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 305.2a: an effect may allow a player to play additional lands (read by engine.rules.land_play).
    return (StaticAbility("additional_land_play", Ref("you")),)


@S.rule("~ enters with {n:num} {k:ckind} counter[s] on it")
def _enters_with_counters(ctx: Context, n: int, k: str) -> tuple[StaticAbility, ...] | None:
    # 614.1c: a replacement effect on how it enters.
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),)),)


@S.rule("if {c:cond}, (it|~) enters with {n:count} {k:ckind} counter[s] on it",
        "~ enters with {n:count} {k:ckind} counter[s] on it if {c:cond}")
def _enters_with_counters_if(ctx: Context, c: Condition, n: Amount, k: str) -> tuple[StaticAbility, ...] | None:
    # 614.1c with a condition checked as it enters ("If ~ was kicked", "if a creature died this turn").
    count = n.value if n.kind == "const" else n
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, count),)),), condition=c),)


@S.rule("~ enters tapped unless {c:cond}")
def _enters_tapped_unless(ctx: Context, c: Condition) -> tuple[StaticAbility, ...] | None:
    # 614.1c: checked as it enters; "unless" is the condition's negation.
    return (StaticAbility("enters_tapped", SELF, condition=replace(c, negate=not c.negate)),)


@S.rule("~ enters with {n:count} {k:ckind} counter[s] on it for each {e:each}")
def _enters_with_counters_for_each(ctx: Context, n: Amount, k: str, e: Amount) -> tuple[StaticAbility, ...] | None:
    # 107.3a: counted as it enters.
    if n.kind != "const":
        return None
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, replace(e, multiplier=n.value * e.multiplier)),)),)),)


@S.rule("~ enters tapped with {n:num} {k:ckind} counter[s] on it")
def _enters_tapped_with_counters(ctx: Context, n: int, k: str) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("enters_tapped", SELF), StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),)))


@S.rule("~ enters with x {k:ckind} counter[s] on it")
def _enters_with_x_counters(ctx: Context, k: str) -> tuple[StaticAbility, ...] | None:
    # 107.3m: X is the value paid as it was cast, or what a "where X is" phrase says, read as it enters.
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, ctx.flags.get("x", X)),)),)),)


@S.rule("you may have ~ enter as a copy of any {d:desc} on the battlefield")
def _clone(ctx: Context, d: tuple[Amount, Filter]) -> tuple[StaticAbility, ...] | None:
    # 707.9: a copy effect as it enters (a replacement effect, 614.1c); the engine asks.
    return (StaticAbility("enters_as_copy", SELF, (("filter", d), ("optional", True))),)


@S.rule("if ~ is in your opening hand, you may begin the game with it on the battlefield")
def _leyline(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("opening_hand_battlefield", SELF),)


@S.rule("if {w:whose} would be put into {g:gy} graveyard from anywhere, exile it instead")
def _graveyard_to_exile(ctx: Context, w: Filter, g: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a: a replacement effect; `whose` says which cards it watches.
    return (StaticAbility("graveyard_to_exile", Ref("all", filter=w), (("owner", g),)),)


@S.rule("if ~ would be put into a graveyard from anywhere, exile it instead")
def _exile_self_instead(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 614.1a; its own ability works wherever the card is (engine.board.replacement.graveyard_options)
    return (StaticAbility("graveyard_to_exile_self", SELF),)


@S.rule("if ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library instead")
def _reveal_shuffle_instead(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("graveyard_to_library_shuffle", SELF),)


@S.rule("if ~ would be put into a graveyard from anywhere, reveal it and shuffle it into its owner's library instead")
def _shuffle_instead(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("graveyard_to_library_shuffle", SELF),)


@S.rule("if a source {w:sources} would deal damage to a permanent or player, it deals {f:factor} that damage to "
        "that permanent or player instead",
        "if a source would deal damage to a permanent or player, it deals {f:factor} that damage to that permanent "
        "or player instead")
def _multiply_damage(ctx: Context, f: int, w: str = "any") -> tuple[StaticAbility, ...] | None:
    # 614.1a: Furnace of Rath (any source), Fiery Emancipation (sources you control, triple)
    return (StaticAbility("double_damage", params=(("factor", f), ("sources", w))),)


@S.rule("if {c:cond}, damage that would reduce your life total to less than {n:num} reduces it to {m:num} instead")
def _life_floor(ctx: Context, c: Condition, n: int, m: int) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("life_floor", params=(("floor", m),), condition=c),)


@S.rule("if {d:desc} would die, instead {e:effects}")
def _would_die(ctx: Context, d: tuple[Amount, Filter], e: tuple[Effect, ...]) -> tuple[StaticAbility, ...] | None:
    # 614.1a: the replacement's instructions; "that card" is the object that would die (Ref "event").
    return (StaticAbility("would_die_instead", Ref("all", filter=d), (("effects", e),)),)


@S.rule("you can't lose the game and your opponents can't win the game")
def _cant_lose(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cant_lose"), StaticAbility("opponents_cant_win"))


_VERB = r"(?:gets?|has|have|is|are|can't|attacks|blocks) "
_PREDICATE_SPLIT = re.compile(r",? and (?=" + _VERB + r")|, (?=(?:and )?" + _VERB + r")")


def _predicates(ctx: Context, text: str) -> list[tuple[str, tuple]] | None:
    """ "gets +2/+2, has first strike, and is a Knight in addition to its other types": each
    predicate as (static kind, params); a piece that isn't one predicate is tried as two joined by
    "and"."""
    out: list[tuple[str, tuple]] = []
    for piece in _PREDICATE_SPLIT.split(text):
        piece = re.sub(r"^and ", "", piece)
        one = _predicate(ctx, piece)
        if one is None:
            return None
        out.append(one)
    return out if len(out) > 1 else None


def _predicate(ctx: Context, text: str) -> tuple[str, tuple] | None:
    if text in ("has base power and base toughness each equal to its mana value",
                "have base power and base toughness each equal to their mana values"):
        return "set_pt_mana_value", ()
    m = re.match(r"^gets? (\S+)$", text)
    if m:
        pt = parse_pt(ctx, m.group(1))
        if pt is None or pt[0].kind != "const" or pt[1].kind != "const":
            return None
        return "pump", (pt[0].value, pt[1].value)
    m = re.match(r"^(?:has|have) (.+)$", text)
    if m:
        kw = granted_keywords(ctx, m.group(1))
        return ("grant", kw) if kw else None
    m = re.match(r"^(?:is|are) an? (\S+) in addition to (?:its|their) other types$", text)
    if m:
        if m.group(1) in CARD_TYPES:
            return "add_types", (("types", (CARD_TYPES[m.group(1)],)),)
        st = creature_type(m.group(1))
        return ("add_types", (("subtypes", (st,)),)) if st else None
    kind = _RESTRICTIONS.get(text)
    return (kind, ()) if kind else None


S.parsers["preds"] = _predicates
S.parsers["pred"] = lambda ctx, t: _predicates(ctx, t) or ([one] if (one := _predicate(ctx, t)) else None)
S.parsers["static"] = lambda ctx, t: parse_static(ctx, t)


@S.rule("{a:aff} {p:preds}")
def _predicate_list(ctx: Context, a: Ref, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    return tuple(StaticAbility(kind, a, params) for kind, params in p)


@S.rule("as long as ~ is paired with another creature, both creatures {p:pred}",
        "as long as ~ is paired with another creature, each of those creatures {p:pred}")
def _paired(ctx: Context, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    # Soulbond 702.95: the effect applies to both creatures of the pair while they are paired.
    return tuple(StaticAbility(kind, Ref("paired"), params, Condition("paired")) for kind, params in p)


@S.rule("as long as ~ {c:selfstate}, it {p:pred}")
def _as_long_as_it_is(ctx: Context, c: Condition, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    # 611.3a: "As long as ~ is monstrous, it has reach": "it" is the source the condition names.
    return tuple(StaticAbility(kind, SELF, params, c) for kind, params in p)


@S.rule("as long as {c:cond}, {rest:static}", "{rest:static} as long as {c:cond}")
def _as_long_as(ctx: Context, c: Condition, rest: tuple[StaticAbility, ...]) -> tuple[StaticAbility, ...] | None:
    # 611.3a: the effect applies only while the condition is true.
    return tuple(replace(st, condition=c) for st in rest)


@S.rule("{rest:static} as long as {c:selfcond}", "as long as {c:selfcond}, {rest:static}")
def _as_long_as_it(ctx: Context, c: Condition, rest: tuple[StaticAbility, ...]) -> tuple[StaticAbility, ...] | None:
    # "it" is the source only when what the ability changes is the source itself.
    if any(st.affected != SELF for st in rest):
        return None
    return tuple(replace(st, condition=c) for st in rest)


def parse_static(ctx: Context, sentence: str) -> tuple[StaticAbility, ...] | None:
    return with_where_x(ctx, sentence, S.parse)

