"""Commander deck construction checked against card records from a card source (903.3-903.5, 702.124):
what `python -m engine.ai.match --variant commander` and a Commander game's deck choice check."""
from __future__ import annotations

import pytest

from cardsdb.decks import Deck, DeckEntry
from cardsdb.validation import check_commander_deck, commander_identity, records_from_source


def card(name: str, identity: str = "", *, types=("Creature",), supertypes=("Legendary",), subtypes=(),
         text: str = "") -> dict:
    return {"name": name, "colorIdentity": list(identity), "colors": list(identity), "types": list(types),
            "supertypes": list(supertypes), "subtypes": list(subtypes), "text": text, "manaValue": 1,
            "type": " ".join([*supertypes, *types]), "layout": "normal", "power": "2", "toughness": "2"}


CARDS = {c["name"]: c for c in [
    card("Red Leader", "R"), card("Green Leader", "G"),
    card("Partner A", "W", text="Partner (You can have two commanders if both have partner.)"),
    card("Partner B", "U", text="Partner"),
    card("Pal One", "B", text="Partner with Pal Two (When this creature enters, ...)"),
    card("Pal Two", "R", text="Partner with Pal One"),
    card("Chooser", "R", text="Choose a Background (You can have a Background as a second commander.)"),
    card("Friend One", "U", text="Friends forever (You can have two commanders if both have friends forever.)"),
    card("Friend Two", "G", text="{T}: Add {G}.\nFriends forever (You can have two commanders if both have friends "
                                 "forever.)"),
    card("Noble Heritage", "W", types=("Enchantment",), subtypes=("Background",)),
    card("Walker", "R", types=("Planeswalker",), text="Walker can be your commander."),
    card("Shock", "R", types=("Instant",), supertypes=()),
    card("Giant Growth", "G", types=("Instant",), supertypes=()),
    card("Ornithopter", "", types=("Artifact", "Creature"), supertypes=()),
    card("Mountain", "R", types=("Land",), supertypes=("Basic",), subtypes=("Mountain",)),
]}


def deck(commanders: list[str], main: dict[str, int]) -> Deck:
    return Deck(main=[DeckEntry(n, k) for n, k in main.items()], commander=[DeckEntry(n, 1) for n in commanders])


def problems(d: Deck) -> list[tuple[str | None, str]]:
    return [(p.rule, p.card or "") for p in check_commander_deck(d, CARDS.get).problems]


@pytest.mark.rules("903.5a", "903.5b", "903.5c")
def test_a_legal_deck_and_the_rules_it_can_break():
    assert problems(deck(["Red Leader"], {"Shock": 1, "Ornithopter": 1, "Mountain": 97})) == []
    assert ("903.5c", "Giant Growth") in problems(deck(["Red Leader"], {"Giant Growth": 1, "Mountain": 98}))
    assert ("903.5b", "Shock") in problems(deck(["Red Leader"], {"Shock": 2, "Mountain": 97}))
    assert ("903.5a", "") in problems(deck(["Red Leader"], {"Mountain": 98}))
    assert (None, "Nonexistent") in problems(deck(["Red Leader"], {"Nonexistent": 1, "Mountain": 98}))


@pytest.mark.rules("903.3", "903.3a")
def test_a_commander_is_a_legendary_creature_or_says_it_can_be_one():
    assert ("903.3", "Shock") in problems(deck(["Shock"], {"Mountain": 99}))
    assert problems(deck(["Walker"], {"Mountain": 99})) == []
    assert ("903.3", "") in problems(deck([], {"Mountain": 100}))


@pytest.mark.rules("702.124a", "702.124c", "702.124h", "702.124j", "702.124k", "702.124g")
def test_two_commanders_need_a_shared_partner_ability():
    assert problems(deck(["Partner A", "Partner B"], {"Ornithopter": 1})) == [("903.5a", "")]   # only the size
    assert ("702.124a", "") in problems(deck(["Red Leader", "Green Leader"], {"Mountain": 98}))
    assert ("702.124a", "") in problems(deck(["Partner A", "Pal One"], {"Mountain": 98}))
    assert problems(deck(["Pal One", "Pal Two"], {"Mountain": 98})) == []
    assert problems(deck(["Chooser", "Noble Heritage"], {"Mountain": 98})) == []
    assert ("702.124g", "") in problems(deck(["Partner A", "Partner B", "Pal One"], {"Mountain": 97}))
    d = deck(["Partner A", "Partner B"], {"Mountain": 98})
    assert commander_identity(d, records_from_source(["Partner A", "Partner B"], CARDS.get)) == "WU"


@pytest.mark.rules("903.5e")
def test_a_commander_deck_has_no_sideboard():
    d = deck(["Red Leader"], {"Mountain": 99})
    d.sideboard.append(DeckEntry("Shock", 1))
    assert ("903.5e", "") in problems(d)


@pytest.mark.rules("702.124i", "702.124f")
def test_friends_forever_is_a_partner_text_ability():
    assert problems(deck(["Friend One", "Friend Two"], {"Ornithopter": 1})) == [("903.5a", "")]   # only the size
    assert ("702.124a", "") in problems(deck(["Friend One", "Partner A"], {"Ornithopter": 1}))
