""""Lands you control are every basic land type in addition to their other types" (305.7 does not apply: 205.1b, the
old types stay), so each has the five basic lands' mana abilities (305.6). Compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

PRISMATIC_OMEN = record("Prismatic Omen", "{1}{G}", "Enchantment",
                        "Lands you control are every basic land type in addition to their other types.")


@pytest.mark.rules("205.1b", "305.6", "613.1d")
def test_prismatic_omen_lets_a_forest_tap_for_blue(extra_cards):
    extra_cards(PRISMATIC_OMEN)
    g, ids = table(["Prismatic Omen", "Forest"], ["Grizzly Bears", "Forest"], hand_a=["Unsummon"])
    forest = ids["Forest"]
    assert set(g.characteristics(forest).subtypes) == {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    assert set(g.characteristics(ids["B:Forest"]).subtypes) == {"Forest"}, "only its controller's lands"
    island = next(i for i, ab in enumerate(g.characteristics(forest).activated) if ab.text == "{T}: Add {U}.")
    g.apply(ActivateAbility(0, forest, island))          # a mana ability: no stack (605.3a)
    assert g.state.players[0].mana_pool["U"] == 1
    g.apply(CastSpell(0, ids["Unsummon"], targets=((ids["B:Grizzly Bears"],),)))
    resolve_stack(g)
    assert ids["B:Grizzly Bears"] not in g.state.battlefield
