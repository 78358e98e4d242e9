"""Type, color and P/T changing phrases (205.1, 613.1d-e, 613.4b, 613.1f): "loses all abilities and
becomes a blue Frog with base power and toughness 1/1", "has base power and toughness 0/1",
"is a Treefolk with base power and toughness 0/4", "becomes a 2/2 creature with all creature types".

Each phrase gives layer params (as engine.query.layers reads them), as tuples of (key, value) pairs."""
from __future__ import annotations

import re
from typing import Any

from engine.oracle.keywords import grantable, keywords_from_line
from engine.oracle.phrases import CARD_TYPES, COLOR_LETTER, singular, subtype_of
from engine.core.subtypes import CREATURE_TYPES

Params = tuple[tuple[str, object], ...]

_SPEC = re.compile(r"^an? (?:(\d+|x)/(\d+|x) )?((?:(?:white|blue|black|red|green|colorless) )*)([\w' -]*?)"
                   r"(?: with base power and toughness (\d+)/(\d+))?( with all creature types)?"
                   r"( with (?:base )?power and (?:base )?toughness each equal to its mana value)?$")
_BASE_PT = re.compile(r"^(?:has|have) base power and toughness (\d+|x)/(\d+|x)$")
_BASE_P_OR_T = re.compile(r"^(?:has|have) base (power|toughness) (\d+)$")


_PLURAL = re.compile(r"^(?!an? )((?:(?:\d+|x)/(?:\d+|x) )?(?:[\w' ]+ )?)creatures( with .+)?$")
_COLOR_LIST = re.compile(r"\b(white|blue|black|red|green),? and (white|blue|black|red|green)\b")
# "a Mountain, Forest, and Plains" (Lush Growth): several basic land types, each the land has (305.7)
_LAND_TYPE_LIST = re.compile(r"^an? ((?:plains|island|swamp|mountain|forest), (?:(?:plains|island|swamp|mountain|forest), )*"
                             r"and (?:plains|island|swamp|mountain|forest))$")
_WITH_KEYWORDS = re.compile(r"^(.+ creature) with ((?:[a-z ]+?)(?:, (?:and )?[a-z ]+?)*)$")


_IN_ADDITION = re.compile(r" in addition to (?:its|their) other (colors and types|creature types|types)$")


def retained(p: Params) -> Params:
    """205.1b: the type change with the object's prior types kept ("It's still a land", "in addition to its other
    types"): its new types and subtypes added, not set."""
    d = dict(p)
    if d["kind"] != "set_types":
        return p
    return (("kind", "add_types"),) + ((("types", d["types"]),) if "types" in d else ()) + (("subtypes", d["subtypes"]),)


def _in_addition(specs: list[Params], kept: str) -> list[Params] | None:
    """205.1b: "becomes a Vampire in addition to its other types": the new subtypes are added, not set; "a
    black Zombie in addition to its other colors and types" adds the color too (105.3, layer 5)."""
    out: list[Params] = []
    for p in specs:
        d = dict(p)
        if d["kind"] == "set_types":
            p = retained(p)
        elif d["kind"] == "set_colors" and kept == "colors and types":
            if not d["colors"]:
                return None
            p = (("kind", "add_colors"), ("colors", d["colors"]))
        if kept == "creature types" and dict(p)["kind"] == "add_types" and (
                dict(p).get("types") or not set(dict(p)["subtypes"]) <= CREATURE_TYPES):
            return None
        out.append(p)
    if kept == "colors and types" and not any(dict(p)["kind"] == "add_colors" for p in out):
        return None
    return out


def _spec(text: str, x: Any = None) -> list[Params] | None:
    # "a 4/4 green and white Insect Monk creature with first strike": colors joined by "and", and
    # the keywords the new creature has (layer 6, 613.1f)
    text = _COLOR_LIST.sub(r"\1 \2", text)
    text = _LAND_TYPE_LIST.sub(lambda m: "a " + re.sub(r",(?: and)? ", " ", m.group(1)), text)
    m = _IN_ADDITION.search(text)
    if m:
        specs = _spec(text[:m.start()], x)
        return None if specs is None else _in_addition(specs, m.group(1))
    # "that's still a land" said inside the phrase (205.1b): the type is added
    text, still = re.subn(r" that(?:'s| is) still an? (?:land|artifact|enchantment|planeswalker)$| that are still "
                          r"(?:lands|artifacts|enchantments)$", "", text)
    if still:
        specs = _spec(text, x)
        return None if specs is None else [retained(p) for p in specs]
    m = _PLURAL.match(text)
    if m:
        # "all lands become 2/2 creatures", "they become 6/6 Elemental creatures with trample"
        text = f"a {m.group(1)}creature{m.group(2) or ''}"
    m = _WITH_KEYWORDS.match(text)
    if m and not m.group(2).startswith(("base ", "all ", "power ")):
        # "a 4/3 creature with vigilance and all creature types": the types said after the keywords
        words, all_types = re.subn(r",? and all creature types$", "", m.group(2))
        kws = keywords_from_line(re.sub(r",? and ", ", ", words))
        if not kws or not all(grantable(k) for k in kws):
            return None
        inner = _spec(m.group(1) + (" with all creature types" if all_types else ""), x)
        return None if inner is None else inner + [(("kind", "grant"), ("keywords", tuple(kws)))]
    m = _SPEC.match(text)
    if not m:
        return None
    out: list[Params] = []
    colors = [COLOR_LETTER[c] for c in m.group(3).split() if c in COLOR_LETTER]
    if colors or "colorless" in m.group(3):
        out.append((("kind", "set_colors"), ("colors", tuple(colors))))
    types: list[str] = []
    subtypes: list[str] = []
    for w in m.group(4).split():
        if w in CARD_TYPES:
            types.append(CARD_TYPES[w])
            continue
        st = subtype_of(w)
        if st is None:
            return None
        subtypes.append(st)
    if m.group(7):
        subtypes = sorted(CREATURE_TYPES)
    if types:
        # 205.1a: "becomes a 4/4 Horror creature": the new card types replace the old, unless the card says it
        # keeps them ("It's still a land", `retained`); "becomes an artifact creature" keeps them (205.1b)
        kind = "add_types" if {"Artifact", "Creature"} <= set(types) else "set_types"
        out.append((("kind", kind), ("types", tuple(types)), ("subtypes", tuple(subtypes))))
    elif subtypes:
        out.append((("kind", "set_types"), ("subtypes", tuple(subtypes))))
    pt = (m.group(1), m.group(2)) if m.group(1) else (m.group(5), m.group(6))
    if pt[0] is not None:
        if "x" in pt and x is None:
            return None
        # "an X/X ... creature": X of the ability, or "where X is ..." (locked in as it resolves, 608.2h)
        power, toughness = (x if v == "x" else int(v) for v in pt)
        out.append((("kind", "set_pt"), ("power", power), ("toughness", toughness)))
    elif m.group(8):
        out.append((("kind", "set_pt_mana_value"),))     # March of the Machines (613.4b)
    return out or None


def parse_becomes(text: str, x: Any = None) -> list[Params] | None:
    """Layer params of one or more joined change phrases (without the subject). `x` is what X means
    in "becomes an X/X creature" (an Amount of the resolving ability), None where X can't be read."""
    out: list[Params] = []
    for part in re.split(r",? and (?=(?:loses|lose|becomes|become|has|have|is|are|isn't) )", text.strip()):
        part = part.strip()
        m = re.fullmatch(r"isn't an? (artifact|creature|enchantment|land)", part)
        if m and out:
            # "becomes blue and isn't an artifact" (Neurok Transmuter): it loses that card type (205.1a, 613.1d)
            out.append((("kind", "lose_types"), ("types", (m.group(1).capitalize(),))))
            continue
        if part in ("loses all abilities", "lose all abilities"):
            out.append((("kind", "lose_abilities"),))
            continue
        m = re.fullmatch(r"(gains?|loses?) all creature types", part)
        if m:
            # 205.3m: every creature type, gained or lost in layer 4 (613.1d)
            out.append((("kind", "add_types" if m.group(1).startswith("gain") else "lose_types"),
                        ("subtypes", tuple(sorted(CREATURE_TYPES)))))
            continue
        m = _BASE_PT.match(part)
        if m:
            if "x" in m.groups() and x is None:
                return None
            # "have base power and toughness X/X": X of the ability, or "where X is ..." (608.2h)
            power, toughness = (x if v == "x" else int(v) for v in m.groups())
            out.append((("kind", "set_pt"), ("power", power), ("toughness", toughness)))
            continue
        m = _BASE_P_OR_T.match(part)
        if m:
            # "has base power 0": its base power alone set (613.4b), its toughness as it was
            value = int(m.group(2))
            out.append((("kind", "set_pt"), ("power", value if m.group(1) == "power" else None),
                        ("toughness", value if m.group(1) == "toughness" else None)))
            continue
        m = re.match(r"^(?:becomes|become|is|are) ((?:white|blue|black|red|green),? and (?:white|blue|black|red|green)"
                     r"|white|blue|black|red|green|colorless|all colors)$", part)
        if m:
            # "All creatures are black", "becomes colorless", "becomes all colors" (105.3, layer 5): the new colors
            # replace the old
            words = ("white", "blue", "black", "red", "green") if m.group(1) == "all colors" else re.findall(r"\w+", m.group(1))
            colors = tuple(COLOR_LETTER[c] for c in words if c in COLOR_LETTER)
            out.append((("kind", "set_colors"), ("colors", colors)))
            continue
        m = re.match(r"^are (\w+)$", part)
        if m:
            # "Nonbasic lands are Mountains" (305.7: the land type replaces the old ones).
            st = subtype_of(singular(m.group(1))[0])
            if st is None:
                return None
            out.append((("kind", "set_types"), ("subtypes", (st,))))
            continue
        no_longer = re.fullmatch(r"(.+ artifact creature) that's no longer an? (\w+)", part)
        if no_longer:
            # "becomes a 4/4 Spirit artifact creature that's no longer an Equipment": it keeps its other types (205.1b)
            # but that subtype, which it loses with the same timestamp (613.1d)
            lost = subtype_of(no_longer.group(2))
            if lost is None or lost in CREATURE_TYPES:
                return None
            part = no_longer.group(1)
        m = re.match(r"^(?:each )?(?:becomes|become|is|are) (.+)$", part)
        specs = _spec(m.group(1), x) if m else None
        if specs is None:
            return None
        out.extend(specs)
        if no_longer:
            out.append((("kind", "lose_types"), ("subtypes", (lost,))))
    return out
