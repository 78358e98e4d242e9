"""Keywords whose meaning is one ability the rules spell out (702.x 'a' rules): the compiler reads that
sentence like printed text, so the keyword plays by the same grammar and effects as any card. N is
the keyword's number ("Bushido 2")."""
from __future__ import annotations

from engine.core.abilities import Keyword

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
          10: "ten"}

MEANINGS = {
    "prowess": "Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn.",          # 702.108a
    "bushido": "Whenever ~ blocks or becomes blocked, ~ gets +{n}/+{n} until end of turn.",       # 702.45a
    "exalted": "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.",
    "flanking": "Whenever ~ becomes blocked by a creature without flanking, the blocking creature gets "
                "-1/-1 until end of turn.",                                                        # 702.25a
    "battle cry": "Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn.",  # 702.91a
    "afterlife": "When ~ is put into a graveyard from the battlefield, create {tokens} with flying.",  # 702.135a
}


def cycling_effect(name: str) -> str | None:
    """The effect of a cycling ability (702.29a: "[Cost], Discard this card: Draw a card.") or of
    typecycling (702.29e: "... Search your library for a [type] card, reveal it, put it into your hand,
    then shuffle."), or None if the keyword isn't one of them."""
    if name == "cycling":
        return "Draw a card."
    if not name.endswith("cycling"):
        return None
    kind = name[:-len("cycling")].strip()
    kind = kind if kind in ("land", "basic land") else kind.capitalize()
    return f"Search your library for a {kind} card, reveal it, put it into your hand, then shuffle."


def keyword_meaning(kw: Keyword) -> str | None:
    """The sentence a keyword stands for, or None if it isn't one of these (or its N isn't a number)."""
    text = MEANINGS.get(kw.name)
    if text is None or ("{n}" not in text and "{tokens}" not in text):
        return text
    if not (kw.param or "").isdigit():
        return None
    n = int(kw.param)
    tokens = ("a 1/1 white and black Spirit creature token" if n == 1 else
              f"{_WORDS.get(n, str(n))} 1/1 white and black Spirit creature tokens")
    return text.replace("{n}", str(n)).replace("{tokens}", tokens)
