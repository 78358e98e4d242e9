"""Replacement effects on a player's events written as static abilities (614.1a): "If you would draw a card,
draw two cards instead" (121.6), "If you would gain life, you gain twice that much life instead" (119.3).
Each played from a real card's wording."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

THOUGHT_REFLECTION = record("Thought Reflection", "{4}{U}{U}{U}", "Enchantment",
                            "If you would draw a card, draw two cards instead.")
BOON_REFLECTION = record("Boon Reflection", "{4}{W}", "Enchantment",
                         "If you would gain life, you gain twice that much life instead.")
REVITALIZE = record("Revitalize", "{1}{W}", "Instant", "You gain 3 life.\nDraw a card.")


@pytest.mark.rules("614.1a", "121.6", "119.3")
def test_draws_and_life_gain_doubled(extra_cards):
    extra_cards(THOUGHT_REFLECTION, BOON_REFLECTION, REVITALIZE)
    g, ids = table(["Plains", "Plains", "Thought Reflection", "Boon Reflection"], hand_a=["Revitalize"])
    library = len(g.state.players[0].library)
    g.apply(CastSpell(0, ids["Revitalize"]))
    resolve_stack(g)
    assert g.state.players[0].life == 26
    assert len(g.state.players[0].hand) == 2
    assert len(g.state.players[0].library) == library - 2


@pytest.mark.rules("614.1a", "616.1")
def test_two_doublers_each_apply_once(extra_cards):
    extra_cards(THOUGHT_REFLECTION, BOON_REFLECTION, REVITALIZE)
    g, ids = table(["Plains", "Plains", "Thought Reflection", "Boon Reflection"], ["Thought Reflection"],
                   hand_a=["Revitalize"])
    g.add_card("Boon Reflection", 0, g.state.objects[ids["Boon Reflection"]].zone)
    g.apply(CastSpell(0, ids["Revitalize"]))
    resolve_stack(g)
    assert g.state.players[0].life == 32                  # 3, doubled twice
    assert len(g.state.players[0].hand) == 2              # the opponent's Thought Reflection: not A's
