"""'Whenever an opponent searches their library' (701.23a): that player's search of their own library, noticed once
its choices are made; "that player" is the one who searched."""
from __future__ import annotations

import pytest

from engine.core.player_actions import ActivateAbility, PassPriority
from tests.engine.driving import settle, table
from tests.oracle.conftest import record

OB_NIXILIS_UNSHACKLED = record("Ob Nixilis, Unshackled", "{4}{B}{B}", "Legendary Creature — Demon",
                               "Flying, trample\nWhenever an opponent searches their library, that player sacrifices a "
                               "creature and loses 10 life.\nWhenever another creature dies, put a +1/+1 counter on Ob "
                               "Nixilis, Unshackled.", "4/4")


@pytest.mark.rules("701.23a", "603.2", "701.21a")
@pytest.mark.parametrize("searcher", [0, 1])
def test_ob_nixilis_punishes_an_opponents_search(extra_cards, searcher):
    extra_cards(OB_NIXILIS_UNSHACKLED, fully_read=True)
    g, ids = table(["Ob Nixilis, Unshackled", "Evolving Wilds", "Grizzly Bears"], ["Evolving Wilds", "Grizzly Bears"])
    wilds = ids["Evolving Wilds"] if searcher == 0 else ids["B:Evolving Wilds"]
    if searcher == 1:
        g.apply(PassPriority(0))        # B has priority, and activates theirs
    g.apply(ActivateAbility(searcher, wilds, 0))
    settle(g)       # a Plains found; the sacrifice's choice of creature is B's only one
    ob = ids["Ob Nixilis, Unshackled"]
    if searcher == 1:
        assert g.state.players[1].life == 10 and ids["B:Grizzly Bears"] not in g.state.battlefield
        assert g.state.objects[ob].counters == {"+1/+1": 1}     # the Bears died
    else:
        assert g.state.players[0].life == 20 and ids["Grizzly Bears"] in g.state.battlefield
        assert g.state.players[1].life == 20 and not g.state.objects[ob].counters
