"""Crew triggers (702.122b, 702.122d): "Whenever ~ crews a Vehicle" (it was tapped to pay a Vehicle's crew cost;
"that Vehicle" is the Vehicle) and "Whenever ~ becomes crewed" (a crew ability of ~ resolves)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import ActivateAbility
from engine.rules.combat import can_attack, static_flag
from tests.engine.driving import cast_and_resolve, settle, table
from tests.oracle.conftest import record

SPEEDWAY_FANATIC = record("Speedway Fanatic", "{1}{R}", "Creature — Human Pilot",
                          "Haste\nWhenever Speedway Fanatic crews a Vehicle, that Vehicle gains haste until end of "
                          "turn.", "2/1")
MOBILIZER_MECH = record("Mobilizer Mech", "{1}{U}", "Artifact — Vehicle",
                        "Flying\nWhenever Mobilizer Mech becomes crewed, up to one other target Vehicle you control "
                        "becomes an artifact creature until end of turn.\nCrew 3 (Tap any number of creatures you "
                        "control with total power 3 or more: This Vehicle becomes an artifact creature until end of "
                        "turn.)", "3/4")
FUNERAL_LONGBOAT = record("Funeral Longboat", "{2}", "Artifact — Vehicle",
                          "Vigilance\nCrew 1 (Tap any number of creatures you control with total power 1 or more: This "
                          "Vehicle becomes an artifact creature until end of turn.)", "3/3")


@pytest.mark.rules("702.122b", "603.2", "302.6")
@pytest.mark.parametrize("crew,haste", [("Speedway Fanatic", True), ("Grizzly Bears", False)])
def test_the_vehicle_the_fanatic_crews_gains_haste(extra_cards, crew, haste):
    extra_cards(SPEEDWAY_FANATIC, FUNERAL_LONGBOAT, fully_read=True)
    g, ids = table(["Speedway Fanatic", "Grizzly Bears", "Funeral Longboat"], [])
    boat, crewman = ids["Funeral Longboat"], ids[crew]
    g.apply(ActivateAbility(0, boat, 0))
    settle(g, lambda d: (crewman,) if crewman in d.options else tuple(d.options[:d.min or 1]))
    assert g.state.objects[crewman].tapped and g.characteristics(boat).is_creature
    assert g.characteristics(boat).has("haste") == haste


@pytest.mark.rules("702.122d", "603.2")
def test_mobilizer_mech_becoming_crewed_animates_another_vehicle(extra_cards):
    extra_cards(MOBILIZER_MECH, FUNERAL_LONGBOAT, fully_read=True)
    g, ids = table(["Mobilizer Mech", "Funeral Longboat", "Hill Giant"], [])
    mech, boat = ids["Mobilizer Mech"], ids["Funeral Longboat"]
    g.apply(ActivateAbility(0, mech, 0))
    settle(g, lambda d: (boat,) if boat in d.options else tuple(d.options[:d.min or 1]))
    assert g.state.objects[ids["Hill Giant"]].tapped
    assert g.characteristics(mech).is_creature and g.characteristics(boat).is_creature


REVOKE_PRIVILEGES = record("Revoke Privileges", "{2}{W}", "Enchantment — Aura",
                           "Enchant creature\nEnchanted creature can't attack, block, or crew Vehicles.")


@pytest.mark.rules("702.122a", "508.1c", "509.1b")
def test_enchanted_creature_cant_attack_block_or_crew_vehicles(extra_cards):
    extra_cards(REVOKE_PRIVILEGES, FUNERAL_LONGBOAT, fully_read=True)
    g, ids = table(["Grizzly Bears", "Suntail Hawk", "Funeral Longboat", "Plains", "Plains", "Plains"], [],
                   ["Revoke Privileges"])
    bears, hawk, boat = ids["Grizzly Bears"], ids["Suntail Hawk"], ids["Funeral Longboat"]
    cast_and_resolve(g, ids["Revoke Privileges"], targets=((bears,),))
    assert not can_attack(g, bears) and static_flag(g, bears, "cant_block")
    g.apply(ActivateAbility(0, boat, 0))
    assert g.pending.options == [hawk]                  # the Bears aren't offered to crew it
    settle(g, lambda d: (hawk,))
    assert g.state.objects[hawk].tapped and not g.state.objects[bears].tapped
    assert g.characteristics(boat).is_creature
