"""Decks and the deck file formats players exchange.

Formats (detected from the content, never from the file extension):
- "text": `4 Lightning Bolt`, `4x ...`, `SB: 2 Duress`, a `Sideboard` header; MTGO's text export
  (main deck, blank line, sideboard of at most 15 cards) is understood too.
- "arena": MTG Arena export, `4 Shock (M21) 159` under `Deck` / `Sideboard` / `Commander` headers.
- "mtgo": MTGO `.dek` XML.  - "cockatrice": Cockatrice `.cod` XML.  - "forge": Forge `.dck`.
A deck has a main deck, a sideboard (100.4) and a command zone section for Commander (903.3).
"""
from __future__ import annotations

import os
import re
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

SECTIONS = ("main", "sideboard", "commander")
FORMATS = ("text", "arena", "mtgo", "cockatrice", "forge")
EXTENSIONS = {"text": ".txt", "arena": ".txt", "mtgo": ".dek", "cockatrice": ".cod",
              "forge": ".dck"}
MAX_FILE_BYTES = 4 << 20


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
_ARENA_LINE = re.compile(r"^\s*\d+x?\s+.+\s\([A-Za-z0-9_]{2,8}\)(\s+\S+)?\s*$")
_FORGE_SECTION = re.compile(r"^\s*\[(metadata|main|sideboard|commander|avatar|planes|schemes|"
                            r"conspiracy)\]\s*$", re.IGNORECASE | re.MULTILINE)
_ARENA_HEADERS = {"deck", "about", "companion"}


def detect_format(text: str) -> str:
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        root = _safe_xml(text).tag
        if root == "cockatrice_deck":
            return "cockatrice"
        if root == "Deck":
            return "mtgo"
        raise DeckFormatError(f"an XML file but not a deck (root element <{root}>)")
    if _FORGE_SECTION.search(text):
        return "forge"
    for line in text.splitlines():
        if _ARENA_LINE.match(line) or line.strip().lower() in _ARENA_HEADERS:
            return "arena"
    return "text"


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
    """Read a deck file of any supported format. Raises DeckFormatError (or OSError)."""
    path = Path(path)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise DeckFormatError(f"{path.name}: too large for a deck file")
    data = path.read_bytes()
    parsed = read_deck(_decode(data, path.name))
    if not parsed.deck.name:
        parsed.deck.name = path.stem
    return parsed


def _decode(data: bytes, label: str) -> str:
    if b"\x00" in data:
        raise DeckFormatError(f"{label}: a binary file, not a deck")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_deck(text: str) -> ParsedDeck:
    fmt = detect_format(text)
    parsed = {"cockatrice": _read_cockatrice, "mtgo": _read_mtgo, "forge": _read_forge,
              "arena": _read_lines, "text": _read_lines}[fmt](text)
    parsed.format = fmt
    if not any(parsed.deck.section(s) for s in SECTIONS):
        reason = parsed.warnings[0] if parsed.warnings else "no cards"
        raise DeckFormatError(f"no cards could be read from this {fmt} deck ({reason})")
    return parsed


_ENTRY = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<name>.+?)"
                    r"(?:\s+\((?P<set>[A-Za-z0-9_]{2,8})\)(?:\s+(?P<number>\S+))?)?\s*$")
_HEADERS = {"deck": "main", "main": "main", "maindeck": "main", "main deck": "main",
            "mainboard": "main", "sideboard": "sideboard", "side": "sideboard",
            "commander": "commander", "companion": "sideboard"}
_BARE_NAME = re.compile(r"^[^\W\d][\w ,'\-:./!?&()]*$")
# Group headings some deck sites export ("Creatures (24)", "Lands:"): not cards.
_GROUP_HEADING = re.compile(r"^(creatures?|lands?|instants?|sorcer(y|ies)|artifacts?|"
                            r"enchantments?|planeswalkers?|battles?|spells?|other)\s*"
                            r"(\(\d+\))?:?$", re.IGNORECASE)


def _read_lines(text: str) -> ParsedDeck:
    deck = Deck()
    warnings: list[str] = []
    section = "main"
    explicit = False
    blocks: list[list[DeckEntry]] = [[]]
    in_about = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            if blocks[-1]:
                blocks.append([])
            continue
        comment = None
        if line.startswith("//") or line.startswith("#"):
            comment = line.lstrip("/#").strip()
        word = (comment if comment is not None else line).rstrip(":").strip().lower()
        if word in _HEADERS:
            section, explicit, in_about = _HEADERS[word], True, False
            continue
        if comment is not None:
            if comment.lower().startswith("name:"):
                deck.name = comment[5:].strip()
            continue
        if _GROUP_HEADING.match(line):
            continue
        if word == "about":
            in_about = True
            continue
        if in_about:
            if line.lower().startswith("name "):
                deck.name = line[5:].strip()
            continue
        target = section
        if line[:3].upper() == "SB:":
            target, explicit, line = "sideboard", True, line[3:].strip()
        match = _ENTRY.match(line)
        if match:
            entry = DeckEntry(match["name"].strip(), int(match["count"]),
                              match["set"].upper() if match["set"] else None, match["number"])
            if entry.count <= 0:
                warnings.append(f"line {number}: a count of zero is ignored: {raw.strip()!r}")
                continue
        elif _BARE_NAME.match(line):
            entry = DeckEntry(line, 1)
        else:
            warnings.append(f"line {number}: cannot read {raw.strip()!r}")
            continue
        deck.section(target).append(entry)
        if target == "main":
            blocks[-1].append(entry)
    blocks = [b for b in blocks if b]
    # MTGO's text export: the main deck, a blank line, then the sideboard (at most 15, 100.4a).
    if not explicit and len(blocks) == 2 and sum(e.count for e in blocks[1]) <= 15:
        deck.main = blocks[0]
        deck.sideboard = blocks[1]
    return ParsedDeck(deck, "text", warnings)


def _int_attr(element: ET.Element, name: str, warnings: list[str]) -> int | None:
    value = element.get(name, "")
    if value.strip().isdigit() and int(value) > 0:
        return int(value)
    warnings.append(f"<{element.tag} {element.attrib}>: bad {name} {value!r}")
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
    for number, raw in enumerate(text.splitlines(), 1):
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
        match = re.fullmatch(r"(\d+)\s+([^|]+?)\s*(?:\|([^|]*))?(?:\|.*)?", line)
        if not match or int(match.group(1)) <= 0:
            warnings.append(f"line {number}: cannot read {line!r}")
            continue
        set_code = (match.group(3) or "").strip().upper() or None
        deck.section(_FORGE_SECTIONS[section]).append(
            DeckEntry(match.group(2), int(match.group(1)), set_code))
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
    """Write a deck file atomically (a temporary file renamed over the target)."""
    path = Path(path)
    text = write_deck(deck, fmt)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fp:
            fp.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


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
