"""'If a Giant source you control would deal damage to a permanent or player, it deals double that damage ... instead'
(614.1a): a replacement effect on the damage of the sources of a kind (checked as the damage would be dealt, on the
source as it is on the battlefield or the stack); "a ... spell" is only a spell's. The damage is changed otherwise too
("that much damage plus 2", "minus 1", "half that damage, rounded down", "3 damage" instead of "4 or more"), when dealt
to the recipients named; as an effect until end of turn too ("If a source you control would deal damage to an opponent
this turn, ..."). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import PassPriority
from tests.engine.driving import activate_and_resolve, advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

CALAMITY_BEARER = record("Calamity Bearer", "{2}{R}{R}", "Creature — Giant Berserker",
                         "If a Giant source you control would deal damage to a permanent or player, it deals double "
                         "that damage to that permanent or player instead.", "3/4")
FIRE_SERVANT = record("Fire Servant", "{3}{R}", "Creature — Elemental",
                      "If a red instant or sorcery spell you control would deal damage, it deals double that damage "
                      "instead.", "4/3")


@pytest.mark.rules("614.1a", "510.2")
@pytest.mark.parametrize("attacker,damage", [("Hill Giant", 6), ("Grizzly Bears", 2)])
def test_calamity_bearer_doubles_the_damage_of_giants_you_control(extra_cards, attacker, damage):
    extra_cards(CALAMITY_BEARER, fully_read=True)
    g, ids = table(["Calamity Bearer", attacker], [], turn=3)
    attack(g, ids[attacker])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - damage


@pytest.mark.rules("614.1a", "120.3")
def test_fire_servant_doubles_the_damage_of_your_red_instants_only(extra_cards):
    extra_cards(FIRE_SERVANT, fully_read=True)
    g, ids = table(["Fire Servant", "Mountain"], ["Mountain"], ["Lightning Bolt"], hand_b=["Shock"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 20 - 6
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 - 2          # an opponent's spell: not doubled


@pytest.mark.rules("614.1a", "510.2")
def test_fire_servant_leaves_a_red_creatures_damage_as_it_is(extra_cards):
    extra_cards(FIRE_SERVANT, fully_read=True)
    g, ids = table(["Fire Servant", "Raging Goblin"], [], turn=3)
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    resolve_stack(g)
    assert g.state.players[1].life == 19


# 614.1a: the damage changed otherwise than multiplied: "that much damage plus 2", "minus 1", "half that damage,
# rounded down", "3 damage" (from "4 or more"), for the sources and recipients named.
TORBRAN = record("Torbran, Thane of Red Fell", "{1}{R}{R}{R}", "Legendary Creature — Dwarf Noble",
                 "If a red source you control would deal damage to an opponent or a permanent an opponent controls, it "
                 "deals that much damage plus 2 instead.", "2/4")
LASHKNIFE_BARRIER = record("Lashknife Barrier", "{2}{W}", "Enchantment",
                           "When Lashknife Barrier enters the battlefield, draw a card.\nIf a source would deal damage "
                           "to a creature you control, it deals that much damage minus 1 to that creature instead.")
DIVINE_PRESENCE = record("Divine Presence", "{2}{W}", "Enchantment",
                         "If a source would deal 4 or more damage to a permanent or player, that source deals 3 damage "
                         "to that permanent or player instead.")
GHOSTS_OF_THE_INNOCENT = record("Ghosts of the Innocent", "{5}{W}{W}", "Creature — Spirit",
                                "If a source would deal damage to a permanent or player, it deals half that damage, "
                                "rounded down, to that permanent or player instead.", "4/5")
BENEVOLENT_UNICORN = record("Benevolent Unicorn", "{1}{W}", "Creature — Unicorn",
                            "If a spell would deal damage to a permanent or player, it deals that much damage minus 1 "
                            "to that permanent or player instead.", "1/2")
EMBERMAW_HELLION = record("Embermaw Hellion", "{3}{R}{R}", "Creature — Hellion",
                          "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
                          "attacking.)\nIf another red source you control would deal damage to a permanent or player, it "
                          "deals that much damage plus 1 to that permanent or player instead.", "4/5")
@pytest.mark.rules("614.1a", "510.2")
def test_torbran_adds_two_to_your_red_sources_damage_to_opponents_only(extra_cards):
    extra_cards(TORBRAN, fully_read=True)
    g, ids = table(["Torbran, Thane of Red Fell", "Raging Goblin", "Mountain"], ["Craw Wurm", "Mountain"], ["Shock"],
                   hand_b=["Shock"], turn=3)
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Craw Wurm"],),))
    assert ids["B:Craw Wurm"] not in g.state.battlefield      # 2 + 2 damage to a 6/4
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 - 2          # the opponent's red source, to you: unchanged
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 3


@pytest.mark.rules("614.1a", "616.1")
def test_torbran_and_furnace_of_rath_leave_the_least_damage_the_affected_player_may_choose(extra_cards):
    extra_cards(TORBRAN, fully_read=True)
    g, ids = table(["Torbran, Thane of Red Fell", "Furnace of Rath", "Raging Goblin"], [], turn=3)
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 4          # doubled first, then plus 2 (not (1 + 2) * 2)


@pytest.mark.rules("614.1a", "120.3")
def test_lashknife_barrier_takes_one_from_damage_to_your_creatures(extra_cards):
    extra_cards(LASHKNIFE_BARRIER, fully_read=True)
    g, ids = table(["Lashknife Barrier", "Grizzly Bears"], ["Mountain", "Mountain"], hand_b=["Shock", "Shock"], active=1)
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[ids["Grizzly Bears"]].damage == 1
    shock = next(o for o in g.state.players[1].hand if o != ids["B:Shock"])
    cast_and_resolve(g, shock, player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 - 2          # damage to you: unchanged


@pytest.mark.rules("614.1a", "616.1f")
@pytest.mark.parametrize("attacker,damage", [("Craw Wurm", 3), ("Hill Giant", 3), ("Grizzly Bears", 2)])
def test_divine_presence_makes_four_or_more_damage_three(extra_cards, attacker, damage):
    extra_cards(DIVINE_PRESENCE, fully_read=True)
    g, ids = table(["Divine Presence", attacker], [], turn=3)
    attack(g, ids[attacker])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - damage


@pytest.mark.rules("614.1a", "510.2")
@pytest.mark.parametrize("attacker,damage", [("Hill Giant", 1), ("Craw Wurm", 3), ("Raging Goblin", 0)])
def test_ghosts_of_the_innocent_halves_damage_rounded_down(extra_cards, attacker, damage):
    extra_cards(GHOSTS_OF_THE_INNOCENT, fully_read=True)
    g, ids = table([attacker], ["Ghosts of the Innocent"], turn=3)
    attack(g, ids[attacker])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - damage


@pytest.mark.rules("614.1a", "120.3")
def test_benevolent_unicorn_takes_one_from_spells_damage_only(extra_cards):
    extra_cards(BENEVOLENT_UNICORN, fully_read=True)
    g, ids = table(["Raging Goblin", "Mountain"], ["Benevolent Unicorn"], ["Lightning Bolt"], turn=3)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 20 - 2
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 3          # a creature's combat damage: unchanged


@pytest.mark.rules("614.1a", "510.2")
def test_embermaw_hellion_adds_one_to_your_other_red_sources(extra_cards):
    extra_cards(EMBERMAW_HELLION, fully_read=True)
    g, ids = table(["Embermaw Hellion", "Raging Goblin"], [], turn=3)
    attack(g, ids["Embermaw Hellion"], ids["Raging Goblin"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 4 - 2      # its own damage unchanged, the Goblin's plus 1


# 614.1a: the same replacements as effects until end of turn, of a resolved spell or ability
GOBLIN_GOLIATH = record("Goblin Goliath", "{4}{R}{R}", "Creature — Goblin Mutant",
                        "When Goblin Goliath enters the battlefield, create a number of 1/1 red Goblin creature tokens "
                        "equal to the number of opponents you have.\n{3}{R}, {T}: If a source you control would deal "
                        "damage to an opponent this turn, it deals double that damage to that player instead.", "5/4")
EQUAL_TREATMENT = record("Equal Treatment", "{1}{W}", "Instant",
                         "If any source would deal 1 or more damage to a permanent or player this turn, it deals 2 "
                         "damage to that permanent or player instead.\nDraw a card.")
OVERBLAZE = record("Overblaze", "{3}{R}", "Instant — Arcane",
                   "Each time target permanent would deal damage to a permanent or player this turn, it deals double "
                   "that damage to that permanent or player instead.\nSplice onto Arcane {2}{R}{R} (As you cast an "
                   "Arcane spell, you may reveal this card from your hand and pay its splice cost. If you do, add this "
                   "card's effects to that spell.)")


@pytest.mark.rules("614.1a", "611.2a")
def test_goblin_goliath_doubles_your_sources_damage_to_opponents_this_turn(extra_cards):
    extra_cards(GOBLIN_GOLIATH, fully_read=True)
    g, ids = table(["Goblin Goliath", "Raging Goblin"] + ["Mountain"] * 4, ["Mountain"], hand_b=["Shock"], turn=3)
    activate_and_resolve(g, ids["Goblin Goliath"], 0)
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 - 2          # the opponent's source: not doubled
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 2


@pytest.mark.rules("614.1a", "616.1f")
def test_equal_treatment_makes_each_damage_two_this_turn(extra_cards):
    extra_cards(EQUAL_TREATMENT, fully_read=True)
    g, ids = table(["Plains", "Plains", "Mountain", "Raging Goblin"], [], ["Equal Treatment", "Lightning Bolt"], turn=3)
    cast_and_resolve(g, ids["Equal Treatment"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 20 - 2
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 2 - 2


@pytest.mark.rules("614.1a", "608.2b")
def test_overblaze_doubles_the_target_permanents_damage_only(extra_cards):
    extra_cards(OVERBLAZE, fully_read=True)
    g, ids = table(["Mountain"] * 4 + ["Raging Goblin", "Grizzly Bears"], [], ["Overblaze"], turn=3)
    cast_and_resolve(g, ids["Overblaze"], targets=((ids["Raging Goblin"],),))
    attack(g, ids["Raging Goblin"], ids["Grizzly Bears"])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - 2 - 2      # the Goblin's 1 doubled, the Bears' 2 as it is
