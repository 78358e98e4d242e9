"""An effect that phases a permanent out (702.26b): "Target creature phases out", "~ phases out", "Enchanted
creature phases out". It stays on the battlefield but is treated as though it doesn't exist, leaves combat
(506.4), takes what is attached to it along (702.26g), and phases in during its controller's next untap step
(702.26a). Each is compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, PassPriority
from tests.engine.driving import advance, resolve_stack, table
from tests.oracle.conftest import record

VODALIAN_ILLUSIONIST = record("Vodalian Illusionist", "{2}{U}", "Creature — Merfolk Wizard",
                              "{U}{U}, {T}: Target creature phases out. (While it's phased out, it's treated as though "
                              "it doesn't exist. It phases in before its controller untaps during their next untap "
                              "step.)", "2/2")
RAINBOW_EFREET = record("Rainbow Efreet", "{3}{U}", "Creature — Efreet",
                        "Flying\n{U}{U}: Rainbow Efreet phases out. (While it's phased out, it's treated as though it "
                        "doesn't exist. It phases in before you untap during your next untap step.)", "3/1")
VANISHING = record("Vanishing", "{U}", "Enchantment — Aura",
                   "Enchant creature\n{U}{U}: Enchanted creature phases out. (While it's phased out, it's treated as "
                   "though it doesn't exist. It phases in before its controller untaps during their next untap step.)")


@pytest.mark.rules("702.26b", "702.26d", "702.26a")
def test_vodalian_illusionist_phases_out_an_opponents_creature_until_its_controllers_untap_step(extra_cards):
    extra_cards(VODALIAN_ILLUSIONIST)
    g, ids = table(["Vodalian Illusionist", "Island", "Island"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Vodalian Illusionist"], 0, targets=((bears,),)))
    resolve_stack(g)
    s = g.state
    assert bears not in s.battlefield and bears in s.phased_out
    assert s.objects[bears].zone is Zone.BATTLEFIELD, "no zone change (702.26d)"
    advance(g, Step.MAIN1, turn=4)
    assert bears in g.state.battlefield, "it phases in during its controller's untap step"


@pytest.mark.rules("702.26b", "506.4")
def test_rainbow_efreet_phases_out_of_combat(extra_cards):
    extra_cards(RAINBOW_EFREET)
    g, ids = table(["Rainbow Efreet", "Island", "Island"], [], step=Step.BEGINNING_OF_COMBAT)
    efreet = ids["Rainbow Efreet"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {efreet: "P1"}))
    g.apply(ActivateAbility(0, efreet, 0))
    resolve_stack(g)
    assert efreet not in g.state.combat.attackers
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 20, "a phased-out creature deals no combat damage"
    advance(g, Step.UPKEEP, turn=4)
    assert efreet in g.state.phased_out, "it stays phased out through the opponent's turn"
    advance(g, Step.UPKEEP, turn=5)
    assert efreet in g.state.battlefield


@pytest.mark.rules("702.26b", "702.26g")
def test_vanishing_phases_out_the_creature_and_itself_with_it(extra_cards):
    extra_cards(VANISHING)
    g, ids = table(["Grizzly Bears", "Island", "Island"], [])
    bears = ids["Grizzly Bears"]
    aura = g.add_card("Vanishing", 0, Zone.BATTLEFIELD)
    g.attach(aura, bears)
    g.apply(ActivateAbility(0, aura, 0))
    resolve_stack(g)
    assert {bears, aura} <= set(g.state.phased_out)
    advance(g, Step.UPKEEP, turn=5)
    assert bears in g.state.battlefield and aura in g.state.battlefield
    assert g.state.objects[aura].attached_to == bears


KAITO_SHIZUKI = record("Kaito Shizuki", "{1}{U}{B}", "Legendary Planeswalker — Kaito",
                       "At the beginning of your end step, if Kaito Shizuki entered the battlefield this turn, he phases "
                       "out.\n[+1]: Draw a card. Then discard a card unless you attacked this turn.\n[−2]: Create a 1/1 "
                       "blue Ninja creature token with \"This creature can't be blocked.\"\n[−7]: You get an emblem with "
                       "\"Whenever a creature you control deals combat damage to a player, search your library for a "
                       "blue or black creature card, put it onto the battlefield, then shuffle.\"", loyalty="3")


@pytest.mark.rules("702.26b", "603.4")
def test_he_phases_out_the_turn_he_entered(extra_cards):
    """"He" is Kaito himself: at the end step of the turn he entered, he phases out; he phases in at his controller's
    next untap step (502.1)."""
    extra_cards(KAITO_SHIZUKI, fully_read=True)
    g, ids = table(["Island", "Swamp", "Swamp"], hand_a=["Kaito Shizuki"])
    g.apply(CastSpell(0, ids["Kaito Shizuki"]))
    resolve_stack(g)
    (kaito,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Kaito Shizuki"]
    advance(g, Step.END)
    resolve_stack(g)
    assert kaito in g.state.phased_out
    advance(g, Step.UPKEEP, turn=5)
    assert kaito in g.state.battlefield
