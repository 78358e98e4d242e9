"""Crew (702.122): tapping untapped creatures with total power N or more (summoning sick ones too) makes
the Vehicle an artifact creature until end of turn."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, Choose
from tests.engine.driving import advance, settle, table

CONSULATE_DREADNOUGHT = {"name": "Consulate Dreadnought", "manaCost": "{1}", "type": "Artifact — Vehicle",
                         "types": ["Artifact"], "subtypes": ["Vehicle"], "power": "7", "toughness": "11",
                         "text": "Crew 6 (Tap any number of creatures you control with total power 6 or more: This "
                         "Vehicle becomes an artifact creature until end of turn.)"}


@pytest.mark.rules("702.122a", "702.122b", "701.2a")
def test_crew_with_enough_power_until_end_of_turn(extra_cards):
    extra_cards(CONSULATE_DREADNOUGHT)
    g, ids = table(["Consulate Dreadnought", "Hill Giant", "Grizzly Bears"])
    ship = ids["Consulate Dreadnought"]
    sick = g.add_card("Hill Giant", 0, Zone.BATTLEFIELD, sick=True)
    assert not g.characteristics(ship).is_creature
    g.apply(ActivateAbility(0, ship, 0))
    with pytest.raises(IllegalAction):
        g.apply(Choose(0, (ids["Hill Giant"], ids["Grizzly Bears"])))      # total power 5
    g.apply(Choose(0, (ids["Hill Giant"], sick)))
    settle(g)
    assert g.characteristics(ship).is_creature and g.characteristics(ship).is_type("Artifact")
    assert g.state.objects[ids["Hill Giant"]].tapped and g.state.objects[sick].tapped
    assert not g.state.objects[ids["Grizzly Bears"]].tapped
    advance(g, Step.UPKEEP, turn=4)
    assert not g.characteristics(ship).is_creature


@pytest.mark.rules("702.122a")
def test_crew_needs_enough_total_power(extra_cards):
    extra_cards(CONSULATE_DREADNOUGHT)
    g, ids = table(["Consulate Dreadnought", "Grizzly Bears"])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Consulate Dreadnought"], 0))
    assert not any(isinstance(a, ActivateAbility) for a in g.legal_actions())
