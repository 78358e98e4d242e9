"""Instructions about a player's commander (903): "Put your commander into your hand from the command zone"
(Netherborn Altar, Road of Return), "copy it for each time you've cast your commander from the command zone this
game" (Empyrial Storm), compiled from real cards and played in a Commander game."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
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


@pytest.mark.rules("903.3", "702.124a")
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


EMPYRIAL_STORM = record("Empyrial Storm", "{4}{W}{W}", "Sorcery",
                        "When you cast this spell, copy it for each time you've cast your commander from the command "
                        "zone this game.\nCreate a 4/4 white Angel creature token with flying.")


@pytest.mark.rules("903.8", "707.10")
def test_empyrial_storm_is_copied_once_for_each_cast_of_its_casters_commander(extra_cards):
    extra_cards(EMPYRIAL_STORM, fully_read=True)
    g, ids = table(["Plains"] * 6, [], ["Empyrial Storm"], life_a=40)
    mine = g.add_card("Grizzly Bears", 0, Zone.COMMAND)
    theirs = g.add_card("Hill Giant", 1, Zone.COMMAND)
    g.designate_commander(mine, 0, casts=2)
    g.designate_commander(theirs, 1, casts=3)        # an opponent's casts don't count
    cast_and_resolve(g, ids["Empyrial Storm"])
    assert len(on_battlefield(g, "Angel Token")) == 3
