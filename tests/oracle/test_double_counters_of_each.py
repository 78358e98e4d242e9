"""Doubling the counters on several objects (701.10e): "Double the number of +1/+1 counters on each of them": each
gets as many more as it has itself. A real card, played."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

SOLIDARITY_OF_HEROES = record("Solidarity of Heroes", "{1}{G}", "Instant",
                              "Strive — This spell costs {1}{G} more to cast for each target beyond the first.\nChoose "
                              "any number of target creatures. Double the number of +1/+1 counters on each of them.")


@pytest.mark.rules("701.10e", "702.111a")
def test_each_of_them_doubles_its_own_counters(extra_cards):
    extra_cards(SOLIDARITY_OF_HEROES)
    assert not compile_card(SOLIDARITY_OF_HEROES).unsupported
    g, ids = table(["Forest"] * 4 + ["Grizzly Bears", "Llanowar Elves"], [], ["Solidarity of Heroes"])
    bears, elves = ids["Grizzly Bears"], ids["Llanowar Elves"]
    g.state.objects[bears].counters["+1/+1"] = 1
    g.state.objects[elves].counters["+1/+1"] = 2
    cast_and_resolve(g, ids["Solidarity of Heroes"], targets=((bears, elves),))
    assert (g.state.objects[bears].counters["+1/+1"], g.state.objects[elves].counters["+1/+1"]) == (2, 4)
