"""'Whenever you pay life' (119.4): life paid for a cost (a Phyrexian mana symbol paid with 2 life, 107.4f) is a
payment; life lost otherwise isn't. "That many" is the life paid."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, table
from tests.oracle.conftest import record

FONT_OF_AGONIES = record("Font of Agonies", "{B}", "Enchantment",
                         "Whenever you pay life, put that many blood counters on Font of Agonies.\n{1}{B}, Remove four "
                         "blood counters from Font of Agonies: Destroy target creature.")
GUT_SHOT = record("Gut Shot", "{R/P}", "Instant",
                  "({R/P} can be paid with either {R} or 2 life.)\nGut Shot deals 1 damage to any target.")


@pytest.mark.rules("119.4", "107.4f", "122.1")
def test_font_of_agonies_counts_the_life_paid_not_life_lost(extra_cards):
    extra_cards(FONT_OF_AGONIES, GUT_SHOT, fully_read=True)
    g, ids = table(["Font of Agonies", "Swamp", "Swamp"], ["Suntail Hawk"], hand_a=["Gut Shot", "Sign in Blood"])
    font = ids["Font of Agonies"]
    cast_and_resolve(g, ids["Gut Shot"], targets=((ids["B:Suntail Hawk"],),), pay=())      # {R/P} paid with 2 life
    assert g.state.players[0].life == 18 and ids["B:Suntail Hawk"] not in g.state.battlefield
    assert g.state.objects[font].counters == {"blood": 2}
    cast_and_resolve(g, ids["Sign in Blood"], targets=(("P0",),))         # 2 life lost, not paid
    assert g.state.players[0].life == 16
    assert g.state.objects[font].counters == {"blood": 2}
