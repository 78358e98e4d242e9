"""'Whenever ~ evolves' (702.100d): one or more +1/+1 counters put on it as its own evolve ability resolves; a
creature entering that doesn't make it evolve (702.100a: not greater in power or toughness) triggers nothing."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

RENEGADE_KRASIS = record("Renegade Krasis", "{1}{G}{G}", "Creature — Beast Mutant",
                         "Evolve (Whenever a creature enters the battlefield under your control, if that creature has "
                         "greater power or toughness than this creature, put a +1/+1 counter on this creature.)\n"
                         "Whenever Renegade Krasis evolves, put a +1/+1 counter on each other creature you control with "
                         "a +1/+1 counter on it.", "3/2")


@pytest.mark.rules("702.100a", "702.100d", "603.4")
@pytest.mark.parametrize("cast,evolved", [("Hill Giant", True), ("Savannah Lions", False)])
def test_renegade_krasis_evolving_grows_the_creatures_with_counters(extra_cards, cast, evolved):
    extra_cards(RENEGADE_KRASIS, fully_read=True)
    g, ids = table(["Renegade Krasis", "Grizzly Bears"] + ["Mountain"] * 4 + ["Plains"], hand_a=[cast])
    grown = g.add_card("Elite Vanguard", 0, Zone.BATTLEFIELD, counters={"+1/+1": 1})
    cast_and_resolve(g, ids[cast])
    krasis = ids["Renegade Krasis"]
    assert g.state.objects[krasis].counters.get("+1/+1", 0) == (1 if evolved else 0)
    assert g.state.objects[grown].counters["+1/+1"] == (2 if evolved else 1)
    assert not g.state.objects[ids["Grizzly Bears"]].counters      # no counter on it: not one of them
