"""Predefined tokens (111.10) and investigate (701.16a: create a Clue token)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table

THRABEN_INSPECTOR = {"name": "Thraben Inspector", "manaCost": "{W}", "type": "Creature — Human Soldier",
                     "types": ["Creature"], "subtypes": ["Human", "Soldier"],
                     "text": "When Thraben Inspector enters the battlefield, investigate.", "power": "1", "toughness": "2"}
STRIKE_IT_RICH = {"name": "Strike It Rich", "manaCost": "{R}", "type": "Sorcery", "types": ["Sorcery"],
                  "subtypes": [], "text": "Create a Treasure token.\nFlashback {2}{R}"}


@pytest.mark.rules("701.16a", "111.10f")
def test_investigate_creates_a_clue_that_draws(extra_cards):
    extra_cards(THRABEN_INSPECTOR)
    g, ids = table(["Plains", "Plains", "Plains"], hand_a=["Thraben Inspector"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Thraben Inspector"])
    (clue,) = on_battlefield(g, "Clue Token")
    ch = g.characteristics(clue)
    assert ch.types == {"Artifact"} and ch.subtypes == {"Clue"} and not ch.colors
    activate_and_resolve(g, clue, 0)
    assert on_battlefield(g, "Clue Token") == [] and len(g.state.players[0].hand) == 1


@pytest.mark.rules("111.10a")
def test_a_treasure_sacrifices_for_one_mana_of_any_color(extra_cards):
    extra_cards(STRIKE_IT_RICH)
    g, ids = table(["Mountain"], hand_a=["Strike It Rich"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Strike It Rich"])
    (treasure,) = on_battlefield(g, "Treasure Token")
    ab = g.characteristics(treasure).activated[0]
    assert ab.is_mana_ability and ab.cost.tap and ab.cost.sacrifice_self
