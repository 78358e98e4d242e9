"""A counter named like a keyword that is no keyword counter (122.1, 122.1b: "a training counter" gives nothing, it is
only counted and named). Played with a real card through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import activate_and_resolve, advance, table
from tests.oracle.conftest import record

SENSEI_GOLDEN_TAIL = record("Sensei Golden-Tail", "{1}{W}", "Legendary Creature — Fox Samurai",
                            "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of "
                            "turn.)\n{1}{W}, {T}: Put a training counter on target creature. That creature gains bushido "
                            "1 and becomes a Samurai in addition to its other creature types. Activate only as a "
                            "sorcery.", "2/1")


@pytest.mark.rules("122.1", "122.1b", "702.45a")
def test_sensei_golden_tail_puts_a_training_counter(extra_cards):
    extra_cards(SENSEI_GOLDEN_TAIL, fully_read=True)
    g, ids = table(["Sensei Golden-Tail", "Plains", "Plains", "Grizzly Bears"])
    bears = ids["Grizzly Bears"]
    activate_and_resolve(g, ids["Sensei Golden-Tail"], targets=((bears,),))
    assert g.state.objects[bears].counters == {"training": 1}
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(bears)
    assert "Samurai" in ch.subtypes and any(k.name == "bushido" for k in ch.keywords)
