"""Deck checks: card names known to the database, constructed deck construction (100.2a, 100.4a),
format legality where the database has legalities, and Commander deck construction (903.5)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .carddata import card_from_mtgjson
from .database import CardDatabase, CardRecord
from .decks import SECTIONS, Deck, DeckEntry

BASIC_LAND_NAMES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes",
                              "Snow-Covered Plains", "Snow-Covered Island", "Snow-Covered Swamp",
                              "Snow-Covered Mountain", "Snow-Covered Forest", "Snow-Covered Wastes"})
CONSTRUCTED_MIN = 60     # 100.2a
COPY_LIMIT = 4           # 100.2a
SIDEBOARD_MAX = 15       # 100.4a
COMMANDER_SIZE = 100     # 903.5a
COMMANDER_FORMATS = frozenset({"commander", "duel", "paupercommander", "oathbreaker"})
_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}


@dataclass
class Problem:
    message: str
    rule: str | None = None           # Comprehensive Rules number, when a rule is broken
    card: str | None = None
    suggestions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        return {"message": self.message, "rule": self.rule, "card": self.card,
                "suggestions": self.suggestions}


@dataclass
class DeckCheck:
    deck: Deck                        # with names resolved to Oracle names where known
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems


def resolve_names(deck: Deck, db: CardDatabase | None) -> tuple[Deck, list[Problem],
                                                                dict[str, CardRecord]]:
    """A copy of the deck with Oracle names (same card on two lines merged), the unknown-name
    problems (with close-match suggestions), and the records of the known cards."""
    resolved = Deck(name=deck.name, format=deck.format)
    problems: list[Problem] = []
    records: dict[str, CardRecord] = {}
    reported: set[str] = set()
    for section in SECTIONS:
        merged: dict[str, DeckEntry] = {}
        for entry in deck.section(section):
            record = db.record(entry.name) if db else None
            name = record.name if record else entry.name
            if record:
                records[name] = record
            elif db and entry.name not in reported:
                reported.add(entry.name)
                hints = db.suggestions(entry.name)
                hint = f" (did you mean {', '.join(hints)}?)" if hints else ""
                problems.append(Problem(f"unknown card '{entry.name}'{hint}", None, entry.name,
                                        hints))
            if name in merged:
                merged[name].count += entry.count
            else:
                merged[name] = DeckEntry(name, entry.count, entry.set_code, entry.number)
        resolved.section(section).extend(merged.values())
    return resolved, problems, records


def copy_limit(name: str, record: CardRecord | None) -> int | None:
    """How many copies a deck may hold (None: any number). Basic lands are unlimited (100.2a);
    a card's own text can raise the limit."""
    if (record and record.is_basic_land) or (record is None and name in BASIC_LAND_NAMES):
        return None
    text = record.oracle_text if record else None
    if text and _ANY_NUMBER.search(text):
        return None
    if text:
        match = _UP_TO.search(text)
        if match and match.group(1).lower() in _NUMBER_WORDS:
            return _NUMBER_WORDS[match.group(1).lower()]
    return COPY_LIMIT


def check_deck(deck: Deck, db: CardDatabase | None = None,
               play_format: str | None = None) -> DeckCheck:
    """Check a deck for constructed play, or for `play_format` (e.g. "modern", "commander")."""
    play_format = (play_format or deck.format or "").lower() or None
    resolved, problems, records = resolve_names(deck, db)
    result = DeckCheck(resolved, problems)
    if play_format in COMMANDER_FORMATS:
        _check_commander(resolved, records, result)
    else:
        _check_constructed(resolved, records, result)
    if play_format and db:
        _check_legalities(resolved, db, play_format, result)
    return result


def _totals(deck: Deck, sections: tuple[str, ...]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for section in sections:
        for e in deck.section(section):
            totals[e.name] = totals.get(e.name, 0) + e.count
    return totals


def _check_constructed(deck: Deck, records: dict[str, CardRecord], result: DeckCheck) -> None:
    main = deck.count("main")
    if main < CONSTRUCTED_MIN:
        result.problems.append(Problem(f"the main deck has {main} cards; a constructed deck needs "
                                       f"at least {CONSTRUCTED_MIN}", "100.2a"))
    side = deck.count("sideboard")
    if side > SIDEBOARD_MAX:
        result.problems.append(Problem(f"the sideboard has {side} cards; at most {SIDEBOARD_MAX} "
                                       "are allowed", "100.4a"))
    for name, total in _totals(deck, ("main", "sideboard")).items():
        limit = copy_limit(name, records.get(name))
        if limit is not None and total > limit:
            rule = "100.2a" if not deck.sideboard else "100.4a"
            result.problems.append(Problem(f"{total} copies of {name}; at most {limit} are allowed",
                                           rule, name))


def _check_commander(deck: Deck, records: dict[str, CardRecord], result: DeckCheck) -> None:
    if not deck.commander:
        result.problems.append(Problem("a Commander deck needs a commander", "903.3"))
    for e in deck.commander:
        record = records.get(e.name)
        if record and not _can_be_commander(record) and not _is_background(record, deck, records):
            result.problems.append(Problem(f"{e.name} is not a legendary creature and cannot be a "
                                           "commander", "903.3", e.name))
    _check_partners(deck, records, result)
    size = deck.count("main") + deck.count("commander")
    if size != COMMANDER_SIZE:
        result.problems.append(Problem(f"the deck has {size} cards including its commander; a "
                                       f"Commander deck has exactly {COMMANDER_SIZE}", "903.5a"))
    for name, total in _totals(deck, ("main", "commander")).items():
        if copy_limit(name, records.get(name)) is not None and total > 1:
            result.problems.append(Problem(f"{total} copies of {name}; a Commander deck holds one "
                                           "of each card other than basic lands", "903.5b", name))
    identity = set(commander_identity(deck, records))
    if deck.commander:
        for e in deck.main:
            record = records.get(e.name)
            if record and not set(record.color_identity) <= identity:
                result.problems.append(Problem(
                    f"{e.name} has color identity {record.color_identity or 'colorless'}, outside "
                    f"the commander's ({''.join(sorted(identity)) or 'colorless'})", "903.5c", e.name))


_PARTNER_WITH = re.compile(r"^Partner with ([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
_PARTNER_TEXT = re.compile(r"^Partner—([^(\n]+?)\s*(?:\(|$)", re.MULTILINE)
# 702.124i: the "partner—[text]" abilities printed as their text alone ("Friends forever")
_PARTNER_VARIANT = re.compile(r"^(Friends forever|Character select|Father & son)\s*(?:\(|$)", re.MULTILINE)


def _partner_abilities(record: CardRecord) -> set[str]:
    """702.124: the partner abilities a card has, each as a key two commanders must share: "partner",
    "with:<name>" (partner with [name]), "text:<text>" (partner—[text]), "background" (choose a Background)."""
    text = record.oracle_text or ""
    out = {f"with:{m.strip()}" for m in _PARTNER_WITH.findall(text)}
    out |= {f"text:{m.strip().lower()}" for m in _PARTNER_TEXT.findall(text) + _PARTNER_VARIANT.findall(text)}
    if re.search(r"^Partner\s*(?:\(|$)", text, re.MULTILINE):
        out.add("partner")
    if re.search(r"^Choose a Background", text, re.MULTILINE):
        out.add("background")
    return out


def _is_background(record: CardRecord, deck: Deck, records: dict[str, CardRecord]) -> bool:
    """702.124k: a legendary Background enchantment is a commander beside one that chooses a Background."""
    return "Legendary" in record.supertypes and "Background" in record.subtypes and any(
        "background" in _partner_abilities(records[e.name]) for e in deck.commander if e.name in records)


def _check_partners(deck: Deck, records: dict[str, CardRecord], result: DeckCheck) -> None:
    """702.124: two commanders only if a partner ability allows them both (never more than two, 702.124g)."""
    names = [e.name for e in deck.commander for _ in range(e.count)]
    if len(names) > 2:
        result.problems.append(Problem(f"a deck has one commander, or two with partner; this one has {len(names)}",
                                       "702.124g"))
        return
    if len(names) != 2 or not all(n in records for n in names):
        return
    a, b = (records[n] for n in names)
    pa, pb = _partner_abilities(a), _partner_abilities(b)
    ok = ("partner" in pa and "partner" in pb) or bool({p for p in pa if p.startswith("text:")} & pb) \
        or (f"with:{b.name}" in pa and f"with:{a.name}" in pb) \
        or ("background" in pa and _is_background(b, deck, records)) \
        or ("background" in pb and _is_background(a, deck, records))
    if not ok:
        result.problems.append(Problem(f"{a.name} and {b.name} can't both be commanders: two commanders need "
                                       "the same partner ability (702.124)", "702.124a"))


def commander_identity(deck: Deck, records: dict[str, CardRecord]) -> str:
    """903.4, 702.124c: the deck's commander color identity (both partners' together), in WUBRG order."""
    colors = {c for e in deck.commander if e.name in records for c in records[e.name].color_identity}
    return "".join(c for c in "WUBRG" if c in colors)


def records_from_source(names: list[str], lookup) -> dict[str, CardRecord]:
    """Deck-check records for card names from a card source (MTGJSON records by name, as the engine gets
    them: cardsdb.source), for checks made where no database holds every card (`--cards` files)."""
    out: dict[str, CardRecord] = {}
    for name in dict.fromkeys(names):
        entry = lookup(name)
        if entry is None:
            continue
        card = card_from_mtgjson([entry])
        out[name] = CardRecord(0, card.name, card.mana_cost, card.mana_value, card.colors, card.color_identity,
                               tuple(card.supertypes), tuple(card.types), tuple(card.subtypes), card.type_line,
                               card.text, card.power, card.toughness, card.loyalty, card.defense,
                               tuple(card.keywords), card.layout, tuple(card.faces or ()))
    return out


def check_commander_deck(deck: Deck, lookup) -> DeckCheck:
    """A Commander deck (903.3-903.5, 702.124) checked against the card records a card source gives
    (`lookup(name)`: an MTGJSON record or None); an unknown name is a problem."""
    result = DeckCheck(deck)
    names = [e.name for s in ("commander", "main") for e in deck.section(s)]
    records = records_from_source(names, lookup)
    result.problems += [Problem(f"unknown card '{n}'", None, n) for n in dict.fromkeys(names) if n not in records]
    if deck.sideboard:
        result.problems.append(Problem("Commander games don't use sideboards", "903.5e"))
    _check_commander(deck, records, result)
    return result


def _can_be_commander(record: CardRecord) -> bool:
    """903.3: a legendary creature card, Vehicle card, or Spacecraft card with power and
    toughness; or a card whose own text allows it."""
    if "Legendary" in record.supertypes and (
            "Creature" in record.types or "Vehicle" in record.subtypes
            or ("Spacecraft" in record.subtypes and record.power is not None)):
        return True
    return bool(record.oracle_text and "can be your commander" in record.oracle_text)


def _check_legalities(deck: Deck, db: CardDatabase, play_format: str, result: DeckCheck) -> None:
    unknown = 0
    for name, total in _totals(deck, SECTIONS).items():
        legal = db.legalities(name) if db.record(name) else None
        if legal is None:
            continue
        if not legal:
            unknown += 1
            continue
        status = legal.get(play_format, "not_legal")
        if status == "banned":
            result.problems.append(Problem(f"{name} is banned in {play_format}", None, name))
        elif status == "restricted" and total > 1:
            result.problems.append(Problem(f"{name} is restricted in {play_format}: one copy at most",
                                           None, name))
        elif status not in ("legal", "restricted"):
            result.problems.append(Problem(f"{name} is not legal in {play_format}", None, name))
    if unknown:
        result.notes.append(f"the database has no legality data for {unknown} card(s); they were "
                            f"not checked for {play_format}")
