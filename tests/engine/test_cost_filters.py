"""Cost changes with a filter on whose spells (601.2f): "Artifact spells you cast cost {1} less to cast"
(Etherium Sculptor) reduces its controller's artifact spells only."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

ETHERIUM_SCULPTOR = record("Etherium Sculptor", "{1}{U}", "Artifact Creature — Vedalken Artificer",
                           "Artifact spells you cast cost {1} less to cast.", "1/2")


@pytest.mark.rules("601.2f")
def test_artifact_spells_you_cast_cost_less(extra_cards):
    extra_cards(ETHERIUM_SCULPTOR, fully_read=True)
    g, ids = table(["Etherium Sculptor", "Island"], ["Island"], hand_a=["Mind Stone"], hand_b=["Millstone"])
    cast_and_resolve(g, ids["Mind Stone"])
    assert on_battlefield(g, "Mind Stone")


@pytest.mark.rules("601.2f")
def test_an_opponents_artifact_spell_costs_the_same(extra_cards):
    extra_cards(ETHERIUM_SCULPTOR)
    g, ids = table(["Etherium Sculptor"], ["Island"], hand_b=["Millstone"], active=1)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Millstone"]))
    assert g.state.objects[ids["B:Millstone"]].zone is Zone.HAND
