"""Amplify (702.38): as it enters, reveal any number of cards from your hand sharing a creature type with it;
N +1/+1 counters for each."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

# A real card's Oracle text (Legions), and a test Beast.
GLOWERING_ROGON = creature("Glowering Rogon", "{5}{G}", "Beast", "Amplify 1 (As this creature enters, put a +1/+1 "
                             "counter on it for each Beast card you reveal in your hand.)", "4/4")
CANOPY_BEAST = creature("Canopy Beast Test", "{G}", "Beast", "", "1/1")


@pytest.mark.rules("702.38a")
def test_amplify_counts_the_revealed_cards(extra_cards):
    extra_cards(GLOWERING_ROGON, CANOPY_BEAST)
    g, ids = table(["Forest"] * 6, [], hand_a=["Glowering Rogon", "Canopy Beast Test", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Glowering Rogon"]))
    offered = []

    def answer(d):
        if d.data.get("choice") == "reveal":
            offered.extend(d.options)
            return tuple(d.options)
        return tuple(d.options[:d.min or 1])
    settle(g, answer)
    assert offered == [ids["Canopy Beast Test"]], "only cards sharing a creature type"
    (rogon,) = on_battlefield(g, "Glowering Rogon")
    assert g.state.objects[rogon].counters == {"+1/+1": 1}
    assert len(g.state.players[0].hand) == 2, "revealed cards stay in the hand"
