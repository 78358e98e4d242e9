"""'Whenever ~ deals combat damage to one or more blocking creatures' (510.2, 603.2c): once in a combat damage step,
however many of the creatures blocking it it deals damage to; none when it deals its damage to a player only."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import AssignDamage, DeclareBlockers, PassPriority
from tests.engine.driving import attack, settle, table, until_blockers
from tests.oracle.conftest import record

ARASHIN_WAR_BEAST = record("Arashin War Beast", "{5}{G}{G}", "Creature — Beast",
                           "Whenever Arashin War Beast deals combat damage to one or more blocking creatures, manifest "
                           "the top card of your library. (Put it onto the battlefield face down as a 2/2 creature. Turn "
                           "it face up any time for its mana cost if it's a creature card.)", "6/6")


@pytest.mark.rules("510.2", "603.2c", "701.40a")
@pytest.mark.parametrize("blocked", [True, False])
def test_arashin_war_beast_manifests_once_for_its_blockers(extra_cards, blocked):
    extra_cards(ARASHIN_WAR_BEAST, fully_read=True)
    g, ids = table(["Arashin War Beast"], ["Grizzly Bears", "Savannah Lions"], step=Step.MAIN1)
    beast = ids["Arashin War Beast"]
    attack(g, beast)
    until_blockers(g)
    blockers = {ids["B:Grizzly Bears"]: (beast,), ids["B:Savannah Lions"]: (beast,)} if blocked else {}
    g.apply(DeclareBlockers(1, blockers))
    while g.state.step is not Step.END_OF_COMBAT and not g.state.stack:
        if g.pending.kind is DecisionKind.ASSIGN_DAMAGE:        # 510.1c: 2 to the Bears, 4 to the Lions
            g.apply(AssignDamage(0, {beast: {ids["B:Grizzly Bears"]: 2, ids["B:Savannah Lions"]: 4}}))
        else:
            g.apply(PassPriority(g.pending.player))
    settle(g)
    manifested = [o for o in g.state.battlefield if g.state.objects[o].face_down]
    assert len(manifested) == (1 if blocked else 0)
    assert g.state.players[1].life == (20 if blocked else 14)
    if blocked:
        assert ids["B:Grizzly Bears"] not in g.state.battlefield and ids["B:Savannah Lions"] not in g.state.battlefield
