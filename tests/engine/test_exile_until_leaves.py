"""'Exile target creature an opponent controls until ~ leaves the battlefield' (610.3): the card returns
under its owner's control when the source leaves (610.3a), and nothing is exiled if the source has already
left when the ability resolves (610.3c). Compiled from Banisher Priest's Oracle text."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import both_pass, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

BANISHER_PRIEST = record("Banisher Priest", "{1}{W}{W}", "Creature — Human Cleric",
                         "When Banisher Priest enters the battlefield, exile target creature an opponent controls "
                         "until Banisher Priest leaves the battlefield. (That creature returns under its owner's "
                         "control.)", "2/2")


def _priest_enters(g, ids):
    """Casts the Priest and lets it resolve: its trigger (one legal target) waits on the stack."""
    g.apply(CastSpell(0, ids["Banisher Priest"]))
    both_pass(g)
    if g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    assert len(g.state.stack) == 1 and on_battlefield(g, "Banisher Priest")


@pytest.mark.rules("610.3", "610.3a", "400.7")
def test_the_creature_returns_when_the_priest_leaves(extra_cards):
    extra_cards(BANISHER_PRIEST, fully_read=True)
    g, ids = table(["Plains", "Plains", "Plains", "Mountain"], ["Grizzly Bears"],
                   hand_a=["Banisher Priest", "Lightning Bolt"])
    _priest_enters(g, ids)
    resolve_stack(g)
    assert not on_battlefield(g, "Grizzly Bears")
    assert [g.state.objects[o].name for o in g.state.exile] == ["Grizzly Bears"]
    priest = on_battlefield(g, "Banisher Priest")[0]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((priest,),))
    bears = on_battlefield(g, "Grizzly Bears")
    assert bears and g.state.objects[bears[0]].controller == 1 and not g.state.exile


@pytest.mark.rules("610.3c")
def test_nothing_is_exiled_if_the_priest_left_first(extra_cards):
    extra_cards(BANISHER_PRIEST)
    g, ids = table(["Plains", "Plains", "Plains", "Mountain"], ["Grizzly Bears"],
                   hand_a=["Banisher Priest", "Lightning Bolt"])
    _priest_enters(g, ids)
    priest = on_battlefield(g, "Banisher Priest")[0]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((priest,),))
    assert on_battlefield(g, "Grizzly Bears") and not g.state.exile
