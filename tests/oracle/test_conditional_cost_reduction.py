"""A spell's own conditional cost reduction (601.2f): "This spell costs {3} less to cast if you control a Giant"
(Squash), checked as the total cost is determined."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from engine.oracle import compile_card
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

SQUASH = record("Squash", "{4}{R}", "Instant", "This spell costs {3} less to cast if you control a Giant.\n"
                "Squash deals 6 damage to target creature or planeswalker.")
AVATAR_OF_HOPE = record("Avatar of Hope", "{6}{W}{W}", "Creature — Avatar",
                        "If you have 3 or less life, this spell costs {6} less to cast.\nFlying\n"
                        "Avatar of Hope can block any number of creatures.", "4/9")


@pytest.mark.rules("601.2f")
def test_costs_less_if_you_control_a_giant(extra_cards):
    assert not compile_card(SQUASH).unsupported
    extra_cards(SQUASH)
    g, ids = table(["Mountain", "Mountain"], ["Serra Angel"], hand_a=["Squash"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Squash"], targets=((ids["B:Serra Angel"],),)))
    g, ids = table(["Mountain", "Mountain", "Hill Giant"], ["Serra Angel"], hand_a=["Squash"])
    g.apply(CastSpell(0, ids["Squash"], targets=((ids["B:Serra Angel"],),)))
    resolve_stack(g)
    assert ids["B:Serra Angel"] not in g.state.battlefield


@pytest.mark.rules("601.2f")
def test_costs_less_if_you_have_3_or_less_life(extra_cards):
    assert not compile_card(AVATAR_OF_HOPE).unsupported
    extra_cards(AVATAR_OF_HOPE)
    g, ids = table(["Plains", "Plains"], hand_a=["Avatar of Hope"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Avatar of Hope"]))
    g, ids = table(["Plains", "Plains"], hand_a=["Avatar of Hope"], life_a=3)
    g.apply(CastSpell(0, ids["Avatar of Hope"]))
    resolve_stack(g)
    assert on_battlefield(g, "Avatar of Hope")
