"""A player's count compared with yours and "the difference" (608.2c, 107.1): "If target opponent has more cards in
hand than you, draw cards equal to the difference", "if they control fewer lands than you", "if defending player
controls more lands than you", "then if you have fewer than three cards in hand, draw cards equal to the difference".
Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility, Choose
from tests.engine.driving import advance, attack, cast_and_resolve, cast_and_settle, on_battlefield, resolve_stack, settle, table
from tests.oracle.conftest import record

BALANCE_OF_POWER = record("Balance of Power", "{3}{U}{U}", "Sorcery",
                          "If target opponent has more cards in hand than you, draw cards equal to the difference.")
PULSE_OF_THE_DROSS = record("Pulse of the Dross", "{1}{B}{B}", "Sorcery",
                            "Target player reveals three cards from their hand and you choose one of them. That player "
                            "discards that card. Then if that player has more cards in hand than you, return Pulse of "
                            "the Dross to its owner's hand.")
IYMRITH = record("Iymrith, Desert Doom", "{3}{U}{U}", "Legendary Creature — Dragon",
                 "Flying\nIymrith, Desert Doom has ward {4} as long as it's untapped.\nWhenever Iymrith deals combat "
                 "damage to a player, draw a card. Then if you have fewer than three cards in hand, draw cards equal to "
                 "the difference.", "5/5")
AERIAL_SURVEYOR = record("Aerial Surveyor", "{5}", "Artifact — Vehicle",
                         "Flying\nWhenever Aerial Surveyor attacks, if defending player controls more lands than you, "
                         "search your library for a basic Plains card, put it onto the battlefield tapped, then "
                         "shuffle.\nCrew 2", "3/4")


@pytest.mark.rules("608.2c", "107.1", "121.2")
@pytest.mark.parametrize("b_hand,drawn", [(5, 3), (2, 0), (1, 0)])
def test_balance_of_power_draws_the_difference(extra_cards, b_hand, drawn):
    extra_cards(BALANCE_OF_POWER, fully_read=True)
    g, ids = table(["Island"] * 5, [], ["Balance of Power", "Shock", "Opt"], hand_b=["Island"] * b_hand)
    cast_and_resolve(g, ids["Balance of Power"], targets=(("P1",),))
    # two cards left in A's hand as the spell resolves: B's five are three more
    assert len(g.state.players[0].hand) == 2 + drawn


@pytest.mark.rules("608.2c", "701.9a")
@pytest.mark.parametrize("b_hand,returned", [(5, True), (4, False)])
def test_pulse_of_the_dross_returns_if_that_player_has_more_cards(extra_cards, b_hand, returned):
    extra_cards(PULSE_OF_THE_DROSS, fully_read=True)
    g, ids = table(["Swamp"] * 3, [], ["Pulse of the Dross", "Shock", "Opt", "Island"], hand_b=["Island"] * b_hand)
    cast_and_settle(g, ids["Pulse of the Dross"], targets=(("P1",),))
    # B discards one: four against A's three cards returns it; three against three doesn't
    hand = [g.state.objects[o].name for o in g.state.players[0].hand]
    assert ("Pulse of the Dross" in hand) == returned
    assert len(g.state.players[1].hand) == b_hand - 1


@pytest.mark.rules("608.2c", "107.1", "510.2")
@pytest.mark.parametrize("hand,after", [(0, 3), (1, 3), (3, 4)])
def test_iymrith_draws_up_to_three(extra_cards, hand, after):
    extra_cards(IYMRITH, fully_read=True)
    g, ids = table(["Iymrith, Desert Doom"], [], ["Island"] * hand)
    attack(g, ids["Iymrith, Desert Doom"])
    advance(g, Step.MAIN2)
    resolve_stack(g)
    assert g.state.players[1].life == 15
    # one card drawn, then as many more as bring the hand to three (none if it already has three)
    assert len(g.state.players[0].hand) == after


@pytest.mark.rules("603.4", "506.2", "701.23a")
@pytest.mark.parametrize("b_lands,found", [(3, True), (2, False)])
def test_aerial_surveyor_if_defending_player_controls_more_lands(extra_cards, b_lands, found):
    extra_cards(AERIAL_SURVEYOR, fully_read=True)
    g, ids = table(["Aerial Surveyor", "Hill Giant", "Mountain", "Mountain"], ["Island"] * b_lands)
    g.add_card("Plains", 0, Zone.LIBRARY)
    surveyor = ids["Aerial Surveyor"]
    g.apply(ActivateAbility(0, surveyor, 0))        # Crew 2: Hill Giant taps
    g.apply(Choose(0, (ids["Hill Giant"],)))
    settle(g)
    attack(g, surveyor)
    settle(g)
    plains = [o for o in on_battlefield(g, "Plains") if g.state.objects[o].controller == 0]
    assert bool(plains) == found
    assert all(g.state.objects[o].tapped for o in plains)


FEVERED_VISIONS = record("Fevered Visions", "{1}{U}{R}", "Enchantment",
                         "At the beginning of each player's end step, that player draws a card. If the player is your "
                         "opponent and has four or more cards in hand, Fevered Visions deals 2 damage to that player.")


@pytest.mark.rules("608.2c", "102.2", "513.1a")
@pytest.mark.parametrize("active,hand,life", [(1, 3, 18), (1, 2, 20), (0, 5, 20)])
def test_fevered_visions_damages_an_opponent_with_four_cards(extra_cards, active, hand, life):
    extra_cards(FEVERED_VISIONS, fully_read=True)
    g, ids = table(["Fevered Visions"], [], ["Island"] * (hand if active == 0 else 0),
                   hand_b=["Island"] * (hand if active == 1 else 0), active=active)
    advance(g, Step.END)
    resolve_stack(g)
    assert len(g.state.players[active].hand) == hand + 1
    assert g.state.players[active].life == life


WAKING_THE_TROLLS = {
    **record("Waking the Trolls", "{4}{G}{G}", "Enchantment — Saga",
             "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\nI — Destroy "
             "target land.\nII — Put target land card from a graveyard onto the battlefield under your control.\nIII — "
             "Choose target opponent. If they control fewer lands than you, create a number of 4/4 green Troll Warrior "
             "creature tokens with trample equal to the difference."), "layout": "saga"}


@pytest.mark.rules("714.2b", "608.2c", "107.1")
@pytest.mark.parametrize("b_lands,trolls", [(2, 3), (5, 0)])
def test_waking_the_trolls_creates_the_difference_in_trolls(extra_cards, b_lands, trolls):
    extra_cards(WAKING_THE_TROLLS, fully_read=True)
    g, ids = table(["Forest"] * 5, ["Island"] * b_lands, turn=2, active=1)
    saga = g.add_card("Waking the Trolls", 0, Zone.BATTLEFIELD)
    g.state.writable(saga).counters["lore"] = 2
    g.state.invalidate()
    advance(g, Step.MAIN1, turn=3)      # the third lore counter: chapter III
    settle(g)
    trolls_made = on_battlefield(g, "Troll Warrior Token")
    assert len(trolls_made) == trolls
    assert all(g.characteristics(t).has("trample") and g.characteristics(t).power == 4 for t in trolls_made)
