"""Reading costs (118, 602.1a): "{1}, {T}, Sacrifice ~", "Pay 3 life", "Discard a card",
"Sacrifice a creature", "Exile a blue card from your hand", loyalty costs "+1" / "-X" (606.4)."""
from __future__ import annotations

import re
from dataclasses import replace

from engine.core.abilities import Cost, Filter, uses_x
from engine.core.mana import ManaCost, ManaCostError
from engine.oracle.phrases import parse_desc
from engine.oracle.text import GRANTOR, number

_MANA_ONLY = re.compile(r"^(?:\{[0-9a-z/]+\})+$")


def parse_mana_cost(text: str) -> ManaCost | None:
    text = text.strip()
    if not _MANA_ONLY.match(text) or "{t}" in text or "{q}" in text:
        return None
    try:
        return ManaCost.parse(text)
    except ManaCostError:
        return None


def filter_of(text: str) -> Filter | None:
    d = parse_desc(re.sub(r" or an? ", " or ", text))      # "another creature or an artifact"
    if d is None:
        return None
    f = d.filter
    types = {n.capitalize() for n in d.nouns if n not in ("permanent", "card", "token")}
    if types and not f.types:
        f = replace(f, types=frozenset(types))
    return f


def _named(text: str, printed: str) -> Filter | None:
    """ "a token named Wood", "a creature named Spitting Drake": the kind, with the name as printed (201.2)."""
    m = re.fullmatch(r"(.+?) named ([a-z][\w' ,-]*)", text)
    at = printed.lower().find("named " + m.group(2)) if m else -1
    f = filter_of(m.group(1)) if at >= 0 else None
    return None if f is None else replace(f, name=printed[at + 6:at + 6 + len(m.group(2))])


def _part(cost: Cost, part: str, name: str, printed: str = "") -> Cost | None:
    p = part.strip()
    if p == "{t}":
        return replace(cost, tap=True)
    if p == "{q}":
        return replace(cost, untap=True)
    m = parse_mana_cost(p)
    if m is not None:
        return replace(cost, mana=cost.mana.plus(m))
    m2 = re.match(r"^pay (\w+) life$", p)
    if m2 and number(m2.group(1)) is not None:
        return replace(cost, pay_life=cost.pay_life + number(m2.group(1)))
    if p == "pay x life":
        return replace(cost, pay_life_x=True)       # 601.2b: X chosen as the spell is cast (119.4)
    if p == "pay half your life rounded up":
        return replace(cost, pay_life_half=True)    # 119.4, 107.1a
    m2 = re.match(r"^pay ((?:\{e\})+)$", p)
    if m2:
        return replace(cost, energy=cost.energy + m2.group(1).count("{e}"))     # 107.14
    m2 = re.match(r"^pay ((?:\{[0-9a-z/]+\})+)$", p)
    if m2 and parse_mana_cost(m2.group(1)) is not None:
        return replace(cost, mana=cost.mana.plus(parse_mana_cost(m2.group(1))))     # "pay {W}{U}{B}{R}{G}"
    if p == "exert ~":
        return replace(cost, exert=True)        # 701.43
    if p in ("sacrifice ~", "sacrifice it"):
        return replace(cost, sacrifice_self=True)
    m2 = re.match(r"^(?:you may )?sacrifice any number of (.+)$", p) or re.match(
        r"^(?:you may )?tap any number of untapped (.+?) you control$", p)
    if m2 and not cost.any_number:
        f = filter_of(m2.group(1))
        if f is None or not m2.group(1).endswith("s"):
            return None
        if p.removeprefix("you may ").startswith("tap"):
            return replace(cost, tap_untapped=replace(f, controller="you"), tap_count=0, any_number=True)
        return replace(cost, sacrifice=f, sacrifice_count=0, any_number=True)
    if re.fullmatch("sacrifice " + GRANTOR, p):
        return replace(cost, sacrifice_grantor=True)    # the Equipment or Aura granting the ability (113.2)
    if re.fullmatch("unattach " + GRANTOR, p):
        return replace(cost, unattach_grantor=True)     # 701.3d: that Equipment, from the object that has the ability
    m2 = re.match(r"^sacrifice (a|an|one|two|three|four|five|x|another) (.+)$", p)
    if m2:
        f = filter_of(("another " if m2.group(1) == "another" else "") + m2.group(2)) or (
            _named(m2.group(2), printed) if m2.group(1) in ("a", "an") else None)
        if f is None:
            return None
        if m2.group(1) == "x":
            # "Sacrifice X Goats": X chosen as the ability is activated (602.2b), that many sacrificed
            return replace(cost, sacrifice=f, sacrifice_x=True)
        return replace(cost, sacrifice=f, sacrifice_count=number(m2.group(1)) or 1)
    if p in ("reveal ~ from your hand", "reveal this card from your hand"):
        return replace(cost, reveal_self=True)       # works from the hand (forecast 702.57a)
    # "Morph—Reveal a white card in your hand" (702.37a): the same, as the morph templates say it
    m2 = re.match(r"^reveal (?:a|an) (.+ card) (?:from|in) your hand$", p)
    d = parse_desc(m2.group(1)) if m2 else None
    if d is not None and not d.zone and not d.nouns & {"player", "opponent", "spell"}:
        return replace(cost, reveal_from_hand=filter_of(m2.group(1)))      # 701.20a: shown, kept in hand
    m2 = re.match(r"^reveal x (.+) cards from your hand$", p)
    d = parse_desc(m2.group(1) + " card") if m2 else None
    if d is not None and not d.zone and not d.nouns & {"player", "opponent", "spell"} and not cost.reveal_from_hand:
        # "Reveal X white cards from your hand" (Martyr of Sands): X chosen as the ability is activated (602.2b)
        return replace(cost, reveal_from_hand=filter_of(m2.group(1) + " card"), reveal_x=True)
    if p in ("discard ~", "discard this card"):
        return replace(cost, discard_self=True)      # works from the hand (113.6m)
    if p == "discard your hand":
        return replace(cost, discard_hand=True)
    if p == "discard another card named ~" and name:
        return replace(cost, discard=1, discard_filter=Filter(name=name, other=True))     # grandeur (207.2c)
    m2 = re.match(r"^discard x (.*?)cards( at random)?$", p)
    if m2 and (not m2.group(1) or filter_of(m2.group(1).strip()) is not None):
        # 601.2b: X chosen as the spell is cast: "discard X cards", "discard X creature cards", "... at random"
        return replace(cost, discard_x=True, discard_random=bool(m2.group(2)),
                       discard_filter=filter_of(m2.group(1).strip()) if m2.group(1) else None)
    m2 = re.match(r"^discard (a|one|two|three) cards? at random$", p)
    if m2:
        return replace(cost, discard=number(m2.group(1)) or 1, discard_random=True)
    m2 = re.match(r"^discard (a|an|one|two|three) (.+?)s?$", p)
    if m2:
        f = None if m2.group(2) == "card" else filter_of(m2.group(2))
        if m2.group(2) != "card" and f is None:
            return None
        return replace(cost, discard=number(m2.group(1)) or 1, discard_filter=f)
    if p in ("exile ~", "exile ~ from your graveyard", "exile ~ from your hand"):
        return replace(cost, exile_self=True)       # where it works from: the ability's zone (113.6k, 113.6m)
    m2 = re.match(r"^exile (a|an|another|one|two|three|four|five|six|seven|eight|nine|ten) (.+) "
                  r"from your (hand|graveyard)$", p)
    if m2:
        f = filter_of(("another " if m2.group(1) == "another" else "") + m2.group(2)) or Filter()
        n = number(m2.group(1)) or 1
        if m2.group(3) == "hand":
            return replace(cost, exile_from_hand=f, exile_count=n)
        return replace(cost, exile_from_graveyard=f, exile_count=n)
    m2 = re.match(r"^exile x (.*?)cards from your graveyard$", p)
    f = (filter_of(m2.group(1).strip() + " card") if m2.group(1) else Filter()) if m2 else None
    if f is not None and not cost.exile_from_graveyard:
        # "Exile X cards from your graveyard" (Taigam): X chosen as the ability is activated (602.2b)
        return replace(cost, exile_from_graveyard=f, exile_x=True)
    m2 = re.match(r"^exile the top (card|\w+ cards) of your library$", p)
    if m2 and (m2.group(1) == "card" or number(m2.group(1).split()[0])):
        return replace(cost, exile_top=1 if m2.group(1) == "card" else number(m2.group(1).split()[0]))
    m2 = re.match(r"^exile the top (.*?)card of your graveyard$", p)
    f = (filter_of(m2.group(1).strip()) if m2.group(1) else Filter()) if m2 else None
    if f is not None:
        return replace(cost, exile_top_graveyard=f)
    if p == "put a card from your hand on top of your library":
        return replace(cost, hand_to_library=1)
    if p == "put a card an opponent owns from exile into that player's graveyard":
        return replace(cost, exile_to_graveyard=1)      # the processors' cost (118.3: a card to put there)
    m2 = re.match(r"^mill (a card|\w+ cards)$", p)
    if m2 and (m2.group(1) == "a card" or number(m2.group(1).split()[0])):
        return replace(cost, mill=1 if m2.group(1) == "a card" else number(m2.group(1).split()[0]))     # 701.17a
    m2 = re.match(r"^tap (another|\w+) untapped (.+?) you control$", p)
    n = (1 if m2.group(1) == "another" else number(m2.group(1))) if m2 else None
    if m2 and n:
        f = filter_of(("another " if m2.group(1) == "another" else "") + m2.group(2))
        if f is None:
            return None
        return replace(cost, tap_untapped=replace(f, controller="you"), tap_count=n)
    if p == "return ~ to its owner's hand":
        return replace(cost, return_self=True)
    m2 = re.match(r"^return (\w+) (.+?) you control to (?:its|their) owner's hand$", p)
    n = number(m2.group(1)) if m2 else None
    if m2 and n:
        f = filter_of(m2.group(2))
        if f is None:
            return None
        return replace(cost, return_to_hand=replace(f, controller="you"), return_count=n)
    m2 = re.match(r"^remove (a|an|one|two|three) (\S+) counters? from (?:a|an) (.+?) you control$", p)
    if m2:
        f = filter_of(m2.group(3))
        if f is None:
            return None
        return replace(cost, remove_counters=(m2.group(2), number(m2.group(1))), remove_from=replace(f, controller="you"))
    m2 = re.match(r"^put (a|an|one|two|three) (\S+) counters? on ~$", p)
    if m2:
        return replace(cost, put_counters=(m2.group(2), number(m2.group(1))))
    m2 = re.match(r"^put (a|an|one|two|three) (\S+) counters? on (?:a|an) (.+?) you control$", p)
    f = filter_of(m2.group(3)) if m2 else None
    if f is not None:
        return replace(cost, put_counters=(m2.group(2), number(m2.group(1))), put_on=replace(f, controller="you"))
    m2 = re.match(r"^remove (x|any number of|all) (\S+) counters from ~$", p)
    if m2:
        # "Any number of" is chosen as the cost is paid, as X is announced: the same count either way;
        # "all": as many as it has, which the effect's "removed this way" counts as X.
        return replace(cost, remove_counters_x=m2.group(2), remove_all=m2.group(1) == "all")
    m2 = re.match(r"^remove (a|an|one|two|three|four|five|six|seven|eight|nine|ten) (\S+) counters? from ~$", p)
    if m2:
        return replace(cost, remove_counters=(m2.group(2), number(m2.group(1))))
    return None


def _sacrificed_too(cost: Cost, part: str, printed: str = "") -> Cost | None:
    """ "Sacrifice a Swamp and a Forest", "Sacrifice two lands and ~": what follows "and" without a verb is sacrificed
    too, each of the groups other objects (118.3)."""
    if part == "~":
        return replace(cost, sacrifice_self=True)
    m = re.match(r"^(a|an|one|two|three|another) (.+)$", part)
    f = filter_of(("another " if m.group(1) == "another" else "") + m.group(2)) if m else None
    if f is None and m and m.group(1) in ("a", "an"):
        f = _named(m.group(2), printed)     # "Sacrifice ~ and a creature named Spitting Drake"
    if f is None:
        return None
    n = number(m.group(1)) or 1
    if cost.sacrifice is None:
        return replace(cost, sacrifice=f, sacrifice_count=n)
    return replace(cost, sacrifice_also=cost.sacrifice_also + ((f, n),))


def parse_cost(text: str, spell_x: bool = False, name: str = "", printed: str = "") -> Cost | None:
    """An activation or additional cost; items separated by commas (602.1a). "Pay X life" and "discard X cards"
    only with `spell_x`: a spell's additional cost, whose X is chosen as it is cast (601.2b). `name`: the card's,
    which "~" stands for ("Discard another card named ~"); `printed`: the cost as printed, whose case a name keeps
    ("Sacrifice a token named Wood")."""
    text = text.strip()
    lm = re.match(r"^([+-])(\d+|x)$", text)
    if lm:
        if lm.group(2) == "x":
            return Cost(loyalty_x=True, text=text)
        n = int(lm.group(2))
        return Cost(loyalty=-n if lm.group(1) == "-" else n, text=text)
    if text == "0":
        return Cost(loyalty=0, text=text)
    cost = Cost()
    parts = re.split(r", (?:and )?| and ", text.replace("half your life, rounded up", "half your life rounded up"))
    verb = ""
    for part in parts:
        c = _sacrificed_too(cost, part, printed) if verb == "sacrifice" else None
        if c is None:
            c = _part(cost, part, name, printed)
            if c is None:
                return None
            verb = part.split(" ", 1)[0]
        cost = c
    if (cost.pay_life_x or cost.discard_x or cost.any_number) and not spell_x or cost.sacrifice_x and spell_x:
        return None
    if uses_x(cost):
        return None     # "discard a card with mana value X": a cost's filter isn't given the X chosen as it's paid
    return replace(cost, text=text)
