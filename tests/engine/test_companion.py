"""Companion (702.139): revealed from outside the game when the starting deck fulfills its condition (103.2b,
702.139a-b), and put into its owner's hand for {3} once a game as a special action (116.2g, 702.139c). Played
with real cards."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import PutCompanionIntoHand
from engine.fuzz.invariants import check_invariants, physical_cards
from engine.rules.companion import reveal_companion
from tests.engine.driving import table
from tests.oracle.conftest import record

REMINDER = ("(If this card is your chosen companion, you may put it into your hand from outside the game for {3} any "
            "time you could cast a sorcery.)")
KERUGA = record("Keruga, the Macrosage", "{3}{G/U}{G/U}", "Legendary Creature — Dinosaur Hippo",
                f"Companion — Your starting deck contains only cards with mana value 3 or greater and land cards. "
                f"{REMINDER}\nWhen Keruga, the Macrosage enters the battlefield, draw a card for each other permanent "
                f"you control with mana value 3 or greater.", "5/4")
LUTRI = record("Lutri, the Spellchaser", "{1}{U/R}{U/R}", "Legendary Creature — Elemental Otter",
               f"Companion — Each nonland card in your starting deck has a different name. {REMINDER}\nFlash\n"
               f"When Lutri, the Spellchaser enters the battlefield, if you cast it, copy target instant or sorcery "
               f"spell you control. You may choose new targets for the copy.", "3/2")


@pytest.mark.rules("702.139a", "702.139b", "103.2b")
def test_a_companion_is_revealed_only_if_the_starting_deck_fulfills_its_condition(extra_cards):
    extra_cards(KERUGA, LUTRI)
    big = ["Hill Giant"] * 20 + ["Forest"] * 20
    g = Game.new([big, big], seed=1, companions=["Keruga, the Macrosage", None])
    assert g.state.players[0].companion == "Keruga, the Macrosage" and g.state.players[1].companion is None
    with pytest.raises(IllegalAction):                       # the Bears' mana value is 2
        Game.new([big + ["Grizzly Bears"], big], seed=1, companions=["Keruga, the Macrosage", None])
    with pytest.raises(IllegalAction):                       # two nonland cards named Hill Giant
        Game.new([big, big], seed=1, companions=[None, "Lutri, the Spellchaser"])
    singles = ["Hill Giant", "Grizzly Bears", "Llanowar Elves"] + ["Forest"] * 37
    assert Game.new([singles, big], seed=1, companions=["Lutri, the Spellchaser", None]).state.players[0].companion
    with pytest.raises(IllegalAction):                       # no companion ability
        Game.new([big, big], seed=1, companions=["Hill Giant", None])


@pytest.mark.rules("702.139a", "702.139c", "116.2g")
def test_once_a_game_its_owner_pays_3_and_puts_it_into_their_hand(extra_cards):
    extra_cards(KERUGA)
    g, ids = table(["Plains", "Plains", "Plains", "Plains"], step=Step.MAIN1)
    reveal_companion(g, 0, "Keruga, the Macrosage")          # a deck of Plains: only land cards
    physical = physical_cards(g)
    for viewer in (0, 1):                                   # revealed (103.2b): every player sees it
        assert g.snapshot(viewer)["players"][0]["companion"]["name"] == "Keruga, the Macrosage"
    assert g.snapshot(0)["players"][1]["companion"] is None
    act = PutCompanionIntoHand(0)
    assert act in g.legal_actions()
    g.apply(act)
    s = g.state
    assert [s.objects[x].name for x in s.players[0].hand] == ["Keruga, the Macrosage"]
    assert g.snapshot(0)["players"][0]["companion"] is None  # now a card in the hand (702.139c)
    assert sum(s.objects[x].tapped for x in s.battlefield) == 3 and g.pending.player == 0
    assert act not in g.legal_actions()                      # once a game
    with pytest.raises(IllegalAction):
        g.apply(act)
    check_invariants(g, physical)                           # it came from outside the game, not out of nothing
    assert Game.from_json(g.to_json()).state.players[0].companion_card == s.players[0].companion_card


@pytest.mark.rules("116.2g")
def test_only_when_it_could_cast_a_sorcery(extra_cards):
    extra_cards(KERUGA)
    g, ids = table(["Plains", "Plains", "Plains"], step=Step.BEGINNING_OF_COMBAT)
    reveal_companion(g, 0, "Keruga, the Macrosage")
    assert PutCompanionIntoHand(0) not in g.legal_actions()
    with pytest.raises(IllegalAction):
        g.apply(PutCompanionIntoHand(0))


OBOSH = record("Obosh, the Preypiercer", "{3}{B/R}{B/R}", "Legendary Creature — Hellion Horror",
               f"Companion — Your starting deck contains only cards with odd mana values and land cards. {REMINDER}\n"
               f"If a source you control with an odd mana value would deal damage to a permanent or player, it deals "
               f"double that damage to that permanent or player instead.", "3/5")
UMORI = record("Umori, the Collector", "{2}{B/G}{B/G}", "Legendary Creature — Ooze",
               f"Companion — Each nonland card in your starting deck shares a card type. {REMINDER}\nAs Umori, the "
               f"Collector enters the battlefield, choose a card type.\nSpells you cast of the chosen type cost {{1}} "
               f"less to cast.", "4/5")


@pytest.mark.rules("702.139a")
@pytest.mark.parametrize("companion, fulfilled, not_fulfilled", [
    ("Obosh, the Preypiercer", ["Lightning Bolt", "Llanowar Elves"], ["Lightning Bolt", "Hill Giant"]),   # odd mana values
    ("Umori, the Collector", ["Hill Giant", "Grizzly Bears"], ["Hill Giant", "Murder"]),             # a shared card type
])
def test_the_conditions_on_the_deck(extra_cards, companion, fulfilled, not_fulfilled):
    extra_cards(OBOSH, UMORI)
    for cards, ok in ((fulfilled, True), (not_fulfilled, False)):
        g, _ = table([], hand_a=[])
        for name in cards:                                   # with the table's library of Plains: land cards
            g.add_card(name, 0, Zone.LIBRARY)
        if ok:
            reveal_companion(g, 0, companion)
        else:
            with pytest.raises(IllegalAction):
                reveal_companion(g, 0, companion)
