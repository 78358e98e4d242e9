"""608.2c: "If you can't sacrifice a creature, ..." and "If you don't sacrifice a Forest, ...": "If you can't" / "If you
don't" said with the instruction again, the one sacrifice of the ability before it; what the sentences between
said happens only if it was done. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import advance, first_options, on_battlefield, settle, table
from tests.oracle.conftest import record

XATHRID_DEMON = record("Xathrid Demon", "{3}{B}{B}{B}", "Creature — Demon",
                       "Flying, trample\nAt the beginning of your upkeep, sacrifice a creature other than Xathrid Demon, "
                       "then each opponent loses life equal to the sacrificed creature's power. If you can't sacrifice a "
                       "creature, tap Xathrid Demon and you lose 7 life.", "7/7")
GARGANTUAN_GORILLA = record("Gargantuan Gorilla", "{4}{G}{G}{G}", "Creature — Ape",
                            "At the beginning of your upkeep, you may sacrifice a Forest. If you sacrifice a snow "
                            "Forest this way, Gargantuan Gorilla gains trample until end of turn. If you don't sacrifice "
                            "a Forest, sacrifice Gargantuan Gorilla and it deals 7 damage to you.\n{T}: Gargantuan "
                            "Gorilla deals damage equal to its power to another target creature. That creature deals "
                            "damage equal to its power to Gargantuan Gorilla.", "7/7")


@pytest.mark.rules("608.2c", "701.21a", "119.3")
@pytest.mark.parametrize("other", [True, False])
def test_xathrid_demon_if_you_cant_sacrifice_a_creature(extra_cards, other):
    extra_cards(XATHRID_DEMON, fully_read=True)
    g, ids = table(["Xathrid Demon"] + (["Hill Giant"] if other else []), turn=2, active=1)
    advance(g, Step.UPKEEP, turn=3)
    settle(g)
    demon = ids["Xathrid Demon"]
    if other:
        assert not on_battlefield(g, "Hill Giant") and g.state.players[1].life == 17
        assert g.state.players[0].life == 20 and not g.state.objects[demon].tapped
    else:
        assert g.state.players[0].life == 13 and g.state.objects[demon].tapped
        assert g.state.players[1].life == 20


@pytest.mark.rules("608.2c", "701.21a", "120.3a")
@pytest.mark.parametrize("sacrifice", [True, False])
def test_gargantuan_gorilla_if_you_dont_sacrifice_a_forest(extra_cards, sacrifice):
    extra_cards(GARGANTUAN_GORILLA, fully_read=True)
    g, ids = table(["Gargantuan Gorilla", "Forest"], turn=2, active=1)
    advance(g, Step.UPKEEP, turn=3)
    settle(g, first_options if sacrifice else (lambda d: ("no",) if "no" in d.options else ()))
    gorilla = ids["Gargantuan Gorilla"]
    assert (gorilla in g.state.battlefield) == sacrifice
    assert bool(on_battlefield(g, "Forest")) != sacrifice
    assert g.state.players[0].life == (20 if sacrifice else 13)
    assert not (sacrifice and g.characteristics(gorilla).has("trample"))     # not a snow Forest
