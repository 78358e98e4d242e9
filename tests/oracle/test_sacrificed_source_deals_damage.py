"""A source that sacrifices itself and then deals damage: "sacrifice ~ and it deals 3 damage to target player or
planeswalker" ("it" is the source, 608.2h: as it last existed on the battlefield, 113.7a). Played with a real card."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

MOGG_BOMBERS = record("Mogg Bombers", "{3}{R}", "Creature — Goblin",
                      "When another creature enters the battlefield, sacrifice Mogg Bombers and it deals 3 damage to "
                      "target player or planeswalker.", "3/4")


@pytest.mark.rules("608.2h", "113.7a", "120.3")
def test_mogg_bombers_is_sacrificed_and_deals_the_damage(extra_cards):
    extra_cards(MOGG_BOMBERS, fully_read=True)
    g, ids = table(["Mogg Bombers", "Forest", "Forest"], [], ["Grizzly Bears"])
    events = g.apply(CastSpell(0, ids["Grizzly Bears"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        events += g.apply(Choose(d.player, ("P1",)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert ids["Mogg Bombers"] not in g.state.battlefield
    assert g.state.players[1].life == 17
    (hit,) = [e for e in events if e.kind == "damage"]
    assert hit.data["source"] == ids["Mogg Bombers"]           # the permanent, as it last existed
