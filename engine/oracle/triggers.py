"""Trigger conditions (603.1, 603.2): the part of a triggered ability after "When", "Whenever" or
"At" and before the comma, and intervening "if" clauses (603.4)."""
from __future__ import annotations

import re
from dataclasses import replace

from engine.core.abilities import Filter, Trigger
from engine.oracle.phrases import parse_desc


def _object_filter(text: str) -> Filter | None:
    d = parse_desc(text)
    if d is None or d.nouns & {"player", "opponent", "spell", "card"}:
        return None
    f = d.filter
    types = {n.capitalize() for n in d.nouns if n not in ("permanent", "token")}
    if types and not f.types:
        f = replace(f, types=frozenset(types))
    return f


_STEPS = {"upkeep": "upkeep", "draw step": "draw", "end step": "end", "precombat main phase": "main1",
          "combat": "beginning_of_combat", "postcombat main phase": "main2"}
_WHOSE = {"your": "you", "each": "each", "the": "each", "each player's": "each", "each opponent's": "opponent",
          "an opponent's": "opponent"}


def parse_trigger(text: str) -> tuple[Trigger, str] | None:
    """The trigger and what "it" / "that player" refers to in the effect: "self", "event" (the
    object or player of the event), "active" (the active player)."""
    t = text.strip()
    m = re.match(r"^the beginning of (your|each|the|each player's|each opponent's|an opponent's) "
                 r"(upkeep|draw step|end step|precombat main phase|postcombat main phase)$", t)
    if m:
        return Trigger("step", "you" if m.group(1) == "your" else "any_player", step=_STEPS[m.group(2)],
                       whose=_WHOSE[m.group(1)]), "active"
    m = re.match(r"^the beginning of combat on (your|each) turn$", t)
    if m:
        return Trigger("step", step="beginning_of_combat", whose=_WHOSE[m.group(1)]), "active"
    m = re.match(r"^the beginning of the end step$", t)
    if m:
        return Trigger("step", step="end", whose="each"), "active"
    simple = {"enters": "enters", "dies": "dies", "leaves the battlefield": "leaves", "attacks": "attacks",
              "blocks": "blocks", "becomes blocked": "becomes_blocked", "attacks or blocks": "attacks_or_blocks",
              "becomes the target of a spell or ability": "becomes_target",
              "is put into a graveyard from the battlefield": "put_into_graveyard",
              "becomes tapped": "tapped", "is dealt damage": "dealt_damage",
              # the trigger conditions of bushido 702.45a and exalted 702.83a
              "blocks or becomes blocked": "blocks_or_becomes_blocked", "attacks alone": "attacks_alone",
              # 701.27e: a double-faced permanent turned to the face with this ability
              "transforms into ~": "transforms", "enters or transforms into ~": "enters_or_transforms"}
    for phrase, event in simple.items():
        if t == f"~ {phrase}":
            ref = "event" if event in ("dies", "leaves", "put_into_graveyard") else "self"
            return Trigger(event, "self", from_zone="battlefield" if event == "put_into_graveyard" else ""), ref
        m = re.match(r"^~ or another (.+?) " + re.escape(phrase) + "$", t)
        if m:
            f = _object_filter("another " + m.group(1))
            if f is not None:
                return Trigger(event, "self_or_filter", f), "event"
        m = re.match(r"^(enchanted|equipped) (?:creature|permanent|land) " + re.escape(phrase) + "$", t)
        if m:
            return Trigger(event, m.group(1)), "event"
        m = re.match(r"^(?:a|an|another|one or more) (.+?) " + re.escape(phrase) + "$", t)
        if m:
            other = t.startswith("another ")
            f = _object_filter(("another " if other else "") + m.group(1))
            if f is not None:
                return Trigger(event, "filter", f), "event"
    m = re.match(r"^~ becomes blocked by (?:a|an) (.+)$", t)
    if m:
        # flanking 702.25a: one trigger per blocker, "the blocking creature" is the event's object
        f = _object_filter(m.group(1))
        if f is not None:
            return Trigger("blocked_by", "self", f), "event"
    m = re.match(r"^one or more (.+?) attack$", t)
    if m:
        f = _object_filter(m.group(1))
        if f is not None:
            return Trigger("attack_batch", "filter", f), "batch"
    m = re.match(r"^(.+?) enters under your control$", t)
    if m:
        f = _object_filter(re.sub(r"^(?:a|an) ", "", m.group(1)))
        if f is not None:
            return Trigger("enters", "filter", replace(f, controller="you")), "event"
    m = re.match(r"^~ deals (combat )?damage to (a player|an opponent|a creature|a player or planeswalker)$", t)
    if m:
        to = {"a player": "player", "an opponent": "opponent", "a creature": "creature",
              "a player or planeswalker": "player_or_planeswalker"}[m.group(2)]
        return Trigger("deals_combat_damage" if m.group(1) else "deals_damage", "self", to=to), "event"
    m = re.match(r"^(?:a|an|another) (.+?) deals (combat )?damage to (a player|an opponent|a creature)$", t)
    if m:
        f = _object_filter(("another " if t.startswith("another ") else "") + m.group(1))
        if f is not None:
            to = {"a player": "player", "an opponent": "opponent", "a creature": "creature"}[m.group(3)]
            return Trigger("deals_combat_damage" if m.group(2) else "deals_damage", "filter", f, to=to), "event"
    if t == "a creature dealt damage by ~ this turn dies":
        return Trigger("dies", "filter", Filter(types=frozenset({"Creature"})), to="dealt_damage_by_self"), "event"
    if t == "you gain life":
        return Trigger("life_gained", "you"), "event"
    if t in ("enchanted land is tapped for mana", "enchanted permanent is tapped for mana"):
        return Trigger("tapped_for_mana", "enchanted"), "event"
    m = re.match(r"^(you|a player|an opponent) casts? a spell that's (.+)$", t)
    if m:
        # "a spell that's white, blue, black, or red": the colors as adjectives
        t = f"{m.group(1)} cast{'s' if m.group(1) != 'you' else ''} a {m.group(2)} spell"
    m = re.match(r"^(you|a player|an opponent) casts? (?:your|their) (first|second|third) (?:(.+?) )?spell each turn$", t)
    if m:
        # Counted among that player's spells of that kind this turn (engine.query.trigger_events).
        return _cast_trigger(m.group(1), m.group(3), ("first", "second", "third").index(m.group(2)) + 1)
    m = re.match(r"^(you|a player|an opponent) casts? (?:a|an) (.+?) spell$|"
                 r"^(you|a player|an opponent) casts? a spell$", t)
    if m:
        return _cast_trigger(m.group(1) or m.group(3), m.group(2))
    m = re.match(r"^you copy (?:a|an) (.+?) spell$", t)
    if m:
        # Kalamax: the "copy" event of engine.rules.spell_copies (a copy isn't cast, 707.10).
        found = _cast_trigger("you", m.group(1))
        return None if found is None else (replace(found[0], event="copy"), "event")
    m = re.match(r"^(you|a player|an opponent) draws? a card$", t)
    if m:
        whose = {"you": "you", "a player": "any_player", "an opponent": "opponent"}[m.group(1)]
        return Trigger("draws", whose), "event"
    return None


def _cast_trigger(who: str, kind: str | None, nth: int = 0) -> tuple[Trigger, str] | None:
    """ "you cast a[n] <kind> spell", "an opponent casts their second spell each turn"."""
    subject = {"you": "you", "a player": "any_player", "an opponent": "opponent"}[who]
    f = None
    if kind:
        d = parse_desc(kind + " spell")
        if d is None:
            return None
        f = d.filter
    return Trigger("cast", subject, f, nth=nth), "event"


