"""The condition grammar (608.2c, 603.4, 611.3, 602.5b): every "if", "as long as", "unless" and
"activate only if" condition, read in one place.

    condition := fixed                                   ("it was kicked", "it's your turn", ...)
               | "you control" ("a" | "an" | "another") desc
               | "you control" ("no" desc | N "or more" desc | N "or fewer" desc)
               | "an opponent controls" ("a" | "an") desc
               | ("there are")? N "or more" counted ("are")? ...    (counted: engine.oracle.amounts)
               | "you have" N "or more" ("cards in hand" | "life")
               | "it's" ("a" | "an") desc "card"          (what was revealed or moved)
               | ("enchanted" | "equipped") noun "is" desc | "~ is" desc   (the object's state)

The result is core's `Condition`, checked by engine.query.amounts through the evaluation context;
a counted comparison is `amount_at_least` / `amount_at_most` over an `Amount` of the amount grammar.
"""
from __future__ import annotations

import re
from dataclasses import replace

from engine.core.abilities import Amount, Condition, YOU
from engine.oracle.amounts import objects_filter, parse_number_of
from engine.oracle.grammar import Context
from engine.oracle.phrases import parse_desc
from engine.oracle.text import number

_FIXED = {
    "it was kicked": Condition("kicked"), "~ was kicked": Condition("kicked"),
    "~ is untapped": Condition("source_tapped", negate=True), "~ is tapped": Condition("source_tapped"),
    "a creature died this turn": Condition("creature_died_this_turn"),
    "you cast this spell during your main phase": Condition("cast_during_your_main_phase"),
    "you cast ~ during your main phase": Condition("cast_during_your_main_phase"),
    "it had no -1/-1 counters on it": Condition("no_counters", filter=None),
    "it had no +1/+1 counters on it": Condition("no_plus_one_counters", filter=None),
    "you have no cards in hand": Condition("hand_empty"),
    "it's your turn": Condition("your_turn"), "it's not your turn": Condition("your_turn", negate=True),
    "you gained life this turn": Condition("life_gained_this_turn"),
    "it was evoked": Condition("evoked"),
    # The werewolves of double-faced cards (712.2): how many spells were cast in the previous turn.
    "no spells were cast last turn": Condition("spells_cast_last_turn", 1, negate=True),
    "a player cast two or more spells last turn": Condition("spells_cast_last_turn", 2),
    "~ was cast from a graveyard": Condition("cast_from_graveyard"),
    "this spell was cast from a graveyard": Condition("cast_from_graveyard"),
}

_N = r"(\w+)"


def _counted(n: int, amount: Amount | None, most: bool = False) -> Condition | None:
    if amount is None:
        return None
    return Condition("amount_at_most" if most else "amount_at_least", n, amount=amount)


def _control_count(text: str, controller: str) -> Amount | None:
    f = objects_filter(text)
    return Amount("count", filter=replace(f, controller=controller)) if f is not None else None


def parse_condition(text: str) -> Condition | None:
    """An "if" or "as long as" condition (603.4 intervening if, 608.2c, 611.3a)."""
    t = text.strip()
    if t in _FIXED:
        return _FIXED[t]
    m = re.match(r"^you control (?:a|an|another) (.+)$", t)
    if m:
        f = objects_filter(m.group(1))
        if f is not None:
            return Condition("you_control", filter=f)
    m = re.match(r"^you control no (.+)$", t)
    if m:
        return _counted(0, _control_count(m.group(1), "you"), most=True)
    m = re.match(rf"^you control {_N} or (more|fewer) (.+)$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), _control_count(m.group(3), "you"), most=m.group(2) == "fewer")
    m = re.match(r"^an opponent controls (?:a|an) (.+)$", t)
    if m:
        return _counted(1, _control_count(m.group(1), "opponent"))
    # "seven or more cards are in your graveyard", "there are four or more card types among ..."
    m = re.match(rf"^(?:there are )?{_N} or (more|fewer) (.+?)(?: are)?( in your graveyard)?$", t)
    if m and number(m.group(1)) is not None:
        counted = parse_number_of(Context(), m.group(3) + (m.group(4) or ""))
        return _counted(number(m.group(1)), counted, most=m.group(2) == "fewer")
    m = re.match(rf"^you have {_N} or more cards in hand$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), Amount("cards_in_hand", ref=YOU))
    m = re.match(r"^you(?:'ve)? gained (\d+) or more life this turn$", t)
    if m:
        return Condition("life_gained_this_turn", int(m.group(1)))
    m = re.match(rf"^you have {_N} or (more|less) life$", t)
    if m and number(m.group(1)) is not None:
        return Condition("life_at_least" if m.group(2) == "more" else "life_at_most", number(m.group(1)))
    m = re.match(r"^it's (?:a|an) (.+?) card$", t)
    if m:
        d = parse_desc(m.group(1) + " card")
        if d is not None:
            return Condition("revealed_matches", filter=d.filter)
    # "as long as enchanted creature is blue", "as long as ~ is attacking" (611.3a); "it's" is left
    # unread: without the sentence's context it could mean the source or another object.
    m = re.match(r"^(?:(enchanted|equipped) (?:creature|permanent|land|artifact) is|~ is) (?:a |an )?(.+)$", t)
    if m:
        f = _state_filter(m.group(2))
        if f is not None:
            return Condition("attached_matches" if m.group(1) else "source_matches", filter=f)
    return None


def _state_filter(text: str):
    """What an object "is": "a creature", "a Human", "blue", "attacking"."""
    d = parse_desc(text)
    if d is None or not (d.nouns - {"permanent"}):
        d = parse_desc(text + " permanent")
    if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
        return None
    return objects_filter(text) or objects_filter(text + " permanent")


def activation_restriction(text: str) -> Condition | None:
    """602.5b: "Activate only during your turn", "Activate only if <condition>"."""
    if text in ("activate only during your turn", "activate this ability only during your turn"):
        return Condition("your_turn")
    m = re.match(r"^activate (?:this ability )?only if (.+)$", text)
    return parse_condition(m.group(1)) if m else None
