"""Blocking requirements (509.1c) and the "at most one blocker" restriction (509.1b), compiled from
Oracle text: "blocks each combat if able", "All creatures able to block ~ do so" (lure), "~ can't be
blocked by more than one creature"."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, pass_until, table
from tests.oracle.conftest import record

WATCHDOG = record("Watchdog", "{3}", "Artifact Creature — Dog",
                  "Watchdog blocks each combat if able.\nAs long as Watchdog is untapped, all creatures attacking "
                  "you get -1/-0.", "1/2")
ELVISH_BARD = record("Elvish Bard", "{3}{G}{G}", "Creature — Elf Shaman Bard",
                     "All creatures able to block Elvish Bard do so.", "2/4")
CHARGING_RHINO = record("Charging Rhino", "{3}{G}{G}", "Creature — Rhino",
                        "Charging Rhino can't be blocked by more than one creature.", "4/4")
ALLURING_SCENT = record("Alluring Scent", "{1}{G}{G}", "Sorcery",
                        "All creatures able to block target creature this turn do so.")


def _blocking(g, attackers):
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {a: "P1" for a in attackers}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)


@pytest.mark.rules("509.1c")
def test_blocks_each_combat_if_able_is_enforced(extra_cards):
    extra_cards(WATCHDOG)
    g, ids = table(["Grizzly Bears"], ["Watchdog"], step=Step.BEGINNING_OF_COMBAT)
    _blocking(g, [ids["Grizzly Bears"]])
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(1, {}))
    offered = [a.blocks for a in g.legal_actions() if isinstance(a, DeclareBlockers)]
    assert offered and all(ids["B:Watchdog"] in b for b in offered)
    g.apply(DeclareBlockers(1, {ids["B:Watchdog"]: (ids["Grizzly Bears"],)}))


@pytest.mark.rules("509.1c")
def test_lure_every_creature_able_to_block_it_does(extra_cards):
    extra_cards(ELVISH_BARD)
    g, ids = table(["Elvish Bard", "Grizzly Bears"], ["Llanowar Elves", "Wall of Stone"],
                   step=Step.BEGINNING_OF_COMBAT)
    _blocking(g, [ids["Elvish Bard"], ids["Grizzly Bears"]])
    elves, wall, beast = ids["B:Llanowar Elves"], ids["B:Wall of Stone"], ids["Elvish Bard"]
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(1, {wall: (beast,)}))
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(1, {wall: (beast,), elves: (ids["Grizzly Bears"],)}))
    g.apply(DeclareBlockers(1, {wall: (beast,), elves: (beast,)}))


@pytest.mark.rules("509.1c", "611.2a")
def test_lure_until_end_of_turn_from_a_spell(extra_cards):
    extra_cards(ALLURING_SCENT)
    g, ids = table(["Grizzly Bears", "Forest", "Forest", "Forest"], ["Llanowar Elves"], hand_a=["Alluring Scent"])
    cast_and_resolve(g, ids["Alluring Scent"], targets=((ids["Grizzly Bears"],),))
    _blocking(g, [ids["Grizzly Bears"]])
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(1, {}))
    g.apply(DeclareBlockers(1, {ids["B:Llanowar Elves"]: (ids["Grizzly Bears"],)}))


@pytest.mark.rules("509.1b")
def test_cant_be_blocked_by_more_than_one_creature(extra_cards):
    extra_cards(CHARGING_RHINO)
    g, ids = table(["Charging Rhino"], ["Llanowar Elves", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    _blocking(g, [ids["Charging Rhino"]])
    brute = ids["Charging Rhino"]
    with pytest.raises(IllegalAction, match="509.1b"):
        g.apply(DeclareBlockers(1, {ids["B:Llanowar Elves"]: (brute,), ids["B:Grizzly Bears"]: (brute,)}))
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (brute,)}))


KEEPER_OF_TRESSERHORN = record("Keeper of Tresserhorn", "{5}{B}", "Creature — Avatar",
                               "Whenever Keeper of Tresserhorn attacks and isn't blocked, it assigns no combat damage "
                               "this turn and defending player loses 2 life.", "6/6")


@pytest.mark.rules("510.1", "509.1h")
def test_assigns_no_combat_damage_this_turn(extra_cards):
    extra_cards(KEEPER_OF_TRESSERHORN)
    g, ids = table(["Keeper of Tresserhorn"], [], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Keeper of Tresserhorn"]: "P1"}))
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 18


TRUMPETING_ARMODON = record("Trumpeting Armodon", "{3}{G}", "Creature — Elephant",
                            "{1}{G}: Target creature blocks Trumpeting Armodon this turn if able.", "3/3")


@pytest.mark.rules("509.1c")
def test_target_creature_blocks_it_this_turn_if_able(extra_cards):
    extra_cards(TRUMPETING_ARMODON)
    g, ids = table(["Trumpeting Armodon", "Grizzly Bears", "Forest", "Forest"], ["Llanowar Elves"])
    activate_and_resolve(g, ids["Trumpeting Armodon"], 0, targets=((ids["B:Llanowar Elves"],),))
    _blocking(g, [ids["Trumpeting Armodon"], ids["Grizzly Bears"]])
    elves = ids["B:Llanowar Elves"]
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(1, {elves: (ids["Grizzly Bears"],)}))
    g.apply(DeclareBlockers(1, {elves: (ids["Trumpeting Armodon"],)}))


DOMINEERING_WILL = record("Domineering Will", "{3}{U}", "Instant",
                          "Target player gains control of up to three target nonattacking creatures until end of turn. "
                          "Untap those creatures. They block this turn if able.")


@pytest.mark.rules("509.1c", "608.2c", "611.2a")
def test_they_block_this_turn_if_able(extra_cards):
    """"They": the creatures the spell named before, under their new controller until end of turn."""
    extra_cards(DOMINEERING_WILL, fully_read=True)
    g, ids = table(["Island"] * 4, ["Grizzly Bears", "Serra Angel"], hand_a=["Domineering Will"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    angel, bears = ids["B:Serra Angel"], ids["B:Grizzly Bears"]
    g.state.objects[angel].tapped = True
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Domineering Will"], targets=(("P0",), (angel,)))
    assert g.state.objects[angel].controller == 0 and not g.state.objects[angel].tapped
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {bears: "P0"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(0, {}))
    g.apply(DeclareBlockers(0, {angel: (bears,)}))
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[angel].controller == 1
