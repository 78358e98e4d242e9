"""A modal activated ability ("{1}, Sacrifice ~: Choose one — • ... • ..."): its mode is chosen as it is activated,
before its targets, which are that mode's (602.2b, 601.2b-c, 700.2a); on the stack it is the ability with that mode.
Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, Choose
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, both_pass, table
from tests.oracle.conftest import record

GOBLIN_CRATERMAKER = record("Goblin Cratermaker", "{1}{R}", "Creature — Goblin Warrior",
                           "{1}, Sacrifice Goblin Cratermaker: Choose one —\n• Goblin Cratermaker deals 2 damage to "
                           "target creature.\n• Destroy target colorless nonland permanent.", "2/2")
UMEZAWAS_JITTE = record("Umezawa's Jitte", "{2}", "Legendary Artifact — Equipment",
                        "Whenever equipped creature deals combat damage, put two charge counters on Umezawa's Jitte.\n"
                        "Remove a charge counter from Umezawa's Jitte: Choose one —\n• Equipped creature gets +2/+2 "
                        "until end of turn.\n• Target creature gets -1/-1 until end of turn.\n• You gain 2 life.\n"
                        "Equip {2}")
BOW_OF_NYLEA = record("Bow of Nylea", "{1}{G}{G}", "Legendary Enchantment Artifact",
                      "Attacking creatures you control have deathtouch.\n{1}{G}, {T}: Choose one —\n• Put a +1/+1 "
                      "counter on target creature.\n• Bow of Nylea deals 2 damage to target creature with flying.\n• "
                      "You gain 3 life.\n• Put up to four target cards from your graveyard on the bottom of your "
                      "library in any order.")


def _names(g, ids) -> list[str]:
    return sorted(g.characteristics(o).name for o in ids)


@pytest.mark.rules("700.2a", "602.2b")
def test_goblin_cratermaker_destroys_a_colorless_permanent_in_its_second_mode(extra_cards):
    extra_cards(GOBLIN_CRATERMAKER)
    g, ids = table(["Goblin Cratermaker", "Mountain"], ["Ornithopter", "Grizzly Bears"])
    thopter, bears = ids["B:Ornithopter"], ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):      # the Bears aren't colorless: not a target of the second mode
        g.apply(ActivateAbility(0, ids["Goblin Cratermaker"], 0, targets=((bears,),), modes=(1,)))
    activate_and_resolve(g, ids["Goblin Cratermaker"], 0, targets=((thopter,),), modes=(1,))
    assert _names(g, g.state.players[1].graveyard) == ["Ornithopter"]
    assert bears in g.state.battlefield and g.state.objects[bears].damage == 0


@pytest.mark.rules("700.2a", "601.2b")
def test_goblin_cratermaker_asks_its_mode_first_then_deals_2_damage(extra_cards):
    extra_cards(GOBLIN_CRATERMAKER)
    g, ids = table(["Goblin Cratermaker", "Mountain"], ["Grizzly Bears"])
    g.apply(ActivateAbility(0, ids["Goblin Cratermaker"], 0))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.options == [0, 1]
    g.apply(Choose(0, (0,)))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and ids["B:Grizzly Bears"] in d.options       # the first mode's target
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    while g.state.stack:
        both_pass(g)
    assert _names(g, g.state.players[1].graveyard) == ["Grizzly Bears"]
    assert _names(g, g.state.players[0].graveyard) == ["Goblin Cratermaker"]


@pytest.mark.rules("700.2a", "602.2b", "122.1")
def test_umezawas_jitte_removes_a_counter_for_the_mode_chosen(extra_cards):
    extra_cards(UMEZAWAS_JITTE)
    g, ids = table(["Umezawa's Jitte"], ["Grizzly Bears"])
    jitte = ids["Umezawa's Jitte"]
    g.state.objects[jitte].counters["charge"] = 2
    activate_and_resolve(g, jitte, 0, modes=(2,))
    assert g.state.players[0].life == 22
    activate_and_resolve(g, jitte, 0, targets=((ids["B:Grizzly Bears"],),), modes=(1,))
    assert g.characteristics(ids["B:Grizzly Bears"]).power == 1
    assert g.state.objects[jitte].counters.get("charge", 0) == 0
    assert not any(isinstance(a, ActivateAbility) and a.source == jitte and a.index == 0 for a in g.legal_actions())


@pytest.mark.rules("700.2a", "401.4")
def test_bow_of_nylea_puts_cards_from_your_graveyard_on_the_bottom_in_the_order_you_choose(extra_cards):
    extra_cards(BOW_OF_NYLEA)
    g, ids = table(["Bow of Nylea", "Forest", "Forest"], [])
    bears, shock = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD), g.add_card("Shock", 0, Zone.GRAVEYARD)
    g.apply(ActivateAbility(0, ids["Bow of Nylea"], 0, targets=((bears, shock),), modes=(3,)))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and sorted(d.options) == sorted([bears, shock])
    g.apply(Choose(0, (shock,)))        # from the top down: the Shock, then the Bears at the bottom
    assert g.state.players[0].graveyard == []
    assert [g.characteristics(o).name for o in g.state.players[0].library[:2]] == ["Grizzly Bears", "Shock"]


def test_each_mode_is_offered_as_a_legal_action(extra_cards):
    extra_cards(GOBLIN_CRATERMAKER)
    g, ids = table(["Goblin Cratermaker", "Mountain"], ["Ornithopter"])
    acts = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == ids["Goblin Cratermaker"]]
    assert {a.modes for a in acts} == {(0,), (1,)}


def test_the_abilities_are_read():
    for card in (GOBLIN_CRATERMAKER, UMEZAWAS_JITTE, BOW_OF_NYLEA):
        assert compile_card(card).unsupported == (), card["name"]
