"""An additional cost of "any number" of permanents: "As an additional cost to cast this spell, sacrifice any number of
creatures" (tap any number of untapped creatures you control): how many, none to all, is chosen as the spell is cast
(601.2b), they are sacrificed (tapped) as the costs are paid (601.2h), and the spell counts them as they last existed:
"for each creature sacrificed this way", "the total power of the sacrificed creatures", "three times the number of
creatures tapped this way" (608.2h). Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

VICIOUS_BETRAYAL = record("Vicious Betrayal", "{3}{B}{B}", "Sorcery",
                          "As an additional cost to cast this spell, sacrifice any number of creatures.\nTarget creature "
                          "gets +2/+2 until end of turn for each creature sacrificed this way.")
CORPSE_COBBLE = record("Corpse Cobble", "{U}{B}", "Instant",
                       "As an additional cost to cast this spell, sacrifice any number of creatures.\nCreate an X/X blue "
                       "and black Zombie creature token with menace, where X is the total power of the sacrificed "
                       "creatures.\nFlashback {3}{U}{B} (You may cast this card from your graveyard for its flashback "
                       "cost and any additional costs. Then exile it.)")
BURN_AT_THE_STAKE = record("Burn at the Stake", "{2}{R}{R}{R}", "Sorcery",
                           "As an additional cost to cast this spell, tap any number of untapped creatures you control."
                           "\nBurn at the Stake deals damage to any target equal to three times the number of creatures "
                           "tapped this way.")


def _pay_with(g, chosen):
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.min == 0 and d.max == len(d.options)
    g.apply(Choose(0, tuple(chosen)))


@pytest.mark.rules("601.2b", "601.2h", "608.2h")
@pytest.mark.parametrize("sacrificed", [0, 1, 2])
def test_vicious_betrayal_pumps_for_each_creature_sacrificed(extra_cards, sacrificed):
    extra_cards(VICIOUS_BETRAYAL, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears", "Llanowar Elves", "Serra Angel"], [], ["Vicious Betrayal"])
    angel = ids["Serra Angel"]
    g.apply(CastSpell(0, ids["Vicious Betrayal"], targets=((angel,),)))
    fodder = [ids["Grizzly Bears"], ids["Llanowar Elves"]][:sacrificed]
    _pay_with(g, fodder)
    assert all(g.state.objects[x].zone is not Zone.BATTLEFIELD for x in fodder if x in g.state.objects)
    resolve_stack(g)
    assert g.characteristics(angel).power == 4 + 2 * sacrificed
    assert len([o for o in g.state.battlefield if g.characteristics(o).is_creature]) == 3 - sacrificed


@pytest.mark.rules("601.2h", "608.2h", "111.3")
def test_corpse_cobble_makes_a_zombie_as_big_as_the_power_sacrificed(extra_cards):
    extra_cards(CORPSE_COBBLE, fully_read=True)
    g, ids = table(["Island", "Swamp", "Grizzly Bears", "Serra Angel", "Llanowar Elves"], [], ["Corpse Cobble"])
    g.apply(CastSpell(0, ids["Corpse Cobble"]))
    _pay_with(g, [ids["Grizzly Bears"], ids["Serra Angel"]])
    resolve_stack(g)
    (zombie,) = [o for o in g.state.battlefield if "Zombie" in g.characteristics(o).subtypes]
    ch = g.characteristics(zombie)
    assert (ch.power, ch.toughness) == (6, 6) and ch.has("menace")


@pytest.mark.rules("601.2b", "601.2h")
def test_the_permanents_chosen_must_be_of_the_kind(extra_cards):
    extra_cards(VICIOUS_BETRAYAL, fully_read=True)
    g, ids = table(["Swamp"] * 5 + ["Grizzly Bears", "Serra Angel"], [], ["Vicious Betrayal"])
    g.apply(CastSpell(0, ids["Vicious Betrayal"], targets=((ids["Serra Angel"],),)))
    assert ids["Swamp"] not in g.pending.options
    with pytest.raises(IllegalAction):
        g.apply(Choose(0, (ids["Swamp"],)))


@pytest.mark.rules("601.2h", "608.2h", "107.1")
@pytest.mark.parametrize("tapped", [0, 2])
def test_burn_at_the_stake_deals_three_times_the_creatures_tapped(extra_cards, tapped):
    extra_cards(BURN_AT_THE_STAKE, fully_read=True)
    g, ids = table(["Mountain"] * 5 + ["Grizzly Bears", "Llanowar Elves"], [], ["Burn at the Stake"])
    g.apply(CastSpell(0, ids["Burn at the Stake"], targets=(("P1",),)))
    creatures = [ids["Grizzly Bears"], ids["Llanowar Elves"]][:tapped]
    _pay_with(g, creatures)
    assert all(g.state.objects[x].tapped for x in creatures)
    resolve_stack(g)
    assert g.state.players[1].life == 20 - 3 * tapped


def test_any_number_is_a_spells_additional_cost_only():
    d = compile_card(record("Probe", "{1}", "Artifact", "{T}, Sacrifice any number of creatures: Draw a card."))
    assert d.unsupported
