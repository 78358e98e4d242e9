"""Effect sentences (608.2c, 701): "~ deals 3 damage to any target", "Destroy target nonblack
creature", "Target player draws two cards and loses 2 life", "Counter target spell unless its
controller pays {3}", "Create two 1/1 white Soldier creature tokens", ...

One template per way of saying an action; its slots are read by the phrase parsers, so every card
that says it the same way compiles the same way. A sentence may join clauses with "and", ", then"
or commas; a clause without a subject shares the previous clause's subject ("draws two cards and
loses 2 life").
"""
from __future__ import annotations

import re
from dataclasses import fields, replace
from typing import Any

from engine.core.abilities import (Amount, Condition, Effect, Filter, Keyword, Ref, SELF, TRIGGER_PLAYER, X, YOU,
                                   instances_in)
from engine.core.effect_types import (EACH_RECIPIENT, AddMana, AddManaProduced, CastFromHand, ApplyContinuous, BecomeChosenType, ChooseMode, ChooseNewTargets, ChooseValue, CounterSpell, CreateEmblem, CreateTokens, DealDamage, EachPlayerInTurn, SetLifeTotal,
                                      Destroy, Discard, Draw, ExileEffect, GainLife, Grant, GroupRule, LoseLife, MAY_PLAYERS, PAYING_PLAYER, MayDo, EachMayDo,
                                      Mill, MoveAllCards, Pump, PutCounters, PutOnLibrary, ReturnToHand, Sacrifice,
                                      RemoveFromCombat, TapEffect)
from engine.core.effect_types import (DONE_EVENTS, Attach, AttachElsewhere, BecomeBlocked, CantBeRegenerated, Unattach, ChooseObjects, ChooseOpponent, DealDamageBy, ExileFromGraveyard, ExileFromHand, ExileGraveyards, ExileLinked, ExileUntilLeaves, Fight, KeepAndSacrificeRest, MoveCounter, PhaseOut,
                                      Proliferate, FlipCoin, RollDie, BecomeMonarch, PutCountersOf, GetEnergy, GetPoison, UnlessDiscard, GrantFlashback, GrantKeywordChoice, GrantProtectionChoice, MayPay,
                                      PutOntoBattlefield,
                                      Regenerate, ReturnChosen, ReturnLinked, SacrificeObjects,
                                      SacrificeSelf, TapOrUntap)
from engine.core.effect_types import (LookAndReorder, MoveRevealed, PutFromHandOnLibrary, RevealFromHand,
                                      RevealHand, RevealTop, Scry, SearchLibrary, Shuffle)
from engine.core.mana import ManaCost
from engine.core.enums import BASIC_LAND_TYPES
from engine.core.objects import KEYWORD_COUNTERS
from engine.oracle.predefined_tokens import predefined_token
from engine.oracle.becomes import parse_becomes
from engine.oracle.conditions import parse_condition
from engine.oracle.costs_text import parse_mana_cost
from engine.oracle.delayed_text import done_action, parse_delayed
from engine.oracle.grammar import Context, Grammar, Unreadable
from engine.oracle.keywords import (ABILITY_KEYWORDS, NUMBERED, grantable, keyword_from_text, keywords_from_line,
                                   played)
from engine.oracle.library_text import parse_look, parse_reveal_until
from engine.oracle.zones_text import parse_zone_move
from engine.oracle.amounts import amount_clause, generic_per, parse_amount, parse_count, parse_equal_to
from engine.oracle.phrases import (COLOR_LETTER, card_name_kind, creature_type, it_is_the_source, kinds_named,
                                   object_filter, parse_desc, parse_group, parse_target, parse_duration,
                                   parse_mana_produced, parse_objects, parse_player_slot, parse_pt)
from engine.oracle.text import number
from engine.core.effect_types import Conditional, IfDone, PlayLinked, PutCounterOfChoice, RemoveCounters
from engine.core.cards import compile_record, default_token_name, granted_def, token_spec
from engine.core.effect_types import LoseGame, WinGame
from engine.core.effect_types import ExileReturnTransformed, Flip, Transform


def _source(ctx: Context, text: str) -> Ref | None:
    """The source of damage: the ability's own source ("~", or "it" meaning the source, also in
    a leaves-the-battlefield trigger where "it" is the object that left)."""
    if text == "~" or (text == "it" and (ctx.last is None or it_is_the_source(ctx))):
        return SELF
    return None


def _recipient(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """Who is dealt damage; "itself" is the source dealing it (120.3)."""
    return (SELF,) if text == "itself" else parse_objects(ctx, text)


def _players(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """Two players named together: "you and target opponent"."""
    m = re.fullmatch(r"(.+?) and (.+)", text)
    if m is None:
        return None
    a, b = parse_player_slot(ctx, m.group(1)), parse_player_slot(ctx, m.group(2))
    return None if a is None or b is None else (a, b)


def keyword_words(ctx: Context, text: str) -> tuple[str, ...] | None:
    """The keywords of a phrase as text ("flying and vigilance"), as a token's abilities are written; None
    if one is a keyword the engine doesn't play (the token would have it without its rules)."""
    kws = keywords_from_line(re.sub(r",? and ", ", ", text))     # "first strike, vigilance, and haste"
    if not kws or not all(played(k) for k in kws):
        return None
    return tuple(k.text for k in kws)


def granted_keywords(ctx: Context, text: str) -> tuple[Keyword, ...] | None:
    """The keywords an effect grants (613.1f), compiled. A continuous effect in the game's state keeps
    each as its text, so only a keyword whose text reads back as the same value can be granted; a
    phrase with another ("poisonous 1", whose text drops the number) isn't read."""
    out = []
    for text_ in keyword_words(ctx, text) or ():
        kw = keyword_from_text(text_)
        if kw is None or kw.text != text_ or not grantable(kw):
            return None
        out.append(kw)
    return tuple(out) or None


def quoted_keywords(ctx: Context, text: str) -> tuple[Keyword, ...] | None:
    """ 'have "bands with other legendary creatures."': a keyword granted in quotes (613.1f), as granted_keywords."""
    m = re.fullmatch(r'"([^"]+?)\.?"', text)
    return granted_keywords(ctx, m.group(1)) if m else None


def quoted_abilities(ctx: Context, text: str, grantor: bool = False) -> tuple[str, ...] | None:
    """ '"{t}: draw a card."' or '"..." and "..."': abilities granted in quotes (113.2, 613.1f), each
    as its printed text (the sentence's, kept by case in `ctx.flags["quotes"]`). Only a text the
    compiler reads fully into activated and triggered abilities is granted: those are what the layers
    add to an object (a quoted static ability or keyword is not read here). `grantor`: a quote also read as an
    Equipment or Aura grants it to another object (statics._grant_texts checks which way it is granted)."""
    m = re.fullmatch(r'"([^"]+)"(?:,? and "([^"]+)")?', text)
    if m is None:
        return None
    out = []
    for quoted in filter(None, m.groups()):
        printed = ctx.flags.get("quotes", {}).get(quoted)
        rewritten = ctx.flags.get("grantor_quotes", {}).get(quoted) if grantor else None
        if printed is None or not (grantable_quote(printed) or (rewritten is not None and grantable_quote(rewritten))):
            return None
        out.append(printed)
    return tuple(out)


def grantable_quote(printed: str) -> bool:
    """Whether the compiler reads a quote fully into activated and triggered abilities: those are what the layers
    add to an object (113.2, 613.1f)."""
    d = granted_def(printed)
    return not (d.unsupported or d.hand_triggers or d.keywords or d.static or d.spell is not None or d.costs
                or not (d.activated or d.triggered))


# The static abilities an emblem may have: effects of the layers on permanents (613.1f, 613.4c), which the layers
# read from the emblems in the command zone too (engine.query.layers).
_EMBLEM_STATICS = frozenset({"pump", "grant", "pump_grant", "grant_abilities"})


def emblem_abilities(ctx: Context, text: str) -> str | None:
    """ '"Whenever you cast a spell, exile target permanent."': an emblem's abilities (114.2), as printed. Only
    abilities the compiler reads fully that work from the command zone (114.4): triggered abilities, or static
    abilities that change permanents ('"Creatures you control get +2/+2 and have flying."', '"Islands you control
    have '{T}: Draw a card.'"', its inner quotes made double to be read as a grant); none naming the card (an
    emblem has no name to call ~)."""
    texts = quoted_abilities(ctx, text)
    if texts is None:
        return _emblem_statics(ctx, text)
    if any(t.lower() in ctx.flags.get("quotes_naming_card", ()) for t in texts):
        return None
    joined = "\n".join(texts)
    d = granted_def(joined)
    if d.unsupported or d.activated or not d.triggered:
        return None
    return joined


def _emblem_statics(ctx: Context, text: str) -> str | None:
    m = re.fullmatch(r'"([^"]+)"', text)
    printed = ctx.flags.get("quotes", {}).get(m.group(1)) if m else None
    if printed is None or printed.lower() in ctx.flags.get("quotes_naming_card", ()):
        return None
    printed = re.sub(r"^(.+ have )'(.+)'(\.?)$", r'\1"\2"\3', printed)
    d = granted_def(printed)
    if (d.unsupported or d.triggered or d.activated or d.keywords or d.spell is not None or d.costs
            or d.hand_triggers or not d.static):
        return None
    if any(st.kind not in _EMBLEM_STATICS or st.affected.kind != "all" or st.condition is not None for st in d.static):
        return None
    return printed


def keyword_abilities(ctx: Context, text: str) -> tuple[str, ...] | None:
    """Keywords made of abilities ("extort", "ward {2}", "equip {0}", ABILITY_KEYWORDS), granted as the
    triggered and activated abilities they compile to, with the keyword itself (702.1, 613.1f): each as
    its text, compiled by `granted_def`. Only a keyword whose abilities work on the battlefield is read."""
    if keyword_words(ctx, text) is None:
        return None
    out = []
    for kw in keywords_from_line(re.sub(r",? and ", ", ", text)):
        # a numbered keyword keeps its N, which Keyword.text drops: "poisonous 3", "bushido 1"; likewise a cost that
        # isn't mana, said after a dash: "cumulative upkeep—pay 1 life"
        text_ = f"{kw.name} {kw.param}" if kw.name in NUMBERED and (kw.param or "").isdigit() else \
            f"{kw.name}—{kw.full_cost.text}" if kw.full_cost is not None and kw.full_cost.text and not kw.param \
            and kw.cost is not None and kw.cost.is_empty() else kw.text
        again = keyword_from_text(text_)
        if kw.name not in ABILITY_KEYWORDS or again is None or (again.text, again.param) != (kw.text, kw.param):
            return None
        printed = text_[0].upper() + text_[1:]
        d = granted_def(printed)
        if (d.unsupported or d.hand_triggers or d.static or d.spell is not None or d.costs
                or [k.text for k in d.keywords] != [kw.text] or not (d.activated or d.triggered)
                or any(a.from_hand or a.from_graveyard for a in d.activated)
                or any(a.from_graveyard or (a.trigger.event, a.trigger.subject) == ("cast", "self") for a in d.triggered)):
            return None
        out.append(printed)
    return tuple(out) or None


def _keywords_and_quotes(ctx: Context, text: str) -> tuple[tuple[Keyword, ...], tuple[str, ...]] | None:
    """ '"{t}: draw a card."', 'trample and "whenever ~ deals combat damage ..."': the keywords and the
    abilities in quotes an effect grants (113.2, 613.1f)."""
    m = re.fullmatch(r'(?:([^"]+?),? and )?("[^"]+"(?:,? and "[^"]+")?)', text)
    if m is None:
        return None
    kws = granted_keywords(ctx, m.group(1)) if m.group(1) else ()
    texts = quoted_abilities(ctx, m.group(2))
    return (kws, texts) if kws is not None and texts else None


def _grants_quoted(ctx: Context, what: tuple[Ref, ...], kws: tuple[Keyword, ...], texts: tuple[str, ...],
                   d: str) -> tuple[Effect, ...] | None:
    """Each object gains the keywords and the quoted abilities for the duration (611.2a, 613.1f). A quote
    naming the card means the card, not the object that gains it: both read "~", so it is not read."""
    naming = ctx.flags.get("quotes_naming_card", ())
    if any(r != SELF for r in what) and any(t.lower() in naming for t in texts):
        return None
    granted = (("kind", "grant_abilities"), ("texts", texts))
    return tuple(e for r in what for e in ((Grant(r, kws, d),) if kws else ()) + (ApplyContinuous(r, granted, d),))


def protection_choices(artifacts: bool) -> tuple[Keyword, ...]:
    """What "protection from the color of your choice [or from artifacts]" can grant (702.16)."""
    words = ("white", "blue", "black", "red", "green") + (("artifacts",) if artifacts else ())
    return tuple(keyword_from_text(f"protection from {w}") for w in words)


def counter_kind(ctx: Context, text: str) -> str | None:
    """ "+1/+1", "-1/-1", a keyword counter ("flying", "first strike": 122.1b) or a one-word counter name
    ("loyalty", "soul", "charge") (122.1)."""
    if text in KEYWORD_COUNTERS:
        return text     # 122.1b: it gives its keyword (engine.query.layers, 613.7c)
    if text in ("decayed", "exalted"):
        return None     # a keyword counter the layers don't apply (122.1b); a "training counter" is only a counter
    if re.match(r"^[+-]\d+/[+-]\d+$", text) or re.match(r"^[a-z]{2,12}$", text):
        return text
    return None


def _counter_choices(ctx: Context, text: str) -> tuple[str, ...] | None:
    """ "a vigilance counter, a reach counter, or a trample counter": the kinds of counter a choice is among (122.1b)."""
    items = re.split(r", or |, | or ", text)
    kinds = tuple(counter_kind(ctx, m.group(1)) if (m := re.fullmatch(r"an? (.+) counter", i)) else None for i in items)
    return kinds if len(kinds) > 1 and all(kinds) and len(set(kinds)) == len(kinds) else None


def _desc(ctx: Context, text: str) -> tuple[Amount, Filter] | None:
    """A sacrificed or discarded thing: "a creature", "two creatures", "another creature",
    "a creature of their choice", "that many permanents" (what "that many" means in the sentence: the damage of a
    damage trigger's event, 603.2)."""
    many = re.fullmatch(r"that many (.+)", text)
    if many and isinstance(ctx.flags.get("that_many"), Amount):
        d = parse_desc(many.group(1))
        if d is None or not d.plural or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        return ctx.flags["that_many"], object_filter(d)
    m = re.match(r"^(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|another) (.+?)( other than ~)?$", text)
    if not m:
        return None
    # "a creature other than ~" is "another creature" (201.5: not the object itself)
    d = parse_desc(("another " if m.group(1) == "another" or m.group(3) else "") + m.group(2))
    if d is None:
        return None
    f = d.filter
    types = {n.capitalize() for n in d.nouns if n not in ("permanent", "card")}
    if types and not f.types:
        f = replace(f, types=frozenset(types))
    n = parse_amount(ctx, "a" if m.group(1) in ("an", "another") else m.group(1)) or Amount.const(1)
    return n, f


def _energy(ctx: Context, text: str) -> int | None:
    """ "{e}{e}": a number of energy counters (107.14)."""
    return text.count("{e}") if re.fullmatch(r"(?:\{e\})+", text) else None


def _tokens(ctx: Context, text: str):
    """ "two 1/1 white Soldier creature tokens [with flying]", "a 3/3 green Beast creature token",
    "a Treasure token" (111.10)."""
    known = predefined_token(text)
    if known is not None:
        count = parse_count(ctx, known[0])
        return None if count is None else (count, _freeze(known[1]))
    sized = re.match(r"^(an? (?!\d|x/)[^,]+ creature token) with power equal to (.+?) and toughness equal to (.+)$", text)
    if sized:
        # "a black Zombie creature token with power equal to that card's power and toughness equal to that card's
        # toughness": each read as the token is created, its own from then on (111.3)
        made = _tokens(ctx, sized.group(1))
        p, t = parse_equal_to(ctx, sized.group(2)), parse_equal_to(ctx, sized.group(3))
        if made is None or p is None or t is None:
            return None
        return made[0], _freeze(dict(made[1], power=p, toughness=t))
    # "Karox Bladewing, a legendary 4/4 red Dragon creature token with flying": one token with that name (111.4), and
    # the supertype (205.4a)
    legend = re.match(r"^([a-z][\w' ,-]*?), a legendary (.+ tokens?(?: with .+)?)$", text)
    if legend:
        text = "a " + legend.group(2)
    # "a colorless artifact token named Etherium Cell with "...": the name said before the abilities (111.4)
    text = re.sub(r"^(.+ tokens?) named ([a-z][\w' -]*?) with (.+)$", r"\1 with \3 named \2", text)
    m = re.match(r"^(that many|x (?:plus|minus) \w+|\w+) (?:(\d+|x)/(\d+|x) )?((?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))*)"
                 r"((?:[\w'-]+ )*?)(artifact creature|enchantment creature|creature|artifact|enchantment) tokens?(?: with (.+?))?"
                 r"(?: named ([a-z][\w' -]*))?$", text)
    if not m:
        return None
    count = parse_count(ctx, m.group(1))
    if count is None:
        return None
    colors = "".join(COLOR_LETTER[c] for c in re.findall(r"white|blue|black|red|green", m.group(4) or ""))
    subtypes = []
    for w in m.group(5).split():
        st = creature_type(w) if "creature" in m.group(6) else w.capitalize()
        if st is None:
            return None
        subtypes.append(st)
    base = " ".join(t.capitalize() for t in m.group(6).split())
    abilities: list[str] = []
    if m.group(7):
        abilities = _token_abilities(ctx, m.group(7))
        if abilities is None:
            return None
    # "a colorless artifact token named Etherium Cell": no subtype (205.3)
    types = f"{base} — {' '.join(subtypes)}" if subtypes else base
    if abilities and not token_text_reads(types, abilities):
        return None
    p = None if m.group(2) is None else (m.group(2) if m.group(2) == "x" else int(m.group(2)))
    t = None if m.group(3) is None else (m.group(3) if m.group(3) == "x" else int(m.group(3)))
    name = default_token_name(types)
    if m.group(8):
        # 111.4: a token named by the effect has that name, as printed
        printed = ctx.flags.get("sentence", "")
        at = printed.lower().find("named " + m.group(8))
        if at < 0:
            return None
        name = printed[at + 6:at + 6 + len(m.group(8))]
    if legend:
        printed = ctx.flags.get("sentence", "")
        at = printed.lower().find(legend.group(1) + ", a legendary ")
        if at < 0 or m.group(8):
            return None
        name, types = printed[at:at + len(legend.group(1))], "Legendary " + types
    spec = token_spec(name, p, t, colors, types, abilities)
    return count, _freeze(spec)


def _spell_desc(ctx: Context, text: str) -> Filter | None:
    """ "a spell with mana value 3 or less", "an instant or sorcery spell": one spell, described."""
    m = re.match(r"^(?:a|an) (.+)$", text)
    d = parse_desc(m.group(1)) if m else None
    return d.filter if d is not None and d.nouns == {"spell"} else None


def _token_abilities(ctx: Context, text: str) -> list[str] | None:
    """What follows "token[s] with": keywords, an ability in quotes, or both ("flying and "..."").
    Inside the quotes "~" is the token itself (111.1, 201.5)."""
    m = re.fullmatch(r'(?:(.+?)(?:,? and |, ))?"([^"]+)"', text)
    words, quoted = (m.group(1), m.group(2)) if m else (text, None)
    out: list[str] = []
    if words:
        kws = keyword_words(ctx, words)
        if kws is None:
            return None
        out = [k[0].upper() + k[1:] for k in kws]
    if quoted:
        ability = quoted.replace("~", "this token").rstrip(".,")
        out.append(ability[0].upper() + ability[1:] + ".")
    return out


def token_text_reads(types: str, abilities: list[str]) -> bool:
    """Whether the compiler reads every ability a token is created with (111.1)."""
    left, _, right = types.partition("—")
    record = {"name": "Token", "manaCost": "", "colors": [], "supertypes": [], "types": left.split(),
              "subtypes": right.split(), "type": types, "text": "\n".join(abilities)}
    return not compile_record(record).unsupported


def _tapped_tokens(ctx: Context, text: str):
    """ "a tapped 2/2 black Zombie creature token", "two tapped Treasure tokens" (111.1)."""
    m = re.match(r"^(\w+) tapped (.+)$", text)
    return _tokens(ctx, f"{m.group(1)} {m.group(2)}") if m else None


def _attacking_tokens(ctx: Context, text: str):
    """ "a tapped and attacking 1/1 red Devil creature token": the tokens that enter attacking (111.1, 508.4)."""
    m = re.match(r"^(\w+) tapped and attacking (.+)$", text)
    return _tokens(ctx, f"{m.group(1)} {m.group(2)}") if m else None


def token_kind(ctx: Context, text: str) -> tuple | None:
    """ "1/1 black Rat creature tokens" after "a number of", "that many": the tokens' kind (their spec), their number
    said elsewhere."""
    found = _tokens(ctx, "two " + text) if " tokens" in text else None
    return found[1] if found else None


def _freeze(spec: dict) -> tuple:
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(spec.items()))


def _acting_player(ctx: Context, text: str) -> Ref | None:
    """The player of "<player> may <action>": the subject of the action that follows (they draw, not you)."""
    who = parse_player_slot(ctx, text)
    if who is not None:
        ctx.subject = who
    return who


G = Grammar({
    "source": _source, "obj": parse_objects, "group": parse_group, "actor": _acting_player, "recipient": _recipient, "players": _players, "player": parse_player_slot, "amount": parse_amount,
    "count": parse_count, "pt": parse_pt, "dur": parse_duration, "mana": parse_mana_produced,
    "kw": granted_keywords, "eq": parse_equal_to, "ckind": counter_kind, "counter_choices": _counter_choices, "desc": _desc, "tokens": _tokens,
    "tapped_tokens": _tapped_tokens, "attacking_tokens": _attacking_tokens, "grants": _keywords_and_quotes, "abkw": keyword_abilities, "emblem": emblem_abilities,
    # "1/1 black Rat creature tokens" after "a number of": the tokens' kind, their number said elsewhere
    "token_kind": lambda ctx, t: token_kind(ctx, t),
    "cost": lambda ctx, t: parse_mana_cost(t), "energy": _energy,
    "except_for": lambda ctx, t: kinds_named(t), "name_kind": lambda ctx, t: card_name_kind(t),
    "exiled_with": lambda ctx, t: _exiled_with(t),
    "word": lambda ctx, t: t if re.fullmatch(r"[a-z]+", t) else None, "clause": lambda ctx, t: parse_clause(ctx, t),
    "your_clause": lambda ctx, t: _your_clause(ctx, t),
    "labeled": lambda ctx, t: (t, c) if (c := parse_clause(ctx, t)) is not None else None,      # its words too
    "card": lambda ctx, t: _search_desc(t), "num": lambda ctx, t: number(t), "spell": _spell_desc,
    # a number of cards without "up to" (which "card" reads as that many, for templates that say "up to" apart)
    "cards_exactly": lambda ctx, t: None if t.startswith("up to ") else _search_desc(t),
    # "untapped creatures you control": the kind of permanent, no number
    "word_desc": lambda ctx, t: (object_filter(d) if (d := parse_desc(t)) is not None and not d.zone
                                 and not d.nouns & {"player", "opponent", "card", "spell"} else None),
    # "a nonland card from it with mana value 3 or less": the card's quality after "from it"
    "card_from_it": lambda ctx, t: (_search_desc(m.group(1) + m.group(2))
                                    if (m := re.match(r"^(.+? card) from it( with .+)$", t)) else None),
    "becomes": lambda ctx, t: parse_becomes(t, ctx.flags.get("x", X)), "cond": lambda ctx, t: parse_condition(t),
    "kwor": lambda ctx, t: granted_keywords(ctx, re.sub(r",? or ", ", ", t)),     # "flying, trample, or haste" too
    # "~", or "it" meaning the source ("When ~ enters, attach it to target creature you control", 701.3a)
    "itself": lambda ctx, t: SELF if t == "~" or (t == "it" and ctx.last == (SELF,)) else None,
    "its": lambda ctx, t: ctx.last[0] if t == "its" and ctx.last and len(ctx.last) == 1 else None,
    "rest": lambda ctx, t: {"on the bottom of your library in any order": "bottom",
                            "on the bottom of your library in a random order": "bottom",
                            "into your graveyard": "graveyard"}.get(t),
    "restr": lambda ctx, t: {"can't be blocked": "cant_be_blocked", "can't block": "cant_block",
                             "assigns no combat damage": "no_combat_damage",
                             "can't attack or block": "cant_attack_or_block", "can't attack": "cant_attack",
                             "attacks each combat if able": "must_attack"}.get(t),
    "color": lambda ctx, t: {"a white": "W", "a blue": "U", "a black": "B", "a red": "R", "a green": "G"}.get(t),
    # "colors", "{g} and/or {w}": what each mana of "N mana in any combination of ..." may be
    "combination": lambda ctx, t: "WUBRG" if t == "colors" else (
        (m.group(1) + m.group(2)).upper() if (m := re.fullmatch(r"\{([wubrg])\} and/or \{([wubrg])\}", t)) else None),
})


def _who(ctx: Context, who: Ref | None) -> Ref:
    if who is None:
        if ctx.subject == SELF:
            raise Unreadable("a player's action with the source as its subject")
        return ctx.subject or YOU
    ctx.subject = who
    return who


def _set_divide(ctx: Context, refs: tuple[Ref, ...]) -> bool:
    if len(refs) != 1 or refs[0].kind != "target":
        return False
    i = refs[0].index
    if ctx.targets[i].count is not None:
        return False        # the number of targets an amount: what is divided is known only as it is chosen
    # 601.2d: an effect is divided among one or more targets: "any number" means at least one here.
    ctx.targets[i] = replace(ctx.targets[i], divide=True, min=max(1, ctx.targets[i].min))
    return True


# ---------------------------------------------------------------- damage (120)

@G.rule("{src:source} deal[s] {n:amount} damage to {to:obj}")
def _damage(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    ctx.flags["damage_dealt"] = True      # "you gain life equal to the damage dealt this way"
    return tuple(DealDamage(n, r) for r in to)


@G.rule("{src:source} deal[s] {n:amount} damage to itself")
def _source_damages_itself(ctx: Context, src: Ref, n: Amount) -> tuple[Effect, ...] | None:
    """ "~ deals 2 damage to itself": the source is dealt the damage it deals (120.3)."""
    return _damage(ctx, src, n, (SELF,))


@G.rule("{src:source} deal[s] damage to itself equal to {n:eq}", "{src:source} deal[s] damage equal to {n:eq} to itself")
def _source_damages_itself_equal(ctx: Context, src: Ref, n: Amount) -> tuple[Effect, ...] | None:
    """ "~ deals damage to itself equal to that card's mana value" (Sarkhan the Mad): ~ is dealt the damage (120.3)."""
    return _damage(ctx, src, n, (SELF,)) if src == SELF else None


def _another_target(ctx: Context, text: str) -> Ref | None:
    """ "another target", "a third target creature", "each of up to two other targets": a target phrase whose targets
    are none of those chosen for the sentence's earlier phrases (115.3), which `_other_targets` names."""
    each = re.match(r"^each of (up to )?(\w+) other targets$", text)
    m = re.match(r"^(?:another|a second|a third) target( .+)?$", text)
    if m is None and each is None:
        return None
    found = parse_target(ctx, f"each of {each.group(1) or ''}{each.group(2)} targets" if each else
                         "target" + m.group(1) if m.group(1) else "any target")
    if found is None or len(found) != 1 or found[0].kind != "target":
        return None
    ctx.targets[found[0].index] = replace(ctx.targets[found[0].index], text=text)
    return found[0]


G.parsers["another"] = _another_target


def _other_targets(ctx: Context, first: tuple[Ref, ...], others: tuple[Ref, ...]) -> bool:
    """Makes each of `others` differ from the targets of the phrases before it (`first`'s, then each earlier
    other's): 115.3, 601.2c. False if the first phrase names no target."""
    earlier = [r.index for r in first if r.kind == "target"]
    if not earlier:
        return False
    for r in others:
        ctx.targets[r.index] = replace(ctx.targets[r.index], other_than=tuple(earlier))
        earlier.append(r.index)
    return True


@G.rule("{src:source} deal[s] {n:amount} damage to {to:obj} and {m:amount} damage to {to2:another}")
def _damage_another(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...], m: Amount, to2: Ref,
                    ) -> tuple[Effect, ...] | None:
    """ "~ deals 2 damage to any target and 1 damage to another target" (Arc Trail): two target phrases, two
    different targets (115.3)."""
    if not _other_targets(ctx, to, (to2,)):
        return None
    return tuple(DealDamage(n, r) for r in to) + (DealDamage(m, to2),)


@G.rule("{src:source} deal[s] {n:amount} damage to {to:another}")
def _damage_to_another(ctx: Context, src: Ref, n: Amount, to: Ref) -> tuple[Effect, ...] | None:
    """ "Magma Burst deals 3 damage to any target. If this spell was kicked, it deals 3 damage to another target": a
    target other than those the ability's sentences before chose (115.3)."""
    earlier = tuple(i for i in range(to.index))
    if src != SELF or not earlier:
        return None
    ctx.targets[to.index] = replace(ctx.targets[to.index], other_than=earlier)
    return (DealDamage(n, to),)


@G.rule("{src:source} deal[s] {n:amount} damage to {to:obj}, {m:amount} damage to {to2:another}, and {k:amount} "
        "damage to {to3:another}")
def _damage_three(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...], m: Amount, to2: Ref, k: Amount,
                  to3: Ref) -> tuple[Effect, ...] | None:
    """ "~ deals 1 damage to any target, 2 damage to another target, and 3 damage to a third target" (Cone of
    Flame): three different targets (115.3)."""
    if not _other_targets(ctx, to, (to2, to3)):
        return None
    return tuple(DealDamage(n, r) for r in to) + (DealDamage(m, to2), DealDamage(k, to3))


@G.rule("{src:source} deal[s] {n:amount} damage to {to:obj} and {m:amount} damage to {to2:recipient}")
def _damage_two(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...], m: Amount, to2: tuple[Ref, ...],
                ) -> tuple[Effect, ...] | None:
    """ "~ deals 4 damage to target creature and 2 damage to that creature's controller": one source
    deals each amount to its recipients (120.3). ("... and 1 damage to each other creature": other than
    the target, which a filter doesn't say, so that isn't read.)"""
    if any(r.filter is not None and r.filter.other for r in to2) and any(r.kind == "target" for r in to):
        return None
    return tuple(DealDamage(n, r) for r in to) + tuple(DealDamage(m, r) for r in to2)


@G.rule("deal[s] {n:amount} damage to {to:recipient}")
def _damage_shared_subject(ctx: Context, n: Amount, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "~ gets +2/+0 until end of turn and deals 1 damage to you": the clause shares the source as subject."""
    if ctx.subject != SELF:
        return None
    return tuple(DealDamage(n, r) for r in to)


def _equal_to_theirs(ctx: Context, text: str) -> Amount | None:
    """ "the number of lands they control" said of each player dealt damage: read with "they" meaning the recipient
    (DealDamage.per_recipient); None if the amount doesn't depend on it."""
    recipient = Ref("chosen", key=EACH_RECIPIENT)
    before, ctx.last_player = ctx.last_player, recipient
    try:
        n = parse_equal_to(ctx, text)
    finally:
        ctx.last_player = before
    return n if n is not None and recipient in instances_in(n, Ref) else None


G.parsers["eq_theirs"] = _equal_to_theirs


@G.rule("{src:source} deal[s] damage to each player equal to {n:eq_theirs}")
def _damage_each_player_theirs(ctx: Context, src: Ref, n: Amount) -> tuple[Effect, ...] | None:
    """ "~ deals damage to each player equal to the number of lands they control" (120.3): each player is dealt the
    amount counted for them."""
    return (DealDamage(n, Ref("each_player"), per_recipient=True),)


def _each_their_own(who: Ref, effect: Effect) -> tuple[Effect, ...] | None:
    """An instruction to each player of a group with an amount counted on their own side ("they", EACH_RECIPIENT)."""
    if who.kind not in ("each_player", "each_opponent"):
        return None
    return (EachPlayerInTurn(who, (effect,)),)


@G.rule("{who:player} lose[s] life equal to {n:eq_theirs}")
def _each_loses_theirs(ctx: Context, who: Ref, n: Amount) -> tuple[Effect, ...] | None:
    # "Each opponent loses life equal to the number of cards in their graveyard" (101.4)
    return _each_their_own(who, LoseLife(Ref("chosen", key=EACH_RECIPIENT), n))


@G.rule("{who:player} gain[s] life equal to {n:eq_theirs}")
def _each_gains_theirs(ctx: Context, who: Ref, n: Amount) -> tuple[Effect, ...] | None:
    return _each_their_own(who, GainLife(Ref("chosen", key=EACH_RECIPIENT), n))


@G.rule("each player's life total becomes {n:eq_theirs}")
def _each_life_total_theirs(ctx: Context, n: Amount) -> tuple[Effect, ...] | None:
    # "Each player's life total becomes the number of creatures they control" (119.5, 101.4)
    return _each_their_own(Ref("each_player"), SetLifeTotal(Ref("chosen", key=EACH_RECIPIENT), n))


@G.rule("{src:source} deal[s] damage equal to {n:eq} to {to:obj}",
        "{src:source} deal[s] damage to {to:obj} equal to {n:eq}")
def _damage_eq(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(DealDamage(n, r) for r in to)


@G.rule("{src:source} deal[s] {n:amount} damage divided as you choose among {to:obj}")
def _damage_divided(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if not _set_divide(ctx, to):
        return None
    return (DealDamage(n, to[0], divided=True),)


@G.rule("{src:source} deal[s] {n:amount} damage divided evenly, rounded down, among {to:obj}")
def _damage_evenly(ctx: Context, src: Ref, n: Amount, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if len(to) != 1 or to[0].kind != "target" or n != Amount("x"):
        return None
    return (DealDamage(Amount("x_split_evenly", ref=to[0]), to[0]),)


# ---------------------------------------------------------------- moving objects

@G.rule("destroy {what:obj}")
def _destroy(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    ctx.flags["destroyed"] = True         # "you gain 2 life for each creature destroyed this way"
    return tuple(Destroy(r) for r in what)


@G.rule("exile {what:obj} until ~ leaves the battlefield")
def _exile_until(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(ExileUntilLeaves(r) for r in what)       # 610.3


@G.rule("exile ~ with {n:count} {k:ckind} counter[s] on it")
def _exile_self_with_counters(ctx: Context, n: Amount, k: str) -> tuple[Effect, ...] | None:
    """A spell exiling itself as it resolves ("Exile ~ with three time counters on it"; 702.62b: with suspend it
    is then suspended)."""
    if n.kind != "const":
        return None
    return (ExileEffect(Ref("self_spell_or_permanent") if ctx.is_spell else SELF, (k, n.value)),)


@G.rule("exile {what:obj}")
def _exile(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    # "Exile ~" in a spell's text: the spell exiles itself as it resolves (608.2n), from the stack
    refs = tuple(Ref("self_spell_or_permanent") if r == SELF and ctx.is_spell else r for r in what)
    if ctx.flags.get("linked_exile"):
        return tuple(ExileLinked(r) for r in refs)      # "the exiled card" of the card's other instruction (607.2a)
    if len(refs) == 1 and refs[0].kind in ("all", "controlled_by"):
        ctx.flags["exiled_group"] = refs[0]     # "Return those cards ...": the cards this exiled (400.7)
    return tuple(ExileEffect(r) for r in refs)


@G.rule("return {what:obj} to its owner's hand", "return {what:obj} to their owner's hand",
        "return {what:obj} to their owners' hands", "return {what:obj} to your hand", "return {what:obj} to their hand",
        "return {what:obj} to its owners' hands")
def _bounce(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if len(what) == 1 and what[0].kind == "target" and ctx.last_player is None and ctx.trigger_player is None:
        ctx.last_player = Ref("owner_of", what[0].index)    # "Then that player discards a card": its owner (608.2h)
    # "Return ~ to its owner's hand" in a spell's text: the spell itself, from the stack (608.2n)
    return tuple(ReturnToHand(Ref("self_spell_or_permanent") if r == SELF and ctx.is_spell else r) for r in what)


@G.rule("return {what:obj} to their owners' hands except for {ex:except_for}")
def _bounce_all_but(ctx: Context, what: tuple[Ref, ...], ex: Filter) -> tuple[Effect, ...] | None:
    """ "Return all creatures to their owners' hands except for Krakens, Leviathans, Octopuses, and Serpents": every
    one of the group but those of the kinds named."""
    if len(what) != 1 or what[0].kind != "all" or what[0].filter is None:
        return None
    f = what[0].filter
    return (ReturnToHand(replace(what[0], filter=replace(f, not_types=f.not_types | ex.types,
                                                         not_subtypes=f.not_subtypes | ex.subtypes))),)


@G.rule("return {what:obj} to the battlefield under (its|their) (owner's|owners') control",
        "put {what:obj} onto the battlefield under (its|their) (owner's|owners') control",
        "return {what:obj} to the battlefield", "put {what:obj} onto the battlefield")
def _reanimate(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOntoBattlefield(r) for r in what)


@G.rule("{who:player} puts all cards they exiled this way onto the battlefield",
        "puts all cards they exiled this way onto the battlefield")
def _reanimate_exiled_this_way(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """Living Death's "Each player exiles all creature cards from their graveyard, ..., then puts all cards they exiled
    this way onto the battlefield": each player's own cards, under their control (110.2a), all at once (101.4); read
    only of each player, whose cards are those they exiled from their own zones."""
    if _who(ctx, who).kind != "each_player":
        return None
    return (PutOntoBattlefield(Ref("exiled_this_way"), under="owner"),)


@G.rule("return {what:obj} to the battlefield tapped under (its|their) (owner's|owners') control",
        "return {what:obj} to the battlefield tapped", "put {what:obj} onto the battlefield tapped")
def _reanimate_tapped(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOntoBattlefield(r, tapped=True) for r in what)


@G.rule("return {what:obj} to the battlefield under your control",
        "put {what:obj} onto the battlefield under your control")
def _reanimate_yours(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOntoBattlefield(r, under="you") for r in what)


@G.rule("return {what:obj} to the battlefield tapped under your control",
        "put {what:obj} onto the battlefield tapped under your control")
def _reanimate_yours_tapped(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOntoBattlefield(r, under="you", tapped=True) for r in what)


@G.rule("return {what:obj} to the battlefield tapped and attacking",
        "put {what:obj} onto the battlefield under your control tapped and attacking",
        "return {what:obj} to the battlefield under your control tapped and attacking")
def _reanimate_attacking(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Whenever ~ attacks, return target creature card from your graveyard to the battlefield tapped and attacking":
    a card of your graveyard comes back under your control (it is yours), attacking what you choose (508.4)."""
    if len(what) != 1 or what[0].kind != "target" or ctx.targets[what[0].index].zone != "graveyard" or (
            ctx.targets[what[0].index].filter is None or ctx.targets[what[0].index].filter.owner != "you"):
        return None
    return (PutOntoBattlefield(what[0], under="you", tapped=True, attacking=True),)


@G.rule("return {what:obj} to the battlefield transformed under your control",
        "put {what:obj} onto the battlefield transformed under your control")
def _reanimate_transformed_yours(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if not _found_where_moved(ctx, what):
        return None
    return tuple(PutOntoBattlefield(r, under="you", transformed=True) for r in what)       # 712.14a


@G.rule("return {what:obj} to the battlefield transformed under (its|their|her|his) owner's control",
        "return {what:obj} to the battlefield transformed", "put {what:obj} onto the battlefield transformed")
def _reanimate_transformed(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if not _found_where_moved(ctx, what):
        return None
    return tuple(PutOntoBattlefield(r, transformed=True) for r in what)        # 712.14a: back face up


def _found_where_moved(ctx: Context, what: tuple[Ref, ...]) -> bool:
    """~ is returned from another zone only as the card the same instruction put there ("exile ~, then return her to
    the battlefield transformed", 400.7j); a source already gone (an Aura whose creature died) is no longer ~."""
    return SELF not in what or re.search(r"\bexile ~,? then return\b", ctx.flags.get("sentence", "").lower()) is not None


@G.rule("return {what:obj} to the battlefield under (its|their) (owner's|owners') control "
        "with (a|an) {k:ckind} counter on (it|them)",
        "return {what:obj} to the battlefield with (a|an) [additional ]{k:ckind} counter on (it|them)")
def _reanimate_counter(ctx: Context, what: tuple[Ref, ...], k: str) -> tuple[Effect, ...] | None:
    # 614.1c: it enters with the counter.
    return tuple(PutOntoBattlefield(r, counters=((k, 1),)) for r in what)


@G.rule("return {d:desc} you control to (its|their) owner's hand", "return {d:desc} you control to their owners' hands",
        "{who:player} return[s] {d:desc} they control to its owner's hand")
def _return_chosen(ctx: Context, d: tuple[Amount, Filter], who: Ref | None = None) -> tuple[Effect, ...] | None:
    """Each player chooses among the permanents they control as it resolves (no target)."""
    n, f = d
    if n.kind != "const":
        return None
    return (ReturnChosen(_who(ctx, who), replace(f, controller="you"), n.value),)


def _chosen_you_control(move):
    """ "Exile a land you control", "put a creature you control on top of its owner's library": chosen as it resolves
    among the permanents you control (no target, 608.2c), all of them if fewer; "the exiled card" of a linked ability
    is the one exiled (607.2a)."""
    def build(ctx: Context, d: tuple[Amount, Filter]) -> tuple[Effect, ...] | None:
        n, f = d
        if n.kind != "const":
            return None
        key = _chosen_key(ctx)
        chosen = Ref("chosen", key=key)
        ctx.last = (chosen,)
        return ChooseObjects(replace(f, controller="you"), n, key), move(ctx, chosen)
    return build


def _exile_chosen_you_control(ctx: Context, r: Ref) -> Effect:
    if ctx.flags.get("linked_exile"):
        return ExileLinked(r)
    return ExileEffect(r)


G.rule("exile {d:desc} you control")(_chosen_you_control(_exile_chosen_you_control))
G.rule("put {d:desc} you control on top of its owner's library")(_chosen_you_control(lambda ctx, r: PutOnLibrary(r)))


def _return_from_graveyard(up_to: bool, at_random: bool = False, to: str = "hand"):
    """ "Return an instant or sorcery card from your graveyard to your hand" (no target): chosen as it resolves
    (608.2c), all there are if fewer; "up to two creature cards": any number from none to that many; "two cards at
    random": picked at random among those there; "... to the battlefield [tapped]": put onto it under its owner's
    (your) control. "Each player returns two land cards from their graveyard to the battlefield": each player chooses
    among their own (101.4), each card put onto it under its owner's control."""
    def build(ctx: Context, c: tuple[int | Amount, Filter | None], who: Ref = YOU) -> tuple[Effect, ...] | None:
        n, f = c
        if not isinstance(n, int) or (who != YOU and (at_random or who.kind not in ("each_player", "each_opponent",
                                                                                    "target"))):
            return None
        key = _chosen_key(ctx)
        ctx.last = (Ref("chosen", key=key),)
        chosen = Ref("chosen", key=key)
        move = ReturnToHand(chosen) if to == "hand" else PutOntoBattlefield(chosen, tapped=to == "battlefield_tapped")
        return (ChooseObjects(f, Amount.const(n), key, up_to=up_to, zone="graveyard", owner=who, at_random=at_random,
                              each_chooses=who != YOU), move)
    return build


# "up to" first: "{c:card}" reads "up to two creature cards" too, as exactly two
G.rule("return up to {c:card} from your graveyard to your hand")(_return_from_graveyard(True))
G.rule("return {c:card} from your graveyard to your hand", "you return {c:card} from your graveyard to your hand")(
    _return_from_graveyard(False))


@G.rule("return {a:cards_exactly} and {b:cards_exactly} from your graveyard to your hand")
def _return_two_kinds(ctx: Context, a: tuple[int | Amount, Filter | None], b: tuple[int | Amount, Filter | None],
                      ) -> tuple[Effect, ...] | None:
    """ "Return a creature card and a land card from your graveyard to your hand": each chosen as it resolves, among
    the cards of its kind (608.2c); none of one kind there, the other still returns."""
    first, second = _return_from_graveyard(False)(ctx, a), _return_from_graveyard(False)(ctx, b)
    if first is None or second is None:
        return None
    ctx.last = None         # "them" would be both choices: not read
    return first + second
G.rule("return {c:cards_exactly} at random from your graveyard to your hand")(
    _return_from_graveyard(False, at_random=True))


@G.rule("choose {c:cards_exactly} at random from {who:player}'s graveyard")
def _choose_at_random_from_graveyard(ctx: Context, c: tuple[int | Amount, Filter | None], who: Ref,
                                     ) -> tuple[Effect, ...] | None:
    """ "Choose a creature card at random from target opponent's graveyard. Put that card onto the battlefield under
    your control.": picked at random among the cards of that kind there (nobody chooses); "that card" is that one."""
    n, f = c
    if not isinstance(n, int) or who.kind not in ("target", "you"):
        return None
    key = _chosen_key(ctx)
    ctx.last = (Ref("chosen", key=key),)
    return (ChooseObjects(f, Amount.const(n), key, zone="graveyard", owner=who, at_random=True),)
G.rule("return up to {c:card} from your graveyard to the battlefield")(_return_from_graveyard(True, to="battlefield"))
G.rule("return {c:card} from your graveyard to the battlefield")(_return_from_graveyard(False, to="battlefield"))
G.rule("return {c:card} from your graveyard to the battlefield tapped")(
    _return_from_graveyard(False, to="battlefield_tapped"))


def _each_returns_from_graveyard(up_to: bool, to: str):
    """ "Each player returns two land cards from their graveyard to the battlefield", "..., then returns up to three
    cards from their graveyard to their hand" (the subject shared with the instruction before)."""
    build = _return_from_graveyard(up_to, to=to)

    def each(ctx: Context, c: tuple[int | Amount, Filter | None], who: Ref | None = None) -> tuple[Effect, ...] | None:
        who = _who(ctx, who)
        return build(ctx, c, who) if who != YOU else None
    return each


for _to, _where in (("hand", "their hand"), ("battlefield", "the battlefield")):
    G.rule(f"[{{who:player}} ]returns up to {{c:card}} from their graveyard to {_where}")(
        _each_returns_from_graveyard(True, _to))
    G.rule(f"[{{who:player}} ]returns {{c:cards_exactly}} from their graveyard to {_where}")(
        _each_returns_from_graveyard(False, _to))


@G.rule("exile all graveyards")
def _exile_graveyards(ctx: Context) -> tuple[Effect, ...] | None:
    return (ExileGraveyards(Ref("each_player")),)


@G.rule("{who:player} exile[s] {card:cards_exactly} from their hand", "exile {card:cards_exactly} from your hand")
def _exile_from_hand(ctx: Context, card: tuple[int | Amount, Filter | None], who: Ref | None = None,
                     ) -> tuple[Effect, ...] | None:
    # chosen as it resolves by the player whose hand it is (608.2c)
    n, f = card
    return (ExileFromHand(_who(ctx, who), n if isinstance(n, Amount) else Amount.const(n), f),)


@G.rule("{who:player} exile[s] {card:card} from (their|your) graveyard", "exile {card:card} from your graveyard",
        "exile {card:card} from their graveyard")
def _exile_from_graveyard(ctx: Context, card: tuple[int | Amount, Filter | None], who: Ref | None = None,
                          ) -> tuple[Effect, ...] | None:
    # chosen as it resolves, by the player whose graveyard it is (not a target, 115.10)
    n, f = card
    return (ExileFromGraveyard(_who(ctx, who), f, n),) if isinstance(n, int) else None


@G.rule("exile {who:player}'s graveyard")
def _exile_graveyard(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    return (ExileGraveyards(who),)


@G.rule("return the exiled card to the battlefield under its owner's control",
        "return the exiled cards to the battlefield under their owners' control",
        "return the exiled cards to the battlefield under their owner's control")
def _return_linked(ctx: Context) -> tuple[Effect, ...] | None:
    return (ReturnLinked(),)


@G.rule("return the exiled card to the battlefield tapped under its owner's control",
        "return the exiled cards to the battlefield tapped under their (owner's|owners') control")
def _return_linked_tapped(ctx: Context) -> tuple[Effect, ...] | None:
    return (ReturnLinked(tapped=True),)


def _exiled_with(text: str) -> tuple[bool, Filter | None] | None:
    """ "each creature card exiled with ~", "all cards exiled with it", "a creature card exiled with ~": whether one is
    chosen among them (a/an), and their kind (607.2a: the cards this card's linked ability exiled)."""
    m = re.fullmatch(r"(all|each|a|an) (.+?) exiled with (?:~|it)", text)
    d = parse_desc(m.group(2)) if m else None
    if d is None or d.zone or "card" not in d.nouns or d.plural != (m.group(1) == "all"):
        return None
    f = object_filter(d)
    return m.group(1) in ("a", "an"), (None if f == Filter() else f)


@G.rule("return {c:exiled_with} to the battlefield under (its|their) (owner's|owners') control",
        "put {c:exiled_with} onto the battlefield under the control of that card's owner",
        "put {c:exiled_with} onto the battlefield under (its|their) (owner's|owners') control")
def _return_exiled_with(ctx: Context, c: tuple[bool, Filter | None]) -> tuple[Effect, ...] | None:
    ctx.last = ()       # "that creature" after it: the card returned, which nothing names yet (400.7)
    return (ReturnLinked(filter=c[1], chosen=c[0]),) if ctx.flags.get("linked_exile") else None


@G.rule("put {c:exiled_with} onto the battlefield under your control",
        "return {c:exiled_with} to the battlefield under your control")
def _take_exiled_with(ctx: Context, c: tuple[bool, Filter | None]) -> tuple[Effect, ...] | None:
    ctx.last = ()       # "that creature is a Nightmare": the card put onto the battlefield, which nothing names yet
    return (ReturnLinked("you", c[1], c[0]),) if ctx.flags.get("linked_exile") else None


@G.rule("return {c:exiled_with} to (its|their) (owner's|owners') (hand|hands)",
        "put {c:exiled_with} into (its|their) (owner's|owners') (hand|hands)")
def _exiled_with_to_hand(ctx: Context, c: tuple[bool, Filter | None]) -> tuple[Effect, ...] | None:
    ctx.last = ()
    return (ReturnLinked(filter=c[1], chosen=c[0], to="hand"),) if ctx.flags.get("linked_exile") else None


@G.rule("put {what:obj} on top of its owner's library", "put {what:obj} on top of their owner's library",
        "put {what:obj} on top of your library", "put {what:obj} on top of their owners' libraries",
        "put {what:obj} on top of your library in any order")
def _to_top(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOnLibrary(r) for r in what)


@G.rule("put {what:obj} into its owner's library {nth:word} from the top",
        "put {what:obj} into your library {nth:word} from the top")
def _into_library(ctx: Context, what: tuple[Ref, ...], nth: str) -> tuple[Effect, ...] | None:
    depth = {"second": 1, "third": 2, "fourth": 3, "fifth": 4}.get(nth)
    return None if depth is None else tuple(PutOnLibrary(r, depth=depth) for r in what)


@G.rule("put {what:obj} into its owner's library just beneath the top {n:count} cards of that library")
def _beneath_the_top(ctx: Context, what: tuple[Ref, ...], n: Amount) -> tuple[Effect, ...] | None:
    """Unexpectedly Absent: that many cards stay above it (all of them if the library has fewer); none: on top."""
    return tuple(PutOnLibrary(r, depth=n) for r in what) if len(what) == 1 else None


@G.rule("the owner of {what:obj} puts it on the top or bottom of their library",
        "{what:obj}'s owner puts it on the top or bottom of their library")
def _owner_top_or_bottom(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOnLibrary(r, owner_chooses=True) for r in what)


@G.rule("its owner puts it on the top or bottom of their library")
def _its_owner_top_or_bottom(ctx: Context) -> tuple[Effect, ...] | None:
    return tuple(PutOnLibrary(r, owner_chooses=True) for r in ctx.last) if ctx.last else None


@G.rule("put {what:obj} on the bottom of its owner's library", "put {what:obj} on the bottom of your library",
        "put {what:obj} on the bottom of your library in any order")
def _to_bottom(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PutOnLibrary(r, top=False) for r in what)


@G.rule("put {what:obj} on the bottom of their library")
def _to_bottom_of_their_library(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Put target card from an opponent's graveyard on the bottom of their library": "their" is that opponent, the
    card's owner (a card goes to its owner's library, 400.3); read only of such a card."""
    if len(what) != 1 or what[0].kind != "target":
        return None
    spec = ctx.targets[what[0].index]
    if spec.zone != "graveyard" or spec.filter is None or spec.filter.owner != "opponent":
        return None
    return (PutOnLibrary(what[0], top=False),)


# ---------------------------------------------------------------- the stack (701.6)

@G.rule("counter {what:obj}")
def _counter(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    # "When you cast this spell, ... counter ~": the spell itself on the stack (701.6a), not a permanent
    return tuple(CounterSpell(Ref("self_spell_or_permanent") if r == SELF else r) for r in what)


@G.rule("counter {what:obj} unless its controller pays {cost:cost}",
        "counter {what:obj} unless that (ability's|spell's) controller pays {cost:cost}")
def _counter_unless(ctx: Context, what: tuple[Ref, ...], cost: ManaCost) -> tuple[Effect, ...] | None:
    # "unless that ability's controller pays {W}" (Ayesha Tanaka): the controller of the ability countered (118.12)
    said = re.search(r"unless that (ability|spell)'s", ctx.flags.get("sentence", "").lower())
    if said and (len(what) != 1 or what[0].kind != "target"
                 or (ctx.targets[what[0].index].kind == "spell") != (said.group(1) == "spell")):
        return None
    per = generic_per(ctx, cost.symbols)
    if per is not None:
        return tuple(CounterSpell(r, unless_amount=per) for r in what)
    return tuple(CounterSpell(r, unless_pay=cost) for r in what)


@G.rule("you may choose new targets for {what:obj}")
def _choose_new_targets(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """115.7d: "You may choose new targets for target spell"; keeping every target is the choice not to."""
    if len(what) != 1 or what[0].kind != "target" or ctx.targets[what[0].index].kind != "spell":
        return None
    return (ChooseNewTargets(what[0]),)


@G.rule("change the target of {what:obj}")
def _change_the_target(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """115.7a: "Change the target of target spell with a single target": to another legal target if there is one."""
    if len(what) != 1 or what[0].kind != "target" or ctx.targets[what[0].index].kind != "spell" \
            or ctx.targets[what[0].index].filter is None or not ctx.targets[what[0].index].filter.single_target:
        return None
    return (ChooseNewTargets(what[0], change=True),)


@G.rule("counter {what:obj} unless its controller pays {x}")
def _counter_unless_x(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(CounterSpell(r, unless_x=True) for r in what)


# ---------------------------------------------------------------- cards and life

_EACH_OWN = ("discarded_by_each", "hand_left_by_each")     # "that many" of each player on their own (effects.basic)


def _draw_own(ctx: Context, who: Ref, n: Amount) -> tuple[Effect, ...] | None:
    """A draw; "that many" of "each player discards ..." only for those same players, each drawing the number they
    discarded (engine.effects.basic)."""
    reads_each = n.kind in _EACH_OWN or (n.base is not None and n.base.kind in _EACH_OWN)
    if reads_each and who != ctx.flags.get("that_many_player"):
        return None
    return (Draw(who, n),)


@G.rule("{who:player} draw[s] {n:count} card[s]", "draw[s] {n:count} card[s]")
def _draw(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return _draw_own(ctx, _who(ctx, who), n)


@G.rule("{who:player} draw[s] up to {n:count} card[s]", "draw[s] up to {n:count} card[s]")
def _draw_up_to(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Then each player draws up to seven cards" (Diminishing Returns): how many, each player chooses (101.4)."""
    return (Draw(_who(ctx, who), n, up_to=True),) if n.kind == "const" else None


@G.rule("{who:player} draw[s] that many cards plus {k:num}", "draw[s] that many cards plus {k:num}")
def _draw_that_many_plus(ctx: Context, k: int, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Discard all the cards in your hand, then draw that many cards plus one" (107.1)."""
    base = ctx.flags.get("that_many")
    return _draw_own(ctx, _who(ctx, who), Amount("plus", value=k, base=base)) if base is not None else None


@G.rule("{who:player} draw[s] that many cards minus {k:num}", "draw[s] that many cards minus {k:num}")
def _draw_that_many_minus(ctx: Context, k: int, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Each player discards all the cards in their hand, then draws that many cards minus one": none below zero
    (107.1b)."""
    base = ctx.flags.get("that_many")
    return _draw_own(ctx, _who(ctx, who), Amount("plus", value=-k, base=base)) if base is not None else None


@G.rule("{ws:players} each draw {n:count} card[s]")
def _each_draw(ctx: Context, ws: tuple[Ref, ...], n: Amount) -> tuple[Effect, ...] | None:
    """ "You and target opponent each draw a card": each of the players named draws."""
    return tuple(Draw(w, n) for w in ws)


@G.rule("{who:player} draw[s] cards equal to {n:eq}", "draw[s] cards equal to {n:eq}")
def _draw_eq(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (Draw(_who(ctx, who), n),)


@G.rule("{who:player} draw[s] an additional card", "draw[s] an additional card",
        "{who:player} draw[s] {n:count} additional cards", "draw[s] {n:count} additional cards")
def _draw_additional(ctx: Context, who: Ref | None = None, n: Amount | None = None) -> tuple[Effect, ...] | None:
    return (Draw(_who(ctx, who), n or Amount.const(1)),)


def _discarded_count(ctx: Context, who: Ref) -> None:
    """ "..., then draw that many cards": the cards one player's discard discarded; after "each player discards
    ...", the cards each of them discarded, for that player's own draw (_draw_own)."""
    ctx.flags["that_many"] = Amount("discarded_by_each" if who.kind in ("each_player", "each_opponent")
                                    else "discarded_this_way")
    ctx.flags["discarder"] = ctx.flags["that_many_player"] = who
    # "Each player discards a card. Each opponent who can't loses 3 life": who gave nothing, read next
    ctx.flags["each_gives"] = who.kind in ("each_player", "each_opponent")


@G.rule("{who:player} discard[s] {n:count} card[s]", "discard[s] {n:count} card[s]")
def _discard(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    return (Discard(who, n),)


@G.rule("{who:player} discard[s] up to {n:count} card[s]", "discard[s] up to {n:count} card[s]")
def _discard_up_to(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    return (Discard(who, n, up_to=True),)


@G.rule("{who:player} discard[s] any number of cards", "discard any number of cards",
        "{who:player} discard[s] any number of {kind:card}", "discard any number of {kind:card}")
def _discard_any_number(ctx: Context, who: Ref | None = None, kind: tuple[int | Amount, Filter | None] | None = None,
                        ) -> tuple[Effect, ...] | None:
    # 701.9a: the player chooses which cards of their hand (of that kind: "any number of creature cards"), none to all
    if kind is not None and kind[1] is None:
        return None
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    # "you may discard any number of cards. If you do, draw that many cards and add that much {R}": the one
    # quantity after it is how many were discarded (Neheb, Dreadhorde Champion), not the trigger's event
    ctx.flags["that_much"] = ctx.flags["that_many"]
    return (Discard(who, Amount.const(99), up_to=True, filter=kind[1] if kind else None),)


@G.rule("{who:player} discard[s] {card:card}", "discard[s] {card:card}")
def _discard_kind(ctx: Context, card: tuple[int | Amount, Filter | None], who: Ref | None = None,
                  ) -> tuple[Effect, ...] | None:
    # "you may discard a land card": only a card of that kind can be discarded (none in hand: nothing is, 608.2c)
    n, f = card
    if not isinstance(n, int) or f is None:
        return None
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    return (Discard(who, Amount.const(n), filter=f),)


@G.rule("{who:player} discard[s] cards equal to {n:eq}", "discard cards equal to {n:eq}",
        "{who:player} discard[s] a number of cards equal to {n:eq}", "discard a number of cards equal to {n:eq}")
def _discard_equal_to(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 701.9a: "that player discards cards equal to the damage": that many, of that player's choice
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    return (Discard(who, n),)


@G.rule("{who:player} discard[s] {n:count} card[s] at random", "discard[s] {n:count} card[s] at random")
def _discard_random(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (Discard(_who(ctx, who), n, random=True),)


@G.rule("{who:player} reveal[s] their hand and discard[s] {c:cards_exactly} at random")
def _reveal_discard_kind_random(ctx: Context, c: tuple[int | Amount, Filter | None], who: Ref) -> tuple[Effect, ...] | None:
    """ "Target opponent reveals their hand and discards a creature card at random": picked at random among the cards
    of that kind in it (701.20a, 701.9a)."""
    n, f = c
    if f is None or not isinstance(n, int):
        return None
    return RevealHand(who), Discard(who, Amount.const(n), random=True, filter=f)


def _discard_every(reveal: bool):
    """ "Target player discards all nonland cards", "... reveals their hand and discards all Trap cards": every card
    of that kind in that hand (701.9a); the hand revealed first (701.20a)."""
    def build(ctx: Context, c: tuple[int | Amount, Filter | None], who: Ref) -> tuple[Effect, ...] | None:
        n, f = c
        if n != 1 or f is None:
            return None
        _discarded_count(ctx, who)
        return ((RevealHand(who),) if reveal else ()) + (Discard(who, Amount.const(99), filter=f),)
    return build


G.rule("{who:player} discard[s] all {c:card}")(_discard_every(False))
G.rule("{who:player} reveal[s] their hand and discard[s] all {c:card}")(_discard_every(True))


@G.rule("{who:player} discard[s] their hand", "discard your hand",
        "{who:player} discard[s] all the cards in their hand", "discard all the cards in your hand")
def _discard_hand(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    return (Discard(who, Amount.const(99)),)


@G.rule("{who:player} chooses {n:count} card[s] in their hand and discards the rest",
        "choose {n:count} card[s] in your hand and discard the rest")
def _keep_and_discard_rest(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Target player chooses a card in their hand and discards the rest" (701.9a): the player keeps that many."""
    who = _who(ctx, who)
    _discarded_count(ctx, who)
    return (Discard(who, n, keep=True),)


@G.rule("discard their hand")
def _discard_their_hand(ctx: Context) -> tuple[Effect, ...] | None:
    """ "Each player may discard their hand and draw seven cards": the hand of the players the clause is said of."""
    if ctx.subject is None or ctx.subject in (YOU, SELF):
        return None
    return _discard_hand(ctx)


@G.rule("{who:player} gain[s] {n:amount} life", "gain[s] {n:amount} life")
def _gain(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (GainLife(_who(ctx, who), n),)


@G.rule("{who:player} gain[s] life equal to {n:eq}", "gain[s] life equal to {n:eq}")
def _gain_eq(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (GainLife(_who(ctx, who), n),)


@G.rule("{who:player} gain[s] life and draw[s] cards equal to {n:eq}", "gain[s] life and draw[s] cards equal to {n:eq}")
def _gain_and_draw_eq(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "You gain life and draw cards equal to its power": one number for both instructions, in the order said."""
    player = _who(ctx, who)
    return (GainLife(player, n), Draw(player, n))


@G.rule("{who:player} lose[s] {n:amount} life", "lose[s] {n:amount} life")
def _lose(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    ctx.flags["life_lost"] = True         # "you gain life equal to the life lost this way"
    return (LoseLife(_who(ctx, who), n),)


@G.rule("{who:player} gain[s] that much life", "gain[s] that much life")
def _gain_that_much(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Target opponent loses 1 life for each attacking creature you control. You gain that much life." """
    if not ctx.flags.get("life_lost"):
        return None
    return (GainLife(_who(ctx, who), Amount("life_lost_this_way")),)


@G.rule("{who:player} lose[s] life equal to {n:eq}", "lose[s] life equal to {n:eq}")
def _lose_eq(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (LoseLife(_who(ctx, who), n),)


@G.rule("{who:player} lose[s] life equal to its mana value", "lose[s] life equal to its mana value")
def _lose_revealed(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    if not ctx.flags.get("revealed"):
        return None
    return (LoseLife(_who(ctx, who), Amount("revealed_mana_value")),)


@G.rule("{who:player} win[s] the game", "win[s] the game")
def _win_game(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (WinGame(_who(ctx, who)),)


@G.rule("{who:player} lose[s] the game", "lose[s] the game")
def _lose_game(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (LoseGame(_who(ctx, who)),)


@G.rule("{who:player} mill[s] {n:count} card[s]", "mill[s] {n:count} card[s]",
        "{who:player} mill[s] cards equal to {n:eq}", "mill[s] cards equal to {n:eq}")
def _mill(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (Mill(_who(ctx, who), n),)


def _mill_half(up: bool):
    """107.1a: half the number of cards in the player's own library, rounded as written."""
    def build(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
        player = _who(ctx, who)
        if player.kind in ("each_player", "each_opponent"):
            return None     # each player's own half: one amount can't say that yet
        return (Mill(player, Amount("half_up" if up else "half_down", base=Amount("cards_in_library", ref=player))),)
    return build


def _lose_half(up: bool):
    """107.1a: half the player's own life total, rounded as written ("loses half their life, rounded up")."""
    def build(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
        player = _who(ctx, who)
        if player.kind in ("each_player", "each_opponent", "who_couldnt"):
            return None     # each player's own half: one amount can't say that yet
        return (LoseLife(player, Amount("half_up" if up else "half_down", base=Amount("life_of", ref=player))),)
    return build


for _way, _up in (("down", False), ("up", True)):
    G.rule(f"{{who:player}} mill[s] half their library, rounded {_way}",
           f"mill half your library, rounded {_way}")(_mill_half(_up))
    G.rule(f"{{who:player}} lose[s] half their life, rounded {_way}",
           f"lose[s] half your life, rounded {_way}", f"lose[s] half their life, rounded {_way}")(_lose_half(_up))


@G.rule("{who:player} sacrifice[s] {d:desc}", "sacrifice[s] {d:desc}")
def _sacrifice(ctx: Context, d: tuple[Amount, Filter], who: Ref | None = None) -> tuple[Effect, ...] | None:
    n, f = d
    ctx.last = (Ref("sacrificed"),)     # "that creature": the one sacrificed (608.2h)
    who = _who(ctx, who)
    ctx.flags["each_gives"] = who.kind in ("each_player", "each_opponent")      # "Each player who can't ..."
    return (Sacrifice(who, f, n),)


def _any_number_of_yours(ctx: Context, text: str) -> tuple[str, Filter] | None:
    """ "lands", "other permanents": any number of your permanents of a kind (the word naming it, and its filter)."""
    d = parse_desc(text)
    if d is None or not d.plural or d.zone or len(d.nouns) != 1 or not d.nouns <= _PERMANENT_NOUNS \
            or d.filter.controller:
        return None
    return next(iter(d.nouns)), replace(object_filter(d), controller="you")


G.parsers["any_number_of_yours"] = _any_number_of_yours


@G.rule("sacrifice any number of {k:any_number_of_yours}")
def _sacrifice_any_number(ctx: Context, k: tuple[str, Filter]) -> tuple[Effect, ...] | None:
    """ "Sacrifice any number of lands, then add that much {C}", "Sacrifice any number of permanents. You gain 2 life
    for each permanent sacrificed this way.": chosen as it resolves, none or more (608.2d), then sacrificed together
    (701.21a); "that many" / "that much" and "for each <kind> sacrificed this way" count them."""
    noun, f = k
    key = _chosen_key(ctx)
    ctx.flags["that_many"] = ctx.flags["that_much"] = Amount("sacrificed_this_way")
    ctx.flags["sacrificed_kind"] = noun
    return (ChooseObjects(f, Amount.const(999), key, up_to=True), SacrificeObjects(Ref("chosen", key=key)))


@G.rule("sacrifice ~", "you sacrifice ~")
def _sacrifice_self(ctx: Context) -> tuple[Effect, ...] | None:
    ctx.last = (SELF,)      # "sacrifice ~ and it deals 3 damage to target player": ~ as it last existed (608.2h)
    return (SacrificeSelf(),)


@G.rule("sacrifice {what:obj}")
def _sacrifice_those(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if any(r.kind == "target" for r in what):
        return None          # "sacrifice target ..." isn't an instruction cards give
    if len(what) == 1 and what[0].kind == "all":
        ctx.flags["that_many"] = Amount("sacrificed_this_way")     # "..., then create that many tokens"
    return tuple(SacrificeObjects(r) for r in what)


def _theirs(ctx: Context, text: str) -> Filter | None:
    """ "creatures they control", "permanents they control that are one or more colors": a kind of permanent, each
    player's own (the player is the subject's)."""
    m = re.fullmatch(r"(.+?) they control((?: .+)?)", text)
    d = parse_desc(m.group(1) + m.group(2)) if m else None
    return object_filter(d) if d is not None and not d.zone and not d.nouns & {"player", "opponent", "card", "spell"} \
        and d.filter.controller is None else None


G.parsers["theirs"] = _theirs


@G.rule("{who:player} sacrifices all {f:theirs}", "sacrifices all {f:theirs}")
def _each_sacrifices_all(ctx: Context, f: Filter, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Each player sacrifices all permanents they control that are one or more colors" (701.21a): every such
    permanent, each sacrificed by its controller; of an opponent's ("Each opponent ..."), theirs only; "..., then
    sacrifices all creatures they control": the subject said before."""
    who = _who(ctx, who)
    if who.kind not in ("each_player", "each_opponent"):
        return None
    f = replace(f, controller="opponent") if who.kind == "each_opponent" else f
    return (SacrificeObjects(Ref("all", filter=f), by_controller=True),)


def _kept_picks(ctx: Context, text: str) -> tuple[Filter, ...] | None:
    """What each player keeps, one of each: "an artifact, a creature, an enchantment, and a planeswalker", "a land
    of each basic land type" (205.3i), "a permanent of each permanent type" (110.4)."""
    if text == "a land of each basic land type":
        return tuple(Filter(types=frozenset({"Land"}), subtypes=frozenset({t})) for t in BASIC_LAND_TYPES)
    if text == "a permanent of each permanent type":
        return tuple(Filter(types=frozenset({t})) for t in ("Artifact", "Battle", "Creature", "Enchantment", "Land",
                                                              "Planeswalker"))
    out = []
    for piece in re.split(r",? and |, ", text):
        m = re.fullmatch(r"an? (\w+)", piece)
        d = parse_desc(m.group(1)) if m else None
        if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        out.append(object_filter(d))
    return tuple(out) if len(out) > 1 else None


G.parsers["picks"] = _kept_picks


@G.rule("{who:player} chooses {n:num} {d:word_desc} they control, then sacrifices the rest")
def _keep_n(ctx: Context, who: Ref, n: int, d: Filter) -> tuple[Effect, ...] | None:
    # 101.4, 701.21a: "Each player chooses three permanents they control, then sacrifices the rest"
    return (KeepAndSacrificeRest(who, d, count=n),) if n > 0 else None


@G.rule("{who:player} chooses up to {n:num} {d:word_desc} they control, then sacrifices the rest")
def _keep_up_to_n(ctx: Context, who: Ref, n: int, d: Filter) -> tuple[Effect, ...] | None:
    # 701.21a: "that player chooses up to two creatures they control, then sacrifices the rest" (none kept, if they like)
    return (KeepAndSacrificeRest(who, d, count=n, up_to=True),) if n > 0 else None


@G.rule("{who:player} chooses {k:picks} from among the {d:word_desc} they control, then sacrifices the rest",
        "{who:player} chooses from the {d:word_desc} they control {k:picks}, then sacrifices the rest")
def _keep_picks(ctx: Context, who: Ref, k: tuple[Filter, ...], d: Filter) -> tuple[Effect, ...] | None:
    # one of each (a permanent may be chosen for two of them), the rest of those permanents sacrificed
    return (KeepAndSacrificeRest(who, d, keep=k),)


@G.rule("{who:player} chooses a permanent they control of each permanent type and sacrifices the rest")
def _keep_each_type(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    return (KeepAndSacrificeRest(who, Filter(), keep=_kept_picks(ctx, "a permanent of each permanent type")),)


@G.rule("(the|that) player sacrifices that creature")
def _that_player_sacrifices_their_target(ctx: Context) -> tuple[Effect, ...] | None:
    """ "Whenever ~ deals combat damage to a player, choose target creature that player controls. The player sacrifices
    that creature" (701.21a): the target is that player's, checked again as the ability resolves (608.2b), so its
    controller then is that player."""
    if not ctx.last or len(ctx.last) != 1 or ctx.last[0].kind != "target":
        return None
    flt = ctx.targets[ctx.last[0].index].filter
    if flt is None or not (flt.controller or "").startswith(TRIGGER_PLAYER) or ctx.trigger_player is None:
        return None         # "that player": the one the trigger names, whose creature the target is
    return (SacrificeObjects(ctx.last[0], by_controller=True),)


@G.rule("its controller sacrifices it")
def _controller_sacrifices(ctx: Context) -> tuple[Effect, ...] | None:
    """701.21a: the permanent's controller, whoever that is as it happens, sacrifices it."""
    return tuple(SacrificeObjects(r, by_controller=True) for r in ctx.last) if ctx.last else None


@G.rule("{what:obj}'s controller sacrifices it")
def _its_controller_sacrifices(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Target artifact creature's controller sacrifices it", "enchanted creature's controller sacrifices it" (701.21a):
    whoever controls it as it happens sacrifices it; "that player" after it is that controller. Not what an Aura was
    attached to as it left the battlefield (a leaves-the-battlefield trigger's "enchanted permanent")."""
    if len(what) != 1:
        return None
    r = what[0]
    if r.kind == "target" and ctx.targets[r.index].max == 1:
        ctx.last_player = Ref("controller_of", r.index)
    elif r.kind in ("enchanted", "equipped") and not ctx.flags.get("event_left"):
        ctx.last_player = Ref("controller_of_attached", key=r.kind)
    else:
        return None
    ctx.last = what
    ctx.subject = ctx.last_player       # "..., then creates X 1/1 ... tokens": that player does (Mercy Killing)
    return (SacrificeObjects(r, by_controller=True),)


@G.rule("choose {what:obj}")
def _choose_targets(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Choose target creature. When that creature dies this turn, ...": the sentence only chooses the
    target (601.2c) that the next sentences name; it does nothing itself."""
    if not what or any(r.kind != "target" for r in what):
        return None
    return ()


_PERMANENT_NOUNS = frozenset({"creature", "permanent", "artifact", "enchantment", "land", "planeswalker"})


def _one_permanent(ctx: Context, text: str) -> Filter | None:
    """ "a nonlegendary creature on the battlefield", "a creature you control": one permanent of a kind."""
    m = re.fullmatch(r"an? (.+?)( on the battlefield)?", text)
    d = parse_desc(m.group(1)) if m else None
    if d is None or d.zone or d.plural or not d.nouns or not d.nouns <= _PERMANENT_NOUNS \
            or (m.group(2) and d.filter.controller):
        return None
    return object_filter(d)


G.parsers["one_permanent"] = _one_permanent


@G.rule("choose {f:one_permanent}")
def _choose_permanent(ctx: Context, f: Filter) -> tuple[Effect, ...] | None:
    """ "Choose a nonlegendary creature on the battlefield. Target creature becomes a copy of that creature ...",
    "Choose a creature you control": one permanent of the kind, chosen as it resolves (no target, 608.2c), which the
    next sentences name ("that creature")."""
    key = _chosen_key(ctx)
    ctx.last = (Ref("chosen", key=key),)
    return (ChooseObjects(f, Amount.const(1), key),)


# ---------------------------------------------------------------- mana (106)

@G.rule("add {m:mana}", "{who:player} add[s] an additional {m:mana}", "add an additional {m:mana}")
def _add(ctx: Context, m: tuple[str, tuple[str, ...]], who: Ref | None = None) -> tuple[Effect, ...] | None:
    letters, choice = m
    per = ctx.flags.get("for_each")
    if per is not None:
        ctx.flags["for_each_used"] = True
    return (AddMana(letters, per, choice) if per is not None else AddMana(letters, choice=choice),)


@G.rule("add an amount of {m:mana} equal to {n:eq}")
def _add_equal(ctx: Context, m: tuple[str, tuple[str, ...]], n: Amount) -> tuple[Effect, ...] | None:
    # "Add an amount of {C} equal to that creature's mana value": that many of the one mana named (106.1)
    letters, choice = m
    return (AddMana(letters, n),) if len(letters) == 1 and not choice else None


@G.rule("add that much {m:mana}")
def _add_that_much(ctx: Context, m: tuple[str, tuple[str, ...]]) -> tuple[Effect, ...] | None:
    # "Whenever a creature you control deals combat damage to a player, add that much {G}": the amount of the
    # trigger's event (603.2), as many of the one mana named
    letters, choice = m
    n = ctx.flags.get("that_much")
    return (AddMana(letters, n),) if n is not None and len(letters) == 1 and not choice else None


@G.rule("add one mana of any type that land produced", "{who:player} add[s] one mana of any type that land produced")
def _add_produced(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 605.1b: a triggered mana ability's mana goes to the player who tapped the land (its controller)
    return (AddManaProduced(),)


@G.rule("add an amount of mana of any one color equal to your devotion to that color")
def _add_devotion_to_chosen(ctx: Context) -> tuple[Effect, ...] | None:
    """Nykthos, Shrine to Nyx: a color chosen as the mana is added, then as much of it as your devotion to it (700.5;
    the devotion's color "A" is the one chosen, engine.effects.basic)."""
    return (AddMana("A", Amount("devotion", counter="A")),)


@G.rule("add one mana of any color among {f:word_desc}")
def _add_one_color_among(ctx: Context, f: Filter) -> tuple[Effect, ...] | None:
    # 105.1, 106.1: one mana of a color at least one of those permanents has, none if they're colorless
    return (AddMana("", one_color_among=f),)


@G.rule("for each color among {f:word_desc}, add one mana of that color")
def _add_each_color(ctx: Context, f: Filter) -> tuple[Effect, ...] | None:
    # 105.1, 106.1a: one mana of each of the five colors that at least one of those permanents has, none if colorless
    return (AddMana("", each_color_among=f),)


@G.rule("add {n:count} mana in any combination of {c:combination}",
        "{who:player} add[s] an additional {n:count} mana in any combination of {c:combination}",
        "add an additional {n:count} mana in any combination of {c:combination}")
def _add_combination(ctx: Context, n: Amount, c: str, who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 106.1a: each of the mana is of one of these colors, chosen one by one as it is added
    return (AddMana("", n, combination=c),)


@G.rule("add {n:count} mana of different colors")
def _add_different_colors(ctx: Context, n: Amount) -> tuple[Effect, ...] | None:
    # 106.1a: a color for each mana, each other than the colors chosen before it
    return (AddMana("", n, combination="WUBRG", distinct=True),) if n.kind == "const" and 1 < n.value <= 5 else None


@G.rule("add {n:count} mana of any one color and {m:count} mana of any other color")
def _add_two_colors(ctx: Context, n: Amount, m: Amount) -> tuple[Effect, ...] | None:
    # 106.1a: that much mana of one color, then as much of another color
    return (AddMana("", Amount.const(2), combination="WUBRG", distinct=True, per_color=n.value),) \
        if n == m and n.kind == "const" and n.value > 0 else None


@G.rule("add x mana of any one color")
def _add_x(ctx: Context) -> tuple[Effect, ...] | None:
    x = ctx.flags.get("x", Amount("x"))
    return (AddMana("A", x),)


# ---------------------------------------------------------------- P/T and abilities (611.2)

@G.rule("{what:obj} get[s] {pt:pt} {d:dur}", "{what:obj} each get {pt:pt} {d:dur}",
        "{what:obj} gets an additional {pt:pt} {d:dur}")
def _pump(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], d: str) -> tuple[Effect, ...] | None:
    return tuple(Pump(r, pt[0], pt[1], d) for r in what)


def _pt_label(pt: tuple[Amount, Amount]) -> str:
    return "/".join(f"{a.value:+d}" if a.kind == "const" else ("-X" if a.multiplier < 0 else "+X") for a in pt)


@G.rule("{what:obj} get[s] {pt:pt} or {pt2:pt} {d:dur}")
def _pump_either(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], pt2: tuple[Amount, Amount],
                 d: str) -> tuple[Effect, ...] | None:
    """ "~ gets +1/-1 or -1/+1 until end of turn": the controller chooses one as it resolves (608.2d)."""
    labels = (_pt_label(pt), _pt_label(pt2))
    return (ChooseMode((_pump(ctx, what, pt, d), _pump(ctx, what, pt2, d)), labels if labels[0] != labels[1] else ()),)


@G.rule("{what:obj} gain[s] protection from the color of your choice {d:dur}")
def _grant_color_choice(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    return tuple(GrantProtectionChoice(r, duration=d, choices=protection_choices(False)) for r in what)


@G.rule("{what:obj} gain[s] flashback until end of turn with its mana cost as its flashback cost")
def _grant_flashback(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Target instant or sorcery card in your graveyard gains flashback until end of turn. The flashback cost is
    equal to its mana cost." (702.34a; the two sentences joined by compile_mode): castable from the graveyard this
    turn for its mana cost, then exiled."""
    if not ctx.targets or any(r.kind != "target" or ctx.targets[r.index].zone != "graveyard" for r in what):
        return None
    return tuple(GrantFlashback(r) for r in what)


@G.rule("choose a color")
def _choose_color(ctx: Context) -> tuple[Effect, ...] | None:
    return _choose_value(ctx, "color")


@G.rule("choose a creature type")
def _choose_creature_type(ctx: Context) -> tuple[Effect, ...] | None:
    return _choose_value(ctx, "creature_type")


G.parsers["text"] = lambda ctx, t: t


@G.rule("{a:text} of the creature type of your choice {b:text}")
def _of_the_type_of_your_choice(ctx: Context, a: str, b: str) -> tuple[Effect, ...] | None:
    """ "Creatures of the creature type of your choice get -3/-3 until end of turn": a spell's choice of a creature
    type as it resolves (608.2d), then the instruction about that type."""
    if not ctx.is_spell or ctx.flags.get("chosen_creature_type"):
        return None
    choice = _choose_value(ctx, "creature_type")
    rest = parse_clause(ctx, f"{a} of the chosen type {b}")
    return choice + rest if choice and rest else None


@G.rule("choose {k:name_kind}")
def _choose_card_name(ctx: Context, k: Filter) -> tuple[Effect, ...] | None:
    # 201.3: "Choose a nonland card name": among the names of cards of that kind
    return _choose_value(ctx, "card_name", k if k != Filter() else None)


def _choose_value(ctx: Context, what: str, kinds: Filter | None = None) -> tuple[Effect, ...] | None:
    """A spell's own choice (608.2d), which "the chosen color / type / name" in its later sentences reads."""
    if not ctx.is_spell:
        return None
    ctx.flags["chosen_" + what] = True
    return (ChooseValue(what, kinds),)


@G.rule("{what:obj} [also ]gain[s] protection from the chosen color {d:dur}")
def _grant_chosen_color(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    if not ctx.flags.get("chosen_color"):
        return None
    return tuple(GrantProtectionChoice(r, duration=d, choices=protection_choices(False), chosen=True) for r in what)


@G.rule("{what:obj} gain[s] protection from artifacts or from the color of your choice {d:dur}")
def _grant_color_or_artifacts(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    return tuple(GrantProtectionChoice(r, artifacts=True, duration=d, choices=protection_choices(True)) for r in what)


@G.rule("{what:obj} gain[s] your choice of {kw:kwor} {d:dur}")
def _grant_keyword_choice(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], d: str,
                          ) -> tuple[Effect, ...] | None:
    return tuple(GrantKeywordChoice(r, kw, d) for r in what)


@G.rule("{what:obj} lose[s] your choice of {kw:kwor} {d:dur}")
def _lose_keyword_choice(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], d: str,
                         ) -> tuple[Effect, ...] | None:
    return tuple(GrantKeywordChoice(r, kw, d, lose=True) for r in what)       # 613.1f, chosen as it resolves


@G.rule("(destroy|exile) all {a:text} or all {b:text}")
def _all_of_either(ctx: Context, a: str, b: str) -> tuple[Effect, ...] | None:
    """ "Destroy all enchantments or all nonwhite enchantments" (Essence Filter): which group, its controller chooses
    as it resolves (608.2d)."""
    verb = ctx.flags.get("sentence", "").lower().split(" ", 1)[0]
    first, second = parse_clause(ctx, f"{verb} all {a}"), parse_clause(ctx, f"{verb} all {b}")
    if not first or not second:
        return None
    return (ChooseMode((first, second), (f"all {a}", f"all {b}")),)


def _either_keyword(ctx: Context, text: str) -> tuple[Keyword, ...] | None:
    """ "first strike or swampwalk": keywords of which one is chosen (608.2d), said without "your choice of"."""
    if not re.search(r",? or ", text):
        return None
    kw = G.parsers["kwor"](ctx, text)
    return tuple(kw) if kw is not None and len(kw) >= 2 else None


G.parsers["kw_either"] = _either_keyword


@G.rule("{what:obj} gain[s] {kw:kw_either} {d:dur}")
def _grant_either_keyword(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], d: str,
                          ) -> tuple[Effect, ...] | None:
    """ "Target creature gains first strike or swampwalk until end of turn": the ability's controller chooses which
    as it resolves (608.2d)."""
    return tuple(GrantKeywordChoice(r, kw, d) for r in what)


@G.rule("{what:obj} lose[s] {kw:kw_either} {d:dur}")
def _lose_either_keyword(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], d: str,
                         ) -> tuple[Effect, ...] | None:
    """Urborg: "Target creature loses first strike or swampwalk until end of turn" (608.2d, 613.1f)."""
    return tuple(GrantKeywordChoice(r, kw, d, lose=True) for r in what)


@G.rule("{what:obj} get[s] {pt:pt} and gain[s] your choice of {kw:kwor} {d:dur}")
def _pump_keyword_choice(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], kw: tuple[Keyword, ...],
                         d: str) -> tuple[Effect, ...] | None:
    return tuple(e for r in what for e in (Pump(r, pt[0], pt[1], d), GrantKeywordChoice(r, kw, d)))


@G.rule("{what:obj} [also ]gain[s] {kw:kw} {d:dur}", "{what:obj} (has|have) {kw:kw} {d:dur}", "{what:obj} gain[s] {kw:kw}")
def _grant(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], d: str = "permanent",
           ) -> tuple[Effect, ...] | None:
    # without a duration the keyword stays for as long as the object is on the battlefield (611.2a, 400.7); "also"
    # ("White creatures you control also gain first strike") adds to what an earlier sentence gave. "Protection from
    # the chosen color" is the choice of the object that has it (614.12), not one this effect made for others.
    if any(k.param.startswith("the chosen") for k in kw) and any(r != SELF for r in what):
        return None
    return tuple(Grant(r, kw, d) for r in what)


@G.rule("{what:obj} gain[s] {g:grants} {d:dur}", "{what:obj} each gain {g:grants} {d:dur}", "{what:obj} gain[s] {g:grants}")
def _grant_quoted(ctx: Context, what: tuple[Ref, ...], g: tuple, d: str = "permanent") -> tuple[Effect, ...] | None:
    return _grants_quoted(ctx, what, g[0], g[1], d)


@G.rule("{what:obj} gain[s] {k:abkw} {d:dur}", "{what:obj} gain[s] {k:abkw}")
def _grant_keyword_abilities(ctx: Context, what: tuple[Ref, ...], k: tuple[str, ...],
                             d: str = "permanent") -> tuple[Effect, ...] | None:
    return tuple(ApplyContinuous(r, (("kind", "grant_abilities"), ("texts", k)), d) for r in what)


@G.rule("{what:obj} get[s] {pt:pt} and gain[s] {g:grants} {d:dur}", "{what:obj} each get {pt:pt} and gain {g:grants} {d:dur}")
def _pump_grant_quoted(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], g: tuple,
                       d: str) -> tuple[Effect, ...] | None:
    granted = _grants_quoted(ctx, what, g[0], g[1], d)
    return None if granted is None else tuple(Pump(r, pt[0], pt[1], d) for r in what) + granted


@G.rule("{what:obj} lose[s] {kw:kw} {d:dur}")
def _lose_keyword(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], d: str) -> tuple[Effect, ...] | None:
    # 613.1f: the ability is removed in layer 6, after abilities granted earlier (613.7 timestamps)
    return tuple(ApplyContinuous(r, (("kind", "lose_keyword"), ("keywords", tuple(k.text for k in kw))), d)
                 for r in what)


@G.rule("{what:obj} lose[s] all landwalk abilities {d:dur}")
def _lose_landwalk(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    # 702.14: every landwalk ability, whatever its land type or quality
    return tuple(ApplyContinuous(r, (("kind", "lose_keyword"), ("keywords", ("landwalk",))), d) for r in what)


@G.rule('{what:obj} lose[s] all "bands with other" abilities {d:dur}')
def _lose_bands_with_other(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    # 702.22b: every "bands with other [quality]" ability, whatever its quality
    return tuple(ApplyContinuous(r, (("kind", "lose_keyword"), ("keywords", ("bands with other",))), d) for r in what)


@G.rule("{what:obj} lose[s] {kw:kw} and {b:becomes} {d:dur}")
def _lose_becomes(ctx: Context, what: tuple[Ref, ...], kw: tuple[Keyword, ...], b: list[tuple],
                  d: str) -> tuple[Effect, ...] | None:
    # Wishful Merfolk: "loses defender and becomes a Human until end of turn" (613.1f, 613.1d)
    return _lose_keyword(ctx, what, kw, d) + _becomes(ctx, what, b, d)


@G.rule("{what:obj} get[s] {pt:pt} and lose[s] {kw:kw} {d:dur}")
def _pump_lose(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], kw: tuple[Keyword, ...],
               d: str) -> tuple[Effect, ...] | None:
    return tuple(Pump(r, pt[0], pt[1], d) for r in what) + _lose_keyword(ctx, what, kw, d)


@G.rule("{what:obj} get[s] {pt:pt} and gain[s] {kw:kw} {d:dur}", "{what:obj} each get {pt:pt} and gain {kw:kw} {d:dur}",
        "{what:obj} get[s] {pt:pt} and (has|have) {kw:kw} {d:dur}")
def _pump_grant(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], kw: tuple[Keyword, ...],
                d: str) -> tuple[Effect, ...] | None:
    return tuple(e for r in what for e in (Pump(r, pt[0], pt[1], d), Grant(r, kw, d)))


@G.rule("{what:obj} {b:becomes} {d:dur}", "{d:dur}, {what:obj} {b:becomes}", "{what:obj} {b:becomes}")
def _becomes(ctx: Context, what: tuple[Ref, ...], b: list[tuple], d: str = "permanent") -> tuple[Effect, ...] | None:
    # Without a duration the change lasts indefinitely (611.2a): "Target land becomes a 3/3 creature."
    return tuple(ApplyContinuous(r, p, d) for r in what for p in b)


@G.rule("{what:obj} {b:becomes} {d:dur} and {r:restr} this turn")
def _becomes_restricted(ctx: Context, what: tuple[Ref, ...], b: list[tuple], d: str, r: str) -> tuple[Effect, ...] | None:
    # "becomes a 3/2 ... creature until end of turn and can't be blocked this turn" (613.1d, 509.1b)
    if d != "end_of_turn":
        return None
    return _becomes(ctx, what, b, d) + _restrict_until(ctx, what, r, d)


@G.rule("{what:obj} {b:becomes} with {g:grants} {d:dur}", "{d:dur}, {what:obj} {b:becomes} with {g:grants}")
def _becomes_with_quoted(ctx: Context, what: tuple[Ref, ...], b: list[tuple], g: tuple,
                         d: str = "permanent") -> tuple[Effect, ...] | None:
    # 'Until end of turn, ~ becomes a 3/3 Elemental creature with "Whenever ~ attacks, ..."' (613.1d-f)
    granted = _grants_quoted(ctx, what, g[0], g[1], d)
    return None if granted is None else _becomes(ctx, what, b, d) + granted


@G.rule("{what:obj} blocks this turn if able", "{what:obj} block this turn if able")
def _must_block(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    # 509.1c. Not a group's ("creatures your opponents control block this turn if able"): it would bind those that
    # arrive later too (611.2c); "they" are the objects an instruction before named.
    if any(r.kind == "all" for r in what):
        return None
    return tuple(ApplyContinuous(r, (("kind", "must_block"),), "end_of_turn") for r in what)


@G.rule("{what:obj} must be blocked this turn if able")
def _must_be_blocked(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    # 509.1c: a requirement on the defending player's blocks: at least one creature blocks it, if any can. Of a group,
    # it would bind those that arrive later too (611.2c): read below only as a GroupRule.
    if any(r.kind == "all" for r in what):
        return None
    return tuple(ApplyContinuous(r, (("kind", "must_be_blocked"),), "end_of_turn") for r in what)


_TURN_RULES = {"can't be blocked this turn": "cant_be_blocked", "must be blocked this turn if able": "must_be_blocked"}
G.parsers["turn_rule"] = lambda ctx, t: _TURN_RULES.get(t)


@G.rule("(each creature you control gets|creatures you control get) {pt:pt} until end of turn and {r:turn_rule}")
def _pump_and_group_rule(ctx: Context, pt: tuple[Amount, Amount], r: str) -> tuple[Effect, ...] | None:
    """ "Each creature you control gets +1/+0 until end of turn and can't be blocked this turn": the pump applies to
    the creatures there as it resolves, the rule to each creature its controller controls while it lasts, those that
    arrive later too (611.2c; Teleportal's ruling)."""
    what = parse_objects(ctx, "creatures you control")
    if what is None:
        return None
    return tuple(Pump(w, pt[0], pt[1], "end_of_turn") for w in what) + (
        GroupRule(Filter(types=frozenset({"Creature"})), YOU, (("kind", r),)),)


def _blockers_of_it(ctx: Context, text: str) -> tuple[tuple[Ref, ...], Ref] | None:
    """The subject of "<creatures> blocks it": "it" is not the subject (that would be "itself") but what was named
    before it: the source, or the attacking creature of an attack trigger (603.2)."""
    before = ctx.last
    what = parse_objects(ctx, text)
    if what is None or ctx.is_spell or before not in (None, (SELF,), (Ref("event"),)):
        return None
    return what, (before or (SELF,))[0]


G.parsers["blockers_of_it"] = _blockers_of_it


@G.rule("{what:obj} block[s] {a:itself} {d:dur} if able", "{what:obj} block[s] {a:obj} {d:dur} if able",
        "{w:blockers_of_it} block[s] it {d:dur} if able")
def _must_block_attacker(ctx: Context, d: str, what: tuple[Ref, ...] = (), a: Ref | tuple[Ref, ...] | None = None,
                         w: tuple[tuple[Ref, ...], Ref] | None = None) -> tuple[Effect, ...] | None:
    # 509.1c: a requirement to block that creature, "this turn" or "this combat" (the one it attacks in); the attacker
    # is found as the effect resolves
    if w is not None:
        what, attacker = w
    else:
        attacker = a if isinstance(a, Ref) else (a[0] if a and len(a) == 1 and a[0].kind == "target" else None)
    if attacker is None or d not in ("end_of_turn", "end_of_combat") or attacker in what:
        return None
    return tuple(ApplyContinuous(r, (("kind", "must_block_attacker"), ("attacker", attacker)), d) for r in what)


@G.rule("all creatures able to block {what:group} {d:dur} do so")
def _group_lure(ctx: Context, what: tuple[Filter, ...], d: str) -> tuple[Effect, ...] | None:
    # 509.1c on every creature of the group as it attacks, those that arrive after it resolved too (611.2c)
    return tuple(GroupRule(f, None, (("kind", "lure"),), d) for f in what)


@G.rule("all creatures able to block {what:obj} {d:dur} do so")
def _lure(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    # 509.1c: a blocking requirement on every creature able to block it (engine.rules.combat)
    return tuple(ApplyContinuous(r, (("kind", "lure"),), d) for r in what)


@G.rule("{what:obj} becomes the basic land type of your choice {d:dur}",
        "{what:obj} becomes the basic land type of your choice")
def _become_land_type(ctx: Context, what: tuple[Ref, ...], d: str = "permanent") -> tuple[Effect, ...] | None:
    return tuple(BecomeChosenType(r, "basic_land_type", d) for r in what)          # 305.7


@G.rule("{d:dur}, {what:obj} becomes the basic land type of your choice in addition to its other types",
        "{what:obj} becomes the basic land type of your choice in addition to its other types {d:dur}")
def _add_land_type(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    return tuple(BecomeChosenType(r, "basic_land_type", d, in_addition=True) for r in what)          # 305.7


@G.rule("{what:obj} becomes the color or colors of your choice {d:dur}",
        "{what:obj} becomes the color or colors of your choice")
def _become_colors(ctx: Context, what: tuple[Ref, ...], d: str = "permanent") -> tuple[Effect, ...] | None:
    return tuple(BecomeChosenType(r, "colors", d) for r in what)                   # 105.2, 613.1e


@G.rule("{what:obj} becomes the color of your choice {d:dur}", "{what:obj} becomes the color of your choice")
def _become_color(ctx: Context, what: tuple[Ref, ...], d: str = "permanent") -> tuple[Effect, ...] | None:
    return tuple(BecomeChosenType(r, "color", d) for r in what)                    # 105.2: one color, 613.1e


@G.rule("{what:obj} get[s] {pt:pt} and becomes the color of your choice {d:dur}")
def _pump_become_color(ctx: Context, what: tuple[Ref, ...], pt: tuple[Amount, Amount], d: str) -> tuple[Effect, ...] | None:
    # Wild Mongrel: "gets +1/+1 and becomes the color of your choice until end of turn"
    return tuple(Pump(r, pt[0], pt[1], d) for r in what) + _become_color(ctx, what, d)


@G.rule("{what:obj} becomes the creature type of your choice {d:dur}",
        "{what:obj} becomes the creature type of your choice")
def _become_creature_type(ctx: Context, what: tuple[Ref, ...], d: str = "permanent") -> tuple[Effect, ...] | None:
    return tuple(BecomeChosenType(r, "creature_type", d) for r in what)            # 205.1a


@G.rule("{what:obj} becomes the creature type of your choice other than {t:word} {d:dur}")
def _become_creature_type_but(ctx: Context, what: tuple[Ref, ...], t: str, d: str) -> tuple[Effect, ...] | None:
    """ "Choose a creature type other than Wall. Target creature becomes that type until end of turn." (the compiler
    joins the two sentences): the type is chosen as it resolves (608.2d), any but that one (205.3m)."""
    excluded = creature_type(t)
    return None if excluded is None else tuple(BecomeChosenType(r, "creature_type", d, (excluded,)) for r in what)


@G.rule("switch {what:obj}'s power and toughness {d:dur}", "switch the power and toughness of {what:obj} {d:dur}")
def _switch(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    return tuple(ApplyContinuous(r, (("kind", "switch_pt"),), d) for r in what)


@G.rule("switch its power and toughness {d:dur}")
def _switch_its(ctx: Context, d: str) -> tuple[Effect, ...] | None:
    """"its": what "it" names (~ in "Whenever ~ attacks, switch its power and toughness", 613.4d)."""
    what = parse_objects(ctx, "it")
    return None if what is None else _switch(ctx, what, d)


@G.rule("gain control of {what:obj} {d:dur}", "gain control of {what:obj}")
def _control(ctx: Context, what: tuple[Ref, ...], d: str = "permanent") -> tuple[Effect, ...] | None:
    return tuple(ApplyContinuous(r, (("kind", "control"),), d) for r in what)


@G.rule("{who:player} gains control of {what:obj} {d:dur}", "{who:player} gains control of {what:obj}")
def _player_gains_control(ctx: Context, who: Ref, what: tuple[Ref, ...], d: str = "permanent") -> tuple[Effect, ...] | None:
    """ "Target opponent gains control of it" (613.1b): another player than the ability's controller."""
    if who.kind in ("each_player", "each_opponent", "you"):
        return None     # one player
    if who.kind == "opponent":
        # "An opponent gains control of it": the opponent its controller chooses as it resolves (608.2d)
        key = _chosen_key(ctx)
        chosen = Ref("chosen", key=key)
        return (ChooseOpponent(key),) + tuple(ApplyContinuous(r, (("kind", "control"), ("player", chosen)), d)
                                              for r in what)
    return tuple(ApplyContinuous(r, (("kind", "control"), ("player", who)), d) for r in what)


@G.rule("choose an opponent")
def _choose_an_opponent(ctx: Context) -> tuple[Effect, ...] | None:
    """ "When ~ leaves the battlefield, choose an opponent. If that player has more cards in hand than you, draw cards
    equal to the difference.": "that player" is the one chosen as it resolves (608.2d)."""
    key = _chosen_key(ctx)
    ctx.last_player = Ref("chosen", key=key)
    return (ChooseOpponent(key),)


# ---------------------------------------------------------------- tapping, counters, tokens

@G.rule("{what:group} {r:restr} {d:dur}")
def _group_restrict_until(ctx: Context, what: tuple[Filter, ...], r: str, d: str) -> tuple[Effect, ...] | None:
    """ "Creatures without flying can't block this turn": a rule-changing effect binds the group as it is at each
    moment, those that arrive or come to match later too (611.2c); named objects are locked in below."""
    return tuple(GroupRule(f, None, (("kind", r),), d) for f in what)


@G.rule("this turn, {what:group} enter[s] with an additional {k:ckind} counter on it",
        "this turn, {what:group} enter with an additional {k:ckind} counter on them")
def _group_enters_with_counter_this_turn(ctx: Context, what: tuple[Filter, ...], k: str) -> tuple[Effect, ...] | None:
    """ "This turn, each creature you control enters with an additional +1/+1 counter on it": a replacement effect on
    how each permanent of the group enters until the turn ends, those the group gains later too (614.1c, 611.2c;
    engine.effects.static_replacements)."""
    return tuple(GroupRule(f, None, (("kind", "group_enters_with_counter"), ("counter", k)), "end_of_turn") for f in what)


@G.rule("{what:obj} {r:restr} {d:dur}")
def _restrict_until(ctx: Context, what: tuple[Ref, ...], r: str, d: str) -> tuple[Effect, ...] | None:
    return tuple(ApplyContinuous(x, (("kind", r),), d) for x in what)

# Objects a resolving effect names one by one. A rule-changing effect on a group ("Creatures target player
# controls attack this turn if able") also binds creatures that arrive later (611.2c), which an effect on
# objects locked in as it begins doesn't do: only named objects are read here.
_NAMED = frozenset({"self", "target", "event", "enchanted", "equipped", "attached"})


def _combat_rule_until(kind: str):
    def rule(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
        if d != "end_of_turn" or any(r.kind not in _NAMED for r in what):
            return None
        return tuple(ApplyContinuous(r, (("kind", kind),), d) for r in what)
    return rule


def _group_combat_rule_until(kind: str):
    def rule(ctx: Context, what: tuple[Filter, ...], d: str) -> tuple[Effect, ...] | None:
        # the group as it is at each moment (611.2c)
        return None if d != "end_of_turn" else tuple(GroupRule(f, None, (("kind", kind),), d) for f in what)
    return rule


# 702.3b: "can attack this turn as though it didn't have defender"; 508.1d: "attacks this turn if able", a
# requirement; 509.1a: "can block an additional creature this turn", "can block any number of creatures this
# turn"; 509.1c: "must be blocked this turn if able", a requirement on the defending player's creatures.
for _words, _kind in (("can attack {d:dur} as though (it|they) didn't have defender", "attacks_despite_defender"),
                      ("attacks {d:dur} if able", "must_attack"),
                      ("can block an additional creature {d:dur}", "extra_blocks"),
                      ("can block any number of creatures {d:dur}", "block_any_number"),
                      ("must be blocked {d:dur} if able", "must_be_blocked")):
    G.rule("{what:group} " + _words)(_group_combat_rule_until(_kind))
    G.rule("{what:obj} " + _words)(_combat_rule_until(_kind))


def _spell_kinds(ctx: Context, text: str) -> Filter | None:
    """ "spells", "noncreature spells", "instant or sorcery spells": a kind of spell a player casts, by what the card
    already is (601.3a: not a quality the proposal's choices could change, as X in the mana value)."""
    d = parse_desc(text)
    if d is None or d.nouns != {"spell"} or d.zone:
        return None
    f = d.filter
    return None if f.controller or f.min_mana_value is not None or f.max_mana_value is not None else f


G.parsers["spell_kinds"] = _spell_kinds


@G.rule("{who:player} can't cast {s:spell_kinds} {d:dur}", "until end of turn, {who:player} can't cast {s:spell_kinds}")
def _cant_cast_this_turn(ctx: Context, who: Ref, s: Filter, d: str = "end_of_turn") -> tuple[Effect, ...] | None:
    """101.2: "Target player can't cast spells this turn", "Your opponents can't cast noncreature spells this turn":
    a prohibition on the players, found as the effect begins, for the turn (engine.query.cast_limits)."""
    if d != "end_of_turn":
        return None
    return (GroupRule(s, who, (("kind", "cant_cast"),), d),)


def _game_rules_this_turn(*kinds: str):
    """Angel's Grace (104.3, 104.2b): rules on its controller (and their opponents) for the turn, as Platinum Angel's
    statics (engine.board.primitives.player_cant_lose, engine.effects.winning.player_cant_win)."""
    def build(ctx: Context) -> tuple[Effect, ...]:
        return tuple(GroupRule(Filter(), YOU, (("kind", k),)) for k in kinds)
    return build


G.rule("you can't lose the game this turn and your opponents can't win the game this turn")(
    _game_rules_this_turn("cant_lose", "opponents_cant_win"))
G.rule("you can't lose the game this turn")(_game_rules_this_turn("cant_lose"))
G.rule("your opponents can't win the game this turn")(_game_rules_this_turn("opponents_cant_win"))


@G.rule("{who:player} can't search libraries {d:dur}", "players can't search libraries {d:dur}")
def _cant_search_this_turn(ctx: Context, d: str, who: Ref = Ref("each_player")) -> tuple[Effect, ...] | None:
    """ "Players can't search libraries this turn" (101.2, 701.23): a prohibition on the players, found as the effect
    begins, as _cant_cast_this_turn (engine.effects.library.cant_search)."""
    return (GroupRule(Filter(), who, (("kind", "cant_search"),)),) if d == "end_of_turn" else None


def flash_filter(s: Filter) -> bool:
    """Whether "you may cast <spells> as though they had flash" (601.3b) can be read of these spells: what the
    proposal's choices could change isn't, the X in a mana value or an Aura by bestow."""
    return not (s.controller or s.min_mana_value is not None or s.max_mana_value is not None or "Aura" in s.subtypes
                or any("Aura" in f.subtypes for f in s.any_of))


@G.rule("you may cast {s:spell_kinds} this turn as though they had flash")
def _flash_this_turn(ctx: Context, s: Filter) -> tuple[Effect, ...] | None:
    """Winding Canyons (601.3b): the permission of the static "You may cast creature spells as though they had flash"
    for the turn, found as the effect begins (engine.query.cast_limits.cast_as_though_flash)."""
    return (GroupRule(s, YOU, (("kind", "flash_for"),)),) if flash_filter(s) else None


def _cast_from_graveyard_this_turn(lands: bool):
    def rule(ctx: Context, s: Filter) -> tuple[Effect, ...] | None:
        """Yawgmoth's Will, Liliana's "You may cast Zombie spells from your graveyard this turn" (601.3, 305.1): the
        permission of the static "You may play lands and cast spells from your graveyard" for the turn, for the
        effect's controller (engine.rules.graveyard_casts)."""
        return (GroupRule(s, YOU, (("kind", "cast_from_graveyard"), ("lands", lands))),)
    return rule


for _lands, _words in ((False, "cast {s:spell_kinds} from your graveyard"),
                       (True, "play lands and cast {s:spell_kinds} from your graveyard")):
    G.rule(f"you may {_words} this turn", f"you may {_words} until end of turn",
           f"until end of turn, you may {_words}")(_cast_from_graveyard_this_turn(_lands))


_CREATURE_SPELLS = Filter(types=frozenset({"Creature"}))


@G.rule("the next {s:spell_kinds} you cast this turn can be cast as though it had flash",
        "the next creature card you play this turn can be played as though it had flash")
def _next_spell_flash(ctx: Context, s: Filter = _CREATURE_SPELLS) -> tuple[Effect, ...] | None:
    """ "The next sorcery spell you cast this turn can be cast as though it had flash" (601.3b): a permission for the
    next spell of that kind its controller casts this turn, used up as a spell of that kind is cast, at any time
    (engine.rules.casting); playing a creature card is casting it (305.9)."""
    return (GroupRule(s, YOU, (("kind", "next_spell"), ("rule", "flash")), "end_of_turn"),)


@G.rule("the next {s:spell_kinds} you cast this turn can't be countered")
def _next_spell_uncounterable(ctx: Context, s: Filter) -> tuple[Effect, ...] | None:
    """ "The next creature spell you cast this turn can't be countered" (101.2): that spell, once cast."""
    return (GroupRule(s, YOU, (("kind", "next_spell"), ("rule", "cant_be_countered")), "end_of_turn"),)


@G.rule("creatures {who:player} control[s] attack {d:dur} if able")
def _group_must_attack(ctx: Context, who: Ref, d: str) -> tuple[Effect, ...] | None:
    """508.1d: "Creatures target player controls attack this turn if able", a requirement on the group, those
    creatures that arrive later too (611.2c)."""
    if d != "end_of_turn":
        return None
    return (GroupRule(Filter(types=frozenset({"Creature"})), who, (("kind", "must_attack"),), d),)


def _blockers_desc(ctx: Context, text: str) -> Filter | None:
    """Who may block: "Walls", "creatures with haste", "snow creatures", "Spirits"."""
    d = parse_desc(text)
    return None if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"} else object_filter(d)


G.parsers["blockers"] = _blockers_desc


@G.rule("{what:obj} can't be blocked {d:dur} except by {b:blockers}")
def _blocked_only_by_until(ctx: Context, what: tuple[Ref, ...], d: str, b: Filter) -> tuple[Effect, ...] | None:
    """509.1b: "~ can't be blocked this turn except by Walls", a restriction on each creature that would block the
    objects it names."""
    if d not in ("end_of_turn", "end_of_combat") or any(r.kind not in _NAMED for r in what):
        return None
    return tuple(ApplyContinuous(r, (("kind", "blocked_only_by"), ("args", (b,))), d) for r in what)


def _group_blockers_until(kind: str):
    def rule(ctx: Context, what: tuple[Filter, ...], d: str, b: Filter) -> tuple[Effect, ...] | None:
        """509.1b: "Black creatures you control can't be blocked this turn except by black creatures": a restriction
        on the group as it is at each moment (611.2c: it changes no characteristic), as the one on named objects."""
        if d not in ("end_of_turn", "end_of_combat"):
            return None
        return tuple(GroupRule(f, None, (("kind", kind), ("args", (b,))), d) for f in what)
    return rule


G.rule("{what:group} can't be blocked {d:dur} except by {b:blockers}")(_group_blockers_until("blocked_only_by"))
G.rule("{what:group} can't be blocked by {b:blockers} {d:dur}")(_group_blockers_until("cant_be_blocked_by"))


@G.rule("{what:obj} can't be blocked by {b:blockers} {d:dur}")
def _cant_be_blocked_by_until(ctx: Context, what: tuple[Ref, ...], b: Filter, d: str) -> tuple[Effect, ...] | None:
    """509.1b: "Target creature you control can't be blocked by creatures with power 2 or less this turn", a
    restriction on each creature of that kind that would block the objects it names."""
    if d not in ("end_of_turn", "end_of_combat") or any(r.kind not in _NAMED for r in what):
        return None
    return tuple(ApplyContinuous(r, (("kind", "cant_be_blocked_by"), ("args", (b,))), d) for r in what)


@G.rule("{what:obj} can't block {a:itself} {d:dur}")
def _cant_block_attacker(ctx: Context, what: tuple[Ref, ...], a: Ref, d: str) -> tuple[Effect, ...] | None:
    """509.1b: "Target creature can't block ~ this turn", a restriction naming the one creature it can't
    block, found as the effect begins."""
    if d != "end_of_turn" or any(r.kind not in _NAMED for r in what):
        return None
    return tuple(ApplyContinuous(r, (("kind", "cant_block_attacker"), ("attacker", a)), d) for r in what)


@G.rule("{what:group} can't block {a:itself} {d:dur}")
def _group_cant_block_attacker(ctx: Context, what: tuple[Filter, ...], a: Ref, d: str) -> tuple[Effect, ...] | None:
    """509.1b: "Creatures without defender can't block ~ this turn": the group as it is at each moment (611.2c), the
    creature it can't block found as the effect begins."""
    if d != "end_of_turn":
        return None
    return tuple(GroupRule(f, None, (("kind", "cant_block_attacker"), ("attacker", a)), d) for f in what)


@G.rule("{what:obj} phase[s] out")
def _phase_out(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(PhaseOut(r) for r in what)         # 702.26b


@G.rule("transform {what:obj}")
def _transform(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Transform(r) for r in what)        # 701.27a


@G.rule("exile this saga, then return it to the battlefield transformed under your control",
        "exile ~, then return it to the battlefield transformed under your control")
def _exile_return_transformed(ctx: Context) -> tuple[Effect, ...] | None:
    return (ExileReturnTransformed(SELF),)      # 712.14a


@G.rule("exile ~, then return it to the battlefield transformed under its owner's control")
def _exile_return_transformed_to_owner(ctx: Context) -> tuple[Effect, ...] | None:
    return (ExileReturnTransformed(SELF, under="owner"),)      # 712.14a, 701.27a (Nissa, Vastwood Seer)


@G.rule("flip {what:obj}")
def _flip(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Flip(r) for r in what)             # 710


@G.rule("tap {what:obj}", "you tap {what:obj}")
def _tap(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(TapEffect(r) for r in what)


@G.rule("untap {what:obj}", "you untap {what:obj}")      # "that player discards a card and you untap all lands ..."
def _untap(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(TapEffect(r, untap=True) for r in what)


@G.rule("simultaneously untap {a:obj} and tap {b:obj}")
def _untap_tapped_and_tap_untapped(ctx: Context, a: tuple[Ref, ...], b: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Simultaneously untap all tapped creatures and tap all untapped creatures": each of them turned the other way,
    at once (so none is untapped, then tapped again)."""
    if len(a) != 1 or len(b) != 1 or a[0].kind != "all" or b[0].kind != "all" or a[0].filter is None \
            or b[0].filter is None or a[0].filter.tapped is not True or b[0].filter.tapped is not False \
            or replace(a[0].filter, tapped=None) != replace(b[0].filter, tapped=None):
        return None
    return (TapEffect(Ref("all", filter=replace(a[0].filter, tapped=None)), toggle=True),)


@G.rule("remove {what:obj} from combat")
def _remove_from_combat(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(RemoveFromCombat(r) for r in what)         # 506.4


def _chosen_key(ctx: Context) -> str:
    """A key of its own for each choice an ability's effects make as it resolves (ChooseObjects)."""
    key = f"chosen{len(ctx.flags.get('chosen_keys', ()))}"
    ctx.flags["chosen_keys"] = ctx.flags.get("chosen_keys", ()) + (key,)
    return key


def _tap_chosen(untap: bool):
    """ "Untap up to four lands", "tap up to two creatures" (701.26): chosen as it resolves among every
    player's permanents of the kind (no target)."""
    def build(ctx: Context, d: tuple[Amount, Filter]) -> tuple[Effect, ...] | None:
        n, f = d
        if f.tapped is None:
            f = replace(f, tapped=untap)        # only a tapped permanent can be untapped, an untapped one tapped
        key = _chosen_key(ctx)
        return (ChooseObjects(f, n, key, up_to=True), TapEffect(Ref("chosen", key=key), untap=untap))
    return build


G.rule("tap up to {d:desc}")(_tap_chosen(False))
G.rule("untap up to {d:desc}")(_tap_chosen(True))


@G.rule("tap any number of {d:word_desc}")
def _tap_any_number(ctx: Context, d: Filter) -> tuple[Effect, ...] | None:
    """ "You may tap any number of untapped creatures you control. ~ gets +1/+1 until end of turn for each creature
    tapped this way" (701.26a): chosen as it resolves; "tapped this way" counts them."""
    if d.tapped is not True and d.tapped is not False:
        return None         # only untapped ones can be tapped: the phrase says which
    key = _chosen_key(ctx)
    ctx.flags["tapped_this_way"] = key
    return (ChooseObjects(d, Amount.const(999), key, up_to=True), TapEffect(Ref("chosen", key=key)))


def _one_of_theirs(ctx: Context, text: str) -> Filter | None:
    """ "a land they control", "a creature they control": one permanent of that kind of the player named before, which
    that player chooses as it resolves (608.2c)."""
    m = re.fullmatch(r"an? (.+) they control", text)
    d = parse_desc(m.group(1)) if m else None
    if d is None or d.zone or d.plural or d.nouns & {"player", "opponent", "card", "spell"} or d.filter.controller:
        return None
    return replace(object_filter(d), controller="you")


G.parsers["one_of_theirs"] = _one_of_theirs


@G.rule("{who:player} untaps {f:one_of_theirs}", "{who:player} puts a {k:ckind} counter on {f:one_of_theirs}",
        "{who:player} taps {f:one_of_theirs}")
def _player_acts_on_theirs(ctx: Context, who: Ref, f: Filter, k: str = "") -> tuple[Effect, ...] | None:
    """ "At the beginning of each player's upkeep, that player untaps a land they control" (Rising Waters), "target
    opponent puts a deathtouch counter on a creature they control" (Hunted Nightmare): that player chooses one of
    theirs as it resolves and acts on it; "that player taps an untapped artifact, creature, or land they control for
    each fade counter on ~" (Tangle Wire): that many of them, counted as it resolves."""
    if who.kind in ("each_player", "each_opponent", "you"):
        return None
    taps = " taps " in ctx.flags.get("sentence", "").lower() and not k
    n = Amount.const(1)
    if taps and ctx.flags.get("for_each") is not None:
        n, ctx.flags["for_each_used"] = ctx.flags["for_each"], True
    if taps and f.tapped is not False:
        return None         # only an untapped one can be tapped: the phrase says which
    key = _chosen_key(ctx)
    chosen = Ref("chosen", key=key)
    act = PutCounters(chosen, k, Amount.const(1)) if k else TapEffect(chosen, untap=not taps)
    return (ChooseObjects(f, n, key, chooser=who), act)


@G.rule("{who:player} chooses {f:one_of_theirs} at random and sacrifices it")
def _sacrifice_at_random(ctx: Context, who: Ref, f: Filter) -> tuple[Effect, ...] | None:
    """ "Target opponent chooses a permanent they control at random and sacrifices it" (Tyrant of Discord): one of
    theirs picked at random (nobody chooses), which its controller sacrifices (701.21a)."""
    if who.kind in ("each_player", "each_opponent", "you"):
        return None
    key = _chosen_key(ctx)
    chosen = Ref("chosen", key=key)
    ctx.last = (chosen,)
    return (ChooseObjects(f, Amount.const(1), key, at_random=True, chooser=who), SacrificeObjects(chosen, by_controller=True))


@G.rule("tap or untap {what:obj}")
def _tap_or_untap(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(TapOrUntap(r) for r in what)


@G.rule("put your choice of {k:counter_choices} on {what:obj}")
def _put_counter_of_choice(ctx: Context, k: tuple[str, ...], what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Put your choice of a +1/+1 counter or a flying counter on target creature": one counter of a kind the
    controller chooses as it resolves (608.2d)."""
    return tuple(PutCounterOfChoice(r, k) for r in what)


@G.rule("for each of them, put your choice of {k:counter_choices} on it")
def _each_counter_of_choice(ctx: Context, k: tuple[str, ...]) -> tuple[Effect, ...] | None:
    """ "Create two 4/5 green Spirit creature tokens. For each of them, put your choice of a vigilance counter, a reach
    counter, or a trample counter on it": a choice for each of the objects named before (the tokens just created)."""
    if ctx.last != (Ref("created"),):
        return None
    return (PutCounterOfChoice(Ref("created"), k),)


@G.rule("put {n:count} {k:ckind} counter[s] on {what:obj}",
        "put a number of {k:ckind} counters equal to {n:eq} on {what:obj}")
def _counters(ctx: Context, n: Amount, k: str, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    # "put a number of +1/+1 counters equal to that creature's power on ~" (107.1: counted as it resolves)
    return tuple(PutCounters(r, k, n) for r in what)


def _on_then_equal_to(ctx: Context, text: str) -> tuple[tuple[Ref, ...], Amount] | None:
    """ "~ equal to that spell's mana value": the amount read first, so that its "that spell" is what the sentence
    named before, not the object the counters go on."""
    m = re.fullmatch(r"(.+?) equal to (.+)", text)
    n = parse_equal_to(ctx, m.group(2)) if m else None
    what = parse_objects(ctx, m.group(1)) if n is not None else None
    return (what, n) if what else None


G.parsers["on_equal_to"] = _on_then_equal_to


@G.rule("put a number of {k:ckind} counters on {w:on_equal_to}")
def _counters_on_equal_to(ctx: Context, k: str, w: tuple[tuple[Ref, ...], Amount]) -> tuple[Effect, ...] | None:
    """ "put a number of +1/+1 counters on ~ equal to the difference" (107.1: counted as it resolves)."""
    return tuple(PutCounters(r, k, w[1]) for r in w[0])


@G.rule("put another {k:ckind} counter on {what:obj}")
def _another_counter(ctx: Context, k: str, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Put a +1/+1 counter on ~. Then if ..., put another +1/+1 counter on ~": one more counter of that kind (122.1)."""
    return tuple(PutCounters(r, k, Amount.const(1)) for r in what)


@G.rule("put up to {n:count} {k:ckind} counter[s] on {what:obj}")
def _counters_up_to(ctx: Context, n: Amount, k: str, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Put up to X +1/+0 counters on ~": how many is chosen as it resolves (608.2d); one object named."""
    if len(what) != 1 or what[0].kind not in _NAMED:
        return None
    return (PutCounters(what[0], k, n, up_to=True),)


_COUNTER_LIMIT = re.compile(r"^this ability can't cause the total number of (.+?) counters on ~ to be greater than (\w+)$")


def counter_limit_modifier(s: str, effects: list[Any]) -> bool:
    """ "This ability can't cause the total number of +1/+0 counters on ~ to be greater than seven" after "put up to X
    +1/+0 counters on ~" (Clockwork Beast): the choice is limited so that the total stays at most that."""
    m = _COUNTER_LIMIT.match(s)
    limit = number(m.group(2)) if m else None
    if not limit or not effects:
        return False
    last = effects[-1]
    if not isinstance(last, PutCounters) or not last.up_to or last.what != SELF or last.kind != m.group(1):
        return False
    effects[-1] = replace(last, at_most=limit)
    return True


@G.rule("put {n:count} {k:ckind} counter[s] on {d:desc}")
def _counters_on_chosen(ctx: Context, n: Amount, k: str, d: tuple[Amount, Filter]) -> tuple[Effect, ...] | None:
    """ "Put a loyalty counter on a Liliana planeswalker you control": one permanent of the kind, chosen as it
    resolves (no target, 608.2c)."""
    one, f = d
    if one != Amount.const(1) or f.other:
        return None
    key = _chosen_key(ctx)
    ctx.last = (Ref("chosen", key=key),)
    return (ChooseObjects(f, one, key), PutCounters(Ref("chosen", key=key), k, n))


@G.rule("put {n:count} {k:ckind} counter[s] on {what:obj} and {m:count} {k2:ckind} counter[s] on {what2:obj}")
def _counters_two(ctx: Context, n: Amount, k: str, what: tuple[Ref, ...], m: Amount, k2: str,
                  what2: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Put a +1/+1 counter on each creature you control and a loyalty counter on each planeswalker you
    control". ("... on target creature and ... on each other creature": "other" than the target, which
    a filter doesn't say, so that isn't read.)"""
    if any(r.filter is not None and r.filter.other for r in what2) and any(r.kind == "target" for r in what):
        return None
    return tuple(PutCounters(r, k, n) for r in what) + tuple(PutCounters(r, k2, m) for r in what2)


@G.rule("put {n:count} {k:ckind} counter[s] on {what:obj}, {m:count} {k2:ckind} counter[s] on {what2:another}, and "
        "{j:count} {k3:ckind} counter[s] on {what3:another}")
def _counters_three(ctx: Context, n: Amount, k: str, what: tuple[Ref, ...], m: Amount, k2: str, what2: Ref,
                    j: Amount, k3: str, what3: Ref) -> tuple[Effect, ...] | None:
    """ "Put a +1/+1 counter on target creature, two +1/+1 counters on another target creature, and three +1/+1
    counters on a third target creature" (Incremental Growth): three different targets (115.3)."""
    if not _other_targets(ctx, what, (what2, what3)):
        return None
    return tuple(PutCounters(r, k, n) for r in what) + (PutCounters(what2, k2, m), PutCounters(what3, k3, j))


@G.rule("distribute {n:count} {k:ckind} counters among {to:obj}")
def _distribute_counters(ctx: Context, n: Amount, k: str, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Distribute three +1/+1 counters among one, two, or three target creatures": divided as the spell or ability
    is put on the stack, each target getting at least one (601.2d)."""
    if n.kind not in ("const", "x") or not _set_divide(ctx, to):
        return None
    return (PutCounters(to[0], k, n, divided=True),)


@G.rule("put {of:its} counters on {to:obj}")
def _put_its_counters(ctx: Context, of: Ref, to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "When ~ dies, put its counters on target creature you control": the counters of the object that died, as
    it last existed (603.10a), or of the source itself."""
    if of not in (SELF, Ref("event")) or len(to) != 1:
        return None
    return (PutCountersOf(of, to[0]),)


@G.rule("remove {n:count} {k:ckind} counter[s] from {what:obj}")
def _remove_counters(ctx: Context, n: Amount, k: str, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(RemoveCounters(r, k, n) for r in what)


@G.rule("remove all {k:ckind} counters from {what:obj}", "remove all counters from {what:obj}")
def _remove_all_counters(ctx: Context, what: tuple[Ref, ...], k: str = "") -> tuple[Effect, ...] | None:
    # Without a kind: every counter of every kind (122.1).
    return tuple(RemoveCounters(r, k, every=True) for r in what)


@G.rule("remove them", "remove all of them", "remove them all", "remove those counters")
def _remove_the_counters_named(ctx: Context) -> tuple[Effect, ...] | None:
    """ "Then if there are five or more hatchling counters on it, remove all of them": every counter of the kind the
    condition counts, on the object it counts them on (122.1; the compiler's conditional sentence names them)."""
    named = ctx.flags.get("counters_named")
    return (RemoveCounters(named[0], named[1], every=True),) if named else None


@G.rule("remove a counter from {what:obj}")
def _remove_a_counter(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(RemoveCounters(r) for r in what)


@G.rule("move a {k:ckind} counter from {src:obj} onto {to:obj}")
def _move_a_counter(ctx: Context, k: str, src: tuple[Ref, ...], to: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Move a +1/+1 counter from target creature you control onto ~" (122.5): one object to another."""
    if len(src) != 1 or len(to) != 1 or src[0].kind == "all" or to[0].kind == "all":
        return None
    return (MoveCounter(src[0], to[0], k),)


@G.rule("move a {k:ckind} counter from {src:obj} onto {to:another}")
def _move_a_counter_to_another(ctx: Context, k: str, src: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
    """ "Move a +1/+1 counter from target creature onto a second target creature": two different targets (115.3)."""
    if len(src) != 1 or not _other_targets(ctx, src, (to,)):
        return None
    return (MoveCounter(src[0], to, k),)


@G.rule("move a {k:ckind} counter from {src:obj} onto {to:another} with the same controller",
        "move any number of {k:ckind} counters from {src:obj} onto {to:another} with the same controller")
def _move_counters_same_controller(ctx: Context, k: str, src: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
    """ "Move a +1/+1 counter from target creature onto another target creature with the same controller" (122.5,
    601.2c): the second target is controlled by the first one's controller, also as it resolves (608.2b); "any number
    of": how many is chosen as it resolves (608.2d)."""
    if len(src) != 1 or src[0].kind != "target" or not _other_targets(ctx, src, (to,)):
        return None
    ctx.targets[to.index] = replace(ctx.targets[to.index], controller_target=src[0].index)
    return (MoveCounter(src[0], to, k, any_number=" any number of " in ctx.flags.get("sentence", "").lower()),)


def _move_any_counter(every: bool):
    """ "Move a counter from target creature onto a second target creature": one of a kind its controller chooses;
    "Move all counters from target creature onto another target creature": each of them (122.5, 115.3)."""
    def build(ctx: Context, src: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
        if len(src) != 1 or not _other_targets(ctx, src, (to,)):
            return None
        return (MoveCounter(src[0], to, "", every=every),)
    return build


G.rule("move a counter from {src:obj} onto {to:another}")(_move_any_counter(False))
G.rule("move all counters from {src:obj} onto {to:another}")(_move_any_counter(True))


@G.rule("you get an emblem with {e:emblem}")
def _emblem(ctx: Context, e: str) -> tuple[Effect, ...] | None:
    return (CreateEmblem(e),)


@G.rule("{who:player} create[s] {t:tokens}", "create[s] {t:tokens}")
def _create(ctx: Context, t: tuple[Amount, tuple], who: Ref | None = None) -> tuple[Effect, ...] | None:
    n, spec = t
    ctx.last = (Ref("created"),)       # "it" / "them": the tokens just created
    return (CreateTokens(spec, n, _who(ctx, who), x=_token_x(ctx, spec)),)


@G.rule("{ws:players} each create {t:tokens}")
def _each_create(ctx: Context, ws: tuple[Ref, ...], t: tuple[Amount, tuple]) -> tuple[Effect, ...] | None:
    """ "You and that player each create three 1/1 white Spirit creature tokens with flying": each of the players named
    creates them (111.2)."""
    n, spec = t
    ctx.last = (Ref("created"),)
    return tuple(CreateTokens(spec, n, w, x=_token_x(ctx, spec)) for w in ws)


def _destroyed_each(ctx: Context, text: str) -> Amount | None:
    """ "creature destroyed this way", "permanent that died this way" after "for each", with "its controller" or "that
    player" creating: the count, set as the sentence's "for each" while its tokens are read (107.3a). "Its controller":
    each player counts those they controlled as they last existed (`ref`, read for each player in turn)."""
    m = re.fullmatch(r"(creature|permanent|artifact|enchantment|land) (destroyed|that died) this way", text)
    if m is None or not ctx.flags.get("destroyed"):
        return None
    kind = m.group(1).capitalize()
    per = Amount("destroyed_this_way" if m.group(2) == "destroyed" else "died_this_way",
                 filter=Filter(types=frozenset({kind})) if kind != "Permanent" else None)
    ctx.flags["for_each"] = per
    return per


G.parsers["destroyed_each"] = _destroyed_each


@G.rule("for each {e:destroyed_each}, its controller creates {t:tokens}",
        "for each {e:destroyed_each}, that player creates {t:tokens}")
def _create_for_each_destroyed(ctx: Context, e: Amount, t: tuple[Amount, tuple]) -> tuple[Effect, ...] | None:
    """ "Destroy any number of target creatures. For each creature destroyed this way, its controller creates a 4/4 red
    Dragon creature token with flying" (701.8a, 608.2h): each player creates as many as they controlled of those
    destroyed. "For each creature that died this way, that player creates ...": the player named before, for every
    one that died (700.4)."""
    del ctx.flags["for_each"]
    n, spec = t
    if not ctx.flags.pop("for_each_used", False) or n.kind != e.kind:
        return None
    ctx.last = (Ref("created"),)
    if " that player creates " in ctx.flags.get("sentence", "").lower():
        who = ctx.last_player
        return None if who is None else (CreateTokens(spec, n, who, x=_token_x(ctx, spec)),)
    theirs = Ref("chosen", key=EACH_RECIPIENT)
    return (EachPlayerInTurn(Ref("each_player"), (CreateTokens(spec, replace(n, ref=theirs), theirs,
                                                               x=_token_x(ctx, spec)),)),)


@G.rule("{who:player} create[s] a number of {t:token_kind} equal to {n:eq}", "create[s] a number of {t:token_kind} equal to {n:eq}")
def _create_equal_to(ctx: Context, t: tuple, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Create a number of 1/1 black Rat creature tokens equal to the number of opponents you have" (107.1)."""
    ctx.last = (Ref("created"),)
    return (CreateTokens(t, n, _who(ctx, who), x=_token_x(ctx, t)),)


@G.rule("{who:player} create[s] {t:tokens} and {t2:tokens}", "create[s] {t:tokens} and {t2:tokens}",
        "{who:player} create[s] {t:tokens}, {t2:tokens}, and {t3:tokens}", "create[s] {t:tokens}, {t2:tokens}, and {t3:tokens}")
def _create_several(ctx: Context, t: tuple[Amount, tuple], t2: tuple[Amount, tuple], t3: tuple[Amount, tuple] | None = None,
                    who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Create a 1/1 ... token and a 0/3 ... token": each token as written (111.1); "them" after it isn't read."""
    player = _who(ctx, who)
    out = tuple(CreateTokens(spec, n, player, x=_token_x(ctx, spec)) for n, spec in ((t, t2) if t3 is None else (t, t2, t3)))
    ctx.last = None
    return out


@G.rule("create {t:tokens} or {t2:tokens}", "you create {t:tokens} or {t2:tokens}")
def _create_either(ctx: Context, t: tuple[Amount, tuple], t2: tuple[Amount, tuple]) -> tuple[Effect, ...] | None:
    """ "Create a Food token or a Treasure token": the one its controller chooses as it resolves (608.2d)."""
    labels = tuple(dict(spec).get("name", "token") for _, spec in (t, t2))
    ctx.last = None
    return (ChooseMode(tuple((CreateTokens(spec, n, YOU, x=_token_x(ctx, spec)),) for n, spec in (t, t2)), labels),)


@G.rule("{who:player} create[s] {t:tapped_tokens}", "create[s] {t:tapped_tokens}")
def _create_tapped(ctx: Context, t: tuple[Amount, tuple], who: Ref | None = None) -> tuple[Effect, ...] | None:
    n, spec = t
    ctx.last = (Ref("created"),)
    return (CreateTokens(spec, n, _who(ctx, who), tapped=True, x=_token_x(ctx, spec)),)


def _token_x(ctx: Context, spec: tuple) -> Amount | None:
    """An "X/X" token's X: the spell's X, or what the sentence's "where X is ..." says (107.3a)."""
    return ctx.flags.get("x", X) if "x" in (dict(spec).get("power"), dict(spec).get("toughness")) else None


@G.rule("proliferate", "proliferate again")
def _proliferate(ctx: Context) -> tuple[Effect, ...] | None:
    return (Proliferate(),)


@G.rule("investigate", "{who:player} investigates")
def _investigate(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """701.16a: "Investigate" means "Create a Clue token." ("Its controller investigates": that player creates it.)"""
    return _create(ctx, _tokens(ctx, "a clue token"), who)


@G.rule("{who:player} create[s] {t:tokens} (that's|that are) tapped and attacking",
        "create[s] {t:tokens} (that's|that are) tapped and attacking",
        "{who:player} create[s] {t:attacking_tokens}", "create[s] {t:attacking_tokens}")
def _create_attacking(ctx: Context, t: tuple[Amount, tuple], who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 508.4: created attacking, it was never declared as an attacker.
    n, spec = t
    ctx.last = (Ref("created"),)
    return (CreateTokens(spec, n, _who(ctx, who), tapped=True, attacking=True, x=_token_x(ctx, spec)),)


@G.rule("{a:obj} deal[s] damage equal to its power to {b:obj}")
def _bite(ctx: Context, a: tuple[Ref, ...], b: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if len(a) != 1 or a[0] == SELF:
        return None
    return tuple(DealDamageBy(a[0], Amount("power_of", ref=a[0]), r) for r in b)


@G.rule("{a:obj} deal[s] damage equal to its power to {b:another} that player controls")
def _bite_same_controller(ctx: Context, a: tuple[Ref, ...], b: Ref) -> tuple[Effect, ...] | None:
    """ "Target creature an opponent controls deals damage equal to its power to another target creature that player
    controls" (Mutiny): the second target is controlled by the first one's controller (601.2c), again as it resolves
    (608.2b), and is another creature (115.3)."""
    if len(a) != 1 or a[0].kind != "target" or ctx.targets[a[0].index].kind != "creature" \
            or not _other_targets(ctx, a, (b,)):
        return None
    ctx.targets[b.index] = replace(ctx.targets[b.index], controller_target=a[0].index)
    return (DealDamageBy(a[0], Amount("power_of", ref=a[0]), b),)


@G.rule("{a:obj} each deal damage equal to their power to {b:another}")
def _each_bites(ctx: Context, a: tuple[Ref, ...], b: Ref) -> tuple[Effect, ...] | None:
    """ "Up to two target creatures you control each deal damage equal to their power to another target creature"
    (Band Together): each of the first phrase's creatures deals damage equal to its own power (120.3) to a creature
    that is none of them (115.3)."""
    if len(a) != 1 or a[0].kind != "target" or ctx.targets[a[0].index].kind != "creature" \
            or not _other_targets(ctx, a, (b,)):
        return None
    return (DealDamageBy(a[0], Amount("power_of", ref=a[0]), b, each_own="power"),)


@G.rule("each of those creatures deals damage equal to its (power|toughness) to the other")
def _damage_each_other(ctx: Context) -> tuple[Effect, ...] | None:
    """ "Choose target creature you control and target creature an opponent controls. Each of those creatures deals
    damage equal to its toughness to the other" (Grim Contest): the ability's two targets, named by the sentence
    before, each the source of damage to the other (120.3), one after the other, each amount read as it is dealt."""
    if len(ctx.targets) != 2 or ctx.last != (Ref("target", 1),) \
            or any(t.kind != "creature" or t.min != 1 or t.max != 1 for t in ctx.targets):
        return None
    two = (Ref("target", 0), Ref("target", 1))
    stat = "toughness" if " toughness " in ctx.flags.get("sentence", "").lower() else "power"
    return tuple(DealDamageBy(x, Amount(stat + "_of", ref=x), y) for x, y in (two, two[::-1]))


def _other_source(ctx: Context, text: str) -> Ref | None:
    """The one object other than the ability's source that deals damage (120.3): a target permanent, the object of
    the trigger's event, or what the source is attached to. "It" is not read where it may be the source: in a spell
    (the spell deals the damage), or in a sentence that names the card ("sacrifice ~ and it deals 3 damage")."""
    if text == "it" and (ctx.is_spell or re.search(r"~|\bthis\b", ctx.flags.get("sentence", "").replace(
            ctx.card_name, "~") if ctx.card_name else "~")):
        return None
    found = parse_objects(ctx, text)
    if found is None or len(found) != 1 or found[0].kind not in ("target", "event", "enchanted", "equipped"):
        return None
    ref = found[0]
    if ref.kind == "target" and (ctx.targets[ref.index].max != 1
                                 or ctx.targets[ref.index].kind not in ("creature", "permanent", "planeswalker")):
        return None
    return ref


G.parsers["other_source"] = _other_source


@G.rule("{a:other_source} deal[s] {n:amount} damage to {b:obj}",
        "{a:other_source} deal[s] damage to {b:obj} equal to {n:eq}",
        "{a:other_source} deal[s] damage equal to {n:eq} to {b:obj}")
def _damage_by(ctx: Context, a: Ref, n: Amount, b: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Whenever a Dragon enters ..., it deals X damage to any target", "{R}: Enchanted creature deals 1 damage to
    target creature with flying": an object other than the ability's source deals the damage (120.3)."""
    return tuple(DealDamageBy(a, n, r) for r in b)


@G.rule("{a:obj} deal[s] damage to itself equal to its power")
def _damage_itself(ctx: Context, a: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """120.3: the creature is the source and the recipient of the damage."""
    if len(a) != 1 or a[0] == SELF:
        return None
    return (DealDamageBy(a[0], Amount("power_of", ref=a[0]), a[0]),)


@G.rule("{what:obj} (becomes|become) blocked")
def _become_blocked(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """509.1h: "Target unblocked attacking creature becomes blocked", "X target attacking creatures become blocked":
    attacking creatures the spell or ability targets."""
    if any(r.kind != "target" or (ctx.targets[r.index].filter or Filter()).attacking is not True for r in what):
        return None
    return tuple(BecomeBlocked(r) for r in what)


@G.rule("{a:obj} fight[s] that creature")
def _fight_that(ctx: Context, a: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Choose target creature an opponent controls. ... Target creature you control fights that creature" (701.14a):
    "that creature" is the one a sentence before named, not the subject this sentence has just read."""
    before = ctx.flags.get("sentence_last")
    if len(a) != 1 or not before or len(before) != 1 or before == a or before[0].kind != "target":
        return None
    return (Fight(a[0], before[0]),)


@G.rule("{a:obj} fight[s] {b:obj}")
def _fight(ctx: Context, a: tuple[Ref, ...], b: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if len(a) != 1 or len(b) != 1 or a == b:
        # "Target creature you control fights that creature": "that creature" is not the subject (that would be
        # "itself"): read by _fight_that above
        return None
    return (Fight(a[0], b[0]),)


@G.rule("regenerate {what:obj}")
def _regenerate(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Regenerate(r) for r in what)


@G.rule("{what:obj} can't be regenerated this turn")
def _cant_be_regenerated(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(CantBeRegenerated(r) for r in what)        # 701.19c: until the turn ends


@G.rule("attach {it:itself} to {what:obj}")
def _attach(ctx: Context, it: Ref, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return (Attach(SELF, what[0]),) if len(what) == 1 else None


def _attachments(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """The Equipment or Auras an "attach ... to it" moves: they aren't what the "it" after them means (the
    antecedent before them is: "When ~ enters, attach all Equipment on the battlefield to it")."""
    before = ctx.last
    m = re.fullmatch(r"all (auras|equipment) (?:enchanting|attached to) (target .+)", text)
    if m:
        # "all Auras enchanting target permanent" (Glamer Spinners): those attached to the target as it resolves
        host = parse_objects(ctx, m.group(2))
        ctx.last = before
        if not host or len(host) != 1 or host[0].kind != "target":
            return None
        kind = "Aura" if m.group(1) == "auras" else "Equipment"
        return (Ref("attached_to_target", host[0].index, Filter(subtypes=frozenset({kind}))),)
    refs = parse_objects(ctx, text)
    ctx.last = before
    return refs


G.parsers["attachments"] = _attachments


@G.rule("attach {a:attachments} to {what:obj}")
def _attach_other(ctx: Context, a: tuple[Ref, ...], what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Attach target Equipment to target creature", "attach all Equipment on the battlefield to it" (701.3a): an
    Equipment or Aura named by the text, moved onto the object; one it can't be attached to stays where it is
    (701.3b, engine.effects.keyword_actions)."""
    if len(a) != 1 or len(what) != 1 or a[0] == SELF or _attached_kind(ctx, a[0]) is None or what[0] == a[0]:
        return None
    return (Attach(a[0], what[0]),)


@G.rule("attach {a:attachments} to another {d:word_desc}",
        "attach {a:attachments} to another {d:word_desc} with the same controller",
        "attach {a:attachments} to another {d:word_desc} it can enchant")
def _attach_elsewhere(ctx: Context, a: tuple[Ref, ...], d: Filter) -> tuple[Effect, ...] | None:
    """ "Attach target Aura attached to a creature to another creature" (Crown of the Ages), "attach all Auras enchanting
    target permanent to another permanent with the same controller" (Glamer Spinners), "Attach it to another permanent
    it can enchant" (Aura Graft): the new object is chosen as it resolves, not targeted (701.3a-b)."""
    sentence = ctx.flags.get("sentence", "").lower()
    if len(a) != 1 or a[0] == SELF or (_attached_kind(ctx, a[0]) is None and a[0].kind != "attached_to_target") \
            or d.other or (sentence.endswith(" it can enchant") and _attached_kind(ctx, a[0]) != "Aura"):
        return None
    return (AttachElsewhere(a[0], d, same_controller=sentence.endswith(" with the same controller")),)


@G.rule("attach {d:desc} to {what:obj}")
def _attach_chosen(ctx: Context, d: tuple[Amount, Filter], what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "You may attach an Equipment you control to it" (701.3a): one Equipment or Aura of yours, chosen as the effect
    resolves (no target, 608.2c), moved onto the object; none moves if it can't be attached there (701.3b)."""
    n, f = d
    if n != Amount.const(1) or f.controller != "you" or len(what) != 1 \
            or len(set(f.subtypes) & {"Equipment", "Aura"}) != 1:
        return None
    key = _chosen_key(ctx)
    return (ChooseObjects(f, n, key), Attach(Ref("chosen", key=key), what[0]))


def _attached_kind(ctx: Context, ref: Ref) -> str | None:
    """ "Equipment" or "Aura": what the objects a reference names are, if its filter says it."""
    f = ctx.targets[ref.index].filter if ref.kind == "target" else ref.filter
    kinds = set(f.subtypes) & {"Equipment", "Aura"} if f is not None else set()
    return kinds.pop() if len(kinds) == 1 else None


@G.rule("unattach all {d:word_desc} from {what:obj}")
def _unattach_all_from(ctx: Context, d: Filter, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Unattach all Equipment from target creature" (701.3d): what is attached to it as the effect resolves."""
    if len(what) != 1 or what[0].kind != "target" or "Equipment" not in d.subtypes:
        return None
    return (Unattach(Ref("attached_to_target", what[0].index, d)),)


@G.rule("unattach {what:obj}")
def _unattach(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "If it's an Equipment, unattach it" (701.3d): it stops being attached to anything."""
    return tuple(Unattach(r) for r in what)


# ---------------------------------------------------------------- library (701.22-25)

REVEALED = Ref("revealed")

@G.rule("scry {n:amount}", "{who:player} scries {n:amount}")
def _scry(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 701.22c: players who scry at once decide in APNAP order, then the cards move together (effects.library)
    return (Scry(_library_player(ctx, who), n),)


@G.rule("surveil {n:amount}", "{who:player} surveils {n:amount}")
def _surveil(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (Scry(_library_player(ctx, who), n, surveil=True),)


def _library_player(ctx: Context, who: Ref | None) -> Ref:
    """Who scries or surveils: the player named, else the clause before's player ("each player may scry 1"); after
    an object's clause ("~ gets +1/+0 until end of turn, then scry 1") the controller, as an imperative."""
    return YOU if who is None and ctx.subject == SELF else _who(ctx, who)


@G.rule("shuffle", "shuffle your library", "{who:player} shuffle[s]", "{who:player} shuffle[s] their library")
def _shuffle(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    eff = Shuffle(_who(ctx, who))
    return (eff,)


@G.rule("look at the top {n:count} cards of your library, then put them back in any order")
def _ponder(ctx: Context, n: Amount) -> tuple[Effect, ...] | None:
    return (LookAndReorder(YOU, n),)


@G.rule("look at the top {n:count} cards of {who:player}'s library, then put them back in any order")
def _portent(ctx: Context, n: Amount, who: Ref) -> tuple[Effect, ...] | None:
    ctx.last_player = who       # "You may have that player shuffle."
    return (LookAndReorder(who, n, chooser=YOU),)


@G.rule("put {n:count} cards from your hand on top of your library in any order",
        "put {n:count} cards from your hand on top of your library", "put a card from your hand on top of your library",
        "{who:player} put[s] {n:count} cards from their hand on top of their library[ in any order]",
        "{who:player} put[s] a card from their hand on top of their library")
def _brainstorm(ctx: Context, n: Amount = Amount.const(1), who: Ref | None = None) -> tuple[Effect, ...] | None:
    # each player chooses the cards from their own hand, and orders them (401.4)
    return (PutFromHandOnLibrary(_who(ctx, who), n),)


@G.rule("put {n:count} cards from your hand on the bottom of your library[ in any order]",
        "put a card from your hand on the bottom of your library",
        "{who:player} put[s] {n:count} cards from their hand on the bottom of their library[ in any order]",
        "{who:player} put[s] a card from their hand on the bottom of their library")
def _put_from_hand_on_bottom(ctx: Context, n: Amount = Amount.const(1), who: Ref | None = None,
                             ) -> tuple[Effect, ...] | None:
    return (PutFromHandOnLibrary(_who(ctx, who), n, top=False),)


@G.rule("shuffle {n:count} cards from your hand into your library", "shuffle a card from your hand into your library")
def _shuffle_from_hand(ctx: Context, n: Amount = Amount.const(1)) -> tuple[Effect, ...] | None:
    """ "Draw two cards, then shuffle a card from your hand into your library": the card chosen put into the library,
    then the library shuffled (701.24a)."""
    return (PutFromHandOnLibrary(YOU, n), Shuffle(YOU))


@G.rule("put the cards in your hand on the bottom of your library in any order",
        "{who:player} put[s] the cards in their hand on the bottom of their library in any order")
def _put_hand_on_bottom(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """ "Put the cards in your hand on the bottom of your library in any order, then draw that many cards": every
    card, ordered by the player putting them (401.4); "that many" is how many left the hand."""
    if who is not None and who.kind in ("each_player", "each_opponent"):
        return None         # "that many" would be each one's own
    ctx.flags["that_many"] = Amount("hand_left_this_way")
    return (PutFromHandOnLibrary(_who(ctx, who), Amount.const(0), top=False, whole_hand=True),)


@G.rule("{who:player} reveal[s] the top card of their library and put[s] that card into their hand",
        "reveal the top card of your library and put that card into your hand")
def _reveal_to_hand(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    ctx.flags["revealed"] = True
    ctx.last = (REVEALED,)
    return (RevealTop(_who(ctx, who), to_hand=True),)


@G.rule("{who:player} reveal[s] the top card of their library", "reveal the top card of your library")
def _reveal_top(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    ctx.flags["revealed"] = True
    ctx.flags["revealed_tops"] = True       # parley: "for each nonland card revealed this way" (701.20a)
    who = _who(ctx, who)
    ctx.last_player = who
    ctx.last = (REVEALED,)      # "put it onto the battlefield": the revealed card, not the source
    return (RevealTop(who),)


@G.rule("{who:player} put[s] it into their hand", "put it into your hand",
        "{who:player} put[s] that card into their hand", "put that card into your hand")
def _revealed_to_hand(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    if not ctx.flags.get("revealed"):
        return None
    return (MoveRevealed("hand"),)


@G.rule("{who:player} put[s] it into their graveyard", "put it into your graveyard",
        "{who:player} put[s] that card into their graveyard", "put that card into your graveyard")
def _revealed_to_graveyard(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    if not ctx.flags.get("revealed"):
        return None
    return (MoveRevealed("graveyard"),)


@G.rule("{who:player} reveal[s] a card at random from their hand")
def _reveal_at_random(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    ctx.flags["revealed"] = True
    ctx.last = (REVEALED,)          # "that card's mana value"
    ctx.last_player = who
    return (RevealHand(who, at_random=True),)


@G.rule("reveal any number of {d:word_desc} cards in your hand", "reveal any number of cards in your hand")
def _reveal_any_number(ctx: Context, d: Filter | None = None) -> tuple[Effect, ...] | None:
    """701.20a: "Reveal any number of white cards in your hand. You gain 2 life for each card revealed this way"."""
    ctx.flags["revealed_from_hand"] = True
    return (RevealFromHand(YOU, d),)


@G.rule("{who:player} reveal[s] their hand")
def _reveal_hand(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    ctx.flags["hand_revealed"] = who
    ctx.last_player = who
    return (RevealHand(who),)


@G.rule("{who:player} reveal[s] {n:count} cards from their hand",
        "{who:player} reveal[s] a number of cards from their hand equal to {n:eq}",
        "{who:player} reveal[s] {n:count} cards from their hand and you choose one of them")
def _reveal_some(ctx: Context, who: Ref, n: Amount) -> tuple[Effect, ...] | None:
    """701.20a: "Target player reveals three cards from their hand": that player chooses which (all if fewer); "you
    choose one of them. That player discards that card" chooses among those only."""
    ctx.flags["hand_revealed"] = who
    ctx.flags["revealed_some"] = True
    ctx.last_player = who
    if ctx.flags["sentence"].lower().rstrip(".").endswith(" and you choose one of them"):
        ctx.flags["hand_choice"] = None
        ctx.last = ()
    return (RevealFromHand(who, count=n),)


@G.rule("you choose one of (them|those cards)")
def _choose_revealed(ctx: Context) -> tuple[Effect, ...] | None:
    if not ctx.flags.get("revealed_some"):
        return None
    ctx.flags["hand_choice"] = None
    ctx.last = ()         # "that card": the chosen one, read by "<player> discards that card" only
    return ()


@G.rule("you choose {c:card} from it", "you choose {c:card_from_it}", "choose {c:card} from it")
def _choose_from_hand(ctx: Context, c: tuple[int, Filter | None]) -> tuple[Effect, ...] | None:
    if "hand_revealed" not in ctx.flags or c[0] != 1:
        return None
    ctx.flags["hand_choice"] = c[1]
    # "that card" is the chosen card from here on, which only "<player> discards that card" reads; it must not
    # fall back to an earlier object (Kitesail Freebooter's "Exile that card" was read as exiling itself)
    ctx.last = ()
    return ()


def _choose_cards_from_hand(up_to: bool):
    """ "Look at target opponent's hand and choose X cards from it. That player discards those cards.": the cards are
    chosen as the spell resolves (608.2c), all of them if the hand holds fewer (701.9a), any number of them with
    "up to"."""
    def build(ctx: Context, n: Amount) -> tuple[Effect, ...] | None:
        if "hand_revealed" not in ctx.flags or ctx.flags.get("revealed_some"):
            return None
        ctx.flags["hand_choices"] = (n, up_to)
        ctx.last = ()         # "those cards": the chosen ones, read by "<player> discards those cards" only
        return ()
    return build


G.rule("choose {n:count} cards from it")(_choose_cards_from_hand(False))
G.rule("choose up to {n:count} cards from it")(_choose_cards_from_hand(True))


@G.rule("{who:player} discard[s] those cards")
def _discard_chosen_cards(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    if "hand_choices" not in ctx.flags or who != ctx.flags.get("hand_revealed"):
        return None
    n, up_to = ctx.flags["hand_choices"]
    return (Discard(who, n, chooser="you", up_to=up_to),)


@G.rule("{who:player} discard[s] that card")
def _discard_chosen(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    if "hand_choice" not in ctx.flags or who != ctx.flags.get("hand_revealed"):
        return None
    # 701.9a: "you choose a card from it. That player discards that card": any card when no filter is said
    return (Discard(who, Amount.const(1), chooser="you", filter=ctx.flags["hand_choice"],
                    among_revealed=bool(ctx.flags.get("revealed_some"))),)


def _exile_chosen(until: bool):
    """ "Target opponent reveals their hand. You choose a nonland card from it. Exile that card [until ~ leaves the
    battlefield]": the card is chosen as it resolves (608.2c), then exiled (610.3: back to that hand later)."""
    def build(ctx: Context) -> tuple[Effect, ...] | None:
        if "hand_choice" not in ctx.flags or ctx.flags.get("revealed_some"):
            return None
        key = _chosen_key(ctx)
        chosen = Ref("chosen", key=key)
        return (ChooseObjects(ctx.flags["hand_choice"], Amount.const(1), key, zone="hand", owner=ctx.flags["hand_revealed"]),
                ExileUntilLeaves(chosen) if until else ExileEffect(chosen))
    return build


G.rule("exile that card")(_exile_chosen(False))
G.rule("exile that card until ~ leaves the battlefield")(_exile_chosen(True))


@G.rule("put (them|those cards) on top of that player's library in any order")
def _chosen_cards_on_top(ctx: Context) -> tuple[Effect, ...] | None:
    """Agonizing Memories' "Look at target player's hand and choose two cards from it. Put them on top of that
    player's library in any order": chosen as it resolves (608.2c), all if the hand holds fewer, then put there in
    the order the spell's controller, who puts them there, chooses (401.4: the effect says who orders them)."""
    if "hand_choices" not in ctx.flags or ctx.flags.get("revealed_some"):
        return None
    n, up_to = ctx.flags["hand_choices"]
    key = _chosen_key(ctx)
    return (ChooseObjects(None, n, key, up_to=up_to, zone="hand", owner=ctx.flags["hand_revealed"]),
            PutOnLibrary(Ref("chosen", key=key), controller_orders=True))


def _search_desc(text: str, x: Amount | None = None) -> tuple[int | Amount, Filter | None] | None:
    """ "a basic land card", "up to two basic land cards", "a creature card with mana value 6 or greater",
    "up to X Plains cards" (`x`: what X means in the sentence)."""
    if text == "a card":
        return 1, None
    m = re.fullmatch(r"a card( with .+| that (?:has|have) .+)", text)
    if m:
        # "a card with mana value 3 or less", "a card with flashback": a card of any type, of that quality
        d = parse_desc("card" + m.group(1))
        return None if d is None or d.zone or d.nouns != {"card"} else (1, d.filter)
    m = re.match(r"^an? (.+? card) or an? (.+? card)$", text)
    if m:
        # "a basic land card or a Desert card": a card of either description
        a, b = parse_desc(m.group(1)), parse_desc(m.group(2))
        return None if a is None or b is None or a.zone or b.zone else (1, Filter(any_of=(a.filter, b.filter)))
    m = re.match(r"^(up to )?(\w+) cards$", text)
    if m and number(m.group(2)) is not None:
        return number(m.group(2)), None      # "up to seven cards"
    if m and m.group(2) == "x" and x is not None:
        return x, None      # "[up to] X cards, where X is the number of Swamps you control"
    m = re.match(r"^(up to )?(\w+) cards( with .+| that (?:has|have) .+)$", text)
    if m and number(m.group(2)) is not None:
        d = parse_desc("card" + m.group(3))       # "up to two cards that have mana value 9"
        return None if d is None or d.zone else (number(m.group(2)), d.filter)
    m = re.match(r"^(?:(up to )?(\w+) )?(.+?) cards?( with .+| that (?:has|have) .+| not named ~)?$", text)
    if not m:
        return None
    n: int | Amount | None = number(m.group(2)) if m.group(2) else 1
    if m.group(2) == "x" and m.group(1):
        n = x
    if n is None:
        return None
    d = parse_desc(m.group(3) + " card" + (m.group(4) or ""))
    if d is None:
        return None
    f = d.filter
    return n, f


_IT = r"(?:it|them|that card|those cards)"
_SEARCH_DEST = {"into your hand": "hand", "into their hand": "hand", "onto the battlefield": "battlefield",
                "into your graveyard": "graveyard", "into that player's graveyard": "graveyard"}


def _search_tail(text: str) -> tuple[str, bool, bool] | None:
    """What a search does with the cards found (701.23): (destination, tapped, revealed).
    "[reveal it|them, ]put it|them into your hand | onto the battlefield [tapped] | into your graveyard",
    "exile it|them"."""
    if text in ("reveal those cards, put one onto the battlefield tapped and the other into your hand",
                "reveal those cards, and put one onto the battlefield tapped and the other into your hand"):
        return "split", True, True      # Cultivate: one chosen card goes to the battlefield, the other to the hand
    if re.match(rf"^exile {_IT}$", text):
        return "exile", False, False
    m = re.match(rf"^(reveal {_IT},? (?:and )?)?put {_IT} on top$", text)
    if m:
        return "library_top", False, bool(m.group(1))     # put on top after the shuffle (701.23, 701.24)
    m = re.match(rf"^(reveal {_IT},? (?:and )?)?put {_IT} (into your hand|into their hand|onto the battlefield"
                 rf"|into your graveyard|into that player's graveyard)( tapped)?$", text)
    if not m or (m.group(3) and m.group(2) != "onto the battlefield"):
        return None
    return _SEARCH_DEST[m.group(2)], bool(m.group(3)), bool(m.group(1))


# ---------------------------------------------------------------- prevention (615): oracle.replacements

# ---------------------------------------------------------------- optional actions

@G.rule("{who:player} get[s] {n:energy}", "get[s] {n:energy}")
def _get_energy(ctx: Context, n: int, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (GetEnergy(_who(ctx, who), Amount.const(n)),)      # 122.1e


@G.rule("{who:player} get[s] {n:count} poison counter[s]", "get[s] {n:count} poison counter[s]")
def _get_poison(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (GetPoison(_who(ctx, who), n),)      # 122.1f


@G.rule("flip a coin", "{who:player} flip[s] a coin")
def _flip_coin(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """705: what winning and losing do comes in the next sentences (compiler: "if you win the flip")."""
    return (FlipCoin(_who(ctx, who)),)


@G.rule("{who:player} become[s] the monarch")
def _become_monarch(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    return (BecomeMonarch(who),)      # 725.1


@G.rule("roll a d{n:num}", "{who:player} roll[s] a d{n:num}")
def _roll_die(ctx: Context, n: int, who: Ref | None = None) -> tuple[Effect, ...] | None:
    """706.1: what each result does comes in the results table's lines (compiler: "1—9 | ...")."""
    return (RollDie(n, _who(ctx, who)),) if n >= 2 else None


@G.rule("you may pay {n:energy}", "pay {n:energy}")
def _may_pay_energy(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    # 107.14: paying energy removes that many energy counters; "If you do/don't, ..." follows.
    return (MayPay(ManaCost(()), energy=n),)


@G.rule("{c:clause} unless you pay {n:energy}")
def _unless_you_pay_energy(ctx: Context, c: tuple[Effect, ...], n: int) -> tuple[Effect, ...] | None:
    return (MayPay(ManaCost(()), otherwise=c, energy=n),)


@G.rule("you may pay {cost:cost}")
def _may_pay(ctx: Context, cost: ManaCost) -> tuple[Effect, ...] | None:
    # What paying buys comes in the next sentence ("If you do, ..."), added to `then`.
    return (MayPay(cost),)


@G.rule("you may pay {n:num} life", "you may pay {cost:cost} and {n:num} life", "{who:player} may pay {n:num} life")
def _may_pay_life(ctx: Context, n: int, cost: ManaCost = ManaCost(()), who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 119.4: life can be paid only with that much life; what paying buys comes next ("If you do, ...")
    if who is not None and who.kind in ("each_player", "each_opponent"):
        return None
    return (MayPay(cost, life=n, payer=None if who in (None, YOU) else who),)


@G.rule("pay {cost:cost}")
def _pay(ctx: Context, cost: ManaCost) -> tuple[Effect, ...] | None:
    # "Pay {N}. If you don't, ...": the next sentence says what not paying does (MayPay.otherwise).
    return (MayPay(cost),)


@G.rule("{c:clause} unless you pay {cost:cost}")
def _unless_you_pay(ctx: Context, c: tuple[Effect, ...], cost: ManaCost) -> tuple[Effect, ...] | None:
    # 118.12: the action happens unless the player pays; paying is a choice made as it resolves.
    per = generic_per(ctx, cost.symbols)
    return (MayPay(cost if per is None else ManaCost(("1",)), otherwise=c, times=per),)


@G.rule("{c:clause} unless you pay its mana cost")
def _unless_you_pay_its_mana_cost(ctx: Context, c: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """ "At the beginning of your upkeep, sacrifice this creature unless you pay its mana cost" (118.12, 202.1): the
    cost of the permanent the instruction is about, as it resolves."""
    if c != (SacrificeSelf(),):
        return None
    return (MayPay(ManaCost(()), otherwise=c, cost_of=SELF),)


@G.rule("{c:clause} unless (they pay|that player pays) {cost:cost}")
def _unless_they_pay(ctx: Context, c: tuple[Effect, ...], cost: ManaCost) -> tuple[Effect, ...] | None:
    # 118.12: the player the instruction is about chooses whether to pay ("that player loses 2 life unless
    # they pay {2}"), or the player "that player" names ("you may draw a card unless that player pays {1}": the
    # player who cast the spell, who decides before you do)
    payer = ctx.last_player or (ctx.subject if ctx.subject not in (None, YOU) else ctx.trigger_player)
    if payer is None or payer == SELF or generic_per(ctx, cost.symbols) is not None or "X" in cost.symbols:
        return None         # {X} "where X is its mana value" isn't the X paid for the ability (107.3)
    return (MayPay(cost, otherwise=c, payer=payer),)


@G.rule("{c:clause} unless {who:player} pays {cost:cost}", "{c:clause} unless {who:player} pays {n:num} life",
        "{c:clause} unless (they pay|that player pays) {n:num} life")
def _unless_one_player_pays(ctx: Context, c: tuple[Effect, ...], who: Ref | None = None,
                            cost: ManaCost = ManaCost(()), n: int = 0) -> tuple[Effect, ...] | None:
    # 118.12, 119.4: "tap target creature unless its controller pays 2 life", "return target creature to its owner's
    # hand unless its controller pays {1}": that one player chooses whether to pay as it resolves.
    who = who or ctx.last_player or (ctx.subject if ctx.subject not in (None, YOU) else ctx.trigger_player)
    if who is None or who.kind not in _ONE_PAYER or generic_per(ctx, cost.symbols) is not None or "X" in cost.symbols:
        return None
    return (MayPay(cost, otherwise=c, life=n, payer=who),)


# The players "unless <player> pays" may name: one player, known as it resolves.
_ONE_PAYER = frozenset({"controller_of", "target", "event_controller", "event", "event_player", "defending_player",
                        "active_player"})


@G.rule("{c:clause} unless any player pays {cost:cost}", "{c:clause} unless any player pays {n:num} life")
def _unless_any_player_pays(ctx: Context, c: tuple[Effect, ...], cost: ManaCost = ManaCost(()),
                            n: int = 0) -> tuple[Effect, ...] | None:
    # 118.12: each player in turn order, from the active player, may pay as it resolves; one payment is enough
    # (the Rhystic cards' rulings)
    if generic_per(ctx, cost.symbols) is not None or "X" in cost.symbols:
        return None
    return (MayPay(cost, otherwise=c, life=n, payer=Ref("each_player")),)


@G.rule("{c:clause} unless {who:player} has ~ deal {n:amount} damage to them")
def _unless_dealt_damage(ctx: Context, c: tuple[Effect, ...], who: Ref, n: Amount) -> tuple[Effect, ...] | None:
    # "Destroy target land unless its controller has ~ deal 2 damage to them": that player chooses as it resolves; the
    # choice is what counts, even if the damage is then prevented (118.12; Vexing Devil's ruling)
    if who.kind not in _ONE_PAYER or n.kind != "const":
        return None
    return (MayPay(ManaCost(()), then=(DealDamage(n, who),), otherwise=c, payer=who,
                   prompt=f"Have it deal {n.value} damage to you?"),)


def _any_may_take_damage(ctx: Context, n: Amount, who: Ref, it: bool = False) -> tuple[Effect, ...] | None:
    """ "Any player may have ~ deal 5 damage to them. If no one does, ...": each player (or opponent) in turn order
    from the active player may choose it, until one does (118.12; the Vexing Devil ruling); "If a player does" / "If
    no one does" follow (compiler._follow_up). The choice counts even if the damage is then prevented."""
    if n.kind != "const" or (it and not it_is_the_source(ctx)):
        return None
    return (MayPay(ManaCost(()), then=(DealDamage(n, Ref("chosen", key=PAYING_PLAYER)),), payer=who,
                   prompt=f"Have it deal {n.value} damage to you?"),)


@G.rule("any player may pay {n:num} life", "any player may pay {cost:cost}")
def _any_player_may_pay(ctx: Context, n: int = 0, cost: ManaCost = ManaCost(())) -> tuple[Effect, ...] | None:
    # "When you cast this spell, any player may pay 5 life. If a player does, counter ~": each player in turn order from
    # the active player may pay, until one does (118.12, 119.4); "If a player does" follows (compiler._follow_up)
    if generic_per(ctx, cost.symbols) is not None or "X" in cost.symbols:
        return None
    return (MayPay(cost, life=n, payer=Ref("each_player")),)


for _any in ("player", "opponent"):
    G.rule(f"any {_any} may have ~ deal {{n:amount}} damage to them")(
        lambda ctx, n, who=Ref("each_" + _any): _any_may_take_damage(ctx, n, who))
    G.rule(f"any {_any} may have it deal {{n:amount}} damage to them")(
        lambda ctx, n, who=Ref("each_" + _any): _any_may_take_damage(ctx, n, who, it=True))


@G.rule("{c:clause} unless you discard {card:card}", "{c:clause} unless you discard a card at random")
def _unless_discard(ctx: Context, c: tuple[Effect, ...], card: tuple[int, Filter | None] | None = None,
                    ) -> tuple[Effect, ...] | None:
    # 118.12: "sacrifice ~ unless you discard a land card"
    if card is None:
        return (UnlessDiscard(c, random=True),)
    return (UnlessDiscard(c, card[1]),) if card[0] == 1 else None


@G.rule("{c:clause} unless you pay {n:num} life")
def _unless_you_pay_life(ctx: Context, c: tuple[Effect, ...], n: int) -> tuple[Effect, ...] | None:
    # 118.12, 119.4: "tap ~ unless you pay 2 life": life can be paid only with that much life
    return (MayPay(ManaCost(()), otherwise=c, life=n),)


@G.rule("{c:clause} unless you {action:clause}")
def _unless_you_do(ctx: Context, c: tuple[Effect, ...], action: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    # 118.12: "sacrifice ~ unless you sacrifice a land", "... unless you return a land you control to its owner's
    # hand": the controller may carry the action out as it resolves; if they don't (or can't), the instruction happens.
    done = done_action(action, optional=True)
    if done is None or getattr(done, "who", YOU) != YOU:
        return None
    return (IfDone(MayDo(action, YOU), otherwise=c),)


@G.rule("{c:clause} unless {action:clause}")
def _unless_player_does(ctx: Context, c: tuple[Effect, ...], action: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    # 118.12: "~ deals 2 damage to that player unless they sacrifice a creature": the one player the instruction is
    # about may carry the action out as it resolves; only if they don't (or can't) does the instruction happen.
    done = done_action(action, optional=True)
    who = getattr(done, "who", None)
    if done is None or who is None or who == YOU or who.kind not in _ONE_PAYER:
        return None
    return (IfDone(MayDo(action, who), otherwise=c),)


def _unless_first(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """ "Unless you sacrifice an Island, sacrifice ~ and it deals 6 damage to you", "unless you pay {B}{B}{B}, tap ~
    and ...": every instruction after the comma happens unless the controller pays (118.12). The instructions are
    read first, so their "it" is what they name, not what the payment would. "Unless any player pays {1}, ...":
    each player in turn may pay (_unless_any_player_pays)."""
    anyone = text.startswith("unless any player pays ")
    if not text.startswith("unless you ") and not anyone:
        return None
    for i in [k for k, ch in enumerate(text) if ch == ","]:
        mark = ctx.mark()
        c = parse_effects(ctx, text[i + 2:])
        payment = text[len("unless any player "):i] if anyone else text[len("unless you "):i]
        cost = parse_mana_cost(payment[5:] if anyone else payment[4:]) if payment.startswith("pay") else None
        life = re.fullmatch(r"pays? (\w+) life", payment)
        if c is None:
            out = None
        elif anyone:
            n = number(life.group(1)) if life else None
            out = _unless_any_player_pays(ctx, c, cost or ManaCost(()), n or 0) \
                if cost is not None or n is not None else None
        elif cost is not None:
            out = _unless_you_pay(ctx, c, cost)
        elif life and number(life.group(1)) is not None:
            out = _unless_you_pay_life(ctx, c, number(life.group(1)))
        else:
            action = parse_clause(ctx, payment)
            out = _unless_you_do(ctx, c, action) if action is not None else None
        if out is not None:
            return out
        ctx.reset(mark)
    return None


@G.rule("{c:clause} unless {u:cond}")
def _unless_condition(ctx: Context, c: tuple[Effect, ...], u: Condition) -> tuple[Effect, ...] | None:
    # "Discard a card unless you attacked this turn": the instruction happens only while the condition fails.
    return (Conditional(replace(u, negate=not u.negate), c),)


@G.rule("you may play the exiled card without paying its mana cost")
def _play_hidden_away(ctx: Context) -> tuple[Effect, ...] | None:
    # 702.75a, 607.2a: the card the permanent's hideaway ability exiled face down, played as this resolves (608.2g)
    return (PlayLinked(),) if ctx.flags.get("hideaway") else None


@G.rule("you may cast {f:spell} from your hand without paying its mana cost")
def _cast_from_hand(ctx: Context, f: Filter) -> tuple[Effect, ...] | None:
    # 608.2g: the spell is cast during the resolution; choosing none is the "may"
    return (CastFromHand(f),)


def _your_clause(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """An instruction said with "you" as its subject ("you gain 2 life", "you may draw a card"): you carry it out,
    not the player a clause before it named ("each opponent loses 1 life and you may draw a card")."""
    ctx.subject = YOU
    return parse_clause(ctx, text)


@G.rule("you may have {c:your_clause}")
def _may_have(ctx: Context, c: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    return (MayDo(c, YOU),)


@G.rule("you may {c:your_clause}")
def _may(ctx: Context, c: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    return (MayDo(c, YOU),)


# The words an instruction with a subject of its own begins with ("and you gain 1 life", "and it deals 2 damage")
_SUBJECT_WORDS = re.compile(r"^(?:you|each|target|that|this|those|these|its|their|all|~|it|they|he|she|an?|another|"
                            r"defending|attacking|enchanted|equipped|creatures|other|up|any|no|the)\b")
G.parsers["imperative"] = lambda ctx, t: None if _SUBJECT_WORDS.match(t) else parse_clause(ctx, t)


@G.rule("you may {a:your_clause} and {b:imperative}")
def _may_both(ctx: Context, a: tuple[Effect, ...], b: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """ "You may untap it and remove it from combat": one choice, both instructions or neither (608.2d). An
    instruction with a subject of its own ("and you gain 1 life", "and each opponent ...") isn't the may's. Not a
    payment ("you may pay {1} and sacrifice an artifact. If you do, ..."): whether each part was done is read
    elsewhere (608.2c)."""
    if any(isinstance(e, MayPay) or (type(e).__name__ in DONE_EVENTS and not isinstance(e, TapEffect)) for e in a + b):
        return None
    return (MayDo(a + b, YOU),)


@G.rule("you {c:your_clause}")
def _you_do(ctx: Context, c: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """ "You create a 2/2 black Zombie creature token", "you lose half your life, rounded up": the instruction, said
    of its controller as the imperative is (608.2c)."""
    return c


@G.rule("you may {a:labeled} or {b:labeled}")
def _may_either(ctx: Context, a: tuple[str, tuple[Effect, ...]], b: tuple[str, tuple[Effect, ...]],
                ) -> tuple[Effect, ...] | None:
    """ "You may sacrifice a creature or discard a creature card. If you do, draw a card": one of two instructions
    that tell whether they were carried out (DONE_EVENTS), chosen as it resolves (608.2d); no targets."""
    if ctx.targets or not all(len(c) == 1 and type(c[0]).__name__ in DONE_EVENTS for _, c in (a, b)):
        return None
    return (MayDo((ChooseMode((a[1], b[1]), (a[0], b[0])),), YOU),)


# The instructions "each player may ..." reads (EachMayDo): said of the players alone, with fixed amounts; each is
# carried out by every player who chose to, as it is by several players at once.
_EACH_MAY = (Scry, Draw, Discard, Mill)


def _each_may(who: Ref, c: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    """ "Each player may scry 1", "each player may discard their hand and draw seven cards" (101.4, 608.2d): each
    of them decides for themselves, in APNAP order, and those who chose to carry the instructions out together."""
    if not all(type(e) in _EACH_MAY and e.who == who and e.amount.kind == "const"
               and getattr(e, "chooser", "self") == "self" for e in c):
        return None
    chosen = Ref("chosen", key=MAY_PLAYERS)
    return (EachMayDo(who, tuple(replace(e, who=chosen) for e in c)),)


@G.rule("{who:actor} may {c:clause}")
def _player_may(ctx: Context, who: Ref, c: tuple[Effect, ...]) -> tuple[Effect, ...] | None:
    if who.kind in ("each_player", "each_opponent"):
        return _each_may(who, c)
    ctx.subject = who
    if len(c) == 1 and isinstance(c[0], MayPay) and c[0].payer is None:
        return (replace(c[0], payer=who),)      # "that player may pay {4}": that player pays, or doesn't (118.12)
    return (MayDo(c, who),)


# ---------------------------------------------------------------- sentences

def parse_clause(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    return (parse_delayed(ctx, text) or _parse_search(ctx, text)
            or parse_look(ctx, text) or parse_reveal_until(ctx, text) or parse_zone_move(ctx, text) or G.parse(ctx, text))


def _named_desc(ctx: Context, text: str) -> tuple[int, Filter | None] | None:
    """ "a card named ~", "up to three cards named ~" (201.2: the card's own name), "a card named
    Hammer of Nazahn" (the name as printed)."""
    m = re.match(r"^(?:(up to )?(\w+) )?cards? named (.+)$", text)
    n = number(m.group(2)) if m and m.group(2) else 1
    if not m or n is None:
        return None
    if m.group(3) == "~":
        return (n, Filter(name=ctx.card_name)) if ctx.card_name else None
    found = re.search(re.escape(m.group(3)), ctx.flags.get("sentence", ""), re.IGNORECASE)
    return (n, Filter(name=found.group(0))) if found else None


def _searched_cards(ctx: Context, text: str) -> tuple[int | Amount | None, Filter | None, bool,
                                                     tuple[Filter, ...]] | None:
    """How many cards a search finds at most, which, whether no two may share a name, and the descriptions of which
    it finds one each: "a card named ~", "up to X basic land cards", "any number of Elf creature cards" (None: no
    limit, 701.23b), "up to three Aura cards with different names", "a Plains card, an Island card, and a Swamp
    card"."""
    parts = re.split(r", (?:and )?", text)
    pair = re.fullmatch(r"(an? \w+ card) and(?:/or)? (an? \w+ card)", text)
    if pair:
        # "an instant card and/or a sorcery card": one of each, either of which may not be found (701.23b)
        parts = [pair.group(1), pair.group(2)]
    if (len(parts) >= 3 or pair) and all(re.match(r"^an? .+ card$", p) for p in parts):
        # "a Plains card, an Island card, a Swamp card, and a Mountain card": one of each (each_of)
        descs = [parse_desc(p.split(" ", 1)[1]) for p in parts]
        if any(d is None or d.zone for d in descs):
            return None
        return len(descs), None, False, tuple(d.filter for d in descs)
    m = re.match(r"^(up to \w+ .+ cards(?: not named ~)?) (?:with different names|that each have different names)$", text)
    if m:
        found = _searched_cards(ctx, m.group(1))
        return None if found is None else (found[0], found[1], True, ())
    m = re.match(r"^any number of (.+)$", text)
    if m:
        # read as "up to two ..." for the description's plural; the number is then dropped
        found = _named_desc(ctx, "up to two " + m.group(1)) or _search_desc("up to two " + m.group(1))
        return None if found is None else (None, found[1], False, ())
    # "up to X land cards": X is what a later "where X is" says, else the X of the spell's cost (107.3a)
    x = ctx.flags.get("x") or (X if ctx.flags.get("cost_x") else None)
    found = _named_desc(ctx, text) or _search_desc(text, x)
    return None if found is None else (found[0], found[1], False, ())


# 701.23a: the searcher looks through the zones named; "search target player's library" is another's.
_SEARCH_RE = re.compile(r"^(?:(.+?) (?:may )?search(?:es)? (?:their|his or her|your)|search your|search (.+?)'s) "
                        r"(library|library and/or graveyard|graveyard and/or library|graveyard, hand, and/or library"
                        r"|graveyard, hand, and library) "
                        r"for (.+?)(, then shuffles?)?$")
_SEARCH_ZONES = {"library": ("library",), "library and/or graveyard": ("library", "graveyard"),
                 "graveyard and/or library": ("graveyard", "library"),
                 "graveyard, hand, and/or library": ("graveyard", "hand", "library"),
                 "graveyard, hand, and library": ("graveyard", "hand", "library")}


def _parse_search(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """ "[player [may]] search[es] their|your library [and/or graveyard] for <cards>, <tail>[, then shuffle]",
    "search target player's library for <cards> and exile them". Without ", then shuffle" the library is
    shuffled by what a later sentence says ("Then shuffle.", "If you search your library this way, shuffle"), which
    `engine.oracle.compiler._modifier` reads as part of the search."""
    # "..., then shuffle and put that card on top": the card goes on top after the shuffle.
    text = re.sub(rf", (reveals? {_IT}, )?then shuffles? and puts? {_IT} on top(?: in any order)?$",
                  lambda t: f", {t.group(1) or ''}put it on top, then shuffle", text)
    m = _SEARCH_RE.match(text)
    if not m:
        return None
    # The cards searched for may hold commas ("a basic Island, Swamp, or Mountain card"): the first
    # split whose two sides both read wins.
    body = re.sub(r"\b(puts|reveals)\b", lambda w: w.group(1)[:-1], m.group(4))
    # "for all cards with that name": 701.23b: in a hidden zone the searcher may fail to find some (any number of
    # them); in a graveyard, a public zone, every one is found (below)
    every = body.startswith("all ")
    if every:
        body = "any number of " + body[4:]
    # "a card with the same name as that creature / target nontoken creature": that object's name (608.2h)
    name_of = None
    same = re.search(r" with the same name as (that \w+|target [^,]+?)(?=,| and |$)", body)
    if same:
        mark = ctx.mark()
        named = parse_objects(ctx, same.group(1))
        if named is None or len(named) != 1 or named[0].kind not in ("target", "event"):
            ctx.reset(mark)
            return None
        name_of, body = named[0], body[:same.start()] + body[same.end():]
    attach_to = None
    host = re.search(r", attach it to an? ([^,]+)$", body)
    if host:
        # "put it onto the battlefield, attach it to a creature you control" (701.3a)
        d = parse_desc(host.group(1))
        if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        attach_to, body = object_filter(d), body[:host.start()]
    tail = found = None
    for i in [k for k in range(len(body)) if body.startswith(", ", k) or body.startswith(" and ", k)]:
        tail = _search_tail(body[i + (2 if body[i] == "," else 5):])
        found = _searched_cards(ctx, body[:i]) if tail is not None else None
        if found is not None:
            break
    if tail is None or found is None:
        return None
    who = searcher = YOU
    if m.group(1) or m.group(2):
        mark = ctx.mark()
        w = parse_player_slot(ctx, m.group(1) or m.group(2))
        if w is None or (m.group(2) and not m.group(2).startswith(("target ", "that ", "its controller", "its owner"))):
            ctx.reset(mark)
            return None
        who = w
        searcher = w if m.group(1) else YOU
        ctx.last_player = w
    n, f, different_names, each_of = found
    to, tapped, reveal = tail
    if attach_to is not None and (to != "battlefield" or n != 1):
        return None
    zones = _SEARCH_ZONES[m.group(3)]
    public = ()
    if every and "graveyard" in zones:
        if to != "exile" or " may search" in text:
            return None
        public, zones = (MoveAllCards(who, f, ("graveyard",), "exile", name_of=name_of),), \
            tuple(z for z in zones if z != "graveyard")
    # "may search" is one decision: choosing no card declines (and then there is no shuffle). The graveyard's cards go
    # last: a target there ("all cards with the same name as that card") still names its owner as the others are found.
    return (SearchLibrary(who, f, n, "battlefield" if to == "split" else to, tapped, reveal,
                                   split=(to == "split"), shuffle=bool(m.group(5)), optional=" may search" in text,
                                   zones=zones, searcher=None if searcher == who else searcher,
                                   different_names=different_names, attach_to=attach_to, each_of=each_of,
                                   name_of=name_of),) + public


_SPLITS = (", then ", " and ", ", and ", ", ")
# "Each creature you don't control gets -2/-0 until end of turn and attacks this turn if able": a group said again
_GROUP_SUBJECT = re.compile(r"^(each (?!player|opponent)[^,]+?) (?:gets|gains) ")
_OBJECT_SUBJECT = re.compile(r"^(?:(?:up to )?\w+ )?(?:other |another )?target [^,]+? (?:gets?|gains?|has|have) "
                             r"|^(?:~|it|that creature) (?:gets|gains|has) ")


# Where a list of predicates sharing one subject splits: before each verb after the first.
_NEXT_PREDICATE = re.compile(r"(?:, and |, | and )(?=(?:gets?|gains?|loses?|becomes?|has|have|can't|isn't|aren't) )")
_PLURAL_VERB = re.compile(r"^(?:get|gain|lose|become|have|aren't) ")


def _shared_duration(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """ "~ becomes an Angel, gets +3/+3, and gains flying and lifelink until end of turn", "target creature
    loses all abilities and has base power and toughness 1/1 until your next turn": one subject, one duration
    (611.2a, 611.2b) for every predicate; each is read as "<subject> <predicate> <duration>", the subject said
    again as "it"/"they", which is what the first clause was about."""
    d = re.search(r" (until end of turn|until your next turn)$", text)
    if d is None:
        return None
    first, *rest = _NEXT_PREDICATE.split(text[:d.start()])
    if not rest:
        return None
    out = amount_clause(ctx, first + d.group(0), parse_clause)
    subject = ctx.last
    if out is None or not subject or any(not fields(e) or getattr(e, fields(e)[0].name) not in subject
                                         for e in out):
        return None
    for predicate in rest:
        ctx.last = subject
        more = amount_clause(ctx, ("they " if _PLURAL_VERB.match(predicate) else "it ") + predicate + d.group(0),
                             parse_clause)
        if more is None:
            return None
        out += more
    return out


def _may_continues(a: tuple[Effect, ...], rest: str) -> bool:
    """ "Target player may discard their hand and draw seven cards", "each player may ... and ...": an instruction
    without a subject of its own after another player's "may" is part of what they may do (608.2d)."""
    return bool(a) and isinstance(a[-1], (MayDo, EachMayDo)) and a[-1].who != YOU and not _SUBJECT_WORDS.match(rest)


def _may_and(may: Effect, b: tuple[Effect, ...] | None) -> tuple[Effect, ...] | None:
    """The "may" with the instructions after its "and" joined to it: one choice for all of them (608.2d)."""
    if b is None:
        return None
    if isinstance(may, EachMayDo):
        more = _each_may(may.who, b)
        return None if more is None else (replace(may, effects=may.effects + more[0].effects),)
    return (replace(may, effects=may.effects + b),)


def parse_effects(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """A sentence: one clause, or clauses joined by "and" / ", then"."""
    whole = parse_clause(ctx, text)
    if whole is not None:
        return whole
    if " of the creature type of your choice" in text:
        # "Destroy all creatures of the creature type of your choice": the type is chosen as it resolves (608.2d),
        # then the instruction reads it as "of the chosen type"
        mark = ctx.mark()
        chosen = parse_effects(ctx, text.replace(" of the creature type of your choice", " of the chosen type"))
        if chosen is not None and not any(isinstance(e, ChooseValue) for e in chosen):
            return (ChooseValue("creature_type"),) + chosen
        ctx.reset(mark)
    mark = ctx.mark()
    shared = _shared_duration(ctx, text) or _unless_first(ctx, text)
    if shared is not None:
        return shared
    ctx.reset(mark)
    duration = re.search(r" (until end of turn|this turn)$", text)
    for sep in _SPLITS:
        start = 0
        while True:
            i = text.find(sep, start)
            if i < 0:
                break
            mark = ctx.mark()
            a = parse_clause(ctx, text[:i])
            if a is None and duration is not None:
                # "A gets +0/+2 and B gets -2/-0 until end of turn": the duration is both clauses'.
                ctx.reset(mark)
                a = parse_clause(ctx, text[:i] + duration.group(0))
            if a is not None and sep == " and " and _may_continues(a, text[i + len(sep):]):
                both = _may_and(a[-1], parse_effects(ctx, text[i + len(sep):]))
                if both is not None:
                    return a[:-1] + both
                ctx.reset(mark)
                start = i + 1
                continue
            if a is not None:
                if ctx.subject is None and text.startswith("~ "):
                    ctx.subject = SELF      # "~ gets +2/+0 until end of turn and deals 1 damage to you"
                b = parse_effects(ctx, text[i + len(sep):])
                if b is None and sep == " and " and ctx.last is not None and _OBJECT_SUBJECT.match(text):
                    # "Target creature gets +1/+0 until end of turn and can't be blocked this turn": the
                    # clause without a subject shares the object the first one is about
                    b = parse_effects(ctx, "it " + text[i + len(sep):])
                group = _GROUP_SUBJECT.match(text) if b is None and sep == " and " else None
                if group is not None:
                    # the group again, found as each instruction applies (611.2c: a rule binds later arrivals too)
                    b = parse_effects(ctx, f"{group.group(1)} {text[i + len(sep):]}")
                if b is not None:
                    return a + b
            ctx.reset(mark)
            start = i + 1
    return None
