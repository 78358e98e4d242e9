"""Sentences about players and cards as people read them. The engine writes every sentence in the third
person with the players' names ("Alice draws a card", "put into Alice's library"); a player may be named
"You" (the default name of the person at the table), who is addressed in the second person: "You draw a
card", "put into your library", "deals 3 damage to you". Card text says `~` for its own card: it is read
with the card's name."""
from __future__ import annotations

import re
from collections.abc import Iterable

IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go", "always": "always"}
SENTENCE_START = r"(?:^|(?<=[.:;!?(\n] )|(?<=\())"


def is_you(name: str) -> bool:
    return name.strip().casefold() == "you"


def base_form(verb: str) -> str:
    """The verb for "you" from its third-person form: draws -> draw, passes -> pass, tries -> try."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def subject(name: str, verb: str) -> str:
    """`name` doing something, the verb given in the third person: "Alice draws", "You draw"."""
    return f"{name} {base_form(verb) if is_you(name) else verb}"


def possessive(name: str, start: bool = True) -> str:
    """"Alice's", or "Your" ("your" inside a sentence)."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def objective(name: str) -> str:
    """The player as the object of a sentence: "Alice", "you"."""
    return "you" if is_you(name) else name


def reword(text: str, names: Iterable[str]) -> str:
    """An engine sentence rewritten for the players named "You": their possessives, their verbs, and
    "you" where they are the object."""
    for name in {n for n in names if is_you(n)}:
        you = re.escape(name)
        text = re.sub(SENTENCE_START + you + r"'s\b", "Your", text)
        text = re.sub(r"\b" + you + r"'s\b", "your", text)
        text = re.sub(SENTENCE_START + r"(" + you + r") ([a-z]+)\b",
                      lambda m: f"{m.group(1)} {base_form(m.group(2))}", text)
        text = re.sub(r"(?<=[a-z,] )" + you + r"\b", "you", text)
    return text


def card_text(text: str, name: str) -> str:
    """Rules text with `~` (the card's own name in compiled text) read as the name."""
    return text.replace("~", name) if name else text


def face_choice_label(obj: dict, kind: str, face: int | None) -> str:
    """How the table offers one way to play a multi-faced card: "Cast Ice", "Cast Stomp (Adventure)",
    "Cast Fire // Ice (both halves, fused)", "Play Kabira Plateau"."""
    faces = obj.get("faces") or []
    verb = "Play" if kind == "play" else "Cast"
    if face == 0 and kind == "cast":
        return f"{verb} {obj.get('name', '')} (both halves, fused)"
    if face is None or not 0 < face <= len(faces):
        return f"{verb} {obj.get('name', '')}"
    name = faces[face - 1].get("name", "")
    return f"{verb} {name} (Adventure)" if obj.get("layout") == "adventure" and face == 2 else f"{verb} {name}"


# The alternative ways of casting the table offers as choices of their own, with how the menu says each
# ("{name}": the card's name): a cost paid instead of the mana cost, or the mana cost and an additional one.
WAY_WORDS = {
    "flashback": "Cast {name} with flashback",
    "escape": "Cast {name} for its escape cost",
    "jump-start": "Cast {name} with jump-start (discard a card)",
    "retrace": "Cast {name} with retrace (discard a land card)",
    "surge": "Cast {name} for its surge cost",
    "spectacle": "Cast {name} for its spectacle cost",
    "blitz": "Cast {name} for its blitz cost",
    "overload": "Cast {name} overloaded (each instead of target)",
    "cleave": "Cast {name} for its cleave cost (without the words in brackets)",
    "prowl": "Cast {name} for its prowl cost",
    "emerge": "Cast {name} with emerge (sacrifice a creature)",
    "disturb": "Cast {name} transformed for its disturb cost",
    "awaken": "Cast {name} for its awaken cost (a land you control becomes a creature)",
    "madness": "Cast {name} for its madness cost",
    "miracle": "Cast {name} for its miracle cost",
}
WAYS_OF_CASTING = ("face_down", "foretell", *WAY_WORDS)


def way_label(obj: dict, kind: str, face: int | None, alt: str | None) -> str:
    """The menu entry for one way to play a card."""
    if kind == "foretell":
        return "Foretell (exile it face down for {2})"
    if kind == "suspend":
        return f"Suspend {obj.get('name') or 'the card'} (exile it with time counters)"
    if alt == "face_down":
        return "Cast face down for {3}"
    if alt == "foretell":
        return f"Cast {obj.get('name') or 'the card'} for its foretell cost"
    if alt in WAY_WORDS:
        return WAY_WORDS[alt].format(name=obj.get("name") or "the card")
    return face_choice_label(obj, kind, face)
