"""Proliferate (701.34a): the chosen permanents and players with counters get one more of each kind."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import table

GRIM_AFFLICTION = {"name": "Grim Affliction", "manaCost": "{2}{B}", "type": "Instant", "types": ["Instant"],
                   "subtypes": [], "text": "Put a -1/-1 counter on target creature, then proliferate."}


@pytest.mark.rules("701.34a", "122.1f")
def test_proliferate_adds_one_counter_of_each_kind_to_the_chosen(extra_cards):
    extra_cards(GRIM_AFFLICTION)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Grizzly Bears"], ["Hill Giant", "Ornithopter"],
                   hand_a=["Grim Affliction"], step=Step.MAIN1)
    bears, giant = ids["Grizzly Bears"], ids["B:Hill Giant"]
    g.state.objects[bears].counters["+1/+1"] = 1
    g.state.players[1].poison = 2
    g.apply(CastSpell(0, ids["Grim Affliction"], targets=(giant,)))
    asked = None
    while g.state.stack:
        if g.pending.kind is DecisionKind.PRIORITY:
            g.apply(PassPriority(g.pending.player))
        else:
            asked = set(g.pending.options)
            g.apply(Choose(0, (giant, "P1")))       # not its own Grizzly Bears
    assert asked == {giant, bears, "P1"}           # Ornithopter has no counter
    assert g.state.objects[giant].counters["-1/-1"] == 2
    assert g.state.objects[bears].counters["+1/+1"] == 1
    assert g.state.players[1].poison == 3
