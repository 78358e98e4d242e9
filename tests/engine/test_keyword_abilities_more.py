"""Keyword abilities whose 702 rule is one ability the compiler reads like printed text: ingest 702.115,
melee 702.121, rampage 702.23 (triggered), outlast 702.107, reinforce 702.77 (activated, reinforce from the
hand) and boast 702.142 (an activated ability with its own restriction)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, DeclareBlockers
from tests.engine.driving import attack, settle, table, until_blockers
from tests.engine.test_keyword_combat import creature

# Real cards' Oracle text (Ainok Bond-Kin without its second ability).
MIST_INTRUDER = creature("Mist Intruder", "{1}{U}", "Eldrazi Drone", "Devoid\nFlying\nIngest (Whenever this "
                         "creature deals combat damage to a player, that player exiles the top card of their "
                         "library.)", "1/2")
WINGS_OF_THE_GUARD = creature("Wings of the Guard", "{1}{W}", "Bird", "Flying\nMelee (Whenever this creature "
                              "attacks, it gets +1/+1 until end of turn for each opponent you attacked this combat.)",
                              "1/1")
CRAW_GIANT = creature("Craw Giant", "{3}{G}{G}{G}{G}", "Giant", "Trample\nRampage 2 (Whenever this creature becomes "
                      "blocked, it gets +2/+2 until end of turn for each creature blocking it beyond the first.)", "6/4")
AINOK_BOND_KIN = creature("Ainok Bond-Kin", "{1}{W}", "Dog Soldier", "Outlast {1}{W} ({1}{W}, {T}: Put a +1/+1 "
                               "counter on this creature. Outlast only as a sorcery.)", "2/1")
BURRENTON_BOMBARDIER = creature("Burrenton Bombardier", "{2}{W}", "Kithkin Soldier", "Flying\nReinforce 2—{2}{W} "
                                "({2}{W}, Discard this card: Put two +1/+1 counters on target creature.)", "2/2")
AXGARD_BRAGGART = creature("Axgard Braggart", "{3}{W}", "Dwarf Warrior", "Boast — {1}{W}: Untap Axgard Braggart. "
                           "Put a +1/+1 counter on it. (Activate only if this creature attacked this turn and only "
                           "once each turn.)", "3/3")


@pytest.mark.rules("702.115a")
def test_ingest_exiles_the_top_card_of_the_damaged_players_library(extra_cards):
    extra_cards(MIST_INTRUDER)
    g, ids = table(["Mist Intruder"], [], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Mist Intruder"])
    while g.state.step is not Step.COMBAT_DAMAGE or not g.state.stack:
        settle(g)
        g.apply(g.legal_actions()[0])
    settle(g)
    assert g.state.players[1].life == 19
    assert len(g.state.players[1].library) == 7
    assert [g.state.objects[e].owner for e in g.state.exile] == [1]


@pytest.mark.rules("702.121a")
def test_melee_counts_the_opponents_attacked(extra_cards):
    extra_cards(WINGS_OF_THE_GUARD)
    g, ids = table(["Wings of the Guard"], [], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Wings of the Guard"])
    settle(g)
    ch = g.characteristics(ids["Wings of the Guard"])
    assert (ch.power, ch.toughness) == (2, 2)


@pytest.mark.rules("702.23a", "702.23b")
def test_rampage_counts_blockers_beyond_the_first(extra_cards):
    extra_cards(CRAW_GIANT)
    for blockers, pt in ((["Grizzly Bears"], (6, 4)), (["Grizzly Bears", "Hill Giant", "Ornithopter"], (10, 8))):
        g, ids = table(["Craw Giant"], blockers, step=Step.BEGINNING_OF_COMBAT)
        attack(g, ids["Craw Giant"])
        until_blockers(g)
        g.apply(DeclareBlockers(1, {ids["B:" + b]: (ids["Craw Giant"],) for b in blockers}))
        settle(g)
        ch = g.characteristics(ids["Craw Giant"])
        assert (ch.power, ch.toughness) == pt


@pytest.mark.rules("702.107a")
def test_outlast_puts_a_counter_as_a_sorcery(extra_cards):
    extra_cards(AINOK_BOND_KIN)
    g, ids = table(["Ainok Bond-Kin", "Plains", "Plains"], [])
    kin = ids["Ainok Bond-Kin"]
    g.apply(ActivateAbility(0, kin, 0))
    settle(g)
    assert g.state.objects[kin].counters == {"+1/+1": 1} and g.state.objects[kin].tapped
    g2, ids2 = table(["Ainok Bond-Kin", "Plains", "Plains"], [], step=Step.UPKEEP)
    with pytest.raises(IllegalAction):
        g2.apply(ActivateAbility(0, ids2["Ainok Bond-Kin"], 0))


@pytest.mark.rules("702.77a")
def test_reinforce_is_activated_from_the_hand(extra_cards):
    extra_cards(BURRENTON_BOMBARDIER)
    g, ids = table(["Grizzly Bears", "Plains", "Plains", "Plains"], [], hand_a=["Burrenton Bombardier"],
                   step=Step.UPKEEP)
    bears, card = ids["Grizzly Bears"], ids["Burrenton Bombardier"]
    g.apply(ActivateAbility(0, card, 0, targets=((bears,),)))
    assert card not in g.state.players[0].hand, "the card is discarded as the cost"
    settle(g)
    assert g.state.objects[bears].counters == {"+1/+1": 2}


@pytest.mark.rules("702.142a")
def test_boast_only_after_it_attacked_and_once_each_turn(extra_cards):
    extra_cards(AXGARD_BRAGGART)
    g, ids = table(["Axgard Braggart"] + ["Plains"] * 4, [], step=Step.BEGINNING_OF_COMBAT)
    braggart = ids["Axgard Braggart"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, braggart, 0))
    attack(g, braggart)
    settle(g)
    g.apply(ActivateAbility(0, braggart, 0))
    settle(g)
    assert not g.state.objects[braggart].tapped and g.state.objects[braggart].counters == {"+1/+1": 1}
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, braggart, 0))
