"""An additional cost 'reveal a <kind> card from your hand' (601.2b, 601.2h, 701.20a): another card of that kind,
chosen as costs are paid, is shown to every player and stays in the hand. Compiled from real cards' Oracle text and
played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import on_battlefield, table
from tests.oracle.conftest import record

SADISTIC_SKYMARCHER = record("Sadistic Skymarcher", "{2}{B}", "Creature — Vampire Soldier",
                             "As an additional cost to cast this spell, reveal a Vampire card from your hand or pay "
                             "{1}.\nFlying, lifelink", "2/2")


def _cast_choosing(g, card: int, first: int) -> list:
    """Casts `card`, choosing the additional cost `first` (0: reveal, 1: pay {1}); the events of the cast."""
    events = g.apply(CastSpell(0, card))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data["choice"] == "additional_cost"
    events += g.apply(Choose(0, (first,)))
    while g.pending.kind is DecisionKind.CHOOSE:
        events += g.apply(Choose(0, tuple(g.pending.options[:1])))
    return events


@pytest.mark.rules("601.2b", "601.2h", "701.20a")
def test_reveal_a_vampire_instead_of_paying(extra_cards):
    extra_cards(SADISTIC_SKYMARCHER, fully_read=True)
    g, ids = table(["Swamp"] * 3, hand_a=["Sadistic Skymarcher", "Sadistic Skymarcher"])
    first, second = [c for c in g.state.players[0].hand if g.state.objects[c].name == "Sadistic Skymarcher"]
    events = _cast_choosing(g, first, 0)
    assert [e.data["cards"] for e in events if e.kind == "reveal"] == [[second]]
    assert second in g.state.players[0].hand
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert len(on_battlefield(g, "Sadistic Skymarcher")) == 1


@pytest.mark.rules("601.2b", "601.2h")
def test_no_vampire_to_reveal(extra_cards):
    """Alone in hand, the Skymarcher can't reveal itself: the cost is {1} more, which three Swamps can't pay."""
    extra_cards(SADISTIC_SKYMARCHER, fully_read=True)
    g, ids = table(["Swamp"] * 3, hand_a=["Sadistic Skymarcher"])
    for choice in (0, 1):
        with pytest.raises(IllegalAction):
            _cast_choosing(g.clone(), ids["Sadistic Skymarcher"], choice)


CHARGE_OF_THE_FOREVER_BEAST = record("Charge of the Forever-Beast", "{2}{G}", "Sorcery",
                                     "As an additional cost to cast this spell, reveal a creature card from your hand."
                                     "\nCharge of the Forever-Beast deals damage to target creature or planeswalker "
                                     "equal to the revealed card's power.")


@pytest.mark.rules("601.2h", "701.20a", "608.2h")
def test_the_revealed_cards_power(extra_cards):
    """The damage is the power of the card revealed for the cost, not the target's."""
    extra_cards(CHARGE_OF_THE_FOREVER_BEAST, fully_read=True)
    g, ids = table(["Forest"] * 3, ["Serra Angel"], hand_a=["Charge of the Forever-Beast", "Grizzly Bears"])
    angel = ids["B:Serra Angel"]
    g.apply(CastSpell(0, ids["Charge of the Forever-Beast"], targets=((angel,),)))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, tuple(d.options[:1])) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert g.state.objects[angel].damage == 2 and ids["Grizzly Bears"] in g.state.players[0].hand
