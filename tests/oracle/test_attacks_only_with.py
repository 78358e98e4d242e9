"""A creature that attacks or blocks only beside another of a kind (508.1c, 509.1b): "Okk can't attack unless a
creature with greater power also attacks" (greater than Okk's own), "... can't block unless ... also blocks", "Scarred
Puma can't attack unless a black or green creature also attacks". The declarations offered keep it."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import DeclareAttackers, DeclareBlockers
from tests.engine.driving import attack, pass_until, table, until_blockers
from tests.oracle.conftest import record

OKK = record("Okk", "{1}{R}", "Creature — Goblin",
             "Okk can't attack unless a creature with greater power also attacks.\nOkk can't block unless a creature "
             "with greater power also blocks.", "4/4")
SCARRED_PUMA = record("Scarred Puma", "{R}", "Creature — Cat",
                      "Scarred Puma can't attack unless a black or green creature also attacks.", "2/1")
CRAW_WURM = "Craw Wurm"          # 6/4 green


@pytest.mark.rules("508.1c")
def test_okk_attacks_only_beside_a_creature_with_greater_power(extra_cards):
    extra_cards(OKK, fully_read=True)
    g, ids = table(["Okk", "Hill Giant", CRAW_WURM], [])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    okk, giant, wurm = ids["Okk"], ids["Hill Giant"], ids[CRAW_WURM]
    for illegal in ({okk: "P1"}, {okk: "P1", giant: "P1"}):         # alone; the Giant's power 3 isn't greater
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(0, illegal))
    offered = [a.attacks for a in g.legal_actions() if isinstance(a, DeclareAttackers)]
    assert all(okk not in x or wurm in x for x in offered) and any(okk in x for x in offered)
    g.apply(DeclareAttackers(0, {okk: "P1", wurm: "P1"}))
    assert sorted(g.state.combat.attackers) == sorted((okk, wurm))


@pytest.mark.rules("509.1b")
def test_okk_blocks_only_beside_a_creature_with_greater_power(extra_cards):
    extra_cards(OKK, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard"], ["Okk", "Hill Giant", CRAW_WURM])
    bears, vanguard = ids["Grizzly Bears"], ids["Elite Vanguard"]
    attack(g, bears, vanguard)
    until_blockers(g)
    okk, giant, wurm = ids["B:Okk"], ids["B:Hill Giant"], ids["B:" + CRAW_WURM]
    for illegal in ({okk: (bears,)}, {okk: (bears,), giant: (vanguard,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, illegal))
    offered = [a.blocks for a in g.legal_actions() if isinstance(a, DeclareBlockers)]
    assert all(okk not in x or wurm in x for x in offered)
    g.apply(DeclareBlockers(1, {okk: (bears,), wurm: (vanguard,)}))       # another attacker's blocker counts
    assert sorted(g.state.combat.blockers) == sorted((okk, wurm))


@pytest.mark.rules("508.1c")
def test_scarred_puma_attacks_only_beside_a_black_or_green_creature(extra_cards):
    extra_cards(SCARRED_PUMA, fully_read=True)
    g, ids = table(["Scarred Puma", "Hill Giant", "Grizzly Bears"], [])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    puma, giant, bears = ids["Scarred Puma"], ids["Hill Giant"], ids["Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {puma: "P1", giant: "P1"}))         # a red creature
    g.apply(DeclareAttackers(0, {puma: "P1", bears: "P1"}))             # a green one
    assert sorted(g.state.combat.attackers) == sorted((puma, bears))


RELUCTANT_PUMA = record("Test Reluctant Puma", "{R}", "Creature — Cat",
                        "Test Reluctant Puma attacks each combat if able.\nTest Reluctant Puma can't attack unless a "
                        "black or green creature also attacks.", "2/1")


@pytest.mark.rules("508.1d", "508.1c")
def test_a_required_attacker_without_the_companion_it_needs_stays_home(extra_cards):
    # 508.1d: the requirement is obeyed only as far as the restriction allows; with no black or green creature to
    # attack beside it, declaring no attackers is legal (before, no declaration at all was: the game stuck)
    extra_cards(RELUCTANT_PUMA, fully_read=True)
    g, ids = table(["Test Reluctant Puma", "Hill Giant"], [])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    puma = ids["Test Reluctant Puma"]
    assert {} in [a.attacks for a in g.legal_actions() if isinstance(a, DeclareAttackers)]
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {puma: "P1"}))
    g.apply(DeclareAttackers(0, {}))
    assert not g.state.combat.attackers


@pytest.mark.rules("508.1d", "508.1c")
def test_a_required_attacker_attacks_when_a_companion_can_join_it(extra_cards):
    extra_cards(RELUCTANT_PUMA, fully_read=True)
    g, ids = table(["Test Reluctant Puma", "Grizzly Bears"], [])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    puma, bears = ids["Test Reluctant Puma"], ids["Grizzly Bears"]
    offered = [a.attacks for a in g.legal_actions() if isinstance(a, DeclareAttackers)]
    assert {} not in offered and all(puma in x for x in offered)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {}))        # the Bears can attack beside it: the requirement can be obeyed
    g.apply(DeclareAttackers(0, {puma: "P1", bears: "P1"}))
    assert sorted(g.state.combat.attackers) == sorted((puma, bears))
