"""Counted amounts of a group of players or of one player named before (107.1, 107.3): "the total life lost by all
players this turn" (119.3), "the total number of cards in all players' hands", "card types among cards in your
opponents' graveyards" (205.2a), "the number of nonbasic lands that creature's controller controls", "the number of
Curses attached to them" (303.4), and "the power of the creature that died" (603.10a). Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, cast_and_settle, preferring, table
from tests.oracle.conftest import record

TAINTED_SIGIL = record("Tainted Sigil", "{1}{W}{B}", "Artifact",
                       "{T}, Sacrifice Tainted Sigil: You gain life equal to the total life lost by all players this "
                       "turn. (Damage causes loss of life.)")
MULTANI = record("Multani, Maro-Sorcerer", "{4}{G}{G}", "Legendary Creature — Elemental",
                 "Shroud (This creature can't be the target of spells or abilities.)\nMultani, Maro-Sorcerer's power "
                 "and toughness are each equal to the total number of cards in all players' hands.", "*/*")
NIGHTHAWK_SCAVENGER = record("Nighthawk Scavenger", "{1}{B}{B}", "Creature — Vampire Rogue",
                             "Flying, deathtouch, lifelink\nNighthawk Scavenger's power is equal to 1 plus the number "
                             "of card types among cards in your opponents' graveyards. (Cards in graveyards have only "
                             "the characteristics of their front face.)", "1+*/3")
WEIGHT_OF_SPIRES = record("Weight of Spires", "{R}", "Instant",
                          "Weight of Spires deals damage to target creature equal to the number of nonbasic lands that "
                          "creature's controller controls.")
CURSE_OF_THIRST = record("Curse of Thirst", "{4}{B}", "Enchantment — Aura Curse",
                         "Enchant player\nAt the beginning of enchanted player's upkeep, Curse of Thirst deals damage "
                         "to that player equal to the number of Curses attached to them.")
DEATHS_PRESENCE = record("Death's Presence", "{5}{G}", "Enchantment",
                         "Whenever a creature you control dies, put X +1/+1 counters on target creature you control, "
                         "where X is the power of the creature that died.")


@pytest.mark.rules("119.3", "120.3a")
def test_tainted_sigil_gains_the_life_every_player_lost(extra_cards):
    extra_cards(TAINTED_SIGIL, fully_read=True)
    g, ids = table(["Tainted Sigil", "Mountain", "Mountain"], [], ["Lightning Bolt", "Shock"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    activate_and_resolve(g, ids["Tainted Sigil"])
    assert g.state.players[0].life == 20 - 2 + (3 + 2)


@pytest.mark.rules("604.3", "402.1")
def test_multani_counts_the_cards_in_every_hand(extra_cards):
    extra_cards(MULTANI, fully_read=True)
    g, ids = table(["Multani, Maro-Sorcerer"], [], ["Shock", "Forest"], hand_b=["Grizzly Bears", "Shock", "Forest"])
    ch = g.characteristics(ids["Multani, Maro-Sorcerer"])
    assert (ch.power, ch.toughness) == (5, 5)


@pytest.mark.rules("604.3", "205.2a")
def test_nighthawk_scavenger_counts_card_types_in_opponents_graveyards_only(extra_cards):
    extra_cards(NIGHTHAWK_SCAVENGER, fully_read=True)
    g, ids = table(["Nighthawk Scavenger"])
    for name in ("Grizzly Bears", "Forest", "Giant Growth", "Shock"):
        g.add_card(name, 1, Zone.GRAVEYARD)
    g.add_card("Divination", 0, Zone.GRAVEYARD)          # a sorcery, but in your own graveyard
    ch = g.characteristics(ids["Nighthawk Scavenger"])
    assert (ch.power, ch.toughness) == (1 + 3, 3)        # creature, land, instant


@pytest.mark.rules("120.3", "608.2h")
def test_weight_of_spires_counts_the_nonbasic_lands_of_the_creatures_controller(extra_cards):
    extra_cards(WEIGHT_OF_SPIRES, fully_read=True)
    g, ids = table(["Mountain", "Mutavault", "Evolving Wilds"], ["Giant Spider", "Mutavault", "Scoured Barrens",
                                                                  "Temple of Triumph", "Forest"], ["Weight of Spires"])
    cast_and_resolve(g, ids["Weight of Spires"], targets=((ids["B:Giant Spider"],),))
    assert g.state.objects[ids["B:Giant Spider"]].damage == 3     # B's three nonbasic lands, not A's two


@pytest.mark.rules("303.4", "702.5a")
def test_curse_of_thirst_counts_the_curses_on_the_enchanted_player(extra_cards):
    extra_cards(CURSE_OF_THIRST, fully_read=True)
    g, ids = table(turn=3, active=0, step=Step.END)
    for player in ("P1", "P1", "P0"):
        g.attach(g.add_card("Curse of Thirst", 0, Zone.BATTLEFIELD), player)
    advance(g, Step.DRAW, turn=4)
    assert g.state.players[1].life == 20 - 2 - 2         # each of the two Curses on B: 2 damage
    assert g.state.players[0].life == 20                  # not A's upkeep


@pytest.mark.rules("603.10a", "608.2h")
def test_deaths_presence_puts_the_power_of_the_creature_that_died(extra_cards):
    extra_cards(DEATHS_PRESENCE, fully_read=True)
    g, ids = table(["Death's Presence", "Giant Spider", "Grizzly Bears", "Mountain"], [], ["Lightning Bolt"])
    spider = ids["Giant Spider"]
    cast_and_settle(g, ids["Lightning Bolt"], answer=preferring(spider), targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[spider].counters == {"+1/+1": 2}
