"""608.2d: "Destroy all creatures of the creature type of your choice": the type is chosen as the spell resolves,
then the instruction acts on the creatures of that type (205.3m)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, preferring, settle, table
from tests.oracle.conftest import record

EXTINCTION = record("Extinction", "{4}{B}", "Sorcery", "Destroy all creatures of the creature type of your choice.")
WITCHS_VENGEANCE = record("Witch's Vengeance", "{1}{B}{B}", "Sorcery",
                          "Creatures of the creature type of your choice get -3/-3 until end of turn.")


@pytest.mark.rules("608.2d", "701.8a")
def test_extinction_destroys_every_creature_of_the_chosen_type(extra_cards):
    extra_cards(EXTINCTION, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears", "Llanowar Elves"], ["Grizzly Bears", "Hill Giant"],
                   hand_a=["Extinction"])
    g.apply(CastSpell(0, ids["Extinction"]))
    settle(g, preferring("Bear"))
    assert not on_battlefield(g, "Grizzly Bears")
    assert on_battlefield(g, "Llanowar Elves") and on_battlefield(g, "Hill Giant")


@pytest.mark.rules("608.2d", "611.2c")
def test_witchs_vengeance_shrinks_the_chosen_type(extra_cards):
    extra_cards(WITCHS_VENGEANCE, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Craw Wurm"], ["Hill Giant", "Grizzly Bears"], hand_a=["Witch's Vengeance"])
    g.apply(CastSpell(0, ids["Witch's Vengeance"]))
    settle(g, preferring("Wurm"))
    assert g.characteristics(ids["Craw Wurm"]).power == 3
    assert g.characteristics(ids["B:Hill Giant"]).power == 3
