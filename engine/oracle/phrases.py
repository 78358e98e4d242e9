"""Phrase parsers: descriptions of objects (filters), targets (115), references ("it", "its
controller"), amounts, durations and mana. Each takes the context and lower-case text and returns a
value, or None when the text is not such a phrase."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from engine.core.abilities import Amount, Filter, Ref, SELF, TargetSpec, TRIGGER_PLAYER, YOU, instances_in, uses_x
from engine.core.effect_types import (CHOSEN_COLOR, IDENTITY_COLOR, OPPONENT_LANDS_COLOR, YOUR_BASICS_COLOR, YOUR_LANDS_COLOR,
                                      YOUR_LANDS_TYPE)
from engine.oracle.grammar import Context
from engine.core.subtypes import ALL_SUBTYPES, ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES, LAND_TYPES

LAND_TYPES_LOWER = frozenset(t.lower() for t in LAND_TYPES)
from engine.oracle.text import number

COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
              "planeswalker": "Planeswalker", "instant": "Instant", "sorcery": "Sorcery", "battle": "Battle",
              "kindred": "Kindred"}
SUPERTYPES = {"basic": "Basic", "legendary": "Legendary", "snow": "Snow", "world": "World"}
_SUBTYPE_BY_LOWER = {s.lower(): s for s in ALL_SUBTYPES}
_IRREGULAR_PLURALS = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "werewolves": "werewolf",
                      "thieves": "thief", "mice": "mouse", "oxen": "ox", "fungi": "fungus", "sphinxes": "sphinx",
                      "allies": "ally", "faeries": "faerie", "zombies": "zombie"}
# Nouns that name what a phrase is about (besides card types and subtypes).
_NOUNS = {"permanent", "spell", "card", "player", "opponent", "token", "source", "ability"}


def singular(word: str) -> tuple[str, bool]:
    """The singular of a noun and whether the word was plural."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word], True
    if word in _SUBTYPE_BY_LOWER or word in CARD_TYPES or word in _NOUNS:
        return word, False
    if word.endswith("ies") and word[:-3] + "y" in (_NOUNS | set(CARD_TYPES)):
        return word[:-3] + "y", True
    if word.endswith("es") and (word[:-2] in CARD_TYPES or word[:-2] in _SUBTYPE_BY_LOWER):
        return word[:-2], True
    if word.endswith("s") and (word[:-1] in CARD_TYPES or word[:-1] in _SUBTYPE_BY_LOWER or word[:-1] in _NOUNS):
        return word[:-1], True
    return word, False


def subtype_of(word: str) -> str | None:
    return _SUBTYPE_BY_LOWER.get(word)


# ---------------------------------------------------------------- object descriptions

@dataclass(frozen=True)
class Desc:
    """A described set of objects: "nonblack creature you control", "basic land card". Frozen, so that
    parse_desc may hand the same reading to every phrase that says the same words."""
    nouns: frozenset[str] = frozenset()                # creature, permanent, player, spell, card, ...
    filter: Filter = field(default_factory=Filter)
    plural: bool = False
    zone: str = ""                                     # for cards: graveyard, hand, library

    def with_filter(self, **kw) -> "Desc":
        return replace(self, filter=replace(self.filter, **kw))


_NOTHING_SAID = Desc()


_SUFFIXES: list[tuple[re.Pattern, object]] = []
_SUFFIX_PATTERNS: list[str] = []
_ANY_SUFFIX = re.compile(r"(?!)")       # whether any of them ends a text: one search instead of each in turn


def _suffix(pattern: str):
    def deco(fn):
        global _ANY_SUFFIX
        _SUFFIXES.append((re.compile(r"(?:^|\s)" + pattern + "$"), fn))
        _SUFFIX_PATTERNS.append(pattern)
        _ANY_SUFFIX = re.compile(r"(?:^|\s)(?:" + "|".join(f"(?:{p})" for p in _SUFFIX_PATTERNS) + ")$")
        return fn
    return deco


@_suffix(r"you control")
def _s_you(d, m): return d.with_filter(controller="you")


@_suffix(r"(?:you don't control|an opponent controls|your opponents control|you do not control|each opponent controls)")
def _s_opp(d, m): return d.with_filter(controller="opponent")


@_suffix(r"defending player controls")
def _s_defending(d, m): return d.with_filter(controller="defending")


@_suffix(r"you own")
def _s_own(d, m): return d.with_filter(owner="you")


@_suffix(r"you both own and control")
def _s_own_and_control(d, m): return d.with_filter(owner="you", controller="you")


@_suffix(r"you own or control")
def _s_own_or_control(d, m):
    # either is enough; a phrase with alternatives of its own already isn't read with it
    return None if d.filter.any_of else d.with_filter(any_of=(Filter(owner="you"), Filter(controller="you")))


@_suffix(r"(?:with|that has) (flying|reach|defender|trample|first strike|double strike|deathtouch|lifelink|haste|vigilance"
         r"|menace|hexproof|shadow|horsemanship|indestructible|infect|fear|intimidate|skulk|shroud|flash|decayed|fading)")
def _s_with(d, m): return d.with_filter(keyword=m.group(1))


_ONE_OF = (r"(?:flying|reach|defender|trample|first strike|double strike|deathtouch|lifelink|haste|vigilance|menace"
           r"|hexproof|indestructible|flashback|disturb)")


@_suffix(rf"with ({_ONE_OF}(?:, {_ONE_OF})*,? or {_ONE_OF})")
def _s_with_one_of(d, m):
    """ "card with flashback or disturb", "creature card with deathtouch, hexproof, reach, or trample": any of them."""
    if d.filter.any_of:
        return None
    kinds = re.split(r",? or |, ", m.group(1))
    return d.with_filter(any_of=tuple(Filter(keyword=k) for k in kinds))


# A keyword ability and its variants (702.33c multikicker is kicker; 702.29e-f typecycling and landcycling are cycling)
_ABILITY_VARIANTS = {"flashback": ("flashback",), "disturb": ("disturb",), "kicker": ("kicker", "multikicker"),
                     "cycling": ("cycling", "plainscycling", "islandcycling", "swampcycling", "mountaincycling",
                                 "forestcycling", "landcycling", "basic landcycling", "typecycling")}


@_suffix(r"with (?:(flashback|disturb)|a (kicker|cycling) ability|(cycling) abilities)")
def _s_with_ability(d, m):
    """ "card with flashback", "card with disturb", "card with a kicker ability", "cards with cycling abilities": a card
    having it."""
    kinds = _ABILITY_VARIANTS[m.group(1) or m.group(2) or m.group(3)]
    if d.filter.any_of:
        return None
    return d.with_filter(keyword=kinds[0]) if len(kinds) == 1 else \
        d.with_filter(any_of=tuple(Filter(keyword=k) for k in kinds))


@_suffix(r"(?:with|that has) (?:an? )?(?:([+-]\d+/[+-]\d+|[a-z]+) )?counters? on (?:it|them)")
def _s_counter(d, m): return d.with_filter(counter=m.group(1) or "any")


@_suffix(r"without (?:an? )?(?:([+-]\d+/[+-]\d+|[a-z]+) )?counters? on (?:it|them)")
def _s_without_counter(d, m): return d.with_filter(without_counter=m.group(1) or "any")


@_suffix(r"(?:with|that has) (\w+) or more (?:([+-]\d+/[+-]\d+|[a-z]+) )?counters on (?:it|them)")
def _s_counters_at_least(d, m):
    n = number(m.group(1))      # "with two or more +1/+1 counters on them" (122.1)
    return d.with_filter(counter=m.group(2) or "any", min_counters=n) if n else None


@_suffix(r"without (flying|reach|defender|trample|first strike|double strike|deathtouch|lifelink|haste|vigilance|menace|hexproof|flanking"
         r"|shadow|horsemanship)")
def _s_without(d, m): return d.with_filter(without_keyword=m.group(1))


@_suffix(r"with mana value (\d+) or less")
def _s_mv_le(d, m): return d.with_filter(max_mana_value=int(m.group(1)))


@_suffix(r"with mana value x or less")
def _s_mv_le_x(d, m): return d.with_filter(max_mana_value_x=True)     # X of the spell or ability (107.3a)


@_suffix(r"with mana value x")
def _s_mv_x(d, m): return d.with_filter(min_mana_value_x=True, max_mana_value_x=True)   # X of the spell or ability


@_suffix(r"with mana value (\d+) or greater")
def _s_mv_ge(d, m): return d.with_filter(min_mana_value=int(m.group(1)))


@_suffix(r"that's (white|blue|black|red|green) or (white|blue|black|red|green)")
def _s_either_color(d, m): return d.with_filter(colors=frozenset({COLOR_LETTER[m.group(1)], COLOR_LETTER[m.group(2)]}))


@_suffix(r"(?:with|that (?:has|have)) mana value (\d+)")
def _s_mv_eq(d, m): return d.with_filter(min_mana_value=int(m.group(1)), max_mana_value=int(m.group(1)))


@_suffix(r"with power (\d+) or less")
def _s_pow_le(d, m): return d.with_filter(max_power=int(m.group(1)))


@_suffix(r"with power (\d+) or greater")
def _s_pow_ge(d, m): return d.with_filter(min_power=int(m.group(1)))


@_suffix(r"with power (\d+), (\d+), or (\d+)")
def _s_pow_among(d, m):
    """ "a creature spell with power 4, 5, or 6": one of those powers, read when they follow one another."""
    a, b, c = (int(x) for x in m.groups())
    return d.with_filter(min_power=a, max_power=c) if (b, c) == (a + 1, a + 2) else None


@_suffix(r"with toughness (\d+) or less")
def _s_tough_le(d, m): return d.with_filter(max_toughness=int(m.group(1)))


@_suffix(r"with (power|toughness) x or less")
def _s_pt_le_x(d, m): return d.with_filter(**{f"max_{m.group(1)}_x": True})     # X of the spell or ability (107.3a)


@_suffix(r"with toughness greater than (?:its|their) power")
def _s_toughness_over_power(d, m): return d.with_filter(toughness_over_power=True)


@_suffix(r"with greater power")
def _s_greater_power(d, m): return d.with_filter(greater_power_than_source=True)     # than the source's power


@_suffix(r"with power less than ~'s power")
def _s_pow_lt_source(d, m): return d.with_filter(lesser_power_than_source=True)


@_suffix(r"with toughness (\d+) or greater")
def _s_tough_ge(d, m): return d.with_filter(min_toughness=int(m.group(1)))


@_suffix(r"with power or toughness (\d+) or (less|greater)")
def _s_pow_or_tough(d, m):
    """ "creatures with power or toughness 1 or less": either of the two qualifies it (an alternative of its own)."""
    n = int(m.group(1))
    one, two = (Filter(max_power=n), Filter(max_toughness=n)) if m.group(2) == "less" else (
        Filter(min_power=n), Filter(min_toughness=n))
    return None if d.filter.any_of else d.with_filter(any_of=(one, two))


@_suffix(r"(?:that was |that were )?dealt damage this turn")
def _s_damaged(d, m): return d.with_filter(dealt_damage_this_turn=True)


@_suffix(r"that entered (?:the battlefield )?(under your control )?this turn")
def _s_entered(d, m): return d.with_filter(entered_this_turn="you" if m.group(1) else "any")


@_suffix(r"other than ~")
def _s_other_than_source(d, m): return d.with_filter(other=True)        # "all permanents other than ~": not ~ itself


@_suffix(r"(?:that's|that is) (attacking or blocking|attacking|blocking)")
def _s_thats_in_combat(d, m):
    # 506.4: "creature that's attacking or blocking" is an attacking or a blocking creature
    return d.with_filter(**{m.group(1).replace(" or ", "_or_"): True})


@_suffix(r"(?:that's |that are |that is )?attacking you")
def _s_attacking_you(d, m): return d.with_filter(attacking=True, attacking_you=True)     # it attacks you (508.1b)
@_suffix(r"that (?:was|were) put there from (the battlefield|anywhere) this turn")
def _s_put_there(d, m):
    # a card in a graveyard put there this turn (a new object there, 400.7), from the battlefield or anywhere
    return d.with_filter(put_there_this_turn=m.group(1).removeprefix("the "))


@_suffix(r"other than (?:a )?basic land cards?")
def _s_not_basic_land(d, m):
    # a card that isn't a basic land card: not a land, or not basic (205.4c)
    return None if d.filter.any_of else d.with_filter(any_of=(Filter(not_types=frozenset({"Land"})),
                                                              Filter(not_supertypes=frozenset({"Basic"}))))


@_suffix(r"that (?:aren't|isn't) legendary")
def _s_not_legendary(d, m): return d.with_filter(not_supertypes=d.filter.not_supertypes | {"Legendary"})


@_suffix(r"not named ~")
def _s_not_named_source(d, m): return d.with_filter(not_named_source=True)


@_suffix(r"that(?:'s| are) one or more colors")
def _s_colored(d, m): return d.with_filter(colorless=False)        # 105.2: it has at least one color


@_suffix(r"with a single target")
def _s_single_target(d, m): return d.with_filter(single_target=True)


@_suffix(r"(?:that's )?blocking ~")
def _s_blocking_source(d, m): return d.with_filter(blocking_source=True)


@_suffix(r"(?:~ is blocking|(?<!or )blocked by ~)")
def _s_blocked_by_source(d, m): return d.with_filter(blocked_by_source=True)


@_suffix(r"banded with (?:~|it)")
def _s_banded_with_source(d, m): return d.with_filter(banded_with_source=True)


@_suffix(r"blocking or blocked by ~")
def _s_blocking_or_blocked_by_source(d, m):
    return d.with_filter(any_of=(Filter(blocking_source=True), Filter(blocked_by_source=True)))


@_suffix(r"that (attacked|didn't attack|blocked) this turn")
def _s_in_combat_this_turn(d, m):
    return d.with_filter(blocked_this_turn=True) if m.group(1) == "blocked" else \
        d.with_filter(attacked_this_turn=m.group(1) == "attacked")


@_suffix(r"that dealt damage to you this turn")
def _s_dealt_damage_to_you(d, m): return d.with_filter(dealt_damage_to_you=True)


@_suffix(r"(?:from|in) your (graveyard|hand|library)")
def _s_your_zone(d, m):
    return replace(d.with_filter(owner="you"), zone=m.group(1))


@_suffix(r"(?:from|in) exile")
def _s_exile(d, m): return replace(d, zone="exile")          # "target card you own from exile" (406)


@_suffix(r"(?:from|in) graveyards")
def _s_graveyards(d, m): return replace(d, zone="graveyard")     # any player's graveyard, each card's own (404.1)


@_suffix(r"(?:from|in) (a|an opponent's|defending player's|any|a single) (graveyard|hand|library)")
def _s_a_zone(d, m):
    if m.group(1) == "an opponent's":
        d = d.with_filter(owner="opponent")       # a card in an opponent's graveyard, not its controller's own
    elif m.group(1) == "defending player's":
        d = d.with_filter(owner="defending")      # 506.2: the player the source attacks
    return replace(d, zone=m.group(2))


@_suffix(r"of (?:their|his or her|your) choice")
def _s_choice(d, m): return d


@_suffix(r"that's (?!enchanted$)(?:a |an )?([\w-]+(?:(?:,| or|, or) (?:a |an )?[\w-]+)*)")
def _s_thats_a(d, m):
    """ "creature that's a Barbarian, a Warrior, or a Berserker": one of these subtypes, apart from any the noun
    phrase names itself (an alternative of its own, `any_of`)."""
    words = [w for w in re.split(r",? or |, ", m.group(1)) if w]
    kinds = [_type_word(re.sub(r"^(?:a|an) ", "", w)) for w in words]
    if None in kinds or d.filter.any_of or any(k[0] == "noun" for k in kinds):
        return None
    # "permanent that's an artifact, creature, or enchantment": one of these card types (205.2a)
    types = frozenset(v for k, v in kinds if k == "type")
    subtypes = frozenset(v for k, v in kinds if k == "subtype")
    return d.with_filter(any_of=((Filter(types=types),) if types else ()) + ((Filter(subtypes=subtypes),) if subtypes else ()))


@_suffix(r"that has an adventure")
def _s_adventure(d, m): return d.with_filter(adventure=True)        # an adventurer card (715.1)


@_suffix(r"that(?: are|'s) enchanted")
def _s_enchanted(d, m): return d.with_filter(enchanted=True)        # 303.4


@_suffix(r"that (?:isn't|aren't) enchanted")
def _s_not_enchanted(d, m): return d.with_filter(enchanted=False)   # no Aura attached to it (303.4)


@_suffix(r"on the battlefield")
def _s_bf(d, m): return d


@_suffix(r"that (?:aren't|isn't) of the chosen (color|type|creature type)")
def _s_not_chosen(d, m):
    # "Creatures that aren't of the chosen type get -3/-3": every other one (the value chosen, as _s_chosen)
    return d.with_filter(not_chosen="color" if m.group(1) == "color" else "creature_type")


@_suffix(r"of the chosen (color|type|creature type)")
def _s_chosen(d, m):
    # 614.12: the value chosen as the source entered ("as ~ enters, choose a color")
    return d.with_filter(chosen="color" if m.group(1) == "color" else "creature_type")


@_suffix(r"with (?:the chosen|that) name")
def _s_chosen_name(d, m):
    # the name chosen as the source entered or as the spell resolves (201.3), or secretly for its hidden (or double,
    # 702.106f) agenda (702.106d)
    return d.with_filter(chosen="card_name")


def _adjective(d: Desc, w: str) -> Desc | None:
    """Applies one adjective word; None if the word isn't one. A word that is no adjective of a description
    saying nothing yet (`_NOTHING_SAID`) must be none of any: parse_desc rejects a phrase holding one early."""
    f = d.filter
    if w in ("another", "other"):
        return d.with_filter(other=True)
    if w in ("tapped", "untapped"):
        return d.with_filter(tapped=(w == "tapped"))
    if w == "attacking":
        return d.with_filter(attacking=True)
    if w == "blocking":
        return d.with_filter(blocking=True)
    if w == "unblocked":
        return d.with_filter(attacking=True, unblocked=True)       # 509.1h
    if w == "blocked":
        return d.with_filter(attacking=True, blocked=True)         # 509.1h
    if w == "attacking-or-blocking":
        return d.with_filter(attacking_or_blocking=True)
    if w in ("nonattacking", "nonblocking"):
        # "target nonattacking creature": not an attacking (blocking) creature now (506.3, 506.4)
        return d.with_filter(**{w[3:]: False})
    if w == "modified":
        return d.with_filter(modified=True)             # 700.9
    if w == "enchanted":
        return d.with_filter(enchanted=True)            # "target enchanted creature": an Aura is attached to it (303.4)
    if w in ("face-down", "face-up"):
        return d.with_filter(face_down=(w == "face-down"))      # 708.2: a status, not a characteristic (110.5)
    pt = re.fullmatch(r"(\d+)/(\d+)", w)
    if pt:
        # "target 1/1 creature": that power and that toughness (208.1)
        p, t = int(pt.group(1)), int(pt.group(2))
        return d.with_filter(min_power=p, max_power=p, min_toughness=t, max_toughness=t)
    if w == "nontoken":
        return d.with_filter(token=False)
    if w in COLOR_LETTER:
        return d.with_filter(colors=f.colors | {COLOR_LETTER[w]})
    if w == "colorless":
        return d.with_filter(colorless=True)
    if w == "colored":
        return d.with_filter(colorless=False)       # 105.2: one or more colors
    if w == "multicolored":
        return d.with_filter(multicolored=True)
    if w == "historic" and not f.any_of:
        # 700.6: artifacts, legendaries and Sagas are historic
        return d.with_filter(any_of=(Filter(types=frozenset({"Artifact"})), Filter(supertypes=frozenset({"Legendary"})),
                                     Filter(subtypes=frozenset({"Saga"}))))
    if w == "monocolored":
        return d.with_filter(multicolored=False, colorless=False)
    if w in SUPERTYPES:
        return d.with_filter(supertypes=f.supertypes | {SUPERTYPES[w]})
    if w.startswith("non"):
        rest = w[3:].lstrip("-")
        if rest in COLOR_LETTER:
            return d.with_filter(not_colors=f.not_colors | {COLOR_LETTER[rest]})
        if rest in CARD_TYPES:
            return d.with_filter(not_types=f.not_types | {CARD_TYPES[rest]})
        if rest in SUPERTYPES:
            return d.with_filter(not_supertypes=f.not_supertypes | {SUPERTYPES[rest]})
        st = subtype_of(rest)
        if st is not None:
            return d.with_filter(not_subtypes=f.not_subtypes | {st})
        return None
    return None


@lru_cache(maxsize=1 << 12)
def _type_word(word: str) -> tuple[str, str] | None:
    """("type", "Creature") / ("subtype", "Elf") / ("noun", "card"), with the plural stripped (the tables are
    constant: each word is looked up once)."""
    w, _ = singular(word)
    if w in CARD_TYPES:
        return "type", CARD_TYPES[w]
    if w in _NOUNS:
        return "noun", w
    st = subtype_of(w)
    if st is not None:
        return "subtype", st
    return None


def _except_for(d: Desc | None, text: str) -> Desc | None:
    """ "all creatures except for ~" (not ~ itself), "all permanents except for artifacts and lands" (none of those card
    types): the whole exception, after everything else the phrase says."""
    if d is None:
        return None
    if text == "~":
        return d.with_filter(other=True)
    kinds = [_type_word(w) for w in re.split(r",? and |, ", text)]
    if any(k is None or k[0] != "type" or not w.endswith("s") for k, w in zip(kinds, re.split(r",? and |, ", text))):
        return None
    return d.with_filter(not_types=d.filter.not_types | {k[1] for k in kinds})
def card_name_kind(text: str) -> Filter | None:
    """ "a card name", "a nonland card name", "a noncreature, nonland card name", "an artifact card name": the names
    of the cards of that kind (201.3); the empty Filter for any card's."""
    m = re.fullmatch(r"(?:a|an) (?:(.+?) )?card name", text)
    if m is None:
        return None
    if m.group(1) is None:
        return Filter()
    d = parse_desc(m.group(1) + " card")
    if d is None or d.zone or replace(d.filter, types=frozenset(), not_types=frozenset()) != Filter():
        return None
    return d.filter


def kinds_named(text: str) -> Filter | None:
    """ "Krakens, Leviathans, Octopuses, and Serpents", "Giants, Wizards, and lands" (after "except for"): the
    objects of any of these creature types or card types."""
    kinds = [_type_word(w) for w in re.split(r",? and |, ", text)]
    if any(k is None or k[0] == "noun" for k in kinds):
        return None
    return Filter(types=frozenset(v for k, v in kinds if k == "type"),
                  subtypes=frozenset(v for k, v in kinds if k == "subtype"))


@lru_cache(maxsize=1 << 14)
def parse_desc(text: str) -> Desc | None:
    """Reads "nonblack creature", "artifact, creature, or land", "basic land card",
    "creature card in your graveyard", "Elf creatures", "Vampire or Zombie", "creatures you control".
    A function of the words alone, remembered: the template matcher offers the same phrase many times."""
    text = text.strip()
    aimed = re.fullmatch(r"(.+?) that targets? (~|you)", text)
    if aimed:
        # 115.9b: "spell that targets ~", "spells that target you": the ability's source, or its controller
        spell = parse_desc(aimed.group(1))
        if spell is None or not spell.nouns <= {"spell"} or spell.filter.targeting or spell.filter.targeting_refs:
            return None
        return spell.with_filter(targeting_refs=("self" if aimed.group(2) == "~" else "you",))
    aimed = re.fullmatch(r"(.+?) that targets (?:a |an )?(.+)", text)
    if aimed:
        # 115.9b: "spell that targets a creature you control": one of the permanents it targets matches
        spell, aim = parse_desc(aimed.group(1)), parse_desc(aimed.group(2))
        if spell is None or aim is None or aim.zone or not spell.nouns <= {"spell"} or spell.filter.targeting \
                or not aim.nouns or aim.nouns - {"creature", "permanent", "artifact", "enchantment", "land", "planeswalker"}:
            return None
        return spell.with_filter(targeting=(object_filter(aim),))
    attached = re.fullmatch(r"(.+?) (?:that's |that is )?attached to (?:a|an) (.+)", text)
    if attached:
        # "target Aura attached to a creature you control": what it is attached to is of that kind (301.5, 303.4)
        what, host = parse_desc(attached.group(1)), parse_desc(attached.group(2))
        if what is None or host is None or what.zone or host.zone or what.filter.attached_to \
                or host.nouns & {"player", "opponent", "card", "spell"} or what.nouns & {"player", "opponent", "card", "spell"}:
            return None
        return what.with_filter(attached_to=(object_filter(host),))
    excepted = re.fullmatch(r"(.+?) except for (.+)", text)
    if excepted:
        return _except_for(parse_desc(excepted.group(1)), excepted.group(2))
    d = _NOTHING_SAID
    changed = True
    while changed and _ANY_SUFFIX.search(text):
        changed = False
        for pat, fn in _SUFFIXES:
            m = pat.search(text)
            if m:
                d = fn(d, m)
                if d is None:
                    return None         # a suffix that doesn't read as what it seemed
                text = text[:m.start()].strip()
                changed = True
    if not text:
        return None
    # Every ability on the stack is activated or triggered (mana abilities never are there).
    text = text.replace("activated or triggered ability", "ability")
    # "attacking or blocking Dragon" is one adjective (508.1k, 509.1g), not two alternatives nor both at once.
    text = re.sub(r"\battacking or blocking\b", "attacking-or-blocking", text)
    # "nonartifact, nonblack creature": commas between adjectives don't separate alternatives.
    text = re.sub(r"\b(non[\w-]+), (?=non)", r"\1 ", text)
    words = re.sub(r",? (?:or|and/or|and) ", " | ", text).replace(", ", " | ").split()
    if not words or not all(w == "|" or _type_word(w) or _adjective(_NOTHING_SAID, w) for w in words):
        return None     # a word neither a type nor an adjective: no description (most of the texts tried)
    if "enchanted" in words and (words[0] != "enchanted" or "|" in words):
        # "enchanted creature" is a description only said first and alone: "... blocking enchanted creature" names
        # the creature the source enchants, "enchanted creature or enchantment creature" two kinds
        return None
    # Groups between "|" are alternatives; inside a group the last word is the head noun and the
    # words before it are type adjectives ("artifact creature", "instant card", "Elf creature").
    groups: list[list[str]] = [[]]
    for w in words:
        if w == "|":
            groups.append([])
        else:
            groups[-1].append(w)
    if any(not g for g in groups):
        return None
    alternatives = _alternatives(d, groups)
    if alternatives is _MIXED:
        return None         # "land or Elf permanent": not one filter of types and subtypes
    if alternatives is not None:
        return alternatives
    types: set[str] = set()
    subtypes: set[str] = set()
    nouns: set[str] = set()
    head_types: set[str] = set()
    plural = False
    for g in groups:
        for k, w in enumerate(g):
            tw = _type_word(w)
            if tw is None:
                nd = _adjective(d, w)
                if nd is None:
                    return None
                d = nd
                continue
            kind, val = tw
            if k == len(g) - 1:
                plural = plural or singular(w)[1]
            if kind == "noun":
                nouns.add(val)
            elif kind == "type":
                types.add(val)
            else:
                subtypes.add(val)
    # "creature card": the noun is card, Creature is a filter; "artifact or creature": both types.
    if "card" in nouns and "permanent" in nouns:
        # "permanent card": a card of a permanent type (110.4a)
        nouns.discard("permanent")
        d = d.with_filter(permanent=True)
    if nouns & {"card", "spell", "permanent", "token", "source"}:
        if "token" in nouns:
            d = d.with_filter(token=True)
            nouns.discard("token")
            if not nouns:
                nouns.add("permanent")
    else:
        for t in types:
            nouns.add(t.lower())
        head_types = types
        if not nouns and subtypes:
            nouns.add("permanent")
    f = d.filter
    if types and not head_types:
        f = replace(f, types=f.types | types)
    elif head_types and (len(head_types) > 1 or nouns - {t.lower() for t in head_types}):
        f = replace(f, types=f.types | head_types)
    if subtypes:
        f = replace(f, subtypes=f.subtypes | subtypes)
    return Desc(frozenset(nouns), f, plural, d.zone)


# _alternatives' answer for alternatives it can't read as one filter, nor parse_desc as a union of its fields
_MIXED = Desc()


def _mixed_alternatives(kinds_of: list[list[tuple[str, str]]]) -> bool:
    """ "creature card or Garruk planeswalker card", "creature or Equipment": alternatives (each one's type words)
    with a subtype whose types differ from another's. Each is its own: a union of both fields would ask for a Garruk
    creature. The last alternative's types go with earlier ones that have none ("Beast or Bird creature spell")."""
    if len(kinds_of) < 2 or not any(k == "subtype" for kinds in kinds_of for k, _ in kinds):
        return False
    last_types = frozenset(v for k, v in kinds_of[-1] if k == "type")
    return len({(frozenset(v for k, v in kinds if k == "type") or last_types, any(k == "subtype" for k, _ in kinds))
                for kinds in kinds_of}) > 1


def _alternatives(d: Desc, groups: list[list[str]]) -> Desc | None:
    """Noun phrases whose words are conjunctive (205.2, 205.3): "artifact creature" is an object
    with both types, "Human Wizard" one with both subtypes, "legendary artifact creature"; and
    alternatives that differ in their own adjectives or type pairs ("artifact creature or black
    creature": a disjunction of conjunctions). Adjectives before the first alternative apply to
    every alternative ("nontoken Elf or Berserker") unless later alternatives have their own or
    each says the head noun again ("black creature or artifact creature").
    None when the phrase is a plain list of single types, read by parse_desc itself."""
    read: list[tuple[list[tuple[str, str]], list[str]]] = []
    for g in groups:
        words = [(w, _type_word(w)) for w in g]
        kinds = [tw for _, tw in words if tw is not None]
        adjectives = [w for w, tw in words if tw is None]
        read.append((kinds, adjectives))
    conjunctive = any(sum(1 for k, _ in kinds if k == "type") > 1 or sum(1 for k, _ in kinds if k == "subtype") > 1
                      for kinds, _ in read)
    mixed = _mixed_alternatives([kinds for kinds, _ in read])
    conjunctive = conjunctive or mixed
    # "black creature or artifact creature": each alternative says its head noun again, so the first one's adjectives
    # are its own, not the others.
    same_head = len(groups) > 1 and len({singular(g[-1])[0].lower() for g in groups}) == 1 and bool(read[0][1])
    local = same_head or any(adjectives for _, adjectives in read[1:])
    if not conjunctive and not local:
        return None
    outer = d
    alts: list[Filter] = []
    nouns: set[str] = set()
    plural = False
    for i, (kinds, adjectives) in enumerate(read):
        if not kinds:
            return _MIXED if mixed else None
        a = Desc()
        for w in adjectives:
            # Without adjectives of their own in later alternatives, the first one's are shared.
            nd = _adjective(a if local else outer, w)
            if nd is None:
                return _MIXED if mixed else None
            a, outer = (nd, outer) if local else (a, nd)
        types = {v for k, v in kinds if k == "type"}
        subtypes = {v for k, v in kinds if k == "subtype"}
        head_kind, head = kinds[-1]
        plural = plural or singular(groups[i][-1])[1]
        nouns.add(head if head_kind == "noun" else head.lower() if head_kind == "type" else "permanent")
        f = a.filter
        if types:
            f = replace(f, all_types=frozenset(types)) if len(types) > 1 else replace(f, types=frozenset(types))
        if subtypes:
            f = (replace(f, all_subtypes=frozenset(subtypes)) if len(subtypes) > 1
                 else replace(f, subtypes=frozenset(subtypes)))
        alts.append(f)
    if len(nouns) > 1 and "permanent" in nouns and nouns - {"permanent"} <= {t.lower() for t in CARD_TYPES.values()}:
        nouns = {"permanent"}       # "creature or Vehicle": a permanent of either kind, each its own filter
    last_kind, last_head = read[-1][0][-1]
    if last_kind == "noun" and last_head in ("card", "spell") and all(kinds[-1][0] != "noun" for kinds, _ in read[:-1]):
        nouns = {last_head}         # "instant, sorcery, or Wizard spell": the last noun is every alternative's
    if "token" in nouns or (len(nouns) > 1 and nouns & {"card", "spell", "permanent"}):
        return _MIXED if mixed else None
    if len(alts) == 1:
        f = _merge(outer.filter, alts[0])
        if f is None:
            return _MIXED if mixed else None
    else:
        f = replace(outer.filter, any_of=tuple(alts))
    return Desc(frozenset(nouns), f, plural, d.zone)


def _merge(a: Filter, b: Filter) -> Filter | None:
    """Both filters' restrictions in one (None if they set one field differently)."""
    out = {}
    for k in Filter.__dataclass_fields__:
        va, vb, empty = getattr(a, k), getattr(b, k), getattr(Filter(), k)
        if va == empty or va == vb:
            out[k] = vb
        elif vb == empty:
            out[k] = va
        elif isinstance(va, frozenset):
            out[k] = va | vb
        else:
            return None
    return Filter(**out)


_KIND_BY_NOUNS = {
    frozenset({"creature"}): "creature", frozenset({"player"}): "player", frozenset({"opponent"}): "opponent",
    frozenset({"planeswalker"}): "planeswalker", frozenset({"creature", "planeswalker"}): "creature_or_planeswalker",
    frozenset({"player", "planeswalker"}): "player_or_planeswalker",
    frozenset({"opponent", "planeswalker"}): "opponent_or_planeswalker",
    frozenset({"creature", "player"}): "creature_or_player",
    frozenset({"spell"}): "spell", frozenset({"card"}): "card", frozenset({"permanent"}): "permanent",
    frozenset({"ability"}): "ability", frozenset({"spell", "ability"}): "spell_or_ability",
    frozenset({"spell", "permanent"}): "spell_or_permanent",
    frozenset({"artifact"}): "artifact", frozenset({"enchantment"}): "enchantment", frozenset({"land"}): "land",
    frozenset({"artifact", "enchantment"}): "artifact_or_enchantment",
}


def target_spec(d: Desc, text: str, min_: int = 1, max_: int = 1) -> TargetSpec | None:
    kind = _KIND_BY_NOUNS.get(frozenset(d.nouns))
    f = d.filter
    if kind is None:
        if d.nouns and d.nouns <= set(n.lower() for n in CARD_TYPES.values()):
            kind = "permanent"
            f = replace(f, types=f.types | {n.capitalize() for n in d.nouns})
        else:
            return None
    if f.types and {t.lower() for t in f.types} <= set(kind.split("_or_")):
        # The kind already says it; a type list in the filter would repeat it.
        f = replace(f, types=frozenset())
    zone = "battlefield"
    if kind == "card":
        zone = d.zone or "graveyard"
    elif kind == "spell":
        zone = "stack"
    return TargetSpec(kind, None if f == Filter() else f, min_, max_, zone, text)


# ---------------------------------------------------------------- references

_IT = {"it", "that creature", "that permanent", "that card", "that spell", "the creature", "them", "they",
       "those creatures", "those cards", "those permanents", "that land", "that artifact", "those lands",
       "the chosen creature", "those tokens", "the tokens", "that token", "the token", "the blocking creature",
       "each of those creatures", "each of them", "that planeswalker", "that enchantment"}
_PLURAL_IT = {"them", "they", "those creatures", "those cards", "those permanents", "those lands", "those tokens",
              "the tokens", "each of those creatures", "each of them"}

_COUNT_TARGET = re.compile(r"^(?:(up to )?(\w+) |any number of |each of (up to )?(\w+) )?"
                           r"(other |another )?target (.+)$")


def parse_target(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """ "target creature", "up to two target creatures", "another target nonland permanent",
    "any target", "any number of targets", "one or two targets"."""
    if re.search(r"\bof (?:their|his or her) choice$", text):
        return None     # another player chooses this target: the engine's targets are its controller's (115.1)
    if text == "any target":
        return (_remember(ctx, ctx.add_target(TargetSpec("any", text=text))),)
    m = re.match(r"^target (activated|triggered) ability( you control| an opponent controls| your opponents control)?$", text)
    if m:
        # An ability on the stack (113.1a); the only filter it has is its controller.
        who = m.group(2) and ("you" if m.group(2) == " you control" else "opponent")
        spec = TargetSpec(f"{m.group(1)}_ability", Filter(controller=who) if who else None, zone="stack", text=text)
        return (_remember(ctx, ctx.add_target(spec)),)
    m = re.match(r"^target (activated|triggered|activated or triggered) ability( you control)? from an? (.+?)"
                 r"( source)?$", text)
    d = parse_desc(m.group(3)) if m else None
    if d is not None and not d.zone and not d.nouns & {"player", "opponent", "card", "spell", "ability", "token"} \
            and (m.group(4) or d.nouns - {"source", "permanent"}) and d.filter.controller is None:
        # "target activated ability from an artifact source", "... from an artifact, creature, enchantment, or land",
        # "target activated or triggered ability you control from an artifact source": an ability has no
        # characteristics but its controller, so the rest of the filter describes its source (113.7a: as it is, or as
        # it last existed; engine.query.targets). Every ability on the stack is activated or triggered.
        kind = "ability" if " or " in m.group(1) else f"{m.group(1)}_ability"
        f = replace(object_filter(d), controller="you" if m.group(2) else None)
        spec = TargetSpec(kind, f, zone="stack", text=text)
        return (_remember(ctx, ctx.add_target(spec)),)
    m = re.match(r"^each of (up to )?(\w+) targets$", text)
    if m and m.group(2) == "x" and ctx.flags.get("cost_x") and "x" not in ctx.flags:
        # "~ deals five times X damage to each of up to X targets": as many as the X chosen in the cost (601.2b-c),
        # exactly X without "up to" (query.targets.with_counts)
        spec = TargetSpec("any", min=0 if m.group(1) else 1, max=99, count_x=True, text=text)
        return (_remember(ctx, ctx.add_target(spec)),)
    if m:
        # "~ deals 2 damage to each of up to three targets": that many "any target" choices (115.1, 601.2c)
        n = number(m.group(2))
        if n is None:
            return None
        spec = TargetSpec("any", min=0 if m.group(1) else n, max=n, text=text)
        return (_remember(ctx, ctx.add_target(spec)),)
    m = re.match(r"^(?:(\w+)(?:, \w+)*,? or (\w+)|any number of) targets$", text)
    if m:
        lo, hi = (number(m.group(1)), number(m.group(2))) if m.group(1) else (1, 99)
        if lo is None or hi is None:
            return None
        return (_remember(ctx, ctx.add_target(TargetSpec("any", min=lo, max=hi, text=text))),)
    m = re.fullmatch(r"(two target .+?) that share an? (card|permanent|creature) type( from your graveyard)?", text)
    if m:
        # "two target permanents that share a card type", "two target creature cards that share a creature type from
        # your graveyard": a requirement of the targets chosen together (601.2c)
        found = parse_target(ctx, m.group(1) + (m.group(3) or ""))
        if found is None or len(found) != 1 or found[0].kind != "target":
            return None
        spec = ctx.targets[found[0].index]
        ctx.targets[found[0].index] = replace(spec, shared_type=m.group(2), text=text)
        return found
    # "one, two, or three target attacking creatures": from the first number to the last (601.2c)
    m = re.match(r"^(\w+)(?:, \w+)*,? or (\w+) target (.+)$", text)
    if m and m.group(2) != "more":
        lo, hi, d = number(m.group(1)), number(m.group(2)), parse_desc(m.group(3))
        spec = None if lo is None or hi is None or d is None else target_spec(d, text, lo, hi)
        return None if spec is None else (_remember(ctx, ctx.add_target(spec)),)
    other = self_other = False
    for word in ("another ", "other "):
        if text.startswith(word + "target "):
            text, other = text[len(word):], True
    if text.endswith(" other than ~") and "target " in text:
        # "target creature other than ~" is "another target creature": not the source (201.5)
        text, other = text[:-len(" other than ~")], True
        self_other = True
    # "any number of target creature cards with total mana value 8 or less from your graveyard" (601.2c)
    total = re.search(r" with total mana value (\d+) or less\b", text)
    if total:
        text = text[:total.start()] + text[total.end():]
    # "one or more target creatures": at least one, as many as its controller likes (601.2c)
    one_or_more = text.startswith("one or more target ")
    m = _COUNT_TARGET.match(text.removeprefix("one or more ") if one_or_more else text)
    if not m:
        return None
    up_to = bool(m.group(1) or m.group(3))
    count_word = m.group(2) or m.group(4)
    count_x = count_word == "x"
    if text.startswith("any number of") or one_or_more:
        lo, hi = int(one_or_more), 99
    elif count_x and isinstance(ctx.flags.get("x"), Amount) and not any(
            r.kind == "target" for r in instances_in(ctx.flags["x"], Ref)):
        # "up to X target creatures, where X is the number of ...": X read as the targets are chosen (601.2c);
        # "X target creatures" exactly X (min and max alike until then: query.targets.with_counts)
        lo, hi = (0 if up_to else 99), 99
    elif count_x:
        if not ctx.flags.get("cost_x") or "x" in ctx.flags:
            return None     # only the X of the spell's or ability's cost is chosen before its targets (601.2b)
        lo, hi = (0 if up_to else 1), 99
    elif count_word:
        n = number(count_word)
        if n is None:
            return None
        lo, hi = (0 if up_to else n), n
    else:
        lo, hi = 1, 1
    d = parse_desc(m.group(6))
    if d is None:
        return None
    # "another target creature" after an earlier target phrase of the ability is other than that target (115.3:
    # Toils of Night and Day, Carom); with none before it, other than the source (201.5).
    earlier = () if self_other else tuple(i for i, t in enumerate(ctx.targets) if t.kind not in ("player", "opponent"))
    if (m.group(5) or other) and not earlier:
        d = d.with_filter(other=True)
    spec = target_spec(d, text, lo, hi)
    if spec is None:
        return None
    if (m.group(5) or other) and earlier:
        spec = replace(spec, other_than=earlier)
    if text.endswith(" from a single graveyard"):
        spec = replace(spec, same_player=True)      # the cards chosen are all one player's (601.2c)
    if total:
        if hi < 2:
            return None
        spec = replace(spec, max_total_mana_value=int(total.group(1)))
    if count_x:
        spec = replace(spec, count=ctx.flags["x"]) if "x" in ctx.flags else replace(spec, count_x=True)
    elif isinstance(ctx.flags.get("x"), Amount) and uses_x(spec.filter) and not any(
            r.kind == "target" for r in instances_in(ctx.flags["x"], Ref)):
        # "target creature with toughness X or less, where X is the number of Shrines you control": that X, not the
        # cost's (107.3a), read as the targets are chosen and again as it resolves (601.2c, 608.2b)
        spec = replace(spec, bound=ctx.flags["x"])
    ref = ctx.add_target(spec)
    if spec.kind in ("player", "opponent"):
        ctx.last_player = ref
    return (_remember(ctx, ref),)


def _remember(ctx: Context, ref: Ref) -> Ref:
    if not (ctx.targets and ref.kind == "target" and ctx.targets[ref.index].kind in ("player", "opponent")):
        ctx.last = (ref,)
    return ref


def _target_trigger_player_controls(ctx: Context, target: str, text: str) -> tuple[Ref, ...] | None:
    """ "Whenever ~ deals combat damage to a player, destroy target artifact that player controls": a target the
    player the trigger names controls, found from the trigger event as the ability is put on the stack (603.3d);
    not when "that player" is a player the ability targets."""
    who = ctx.trigger_player
    if ctx.last_player is not None and ctx.last_player.kind == "target" and ctx.last_player != who \
            and ctx.targets[ctx.last_player.index].kind in ("player", "opponent"):
        # "Target player skips their next untap step. Tap up to five target permanents that player controls": the
        # targets are controlled by the player chosen for that earlier phrase (601.2c), also as it resolves (608.2b)
        mark = ctx.mark()
        found = parse_target(ctx, target)
        if found is not None and len(found) == 1 and found[0].kind == "target" and \
                ctx.targets[found[0].index].kind not in ("player", "opponent", "any", "spell"):
            ctx.targets[found[0].index] = replace(ctx.targets[found[0].index], controller_target=ctx.last_player.index,
                                                  text=text)
            return found
        ctx.reset(mark)
        return None
    if who is None or ctx.last_player not in (None, who):
        return None
    mark = ctx.mark()
    found = parse_target(ctx, target)
    if found is not None and len(found) == 1 and found[0].kind == "target":
        spec = ctx.targets[found[0].index]
        f = spec.filter or Filter()
        if spec.kind not in ("player", "opponent", "any", "spell") and f.controller is None:
            ctx.targets[found[0].index] = replace(spec, filter=replace(f, controller=TRIGGER_PLAYER + who.kind), text=text)
            return found
    ctx.reset(mark)
    return None


def parse_objects(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """Objects or players an effect acts on. "X and Y" gives both."""
    one = _parse_one(ctx, text)
    if one is not None:
        return one
    related = _RELATED.match(text)
    if related:
        return _and_related(ctx, *related.groups())
    m = re.match(r"^(.+?) and (.+)$", text)
    if m:
        a = _parse_one(ctx, m.group(1))
        theirs = re.match(r"^(?:each|all) (.+?) they control$", m.group(2))
        d = parse_desc(theirs.group(1)) if theirs and a in ((Ref("each_opponent"),), (Ref("each_player"),)) else None
        if d is not None and not d.zone and not d.nouns & {"player", "opponent", "card", "spell"}:
            # "each opponent and each creature and planeswalker they control": "they" are the players just named
            f = object_filter(d)
            b = (Ref("all", filter=replace(f, controller="opponent") if a[0].kind == "each_opponent" else f),)
            ctx.last = b
            return a + b
        if a is not None:
            b = parse_objects(ctx, m.group(2))
            if b is not None:
                _share_zone(ctx, a, m.group(1), b)
                if len(a) == 1 and a[0].kind == "target" and b[0] == Ref("attached_to_target", a[0].index, b[0].filter):
                    # "exile target creature and all Auras attached to it": what is attached to it first, while it is
                    # (a permanent leaving the battlefield leaves them unattached, 704.5m)
                    return b + a
                return a + b
    return None


# "target creature and each other creature that shares a color with it", "target artifact and all other artifacts with
# the same name as that artifact", "~ and each other creature with the same name as it"
_RELATED = re.compile(r"^(.+?) and (?:each|all) other (.+?) (that shares? a color with|with the same name as) "
                      r"(it|that [a-z]+)$")


def _and_related(ctx: Context, first: str, others: str, relation: str, _it: str) -> tuple[Ref, ...] | None:
    """One object, and each other permanent of a kind that shares a color with it (105.2) or has its name (201.2)."""
    mark = ctx.mark()
    one = _parse_one(ctx, first)
    d = parse_desc(others)
    if one is None or len(one) != 1 or d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
        ctx.reset(mark)
        return None
    if one[0] == SELF:
        kind, index = "related_to_self", 0
    elif one[0].kind == "target" and ctx.targets[one[0].index].max == 1:
        kind, index = "related_to_target", one[0].index
    else:
        ctx.reset(mark)
        return None
    ref = Ref(kind, index, object_filter(d), "color" if "color" in relation else "name")
    ctx.last = (one[0], ref)
    return (one[0], ref)
# "those creatures", "them": objects an earlier instruction named, at the start of a phrase or of one joined to it
_ANAPHOR = re.compile(r"(?:^|\b(?:and|or) )(?:%s)$|^(?:%s) (?:and|or) " % ("|".join(sorted(_IT)), "|".join(sorted(_IT))))


def parse_group(ctx: Context, text: str) -> tuple[Filter, ...] | None:
    """The groups a rule-changing effect names by description ("creatures without flying", "creatures your opponents
    control"): each permanent a filter matches is found as the rule is applied, those that arrive later too (611.2c).
    Not objects an earlier instruction named ("tap all creatures. They can't block", locked in), nor a player found
    from an event or a target. A spell's "other creatures" are other than what it named before (its targets), found
    as it resolves (`EvalContext.named_before`)."""
    if _ANAPHOR.search(text.strip()):
        return None
    refs = parse_objects(ctx, text)
    if not refs or any(r.kind != "all" or r.filter is None or r.filter.controller not in (None, "you", "opponent")
                       for r in refs):
        return None
    return tuple(r.filter for r in refs if r.filter is not None)


_ZONE_PHRASE = re.compile(r"(?:from|in) (?:your|a|an opponent's|any) (?:graveyard|hand|library)$")


def _share_zone(ctx: Context, first: tuple[Ref, ...], first_text: str, rest: tuple[Ref, ...]) -> None:
    """"up to one target instant card and up to one target sorcery card from your graveyard": the zone,
    and whose it is, said once after the last card phrase belong to each card phrase joined to it (both
    cards come from your graveyard; an opponent's instant card is no legal target, 115.1)."""
    last = rest[-1]
    if (len(first) != 1 or first[0].kind != "target" or last.kind != "target"
            or _ZONE_PHRASE.search(first_text.strip())):
        return
    head, tail = ctx.targets[first[0].index], ctx.targets[last.index]
    if head.kind != "card" or tail.kind != "card" or not _ZONE_PHRASE.search(tail.text):
        return
    owner = tail.filter.owner if tail.filter is not None else None
    f = head.filter if owner is None else replace(head.filter or Filter(), owner=owner)
    ctx.targets[first[0].index] = replace(head, zone=tail.zone, filter=f)


# The event's other object, when "it" is ~ (name_event_object)
_THAT_OTHER = {"that creature", "that permanent", "that planeswalker", "the blocking creature", "that vehicle"}


def name_event_object(ctx: Context) -> None:
    """"Whenever ~ deals combat damage to a player / blocks a creature, ...": "it" is ~ (the source of the
    ability, 603.2, 109.5), "that player" and "that creature" the one ~ dealt damage to or blocked."""
    ctx.last = (SELF,)
    ctx.trigger_player = Ref("event")
    ctx.flags["event_object"] = Ref("event")


def enchanted_one(text: str) -> bool:
    """ "enchanted Equipment", "enchanted Vehicle": one object of a kind said "enchanted": the one the Aura enchants
    (303.4), not each enchanted object of that kind."""
    m = re.fullmatch(r"enchanted ([\w-]+)", text)
    d = parse_desc(m.group(1)) if m else None
    return d is not None and not d.plural and not d.zone and bool(d.nouns) \
        and not d.nouns & {"player", "opponent", "card", "spell", "source", "token"}


def names_event_object(ctx: Context, text: str) -> bool:
    """Whether a clause said now ("destroy that creature at end of combat") names the event's other
    object (name_event_object) rather than ~."""
    if ctx.last != (SELF,) or ctx.flags.get("event_object") is None:
        return False
    return re.search(r"\b(?:%s)\b" % "|".join(sorted(_THAT_OTHER)), text) is not None or any(
        _that_of_subtype(m.group(0)) in _THAT_OTHER for m in re.finditer(r"\bthat [\w'-]+\b", text))


def it_is_the_source(ctx: Context) -> bool:
    """Whether "it" means the ability's source: its "~", also in a trigger where the object the event is about is
    the source (a leaves-the-battlefield trigger's "it", the object that left)."""
    return not ctx.is_spell and (ctx.last is None or ctx.last == (SELF,) or (
        ctx.last == (Ref("event"),) and ctx.flags.get("event_is_source", True)))


# "that Vehicle", "that Wall", "that Equipment": an object named again by a subtype (205.3) its antecedent was
# described with, said as "that creature", "that land", ... of its card type.
_THAT_OF_TYPE = tuple((frozenset(t.lower() for t in types), noun) for types, noun in (
    (CREATURE_TYPES, "that creature"), (LAND_TYPES, "that land"), (ARTIFACT_TYPES, "that artifact"),
    (ENCHANTMENT_TYPES, "that enchantment")))


def _that_of_subtype(text: str) -> str:
    if text.startswith("that ") and " " not in text[5:]:
        for subtypes, noun in _THAT_OF_TYPE:
            if text[5:] in subtypes:
                return noun
    return text


def _parse_one(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    text = text.strip()
    if text not in _THAT_OTHER or ctx.last != (SELF,) or ctx.flags.get("event_object") is None:
        text = _that_of_subtype(text)       # but "that Vehicle" ~ crewed stays the event's object (702.122b)
    m = re.match(r"^(.+) (blocking it|it's blocking)$", text)
    if m and it_is_the_source(ctx):
        # "target creature blocking it", "each creature it's blocking": the source's blockers or the creatures it
        # blocks (509.1)
        text = m.group(1) + (" blocking ~" if m.group(2) == "blocking it" else " ~ is blocking")
    if text in _THAT_OTHER and ctx.last == (SELF,) and ctx.flags.get("event_object") is not None:
        ctx.last = (ctx.flags["event_object"],)     # "tap that creature. It doesn't untap ..."
        return ctx.last
    anys = [i for i, t in enumerate(ctx.targets) if t.kind == "any"]
    if text == "that permanent or player" and len(anys) == 1:
        # "Choose any target, then mill three cards. ~ deals damage to that permanent or player ...": the one "any
        # target" of the ability, named again (115.4)
        ctx.last = (Ref("target", anys[0]),)
        return ctx.last
    whose = re.fullmatch(r"the creature (you control|you don't control|an opponent controls)", text)
    if whose:
        # "Put a +1/+1 counter on target creature you control, then it fights target creature you don't control. ...
        # the creature you control gains indestructible": the one target creature of the ability so described
        controller = "you" if whose.group(1) == "you control" else "opponent"
        found = [i for i, t in enumerate(ctx.targets) if t.kind == "creature" and t.filter is not None
                 and t.filter.controller == controller]
        if len(found) != 1:
            return None
        ctx.last = (Ref("target", found[0]),)
        return ctx.last
    if text in ("that spell or ability", "that spell", "that ability") and ctx.flags.get("targeting_object"):
        return (ctx.flags["targeting_object"],)     # the spell or ability that targeted (ward 702.21a)
    if text == "that ability" and ctx.flags.get("event_ability"):
        return (Ref("event"),)      # the ability whose activation triggered (602.2), on the stack
    if text == "~" and ctx.flags.get("self_moved"):
        return (Ref("event"),)          # 400.7e (compiler._add_trigger)
    if text == "~" and ctx.flags.get("self_card"):
        return (Ref("source_card"),)    # the card in the zone its trigger works from
    if text == "~":
        ctx.last = (SELF,)
        return (SELF,)
    if text in ("him", "her", "he", "she") and ctx.last == (SELF,):
        return ctx.last         # a character's own name just said: "~ becomes ... Prevent all damage ... to him"
    m = re.match(r"^((?:each|all) .+) named ~$", text)
    if m and ctx.card_name:
        # "each creature you control named ~" (201.2): the group, those with the source's name
        group = _parse_one(ctx, m.group(1))
        if group is None or len(group) != 1 or group[0].kind != "all" or group[0].filter is None or group[0].filter.name:
            return None
        return (replace(group[0], filter=replace(group[0].filter, name=ctx.card_name)),)
    m = re.match(r"^((?:each|all) .+) named ([a-z][\w' -]*)$", text)
    printed = re.search(r"\bnamed (" + re.escape(m.group(2)) + r")\b", ctx.flags.get("sentence", ""), re.IGNORECASE) \
        if m else None
    if printed and printed.group(1)[0].isupper():
        # "destroy all permanents named Wirefly" (201.2): the group, those with that name as printed in the sentence
        group = _parse_one(ctx, m.group(1))
        if group is None or len(group) != 1 or group[0].kind != "all" or group[0].filter is None or group[0].filter.name:
            return None
        return (replace(group[0], filter=replace(group[0].filter, name=printed.group(1))),)
    if text in _IT and ctx.last:
        if text in _PLURAL_IT and ctx.last == (SELF,):
            return None     # "those lands" after "search ... put them onto the battlefield" are not ~ itself
        return ctx.last
    m = re.match(r"^that (.+ card)$", text)
    if m and ctx.last and len(ctx.last) == 1 and ctx.last[0].kind == "target" and ctx.last[0].index < len(ctx.targets) \
            and f"target {m.group(1)}" in ctx.targets[ctx.last[0].index].text:
        return ctx.last     # "that nonland permanent card": the target card just named so
    m = re.match(r"^the player or planeswalker (it's|that creature is) attacking$", text)
    if m and ctx.last in ((SELF,), (Ref("event"),)) and (m.group(1) == "it's" or ctx.last == (Ref("event"),)):
        return (Ref("attack_target", key=ctx.last[0].kind),)
    if text in ("enchanted creature", "enchanted permanent", "enchanted land", "enchanted artifact") or (
            text.startswith("enchanted ") and text[10:] in LAND_TYPES_LOWER) or enchanted_one(text):
        # "enchanted Island" on an Aura with "enchant Island", "enchanted Equipment" on one with "enchant Equipment"
        ctx.last = (Ref("enchanted"),)
        return ctx.last
    if text == "equipped creature":
        ctx.last = (Ref("equipped"),)
        return ctx.last
    p = parse_player(ctx, text)
    if p is not None:
        return (p,)
    m = re.match(r"^(.*\btarget .+?) that player controls$", text)
    if m:
        return _target_trigger_player_controls(ctx, m.group(1), text)
    m = re.match(r"^(?:each|all) (.+?) attached to (it|that creature|that permanent|them|those creatures|you"
                 r"|target .+)$", text)
    if m:
        # "Destroy all Equipment attached to that creature" (301.5, 303.4): what is attached to it as it resolves;
        # "all Auras and Equipment attached to ...": each of either kind
        descs = [parse_desc(k) for k in re.split(r" and (?=[a-z]+$)", m.group(1))]
        if any(d is None or d.nouns & {"player", "opponent", "card", "spell"} for d in descs):
            return None
        kinds = [object_filter(d) for d in descs]
        host = _attachment_host(ctx, m.group(2))
        if host is None:
            return None
        f = kinds[0] if len(kinds) == 1 else Filter(any_of=tuple(kinds))
        ref = Ref("attached_to_target", host.index, f) if host.kind == "target" else \
            Ref("attached_to_ref", filter=f, key=host.kind)
        ctx.last = (ref,)
        return (ref,)
    if "target" in text:
        found = parse_target(ctx, text)
        # "all creatures target player controls": the target is the player (below)
        if found is not None or not text.endswith(" controls"):
            return found
    m = re.match(r"^(each |all )(.+?) its controller controls$", text)
    if m and ctx.last == (Ref("event"),):
        # "Whenever a land enters, tap all lands its controller controls": the event's object's controller's, found as
        # the ability resolves
        d = parse_desc(m.group(2))
        if d is None or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        ref = Ref("controlled_by_ref", filter=object_filter(d), key="event_controller")
        ctx.last = (ref,)
        return (ref,)
    m = re.match(r"^(each |all )?(.+?) (that player or that planeswalker's controller|that player|target player|"
                 r"target opponent) controls$", text) or re.match(r"^(each |all )(.+?) (they) control$", text)
    if m:
        # "all creatures target player controls", "creatures target player controls" (a plural says all of them)
        d = parse_desc(m.group(2))
        if d is None or d.nouns & {"player", "opponent", "card", "spell"} or not (m.group(1) or d.plural):
            return None
        index = _controlling_target(ctx, m.group(3))
        who = ctx.last_player or ctx.trigger_player
        if index is None and m.group(3) in ("that player", "they") and who in _NAMED_PLAYERS:
            # "Whenever ~ deals combat damage to a player, gain control of all artifacts that player controls": the
            # player the trigger's event names (or defending player), found as the ability resolves
            ref = Ref("controlled_by_ref", filter=object_filter(d), key=who.kind)
            ctx.last = (ref,)
            return (ref,)
        if index is None:
            return None
        ref = Ref("controlled_by", index, object_filter(d))
        ctx.last = (ref,)
        return (ref,)
    m = re.match(r"^(?:each|all) (.+)$", text)
    if m:
        d = parse_desc(m.group(1))
        if d is None or d.nouns & {"player", "opponent", "card", "spell"}:
            return None
        ref = Ref("all", filter=object_filter(d))
        ctx.last = (ref,)
        return (ref,)
    d = parse_desc(text)
    if d is not None and d.plural and d.nouns and not d.nouns & {"player", "opponent", "card", "spell"}:
        ref = Ref("all", filter=object_filter(d))
        ctx.last = (ref,)
        return (ref,)
    return None


def _attachment_host(ctx: Context, text: str) -> Ref | None:
    """What "all Auras attached to <it>" names: one target (said again, or said here: "target creature"), the
    trigger's event object ("that creature" of "whenever ~ blocks a creature"), you (a Curse attached to a player)."""
    if text == "you":
        return YOU
    if text.startswith("target "):
        t = parse_target(ctx, text)
        return t[0] if t and len(t) == 1 and ctx.targets[t[0].index].max == 1 else None
    if text in _THAT_OTHER and names_event_object(ctx, text):
        return ctx.flags["event_object"]
    last = ctx.last
    if last is None or len(last) != 1 or last[0].kind not in ("target", "event"):
        return None
    return last[0]


# Players an ability names without a target, each a reference of its kind alone: the player of the trigger's event,
# its object's controller, defending player
_NAMED_PLAYERS = frozenset({Ref("event"), Ref("event_player"), Ref("event_controller"), Ref("defending_player"),
                            Ref("active_player")})     # "at the beginning of each player's upkeep, ... that player"


def _controlling_target(ctx: Context, text: str) -> int | None:
    """The target whose player (or whose controller) "<text> controls" means; "they" only after a target player."""
    if text == "they":
        last = ctx.last_player
        return last.index if last is not None and last.kind == "target" and \
            ctx.targets[last.index].kind in ("player", "opponent") else None
    if text.startswith("target "):
        ref = ctx.add_target(TargetSpec("player" if text == "target player" else "opponent", text=text))
        if ctx.last_player is None and ctx.trigger_player is None:
            ctx.last_player = ref       # "Tap all permanents target opponent controls. That player skips ..."
        return ref.index
    for i in range(len(ctx.targets) - 1, -1, -1):
        if ctx.targets[i].kind in ("player", "opponent", "player_or_planeswalker", "opponent_or_planeswalker", "any"):
            return i
    return None


def object_filter(d: Desc) -> Filter:
    f = d.filter
    types = {n.capitalize() for n in d.nouns if n.capitalize() in CARD_TYPES.values()}
    if types and not f.types:
        f = replace(f, types=frozenset(types))
    return f


def most_of(text: str) -> Ref | None:
    """What players are compared by, the words after "has" / "controls" in "more life", "the most cards in hand",
    "more Wizards": life (119), cards in hand, or permanents they control; as the reference to the one player who
    has more of it than each other player (Ref "most")."""
    if text == "life":
        return Ref("most", key="life")
    if text == "cards in hand":
        return Ref("most", key="cards_in_hand")
    d = parse_desc(text)
    if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
        return None
    f = object_filter(d)
    return None if f.controller is not None else Ref("most", filter=f, key="controls")


def parse_player(ctx: Context, text: str) -> Ref | None:
    text = text.strip()
    if text == "you":
        return YOU
    m = re.fullmatch(r"the player (?:with|who has) the most (life|cards in hand)|the player who controls the most (.+)",
                     text)
    if m:
        # "the player with the most life gains control of ~"
        return most_of(m.group(1) or m.group(2))
    if text in ("each player", "all players"):
        return Ref("each_player")
    if text in ("each opponent", "your opponents", "all opponents"):
        return Ref("each_opponent")
    if text == "enchanted player":
        return Ref("enchanted")         # a Curse's player (303.4, 702.5d): what the Aura is attached to
    if text == "each other player":
        # 102.3: in a game without teams (the only one played, 806) every other player is an opponent
        return Ref("each_opponent")
    m = re.fullmatch(r"each (opponent|player) who (controls|doesn't control) (?:an? )?(.+)", text)
    d = parse_desc(m.group(3)) if m else None
    if d is not None and not d.plural and not d.zone and d.nouns and not d.nouns & {"player", "opponent", "card",
                                                                                    "spell"}:
        # checked as the instruction is carried out (608.2c): "Each player who controls a creature with power 4 or
        # greater draws a card. Then destroy all creatures."
        f = object_filter(d)
        return None if f.controller or f.other else Ref(
            "players_controlling" if m.group(2) == "controls" else "players_not_controlling", filter=f,
            key="each_" + m.group(1))
    m = re.fullmatch(r"each (opponent|player) who can't", text)
    if m and ctx.flags.get("each_gives"):
        # "Each player discards a card. Each opponent who can't loses 3 life" (the instruction before it)
        return Ref("who_couldnt", key="each_" + m.group(1))
    if text in ("an opponent", "target opponent's"):
        return Ref("opponent") if text == "an opponent" else None
    if text == "defending player":
        return Ref("defending_player")
    if text in ("that spell or ability's controller", "that spell's controller", "that ability's controller") \
            and ctx.flags.get("targeting_object"):
        # "Whenever ~ becomes the target of a spell or ability, that spell or ability's controller sacrifices a land":
        # who cast or activated it, or controls the triggered ability (115.1)
        ctx.last_player = Ref("event_player")
        return ctx.last_player
    if text in ("that source's controller", "the source's controller") and ctx.flags.get("damage_source"):
        # "Whenever a source deals damage to ~, that source's controller sacrifices that many permanents" (603.2)
        ctx.last_player = Ref("event_source_controller")
        return ctx.last_player
    if text in ("its controller", "their controller", "its controllers") or re.fullmatch(
            r"(?:that|the) (?:creature|permanent|spell|land|artifact|enchantment|planeswalker)'s controller", text):
        if ctx.last == (Ref("event"),) or names_event_object(ctx, text):
            ctx.last_player = Ref("event_controller")
            return ctx.last_player
        if ctx.last == (Ref("event_source"),):
            ctx.last_player = Ref("event_source_controller")
            return ctx.last_player
        ref = _last_target(ctx)
        if ref is None:
            return None
        ctx.last_player = Ref("controller_of", ref.index)
        return ctx.last_player
    m = re.fullmatch(r"(enchanted|equipped) (?:creature|permanent|artifact|land|enchantment|planeswalker)'s "
                     r"(controller|owner)", text)
    mine = re.fullmatch(r"its (controller|owner)", text) if ctx.last in ((Ref("enchanted"),), (Ref("equipped"),)) else None
    if m or mine:
        # "~ deals 2 damage to enchanted artifact's controller", "enchanted creature deals 1 damage to its owner":
        # whoever controls or owns what the source is attached to
        whose = (m or mine).group(m.lastindex if m else 1)
        ctx.last_player = Ref(whose + "_of_attached", key=m.group(1) if m else ctx.last[0].kind)
        return ctx.last_player
    if text == "that player or that planeswalker's controller":
        # the player a "target player or planeswalker" is, or the planeswalker's controller
        for i in range(len(ctx.targets) - 1, -1, -1):
            if ctx.targets[i].kind in ("player_or_planeswalker", "opponent_or_planeswalker"):
                ctx.last_player = Ref("controller_of", i)
                return ctx.last_player
        return None
    if text in ("its owner", "that card's owner", "their owner", "its owners"):
        ref = _last_target(ctx)
        if ref is None:
            return None
        ctx.last_player = Ref("owner_of", ref.index)
        return ctx.last_player
    # "that opponent": Oracle text says it only of a player already named as an opponent ("deals damage to an opponent")
    # "Search target player's library for ... Then the player shuffles.": the player named before, said so
    if text in ("that player", "they", "he or she", "that opponent", "the player") and \
            (ctx.last_player is not None or ctx.trigger_player is not None):
        return ctx.last_player or ctx.trigger_player
    if text == "that attacking player" and ctx.flags.get("attacking_player") is not None:
        return ctx.flags["attacking_player"]
    if text in ("target player", "target opponent"):
        ref = ctx.add_target(TargetSpec("player" if text == "target player" else "opponent", text=text))
        ctx.last_player = ref
        return ref
    return None


def _last_target(ctx: Context) -> Ref | None:
    if ctx.last and len(ctx.last) == 1 and ctx.last[0].kind == "target":
        return ctx.last[0]
    return None


def parse_player_slot(ctx: Context, text: str) -> Ref | None:
    # "Two target players each draw a card": the subject is the players, each doing it (as "each of two target players")
    each = re.fullmatch(r"(\w+ target (?:players|opponents)) each", text)
    if each and each.group(1).split()[0] not in ("a", "one"):
        text = each.group(1)
    ref = parse_player(ctx, text)
    if ref is None and "target" in text:
        r = parse_target(ctx, text)
        if r and ctx.targets[r[0].index].kind in ("player", "opponent"):
            return r[0]
    return ref


# ---------------------------------------------------------------- amounts

def parse_pt(ctx: Context, text: str) -> tuple[Amount, Amount] | None:
    """ "+3/+3", "-2/-2", "+x/+0"."""
    m = re.match(r"^([+-])(\d+|x)/([+-])(\d+|x)$", text.strip())
    if not m:
        return None

    def one(sign: str, v: str) -> Amount:
        mult = -1 if sign == "-" else 1
        if v == "x":
            return replace(ctx.flags.get("x", Amount("x")), multiplier=mult)
        per = ctx.flags.get("for_each")
        if per is not None and v != "0":
            # "+1/+0 for each ...": the number is per counted object (107.3a), read by engine.oracle.amounts.
            ctx.flags["for_each_used"] = True
            return replace(per, multiplier=mult * int(v) * per.multiplier)
        return Amount.const(mult * int(v))
    return one(m.group(1), m.group(2)), one(m.group(3), m.group(4))


def parse_duration(ctx: Context, text: str) -> str | None:
    return {"until end of turn": "end_of_turn", "this turn": "end_of_turn", "until your next turn": "your_next_turn",
            "until end of combat": "end_of_combat", "this combat": "end_of_combat",
            # 611.2a: it ends as the untap step of whoever then controls the object begins its untapping (rules.untap)
            "until its controller's next untap step": "controller_next_untap",
            "for as long as you control ~": "while_source",
            "for as long as ~ remains tapped": "while_tapped",
            "for as long as ~ remains on the battlefield": "while_on_battlefield"}.get(text.strip())


# ---------------------------------------------------------------- mana

_MANA = re.compile(r"^(?:\{[wubrgc]\})+$")


def parse_mana_produced(ctx: Context, text: str) -> tuple[str, tuple[str, ...]] | None:
    """What "Add ..." adds: ("G", ()), ("CC", ()), ("A", ()) for one mana of any color, or
    ("", ("W", "B")) for "{W} or {B}"."""
    text = text.strip()
    if _MANA.match(text):
        return "".join(re.findall(r"\{(\w)\}", text)).upper(), ()
    m = re.match(r"^((?:\{[wubrgc]\})+)(?:, ((?:\{[wubrgc]\})+))*,? or ((?:\{[wubrgc]\})+)$", text)
    if m:
        parts = re.split(r",? or |, ", text)
        opts = tuple("".join(re.findall(r"\{(\w)\}", p)).upper() for p in parts)
        if all(opts):
            return "", opts
    if text == "one mana of any color":
        return "A", ()
    if text == "one mana of the chosen color":
        return CHOSEN_COLOR, ()        # the color chosen as it entered (614.12)
    m = re.match(r"^\{([wubrgc])\} or one mana of the chosen color$", text)
    if m:
        return "", (m.group(1).upper(), CHOSEN_COLOR)       # the Thriving lands' "{G} or one mana of the chosen color"
    board = {"one mana of any color that a land an opponent controls could produce": OPPONENT_LANDS_COLOR,   # 106.7
             "one mana of any color that a land you control could produce": YOUR_LANDS_COLOR,
             "one mana of any type that a land you control could produce": YOUR_LANDS_TYPE,
             "one mana of any color that a basic land you control could produce": YOUR_BASICS_COLOR,
             "one mana of any color in your commander's color identity": IDENTITY_COLOR}.get(text)     # 903.4
    if board is not None:
        return board, ()
    m = re.match(r"^(\w+) mana of any one color$", text)
    if m and number(m.group(1)):
        return "A" * number(m.group(1)), ()
    return None


def land_type_words() -> dict[str, str]:
    return {t.lower(): t for t in LAND_TYPES}


def creature_type(word: str) -> str | None:
    w, _ = singular(word)
    st = subtype_of(w)
    return st if st in CREATURE_TYPES else None
