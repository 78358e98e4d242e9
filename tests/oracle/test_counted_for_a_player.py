"""Amounts counted on one player's side other than yours (107.3a-style counts read at resolution), played with real
cards: "for each artifact they control" (the player the clause is about, or the one a trigger names), "for each
tapped creature target opponent controls", "for each basic land type among lands they control" (domain, 305.6);
"where X is ..." read after what the clause names ("that player", "its power"), the amount fixed as it resolves
(608.2h)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

ALLIED_STRATEGIES = record("Allied Strategies", "{4}{U}", "Sorcery",
                           "Domain — Target player draws a card for each basic land type among lands they control.")
BURDEN_OF_GREED = record("Burden of Greed", "{3}{B}", "Instant",
                         "Target player loses 1 life for each tapped artifact they control.")
EMISSARY_OF_DESPAIR = record("Emissary of Despair", "{1}{B}{B}", "Creature — Spirit",
                             "Flying\nWhenever Emissary of Despair deals combat damage to a player, that player loses 1 "
                             "life for each artifact they control.", "2/1")
JOVIAL_EVIL = record("Jovial Evil", "{2}{B}", "Sorcery",
                     "Jovial Evil deals X damage to target opponent, where X is twice the number of white creatures that "
                     "player controls.")
FATAL_FRENZY = record("Fatal Frenzy", "{2}{R}", "Instant",
                      "Until end of turn, target creature you control gains trample and gets +X/+0, where X is its power. "
                      "Sacrifice it at the beginning of the next end step.")
THEFT_OF_DREAMS = record("Theft of Dreams", "{2}{U}", "Sorcery",
                         "Draw a card for each tapped creature target opponent controls.")
INQUISITION = record("Inquisition", "{2}{B}", "Sorcery",
                     "Target player reveals their hand. Inquisition deals damage to that player equal to the number of "
                     "white cards in their hand.")
RECURRING_INSIGHT = record("Recurring Insight", "{4}{U}{U}", "Sorcery",
                           "Draw cards equal to the number of cards in target opponent's hand.\nRebound (If you cast "
                           "this spell from your hand, exile it as it resolves. At the beginning of your next upkeep, you "
                           "may cast this card from exile without paying its mana cost.)")


@pytest.mark.rules("305.6", "207.2c")
def test_allied_strategies_counts_the_target_players_basic_land_types(extra_cards):
    extra_cards(ALLIED_STRATEGIES, fully_read=True)
    g, ids = table(["Island"] * 5, ["Plains", "Swamp", "Swamp", "Forest"], ["Allied Strategies"])
    cast_and_resolve(g, ids["Allied Strategies"], targets=(("P1",),))
    assert len(g.state.players[1].hand) == 3          # Plains, Swamp, Forest: not the caster's one type


@pytest.mark.rules("107.3a", "119.3")
def test_burden_of_greed_counts_the_targets_tapped_artifacts(extra_cards):
    extra_cards(BURDEN_OF_GREED, fully_read=True)
    g, ids = table(["Swamp"] * 4 + ["Ornithopter"], ["Ornithopter", "Icy Manipulator", "Plains"], ["Burden of Greed"])
    g.state.objects[ids["B:Ornithopter"]].tapped = True
    g.state.objects[ids["Ornithopter"]].tapped = True
    cast_and_resolve(g, ids["Burden of Greed"], targets=(("P1",),))
    assert g.state.players[1].life == 19


@pytest.mark.rules("603.2", "120.3", "119.3")
def test_emissary_of_despair_counts_the_damaged_players_artifacts(extra_cards):
    extra_cards(EMISSARY_OF_DESPAIR, fully_read=True)
    g, ids = table(["Emissary of Despair", "Ornithopter"], ["Ornithopter", "Icy Manipulator", "Plains"])
    attack(g, ids["Emissary of Despair"])
    advance(g, Step.COMBAT_DAMAGE)
    resolve_stack(g)
    assert g.state.players[1].life == 20 - 2 - 2


@pytest.mark.rules("115.1", "107.3a")
def test_theft_of_dreams_targets_an_opponent_and_counts_their_tapped_creatures(extra_cards):
    extra_cards(THEFT_OF_DREAMS, fully_read=True)
    g, ids = table(["Island"] * 3 + ["Grizzly Bears"], ["Serra Angel", "Llanowar Elves", "Silvercoat Lion"],
                   ["Theft of Dreams"])
    for name in ("B:Serra Angel", "B:Llanowar Elves", "Grizzly Bears"):
        g.state.objects[ids[name]].tapped = True
    cast_and_resolve(g, ids["Theft of Dreams"], targets=(("P1",),))
    assert len(g.state.players[0].hand) == 2


@pytest.mark.rules("115.1", "601.2c", "608.2h")
def test_recurring_insight_counts_the_cards_in_the_target_opponents_hand(extra_cards):
    extra_cards(RECURRING_INSIGHT, fully_read=True)
    g, ids = table(["Island"] * 6, [], ["Recurring Insight", "Island"], hand_b=["Plains", "Swamp", "Forest"])
    cast_and_resolve(g, ids["Recurring Insight"], targets=(("P1",),))
    # the opponent's three cards, not the caster's own one (the Island left in hand)
    assert len(g.state.players[0].hand) == 1 + 3
    assert len(g.state.players[1].hand) == 3


@pytest.mark.rules("107.3a", "105.2", "120.3")
def test_inquisition_counts_only_the_white_cards_in_the_target_players_hand(extra_cards):
    extra_cards(INQUISITION, fully_read=True)
    g, ids = table(["Swamp"] * 3, [], ["Inquisition", "Savannah Lions"],
                   hand_b=["Savannah Lions", "Serra Angel", "Grizzly Bears", "Plains"])
    cast_and_resolve(g, ids["Inquisition"], targets=(("P1",),))
    assert g.state.players[1].life == 18          # two white cards in B's hand; the caster's own isn't counted


@pytest.mark.rules("107.3a", "120.3")
def test_jovial_evil_counts_the_target_opponents_white_creatures_twice(extra_cards):
    extra_cards(JOVIAL_EVIL, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Silvercoat Lion"], ["Silvercoat Lion", "Serra Angel", "Grizzly Bears"],
                   ["Jovial Evil"])
    cast_and_resolve(g, ids["Jovial Evil"], targets=(("P1",),))
    assert g.state.players[1].life == 16


@pytest.mark.rules("608.2h", "611.2a", "603.7")
def test_fatal_frenzy_adds_the_power_it_had_and_sacrifices_it_at_the_end_step(extra_cards):
    extra_cards(FATAL_FRENZY, fully_read=True)
    g, ids = table(["Mountain"] * 3 + ["Grizzly Bears"], [], ["Fatal Frenzy"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Fatal Frenzy"], targets=((bears,),))
    ch = g.characteristics(bears)
    assert (ch.power, ch.toughness) == (4, 2) and ch.has("trample")
    advance(g, Step.END)
    resolve_stack(g)
    assert bears not in g.state.battlefield
