"""A dying creature's counters as it last existed (603.10a, 608.2h, 122.1): "if it had counters on it, create X ...
tokens, where X is the number of counters it had on it" (every kind). Real cards' Oracle text played through the Game
API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

FELISA = record("Felisa, Fang of Silverquill", "{2}{W}{B}", "Legendary Creature — Vampire Wizard",
                "Flying\nMentor (Whenever this creature attacks, put a +1/+1 counter on target attacking creature with "
                "lesser power.)\nWhenever a nontoken creature you control dies, if it had counters on it, create X "
                "tapped 2/1 white and black Inkling creature tokens with flying, where X is the number of counters it "
                "had on it.", "4/3")


@pytest.mark.rules("603.10a", "603.4", "122.1")
@pytest.mark.parametrize("counters,tokens", [({"+1/+1": 1, "charge": 1}, 2), ({}, 0)])
def test_felisa_counts_the_counters_the_creature_had(extra_cards, counters, tokens):
    extra_cards(FELISA, fully_read=True)
    g, ids = table(["Felisa, Fang of Silverquill", "Grizzly Bears", "Mountain"], [], ["Lightning Bolt"])
    bears = ids["Grizzly Bears"]
    g.state.writable(bears).counters.update(counters)
    g.state.invalidate()
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((bears,),))
    resolve_stack(g)
    assert bears not in g.state.battlefield
    inklings = on_battlefield(g, "Inkling Token")
    assert len(inklings) == tokens and all(g.state.objects[t].tapped for t in inklings)
