"""Amounts divided among targets (601.2d), played with real cards: damage "divided as you choose" and counters
"distributed" by a spell as it is cast, and by a triggered ability as it is put on the stack (603.3d), each target
getting at least one; a single target gets it all."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import cast_and_resolve, pass_while_priority, resolve_stack, table
from tests.oracle.conftest import record

MAGIC_MISSILE = record("Magic Missile", "{1}{R}{R}", "Sorcery",
                       "This spell can't be countered.\nMagic Missile deals 3 damage divided as you choose among one, two, "
                       "or three targets.")
SPLENDID_AGONY = record("Splendid Agony", "{2}{B}", "Instant",
                        "Distribute two -1/-1 counters among one or two target creatures.")
VERDUROUS_GEARHULK = record("Verdurous Gearhulk", "{3}{G}{G}", "Artifact Creature — Construct",
                            "Trample\nWhen Verdurous Gearhulk enters the battlefield, distribute four +1/+1 counters "
                            "among any number of target creatures you control.", "4/4")
FURY = record("Fury", "{3}{R}{R}", "Creature — Elemental Incarnation",
              "Double strike\nWhen Fury enters the battlefield, it deals 4 damage divided as you choose among any number "
              "of target creatures and/or planeswalkers.\nEvoke—Exile a red card from your hand.", "3/3")


@pytest.mark.rules("601.2d", "120.3")
def test_magic_missile_deals_all_of_it_to_a_single_target_or_divides_it(extra_cards):
    extra_cards(MAGIC_MISSILE, fully_read=True)
    g, ids = table(["Mountain"] * 6, ["Grizzly Bears", "Llanowar Elves"], ["Magic Missile", "Magic Missile"])
    first, second = g.state.players[0].hand
    cast_and_resolve(g, first, targets=(("P1",),))
    assert g.state.players[1].life == 17
    bears, elves = ids["B:Grizzly Bears"], ids["B:Llanowar Elves"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, second, targets=((bears, elves),), divide=((bears, 3), (elves, 0))))
    cast_and_resolve(g, second, targets=((bears, elves),), divide=((bears, 2), (elves, 1)))
    assert bears not in g.state.battlefield and elves not in g.state.battlefield


@pytest.mark.rules("601.2d", "122.1")
def test_splendid_agony_distributes_its_counters(extra_cards):
    extra_cards(SPLENDID_AGONY, fully_read=True)
    g, ids = table(["Swamp"] * 6, ["Grizzly Bears", "Serra Angel"], ["Splendid Agony", "Splendid Agony"])
    first, second = g.state.players[0].hand
    bears, angel = ids["B:Grizzly Bears"], ids["B:Serra Angel"]
    cast_and_resolve(g, first, targets=((bears, angel),), divide=((bears, 1), (angel, 1)))
    assert g.state.objects[bears].counters["-1/-1"] == 1 and g.state.objects[angel].counters["-1/-1"] == 1
    cast_and_resolve(g, second, targets=((angel,),))
    assert g.state.objects[angel].counters["-1/-1"] == 3
    assert g.characteristics(angel).power == 1


def _answer_trigger(g, targets: tuple, shares: list[int]) -> None:
    """Passes until the trigger's target choice, answers it, then each division question in turn."""
    pass_while_priority(g)
    assert g.pending.data["choice"] == "target"
    g.apply(Choose(0, targets))
    for n in shares:
        assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data["choice"] == "number"
        g.apply(Choose(0, (n,)))
    resolve_stack(g)


@pytest.mark.rules("603.3d", "601.2d", "122.1")
def test_verdurous_gearhulk_divides_four_counters_as_its_trigger_goes_on_the_stack(extra_cards):
    extra_cards(VERDUROUS_GEARHULK, fully_read=True)
    g, ids = table(["Forest"] * 5 + ["Grizzly Bears", "Llanowar Elves"], ["Silvercoat Lion"], ["Verdurous Gearhulk"])
    bears, elves = ids["Grizzly Bears"], ids["Llanowar Elves"]
    g.apply(CastSpell(0, ids["Verdurous Gearhulk"]))
    resolve_stack(g)
    pass_while_priority(g)
    assert ids["B:Silvercoat Lion"] not in g.pending.options          # creatures you control
    _answer_trigger(g, (bears, elves), [3])
    assert g.state.objects[bears].counters["+1/+1"] == 3 and g.state.objects[elves].counters["+1/+1"] == 1


@pytest.mark.rules("603.3d", "601.2d", "120.3")
def test_fury_divides_its_damage_rather_than_dealing_it_all_to_each(extra_cards):
    extra_cards(FURY, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears", "Serra Angel"], ["Fury"])
    bears, angel = ids["B:Grizzly Bears"], ids["B:Serra Angel"]
    g.apply(CastSpell(0, ids["Fury"]))
    resolve_stack(g)
    _answer_trigger(g, (bears, angel), [2])
    assert bears not in g.state.battlefield
    assert angel in g.state.battlefield and g.state.objects[angel].damage == 2
