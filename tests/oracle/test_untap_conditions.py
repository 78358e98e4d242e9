"""A permanent that doesn't untap during its controller's untap step while a condition holds (502.3, 611.3a):
"Land Cap doesn't untap during your untap step if it has a depletion counter on it"; the condition is read as
the untap step untaps the permanents."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from tests.engine.driving import advance, table
from tests.oracle.conftest import record

LAND_CAP = record("Land Cap", None, "Land",
                  "Land Cap doesn't untap during your untap step if it has a depletion counter on it.\n"
                  "At the beginning of your upkeep, remove a depletion counter from Land Cap.\n"
                  "{T}: Add {W} or {U}. Put a depletion counter on Land Cap.")


@pytest.mark.rules("502.3", "611.3a")
def test_stays_tapped_while_it_has_a_depletion_counter(extra_cards):
    extra_cards(LAND_CAP, fully_read=True)
    g, _ = table([])
    cap = g.add_card("Land Cap", 0, Zone.BATTLEFIELD, tapped=True, counters={"depletion": 1})
    advance(g, Step.MAIN1, turn=5)
    # Tapped through the untap step; its upkeep ability then removed the counter.
    assert g.state.objects[cap].tapped and not g.state.objects[cap].counters.get("depletion")
    advance(g, Step.MAIN1, turn=7)
    assert not g.state.objects[cap].tapped
