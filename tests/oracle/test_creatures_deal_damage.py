"""Creatures other than the source dealing damage equal to their power or toughness (120.3): to another target
creature the first one's controller controls (601.2c, 115.3), each of a group its own power, and two targets each to
the other. Played with real cards through the engine."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

MUTINY = record("Mutiny", "{R}", "Sorcery",
                "Target creature an opponent controls deals damage equal to its power to another target creature that "
                "player controls.")
BAND_TOGETHER = record("Band Together", "{2}{G}", "Instant",
                       "Up to two target creatures you control each deal damage equal to their power to another target "
                       "creature.")
GRIM_CONTEST = record("Grim Contest", "{1}{B}{G}", "Instant",
                      "Choose target creature you control and target creature an opponent controls. Each of those "
                      "creatures deals damage equal to its toughness to the other.")


@pytest.mark.rules("120.3", "601.2c", "115.3")
def test_mutiny_turns_an_opponents_creature_on_another_of_theirs(extra_cards):
    extra_cards(MUTINY, fully_read=True)
    g, ids = table(["Mountain", "Grizzly Bears"], ["Serra Angel", "Hill Giant"], ["Mutiny"])
    angel, giant = ids["B:Serra Angel"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.clone().apply(CastSpell(0, ids["Mutiny"], targets=((angel,), (ids["Grizzly Bears"],))))   # not that player's
    with pytest.raises(IllegalAction):
        g.clone().apply(CastSpell(0, ids["Mutiny"], targets=((angel,), (angel,))))                  # another creature
    cast_and_resolve(g, ids["Mutiny"], targets=((angel,), (giant,)))
    assert giant not in g.state.battlefield                     # 4 damage from the Angel
    assert g.state.objects[angel].damage == 0


@pytest.mark.rules("120.3", "115.3")
def test_band_together_each_creature_deals_its_own_power(extra_cards):
    extra_cards(BAND_TOGETHER, fully_read=True)
    g, ids = table(["Forest"] * 3 + ["Grizzly Bears", "Hill Giant"], ["Serra Angel", "Giant Spider"],
                   ["Band Together"])
    cast_and_resolve(g, ids["Band Together"], targets=((ids["Grizzly Bears"], ids["Hill Giant"]), (ids["B:Serra Angel"],)))
    assert ids["B:Serra Angel"] not in g.state.battlefield      # 2 + 3 damage to a 4/4


@pytest.mark.rules("120.3", "115.3")
def test_band_together_with_one_creature(extra_cards):
    extra_cards(BAND_TOGETHER, fully_read=True)
    g, ids = table(["Forest"] * 3 + ["Grizzly Bears"], ["Giant Spider"], ["Band Together"])
    cast_and_resolve(g, ids["Band Together"], targets=((ids["Grizzly Bears"],), (ids["B:Giant Spider"],)))
    assert g.state.objects[ids["B:Giant Spider"]].damage == 2


@pytest.mark.rules("120.3", "608.2c")
def test_grim_contest_each_deals_its_toughness_to_the_other(extra_cards):
    extra_cards(GRIM_CONTEST, fully_read=True)
    g, ids = table(["Swamp", "Forest", "Forest", "Giant Spider"], ["Hill Giant"], ["Grim Contest"])
    spider, giant = ids["Giant Spider"], ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Grim Contest"], targets=((spider,), (giant,)))
    assert giant not in g.state.battlefield                     # the Spider's toughness: 4
    assert g.state.objects[spider].damage == 3                  # the Giant's toughness: 3
