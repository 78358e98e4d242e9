"""Card characteristics as the database stores them, and conversion from MTGJSON and Scryfall.

One `CardData` is one Oracle card (all its printings share it). Type lines are split per
205.4a (supertypes), 300.1 (card types) and 205.3 (subtypes); colors are kept in WUBRG order
(105.1); mana value follows 202.3.
"""
from __future__ import annotations

import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable

from . import limits

COLOR_ORDER = "WUBRG"
COLOR_BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16}

SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")  # 205.4a
CARD_TYPES = ("Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant",
              "Kindred", "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery",
              "Vanguard")  # 300.1
TYPE_ALIASES = {"Tribal": "Kindred"}
TYPE_BITS = {name: 1 << i for i, name in enumerate(CARD_TYPES)}
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # 110.4
TYPE_SORT_ORDER = ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact",
                   "Enchantment", "Land")
RARITY_RANK = {"common": 0, "uncommon": 1, "rare": 2, "mythic": 3, "special": 4, "bonus": 5}
TWO_WORD_SUBTYPES = (("Time", "Lord"),)  # 205.3m

# Layouts that are not cards a deck can hold; importers skip them.
NON_CARD_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series", "vanguard",
                              "reversible_card"})


def is_card_layout(entry: dict[str, Any]) -> bool:
    """Whether an entry is a card a deck can hold (its layout not a token's, emblem's ...)."""
    layout = entry.get("layout")
    return not (isinstance(layout, str) and layout in NON_CARD_LAYOUTS)

FACE_FIELDS = ("faceName", "manaCost", "manaValue", "colors", "supertypes", "types", "subtypes",
               "type", "text", "power", "toughness", "loyalty", "defense", "side")


def fold_name(name: str) -> str:
    """Lookup key for a card name: case, accents, curly quotes and split-card separators ignored."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = (text.replace("Æ", "Ae").replace("æ", "ae").replace("\u2019", "'").replace("\u2018", "'")
            .replace("\u2014", "-").replace("\u2013", "-"))
    text = re.sub(r"\s*/{1,3}\s*", " // ", text)
    return re.sub(r"\s+", " ", text).strip().casefold()


def order_colors(colors: Iterable[str]) -> str:
    letters = {c.upper() for c in colors}
    return "".join(c for c in COLOR_ORDER if c in letters)


def color_bits(colors: str) -> int:
    bits = 0
    for letter in colors:
        bits |= COLOR_BITS.get(letter, 0)
    return bits


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """Split one face's type line into supertypes, card types and subtypes."""
    supers: list[str] = []
    types: list[str] = []
    subs: list[str] = []
    left, _, right = _split_dash(type_line)
    for word in left.split():
        word = TYPE_ALIASES.get(word, word)
        if word in SUPERTYPES:
            supers.append(word)
        elif word in CARD_TYPES:
            types.append(word)
    words = right.split()
    i = 0
    while i < len(words):
        if i + 1 < len(words) and (words[i], words[i + 1]) in TWO_WORD_SUBTYPES:
            subs.append(f"{words[i]} {words[i + 1]}")
            i += 2
        else:
            subs.append(words[i])
            i += 1
    return supers, types, subs


def _split_dash(type_line: str) -> tuple[str, str, str]:
    for sep in ("\u2014", " - "):
        if sep in type_line:
            left, right = type_line.split(sep, 1)
            return left.strip(), sep, right.strip()
    return type_line.strip(), "", ""


_SYMBOL = re.compile(r"\{([^}]+)\}")


def mana_value_of(mana_cost: str | None) -> float:
    """Mana value of a mana cost (202.3): generic numbers count their value, X counts zero,
    hybrid symbols count their largest component."""
    total = 0.0
    for symbol in _SYMBOL.findall(mana_cost or ""):
        parts = symbol.upper().split("/")
        best = 0.0
        for part in parts:
            if part.isdigit():
                best = max(best, float(part))
            elif part in ("X", "Y", "Z"):
                continue
            elif part.startswith("H"):
                best = max(best, 0.5)
            else:
                best = max(best, 1.0)
        total += best
    return total


def colors_of_cost(mana_cost: str | None) -> str:
    """The colors of the mana symbols in a cost (105.2 via 202.2), in WUBRG order."""
    return order_colors(ch for symbol in _SYMBOL.findall(mana_cost or "") for ch in symbol.upper()
                        if ch in COLOR_ORDER)


def numeric_stat(value: str | None) -> float | None:
    """Number for comparing power/toughness/loyalty: '*' parts count as 0, as search engines do."""
    if value is None or value == "":
        return None
    match = re.match(r"[+-]?\d+(\.\d+)?", value)
    if match:
        return float(match.group(0))
    return 0.0 if "*" in value or "X" in value.upper() else None


def _str_or_none(value: Any) -> str | None:
    if value is None:
        return None
    return str(value)


@dataclass
class Printing:
    set_code: str
    number: str
    rarity: str | None = None
    artist: str | None = None
    scryfall_id: str | None = None  # Scryfall's id of this printing: its image is found by it


@dataclass
class SetInfo:
    code: str
    name: str | None = None
    type: str | None = None
    release_date: str | None = None


@dataclass
class CardData:
    """One Oracle card; field meanings follow MTGJSON's card fields."""
    name: str
    mana_cost: str | None = None
    mana_value: float = 0.0
    colors: str = ""
    color_identity: str = ""
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    type_line: str = ""
    text: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    keywords: list[str] = field(default_factory=list)
    layout: str = "normal"
    faces: list[dict[str, Any]] | None = None
    legalities: dict[str, str] = field(default_factory=dict)
    printings: list[Printing] = field(default_factory=list)

    @property
    def face_names(self) -> list[str]:
        return [f["faceName"] for f in self.faces or [] if f.get("faceName")]

    def to_mtgjson(self) -> dict[str, Any]:
        """The card in MTGJSON field names (multi-faced cards add a "faces" list)."""
        out: dict[str, Any] = {
            "name": self.name, "manaCost": self.mana_cost, "manaValue": self.mana_value,
            "colors": list(self.colors), "colorIdentity": list(self.color_identity),
            "supertypes": list(self.supertypes), "types": list(self.types),
            "subtypes": list(self.subtypes), "type": self.type_line, "text": self.text or "",
            "keywords": list(self.keywords), "layout": self.layout,
        }
        for key, value in (("power", self.power), ("toughness", self.toughness),
                           ("loyalty", self.loyalty), ("defense", self.defense)):
            if value is not None:
                out[key] = value
        if out["manaCost"] is None:
            del out["manaCost"]
        if self.faces:
            out["faces"] = [dict(f) for f in self.faces]
        if self.legalities:
            out["legalities"] = dict(self.legalities)
        if self.printings:
            first = self.printings[0]
            out["setCode"], out["number"] = first.set_code, first.number
            if first.rarity:
                out["rarity"] = first.rarity
        return out


class CardDataError(ValueError):
    """Card data that cannot be understood (missing name, wrong shape)."""


def _require_name(entry: Any) -> str:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"]:
        raise CardDataError(f"not a card: {short_value(entry)}")
    return entry["name"]


def short_value(value: Any) -> str:
    """A bounded description of a value for a message (never the repr of a deep or huge value)."""
    if isinstance(value, dict):
        name = value.get("name")
        return f"an object named {name[:80]!r}" if isinstance(name, str) else "an object"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    return repr(value)[:80] if isinstance(value, (str, int, float, bool)) or value is None else \
        type(value).__name__


_TEXT = (str,)
_NUMBER = (int, float)
_STAT = (str, int, float)   # power, toughness, loyalty, defense: "3", "*", "1+*", or a number
_STRINGS = "list of strings"
_MAP = "object of strings"
_OBJECTS = "list of objects"
# The fields the importers read, and what each must hold (null is taken as absent).
MTGJSON_FIELDS: dict[str, Any] = {
    "name": _TEXT, "faceName": _TEXT, "manaCost": _TEXT, "manaValue": _NUMBER,
    "convertedManaCost": _NUMBER, "colors": _STRINGS, "colorIdentity": _STRINGS,
    "supertypes": _STRINGS, "types": _STRINGS, "subtypes": _STRINGS, "type": _TEXT, "text": _TEXT,
    "power": _STAT, "toughness": _STAT, "loyalty": _STAT, "defense": _STAT, "keywords": _STRINGS,
    "layout": _TEXT, "side": _TEXT, "setCode": _TEXT, "number": (str, int), "rarity": _TEXT,
    "artist": _TEXT, "legalities": _MAP, "identifiers": _MAP}
SCRYFALL_FACE_FIELDS: dict[str, Any] = {
    "name": _TEXT, "mana_cost": _TEXT, "colors": _STRINGS, "type_line": _TEXT, "oracle_text": _TEXT,
    "power": _STAT, "toughness": _STAT, "loyalty": _STAT, "defense": _STAT}
SCRYFALL_FIELDS: dict[str, Any] = {
    **SCRYFALL_FACE_FIELDS, "card_faces": _OBJECTS, "cmc": _NUMBER,
    "color_identity": _STRINGS, "keywords": _STRINGS, "layout": _TEXT, "set": _TEXT,
    "collector_number": (str, int), "rarity": _TEXT, "artist": _TEXT, "legalities": _MAP,
    "lang": _TEXT, "object": _TEXT, "id": _TEXT}


def check_fields(entry: dict[str, Any], fields: dict[str, Any]) -> None:
    """Raises CardDataError naming the card and the first field holding the wrong kind of value
    (`"types": "Creature"` for a list, `card_faces: [1]`), a number that is not finite, or text that
    is not Unicode (JSON's \\ud800 escapes can spell a lone surrogate, which no database or screen can
    hold). Runs once for every entry of a card file, so it is written for speed."""
    for key, value in entry.items():
        kind = fields.get(key)
        if kind is None or value is None:
            continue
        if kind is _STRINGS:
            ok = type(value) is list and all(type(v) is str and (v.isascii() or _unicode(v)) for v in value)
        elif kind is _MAP:
            ok = type(value) is dict and all(type(v) is str and (v.isascii() or _unicode(v)) and
                                             (k.isascii() or _unicode(k)) for k, v in value.items())
        elif kind is _OBJECTS:
            ok = type(value) is list and all(type(v) is dict for v in value)
        elif type(value) is str:
            ok = str in kind and (value.isascii() or _unicode(value))
        elif type(value) is float:
            ok = float in kind and math.isfinite(value)
        else:
            ok = type(value) in kind and (type(value) is not int or abs(value) <= limits.CARD_NUMBER)
        if not ok:
            name = entry.get("name")
            who = f"{name[:80]!r}" if isinstance(name, str) and name.isascii() else "a card"
            if _holds_bad_text(value):
                raise CardDataError(f"{who}: field {key!r} holds text that is not valid Unicode (a lone "
                                    "surrogate)")
            if type(value) is int and not isinstance(kind, str) and int in kind:
                raise CardDataError(f"{who}: field {key!r} holds a number of {len(str(abs(value)))} digits "
                                    f"(at most {limits.CARD_NUMBER:,})")
            raise CardDataError(f"{who}: field {key!r} should be {_kind_name(kind)}, not "
                                f"{short_value(value)}")


def _unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _holds_bad_text(value: Any) -> bool:
    texts = [value] if isinstance(value, str) else list(value) + list(value.values()) if isinstance(
        value, dict) else value if isinstance(value, list) else []
    return any(isinstance(t, str) and not _unicode(t) for t in texts)


def _kind_name(kind: Any) -> str:
    if kind == _MAP:
        return "an object of strings"
    if isinstance(kind, str):
        return f"a {kind}"
    names = dict.fromkeys("a string" if k is str else "a number" for k in kind)
    return " or ".join(names)


_CONTROL = re.compile(limits.CONTROL_CHARACTERS)
# A mana cost: braced symbols ({2}, {W/U}, {2/W}, {W/P}, {X}, {C}, {S}, {HW}), a number of at most 7 digits.
_COST = re.compile(r"(?:\{(?![0-9]{8})[^{}\s]{1,10}\})*")


def check_card(card: "CardData") -> "CardData":
    """Raises CardDataError for a card no real data holds: a name or text past cardsdb.limits, a mana
    value that is negative or too large."""
    if len(card.name) > limits.NAME_CHARS:
        raise CardDataError(f"a card name of {len(card.name)} characters (at most {limits.NAME_CHARS})")
    if not card.name.strip():
        raise CardDataError("a card whose name is blank")
    for name in [card.name] + [f["faceName"] for f in card.faces or [] if isinstance(f.get("faceName"), str)]:
        if len(name) > limits.NAME_CHARS:   # a face's name is shown and looked up as a card's is
            raise CardDataError(f"{card.name[:80]!r}: a face name of {len(name)} characters (at most "
                                f"{limits.NAME_CHARS})")
        if control := _CONTROL.search(name):
            raise CardDataError(f"{name[:80]!r}: a name with the control character U+{ord(control.group()):04X}")
    if len(card.type_line) > limits.TEXT_CHARS:
        raise CardDataError(f"{card.name[:80]!r}: a type line of {len(card.type_line)} characters (at most "
                            f"{limits.TEXT_CHARS})")
    for cost in [card.mana_cost] + [f.get("manaCost") for f in card.faces or []]:
        if isinstance(cost, str) and (len(cost) > limits.MANA_COST_CHARS or not _COST.fullmatch(cost)):
            raise CardDataError(f"{card.name[:80]!r}: not a mana cost: {cost[:40]!r}"
                                f"{'...' if len(cost) > 40 else ''}")
    if card.text and len(card.text) > limits.TEXT_CHARS:
        raise CardDataError(f"{card.name[:80]!r}: a text of {len(card.text)} characters (at most "
                            f"{limits.TEXT_CHARS})")
    for stats in [vars(card)] + list(card.faces or []):
        for key in ("power", "toughness", "loyalty", "defense"):
            stat = stats.get(key)
            if stat is not None and len(str(stat)) > limits.STAT_CHARS:
                raise CardDataError(f"{card.name[:80]!r}: a {key} of {len(str(stat))} characters (at most "
                                    f"{limits.STAT_CHARS})")
    if not 0 <= card.mana_value <= 1_000_000:   # Gleemax's 1,000,000 is the largest printed
        raise CardDataError(f"{card.name[:80]!r}: a mana value of {card.mana_value}")
    return card


def _norm_legalities(raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict):
        return {}
    return {str(fmt).lower(): str(status).lower().replace(" ", "_") for fmt, status in raw.items()}


def _face_from_mtgjson(entry: dict[str, Any]) -> dict[str, Any]:
    face = {k: entry[k] for k in FACE_FIELDS if entry.get(k) is not None}
    face.setdefault("faceName", entry.get("name"))
    return face


def card_from_mtgjson(entries: list[dict[str, Any]]) -> CardData:
    """Build a card from the MTGJSON entries of one printing (several for multi-faced cards:
    MTGJSON has one entry per face, sharing "name" and told apart by "side")."""
    for entry in entries:
        _require_name(entry)
        check_fields(entry, MTGJSON_FIELDS)
    return card_from_checked_mtgjson(entries)


def card_from_checked_mtgjson(entries: list[dict[str, Any]]) -> CardData:
    """card_from_mtgjson for entries already passed through check_fields (a whole set at once)."""
    name = _require_name(entries[0])
    entries = sorted(entries, key=lambda e: str(e.get("side") or ""))
    front = entries[0]
    multi = len(entries) > 1 or bool(front.get("faceName") and front.get("faceName") != name)
    type_line = " // ".join(str(e.get("type") or "") for e in entries) if multi else str(
        front.get("type") or "")
    supers, types, subs = _union_types(_mtgjson_types(e) for e in entries)
    colors = order_colors(c for e in entries for c in e.get("colors") or [])
    mana_cost = front.get("manaCost")
    mana_value = front.get("manaValue", front.get("convertedManaCost"))
    card = CardData(
        name=name,
        mana_cost=mana_cost,
        mana_value=float(mana_value) if mana_value is not None else mana_value_of(mana_cost),
        colors=colors,
        color_identity=order_colors(front.get("colorIdentity") or colors),
        supertypes=supers, types=types, subtypes=subs, type_line=type_line,
        text="\n//\n".join(str(e.get("text") or "") for e in entries) if multi else front.get("text"),
        power=_first(entries, "power"), toughness=_first(entries, "toughness"),
        loyalty=_first(entries, "loyalty"), defense=_first(entries, "defense"),
        keywords=sorted({k for e in entries for k in e.get("keywords") or []}),
        layout=str(front.get("layout") or "normal"),
        faces=[_face_from_mtgjson(e) for e in entries] if multi else None,
        legalities=_norm_legalities(front.get("legalities")),
    )
    if card.text == "":
        card.text = None
    printing = printing_from_mtgjson(front)
    if printing:
        card.printings.append(printing)
    return check_card(card)


def printing_from_mtgjson(entry: dict[str, Any]) -> Printing | None:
    """The printing an entry describes (its fields checked by check_fields)."""
    if not entry.get("setCode") or entry.get("number") is None:
        return None
    identifiers = entry.get("identifiers")
    scryfall_id = identifiers.get("scryfallId") if isinstance(identifiers, dict) else None
    return Printing(str(entry["setCode"]).upper(), str(entry["number"]), _lower(entry.get("rarity")),
                    entry.get("artist"), _str_or_none(scryfall_id))


TypeParts = tuple[list[str], list[str], list[str]]


def _union_types(faces: Iterable[TypeParts]) -> TypeParts:
    """Supertypes, types and subtypes of all faces, each once, in order of appearance."""
    merged: TypeParts = ([], [], [])
    for face in faces:
        for target, values in zip(merged, face):
            target.extend(v for v in values if v not in target)
    return merged


def _mtgjson_types(entry: dict[str, Any]) -> TypeParts:
    if entry.get("types") is None:
        return split_type_line(str(entry.get("type") or ""))
    return (list(entry.get("supertypes") or []), [TYPE_ALIASES.get(x, x) for x in entry["types"]],
            list(entry.get("subtypes") or []))


def _first(entries: list[dict[str, Any]], key: str) -> str | None:
    for e in entries:
        if e.get(key) is not None:
            return str(e[key])
    return None


def _lower(value: Any) -> str | None:
    return str(value).lower() if value is not None else None


def card_from_scryfall(obj: dict[str, Any]) -> CardData:
    """Build a card (with its one printing) from a Scryfall card object."""
    name = _require_name(obj)
    check_fields(obj, SCRYFALL_FIELDS)
    for face in obj.get("card_faces") or []:
        check_fields(face, SCRYFALL_FACE_FIELDS)
    faces_raw = obj.get("card_faces") or None
    parts = faces_raw or [obj]
    faces: list[dict[str, Any]] | None = None
    if faces_raw:
        faces = []
        for i, f in enumerate(faces_raw):
            face_cost = f.get("mana_cost") or None
            face = {
                "faceName": f.get("name"), "manaCost": face_cost,
                # split and adventure faces carry no colors of their own: their costs give them
                "colors": list(f["colors"]) if f.get("colors") is not None else list(colors_of_cost(face_cost)),
                "type": f.get("type_line"), "text": f.get("oracle_text") or None,
                "power": f.get("power"), "toughness": f.get("toughness"),
                "loyalty": f.get("loyalty"), "defense": f.get("defense"), "side": "abcde"[i % 5],
            }
            s, t, u = split_type_line(str(f.get("type_line") or ""))
            face.update(supertypes=s, types=t, subtypes=u)
            faces.append({k: v for k, v in face.items() if v is not None})
    supers, types, subs = _union_types(split_type_line(str(p.get("type_line") or "")) for p in parts)
    color_source = obj.get("colors")
    if color_source is None:
        color_source = [c for f in parts for c in f.get("colors") or []]
    front = parts[0]
    # like MTGJSON, the card's mana cost is its front face's (a split card's faces keep theirs)
    mana_cost = (front.get("mana_cost") if faces_raw else obj.get("mana_cost")) or None
    card = CardData(
        name=name, mana_cost=mana_cost,
        mana_value=float(obj["cmc"]) if obj.get("cmc") is not None else mana_value_of(mana_cost),
        colors=order_colors(color_source), color_identity=order_colors(obj.get("color_identity") or []),
        supertypes=supers, types=types, subtypes=subs,
        type_line=str(obj.get("type_line") or " // ".join(str(f.get("type_line") or "") for f in parts)),
        text=("\n//\n".join(str(f.get("oracle_text") or "") for f in parts) if faces_raw
              else obj.get("oracle_text")) or None,
        power=_str_or_none(_first_sf(parts, "power")), toughness=_str_or_none(_first_sf(parts, "toughness")),
        loyalty=_str_or_none(_first_sf(parts, "loyalty")), defense=_str_or_none(_first_sf(parts, "defense")),
        keywords=sorted(obj.get("keywords") or []), layout=str(obj.get("layout") or "normal"),
        faces=faces, legalities=_norm_legalities(obj.get("legalities")),
    )
    if obj.get("set") and obj.get("collector_number") is not None:
        card.printings.append(Printing(str(obj["set"]).upper(), str(obj["collector_number"]),
                                       _lower(obj.get("rarity")), obj.get("artist"),
                                       _str_or_none(obj.get("id"))))
    return check_card(card)


def _first_sf(parts: list[dict[str, Any]], key: str) -> Any:
    for p in parts:
        if p.get(key) is not None:
            return p[key]
    return None


def faces_json(card: CardData) -> str | None:
    return json.dumps(card.faces, ensure_ascii=False, sort_keys=True) if card.faces else None
