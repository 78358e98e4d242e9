"""Predefined tokens (111.10) and investigate (701.16a: create a Clue token)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import on_battlefield, resolve_stack, table

THRABEN_INSPECTOR = {"name": "Thraben Inspector", "manaCost": "{W}", "type": "Creature — Human Soldier",
                     "types": ["Creature"], "subtypes": ["Human", "Soldier"],
                     "text": "When Thraben Inspector enters the battlefield, investigate.", "power": "1", "toughness": "2"}
STRIKE_IT_RICH = {"name": "Strike It Rich", "manaCost": "{R}", "type": "Sorcery", "types": ["Sorcery"],
                  "subtypes": [], "text": "Create a Treasure token.\nFlashback {2}{R}"}


@pytest.mark.rules("701.16a", "111.10f")
def test_investigate_creates_a_clue_that_draws(extra_cards):
    extra_cards(THRABEN_INSPECTOR)
    g, ids = table(["Plains", "Plains", "Plains"], hand_a=["Thraben Inspector"], step=Step.MAIN1)
    g.apply(CastSpell(0, ids["Thraben Inspector"]))
    resolve_stack(g)
    (clue,) = on_battlefield(g, "Clue Token")
    ch = g.characteristics(clue)
    assert ch.types == {"Artifact"} and ch.subtypes == {"Clue"} and not ch.colors
    g.apply(ActivateAbility(0, clue, 0))
    resolve_stack(g)
    assert on_battlefield(g, "Clue Token") == [] and len(g.state.players[0].hand) == 1


@pytest.mark.rules("111.10a")
def test_a_treasure_sacrifices_for_one_mana_of_any_color(extra_cards):
    extra_cards(STRIKE_IT_RICH)
    g, ids = table(["Mountain"], hand_a=["Strike It Rich"], step=Step.MAIN1)
    g.apply(CastSpell(0, ids["Strike It Rich"]))
    resolve_stack(g)
    (treasure,) = on_battlefield(g, "Treasure Token")
    ab = g.characteristics(treasure).activated[0]
    assert ab.is_mana_ability and ab.cost.tap and ab.cost.sacrifice_self
