"""A keyword action done by the player an earlier instruction named: "Destroy target creature or planeswalker. Its
controller investigates." (701.16a: that player creates the Clue; its controller as the permanent last existed,
608.2h). A real card, played."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

FATEFUL_ABSENCE = record("Fateful Absence", "{1}{W}", "Instant",
                         "Destroy target creature or planeswalker. Its controller investigates. (They create a colorless "
                         "Clue artifact token with \"{2}, Sacrifice this artifact: Draw a card.\")")


@pytest.mark.rules("701.16a", "608.2h", "111.10f")
def test_fateful_absence_gives_the_destroyed_creatures_controller_a_clue(extra_cards):
    extra_cards(FATEFUL_ABSENCE, fully_read=True)
    g, ids = table(["Plains", "Plains"], ["Serra Angel"], ["Fateful Absence"])
    cast_and_resolve(g, ids["Fateful Absence"], targets=((ids["B:Serra Angel"],),))
    assert ids["B:Serra Angel"] not in g.state.battlefield
    clues = [o for o in g.state.battlefield if "Clue" in g.characteristics(o).subtypes]
    assert len(clues) == 1 and g.state.objects[clues[0]].controller == 1
