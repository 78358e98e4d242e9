"""A limit on the declaration as a whole (506.5): "No more than one creature can attack each combat" (Silent Arbiter),
"No more than two creatures can block each combat" (Caverns of Despair). The declarations offered keep it, and a
requirement is obeyed as far as it can be within it (508.1d, 509.1c): a required creature in place of one that isn't.
A requirement on the blockers of a kind: "All Walls able to block Marble Priest do so" (509.1c)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import DeclareAttackers, DeclareBlockers
from tests.engine.driving import attack, pass_until, table, until_blockers
from tests.oracle.conftest import record

SILENT_ARBITER = record("Silent Arbiter", "{4}", "Artifact Creature — Construct",
                        "No more than one creature can attack each combat.\nNo more than one creature can block each "
                        "combat.", "1/5")
CAVERNS_OF_DESPAIR = record("Caverns of Despair", "{2}{R}{R}", "World Enchantment",
                            "No more than two creatures can attack each combat.\nNo more than two creatures can block "
                            "each combat.")
BLOODROCK_CYCLOPS = record("Bloodrock Cyclops", "{2}{R}", "Creature — Cyclops",
                           "Bloodrock Cyclops attacks each combat if able.", "3/3")
PRIZED_UNICORN = record("Prized Unicorn", "{3}{G}", "Creature — Unicorn",
                        "All creatures able to block Prized Unicorn do so.", "2/2")


def _offered_attacks(g) -> list[dict]:
    return [a.attacks for a in g.legal_actions() if isinstance(a, DeclareAttackers)]


def _offered_blocks(g) -> list[dict]:
    return [a.blocks for a in g.legal_actions() if isinstance(a, DeclareBlockers)]


@pytest.mark.rules("506.5", "508.1c")
def test_no_more_than_one_creature_can_attack(extra_cards):
    extra_cards(SILENT_ARBITER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Hill Giant", "Elite Vanguard"], ["Silent Arbiter"])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    bears, giant = ids["Grizzly Bears"], ids["Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {bears: "P1", giant: "P1"}))
    offered = _offered_attacks(g)
    assert {} in offered and {bears: "P1"} in offered and all(len(x) <= 1 for x in offered)
    g.apply(DeclareAttackers(0, {giant: "P1"}))
    assert list(g.state.combat.attackers) == [giant]


@pytest.mark.rules("506.5", "509.1b")
def test_no_more_than_two_creatures_can_block(extra_cards):
    extra_cards(CAVERNS_OF_DESPAIR, fully_read=True)
    g, ids = table(["Caverns of Despair", "Hill Giant", "Grizzly Bears"], ["Grizzly Bears", "Elite Vanguard",
                                                                           "Savannah Lions"])
    giant, bears = ids["Hill Giant"], ids["Grizzly Bears"]
    attack(g, giant, bears)
    until_blockers(g)
    theirs = [ids["B:Grizzly Bears"], ids["B:Elite Vanguard"], ids["B:Savannah Lions"]]
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {theirs[0]: (giant,), theirs[1]: (giant,), theirs[2]: (bears,)}))
    assert all(len(x) <= 2 for x in _offered_blocks(g))
    g.apply(DeclareBlockers(1, {theirs[0]: (giant,), theirs[1]: (giant,)}))
    assert sorted(g.state.combat.blockers) == sorted(theirs[:2])


@pytest.mark.rules("506.5", "508.1d")
def test_a_creature_that_must_attack_takes_the_only_place(extra_cards):
    """Bloodrock Cyclops attacks each combat if able: with room for one attacker, it must be that one (a declaration
    with another creature obeys fewer requirements); no attack at all obeys none either."""
    extra_cards(SILENT_ARBITER, BLOODROCK_CYCLOPS, fully_read=True)
    g, ids = table(["Bloodrock Cyclops", "Hill Giant"], ["Silent Arbiter"])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    cyclops, giant = ids["Bloodrock Cyclops"], ids["Hill Giant"]
    for illegal in ({giant: "P1"}, {}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(0, illegal))
    assert _offered_attacks(g) == [{cyclops: "P1"}]
    g.apply(DeclareAttackers(0, {cyclops: "P1"}))
    assert list(g.state.combat.attackers) == [cyclops]


@pytest.mark.rules("506.5", "509.1c")
def test_a_lure_takes_the_only_blocker(extra_cards):
    """Prized Unicorn: all creatures able to block it do so; with room for one blocker, that blocker blocks it (blocking
    the other attacker obeys no requirement, and two blockers are too many)."""
    extra_cards(SILENT_ARBITER, PRIZED_UNICORN, fully_read=True)
    g, ids = table(["Prized Unicorn", "Grizzly Bears"], ["Silent Arbiter", "Hill Giant"])
    unicorn, bears = ids["Prized Unicorn"], ids["Grizzly Bears"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {unicorn: "P1", bears: "P1"}))
    g.apply(DeclareAttackers(0, {unicorn: "P1"}))
    until_blockers(g)
    giant, arbiter = ids["B:Hill Giant"], ids["B:Silent Arbiter"]
    for illegal in ({}, {giant: (unicorn,), arbiter: (unicorn,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, illegal))
    offered = _offered_blocks(g)
    assert offered and all(len(x) == 1 and list(x.values()) == [(unicorn,)] for x in offered)
    g.apply(DeclareBlockers(1, {giant: (unicorn,)}))
    assert list(g.state.combat.blockers) == [giant]


@pytest.mark.rules("506.5", "509.1c")
def test_blockers_lured_within_the_limit(extra_cards):
    """Caverns of Despair and Prized Unicorn: three creatures must block the Unicorn, two may block: a declaration with
    one of them blocking another attacker breaks the requirement one more time than needed; the declarations offered
    have both blocking the Unicorn."""
    extra_cards(CAVERNS_OF_DESPAIR, PRIZED_UNICORN, fully_read=True)
    g, ids = table(["Caverns of Despair", "Prized Unicorn", "Grizzly Bears"],
                   ["Hill Giant", "Elite Vanguard", "Savannah Lions"])
    unicorn, bears = ids["Prized Unicorn"], ids["Grizzly Bears"]
    attack(g, unicorn, bears)
    until_blockers(g)
    giant, vanguard = ids["B:Hill Giant"], ids["B:Elite Vanguard"]
    for illegal in ({giant: (unicorn,), vanguard: (bears,)}, {giant: (bears,), vanguard: (bears,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, illegal))
    offered = _offered_blocks(g)
    assert offered and all(len(x) == 2 and set(x.values()) == {(unicorn,)} for x in offered)
    g.apply(DeclareBlockers(1, {giant: (unicorn,), vanguard: (unicorn,)}))
    assert sorted(g.state.combat.blockers) == sorted((giant, vanguard))


MARBLE_PRIEST = record("Marble Priest", "{5}", "Artifact Creature — Cleric",
                       "All Walls able to block Marble Priest do so.\nPrevent all combat damage that would be dealt to "
                       "Marble Priest by Walls.", "3/3")


@pytest.mark.rules("509.1c")
def test_all_walls_able_to_block_it_do_so(extra_cards):
    """Marble Priest: the defending player's Wall must block it (a declaration without that block is refused, and the
    offered ones have it); another creature needn't."""
    extra_cards(MARBLE_PRIEST, fully_read=True)
    g, ids = table(["Marble Priest"], ["Wall of Stone", "Grizzly Bears"])
    priest = ids["Marble Priest"]
    wall, bears = ids["B:Wall of Stone"], ids["B:Grizzly Bears"]
    attack(g, priest)
    until_blockers(g)
    for illegal in ({}, {bears: (priest,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, illegal))
    assert all(x.get(wall) == (priest,) for x in _offered_blocks(g))
    g.apply(DeclareBlockers(1, {wall: (priest,)}))
    assert list(g.state.combat.blockers) == [wall]
