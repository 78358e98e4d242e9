"""One object and each other permanent related to it, played with real cards: "target creature and each other creature
that shares a color with it" (radiance, 105.2), "target nonland permanent and all other permanents with the same name
as that permanent", "~ and each other creature with the same name as it" (201.2). The others are found as the spell
or ability resolves, from the target (or source) as it is then."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import activate_and_resolve, cast_and_resolve, table
from tests.oracle.conftest import record

WOJEK_SIREN = record("Wojek Siren", "{W}", "Instant",
                     "Radiance — Target creature and each other creature that shares a color with it get +1/+1 until "
                     "end of turn.")
RALLY_THE_RIGHTEOUS = record("Rally the Righteous", "{1}{R}{W}", "Instant",
                             "Radiance — Untap target creature and each other creature that shares a color with it. Those "
                             "creatures get +2/+0 until end of turn.")
MAELSTROM_PULSE = record("Maelstrom Pulse", "{1}{B}{G}", "Sorcery",
                         "Destroy target nonland permanent and all other permanents with the same name as that permanent.")
HOMING_LIGHTNING = record("Homing Lightning", "{2}{R}{R}", "Instant",
                          "Homing Lightning deals 4 damage to target creature and each other creature with the same name "
                          "as that creature.")
CYLIAN_SUNSINGER = record("Cylian Sunsinger", "{1}{G}", "Creature — Elf Shaman",
                          "{R}{G}{W}: Cylian Sunsinger and each other creature with the same name as it get +3/+3 until "
                          "end of turn.", "2/2")


def _power(g, oid: int) -> int:
    return g.characteristics(oid).power


@pytest.mark.rules("105.2", "608.2c")
def test_wojek_siren_pumps_the_target_and_every_creature_sharing_a_color(extra_cards):
    extra_cards(WOJEK_SIREN, fully_read=True)
    g, ids = table(["Plains", "Grizzly Bears", "Silvercoat Lion"], ["Llanowar Elves", "Serra Angel"], ["Wojek Siren"])
    cast_and_resolve(g, ids["Wojek Siren"], targets=((ids["Grizzly Bears"],),))
    assert _power(g, ids["Grizzly Bears"]) == 3 and _power(g, ids["B:Llanowar Elves"]) == 2      # green, either side
    assert _power(g, ids["Silvercoat Lion"]) == 2 and _power(g, ids["B:Serra Angel"]) == 4      # white


@pytest.mark.rules("105.2", "608.2c", "701.26b")
def test_rally_the_righteous_untaps_and_pumps_those_creatures(extra_cards):
    extra_cards(RALLY_THE_RIGHTEOUS, fully_read=True)
    g, ids = table(["Mountain", "Plains", "Plains", "Silvercoat Lion", "Serra Angel", "Grizzly Bears"], [],
                   ["Rally the Righteous"])
    lion, angel, bears = ids["Silvercoat Lion"], ids["Serra Angel"], ids["Grizzly Bears"]
    for oid in (lion, angel, bears):
        g.state.objects[oid].tapped = True
    cast_and_resolve(g, ids["Rally the Righteous"], targets=((lion,),))
    assert not g.state.objects[lion].tapped and not g.state.objects[angel].tapped and g.state.objects[bears].tapped
    assert (_power(g, lion), _power(g, angel), _power(g, bears)) == (4, 6, 2)


@pytest.mark.rules("201.2", "701.8a")
def test_maelstrom_pulse_destroys_every_permanent_with_the_targets_name(extra_cards):
    extra_cards(MAELSTROM_PULSE, fully_read=True)
    g, ids = table(["Swamp", "Forest", "Forest", "Grizzly Bears"], ["Serra Angel"], ["Maelstrom Pulse"])
    other_bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Maelstrom Pulse"], targets=((other_bears,),))
    assert ids["Grizzly Bears"] not in g.state.battlefield and other_bears not in g.state.battlefield
    assert ids["B:Serra Angel"] in g.state.battlefield


@pytest.mark.rules("201.2", "120.3")
def test_homing_lightning_deals_its_damage_to_each_creature_of_that_name(extra_cards):
    extra_cards(HOMING_LIGHTNING, fully_read=True)
    g, ids = table(["Mountain"] * 4, ["Serra Angel", "Grizzly Bears"], ["Homing Lightning"])
    second_angel = g.add_card("Serra Angel", 1, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Homing Lightning"], targets=((ids["B:Serra Angel"],),))
    assert ids["B:Serra Angel"] not in g.state.battlefield and second_angel not in g.state.battlefield
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 0


@pytest.mark.rules("201.2", "611.2c")
def test_cylian_sunsinger_pumps_itself_and_each_creature_named_like_it(extra_cards):
    extra_cards(CYLIAN_SUNSINGER, fully_read=True)
    g, ids = table(["Cylian Sunsinger", "Grizzly Bears", "Mountain", "Forest", "Plains"], ["Cylian Sunsinger"])
    activate_and_resolve(g, ids["Cylian Sunsinger"], 0)
    assert (_power(g, ids["Cylian Sunsinger"]), _power(g, ids["B:Cylian Sunsinger"])) == (5, 5)
    assert _power(g, ids["Grizzly Bears"]) == 2
