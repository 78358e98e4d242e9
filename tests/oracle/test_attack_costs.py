"""Costs to attack (508.1g-h): "Creatures can't attack you unless their controller pays {2} for each creature
they control that's attacking you" (Ghostly Prison). The attackers are tapped first (508.1f), so an attacking
creature's mana ability can't help pay; an attack that can't be paid for isn't offered, and is refused."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import DeclareAttackers, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

GHOSTLY_PRISON = record("Ghostly Prison", "{2}{W}", "Enchantment",
                        "Creatures can't attack you unless their controller pays {2} for each creature they control "
                        "that's attacking you.")


def _to_attackers(g):
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))


def _offered(g) -> list[dict]:
    return [a.attacks for a in g.legal_actions() if isinstance(a, DeclareAttackers)]


@pytest.mark.rules("508.1g", "508.1h")
def test_each_attacker_costs_two(extra_cards):
    extra_cards(GHOSTLY_PRISON, fully_read=True)
    g, ids = table(["Grizzly Bears", "Savannah Lions", "Forest", "Forest", "Forest"], ["Ghostly Prison"],
                   step=Step.BEGINNING_OF_COMBAT)
    _to_attackers(g)
    bears, lions = ids["Grizzly Bears"], ids["Savannah Lions"]
    assert {bears: "P1", lions: "P1"} not in _offered(g) and {bears: "P1"} in _offered(g)
    with pytest.raises(IllegalAction, match="508.1h"):
        g.apply(DeclareAttackers(0, {bears: "P1", lions: "P1"}))      # {4}: three Forests can't pay
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    tapped_forests = [o for o in g.state.battlefield if g.characteristics(o).name == "Forest" and g.state.objects[o].tapped]
    assert len(tapped_forests) == 2 and g.state.combat.attackers == {bears: "P1"}


@pytest.mark.rules("508.1f", "508.1h")
def test_an_attacker_cant_tap_for_its_own_cost(extra_cards):
    extra_cards(GHOSTLY_PRISON)
    g, ids = table(["Llanowar Elves", "Forest"], ["Ghostly Prison"], step=Step.BEGINNING_OF_COMBAT)
    _to_attackers(g)
    assert _offered(g) == [{}]
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {ids["Llanowar Elves"]: "P1"}))


@pytest.mark.rules("508.1g")
def test_attacking_another_player_costs_nothing(extra_cards):
    extra_cards(GHOSTLY_PRISON)
    g, ids = table(["Grizzly Bears", "Ghostly Prison"], [], step=Step.BEGINNING_OF_COMBAT)
    _to_attackers(g)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))       # its controller's own Prison
    assert g.state.combat.attackers == {ids["Grizzly Bears"]: "P1"}


RENEGADE_TROOPS = record("Renegade Troops", "{4}{R}", "Creature — Human Soldier",
                         "Renegade Troops attacks each combat if able.", pt="4/2")


@pytest.mark.rules("508.1d", "508.1g")
def test_a_creature_that_attacks_each_combat_isnt_required_to_pay_a_cost_to_attack(extra_cards):
    """A fuzz find: with the requirement and the cost together no declaration was offered at all."""
    extra_cards(GHOSTLY_PRISON, RENEGADE_TROOPS)
    g, ids = table(["Renegade Troops", "Forest", "Forest"], ["Ghostly Prison"], step=Step.BEGINNING_OF_COMBAT)
    _to_attackers(g)
    troops = ids["Renegade Troops"]
    assert _offered(g) == [{}, {troops: "P1"}]       # not attacking is legal: the cost need not be paid
    g.apply(DeclareAttackers(0, {}))
    assert not g.state.combat.attackers
