"""Decks and the deck file formats players exchange.

Formats (detected from the content, never from the file extension):
- "text": `4 Lightning Bolt`, `4x ...`, `SB: 2 Duress`, a `Sideboard` header; MTGO's text export
  (main deck, blank line, sideboard of at most 15 cards) is understood too.
- "arena": MTG Arena export, `4 Shock (M21) 159` under `Deck` / `Sideboard` / `Commander` headers.
- "mtgo": MTGO `.dek` XML.  - "cockatrice": Cockatrice `.cod` XML.  - "forge": Forge `.dck`.
A deck has a main deck, a sideboard (100.4) and a command zone section for Commander (903.3).
"""
from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from . import limits
from .userfiles import UserFileError, read_user_bytes, write_atomic

SECTIONS = ("main", "sideboard", "commander")
FORMATS = ("text", "arena", "mtgo", "cockatrice", "forge")
EXTENSIONS = {"text": ".txt", "arena": ".txt", "mtgo": ".dek", "cockatrice": ".cod",
              "forge": ".dck"}


class DeckFormatError(ValueError):
    """A deck file that cannot be read at all; the message is one line for the user."""


@dataclass
class DeckEntry:
    name: str
    count: int
    set_code: str | None = None
    number: str | None = None


@dataclass
class Deck:
    name: str = ""
    format: str | None = None  # the format the deck is built for (e.g. "modern"), if known
    main: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    commander: list[DeckEntry] = field(default_factory=list)

    def section(self, name: str) -> list[DeckEntry]:
        if name not in SECTIONS:
            raise ValueError(f"unknown deck section {name!r}")
        return getattr(self, name)

    def count(self, section: str = "main") -> int:
        return sum(e.count for e in self.section(section))

    def main_card_names(self) -> list[str]:
        """The main deck as one name per card (what engine.Game.new takes)."""
        return [e.name for e in self.main for _ in range(e.count)]

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"name": self.name, "format": self.format}
        for section in SECTIONS:
            out[section] = [{"name": e.name, "count": e.count,
                             **({"set": e.set_code} if e.set_code else {}),
                             **({"number": e.number} if e.number else {})}
                            for e in self.section(section)]
            out[f"{section}_count"] = self.count(section)
        return out


@dataclass
class ParsedDeck:
    deck: Deck
    format: str
    warnings: list[str] = field(default_factory=list)  # lines that could not be read


# -- detection ---------------------------------------------------------------------------------
_FORGE_HEADERS = frozenset(f"[{name}]" for name in ("metadata", "main", "sideboard", "commander",
                                                    "avatar", "planes", "schemes", "conspiracy"))
_ARENA_HEADERS = {"deck", "about", "companion"}


def detect_format(text: str) -> str:
    """"cockatrice", "mtgo", "forge", "arena" or "text", from the content (raises DeckFormatError for
    what is no deck: XML of another kind, a JSON file)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        root = _safe_xml(text).tag
        if root == "cockatrice_deck":
            return "cockatrice"
        if root == "Deck":
            return "mtgo"
        raise DeckFormatError(f"an XML file but not a deck (root element <{root}>)")
    if stripped[:1] in ("{", "["):
        try:
            json.loads(stripped)
        except (ValueError, RecursionError):
            pass  # not JSON: a Forge file starts with "[metadata]"
        else:
            raise DeckFormatError("a JSON file, not a deck list")
    for line in _lines(text):
        if line.strip().lower() in _FORGE_HEADERS:
            return "forge"
    return _read_lines(text).format


def _lines(text: str) -> list[str]:
    lines = text.splitlines()
    if len(lines) > limits.DECK_LINES:
        raise DeckFormatError(f"{len(lines)} lines; a deck file may have at most {limits.DECK_LINES} "
                              "(one per card)")
    return lines


def _safe_xml(text: str) -> ET.Element:
    """Parse XML refusing any DTD or entity declaration (no entity expansion, no external
    resources)."""
    if re.search(r"<!(?!--|\[CDATA\[)", text):
        raise DeckFormatError("XML with a DTD or entity declarations is refused")
    try:
        return ET.fromstring(text.lstrip("\ufeff"))
    except ET.ParseError as exc:
        raise DeckFormatError(f"malformed XML: {exc}") from None


# -- reading -----------------------------------------------------------------------------------
def read_deck_file(path: str | os.PathLike[str]) -> ParsedDeck:
    """Read a deck file of any supported format. Raises DeckFormatError, with a one-line reason."""
    path = Path(path)
    try:
        data = read_user_bytes(path, limits.DECK_FILE_BYTES, "deck file")
    except UserFileError as exc:
        raise DeckFormatError(str(exc)) from None
    try:
        parsed = read_deck(_decode(data))
    except DeckFormatError as exc:
        raise DeckFormatError(f"{path}: {exc}") from None
    if not parsed.deck.name:
        parsed.deck.name = path.stem
    return parsed


def _decode(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16, as Windows editors save "Unicode"
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DeckFormatError("damaged UTF-16 text") from None
    if b"\x00" in data:
        raise DeckFormatError("a binary file, not a deck")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_deck(text: str) -> ParsedDeck:
    """Read a deck from its text (a file's, or pasted). Raises DeckFormatError, with a one-line reason."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate: no card name holds one
        raise DeckFormatError(f"text that is not valid Unicode at character {exc.start + 1}") from None
    fmt = detect_format(text)
    parsed = {"cockatrice": _read_cockatrice, "mtgo": _read_mtgo, "forge": _read_forge,
              "arena": _read_lines, "text": _read_lines}[fmt](text)
    parsed.format = fmt
    if not any(parsed.deck.section(s) for s in SECTIONS):
        reason = parsed.warnings[0] if parsed.warnings else "no cards"
        raise DeckFormatError(f"no cards could be read from this {fmt} deck ({reason})")
    total = sum(parsed.deck.count(s) for s in SECTIONS)
    if total > limits.DECK_CARDS:
        raise DeckFormatError(f"{total} cards; a deck may hold at most {limits.DECK_CARDS}")
    for section in SECTIONS:
        for entry in parsed.deck.section(section):
            if len(entry.name) > limits.NAME_CHARS:
                raise DeckFormatError(f"a card name of {len(entry.name)} characters; names have at "
                                      f"most {limits.NAME_CHARS}")
    if len(parsed.deck.name or "") > limits.NAME_CHARS:
        raise DeckFormatError(f"a deck name of {len(parsed.deck.name)} characters; names have at most "
                              f"{limits.NAME_CHARS}")
    for name in [parsed.deck.name or ""] + [e.name for s in SECTIONS for e in parsed.deck.section(s)]:
        if control := _CONTROL.search(name):
            raise DeckFormatError(f"a name with the control character U+{ord(control.group()):04X}; "
                                  "no card name holds one")
    # the other words a deck file gives (a Forge format, set codes, collector numbers) are shown and
    # written back as the names are: the same bounds
    for what, word in [("format", parsed.deck.format or "")] + [
            (label, value) for s in SECTIONS for e in parsed.deck.section(s)
            for label, value in (("set code", e.set_code), ("collector number", e.number)) if value]:
        if len(word) > limits.NAME_CHARS:
            raise DeckFormatError(f"a {what} of {len(word)} characters; at most {limits.NAME_CHARS}")
        if control := _CONTROL.search(word):
            raise DeckFormatError(f"a {what} with the control character U+{ord(control.group()):04X}")
    return parsed


_CONTROL = re.compile(limits.CONTROL_CHARACTERS)


def _count(digits: str, where: str) -> int:
    """A count written in ASCII digits, within limits.DECK_LINE_COUNT (else DeckFormatError)."""
    shown = digits if len(digits) <= 12 else f"{digits[:12]}... ({len(digits)} digits)"
    significant = digits.lstrip("0") or "0"   # thousands of leading zeros are past int()'s digit limit
    if len(significant) > len(str(limits.DECK_LINE_COUNT)) or int(significant) > limits.DECK_LINE_COUNT:
        raise DeckFormatError(f"{where}: a count of {shown}; one line may hold at most "
                              f"{limits.DECK_LINE_COUNT} copies")
    return int(significant)


_HEADERS = {"deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
            "mainboard": "main", "sideboard": "sideboard", "side": "sideboard",
            "commander": "commander", "commanders": "commander", "companion": "sideboard"}
# Sections some sites export that are not part of the deck (Moxfield, Archidekt): skipped.
_NOT_DECK = {"maybeboard", "considering", "tokens", "acquireboard", "wishlist"}
_BARE_NAME = re.compile(r"[^\W\d][\w ,'\-:./!?&()]*")
# Group headings some deck sites export ("Creatures (24)", "Lands:"): not cards.
_GROUP_HEADING = re.compile(r"(creatures?|lands?|instants?|sorcer(y|ies)|artifacts?|"
                            r"enchantments?|planeswalkers?|battles?|spells?|other)\s*"
                            r"(\(\d+\))?:?", re.IGNORECASE)
# Every pattern below is matched against one whitespace-free token, so reading a line stays linear in its
# length whatever it holds.
_COUNT_TOKEN = re.compile(r"([0-9]+)[xX]?|[xX]([0-9]+)|\(([0-9]+)\)", re.ASCII)
_PAREN_SET = re.compile(r"\(([A-Za-z0-9_]{2,8})\)", re.ASCII)
_BRACKET_SET = re.compile(r"\[([A-Z0-9_]{2,8})(?:[#:|]([^\]\s]{1,12}))?\]", re.ASCII)
_NUMBER_TOKEN = re.compile(r"[^\s()\[\]]{1,12}")
_MARKER = re.compile(r"\*[A-Za-z-]{1,12}\*|\((?:F|E|foil|etched)\)", re.IGNORECASE)
_MAX_SUFFIXES = 8  # markers, tags and categories after one card name


@dataclass
class _Line:
    """One card line as the deck sites write it."""
    count: int | None              # None: a bare card name
    name: str
    set_code: str | None = None
    number: str | None = None
    section: str | None = None     # a section the line names itself (*CMDR*, an Archidekt category)
    arena: bool = False            # "(SET) number" after the name, as MTG Arena writes it
    skip: bool = False             # in an Archidekt maybeboard: not part of the deck


def _category(inner: str, line: _Line) -> None:
    """An Archidekt category list ("Commander{top}", "Ramp,Draw", "Maybeboard{noDeck}{noPrice}")."""
    names = {part.split("{", 1)[0].strip().lower() for part in inner.split(",")}
    if "{nodeck}" in inner.lower() or names & _NOT_DECK:
        line.skip = True
    elif "commander" in names:
        line.section = "commander"
    elif names & {"sideboard", "side"}:
        line.section = "sideboard"


def _parse_line(text: str, where: str) -> _Line | None:
    """A card line: `4 Name`, `4x Name`, `x4`/`(4)` before or after the name, `[SET]`/`[SET#123]` before
    it, `(SET) 123` after it, then any of `*F*`, `*CMDR*`, `(F)`, `<showcase>`, `[Category]`,
    `^Tag,#color^`. None when the line is not a card."""
    line = _Line(None, "")
    for _ in range(_MAX_SUFFIXES):
        text = text.rstrip()
        if text.endswith("^") and (i := text.rfind("^", 0, len(text) - 1)) >= 0:
            text = text[:i]            # Archidekt tag ^Have,#37d67a^
        elif text.endswith(">") and (i := text.rfind("<")) > 0:
            text = text[:i]            # MTGGoldfish printing variant <showcase>
        elif text.endswith("]") and (i := text.rfind("[")) > 0:
            inner = text[i + 1:-1]
            match = _BRACKET_SET.fullmatch(text, i)
            if match and line.set_code is None:
                line.set_code, line.number = match[1], match[2]
            else:
                _category(inner, line)
            text = text[:i]
        else:
            head, _, last = text.rpartition(" ")
            if not head or not _MARKER.fullmatch(last):
                break
            if last.upper() == "*CMDR*":
                line.section = "commander"
            text = head
    tokens = text.split()
    if tokens and (match := _COUNT_TOKEN.fullmatch(tokens[0])):
        line.count = _count(match[1] or match[2] or match[3], where)
        tokens = tokens[2:] if len(tokens) > 2 and tokens[1] in ("x", "X") else tokens[1:]
        if tokens and (match := _BRACKET_SET.fullmatch(tokens[0])):  # Deckstats: 4 [M10#146] Name
            line.set_code, line.number = match[1], match[2]
            tokens = tokens[1:]
    elif len(tokens) > 1 and (match := _COUNT_TOKEN.fullmatch(tokens[-1])) and not tokens[-1].isdigit():
        line.count = _count(match[1] or match[2] or match[3], where)   # Name x4, Name (4)
        tokens = tokens[:-1]
    if len(tokens) > 1 and (match := _PAREN_SET.fullmatch(tokens[-1])) and _has_letter(match[1]):
        line.set_code, line.arena = match[1].upper(), True
        tokens = tokens[:-1]
    elif (len(tokens) > 2 and (match := _PAREN_SET.fullmatch(tokens[-2])) and _has_letter(match[1])
          and _NUMBER_TOKEN.fullmatch(tokens[-1])):
        line.set_code, line.number, line.arena = match[1].upper(), tokens[-1], True
        tokens = tokens[:-2]
    line.name = " ".join(tokens)
    if not re.search(r"\w", line.name):
        return None
    if line.count is None and not (_BARE_NAME.fullmatch(line.name) and _plausible_name(line.name)):
        return None
    return line


def _has_letter(code: str) -> bool:
    return any(ch.isalpha() for ch in code)


def _plausible_name(name: str) -> bool:
    """A line without a count is a card only if it reads like a name, not a sentence."""
    return len(name.split()) <= 12 and not name.endswith((".", ",", ":", ";", "?"))


def _read_lines(text: str) -> ParsedDeck:
    deck = Deck()
    warnings: list[str] = []
    section = "main"
    explicit = arena = skipping = False
    blocks: list[list[DeckEntry]] = [[]]
    in_about = False
    counted = bare = unreadable = 0
    for number, raw in enumerate(_lines(text), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            if blocks[-1]:
                blocks.append([])
            continue
        comment = None
        if line.startswith("//") or line.startswith("#"):
            comment = line.lstrip("/#").strip()
        word = (comment if comment is not None else line).rstrip(":").strip().lower()
        heading = word.rpartition(" (")[0] if word.endswith(")") else word  # "Sideboard (15)"
        if heading in _HEADERS:
            section, explicit, in_about, skipping = _HEADERS[heading], True, False, False
            arena = arena or heading in _ARENA_HEADERS
            continue
        if heading in _NOT_DECK:
            skipping, explicit = True, True
            continue
        if comment is not None:
            if comment.lower().startswith("name:"):
                deck.name = comment[5:].strip()
            continue
        if _GROUP_HEADING.fullmatch(line):
            continue
        if word == "about":
            in_about = arena = True
            continue
        if in_about:
            if line.lower().startswith("name "):
                deck.name = line[5:].strip()
            continue
        target = section
        if line[:3].upper() == "SB:":
            target, explicit, line = "sideboard", True, line[3:].strip()
        parsed = _parse_line(line, f"line {number}")
        if parsed is None:
            unreadable += 1
            warnings.append(f"line {number}: cannot read {_shorten(raw.strip())!r}")
            continue
        if parsed.skip or skipping:
            continue
        if len(parsed.name) > limits.NAME_CHARS:
            warnings.append(f"line {number}: a name of {len(parsed.name)} characters; names have at most "
                            f"{limits.NAME_CHARS}")
            continue
        if parsed.count == 0:
            warnings.append(f"line {number}: a count of zero is ignored: {_shorten(raw.strip())!r}")
            continue
        if parsed.count is None:
            bare += 1
        else:
            counted += 1
        arena = arena or parsed.arena
        if parsed.section:
            target, explicit = parsed.section, True
        entry = DeckEntry(parsed.name, parsed.count or 1, parsed.set_code, parsed.number)
        deck.section(target).append(entry)
        if target == "main":
            blocks[-1].append(entry)
    if unreadable >= 3 and unreadable > counted + bare:
        raise DeckFormatError(f"not a deck list: {unreadable} lines are not cards ({warnings[0]})")
    blocks = [b for b in blocks if b]
    # MTGO's text export: the main deck, a blank line, then the sideboard (at most 15, 100.4a).
    if not explicit and len(blocks) == 2 and sum(e.count for e in blocks[1]) <= 15:
        deck.main = blocks[0]
        deck.sideboard = blocks[1]
    return ParsedDeck(deck, "arena" if arena else "text", warnings)


def _shorten(text: str, size: int = 80) -> str:
    return text if len(text) <= size else text[:size] + "..."


def _int_attr(element: ET.Element, name: str, warnings: list[str]) -> int | None:
    value = element.get(name, "").strip()
    where = f"<{element.tag} {_shorten(element.get('name') or element.get('Name') or '')!r}>"
    if re.fullmatch(r"[0-9]+", value, re.ASCII):
        count = _count(value, where)
        if count > 0:
            return count
    warnings.append(f"{where}: bad {name} {_shorten(value)!r} (a count in ASCII digits)")
    return None


def _read_cockatrice(text: str) -> ParsedDeck:
    root = _safe_xml(text)
    deck = Deck(name=(root.findtext("deckname") or "").strip())
    warnings: list[str] = []
    zones = {"main": "main", "side": "sideboard", "sideboard": "sideboard",
             "commander": "commander"}
    for zone in root.findall("zone"):
        section = zones.get(zone.get("name", ""))
        if section is None:
            warnings.append(f"zone {zone.get('name')!r} is not a deck section; its cards are "
                            "not read")
            continue
        for card in zone.findall("card"):
            count = _int_attr(card, "number", warnings)
            name = (card.get("name") or "").strip()
            if count and name:
                deck.section(section).append(DeckEntry(name, count, card.get("setShortName") or None,
                                                       card.get("collectorNumber") or None))
    return ParsedDeck(deck, "cockatrice", warnings)


def _read_mtgo(text: str) -> ParsedDeck:
    root = _safe_xml(text)
    deck = Deck()
    warnings: list[str] = []
    for card in root.findall("Cards"):
        count = _int_attr(card, "Quantity", warnings)
        name = (card.get("Name") or "").strip()
        if not count or not name:
            continue
        if card.get("Commander", "").lower() == "true":
            section = "commander"
        elif card.get("Sideboard", "false").lower() == "true":
            section = "sideboard"
        else:
            section = "main"
        deck.section(section).append(DeckEntry(name, count))
    return ParsedDeck(deck, "mtgo", warnings)


_FORGE_SECTIONS = {"main": "main", "sideboard": "sideboard", "commander": "commander"}


def _read_forge(text: str) -> ParsedDeck:
    deck = Deck()
    warnings: list[str] = []
    section: str | None = None
    for number, raw in enumerate(_lines(text), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        header = re.fullmatch(r"\[(\w+)\]", line)
        if header:
            section = header.group(1).lower()
            if section != "metadata" and section not in _FORGE_SECTIONS:
                warnings.append(f"line {number}: section [{header.group(1)}] is not read")
            continue
        if section == "metadata":
            key, _, value = line.partition("=")
            if key.strip().lower() == "name":
                deck.name = value.strip()
            elif key.strip().lower() == "format":
                deck.format = value.strip().lower() or None
            continue
        if section not in _FORGE_SECTIONS:
            continue
        # "4 Lightning Bolt|M10|1": count and name, then the set and the art index
        card, _, rest = line.partition("|")
        count, _, name = card.strip().partition(" ")
        name = " ".join(name.split())
        copies = _count(count, f"line {number}") if re.fullmatch(r"[0-9]+", count, re.ASCII) else 0
        if copies <= 0 or not name:
            warnings.append(f"line {number}: cannot read {_shorten(line)!r}")
            continue
        set_code = rest.partition("|")[0].strip().upper() or None
        deck.section(_FORGE_SECTIONS[section]).append(DeckEntry(name, copies, set_code))
    return ParsedDeck(deck, "forge", warnings)


# -- writing -----------------------------------------------------------------------------------
def write_deck(deck: Deck, fmt: str) -> str:
    """The deck as the text of a file in format `fmt` (one of FORMATS)."""
    writers = {"text": _write_text, "arena": _write_arena, "mtgo": _write_mtgo,
               "cockatrice": _write_cockatrice, "forge": _write_forge}
    if fmt not in writers:
        raise ValueError(f"unknown deck format {fmt!r} (use one of {', '.join(FORMATS)})")
    return writers[fmt](deck)


def save_deck_file(deck: Deck, path: str | os.PathLike[str], fmt: str) -> None:
    """Write a deck file atomically (userfiles.write_atomic: through a symbolic link, keeping the
    file's mode)."""
    write_atomic(path, write_deck(deck, fmt))


def _write_text(deck: Deck) -> str:
    lines = [f"// Name: {deck.name}"] if deck.name else []
    if deck.commander:
        lines += ["Commander"] + [f"{e.count} {e.name}" for e in deck.commander] + ["", "Main"]
    lines += [f"{e.count} {e.name}" for e in deck.main]
    if deck.sideboard:
        lines += ["", "Sideboard"] + [f"{e.count} {e.name}" for e in deck.sideboard]
    return "\n".join(lines) + "\n"


def _arena_line(e: DeckEntry) -> str:
    if e.set_code and e.number:
        return f"{e.count} {e.name} ({e.set_code}) {e.number}"
    if e.set_code:
        return f"{e.count} {e.name} ({e.set_code})"
    return f"{e.count} {e.name}"


def _write_arena(deck: Deck) -> str:
    lines = ["About", f"Name {deck.name}", ""] if deck.name else []
    if deck.commander:
        lines += ["Commander"] + [_arena_line(e) for e in deck.commander] + [""]
    lines += ["Deck"] + [_arena_line(e) for e in deck.main]
    if deck.sideboard:
        lines += ["", "Sideboard"] + [_arena_line(e) for e in deck.sideboard]
    return "\n".join(lines) + "\n"


def _xml_text(root: ET.Element) -> str:
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _write_mtgo(deck: Deck) -> str:
    root = ET.Element("Deck", {"xmlns:xsd": "http://www.w3.org/2001/XMLSchema",
                               "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"})
    ET.SubElement(root, "NetDeckID").text = "0"
    ET.SubElement(root, "PreconstructedDeckID").text = "0"
    for section in SECTIONS:
        for e in deck.section(section):
            attrs = {"CatID": "0", "Quantity": str(e.count),
                     "Sideboard": "false" if section == "main" else "true", "Name": e.name,
                     "Annotation": "0"}
            if section == "commander":
                attrs["Commander"] = "true"
            ET.SubElement(root, "Cards", attrs)
    return _xml_text(root)


def _write_cockatrice(deck: Deck) -> str:
    root = ET.Element("cockatrice_deck", {"version": "1"})
    ET.SubElement(root, "deckname").text = deck.name
    ET.SubElement(root, "comments").text = ""
    for section, zone_name in (("main", "main"), ("sideboard", "side"), ("commander", "commander")):
        entries = deck.section(section)
        if not entries and section != "main":
            continue
        zone = ET.SubElement(root, "zone", {"name": zone_name})
        for e in entries:
            attrs = {"number": str(e.count), "name": e.name}
            if e.set_code:
                attrs["setShortName"] = e.set_code
            if e.number:
                attrs["collectorNumber"] = e.number
            ET.SubElement(zone, "card", attrs)
    return _xml_text(root)


def _write_forge(deck: Deck) -> str:
    lines = ["[metadata]", f"Name={deck.name}"]
    if deck.format:
        lines.append(f"Format={deck.format}")
    for section, header in (("commander", "Commander"), ("main", "Main"),
                            ("sideboard", "Sideboard")):
        entries = deck.section(section)
        if entries or section == "main":
            lines.append(f"[{header}]")
            lines += [f"{e.count} {e.name}|{e.set_code}" if e.set_code else f"{e.count} {e.name}"
                      for e in entries]
    return "\n".join(lines) + "\n"
