"""Conditions about one object (608.2c, 603.4): "If it has a counter on it" (of any kind, 122.1) after an instruction
naming the target; "Whenever another permanent you control is turned face up, if it's a creature" (the permanent as it
is). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import TurnFaceUp
from tests.engine.driving import cast_and_resolve, resolve_stack, table
from tests.engine.test_morph import WOOLLY_LOXODON
from tests.oracle.conftest import record

REVELATION_OF_POWER = record("Revelation of Power", "{2}{W}", "Instant",
                             "Target creature gets +2/+2 until end of turn. If it has a counter on it, it also gains "
                             "flying and lifelink until end of turn.")
SALT_ROAD_AMBUSHERS = record("Salt Road Ambushers", "{5}{G}", "Creature — Dog Warrior",
                             "Whenever another permanent you control is turned face up, if it's a creature, put two "
                             "+1/+1 counters on it.\nMegamorph {3}{G}{G} (You may cast this card face down as a 2/2 "
                             "creature for {3}. Turn it face up any time for its megamorph cost and put a +1/+1 counter "
                             "on it.)", "3/3")


@pytest.mark.rules("608.2c", "122.1")
@pytest.mark.parametrize("counter,granted", [("-1/-1", True), ("", False)])
def test_revelation_of_power_if_it_has_a_counter_of_any_kind(extra_cards, counter, granted):
    extra_cards(REVELATION_OF_POWER, fully_read=True)
    g, ids = table(["Craw Wurm", "Plains", "Plains", "Plains"], [], ["Revelation of Power"])
    if counter:
        g.state.writable(ids["Craw Wurm"]).counters[counter] = 1
        g.state.invalidate()
    cast_and_resolve(g, ids["Revelation of Power"], targets=((ids["Craw Wurm"],),))
    ch = g.characteristics(ids["Craw Wurm"])
    assert ch.power == (7 if counter else 8)
    assert ch.has("flying") == granted and ch.has("lifelink") == granted


@pytest.mark.rules("603.4", "702.37e", "708.8")
def test_salt_road_ambushers_counters_on_a_creature_turned_face_up(extra_cards):
    extra_cards(SALT_ROAD_AMBUSHERS, WOOLLY_LOXODON, fully_read=True)
    g, ids = table(["Salt Road Ambushers"] + ["Forest"] * 6)
    lox = g.add_card("Woolly Loxodon", 0, Zone.BATTLEFIELD, face_down=True)
    g.apply(TurnFaceUp(0, lox))
    resolve_stack(g)
    assert g.state.objects[lox].counters.get("+1/+1") == 2
    assert g.characteristics(lox).power == 8
