"""The amount grammar (107.1, 107.3): every number a verb or a static ability takes, read in one place.

    amount    := number | "x" | "that much" | "twice" amount | number "for each" counted
    count     := amount | "that many"                          (before a noun: "that many tokens")
    equal_to  := value | "the number of" counted | "half" value ", rounded up|down" (107.1a)
               | number "plus" equal_to | equal_to "plus" number | number "minus" equal_to | "twice" equal_to
    value     := whose ("power" | "toughness" | "mana value") | "your life total"
               | "your devotion to" colors (700.5) | ("the greatest" | "the highest") stat "among" objects
               | "the total power of" objects
    counted   := "cards in" whose "hand" | desc "card[s] in" whose "graveyard" | "basic land type[s] among
                 lands you control" (305.6) | "color[s] among" objects | "creature[s] in your party" (700.8)
               | "opponent[s] you have" | "player[s]" | kind "counter[s] on" (~|it) | "creature[s] blocking" (~|it)
               | objects "attached to" (~|it) | objects ("they" | "that player") "control[s]"
               | objects

A sentence-level "..., where X is <equal_to>" says what X means in its clause, and a trailing
"... for each <counted>" multiplies the clause's number (`amount_clause`). The result is core's
`Amount`, read at resolution by engine.query.amounts through the evaluation context."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from engine.core.abilities import Amount, Filter, Ref, SELF, TargetSpec, instances_in, uses_x, YOU, X
from engine.core.effect_types import EACH_RECIPIENT, CreateTokens, EachPlayerInTurn, GainLife, LoseLife, WithX
from engine.oracle.grammar import Context
from engine.oracle.phrases import COLOR_LETTER, it_is_the_source, object_filter, parse_desc, parse_objects, parse_player
from engine.oracle.text import number

_STAT = {"power": "power_of", "toughness": "toughness_of", "mana value": "mana_value_of"}
_GREATEST = {"power": "greatest_power", "toughness": "greatest_toughness", "mana value": "greatest_mana_value"}


def parse_amount(ctx: Context, text: str) -> Amount | None:
    """ "3", "three", "X" (the spell's X, or what a "where X is ..." clause says), "that much",
    "twice X"; with a trailing "for each ..." in the sentence, a constant is that many per counted object."""
    text = text.strip()
    if text == "x":
        return ctx.flags.get("x", X)
    n = number(text)
    if n is not None:
        per = ctx.flags.get("for_each")
        if per is None:
            return Amount.const(n)
        ctx.flags["for_each_used"] = True
        return replace(per, multiplier=n * per.multiplier)
    if text == "that much":
        return ctx.flags.get("that_much")
    times = re.match(r"^(twice|three times|four times|five times) (.+)$", text)
    if times:
        # "twice X", "you gain three times X life" (Martyr of Sands), "five times X damage" (Crackle with Power)
        a = parse_amount(ctx, times.group(2))
        k = {"twice": 2, "three times": 3, "four times": 4, "five times": 5}[times.group(1)]
        return replace(a, multiplier=k * a.multiplier) if a is not None else None
    plus = re.match(r"^(x) (plus|minus) (\w+)$", text)
    if plus and number(plus.group(3)) is not None:
        # "You gain X plus 1 life, where X is ...", "~ deals X plus 3 damage to you" (107.3); "creates X minus one 2/2
        # ... tokens": never below zero (107.1b)
        n = number(plus.group(3))
        return Amount("plus", value=n if plus.group(2) == "plus" else -n, base=parse_amount(ctx, plus.group(1)))
    return None


def generic_per(ctx: Context, symbols: tuple[str, ...]) -> Amount | None:
    """ "pays {1} for each ...": a generic mana cost multiplied by the sentence's "for each" (107.3a);
    None without one, or when the cost is not generic mana alone."""
    per = ctx.flags.get("for_each")
    if per is None or len(symbols) != 1 or not symbols[0].isdigit():
        return None
    ctx.flags["for_each_used"] = True
    return replace(per, multiplier=int(symbols[0]) * per.multiplier)


def parse_count(ctx: Context, text: str) -> Amount | None:
    """ "a", "two", "x", "that many", "twice that many" used before a noun."""
    if text == "that many":
        return ctx.flags.get("that_many")
    if text == "twice that many":
        a = ctx.flags.get("that_many")
        return replace(a, multiplier=2 * a.multiplier) if a is not None else None
    return parse_amount(ctx, text)


# The references that stand for one player ("each player" is read player by player elsewhere).
_ONE_PLAYER = frozenset({"target", "event_player", "controller_of", "owner_of", "defending_player", "active_player",
                         "event_controller", "chosen", "chosen_player"})
CHOSEN_PLAYER = Ref("chosen_player")


def _one_player(ctx: Context, who: Ref | None) -> bool:
    """Whether `who` names one player: one of _ONE_PLAYER's, or the player a trigger names ("that player" of
    "whenever ~ deals combat damage to a player")."""
    return who is not None and (who.kind in _ONE_PLAYER or who == ctx.trigger_player)


def _whose_player(ctx: Context, word: str) -> Ref | None:
    if word == "your":
        return YOU
    if word in ("their", "that player's", "its owner's", "its controller's"):
        subject = ctx.subject if ctx.subject != SELF else None     # the source is no player
        return ctx.last_player or subject or ctx.trigger_player
    m = re.fullmatch(r"(that (?:creature|permanent)'s controller)'s", word)
    if m:
        # "7 minus the number of cards in that creature's controller's hand": the player who controls it
        return parse_player(ctx, m.group(1))
    if word == "the chosen player's" and not ctx.is_spell:
        # "the number of cards in the chosen player's hand": the player its permanent chose as it entered (614.12)
        return CHOSEN_PLAYER
    if word in ("target player's", "target opponent's"):
        # "Draw cards equal to the number of cards in target opponent's hand": a target of the spell or ability,
        # chosen as it is put on the stack and counted as it resolves (601.2c, 608.2h)
        return ctx.add_target(TargetSpec(word[7:-2], text=word[:-2]))
    return None


def _the_object(ctx: Context, word: str) -> Ref | None:
    """Whose characteristic: "~'s", "its", "that creature's", "that card's", "that spell's"."""
    if word == "~'s":
        return SELF
    if word in ("its", "their", "target creature's") or re.match(r"^(that|the) [\w ]+'s$", word):
        if ctx.last == (Ref("created"),) and word == "that card's" and len(ctx.targets) == 1 \
                and ctx.targets[0].kind == "card" and ctx.targets[0].max == 1:
            return Ref("target", 0)     # a token is no card (111.1): the one target card named before it
        if ctx.last == (Ref("created"),) and word == "that creature's" and len(ctx.targets) == 1 \
                and ctx.targets[0].kind == "creature" and ctx.targets[0].max == 1:
            # "Target creature's controller sacrifices it, then creates X 1/1 ... creature tokens, where X is that
            # creature's power": the one target creature named before the tokens (as it last existed, 608.2h)
            return Ref("target", 0)
        if ctx.last == (Ref("created"),) and word in ("that creature's", "that card's"):
            return None     # "creates X tokens, where X is that creature's power": not the tokens themselves
        return ctx.last[0] if ctx.last and len(ctx.last) == 1 else None
    return None


def parse_equal_to(ctx: Context, text: str) -> Amount | None:
    """What follows "equal to" or "where X is": a characteristic, a count, a life total, devotion."""
    text = text.strip()
    m = re.match(r"^(.+?),? rounded (up|down)$", text)
    if m and m.group(1).startswith("half "):
        # 107.1a: a fraction is rounded as the text says.
        base = parse_equal_to(ctx, m.group(1)[5:])
        return Amount("half_" + m.group(2), base=base) if base is not None else None
    m = re.match(r"^(\w+) minus (.+)$", text)
    if m and number(m.group(1)) is not None:
        # "3 minus the number of cards in their hand": never below zero (107.1b).
        base = parse_equal_to(ctx, m.group(2))
        return Amount("minus", value=number(m.group(1)), base=base) if base is not None else None
    m = re.match(r"^(\w+) plus (.+)$", text) or re.match(r"^(.+) plus (\w+)$", text)
    if m:
        n, rest = (number(m.group(1)), m.group(2)) if number(m.group(1)) is not None else (number(m.group(2)), m.group(1))
        base = parse_equal_to(ctx, rest) if n is not None else None
        if base is not None:
            return Amount("plus", value=n, base=base)
    if " plus " in text:
        return _sum_of(ctx, text)
    m = re.match(r"^(twice|three times|four times) (.+)$", text)
    if m:
        # "twice the number of ...", "three times the number of creatures tapped this way"
        a = parse_equal_to(ctx, m.group(2))
        k = {"twice": 2, "three times": 3, "four times": 4}[m.group(1)]
        return replace(a, multiplier=k * a.multiplier) if a is not None else None
    if text == "x":
        return ctx.flags.get("x", X)
    if text == "the difference":
        return ctx.flags.get("difference")      # of the comparison the sentence's "if" made (engine.oracle.conditions)
    if text == "the damage" and ctx.flags.get("event_damage"):
        return Amount("event_amount")       # "that player discards cards equal to the damage": the trigger's (603.2)
    if text == "the amount of damage ~ dealt to that player" and ctx.flags.get("event_damage") and ctx.last == (SELF,) \
            and ctx.trigger_player == Ref("event"):
        return Amount("event_amount")       # "whenever ~ deals combat damage to a player, ... where X is" that damage
    m = re.match(r"^the life (you've lost|you've gained|you lost|you gained) this turn$", text)
    if m:
        return _life_this_turn("you", m.group(1).split()[-1])
    if text == "the life lost this way" and ctx.flags.get("life_lost"):
        return Amount("life_lost_this_way")
    if text == "the damage prevented this way" and ctx.flags.get("prevented"):
        return Amount("event_amount")       # 615.5: what the shield prevented (engine.effects.prevention)
    if text == "the damage dealt this way" and ctx.flags.get("damage_dealt"):
        return Amount("damage_dealt_this_way")      # 120.3: what was dealt, after prevention (615)
    m = re.match(r"^the sacrificed (?:creature|artifact|permanent|land|enchantment)'s (power|toughness|mana value)$", text)
    if m:
        ctx.flags["its_sacrificed"] = (ctx.last,)       # "..., then you gain life equal to its toughness"
        return Amount("sacrificed_" + m.group(1).replace(" ", "_"))
    m = re.match(r"^the total (power|toughness) of the sacrificed (?:creatures|permanents)$", text)
    if m and ctx.flags.get("cost_any") == "sacrifice":
        return Amount("sacrificed_" + m.group(1))       # what the additional cost sacrificed, as it last existed
    m = re.match(r"^its (power|toughness|mana value)$", text)
    if m and ctx.flags.get("its_sacrificed") == (ctx.last,):
        # "its" right after "the sacrificed creature's power", nothing named between: that permanent (608.2h)
        return Amount("sacrificed_" + m.group(1).replace(" ", "_"))
    m = re.match(r"^(?:the discarded card's (power|mana value)|the (?:total )?(power|mana value) of the discarded cards?)$",
                 text)
    if m and (ctx.flags.get("cost_discard") or ctx.flags.get("discarder") is not None):
        # the card or cards discarded to pay the cost, or by the discard instruction before it (608.2h)
        return Amount("discarded_" + (m.group(1) or m.group(2)).replace(" ", "_"))
    if re.fullmatch(r"the milled card's mana value|the (?:highest|greatest) mana value among the milled cards", text) \
            and all(r is None or r.kind not in ("each_player", "each_opponent") for r in (ctx.subject, ctx.last_player)):
        # "Mill a card, then draw cards equal to the milled card's mana value": the cards the mill instruction before it
        # milled (701.17a), the greatest of their mana values; not each player's own ("each player mills a card. Then
        # they create X ...")
        return Amount("milled_mana_value")
    m = re.match(r"^the total (power|toughness|mana value) of the (?:creatures|permanents|artifacts) sacrificed this way$", text)
    if m and ctx.last == (Ref("sacrificed"),):
        # "Each player sacrifices a creature. Create an X/X ... token, where X is the total power of the creatures
        # sacrificed this way": what the sacrifice instruction before it sacrificed, as it last existed (608.2h)
        return Amount("sacrificed_" + m.group(1).replace(" ", "_"))
    m = re.match(r"^the damage (?:already )?dealt to (it|~|that creature) this turn$", text)
    if m:
        # "~ deals damage to target creature equal to the damage already dealt to it this turn": all the damage that
        # permanent was dealt this turn (120.2), combat or not, even if since removed
        ref = _the_object(ctx, {"it": "its", "~": "~'s", "that creature": "that creature's"}[m.group(1)])
        return Amount("damage_to_this_turn", ref=ref) if ref is not None else None
    m = re.match(r"^the (power|toughness|mana value) of the creature that died$", text)
    if m and ctx.flags.get("event_died"):
        # "Whenever a creature you control dies, put X +1/+1 counters on ..., where X is the power of the creature that
        # died": the trigger's creature as it last existed (603.10a, 608.2h)
        return Amount(_STAT[m.group(1)], ref=Ref("event"))
    m = re.match(r"^the revealed card's (power|toughness|mana value)$", text)
    if m:
        # the card an instruction before revealed, or the one revealed to pay the spell's cost (601.2h, 701.20a)
        if ctx.last == (Ref("revealed"),):
            return Amount(_STAT[m.group(1)], ref=ctx.last[0])
        return Amount("revealed_" + m.group(1).replace(" ", "_")) if ctx.flags.get("cost_reveal") else None
    m = re.match(r"^the (power|toughness|mana value) of (target [\w ]+)$", text) or \
        re.match(r"^()(target [\w ]+)'s (power|toughness|mana value)$", text)
    if m and not ctx.targets:
        # "Draw cards equal to the power of target creature you control": the amount names the target (115.1)
        target = parse_objects(ctx, m.group(2))
        if target is None or len(target) != 1 or target[0].kind != "target" or ctx.targets[target[0].index].max != 1:
            return None
        return Amount(_STAT[m.group(1) or m.group(3)], ref=target[0])
    # "the mana value of that spell": "that spell's mana value"
    text = re.sub(r"^the (power|toughness|mana value) of (that [a-z]+)$", r"\2's \1", text)
    m = re.match(r"^(its|~'s|(?:that|the) [\w ]+'s|target creature's) (power|toughness|mana value)$", text)
    if m:
        ref = _the_object(ctx, m.group(1))
        return Amount(_STAT[m.group(2)], ref=ref) if ref is not None else None
    m = re.match(r"^(your|their|that player's) life total$", text)
    if m:
        who = _whose_player(ctx, m.group(1))
        return Amount("life_of", ref=who) if who is not None else None
    m = re.match(r"^your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))?$", text)
    if m:
        return Amount("devotion", counter="".join(COLOR_LETTER[c] for c in m.groups() if c))
    m = re.match(r"^the (?:greatest|highest) (power|toughness|mana value) among (.*?cards? in (?:your|all) graveyards?)$", text)
    if m:
        cards = parse_number_of(ctx, m.group(2))
        return replace(cards, kind="greatest_in_graveyard", counter=m.group(1).replace(" ", "_")) \
            if cards is not None and cards.kind == "cards_in_graveyard" else None
    m = re.match(r"^the (?:greatest|highest) (power|toughness|mana value) among (.+)$", text)
    if m:
        f = objects_filter(m.group(2))
        return Amount(_GREATEST[m.group(1)], filter=f) if f is not None else None
    m = re.match(r"^the (?:amount of life|total life) (you|your opponents)(?: have|'ve| has)? (gained|lost) this turn$", text) \
        or re.match(r"^the total life (lost|gained) by (you|your opponents|all players) this turn$", text)
    if m:
        who, verb = (m.group(1), m.group(2)) if m.group(1) in ("you", "your opponents") else (m.group(2), m.group(1))
        return _life_this_turn(who, verb)
    if text == "the amount of unspent mana you have":
        return Amount("unspent_mana", ref=YOU)      # 106.4: the mana in their mana pool
    if text == "the damage dealt to you this turn":
        return Amount("damage_this_turn", ref=YOU)      # combat or not (120.2)
    m = re.match(r"^the total amount of noncombat damage dealt to (you|your opponents) this turn$", text)
    if m:
        # 120.3: the noncombat damage those players were dealt this turn, after prevention
        return Amount("noncombat_damage_this_turn", ref=YOU if m.group(1) == "you" else Ref("each_opponent"))
    m = re.match(r"^the total (power|toughness) of (.+)$", text)
    if m:
        f = objects_filter(m.group(2))
        return Amount("total_" + m.group(1), filter=f) if f is not None else None
    m = re.match(r"^the greatest number of (.+) a player controls$", text)
    f = objects_filter(m.group(1)) if m else None
    if f is not None and not f.controller:
        # "the greatest number of creatures a player controls": counted for each player, the most of them
        return Amount("greatest_count_among_players", filter=f)
    m = re.match(r"^the number of (.+) you control in excess of the number of (.+) (target opponent|target player) "
                 r"controls$", text)
    if m and m.group(1) == m.group(2):
        # "the number of creatures you control in excess of the number of creatures target opponent controls": yours less
        # theirs, never below zero (107.1b)
        theirs = parse_number_of(ctx, f"{m.group(2)} {m.group(3)} controls")
        return Amount("short_of_yours", base=theirs) if theirs is not None and theirs.kind == "count" else None
    m = re.match(r"^the (?:total )?number of (.+)$", text)
    if m:
        return parse_number_of(ctx, m.group(1))
    return None


def _sum_of(ctx: Context, text: str) -> Amount | None:
    """ "that creature's power plus its toughness", "the number of Elves you control plus the number of Elf cards in
    your graveyard": two amounts, each read on its own, added (107.1)."""
    start = 0
    while (i := text.find(" plus ", start)) >= 0:
        mark = ctx.mark()
        first = parse_equal_to(ctx, text[:i])
        second = parse_equal_to(ctx, text[i + len(" plus "):]) if first is not None else None
        if second is not None:
            return Amount("sum", terms=(first, second))
        ctx.reset(mark)
        start = i + 1
    return None


def _life_this_turn(who: str, verb: str) -> Amount:
    """Life "you gained this turn", "your opponents have lost this turn", "lost by all players" (119.3), summed over
    those players."""
    return Amount("life_" + verb + "_this_turn",
                  ref={"you": YOU, "all players": Ref("each_player")}.get(who, Ref("each_opponent")))


def _card_kind_only(f: Filter) -> Filter:
    """What of a filter the last known information of a card read (card types, subtypes, supertypes, colors): a filter
    saying more than this can't be checked on a card that has left its zone."""
    return Filter(types=f.types, not_types=f.not_types, subtypes=f.subtypes, not_subtypes=f.not_subtypes,
                  supertypes=f.supertypes, not_supertypes=f.not_supertypes, colors=f.colors, not_colors=f.not_colors)


def objects_filter(text: str) -> Filter | None:
    """Permanents on the battlefield: "creatures you control", "other Elves on the battlefield"."""
    d = parse_desc(re.sub(r" on the battlefield$", "", text))
    if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
        return None
    return object_filter(d)


def parse_number_of(ctx: Context, text: str) -> Amount | None:
    """What is counted after "for each" or "the number of" (107.3a-style counts read at resolution)."""
    text = text.strip()
    if re.fullmatch(r"times? (?:it|~|this spell) was kicked", text):
        return Amount("times_kicked")       # 702.33c-d: multikicker
    if re.fullmatch(r"times? that spell was kicked", text) and ctx.flags.get("event_spell"):
        return Amount("times_kicked", ref=Ref("event"))     # "Whenever you cast a kicked spell, ..."
    if re.fullmatch(r"times (?:it|~|this creature) has mutated", text):
        return Amount("times_mutated")      # 702.140c: the mutating spells merged with it
    m = re.match(r"^(.*?)cards? in (your|their|that player's|target player's|target opponent's|the chosen player's"
                 r"|that (?:creature|permanent)'s controller's) hand$", text)
    if m:
        # "cards in your hand", "white cards in their hand" (a kind of card: its filter)
        d = parse_desc(m.group(1) + "card") if m.group(1) else None
        if m.group(1) and (d is None or d.zone or d.nouns != {"card"}):
            return None
        who = _whose_player(ctx, m.group(2))
        return Amount("cards_in_hand", ref=who, filter=d.filter if d else None) if who is not None else None
    m = re.match(r"^cards? in (your|their|that player's|target player's|target opponent's) library$", text)
    if m:
        who = _whose_player(ctx, m.group(1))
        return Amount("cards_in_library", ref=who) if who is not None else None
    m = re.match(r"^cards? named ~ in (your|their|that player's|all|each) graveyards?$", text)
    if m and ctx.card_name:
        # "in all graveyards", "in each graveyard": every player's (Mind Burst, Rite of Flame)
        who = Ref("each_player") if m.group(1) in ("all", "each") else _whose_player(ctx, m.group(1))
        return Amount("cards_in_graveyard", ref=who, filter=Filter(name=ctx.card_name)) if who is not None else None
    m = re.match(r"^(.+?) named ~(?: on the battlefield)?$", text) or re.match(r"^(.+?) on the battlefield named ~$", text) \
        or re.match(r"^(.+?) named ~ (you control)$", text)
    if m:
        # "other creature you control named ~" (Timberpack Wolf), "creatures named ~ on the battlefield", "other
        # creature named ~ you control" (Seven Dwarves)
        inner = parse_number_of(ctx, m.group(1) + (" you control" if m.lastindex == 2 else ""))
        if not ctx.card_name or inner is None or inner.kind != "count" or inner.filter is None or inner.filter.name:
            return None
        return replace(inner, filter=replace(inner.filter, name=ctx.card_name))
    m = re.match(r"^(.+? you control) named ([a-z][\w' -]*)$", text)
    if m and "~" not in m.group(2):
        # "land you control named Wastes" (201.2): the name as printed, found in the sentence with its capitals
        inner = parse_number_of(ctx, m.group(1))
        found = re.search(r"\bnamed (" + re.escape(m.group(2)) + r")\b", ctx.flags.get("sentence", ""), re.IGNORECASE)
        if inner is None or inner.kind != "count" or inner.filter is None or inner.filter.name or found is None \
                or not found.group(1)[0].isupper():
            return None
        return replace(inner, filter=replace(inner.filter, name=found.group(1)))
    if re.match(r"^card types? among cards in all graveyards$", text):
        return Amount("card_types_in_graveyards")
    if re.match(r"^card types? among cards in your graveyard$", text):
        return Amount("card_types_in_graveyards", ref=YOU)
    if re.match(r"^card types? among cards in your opponents' graveyards$", text):
        return Amount("card_types_in_graveyards", ref=Ref("each_opponent"))     # 205.2a, among all their cards
    m = re.match(r"^1 life (you|your opponents)(?: have|'ve| has)? (gained|lost) this turn$", text)
    if m:
        return _life_this_turn(m.group(1), m.group(2))
    if text == ctx.flags.get("event_life"):
        # "Whenever you gain life, put a +1/+1 counter on target creature for each 1 life you gained": the life the
        # trigger's event gained or lost (119.3, 603.2)
        return Amount("event_amount")
    if text == "1 damage prevented this way" and ctx.flags.get("prevented"):
        return Amount("event_amount")       # 615.5: "for each 1 damage prevented this way"
    if text == "1 damage dealt to you this turn":
        return Amount("damage_this_turn", ref=YOU)      # all the damage you were dealt this turn (120.2)
    m = re.match(r"^poison counters? (your opponents have|you have|that player has)$", text)
    if m:
        who = {"your opponents have": Ref("each_opponent"), "you have": YOU}.get(m.group(1)) or _whose_player(ctx, "their")
        return Amount("poison_counters", ref=who) if who is not None else None
    m = re.match(r"^(.*?)cards? (your opponents|you) own in exile$", text)
    if m:
        d = parse_desc(m.group(1) + "card") if m.group(1) else None
        if m.group(1) and (d is None or d.zone):
            return None
        return Amount("cards_in_exile", ref=YOU if m.group(2) == "you" else Ref("each_opponent"),
                      filter=d.filter if d else None)
    m = re.match(r"^(.*?)(?:cards? )?exiled this way$", text)
    if m and not m.group(1).startswith("cards "):
        # "for each creature card exiled this way": the cards the resolution has exiled (of a kind)
        d = parse_desc(m.group(1).strip() + (" card" if not m.group(1).strip().endswith(("card", "creature")) else ""))\
            if m.group(1).strip() else None
        if m.group(1).strip() and (d is None or d.zone):
            return None
        return Amount("exiled_count", filter=object_filter(d) if d else None)
    if re.fullmatch(r"cards? returned to your hand this way", text):
        return Amount("returned_count")
    m = re.match(r"^(.*?)cards? revealed this way$", text)
    if m and (ctx.flags.get("revealed_from_hand") or ctx.flags.get("revealed_tops")):
        # the cards "reveal any number of ... cards in your hand" revealed, of a kind ("nonland card"); the top cards
        # "each player reveals the top card of their library" revealed (parley)
        d = parse_desc(m.group(1) + "card") if m.group(1) else None
        if m.group(1) and (d is None or d.zone):
            return None
        return Amount("revealed_count", filter=object_filter(d) if d else None)
    if re.match(r"^cards? (?:you've|you have) drawn this turn$", text):
        return Amount("cards_drawn_this_turn", ref=YOU)
    if re.fullmatch(r"creatures? (?:that were |that was )?put into your graveyard from the battlefield this turn", text):
        # 700.4: the creatures that died this turn whose owner you are (a card goes to its owner's graveyard, 400.3)
        return Amount("creatures_died_this_turn", filter=Filter(types=frozenset({"Creature"}), owner="you"))
    m = re.match(r"^(.+?) (?:that )?died (under your control )?this turn$", text)
    if m:
        # 700.4; what they were is kept for the card types and subtypes, whether a token, and its controller
        d = parse_desc(m.group(1))
        f = object_filter(d) if d is not None and not d.zone and not d.nouns & {"player", "opponent", "card"} else None
        f = replace(f, types=f.types | {"Creature"} if not f.types else f.types,
                    controller="you" if m.group(2) else f.controller) if f is not None else None
        if f is None or replace(f, types=frozenset(), not_types=frozenset(), subtypes=frozenset(), token=None,
                                controller=None) != Filter() or f.types != {"Creature"}:
            return None
        return Amount("creatures_died_this_turn", filter=None if f == Filter(types=frozenset({"Creature"})) else f)
    if re.match(r"^creatures? you attacked with this turn$", text):
        return Amount("creatures_attacked_with")
    if re.match(r"^cards? in (?:your opponents' hands|each opponent's hand)$", text):
        return Amount("cards_in_hand", ref=Ref("each_opponent"))
    if re.match(r"^cards? in all players' hands$", text):
        return Amount("cards_in_hand", ref=Ref("each_player"))
    m = re.match(r"^mana values? among (.*?cards? in (?:your|all) graveyards?)$", text)
    if m:
        cards = parse_number_of(ctx, m.group(1))
        return replace(cards, kind="mana_values_in_graveyard") if cards is not None and cards.kind == "cards_in_graveyard" \
            else None
    m = re.match(r"^(.*?)cards? in (your|their|its owner's|that player's|target player's|target opponent's|all) graveyards?$", text)
    if m:
        d = parse_desc(m.group(1) + "card") if m.group(1) else None
        if m.group(1) and d is None:
            return None
        who = Ref("each_player") if m.group(2) == "all" else _whose_player(ctx, m.group(2))
        if who is None:
            return None
        return Amount("cards_in_graveyard", ref=who, filter=d.filter if d else None)
    m = re.match(r"^basic land types? among lands (you|they) control$", text)
    if m:
        if m.group(1) == "you":
            return Amount("domain")
        who = _whose_player(ctx, "their")       # "Target player draws a card for each ... among lands they control"
        return Amount("domain", ref=who) if _one_player(ctx, who) else None
    m = re.match(r"^colors? of mana spent to cast (~|it)$", text)
    if m and (m.group(1) == "~" or ctx.last in (None, (SELF,))):
        # converge (207.2c), sunburst-like: the colors of the mana paid for it as a spell (601.2h)
        return Amount("colors_spent", ref=SELF)
    if re.match(r"^mana spent to cast (~|it)$", text) and (text.endswith("~") or ctx.last in (None, (SELF,))):
        return Amount("mana_spent", ref=SELF)
    if re.match(r"^creatures? (?:~|it) devoured$", text) and (text.endswith("~") or ctx.last in (None, (SELF,))):
        return Amount("devoured", ref=SELF)         # 702.82b: the creatures sacrificed as it entered
    m = re.match(r"^colors? among (.+)$", text)
    if m:
        f = objects_filter(m.group(1))
        return Amount("colors_among", filter=f) if f is not None else None
    if re.match(r"^creatures? in your party$", text):
        return Amount("party")
    if re.fullmatch(r"cards? discarded this way", text) and ctx.flags.get("discarder") is not None:
        return Amount("discarded_this_way")     # the cards the discard instruction before it discarded, by all (701.9a)
    m = re.fullmatch(r"(.+) cards? discarded this way", text)
    d = parse_desc(m.group(1) + " card") if m and ctx.flags.get("discarder") is not None else None
    if d is not None and not d.zone and d.nouns == {"card"} and d.filter == _card_kind_only(d.filter):
        # "for each nonland card discarded this way": those of the cards discarded of that kind, as they were in the
        # hand (608.2h)
        return Amount("discarded_matching", filter=d.filter)
    m = re.match(r"^(creature|permanent|land|artifact|enchantment|planeswalker)s? (destroyed|that died) this way$", text)
    if m and ctx.flags.get("destroyed"):
        # the permanents the destroy instructions before it destroyed (701.8a), of that card type as they last were;
        # "that died": those of them put into a graveyard (700.4), not those regenerated or moved elsewhere instead
        kind = m.group(1).capitalize()
        return Amount("destroyed_this_way" if m.group(2) == "destroyed" else "died_this_way",
                      filter=Filter(types=frozenset({kind})) if kind != "Permanent" else None)
    m = re.fullmatch(r"(creature|permanent|land|artifact|enchantment|planeswalker)s? sacrificed this way", text)
    if m and m.group(1) in ("permanent", ctx.flags.get("sacrificed_kind")):
        # "You gain 2 life for each permanent sacrificed this way": all the instruction before it sacrificed (701.21a)
        return Amount("sacrificed_this_way")
    m = re.match(r"^(?:creature|permanent|land|artifact)s? tapped this way$", text)
    if m and ctx.flags.get("tapped_this_way"):
        return Amount("chosen_count", counter=ctx.flags["tapped_this_way"])     # the ones chosen and tapped
    m = re.match(r"^(.+?) (sacrificed|tapped) this way$", text)
    if m and ctx.flags.get("cost_any") == {"sacrificed": "sacrifice", "tapped": "tap"}[m.group(2)]:
        # "for each creature sacrificed this way": the permanents of that kind the spell's additional cost of "any
        # number of" them sacrificed (tapped), as they last existed (601.2h, 608.2h)
        f = objects_filter(m.group(1))
        return Amount("cost_" + m.group(2), filter=f) if f is not None else None
    if re.match(r"^opponents? you have$", text) or text in ("opponent", "opponents"):
        return Amount("players", ref=Ref("each_opponent"))
    if text in ("player", "players"):
        return Amount("players", ref=Ref("each_player"))
    m = re.match(r"^(.+?) attached to (them|that player)$", text)
    if m:
        # "the number of Curses attached to them": the one player named before, enchanted (303.4, 702.5a)
        f = objects_filter(m.group(1))
        who = _whose_player(ctx, "their")
        return Amount("attached_to", ref=who, filter=f) if f is not None and _one_player(ctx, who) else None
    m = re.match(r"^(.+?) attached to (~|it)$", text)
    if m:
        # "for each Aura attached to it" (303.4, 301.5): "it" is what the sentence is about (statics._pump_count)
        f = objects_filter(m.group(1))
        ref = SELF if m.group(2) == "~" else (ctx.last[0] if ctx.last and len(ctx.last) == 1 else None)
        return Amount("attached_to", ref=ref, filter=f) if f is not None and ref is not None else None
    m = re.match(r"^creatures? blocking (~|it) beyond the first$", text)
    if m:
        ref = SELF if m.group(1) == "~" else (ctx.last[0] if ctx.last and len(ctx.last) == 1 else None)
        return Amount("blockers_beyond_first", ref=ref) if ref is not None else None
    m = re.match(r"^([+\-\w/]+) counters? removed this way$", text)
    if m:
        # The X counters the ability's cost removed (set by the compiler for "Remove X ... counters").
        return X if ctx.flags.get("counters_removed") == m.group(1) else None
    m = re.match(r"^creatures? blocking (~|it)$", text)
    if m:
        ref = SELF if m.group(1) == "~" else (ctx.last[0] if ctx.last and len(ctx.last) == 1 else None)
        return Amount("blockers_of", ref=ref) if ref is not None else None
    m = re.match(r"^([a-z]+) vote$", text)
    if m:
        return Amount("votes_for", counter=m.group(1))      # 701.38: "for each feather vote"
    if re.match(r"^(?:opponents? you attacked with a creature|players you attacked) this combat$", text):
        return Amount("opponents_attacked")     # a player attacked is an opponent (506.2, 508.1b)
    if text == "counters it had on it" and ctx.flags.get("event_left") and ctx.last == (Ref("event"),):
        # "When ... dies, if it had counters on it, ... where X is the number of counters it had on it": as it last
        # existed (603.10a, 608.2h), every kind (122.1)
        return Amount("counters_had")
    m = re.match(r"^counters? on (~|it)$", text)
    if m:
        # "for each counter on ~": every kind (122.1)
        ref = SELF if m.group(1) == "~" else (ctx.last[0] if ctx.last and len(ctx.last) == 1 else None)
        return Amount("counters_on", ref=ref) if ref is not None else None
    m = re.match(r"^of (its|that spell's) colors$", text)
    if m and ctx.last and len(ctx.last) == 1:
        # 105.2: "+1/+1 for each of its colors", "draw a card for each of that spell's colors"
        return Amount("colors_of", ref=ctx.last[0])
    m = re.match(r"^([+\-\w/]+) counters? on (~|it)$", text)
    if m:
        # "it" with nothing named before it in the ability is its source ("~ deals damage equal to the number of
        # charge counters on it to each opponent")
        ref = SELF if m.group(2) == "~" or (ctx.last is None and it_is_the_source(ctx)) else (
            ctx.last[0] if ctx.last and len(ctx.last) == 1 else None)
        return Amount("counters_on", ref=ref, counter=m.group(1)) if ref is not None else None
    m = re.match(r"^([+\-\w/]+) counters? on ([a-z]+s (?:you control|your opponents control))$", text)
    f = objects_filter(m.group(2)) if m else None
    if f is not None:
        # "for each loyalty counter on planeswalkers you control": that kind on each permanent of the group, counted
        # together (122.1). Not "on other creatures you control": other than which object (an Aura's enchanted
        # creature, Gleam of Authority) isn't said here
        return Amount("counters_on", ref=Ref("all", filter=f), counter=m.group(1))
    m = re.match(r"^(.+?) (another )?(target player|target opponent) controls$", text)
    if m:
        # "Draw a card for each tapped creature target opponent controls": the player is the ability's target; "...
        # for each creature another target player controls": a player other than the one an earlier phrase targets
        # (115.3)
        f = objects_filter(m.group(1))
        earlier = tuple(i for i, t in enumerate(ctx.targets) if t.kind in ("player", "opponent"))
        if f is None or f.controller or (m.group(2) and not earlier):
            return None
        spec = TargetSpec(m.group(3)[7:], text=(m.group(2) or "") + m.group(3), other_than=earlier if m.group(2) else ())
        return Amount("count", ref=ctx.add_target(spec), filter=f)
    m = re.match(r"^(.+) those (?:opponents|players) control$", text)
    group = ctx.last_player if ctx.last_player is not None and ctx.last_player.kind == "target" else None
    if m and group is not None and ctx.targets[group.index].kind in ("opponent", "player") \
            and ctx.targets[group.index].max > 1:
        # "Choose any number of target opponents. Create X ... tokens, where X is the number of creatures those
        # opponents control": the players chosen for that target phrase, their permanents together
        f = objects_filter(m.group(1))
        return Amount("count", ref=group, filter=f) if f is not None and not f.controller else None
    m = re.match(r"^(.+) the chosen player controls$", text)
    if m and not ctx.is_spell:
        # "the number of tapped lands the chosen player controls" (Pallimud): the player chosen as it entered (614.12)
        f = objects_filter(m.group(1))
        return Amount("count", ref=CHOSEN_PLAYER, filter=f) if f is not None and not f.controller else None
    m = re.match(r"^(.+) (that (?:creature|permanent)'s) controller controls$", text)
    if m:
        # "the number of nonbasic lands that creature's controller controls": the player who controls the one target
        # named before (as it last existed, if it left: 608.2h)
        f = objects_filter(m.group(1))
        ref = _the_object(ctx, m.group(2))
        if f is None or f.controller or ref is None or ref.kind != "target":
            return None
        return Amount("count", ref=Ref("controller_of", ref.index), filter=f)
    m = re.match(r"^(.+) (they control|that player controls)$", text)
    if m:
        # Counted on one player's side: "the number of artifacts they control".
        who = _whose_player(ctx, "their")
        f = objects_filter(m.group(1))
        if not _one_player(ctx, who) or f is None or f.controller:
            return None
        return Amount("count", ref=who, filter=f)
    m = re.match(r"^(.+) (target player|target opponent) controls$", text)
    f = objects_filter(m.group(1)) if m else None
    if f is not None and not f.controller:
        # "for each Mountain target opponent controls": the target is chosen as the spell is cast (601.2c)
        return Amount("count", ref=parse_player(ctx, m.group(2)), filter=f)
    f = objects_filter(text)
    return Amount("count", filter=f) if f is not None else None


def with_where_x(ctx: Context, s: str, parse: Callable[[Context, str], Any]) -> Any:
    """ "<clause>, where X is <amount>": X means that amount while the clause is read (by `parse`);
    a sentence without such a phrase is read as it is."""
    m = re.match(r"^(.+), where x is (.+)$", s)
    if not m:
        return parse(ctx, s)
    x = parse_equal_to(ctx, m.group(2))
    clause = m.group(1)
    if x is None and re.search(r"\b(that player|they|their|its|that creature's)\b", m.group(2)):
        # "~ deals X damage to target opponent, where X is twice the number of white creatures that player controls",
        # "target creature gets +X/+0 ..., where X is its power": what the clause names first
        mark = ctx.mark()
        if parse(ctx, clause) is not None:
            x = parse_equal_to(ctx, m.group(2))
        ctx.reset(mark)
    if x is None:
        # "Search target player's library for up to X cards, where X is <amount>, and exile them": the phrase
        # in the middle of the sentence, the clause going on after it
        inner = re.match(r"^(.+?), (and|then) (.+)$", m.group(2))
        x = parse_equal_to(ctx, inner.group(1)) if inner else None
        if x is None:
            return None
        clause = f"{clause} and {inner.group(3)}" if inner.group(2) == "and" else f"{clause}, then {inner.group(3)}"
    return _with_x(ctx, x, clause, parse)


def _with_x(ctx: Context, x: Amount, clause: str, parse: Callable[[Context, str], Any]) -> Any:
    """The clause read with X meaning `x`."""
    ctx.flags["x"] = x
    before = len(ctx.targets)
    try:
        out = parse(ctx, clause)
    finally:
        del ctx.flags["x"]
    # "Destroy each nonland permanent with mana value X, where X is the number of charge counters on ~": one
    # instruction whose description reads this X, bound as it is carried out (WithX). A target's description is
    # chosen before (601.2c), and the descriptions of several instructions would each read it anew: not read.
    if out is None or uses_x(ctx.targets[before:]):
        return None
    if not uses_x(out):
        return out
    if len(out) != 1 or any(r.kind in ("all", "controlled_by") for r in instances_in(x, Ref)):
        return None     # an amount of each object of a group ("the number of rust counters on it"): not one X
    return (WithX(x, out[0]),)


def _affects_group(effects: Any) -> bool:
    return any(getattr(getattr(e, "what", None), "kind", "") == "all" for e in effects)


# What each player of a group does counted on their own side, one player after another: instructions that ask no one
# anything (EachPlayerInTurn)
_EACH_OWN_COUNT = (CreateTokens, GainLife, LoseLife)


def _each_their_own_count(ctx: Context, group: str, s: str, parse_effects: Callable[[Context, str], Any]) -> Any:
    """ "Each player creates a 1/1 green Cat creature token for each untapped Forest they control" (101.4): each
    player of the group in turn, "they" being that player (Ref "chosen" EACH_RECIPIENT), with their own count."""
    recipient = Ref("chosen", key=EACH_RECIPIENT)
    mark = ctx.mark()
    ctx.last_player = recipient
    out = amount_clause(ctx, s, parse_effects)
    ctx.last_player = mark[2]
    if not out or not all(isinstance(e, _EACH_OWN_COUNT) for e in out) or recipient not in instances_in(out, Ref):
        ctx.reset(mark)
        return None
    return (EachPlayerInTurn(Ref("each_" + group), tuple(out)),)


# "When you cast your next spell this turn, put X +1/+1 counters on up to one target creature, where X is the mana value
# of that spell": the delayed ability's own X, read with its body (delayed_text), "that spell" being its event's
_DELAYED_EVENT = re.compile(r"^(?:(?:when|whenever) .+? this turn|until end of turn, whenever .+?), ")


# "with mana value less than or equal to <amount>": a characteristic compared with an amount in a description
_COMPARED = re.compile(r" with (mana value|power|toughness) (less than or equal to|less than|equal to) ")
# where the amount may end: the clause goes on after it
_AMOUNT_ENDS = re.compile(r",| from | onto | into | on top | to ")


def _compared_with_amount(ctx: Context, s: str, parse_effects: Callable[[Context, str], Any]) -> Any:
    """ "Search your library for a card with mana value less than or equal to the number of lands you control",
    "Destroy each nonland permanent with mana value equal to the number of charge counters on ~": the description reads
    the amount as its X ("with mana value X or less", "with mana value X"; "less than" it is X or less for X one less),
    as "<clause>, where X is <amount>" says."""
    m = _COMPARED.search(s)
    if m is None or re.search(r"\bx\b", s):
        return None
    quality, compared, rest = m.group(1), m.group(2), s[m.end():]
    if compared == "equal to" and quality != "mana value":
        return None
    for end in [e.start() for e in _AMOUNT_ENDS.finditer(rest)] + [len(rest)]:
        if re.search(r"\b(?:it|its|they|them|their)\b", rest[:end]):
            # "each artifact with mana value less than or equal to the number of rust counters on it": each object's
            # own amount, not one for all
            return None
        mark = ctx.mark()
        x = parse_equal_to(ctx, rest[:end])
        if x is None:
            ctx.reset(mark)
            continue
        if compared == "less than":
            x = Amount("plus", value=-1, base=x)
        said = f" with {quality} x" + ("" if compared == "equal to" else " or less")
        out = _with_x(ctx, x, s[:m.start()] + said + rest[end:], parse_effects)
        if out is not None:
            return out
        ctx.reset(mark)
    return None


def amount_clause(ctx: Context, s: str, parse_effects: Callable[[Context, str], Any]) -> Any:
    """ "<clause>, where X is <amount>" and "<clause> for each <counted>": the amount phrase sets
    what X or the clause's number means while the clause is read."""
    # "... with "When this creature dies, you gain 1 life," where X is ...": the comma printed inside the quotes
    s = s.replace(',\" where x is ', '\", where x is ')
    compared = _compared_with_amount(ctx, s, parse_effects) if " with " in s else None
    if compared is not None:
        return compared
    if ", where x is " in s and _DELAYED_EVENT.match(s):
        return parse_effects(ctx, s)
    if ", where x is " in s:
        return with_where_x(ctx, s, parse_effects)
    first = re.match(r"^for each ([^,]+), ([^,]+)$", s)
    if first and not re.search(r"\b(?:it|its|that|them|they|their)\b", first.group(2)):
        # "For each creature card exiled this way, create a 1/1 colorless Spirit creature token": the count said first
        mark = ctx.mark()
        out = amount_clause(ctx, f"{first.group(2)} for each {first.group(1)}", parse_effects)
        if out is not None:
            return out
        ctx.reset(mark)
    m = re.match(r"^(.+) for each (.+?)(?: until end of turn)?$", s)
    if m and ", then " in s:
        # "Add {R}{R}, then add {R} for each card named ~ in each graveyard", "mill three cards, then put a +1/+1
        # counter on ~ for each ...", "Target opponent sacrifices a creature for each black creature you control,
        # then sacrifices a land for each red creature you control": each count belongs to its own instruction
        start = 0
        while (i := s.find(", then ", start)) >= 0:
            mark = ctx.mark()
            first = amount_clause(ctx, s[:i], parse_effects)
            rest = amount_clause(ctx, s[i + len(", then "):], parse_effects) if first is not None else None
            if rest is not None:
                return tuple(first) + tuple(rest)
            ctx.reset(mark)
            start = i + 1
        if ", then " in m.group(1):
            return None
    if m:
        per = parse_number_of(ctx, m.group(2))
        each = re.match(r"^each (player|opponent) (.+)$", m.group(1))
        if per is None and each and re.search(r"\b(their|they)\b", m.group(2)):
            out = _each_their_own_count(ctx, each.group(1), f"that player {each.group(2)} for each {m.group(2)}",
                                        parse_effects)
            if out is not None:
                return out
        if per is None and re.search(r"\b(their|that player's|they)\b", m.group(2)):
            # "Target opponent loses 2 life for each creature card in their graveyard", "... for each artifact they
            # control": the clause says whose
            mark = ctx.mark()
            if parse_effects(ctx, m.group(1)) is not None:
                per = parse_number_of(ctx, m.group(2))
            ctx.reset(mark)
        if per is not None:
            ctx.flags["for_each"] = per
            try:
                body = m.group(1) + (" until end of turn" if s.endswith(" until end of turn") else "")
                out = parse_effects(ctx, body)
            finally:
                del ctx.flags["for_each"]
            # The clause must have read a number the "for each" multiplies ("pay {1} for each ..." has none),
            # and "each other ..." is counted from the source: not from each of a group of objects.
            used = ctx.flags.pop("for_each_used", False)
            if out is not None and used and not (per.filter is not None and per.filter.other and _affects_group(out)):
                return out
    return parse_effects(ctx, s)
