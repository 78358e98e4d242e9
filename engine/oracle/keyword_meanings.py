"""Keywords whose meaning is abilities the rules spell out (702.x 'a' rules): the compiler reads those
sentences like printed text, so the keyword plays by the same grammar and effects as any card. N is
the keyword's number ("Bushido 2", "Modular 3")."""
from __future__ import annotations

from typing import Callable

from engine.core.abilities import SELF, Amount, Condition, Keyword, StaticAbility

_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
          10: "ten"}


def _count(n: int, noun: str) -> str:
    """"a permanent", "two permanents" (the plural is the noun plus "s")."""
    return f"a {noun}" if n == 1 else f"{_WORDS.get(n, str(n))} {noun}s"


# Keywords without a number: their sentences.
MEANINGS: dict[str, tuple[str, ...]] = {
    "prowess": ("Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn.",),                # 702.108a
    "exalted": ("Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.",),
    "flanking": ("Whenever ~ becomes blocked by a creature without flanking, the blocking creature gets "
                 "-1/-1 until end of turn.",),                                                             # 702.25a
    "battle cry": ("Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn.",),     # 702.91a
    "living weapon": ("When ~ enters, create a 0/0 black Phyrexian Germ creature token, then attach ~ to it.",),
    # 702.101a: "... each opponent loses 1 life and you gain life equal to the total life lost this way": with the
    # one opponent of a two-player game (life loss is never reduced in this engine), that is 1 life.
    "ingest": ("Whenever ~ deals combat damage to a player, that player exiles the top card of their library.",),
    "melee": ("Whenever ~ attacks, it gets +1/+1 until end of turn for each opponent you attacked with a creature "
              "this combat.",),                                                                            # 702.121a
    # 702.39a: "you may have target creature defending player controls untap and block it if able", in the words
    # the grammar reads (the optional trigger covers both: 603.5)
    "provoke": ("Whenever ~ attacks, you may untap target creature defending player controls. If you do, that "
                "creature blocks ~ this turn if able.",),
    "extort": ("Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life and you gain "
               "1 life.",),
    "decayed": ("~ can't block.", "When ~ attacks, sacrifice it at end of combat."),                       # 702.147a
}
# Keywords with a number N (702.45a bushido, 702.135a afterlife, 702.86a annihilator, 702.130a afflict,
# 702.43a modular, 702.46a soulshift, 702.70a poisonous).
NUMBERED_MEANINGS: dict[str, Callable[[int], tuple[str, ...]]] = {
    "rampage": lambda n: (f"Whenever ~ becomes blocked, it gets +{n}/+{n} until end of turn for each creature "
                          f"blocking it beyond the first.",),                                              # 702.23a
    "bushido": lambda n: (f"Whenever ~ blocks or becomes blocked, ~ gets +{n}/+{n} until end of turn.",),
    "afterlife": lambda n: (f"When ~ is put into a graveyard from the battlefield, create "
                            f"{_count(n, '1/1 white and black Spirit creature token')} with flying.",),
    "annihilator": lambda n: (f"Whenever ~ attacks, defending player sacrifices {_count(n, 'permanent')}.",),
    "afflict": lambda n: (f"Whenever ~ becomes blocked, defending player loses {n} life.",),
    # 702.70b: several instances each trigger
    "poisonous": lambda n: (f"Whenever ~ deals combat damage to a player, that player gets {n} poison counter"
                            f"{'' if n == 1 else 's'}.",),
    "soulshift": lambda n: (f"When ~ is put into a graveyard from the battlefield, you may return target Spirit card "
                            f"with mana value {n} or less from your graveyard to your hand.",),
    "hideaway": lambda n: (f"When ~ enters, look at the top {'card' if n == 1 else _count(n, 'card')} of your library. "
                           f"Exile one of them "
                           f"face down and put the rest on the bottom of your library in a random order.",),  # 702.75a
    "modular": lambda n: (f"~ enters with {n} +1/+1 counters on it.",
                          "When ~ dies, you may put a +1/+1 counter on target artifact creature for each "
                          "+1/+1 counter on ~."),
}


# Keywords that are an activated ability with the keyword's cost (702.107a outlast, 702.77a reinforce: from the
# hand); N is the keyword's number or X.
COSTED_MEANINGS: dict[str, Callable[[str, str], tuple[str, ...]]] = {
    "outlast": lambda cost, n: (f"{cost}, {{T}}: Put a +1/+1 counter on ~. Activate only as a sorcery.",),
    "reinforce": lambda cost, n: (f"{cost}, Discard ~: Put {_count_word(n)} +1/+1 counter{'' if n == '1' else 's'} "
                                  f"on target creature.",),
}


def _count_word(n: str) -> str:
    return "a" if n == "1" else _WORDS.get(int(n), n) if n.isdigit() else n.upper()


# Keywords that change how the permanent enters (614.1c): bloodthirst 702.54a, riot 702.136a, unleash 702.98a.
ENTERING_KEYWORDS = frozenset({"bloodthirst", "riot", "unleash", "tribute"})


def entering_keyword(name: str, n: int = 1) -> tuple[StaticAbility, ...]:
    """The static abilities of an entering keyword (N: bloodthirst's number)."""
    counters = (("counters", (("+1/+1", n),)),)
    if name == "bloodthirst":
        # "If an opponent was dealt damage this turn, this permanent enters with N +1/+1 counters on it."
        return (StaticAbility("enters_with_counters", SELF, counters, Condition("opponent_dealt_damage_this_turn")),)
    chose_counter = Condition("chose", key=name, value=0)
    if name == "tribute":
        # 702.104a: "As this creature enters, choose an opponent. That player may put N +1/+1 counters on it."
        return (StaticAbility("enters_choice", SELF, (("key", name), ("options", (f"pay tribute ({n} counters)",
                                                                                   "don't pay")),
                                                      ("chooser", "opponent"))),
                StaticAbility("enters_with_counters", SELF, counters, chose_counter))
    if name == "riot":
        # "You may have this permanent enter with an additional +1/+1 counter on it. If you don't, it gains haste."
        return (StaticAbility("enters_choice", SELF, (("key", name), ("options", ("a +1/+1 counter", "haste")))),
                StaticAbility("enters_with_counters", SELF, counters, chose_counter),
                StaticAbility("grant", SELF, (Keyword("haste"),), Condition("chose", key=name, value=1)))
    # unleash: "You may have this permanent enter with an additional +1/+1 counter on it." and "This
    # permanent can't block as long as it has a +1/+1 counter on it."
    has_counter = Condition("amount_at_least", 1, amount=Amount("counters_on", ref=SELF, counter="+1/+1"))
    return (StaticAbility("enters_choice", SELF, (("key", name), ("options", ("a +1/+1 counter", "no counter")))),
            StaticAbility("enters_with_counters", SELF, counters, chose_counter),
            StaticAbility("cant_block", SELF, (), has_counter))


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


def typecycling_effect(kind: str) -> str:
    """702.29e for a type the keyword's name doesn't list ("wizardcycling", "artifact landcycling"): the search of
    its card type, subtype or supertype words."""
    return f"Search your library for {'an' if kind[0] in 'aeiou' else 'a'} {kind} card, reveal it, put it into your hand, then shuffle."


def keyword_meaning(kw: Keyword) -> tuple[str, ...] | None:
    """The sentences a keyword stands for, or None if it isn't one of these (or its N isn't a number)."""
    if kw.name in MEANINGS:
        return MEANINGS[kw.name]
    if kw.name == "partner with":
        # 702.124j (its other ability is deck construction, cardsdb.validation)
        return (f"When ~ enters, target player may search their library for a card named {kw.param}, reveal it, "
                "put it into their hand, then shuffle.",)
    costed = COSTED_MEANINGS.get(kw.name)
    if costed is not None and (kw.cost is not None or kw.full_cost is not None):
        return costed(kw.full_cost.text if kw.full_cost is not None else str(kw.cost), kw.param or "1")
    numbered = NUMBERED_MEANINGS.get(kw.name)
    if kw.name == "hideaway" and not kw.param:
        # 702.75b: a "Hideaway" printed without N has the errata "Hideaway 4" and "~ enters tapped."
        return ("~ enters tapped.", *numbered(4))
    if numbered is None or not (kw.param or "").isdigit():
        return None
    return numbered(int(kw.param))
