"""Damage sentences (120.3) read through the damage grammar (engine.oracle.verbs), played with real cards' text."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record
from tests.oracle.test_static_prevention import BUBBLE_MATRIX

ROLLING_EARTHQUAKE = record("Rolling Earthquake", "{X}{R}", "Sorcery",
                            "Rolling Earthquake deals X damage to each creature without horsemanship and each player.")
HORSEMAN = record("Lu Bu, Master-at-Arms", "{5}{R}", "Legendary Creature — Human Soldier Warrior",
                  "Haste; horsemanship (This creature can't be blocked except by creatures with horsemanship.)", "4/3")


@pytest.mark.rules("120.3", "702.31a")
def test_rolling_earthquake_spares_creatures_with_horsemanship(extra_cards):
    extra_cards(ROLLING_EARTHQUAKE, fully_read=True)
    extra_cards(HORSEMAN)
    g, ids = table(["Mountain"] * 3, ["Grizzly Bears", "Lu Bu, Master-at-Arms"], hand_a=["Rolling Earthquake"])
    cast_and_resolve(g, ids["Rolling Earthquake"], x=2)
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
    assert g.state.objects[ids["B:Lu Bu, Master-at-Arms"]].damage == 0
    assert (g.state.players[0].life, g.state.players[1].life) == (18, 18)


ENTER_THE_GOD_ETERNALS = record("Enter the God-Eternals", "{2}{U}{U}{B}", "Sorcery",
                                "Enter the God-Eternals deals 4 damage to target creature and you gain life equal to "
                                "the damage dealt this way. Target player mills four cards. Amass 4. (Put four +1/+1 "
                                "counters on an Army you control. If you don't control one, create a 0/0 black Zombie "
                                "Army creature token first.)")


@pytest.mark.rules("120.3", "615.1a")
def test_enter_the_god_eternals_gains_the_damage_actually_dealt(extra_cards):
    extra_cards(ENTER_THE_GOD_ETERNALS, fully_read=True)
    extra_cards(BUBBLE_MATRIX)
    g, ids = table(["Island", "Island", "Swamp", "Swamp", "Swamp"], ["Grizzly Bears"],
                   hand_a=["Enter the God-Eternals"], life_a=10)
    cast_and_resolve(g, ids["Enter the God-Eternals"], targets=((ids["B:Grizzly Bears"],), ("P1",)))
    assert g.state.players[0].life == 14                  # all 4 dealt (more than the Bears' toughness)
    g, ids = table(["Island", "Island", "Swamp", "Swamp", "Swamp"], ["Grizzly Bears", "Bubble Matrix"],
                   hand_a=["Enter the God-Eternals"], life_a=10)
    cast_and_resolve(g, ids["Enter the God-Eternals"], targets=((ids["B:Grizzly Bears"],), ("P1",)))
    assert g.state.players[0].life == 10                  # all of it prevented: none dealt


PRICE_OF_PROGRESS = record("Price of Progress", "{1}{R}", "Instant",
                           "Price of Progress deals damage to each player equal to twice the number of nonbasic lands "
                           "that player controls.")
ACIDIC_SOIL = record("Acidic Soil", "{2}{R}", "Sorcery",
                     "Acidic Soil deals damage to each player equal to the number of lands they control.")
WASTELAND = record("Wasteland", None, "Land",
                   "{T}: Add {C}.\n{T}, Sacrifice Wasteland: Destroy target nonbasic land.")


@pytest.mark.rules("120.3", "205.4c")
def test_price_of_progress_counts_each_players_own_nonbasic_lands(extra_cards):
    extra_cards(PRICE_OF_PROGRESS, fully_read=True)
    extra_cards(WASTELAND)
    g, ids = table(["Mountain", "Mountain", "Wasteland"], ["Wasteland", "Forest"], hand_a=["Price of Progress"])
    g.add_card("Wasteland", 1, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Price of Progress"])
    assert (g.state.players[0].life, g.state.players[1].life) == (18, 16)


@pytest.mark.rules("120.3")
def test_acidic_soil_counts_each_players_lands(extra_cards):
    extra_cards(ACIDIC_SOIL, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Mountain"], ["Forest"], hand_a=["Acidic Soil"])
    cast_and_resolve(g, ids["Acidic Soil"])
    assert (g.state.players[0].life, g.state.players[1].life) == (17, 19)


LIGHTNING_REAVER = record("Lightning Reaver", "{3}{R}", "Creature — Zombie Beast",
                          "Haste; fear (This creature can't be blocked except by artifact creatures and/or black "
                          "creatures.)\nWhenever Lightning Reaver deals combat damage to a player, put a charge counter "
                          "on it.\nAt the beginning of your end step, Lightning Reaver deals damage equal to the number "
                          "of charge counters on it to each opponent.", "3/3")


@pytest.mark.rules("120.3", "122.1")
def test_lightning_reaver_deals_damage_equal_to_its_charge_counters(extra_cards):
    extra_cards(LIGHTNING_REAVER, fully_read=True)
    g, ids = table(["Lightning Reaver"], [])
    g.state.objects[ids["Lightning Reaver"]].counters["charge"] = 2
    advance(g, Step.END)
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


CHANDRA_BOLD_PYROMANCER = record("Chandra, Bold Pyromancer", "{4}{R}{R}", "Legendary Planeswalker — Chandra",
                                 "[+1]: Add {R}{R}. Chandra, Bold Pyromancer deals 2 damage to target player.\n[−3]: "
                                 "Chandra, Bold Pyromancer deals 3 damage to target creature or planeswalker.\n[−7]: "
                                 "Chandra, Bold Pyromancer deals 10 damage to target player and each creature and "
                                 "planeswalker they control.", loyalty="5")


@pytest.mark.rules("120.3", "606.3")
def test_chandra_deals_10_damage_to_a_player_and_each_creature_they_control(extra_cards):
    extra_cards(CHANDRA_BOLD_PYROMANCER, fully_read=True)
    g, ids = table(["Chandra, Bold Pyromancer", "Grizzly Bears"], ["Colossal Dreadmaw", "Serra Angel"])
    g.state.objects[ids["Chandra, Bold Pyromancer"]].counters["loyalty"] = 7
    activate_and_resolve(g, ids["Chandra, Bold Pyromancer"], 2, targets=(("P1",),))
    assert g.state.players[1].life == 10
    assert ids["B:Colossal Dreadmaw"] not in g.state.battlefield and ids["B:Serra Angel"] not in g.state.battlefield
    assert g.state.objects[ids["Grizzly Bears"]].damage == 0


SARKHAN_THE_MAD = record("Sarkhan the Mad", "{3}{B}{R}", "Legendary Planeswalker — Sarkhan",
                         "[0]: Reveal the top card of your library and put it into your hand. Sarkhan the Mad deals "
                         "damage to himself equal to that card's mana value.\n[−2]: Target creature's controller "
                         "sacrifices it, then that player creates a 5/5 red Dragon creature token with flying.",
                         loyalty="7")


@pytest.mark.rules("120.3c", "606.3", "201.5")
def test_deals_damage_to_himself_equal_to_that_cards_mana_value(extra_cards):
    """"himself" is the legendary card itself; damage to a planeswalker removes that many loyalty counters."""
    extra_cards(SARKHAN_THE_MAD, fully_read=True)
    g, ids = table(["Sarkhan the Mad"])
    sarkhan = ids["Sarkhan the Mad"]
    g.state.objects[sarkhan].counters["loyalty"] = 7
    giant = g.add_card("Hill Giant", 0, Zone.LIBRARY)
    activate_and_resolve(g, sarkhan, 0)
    assert giant in g.state.players[0].hand or "Hill Giant" in [g.state.objects[o].name
                                                                for o in g.state.players[0].hand]
    assert g.state.objects[sarkhan].counters["loyalty"] == 3


FRY = record("Fry", "{1}{R}", "Instant",
             "This spell can't be countered.\nFry deals 5 damage to target creature or planeswalker that's white or "
             "blue.")


@pytest.mark.rules("115.1", "105.2")
def test_fry_targets_only_a_white_or_blue_creature(extra_cards):
    extra_cards(FRY, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Serra Angel", "Grizzly Bears"], hand_a=["Fry"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Fry"], targets=((ids["B:Grizzly Bears"],),)))
    cast_and_resolve(g, ids["Fry"], targets=((ids["B:Serra Angel"],),))
    assert ids["B:Serra Angel"] not in g.state.battlefield


PIGMENT_STORM = record("Pigment Storm", "{4}{R}", "Sorcery",
                       "Pigment Storm deals 5 damage to target creature. Excess damage is dealt to that creature's "
                       "controller instead.")


@pytest.mark.rules("120.4a")
def test_excess_damage_is_dealt_to_that_creatures_controller_instead(extra_cards):
    extra_cards(PIGMENT_STORM, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears", "Craw Wurm"], hand_a=["Pigment Storm"])
    g.state.objects[ids["B:Craw Wurm"]].damage = 2               # 6/4 with 2 damage marked: 2 more is lethal
    second = g.add_card("Pigment Storm", 0, g.state.objects[ids["Pigment Storm"]].zone)
    cast_and_resolve(g, ids["Pigment Storm"], targets=((ids["B:Grizzly Bears"],),))
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
    assert g.state.players[1].life == 17                         # 5 - 2 (lethal for a 2/2)
    for _ in range(5):
        g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, second, targets=((ids["B:Craw Wurm"],),))
    assert g.state.players[1].life == 14                         # the damage marked counts: 5 - 2


KUMANO_FACES_KAKKAZAN = record(
    "Kumano Faces Kakkazan", "{R}", "Enchantment — Saga",
    "I — Kumano Faces Kakkazan deals 1 damage to each opponent and each planeswalker they control.\n"
    "II — When you cast your next creature spell this turn, that creature enters the battlefield with an additional "
    "+1/+1 counter on it.\nIII — Exile this Saga, then return it to the battlefield transformed under your control.")


@pytest.mark.rules("120.3", "714.2b", "306.8")
def test_each_opponent_and_each_planeswalker_they_control(extra_cards):
    """"they" are the opponents: each of them and the planeswalkers they control are dealt the damage (its front
    face's chapter I)."""
    extra_cards(KUMANO_FACES_KAKKAZAN)
    g, ids = table(["Mountain"], [], ["Kumano Faces Kakkazan"])
    theirs = g.add_card("Garruk Wildspeaker", 1, Zone.BATTLEFIELD)
    mine = g.add_card("Garruk Wildspeaker", 0, Zone.BATTLEFIELD)
    loyalty = g.state.objects[theirs].counters.get("loyalty", 0)
    cast_and_resolve(g, ids["Kumano Faces Kakkazan"])
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 19)
    assert g.state.objects[theirs].counters.get("loyalty", 0) == loyalty - 1
    assert g.state.objects[mine].counters.get("loyalty", 0) == loyalty


ANGRATH_MINOTAUR_PIRATE = record(
    "Angrath, Minotaur Pirate", "{4}{B}{R}", "Legendary Planeswalker — Angrath",
    "+2: Angrath, Minotaur Pirate deals 1 damage to target opponent or planeswalker and each creature that player or "
    "that planeswalker's controller controls.\n−3: Return target Pirate card from your graveyard to the battlefield.\n"
    "−11: Destroy all creatures target opponent controls. Angrath, Minotaur Pirate deals damage to that player equal "
    "to their total power.", loyalty="5")


@pytest.mark.rules("120.3", "115.1", "606.3")
def test_each_creature_that_opponent_or_that_planeswalkers_controller_controls(extra_cards):
    extra_cards(ANGRATH_MINOTAUR_PIRATE)
    g, ids = table(["Angrath, Minotaur Pirate", "Llanowar Elves"], ["Llanowar Elves", "Grizzly Bears"])
    activate_and_resolve(g, ids["Angrath, Minotaur Pirate"], 0, targets=(("P1",),))
    assert g.state.players[1].life == 19
    assert ids["B:Llanowar Elves"] not in g.state.battlefield and ids["Llanowar Elves"] in g.state.battlefield
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 1
