""""Target creature becomes the color or colors of your choice [until end of turn]": one or more colors chosen as
the effect resolves (608.2d), which replace its colors in layer 5 (105.2, 613.1e). Compiled from real cards and
played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, table
from tests.oracle.conftest import record

QUICKCHANGE = record("Quickchange", "{1}{U}", "Instant",
                     "Target creature becomes the color or colors of your choice until end of turn.\nDraw a card.")
PRISMATIC_LACE = record("Prismatic Lace", "{U}", "Instant",
                        "Target permanent becomes the color or colors of your choice. (This effect lasts "
                        "indefinitely.)")

WILD_MONGREL = record("Wild Mongrel", "{1}{G}", "Creature — Dog",
                      "Discard a card: Wild Mongrel gets +1/+1 and becomes the color of your choice until end of turn.",
                      "2/2")
SCRAPBASKET = record("Scrapbasket", "{4}", "Artifact Creature — Scarecrow",
                     "{1}: Scrapbasket becomes all colors until end of turn.", "3/2")


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


@pytest.mark.rules("105.2", "613.1e", "608.2d")
def test_wild_mongrel_gets_bigger_and_becomes_one_color_of_your_choice(extra_cards):
    extra_cards(WILD_MONGREL)
    assert not compile_card(WILD_MONGREL).unsupported
    g, ids = table(["Wild Mongrel"], [], ["Shock"])
    mongrel = ids["Wild Mongrel"]
    g.apply(ActivateAbility(0, mongrel, 0))
    while g.pending.kind is not DecisionKind.CHOOSE or g.pending.data["choice"] != "colors":
        if g.pending.kind is DecisionKind.CHOOSE:      # the card to discard
            g.apply(Choose(0, (ids["Shock"],)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert (g.pending.min, g.pending.max) == (1, 1)           # one color, not "color or colors"
    g.apply(Choose(0, ("black",)))
    ch = g.characteristics(mongrel)
    assert (ch.power, ch.toughness, set(ch.colors)) == (3, 3, {"B"})
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(mongrel).colors) == {"G"}


@pytest.mark.rules("105.2", "613.1e")
def test_scrapbasket_becomes_all_colors_until_end_of_turn(extra_cards):
    extra_cards(SCRAPBASKET)
    assert not compile_card(SCRAPBASKET).unsupported
    g, ids = table(["Scrapbasket", "Plains"])
    activate_and_resolve(g, ids["Scrapbasket"], 0)
    assert set(g.characteristics(ids["Scrapbasket"]).colors) == {"W", "U", "B", "R", "G"}
    advance(g, Step.UPKEEP, turn=4)
    assert not g.characteristics(ids["Scrapbasket"]).colors
