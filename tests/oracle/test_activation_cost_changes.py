"""Static abilities that change what activated abilities cost (602.2b, 601.2f): "Activated abilities of white
enchantments cost {3} more to activate" (Gloom), "Equip costs you pay cost {1} less" (Auriok Steelshaper), "Boast
abilities you activate cost {1} less to activate for each Dragon you control" (Dragonkin Berserker). Increases apply
before reductions; a reduction takes generic mana only."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import activate_and_resolve, attack, settle, table
from tests.oracle.conftest import record

GLOOM = record("Gloom", "{2}{B}", "Enchantment", "White spells cost {3} more to cast.\nActivated abilities of white "
               "enchantments cost {3} more to activate.")
AURIOK_STEELSHAPER = record("Auriok Steelshaper", "{1}{W}", "Creature — Human Soldier",
                            "Equip costs you pay cost {1} less.\nAs long as Auriok Steelshaper is equipped, each creature "
                            "you control that's a Soldier or a Knight gets +1/+1.", "1/1")
DRAGONKIN_BERSERKER = record("Dragonkin Berserker", "{1}{R}", "Creature — Human Berserker",
                             "First strike\nBoast abilities you activate cost {1} less to activate for each Dragon you "
                             "control.\nBoast — {4}{R}: Create a 5/5 red Dragon creature token with flying. (Activate "
                             "only if this creature attacked this turn and only once each turn.)", "2/2")


def _activatable(g, source: int) -> bool:
    return any(isinstance(a, ActivateAbility) and a.source == source for a in g.legal_actions())


@pytest.mark.rules("602.2b", "601.2f", "702.6a")
@pytest.mark.parametrize("whose,lands,equips", [("mine", 2, True), ("mine", 1, False), ("theirs", 2, False)])
def test_equip_costs_you_pay_cost_less(extra_cards, whose, lands, equips):
    """Loxodon Warhammer's equip {3} costs {2} with A's Steelshaper; B's Steelshaper changes nothing A pays."""
    extra_cards(AURIOK_STEELSHAPER, fully_read=True)
    mine = ["Auriok Steelshaper"] if whose == "mine" else []
    g, ids = table(["Loxodon Warhammer", "Grizzly Bears"] + mine + ["Plains"] * lands,
                   [] if mine else ["Auriok Steelshaper"])
    hammer, bears = ids["Loxodon Warhammer"], ids["Grizzly Bears"]
    assert _activatable(g, hammer) == equips
    if not equips:
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(0, hammer, 0, targets=((bears,),)))
        return
    activate_and_resolve(g, hammer, 0, targets=((bears,),))
    assert g.state.objects[hammer].attached_to == bears
    assert all(g.state.objects[p].tapped for p in g.state.battlefield if g.characteristics(p).name == "Plains")


@pytest.mark.rules("602.2b", "601.2f")
@pytest.mark.parametrize("gloom_of", [0, 1])
def test_activated_abilities_of_white_enchantments_cost_more(extra_cards, gloom_of):
    """Circle of Protection: Red's {1} costs {4} under Gloom, whoever controls Gloom: three Plains don't pay it, four
    do (all of them tapped)."""
    extra_cards(GLOOM, fully_read=True)
    a = ["Circle of Protection: Red"] + ["Gloom"] * (gloom_of == 0)
    b = ["Gloom"] * (gloom_of == 1)
    g, ids = table(a + ["Plains"] * 3, b)
    assert not _activatable(g, ids["Circle of Protection: Red"])
    g2, ids2 = table(a + ["Plains"] * 4, b)
    circle = ids2["Circle of Protection: Red"]
    assert _activatable(g2, circle)
    g2.apply(ActivateAbility(0, circle, 0))
    settle(g2)
    assert all(g2.state.objects[p].tapped for p in g2.state.battlefield if g2.characteristics(p).name == "Plains")


@pytest.mark.rules("702.142a", "602.2b", "601.2f")
@pytest.mark.parametrize("dragons,mountains,boasts", [(1, 4, True), (0, 4, False), (2, 3, True)])
def test_boast_costs_less_for_each_dragon(extra_cards, dragons, mountains, boasts):
    """Boast — {4}{R} costs {3}{R} with one Dragon, {2}{R} with two."""
    extra_cards(DRAGONKIN_BERSERKER, fully_read=True)
    g, ids = table(["Dragonkin Berserker"] + ["Shivan Dragon"] * dragons + ["Mountain"] * mountains, [],
                   step=Step.BEGINNING_OF_COMBAT)
    berserker = ids["Dragonkin Berserker"]
    attack(g, berserker)
    settle(g)
    assert _activatable(g, berserker) == boasts
    if boasts:
        g.apply(ActivateAbility(0, berserker, 0))
        settle(g)
        assert sum(1 for o in g.state.battlefield if g.characteristics(o).name == "Dragon Token") == 1


FRENZIED_RAIDER = record("Frenzied Raider", "{1}{R}", "Creature — Demon Berserker",
                         "Whenever you activate a boast ability, put a +1/+1 counter on Frenzied Raider.", "2/2")


@pytest.mark.rules("702.142b", "603.2")
def test_whenever_you_activate_a_boast_ability(extra_cards):
    """The Raider sees the Berserker's boast put on the stack; no other ability of it (Shivan Dragon's firebreathing)."""
    extra_cards(DRAGONKIN_BERSERKER, FRENZIED_RAIDER, fully_read=True)
    g, ids = table(["Dragonkin Berserker", "Frenzied Raider", "Shivan Dragon"] + ["Mountain"] * 5, [],
                   step=Step.BEGINNING_OF_COMBAT)
    berserker, raider, dragon = ids["Dragonkin Berserker"], ids["Frenzied Raider"], ids["Shivan Dragon"]
    attack(g, berserker)
    settle(g)
    g.apply(ActivateAbility(0, dragon, 0))
    settle(g)
    assert g.state.objects[raider].counters.get("+1/+1", 0) == 0
    g.apply(ActivateAbility(0, berserker, 0))
    settle(g)
    assert g.state.objects[raider].counters.get("+1/+1", 0) == 1
