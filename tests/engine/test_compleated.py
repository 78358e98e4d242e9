"""Compleated (702.150a): a planeswalker whose Phyrexian mana its caster paid with life enters with two fewer
loyalty counters for each such symbol. Played with a real card."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

TAMIYO = record("Tamiyo, Compleated Sage", "{2}{G}{G/U/P}{U}", "Legendary Planeswalker — Tamiyo",
                "Compleated ({G/U/P} can be paid with {G}, {U}, or 2 life. If life was paid, this planeswalker enters "
                "with two fewer loyalty counters.)\n[+1]: Tap up to one target artifact or creature. It doesn't untap "
                "during its controller's next untap step.", loyalty="5")


@pytest.mark.rules("702.150a", "107.4f")
@pytest.mark.parametrize("lands, life, loyalty", [(4, 18, 3), (5, 20, 5)])
def test_compleated_enters_with_two_fewer_loyalty_for_the_life_paid(extra_cards, lands, life, loyalty):
    extra_cards(TAMIYO)
    g, ids = table(["Forest", "Forest", "Forest", "Island", "Island"], hand_a=["Tamiyo, Compleated Sage"])
    forests = [x for x in g.state.battlefield if g.characteristics(x).name == "Forest"]
    islands = [x for x in g.state.battlefield if g.characteristics(x).name == "Island"]
    pay = tuple(forests + islands)[:lands]      # four lands: {G/U/P} is paid with 2 life
    cast_and_resolve(g, ids["Tamiyo, Compleated Sage"], pay=pay)
    tamiyo = on_battlefield(g, "Tamiyo, Compleated Sage")[0]
    assert g.state.players[0].life == life
    assert g.state.objects[tamiyo].counters["loyalty"] == loyalty
