"""Costs, replacement effects and mana abilities read from Oracle text (issue 13's keyword, cost, replacement and
mana slice): each wording compiled from a real card's text, then played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import on_battlefield, resolve_stack, table
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


ORIMS_CURE = record("Orim's Cure", "{1}{W}", "Instant",
                    "If you control a Plains, you may tap an untapped creature you control rather than pay this spell's "
                    "mana cost.\nPrevent the next 4 damage that would be dealt to any target this turn.")
SNUFF_OUT = record("Snuff Out", "{3}{B}", "Instant",
                   "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\nDestroy target "
                   "nonblack creature. It can't be regenerated.")
BRINGER = record("Bringer of the Red Dawn", "{7}{R}{R}", "Creature — Bringer",
                 "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.\nTrample", "5/5")


@pytest.mark.rules("118.9", "601.2f")
def test_an_alternative_cost_with_a_condition_only_while_it_holds(extra_cards):
    extra_cards(SNUFF_OUT)
    g, ids = table(["Grizzly Bears"], ["Grizzly Bears"], hand_a=["Snuff Out"])
    bears = ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):          # no Swamp: only its mana cost, which A can't pay
        g.apply(CastSpell(0, ids["Snuff Out"], targets=((bears,),), alt="alternative"))
    g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    assert any(getattr(a, "alt", None) == "alternative" for a in g.legal_actions())
    g.apply(CastSpell(0, ids["Snuff Out"], targets=((bears,),), alt="alternative"))
    resolve_stack(g)
    assert g.state.players[0].life == 16
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("118.9", "601.2h")
def test_tapping_an_untapped_creature_rather_than_paying_the_mana_cost(extra_cards):
    extra_cards(ORIMS_CURE)
    g, ids = table(["Plains", "Grizzly Bears"], hand_a=["Orim's Cure"])
    g.state.objects[ids["Plains"]].tapped = True
    g.apply(CastSpell(0, ids["Orim's Cure"], targets=(("P0",),), alt="alternative"))
    while g.pending.kind.value != "priority":
        g.answer(0, [ids["Grizzly Bears"]])
    assert g.state.objects[ids["Grizzly Bears"]].tapped
    resolve_stack(g)
    assert g.state.stack == [] and g.state.players[0].graveyard


@pytest.mark.rules("118.9")
def test_pay_a_mana_cost_rather_than_pay_the_mana_cost(extra_cards):
    extra_cards(BRINGER)
    g, ids = table(["Plains", "Island", "Swamp", "Mountain", "Forest"], hand_a=["Bringer of the Red Dawn"])
    g.apply(CastSpell(0, ids["Bringer of the Red Dawn"], alt="alternative"))
    resolve_stack(g)
    assert on_battlefield(g, "Bringer of the Red Dawn")
    assert all(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).is_land)
