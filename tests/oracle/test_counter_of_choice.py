"""A counter of a kind chosen among several (122.1, 122.1b: keyword counters give their keyword, 613.1f): "For each of
them, put your choice of a vigilance counter, a reach counter, or a trample counter on it" (one choice for each token,
made as the spell resolves, 608.2d). Played with a real card through the engine."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

INVOKE_THE_ANCIENTS = record("Invoke the Ancients", "{1}{G}{G}{G}{G}", "Sorcery",
                             "Create two 4/5 green Spirit creature tokens. For each of them, put your choice of a "
                             "vigilance counter, a reach counter, or a trample counter on it.")


@pytest.mark.rules("122.1b", "608.2d", "613.1f")
def test_invoke_the_ancients_gives_each_spirit_a_counter_of_its_own_choice(extra_cards):
    extra_cards(INVOKE_THE_ANCIENTS, fully_read=True)
    g, ids = table(["Forest"] * 6, [], ["Invoke the Ancients"])
    picks = iter(["trample", "reach"])
    asked = []

    def answer(d):
        asked.append(tuple(d.options))
        return (next(picks),)
    cast_and_settle(g, ids["Invoke the Ancients"], answer=answer)
    assert asked == [("vigilance", "reach", "trample")] * 2
    spirits = on_battlefield(g, "Spirit Token")
    assert sorted(tuple(g.state.objects[s].counters.items()) for s in spirits) == [(("reach", 1),), (("trample", 1),)]
    for s in spirits:
        (kind,) = g.state.objects[s].counters
        assert any(k.name == kind for k in g.characteristics(s).keywords)
