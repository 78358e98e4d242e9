"""An additional cost 'reveal a <kind> card from your hand' (601.2b, 601.2h, 701.20a): another card of that kind,
chosen as costs are paid, is shown to every player and stays in the hand. Compiled from real cards' Oracle text and
played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
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


MARTYR_OF_SANDS = record("Martyr of Sands", "{W}", "Creature — Human Cleric",
                         "{1}, Reveal X white cards from your hand, Sacrifice Martyr of Sands: You gain three times X "
                         "life.", "1/1")
MARTYR_OF_ASHES = record("Martyr of Ashes", "{R}", "Creature — Human Shaman",
                         "{2}, Reveal X red cards from your hand, Sacrifice Martyr of Ashes: Martyr of Ashes deals X "
                         "damage to each creature without flying.", "1/1")


@pytest.mark.rules("602.2b", "601.2b", "601.2h", "701.20a", "118.3")
def test_martyr_of_sands_reveals_x_white_cards(extra_cards):
    """X = 2: two white cards revealed (and kept), six life; X = 3 with two white cards in hand can't be paid; a
    green card is no white card."""
    extra_cards(MARTYR_OF_SANDS, fully_read=True)
    g, ids = table(["Martyr of Sands", "Plains"], hand_a=["Savannah Lions", "Serra Angel", "Grizzly Bears"])
    martyr = ids["Martyr of Sands"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, martyr, 0, x=3))
    events = g.apply(ActivateAbility(0, martyr, 0, x=2))
    while g.pending.kind is DecisionKind.CHOOSE:
        events += g.apply(Choose(0, tuple(g.pending.options[:g.pending.min])))
    revealed = [c for e in events if e.kind == "reveal" for c in e.data["cards"]]
    assert sorted(g.state.objects[c].name for c in revealed) == ["Savannah Lions", "Serra Angel"]
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[0].life == 26 and len(g.state.players[0].hand) == 3 and not on_battlefield(g, "Martyr of Sands")


@pytest.mark.rules("602.2b", "601.2b", "107.3")
@pytest.mark.parametrize("x", [0, 1])
def test_martyr_of_ashes_deals_x_damage(extra_cards, x):
    extra_cards(MARTYR_OF_ASHES, fully_read=True)
    g, ids = table(["Martyr of Ashes", "Mountain", "Mountain"], ["Grizzly Bears", "Serra Angel"], hand_a=["Shock"])
    g.apply(ActivateAbility(0, ids["Martyr of Ashes"], 0, x=x))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, tuple(g.pending.options[:g.pending.min])))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == x and g.state.objects[ids["B:Serra Angel"]].damage == 0
