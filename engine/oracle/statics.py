"""Static abilities (604) of permanents: "Creatures you control get +1/+1", "Enchanted creature gets
+2/+0 and has trample", "~ can't block", "This land enters tapped", "Noncreature spells cost {1} more
to cast", characteristic-defining P/T (604.3), and the replacement effects of 614 written as statics.

Each sentence gives one or more StaticAbility values; `kind` names the effect (see the
StaticAbility docstring and the list in the package docstring)."""
from __future__ import annotations

import re
from dataclasses import replace
from itertools import combinations

from engine.core.abilities import Amount, Condition, Cost, Effect, Filter, Keyword, Ref, SELF, StaticAbility, X, YOU
from engine.core.effect_types import ApplyContinuous, ExileTop, Grant, Mill, PutCounters, RemoveCounters, ReplaceNextDraw
from engine.core.enums import WORD_COLORS
from engine.core.mana import ManaCost
from engine.oracle.becomes import parse_becomes
from engine.oracle.copies_text import copy_exceptions
from engine.oracle.costs_text import parse_cost, parse_mana_cost
from engine.oracle.grammar import Context, Grammar
from engine.oracle.keywords import keyword_from_text
from engine.oracle.amounts import objects_filter, parse_count, parse_equal_to, parse_number_of, with_where_x
from engine.oracle.phrases import (CARD_TYPES, LAND_TYPES_LOWER, card_name_kind, creature_type, enchanted_one,
                                   object_filter, parse_desc, parse_pt, singular, subtype_of)
from engine.core.subtypes import CREATURE_TYPES, LAND_TYPES
from engine.oracle.text import number
from engine.oracle.conditions import cast_restriction, parse_condition, self_condition
from engine.oracle.replacements import (cards_going, checked_as_dealt, damage_change, damage_recipients,
                                        damage_sources_named, instead_of_drawing, named_again, same_recipient)
from engine.oracle.verbs import (counter_kind, flash_filter, grantable_quote, granted_keywords, keyword_abilities,
                                 parse_effects, quoted_abilities, quoted_keywords, token_kind)
from engine.oracle.predefined_tokens import predefined_token


def _affected(ctx: Context, text: str) -> Ref | None:
    """Who a static ability affects: "~", "enchanted creature", "creatures you control",
    "other Elf creatures", "each creature you control", "white creatures"."""
    t = text.strip()
    if t == "~":
        return SELF
    m = re.match(r"^(enchanted|equipped) (creature|permanent|land|artifact|enchantment|planeswalker)$", t) or (
        re.match(r"^(enchanted) ([\w-]+)$", t) if t[10:] in LAND_TYPES_LOWER or enchanted_one(t) else None)
    if m:
        ctx.last = (Ref(m.group(1)),)      # "for each Aura attached to it": the enchanted or equipped object
        return Ref(m.group(1))
    m = re.match(r"^(?:each|all) (.+)$", t)
    if m:
        t = m.group(1)
    m = re.match(r"^enchanted ((?:creatures|permanents|lands|artifacts)(?: .+)?)$", t)
    if m:
        # "Enchanted creatures you control have shroud": each of them that's enchanted (303.4)
        d = parse_desc(m.group(1))
        if d is None or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        return Ref("all", filter=replace(object_filter(d), enchanted=True))
    m = re.match(r"^(.+) enchanted player controls$", t)
    if m:
        # "Creatures enchanted player controls attack each combat if able": the player the source (a Curse) enchants
        # (303.4), known to the layers as they match the group against its source (engine.query.layers.matches_ch)
        d = parse_desc(m.group(1))
        if d is None or d.filter.controller or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        return Ref("all", filter=replace(object_filter(d), controller="enchanted_player"))
    d = parse_desc(t)
    if d is None or d.nouns & {"player", "opponent", "card"}:
        return None
    return Ref("all", filter=object_filter(d))


def _static_condition(text: str) -> Condition | None:
    """A static ability's condition (611.3a). "you control at least two other Merfolk" is "two or more other Merfolk":
    no object triggered it, so "other" can only mean other than the source (201.5)."""
    return parse_condition(re.sub(r"^you control at least (\w+) other ", r"you control \1 or more other ", text.strip()))


def _blockers(ctx: Context, text: str) -> Filter | None:
    d = parse_desc(re.sub(r"^(?:a|an|another) ", "", text))
    if d is None:
        return None
    return object_filter(d)


def _except_by(ctx: Context, text: str) -> Filter | None:
    """Who may block it (509.1b): "black creatures", "Walls", "creatures with flying or reach". A "with"
    after alternatives ("Walls and/or creatures with flying") belongs to the last one, which parse_desc
    doesn't read so: not read."""
    m = re.fullmatch(r"creatures with ([\w ]+?) or ([\w ]+)", text)
    if m:
        one, two = parse_desc(f"creatures with {m.group(1)}"), parse_desc(f"creatures with {m.group(2)}")
        if one is None or two is None:
            return None
        return Filter(types=frozenset({"Creature"}), any_of=(one.filter, two.filter))
    m = re.fullmatch(r"(\w+) and/or (creatures with [\w ]+)", text)
    if m:
        # "Walls and/or creatures with flying": either kind may block it
        one, two = parse_desc(m.group(1)), parse_desc(m.group(2))
        if one is None or two is None or not one.nouns or one.nouns & {"player", "opponent", "card", "spell"}:
            return None
        return Filter(any_of=(object_filter(one), object_filter(two)))
    if re.search(r"\b(?:or|and/or)\b.* with", text):
        return None
    return _blockers(ctx, text)


def _replacement_effects(ctx: Context, text: str):
    ctx.last = (Ref("event"),)
    return parse_effects(ctx, text)


def _spells(ctx: Context, text: str) -> Filter | None:
    """ "noncreature spells", "artifact spells you cast", "spells your opponents cast" (601.2f)."""
    m = re.match(r"^(.+?) (you|your opponents) cast$", text) or re.match(
        r"^(.+?) (you|your opponents) cast( with .+| that's .+)$", text)
    if m:
        f = _spells(ctx, m.group(1) + (m.group(3) if m.lastindex == 3 else ""))
        if f is not None and m.lastindex == 3 and (f.min_mana_value is not None or f.max_mana_value is not None):
            return None     # 202.3e: the mana value of a spell with X counts the X chosen, which the filter can't read
        return None if f is None or f.controller else replace(f, controller="you" if m.group(2) == "you" else "opponent")
    d = parse_desc(text)
    if d is None or d.nouns != {"spell"}:
        return None
    return d.filter


def _spell_card(ctx: Context, text: str) -> Filter | None:
    """ "a creature spell", "one permanent spell with mana value 2 or less": a card cast as a spell of that kind (a
    card's own characteristics, in the zone it is cast from)."""
    d = parse_desc(re.sub(r"^(?:a|an|one) ", "", text))
    if d is None or d.zone or "spell" not in d.nouns or not d.nouns <= {"spell", "permanent"}:
        return None
    return replace(d.filter, permanent=True) if "permanent" in d.nouns else d.filter


_RESTRICTIONS = {
    "can't block": "cant_block", "can't attack": "cant_attack", "can't attack or block": "cant_attack_or_block",
    "can't be blocked": "cant_be_blocked", "attacks each combat if able": "must_attack",
    "blocks each combat if able": "must_block", "can block any number of creatures": "block_any_number",
    "attacks or blocks each combat if able": "must_attack_or_block",       # 508.1d and 509.1c, each in its step
    "attack each combat if able": "must_attack", "block each combat if able": "must_block",     # of a group
    "can block an additional creature each combat": "extra_blocks",
    "assigns combat damage equal to its toughness rather than its power": "damage_by_toughness",     # 510.1a
    "can't attack or block, and its activated abilities can't be activated": "cant_attack_block_activate",
    "can't block, and its activated abilities can't be activated": "cant_block_activate",
    "can't attack or block, and its activated abilities can't be activated unless they're mana abilities":
        "cant_attack_block_activate_nonmana",
    # 602.5: only those with {T} in their costs (Serra Bestiary; of a group, Katabatic Winds)
    "can't attack or block, and its activated abilities with {t} in their costs can't be activated":
        "cant_attack_block_activate_tap",
    "can't attack or block, and their activated abilities with {t} in their costs can't be activated":
        "cant_attack_block_activate_tap",
    "is goaded": "goaded",     # 701.15a, as a resolved goad (engine.effects.keyword_actions)
    "doesn't untap during its controller's untap step": "doesnt_untap",
    "doesn't untap during your untap step": "doesnt_untap",
    "don't untap during their controllers' untap steps": "doesnt_untap",       # 502.3, of a group
    "can't be countered": "cant_be_countered",
    "enters tapped": "enters_tapped",
    "enter tapped": "enters_tapped",        # 614.1c, of a group: "Creatures your opponents control enter tapped"
    "can't be blocked by more than one creature": "blocked_by_at_most_one",
    "must be blocked if able": "must_be_blocked", "must be blocked each combat if able": "must_be_blocked",
    "can't attack alone": "cant_attack_alone", "can't block alone": "cant_block_alone",
    "can attack as though it had haste": "attacks_as_though_haste",                 # 302.6
    "can attack as though it didn't have defender": "attacks_despite_defender",     # 702.3b
    "can block as though they were untapped": "blocks_while_tapped",                # 509.1a
    "can block as though it were untapped": "blocks_while_tapped",
    "can't attack or block alone": "cant_attack_or_block_alone",
    # 702.122a: not tapped to pay a crew cost (Revoke Privileges)
    "can't crew vehicles": "cant_crew", "can't attack, block, or crew vehicles": "cant_attack_block_crew",
}


_GRAVEYARD_OWNER = {"a": "any", "an opponent's": "opponent", "your": "you"}

S = Grammar({
    "aff": _affected, "pt": parse_pt, "kw": granted_keywords, "qkw": quoted_keywords, "abkw": keyword_abilities, "each": parse_number_of, "spells": _spells, "spell_card": _spell_card, "blk": _blockers,
    "desc": _blockers, "eq": parse_equal_to, "whose": cards_going, "effects": _replacement_effects,
    "becomes": lambda ctx, t: parse_becomes(t), "restr": lambda ctx, t: _RESTRICTIONS.get(t),
    "cost": lambda ctx, t: parse_mana_cost(t), "cond": lambda ctx, t: _static_condition(t),
    "paying": lambda ctx, t: paying_cost(t),
    "selfcond": lambda ctx, t: self_condition(t), "selfstate": lambda ctx, t: parse_condition("~ " + t),
    "num": lambda ctx, t: number(t), "count": parse_count, "ckind": counter_kind,
    "that_one": lambda ctx, t: t if t in ("it", "that creature", "that permanent") else None,
    "gy": lambda ctx, t: _GRAVEYARD_OWNER.get(t), "quoted": quoted_abilities,
    "gquoted": lambda ctx, t: quoted_abilities(ctx, t, grantor=True), "except": _except_by,
    "cast_only": lambda ctx, t: cast_restriction(t), "walk": lambda ctx, t: _landwalk(t),
    "name_kind": lambda ctx, t: card_name_kind(t), "copy_except": copy_exceptions, "token_kind": token_kind,
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
    if n.kind == "attached_to" and n.ref == SELF and a.kind != "all":
        # "Equipped creature gets +1/+0 for each Equipment attached to it": "it" is the creature the ability changes;
        # of a group ("Other Kor creatures you control get +2/+2 for each Equipment attached to ~") only ~ itself
        if a.kind not in ("self", "enchanted", "equipped"):
            return None
        n = replace(n, ref=a)
    return (StaticAbility("pump_dynamic", a, (replace(n, multiplier=p.value), replace(n, multiplier=t.value))),)


@S.rule("{a:aff} get[s] {pt:pt} for each {n:each} and each {n2:each}")
def _pump_count_both(ctx: Context, a: Ref, pt: tuple[Amount, Amount], n: Amount, n2: Amount
                     ) -> tuple[StaticAbility, ...] | None:
    # "~ gets +1/+1 for each land you control and each land card in your graveyard": a bonus for each of either kind,
    # the sum of two counts; two effects of layer 7c (613.4c) add up to the same
    first, second = _pump_count(ctx, a, pt, n), _pump_count(ctx, a, pt, n2)
    return first + second if first and second else None


@S.rule("{a:aff} get[s] {pt:pt} for each {n:each} and (has|have) {kw:kw}")
def _pump_count_grant(ctx: Context, a: Ref, pt: tuple[Amount, Amount], n: Amount, kw: tuple[Keyword,
                      ...]) -> tuple[StaticAbility, ...] | None:
    return _pump_count(ctx, a, pt, n) + (StaticAbility("grant", a, kw),)


@S.rule("{a:aff} (has|have) {kw:kw}", "{a:aff} (has|have) {kw:qkw}")
def _grant(ctx: Context, a: Ref, kw: tuple[Keyword, ...]) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("grant", a, kw),)


def _grant_texts(ctx: Context, a: Ref, texts: tuple[str, ...]) -> tuple[str, ...] | None:
    """The quotes as granted to `a`. A quote naming the card means the card there, not the object that has the
    ability: both read "~" (compiler._quotes_naming_card). Granted to the card itself, as it is; an Equipment's or an
    Aura's, granted to another object, as its printed words with the card's name "this Equipment" / "this Aura",
    the permanent granting it (compiler._grantor_quotes), if the compiler reads all of that; else not read."""
    naming = ctx.flags.get("quotes_naming_card", ())
    out = []
    for t in texts:
        if t.lower() in naming:
            # quoted_abilities(grantor=True) read it one way or the other: check the way it is granted
            t = t if a == SELF else ctx.flags.get("grantor_quotes", {}).get(t.lower())
            if t is None or not grantable_quote(t):
                return None
        out.append(t)
    return tuple(out)


def _granted_preds(ctx: Context, a: Ref, p: list[tuple[str, tuple]]) -> list[tuple[str, tuple]] | None:
    """The predicates with their quotes as granted to `a` (_grant_texts); None if one isn't read."""
    out = []
    for kind, params in p:
        if kind == "grant_abilities":
            texts = _grant_texts(ctx, a, dict(params)["texts"])
            if texts is None:
                return None
            params = (("texts", texts),)
        out.append((kind, params))
    return out


@S.rule("{a:aff} lose {kw:kw} and can't have or gain {kw2:kw}", "{a:aff} loses {kw:kw} and can't have or gain {kw2:kw}")
def _cant_have(ctx: Context, a: Ref, kw: tuple[Keyword, ...], kw2: tuple[Keyword, ...]) -> tuple[StaticAbility, ...] | None:
    # 613.1f: they lose the keyword in layer 6 whatever the timestamps: no effect can give it back to them
    # (engine.query.layers applies it again after every other effect of that layer)
    if kw != kw2:
        return None
    return (StaticAbility("cant_have_keyword", a, (("keywords", tuple(k.text for k in kw)),)),)


@S.rule("{a:aff} (has|have) {k:abkw}")
def _grant_keyword_abilities(ctx: Context, a: Ref, k: tuple[str, ...]) -> tuple[StaticAbility, ...] | None:
    # 702.1, 613.1f: a keyword made of abilities is granted as those abilities, in layer 6.
    return (StaticAbility("grant_abilities", a, (("texts", k),)),)


def _quoted_keyword_abilities(ctx: Context, text: str) -> tuple[str, ...] | None:
    """ 'has "Cumulative upkeep {1}."': a keyword made of abilities granted in quotes, as keyword_abilities."""
    m = re.fullmatch(r'"([^"]+?)\.?"', text)
    return keyword_abilities(ctx, m.group(1)) if m else None


S.parsers["qabkw"] = _quoted_keyword_abilities
S.rule("{a:aff} (has|have) {k:qabkw}")(_grant_keyword_abilities)


@S.rule("{a:aff} (has|have) {kw:kw} and {k:abkw}", "{a:aff} (has|have) {k:abkw} and {kw:kw}")
def _grant_both_kinds(ctx: Context, a: Ref, kw: tuple[Keyword, ...], k: tuple[str, ...]) -> tuple[StaticAbility, ...] | None:
    # "Equipped creature has flying and ward {4}": each keyword as _grant and _grant_keyword_abilities grant it (613.1f)
    return _grant(ctx, a, kw) + _grant_keyword_abilities(ctx, a, k)


@S.rule("{a:aff} (has|have) {q:gquoted}")
def _grant_quoted(ctx: Context, a: Ref, q: tuple[str, ...]) -> tuple[StaticAbility, ...] | None:
    # 613.1f: the quoted abilities are added in layer 6.
    texts = _grant_texts(ctx, a, q)
    return (StaticAbility("grant_abilities", a, (("texts", texts),)),) if texts is not None else None


@S.rule("{a:aff} {r:restr}")
def _restricted(ctx: Context, a: Ref, r: str) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility(r, a),)


@S.rule("~ is every creature type")
def _every_creature_type(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 604.3: a characteristic-defining ability, in every zone, as changeling (702.73a; engine.query.layers._base)
    return (StaticAbility("every_creature_type", SELF),)


def _also_types(ctx: Context, text: str) -> tuple[str, ...] | None:
    """ "a Cleric, Rogue, Warrior, and Wizard", "an Elf and a Warrior": creature types, each one named."""
    words = [re.sub(r"^an? ", "", w) for w in re.split(r", and |, | and ", re.sub(r"^an? ", "", text))]
    types = [subtype_of(w.lower()) for w in words]
    return tuple(types) if words and all(st in CREATURE_TYPES for st in types) else None


S.parsers["also_types"] = _also_types


@S.rule("~ is also {t:also_types}")
def _also_subtypes(ctx: Context, t: tuple[str, ...]) -> tuple[StaticAbility, ...] | None:
    """ "Veteran Adventurer is also a Cleric, Rogue, Warrior, and Wizard": a characteristic-defining ability (604.3),
    in every zone, as "~ is every creature type" (engine.query.layers._base)."""
    return (StaticAbility("also_subtypes", SELF, t),)


@S.rule("{a:aff} can block an additional {n:num} creatures each combat")
def _extra_blocks(ctx: Context, a: Ref, n: int) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("extra_blocks", a, (n,)),)      # 509.1a: each may block that many more


@S.rule("you may activate abilities of {a:aff} as though (it|they|those creatures) had haste")
def _activates_as_though_haste(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 302.6: their {T} and {Q} abilities despite summoning sickness (engine.effects.payment.can_tap_for_cost); a
    # permission of the ability's controller, so only over creatures they control
    return (StaticAbility("activates_as_though_haste", a),) if a.filter and a.filter.controller == "you" else None


@S.rule("{a:aff}'s activated abilities can't be activated", "activated abilities of {a:aff} can't be activated")
def _cant_activate(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cant_activate", a, _every_zone(a)),)     # 602.5


@S.rule("{a:aff}'s activated abilities can't be activated unless they're mana abilities",
        "activated abilities of {a:aff} can't be activated unless they're mana abilities")
def _cant_activate_nonmana(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 602.5, 605.1a: its mana abilities still can be
    return (StaticAbility("cant_activate_nonmana", a, _every_zone(a)),)


def _every_zone(a: Ref) -> tuple:
    """ "Sources with the chosen name" are the cards of that name anywhere: an ability of one in a hand or a graveyard
    (cycling) can't be activated either (Pithing Needle's rulings); "artifacts" are permanents only."""
    return (("every_zone", True),) if a.kind == "all" and a.filter is not None and a.filter.chosen == "card_name" \
        else ()


def _restricted_unless(kind: str):
    def build(ctx: Context, a: Ref, c: Condition) -> tuple[StaticAbility, ...] | None:
        # 508.1c, 509.1b: the restriction applies while the condition is false.
        return (StaticAbility(kind, a, condition=replace(c, negate=not c.negate)),)
    return build


for _words, _kind in (("block", "cant_block"), ("attack", "cant_attack"), ("attack or block", "cant_attack_or_block")):
    S.rule(f"{{a:aff}} can't {_words} unless {{c:cond}}")(_restricted_unless(_kind))


@S.rule("{a:aff} {r:restr} unless {c:cond}")
def _restriction_unless(ctx: Context, a: Ref, r: str, c: Condition) -> tuple[StaticAbility, ...] | None:
    # 508.1c-d, 509.1b-c: "~ attacks each combat if able unless you control another Ally": the rule applies while
    # the condition is false (combat and untap rules only, as _restricted_if)
    return _restricted_unless(r)(ctx, a, c) if r not in ("cant_be_countered", "enters_tapped") else None


@S.rule("you may have {a:aff} assign its combat damage as though it weren't blocked")
def _assign_as_unblocked(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 510.1c: a blocked creature assigns its damage to its blockers; with this its controller may instead assign
    # all of it to the player, planeswalker or battle it attacks, as an unblocked creature does (510.1b)
    return (StaticAbility("assign_as_unblocked", a),)


@S.rule("~ doesn't untap during your untap step if {c:selfcond}", "~ doesn't untap during your untap step if {c:cond}")
def _doesnt_untap_if(ctx: Context, c: Condition) -> tuple[StaticAbility, ...] | None:
    # 502.3: checked as the untap step untaps its controller's permanents ("if it has a depletion counter on it")
    return (StaticAbility("doesnt_untap", SELF, condition=c),)


@S.rule("untap {a:aff} during each other player's untap step")
def _untaps_during_others(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 502.3: they untap in the untap step of each player but their controller too, as that player's permanents do
    # (engine.rules.untap)
    return (StaticAbility("untaps_during_others", a),)


@S.rule("all creatures able to block {a:aff} do so")
def _lure(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 509.1c: a blocking requirement on every creature able to block it (engine.rules.combat)
    return (StaticAbility("lure", a),)


@S.rule("all {b:blk} able to block {a:aff} do so")
def _lure_by(ctx: Context, b: Filter, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 509.1c: the requirement on each creature of that kind able to block it ("All Walls able to block ~ do so")
    return None if b == Filter(types=frozenset({"Creature"})) else (StaticAbility("lure_by", a, (b,)),)


def _landwalk(text: str) -> str | None:
    """ "swampwalk": the land type a landwalk ability names (702.14a)."""
    kw = keyword_from_text(text)
    return kw.param if kw is not None and kw.name == "landwalk" else None


@S.rule("creatures with {w:walk} can be blocked as though they didn't have {w2:walk}")
def _blocked_despite_landwalk(ctx: Context, w: str, w2: str) -> tuple[StaticAbility, ...] | None:
    # 509.1b: the defending player's blocks ignore that landwalk (702.14c); landwalks don't cancel each other
    # (702.14d), so only the one named is ignored
    if w != w2:
        return None
    return (StaticAbility("blockable_despite_landwalk", Ref("all", filter=Filter(types=frozenset({"Creature"}))), (w,)),)


@S.rule("{a:aff} can block only {b:blk}")
def _block_only(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: a restriction on which attackers it may block
    return (StaticAbility("block_only", a, (b,)),)


@S.rule("if it's neither day nor night, it becomes day as ~ enters")
def _day_as_enters(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 731.1: the game gets the day designation as the permanent enters (engine.rules.day_night)
    return (StaticAbility("day_as_enters", SELF),)


@S.rule("you may choose not to untap ~ during your untap step")
def _may_not_untap(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 502.3: its controller chooses as the untap step's permanents untap (engine.rules.untap)
    return (StaticAbility("may_not_untap", SELF),)


@S.rule("{a:aff} can't attack unless {b:blk} also attacks")
def _attacks_only_with(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 508.1c: a restriction on the declaration: another attacker of that kind ("a creature with greater power": than
    # the restricted one, engine.rules.combat.companions_ok)
    return (StaticAbility("attacks_only_with", a, (b,)),)


@S.rule("{a:aff} can't block unless {b:blk} also blocks")
def _blocks_only_with(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("blocks_only_with", a, (b,)),)     # 509.1b, as _attacks_only_with


@S.rule("{a:aff} can't attack unless defending player controls {b:blk}")
def _attack_unless(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 508.1c: a restriction checked against the player it would attack
    return (StaticAbility("cant_attack_unless", a, (b,)),)


def _defender_condition(ctx: Context, text: str) -> Condition | None:
    """ "is poisoned", "has seven or more cards in their graveyard": what the defending player must be or have, as
    "an opponent ..." reads it, counted for one player (the amount's player replaced as attackers are declared)."""
    c = parse_condition("an opponent " + text)
    if c is None or c.kind != "some_player" or c.key != "opponent" or len(c.all_of) != 1:
        return None
    inner = c.all_of[0]
    return inner if inner.amount is not None and inner.amount.ref == Ref("each_opponent") else None


S.parsers["defender_cond"] = _defender_condition


@S.rule("{a:aff} can't attack unless defending player {c:defender_cond}")
def _attack_unless_defender(ctx: Context, a: Ref, c: Condition) -> tuple[StaticAbility, ...] | None:
    # 508.1c: checked against each player it could attack, as attackers are declared
    return (StaticAbility("cant_attack_unless_defender", a, (c,)),)


@S.rule("{a:aff} can't attack unless you control more {d:desc} than defending player")
def _attack_unless_more(ctx: Context, a: Ref, d: Filter) -> tuple[StaticAbility, ...] | None:
    # 508.1c: checked against each player it could attack, as attackers are declared
    return (StaticAbility("cant_attack_unless_more", a, (d,)),) if not d.controller else None


@S.rule("{a:aff} can't block unless you control more {d:desc} than attacking player")
def _block_unless_more(ctx: Context, a: Ref, d: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: the attacking player is the active player (506.2), as blockers are declared
    return (StaticAbility("cant_block_unless_more", a, (d,)),) if not d.controller else None


@S.rule("{a:aff} {r:restr} if {c:cond}")
def _restricted_if(ctx: Context, a: Ref, r: str, c: Condition) -> tuple[StaticAbility, ...] | None:
    # 611.3a: "~ can't block if you control an untapped land": the restriction applies while the condition holds
    # (combat and untap restrictions only: whether a spell can be countered or how a permanent enters is read
    # elsewhere, at one moment)
    return (StaticAbility(r, a, condition=c),) if r not in ("cant_be_countered", "enters_tapped") else None


@S.rule("{a:aff} {r:restr} during extra turns")
def _restricted_in_extra_turns(ctx: Context, a: Ref, r: str) -> tuple[StaticAbility, ...] | None:
    # 500.7: "~ can't attack during extra turns": the restriction applies during a turn an effect added (combat
    # restrictions only, as _restricted_if)
    return _restricted_if(ctx, a, r, Condition("extra_turn"))


def _attack_tax(planeswalkers: bool):
    def build(ctx: Context, c: ManaCost) -> tuple[StaticAbility, ...] | None:
        # 508.1g-h: a cost to attack this ability's controller (and their planeswalkers, if it says so), paid
        # as attackers are declared (engine.rules.combat.attack_tax)
        if c.x_count or c.is_empty():
            return None
        return (StaticAbility("attack_tax", YOU, (("cost", c), ("planeswalkers", planeswalkers))),)
    return build


S.rule("creatures can't attack you unless their controller pays {c:cost} for each creature they control that's "
       "attacking you")(_attack_tax(False))
S.rule("creatures can't attack you or planeswalkers you control unless their controller pays {c:cost} for each of "
       "those creatures")(_attack_tax(True))


def _most_in_combat(kind: str):
    def build(ctx: Context, n: int) -> tuple[StaticAbility, ...] | None:
        # 506.5: a restriction on the declaration as a whole, whoever declares it (engine.rules.combat.most_in_combat)
        return (StaticAbility(kind, Ref("each_player"), (("n", n),)),) if n >= 1 else None
    return build


S.rule("no more than {n:num} (creature|creatures) can attack each combat")(_most_in_combat("max_attackers"))
S.rule("no more than {n:num} (creature|creatures) can block each combat")(_most_in_combat("max_blockers"))


def _cant_attack_you(planeswalkers: bool):
    def build(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
        # 508.1c: a restriction on whom it may attack: this ability's controller (and their planeswalkers, if it
        # says so; engine.rules.combat.may_attack)
        return (StaticAbility("cant_attack_you", a, (("planeswalkers", planeswalkers),)),)
    return build


S.rule("{a:aff} can't attack you")(_cant_attack_you(False))
S.rule("{a:aff} can't attack you or planeswalkers you control")(_cant_attack_you(True))


@S.rule("{a:aff} can't attack if defending player controls {b:blk}")
def _attack_if(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 508.1c: it may attack only a player who controls none of these
    return (StaticAbility("cant_attack_if", a, (b,)),)


@S.rule("{a:aff} can't be blocked as long as defending player controls {b:blk}")
def _unblockable_if(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: a restriction on the blocks of the player it attacks, by what that player controls
    return (StaticAbility("unblockable_if_defender_controls", a, (b,)),)


@S.rule("creatures entering the battlefield don't cause abilities to trigger",
        "creatures entering don't cause abilities to trigger")
def _entering_dont_trigger(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 603.2, 603.6a: a creature's entering triggers no ability, its own or another's (Hushwing Gryff's rulings;
    # engine.query.trigger_events); replacement effects and "as it enters" choices still apply
    return (StaticAbility("entering_dont_trigger", Ref("all", filter=Filter(types=frozenset({"Creature"})))),)


def _trigger_cause(ctx: Context, text: str) -> tuple[str, Filter] | None:
    """ "an artifact or creature entering the battlefield", "a land entering", "a creature dying", "a creature
    attacking": what happens to which objects (603.2d), as (event, filter)."""
    m = re.match(r"^an? (.+?) (entering(?: the battlefield)?|dying|attacking)$", text)
    f = objects_filter(m.group(1)) if m else None
    # "a creature you control attacking" (Wulfgar of Icewind Dale): an attack of the ability's controller only
    if f is None or f.other or (f.controller and (f.controller != "you" or m.group(2) != "attacking")):
        return None
    cause = {"dying": "dies", "attacking": "attacks"}.get(m.group(2), "enters")
    # 700.4: what dies is a creature; 506.3: what attacks is one
    return (cause, f) if cause == "enters" or replace(f, controller=None) == Filter(types=frozenset({"Creature"})) \
        else None


S.parsers["cause"] = _trigger_cause


@S.rule("if {c:cause} (causes|would cause) a triggered ability of a permanent you control to trigger, that ability "
        "triggers an additional time")
def _additional_trigger(ctx: Context, c: tuple[str, Filter]) -> tuple[StaticAbility, ...] | None:
    # 603.2d: Panharmonicon, Teysa Karlov, Isshin: each such ability triggers once more (engine.query.trigger_events)
    return (StaticAbility("additional_trigger", Ref("all", filter=c[1]), (("cause", c[0]),)),)


def _as_enters_choose(what: str):
    def build(ctx: Context) -> tuple[StaticAbility, ...] | None:
        # 614.12: a replacement effect: the choice is made as it enters (engine.effects.entering)
        if what in ("opponent", "player"):
            ctx.last_player = Ref("chosen_player")      # "... for each creature that player controls": the one chosen
        return (StaticAbility("as_enters_choose_value", SELF, (("what", what),)),)
    return build


for _words, _what in (("a color", "color"), ("a creature type", "creature_type"), ("an opponent", "opponent"),
                      ("a player", "player")):
    S.rule(f"as ~ enters, choose {_words}")(_as_enters_choose(_what))


@S.rule("as ~ enters, choose {k:name_kind}")
def _as_enters_choose_name(ctx: Context, k: Filter) -> tuple[StaticAbility, ...] | None:
    # 614.12, 201.3: the name is chosen as it enters, among the names of cards of that kind
    kinds = (("kinds", k),) if k != Filter() else ()
    return (StaticAbility("as_enters_choose_value", SELF, (("what", "card_name"),) + kinds),)


def _as_enters_choose_other_color(color: str):
    def build(ctx: Context) -> tuple[StaticAbility, ...] | None:
        # 614.12: the Thriving lands' "choose a color other than green": any color but that one
        return (StaticAbility("as_enters_choose_value", SELF, (("what", "color"), ("other_than", color))),)
    return build


for _color in ("white", "blue", "black", "red", "green"):
    S.rule(f"as ~ enters, choose a color other than {_color}")(_as_enters_choose_other_color(_color))


def works_on_stack(line: str) -> tuple[StaticAbility, ...] | None:
    """An instant's or sorcery's own static ability that works on the stack (113.6g): "This spell
    can't be countered", or wherever it is cast from: "Cast ~ only during combat" (601.3), "~ has flash as long as
    you control a Merfolk" (601.3d); or in every zone: "If ~ would be put into a graveyard from anywhere, reveal ~ and
    shuffle it into its owner's library instead"."""
    if line.strip().rstrip(".").lower() == "~ can't be countered":
        return (StaticAbility("cant_be_countered", SELF, text=line.strip()),)
    m = re.match(r"^~ has flash as long as (.+?)\.?$", line.strip().lower())
    c = parse_condition(m.group(1)) if m else None
    if c is not None:
        # 601.3d: cast as though it had flash while the condition holds (engine.query.cast_limits)
        return (StaticAbility("flash_if", SELF, condition=c, text=line.strip()),)
    if re.fullmatch(r"if ~ would be put into a graveyard from anywhere, reveal (?:~|it) and shuffle it into its owner's "
                    r"library instead\.?", line.strip().lower()):
        # 614.1a: its own replacement works in every zone, the stack too (engine.board.replacement.graveyard_options)
        return (StaticAbility("graveyard_to_library_shuffle", SELF, text=line.strip()),)
    if re.fullmatch(r"if ~ was kicked, it has split second\.?", line.strip().lower()):
        # 702.61a, 702.33d: split second while the spell, cast kicked, is on the stack (engine.rules.timing)
        return (StaticAbility("split_second_if", SELF, condition=Condition("kicked"), text=line.strip()),)
    m = re.match(r"^cast ~ only (.+?)\.?$", line.strip().lower())
    c = cast_restriction(m.group(1)) if m else None
    return (StaticAbility("cast_only", SELF, condition=c, text=line.strip()),) if c is not None else None


@S.rule("cast ~ only {c:cast_only}")
def _cast_only(ctx: Context, c: Condition) -> tuple[StaticAbility, ...] | None:
    # 601.3: the card may begin to be cast only while the condition holds (engine.query.cast_limits).
    return (StaticAbility("cast_only", SELF, condition=c),)


@S.rule("{a:aff} can't block {b:blk}")
def _cant_block_these(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: "~ can't block creatures with power 2 or greater", a restriction on the attackers it may block
    return (StaticAbility("cant_block_these", a, (b,)),)


@S.rule("creatures with power less than ~'s power can't block it")
def _lesser_power_cant_block(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 509.1b: compared as blockers are declared (Filter.lesser_power_than_source: the attacker's power)
    return (StaticAbility("cant_be_blocked_by", SELF, (Filter(types=frozenset({"Creature"}), lesser_power_than_source=True),)),)


@S.rule("creatures with power greater than ~'s power can't block it")
def _greater_power_cant_block(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 509.1b: compared as blockers are declared, with the attacker's power
    return (StaticAbility("cant_be_blocked_by", SELF, (Filter(types=frozenset({"Creature"}), greater_power_than_source=True),)),)


@S.rule("~ can't block creatures with power greater than ~'s power")
def _cant_block_greater_power(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 509.1b: compared as blockers are declared, with the blocker's power
    return (StaticAbility("cant_block_these", SELF, (Filter(types=frozenset({"Creature"}), greater_power_than_source=True),)),)


@S.rule("{a:aff} can't be blocked except by {b:except}")
def _blocked_only_by(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: a restriction on each creature that would block it.
    return (StaticAbility("blocked_only_by", a, (b,)),)


@S.rule("{a:aff} can't be blocked except by {n:num} or more creatures")
def _fewest_blockers(ctx: Context, a: Ref, n: int) -> tuple[StaticAbility, ...] | None:
    # 509.1b: a restriction on the whole declaration, as menace's "two or more" (702.111b; engine.rules.combat)
    return (StaticAbility("fewest_blockers", a, (n,)),)


@S.rule("{a:aff} can't be blocked by {b:blk}")
def _cant_be_blocked_by(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cant_be_blocked_by", a, (b,)),)


@S.rule("{a:aff} can't block or be blocked by {b:blk}")
def _cant_block_or_be_blocked_by(ctx: Context, a: Ref, b: Filter) -> tuple[StaticAbility, ...] | None:
    # 509.1b: both restrictions, on the attackers it may block and on the creatures that may block it
    return (StaticAbility("cant_block_these", a, (b,)), StaticAbility("cant_be_blocked_by", a, (b,)))


_COLOR_WORD = "white|blue|black|red|green"
_TARGETING_SOURCES = re.compile(
    rf"^(?:(?P<quals>(?:non)?(?:{_COLOR_WORD}|\w+)(?: or (?:non)?(?:{_COLOR_WORD}))?) )?"
    r"(?P<by>spells or abilities|spells|abilities)(?: from (?P<from>[\w]+) sources)?(?P<opp> your opponents control)?$")


def _targeting_sources(ctx: Context, text: str) -> tuple | None:
    """ "blue or black spells", "Aura spells", "abilities from artifact sources", "spells or abilities your opponents
    control", "black spells or abilities from black sources": which spells and abilities may not target (115.1): the
    params of a "cant_be_targeted" rule (engine.query.targets)."""
    m = _TARGETING_SOURCES.match(text)
    if m is None:
        return None
    by = {"spells": "spells", "abilities": "abilities", "spells or abilities": "both"}[m.group("by")]
    quals, source_quals = m.group("quals"), m.group("from")
    if by == "both" and quals != source_quals or by == "spells" and source_quals or by == "abilities" and quals:
        return None         # "blue spells or abilities from blue sources": one quality of both; no "from" on spells
    colors, not_colors, types, subtypes = [], [], [], []
    for q in (quals or source_quals or "").split(" or ") if (quals or source_quals) else ():
        word = q[3:] if q.startswith("non") else q
        if word in WORD_COLORS:
            (not_colors if q.startswith("non") else colors).append(WORD_COLORS[word].value)
        elif q in CARD_TYPES and (by == "abilities" or len(quals.split(" or ")) == 1):
            types.append(CARD_TYPES[q])
        elif subtype_of(q) is not None and by == "spells":
            subtypes.append(subtype_of(q))          # "Aura spells"
        else:
            return None
    if colors and not_colors:
        return None
    return (("by", by), ("colors", tuple(colors)), ("not_colors", tuple(not_colors)), ("types", tuple(types)),
            ("subtypes", tuple(subtypes)), ("opponents", bool(m.group("opp"))))


S.parsers["tsources"] = _targeting_sources


@S.rule("{a:aff} can't be the target of {t:tsources}", "{a:aff} can't be the targets of {t:tsources}")
def _cant_be_targeted(ctx: Context, a: Ref, t: tuple) -> tuple[StaticAbility, ...] | None:
    # 115.1, 601.2c: the spells and abilities named can't choose it as a target, nor keep it (608.2b); a quality of
    # the spell's or the ability's source, as protection's (702.16b), not a keyword (hexproof is one, 702.11)
    return (StaticAbility("cant_be_targeted", a, t),) if a.kind in ("self", "enchanted", "equipped", "all") else None


@S.rule("cards in graveyards can't be the targets of {t:tsources}")
def _graveyard_cards_cant_be_targeted(ctx: Context, t: tuple) -> tuple[StaticAbility, ...] | None:
    # 115.1, 601.2c: no spell or ability named may target a card in any graveyard, nor keep one as its target (608.2b)
    return (StaticAbility("cant_target_in_graveyards", Ref("all"), t),)


@S.rule("{s:spells} cost {c:cost} more to cast", "each {s:spells} costs {c:cost} more to cast")
def _cost_more(ctx: Context, s: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cost_increase", Ref("all", filter=s), (c,)),) if not c.x_count else None


@S.rule("each {s:spells} costs {c:cost} more to cast except during its controller's turn")
def _cost_more_off_turn(ctx: Context, s: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    # 601.2f: "its controller" is the spell's, the player casting it (Defense Grid)
    return (StaticAbility("cost_increase", Ref("all", filter=s), (c, "off_turn")),) if not c.x_count else None


_CASTERS = {"you": YOU, "your opponents": Ref("each_opponent"), "each opponent": Ref("each_opponent"),
            "players": Ref("each_player"), "each player": Ref("each_player"), "enchanted player": Ref("enchanted"),
            # the player or opponent chosen as the source entered (614.12)
            "the chosen player": Ref("chosen_player"),
            # the controller of the permanent the source is attached to, whoever that is now (303.4, 301.5)
            "enchanted creature's controller": Ref("attached_controller"),
            "equipped creature's controller": Ref("attached_controller")}
S.parsers["caster"] = lambda ctx, t: _CASTERS.get(t)


@S.rule("{who:caster} can't cast {s:spells}", "{s:spells} can't be cast")
def _cant_cast(ctx: Context, s: Filter, who: Ref = Ref("each_player")) -> tuple[StaticAbility, ...] | None:
    # 101.2: a prohibition beats any permission; checked before the spell is proposed (engine.query.cast_limits)
    # 601.3a: a quality the proposal's choices could change (X in the mana value) isn't read: only what the
    # card already is (types, colors, a chosen color) decides it.
    if s.controller or s.min_mana_value is not None or s.max_mana_value is not None:
        return None
    return (StaticAbility("cant_cast", who, (("spells", s),)),)


@S.rule("{who:caster} can't cast spells from anywhere other than (your hand|their hands)")
def _cant_cast_but_from_hand(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 601.2a: the zone a spell is cast from is where the card was as the casting began
    return (StaticAbility("cant_cast", who, (("spells", None), ("from", "not_hand"))),)


@S.rule("{who:caster} can't play lands")
def _cant_play_lands(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 305.1, 101.2: no land play by that player, from any zone (engine.query.cast_limits.land_play_forbidden)
    return (StaticAbility("cant_play_lands", who),)


@S.rule("{who:caster} can't play lands or cast spells from (your hand|their hands)")
def _cant_play_from_hand(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 305.1, 601.2a: a land or a spell from elsewhere (the top of the library, Experimental Frenzy) still may be
    return (StaticAbility("cant_play_lands", who, (("from", "hand"),)),
            StaticAbility("cant_cast", who, (("spells", None), ("from", "hand"))))


@S.rule("{who:caster} can't draw more than one card each turn")
def _draw_limit(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 121.2b: each draw after the first of the turn doesn't happen (engine.board.zones.draw_prohibited)
    return (StaticAbility("draw_limit", who),)


def _untap_count(ctx: Context, text: str) -> tuple[int, Filter] | None:
    """ "one creature", "two permanents", "more than one land": how many of a kind of permanent."""
    m = re.fullmatch(r"(\w+) (.+)", text)
    n = number(m.group(1)) if m else None
    d = parse_desc(m.group(2)) if m else None
    if n is None or d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
        return None
    return n, object_filter(d)


S.parsers["untap_count"] = _untap_count


@S.rule("{who:caster} can't untap more than {c:untap_count} during their untap steps",
        "{who:caster} can't untap more than {c:untap_count} during your untap step")
def _untap_limit(ctx: Context, who: Ref, c: tuple[int, Filter]) -> tuple[StaticAbility, ...] | None:
    # 502.3: the active player chooses which of them untap, that many at most (engine.rules.untap.begin_untap)
    return (StaticAbility("untap_limit", who, (("count", c[0]), ("filter", c[1]))),)


@S.rule("{who:caster} can't search libraries")
def _cant_search(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 101.2, 701.23: a search by that player finds nothing in a library (engine.effects.library.cant_search)
    return (StaticAbility("cant_search", who),)


@S.rule("{who:caster} can't gain life")
def _cant_gain_life(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 119.7: no life is gained (engine.board.damage.gain_life), nor a life total raised by an exchange
    return (StaticAbility("cant_gain_life", who),)


@S.rule("{who:caster} can't cast {s:spells} during your turn")
def _cant_cast_during_your_turn(ctx: Context, s: Filter, who: Ref) -> tuple[StaticAbility, ...] | None:
    # 101.2: the prohibition holds during its controller's turns only
    found = _cant_cast(ctx, s, who)
    return tuple(replace(st, condition=Condition("your_turn")) for st in found) if found else None


@S.rule("{who:caster} can't cast more than one {s:spells} each turn")
def _cast_limit(ctx: Context, who: Ref, s: Filter) -> tuple[StaticAbility, ...] | None:
    # 101.2: the spells cast this turn count, also those cast before the ability applied; the cast log
    # keeps each spell's card types, so only a filter of card types reads it exactly.
    if replace(s, types=frozenset(), not_types=frozenset()) != Filter():
        return None
    return (StaticAbility("cant_cast", who, (("spells", s if s != Filter() else None), ("limit", 1))),)


S.parsers["anyone"] = lambda ctx, t: Ref("each_player") if t == "any player" else None


@S.rule("you may cast {s:spells} as though they had flash", "{who:anyone} may cast {s:spells} as though they had flash")
def _flash_for(ctx: Context, s: Filter, who: Ref = YOU) -> tuple[StaticAbility, ...] | None:
    # 601.3b: a permission to begin casting such a spell at any time it has priority (engine.query.cast_limits).
    # What the proposal's choices could change isn't read: X in the mana value, an Aura by bestow.
    return (StaticAbility("flash_for", who, (("spells", s),)),) if flash_filter(s) else None



@S.rule("spells your opponents cast that target ~ cost {c:cost} more to cast")
def _cost_more_targeting(ctx: Context, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    # 601.2f: the targets are chosen (601.2c) before the total cost is determined.
    return (StaticAbility("cost_increase_targeting", SELF, (c,)),)


def _aimed_at(ctx: Context, text: str) -> Filter | None:
    """ "a creature", "a creature you control", "a Merfolk you control": the permanent a spell targets (115.9b)."""
    d = parse_desc(re.sub(r"^(?:a|an) ", "", text))
    if d is None or d.zone or not d.nouns or d.nouns - {"creature", "permanent", "artifact", "enchantment", "land",
                                                        "planeswalker"}:
        return None
    return object_filter(d)


S.parsers["aimed_at"] = _aimed_at


def _cost_change_aimed(sign: int):
    """ "Spells your opponents cast that target a creature you control cost {1} more to cast", "Spells you cast that
    target a creature cost {2} less to cast" (601.2f): the targets are chosen (601.2c) before the total cost is
    determined; "you control" is said of the source's controller. Only mana without X."""
    def build(ctx: Context, s: Filter, t: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
        if c.x_count or s.targeting or (sign < 0 and c.generic() != c.mana_value):
            return None     # a reduction of generic mana only (601.2f)
        return (StaticAbility("cost_change_aimed", Ref("all", filter=s), (c, sign, t)),)
    return build


for _word, _sign in (("more", 1), ("less", -1)):
    S.rule(f"{{s:spells}} that target {{t:aimed_at}} cost {{c:cost}} {_word} to cast")(_cost_change_aimed(_sign))


@S.rule("{s:spells} cost {c:cost} less to cast", "each {s:spells} costs {c:cost} less to cast")
def _cost_less(ctx: Context, s: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    if c.x_count:
        # "..., where X is the amount of life you gained this turn": {X} counted as each spell is cast (601.2f)
        x = ctx.flags.get("x")
        return (StaticAbility("cost_reduction", Ref("all", filter=s), (ManaCost(()), x)),) \
            if c.x_count == 1 and c.generic() == 0 and x is not None else None
    return (StaticAbility("cost_reduction", Ref("all", filter=s), (c,)),)


@S.rule("{s:spells} cost {c:cost} less to cast for each {n:each}")
def _cost_less_for_each(ctx: Context, s: Filter, c: ManaCost, n: Amount) -> tuple[StaticAbility, ...] | None:
    # 601.2f: "Angel spells and Human spells you cast cost {1} less to cast for each +1/+1 counter on ~": {N} generic
    # mana less for each counted object, counted from the source as each spell's cost is determined
    if c.x_count or c.generic() != c.mana_value:
        return None
    return (StaticAbility("cost_reduction", Ref("all", filter=s),
                          (c, replace(n, multiplier=n.multiplier * c.generic()))),)


def _activation_cost_change(sign: int, yours: bool = False):
    """602.2b, 601.2f: "Activated abilities of white enchantments cost {3} more to activate", "Equip abilities you
    activate cost {1} less to activate", "Boast abilities you activate cost {1} less to activate for each Dragon you
    control", "Equip costs you pay cost {1} less": the ability's total cost, increases before reductions, a
    reduction of generic mana only (engine.query.cost_modifiers). Only mana without X."""
    def build(ctx: Context, c: ManaCost, a: Ref | None = None, k: str = "", n: Amount | None = None
              ) -> tuple[StaticAbility, ...] | None:
        if c.x_count or (sign < 0 and c.generic() != c.mana_value) or (a is not None and a.kind != "all"):
            return None
        return (StaticAbility("activation_cost_change", a or Ref("all"),
                              (("cost", c), ("sign", sign), ("ability", k), ("per", n), ("yours", yours or bool(k)))),)
    return build


S.parsers["ability_keyword"] = lambda ctx, t: t if t in ("equip", "boast", "cycling") else None
for _word, _sign in (("more", 1), ("less", -1)):
    S.rule(f"activated abilities of {{a:aff}} cost {{c:cost}} {_word} to activate",
           f"{{a:aff}}'s activated abilities cost {{c:cost}} {_word} to activate",
           f"{{k:ability_keyword}} abilities you activate cost {{c:cost}} {_word} to activate",
           f"{{k:ability_keyword}} abilities you activate cost {{c:cost}} {_word} to activate for each {{n:each}}",
           f"{{k:ability_keyword}} costs you pay cost {{c:cost}} {_word}")(_activation_cost_change(_sign))


@S.rule("you may activate {k:ability_keyword} abilities any time you could cast an instant")
def _activate_as_instant(ctx: Context, k: str) -> tuple[StaticAbility, ...] | None:
    # 602.5d: the keyword's own "only as a sorcery" (equip 702.6a) no longer binds its controller
    return (StaticAbility("activate_as_instant", YOU, (("keyword", k),)),)


S.parsers["x_mana_value"] = lambda ctx, t: ManaCost(("X",)) if t == "{x}" else None


@S.rule("you may cast {s:spells} from your hand without paying their mana costs")
def _free_from_hand(ctx: Context, s: Filter) -> tuple[StaticAbility, ...] | None:
    # 118.9: an alternative cost of nothing for each such spell its controller casts from their hand (the card's zone
    # as it is cast, engine.query.cost_modifiers.granted_alternative_cost)
    if s.controller:
        return None
    return (StaticAbility("alternative_cost_for_spells", Ref("all", filter=replace(s, controller="you")),
                          (ManaCost(()), "hand")),)


@S.rule("you may pay {c:cost} rather than pay the mana cost for {s:spells}",
        "you may pay {c:cost} rather than pay the mana cost for spells that you cast",
        "you may pay {x:x_mana_value} rather than pay the mana cost for {s:spells}, where x is that spell's mana value")
def _alternative_cost_for_spells(ctx: Context, s: Filter | None = None, c: ManaCost | None = None,
                                 x: ManaCost | None = None) -> tuple[StaticAbility, ...] | None:
    # 118.9, 601.2b: an alternative cost its controller may choose for each such spell they cast (engine.rules.casting,
    # "granted_alternative"); {X} "where X is that spell's mana value": as much generic mana (Kentaro)
    cost = x or c
    if cost is None or (c is not None and c.x_count) or (s is not None and s.controller != "you"):
        return None
    return (StaticAbility("alternative_cost_for_spells", Ref("all", filter=s or Filter(controller="you")), (cost,)),)



@S.rule("the first {s:spells} you cast each turn costs {c:cost} less to cast")
def _first_spell_costs_less(ctx: Context, s: Filter, c: ManaCost) -> tuple[StaticAbility, ...] | None:
    # 601.2f: while you have cast no such spell this turn; the spell being cast is logged once it is cast (601.2i).
    # The cast log keeps each spell's card types: only a filter of card types reads it exactly.
    if s.controller or c.x_count or replace(s, types=frozenset(), not_types=frozenset()) != Filter():
        return None
    return (StaticAbility("cost_reduction", Ref("all", filter=replace(s, controller="you")), (c,),
                          Condition("cast_this_turn", filter=s, negate=True)),)


@S.rule("you control {a:aff}")
def _control(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("control", a),)


@S.rule("~'s power and toughness are each equal to {p:eq}")
def _cda(ctx: Context, p: Amount) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cda_pt", SELF, (p, p)),)


@S.rule("~'s power is equal to {p:eq}")
def _cda_power(ctx: Context, p: Amount) -> tuple[StaticAbility, ...] | None:
    # 604.3: the power only (Zendikar Incarnate, */4): the printed toughness stays
    return (StaticAbility("cda_pt", SELF, (p, None)),)


@S.rule("~'s toughness is equal to {t:eq}")
def _cda_toughness(ctx: Context, t: Amount) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cda_pt", SELF, (None, t)),)


def _type_addition(ctx: Context, text: str) -> tuple | None:
    """ "is a Swamp in addition to its other land types" (Urborg), "are enchantments in addition to their
    other types" (Enchanted Evening), "are every basic land type in addition to their other types" (Prismatic
    Omen), "is the chosen type in addition to its other types" (Xenograft): layer 4 params (205.1b: the old
    types stay; 305.6: each basic land type gives its mana ability)."""
    if re.fullmatch(r"(?:is|are) every basic land type in addition to (?:its|their) other types", text):
        return (("subtypes", ("Plains", "Island", "Swamp", "Mountain", "Forest")),)
    if re.fullmatch(r"(?:is|are) the chosen type in addition to (?:its|their) other types", text):
        return (("chosen_subtype", "creature_type"),)      # Xenograft: the creature type chosen as it entered (614.12)
    m = re.match(r"^(?:is|are) (?:an? )?([\w'-]+) in addition to (?:its|their) other (land |creature )?types$", text)
    if not m:
        return None
    word = singular(m.group(1).lower())[0]
    if word in CARD_TYPES and not m.group(2):
        return (("types", (CARD_TYPES[word],)),)
    st = subtype_of(word)
    if st is None or (m.group(2) == "land " and st not in LAND_TYPES) or (
            m.group(2) == "creature " and st not in CREATURE_TYPES):
        return None
    return (("subtypes", (st,)),)


S.parsers["adds"] = _type_addition


@S.rule("{a:aff} isn't a creature")
def _not_a_creature(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 205.1a, layer 4: the type is removed (the Theros gods, while the devotion is short)
    return (StaticAbility("lose_types", a, (("types", ("Creature",)),)),)


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


@S.rule("~ can't have counters put on it")
def _cant_have_counters(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 122.1, 101.2: no counter is put on it, whatever instruction or replacement would put one (engine.board.damage)
    return (StaticAbility("cant_have_counters", SELF),)


@S.rule("skip your draw step")
def _skip_draw_step(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 614.10, 614.1b: the draw step doesn't happen for its controller (engine.loop.turn.next_step)
    return (StaticAbility("skip_draw_step", Ref("you")),)


@S.rule("you have no maximum hand size")
def _no_maximum_hand_size(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 402.2: an effect may say a player has no maximum hand size (read at cleanup, 514.1).
    return (StaticAbility("no_maximum_hand_size", Ref("you")),)


def _hand_size_change(whose: str, sign: int):
    def build(ctx: Context, n: int) -> tuple[StaticAbility, ...] | None:
        # 402.2: a change to the maximum hand size, read at cleanup (514.1).
        return (StaticAbility("maximum_hand_size_change", Ref(whose), (sign * n,)),)
    return build


for _whose, _words in (("you", "your"), ("each_opponent", "each opponent's")):
    for _sign, _verb in ((1, "increased"), (-1, "reduced")):
        S.rule(f"{_words} maximum hand size is {_verb} by {{n:num}}")(_hand_size_change(_whose, _sign))


S.parsers["hand_owner"] = lambda ctx, t: {"your": YOU, "each opponent's": Ref("each_opponent"),
                                          "the chosen player's": Ref("chosen_player")}.get(t)


@S.rule("{who:hand_owner} maximum hand size is {n:num}", "{who:hand_owner} maximum hand size is equal to {a:eq}")
def _hand_size_set(ctx: Context, who: Ref, n: int | None = None, a: Amount | None = None
                   ) -> tuple[StaticAbility, ...] | None:
    # 402.2: "Your maximum hand size is two", "... equal to the number of hour counters on ~", "The chosen player's
    # maximum hand size is four": a number read at cleanup (514.1); with the changes, in timestamp order (613.11)
    return (StaticAbility("maximum_hand_size_set", who, (Amount.const(n) if a is None else a,)),)


@S.rule("you have hexproof")
def _player_hexproof(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("player_hexproof", Ref("you")),)       # 702.11c


_UNSPENT = {"unspent mana": "WUBRGC", **{f"unspent {w} mana": c.value for w, c in WORD_COLORS.items()}}
S.parsers["unspent"] = lambda ctx, t: _UNSPENT.get(t)
S.parsers["keepers"] = lambda ctx, t: {"you": YOU, "players": Ref("each_player")}.get(t)


@S.rule("if you would lose unspent mana, that mana becomes colorless instead")
def _unspent_mana_colorless(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 500.4, 614.1a: the mana its controller's pool would lose as a step or phase ends stays, colorless
    # (engine.loop.turn's emptying of the pools)
    return (StaticAbility("unspent_mana_colorless", YOU),)


@S.rule("{who:keepers} don't lose {m:unspent} as steps and phases end")
def _keeps_unspent_mana(ctx: Context, who: Ref, m: str) -> tuple[StaticAbility, ...] | None:
    # 500.4, 106.4: the mana of these colors stays in the player's mana pool as each step and phase ends
    return (StaticAbility("keeps_unspent_mana", who, (("colors", tuple(m)),)),)


@S.rule("you may spend mana as though it were mana of any color")
def _spend_as_any_color(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("spend_as_any_color", YOU),)      # 609.4b (engine.effects.payment.paid_as)


S.parsers["mana_kind"] = lambda ctx, t: t if t in ("color", "type") else None


@S.rule("you may spend mana as though it were mana of any {kind:mana_kind} to cast {s:spells}")
def _spend_as_any_for(ctx: Context, kind: str, s: Filter) -> tuple[StaticAbility, ...] | None:
    # 609.4b: only as the player pays the total cost of such a spell, found as the card is cast (the characteristics a
    # proposal's choices could change aren't read, as for flash: engine.effects.payment.spell_paid_as)
    return (StaticAbility("spend_as_any_color", YOU, (("spells", s), ("mana", kind))),) if flash_filter(s) else None


@S.rule("players may spend mana as though it were mana of any color")
def _players_spend_as_any_color(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("spend_as_any_color", Ref("each_player")),)


@S.rule("you and {a:aff} have {kw:kw}")
def _you_and_others_have(ctx: Context, a: Ref, kw: tuple[Keyword, ...]) -> tuple[StaticAbility, ...] | None:
    # "You and Humans you control have hexproof": the player's hexproof or shroud (702.11c, 702.18a), and the grant
    names = [k.name for k in kw]
    if len(names) != 1 or names[0] not in ("hexproof", "shroud") or kw[0].param:
        return None
    return (StaticAbility("player_" + names[0], Ref("you")), StaticAbility("grant", a, kw))


@S.rule("you have shroud")
def _player_shroud(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("player_shroud", Ref("you")),)         # 702.18a


@S.rule("you may cast ~ from your graveyard", "you may cast ~ from your graveyard if {c:cond}",
        "you may cast ~ from your graveyard as long as {c:cond}",
        "you may cast ~ from your graveyard by {cost:paying} in addition to paying its other costs")
def _cast_self_from_graveyard(ctx: Context, c: Condition | None = None, cost: Cost | None = None,
                              ) -> tuple[StaticAbility, ...] | None:
    # 601.3, 113.6k: a permission working from the graveyard, its condition checked as the card is cast; "by paying 3
    # life and discarding a card in addition to ...": costs added when it is cast this way (engine.rules.graveyard_casts)
    return (StaticAbility("cast_self_from_graveyard", SELF, (("cost", cost),) if cost else (), condition=c),)


def paying_cost(text: str) -> Cost | None:
    """ "paying 3 life and discarding a card": a cost said with gerunds."""
    verbs = {"paying": "pay", "discarding": "discard", "sacrificing": "sacrifice", "exiling": "exile",
             "tapping": "tap", "returning": "return", "removing": "remove"}
    words = text.split()
    if not words or words[0] not in verbs:
        return None
    return parse_cost(" ".join(verbs.get(w, w) for w in words))


@S.rule("the \"legend rule\" doesn't apply", "the \"legend rule\" doesn't apply to permanents you control")
def _no_legend_rule(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 704.5j doesn't apply to anyone's permanents, or to those of the controller of the source (engine.rules.sba)
    mine = ctx.flags.get("sentence", "").lower().endswith("permanents you control")
    return (StaticAbility("no_legend_rule", YOU if mine else Ref("each_player")),)


@S.rule("you may play an additional land on each of your turns")
def _additional_land(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 305.2a: an effect may allow a player to play additional lands (read by engine.rules.land_play).
    return (StaticAbility("additional_land_play", Ref("you")),)


@S.rule("each player may play an additional land (on|during) each of their turns")
def _each_player_additional_land(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("additional_land_play", Ref("each_player")),)       # 305.2a: every player, on their turns


@S.rule("you may play {n:num} additional lands on each of your turns")
def _additional_lands(ctx: Context, n: int) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("additional_land_play", Ref("you"), (n,)),)       # 305.2a: that many more


@S.rule("~ enters with {n:num} {k:ckind} counter[s] on it")
def _enters_with_counters(ctx: Context, n: int, k: str) -> tuple[StaticAbility, ...] | None:
    # 614.1c: a replacement effect on how it enters.
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),)),)


def _one_counter(ctx: Context, text: str) -> str | None:
    """ "a deathtouch counter", "an indestructible counter": the kind of one counter."""
    m = re.match(r"^an? (.+) counter$", text)
    return counter_kind(ctx, m.group(1)) if m else None


def _counter_kinds(ctx: Context, text: str) -> tuple[str, ...] | None:
    """ "menace, deathtouch, and lifelink": the kinds of counter named."""
    kinds = tuple(counter_kind(ctx, k) for k in re.split(r", and |, or |, | and | or ", text))
    return kinds if len(kinds) > 1 and None not in kinds and len(set(kinds)) == len(kinds) else None


S.parsers["one_counter"] = _one_counter
S.parsers["counter_kinds"] = _counter_kinds


def _enters_with_chosen(options: list[tuple[str, ...]]) -> tuple[StaticAbility, ...]:
    """614.12, 614.1c: the counters chosen as it enters (engine.effects.entering) are put on it as it does."""
    labels = tuple(" and ".join(f"a {k} counter" for k in kinds) for kinds in options)
    return (StaticAbility("enters_choice", SELF, (("key", "counters"), ("options", labels))),) + tuple(
        StaticAbility("enters_with_counters", SELF, (("counters", tuple((k, 1) for k in kinds)),),
                      Condition("chose", key="counters", value=i)) for i, kinds in enumerate(options))


@S.rule("~ enters with your choice of {a:one_counter} or {b:one_counter} on it")
def _enters_with_counter_of_choice(ctx: Context, a: str, b: str) -> tuple[StaticAbility, ...] | None:
    # "~ enters with your choice of a flying counter or a hexproof counter on it"
    return _enters_with_chosen([(a,), (b,)]) if a != b else None


@S.rule("~ enters with your choice of two different counters on it from among {ks:counter_kinds}")
def _enters_with_two_counters_of_choice(ctx: Context, ks: tuple[str, ...]) -> tuple[StaticAbility, ...] | None:
    return _enters_with_chosen(list(combinations(ks, 2)))


@S.rule("{a:aff} enter[s] with an additional {k:ckind} counter on it",
        "{a:aff} enter with an additional {k:ckind} counter on them",
        "{a:aff} enter[s] with {n:num} additional {k:ckind} counters on it",
        "{a:aff} enter with {n:num} additional {k:ckind} counters on them")
def _others_enter_with_counters(ctx: Context, a: Ref, k: str, n: int = 1) -> tuple[StaticAbility, ...] | None:
    # 614.1c: "Each other Rogue creature you control enters with an additional +1/+1 counter on it": a replacement
    # effect on how each permanent of the group enters (614.12: checked as the permanent would be on the battlefield;
    # engine.effects.static_replacements).
    if a.kind != "all" or a.filter is None:
        return None
    return (StaticAbility("others_enter_with_counters", a, (("counters", ((k, n),)),)),)


@S.rule("~ escapes with {n:num} {k:ckind} counter[s] on it")
def _escapes_with_counters(ctx: Context, n: int, k: str) -> tuple[StaticAbility, ...] | None:
    # 702.138c: "if this permanent escaped, it enters with ..." (702.138d: cast with its escape cost)
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),), condition=Condition("escaped")),)


@S.rule("if {c:cond}, (it|~) enters with {n:count} {k:ckind} counter[s] on it",
        "~ enters with {n:count} {k:ckind} counter[s] on it if {c:cond}",
        "if {c:cond}, (it|~) enters with an additional {n:count} {k:ckind} counter[s] on it")
def _enters_with_counters_if(ctx: Context, c: Condition, n: Amount, k: str) -> tuple[StaticAbility, ...] | None:
    # 614.1c with a condition checked as it enters ("If ~ was kicked", "if a creature died this turn").
    count = n.value if n.kind == "const" else n
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, count),)),), condition=c),)


@S.rule("~ enters with {n:count} {k:ckind} counter[s] on it unless {c:cond}")
def _enters_with_counters_unless(ctx: Context, c: Condition, n: Amount, k: str) -> tuple[StaticAbility, ...] | None:
    # 614.1c: "~ enters with two -1/-1 counters on it unless you've cast another red spell this turn" (Hotheaded Giant)
    return _enters_with_counters_if(ctx, replace(c, negate=not c.negate), n, k)


@S.rule("if {c:cond}, (it|~) enters with {n:count} {k:ckind} counter[s] on it and with {g:kw}",
        "if {c:cond}, (it|~) enters with {n:count} {k:ckind} counter[s] on it and with {q:quoted}")
def _enters_with_counters_and_abilities_if(ctx: Context, c: Condition, n: Amount, k: str,
                                           g: tuple[Keyword, ...] = (), q: tuple[str, ...] = (),
                                           ) -> tuple[StaticAbility, ...] | None:
    # 614.1c: "If ~ was kicked, it enters with two +1/+1 counters on it and with flying": as it enters, it gets the
    # counters and an effect that gives it the ability from then on (611.2a, 613.1f: it outlasts losing its own).
    gains = (Grant(SELF, g, "permanent"),) if g else (
        ApplyContinuous(SELF, (("kind", "grant_abilities"), ("texts", q)), "permanent"),)
    return _enters_with_counters_if(ctx, c, n, k) + (StaticAbility("enters_with_effects", SELF, (("effects", gains),),
                                                                   condition=c),)


_PAY_LIFE_OR_TAPPED = re.compile(r"^as ~ enters, you may pay (\d+) life\. if you don't, it enters tapped\.?$")


_SACRIFICE_TO_ENTER = re.compile(r"^if ~ would enter, sacrifice (.+?) instead\. if you do, put ~ onto the battlefield\. "
                                 r"if you don't, put it into its owner's graveyard\.?$")


_SACRIFICE_SAME_NAME_TO_ENTER = re.compile(r"^if ~ would enter, instead sacrifice each other permanent named ~ you control, "
                                           r"then put ~ onto the battlefield\.?$")


def sacrifice_to_enter(line: str) -> tuple[StaticAbility, ...] | None:
    """ "If ~ would enter, sacrifice a Forest instead. If you do, put ~ onto the battlefield. If you don't, put it into
    its owner's graveyard." (Heart of Yavimaya): a replacement effect of its own on its entering (614.1a, 614.12): its
    controller sacrifices the permanents chosen as it would enter, then it enters (614.5: not replaced again); with
    too few to sacrifice, it goes to its owner's graveyard instead (engine.effects.static_replacements)."""
    if _SACRIFICE_SAME_NAME_TO_ENTER.match(line.strip().lower()):
        # "If ~ would enter, instead sacrifice each other permanent named ~ you control, then put ~ onto the
        # battlefield." (Sheltered Valley): all of them, none chosen; it always enters ("count" 0: every one)
        return (StaticAbility("enters_by_sacrificing", SELF, (("filter", Filter(permanent=True)), ("count", 0),
                                                              ("same_name", True))),)
    m = _SACRIFICE_TO_ENTER.match(line.strip().lower())
    cost = parse_cost("sacrifice " + m.group(1)) if m else None
    if cost is None or cost.sacrifice is None or cost != Cost(sacrifice=cost.sacrifice,
                                                              sacrifice_count=cost.sacrifice_count, text=cost.text):
        return None
    return (StaticAbility("enters_by_sacrificing", SELF, (("filter", cost.sacrifice),
                                                          ("count", cost.sacrifice_count))),)


def pay_life_or_enters_tapped(line: str) -> tuple[StaticAbility, ...] | None:
    """ "As ~ enters, you may pay 2 life. If you don't, it enters tapped.": a choice as it enters (614.12), the
    life paid as it does (119.4: only with that much life), or it enters tapped (614.1c)."""
    m = _PAY_LIFE_OR_TAPPED.match(line.strip().lower())
    if m is None:
        return None
    life = int(m.group(1))
    return (StaticAbility("enters_choice", SELF, (("key", "pay_life"), ("options", (f"pay {life} life", "enter tapped")),
                                                  ("life", life))),
            StaticAbility("enters_tapped", SELF, condition=Condition("chose", key="pay_life", value=1)))


_REVEAL_OR_TAPPED = re.compile(r"^as ~ enters, you may reveal an? (.+?) card from your hand\. if you don't, (?:it|~) "
                               r"enters tapped\.?$")


def reveal_or_enters_tapped(line: str) -> tuple[StaticAbility, ...] | None:
    """ "As ~ enters, you may reveal a Plains or Island card from your hand. If you don't, ~ enters tapped.": a choice
    as it enters (614.12), offered only with such a card in hand (701.20a), or it enters tapped (614.1c)."""
    m = _REVEAL_OR_TAPPED.match(line.strip().lower())
    d = parse_desc(m.group(1) + " card") if m else None
    if d is None or d.zone or d.nouns & {"player", "opponent"}:
        return None
    return (StaticAbility("enters_choice", SELF, (("key", "reveal"), ("options", (f"reveal a {m.group(1)} card",
                                                                                  "enter tapped")),
                                                  ("reveal", object_filter(d)))),
            StaticAbility("enters_tapped", SELF, condition=Condition("chose", key="reveal", value=1)))


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


@S.rule("~ enters with a number of {k:ckind} counters on it equal to {n:eq}")
def _enters_with_counters_equal_to(ctx: Context, k: str, n: Amount) -> tuple[StaticAbility, ...] | None:
    # 614.1c, 107.3a: "~ enters with a number of loyalty counters on it equal to the number of lands you control"
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),)),)


@S.rule("~ enters tapped with {n:num} {k:ckind} counter[s] on it",
        "~ enters tapped and with {n:num} {k:ckind} counter[s] on it")
def _enters_tapped_with_counters(ctx: Context, n: int, k: str) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("enters_tapped", SELF), StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),)))


@S.rule("~ enters with x {k:ckind} counter[s] on it")
def _enters_with_x_counters(ctx: Context, k: str) -> tuple[StaticAbility, ...] | None:
    # 107.3m: X is the value paid as it was cast, or what a "where X is" phrase says, read as it enters.
    return (StaticAbility("enters_with_counters", SELF, (("counters", ((k, ctx.flags.get("x", X)),)),)),)


@S.rule("you may have ~ enter as a copy of any {d:desc} on the battlefield",
        "you may have ~ enter as a copy of any {d:desc} on the battlefield, except {x:copy_except}")
def _clone(ctx: Context, d: tuple[Amount, Filter], x: tuple = ()) -> tuple[StaticAbility, ...] | None:
    # 707.9: a copy effect as it enters (a replacement effect, 614.1c); the engine asks. The exceptions ("except it's
    # 7/7") are part of its copiable values (707.9b).
    exceptions = (("exceptions", x),) if x else ()
    return (StaticAbility("enters_as_copy", SELF, (("filter", d), ("optional", True)) + exceptions),)


@S.rule("if ~ is in your opening hand, you may begin the game with it on the battlefield")
def _leyline(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("opening_hand_battlefield", SELF),)


@S.rule("if {w:whose} would be put into {g:gy} graveyard from anywhere, exile (it|that card) instead")
def _graveyard_to_exile(ctx: Context, w: Filter, g: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a: a replacement effect; `whose` says which cards it watches.
    return (StaticAbility("graveyard_to_exile", Ref("all", filter=w), (("owner", g),)),)


@S.rule("if {d:desc} would enter and it wasn't cast, exile it instead")
def _uncast_entering_exiled(ctx: Context, d: Filter) -> tuple[StaticAbility, ...] | None:
    """614.1a: a permanent of the kind entering from anywhere but as a spell that was cast resolving is exiled
    instead (engine.board.replacement.exiled_instead_of_entering)."""
    return (StaticAbility("uncast_entering_exiled", Ref("all", filter=d)),)


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


S.parsers.update(dmg_sources=damage_sources_named, dmg_to=damage_recipients, dmg_change=damage_change,
                 same_to=named_again)


def _changed_damage(ctx: Context, s: tuple[tuple[Filter, bool], ...], c: tuple[str, int],
                    to: tuple[str | None, Filter | None] = ("any", Filter()), least: int = 1,
                    same: str = "", combat: bool | None = None) -> tuple[StaticAbility, ...] | None:
    """614.1a: "If a red source you control would deal damage to an opponent or a permanent an opponent controls, it
    deals that much damage plus 2 instead" (Torbran), "... double that damage ..." (Furnace of Rath), "If a source
    would deal 4 or more damage to a permanent or player, that source deals 3 damage ... instead" (Divine Presence):
    the sources and recipients are checked as the damage would be dealt (engine.effects.prevention)."""
    if not same_recipient(to, same):
        return None
    return (StaticAbility("modifies_damage", params=(("change", c), ("sources", s or None), ("to_players", to[0]),
                                                     ("to_permanents", to[1]), ("at_least", least),
                                                     ("combat", combat))),)


for _kind, _combat in (("damage", None), ("combat damage", True), ("noncombat damage", False)):
    S.rule(f"if {{s:dmg_sources}} would deal [{{least:num}} or more ]{_kind} to {{to:dmg_to}}, (it|that source) deals "
           f"{{c:dmg_change}} to {{same:same_to}} instead",
           f"if {{s:dmg_sources}} would deal [{{least:num}} or more ]{_kind} to {{to:dmg_to}}, (it|that source) deals "
           f"{{c:dmg_change}} instead",
           f"if {{s:dmg_sources}} would deal [{{least:num}} or more ]{_kind}, (it|that source) deals {{c:dmg_change}} "
           f"instead")(lambda ctx, _c=_combat, **slots: _changed_damage(ctx, combat=_c, **slots))


_ATTACHED_HOST = {"equipped creature": "equipped", "enchanted creature": "enchanted"}
S.parsers["host"] = lambda ctx, t: _ATTACHED_HOST.get(t)


@S.rule("if {h:host} would deal combat damage, it deals {c:dmg_change} instead")
def _host_deals_changed(ctx: Context, h: str, c: tuple[str, int]) -> tuple[StaticAbility, ...] | None:
    """614.1a: "If equipped creature would deal combat damage, it deals double that damage instead" (Inquisitor's
    Flail): the damage of the permanent the source is attached to, as it would be dealt (engine.effects.prevention)."""
    return (StaticAbility("modifies_damage", params=(("change", c), ("sources", None), ("to_players", "any"),
                                                     ("to_permanents", Filter()), ("at_least", 1), ("combat", True),
                                                     ("by_host", True))),)


@S.rule("if {s:dmg_sources} would deal combat damage to {h:host}, it deals {c:dmg_change} to {h2:host} instead")
def _dealt_to_host_changed(ctx: Context, s: tuple[tuple[Filter, bool], ...], h: str, c: tuple[str, int],
                           h2: str) -> tuple[StaticAbility, ...] | None:
    """614.1a: "If another creature would deal combat damage to equipped creature, it deals double that damage to
    equipped creature instead" (Inquisitor's Flail): the damage dealt to the permanent the source is attached to."""
    if h2 != h:
        return None
    return (StaticAbility("modifies_damage", params=(("change", c), ("sources", s or None), ("to_players", None),
                                                     ("to_permanents", None), ("at_least", 1), ("combat", True),
                                                     ("to_host", True))),)


def _damaged(ctx: Context, text: str) -> tuple[str | None, Filter | None] | str | None:
    """Whose damage an instruction replaces: "~" ("self"), or the players and permanents of damage_recipients. What the
    instruction's "it" / "that creature" and "that player" then name: ~, or the one the damage would be dealt to."""
    found = "self" if text == "~" else damage_recipients(ctx, text)
    if found is not None:
        ctx.last, ctx.last_player = ((SELF,) if found == "self" else (Ref("event"),)), Ref("event")
    return found


# What may be done instead of damage, or with damage prevented (615.5): counters put on or removed, cards milled or
# exiled from the top of a library. None of them asks a question, so they can be carried out inside the damage event.
_INSTEAD_OF_DAMAGE = (PutCounters, RemoveCounters, Mill, ExileTop)


def _instead_of_damage(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """ "put that many -1/-1 counters on that creature", "mill twice that many cards": "that many" is the damage."""
    ctx.flags["that_many"] = ctx.flags["that_much"] = Amount("event_amount")
    e = parse_effects(ctx, text)
    return e if e and all(isinstance(x, _INSTEAD_OF_DAMAGE) for x in e) else None


S.parsers["damaged"] = _damaged
S.parsers["instead_of_damage"] = _instead_of_damage


def _damage_replaced(prevent: bool, combat: bool | None):
    """614.1a: "If damage would be dealt to you, put that many depletion counters on ~ instead" (Force Bubble), "If a
    source you control would deal noncombat damage to a creature an opponent controls, put that many -1/-1 counters on
    that creature instead" (Soul-Scar Mage); 615.1a, 615.5: "If damage would be dealt to ~, prevent that damage and
    remove that many +1/+1 counters from it" (Protean Hydra), which damage that can't be prevented gets past (615.12).
    engine.effects.prevention carries the instruction out in place of the damage."""
    def build(ctx: Context, to: tuple[str | None, Filter | None] | str, e: tuple[Effect, ...],
              s: tuple[tuple[Filter, bool], ...] = ()) -> tuple[StaticAbility, ...] | None:
        to_self = to == "self"
        players, perms = (None, None) if to_self else to
        return (StaticAbility("damage_instead", params=(
            ("effects", e), ("prevent", prevent), ("sources", s or None), ("to_self", to_self), ("to_players", players),
            ("to_permanents", perms), ("combat", combat))),)
    return build


for _kind, _combat in (("damage", None), ("combat damage", True), ("noncombat damage", False)):
    S.rule(f"if {_kind} would be dealt to {{to:damaged}}, {{e:instead_of_damage}} instead",
           f"if {{s:dmg_sources}} would deal {_kind} to {{to:damaged}}, {{e:instead_of_damage}} instead")(
        _damage_replaced(False, _combat))
    S.rule(f"if {_kind} would be dealt to {{to:damaged}}, prevent that damage and {{e:instead_of_damage}}",
           f"if {{s:dmg_sources}} would deal {_kind} to {{to:damaged}}, prevent that damage and {{e:instead_of_damage}}")(
        _damage_replaced(True, _combat))
@S.rule("if damage would be dealt to ~ while {c:selfcond}, prevent that damage and {e:instead_of_damage}")
def _damage_replaced_while(ctx: Context, c: Condition, e: tuple[Effect, ...]) -> tuple[StaticAbility, ...] | None:
    """615.1a, 615.5: "If damage would be dealt to ~ while it has a +1/+1 counter on it, prevent that damage and remove
    that many +1/+1 counters from it" (Polukranos, Unchained): only while the condition holds as the damage would be
    dealt."""
    ctx.last, ctx.last_player = (SELF,), Ref("event")
    made = _damage_replaced(True, None)(ctx, "self", e)
    return tuple(replace(st, condition=c) for st in made)


S.rule("if {to:damaged} would be dealt damage, prevent that damage and {e:instead_of_damage}")(
    _damage_replaced(True, None))


_PREVENT_THEN_REMOVE = re.compile(r"^if damage would be dealt to ~, prevent that damage\. remove an? (.+?) counter from ~\.?$")


def prevent_then_remove_counter(line: str) -> tuple[StaticAbility, ...] | None:
    """ "If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~." (Phantom Wurm): a prevention
    effect with an additional effect (615.5), which takes place once for each damage event, however many sources
    deal damage at once, and also when the damage can't be prevented (615.12: then only the removal happens)."""
    m = _PREVENT_THEN_REMOVE.match(line.strip().lower())
    kind = counter_kind(Context(), m.group(1)) if m else None
    if kind is None:
        return None
    return (StaticAbility("damage_instead", params=(
        ("effects", (RemoveCounters(SELF, kind),)), ("prevent", True), ("sources", None), ("to_self", True),
        ("to_players", None), ("to_permanents", None), ("combat", None), ("once_per_event", True))),)


def _shielded(ctx: Context, text: str) -> Ref | None:
    """Whose damage a static prevention effect names: "~", "enchanted creature", "creatures you
    control", or "you"."""
    return YOU if text == "you" else _affected(ctx, text)


def _damage_sources(ctx: Context, text: str) -> Filter | None:
    """The sources of "prevent all damage that would be dealt to ~ by artifact sources / creatures / enchanted
    creatures"."""
    if text.startswith("enchanted "):
        r = _affected(ctx, text)
        return r.filter if r is not None and r.kind == "all" else None
    d = parse_desc(text)
    return None if d is None or d.nouns & {"player", "opponent", "card"} else object_filter(d)


S.parsers["shielded"] = _shielded
S.parsers["dsources"] = _damage_sources


def _static_prevention(combat: bool, to: bool, by: bool):
    """615.1a, 615.12: a static prevention effect on damage dealt to and/or by the objects or player it
    names; with a sources filter, only damage from matching sources is prevented."""
    def build(ctx: Context, a: Ref, s: Filter | None = None) -> tuple[StaticAbility, ...] | None:
        return (StaticAbility("prevents_damage", a, (("combat", combat), ("to", to), ("by", by), ("sources", s))),)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    S.rule(f"prevent all {_kind} that would be dealt to {{a:shielded}}",
           f"prevent all {_kind} that would be dealt to {{a:shielded}} by {{s:dsources}}")(
        _static_prevention(_combat, True, False))
    S.rule(f"prevent all {_kind} that would be dealt by {{a:shielded}}")(_static_prevention(_combat, False, True))
    S.rule(f"prevent all {_kind} that would be dealt to and dealt by {{a:shielded}}",
           f"prevent all {_kind} that would be dealt to and by {{a:shielded}}")(_static_prevention(_combat, True, True))
S.rule("if damage would be dealt to {a:shielded}, prevent that damage")(_static_prevention(False, True, False))
S.rule("if noncombat damage would be dealt to {a:shielded}, prevent that damage")(
    lambda ctx, a: tuple(replace(st, params=st.params + (("noncombat", True),))
                         for st in _static_prevention(False, True, False)(ctx, a)))


def _shielded_together(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """ "you and creatures you control", "Spirits you control": each that a static prevention names."""
    m = re.match(r"^you and (.+)$", text)
    rest = _shielded(ctx, m.group(1)) if m else None
    one = None if m else _shielded(ctx, text)
    return (YOU, rest) if rest is not None else (one,) if one is not None else None


S.parsers["shielded_together"] = _shielded_together


@S.rule("prevent all noncombat damage that would be dealt to {a:shielded_together}")
def _prevent_noncombat(ctx: Context, a: tuple[Ref, ...]) -> tuple[StaticAbility, ...] | None:
    # 615.1a: only damage that isn't combat damage (510.2) is prevented
    return tuple(StaticAbility("prevents_damage", r, (("combat", False), ("to", True), ("by", False), ("sources", None),
                                                      ("noncombat", True))) for r in a)


def _sources_about_self(ctx: Context, text: str) -> Filter | None:
    """ "creatures it's blocking", "creatures blocking it" in "... dealt to ~ by <sources>": "it" is ~ (509.1); "spells
    that target it" (115.9b)."""
    if text.endswith(" that target it"):
        return _damage_sources(ctx, text[:-len("it")] + "~")
    m = re.match(r"^(.+) (blocking it|it's blocking)$", text)
    return None if m is None else _damage_sources(
        ctx, m.group(1) + (" blocking ~" if m.group(2) == "blocking it" else " ~ is blocking"))


S.parsers["self_dsources"] = _sources_about_self
for _kind, _combat in (("combat damage", True), ("damage", False)):
    S.rule(f"prevent all {_kind} that would be dealt to ~ by {{s:self_dsources}}")(
        lambda ctx, s, _build=_static_prevention(_combat, True, False): _build(ctx, SELF, s))


@S.rule("prevent all damage that ~ would deal to {r:dsources}")
def _prevent_dealt_to_group(ctx: Context, r: Filter) -> tuple[StaticAbility, ...] | None:
    # 615.1a: the damage the source would deal to a permanent of the group, checked as it is dealt
    return (StaticAbility("prevents_damage", SELF, (("combat", False), ("to", False), ("by", True), ("sources", None),
                                                    ("recipients", r))),)


def _a_damage_source(ctx: Context, text: str) -> Filter | None:
    """ "a source", "a black source", "a source an opponent controls", "a creature": what deals the damage a static
    "prevent N of that damage" names."""
    m = re.match(r"^an? (.+)$", text)
    return None if m is None else _damage_sources(ctx, m.group(1))


def _each_shielded(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """ "you", "equipped creature", "a planeswalker you control", "you or a creature you control": each thing a
    damage event the shield applies to may be dealt to."""
    out = []
    for part in text.split(" or "):
        m = re.match(r"^an? (.+)$", part)
        d = parse_desc(m.group(1)) if m else None
        r = (Ref("all", filter=object_filter(d)) if d is not None and not d.nouns & {"player", "opponent", "card"}
             else None) if m else _shielded(ctx, part)
        if r is None:
            return None
        out.append(r)
    return tuple(out)


S.parsers["a_dsource"] = _a_damage_source
S.parsers["each_shielded"] = _each_shielded
S.parsers["prevented"] = lambda ctx, t: ctx.flags.get("x") if t == "x" else (
    Amount.const(number(t)) if number(t) is not None else None)


@S.rule("if {src:a_dsource} would deal damage to {a:each_shielded}, prevent {n:prevented} of that damage")
def _prevent_some(ctx: Context, src: Filter, a: tuple[Ref, ...], n: Amount) -> tuple[StaticAbility, ...] | None:
    """615.10: "If a source would deal damage to you, prevent 1 of that damage": each damage event it applies to
    loses that much of its damage, whatever other events happen at the same time."""
    sources = None if src == Filter() else src
    return tuple(StaticAbility("prevents_damage", r, (("combat", False), ("to", True), ("by", False),
                                                      ("sources", sources), ("amount", n))) for r in a)


S.parsers["redirect_to"] = lambda ctx, t: {"~": SELF, "enchanted creature": Ref("enchanted"),
                                           "equipped creature": Ref("equipped")}.get(t)


@S.rule("all damage that would be dealt to you is dealt to {to:redirect_to} instead",
        "all damage that would be dealt to you and {perms:aff} is dealt to {to:redirect_to} instead")
def _redirects_damage(ctx: Context, to: Ref, perms: Ref | None = None) -> tuple[StaticAbility, ...] | None:
    # 614.9: engine.effects.prevention moves the damage; "and other permanents you control" (Palisade Giant): theirs
    # too, each checked as the damage would be dealt
    if perms is not None and (perms.kind != "all" or perms.filter is None or perms.filter.controller != "you"):
        return None
    return (StaticAbility("redirects_damage", to, (("permanents", perms.filter),) if perms else ()),)


def _redirects_from(combat: bool):
    """614.9: "all [combat] damage that would be dealt to you by unblocked creatures is dealt to ~ instead": only the
    damage of the sources of the group (checked as it is dealt, as a prevention's group: oracle.replacements)."""
    def build(ctx: Context, to: Ref, s: Filter) -> tuple[StaticAbility, ...] | None:
        if not checked_as_dealt(Ref("all", filter=s), combat):
            return None
        return (StaticAbility("redirects_damage", to, (("combat", combat), ("sources", s))),)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    S.rule(f"all {_kind} that would be dealt to you by {{s:dsources}} is dealt to {{to:redirect_to}} instead")(
        _redirects_from(_combat))


# Permissions on the top card of its controller's library (401.5 hidden zone): looking at it any time, and
# playing it: a land as the turn's land play (305.1), a spell cast as from the hand with its usual timing (601.2a,
# engine.rules.library_top).
@S.rule("you may look at the top card of your library any time")
def _look_at_top(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("look_at_top", YOU),)


# 401.5, 701.18c: a player plays with the top card of their library revealed, or their hand (Telepathy): every
# player sees it (engine.loop.view).
@S.rule("play with the top card of your library revealed")
def _top_revealed(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("top_revealed", YOU),)


@S.rule("players play with the top card of their libraries revealed")
def _tops_revealed(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("top_revealed", Ref("each_player")),)


@S.rule("{who:caster} play with their hands revealed")
def _hands_revealed(ctx: Context, who: Ref) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("hand_revealed", who),) if who.kind in ("each_opponent", "each_player") else None


@S.rule("play with your hand revealed")
def _your_hand_revealed(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("hand_revealed", YOU),)        # 400.2: its controller's hand shown to every player


@S.rule("you may play lands from the top of your library")
def _play_lands_from_top(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("play_from_top", YOU, (("lands", True), ("spells", None))),)


S.parsers["attach_to"] = lambda ctx, t: (object_filter(d) if (d := parse_desc(re.sub(r"^(?:a|an) ", "", t)))
                                         is not None and d.nouns == {"creature"} and not d.zone else None)


@S.rule("~ can be attached only to {d:attach_to}")
def _attach_only(ctx: Context, d: Filter) -> tuple[StaticAbility, ...] | None:
    # 701.3a-b, 704.5n: a restriction of the Equipment itself (engine.query.targets.attach_allowed)
    return (StaticAbility("attach_only", SELF, (d,)),)


@S.rule("you may play lands from your graveyard")
def _play_lands_from_graveyard(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 305.1, 601.3: a land card in its controller's graveyard may be their land play (engine.rules.graveyard_casts)
    return (StaticAbility("play_lands_from_graveyard", YOU),)


def _cast_from_graveyard(lands: bool):
    def rule(ctx: Context, f: Filter) -> tuple[StaticAbility, ...] | None:
        # 601.3, 305.1: spells of that kind (and lands, if said) from its controller's graveyard, cast with their
        # usual timing and costs (engine.rules.graveyard_casts); not what the proposal's choices could change (601.3a)
        if f.controller or f.min_mana_value is not None or f.max_mana_value is not None:
            return None
        return (StaticAbility("play_lands_from_graveyard", YOU),) * lands + (
            StaticAbility("cast_from_graveyard", YOU, (("spells", f),)),)
    return rule


S.rule("you may cast {f:spells} from your graveyard")(_cast_from_graveyard(False))
S.rule("you may play lands and cast {f:spells} from your graveyard")(_cast_from_graveyard(True))


@S.rule("you may cast {f:spells} from the top of your library")
def _cast_from_top(ctx: Context, f: Filter, lands: bool = False) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("play_from_top", YOU, (("lands", lands), ("spells", f))),)


@S.rule("you may play lands and cast {f:spells} from the top of your library")
def _play_lands_and_cast_from_top(ctx: Context, f: Filter) -> tuple[StaticAbility, ...] | None:
    # the lands too (Experimental Frenzy, Future Sight): a land as the turn's land play (305.1)
    return _cast_from_top(ctx, f, lands=True)


@S.rule("during each of your turns, you may cast {f:spell_card} from your graveyard")
def _cast_from_graveyard_each_turn(ctx: Context, f: Filter) -> tuple[StaticAbility, ...] | None:
    # one spell of that kind each of your turns, by this permission (engine.rules.graveyard_casts, 601.3)
    return (StaticAbility("cast_from_graveyard_each_turn", YOU, (("spells", f),)),)


# 614.1a: replacement effects on its controller's events: each draw replaced by two (121.6,
# engine.board.zones.draw), life gained doubled (119.3, engine.board.damage.gain_life), tokens an effect
# creates under their control doubled (111.1, engine.board.primitives.tokens_to_create).
for _text, _kind in (("if you would draw a card, draw two cards instead", "draws_doubled"),
                     ("if you would draw a card except the first one you draw in each of your draw steps, draw two "
                      "cards instead", "draws_doubled_but_first_in_draw_step"),
                     ("if you would gain life, you gain twice that much life instead", "life_gain_doubled"),
                     ("if an effect would create one or more tokens under your control, it creates twice that many of "
                      "those tokens instead", "tokens_doubled"),
                     ("if one or more tokens would be created under your control, twice that many of those tokens are "
                      "created instead", "tokens_doubled")):
    S.rule(_text)(lambda ctx, _k=_kind: (StaticAbility(_k, YOU),))
# 614.1a, 111.1: every player's tokens doubled, whoever's effect creates them (Primal Vigor)
S.rule("if one or more tokens would be created, twice that many of those tokens are created instead")(
    lambda ctx: (StaticAbility("tokens_doubled", Ref("each_player")),))


S.parsers["drawer"] = lambda ctx, t: {"you": YOU, "an opponent": Ref("each_opponent"), "a player": Ref("each_player")}.get(t)


def _instead_of_a_players_draw(ctx: Context, text: str) -> tuple[str, tuple] | None:
    # "that player", "they": the player whose draw it is (the replacement's event, engine.effects.resolution)
    ctx.trigger_player = ctx.last_player = Ref("event_player")
    return instead_of_drawing(ctx, text)


S.parsers["instead_of_drawing"] = _instead_of_a_players_draw


def _draw_replaced(optional: bool = False, except_first: bool = False):
    """614.1a: "If you would draw a card, you gain 3 life instead", "If you would draw a card while you have no cards
    in hand, instead ...", "If you would draw a card, you may put a study counter on ~ instead" (the player may decline
    it, 616.1): each draw of the players named replaced by the instructions, carried out by the ability's controller
    (engine.effects.resolution.draw_replacements); with `except_first`, not the first card the player draws in each of
    their draw steps (504.1)."""
    def build(ctx: Context, who: Ref, e: tuple[str, tuple], c: Condition | None = None) -> tuple[StaticAbility, ...]:
        rep = ReplaceNextDraw(who, e[1], e[0])
        return (StaticAbility("draw_replaced", who, (("replacement", rep), ("optional", optional),
                                                     ("except_first", except_first)), condition=c),)
    return build


# the replacement a player may decline first: not a mandatory one whose instruction is a "may"
S.rule("if {who:drawer} would draw a card, you may {e:instead_of_drawing} instead",
       "if {who:drawer} would draw a card, you may instead {e:instead_of_drawing}")(_draw_replaced(optional=True))
S.rule("if {who:drawer} would draw a card, {e:instead_of_drawing} instead",
       "if {who:drawer} would draw a card, instead {e:instead_of_drawing}",
       "if {who:drawer} would draw a card while {c:cond}, {e:instead_of_drawing} instead",
       "if {who:drawer} would draw a card while {c:cond}, instead {e:instead_of_drawing}")(_draw_replaced())
_EXCEPT_FIRST = "except the first one (you draw in each of your|they draw in each of their) draw steps"
S.rule(f"if {{who:drawer}} would draw a card {_EXCEPT_FIRST}, {{e:instead_of_drawing}} instead",
       f"if {{who:drawer}} would draw a card {_EXCEPT_FIRST}, instead {{e:instead_of_drawing}}",
       # "... instead that player skips that draw and you draw a card" (Notion Thief): the draw doesn't happen, what
       # follows "and" does instead
       f"if {{who:drawer}} would draw a card {_EXCEPT_FIRST}, instead that player skips that draw and "
       f"{{e:instead_of_drawing}}")(_draw_replaced(except_first=True))


def _produced_instead(ctx: Context, text: str) -> str | None:
    """The mana a land produces instead (106.12a): "colorless mana" (C), "{B}" (one mana symbol's letter)."""
    if text == "colorless mana":
        return "C"
    m = re.fullmatch(r"\{([wubrgc])\}", text)
    return m.group(1).upper() if m else None


S.parsers["produced_instead"] = _produced_instead


def _land_mana_replaced(fixed: bool):
    """614.1a, 106.12a: "If a land is tapped for mana, it produces colorless mana instead of any other type" (each mana
    it produces, that type), "... {B} instead of any other type and amount" (one {B}) (engine.effects.payment.land_mana)."""
    def build(ctx: Context, m: str) -> tuple[StaticAbility, ...]:
        return (StaticAbility("land_mana_replaced", Ref("all", filter=Filter(types=frozenset({"Land"}))),
                              (("mana", m), ("fixed", fixed))),)
    return build


S.rule("if a land is tapped for mana, it produces {m:produced_instead} instead of any other type")(
    _land_mana_replaced(False))
S.rule("if a land is tapped for mana, it produces {m:produced_instead} instead of any other type and amount")(
    _land_mana_replaced(True))


def _frozen_spec(spec: dict) -> tuple:
    """A token spec kept in a static ability's params (hashable, as the compiled token kinds are)."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(spec.items()))


S.parsers["token_word"] = lambda ctx, t: t if re.fullmatch(r"[a-z]+", t) else None


# 614.1a, 111.1: the tokens an effect would create under their controller's control changed, as they are created
# (engine.board.primitives.create_tokens)
@S.rule("if one or more tokens would be created under your control, those tokens plus that many {t:token_kind} are "
        "created instead")
def _tokens_plus_that_many(ctx: Context, t: tuple) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("tokens_plus_that_many", YOU, (("spec", t),)),)       # Chatterfang's Squirrels


@S.rule("if one or more creature tokens would be created under your control, that many {t:token_kind} are created "
        "instead")
def _creature_tokens_replaced(ctx: Context, t: tuple) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("creature_tokens_replaced", YOU, (("spec", t),)),)    # Divine Visitation's Angels


@S.rule("if you would create one or more {k:token_word} tokens, instead create those tokens plus an additional "
        "{k2:token_word} token")
def _one_more_token_of_kind(ctx: Context, k: str, k2: str) -> tuple[StaticAbility, ...] | None:
    # Jolene, the Plunder Queen: one more Treasure each time you would create Treasures
    found = predefined_token(f"a {k} token") if k == k2 else None
    if found is None:
        return None
    return (StaticAbility("one_more_token_of_kind", YOU, (("spec", _frozen_spec(found[1])),)),)


@S.rule("if you would create a clue, food, or treasure token, instead create one of each")
def _one_of_each_artifact_token(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # Academy Manufactor: as many of each of the three as of the one the effect would create
    specs = tuple(_frozen_spec(predefined_token(f"a {kind} token")[1]) for kind in ("clue", "food", "treasure"))
    return (StaticAbility("one_of_each_artifact_token", YOU, (("specs", specs),)),)


_GAINERS = {"you": (YOU, ("you",)), "an opponent": (Ref("each_opponent"), ("that player", "they")),
            "a player": (Ref("each_player"), ("that player", "they"))}
S.parsers["gainer"] = lambda ctx, t: _GAINERS.get(t)
S.parsers["pron"] = lambda ctx, t: t if t in ("you", "that player", "they") else None


@S.rule("if {who:gainer} would gain life, {p:pron} (gain|gains) that much life plus {n:num} instead")
def _life_gain_plus(ctx: Context, who: tuple[Ref, tuple[str, ...]], p: str, n: int) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 119.3: each gain of the players named is that much plus n (engine.board.damage.gain_life)
    return (StaticAbility("life_gain_plus", who[0], (("n", n),)),) if p in who[1] else None


@S.rule("if {who:gainer} would gain life, {p:pron} (lose|loses) that much life instead")
def _life_gain_to_loss(ctx: Context, who: tuple[Ref, tuple[str, ...]], p: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 119.3: the player loses the life they would have gained (Tainted Remedy; engine.board.damage.gain_life)
    return (StaticAbility("life_gain_to_loss", who[0]),) if p in who[1] else None


@S.rule("if {who:gainer} would begin an extra turn, {p:pron} (skip|skips) that turn instead")
def _extra_turns_skipped(ctx: Context, who: tuple[Ref, tuple[str, ...]], p: str) -> tuple[StaticAbility, ...] | None:
    # 614.1b, 614.10: the extra turn of a player named doesn't happen (engine.loop.turn.next_turn); Stranglehold
    return (StaticAbility("extra_turns_skipped", who[0]),) if p in who[1] else None


@S.rule("if one or more {k:ckind} counters would be put on {d:desc}, twice that many {k2:ckind} counters are put on "
        "{it:that_one} instead")
def _counters_doubled(ctx: Context, k: str, d: Filter, k2: str, it: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 122.6: on the permanents the filter names, as they enter too (engine.board.damage.counters_to_put)
    return (StaticAbility("counters_doubled", Ref("all", filter=d), (("kind", k),)),) if k == k2 else None


@S.rule("if one or more {k:ckind} counters would be put on {d:desc}, that many plus one {k2:ckind} counters are put on "
        "{it:that_one} instead")
def _counters_plus_one(ctx: Context, k: str, d: Filter, k2: str, it: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 122.6: one more each time (engine.board.damage.counters_to_put)
    return (StaticAbility("counters_plus_one", Ref("all", filter=d), (("kind", k),)),) if k == k2 else None


@S.rule("if one or more counters would be put on {d:desc}, that many plus one of each of those kinds of counters are "
        "put on {it:that_one} instead")
def _counters_of_each_kind_plus_one(ctx: Context, d: Filter, it: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 122.6: one more of each kind put on one of them at once (Winding Constrictor; "*": any kind)
    return (StaticAbility("counters_plus_one", Ref("all", filter=d), (("kind", "*"),)),)


@S.rule("if you would get one or more counters, you get that many plus one of each of those kinds of counters instead")
def _player_counters_plus_one(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 122.1: a player's counters too, poison (120.3b) and energy (engine.board.damage.player_counters_to_get)
    return (StaticAbility("player_counters_plus_one", YOU),)


@S.rule("if one or more {k:ckind} counters would be put on {d:desc}, that many {k2:ckind} counters minus one are put "
        "on {it:that_one} instead")
def _counters_minus_one(ctx: Context, k: str, d: Filter, k2: str, it: str) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 122.6: one fewer each time (Vizier of Remedies; engine.board.damage.counters_to_put)
    return (StaticAbility("counters_minus_one", Ref("all", filter=d), (("kind", k),)),) if k == k2 else None


@S.rule("if {c:cond}, damage that would reduce your life total to less than {n:num} reduces it to {m:num} instead",
        "as long as {c:cond}, damage that would reduce your life total to less than {n:num} reduces it to {m:num} "
        "instead")
def _life_floor(ctx: Context, c: Condition, n: int, m: int) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("life_floor", params=(("floor", m),), condition=c),)


def _dying(ctx: Context, text: str) -> Filter | None:
    """What "would die": "a creature an opponent controls", "another creature", "a Warlock you control"."""
    d = parse_desc(re.sub(r"^(?:a|an) ", "", text))
    return None if d is None or d.nouns & {"player", "opponent", "card"} else object_filter(d)


S.parsers["dying"] = _dying
S.parsers["dealer"] = lambda ctx, t: {"~": "self", "enchanted creature": "enchanted",
                                      "equipped creature": "equipped"}.get(t)


@S.rule("if {a:aff} would be destroyed, regenerate it")
def _regenerates_if_destroyed(ctx: Context, a: Ref) -> tuple[StaticAbility, ...] | None:
    # 614.8: a regeneration replacement effect, not a shield: it applies each time (engine.board.primitives.destroy)
    return (StaticAbility("regenerates_if_destroyed", a),) if a.kind in ("self", "enchanted", "equipped") else None


@S.rule("if ~ would die, exile it instead")
def _self_dies_to_exile(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 614.1a, 700.4: put into exile instead of into a graveyard from the battlefield
    # (engine.board.replacement.graveyard_options)
    return (StaticAbility("dies_to_exile", SELF),)


@S.rule("if a creature dealt damage by {by:dealer} this turn would die, exile it instead")
def _damaged_dies_to_exile(ctx: Context, by: str) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("dies_to_exile", Ref("all", filter=Filter(types=frozenset({"Creature"}))),
                          (("damaged_by", by),)),)


@S.rule("if a spell or ability an opponent controls causes you to discard ~, put it onto the battlefield instead of "
        "putting it into your graveyard",
        "if a spell or ability an opponent controls causes you to discard ~, put it onto the battlefield with {n:num} "
        "{k:ckind} counters on it instead of putting it into your graveyard")
def _discarded_onto_battlefield(ctx: Context, n: int = 0, k: str = "") -> tuple[StaticAbility, ...] | None:
    # 614.1a: its own ability, working in the hand (engine.board.primitives.discard)
    return (StaticAbility("discarded_onto_battlefield", SELF, (("counters", ((k, n),) if n else ()),)),)


@S.rule("if a permanent would be put into a graveyard, exile it instead")
def _permanents_to_exile(ctx: Context) -> tuple[StaticAbility, ...] | None:
    # 614.1a: a permanent is on the battlefield, so only what would go from there to a graveyard
    return (StaticAbility("dies_to_exile", Ref("all", filter=Filter())),)


@S.rule("if {d:dying} would die, exile (it|that card) instead")
def _dies_to_exile(ctx: Context, d: Filter) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("dies_to_exile", Ref("all", filter=d)),)


@S.rule("if ~ would die, {e:effects} instead")
def _self_would_die(ctx: Context, e: tuple[Effect, ...]) -> tuple[StaticAbility, ...] | None:
    # 614.1a: "If ~ would die, put ~ on top of its owner's library instead" ("it": the object that would die)
    return (StaticAbility("would_die_instead", SELF, (("effects", e),)),)


@S.rule("if {d:desc} would die, instead {e:effects}", "if {d:desc} would die, {e:effects} instead")
def _would_die(ctx: Context, d: tuple[Amount, Filter], e: tuple[Effect, ...]) -> tuple[StaticAbility, ...] | None:
    # 614.1a: the replacement's instructions; "that card" is the object that would die (Ref "event"). "If a creature
    # you control that's enchanted would die, return it to its owner's hand instead" (Necromancer's Magemark)
    return (StaticAbility("would_die_instead", Ref("all", filter=d), (("effects", e),)),)


@S.rule("you can't lose the game and your opponents can't win the game")
def _cant_lose(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cant_lose"), StaticAbility("opponents_cant_win"))


@S.rule("you can't lose the game")
def _you_cant_lose(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("cant_lose"),)        # 104.3a-c: a state-based loss or an effect's doesn't happen


@S.rule("your opponents can't win the game")
def _opponents_cant_win(ctx: Context) -> tuple[StaticAbility, ...] | None:
    return (StaticAbility("opponents_cant_win"),)       # 104.2b: an effect saying they win does nothing


_VERB = r"(?:gets?|has|have|is|are|can't|can|attacks?|blocks?|must|doesn't|loses|assigns) "
_PREDICATE_SPLIT = re.compile(r",? and (?=" + _VERB + r'|")|, (?=(?:and )?' + _VERB + r")")


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
    m = re.match(r"^(?:has|have) base power and toughness (\d+)/(\d+)$", text)
    if m:
        return "set_pt", (("power", int(m.group(1))), ("toughness", int(m.group(2))))      # 613.4b
    # "gets an additional +1/+1" (Heavy Mattock): the same pump, worded beside the card's other one
    m = re.match(r"^gets? (?:an additional )?(\S+)$", text)
    if m:
        pt = parse_pt(ctx, m.group(1))
        if pt is None or pt[0].kind != "const" or pt[1].kind != "const":
            return None
        return "pump", (pt[0].value, pt[1].value)
    m = re.match(r'^(?:(?:has|have) )?(".+")$', text)
    if m:
        # 'has haste and "{T}: ..."': the quoted abilities after the keywords share their verb
        quoted = quoted_abilities(ctx, m.group(1), grantor=True)
        return ("grant_abilities", (("texts", quoted),)) if quoted else None
    m = re.match(r"^(?:has|have) (.+)$", text)
    if m:
        kw = granted_keywords(ctx, m.group(1))
        if kw:
            return "grant", kw
        abilities = keyword_abilities(ctx, m.group(1))
        return ("grant_abilities", (("texts", abilities),)) if abilities else None
    if text in ("is every creature type", "are every creature type"):
        return "add_types", (("subtypes", tuple(sorted(CREATURE_TYPES))),)      # 205.3m, layer 4 (613.1d)
    m = re.match(r"^(?:is an?|are) (\S+) in addition to (?:its|their) other (?:creature )?types$", text)
    if m:
        word = singular(m.group(1))[0]
        if word in CARD_TYPES:
            return "add_types", (("types", (CARD_TYPES[word],)),)
        st = creature_type(word)
        return ("add_types", (("subtypes", (st,)),)) if st else None
    m = re.match(r"^(?:is|are) (legendary|snow)$", text)
    if m:
        return "add_types", (("supertypes", (m.group(1).capitalize(),)),)      # 205.4a, layer 4
    becomes = parse_becomes(text) if re.match(r"^(?:is|are) (?:white|blue|black|red|green|colorless)$", text) else None
    if becomes:
        return "set_colors", becomes[0][1:]          # "are black" (105.3, layer 5)
    m = re.match(r"^can block an additional (\w+) creatures each combat$", text)
    if m and number(m.group(1)) is not None:
        return "extra_blocks", (number(m.group(1)),)
    if text in ("loses all abilities", "lose all abilities"):
        return "lose_abilities", ()          # 613.1f: layer 6, with its timestamp and dependencies
    m = re.match(r"^loses (.+)$", text)
    if m:
        # 613.1f: "loses flying" (Colossus Hammer), in layer 6 after the abilities it has
        kw = granted_keywords(ctx, m.group(1))
        return ("lose_keyword", (("keywords", tuple(k.text for k in kw)),)) if kw else None
    m = re.match(r"^can't be blocked except by (.+)$", text)
    if m:
        only = _except_by(ctx, m.group(1))        # 509.1b, as "{a:aff} can't be blocked except by ..."
        return ("blocked_only_by", (only,)) if only is not None else None
    m = re.match(r"^can't be blocked by (.+)$", text)
    if m:
        by = _blockers(ctx, m.group(1))           # 509.1b, as "{a:aff} can't be blocked by ..."
        return ("cant_be_blocked_by", (by,)) if by is not None else None
    kind = _RESTRICTIONS.get(text)
    return (kind, ()) if kind else None


S.parsers["preds"] = _predicates
S.parsers["pred"] = lambda ctx, t: _predicates(ctx, t) or ([one] if (one := _predicate(ctx, t)) else None)
S.parsers["is_pred"] = lambda ctx, t: S.parsers["pred"](ctx, "is " + t)     # "it's a creature in addition to ..."
S.parsers["static"] = lambda ctx, t: parse_static(ctx, t)


@S.rule("{a:aff} {p:preds}", "{a:aff} {p:pred}")
def _predicate_list(ctx: Context, a: Ref, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    granted = _granted_preds(ctx, a, p)
    return None if granted is None else tuple(StaticAbility(kind, a, params) for kind, params in granted)


@S.rule("~ and {a:aff} {p:pred}", "~ and {a:aff} each {p:pred}")
def _self_and_others(ctx: Context, a: Ref, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    """ "~ and land creatures you control get +2/+2", "~ and enchanted creature each get +X/+X": the source and the
    others it names, each affected once (613.1): the group without the source."""
    if a == SELF or a.kind not in ("all", "enchanted", "equipped"):
        return None
    others = replace(a, filter=replace(a.filter, other=True)) if a.kind == "all" else a
    mine, theirs = _predicate_list(ctx, SELF, p), _predicate_list(ctx, others, p)
    return mine + theirs if mine is not None and theirs is not None else None


@S.rule("as long as ~ is paired with another creature, both creatures {p:pred}",
        "as long as ~ is paired with another creature, each of those creatures {p:pred}")
def _paired(ctx: Context, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    granted = _granted_preds(ctx, Ref("paired"), p)
    # Soulbond 702.95: the effect applies to both creatures of the pair while they are paired.
    return None if granted is None else tuple(StaticAbility(kind, Ref("paired"), params, Condition("paired"))
                                              for kind, params in granted)


def _about_self(ctx: Context, text: str) -> Condition | None:
    """A condition whose only object is the source: "there is exactly one tide counter on ~"."""
    if "~" not in text or re.search(r"\b(?:it|its|it's|enchanted|equipped|they|their|that)\b", text):
        return None
    return parse_condition(text)


S.parsers["about_self"] = _about_self


@S.rule("as long as ~ {c:selfstate}, it {p:pred}", "as long as {c:about_self}, it {p:pred}")
def _as_long_as_it_is(ctx: Context, c: Condition, p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    # 611.3a: "As long as ~ is monstrous, it has reach", "As long as there are exactly three tide counters on ~, it
    # gets +1/+1": "it" is the source the condition names.
    granted = _granted_preds(ctx, SELF, p)
    return None if granted is None else tuple(StaticAbility(kind, SELF, params, c) for kind, params in granted)


def _attached_state(ctx: Context, text: str) -> tuple[Ref, Condition] | None:
    """ "enchanted creature is blue", "equipped creature is a Human": the object the source is attached
    to and the condition on it (611.3a)."""
    m = re.match(r"^(enchanted|equipped) (?:creature|permanent|land|artifact) is ", text)
    c = parse_condition(text) if m else None
    # "as long as enchanted creature is attacking alone" (506.5) is read on that creature too
    return (Ref(m.group(1)), c) if c is not None and (c.kind == "attached_matches" or (
        c.kind == "attacking_alone" and c.key == m.group(1))) else None


S.parsers["attached"] = _attached_state


@S.rule("as long as {c:attached}, it {p:pred}", "as long as {c:attached}, it's {p:is_pred}")
def _as_long_as_attached_is(ctx: Context, c: tuple[Ref, Condition],
                            p: list[tuple[str, tuple]]) -> tuple[StaticAbility, ...] | None:
    # 611.3a: "As long as enchanted creature is green, it gets +1/+1": "it" is the enchanted or equipped
    # object, and the condition is checked on it continuously (613.8a where it could change).
    a, cond = c
    granted = _granted_preds(ctx, a, p)
    return None if granted is None else tuple(StaticAbility(kind, a, params, cond) for kind, params in granted)


def _flash_in_hand(rest: tuple[StaticAbility, ...]) -> bool:
    """ "~ has flash as long as ...": it would matter in the hand, where the card's static abilities don't apply
    here (only on the battlefield): left unread rather than never granted (702.8a), unless flash is all it grants
    (_as_long_as)."""
    return any(st.kind in ("grant", "pump_grant") and st.affected == SELF and any(
        isinstance(k, Keyword) and k.name == "flash" for p in st.params for k in (p if isinstance(p, tuple) else (p,)))
        for st in rest)


@S.rule("as long as ~ is in your graveyard, {rest:static}", "as long as ~ is in your graveyard and {c:cond}, {rest:static}")
def _from_graveyard(ctx: Context, rest: tuple[StaticAbility, ...],
                    c: Condition | None = None) -> tuple[StaticAbility, ...] | None:
    """ "As long as ~ is in your graveyard and you control a Forest, creatures you control have trample": an ability
    that says the zone it works in works only there (113.6b), on the permanents of the player whose graveyard holds
    the card (its owner, who controls its abilities there). Only effects on a group of permanents, which the layers
    apply from there (engine.query.layers.graveyard_statics)."""
    if any(st.affected.kind != "all" or st.condition is not None or st.kind not in ("grant", "grant_abilities", "pump")
           for st in rest):
        return None
    here = Condition("source_in_graveyard")
    return tuple(replace(st, condition=here if c is None else Condition("all", all_of=(here, c)), from_graveyard=True)
                 for st in rest)


@S.rule("as long as {c:cond}, {rest:static}", "{rest:static} as long as {c:cond}")
def _as_long_as(ctx: Context, c: Condition, rest: tuple[StaticAbility, ...]) -> tuple[StaticAbility, ...] | None:
    # 611.3a: the effect applies only while the condition is true.
    if rest == (StaticAbility("grant", SELF, (Keyword("flash"),)),):
        # "~ has flash as long as you control a Merfolk": 601.3d, it may be cast as though it had flash while the
        # condition holds (engine.query.cast_limits); on the battlefield it has flash while it holds
        return (StaticAbility("flash_if", SELF, condition=c), replace(rest[0], condition=c))
    return None if _flash_in_hand(rest) else tuple(replace(st, condition=_both(c, st.condition)) for st in rest)


def _both(c: Condition, own: Condition | None) -> Condition:
    """ "As long as ~ is attached to a creature, your opponents can't cast spells during your turn": the ability's own
    condition holds too."""
    return c if own is None else Condition("all", all_of=(c, own))


def _attached_to_it(ctx: Context, text: str) -> tuple[int, Filter] | None:
    """ "two or more Equipment are attached to it": how many permanents of a kind are attached to "it"."""
    m = re.fullmatch(r"(\w+) or more (.+) are attached to it", text)
    n = number(m.group(1)) if m else None
    d = parse_desc(m.group(2)) if m else None
    return (n, object_filter(d)) if n is not None and d is not None and not d.zone else None


S.parsers["attached_to_it"] = _attached_to_it


@S.rule("{rest:static} as long as {c:attached_to_it}")
def _as_long_as_attached(ctx: Context, rest: tuple[StaticAbility, ...], c: tuple[int, Filter]
                         ) -> tuple[StaticAbility, ...] | None:
    # "Equipped creature has double strike as long as two or more Equipment are attached to it": "it" is what the
    # ability changes, the permanents attached to it counted as it applies (611.3a, 301.5)
    affected = {st.affected for st in rest}
    a = next(iter(affected))
    if len(affected) != 1 or a.kind not in ("self", "enchanted", "equipped"):
        return None
    cond = Condition("amount_at_least", c[0], amount=Amount("attached_to", ref=a, filter=c[1]))
    return tuple(replace(st, condition=_both(cond, st.condition)) for st in rest)


@S.rule("{rest:static} as long as {c:selfcond}", "as long as {c:selfcond}, {rest:static}")
def _as_long_as_it(ctx: Context, c: Condition, rest: tuple[StaticAbility, ...]) -> tuple[StaticAbility, ...] | None:
    # "it" is the source only when what the ability changes is the source itself; "Enchanted creature gets
    # +1/+2 as long as it's white": "it" is the enchanted creature, the state checked on it (611.3a).
    affected = {st.affected for st in rest}
    if _flash_in_hand(rest):
        return None
    if affected != {SELF}:
        if len(affected) != 1 or next(iter(affected)).kind not in ("enchanted", "equipped") \
                or c.kind not in ("source_matches", "source_tapped"):
            return None
        # "Enchanted creature has shroud as long as it's untapped": its state, checked on it
        c = replace(c, kind="attached_matches") if c.kind == "source_matches" else \
            Condition("attached_matches", filter=Filter(tapped=not c.negate))
    return tuple(replace(st, condition=c) for st in rest)


@S.rule("{a:aff} {r:restr} if {c:selfcond}")
def _restricted_if_it(ctx: Context, a: Ref, r: str, c: Condition) -> tuple[StaticAbility, ...] | None:
    # "Enchanted creature can't block if it's black" (611.3a, as _restricted_if): "it" as in "as long as it's ..."
    if r in ("cant_be_countered", "enters_tapped"):
        return None
    return _as_long_as_it(ctx, c, (StaticAbility(r, a),))


@S.rule("each {rest:static} as long as {c:selfcond}")
def _each_as_long_as_it(ctx: Context, rest: tuple[StaticAbility, ...], c: Condition) -> tuple[StaticAbility, ...] | None:
    # "Each Vehicle you control gets +1/+1 as long as it's a creature": "it" is each of them, so the ability affects
    # those that are (611.3a; the set is found as the layer applies, after the types of layer 4, 613.1d)
    affected = {st.affected for st in rest}
    (a,) = affected if len(affected) == 1 else (None,)
    if a is None or a.kind != "all" or c.kind != "source_matches" or c.negate:
        return None
    narrowed = _narrowed(a.filter, c.filter)
    return tuple(replace(st, affected=Ref("all", filter=narrowed)) for st in rest) if narrowed else None


def _narrowed(f: Filter | None, g: Filter | None) -> Filter | None:
    """The objects both filters take: each quality from either one, when they name different qualities (two card
    types: each of them, "Each land ... as long as it's a creature")."""
    if f is None or g is None or f.any_of or g.any_of or f.all_types or g.all_types:
        return None
    both = replace(f, types=frozenset(), all_types=f.types | g.types) if f.types and g.types and len(f.types) == 1 \
        and len(g.types) == 1 else f
    for name in Filter.__dataclass_fields__:
        mine, theirs, default = getattr(both, name), getattr(g, name), getattr(Filter(), name)
        if name in ("types", "all_types") and both.all_types:
            continue
        if theirs != default:
            if mine != default and mine != theirs:
                return None
            both = replace(both, **{name: theirs})
    return both


def otherwise_static(ctx: Context, sentence: str, previous: tuple[StaticAbility, ...]) -> tuple[StaticAbility, ...] | None:
    """ "Enchanted creature gets +2/+2 as long as it's an enchantment. Otherwise, it gets -2/-2.": the
    predicates apply to the same object while the previous sentence's condition is false (611.3a)."""
    m = re.match(r"^otherwise, it (.+)$", sentence)
    affected = {st.affected for st in previous}
    conditions = {st.condition for st in previous}
    if m is None or len(affected) != 1 or len(conditions) != 1 or None in conditions:
        return None
    (a,), (c,) = affected, conditions
    p = S.parsers["pred"](ctx, m.group(1))
    if p is None or any(kind == "grant_abilities" for kind, _ in p):
        return None
    return tuple(StaticAbility(kind, a, params, replace(c, negate=not c.negate)) for kind, params in p)


def pump_instead(ctx: Context, sentence: str, previous: list[StaticAbility]) -> list[StaticAbility] | None:
    """ "Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a dungeon.": the other
    bonus replaces the first while the condition holds (611.3a): the first applies only while it doesn't."""
    m = re.match(r"^it gets (\S+) instead as long as (.+)$", sentence)
    last = previous[-1] if previous else None
    if m is None or last is None or last.kind != "pump" or last.condition is not None or last.affected.kind not in (
            "self", "enchanted", "equipped"):
        return None
    pt, cond = parse_pt(ctx, m.group(1)), parse_condition(m.group(2))
    if pt is None or cond is None or pt[0].kind != "const" or pt[1].kind != "const":
        return None
    return previous[:-1] + [replace(last, condition=replace(cond, negate=not cond.negate)),
                            StaticAbility("pump", last.affected, (pt[0].value, pt[1].value), cond)]


def escapes_with_instead(ctx: Context, sentence: str, previous: list[StaticAbility]) -> list[StaticAbility] | None:
    """ "~ enters with six +1/+1 counters on it. It escapes with twelve +1/+1 counters on it instead." (702.138c-d): the
    counters it enters with if it escaped, the first ones otherwise (614.1c)."""
    m = re.match(r"^it escapes with (\w+) (\S+) counters? on it instead$", sentence)
    last = previous[-1] if previous else None
    if m is None or last is None or last.kind != "enters_with_counters" or last.condition is not None \
            or last.affected != SELF:
        return None
    n, k = number(m.group(1)), counter_kind(ctx, m.group(2))
    if n is None or k is None:
        return None
    escaped = Condition("escaped")
    return previous[:-1] + [replace(last, condition=replace(escaped, negate=True)),
                            StaticAbility("enters_with_counters", SELF, (("counters", ((k, n),)),), condition=escaped)]


_COUNTERS_PER_PREVENTED = re.compile(r"^put an? (\S+) counter on (~|that creature) for each 1 damage prevented this way$")


def counters_per_prevented(ctx: Context, sentence: str, previous: list[StaticAbility]) -> list[StaticAbility] | None:
    """ "If damage would be dealt to ~, prevent that damage. Put a -1/-1 counter on ~ for each 1 damage prevented this
    way." (615.5): the prevention of the sentence before, with its additional effect, carried out in place of the damage
    (as "prevent that damage and put that many ... counters on it"; engine.effects.prevention)."""
    m = _COUNTERS_PER_PREVENTED.match(sentence)
    last = previous[-1] if previous else None
    if m is None or last is None or last.kind != "prevents_damage":
        return None
    p = dict(last.params)
    kind = counter_kind(ctx, m.group(1))
    if kind is None or not p["to"] or p["by"] or any(p.get(k) is not None for k in ("sources", "amount", "recipients")):
        return None
    to_self = last.affected == SELF
    if to_self != (m.group(2) == "~") or not (to_self or (last.affected.kind == "all" and last.affected.filter)):
        return None
    what = SELF if to_self else Ref("event")
    return previous[:-1] + [StaticAbility("damage_instead", params=(
        ("effects", (PutCounters(what, kind, Amount("event_amount")),)), ("prevent", True), ("sources", None),
        ("to_self", to_self), ("to_players", None), ("to_permanents", None if to_self else last.affected.filter),
        ("combat", True if p["combat"] else False if p.get("noncombat") else None)), condition=last.condition)]


def sparing_protection(sentence: str, previous: list[StaticAbility]) -> list[StaticAbility] | None:
    """ "Enchanted creature has protection from black. This effect doesn't remove ~." (702.16n): the protection
    this Aura grants doesn't make the Aura itself fall off (704.5m); the previous statics, so marked."""
    if sentence != "this effect doesn't remove ~" or not previous:
        return None
    last = previous[-1]
    if last.kind != "grant" or last.affected.kind != "enchanted" or last.condition is not None \
            or not all(k.name == "protection" for k in last.params):
        return None
    return previous[:-1] + [replace(last, params=tuple(replace(k, sparing=True) for k in last.params))]


def parse_static(ctx: Context, sentence: str) -> tuple[StaticAbility, ...] | None:
    out = with_where_x(ctx, sentence, S.parse)
    if out is None and ", where x is " in sentence:
        # a template that says what its X is itself ("..., where X is that spell's mana value")
        out = S.parse(ctx, sentence)
    return out

