"""Cast triggers qualified by the spell's power (603.2, 208.1): "Whenever you cast a creature spell with power 4, 5, or
6" (one of those powers) and "... with power 7 or greater, ~ deals 4 damage to each opponent and each creature and
planeswalker they control" ("they" are the opponents just named)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import settle, table
from tests.oracle.conftest import record

SARKHANS_UNSEALING = record("Sarkhan's Unsealing", "{3}{R}", "Enchantment",
                            "Whenever you cast a creature spell with power 4, 5, or 6, Sarkhan's Unsealing deals 4 "
                            "damage to any target.\nWhenever you cast a creature spell with power 7 or greater, Sarkhan's "
                            "Unsealing deals 4 damage to each opponent and each creature and planeswalker they control.")


@pytest.mark.rules("603.2", "208.1", "115.1")
@pytest.mark.parametrize("creature,hit", [("Craw Wurm", True), ("Juggernaut", True), ("Grizzly Bears", False)])
def test_power_four_five_or_six(extra_cards, creature, hit):
    """Craw Wurm (6) and Juggernaut (5) set it off, aimed at B; Grizzly Bears (2) doesn't."""
    extra_cards(SARKHANS_UNSEALING, fully_read=True)
    g, ids = table(["Sarkhan's Unsealing"] + ["Forest"] * 6, [], hand_a=[creature])
    g.apply(CastSpell(0, ids[creature]))
    settle(g, lambda d: ("P1",) if "P1" in d.options else tuple(d.options[:d.min or 1]))
    assert g.state.players[1].life == (16 if hit else 20)


@pytest.mark.rules("603.2", "208.1", "120.3")
def test_power_seven_or_greater_hits_each_opponent_and_their_creatures(extra_cards):
    """Darksteel Colossus (11/11): 4 damage to B and to B's Hill Giant, none to A's Hill Giant or A."""
    extra_cards(SARKHANS_UNSEALING, fully_read=True)
    g, ids = table(["Sarkhan's Unsealing", "Hill Giant"] + ["Forest"] * 11, ["Hill Giant"], hand_a=["Darksteel Colossus"])
    g.apply(CastSpell(0, ids["Darksteel Colossus"]))
    settle(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 16)
    assert ids["B:Hill Giant"] not in g.state.battlefield and ids["Hill Giant"] in g.state.battlefield
    assert g.state.objects[ids["Hill Giant"]].damage == 0
