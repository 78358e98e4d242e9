""""Target creature becomes the color or colors of your choice [until end of turn]": one or more colors chosen as
the effect resolves (608.2d), which replace its colors in layer 5 (105.2, 613.1e). Compiled from real cards and
played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import advance, table
from tests.oracle.conftest import record

QUICKCHANGE = record("Quickchange", "{1}{U}", "Instant",
                     "Target creature becomes the color or colors of your choice until end of turn.\nDraw a card.")
PRISMATIC_LACE = record("Prismatic Lace", "{U}", "Instant",
                        "Target permanent becomes the color or colors of your choice. (This effect lasts "
                        "indefinitely.)")


def _choose_colors(g, words):
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.data["choice"] == "colors" and (g.pending.min, g.pending.max) == (1, 5)
    g.apply(Choose(0, words))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("105.2", "613.1e", "608.2d")
def test_quickchange_makes_a_creature_the_chosen_colors_until_end_of_turn(extra_cards):
    extra_cards(QUICKCHANGE)
    g, ids = table(["Island", "Island"], ["Grizzly Bears"], hand_a=["Quickchange"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Quickchange"], targets=((bears,),)))
    _choose_colors(g, ["blue", "red"])
    assert set(g.characteristics(bears).colors) == {"U", "R"}
    assert len(g.state.players[0].hand) == 1
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(bears).colors) == {"G"}


@pytest.mark.rules("105.2", "611.2a")
def test_prismatic_lace_lasts_indefinitely(extra_cards):
    extra_cards(PRISMATIC_LACE)
    g, ids = table(["Island"], ["Grizzly Bears"], hand_a=["Prismatic Lace"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Prismatic Lace"], targets=((bears,),)))
    _choose_colors(g, ["white"])
    advance(g, Step.UPKEEP, turn=5)
    assert set(g.characteristics(bears).colors) == {"W"}
