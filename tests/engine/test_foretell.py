"""Foretell (702.143): during your turn, pay {2} and exile the card from your hand face down (a special
action, 116.2h); on a later turn cast it from exile for its foretell cost."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Foretell
from tests.engine.driving import advance, cast_and_settle, on_battlefield, table

DOOMSKAR = {"name": "Doomskar", "manaCost": "{3}{W}{W}", "type": "Sorcery", "types": ["Sorcery"], "subtypes": [],
            "text": "Destroy all creatures.\nForetell {1}{W}{W} (During your turn, you may pay {2} and exile this card "
            "from your hand face down. Cast it on a later turn for its foretell cost.)"}


@pytest.mark.rules("702.143a", "116.2h")
def test_foretell_then_cast_it_on_a_later_turn(extra_cards):
    extra_cards(DOOMSKAR)
    g, ids = table(["Plains"] * 3, ["Grizzly Bears"], hand_a=["Doomskar"])
    card = ids["Doomskar"]
    assert Foretell(0, card) in g.legal_actions()
    g.apply(Foretell(0, card))
    (exiled,) = g.state.exile
    assert g.state.objects[exiled].face_down and g.pending.player == 0        # still A's priority, no stack
    assert sum(g.state.objects[o].tapped for o in on_battlefield(g, "Plains")) == 2
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, exiled, alt="foretell"))       # not the turn it was foretold
    seen = g.snapshot(viewer=1)
    assert "Doomskar" not in str(seen.get("exile", ""))
    advance(g, Step.MAIN1, turn=5)
    assert any(isinstance(a, CastSpell) and a.card == exiled and a.alt == "foretell" for a in g.legal_actions())
    cast_and_settle(g, exiled, alt="foretell")
    assert not on_battlefield(g, "Grizzly Bears")
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Doomskar"]


@pytest.mark.rules("702.143a")
def test_foretell_only_during_your_turn(extra_cards):
    extra_cards(DOOMSKAR)
    g, ids = table(["Plains"] * 3, hand_a=["Doomskar"], turn=4, active=1)
    with pytest.raises(IllegalAction):
        g.apply(Foretell(0, ids["Doomskar"]))
    assert g.state.objects[ids["Doomskar"]].zone is Zone.HAND
