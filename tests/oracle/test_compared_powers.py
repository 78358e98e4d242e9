"""Two powers compared as the instruction is reached (608.2c): "Then if that creature's power is greater than ~'s
power, put another +1/+1 counter on ~". Played with a real card through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

YORVO = record("Yorvo, Lord of Garenbrig", "{G}{G}{G}", "Legendary Creature — Giant Noble",
               "Yorvo, Lord of Garenbrig enters the battlefield with four +1/+1 counters on it.\nWhenever another green "
               "creature enters the battlefield under your control, put a +1/+1 counter on Yorvo. Then if that "
               "creature's power is greater than Yorvo's power, put another +1/+1 counter on Yorvo.", "0/0")


@pytest.mark.rules("608.2c", "603.4", "122.1")
@pytest.mark.parametrize("creature,counters", [("Craw Wurm", 2), ("Grizzly Bears", 1)])
def test_yorvo_gets_another_counter_only_for_a_bigger_creature(extra_cards, creature, counters):
    extra_cards(YORVO, fully_read=True)
    g, ids = table(["Forest"] * 9, [], ["Yorvo, Lord of Garenbrig", creature])
    cast_and_settle(g, ids["Yorvo, Lord of Garenbrig"])
    (yorvo,) = on_battlefield(g, "Yorvo, Lord of Garenbrig")
    assert g.state.objects[yorvo].counters == {"+1/+1": 4}
    cast_and_settle(g, ids[creature])
    assert g.state.objects[yorvo].counters == {"+1/+1": 4 + counters}     # 5/5 after the first: the Wurm is 6/4


DRIZZT = record("Drizzt Do'Urden", "{3}{G}{W}", "Legendary Creature — Elf Ranger",
                "Double strike\nWhen Drizzt Do'Urden enters the battlefield, create Guenhwyvar, a legendary 4/1 green "
                "Cat creature token with trample.\nWhenever a creature dies, if it had power greater than Drizzt's "
                "power, put a number of +1/+1 counters on Drizzt equal to the difference.", "3/3")


@pytest.mark.rules("603.4", "603.10a", "608.2h")
def test_drizzt_grows_by_the_difference_in_power(extra_cards):
    extra_cards(DRIZZT, fully_read=True)
    g, ids = table(["Drizzt Do'Urden"] + ["Mountain"] * 7, ["Serra Angel", "Grizzly Bears"], ["Shock", "Blaze"])
    drizzt = ids["Drizzt Do'Urden"]
    cast_and_settle(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
    assert g.state.objects[drizzt].counters == {}                 # a 2/2: not greater than a 3/3
    cast_and_settle(g, ids["Blaze"], x=4, targets=((ids["B:Serra Angel"],),))
    assert ids["B:Serra Angel"] not in g.state.battlefield
    assert g.state.objects[drizzt].counters == {"+1/+1": 1}       # 4 against 3


GEOMETRIC_NEXUS = record("Geometric Nexus", "{2}", "Artifact",
                         "Whenever a player casts an instant or sorcery spell, put a number of charge counters on "
                         "Geometric Nexus equal to that spell's mana value.\n{6}, {T}, Remove all charge counters from "
                         "Geometric Nexus: Create a 0/0 green and blue Fractal creature token. Put X +1/+1 counters on "
                         "it, where X is the number of charge counters removed this way.")


@pytest.mark.rules("603.2", "122.1", "202.3")
def test_geometric_nexus_puts_as_many_counters_as_the_spells_mana_value(extra_cards):
    """ "put a number of charge counters on ~ equal to that spell's mana value": the words in that order too."""
    extra_cards(GEOMETRIC_NEXUS, fully_read=True)
    g, ids = table(["Geometric Nexus", "Island", "Island", "Island"], [], ["Divination"])
    cast_and_settle(g, ids["Divination"])
    assert g.state.objects[ids["Geometric Nexus"]].counters == {"charge": 3}
