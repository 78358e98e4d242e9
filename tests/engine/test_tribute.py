"""Tribute (702.104): as the creature enters, an opponent chooses whether to put N +1/+1 counters on it;
"if tribute wasn't paid" reads that choice (702.104b)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

# A real card's Oracle text (Born of the Gods).
FANATIC_OF_XENAGOS = creature("Fanatic of Xenagos", "{1}{R}{G}", "Centaur Warrior", "Trample\nTribute 1 (As this "
                              "creature enters, an opponent of your choice may put a +1/+1 counter on it.)\nWhen "
                              "Fanatic of Xenagos enters, if tribute wasn't paid, it gets +1/+1 and gains haste until "
                              "end of turn.", "3/3")


@pytest.mark.rules("702.104a", "702.104b")
@pytest.mark.parametrize("pay", [True, False])
def test_tribute(extra_cards, pay):
    extra_cards(FANATIC_OF_XENAGOS)
    g, ids = table(["Mountain", "Forest", "Forest"], [], hand_a=["Fanatic of Xenagos"])
    g.apply(CastSpell(0, ids["Fanatic of Xenagos"]))
    asked = []

    def answer(d):
        if "tribute" in str(d.options[0]):
            asked.append(d.player)
            return (d.options[0 if pay else 1],)
        return tuple(d.options[:d.min or 1])
    settle(g, answer)
    assert asked == [1], "the opponent decides"
    (fanatic,) = on_battlefield(g, "Fanatic of Xenagos")
    ch = g.characteristics(fanatic)
    assert g.state.objects[fanatic].counters == ({"+1/+1": 1} if pay else {})
    assert (ch.power, ch.has("haste")) == ((4, False) if pay else (4, True))
