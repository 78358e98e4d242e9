"""Amounts added together (107.1): "that creature's power plus its toughness", "the number of Elves you control plus
the number of Elf cards in your graveyard" (each term counted as it is read, then added), and "X plus 1" (107.3).
Played with real cards through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

PREDATORS_RAPPORT = record("Predator's Rapport", "{2}{G}", "Instant",
                           "Choose target creature you control. You gain life equal to that creature's power plus its "
                           "toughness.")
ABOMINATION = record("Abomination of Llanowar", "{1}{B}{G}", "Legendary Creature — Elf Horror",
                     "Vigilance; menace (This creature can't be blocked except by two or more creatures.)\n"
                     "Abomination of Llanowar's power and toughness are each equal to the number of Elves you control "
                     "plus the number of Elf cards in your graveyard.", "*/*")
AN_HAVVA_INN = record("An-Havva Inn", "{1}{G}{G}", "Sorcery",
                      "You gain X plus 1 life, where X is the number of green creatures on the battlefield.")
METEOR_SHOWER = record("Meteor Shower", "{X}{X}{R}", "Sorcery",
                       "Meteor Shower deals X plus 1 damage divided as you choose among any number of targets.")
HELLFIRE = record("Hellfire", "{2}{B}{B}{B}", "Sorcery",
                  "Destroy all nonblack creatures. Hellfire deals X plus 3 damage to you, where X is the number of "
                  "creatures that died this way.")


@pytest.mark.rules("107.1", "608.2h")
def test_predators_rapport_adds_the_targets_power_and_toughness(extra_cards):
    extra_cards(PREDATORS_RAPPORT, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Giant Spider"], [], ["Predator's Rapport"])
    cast_and_resolve(g, ids["Predator's Rapport"], targets=((ids["Giant Spider"],),))
    assert g.state.players[0].life == 20 + 2 + 4        # a 2/4


@pytest.mark.rules("107.1", "604.3")
def test_abomination_of_llanowar_counts_elves_on_the_battlefield_and_elf_cards_in_the_graveyard(extra_cards):
    extra_cards(ABOMINATION, fully_read=True)
    g, ids = table(["Abomination of Llanowar", "Llanowar Elves", "Grizzly Bears"], ["Elvish Mystic"])
    g.add_card("Elvish Visionary", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Elvish Mystic", 1, Zone.GRAVEYARD)       # not in your graveyard
    ch = g.characteristics(ids["Abomination of Llanowar"])
    # Elves you control: itself and Llanowar Elves (not the opponent's Mystic); Elf cards in your graveyard: one
    assert (ch.power, ch.toughness) == (3, 3)


@pytest.mark.rules("107.3c")
def test_an_havva_inn_gains_x_plus_one(extra_cards):
    extra_cards(AN_HAVVA_INN, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Llanowar Elves", "Grizzly Bears"], ["Elvish Mystic", "Giant Spider"],
                   ["An-Havva Inn"])
    cast_and_resolve(g, ids["An-Havva Inn"])
    assert g.state.players[0].life == 20 + 4 + 1       # four green creatures on the battlefield, both players'


@pytest.mark.rules("107.3a", "601.2d")
def test_meteor_shower_divides_x_plus_one_damage(extra_cards):
    extra_cards(METEOR_SHOWER, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears"], ["Meteor Shower"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Meteor Shower"], x=2, targets=((bears, "P1"),), divide=((bears, 2), ("P1", 1)))
    assert bears not in g.state.battlefield
    assert g.state.players[1].life == 19


@pytest.mark.rules("107.3c", "700.4", "701.8a")
def test_hellfire_counts_the_creatures_that_died(extra_cards):
    extra_cards(HELLFIRE, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears", "Llanowar Elves"], ["Giant Spider"], ["Hellfire"])
    cast_and_resolve(g, ids["Hellfire"])
    assert g.state.players[0].life == 20 - (3 + 3)
