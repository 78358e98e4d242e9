"""Trigger conditions (603.1, 603.2): the part of a triggered ability after "When", "Whenever" or
"At" and before the comma.

A trigger condition is read as **subject + event + qualifiers**, not as whole sentences:

- the subject (603.2): "~", "~ or another <desc>", "enchanted/equipped creature", "a/an/another/
  one or more <desc>" (a noun phrase of `phrases.parse_desc`, "you control" and "an opponent
  controls" included), or a player: "you", "a player", "an opponent";
- the event: an object's ("enters [under your control]", "dies", "attacks and isn't blocked",
  "becomes tapped", "blocks a creature with flying", "is put into a graveyard from anywhere",
  "becomes the target of a spell an opponent controls", "one or more +1/+1 counters are put on ~")
  or a player's ("cast(s) a <desc> spell [that targets ~]", "cycle(s) ~", "discard(s) a <desc> card",
  "gain(s)/lose(s) life", "sacrifice(s) a <desc>", "attack(s) [with N or more creatures]",
  "draw(s) your second card each turn");
- alternatives: "<event> or <event>" ("~ enters or attacks", "you cycle ~ or it dies", "you cast or
  copy an instant spell") are one ability with two trigger events (603.2), compiled as one
  ability per event.

The steps ("at the beginning of your upkeep", "at end of combat", "at the beginning of the upkeep of
enchanted creature's controller") are read first. `parse_trigger` returns the trigger and what
"it"/"that player" refers to in the effect.
"""
from __future__ import annotations

import re
from dataclasses import replace

from engine.core.abilities import Filter, Trigger
from engine.core.subtypes import LAND_TYPES
from engine.oracle.conditions import parse_condition
from engine.oracle.phrases import COLOR_LETTER, parse_desc
from engine.oracle.text import number


def _object_filter(text: str) -> Filter | None:
    d = parse_desc(text)
    if d is None or d.nouns & {"player", "opponent", "spell", "card", "source"}:
        return None
    f = d.filter
    types = {n.capitalize() for n in d.nouns if n not in ("permanent", "token")}
    if types and not f.types and not f.any_of:
        f = replace(f, types=frozenset(types))
    return f


def _card_filter(text: str) -> Filter | None:
    """ "a creature card", "a card", "a nonland card": cards in a zone other than the battlefield."""
    d = parse_desc(text)
    if d is None or not d.nouns <= {"card"}:
        return None
    return d.filter


_STEPS = {"upkeep": "upkeep", "draw step": "draw", "end step": "end", "precombat main phase": "main1",
          "combat": "beginning_of_combat", "postcombat main phase": "main2"}
_WHOSE = {"your": "you", "each": "each", "the": "each", "each player's": "each", "each opponent's": "opponent",
          "an opponent's": "opponent", "enchanted player's": "enchanted_player",
          "enchanted opponent's": "enchanted_player",
          "the upkeep of enchanted creature's controller": "enchanted_controller"}
_PLAYERS = {"you": "you", "a player": "any_player", "an opponent": "opponent", "each player": "any_player",
            "each opponent": "opponent", "a player or planeswalker": "any_player",
            "enchanted player": "enchanted_player", "enchanted opponent": "enchanted_player",
            # 102.3: in a game without teams (the only one played) every other player is an opponent
            "another player": "opponent"}
# The events of a Curse's enchanted player (303.4) whose matchers tell that player apart (query.trigger_events).
_ENCHANTED_PLAYER_EVENTS = frozenset({"cast", "draws", "life_gained", "life_lost", "discards", "player_dealt_damage",
                                      "player_dealt_combat_damage", "player_dealt_noncombat_damage", "land_played"})


def _step(t: str) -> tuple[Trigger, str] | None:
    m = re.match(r"^the beginning of (your|each|the|each player's|each opponent's|an opponent's|enchanted player's|"
                 r"enchanted opponent's) "
                 r"(upkeep|draw step|end step|precombat main phase|postcombat main phase)$", t)
    if m:
        return Trigger("step", "you" if m.group(1) == "your" else "any_player", step=_STEPS[m.group(2)],
                       whose=_WHOSE[m.group(1)]), "active"
    m = re.match(r"^the beginning of the (upkeep|end step|draw step) of enchanted (?:creature|permanent|artifact|"
                 r"enchantment|land)'s controller$", t)
    if m:
        # Aura curses on the enchanted permanent's controller (303.4): "that player" is the active player.
        return Trigger("step", step=_STEPS[m.group(1)], whose="enchanted_controller"), "active"
    m = re.match(r"^the beginning of combat on (your|each|each opponent's) turn$|^the beginning of (each) combat$", t)
    if m:
        return Trigger("step", step="beginning_of_combat", whose=_WHOSE[m.group(1) or m.group(2)]), "active"
    if t == "the beginning of the end step":
        return Trigger("step", step="end", whose="each"), "active"
    if t == "end of combat":
        # 511.2: abilities that trigger "at end of combat" trigger as the end of combat step begins.
        return Trigger("step", step="end_of_combat", whose="each"), "active"
    return None


# ---------------------------------------------------------------- subjects (603.2)

def _subjects(t: str):
    """Every way the text can be read as <subject> <rest>: (subject, filter, rest, plural)."""
    if t.startswith("~ "):
        yield "self", None, t[2:], False
    m = re.match(r"^~ or another (.+)$", t)
    if m:
        words = m.group(1).split(" ")
        for i in range(1, len(words)):
            f = _object_filter("another " + " ".join(words[:i]))
            if f is not None:
                yield "self_or_filter", f, " ".join(words[i:]), False
    m = re.match(r"^(enchanted|equipped) (?!player\b)[a-z-]+ (.+)$", t)
    if m:
        yield m.group(1), None, m.group(2), False
    m = re.match(r"^the creature (?:~|it) haunts (.+)$", t)
    if m:
        yield "haunted", None, m.group(1), False      # haunt 702.55c: a trigger of the card in exile
    # "a legendary permanent other than ~ is put into ...": another one
    t = re.sub(r"^(?:a|an) ([a-z -]+?) other than ~ ", r"another \1 ", t)
    m = re.match(r"^(a|an|another|one or more(?: other)?) (.+)$", t)
    if m:
        words = m.group(2).split(" ")
        other = m.group(1) in ("another", "one or more other")
        for i in range(1, len(words)):
            f = _object_filter(("another " if other else "") + " ".join(words[:i]))
            if f is not None:
                yield "filter", f, " ".join(words[i:]), m.group(1).startswith("one or more")


_PLURAL_VERBS = {"attack": "attacks", "die": "dies", "enter": "enters", "leave": "leaves", "deal": "deals",
                 "block": "blocks", "become": "becomes", "are": "is"}


def _singular_noun(desc: str) -> str:
    """ "other creatures" -> "other creature", "blood tokens" -> "blood token": the last word singular."""
    return re.sub(r"(?<=[a-z])s$", "", desc)


def _singular_verb(rest: str) -> str:
    w, _, more = rest.partition(" ")
    return (_PLURAL_VERBS[w] + (" " + more if more else "")) if w in _PLURAL_VERBS else rest


# ---------------------------------------------------------------- events of objects

_SIMPLE = {"enters": "enters", "enters the battlefield": "enters", "enters untapped": "enters_untapped", "dies": "dies",
           "leaves the battlefield": "leaves", "attacks": "attacks", "blocks": "blocks",
           "becomes blocked": "becomes_blocked", "becomes tapped": "tapped", "becomes untapped": "untapped",
           "is dealt damage": "dealt_damage", "is dealt combat damage": "dealt_combat_damage",
           "is put into a graveyard from the battlefield": "put_into_graveyard",
           "is put into exile from the battlefield": "leaves_to_exile",
           "is exiled from the battlefield": "leaves_to_exile",
           # the trigger conditions of bushido 702.45a and exalted 702.83a
           "attacks alone": "attacks_alone",
           # 509.1h: declared blockers leave it unblocked
           "attacks and isn't blocked": "unblocked",
           "is sacrificed": "sacrificed",
           "is turned face up": "turned_face_up",
           "is exerted": "exerted",
           "exploits a creature": "exploits",
           "mutates": "mutates",      # 702.140d
           "explores": "explores",    # 701.44b
           "evolves": "evolves",      # 702.100d  # 702.110b            # 701.43, the "when you do" of exert (607.2h)
           # 701.27e: a double-faced permanent turned to the face with this ability
           "transforms into ~": "transforms", "enters or transforms into ~": "enters_or_transforms"}       # 702.37e, 708.8
_DAMAGED = {"a player": "player", "an opponent": "opponent", "a creature": "creature", "you": "you",
            "a player or planeswalker": "player_or_planeswalker", "a planeswalker": "planeswalker",
            "one of your opponents": "opponent", "an opponent or planeswalker": "player_or_planeswalker"}


def _object_event(subject: str, flt: Filter | None, rest: str) -> Trigger | None:
    """The event of an object subject ("enters under your control", "deals combat damage to a player")."""
    rest = re.sub(r"^enters the battlefield", "enters", rest)
    # 810.2: without teams (the engine plays no Two-Headed Giant) "your team" is you
    rest = rest.replace(" under your team's control", " under your control")
    event = _SIMPLE.get(rest)
    if event == "leaves_to_exile":
        return Trigger("leaves", subject, flt, to="exile")
    if event is not None:
        return Trigger(event, subject, flt, from_zone="battlefield" if event == "put_into_graveyard" else "")
    m = re.match(r"^is dealt damage by (?:a|an) (.+)$", rest)
    by = _object_filter(m.group(1)) if m and subject == "self" else None
    if by is not None:
        # "Whenever ~ is dealt damage by an attacking creature": the source as it deals the damage (120.1)
        return Trigger("dealt_damage", subject, by)
    m = re.match(r"^transforms into (?:a|an) (.+)$", rest)
    into = _object_filter(m.group(1)) if m and subject == "filter" and replace(flt, controller=None) == Filter() else None
    if into is not None and into.controller is None:
        # "Whenever a permanent you control transforms into a non-Human creature": what it is once transformed
        # (701.27e), the subject saying only whose it is
        return Trigger("transforms", subject, replace(into, controller=flt.controller))
    m = re.match(r"^enters (?:the battlefield )?from (?:a|your) graveyard$", rest)
    if m and subject == "self":
        # the zone it entered from (603.6a): a card in a graveyard is in its owner's, so "your graveyard" is one too
        return Trigger("enters", subject, from_zone="graveyard")
    m = re.match(r"^enters (?:the battlefield )?under (your|an opponent's) control$", rest)
    if m and subject in ("filter", "self_or_filter"):
        return Trigger("enters", subject, replace(flt, controller="you" if m.group(1) == "your" else "opponent"))
    if rest == "enters under enchanted player's control" and subject == "filter" and flt.controller is None:
        # a Curse's (303.4): the permanent enters under the control of the player it enchants
        return Trigger("enters", subject, flt, to="enchanted_player")
    m = re.match(r"^enters tapped(?: and under (your|an opponent's) control)?$", rest)
    if m and subject == "filter":
        # "Whenever a permanent enters tapped and under your control" (614.1c: it entered tapped)
        return Trigger("enters_tapped", subject, flt if m.group(1) is None else
                       replace(flt, controller="you" if m.group(1) == "your" else "opponent"))
    if m and subject == "self":
        return None
    m = re.match(r"^deals (\w+) or more (combat )?damage to (a player|an opponent)$", rest)
    if m and number(m.group(1)):
        # "Whenever ~ deals 6 or more damage to an opponent": one event of that much damage at least (120.3)
        event = "deals_combat_damage" if m.group(2) else "deals_damage"
        return Trigger(event, subject, flt, to=_DAMAGED[m.group(3)], least=number(m.group(1)))
    m = re.match(r"^deals combat damage to one or more (.+)$", rest)
    batch = _object_filter(_singular_noun(m.group(1))) if m and subject == "self" else None
    if batch is not None:
        # "Whenever ~ deals combat damage to one or more blocking creatures": once in a combat damage step (510.2,
        # 603.2c), the filter the permanents dealt damage
        return Trigger("deals_combat_damage_batch", subject, batch, to="object")
    m = re.match(r"^deals (combat )?damage(?: to (.+))?$", rest)
    if m:
        to = "" if m.group(2) is None else _DAMAGED.get(m.group(2))
        event = "deals_combat_damage" if m.group(1) else "deals_damage"
        damaged = re.match(r"^(?:a|an) (.+)$", m.group(2) or "")
        if to is None and damaged and subject in ("self", "enchanted", "equipped"):
            # "Whenever ~ deals damage to a Vampire": the filter is the permanent dealt damage (its subject has none)
            f = _object_filter(damaged.group(1))
            return None if f is None else Trigger(event, subject, f, to="object")
        if to is None:
            return None
        return Trigger(event, subject, flt, to=to)
    m = re.match(r"^is put into (a|a player's|your|an opponent's) graveyard from (the battlefield|anywhere|your library)$",
                 rest)
    if m:
        owner = {"a": "", "a player's": "", "your": "you", "an opponent's": "opponent"}[m.group(1)]
        src = {"the battlefield": "battlefield", "anywhere": "", "your library": "library"}[m.group(2)]
        if src == "battlefield":
            return Trigger("put_into_graveyard", subject, flt, from_zone="battlefield", whose=owner or "any")
        return Trigger("to_graveyard", subject, flt, from_zone=src, whose=owner or "any")
    m = re.match(r"^becomes the target of (a spell or ability|a spell|an ability)"
                 r"( an opponent controls| your opponents control| you control)?( for the first time each turn)?$",
                 rest)
    if m:
        # ward 702.21a: "that spell or ability" is the event's object
        to = {"a spell or ability": "", "a spell": "spell", "an ability": "ability"}[m.group(1)]
        whose = "any" if m.group(2) is None else "you" if m.group(2) == " you control" else "opponent"
        return Trigger("becomes_target", subject, flt, to=to, whose=whose, once_each_turn=bool(m.group(3)))
    if rest == "is tapped for mana":
        return Trigger("tapped_for_mana", subject, flt)       # 605.1b
    m = re.match(r"^is returned to (your|its owner's) hand(?: from the battlefield)?$", rest)
    if m and (subject == "filter" or m.group(1) != "your"):
        # a permanent put into a hand (400.7): "your hand" is its owner's, you (108.3)
        return Trigger("leaves", subject, replace(flt, owner="you") if m.group(1) == "your" else flt, to="hand")
    if m and subject == "self_or_filter":
        # "Whenever ~ or another creature is returned to your hand from the battlefield": ~ too only if you own it
        # (whose, checked of the event's owner by the matcher)
        return Trigger("leaves", subject, replace(flt, owner="you"), to="hand", whose="you")
    if rest == "becomes unattached from a permanent" and subject == "self":
        # 701.3d: moved to another, unattached, or either of them left the battlefield (603.10c looks back)
        return Trigger("unattached", subject)
    if rest in ("crews a vehicle", "becomes crewed") and subject == "self":
        # 702.122b, 702.122d: tapped to pay a Vehicle's crew cost ("that Vehicle" is it); a crew ability of ~ resolves
        return Trigger("crews" if rest == "crews a vehicle" else "crewed")
    if rest in ("phases in", "phases out") and subject == "self":
        # 702.26b-c; phasing out looks back in time (603.10b: engine.rules.triggers)
        return Trigger("phased_in" if rest == "phases in" else "phased_out")
    if rest == "is put into a graveyard" and subject in ("enchanted", "equipped"):
        # the permanent an Aura or Equipment is attached to can only go there from the battlefield
        return Trigger("put_into_graveyard", subject, from_zone="battlefield")
    if rest == "is put into exile" and subject in ("enchanted", "equipped"):
        return Trigger("leaves", subject, to="exile")      # likewise only from the battlefield
    m = re.match(r"^becomes attached to (?:(~)|(?:a|an) (.+))$", rest)
    if m and subject in ("self", "filter") and not (subject == "self" and m.group(1)):
        # 603.2e, 701.3a: attached now (an Aura entering attached too, 303.4f); "that creature" is the permanent it
        # becomes attached to, the event's object
        host = None if m.group(1) else _object_filter(m.group(2))
        if m.group(1) is None and host is None:
            return None
        return Trigger("attached", subject, flt, to="self" if m.group(1) else "", host=host)
    m = re.match(r"^becomes (monstrous|renowned)$", rest)
    if m:
        return Trigger("designated", subject, flt, to=m.group(1))
    m = re.match(r"^blocks (?:a|an) (.+)$", rest)
    if m and subject in ("self", "enchanted", "equipped"):
        f = _object_filter(m.group(1))
        return None if f is None else Trigger("blocks_creature", subject, f)
    m = re.match(r"^(?:becomes blocked|is blocked) by (?:a|an) (.+)$", rest)
    if m and subject in ("self", "enchanted", "equipped"):
        f = _object_filter(m.group(1))
        return None if f is None else Trigger("blocked_by", subject, f)
    m = re.match(r"^(blocks|becomes blocked by|blocks or becomes blocked by) one or more (.+)$", rest)
    if m and subject in ("self", "enchanted", "equipped"):
        # once for the declaration, however many of those creatures it blocks or is blocked by (603.2c)
        f = _object_filter(m.group(2))
        if f is None:
            return None
        blocks, blocked = Trigger("blocks_batch", subject, f), Trigger("blocked_by_batch", subject, f)
        if m.group(1) == "blocks or becomes blocked by":
            return replace(blocks, alternatives=(blocks, blocked))
        return blocks if m.group(1) == "blocks" else blocked
    m = re.match(r"^blocks or becomes blocked by (?:a|an) (.+)$", rest)
    if m and subject in ("self", "enchanted", "equipped"):
        f = _object_filter(m.group(1))
        if f is None:
            return None
        return Trigger("blocks_creature", subject, f, alternatives=(Trigger("blocks_creature", subject, f),
                                                                   Trigger("blocked_by", subject, f)))
    m = re.match(r"^attacks (you|a player|an opponent|you or a planeswalker you control|enchanted player)$", rest)
    if m:
        return Trigger("attacks", subject, flt, to={"you": "you", "a player": "player", "an opponent": "opponent",
                                                    "you or a planeswalker you control": "you_or_yours",
                                                    "enchanted player": "enchanted_player"}[m.group(1)])
    return None


def _counters_event(t: str) -> Trigger | None:
    """ "one or more +1/+1 counters are put on ~", "a +1/+1 counter is put on a creature you control"; "you put one
    or more -1/-1 counters on a creature", "you put one or more counters on a creature you don't control": the player
    who puts them (122.6), once for each object they're put on."""
    m = re.match(r"^(?:a|an|one or more) ([+\-\d/]+|[a-z]+) counters? (?:is|are) put on (.+)$", t)
    whose = "any"
    if not m:
        m = re.match(r"^(?:you put|an opponent puts) (?:a|an|one or more) (?:([+\-\d/]+|[a-z]+) )?counters? on (.+)$", t)
        whose = "you" if t.startswith("you ") else "opponent"
    if not m:
        return None
    kind, on = m.group(1) or "", m.group(2)
    if on == "~":
        return Trigger("counters_put", "self", counter=kind, whose=whose)
    on = re.sub(r"^(?:a|an|another) ", lambda x: "another " if x.group(0) == "another " else "", on)
    f = _object_filter(on)
    return None if f is None else Trigger("counters_put", "filter", f, counter=kind, whose=whose)


# ---------------------------------------------------------------- events of players

def _player_event(subject: str, rest: str) -> tuple[Trigger, str] | None:
    """A player's event: cast, copy, cycle, discard, gain or lose life, sacrifice, attack, draw."""
    s = re.sub(r"^(cast|copie|cycle|discard|gain|lose|sacrifice|attack|draw|put|surveil|scrie|clashe|get|tap)s\b",
               r"\1", rest)
    s = "clash" if s == "clashe" else s
    s = s.replace("copie", "copy").replace("scrie", "scry")
    m = re.match(r"^cast or copy (.+)$", s)
    if m:
        one = _cast(subject, m.group(1))
        if one is None:
            return None
        return replace(one, alternatives=(one, replace(one, event="copy"))), "player"
    if rest in ("kicks a spell", "kick a spell"):
        return Trigger("cast", subject, to="kicked"), "player"        # 702.33d: casts a kicked spell
    m = re.match(r"^(cast|copy) (.+)$", s)
    if m:
        one = _cast(subject, m.group(2))
        if one is None:
            return None
        return (replace(one, event="copy") if m.group(1) == "copy" else one), "player"
    if s == "cycle ~":
        return Trigger("cycled", "self"), "self"
    m = re.match(r"^cycle (a|another) card( for the first time each turn)?$", s)
    if m:
        # "for the first time each turn": that player's first cycle this turn (of another card), counted in the turn log
        return Trigger("cycled", subject, Filter(other=True) if m.group(1) == "another" else None,
                       nth=1 if m.group(2) else 0), "player"
    if s == "discard ~":
        # the card's own trigger, noticed where it was discarded to (engine.rules.triggers)
        return (Trigger("discarded_self", "self"), "self_card") if subject == "you" else None
    # 702.29a: cycling discards the card, so "cycle or discard a card" is one event, the discard.
    s = re.sub(r"^cycle or discard ", "discard ", s)
    m = re.match(r"^discard (?:a|an) (.+?) or (?:a|an) (.+)$", s)
    either = (_card_filter(m.group(1)), _card_filter(m.group(2))) if m else (None, None)
    if None not in either:
        # "you discard a Spirit card or a card with disturb": a card of either kind
        return Trigger("discards", subject, Filter(any_of=either)), "player"
    m = re.match(r"^discard (a|an|another|one or more) (.+)$", s)
    if m:
        f = _card_filter(m.group(2).removesuffix("s") if m.group(1) == "one or more" else m.group(2))
        if f is None:
            return None
        if m.group(1) == "another":
            f = replace(f, other=True)
        if m.group(1) == "one or more":
            # once for each simultaneous event, however many cards (603.2c): "them" names none of them yet
            return Trigger("discards_batch", subject, f if f != Filter() else None), "batch_cards"
        return Trigger("discards", subject, f if f != Filter() else None), "player"
    m = re.match(r"^plays? (a|an|another) (.+)$", rest)
    f = _object_filter(("another " if m.group(1) == "another" else "") + m.group(2)) if m else None
    if f is not None and (f.types == frozenset({"Land"}) or (not f.types and f.subtypes and f.subtypes <= LAND_TYPES)):
        # 305.1: playing a land (a special action, 116.2a), not a land put onto the battlefield by an effect
        return Trigger("land_played", subject, f), "player"
    m = re.match(r"^activates? (a loyalty ability|an ability) of (?:a|an) (.+?)( that isn't a mana ability)?$", rest)
    if m and (m.group(1) == "an ability") == bool(m.group(3)):
        # 602.2 (a mana ability's activation sets off no such trigger: it doesn't use the stack, 605.3b)
        f = _object_filter(m.group(2))
        if f is None:
            return None
        return Trigger("activated", subject, f, to="loyalty" if m.group(1) == "a loyalty ability" else ""), "player"
    m = re.match(r"^activates? ~'s (outlast) ability$", rest)
    if m and subject == "you":
        # 702.107a: the activated ability the keyword stands for, of ~ (only its controller activates it, 602.2)
        return Trigger("activated", "self", to=m.group(1)), "player"
    m = re.match(r"^activates? (?:a|an) (boast|equip) ability$", rest)
    if m:
        # "Whenever you activate a boast ability" (702.142b): an activated ability of that keyword put on the stack
        return Trigger("activated", subject, to=m.group(1)), "player"
    m = re.match(r"^becomes? the target of (a spell or ability|a spell|an ability)"
                 r"( an opponent controls| your opponents control| you control)?$", rest)
    if m:
        # a player among the targets (115.1): "that spell or ability" is the event's object, "that player" isn't
        # the player targeted (the event's player is the one who cast or activated it), so it names none
        to = {"a spell or ability": "", "a spell": "spell", "an ability": "ability"}[m.group(1)]
        whose = "any" if m.group(2) is None else "you" if m.group(2) == " you control" else "opponent"
        return Trigger("becomes_target", subject, to=to, whose=whose), "targeted_player"
    if rest in ("play a card", "plays a card"):
        # a land played (305.1) or a spell cast (601.2i) that is a card, not a copy (707.12, 108.2)
        cast, land = Trigger("cast", subject, to="card"), Trigger("land_played", subject, Filter(types=frozenset({"Land"})))
        return replace(cast, alternatives=(cast, land)), "player"
    if rest in ("search your library", "searches their library"):
        return Trigger("searched", subject), "player"       # 701.23a: their own library
    if rest in ("pay life", "pays life"):
        return Trigger("life_paid", subject), "player"      # 119.4
    if s in ("gain life", "lose life"):
        return Trigger("life_gained" if s.startswith("gain") else "life_lost", subject), "player"
    if s in ("gain life during your turn", "lose life during your turn"):
        return Trigger("life_gained" if s.startswith("gain") else "life_lost", subject, whose="your_turn"), "player"
    m = re.match(r"^(gain|lose) life for the first time each turn$", s)
    if m:
        # the player's first life gain (loss) this turn, not the ability's first trigger (it may enter after one)
        return Trigger("life_gained" if m.group(1) == "gain" else "life_lost", subject, nth=1), "player"
    m = re.match(r"^sacrifice (~|a|an|another|one or more)(?: (.+))?$", s)
    if m:
        if m.group(1) == "~":
            return Trigger("sacrificed", "self"), "self"
        f = _object_filter(("another " if m.group(1) == "another" else "")
                           + (_singular_noun(m.group(2)) if m.group(1) == "one or more" else m.group(2)))
        if f is None:
            return None
        if m.group(1) == "one or more":
            return Trigger("sacrificed_batch", subject, f), "batch_cards"     # once for each event (603.2c)
        return Trigger("sacrificed", subject, f), "player"
    m = re.match(r"^tap (~|a|an) (?:(.+) )?for mana$", s)
    if m:
        # 605.1b: the player activating a permanent's mana ability is its controller (602.2)
        if m.group(1) == "~":
            return (Trigger("tapped_for_mana", "self"), "player") if subject == "you" else None
        f = _object_filter(m.group(2) or "")
        if f is None:
            return None
        owner = {"you": "you", "opponent": "opponent"}.get(subject)
        return Trigger("tapped_for_mana", "filter", replace(f, controller=owner) if owner else f), "player"
    if s in ("attack", "attack with creatures", "attack with one or more creatures"):
        return Trigger("attack_batch", subject), "batch"
    if s == "attack enchanted player with one or more creatures":
        return Trigger("attack_batch", subject, to="enchanted_player"), "batch"      # a Curse's (303.4)
    if s == "attack a planeswalker you control with one or more creatures" and subject == "opponent":
        # 508.1b: once for the declaration, if a creature attacks a planeswalker the ability's controller controls
        return Trigger("attack_batch", subject, to="your_planeswalkers"), "batch"
    if s in ("attack one or more of your opponents", "attack one of your opponents"):
        # 508.1: once for the declaration, if a creature attacks a player who is an opponent of the ability's controller
        return Trigger("attack_batch", subject, to="your_opponents"), "batch"
    m = re.match(r"^exerts? (a|an) (.+)$", s)
    if m and subject == "you":
        f = _object_filter(m.group(2))
        return (Trigger("exerted", "filter", replace(f, controller="you")), "object") if f is not None else None
    m = re.match(r"^attack with (one|two|three|four|five) or more (.+)$", s)
    if m:
        # "you attack with two or more creatures [with flying]": counted over the declaration
        n = ("one", "two", "three", "four", "five").index(m.group(1)) + 1
        f = _object_filter(m.group(2))
        if f is None:
            return None
        return Trigger("attack_batch", subject, None if f == Filter(types=frozenset({"Creature"})) else f, nth=n), \
            "batch"
    if re.fullmatch(r"draw a card except the first one (?:you|they) draw in each of (?:your|their) draw steps", s):
        return Trigger("draws", subject, to="not_first_in_draw_step"), "player"      # 504.1
    m = re.match(r"^draw (?:a card|(?:your|their) (first|second|third) card each turn)$", s)
    if m:
        nth = ("first", "second", "third").index(m.group(1)) + 1 if m.group(1) else 0
        return Trigger("draws", subject, nth=nth), "player"
    if s in ("surveil", "scry", "clash"):
        return Trigger(s, subject), "player"
    m = re.match(r"^(surveil|scry) for the first time each turn$", s)
    if m:
        return Trigger(m.group(1), subject, nth=1), "player"     # that player's first this turn
    m = re.match(r"^(win|lose)s? a coin flip$", rest)
    if m:
        return Trigger("coin_flip", subject, to="won" if m.group(1) == "win" else "lost"), "player"     # 705.2
    if rest in ("roll one or more dice", "rolls one or more dice"):
        return Trigger("die_roll", subject), "player"        # 706.1: once for each instruction to roll
    if s == "complete a dungeon" or rest == "completes a dungeon":
        return Trigger("dungeon_completed", subject), "player"     # 309.7
    if s == "get one or more {e}":
        return Trigger("energy", subject), "player"         # 107.14
    m = re.match(r"^(?:are|is|'re) dealt (\w+) or more damage by a single source$", rest)
    if m and number(m.group(1)):
        # "Whenever an opponent is dealt 3 or more damage by a single source": one damage event of that much at least
        # (120.3: a source's damage to a player dealt at once); "that player" is the player dealt it
        return Trigger("player_dealt_damage", subject, least=number(m.group(1))), "event"
    m = re.match(r"^(?:are|is|'re) dealt (combat |noncombat )?damage$", rest)
    if m:
        kind = {"combat ": "player_dealt_combat_damage", "noncombat ": "player_dealt_noncombat_damage"}
        # "that player" is the player dealt the damage, the damage event's target ("event"; it names no "player")
        return Trigger(kind.get(m.group(1) or "", "player_dealt_damage"), subject), "event"
    return None


def _cast(subject: str, what: str) -> Trigger | None:
    """ "a <desc> spell [that targets ~ / that targets only ~]", "~", "your first spell each turn"."""
    if what == "~":
        return Trigger("cast", "self") if subject == "you" else None
    m = re.match(r"^(?:your|their) (first|second|third) (?:(.+?) )?spell (each turn|during each opponent's turn)$",
                 what)
    if m:
        # Counted among that player's spells of that kind this turn (engine.query.trigger_events); "during
        # each opponent's turn": cast in an opponent's turn (whose).
        t = _cast_trigger(subject, m.group(2))
        whose = "opponent" if m.group(3) != "each turn" else "any"
        return None if t is None else replace(t, nth=("first", "second", "third").index(m.group(1)) + 1, whose=whose)
    m = re.match(r"^(?:a|an) (?:(.+?) )?spell other than the first (?:(.+?) )?spell (?:that player casts|they cast|you cast) "
                 r"each turn$", what)
    if m and m.group(1) == m.group(2):
        # "an instant spell other than the first instant spell that player casts each turn": that player's second
        # such spell this turn or a later one (least)
        t = _cast_trigger(subject, m.group(1))
        return None if t is None else replace(t, least=2)
    m = re.match(r"^(.+? spell) from (anywhere other than (?:their|your) hand|(?:their|your) graveyard|exile)$", what)
    if m:
        # 601.2a: the zone the spell was cast from ("from anywhere other than their hand": any but a hand)
        t = _cast(subject, m.group(1))
        where = m.group(2)
        zone = "not_hand" if where.startswith("anywhere") else "graveyard" if where.endswith("graveyard") else "exile"
        return None if t is None or t.nth or t.from_zone else replace(t, from_zone=zone)
    m = re.match(r"^(.+? spell) during (your|an opponent's) turn$", what)
    if m:
        # whose turn it is as the spell is cast: the ability's controller's, or an opponent's
        t = _cast(subject, m.group(1))
        return None if t is None or t.nth or t.whose != "any" else \
            replace(t, whose="your_turn" if m.group(2) == "your" else "opponent")
    m = re.match(r"^a kicked (?:(.+?) )?spell$", what)
    if m:
        # 702.33d: a kicked spell is one whose kicker cost was paid
        t = _cast_trigger(subject, m.group(1))
        return None if t is None else replace(t, to="kicked")
    m = re.match(r"^a spell that's both (white|blue|black|red|green) and (white|blue|black|red|green)$", what)
    if m:
        # "a spell that's both blue and red": each color (the second one as an alternative that must also match)
        one, two = (Filter(colors=frozenset({COLOR_LETTER[c]})) for c in m.groups())
        return Trigger("cast", subject, replace(one, any_of=(two,)))
    m = re.match(r"^a spell that's (.+)$", what)
    if m:
        # "a spell that's white, blue, black, or red": the colors as adjectives
        what = f"a {m.group(1)} spell"
    targets = ""
    m = re.match(r"^(.+? spell) that targets (only )?(~|a creature you control|one or more creatures you control)$",
                 what)
    if m:
        what, targets = m.group(1), "targets_self" if m.group(3) == "~" else "targets_yours"
    m = re.match(r"^(?:a|an) (?:(.+?) )?spell$", what)
    if not m:
        # "a spell of the chosen color", "a spell with mana value 4 or greater": a noun phrase
        d = parse_desc(re.sub(r"^(?:a|an) ", "", what))
        if d is None or d.nouns != {"spell"}:
            return None
        return Trigger("cast", subject, d.filter, to=targets)
    t = _cast_trigger(subject, m.group(1))
    return None if t is None else replace(t, to=targets)


def _cast_trigger(subject: str, kind: str | None) -> Trigger | None:
    f = None
    if kind:
        d = parse_desc(kind + " spell")
        if d is None:
            return None
        f = d.filter
    return Trigger("cast", subject, f)


# ---------------------------------------------------------------- the whole condition

def _one(t: str) -> tuple[Trigger, str] | None:
    """One trigger event with its subject."""
    counters = _counters_event(t)
    if counters is not None:
        return counters, "self" if counters.subject == "self" else "event"
    for word, subject in sorted(_PLAYERS.items(), key=lambda kv: -len(kv[0])):
        if t.startswith(word + " ") or t.startswith(word + "'re "):
            found = _player_event(subject, t[len(word):].lstrip(" "))
            if found is not None and subject == "enchanted_player" and (
                    found[0].event not in _ENCHANTED_PLAYER_EVENTS or found[0].alternatives):
                return None
            if found is not None:
                return found
    for subject, flt, rest, plural in _subjects(t):
        if plural:
            if re.match(r"^attack\b", rest) and rest in ("attack", "attack you"):
                return Trigger("attack_batch", "filter", flt), "batch"
            rest = _singular_verb(rest)
        ev = _object_event(subject, flt, rest)
        if plural and ev is not None and ev.event == "deals_combat_damage":
            # "one or more creatures you control deal combat damage to a player": once per damage step
            ev = replace(ev, event="deals_combat_damage_batch")
        if plural and ev is not None and ev.event in _BATCHED and subject == "filter":
            # "Whenever one or more creatures you control die": once for each simultaneous event, however many
            # objects it moves (603.2c); "it" names none of them
            return replace(ev, event=ev.event + "_batch"), "batch_cards"
        if plural and ev is not None and ev.event in _BATCHED:
            return None
        if ev is not None and subject == "self" and ev.event in _NAMES_ANOTHER:
            return ev, "self_event"
        if ev is not None and ev.event in _DAMAGE_EVENTS and ev.to in ("player", "opponent", "you"):
            return ev, "source_event"
        if ev is not None:
            return ev, "self" if subject == "self" and ev.event not in _ABOUT_THE_EVENT else "event"
    return None


# Zone changes a plural subject ("one or more creatures") sees once for each simultaneous event (603.2c).
_BATCHED = ("dies", "enters", "leaves", "put_into_graveyard")
# Events where "it" / "that creature" in the effect is the event's object even when the subject is ~:
# the object that left the battlefield (it's a new object now, 400.7).
_ABOUT_THE_EVENT = ("dies", "leaves", "put_into_graveyard", "to_graveyard", "sacrificed")
# Events of ~ that name another object or player: "it" stays ~ (the source, 603.2), while "that creature"
# / "that player" is the creature ~ blocked or was blocked by, or the one ~ dealt damage to ("self_event").
_NAMES_ANOTHER = ("blocked_by", "blocks_creature", "deals_damage", "deals_combat_damage", "unattached", "crews",
                  "attached")
# "Whenever a Vampire you control deals combat damage to a player, put a +1/+1 counter on it": "it" and
# "that creature" are the creature that dealt the damage, "that player" the player dealt it ("source_event").
_DAMAGE_EVENTS = ("deals_damage", "deals_combat_damage", "deals_noncombat_damage")


def parse_trigger(text: str) -> tuple[Trigger, str] | None:
    """The trigger and what "it" / "that player" refers to in the effect: "self", "event" (the
    object or player of the event), "self_event" (~, with "that creature" / "that player" the event's other
    object), "source_event" (the object that dealt the damage, "that player" the player dealt it), "player"
    (the event's object, and its player as "that player"),
    "active" (the active player), "batch" (the attackers). None when the events of "<event> or <event>"
    give "it" different referents (`trigger_events` reads those)."""
    events = trigger_events(text)
    if events is None:
        return None
    joined = by_referent(events)
    return joined[0] if len(joined) == 1 else None


def by_referent(events: tuple[tuple[Trigger, str], ...]) -> tuple[tuple[Trigger, str], ...]:
    """The events as one trigger with alternatives when "it" names the same in each, else as they are:
    the effect is then read once for each event, with that event's referent."""
    if len({it for _, it in events}) > 1:
        return events
    if len(events) == 1:
        return events
    ta, it = events[0]
    return (replace(ta, alternatives=tuple(a for t, _ in events for a in (t.alternatives or (t,)))), it),


def trigger_events(text: str) -> tuple[tuple[Trigger, str], ...] | None:
    """The trigger events of a trigger condition, each with what "it" refers to when that event
    triggers the ability: "~ enters or dies" is one ability with two events (603.2), and "it" is ~ on
    the battlefield in the one and the new object in the graveyard in the other (400.7)."""
    t = text.strip()
    found = _step(t) or _one(t) or _special(t)
    if found is not None:
        return (found,)
    m = re.match(r"^(.+) during (your|an opponent's) turn$", t)
    if m:
        # "Whenever one or more artifacts you control leave the battlefield during your turn": a qualifier of any
        # event, whose turn it is as it happens (603.2)
        events = trigger_events(m.group(1))
        during = "you" if m.group(2) == "your" else "opponent"
        if events is None or any(tr.event == "step" or tr.during for tr, _ in events):
            return None
        return tuple((replace(tr, during=during, alternatives=tuple(replace(a, during=during) for a in tr.alternatives)),
                      it) for tr, it in events)
    m = re.match(r"^~ or ((?:enchanted|equipped) [a-z]+) (.+)$", t)
    if m:
        # "whenever ~ or equipped creature attacks": two subjects, two events (an Equipment attacks only as
        # a creature itself, 301.5c); "it" is the creature that attacked, which a damage event's referent
        # (the player dealt damage) isn't
        a, b = _one("~ " + m.group(2)), _one(f"{m.group(1)} {m.group(2)}")
        if a is not None and b is not None and b[0].event not in ("deals_damage", "deals_combat_damage"):
            return a, b
        if a is not None and b is not None and (a[1], b[1]) == ("self_event", "source_event"):
            # "Whenever ~ or equipped creature deals combat damage to a player, you may sacrifice it": "it" is the
            # creature that dealt the damage, ~ or the equipped creature (Ogre-Head Helm's ruling), each event read with
            # its own referent; "that player" is the player dealt the damage in both
            return a, b
    # "<event> or <event>" (the second one's subject may be "it": "you cycle ~ or it dies"); a split
    # where "it" names one thing in both is preferred.
    mixed = None
    for m in re.finditer(r" or ", t):
        left, right = t[:m.start()], t[m.end():]
        a = _step(left) or _one(left)
        if a is None and not re.match(r"^(?:whenever|when|at) ", right):
            # "an attacking creature you control or a blocking creature an opponent controls dies": two subjects, the
            # second one's event said once for both
            for subject, _, rest, _ in _subjects(right):
                a = _one(f"{left} {rest}") if subject == "filter" else None
                if a is not None and a[0].subject != "filter":
                    # "enchanted creature or another modified creature you control dies": one object may be both, and
                    # the enchanted one's trigger is an ability of its own (an Aura's, looking back): not read
                    a = None
                if a is not None:
                    break
        if a is None:
            continue
        if right.startswith("it "):
            right = "~ " + right[3:]
        # "when ~ enters or at the beginning of ...", "at the beginning of your upkeep or whenever you cast ..."
        right = re.sub(r"^(?:whenever|when) ", "", right)
        b = _step(right.removeprefix("at ")) or _one(right)
        for _, _, rest, _ in (_subjects(left) if b is None else ()):
            # "enchanted creature attacks or blocks": the second event has the first one's subject
            b = _one(left[:len(left) - len(rest)] + right)
            if b is not None:
                break
        if b is None:
            continue
        if b[0].subject == "haunted":
            b = (b[0], a[1])     # haunt's "it" is the card in exile (702.55c)
        if a[1] == b[1]:
            return a, b
        mixed = mixed or (a, b)
    return mixed


def _special(t: str) -> tuple[Trigger, str] | None:
    m = re.match(r"^the (first|second|third|fourth|fifth) (?:(.+?) )?spell of a turn is cast$", t)
    if m:
        # counted over every player's spells this turn (whose "turn"), the spell cast now among them; "that spell" is
        # it (the event's object)
        one = _cast_trigger("any_player", m.group(2))
        n = ("first", "second", "third", "fourth", "fifth").index(m.group(1)) + 1
        return None if one is None else (replace(one, nth=n, whose="turn"), "player")
    m = re.match(r"^a spell (you|an opponent)(?:'ve| has) cast is countered$", t)
    if m:
        # 701.6a: a spell that player cast (not a copy, 707.12) countered
        return Trigger("countered", "you" if m.group(1) == "you" else "opponent"), "player"
    m = re.match(r"^a spell or ability an opponent controls causes you to discard (~|a card)$", t)
    if m:
        # ~: a trigger of the card in the graveyard it was discarded to (engine.rules.triggers)
        return (Trigger("discarded_by_opponent", "self"), "self_card") if m.group(1) == "~" else \
            (Trigger("discarded_by_opponent", "you"), "player")
    if t == "~ is put into your hand from your graveyard":
        # a card leaving a graveyard for a hand (400.3: its owner's): a trigger of the card in the hand, looking back
        # (603.10a; engine.rules.triggers)
        return Trigger("graveyard_to_hand_self", "self"), "self_card"
    m = re.match(r"^(a|another) (.*?)card is put into (a|your|an opponent's) graveyard "
                 r"from (anywhere|your library)$", t)
    if m:
        # a card, not a token (108.2): from any zone (603.6a, 603.10a), or from the library (milled, 701.17a)
        f = _card_filter(m.group(2) + "card")
        f = replace(f, other=True) if f is not None and m.group(1) == "another" else f
        whose = {"a": "any", "your": "you", "an opponent's": "opponent"}[m.group(3)]
        src = "" if m.group(4) == "anywhere" else "library"
        return None if f is None else (Trigger("to_graveyard", "filter", replace(f, token=False), whose=whose,
                                               from_zone=src), "event")
    m = re.match(r"^one or more (.*?)cards are put into (a|your|an opponent's) graveyard from (anywhere|your library)$", t)
    if m:
        # 603.2c: once for each event, however many cards it puts there ("batch_cards": "it" names none of them)
        f = _card_filter(m.group(1) + "card")
        whose = {"a": "any", "your": "you", "an opponent's": "opponent"}[m.group(2)]
        src = "" if m.group(3) == "anywhere" else "library"
        return None if f is None else (Trigger("to_graveyard_batch", "filter", replace(f, token=False), whose=whose,
                                               from_zone=src), "batch_cards")
    m = re.match(r"^(a|an|one or more) (.*?)cards? leaves? (your|an opponent's|a) graveyard$", t)
    if m:
        # a card leaving its owner's graveyard for any zone (400.7); "one or more": once for each event (603.2c)
        f = _card_filter(m.group(2) + "card")
        if f is None:
            return None
        whose = {"your": "you", "an opponent's": "opponent", "a": "any"}[m.group(3)]
        if m.group(1) == "one or more":
            return Trigger("leaves_graveyard_batch", "filter", f, whose=whose), "batch_cards"
        return Trigger("leaves_graveyard", "filter", f, whose=whose), "event"
    if re.match(r"^(?:you control no|you control (?:a|an) |there are no|you have no|an opponent controls no|"
                r"there are \w+ or more [+\-\w/]+ counters on ~$|you have \d+ or less life$|"
                r"a player has no cards in hand$|an opponent controls (?:a|an) )", t):
        # 603.8: a state trigger ("when you control no Islands, sacrifice ~")
        cond = parse_condition(t)
        if cond is not None:
            return Trigger("state", "you", state=cond), "self"
    if t == "enchanted player is attacked":
        # a Curse's (303.4): one or more creatures attack that player, declared by the active player (506.2, 508.1);
        # "that player" is the enchanted one
        return Trigger("attack_batch", "any_player", to="enchanted_player"), "attacked_player"
    if t == "day becomes night or night becomes day":
        return Trigger("day_night", "any_player"), "active"       # 731.1a
    m = re.match(r"^~ and at least (one|two|three|four) other creatures? attack$", t)
    if m:
        # counted over the declaration, with ~ among the attackers (508.1)
        n = ("one", "two", "three", "four").index(m.group(1)) + 2
        return Trigger("attack_batch", "self", nth=n), "self"
    m = re.match(r"^~ and at least (one|two|three|four) other ([a-z]+) attack$", t)
    f = _object_filter(m.group(2)) if m else None
    if f is not None and f.subtypes and replace(f, subtypes=frozenset(), types=frozenset()) == Filter():
        # "~ and at least one other Warrior attack": the others of that type among the attackers, ~ among them
        n = ("one", "two", "three", "four").index(m.group(1)) + 1
        return Trigger("attack_batch", "self", replace(f, other=True), nth=n), "self"
    if t == "a creature dealt damage by ~ this turn dies":
        return Trigger("dies", "filter", Filter(types=frozenset({"Creature"})), to="dealt_damage_by_self"), "event"
    m = re.match(r"^a (non(?:creature|artifact|enchantment|land|planeswalker) )?source (you control|an opponent controls) "
                 r"deals (?:(\w+) or more )?(noncombat )?damage(?: to (an opponent|another player|a player|you))?$", t)
    if m and (m.group(3) is None or number(m.group(3))):
        # a spell or a permanent (120.1) and its controller: "that many" is the damage dealt (603.2); "a noncreature
        # source": one that isn't a creature as it deals the damage; no "to ...": dealt to anything
        to = "" if m.group(5) is None else {"a player": "player", "you": "you"}.get(m.group(5), "opponent")
        whose = "you" if m.group(2) == "you control" else "opponent"
        f = Filter(controller=whose, not_types=frozenset({m.group(1)[3:-1].capitalize()}) if m.group(1) else frozenset())
        return Trigger("deals_noncombat_damage" if m.group(4) else "deals_damage", "filter", f,
                       to=to, least=number(m.group(3)) if m.group(3) else 0), "event"
    m = re.match(r"^a (creature|spell) deals damage to ~$", t)
    if m:
        # the source of the damage (120.1) is such an object as it deals it: "that creature" / "that spell" is it
        if m.group(1) == "spell":
            return Trigger("dealt_damage", "self", to="spell"), "source_event"
        return Trigger("dealt_damage", "self", Filter(types=frozenset({"Creature"}))), "source_event"
    m = re.match(r"^a source( of the chosen color)? deals damage to (~|you)$", t)
    if m:
        # "of the chosen color": the color chosen as ~ entered (614.12), the source's as it deals the damage
        f = Filter(chosen="color") if m.group(1) else None
        return (Trigger("dealt_damage", filter=f), "self") if m.group(2) == "~" else \
            (Trigger("player_dealt_damage", "you", f), "event")
    return None


def once_each_turn(effect: str) -> tuple[str, bool]:
    """ "<effect>. This ability triggers only once each turn.": the effect without that sentence."""
    m = re.match(r"^(.*?)\s*This ability triggers only once each turn\.?$", effect, re.DOTALL)
    return (m.group(1), True) if m else (effect, False)
