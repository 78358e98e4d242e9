"""The player chosen as a permanent enters (614.12) named again by "that player" in the next sentence: "As ~ enters,
choose an opponent. ~ enters with a -1/-1 counter on it for each creature that player controls" (614.1c), counted as
it enters. Played with a real card through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_settle, table
from tests.oracle.conftest import record

CANKER_ABOMINATION = record("Canker Abomination", "{2}{B/G}{B/G}", "Creature — Treefolk Horror",
                            "As Canker Abomination enters the battlefield, choose an opponent. Canker Abomination "
                            "enters the battlefield with a -1/-1 counter on it for each creature that player "
                            "controls.", "6/6")


@pytest.mark.rules("614.12", "614.1c", "122.1")
def test_canker_abomination_counts_the_chosen_opponents_creatures(extra_cards):
    extra_cards(CANKER_ABOMINATION, fully_read=True)
    g, ids = table(["Forest"] * 4 + ["Grizzly Bears", "Llanowar Elves", "Giant Spider"], ["Serra Angel", "Hill Giant"],
                   ["Canker Abomination"])
    cast_and_settle(g, ids["Canker Abomination"])
    (canker,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Canker Abomination"]
    assert g.state.objects[canker].counters == {"-1/-1": 2}
    assert (g.characteristics(canker).power, g.characteristics(canker).toughness) == (4, 4)
