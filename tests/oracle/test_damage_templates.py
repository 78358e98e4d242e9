"""Damage sentences (120.3) read through the damage grammar (engine.oracle.verbs), played with real cards' text."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

ROLLING_EARTHQUAKE = record("Rolling Earthquake", "{X}{R}", "Sorcery",
                            "Rolling Earthquake deals X damage to each creature without horsemanship and each player.")
HORSEMAN = record("Lu Bu, Master-at-Arms", "{5}{R}", "Legendary Creature — Human Soldier Warrior",
                  "Haste; horsemanship (This creature can't be blocked except by creatures with horsemanship.)", "4/3")


@pytest.mark.rules("120.3", "702.31a")
def test_rolling_earthquake_spares_creatures_with_horsemanship(extra_cards):
    extra_cards(ROLLING_EARTHQUAKE, fully_read=True)
    extra_cards(HORSEMAN)
    g, ids = table(["Mountain"] * 3, ["Grizzly Bears", "Lu Bu, Master-at-Arms"], hand_a=["Rolling Earthquake"])
    cast_and_resolve(g, ids["Rolling Earthquake"], x=2)
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
    assert g.state.objects[ids["B:Lu Bu, Master-at-Arms"]].damage == 0
    assert (g.state.players[0].life, g.state.players[1].life) == (18, 18)
