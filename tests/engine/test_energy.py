"""Energy counters (107.14, 122.1e): "you get {E}{E}" gives a player counters, "Pay {E}" in a cost and
"you may pay {E}{E}" as an effect remove them; a player can't pay more than they have."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import attack, cast_and_settle, on_battlefield, preferring, settle, table
from tests.engine.test_keyword_combat import creature

# Real cards' Oracle text (Kaladesh).
THRIVING_RHINO = creature("Thriving Rhino", "{4}{G}", "Rhino", "Trample\nWhen Thriving Rhino enters, you get {E}{E} "
                          "(two energy counters).\nWhenever Thriving Rhino attacks, you may pay {E}{E}. If you do, "
                          "put a +1/+1 counter on it.", "4/4")
DYNAMO = creature("Electrostatic Pummeler", "{3}", "Construct", "When Electrostatic Pummeler enters, you get {E}{E}{E}"
                  ".\nPay {E}{E}{E}: Electrostatic Pummeler gets +1/+1 until end of turn.", "1/1",
                  types=("Artifact", "Creature"))


@pytest.mark.rules("107.14", "122.1e")
def test_getting_and_paying_energy(extra_cards):
    extra_cards(DYNAMO)
    g, ids = table(["Plains", "Plains", "Plains"], [], hand_a=["Electrostatic Pummeler"])
    cast_and_settle(g, ids["Electrostatic Pummeler"])
    assert g.state.players[0].energy == 3, "you get {E}{E}{E} as it enters"
    (pummeler,) = on_battlefield(g, "Electrostatic Pummeler")
    g.apply(ActivateAbility(0, pummeler, 0))
    assert g.state.players[0].energy == 0, "the cost is paid at once (602.2b)"
    settle(g)
    assert g.characteristics(pummeler).power == 2
    with pytest.raises(IllegalAction, match="energy"):
        g.apply(ActivateAbility(0, pummeler, 0))
    assert not any(getattr(a, "card", None) == pummeler for a in g.legal_actions()), \
        "an ability whose energy can't be paid isn't offered"


@pytest.mark.rules("107.14", "603.5")
def test_you_may_pay_energy_if_you_do(extra_cards):
    extra_cards(THRIVING_RHINO)
    for energy, counters in ((2, {"+1/+1": 1}), (1, {})):
        g, ids = table(["Thriving Rhino"], [], step=Step.BEGINNING_OF_COMBAT)
        g.set_player(0, energy=energy)
        attack(g, ids["Thriving Rhino"])
        settle(g, preferring("yes"))
        assert g.state.objects[ids["Thriving Rhino"]].counters == counters
        assert g.state.players[0].energy == energy - (2 if counters else 0)


# A real card's Oracle text (Aether Revolt).
AETHERSTREAM_LEOPARD = creature("Aetherstream Leopard", "{2}{G}", "Cat", "Trample\nWhen Aetherstream Leopard enters, "
                                "you get {E}.\nPay {E}: Aetherstream Leopard gets +1/+1 until end of turn.", "2/2")
TRIGGER_TEST = creature("Energy Watcher", "{G}", "Elf", "Whenever you get one or more {E}, Energy Watcher gets +2/+2 "
                        "until end of turn.", "1/1")


@pytest.mark.rules("107.14", "603.2")
def test_whenever_you_get_energy(extra_cards):
    extra_cards(AETHERSTREAM_LEOPARD, TRIGGER_TEST)
    g, ids = table(["Energy Watcher", "Forest", "Forest", "Forest"], [], hand_a=["Aetherstream Leopard"])
    cast_and_settle(g, ids["Aetherstream Leopard"])
    assert g.characteristics(ids["Energy Watcher"]).power == 3, "getting energy triggers"
    (leopard,) = on_battlefield(g, "Aetherstream Leopard")
    g.apply(ActivateAbility(0, leopard, 0))
    settle(g)
    assert g.characteristics(ids["Energy Watcher"]).power == 3, "paying energy doesn't"
