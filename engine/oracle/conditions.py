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
from dataclasses import dataclass, replace

from engine.core.abilities import Amount, Condition, Filter, Ref, SELF, X, YOU
from engine.oracle.amounts import objects_filter, parse_equal_to, parse_number_of
from engine.oracle.grammar import Context
from engine.oracle.phrases import COLOR_LETTER, most_of, object_filter, parse_desc
from engine.oracle.text import number

_FIXED = {
    "it was kicked": Condition("kicked"), "~ was kicked": Condition("kicked"),
    "it wasn't kicked": Condition("kicked", negate=True), "~ wasn't kicked": Condition("kicked", negate=True),
    "~ is untapped": Condition("source_tapped", negate=True), "~ is tapped": Condition("source_tapped"),
    # an Equipment's or Aura's host (611.3a): "As long as ~ is attached to a creature, ..."
    "~ is attached to a creature": Condition("attached_matches", filter=Filter(types=frozenset({"Creature"}))),
    "a creature died this turn": Condition("creature_died_this_turn"),
    "a permanent was put into your hand from the battlefield this turn": Condition("bounced_to_your_hand_this_turn"),
    "you attacked this turn": Condition("attacked_this_turn"),
    # 508.1: creatures were declared attacking you in the declaration of this step (a planeswalker isn't you)
    "you've been attacked this step": Condition("all", all_of=(Condition("during_step", step="declare_attackers"),
                                                               Condition("attacked_you_this_combat"))),
    "you have the city's blessing": Condition("city_blessing"),       # 702.131c
    "you've completed a dungeon": Condition("completed_dungeon"),     # 309.7
    "tribute wasn't paid": Condition("chose", 1, key="tribute"),        # 702.104b
    "~ is monstrous": Condition("chose", 1, key="monstrous"),           # 701.37b
    "~ is renowned": Condition("chose", 1, key="renowned"),             # 702.112b
    "~ is equipped": Condition("has_attached", key="Equipment"),        # 301.5
    "~ is enchanted": Condition("has_attached", key="Aura"),            # 303.4
    "you win": Condition("won_clash"), "you won": Condition("won_clash"),       # 701.30d, after a clash
    "~ attacked this turn": Condition("self_attacked_this_turn"),
    "~ dealt damage to an opponent this turn": Condition("source_dealt_damage_to", key="opponent"),
    "~ dealt damage to a player this turn": Condition("source_dealt_damage_to", key="player"),
    "~ attacked or blocked this combat": Condition("self_in_combat", key="combat"),
    "~ attacked or blocked this turn": Condition("self_in_combat", key="turn"),
    "you have a full party": Condition("amount_at_least", 4, amount=Amount("party")),     # 700.8
    # 105.1: a permanent of each of the five colors (one permanent may be of several)
    "you control a permanent of each color": Condition("all", all_of=tuple(
        Condition("you_control", filter=Filter(colors=frozenset({c}))) for c in "WUBRG")),
    "you control your commander": Condition("control_commander", key="yours"),     # 903.3
    "you control a commander": Condition("control_commander"),
    "this creature attacked this turn": Condition("self_attacked_this_turn"),
    "you cast this spell during your main phase": Condition("cast_during_your_main_phase"),
    "you cast ~ during your main phase": Condition("cast_during_your_main_phase"),
    "it had no -1/-1 counters on it": Condition("no_counters", filter=None),
    "it had no +1/+1 counters on it": Condition("no_plus_one_counters", filter=None),
    "you have no cards in hand": Condition("hand_empty"),
    "your library has no cards in it": Condition("library_empty"),
    "there are no cards in your library": Condition("library_empty"),
    "you have a card in hand": Condition("hand_empty", negate=True),
    "it's your turn": Condition("your_turn"), "it's not your turn": Condition("your_turn", negate=True),
    "it's an opponent's turn": Condition("your_turn", negate=True),     # every other player is an opponent (102.2)
    "you gained life this turn": Condition("life_gained_this_turn"),
    "an opponent lost life this turn": Condition("life_lost_this_turn", key="opponent"),
    "you lost life this turn": Condition("life_lost_this_turn", key="you"),
    "you didn't lose life this turn": Condition("life_lost_this_turn", key="you", negate=True),
    "a permanent you controlled left the battlefield this turn": Condition("permanent_left_this_turn"),
    # 400.7d: the spell the permanent was
    "you cast it": Condition("cast_from"), "you cast it from your hand": Condition("cast_from", key="hand"),
    "you cast it from your graveyard": Condition("cast_from", key="graveyard"),
    # an enters trigger's own event: the zone it entered from (603.6a, 603.10)
    "it entered from your graveyard": Condition("entered_from", key="graveyard"),
    "you have more cards in hand than each opponent": Condition("more_cards_in_hand"),
    # life totals compared (119): against at least one opponent, or against each
    "you have more life than an opponent": Condition("more_life", key="an_opponent"),
    "you have more life than each opponent": Condition("more_life", key="each_opponent"),
    "an opponent has more life than you": Condition("opponent_more_life"),
    "you have less life than an opponent": Condition("opponent_more_life"),
    "it was evoked": Condition("evoked"),
    # The werewolves of double-faced cards (712.2): how many spells were cast in the previous turn.
    "no spells were cast last turn": Condition("spells_cast_last_turn", 1, negate=True),
    "a player cast two or more spells last turn": Condition("spells_cast_last_turn", 2),
    "~ was cast from a graveyard": Condition("cast_from_graveyard"),
    "~ is attacking alone": Condition("attacking_alone"),                          # 506.5
    "~ entered this turn": Condition("self_entered_this_turn"),
    "~ is on the battlefield": Condition("source_on_battlefield"),
    "you created a token this turn": Condition("created_token_this_turn"),
    "an opponent has more cards in hand than you": Condition("opponent_more_cards_in_hand"),
    "~ entered the battlefield this turn": Condition("self_entered_this_turn"),
    "enchanted creature is attacking alone": Condition("attacking_alone", key="enchanted"),
    "equipped creature is attacking alone": Condition("attacking_alone", key="equipped"),
    "it's night": Condition("day_night", key="night"), "it's day": Condition("day_night", key="day"),     # 731.1
    "you're the monarch": Condition("monarch", key="you"), "an opponent is the monarch": Condition("monarch", key="opponent"),
    "you aren't the monarch": Condition("monarch", key="you", negate=True),     # 725.1
    "this spell was cast from a graveyard": Condition("cast_from_graveyard"),
    # "Whenever a creature an opponent controls becomes tapped, if it isn't being declared as an attacker" (508.1f)
    "it isn't being declared as an attacker": Condition("tapped_to_attack", negate=True),
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
    """An "if" or "as long as" condition (603.4 intervening if, 608.2c, 611.3a), or two joined by "and" or "or"."""
    return _one_condition(text) or _both(text.strip()) or _either(text.strip())


def _either(t: str) -> Condition | None:
    """ "You control a Desert or there is a Desert card in your graveyard": one of two conditions, each a clause of
    its own (the "or" inside one, "a Swamp or a Mountain", is read by that clause)."""
    for m in re.finditer(" or (?=you |there |an opponent |a |an )", t):
        left, right = _one_condition(t[:m.start()]), _one_condition(t[m.end():])
        if left is not None and right is not None:
            return Condition("any", all_of=(left, right))
    return None


def _one_condition(text: str) -> Condition | None:
    # "you control at least two Merfolk"; not "at least five other Mountains": in a trigger's condition that "other"
    # may mean other than the one that triggered it (Valakut), which "other" (than the source) doesn't read
    t = re.sub(r"^you control at least (\w+) (?!other )", r"you control \1 or more ", text.strip())
    if t in _FIXED:
        return _FIXED[t]
    kicker = re.fullmatch(r"(?:it|~) was kicked with its (\{[^ ]+\}) kicker", t)
    if kicker:
        # 702.33c: of its kicker abilities, the one with that cost was paid (engine.query.amounts)
        return Condition("kicked_with", key=kicker.group(1).upper())
    voted = vote_condition(t)
    if voted is not None:
        return voted
    m = re.match(r"^you control (a|an|another) (.+)$", t)
    if m:
        # "a Swamp or a Mountain" (the check lands): one of them
        f = objects_filter(re.sub(r" or an? ", " or ", m.group(2)))
        if f is not None:
            # "another": other than the source (Felhide Brawler's "another Minotaur" isn't itself)
            return Condition("you_control", filter=replace(f, other=True) if m.group(1) == "another" else f)
    m = re.match(r"^you don't control (?:a|an) (.+)$", t)
    if m:
        # "If you don't control a Human": none of them (the negation of "you control a Human")
        f = objects_filter(re.sub(r" or an? ", " or ", m.group(1)))
        return Condition("you_control", filter=f, negate=True) if f is not None else None
    m = re.match(r"^you control no (.+?)( other than ~)?$", t)
    if m:
        # "if you control no Thopters other than ~": the source itself doesn't count (201.5)
        f = objects_filter(m.group(1))
        return _counted(0, Amount("count", filter=replace(f, controller="you", other=bool(m.group(2))))
                        if f is not None else None, most=True)
    m = re.match(rf"^you control {_N} or more (.+) with different (powers|names)$", t)
    if m and number(m.group(1)) is not None:
        # Coven: as many different powers among them as the number says; "ten or more Gates with different names"
        f = objects_filter(m.group(2))
        return _counted(number(m.group(1)), Amount("different_" + m.group(3), filter=replace(f, controller="you"))
                        if f is not None else None)
    m = re.match(rf"^you control {_N} or (more|fewer) (.+)$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), _control_count(m.group(3), "you"), most=m.group(2) == "fewer")
    m = re.match(rf"^an opponent has at least {_N} more cards in hand than you$", t)
    if m and number(m.group(1)) is not None:
        # "Draw three cards instead if an opponent has at least four more cards in hand than you"
        return Condition("opponent_more_cards_in_hand", number(m.group(1)))
    # "you control fewer creatures than an opponent": the same comparison
    m = re.match(r"^an opponent controls more (.+) than you$", t) or \
        re.match(r"^you control fewer (.+) than an opponent$", t)
    if m:
        f = objects_filter(m.group(1))
        if f is not None:
            return Condition("opponent_controls_more", filter=f)
    m = re.match(r"^an opponent controls (?:a|an) (.+)$", t)
    if m:
        return _counted(1, _control_count(m.group(1), "opponent"))
    m = re.match(r"^there is (?:a|an) (.+) on the battlefield$", t)
    if m:
        f = objects_filter(m.group(1))
        return _counted(1, Amount("count", filter=f) if f is not None else None)
    m = re.match(r"^any player controls (?:a|an) (.+)$", t)
    if m:
        f = objects_filter(m.group(1))
        return _counted(1, Amount("count", filter=f) if f is not None else None)
    m = re.match(r"^your opponents control no (.+)$", t)
    if m:
        return _counted(0, _control_count(m.group(1), "opponent"), most=True)
    one = _one_player(t)
    if one is not None:
        return one
    m = re.match(r"^a player (?:has more (life|cards in hand)|controls more (.+)) than each other player$", t)
    most = most_of(m.group(1) or m.group(2)) if m else None
    if most is not None:
        # "if a player controls more creatures than each other player" (a tie: no such player)
        return Condition("a_player_has_most", filter=most.filter, key=most.key)
    spent = _mana_spent(t)
    if spent is not None:
        return spent
    m = re.match(r"^the sacrificed (?:creature|permanent|artifact|land) (was .+)$", t)
    if m:
        # what was sacrificed to pay the cost, as it last existed (608.2h): the stack object's event keeps it
        was = _was_filter("it " + m.group(1))
        return Condition("sacrificed_was", filter=was) if was is not None else None
    m = re.match(r"^the sacrificed (?:creature|permanent|artifact)'s (power|toughness|mana value) was (\w+) or "
                 r"(greater|less)$", t)
    if m and number(m.group(2)) is not None:
        # "If the sacrificed creature's toughness was 4 or greater": its value as it last existed (608.2h)
        return _counted(number(m.group(2)), Amount("sacrificed_" + m.group(1).replace(" ", "_")),
                        most=m.group(3) == "less")
    m = re.match(r"^(a|an|\w+ or more) (.+?) (?:is|are) attacking$", t)
    n = _how_many(m.group(1)) if m else None
    if n is not None:
        # "If a white creature is attacking", "if three or more creatures are attacking" (508.1)
        f = objects_filter(m.group(2))
        return _counted(n, Amount("count", filter=replace(f, attacking=True)) if f is not None else None)
    m = re.match(rf"^{_N} or more creatures are blocking ~$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), Amount("blockers_of", ref=SELF))
    # "seven or more cards are in your graveyard", "there are four or more card types among ..."
    m = re.match(rf"^(?:there are )?{_N} or (more|fewer) (.+?)(?: are)?( in your graveyard)?$", t)
    if m and number(m.group(1)) is not None:
        counted = parse_number_of(Context(), m.group(3) + (m.group(4) or ""))
        return _counted(number(m.group(1)), counted, most=m.group(2) == "fewer")
    m = re.match(r"^(?:there is (?:a|an) (.+?) card in your graveyard|(?:a|an) (.+?) card is in your graveyard)$", t)
    if m:
        # 404.2: at least one such card in its owner's graveyard
        return _counted(1, parse_number_of(Context(), (m.group(1) or m.group(2)) + " cards in your graveyard"))
    m = re.match(r"^(an opponent owns|you own) (?:a|an) (.+)$", t)
    if m and m.group(2).endswith(" in exile"):
        counted = parse_number_of(Context(), m.group(2)[:-9] + (" your opponents" if m.group(1) == "an opponent owns"
                                                                  else " you") + " own in exile")
        return _counted(1, counted)
    m = re.match(rf"^you were dealt (?:{_N} or more )?damage this turn$", t)
    if m and (m.group(1) is None or number(m.group(1)) is not None):
        # "if you were dealt 4 or more damage this turn": all of it, combat or not (120.2)
        return _counted(number(m.group(1)) if m.group(1) else 1, Amount("damage_this_turn", ref=YOU))
    m = re.match(r"^you have at least (\w+) life more than your starting life total$", t)
    if m and number(m.group(1)) is not None:
        return Condition("life_above_starting", number(m.group(1)))       # 103.4, 903.7
    m = re.match(r"^you attacked with creatures with total power (\w+) or greater this combat$", t)
    if m and number(m.group(1)) is not None:
        return Condition("attacked_with_power", number(m.group(1)))       # pack tactics
    m = re.match(rf"^you've drawn {_N} or more cards this turn$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), Amount("cards_drawn_this_turn", ref=YOU))
    m = re.match(rf"^an opponent has {_N} or more (.*?)cards in their graveyard$", t)
    if m and number(m.group(1)) is not None:
        # One opponent's graveyard alone must hold that many (in a multiplayer game too).
        d = parse_desc(m.group(2) + "card") if m.group(2) else None
        if m.group(2) and d is None:
            return None
        return Condition("opponent_graveyard_at_least", number(m.group(1)), filter=d.filter if d else None)
    m = re.match(r"^it had (?:a|an|one or more) ([+\-\w/]+) counters? on it$", t)
    if m:
        return Condition("had_counters", key=m.group(1))      # as it last existed (603.10a)
    m = re.match(rf"^x is {_N} or more$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), X)
    m = re.match(r"^(?:no (.+) are|there are no (.+)) on the battlefield$", t)
    if m:
        f = objects_filter(m.group(1) or m.group(2))
        return _counted(0, Amount("count", filter=f) if f is not None else None, most=True)
    m = re.match(r"^(?:there are no ([+\-\w/]+) counters on ~|~ has no ([+\-\w/]+) counters on it|"
                 r"~ doesn't have (?:a|an) ([+\-\w/]+) counter on it)$", t)
    if m:
        counter = m.group(1) or m.group(2) or m.group(3)
        return _counted(0, Amount("counters_on", ref=SELF, counter=counter), most=True)
    history = _turn_history(t)
    if history is not None:
        return history
    m = re.match(rf"^you have {_N} or more opponents$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), Amount("players", ref=Ref("each_opponent")))
    m = re.match(rf"^you have {_N} or (more|fewer) cards in hand$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), Amount("cards_in_hand", ref=YOU), most=m.group(2) == "fewer")
    m = re.match(rf"^(.+) have total power {_N} or greater$", t)
    if m and number(m.group(2)) is not None:
        f = objects_filter(m.group(1))
        return _counted(number(m.group(2)), Amount("total_power", filter=f) if f is not None else None)
    m = re.match(r"^you(?:'ve)? gained (\d+) or more life this turn$", t)
    if m:
        return Condition("life_gained_this_turn", int(m.group(1)))
    m = re.match(rf"^you have {_N} or (more|less) life$", t)
    if m and number(m.group(1)) is not None:
        return Condition("life_at_least" if m.group(2) == "more" else "life_at_most", number(m.group(1)))
    m = re.match(rf"^your life total is (?:less than {_N}|{_N} or less)$", t)
    if m and number(m.group(1) or m.group(2)) is not None:
        # 119.1: a player's life total; "less than 7" is at most 6
        return Condition("life_at_most", number(m.group(1)) - 1 if m.group(1) else number(m.group(2)))
    m = re.match(rf"^you have exactly {_N} life$", t)
    if m and number(m.group(1)) is not None:
        n = number(m.group(1))
        return Condition("all", all_of=(Condition("life_at_least", n), Condition("life_at_most", n)))
    m = re.match(rf"^you have {_N} or more ((?:.+ )?cards) in your graveyard$", t)
    if m and number(m.group(1)) is not None:
        # "if you have four or more creature cards in your graveyard", "seven or more cards" (404.2)
        return _counted(number(m.group(1)), parse_number_of(Context(), m.group(2) + " in your graveyard"))
    m = re.match(rf"^(enchanted|equipped) creature's (power|toughness) is {_N} or greater$", t)
    if m and number(m.group(3)) is not None:
        # the permanent the source is attached to (301.5, 303.4)
        return _counted(number(m.group(3)), Amount(m.group(2) + "_of", ref=Ref(m.group(1))))
    m = re.match(r"^it's (?:a|an) (.+?) card$", t) or re.match(r"^(?:a|an) (.+?) card is revealed this way$", t)
    if m:
        # "If a land card is revealed this way": the card the reveal before it revealed (701.20a)
        d = parse_desc(m.group(1) + " card")
        if d is not None:
            return Condition("revealed_matches", filter=d.filter)
    m = re.match(r"^~ has (a|an|\w+)(?: or more)? ([+\-\w/]+) counters? on it$", t)
    if m and (m.group(1) in ("a", "an") or " or more " in t):
        n = 1 if m.group(1) in ("a", "an") else number(m.group(1))
        if n is not None:
            return _counted(n, Amount("counters_on", ref=SELF, counter=m.group(2)))
    m = re.match(rf"^there are {_N} or more ([+\-\w/]+) counters on ~$", t)
    if m and number(m.group(1)) is not None:
        return _counted(number(m.group(1)), Amount("counters_on", ref=SELF, counter=m.group(2)))
    m = re.match(rf"^(?:~ has {_N} or fewer ([+\-\w/]+) counters on it|there are {_N} or fewer ([+\-\w/]+) counters on ~)$", t)
    if m and number(m.group(1) or m.group(3)) is not None:
        # "if ~ has two or fewer judgment counters on it": none at all counts too (122.1)
        return _counted(number(m.group(1) or m.group(3)), Amount("counters_on", ref=SELF, counter=m.group(2) or m.group(4)),
                        most=True)
    m = re.match(rf"^there (?:is|are) exactly {_N} ([+\-\w/]+) counters? on ~$", t)
    if m and number(m.group(1)) is not None:
        # "as long as there is exactly one tide counter on ~": neither fewer nor more
        n, amount = number(m.group(1)), Amount("counters_on", ref=SELF, counter=m.group(2))
        return Condition("all", all_of=(_counted(n, amount), _counted(n, amount, most=True)))
    m = re.match(rf"^(your devotion to .+) is less than {_N}$", t)
    if m and number(m.group(2)) is not None:
        # The Theros gods: "As long as your devotion to red is less than five, ~ isn't a creature" (700.5)
        return _counted(number(m.group(2)) - 1, parse_equal_to(Context(), m.group(1)), most=True)
    # "as long as enchanted creature is blue", "as long as ~ is attacking" (611.3a); "it's" is left
    # unread: without the sentence's context it could mean the source or another object.
    m = re.match(r"^(?:(enchanted|equipped) (?:creature|permanent|land|artifact) is|~ is) (?:a |an )?(.+)$", t)
    if m:
        f = _state_filter(m.group(2))
        if f is not None:
            return Condition("attached_matches" if m.group(1) else "source_matches", filter=f)
    return None


_PLAYER_COUNTS = (
    (rf"^(?:has|have) {_N} or (more|less|fewer) life$", lambda who, rest: Amount("life_of", ref=who)),
    (rf"^(?:has|have) {_N} or (more|less|fewer) cards in (?:their )?hand$", lambda who, rest: Amount("cards_in_hand", ref=who)),
    (rf"^(?:has|have) {_N} or (more|less|fewer) (.*?)cards in (?:their )?graveyard$",
     lambda who, rest: _graveyard_count(who, rest)),
    (rf"^(?:has|have) {_N} or (more|less|fewer) poison counters$", lambda who, rest: Amount("poison_counters", ref=who)),
    (rf"^controls {_N} or (more|fewer) (.+)$", lambda who, rest: _player_control_count(who, rest)),
)


def _graveyard_count(who: Ref, kind: str) -> Amount | None:
    d = parse_desc(kind + "card") if kind else None
    return None if kind and (d is None or d.zone) else Amount("cards_in_graveyard", ref=who, filter=d.filter if d else None)


def _player_control_count(who: Ref, text: str) -> Amount | None:
    f = objects_filter(text)
    return Amount("count", ref=who, filter=f) if f is not None and f.controller is None else None


def player_condition(who: Ref, text: str) -> Condition | None:
    """ "If that player has two or fewer cards in hand", "if defending player controls no black permanents": a count
    of the one player an ability names (`who`: the trigger's player, the defending player), in the words of
    _PLAYER_COUNTS."""
    m = re.match(r"^controls no (.+)$", text)
    if m:
        return _counted(0, _player_control_count(who, m.group(1)), most=True)
    m = re.match(r"^controls (?:a|an) (.+)$", text)
    if m:
        return _counted(1, _player_control_count(who, m.group(1)))
    for pattern, amount in _PLAYER_COUNTS:
        m = re.match(pattern, text)
        if m and number(m.group(1)) is not None:
            return _counted(number(m.group(1)), amount(who, m.group(3) if m.lastindex >= 3 else ""),
                            most=m.group(2) != "more")
    m = re.match(r"^had another (.+?) enter (?:the battlefield )?under their control this turn$", text)
    f = objects_filter(m.group(1)) if m and who == Ref("event_controller") else None
    if f is not None and _logged(f):
        # "Whenever a land enters under an opponent's control, if that player had another land enter under their
        # control this turn": that one and at least one more
        return Condition("entered_this_turn", 2, filter=f, key=who.kind)
    return compared_with_yours(who, text)


# What one player has or controls, said to compare with yours: "has more cards in hand", "controls fewer lands".
_COMPARED = (
    (r"^(?:has|have) (more|fewer) cards in (?:their )?hand than you$", lambda who, rest: Amount("cards_in_hand", ref=who)),
    (r"^(?:has|have) (more|less) life than you$", lambda who, rest: Amount("life_of", ref=who)),
    (r"^controls? (more|fewer) (.+) than you$", lambda who, rest: _player_control_count(who, rest)),
)
# The amounts by which a player's count exceeds yours, or falls short of it (engine.query.amounts): also what "the
# difference" of the instruction the comparison governs means.
DIFFERENCES = ("excess_over_yours", "short_of_yours", "minus", "difference")


def compared_with_yours(who: Ref, text: str) -> Condition | None:
    """ "If that player has more cards in hand than you", "if defending player controls more lands than you", "if they
    control fewer lands than you": the player's count against yours, true when it differs that way by at least one
    (608.2c); the condition's amount is that difference, which "equal to the difference" reads (107.1)."""
    for pattern, amount in _COMPARED:
        m = re.match(pattern, text)
        theirs = amount(who, m.group(2) if m and m.lastindex >= 2 else "") if m else None
        if theirs is not None:
            kind = "excess_over_yours" if m.group(1) == "more" else "short_of_yours"
            return Condition("amount_at_least", 1, amount=Amount(kind, base=theirs))
    return None


def fewer_than(text: str) -> Condition | None:
    """ "If you have fewer than three cards in hand", "if you have less than 5 life": at most one less than the
    number; the condition's amount is how many short of it you are ("draw cards equal to the difference")."""
    m = re.match(rf"^you have (?:fewer|less) than {_N} (cards in hand|life)$", text)
    n = number(m.group(1)) if m else None
    if n is None:
        return None
    have = Amount("cards_in_hand", ref=YOU) if m.group(2) == "cards in hand" else Amount("life_of", ref=YOU)
    return Condition("amount_at_least", 1, amount=Amount("minus", value=n, base=have))


def _one_player(t: str) -> Condition | None:
    """ "An opponent has 10 or less life", "an opponent controls seven or more lands", "an opponent is poisoned",
    "there are ten or more cards in a single graveyard": true if it holds for at least one of those players,
    each counted on their own (`some_player`: the amount's player is each opponent, or each player, in turn)."""
    m = re.match(r"^there are (\w+) or more cards in a single graveyard$", t)
    if m and number(m.group(1)) is not None:
        inner = _counted(number(m.group(1)), Amount("cards_in_graveyard", ref=Ref("each_player")))
        return Condition("some_player", key="any", all_of=(inner,))
    if t == "a player has no cards in hand":
        inner = _counted(0, Amount("cards_in_hand", ref=Ref("each_player")), most=True)
        return Condition("some_player", key="any", all_of=(inner,))
    if t == "an opponent is poisoned":
        inner = _counted(1, Amount("poison_counters", ref=Ref("each_opponent")))
        return Condition("some_player", key="opponent", all_of=(inner,))
    m = re.match(r"^an opponent controls no (.+)$", t)
    if m:
        inner = _counted(0, _player_control_count(Ref("each_opponent"), m.group(1)), most=True)
        return Condition("some_player", key="opponent", all_of=(inner,)) if inner is not None else None
    m = re.match(r"^(an opponent|each player) (.+)$", t)
    if not m:
        return None
    who, rest = m.groups()
    for pattern, amount in _PLAYER_COUNTS:
        m = re.match(pattern, rest)
        if m and number(m.group(1)) is not None:
            inner = _counted(number(m.group(1)), amount(Ref("each_opponent" if who == "an opponent" else "each_player"),
                                                        m.group(3) if m.lastindex >= 3 else ""),
                             most=m.group(2) != "more")
            if inner is None:
                return None
            if who == "each player":
                # "if each player has 10 or less life": no player for whom it doesn't hold
                return Condition("some_player", key="any", all_of=(replace(inner, negate=True),), negate=True)
            return Condition("some_player", key="opponent", all_of=(inner,))
    return None


# Whose turn history a condition reads (the key of engine.query.amounts' turn-history conditions).
_HISTORY_PLAYER = {"you": "you", "you've": "you", "an opponent": "opponent", "a player": "any"}
_HISTORY_WHO = r"(you've|you|an opponent|a player)"


def _logged(f: Filter | None, supertypes: bool = False) -> bool:
    """What the turn's logs keep of a spell cast or a permanent that entered (and left since): its card types,
    subtypes and colors (and a spell's supertypes, `supertypes`: "a historic spell", 700.6); a filter of more isn't
    read exactly there."""
    if f is None:
        return False
    rest = replace(f, types=frozenset(), not_types=frozenset(), subtypes=frozenset(), colors=frozenset(), any_of=())
    if supertypes:
        rest = replace(rest, supertypes=frozenset(), not_supertypes=frozenset())
    return rest == Filter() and all(_logged(a, supertypes) for a in f.any_of)


def _how_many(text: str) -> int | None:
    """ "a", "an", "another" (1), "two or more" (2)."""
    if text in ("a", "an", "another"):
        return 1
    m = re.match(r"^(\w+) or more$", text)
    return number(m.group(1)) if m else None


def _turn_history(t: str) -> Condition | None:
    """What a player did this turn (the turn's logs, engine.query.amounts): "an opponent cast three or more spells this
    turn", "you've cast a noncreature spell this turn", "an opponent gained life this turn", "a player lost 4 or more
    life this turn", "an opponent had two or more lands enter under their control this turn", "you've discarded a card
    this turn", "you attacked with a creature this turn", "you played a land this turn"; the player is you, an
    opponent (any one of them) or any player."""
    m = re.match(rf"^{_HISTORY_WHO} (?:have |has )?cast (a|an|another|\w+ or more) (.*?)spells? this turn$", t)
    another = bool(m) and m.group(2) == "another"
    if m and (another or _how_many(m.group(2)) is not None):
        d = parse_desc(m.group(3) + "spell") if m.group(3) else None
        if m.group(3) and (d is None or d.zone or not _logged(d.filter, supertypes=True)):
            return None
        # "unless you've cast another red spell this turn": a spell other than the source's own card (its cast)
        f = replace(d.filter if d else Filter(), other=another)
        return Condition("cast_this_turn", 1 if another else _how_many(m.group(2)), filter=f,
                         key=_HISTORY_PLAYER[m.group(1)])
    m = re.match(rf"^{_HISTORY_WHO} (?:have |has )?(gained|lost) (?:(\w+) or more )?life (this|last) turn$", t)
    if m and (m.group(4) == "this" or m.group(2) == "lost"):
        # "if an opponent lost life last turn": the turn before this one, as it ended
        n = number(m.group(3)) if m.group(3) else 1
        kind = "life_gained_this_turn" if m.group(2) == "gained" else f"life_lost_{m.group(4)}_turn"
        return Condition(kind, n, key=_HISTORY_PLAYER[m.group(1)]) if n is not None else None
    m = re.match(rf"^{_HISTORY_WHO} had (a|an|another|\w+ or more) (.+?) enter under (your|their) control "
                 r"(this|last) turn$", t)
    yours = m is not None and m.group(1) in ("you", "you've")
    if m and _how_many(m.group(2)) is not None and yours == (m.group(4) == "your") and (
            yours or m.group(2) != "another"):
        # Checked on the objects, or on the last known information of those gone since; "another": other than the
        # source (Saddled Rimestag's own entering doesn't count), so only of your own permanents.
        f = objects_filter(m.group(3))
        if _logged(f):
            return Condition(f"entered_{m.group(5)}_turn", _how_many(m.group(2)),
                             filter=replace(f, other=m.group(2) == "another"), key=_HISTORY_PLAYER[m.group(1)])
    m = re.match(rf"^{_HISTORY_WHO} (?:have |has )?discarded (a|an|\w+ or more) cards? this turn$", t)
    if m and _how_many(m.group(2)) is not None:
        return Condition("discarded_this_turn", _how_many(m.group(2)), key=_HISTORY_PLAYER[m.group(1)])    # 701.9a
    if t in ("you attacked with a creature this turn", "you didn't attack with a creature this turn"):
        return Condition("attacked_this_turn", negate="didn't" in t)        # 508.1: declared one or more attackers
    m = re.match(r"^you attacked with (\w+) or more creatures this turn$", t)
    if m and number(m.group(1)) is not None:
        # "If you attacked with two or more creatures this turn": those declared as your attackers (508.1a)
        return _counted(number(m.group(1)), Amount("creatures_attacked_with"))
    if t in ("you played a land this turn", "you didn't play a land this turn"):
        return Condition("played_land_this_turn", negate="didn't" in t)     # 305.1
    return None


def _both(t: str) -> Condition | None:
    """ "An opponent controls a Forest and you control an Island", "you control an artifact and an enchantment": two
    conditions that must both hold."""
    for m in re.finditer(" and ", t):
        left = parse_condition(t[:m.start()])
        rest = t[m.end():]
        if t.startswith("you control ") and re.match(r"(?:a|an) ", rest):
            rest = "you control " + rest        # "you control an artifact and an enchantment"
        elif t.startswith("you ") and re.match(r"(?:have|control) ", rest):
            rest = "you " + rest        # "you control no permanents other than ~ and have no cards in hand"
        right = parse_condition(rest) if left is not None else None
        if right is not None:
            return Condition("all", all_of=(left, right))
    return None


def _state_filter(text: str):
    """What an object "is": "a creature", "a Human", "blue", "attacking"."""
    d = parse_desc(text)
    if d is None or not (d.nouns - {"permanent"}):
        d = parse_desc(text + " permanent")
    if d is None or d.zone or d.nouns & {"player", "opponent", "card", "spell"}:
        return None
    return objects_filter(text) or objects_filter(text + " permanent")


@dataclass(frozen=True)
class Restriction:
    """What "Activate only ..." says (602.5b, 602.5d): sorcery timing, how many times each turn (0: no
    limit), a condition."""
    sorcery: bool = False
    times: int = 0
    condition: Condition | None = None
    any_player: bool = False       # "Any player may activate this ability" (602.2)


_STEP_WORDS = {"upkeep": "upkeep", "upkeep step": "upkeep", "draw step": "draw", "end step": "end", "combat": "combat",
               "the end of combat step": "end_of_combat", "the declare attackers step": "declare_attackers",
               "the declare blockers step": "declare_blockers", "the beginning of combat step": "beginning_of_combat",
               "your precombat main phase": "main1"}
_BEFORE_WORDS = {"attackers are declared": "before_attackers", "blockers are declared": "before_blockers",
                 "the combat damage step": "before_combat_damage"}
_SORCERY = ("as a sorcery", "any time you could cast a sorcery")


def _all(parts: list[Condition]) -> Condition | None:
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else Condition("all", all_of=tuple(parts))


def _during(text: str) -> list[Condition] | None:
    """ "your turn", "an opponent's turn", "your upkeep", "any upkeep step", "combat", "the end of combat step", each
    optionally followed by "[,] before attackers|blockers are declared" (500-514)."""
    parts: list[Condition] = []
    m = re.match(r"^(.+?),? before (attackers|blockers) are declared$", text)
    if m:
        parts.append(Condition("during_step", step=_BEFORE_WORDS[m.group(2) + " are declared"]))
        text = m.group(1)
    m = re.match(r"^(combat) after blockers are declared$|^(.+?) after (?:their|your) upkeep step$", text)
    if m:
        # "during combat after blockers are declared" (509.1: the blocks were declared, in the declare blockers step or
        # later); "during an opponent's turn after their upkeep step": the steps after it (501.1)
        parts.append(Condition("during_step", step="after_blockers" if m.group(1) else "after_upkeep"))
        text = m.group(1) or m.group(2)
    m = re.match(r"^combat on (your|an opponent's) turn$", text)
    if m:
        return [Condition("your_turn", negate=m.group(1) != "your"), Condition("during_step", step="combat")] + parts
    if text == "your turn":
        return [Condition("your_turn")] + parts
    if text in ("an opponent's turn", "an opponent’s turn"):
        return [Condition("your_turn", negate=True)] + parts
    m = re.match(r"^(your |each |any )?(.+)$", text)      # "any upkeep step": of any player's turn
    step = _STEP_WORDS.get(m.group(2)) if m else None
    if step is None:
        return None
    out = [Condition("during_step", step=step)]
    if m.group(1) == "your ":
        out.insert(0, Condition("your_turn"))
    return out + parts


def attackers_condition(text: str) -> Condition | None:
    """ "If two or more of those creatures are attacking you and/or planeswalkers you control": after an attack
    trigger, the attacking creatures (508.1) attacking that ability's controller (or, with "and/or", a planeswalker
    they control), counted as the ability triggers and as it resolves (603.4)."""
    m = re.match(r"^(two|three|four|five) or more of those creatures are attacking you"
                 r"( and/or planeswalkers you control)?$", text)
    return Condition("attackers_at_you", number(m.group(1)), key="planeswalkers" if m.group(2) else "") if m else None


def vote_condition(text: str) -> Condition | None:
    """ "time gets more votes", "knowledge gets more votes or the vote is tied" (701.38)."""
    m = re.match(r"^([a-z]+) gets more votes( or the vote is tied)?$", text)
    return Condition("most_votes", 1 if m.group(2) else 0, key=m.group(1)) if m else None


def activation_restriction(text: str) -> Restriction | None:
    """602.5b: "Activate only during your upkeep", "Activate only if <condition>", "Activate only
    during your turn and only once each turn", "Activate only as a sorcery" (602.5d)."""
    if text == "any player may activate this ability":
        return Restriction(any_player=True)
    if text == "any player may activate this ability but only as a sorcery":
        return Restriction(sorcery=True, any_player=True)       # 602.5d: the activator's main phase
    m = re.match(r"^activate (?:this ability )?no more than (twice|three times|four times) each turn$", text)
    if m:
        return Restriction(times={"twice": 2, "three times": 3, "four times": 4}[m.group(1)])
    m = re.match(r"^activate (?:this ability )?only (.+)$", text)
    return _only(m.group(1)) if m else None


def cast_restriction(text: str) -> Condition | None:
    """601.3: what follows "Cast ~ only" ("during combat", "if you've cast another spell this turn"): the
    condition under which the card may begin to be cast, in the words of "Activate only" (602.5b)."""
    if text == "if you've cast another spell this turn":
        # checked before this spell is cast (601.3), so any spell its caster cast this turn is another one
        return Condition("cast_this_turn", filter=Filter())
    m = re.match(r"^if you've cast another (.+) this turn$", text)
    if m:
        # "another green spell": the same, of that kind
        article = "an" if m.group(1)[0] in "aeiou" else "a"
        return parse_condition(f"you've cast {article} {m.group(1)} this turn")
    r = _only(text)
    return r.condition if r is not None and not (r.sorcery or r.times) else None


def _only(text: str) -> Restriction | None:
    """What follows "only" in "Activate only ..." or "Cast ~ only ...", its parts joined by "and only"."""
    sorcery = False
    times = 0
    conditions: list[Condition] = []
    for part in re.split(r",? and only ", text):
        if part in _SORCERY:
            sorcery = True
        elif part == "as an instant":
            continue      # 602.5: any time its controller has priority, as without a restriction
        elif part == "once each turn":
            times = 1
        elif part.startswith("during "):
            during = _during(part[7:])
            if during is None:
                return None
            conditions.extend(during)
        elif part.startswith("before "):
            step = _BEFORE_WORDS.get(part[7:])
            if step is None:
                return None
            conditions.append(Condition("during_step", step=step))
        elif part.startswith("if "):
            c = parse_condition(part[3:])
            if c is None and part.startswith("if defending player "):
                # "Activate only during combat and only if defending player controls a snow land" (506.2)
                c = player_condition(Ref("defending_player"), part[len("if defending player "):])
            if c is None:
                return None
            conditions.append(c)
        else:
            return None
    return Restriction(sorcery, times, _all(conditions))


_SPENT = re.compile(r"^(?:(?P<one>{[wubrgc]})|at least (?P<n>\w+) (?P<color>white|blue|black|red|green) mana|"
                    r"at least (?P<same>\w+) mana of the same color) was spent to cast ~$", re.IGNORECASE)


def _mana_spent(t: str) -> Condition | None:
    """ "If {R} was spent to cast ~", adamant's "If at least three white mana was spent to cast ~" (207.2c) and
    "three mana of the same color": checked against the mana paid for the spell (601.2h); `key` is the color's
    letter ("" for any one color)."""
    m = _SPENT.match(t)
    if not m:
        return None
    if m.group("one"):
        return Condition("mana_spent", 1, key=m.group("one")[1].upper())
    n = number(m.group("n") or m.group("same"))
    if n is None:
        return None
    return Condition("mana_spent", n, key=COLOR_LETTER[m.group("color").lower()] if m.group("color") else "")


# What last known information keeps of a permanent (engine.board.zones.describe) and info_matches reads.
_LKI_FIELDS = ("types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
               "not_supertypes", "token", "max_mana_value", "min_mana_value", "max_power", "min_power")
_WAS = re.compile(r"^(?:it|that (?:creature|permanent|land|artifact|enchantment|planeswalker)) was (?:a |an )?(.+)$")
_VALUE_WAS = re.compile(r"^(?:its (mana value|power) was|(?:it|the creature|that creature) had (mana value|power)) (\w+) or "
                        r"(less|greater)$")


def _was_filter(text: str) -> Filter | None:
    """ "a Human", "blue or black", "a snow land", "nonbasic"; "its mana value was 3 or less": what a permanent was as
    it last existed on the battlefield (608.2h), in words its last known information answers."""
    m = _VALUE_WAS.match(text)
    if m:
        # "its power was 4 or greater", "the creature had power 4 or greater"
        n = number(m.group(3))
        if n is None:
            return None
        bound = ("max_" if m.group(4) == "less" else "min_") + (m.group(1) or m.group(2)).replace("mana value", "mana_value")
        return Filter(**{bound: n})
    m = _WAS.match(text)
    f = _state_filter(m.group(1)) if m else None
    return f if f is not None and replace(f, **{k: getattr(Filter(), k) for k in _LKI_FIELDS}) == Filter() else None


def in_graveyard_condition(text: str) -> Condition | None:
    """The condition of a card's trigger that works from its owner's graveyard (113.6k): "if ~ is in your graveyard",
    "if ~ is the only creature card in your graveyard" (checked again as it resolves, 603.4). Only there: a static
    ability saying so works from the graveyard, which the engine's static abilities don't."""
    t = text.strip()
    if t == "~ is in your graveyard":
        return Condition("source_in_graveyard")
    m = re.match(r"^~ is the only (.+ card) in your graveyard$", t)
    only = _counted(1, parse_number_of(Context(), m.group(1) + "s in your graveyard"), most=True) if m else None
    return Condition("all", all_of=(Condition("source_in_graveyard"), only)) if only is not None else None


_ALT_COSTS = {"prowl": "prowl", "spectacle": "spectacle", "surge": "surge", "madness": "madness"}


def alt_cost_condition(text: str, written: str = "") -> Condition | None:
    """ "If this spell's prowl cost was paid", "if its spectacle cost was paid" (of a permanent spell, said as it
    enters), "if ~ was foretold": the alternative cost it was cast for (118.9; 702.76, 702.137, 702.117, 702.35,
    702.143). "If the {1}{B} cost was paid" / "if that cost wasn't paid": the alternative cost the card writes
    ("You may pay {1}{B} rather than pay this spell's mana cost", its mana `written`), when it writes one."""
    t = text.strip()
    m = re.match(r"^(?:the ((?:\{[^}]+\})+)|that) cost (was|wasn't) paid$", t)
    if m and written and (m.group(1) or written) == written:
        return Condition("cast_alt", key="alternative", negate=m.group(2) == "wasn't")
    m = re.match(r"^(?:its|~'s|this spell's) (\w+) cost was paid$", t)
    if m and m.group(1) in _ALT_COSTS:
        return Condition("cast_alt", key=_ALT_COSTS[m.group(1)])
    return Condition("cast_alt", key="foretell") if t in ("~ was foretold", "it was foretold") else None


def dealt_damage_condition(text: str) -> Condition | None:
    """ "If a player is dealt damage this way", "if a nonred permanent is dealt damage this way": after a damage
    instruction, one of those it dealt damage to (120.3) is a player or such a permanent (608.2c)."""
    m = re.match(r"^(?:a|an) (.+) is dealt damage this way$", text.strip())
    if not m:
        return None
    if m.group(1) == "player":
        return Condition("dealt_damage_this_way", key="player")
    f = objects_filter(m.group(1))
    return Condition("dealt_damage_this_way", filter=f) if f is not None and f != Filter() else None


_MOVED_PASSIVE = re.compile(r"^(?:(a|an|at least one|one or more|\w+ or more) )?(.+?) (?:is|was|are|were) "
                            r"(milled|discarded|exiled|put into exile|sacrificed) this way$")
_MOVED_ACTIVE = re.compile(r"^(you|that player|the player|they) (?:(don't|doesn't|didn't) )?(mill|discard|exile|"
                           r"sacrifice)s? (a|an|at least one|one or more|\w+ or more) (.+?) this way$")
_DIED = re.compile(r"^(?:(that (?:creature|artifact|permanent|land))|(?:a|an) (.+?)) (dies|is put into a graveyard) this way$")
# the cause a zone change of the instruction carries (engine.board.zones.move)
MOVED_CAUSES = {"milled": "mill", "mill": "mill", "discarded": "discard", "discard": "discard", "exiled": "exile",
                "exile": "exile", "put into exile": "exile", "sacrificed": "sacrifice", "sacrifice": "sacrifice"}


def moved_this_way_condition(text: str) -> tuple[Condition, str] | None:
    """ "If an instant or sorcery card was milled this way", "if at least one Zombie card is milled this way", "if a
    land card is discarded this way", "if that player discards an artifact card this way", "if a Saproling was
    sacrificed this way": of the cards the instructions before it milled, discarded, exiled or sacrificed (701.17,
    701.9, 701.21, 406), at least that many are of the kind (608.2c); a sacrificed permanent as it last existed on the
    battlefield (608.2h). With the player who moved them, also that player ("you", or "that player" of the instruction
    before, which the compiler checks): the second value."""
    t = text.strip()
    m = re.fullmatch(r"(\w+) (.+?) that share a color (?:were|are) (milled|discarded|exiled) this way", t)
    d = parse_desc(m.group(2)) if m else None
    if d is not None and number(m.group(1)) and number(m.group(1)) > 1 and d.plural and d.nouns == {"card"} \
            and not d.zone:
        # "If two nonland cards that share a color were milled this way" (105.2): that many of them with a color in
        # common
        f = object_filter(d)
        return Condition("moved_share_color", number(m.group(1)), filter=None if f == Filter() else f,
                         key=MOVED_CAUSES[m.group(3)]), ""
    m = _DIED.match(t)
    if m:
        # "If that creature dies this way", "if a white creature dies this way", "if that artifact is put into a
        # graveyard this way": what the instructions before it destroyed or sacrificed went to a graveyard (700.4, not
        # regenerated, indestructible or exiled instead), as it last existed on the battlefield (608.2h)
        d = parse_desc(m.group(2) or m.group(1)[5:])
        if d is None or d.zone or "card" in d.nouns or (m.group(3) == "dies") != ("creature" in d.nouns):
            return None
        return Condition("moved_this_way", 1, filter=object_filter(d), key="die"), "that" if m.group(1) else ""
    m = _MOVED_PASSIVE.match(t)
    negate = False
    if m:
        quantity, desc, verb, who = m.group(1) or "a", m.group(2), m.group(3), ""
    elif (m := _MOVED_ACTIVE.match(t)) is not None:
        # "If the player doesn't discard a card this way": none of them (608.2c)
        who, negate, verb, quantity, desc = m.group(1), bool(m.group(2)), m.group(3), m.group(4), m.group(5)
        if negate and quantity not in ("a", "an"):
            return None
    else:
        return None
    n = _how_many(quantity) if quantity not in ("at least one", "one or more") else 1
    d = parse_desc(desc)
    if n is None or d is None or d.zone or d.nouns & {"player", "opponent", "spell"}:
        return None
    cause = MOVED_CAUSES[verb]
    if (cause == "sacrifice") == ("card" in d.nouns):
        return None         # a sacrificed permanent, the other instructions' cards
    f = object_filter(d)
    if who == "you":
        # the cards a player mills or discards are their own (400.3); what they sacrifice, they control (701.21a)
        f = replace(f, controller="you") if cause == "sacrifice" else replace(f, owner="you")
    return Condition("moved_this_way", n, filter=f, key=cause, negate=negate), who


def left_condition(text: str) -> Condition | None:
    """ "When ~ dies, if it was a creature" / "if its power was 3 or greater" / "if it had no time counters on it":
    about the object whose leaving the battlefield triggered the ability, as it last existed there (603.10a,
    608.2h), read from the event's last known information."""
    t = text.strip()
    m = re.match(r"^(?:it|that creature) had no ([+\-\w/]+) counters on it$", t)
    if m:
        return Condition("had_counters", key=m.group(1), negate=True)
    if re.fullmatch(r"(?:it|that creature) had (?:one or more )?counters on it", t):
        return Condition("had_counters")        # of any kind (122.1)
    m = re.fullmatch(rf"{_N} or more damage was dealt to it this turn", t)
    if m and number(m.group(1)) is not None:
        # "When ~ dies, if 4 or more damage was dealt to it this turn": to the permanent it was, all told (120.2)
        return Condition("damage_to_it_this_turn", number(m.group(1)))
    was = _was_filter(t)
    return Condition("event_matches", filter=was) if was is not None else None


# "that land", not "it": after other instructions "it" may be what they named (a card revealed)
_ENTERED_IS = re.compile(r"^that (?:creature|permanent|land|artifact|enchantment|planeswalker) is (?:a |an )?(.+)$")


def entered_condition(text: str) -> Condition | None:
    """ "Whenever a land enters under your control, ~ deals 1 damage to any target. If that land is a Mountain, ...":
    about the permanent whose entering triggered the ability, as it is as the ability resolves, or as it last existed
    if it has left the battlefield (608.2h), in words its last known information answers."""
    m = _ENTERED_IS.match(text.strip())
    f = _state_filter(m.group(1)) if m else None
    if f is None or replace(f, **{k: getattr(Filter(), k) for k in _LKI_FIELDS}) != Filter():
        return None
    return Condition("event_is", filter=f)


def target_condition(ctx: Context, text: str, moved_onto_battlefield: bool = False) -> Condition | None:
    """ "If it's an artifact creature", "If it's a Vampire": about the one permanent the spell targets, which the
    sentence before named ("it"), checked as the instruction is carried out (608.2c). "If that creature was a Human":
    the target as it is, or as it last existed on the battlefield once the instruction moved it (608.2h). "Return target
    creature card ... to the battlefield. If it's a Dragon, ...": the permanent the card became (400.7j), when the
    instruction before (`moved_onto_battlefield`) put it there."""
    if not ctx.last or len(ctx.last) != 1 or ctx.last[0].kind != "target":
        return None
    index = ctx.last[0].index
    was = _was_filter(text.strip())
    if was is not None and index < len(ctx.targets) and ctx.targets[index].zone == "battlefield":
        return Condition("object_was", index, filter=was, key="target")
    m = re.match(r"^it was an? (.+) (card|spell)$", text.strip())
    if m and index < len(ctx.targets) and ctx.targets[index].zone == ("stack" if m.group(2) == "spell" else "graveyard"):
        # "Exile target card from a graveyard. If it was a creature card, ...": a card's characteristics are the
        # same wherever the spell moved it (400.7j); a spell's, as the card it became
        d = parse_desc(m.group(1) + " card")
        return Condition("moved_target_matches", index, filter=d.filter) if d is not None and not d.zone else None
    if index < len(ctx.targets) and ctx.targets[index].kind == "spell":
        # "Counter target spell if it was kicked" (702.33d), "... if its controller is poisoned" (122.1f): the spell
        if text.strip() == "it was kicked":
            return Condition("target_spell_kicked", index)
        if text.strip() == "its controller is poisoned":
            return _counted(1, Amount("poison_counters", ref=Ref("controller_of", index)))
        return _spell_compared(index, text.strip())
    m = re.match(r"^(?:it's|it is|that (?:creature|permanent) is) (?:a |an )?(.+)$", text.strip())
    if not m:
        return None
    if index >= len(ctx.targets):
        return None
    f = _state_filter(m.group(1))
    if f is not None and moved_onto_battlefield and ctx.targets[index].zone == "graveyard":
        return Condition("moved_target_matches", index, filter=f)
    if ctx.targets[index].zone != "battlefield":
        return None
    return Condition("target_matches", index, filter=f) if f is not None else None


def _spell_compared(index: int, text: str) -> Condition | None:
    """ "Counter target spell if it shares a color with a creature you control" (105.2: a colorless spell shares none),
    "... if you control more creatures than that spell's controller": the target spell (`index`) and the permanents
    around it, as the spell resolves (608.2c)."""
    m = re.fullmatch(r"it shares a color with (?:a|an) (.+)", text)
    f = objects_filter(m.group(1)) if m else None
    if f is not None:
        return Condition("target_shares_color", index, filter=f)
    m = re.fullmatch(r"you control more (.+) than that spell's controller", text)
    f = objects_filter(m.group(1)) if m else None
    if f is not None and f.controller is None:
        return Condition("you_control_more", filter=replace(f, controller="you"),
                         amount=Amount("count", ref=Ref("controller_of", index), filter=f))
    return None


def others_than_event_condition(text: str) -> Condition | None:
    """ "Whenever a Mountain enters under your control, if you control at least five other Mountains": other than the
    permanent that entered (603.4), counted as the ability resolves too."""
    m = re.fullmatch(rf"you control at least {_N} other (.+)", text.strip().lower())
    f = objects_filter(m.group(2)) if m and number(m.group(1)) is not None else None
    if f is None or f.controller is not None:
        return None
    return _counted(number(m.group(1)), Amount("count_except_event", filter=replace(f, controller="you")))


def event_object_condition(text: str) -> Condition | None:
    """ "if it's a creature" of the permanent a trigger's event names, as it is on the battlefield (603.4)."""
    f = _state_filter(text)
    return Condition("event_object_matches", filter=f) if f is not None else None


def negated_condition(ctx: Context, text: str) -> Condition | None:
    """ "If ~ isn't a creature, it becomes a 3/3 Angel creature", "If it's not a Vehicle, it has base power and toughness
    1/1": the source, or the one target the sentence before named, isn't that as the instruction is carried out
    (608.2c). Read in a resolving ability only: a static ability's condition about its own effect's result isn't."""
    m = re.match(r"^(~|it) (?:isn't|is not|'s not) (.+)$", text.strip().replace("it's not ", "it 's not "))
    if not m:
        return None
    if m.group(1) == "~":
        f = _state_filter(re.sub(r"^an? ", "", m.group(2)))
        return Condition("source_matches", filter=f, negate=True) if f is not None else None
    cond = target_condition(ctx, "it's " + m.group(2))
    return replace(cond, negate=True) if cond is not None and cond.kind == "target_matches" else None


_OBJECT_COUNTERS = re.compile(rf"^(?:it|that creature|that permanent) has (a|an|{_N} or more) ([+\-\w/]+) counters? on it$")
_OBJECT_PT = re.compile(rf"^(?:it|that creature) has (power|toughness) {_N} or greater$")


def object_condition(ref: Ref, text: str) -> Condition | None:
    """ "Then if it has three or more +1/+1 counters on it", "Then if that creature has toughness 6 or greater":
    about the one object the sentence before named ("it", `ref`), checked after that instruction (608.2c)."""
    m = _OBJECT_COUNTERS.match(text.strip())
    if m:
        n = 1 if m.group(1) in ("a", "an") else number(m.group(2))
        return _counted(n, Amount("counters_on", ref=ref, counter=m.group(3))) if n is not None else None
    if re.fullmatch(r"(?:it|that creature|that permanent) has (?:a counter|one or more counters) on it", text.strip()):
        return _counted(1, Amount("counters_on", ref=ref))        # a counter of any kind (122.1)
    m = _OBJECT_PT.match(text.strip())
    if m and number(m.group(2)) is not None:
        return _counted(number(m.group(2)), Amount(m.group(1) + "_of", ref=ref))
    m = re.match(rf"^(?:its|that creature's) (power|toughness) is {_N} or (less|greater)$", text.strip())
    if m and number(m.group(2)) is not None:
        # "if its power is 2 or less"
        return _counted(number(m.group(2)), Amount(m.group(1) + "_of", ref=ref), most=m.group(3) == "less")
    m = re.match(rf"^(?:its|that creature's) (power|toughness) is {_N}$", text.strip())
    if m and number(m.group(2)) is not None:
        amount = Amount(m.group(1) + "_of", ref=ref)
        return Condition("all", all_of=(_counted(number(m.group(2)), amount), _counted(number(m.group(2)), amount, most=True)))
    m = re.fullmatch(rf"(?:it|that creature) (?:(attacked|didn't attack) this turn|has mana value {_N} or (less|greater))",
                     text.strip())
    if m and ref.kind == "remembered" and (m.group(1) or number(m.group(2)) is not None):
        # a delayed ability's "destroy that creature if it attacked this turn", "sacrifice it ... if it has mana value 3
        # or less": the object it remembers (603.7c), as it is as the ability resolves (608.2c)
        f = Filter(attacked_this_turn=m.group(1) == "attacked") if m.group(1) else \
            Filter(**{"max_mana_value" if m.group(3) == "less" else "min_mana_value": number(m.group(2))})
        return Condition("remembered_matches", filter=f)
    m = re.fullmatch(r"(?:its|that creature's|that permanent's|that spell's) mana value is (.+)"
                     r"|(?:it|that creature|that permanent|that spell) has mana value (.+)", text.strip())
    if m:
        # "Destroy target artifact if its mana value is less than or equal to the number of cards in your hand",
        # "Destroy target creature if it has mana value 2 or less": as the instruction is carried out (608.2c)
        return compared_amount(Amount("mana_value_of", ref=ref), m.group(1) or m.group(2))
    m = re.match(r"^it's (?:a |an )?(.+)$", text.strip())
    if m and ref.kind in ("equipped", "enchanted"):
        # "put a +1/+1 counter on equipped creature if it's black": the permanent the source is attached to, as it is
        f = _state_filter(m.group(1))
        return Condition("attached_matches", filter=f) if f is not None else None
    return None


def compared_amount(amount: Amount, text: str) -> Condition | None:
    """An amount "2 or less", "3 or greater", "less than or equal to <amount>", "greater than or equal to <amount>",
    "equal to <amount>" or "X" (107.3: the X of the ability)."""
    m = re.fullmatch(rf"{_N} or (less|greater)", text)
    if m:
        n = number(m.group(1))
        return _counted(n, amount, most=m.group(2) == "less") if n is not None else None
    m = re.fullmatch(r"(?:(less|greater) than or )?equal to (.+)|(x)", text)
    than = (X if m.group(3) else parse_equal_to(Context(), m.group(2))) if m else None
    if than is None:
        return None
    most, least = Condition("amount_at_most", amount=amount, than=than), \
        Condition("amount_at_least", amount=amount, than=than)
    return most if m.group(1) == "less" else least if m.group(1) == "greater" else Condition("all", all_of=(most, least))


def self_condition(text: str) -> Condition | None:
    """A condition whose "it" is the source itself, as in "~ has first strike as long as it's attacking"
    or "as long as it has a +1/+1 counter on it" (611.3a), "if {R} was spent to cast it": read as the same words
    about "~"."""
    if text.strip().endswith(" was spent to cast it") or re.search(r" are blocking it$", text.strip()):
        return parse_condition(text.strip()[:-2] + "~")
    if re.match(r"^it entered (?:the battlefield )?this turn$", text.strip()):
        return parse_condition("~ entered this turn")
    m = re.match(r"^it(?:'s| is| has) (.+)$", text.strip())
    if not m:
        return None
    verb = "has" if text.strip().startswith("it has") else "is"
    return parse_condition(f"~ {verb} {m.group(1)}")
