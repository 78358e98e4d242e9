"""Keyword abilities (702) as written in Oracle text: "Flying, first strike", "Protection from black",
"Swampwalk", "Equip {2}", "Ward {2}", "Kicker {1}{G}", "Flashback—{1}{U}, Pay 3 life", "Enchant creature",
"Affinity for artifacts"."""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from engine.core.abilities import DeckCondition, Filter, Keyword, TargetSpec
from engine.oracle.costs_text import parse_cost, parse_mana_cost
from engine.oracle.phrases import parse_desc, target_spec

# 702.x keywords without a parameter.
SIMPLE = frozenset({
    "deathtouch", "defender", "double strike", "first strike", "flash", "flying", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "shroud", "trample", "vigilance", "fear", "intimidate",
    "prowess", "persist", "undying", "wither", "infect", "changeling", "convoke", "delve", "flanking",
    "shadow", "horsemanship", "exalted", "split second", "cascade", "devoid", "skulk", "banding",
    "phasing", "storm", "provoke", "rebound", "evolve", "extort", "riot", "undaunted", "improvise",
    "ascend", "mentor", "fight", "decayed", "training", "ravenous", "daybound", "nightbound",
    "living weapon", "totem armor", "umbra armor", "epic", "haunt", "sunburst", "soulbond", "myriad", "melee",
    "partner", "friends forever", "assist", "jump-start", "spectacle", "enlist", "battle cry", "dethrone", "unleash", "ingest", "exploit",
    "demonstrate", "retrace", "gravestorm", "cipher", "conspire", "compleated", "hidden agenda", "double agenda",
})
# Keywords followed by a cost (mana, or a cost with a dash).
COSTED = frozenset({
    "equip", "ward", "kicker", "multikicker", "flashback", "evoke", "cycling", "unearth", "morph",
    "megamorph", "buyback", "madness", "echo", "ninjutsu", "bestow", "dash", "embalm", "eternalize",
    "escape", "entwine", "miracle", "overload", "prowl", "surge", "emerge", "foretell", "disturb",
    "blitz", "reconfigure", "transfigure", "transmute", "plainscycling", "islandcycling",
    "swampcycling", "mountaincycling", "forestcycling", "landcycling", "basic landcycling",
    "spectacle", "outlast", "scavenge", "level up", "fortify", "recover", "replicate",
    "aura swap", "suspend", "craft", "disguise", "cumulative upkeep", "mutate", "encore", "plot", "escalate",
    "cleave",
})
# Keywords with a number: "Bushido 2", "Annihilator 1", "Crew 3".
NUMBERED = frozenset({
    "bushido", "afterlife", "rampage", "annihilator", "toxic", "afflict", "crew", "fabricate", "bloodthirst",
    "modular", "graft", "frenzy", "poisonous", "renown", "tribute", "absorb", "fading", "vanishing",
    "amplify", "dredge", "hideaway", "ripple", "devour", "soulshift", "backup", "squad", "saddle", "casualty",
})
# The keywords the engine gives rules meaning to (in combat, damage, targeting, casting, costs, or as the
# abilities compiler.py makes of them). The lists above also name keywords it only recognizes: a card
# with one of those is unsupported for enforced rules, since it would play without the keyword's rules.
IMPLEMENTED = frozenset({
    "deathtouch", "defender", "double strike", "first strike", "flash", "flying", "haste", "hexproof",
    "indestructible", "lifelink", "menace", "reach", "shroud", "trample", "vigilance", "infect", "wither",
    "persist", "undying", "prowess", "storm", "protection", "landwalk", "enchant", "affinity", "equip",
    "kicker", "multikicker", "flashback", "evoke", "dash",
    "intimidate", "fear", "shadow", "horsemanship", "skulk",      # rules/evasion.py
    "devoid", "changeling",                                       # query/layers.py (604.3)
    "bushido", "exalted", "flanking", "battle cry", "afterlife",  # oracle/keyword_meanings.py
    "annihilator", "afflict", "modular", "living weapon", "soulshift", "extort", "poisonous",
    "bloodthirst", "riot", "unleash",                             # keyword_meanings.ENTERING_KEYWORDS
    "echo", "cumulative upkeep",                                  # upkeep triggers (compiler._upkeep_cost)
    "fading", "vanishing", "mentor", "training", "dethrone", "evolve", "graft",  # compiler.COUNTER_KEYWORDS
    "fabricate", "unearth", "renown", "devour", "ward",           # compiler._keyword_abilities
    "morph", "megamorph",                                         # rules/face_down.py, cast face down (702.37c)
    "convoke", "improvise",                                       # effects/payment.helper_sources
    "delve", "crew", "buyback",                                   # rules/casting._delve, proposals._crew
    "split second",                                               # rules/timing.split_second
    "entwine",                                                    # rules/casting (702.42a)
    "scavenge",                                                   # activated from the graveyard
    "sunburst",                                                   # effects/static_replacements (702.44a)
    "foretell",                                                   # rules/foretell.py
    "cycling", "plainscycling", "islandcycling", "swampcycling", "mountaincycling", "forestcycling",
    "landcycling", "basic landcycling", "typecycling",            # activated from hand (rules/activation.py)
    "daybound", "nightbound",                                     # rules/day_night.py (702.145, 731)
    "ingest", "melee", "rampage", "outlast", "reinforce", "provoke",  # oracle/keyword_meanings.py
    "decayed",                                                    # oracle/keyword_meanings.py (702.147a)
    "soulbond", "exploit",                                        # compiler._keyword_abilities (702.95, 702.110)
    "dredge",                                                     # board/dredge.py, a draw replaced (702.52a)
    "hideaway",                                                   # oracle/keyword_meanings.py (702.75a)
    "phasing",                                                    # rules/phasing.py (702.26, 502.1)
    "ascend", "tribute", "champion", "reconfigure", "amplify", "myriad", "haunt",                                          # rules/ascend.py (702.131), keyword_meanings
    "umbra armor", "totem armor",                                 # board/primitives.destroy (702.89)
    "partner",                                                    # deck construction only: cardsdb.validation (702.124a, 903.3c)
    "friends forever",                                            # partner—Friends forever, likewise (702.124i)
    "partner with",                                               # keyword_meanings: its enters trigger (702.124j)
    "escape", "jump-start", "retrace",                            # cast from the graveyard (rules/casting.py)
    "surge", "spectacle", "blitz",                                # alternative costs (rules/casting.way_refused)
    "gravestorm",                                                 # oracle/copies_text.storm_ability
    "banding", "bands with other",                                # rules/banding.py (702.22)
    "companion",                                                  # rules/companion.py (702.139)
    "undaunted",                                                  # a self cost reduction (702.125a)
    "cascade", "rebound", "madness", "miracle", "suspend",        # oracle/casting_keywords.py
    "ripple", "transmute", "demonstrate", "escalate", "casualty", "overload", "cleave", "embalm", "eternalize",
    "awaken", "disturb", "prowl", "emerge", "recover", "cipher", "ninjutsu", "replicate", "conspire",
    "assist",                                                     # rules/casting._assist (702.132a)
    "epic",                                                       # compiler: effects of the spell (702.50a)
    "bestow",                                                     # core.cards.bestowed, rules/casting (702.103)
    "mutate",                                                     # rules/mutate.py, core.cards merged (702.140, 730)
    "hidden agenda", "double agenda",                             # rules/conspiracies.py (702.106, 315)
    "splice",                                                     # rules/casting._spliced, rules/resolving (702.47)
    "compleated",                                                 # board/replacement.entered_battlefield (702.150a)
})
# Keywords the compiler turns into abilities of the card that prints them (triggers, costs, activated and
# static abilities): granted by an effect ("creatures you control have exalted") they would be a bare word,
# since a granted keyword adds no abilities (layer 6 adds the keyword only). Such grants stay unread.
ABILITY_KEYWORDS = frozenset({
    "prowess", "bushido", "exalted", "flanking", "battle cry", "afterlife", "annihilator", "afflict", "modular",
    "living weapon", "soulshift", "extort", "echo", "cumulative upkeep", "fabricate", "bloodthirst", "riot", "unleash",
    "unearth", "renown", "devour", "graft", "ward", "fading", "vanishing", "mentor", "training", "dethrone",
    "evolve", "persist", "undying", "storm", "equip", "kicker", "flashback", "evoke", "dash", "enchant",
    "affinity", "cycling", "plainscycling", "islandcycling", "swampcycling", "mountaincycling", "forestcycling",
    "landcycling", "basic landcycling", "typecycling", "morph", "megamorph", "ingest", "melee", "rampage", "outlast", "reinforce", "provoke",
    "soulbond", "exploit", "ascend", "tribute", "champion", "reconfigure", "amplify", "myriad", "haunt",
    "escape", "jump-start", "retrace", "surge",
    "spectacle", "blitz", "gravestorm", "undaunted", "cascade", "rebound", "madness", "miracle", "suspend",
    "ripple", "transmute", "demonstrate", "escalate", "casualty", "overload", "cleave", "embalm", "eternalize",
    "awaken", "disturb", "prowl", "emerge", "recover", "cipher", "ninjutsu", "replicate", "conspire", "epic",
    "bestow", "splice", "mutate", "partner with", "decayed", "poisonous", "crew",
})


def played(kw: Keyword) -> bool:
    """Whether the engine plays this keyword on an object whose definition has it (printed, or on a token the
    effect that creates it defines, 111.4): a keyword it only recognizes has no rules here."""
    return kw.name in IMPLEMENTED


def grantable(kw: Keyword) -> bool:
    """Whether an effect granting this keyword to an object (613.1f) is carried out by the rules: a played
    keyword the engine reads wherever it is, not one the compiler makes abilities of (ABILITY_KEYWORDS)."""
    return played(kw) and kw.name not in ABILITY_KEYWORDS


# 702.14a: "[type]walk": a land type, or the card type land with supertypes ("snow swampwalk", "nonbasic landwalk")
LANDWALK = re.compile(r"^((?:snow|legendary|nonbasic) land|(?:snow )?(?:plains|island|swamp|mountain|forest|desert))walk$")


# 702.29e "[Type]cycling [cost]": a subtype, card type or supertype, or several ("artifact landcycling")
TYPECYCLING = re.compile(r"^((?:[a-z]+ )?[a-z]+)cycling (\{.+)$")


def keyword_from_text(text: str) -> Keyword | None:
    """One keyword ability from its text, or None if the text isn't one keyword."""
    t = text.strip().rstrip(".").strip()
    t = re.sub(r"\s*\([^()]*\)", "", t).replace("\u2212", "-")
    low = t.lower()
    if low in SIMPLE:
        return Keyword(low)
    m = re.match(r"^protection from (.+)$", low)
    if m and " and from " not in m.group(1):
        return Keyword("protection", m.group(1))
    m = LANDWALK.match(low)
    if m:
        return Keyword("landwalk", m.group(1))
    m = re.match(r"^enchant (.+)$", low)
    if m:
        return Keyword("enchant", m.group(1), target=enchant_target_spec(m.group(1)))
    m = re.match(r"^companion ?— ?(.+)$", low)
    if m:
        deck = deck_condition(m.group(1))
        return Keyword("companion", m.group(1), deck=deck) if deck is not None else None
    m = re.match(r"^bands with other (.+)$", low)
    if m:
        # 702.22b-c: the quality every creature of such a band has, compiled as what the keyword's creature matches
        quality = parse_desc(m.group(1))
        if quality is None or not quality.plural:
            return None
        return Keyword("bands with other", m.group(1), target=target_spec(quality, f"bands with other {m.group(1)}"))
    m = re.match(r"^(hexproof|affinity) (?:from|for) (.+)$", low)
    if m:
        return Keyword(m.group(1), m.group(2))
    m = re.match(r"^champion (?:a|an) (.+)$", low)
    if m:
        return Keyword("champion", m.group(1))          # 702.72a "Champion a Faerie"
    m = re.match(r"^reinforce (\d+|x) ?— ?(.+)$", low)
    if m:
        # 702.77a "Reinforce N—[cost]"
        mana = parse_mana_cost(m.group(2))
        return Keyword("reinforce", m.group(1), cost=mana) if mana is not None else None
    m = re.match(r"^splice onto (arcane|instant or sorcery)(?: ?— ?| )(.+)$", low)
    if m:
        # 702.47a "Splice onto [quality] [cost]": the quality a spell must have, the cost (mana, or another cost)
        mana = parse_mana_cost(m.group(2))
        if mana is not None:
            return Keyword("splice", m.group(1), cost=mana)
        full = parse_cost(m.group(2))
        return Keyword("splice", m.group(1), cost=full.mana, full_cost=full) if full is not None else None
    m = re.match(r"^partner with (.+)$", low)
    if m:
        return Keyword("partner with", t[len("partner with "):])      # 702.124j: the partner's name, as printed
    m = re.match(r"^equip (?!\{)(.+?) (\{.+)$", low)
    if m:
        # 702.6c "Equip [quality] [creature] [cost]": it may target only a creature you control with that quality
        words = m.group(1) if "creature" in m.group(1) else m.group(1) + " creature"
        mana, quality = parse_mana_cost(m.group(2)), parse_desc(words)
        spec = None if quality is None else target_spec(quality, f"target {words} you control")
        if mana is None or spec is None or not (spec.kind == "creature" or "Creature" in spec.filter.types):
            return None
        spec = replace(spec, kind="creature", filter=replace(spec.filter, controller="you"))
        return Keyword("equip", m.group(1), cost=mana, target=spec)
    m = TYPECYCLING.match(low)
    if m and m.group(1) + "cycling" not in COSTED:
        mana = parse_mana_cost(m.group(2))
        return Keyword("typecycling", m.group(1), cost=mana) if mana is not None else None
    m = re.match(r"^(suspend|awaken) (\d+) ?— ?(\{.+)$", low)
    if m:
        mana = parse_mana_cost(m.group(3).strip())
        return Keyword(m.group(1), m.group(2), cost=mana) if mana is not None else None
    m = re.match(r"^(basic landcycling|level up|cumulative upkeep|aura swap|.+?)(?: ?— ?| )(.+)$", low)
    if m and m.group(1) in COSTED:
        name, rest = m.group(1), m.group(2).strip()
        mana = parse_mana_cost(rest)
        either = re.fullmatch(r"\{([wubrg])\} or \{([wubrg])\}", rest)
        if either and name == "cumulative upkeep":
            # "Cumulative upkeep {R} or {G}": for each age counter {R} or {G}, as the player likes: a hybrid symbol
            # for each (107.4e, 702.24a)
            a, b = either.groups()
            mana = parse_mana_cost(f"{{{a}/{b}}}") or parse_mana_cost(f"{{{b}/{a}}}")
        if mana is not None and name == "bestow":
            # 702.103b: cast bestowed it gains enchant creature: what it targets, compiled with the keyword
            return Keyword(name, cost=mana, target=enchant_target_spec("creature"))
        if mana is not None and name == "mutate":
            # 702.140a: a mutating creature spell targets a non-Human creature with the same owner as the spell
            return Keyword(name, cost=mana, target=TargetSpec("creature", Filter(not_subtypes=frozenset({"Human"}),
                                                                                 owner="you"),
                                                              text="target non-Human creature you own"))
        if mana is not None:
            return Keyword(name, cost=mana)
        full = parse_cost(rest)
        if full is not None:
            return Keyword(name, cost=full.mana, full_cost=full)
        return None
    m = re.match(r"^(\w+(?: \w+)?) (\d+|x)$", low)
    if m and m.group(1) in NUMBERED:
        return Keyword(m.group(1), m.group(2))
    if low == "hideaway":
        return Keyword("hideaway")       # printed before "Hideaway N" (702.75b): read by keyword_meanings
    if low == "vanishing":
        return Keyword("vanishing")      # 702.63b: without a number, no counters as it enters
    m = re.fullmatch(r"devour (artifact|land|enchantment) (\d+)", low)
    if m:
        return Keyword("devour", f"{m.group(1)} {m.group(2)}")     # 702.82c: devour [quality] N
    return None


def keywords_from_line(line: str) -> list[Keyword] | None:
    """All keywords of a keyword line ("Flying, first strike, protection from black and from
    white"), or None if any part isn't a keyword."""
    low = line.strip().rstrip(".").replace("\u2212", "-")
    kickers = re.fullmatch(r"kicker (\{[^ ()]+\}) and/or (\{[^ ()]+\})(?:\s*\([^()]*\))?", low, re.IGNORECASE)
    if kickers:
        # 702.33c: "Kicker [cost 1] and/or [cost 2]" is two kicker abilities, each paid or not
        costs = [parse_mana_cost(c.lower()) for c in kickers.groups()]
        return [Keyword("kicker", cost=c) for c in costs] if None not in costs else None
    whole = keyword_from_text(low)
    if whole is not None:
        return [whole]
    parts = re.split(r"[,;] ?", low)
    out: list[Keyword] = []
    for p in parts:
        p = p.strip()
        if not p:
            return None
        pm = re.match(r"^protection from (.+)$", p.lower())
        if pm and " and from " in pm.group(1):
            out.extend(Keyword("protection", q.strip()) for q in pm.group(1).split(" and from "))
            continue
        kw = keyword_from_text(p)
        if kw is None:
            return None
        out.append(kw)
    return out


def _card_filter(text: str) -> Filter | None:
    d = parse_desc(text)
    return d.filter if d is not None and d.nouns == {"card"} else None


def deck_condition(text: str) -> DeckCondition | None:
    """702.139a: a companion's condition on the starting deck: "your starting deck contains only cards with
    even mana values [and land cards]", "... only cards with mana value 3 or greater and land cards", "each
    creature card in your starting deck is a Cat or Beast card", "each permanent card in your starting deck has
    mana value 2 or less", "each nonland card in your starting deck has a different name / shares a card type"."""
    nonland = Filter(not_types=frozenset({"Land"}))
    m = re.fullmatch(r"your starting deck contains only cards with (.+?)( and land cards)?", text)
    if m:
        cards = nonland if m.group(2) else None
        parity = re.fullmatch(r"(even|odd) mana values", m.group(1))
        if parity:
            return DeckCondition(cards, parity=parity.group(1))
        each = _card_filter(f"card with {m.group(1)}")
        return DeckCondition(cards, each) if each is not None else None
    m = re.fullmatch(r"each (.+?) in your starting deck (has a different name|shares a card type|is an? (.+)|has (.+))",
                     text)
    if m is None:
        return None
    cards = _card_filter(m.group(1))
    if cards is None:
        return None
    rule = {"has a different name": "different_names", "shares a card type": "shared_type"}.get(m.group(2))
    if rule is not None:
        return DeckCondition(cards, rule=rule)
    parity = re.fullmatch(r"an (even|odd) mana value", m.group(4) or "")
    if parity:
        return DeckCondition(cards, parity=parity.group(1))
    each = _card_filter(m.group(3)) if m.group(3) else _card_filter(f"card with {m.group(4)}")
    return DeckCondition(cards, each) if each is not None else None


@lru_cache(maxsize=None)
def enchant_target_spec(param: str) -> TargetSpec | None:
    """303.4a: what an Aura spell targets, from its enchant ability ("creature", "land",
    "creature you control", "player"). Cached: listing actions asks it of every Aura in hand."""
    if param in ("player", "opponent"):
        return TargetSpec(param, text=f"enchant {param}")
    d = parse_desc(param)
    return target_spec(d, f"enchant {param}") if d is not None else None
