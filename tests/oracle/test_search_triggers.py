"""Triggers on what a player does: 'Whenever an opponent searches their library' (701.23a: that player's search of
their own library, noticed once its choices are made; "that player" is the one who searched); 'Whenever you play a
card' (a land played, 305.1, or a spell cast, 601.2i)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import ActivateAbility, PassPriority, PlayLand
from tests.engine.driving import cast_and_resolve, settle, table
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


NULL_PROFUSION = record("Null Profusion", "{4}{B}{B}", "Enchantment",
                        "Skip your draw step.\nWhenever you play a card, draw a card.\nYour maximum hand size is two.")


@pytest.mark.rules("305.1", "601.2i", "603.2")
def test_null_profusion_draws_for_a_land_played_and_a_spell_cast(extra_cards):
    extra_cards(NULL_PROFUSION, fully_read=True)
    g, ids = table(["Null Profusion", "Forest"], ["Null Profusion"], hand_a=["Forest", "Grizzly Bears"])
    hand = len(g.state.players[0].hand)
    g.apply(PlayLand(0, ids["Forest"]))
    settle(g)
    assert len(g.state.players[0].hand) == hand           # the land left the hand, a card drawn
    cast_and_resolve(g, ids["Grizzly Bears"])
    assert len(g.state.players[0].hand) == hand           # the Bears left, a card drawn
    assert len(g.state.players[1].hand) == 0               # B's Null Profusion: "you" is its controller
