"""A group by a name printed in the sentence (201.2): "If you lose the flip, destroy all permanents named Wirefly"
(the tokens the other result created, named so: 111.4). Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.rng import Rng
from tests.engine.driving import activate_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

WIREFLY_HIVE = record("Wirefly Hive", "{3}", "Artifact",
                      "{3}, {T}: Flip a coin. If you win the flip, create a 2/2 colorless Insect artifact creature token "
                      "with flying named Wirefly. If you lose the flip, destroy all permanents named Wirefly.")


@pytest.mark.rules("705.2", "201.2", "111.4", "701.8a")
def test_wirefly_hive_destroys_the_wireflies_when_it_loses(extra_cards):
    extra_cards(WIREFLY_HIVE, fully_read=True)
    outcomes = set()
    for seed in range(24):
        g, ids = table(["Wirefly Hive", "Grizzly Bears"] + ["Plains"] * 6)
        g.state.rng = Rng(seed)
        hive = ids["Wirefly Hive"]
        counts = []
        for _ in range(2):
            activate_and_resolve(g, hive, 0)
            g.state.writable(hive).tapped = False
            counts.append(len(on_battlefield(g, "Wirefly")))
        outcomes.add(tuple(counts))
        assert counts[1] in (0, counts[0] + 1)      # a win adds one; a loss destroys them all
        assert on_battlefield(g, "Grizzly Bears")   # only those named Wirefly
    assert (1, 0) in outcomes and (1, 2) in outcomes
