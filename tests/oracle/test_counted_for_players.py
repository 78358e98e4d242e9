"""Counts over players (107.1, 107.3): "the greatest number of creatures a player controls", "X minus one" tokens
(never below zero, 107.1b), and "the number of creatures those opponents control" after "Choose any number of target
opponents" (601.2c). Played with real cards through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

INVESTIGATORS_JOURNAL = record("Investigator's Journal", "{2}", "Artifact — Clue",
                               "Investigator's Journal enters the battlefield with a number of suspect counters on it "
                               "equal to the greatest number of creatures a player controls.\n{2}, {T}, Remove a "
                               "suspect counter from Investigator's Journal: Draw a card.\n{2}, Sacrifice Investigator's "
                               "Journal: Draw a card.")
EIGANJO_UPRISING = record("Eiganjo Uprising", "{X}{R}{W}", "Sorcery",
                          "Create X 2/2 white Samurai creature tokens with vigilance. They gain menace and haste until "
                          "end of turn.\nEach opponent creates X minus one 2/2 white Samurai creature tokens with "
                          "vigilance.")
CALL_THE_COPPERCOATS = record("Call the Coppercoats", "{2}{W}", "Instant",
                              "Strive — This spell costs {1}{W} more to cast for each target beyond the first.\nChoose "
                              "any number of target opponents. Create X 1/1 white Human Soldier creature tokens, where "
                              "X is the number of creatures those opponents control.")


@pytest.mark.rules("614.1c", "122.6")
def test_investigators_journal_counts_the_player_with_the_most_creatures(extra_cards):
    extra_cards(INVESTIGATORS_JOURNAL, fully_read=True)
    g, ids = table(["Plains", "Plains", "Grizzly Bears"], ["Serra Angel", "Hill Giant", "Giant Spider"],
                   ["Investigator's Journal"])
    cast_and_resolve(g, ids["Investigator's Journal"])
    (journal,) = on_battlefield(g, "Investigator's Journal")      # a new object on the battlefield (400.7)
    assert g.state.objects[journal].counters == {"suspect": 3}


@pytest.mark.rules("107.1b", "107.3a")
@pytest.mark.parametrize("x,theirs", [(3, 2), (1, 0)])
def test_eiganjo_uprising_gives_each_opponent_one_fewer(extra_cards, x, theirs):
    extra_cards(EIGANJO_UPRISING, fully_read=True)
    g, ids = table(["Mountain", "Plains"] * 3, [], ["Eiganjo Uprising"])
    cast_and_resolve(g, ids["Eiganjo Uprising"], x=x)
    samurai = on_battlefield(g, "Samurai Token")
    assert sorted(g.state.objects[o].controller for o in samurai) == [0] * x + [1] * theirs


@pytest.mark.rules("601.2c", "107.3c")
def test_call_the_coppercoats_counts_the_target_opponents_creatures(extra_cards):
    extra_cards(CALL_THE_COPPERCOATS, fully_read=True)
    g, ids = table(["Plains"] * 3 + ["Grizzly Bears"], ["Serra Angel", "Hill Giant"], ["Call the Coppercoats"])
    cast_and_resolve(g, ids["Call the Coppercoats"], targets=(("P1",),))
    assert len(on_battlefield(g, "Human Soldier Token")) == 2
