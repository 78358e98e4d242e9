"""Instructions about a player's commander (903): "Put your commander into your hand from the command zone"
(Netherborn Altar, Road of Return), compiled from real cards and played in a Commander game."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, table
from tests.oracle.conftest import record

NETHERBORN_ALTAR = record("Netherborn Altar", "{1}{B}", "Artifact",
                          "{T}, Put a soul counter on Netherborn Altar: Put your commander into your hand from the "
                          "command zone. Then you lose 3 life for each soul counter on Netherborn Altar.")


@pytest.mark.rules("903.3", "903.6")
def test_netherborn_altar_puts_its_controllers_commander_into_their_hand(extra_cards):
    extra_cards(NETHERBORN_ALTAR, fully_read=True)
    g, ids = table(["Netherborn Altar"], life_a=40)
    mine = g.add_card("Grizzly Bears", 0, Zone.COMMAND)
    theirs = g.add_card("Hill Giant", 1, Zone.COMMAND)
    g.designate_commander(mine, 0)
    g.designate_commander(theirs, 1)
    activate_and_resolve(g, ids["Netherborn Altar"])
    a = g.state.players[0]
    assert [g.state.objects[o].name for o in a.hand] == ["Grizzly Bears"]
    assert [g.state.objects[o].name for o in g.state.command] == ["Hill Giant"]        # only its own
    assert a.life == 37


@pytest.mark.rules("903.3", "702.124")
def test_with_two_commanders_in_the_command_zone_its_owner_chooses_one(extra_cards):
    extra_cards(NETHERBORN_ALTAR, fully_read=True)
    g, ids = table(["Netherborn Altar"], life_a=40)
    first, second = g.add_card("Grizzly Bears", 0, Zone.COMMAND), g.add_card("Hill Giant", 0, Zone.COMMAND)
    g.designate_commander(first, 0)
    g.designate_commander(second, 0)
    g.apply(ActivateAbility(0, ids["Netherborn Altar"], 0))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 0 and set(d.options) == {first, second} and (d.min, d.max) == (1, 1)
    g.apply(Choose(0, (second,)))
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Hill Giant"]
    assert [g.state.objects[o].name for o in g.state.command] == ["Grizzly Bears"]
