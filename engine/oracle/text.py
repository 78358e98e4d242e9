"""Normalizing Oracle text before it is parsed (CR 201.5, 207.2).

201.5: text that refers to the object it's on by name means that object; current Oracle wording
says "this creature", "this spell" and so on. Both become the marker "~". Reminder text in
parentheses (207.2) has no rules meaning and is dropped. Older wording ("enters the battlefield")
and the Unicode minus of loyalty costs are brought to one form.
"""
from __future__ import annotations

import re

from engine.core.subtypes import ALL_SUBTYPES

SELF = "~"
# In an ability an Equipment or an Aura grants in quotes, the permanent granting it (compiler._grantor_quotes): its
# "this Equipment" / "this Aura", kept as written (`normalize(..., grantor=True)`; engine.core.cards.granted_def).
GRANTOR = r"this (?:equipment|aura)"
_SELF_WORDS = ("creature", "spell", "enchantment", "artifact", "land", "permanent", "aura",
               "equipment", "card", "planeswalker", "vehicle", "token")
_SELF_RE = re.compile(r"\bthis (?:" + "|".join(_SELF_WORDS) + r")\b", re.IGNORECASE)
_SELF_RE_GRANTED = re.compile(r"\bthis (?:" + "|".join(w for w in _SELF_WORDS if w not in ("equipment", "aura"))
                              + r")\b", re.IGNORECASE)
_REMINDER = re.compile(r"\s*\([^()]*\)")


def self_names(name: str, legendary: bool) -> list[str]:
    """The ways the card's text may name the card itself (201.5): its full name, and for a legendary
    card a shortened name: the part before the comma ("Kalitas" for "Kalitas, Traitor of Ghet"), or else
    its first word ("Hazoret" for "Hazoret the Fervent", "Axelrod" for "Axelrod Gunnarson"). A first word
    that is a subtype ("Sliver Legion", a planeswalker's "Nissa Revane"), a possessive or an article isn't a
    name of its own."""
    names = [name]
    if legendary and "," in name:
        names.append(name.split(",", 1)[0].strip())
    elif legendary and " " in name and "//" not in name:
        first = name.split(" ", 1)[0]
        if first[:1].isupper() and "'" not in first and first not in ALL_SUBTYPES and first not in _ARTICLES:
            names.append(first)
    return names


_ARTICLES = frozenset({"The", "A", "An"})


def _is_word_char(ch: str) -> bool:
    """A letter, digit or underscore: what a regular expression's \\w is."""
    return ch.isalnum() or ch == "_"


def _name_to_self(text: str, name: str) -> str:
    """The name, where it stands as words of its own (not inside a word, nor after an apostrophe), as ~.
    Read by hand rather than by a pattern made for each card's name: thousands of those would push the
    grammar's own patterns out of the `re` module's cache."""
    out: list[str] = []
    start = 0
    i = text.find(name)
    while i >= 0:
        end = i + len(name)
        free_before = i == 0 or not (_is_word_char(text[i - 1]) or text[i - 1] == "'")
        free_after = end == len(text) or not _is_word_char(text[end])
        # a name that is a keyword action's verb, opening a sentence with its object ("Regenerate target creature."
        # on Regenerate, 701.19): the instruction, not the card
        verb = text.startswith(" target ", end) and text[:i].rstrip(" ")[-1:] in ("", ".", "\n")
        if free_before and free_after and not verb:
            out += [text[start:i], SELF]
            start = end
            i = text.find(name, end)
        else:
            i = text.find(name, i + 1)
    return "".join(out) + text[start:]


def normalize(text: str, name: str, legendary: bool = False, grantor: bool = False) -> str:
    """`grantor`: the text of an ability granted in quotes, where "this Equipment" / "this Aura" is the permanent
    granting it (GRANTOR), not the object that has it (~)."""
    text = text.replace("\u2212", "-").replace("\u2014", "—").replace("\r", "")
    text = _REMINDER.sub("", text)
    # MTGJSON writes loyalty costs in brackets: "[+1]: ...".
    text = re.sub(r"(?m)^\[([+-]?(?:\d+|X))\]:", r"\1:", text)
    for n in sorted(self_names(name, legendary), key=len, reverse=True):
        if n:
            text = _name_to_self(text, n)
    text = (_SELF_RE_GRANTED if grantor else _SELF_RE).sub(SELF, text)
    text = re.sub(r"\b(enters?) the battlefield\b", r"\1", text)
    # "Put ~ on top of your library from your graveyard": the zone it leaves said first, as the usual wording does
    text = re.sub(r"\b([Pp]ut|[Rr]eturn) ~ (on top of your library|on the bottom of your library|to your hand"
                  r"|onto the battlefield(?: tapped)?) from your graveyard\b", r"\1 ~ from your graveyard \2", text)
    if legendary and not re.search(r"\b(?:his or her|he or she|him or her)\b", text):
        # a legendary character's card calls it "he" or "she" ("exile ~, then return her to the battlefield
        # transformed under her owner's control"): the card itself, as "it" on any other card
        text = re.sub(r"\b([Hh]e|[Ss]he)('s)?\b", lambda m: ("I" if m.group(1)[0].isupper() else "i") + "t" +
                      (m.group(2) or ""), text)
        text = re.sub(r"\bhis\b", "its", text)
        text = re.sub(r"\b(?:him|her)self\b", "itself", text)
        text = re.sub(r"\bher (?=(?:owner|owner's|controller|controller's|loyalty|power|toughness|abilities|"
                      r"ability|hand|library|graveyard)\b)", "its ", text)
        text = re.sub(r"\b(?:him|her)\b", "it", text)
    # 102.4: in a game that isn't a multiplayer game between teams (the only ones played), "your team" means "you"
    text = re.sub(r"\b([Yy])our team (controls|gained|lost|has)\b",
                  lambda m: f"{m.group(1)}ou {dict(controls='control', has='have').get(m.group(2), m.group(2))}", text)
    text = re.sub(r"\b([Yy])our team's\b", r"\1our", text)
    text = re.sub(r"[ \t]+", " ", text)
    return "\n".join(line.strip() for line in text.split("\n") if line.strip())


def split_sentences(text: str) -> list[str]:
    """Sentences of one ability paragraph, without the final period. A period inside quotes
    (an ability granted in quotes) doesn't end the sentence."""
    out: list[str] = []
    cur: list[str] = []
    quoted = False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in '"“”':
            quoted = not quoted
            if not quoted and i > 0 and text[i - 1] == ".":
                # A quoted ability ending the sentence: 'It has "... can't block."'
                cur.append(ch)
                out.append("".join(cur).strip())
                cur = []
                i += 1
                continue
        if ch == "." and not quoted and (i + 1 == len(text) or text[i + 1] == " " or text[i + 1] == '"'):
            s = "".join(cur).strip()
            if s:
                out.append(s)
            cur = []
            i += 1
            continue
        cur.append(ch)
        i += 1
    s = "".join(cur).strip()
    if s:
        out.append(s)
    return out


NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
                "thirteen": 13, "fifteen": 15, "twenty": 20}


def number(word: str) -> int | None:
    w = word.strip().lower()
    if w.isdigit():
        return int(w)
    return NUMBER_WORDS.get(w)
