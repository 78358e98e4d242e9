"""Hexproof and shroud protect permanents and players (702.11b-c, 702.18a): a spell on the stack with
hexproof can still be the target of an opponent's spell."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, PassPriority
from tests.engine.driving import cast_and_resolve, table


@pytest.mark.rules("702.11b", "701.6a")
def test_a_hexproof_creature_spell_can_be_countered(extra_cards):
    extra_cards("Spined Megalodon")
    g, ids = table(["Island"] * 2, ["Island"] * 7, hand_b=["Spined Megalodon"], active=1)
    counterspell = g.add_card("Counterspell", 0, Zone.HAND)
    g.apply(CastSpell(1, ids["B:Spined Megalodon"]))
    g.apply(PassPriority(1))
    spell = g.state.stack[-1]
    cast_and_resolve(g, counterspell, targets=((spell,),))
    assert not g.state.stack and not [o for o in g.state.battlefield
                                      if g.characteristics(o).name == "Spined Megalodon"]
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Spined Megalodon"]


@pytest.mark.rules("702.11b")
def test_a_hexproof_permanent_cant_be_targeted_by_an_opponent(extra_cards):
    extra_cards("Spined Megalodon")
    g, ids = table(["Mountain"], ["Spined Megalodon"], hand_a=["Lightning Bolt"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["B:Spined Megalodon"],),)))
