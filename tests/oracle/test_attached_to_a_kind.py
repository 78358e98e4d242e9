"""Descriptions by what a permanent is attached to (301.5, 303.4): "target Aura attached to a creature you control",
"each Aura you control that's attached to a creature" (what it is attached to, as it is now)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from tests.engine.driving import activate_and_resolve, table
from tests.oracle.conftest import record

SAGES_REVERIE = record("Sage's Reverie", "{3}{W}", "Enchantment — Aura",
                       "Enchant creature\nWhen Sage's Reverie enters the battlefield, draw a card for each Aura you "
                       "control that's attached to a creature.\nEnchanted creature gets +1/+1 for each Aura you "
                       "control that's attached to a creature.")
MIRACLE_WORKER = record("Miracle Worker", "{W}", "Creature — Human Cleric",
                        "{T}: Destroy target Aura attached to a creature you control.", "1/1")


@pytest.mark.rules("303.4", "115.1")
def test_miracle_worker_targets_only_an_aura_on_a_creature_you_control(extra_cards):
    extra_cards(MIRACLE_WORKER, fully_read=True)
    g, ids = table(["Miracle Worker", "Grizzly Bears", "Forest"], ["Hill Giant"])
    mine = g.add_card("Pacifism", 1, Zone.BATTLEFIELD)
    g.attach(mine, ids["Grizzly Bears"])
    theirs = g.add_card("Pacifism", 0, Zone.BATTLEFIELD)
    g.attach(theirs, ids["B:Hill Giant"])
    on_land = g.add_card("Wild Growth", 0, Zone.BATTLEFIELD)
    g.attach(on_land, ids["Forest"])
    for wrong in (theirs, on_land):
        with pytest.raises(IllegalAction):
            activate_and_resolve(g, ids["Miracle Worker"], targets=((wrong,),))
    activate_and_resolve(g, ids["Miracle Worker"], targets=((mine,),))
    assert mine not in g.state.battlefield


@pytest.mark.rules("303.4", "613.4c")
def test_sages_reverie_counts_your_auras_on_creatures(extra_cards):
    extra_cards(SAGES_REVERIE, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest"], ["Hill Giant"])
    reverie = g.add_card("Sage's Reverie", 0, Zone.BATTLEFIELD)
    g.attach(reverie, ids["Grizzly Bears"])
    g.attach(g.add_card("Holy Strength", 0, Zone.BATTLEFIELD), ids["B:Hill Giant"])
    g.attach(g.add_card("Wild Growth", 0, Zone.BATTLEFIELD), ids["Forest"])       # on a land: not counted
    g.attach(g.add_card("Holy Strength", 1, Zone.BATTLEFIELD), ids["Grizzly Bears"])   # B's Aura: not counted
    bears = g.characteristics(ids["Grizzly Bears"])
    assert (bears.power, bears.toughness) == (2 + 2 + 1, 2 + 2 + 2)     # two of A's Auras on creatures; Holy Strength
