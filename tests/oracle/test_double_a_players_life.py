"""Doubling a player's life total other than "your" (701.10d): "double its controller's life total", the player
gaining as much life as they have. A real card, played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

CELESTIAL_MANTLE = record("Celestial Mantle", "{3}{W}{W}{W}", "Enchantment — Aura",
                          "Enchant creature\nEnchanted creature gets +3/+3.\nWhenever enchanted creature deals combat "
                          "damage to a player, double its controller's life total.")


@pytest.mark.rules("701.10d", "603.2")
def test_celestial_mantle_doubles_the_enchanted_creatures_controllers_life(extra_cards):
    extra_cards(CELESTIAL_MANTLE, fully_read=True)
    g, ids = table(["Plains"] * 6 + ["Grizzly Bears"], [], ["Celestial Mantle"], life_a=13)
    cast_and_resolve(g, ids["Celestial Mantle"], targets=((ids["Grizzly Bears"],),))
    attack(g, ids["Grizzly Bears"])
    advance(g, Step.COMBAT_DAMAGE)
    resolve_stack(g)
    assert g.state.players[1].life == 15
    assert g.state.players[0].life == 26
