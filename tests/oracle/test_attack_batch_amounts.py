"""The number of creatures a batch attack trigger names (603.2c: one ability for the one event): "Whenever you attack
with one or more Zombies, draw that many cards, then discard that many cards. You gain that much life." Played with a
real card through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import attack, settle, table
from tests.oracle.conftest import record

VARINA = record("Varina, Lich Queen", "{1}{W}{U}{B}", "Legendary Creature — Zombie Wizard",
                "Whenever you attack with one or more Zombies, draw that many cards, then discard that many cards. You "
                "gain that much life.\n{2}, Exile two cards from your graveyard: Create a tapped 2/2 black Zombie "
                "creature token.", "4/4")


@pytest.mark.rules("603.2c", "508.1m")
def test_varina_gains_a_life_for_each_attacking_zombie(extra_cards):
    extra_cards(VARINA, fully_read=True)
    g, ids = table(["Varina, Lich Queen", "Gravedigger", "Grizzly Bears"], [], ["Shock"])
    hand = len(g.state.players[0].hand)
    attack(g, ids["Varina, Lich Queen"], ids["Gravedigger"], ids["Grizzly Bears"])
    settle(g)
    assert g.state.players[0].life == 20 + 2               # two Zombies attacked (not the Bears)
    assert len(g.state.players[0].hand) == hand            # drew two, discarded two
    assert len(g.state.players[0].graveyard) == 2
