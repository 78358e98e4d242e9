"""'If you would lose unspent mana, that mana becomes colorless instead' (500.4, 614.1a): the mana its controller's pool
would lose as a step ends stays, colorless. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import advance, table
from tests.oracle.conftest import record

KRUPHIX = record("Kruphix, God of Horizons", "{3}{G}{U}", "Legendary Enchantment Creature — God",
                 "Indestructible\nAs long as your devotion to green and blue is less than seven, Kruphix isn't a "
                 "creature.\nYou have no maximum hand size.\nIf you would lose unspent mana, that mana becomes colorless "
                 "instead.", "4/7")


@pytest.mark.rules("500.4", "614.1a")
def test_kruphix_keeps_unspent_mana_as_colorless(extra_cards):
    extra_cards(KRUPHIX, fully_read=True)
    g, ids = table(["Kruphix, God of Horizons", "Forest", "Island"], ["Forest"])
    g.apply(ActivateAbility(0, ids["Forest"], 0))
    g.apply(ActivateAbility(0, ids["Island"], 0))
    advance(g, Step.BEGINNING_OF_COMBAT)
    assert {c: n for c, n in g.state.players[0].mana_pool.items() if n} == {"C": 2}
    assert not g.characteristics(ids["Kruphix, God of Horizons"]).is_creature
    advance(g, Step.MAIN1, turn=4)
    b_forest = ids["B:Forest"]
    g.apply(ActivateAbility(1, b_forest, 0))
    advance(g, Step.BEGINNING_OF_COMBAT, turn=4)
    assert {c: n for c, n in g.state.players[1].mana_pool.items() if n} == {}      # its controller's pool only
    assert {c: n for c, n in g.state.players[0].mana_pool.items() if n} == {"C": 2}
