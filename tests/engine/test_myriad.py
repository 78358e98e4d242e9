"""Myriad (702.116): as it attacks, a token copy attacking each other opponent, exiled at end of combat. In a
two-player game there is no other opponent."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import DeclareAttackers
from tests.engine.test_keyword_combat import creature
from tests.engine.driving import pass_until, preferring, settle

# A real card's Oracle text (Commander 2015).
BANSHEE_OF_THE_DREAD_CHOIR = creature("Banshee of the Dread Choir", "{3}{B}{B}", "Spirit", "Flying\nMyriad (Whenever "
                                      "this creature attacks, for each opponent other than defending player, you may "
                                      "create a token that's a copy of it that's tapped and attacking that player or "
                                      "a planeswalker they control. Exile the tokens at end of combat.)\nWhenever "
                                      "Banshee of the Dread Choir deals combat damage to a player, that player discards "
                                      "a card.", "4/4")


def _game(names) -> tuple[Game, int]:
    g = Game.empty(names)
    for p in range(len(names)):
        for _ in range(5):
            g.add_card("Plains", p, Zone.LIBRARY)
        g.add_card("Plains", p, Zone.HAND)
    banshee = g.add_card("Banshee of the Dread Choir", 0, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.BEGINNING_OF_COMBAT)
    return g, banshee


@pytest.mark.rules("702.116a", "702.116b")
@pytest.mark.parametrize("names,tokens", [(("A", "B", "C"), 1), (("A", "B"), 0)])
def test_myriad(extra_cards, names, tokens):
    extra_cards(BANSHEE_OF_THE_DREAD_CHOIR)
    g, banshee = _game(names)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {banshee: "P1"}))
    settle(g, preferring("yes"))
    copies = [o for o in g.state.battlefield if g.state.objects[o].token]
    assert len(copies) == tokens
    if tokens:
        assert g.state.combat.attackers[copies[0]] == "P2" and g.state.objects[copies[0]].tapped
    while g.state.step is not Step.END_OF_COMBAT or g.state.stack:
        settle(g, lambda d: tuple(d.options[:d.min or 1]))
        if g.state.step is Step.MAIN2:
            break
        g.apply(g.legal_actions()[0])
    assert not [o for o in g.state.battlefield if g.state.objects[o].token], "exiled at end of combat"
