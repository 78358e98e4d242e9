"""Attack and block restrictions that read the defending player's permanents or a condition (508.1c, 509.1b,
611.3a): "~ can't attack if defending player controls an untapped creature with power 2 or less" (Mogg
Jailer), "~ can't be blocked as long as defending player controls an artifact" (Neurok Spy), "~ can't block if
you control an untapped land" (Veteran Brawlers)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import DeclareAttackers
from engine.rules.combat import can_attack, can_block_attacker, static_flag
from tests.engine.driving import advance, cast_and_resolve, pass_until, table
from tests.oracle.conftest import record

MOGG_JAILER = record("Mogg Jailer", "{1}{R}", "Creature — Goblin",
                     "Mogg Jailer can't attack if defending player controls an untapped creature with power 2 or less.",
                     pt="2/2")
NEUROK_SPY = record("Neurok Spy", "{2}{U}", "Creature — Human Rogue",
                    "Neurok Spy can't be blocked as long as defending player controls an artifact.", pt="2/2")
VETERAN_BRAWLERS = record("Veteran Brawlers", "{1}{R}", "Creature — Human Soldier",
                          "Veteran Brawlers can't attack if defending player controls an untapped land.\n"
                          "Veteran Brawlers can't block if you control an untapped land.", pt="4/4")


@pytest.mark.rules("508.1c")
def test_cant_attack_while_the_defender_controls_an_untapped_small_creature(extra_cards):
    extra_cards(MOGG_JAILER, fully_read=True)
    g, ids = table(["Mogg Jailer"], ["Llanowar Elves"], step=Step.BEGINNING_OF_COMBAT)
    assert not can_attack(g, ids["Mogg Jailer"])
    g.state.objects[ids["B:Llanowar Elves"]].tapped = True
    g.state.invalidate()
    assert can_attack(g, ids["Mogg Jailer"])


@pytest.mark.rules("509.1b")
def test_unblockable_while_the_defender_controls_an_artifact(extra_cards):
    extra_cards(NEUROK_SPY, fully_read=True)
    g, ids = table(["Neurok Spy"], ["Grizzly Bears", "Ornithopter"])
    assert not can_block_attacker(g, ids["B:Grizzly Bears"], ids["Neurok Spy"])
    g, ids = table(["Neurok Spy", "Ornithopter"], ["Grizzly Bears"])      # its own artifact doesn't count
    assert can_block_attacker(g, ids["B:Grizzly Bears"], ids["Neurok Spy"])


@pytest.mark.rules("611.3a", "509.1a")
def test_cant_block_while_you_control_an_untapped_land(extra_cards):
    extra_cards(VETERAN_BRAWLERS, fully_read=True)
    g, ids = table(["Veteran Brawlers", "Mountain"], ["Grizzly Bears"], active=1, turn=4)
    assert static_flag(g, ids["Veteran Brawlers"], "cant_block")
    g.state.objects[ids["Mountain"]].tapped = True
    g.state.invalidate()
    assert not static_flag(g, ids["Veteran Brawlers"], "cant_block")


SANDWURM_CONVERGENCE = record("Sandwurm Convergence", "{6}{G}{G}", "Enchantment",
                              "Creatures with flying can't attack you or planeswalkers you control.\nAt the beginning of "
                              "your end step, create a 5/5 green Wurm creature token.")
SPECTRAL_GRASP = record("Spectral Grasp", "{1}{W}", "Enchantment — Aura",
                        "Enchant creature\nEnchanted creature can't attack you or planeswalkers you control.\n"
                        "Enchanted creature can't block creatures you control.")


@pytest.mark.rules("508.1c")
def test_creatures_with_flying_cant_attack_you_or_your_planeswalkers(extra_cards):
    extra_cards(SANDWURM_CONVERGENCE, fully_read=True)
    g, ids = table(["Sandwurm Convergence", "Ajani Goldmane"], ["Wind Drake", "Grizzly Bears"], active=1,
                   step=Step.MAIN1)
    drake, bears, ajani = ids["B:Wind Drake"], ids["B:Grizzly Bears"], ids["Ajani Goldmane"]
    assert not can_attack(g, drake), "nothing it may attack: A and A's planeswalker"
    assert can_attack(g, bears)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    for target in ("P0", ajani):
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(1, {drake: target}))
    g.apply(DeclareAttackers(1, {bears: ajani}))
    assert g.state.combat.attackers == {bears: ajani}


@pytest.mark.rules("508.1c", "303.4")
def test_enchanted_creature_cant_attack_you(extra_cards):
    extra_cards(SPECTRAL_GRASP, fully_read=True)
    g, ids = table(["Plains", "Plains"], ["Hill Giant"], hand_a=["Spectral Grasp"])
    giant = ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Spectral Grasp"], targets=((giant,),))
    assert g.state.objects[next(o for o in g.state.battlefield if g.characteristics(o).name == "Spectral Grasp")
                           ].attached_to == giant
    advance(g, Step.MAIN1, turn=4)
    assert not can_attack(g, giant)
