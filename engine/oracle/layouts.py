"""The card layouts of real card data, as text structure and as definitions (709-716, 702.87).

- Multi-faced cards (split 709, flip 710, double-faced 712, adventurer 715): each face is compiled on
  its own (engine.oracle.compiler); `combine_faces` makes the card's definition of them: a split card's
  combined halves (709.4), or its front face, with every face in `CardDef.faces`.
- Sagas (714): the chapter lines "I — ...", "II, III — ..." (714.2a-c), read by `chapter_lines`.
- Classes (716): "[Cost]: Level N" bars and the sections below them (716.2a), read by `class_sections`.
- Levelers (711): the "LEVEL N1-N2" / "LEVEL N3+" bands with their power/toughness (711.2), read by
  `leveler_bands`.
This module reads lines and combines definitions; the compiler reads the sentences.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.abilities import SpellAbility
from engine.core.cards import SPLIT_LAYOUTS, CardDef
from engine.core.mana import ManaCost

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
_CHAPTER = re.compile(r"^((?:[IVX]+)(?:, [IVX]+)*) — (.+)$")
_CLASS_BAR = re.compile(r"^(\{[^:]+\}): Level (\d+)$")
_LEVEL_BAND = re.compile(r"^LEVEL (\d+)(?:-(\d+)|\+)$")
_PT = re.compile(r"^(\*|\d+)/(\*|\d+)$")


def face_records(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The records of a multi-faced card's faces, each compiled like a card of its own. A flip card's
    flipped face keeps the card's mana cost and colors (710.1c)."""
    faces = record["faces"]
    layout = record.get("layout") or "normal"
    out = []
    for i, face in enumerate(faces):
        r = dict(face)
        r["name"] = face.get("faceName") or record["name"]
        r["faceName"] = r["name"]
        r["layout"] = layout
        if layout == "flip" and i > 0:
            r["manaCost"] = faces[0].get("manaCost")
            r["colors"] = faces[0].get("colors")
        out.append(r)
    return out


def combine_faces(record: dict[str, Any], faces: list[CardDef]) -> CardDef:
    """The definition of a whole multi-faced card from its faces' definitions."""
    layout = record.get("layout") or "normal"
    unsupported = tuple(dict.fromkeys(u for f in faces for u in f.unsupported))
    hand_written = any(f.hand_written for f in faces)
    if layout in ("transform", "meld") and len(faces) > 1:
        # 712.8c, 712.8e: a nonmodal double-faced card's back face has its front face's mana value.
        front_value = faces[0].mana_value
        faces = [faces[0]] + [replace(f, mana_value_override=front_value) for f in faces[1:]]
    if layout in SPLIT_LAYOUTS:
        # 709.4, 709.4b-c: every zone but the stack sees both halves combined.
        names = " // ".join(f.name for f in faces)
        fused = None
        if all(any(k.name == "fuse" for k in f.keywords) and f.spell is not None and not f.spell.modal
               for f in faces):
            # 702.102b-d: a fused split spell has both halves' instructions, left then right; each half's
            # targets are its own (the halves are two modes, both chosen).
            fused = SpellAbility(tuple(f.spell.modes[0] for f in faces), len(faces), len(faces), True,
                                 "\n".join(f.spell.text for f in faces))
        return CardDef(
            name=names, mana_cost=ManaCost(tuple(s for f in faces for s in f.mana_cost.symbols)),
            colors=frozenset().union(*(f.colors for f in faces)),
            supertypes=_union(f.supertypes for f in faces), types=_union(f.types for f in faces),
            subtypes=_union(f.subtypes for f in faces), text="\n//\n".join(f.text for f in faces),
            layout=layout, keywords=tuple(k for f in faces for k in f.keywords),
            costs=tuple(c for f in faces for c in f.costs), unsupported=unsupported, hand_written=hand_written,
            spell=fused, data=dict(record), faces=tuple(faces))
    front = faces[0]
    return replace(front, layout=layout, unsupported=unsupported, hand_written=hand_written, data=dict(record),
                   faces=tuple(faces))


def _union(groups) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for g in groups:
        out.update(dict.fromkeys(g))
    return tuple(out)


# ---------------------------------------------------------------- Sagas (714)

def chapter_lines(lines: list[str]) -> tuple[list[str], list[tuple[tuple[int, ...], str, str]]]:
    """The lines that aren't chapter abilities, and each chapter line as (chapter numbers, effect, line)."""
    rest, chapters = [], []
    for line in lines:
        m = _CHAPTER.match(line)
        numerals = m.group(1).split(", ") if m else []
        if m and all(n in _ROMAN for n in numerals):
            chapters.append((tuple(_ROMAN[n] for n in numerals), m.group(2), line))
        else:
            rest.append(line)
    return rest, chapters


# ---------------------------------------------------------------- Classes (716) and levelers (711)

@dataclass
class Section:
    """The abilities printed from a level on: a class level bar's (716.2a) or a level band's (711.2)."""
    level: int
    lines: list[str] = field(default_factory=list)
    cost: str = ""                         # a class level bar's activation cost
    bar: str = ""                          # the bar's own line
    power: str | None = None               # a level band's power/toughness box
    toughness: str | None = None


def class_sections(lines: list[str]) -> tuple[list[str], list[Section]]:
    """The lines above the first class level bar, and each bar with the lines of its section."""
    top: list[str] = []
    sections: list[Section] = []
    for line in lines:
        m = _CLASS_BAR.match(line)
        if m:
            sections.append(Section(int(m.group(2)), cost=m.group(1), bar=line))
        else:
            (sections[-1].lines if sections else top).append(line)
    return top, sections


def leveler_bands(lines: list[str]) -> tuple[list[str], list[Section]]:
    """The lines above the first level symbol, and each level band with its power/toughness and lines."""
    top: list[str] = []
    bands: list[Section] = []
    for line in lines:
        m = _LEVEL_BAND.match(line)
        pt = _PT.match(line)
        if m:
            bands.append(Section(int(m.group(1))))
        elif pt and bands and bands[-1].power is None and not bands[-1].lines:
            bands[-1].power, bands[-1].toughness = pt.group(1), pt.group(2)
        else:
            (bands[-1].lines if bands else top).append(line)
    return top, bands
