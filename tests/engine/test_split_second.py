"""Split second (702.61): while the spell is on the stack no other spell can be cast and no ability that
isn't a mana ability activated; mana abilities and special actions stay possible (702.61b)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority
from tests.engine.driving import on_battlefield, settle, table

SUDDEN_SHOCK = {"name": "Sudden Shock", "manaCost": "{1}{R}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                "text": "Split second (As long as this spell is on the stack, players can't cast spells or activate "
                "abilities that aren't mana abilities.)\nSudden Shock deals 2 damage to any target."}


@pytest.mark.rules("702.61a", "702.61b")
def test_no_response_to_a_split_second_spell(extra_cards):
    extra_cards(SUDDEN_SHOCK)
    g, ids = table(["Mountain", "Mountain"], ["Mountain", "Grizzly Bears"], hand_a=["Sudden Shock"])
    bolt = g.add_card("Lightning Bolt", 1, Zone.HAND)
    g.apply(CastSpell(0, ids["Sudden Shock"], targets=((ids["B:Grizzly Bears"],),)))
    g.apply(PassPriority(0))
    assert g.pending.player == 1 and g.legal_actions() == [PassPriority(1)]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, bolt, targets=(("P0",),)))
    g.apply(ActivateAbility(1, ids["B:Mountain"], 0))        # a mana ability is still allowed
    assert g.state.players[1].mana_pool["R"] == 1
    settle(g)
    assert not on_battlefield(g, "Grizzly Bears")
