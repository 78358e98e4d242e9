"""Costs, replacement effects and mana abilities read from Oracle text (issue 13's keyword, cost, replacement and
mana slice): each wording compiled from a real card's text, then played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

NEKRATAAL = record("Nekrataal", "{2}{B}{B}", "Creature — Human Assassin",
                   "First strike\nWhen Nekrataal enters the battlefield, destroy target nonartifact, nonblack creature. "
                   "That creature can't be regenerated.", "2/1")
TOXIC_STENCH = record("Toxic Stench", "{1}{B}", "Instant",
                      "Target nonblack creature gets -1/-1 until end of turn.\nThreshold — If seven or more cards are "
                      "in your graveyard, instead destroy that creature. It can't be regenerated.")
REGENERATING_BEAR = record("Regenerating Bear", "{1}{G}", "Creature — Bear", "{G}: Regenerate Regenerating Bear.",
                           "2/2")


@pytest.mark.rules("701.19c")
def test_that_creature_cant_be_regenerated_after_a_triggered_destroy(extra_cards):
    extra_cards(NEKRATAAL, REGENERATING_BEAR)
    g, ids = table(["Swamp"] * 4, ["Forest", "Regenerating Bear"], hand_a=["Nekrataal"])
    bear = ids["B:Regenerating Bear"]
    g.state.objects[bear].regen_shields = 1          # a shield made earlier: it can't replace this destruction
    g.apply(CastSpell(0, ids["Nekrataal"]))
    resolve_stack(g)           # the creature, then its trigger with the one legal target
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Regenerating Bear"]


@pytest.mark.rules("701.19c", "608.2c")
def test_it_cant_be_regenerated_reaches_the_destroy_an_instead_made(extra_cards):
    extra_cards(TOXIC_STENCH, REGENERATING_BEAR)
    g, ids = table(["Swamp", "Swamp"], ["Regenerating Bear"], hand_a=["Toxic Stench"])
    for _ in range(7):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    bear = ids["B:Regenerating Bear"]
    g.state.objects[bear].regen_shields = 1
    g.apply(CastSpell(0, ids["Toxic Stench"], targets=((bear,),)))
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Regenerating Bear"]
