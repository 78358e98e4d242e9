"""The permanents of the player a trigger's event names, found as the ability resolves: "Whenever ~ deals combat
damage to a player, it deals that much damage to each creature that player controls" (603.2, 120.3)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, attack, on_battlefield, table
from tests.oracle.conftest import record

BALEFIRE_DRAGON = record("Balefire Dragon", "{5}{R}{R}", "Creature — Dragon",
                         "Flying\nWhenever Balefire Dragon deals combat damage to a player, it deals that much damage "
                         "to each creature that player controls.", "6/6")
HELLKITE_TYRANT = record("Hellkite Tyrant", "{4}{R}{R}", "Creature — Dragon",
                         "Flying, trample\nWhenever Hellkite Tyrant deals combat damage to a player, gain control of "
                         "all artifacts that player controls.\nAt the beginning of your upkeep, if you control twenty "
                         "or more artifacts, you win the game.", "6/5")


@pytest.mark.rules("120.3", "603.2", "510.2")
def test_balefire_dragon_damages_each_creature_of_the_player_it_hit(extra_cards):
    extra_cards(BALEFIRE_DRAGON, fully_read=True)
    g, ids = table(["Balefire Dragon", "Grizzly Bears"], ["Craw Wurm", "Hill Giant"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Balefire Dragon"])
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 14
    assert not on_battlefield(g, "Craw Wurm") and not on_battlefield(g, "Hill Giant")
    assert g.state.objects[ids["Grizzly Bears"]].damage == 0


@pytest.mark.rules("603.2", "613.1b")
def test_hellkite_tyrant_takes_that_players_artifacts(extra_cards):
    extra_cards(HELLKITE_TYRANT, fully_read=True)
    g, ids = table(["Hellkite Tyrant", "Mind Stone"], ["Sol Ring", "Ornithopter", "Grizzly Bears"],
                   step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Hellkite Tyrant"])
    advance(g, Step.MAIN2)
    assert [g.state.objects[ids[n]].controller for n in ("B:Sol Ring", "B:Ornithopter", "B:Grizzly Bears")] == [0, 0, 1]
