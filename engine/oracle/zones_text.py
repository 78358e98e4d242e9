"""Moving cards between zones (400.6): a card from a hand onto the battlefield, a card returning itself
from its owner's graveyard (an ability that works from the graveyard, 113.6k).

    from_hand := [player "may"] "put" chosen "from" (your | their) "hand onto the battlefield" ["tapped"]
    chosen    := ("a" | "an") desc "card" | "any number of" desc "cards" | "up to" N desc "cards"
    from_yard := "return ~ from your graveyard to" ("your hand" | "the battlefield" ["tapped"])
    look_hand := "look at" player "'s hand"
    shuffle   := "shuffle" ("~" | "it") "into its owner's library" | [player "shuffles their" | "shuffle your"]
                 ("hand and graveyard" | "hand" | "graveyard") "into" ("their" | "your") "library"
               | "shuffle" ("up to" N | "any number of") "target" desc "cards from your graveyard into your library"
               | "target" ("player" | "opponent") "shuffles" ("up to" N | "any number of") "target" desc "cards from
                 their graveyard into their library"
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.core.abilities import Amount, Ref, SELF, YOU
from engine.core.effect_types import (CommanderToHand, LookAtHand, MoveAllCards, PutFromHand, PutOnLibrary,
                                      PutOntoBattlefield, ReturnToHand, ShuffleIntoLibrary)
from engine.oracle.grammar import Context
from engine.oracle.library_text import counted_cards
from engine.oracle.phrases import parse_desc, parse_objects, parse_player_slot, parse_target

_FROM_HAND = re.compile(r"^(?:(.+?) (may) )?(?:put|puts) (.+?) from (?:your|their) hand onto the battlefield( tapped)?"
                        r"( attached to ~)?$")
SELF_IN_GRAVEYARD = Ref("self_in_graveyard")
AURA_IN_GRAVEYARD = Ref("aura_in_graveyard")
CREATED = Ref("created")
_FROM_GRAVEYARD = re.compile(r"^(?:return ~ from your graveyard to|put ~ from your graveyard onto) (your hand|the battlefield)"
                             r"( tapped)?(?: attached to (that creature|~))?( transformed)?$")


_SHUFFLE_SELF = re.compile(r"^(?:shuffle ~ into its owner's library|~'s owner shuffles it into their library)$")
_SHUFFLE_IT = re.compile(r"^(?:shuffle (?:it|that card) into its owner's library|its owner shuffles it into their library)$")
_SHUFFLE_GRAVEYARD = re.compile(r"^(?:(.+?) shuffles (?:their|the cards from their)|shuffle (?:your|the cards from your)) "
                                r"(hand and graveyard|hand|graveyard) into (?:their|your) library$")


def parse_zone_move(ctx: Context, text: str) -> tuple[Any, ...] | None:
    if ctx.flags.get("self_moved") and text in ("shuffle ~ into its owner's library", "shuffle ~ into your library"):
        # "When ~ is put into your graveyard from the battlefield, you may shuffle ~ into your library": the card in
        # the graveyard, a new object (400.7e), which the event names; a library is its owner's (400.3)
        return (ShuffleIntoLibrary(Ref("event")),)
    if _SHUFFLE_SELF.match(text):
        return (ShuffleIntoLibrary(Ref("self_spell_or_permanent")),)
    if text == "put your commander into your hand from the command zone":
        return (CommanderToHand(YOU),)          # 903.3 (Command Beacon)
    m = re.match(r"^shuffle ((?:up to \w+|any number of) target .+? from your graveyard) into your library$", text)
    if m:
        # "Shuffle up to five target cards from your graveyard into your library" (701.24a)
        mark = ctx.mark()
        what = parse_target(ctx, m.group(1))
        if what is None or len(what) != 1 or what[0].kind != "target" or ctx.targets[what[0].index].zone != "graveyard":
            ctx.reset(mark)
            return None
        return (ShuffleIntoLibrary(what[0]),)
    m = re.match(r"^(target (?:player|opponent)) shuffles ((?:up to \w+|any number of) target .+?) from their graveyard "
                 r"into their library$", text)
    if m:
        # "Target player shuffles up to three target cards from their graveyard into their library": the cards are that
        # player's (601.2c, query.targets.owned_as_said)
        mark = ctx.mark()
        who = parse_target(ctx, m.group(1))
        what = parse_target(ctx, m.group(2) + " from a graveyard") if who is not None else None
        if what is None or len(what) != 1 or what[0].kind != "target" or ctx.targets[what[0].index].zone != "graveyard":
            ctx.reset(mark)
            return None
        ctx.targets[what[0].index] = replace(ctx.targets[what[0].index], owner_target=who[0].index)
        ctx.last_player = who[0]
        return (ShuffleIntoLibrary(what[0]),)
    m = re.match(r"^the owner of (target .+?) shuffles it into their library$", text)
    if m:
        mark = ctx.mark()
        what = parse_target(ctx, m.group(1))
        if what is None or len(what) != 1 or what[0].kind != "target":
            ctx.reset(mark)
            return None
        ctx.subject = Ref("owner_of", what[0].index)       # "..., then draws two cards": the owner
        return (ShuffleIntoLibrary(what[0]),)
    if _SHUFFLE_IT.match(text):
        # "When ~ dies, shuffle it into its owner's library": the card the previous phrase names (400.7)
        return (ShuffleIntoLibrary(ctx.last[0]),) if ctx.last and len(ctx.last) == 1 else None
    m = _SHUFFLE_GRAVEYARD.match(text)
    if m:
        mark = ctx.mark()
        # "When ~ is put into a graveyard from anywhere, its owner shuffles their graveyard into their library": the
        # owner of the card that moved (400.7e)
        who = Ref("event_owner") if m.group(1) == "its owner" and ctx.flags.get("self_moved") else \
            parse_player_slot(ctx, m.group(1)) if m.group(1) else YOU
        if who is None:
            ctx.reset(mark)
            return None
        ctx.subject = who        # "..., then draws seven cards": the same player
        if m.group(2) == "hand":
            # "..., then draw that many cards": the cards the hand had, each player's own for "each player" (701.24a)
            each = who.kind in ("each_player", "each_opponent")
            ctx.flags["that_many"] = Amount("hand_left_by_each" if each else "hand_left_this_way")
            ctx.flags["that_many_player"] = who
        return (ShuffleIntoLibrary(graveyard_of=who, from_zones=tuple(m.group(2).split(" and "))),)
    m = re.match(r"^look at (.+)'s hand$", text)
    if m:
        mark = ctx.mark()
        who = parse_player_slot(ctx, m.group(1))
        if who is None:
            ctx.reset(mark)
            return None
        ctx.flags["hand_revealed"] = who      # "and choose a card from it. That player discards that card."
        ctx.last_player = who
        return (LookAtHand(who),)
    m = re.match(r"^put ~ from your graveyard (on top of|on the bottom of|into) your library(?: (second|third|fourth|fifth) "
                 r"from the top)?$", text)
    if m and (m.group(1) == "into") == bool(m.group(2)):
        # 113.6k: "{2}{G}: Put ~ from your graveyard into your library third from the top" (Bookwurm), from there only
        depth = {"second": 1, "third": 2, "fourth": 3, "fifth": 4}.get(m.group(2) or "", 0)
        return (PutOnLibrary(SELF_IN_GRAVEYARD, top=m.group(1) != "on the bottom of", depth=depth),)
    m = _FROM_GRAVEYARD.match(text)
    if m:
        card = AURA_IN_GRAVEYARD if ctx.flags.get("aura_left") else SELF_IN_GRAVEYARD
        if m.group(1) == "your hand":
            return None if m.group(2) or m.group(3) or m.group(4) else (ReturnToHand(card),)
        # an Aura put onto the battlefield so enchants what its controller chooses as it enters (303.4f,
        # engine.effects.entering.enchanted_on_entering)
        attach_to = _attached_to(ctx, m.group(3))
        if m.group(3) and attach_to is None:
            return None
        # "Put ~ from your graveyard onto the battlefield transformed": back face up (712.14a)
        return (PutOntoBattlefield(card, tapped=bool(m.group(2)), attach_to=attach_to, transformed=bool(m.group(4))),)
    m = re.match(r"^return (all .+? on the battlefield) and (all .+? cards in graveyards) to their owners' hands$", text)
    if m:
        # "Return all creatures on the battlefield and all creature cards in graveyards to their owners' hands"
        mark = ctx.mark()
        what = parse_objects(ctx, m.group(1))
        cards = _ALL_CARDS.match(f"return {m.group(2)} to their owners' hands")
        moved = _all_cards(ctx, cards) if what is not None and len(what) == 1 and what[0].kind == "all" and cards \
            else None
        if moved is None:
            ctx.reset(mark)
            return None
        return (ReturnToHand(what[0]),) + moved
    first = _DEST_FIRST.match(text)
    m = _ALL_CARDS.match(f"{first.group(1)} all {first.group(3)} {first.group(2)}" if first else text)
    if m:
        return _all_cards(ctx, m)
    m = _FROM_HAND.match(text)
    if m:
        return _from_hand(ctx, m.group(1), bool(m.group(2)), m.group(3), bool(m.group(4)), bool(m.group(5)))
    return None


def _attached_to(ctx: Context, what: str | None) -> Ref | None:
    """ "attached to ~" (the source on the battlefield) or "attached to that creature" (the one the trigger
    names): an Aura enters attached to it (303.4i)."""
    if what == "~" and not ctx.flags.get("self_card"):
        return SELF
    if what == "that creature" and ctx.last is not None and len(ctx.last) == 1 and ctx.last[0].kind == "event":
        return ctx.last[0]
    return None


# "return all creature cards from your graveyard to your hand", "each player returns all creature cards from their
# graveyard to their hand", "exile all cards from target player's hand and graveyard"
_ALL_CARDS = re.compile(r"^(?:(.+?) )?(return|returns|put|puts|exile|exiles) all (?:(.+?) )?cards(?: (with .+?))? "
                        r"(?:from|in) (?:(your|their|all|target player's|target opponent's|that player's) )?(graveyard|graveyards|hand and "
                        r"graveyard)( that were put there from (?:the battlefield|anywhere) this turn)?"
                        r"(?: (to your hand|to their owners' hands|to their hand|to the battlefield|onto the "
                        r"battlefield)( tapped)?( under your control| under their owners' control)?)?$")
# "return to your hand all ...", "put onto the battlefield under your control all ...": the destination said first
_DEST_FIRST = re.compile(r"^(return|put) (to your hand|onto the battlefield(?: tapped)?(?: under your control)?) all (.+)$")


def _all_cards(ctx: Context, m: re.Match) -> tuple[Any, ...] | None:
    subject, verb, kind, quality, whose, zone, this_turn, dest, tapped, control = m.groups()
    if whose is None:
        if zone != "graveyards":
            return None
        whose = "all"       # "all creature cards in graveyards": every player's (404.1)
    f = None
    if kind or quality or this_turn:
        d = parse_desc(f"{kind or ''} card {quality or ''}{this_turn or ''}".strip())
        if d is None or d.zone:
            return None
        f = d.filter
    exile = verb.startswith("exile")
    if exile != (dest is None) or (dest and dest.startswith("onto") != verb.startswith("put")):
        return None
    if (whose == "all") != (zone == "graveyards") or (whose == "their") != (subject is not None):
        return None
    mark = ctx.mark()
    owners: Ref | None = Ref("each_player") if whose == "all" else YOU
    if subject is not None:
        # "Each player exiles all creature cards from their graveyard, then sacrifices ...": the subject goes on
        owners = ctx.subject = parse_player_slot(ctx, subject)
    elif whose.startswith(("target", "that")):
        owners = parse_player_slot(ctx, whose[:-2])
    if owners is None:
        ctx.reset(mark)
        return None
    if dest == "to your hand" and owners != YOU:
        ctx.reset(mark)
        return None       # a card goes to its owner's hand only
    to = "exile" if exile else "hand" if "hand" in dest else "battlefield"
    if (tapped or control) and to != "battlefield":
        return None
    return (MoveAllCards(owners, f, tuple(zone.removesuffix("s").split(" and ")), to, bool(tapped),
                         control == " under your control"),)


def _from_hand(ctx: Context, subject: str | None, may: bool, chosen: str, tapped: bool,
               attached: bool) -> tuple[Any, ...] | None:
    who: Ref | None = YOU
    if subject is not None and subject != "you":
        mark = ctx.mark()
        who = parse_player_slot(ctx, subject)
        if who is None:
            ctx.reset(mark)
            return None
    c = counted_cards(chosen)
    if c is None or c[3]:
        return None
    lo, hi, flt, _ = c
    attach_to = _attached_to(ctx, "~") if attached else None
    if attached and (attach_to is None or hi != 1):
        return None
    # "it" / "that creature" after it: the permanent put onto the battlefield (a new object, 400.7), which the
    # handler records as this resolution's "created" objects; not when another player puts it, or when that
    # reference already names tokens an earlier instruction created
    ctx.last = (CREATED,) if who == YOU and ctx.last != (CREATED,) else None
    return (PutFromHand(who, flt, hi, 0 if may else lo, tapped, attach_to),)
