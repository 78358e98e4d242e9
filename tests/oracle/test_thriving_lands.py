"""The Thriving lands: "As ~ enters, choose a color other than green" (614.12: a choice as it enters, among the
colors but that one) and "{T}: Add {G} or one mana of the chosen color" (a mana ability adding one of two, 605.1a,
106.1a). Compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, Choose, PlayLand
from engine.oracle import compile_card
from tests.engine.driving import table
from tests.oracle.conftest import record

THRIVING_GROVE = record("Thriving Grove", None, "Land",
                        "Thriving Grove enters the battlefield tapped.\nAs Thriving Grove enters the battlefield, "
                        "choose a color other than green.\n{T}: Add {G} or one mana of the chosen color.")


@pytest.mark.rules("614.12", "605.1a", "106.1a")
@pytest.mark.parametrize("pick, letter", [("G", "G"), ("U", "U")])
def test_thriving_grove_adds_green_or_the_color_chosen_as_it_entered(extra_cards, pick, letter):
    extra_cards(THRIVING_GROVE)
    g, ids = table(hand_a=["Thriving Grove"])
    grove = ids["Thriving Grove"]
    g.apply(PlayLand(0, grove))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0
    assert sorted(d.options) == ["black", "blue", "red", "white"]         # not green
    g.apply(Choose(0, ("blue",)))
    land = next(o for o in g.state.battlefield if g.characteristics(o).name == "Thriving Grove")
    assert g.state.objects[land].tapped
    g.state.objects[land].tapped = False
    g.apply(ActivateAbility(0, land, 0))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and sorted(d.options) == ["G", "U"]
    g.apply(Choose(0, (pick,)))
    assert g.state.players[0].mana_pool.get(letter, 0) == 1


def test_the_thriving_lands_are_read():
    assert compile_card(THRIVING_GROVE).unsupported == ()
