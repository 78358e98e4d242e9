"""Costs that sacrifice X permanents: "{B}, Sacrifice X creatures: Target player draws X cards and gains X life",
"{T}, Sacrifice X lands: Put X +1/+1 counters on Copper-Leaf Angel". X is chosen as the ability is activated (601.2b,
602.2b), no more than the permanents of that kind its controller can sacrifice (118.3), and that many are sacrificed;
the effects read that X. (They were read as "sacrifice one", with X 0.) Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, Choose
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

KRAV = record("Krav, the Unredeemed", "{4}{B}", "Legendary Creature — Demon",
              "Partner with Regna, the Redeemer (When this creature enters the battlefield, target player may put Regna "
              "into their hand from their library, then shuffle.)\n{B}, Sacrifice X creatures: Target player draws X "
              "cards and gains X life. Put X +1/+1 counters on Krav, the Unredeemed.", "3/3")
CHAMPION_OF_STRAY_SOULS = record(
    "Champion of Stray Souls", "{4}{B}{B}", "Creature — Skeleton Warrior",
    "{3}{B}{B}, {T}, Sacrifice X other creatures: Return X target creature cards from your graveyard to the "
    "battlefield.\n{5}{B}{B}: Put Champion of Stray Souls on top of your library from your graveyard.", "4/4")
COPPER_LEAF_ANGEL = record("Copper-Leaf Angel", "{5}", "Artifact Creature — Angel",
                           "Flying\n{T}, Sacrifice X lands: Put X +1/+1 counters on Copper-Leaf Angel.", "2/2")


@pytest.mark.rules("602.2b")
def test_sacrifice_x_is_read_as_x_permanents_chosen_as_it_is_activated():
    for rec in (KRAV, COPPER_LEAF_ANGEL, CHAMPION_OF_STRAY_SOULS):
        d = compile_card(rec)
        sac = next(a.cost for a in d.activated if a.cost.sacrifice is not None)
        assert not d.unsupported and sac.sacrifice_x and sac.sacrifice_count == 0


@pytest.mark.rules("601.2b", "602.2b", "601.2h")
def test_krav_sacrifices_x_creatures_and_its_target_draws_x_and_gains_x(extra_cards):
    extra_cards(KRAV)
    g, ids = table(["Krav, the Unredeemed", "Swamp", "Grizzly Bears", "Savannah Lions", "Hill Giant"], [])
    hand = len(g.state.players[1].hand)
    g.apply(ActivateAbility(0, ids["Krav, the Unredeemed"], 0, targets=(("P1",),), x=2))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.max == 2
    g.apply(Choose(0, (ids["Grizzly Bears"], ids["Savannah Lions"])))
    resolve_stack(g)
    names = sorted(g.state.objects[o].name for o in g.state.battlefield)
    assert names == ["Hill Giant", "Krav, the Unredeemed", "Swamp"]
    assert len(g.state.players[1].hand) == hand + 2 and g.state.players[1].life == 22
    assert g.state.objects[ids["Krav, the Unredeemed"]].counters.get("+1/+1") == 2


@pytest.mark.rules("118.3", "602.2b")
def test_copper_leaf_angel_x_is_at_most_the_lands_you_have(extra_cards):
    extra_cards(COPPER_LEAF_ANGEL)
    g, ids = table(["Copper-Leaf Angel", "Forest", "Island"], [])
    angel = ids["Copper-Leaf Angel"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, angel, 0, x=3))
    activate_and_resolve(g, angel, 0, x=0)          # X = 0: nothing sacrificed, no counter
    assert len(g.state.battlefield) == 3 and not g.state.objects[angel].counters.get("+1/+1")


@pytest.mark.rules("602.2b", "601.2c", "113.6b")
def test_champion_of_stray_souls_returns_as_many_creature_cards_as_it_sacrificed_and_goes_on_top_from_the_graveyard(
        extra_cards):
    extra_cards(CHAMPION_OF_STRAY_SOULS)
    g, ids = table(["Champion of Stray Souls", "Grizzly Bears", "Savannah Lions"] + ["Swamp"] * 5, [])
    giant, wurm = (g.add_card(n, 0, Zone.GRAVEYARD) for n in ("Hill Giant", "Craw Wurm"))
    g.apply(ActivateAbility(0, ids["Champion of Stray Souls"], 0, targets=((giant, wurm),), x=2))
    if g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, (ids["Grizzly Bears"], ids["Savannah Lions"])))
    resolve_stack(g)
    names = sorted(g.state.objects[o].name for o in g.state.battlefield if g.state.objects[o].name != "Swamp")
    assert names == ["Champion of Stray Souls", "Craw Wurm", "Hill Giant"]
    assert sorted(g.state.objects[o].name for o in g.state.players[0].graveyard) == ["Grizzly Bears", "Savannah Lions"]
    g2, ids2 = table(["Swamp"] * 7, [])
    champion = g2.add_card("Champion of Stray Souls", 0, Zone.GRAVEYARD)
    activate_and_resolve(g2, champion, 1)       # its second ability, from the graveyard
    assert g2.state.objects[g2.state.players[0].library[-1]].name == "Champion of Stray Souls"
