"""Predicates that share one subject and one duration (611.2a, 611.2b): "Until end of turn, ~ becomes an Angel,
gets +3/+3, and gains flying and lifelink", "~ loses defender and gains flying until end of turn": every predicate
lasts as long as the sentence says. Each compiled from a real card's Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import activate_and_resolve, advance, cast_and_settle, preferring, table
from tests.oracle.conftest import record

PARAGON_OF_THE_AMESHA = record("Paragon of the Amesha", "{2}{W}", "Creature — Human Knight",
                               "First strike\n{W}{U}{B}{R}{G}: Until end of turn, Paragon of the Amesha becomes an "
                               "Angel, gets +3/+3, and gains flying and lifelink.", "2/2")
GARGOYLE_SENTINEL = record("Gargoyle Sentinel", "{3}", "Artifact Creature — Gargoyle",
                           "Defender (This creature can't attack.)\n{3}: Until end of turn, Gargoyle Sentinel loses "
                           "defender and gains flying.", "3/3")
DEFILING_TEARS = record("Defiling Tears", "{2}{B}", "Instant",
                        "Until end of turn, target creature becomes black, gets +1/-1, and gains \"{B}: Regenerate "
                        "this creature.\"")


@pytest.mark.rules("611.2a", "205.1b", "613.4c", "613.1f")
def test_until_end_of_turn_three_predicates(extra_cards):
    extra_cards(PARAGON_OF_THE_AMESHA, fully_read=True)
    g, ids = table(["Paragon of the Amesha", "Plains", "Island", "Swamp", "Mountain", "Forest"])
    paragon = ids["Paragon of the Amesha"]
    activate_and_resolve(g, paragon)
    ch = g.characteristics(paragon)
    assert (ch.power, ch.toughness) == (5, 5) and set(ch.subtypes) == {"Angel"}
    assert ch.has("flying") and ch.has("lifelink") and ch.has("first strike")
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(paragon)
    assert (ch.power, ch.toughness) == (2, 2) and set(ch.subtypes) == {"Human", "Knight"}
    assert not ch.has("flying") and not ch.has("lifelink")


@pytest.mark.rules("611.2a", "613.1f", "702.3b")
def test_loses_and_gains_until_end_of_turn(extra_cards):
    extra_cards(GARGOYLE_SENTINEL, fully_read=True)
    g, ids = table(["Gargoyle Sentinel", "Plains", "Plains", "Plains"])
    gargoyle = ids["Gargoyle Sentinel"]
    activate_and_resolve(g, gargoyle)
    ch = g.characteristics(gargoyle)
    assert not ch.has("defender") and ch.has("flying")
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(gargoyle)
    assert ch.has("defender") and not ch.has("flying")


@pytest.mark.rules("611.2a", "105.3", "613.1e")
def test_one_target_for_every_predicate(extra_cards):
    """The predicates after the first are about the same target: the spell has one."""
    extra_cards(DEFILING_TEARS, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp"], ["Grizzly Bears"], hand_a=["Defiling Tears"])
    bears = ids["B:Grizzly Bears"]
    assert not g.characteristics(bears).activated
    cast_and_settle(g, ids["Defiling Tears"], targets=((bears,),), answer=preferring())
    ch = g.characteristics(bears)
    assert (ch.power, ch.toughness, set(ch.colors), len(ch.activated)) == (3, 1, {"B"}, 1)


MASS_DIMINISH = record("Mass Diminish", "{1}{U}", "Sorcery",
                       "Until your next turn, creatures target player controls have base power and toughness 1/1.\n"
                       "Flashback {3}{U} (You may cast this card from your graveyard for its flashback cost. Then exile "
                       "it.)")
SUDDEN_SPOILING = record("Sudden Spoiling", "{1}{B}{B}", "Instant",
                         "Split second (As long as this spell is on the stack, players can't cast spells or activate "
                         "abilities that aren't mana abilities.)\nUntil end of turn, creatures target player controls "
                         "lose all abilities and have base power and toughness 0/2.")


@pytest.mark.rules("611.2b", "611.2c", "613.4b")
def test_until_your_next_turn_for_the_creatures_a_target_player_controls(extra_cards):
    extra_cards(MASS_DIMINISH, fully_read=True)
    g, ids = table(["Island", "Island", "Grizzly Bears"], ["Serra Angel"], hand_a=["Mass Diminish"])
    angel = ids["B:Serra Angel"]
    cast_and_settle(g, ids["Mass Diminish"], targets=(("P1",),))
    assert (g.characteristics(angel).power, g.characteristics(ids["Grizzly Bears"]).power) == (1, 2)
    advance(g, Step.END, turn=4)
    assert g.characteristics(angel).power == 1         # through the opponent's turn
    advance(g, Step.UPKEEP, turn=5)
    assert g.characteristics(angel).power == 4


@pytest.mark.rules("611.2a", "613.1f", "613.4b")
def test_lose_all_abilities_and_have_base_power_and_toughness(extra_cards):
    extra_cards(SUDDEN_SPOILING, fully_read=True)
    g, ids = table(["Swamp"] * 3, ["Serra Angel"], hand_a=["Sudden Spoiling"])
    angel = ids["B:Serra Angel"]
    cast_and_settle(g, ids["Sudden Spoiling"], targets=(("P1",),))
    ch = g.characteristics(angel)
    assert (ch.power, ch.toughness, ch.has("flying"), ch.has("vigilance")) == (0, 2, False, False)
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(angel).has("flying")
