"""A spell that has split second only if it was kicked (702.61a, 702.33d): "If this spell was kicked, it has split
second." Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, PassPriority
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

MOLTEN_DISASTER = record("Molten Disaster", "{X}{R}{R}", "Sorcery",
                         "Kicker {R} (You may pay an additional {R} as you cast this spell.)\nIf this spell was kicked, "
                         "it has split second. (As long as this spell is on the stack, players can't cast spells or "
                         "activate abilities that aren't mana abilities.)\nMolten Disaster deals X damage to each "
                         "creature without flying and each player.")


@pytest.mark.rules("702.61a", "702.33d", "601.2")
@pytest.mark.parametrize("kicked", [True, False])
def test_molten_disaster_has_split_second_only_if_kicked(extra_cards, kicked):
    extra_cards(MOLTEN_DISASTER, fully_read=True)
    g, ids = table(["Mountain"] * 4, ["Mountain"], ["Molten Disaster"], hand_b=["Shock"])
    g.apply(CastSpell(0, ids["Molten Disaster"], x=1, kicked=kicked))
    g.apply(PassPriority(0))
    shock = CastSpell(1, ids["B:Shock"], targets=(("P0",),))
    if kicked:
        with pytest.raises(IllegalAction):
            g.apply(shock)
        assert shock not in g.legal_actions()
    else:
        g.apply(shock)
    resolve_stack(g)
    assert g.state.players[0].life == (19 if kicked else 17)
    assert g.state.players[1].life == 19
