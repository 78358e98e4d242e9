"""Additional costs with an X (601.2b, 601.2h, 107.3a): "As an additional cost to cast this spell, pay X life" /
"discard X cards [at random]": X is chosen as the spell is cast, no higher than the cost can be paid, and the
spell's effects read that X. Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

TOXIC_DELUGE = record("Toxic Deluge", "{2}{B}", "Sorcery", "As an additional cost to cast this spell, pay X life.\n"
                      "All creatures get -X/-X until end of turn.")
CHANNELED_FORCE = record("Channeled Force", "{2}{U}{R}", "Instant",
                         "As an additional cost to cast this spell, discard X cards.\nTarget player draws X cards. "
                         "Channeled Force deals X damage to up to one target creature or planeswalker.")
DEVASTATING_DREAMS = record("Devastating Dreams", "{R}{R}", "Sorcery",
                            "As an additional cost to cast this spell, discard X cards at random.\nEach player "
                            "sacrifices X lands. Devastating Dreams deals X damage to each creature.")


@pytest.mark.rules("601.2b", "119.4", "107.3a")
def test_pay_x_life(extra_cards):
    extra_cards(TOXIC_DELUGE, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Grizzly Bears"], ["Serra Angel"], hand_a=["Toxic Deluge"])
    cast_and_settle(g, ids["Toxic Deluge"], x=2)
    assert g.state.players[0].life == 18
    assert not on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Serra Angel")


@pytest.mark.rules("601.2b", "119.4")
def test_no_more_life_than_you_have(extra_cards):
    extra_cards(TOXIC_DELUGE, fully_read=True)
    g, ids = table(["Swamp"] * 3, life_a=5, hand_a=["Toxic Deluge"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Toxic Deluge"], x=6))
    assert {a.x for a in g.legal_actions() if isinstance(a, CastSpell)} <= set(range(6))


@pytest.mark.rules("601.2b", "601.2h", "107.3a")
def test_discard_x_cards(extra_cards):
    extra_cards(CHANNELED_FORCE, fully_read=True)
    g, ids = table(["Island", "Island", "Mountain", "Mountain"], ["Serra Angel"],
                   hand_a=["Channeled Force", "Shock", "Forest", "Plains"])
    angel = ids["B:Serra Angel"]
    with pytest.raises(IllegalAction):       # three other cards in hand
        g.clone().apply(CastSpell(0, ids["Channeled Force"], x=4, targets=(("P0",), (angel,))))
    cast_and_settle(g, ids["Channeled Force"], x=2, targets=(("P0",), (angel,)))
    hand = [g.state.objects[c].name for c in g.state.players[0].hand]
    assert len(hand) == 3 and len(g.state.players[0].graveyard) == 3     # two discarded, the spell; two drawn
    assert g.state.objects[angel].damage == 2


@pytest.mark.rules("601.2b", "601.2h", "701.9b")
def test_discard_x_cards_at_random(extra_cards):
    extra_cards(DEVASTATING_DREAMS, fully_read=True)
    g, ids = table(["Mountain"] * 3, ["Forest", "Grizzly Bears"], hand_a=["Devastating Dreams", "Shock", "Plains"])
    cast_and_settle(g, ids["Devastating Dreams"], x=2)
    assert not g.state.players[0].hand and len(g.state.players[0].graveyard) == 5     # two lands sacrificed
    assert not on_battlefield(g, "Forest") and not on_battlefield(g, "Grizzly Bears")
    assert len(on_battlefield(g, "Mountain")) == 1
