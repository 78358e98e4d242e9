"""Triggers on a permanent entering under an opponent's control (603.2, 603.4): "that player" is that opponent, the
permanent's controller ("that player loses 2 life"), and "if that player had another land enter under their control
this turn" counts the lands that player had enter this turn, the one that triggered and another. Real cards' Oracle
text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import PlayLand
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

POLLUTED_BONDS = record("Polluted Bonds", "{3}{B}{B}", "Enchantment",
                        "Whenever a land enters the battlefield under an opponent's control, that player loses 2 life "
                        "and you gain 2 life.")
TUNNEL_IGNUS = record("Tunnel Ignus", "{1}{R}", "Creature — Elemental",
                      "Whenever a land enters the battlefield under an opponent's control, if that player had another "
                      "land enter the battlefield under their control this turn, Tunnel Ignus deals 3 damage to that "
                      "player.", "2/1")


@pytest.mark.rules("603.2", "119.3", "305.1")
def test_polluted_bonds_that_player_is_the_lands_controller(extra_cards):
    extra_cards(POLLUTED_BONDS, fully_read=True)
    g, ids = table(["Polluted Bonds"], [], [], hand_b=["Swamp"], active=1)
    g.apply(PlayLand(1, ids["B:Swamp"]))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (22, 18)


@pytest.mark.rules("603.4", "603.2", "120.3a")
def test_tunnel_ignus_on_the_second_land_of_a_turn(extra_cards):
    extra_cards(TUNNEL_IGNUS, fully_read=True)
    g, ids = table(["Tunnel Ignus"], [], [], active=1)
    first, second = (g.add_card("Swamp", 1, Zone.HAND) for _ in range(2))
    g.apply(PlayLand(1, first))
    resolve_stack(g)
    assert g.state.players[1].life == 20        # the first land of the turn
    g.state.players[1].lands_played = 0         # an additional land play (305.2)
    g.apply(PlayLand(1, second))
    resolve_stack(g)
    assert g.state.players[1].life == 17 and g.state.players[0].life == 20
