"""Looking at and revealing the top cards of a library, then choosing among them (401, 701.20): one
grammar for the whole family, compiled into one `LookAtTop` effect.

    look      := [player] ("look at" | "reveal") "the top" (N "cards" | "card") "of" whose "library" [tail]
    tail      := ("," | ", then" | "and") followup
    followup  := pick [("and" | ", and" | ", then") rest] | rest
    pick      := ["you may"] ( "reveal" chosen "from among them and put" it dest
                             | "put" chosen [from among them | of them | revealed this way] dest
                             | "exile" chosen ["face down"] )
    chosen    := "any number of" (them | desc cards) | N "of them" | "up to" N (of them | desc cards)
               | "all" desc "cards" | ("a" | "an" | N) desc "card[s]" | chosen "and/or" chosen
    dest      := "into your hand" | "into your graveyard" | "onto the battlefield" ["tapped"]
               | "on top of your library" | "on the bottom of your library"
    rest      := ["put"] "the rest" [of the revealed cards] rest_dest | "exile the rest"
    rest_dest := "on the bottom of" whose "library in" ("any" | "a random") "order" | "into your graveyard"
               | "back on top of your library in any order" | "into your hand"

    until     := [player] "reveal[s] cards from the top of" (your | their) "library until" ((you | they) "reveal"
                 desc_card | desc_card "is revealed") [", then put" ("all cards revealed this way" | "those cards") dest]
    until_to  := [(the | that) "player"] "put[s]" "that card" dest ["under your control"]
                 [("and" | ", then") (rest | "shuffle[s]" others "into" (your | their) "library")]

The look sentence makes the effect; a following sentence that says where the cards go ("You may
reveal a creature card from among them and put it into your hand." "Put the rest on the bottom of
your library in a random order.") adds to it (`look_followup`), so the cards are chosen and moved as
one instruction, as the text means (608.2c)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.core.abilities import Amount, Condition, Filter, Ref, YOU
from engine.core.effect_types import Conditional, LookAtTop, LookPick, MayDo, RevealTop, RevealUntil
from engine.oracle.amounts import parse_count
from engine.oracle.grammar import Context
from engine.oracle.phrases import parse_desc, parse_player_slot
from engine.oracle.text import number

_LOOK = re.compile(r"^(?:(.+?) )?(look at|looks at|reveal|reveals) the top (card|(.+?) cards) of "
                   r"(your|their|(?:target|that) (?:player|opponent)'s|each player's) library(.*)$")
_THEM = r"(?:them|those cards|the revealed cards|the cards revealed this way)"
_DEST = {"into your hand": ("hand", False), "into their hand": ("hand", False),
         "into your graveyard": ("graveyard", False), "into their graveyard": ("graveyard", False),
         "into that player's graveyard": ("graveyard", False), "onto the battlefield": ("battlefield", False), "onto the battlefield tapped": ("battlefield", True),
         "onto the battlefield under your control": ("battlefield", False),
         "on top of your library": ("library_top", False), "on the bottom of your library": ("library_bottom", False),
         # "target player looks at the top three cards of their library, puts one of them back on top of their library"
         "back on top of your library": ("library_top", False), "back on top of their library": ("library_top", False),
         "on top of their library": ("library_top", False)}
_REST = {"on the bottom of your library in any order": ("library_bottom", False),
         "on the bottom of your library in a random order": ("library_bottom", True),
         "on the bottom of that library in a random order": ("library_bottom", True),
         "on the bottom of that library in any order": ("library_bottom", False),
         "on the bottom of their library in any order": ("library_bottom", False),
         "on the bottom of their library in a random order": ("library_bottom", True),
         "on the bottom of your library": ("library_bottom", False),
         "on the bottom in any order": ("library_bottom", False),
         "on the bottom in a random order": ("library_bottom", True),
         "back on top of your library in any order": ("library_top", False),
         "back on top in any order": ("library_top", False),
         "back in any order": ("library_top", False),
         "on top of your library in any order": ("library_top", False),
         # "Look at the top five cards of target opponent's library. Put one of those cards into that player's graveyard
         # and the rest on top of their library in any order": the library looked at, ordered by who looks (401.4)
         "on top of their library in any order": ("library_top", False),
         "back on top of their library in any order": ("library_top", False),
         "back on top of that player's library in any order": ("library_top", False),
         "into your graveyard": ("graveyard", False), "into their graveyard": ("graveyard", False),
         "into that player's graveyard": ("graveyard", False),
         "on the bottom of their library": ("library_bottom", False),
         "into your hand": ("hand", False)}


def parse_look(ctx: Context, text: str) -> tuple[Any, ...] | None:
    """A clause that looks at or reveals the top cards of a library, with what follows in the same
    sentence ("..., then put one of them into your hand and the rest into your graveyard")."""
    # "look at that many cards from the top of your library": the top that many cards (401.5)
    text = re.sub(r"^((?:.+? )?(?:look at|looks at|reveal|reveals)) (.+?) cards from the top of (\w+(?: \w+)?'?s?) library",
                  r"\1 the top \2 cards of \3 library", text)
    m = _LOOK.match(text)
    if not m:
        return None
    subject, verb, count, tail = m.group(1), m.group(2), m.group(4), m.group(6)
    if verb.startswith("reveal") and count is None and not tail:
        return None       # "reveal the top card of your library": RevealTop, read with its "if it's ..." follow-ups
    mark = ctx.mark()
    n = Amount.const(1) if count is None else parse_count(ctx, count)
    who = _library_owner(ctx, m.group(5), subject)
    if n is None or who is None:
        ctx.reset(mark)
        return None
    chooser = YOU
    if subject is not None and subject not in ("you",):
        chooser = who
        # "target player looks at ..., puts one of them back on top of their library, then exiles the rest": the
        # player the sentence names does what follows too, said in the third person
        tail = re.sub(r"\b(puts|exiles)\b", lambda w: w.group(1)[:-1], tail)
    eff = LookAtTop(who, n, reveal=verb.startswith("reveal"), chooser=chooser)
    if tail:
        t = re.match(r"^(?:,? then|,| and) (.+)$", tail)
        eff = _followup(ctx, t.group(1), eff) if t else None
        if eff is None:
            ctx.reset(mark)
            return None
    ctx.last_player = who
    return (eff,)


_UNTIL = re.compile(r"^(?:(.+?) )?(?:reveal|reveals) cards from the top of (?:your|their) library until "
                    r"(?:(?:you|they) reveal (an? .+? card)|(an? .+? card) is revealed)(?:, then (.+))?$")


def parse_reveal_until(ctx: Context, text: str) -> tuple[Any, ...] | None:
    """ "[player] reveal[s] cards from the top of [their] library until [they] reveal a creature card
    [, then put all cards revealed this way into your hand]" (701.20a)."""
    m = _UNTIL.match(text)
    if not m:
        return None
    d = parse_desc((m.group(2) or m.group(3)).split(" ", 1)[1])
    if d is None or d.zone:
        return None
    mark = ctx.mark()
    who = YOU if m.group(1) in (None, "you") else parse_player_slot(ctx, m.group(1))
    if who is None:
        ctx.reset(mark)
        return None
    eff = RevealUntil(who, d.filter)
    if m.group(4):
        every = re.match(r"^puts? (?:all cards revealed this way|those cards|the revealed cards) (.+)$", m.group(4))
        where = _DEST.get(every.group(1)) if every else None
        eff = (replace(eff, to=where[0], rest=where[0]) if where and not where[1] and where[0] != "battlefield"
               else _until_followup(m.group(4), eff))
        if eff is None:
            ctx.reset(mark)
            return None
    ctx.last_player = who
    return (eff,)


_THAT_CARD = r"(?:that card|the \w+ card)"
_OTHERS = r"(?:the rest of the revealed cards|the rest|all other cards revealed this way|the other revealed cards)"


def _until_followup(text: str, eff: RevealUntil) -> RevealUntil | None:
    """Where the card found and the other cards revealed go: "put that card onto the battlefield and the rest
    on the bottom of your library in a random order", "the player puts that card onto the battlefield, then
    shuffles all other cards revealed this way into their library", "put the rest ... into their graveyard"."""
    text = re.sub(r"^(?:the|that) player ", "", text)
    text = re.sub(r"\b(puts|shuffles)\b", lambda w: w.group(1)[:-1], text)
    m = re.match(rf"^put {_THAT_CARD} (.+?)(?:(?:,? and|, then) (.+))?$", text)
    rest_text = text
    if m and eff.to == "stay":
        dest = m.group(1)
        under_you = dest.endswith(" under your control")
        where = _DEST.get(dest[:-len(" under your control")] if under_you else dest)
        if where is None or where[1]:
            return None
        eff = replace(eff, to=where[0], under_you=under_you)
        if m.group(2) is None:
            return eff
        rest_text = m.group(2)
    if eff.rest != "stay":
        return None
    if re.match(rf"^shuffle {_OTHERS} into (?:your|their) library$", rest_text):
        return replace(eff, rest="shuffle")
    r = re.match(rf"^(?:put )?{_OTHERS} (.+)$", rest_text)
    rest = _REST.get(r.group(1)) if r else None
    return replace(eff, rest=rest[0], rest_random=rest[1]) if rest else None


def _library_owner(ctx: Context, whose: str, subject: str | None) -> Ref | None:
    if subject is not None:
        p = parse_player_slot(ctx, subject)
        if p is None or whose not in ("their", "your"):
            return None
        return p if whose == "their" else YOU
    if whose == "your":
        return YOU
    if whose == "each player's":
        return Ref("each_player")
    if whose == "their":
        return None
    return parse_player_slot(ctx, whose[:-2])


def look_followup(ctx: Context, sentence: str, effects: list[Any]) -> bool:
    """A sentence that says where the cards of the previous look go: it completes that effect."""
    if effects and isinstance(effects[-1], RevealUntil):
        until = _until_followup(sentence, effects[-1])
        if until is not None:
            effects[-1] = until
        return until is not None
    if not effects or not isinstance(effects[-1], LookAtTop) or effects[-1].rest != "stay":
        return False
    look = effects[-1]
    theirs = re.match(r"^(?:that|the) player puts (the rest .+)$", sentence)
    if look.chooser != YOU:
        if not look.reveal or not (theirs or sentence.startswith(("you may put ", "put "))):
            return False
        # "Target opponent reveals the top X cards of their library. You may put a nonland permanent card ... from
        # among them onto the battlefield under your control.": the revealed cards are seen by all (701.20a), and
        # the instruction is yours; "That player puts the rest on the bottom of their library in a random order":
        # no one orders them (401.4)
        look = replace(look, chooser=YOU) if not theirs else look
    eff = _followup(ctx, "put " + theirs.group(1) if theirs else sentence, look)
    if eff is None or (theirs and (eff.chooser != eff.who and not eff.rest_random)):
        return False
    effects[-1] = eff
    return True


def reveal_if_shares(s: str, effects: list[Any]) -> bool:
    """Kinship: "You may look at the top card of your library. If it shares a creature type with ~, you may reveal
    it.": only the card looked at can be revealed, so the reveal is part of the optional look, asked only while
    the card shares a creature type; "If you do, ..." then follows the reveal (608.2c)."""
    if s != "if it shares a creature type with ~, you may reveal it" or not effects or not isinstance(effects[-1], MayDo):
        return False
    look = effects[-1].effects
    if len(look) != 1 or look[0] != LookAtTop(YOU, Amount.const(1)) or effects[-1].who != YOU:
        return False
    reveal = MayDo((RevealTop(YOU),))
    effects[-1] = replace(effects[-1], effects=look + (Conditional(Condition("top_card_shares_creature_type"), (reveal,)),))
    return True


_NOT_PUT = {"onto the battlefield": "battlefield", "into your hand": "hand", "into your graveyard": "graveyard"}


def _followup(ctx: Context, text: str, eff: LookAtTop) -> LookAtTop | None:
    by_opponent = re.match(r"^an opponent chooses (.+?) and you put that card (.+)$", text)
    if by_opponent:
        # "An opponent chooses one of them. Put that card into your graveyard and the rest into your hand" (merged by
        # the compiler): revealed cards only, which the opponent may see (400.2); one must be chosen if one fits
        if not eff.reveal or eff.picks or eff.picker is not None:
            return None
        picked = _followup(ctx, f"put {by_opponent.group(1)} {by_opponent.group(2)}", eff)
        if picked is None or len(picked.picks) != 1 or picked.rest == "stay":
            return None
        pick = picked.picks[0]
        return replace(picked, picks=(replace(pick, min=pick.max),), picker=Ref("opponent"))
    one = re.match(r"^if it's (an? .+? card), you may (reveal it and )?put it (.+)$", text)
    if one and eff.amount == Amount.const(1):
        # "Look at the top card of your library. If it's a land card, you may reveal it and put it into your hand":
        # with one card looked at, the same as choosing a land card from among them (401.5)
        picks = _picks(ctx, f"you may reveal {one.group(1)} from among them and put it {one.group(3)}" if one.group(2)
                       else f"you may put {one.group(1)} {one.group(3)}")
        return replace(eff, picks=eff.picks + picks) if picks is not None else None
    rest = _rest(text)
    if rest is not None:
        return replace(eff, rest=rest[0], rest_random=rest[1])
    dont = re.match(r"^if you don't put (?:the card|it|that card) (onto the battlefield|into your hand|into your graveyard)"
                    r", (.+)$", text)
    if dont and eff.amount == Amount.const(1) and eff.picks and eff.picks[-1].to == _NOT_PUT[dont.group(1)]:
        # "Look at the top card ... If it's a land card, you may put it onto the battlefield. If you don't put the card
        # onto the battlefield, put it into your hand": the one card, unless the choice before took it (declined, or
        # not of that kind), goes where the rest of the sentence says (608.2c)
        return _followup(ctx, dont.group(2), eff)
    one_card = re.match(r"^(you may )?put (?:it|that card) ", text)
    if one_card and eff.amount == Amount.const(1) and not eff.reveal:
        # "Look at the top card of your library. You may put that card into your graveyard": the one card looked at
        # (401.5), the same as one of them; not chosen, it stays where it is. A later "it" has nothing to name
        # (not the card, which the effect doesn't remember).
        found = _followup(ctx, f"{one_card.group(1) or ''}put one of them {text[one_card.end():]}", eff)
        if found is not None:
            ctx.last = ()
        return found
    for sep in (", and ", " and ", ", then "):
        for m in re.finditer(re.escape(sep), text):
            rest = _rest(text[m.end():])
            picks = _picks(ctx, text[:m.start()]) if rest is not None else None
            if picks is not None:
                return replace(eff, picks=eff.picks + picks, rest=rest[0], rest_random=rest[1])
    picks = _picks(ctx, text)
    return replace(eff, picks=eff.picks + picks) if picks is not None else None


def _rest(text: str) -> tuple[str, bool] | None:
    """Where the cards not chosen go."""
    if text in ("exile the rest", "exile the others"):
        return "exile", False
    m = re.match(r"^(?:put )?(?:the rest|the others|the other|all other cards revealed this way)"
                 r"(?: of the (?:revealed )?cards| of them)? (.+)$", text)
    return _REST.get(m.group(1)) if m else None


def _picks(ctx: Context, text: str) -> tuple[LookPick, ...] | None:
    """ "you may reveal a creature card from among them and put it into your hand", "put one of them
    into your hand", "put all land cards revealed this way onto the battlefield tapped", two of these
    joined by "and"."""
    may = text.startswith("you may ")
    if may:
        text = text[8:]
    one = _pick(text, may)
    if one is not None or not text.startswith("put "):
        return one
    # "put a land card from among them onto the battlefield tapped and an Elf card from among them into
    # your hand": two choices, each with its own destination
    for m in re.finditer(" and ", text):
        first, second = _pick(text[:m.start()], may), _pick("put " + text[m.end():], may)
        if first is not None and second is not None:
            return first + second
    return None


def _pick(text: str, may: bool) -> tuple[LookPick, ...] | None:
    reveal = False
    m = re.match(rf"^reveal (.+?) from among {_THEM} and put (?:it|them|that card|those cards|the revealed cards) (.+)$",
                 text)
    if m:
        reveal, chosen, dest = True, m.group(1), m.group(2)
    elif (m := re.match(r"^exile (.+?)( face down)?$", text)) and _chosen(m.group(1)) is not None:
        # "exile one of them face down" (702.75a hideaway)
        lo, hi, flt, every = _chosen(m.group(1))
        return (LookPick("exile", hi, 0 if may else lo, flt, every=every, face_down=bool(m.group(2))),)
    else:
        m = re.match(r"^put (.+?) (into .+|onto .+|(?:back )?on top of .+|on the bottom of .+)$", text)
        if not m:
            return None
        chosen, dest = m.group(1), m.group(2)
        chosen = re.sub(rf" (?:from among {_THEM}|revealed this way|from among them)$", "", chosen)
    where = _DEST.get(dest)
    if where is None:
        return None
    out = []
    # "any number of creature and/or land cards" is one choice; "a creature card and/or a land card" two
    for part in [chosen] if _chosen(chosen) is not None else chosen.split(" and/or "):
        c = _chosen(part)
        if c is None:
            return None
        lo, hi, flt, every = c
        out.append(LookPick(where[0], hi, 0 if may else lo, flt, reveal, where[1], every))
    return tuple(out)


def _chosen(text: str) -> tuple[int, int, Filter | None, bool] | None:
    """(min, max, filter, every) of the cards chosen among those looked at. A choice of cards with a
    quality may find none (as a search may, 701.23b: the cards looked at are hidden from the others)."""
    m = re.match(rf"^(any number|up to (\w+)|(\w+)) of {_THEM}$", text)
    if m:
        if m.group(1) == "any number":
            return 0, 99, None, False
        k = number(m.group(2) or m.group(3))
        return (None if k is None else (0 if m.group(2) else k, k, None, False))
    c = counted_cards(text)
    return None if c is None else (0, c[1], c[2], c[3])


def counted_cards(text: str) -> tuple[int, int, Filter | None, bool] | None:
    """(min, max, filter, every) of a counted card phrase: "a land card", "up to two creature cards",
    "any number of Elf cards", "all artifact cards" (every: all of them, no choice)."""
    m = re.match(r"^(all|any number of|up to (\w+)|a|an|(\w+)) (?:(.+?) )?cards?( with .+| of the chosen \w+(?: \w+)?)?$",
                 text)
    if not m or not (m.group(4) or m.group(5)):
        return None
    # "a card with a kicker ability": a card of any kind with that quality
    d = parse_desc((m.group(4) + " " if m.group(4) else "") + "card" + (m.group(5) or ""))
    if d is None or d.zone:
        return None
    if m.group(1) in ("all", "any number of"):
        return 0, 99, d.filter, m.group(1) == "all"
    k = 1 if m.group(1) in ("a", "an") else number(m.group(2) or m.group(3))
    if k is None:
        return None
    return (0 if m.group(2) else k), k, d.filter, False
