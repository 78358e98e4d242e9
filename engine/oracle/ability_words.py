"""Ability words (207.2c) and flavor words (207.2d): the italic label before a dash at the start of
an ability ("Landfall — Whenever a land enters ...", "Threshold — ...", "Sell Contraband — ...").
Neither has rules meaning, so the label is dropped and the ability is read as if it weren't there.

Any label is dropped, not only the words 207.2c lists (flavor words are unlisted by definition),
except labels that are keywords written with a dash (Boast 702.142, Forecast 702.57, Companion
702.139 ...: those carry rules the plain ability would lose), saga chapter numbers (714.2b) and
"Choose one —" (700.2)."""
from __future__ import annotations

import re

from engine.oracle.keywords import COSTED, NUMBERED, SIMPLE

# Keywords printed as "Name — [cost]: effect" or "Name — condition": they stay as written.
DASHED_KEYWORDS = frozenset({"boast", "forecast", "companion", "max speed", "exhaust", "level up"})

_LABEL = re.compile(r"^(•\s*)?([A-Z][\w'’,\- ]{0,40}?) — (?=\S)")
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)*$")
_NOT_A_LABEL = re.compile(r"^(?:choose|when|whenever|at|if|as)\b", re.IGNORECASE)


def ability_word(line: str) -> str | None:
    """The ability or flavor word that labels this line, or None."""
    m = _LABEL.match(line)
    if m is None:
        return None
    label = m.group(2).strip()
    low = label.lower()
    if (_CHAPTER.match(label) or _NOT_A_LABEL.match(label) or low in DASHED_KEYWORDS
            or low in SIMPLE or low in COSTED or low in NUMBERED):
        return None
    return label


def strip_ability_words(text: str) -> str:
    """The normalized text with every ability/flavor word label removed (207.2c, 207.2d)."""
    out = []
    for line in text.split("\n"):
        word = ability_word(line)
        if word is not None:
            m = _LABEL.match(line)
            line = (m.group(1) or "") + line[m.end():]
        out.append(line)
    return "\n".join(out)
