"""Keywords whose meaning the compiler reads from the sentences of their 702.x 'a' rule
(oracle/keyword_meanings.py): annihilator 702.86, afflict 702.130, modular 702.43, living weapon 702.92."""
from __future__ import annotations

from typing import Any, Callable

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, DeclareBlockers, PassPriority
from tests.engine.driving import advance, on_battlefield, table
from tests.engine.test_keyword_combat import attack, creature, until_blockers

HAND_OF_EMRAKUL = creature("Hand of Emrakul", "{9}", "Eldrazi", "You may sacrifice four Eldrazi Spawn rather than "
                           "pay this spell's mana cost.\nAnnihilator 1 (Whenever this creature attacks, defending "
                           "player sacrifices a permanent.)", "7/7")
ETERNAL_OF_HARSH_TRUTHS = creature("Eternal of Harsh Truths", "{2}{U}", "Zombie Cleric", "Afflict 2 (Whenever this "
                                   "creature becomes blocked, defending player loses 2 life.)\nWhenever Eternal of "
                                   "Harsh Truths attacks and isn't blocked, draw a card.", "1/3")
ARCBOUND_WORKER = creature("Arcbound Worker", "{1}", "Construct", "Modular 1 (This creature enters with a +1/+1 "
                           "counter on it. When it dies, you may put its +1/+1 counters on target artifact "
                           "creature.)", "0/0", types=("Artifact", "Creature"))
FLAYER_HUSK = {"name": "Flayer Husk", "manaCost": "{1}", "type": "Artifact — Equipment", "types": ["Artifact"],
               "subtypes": ["Equipment"], "text": "Living weapon (When this Equipment enters, create a 0/0 black "
               "Phyrexian Germ creature token, then attach this to it.)\nEquipped creature gets +1/+1.\nEquip {2}"}


def settle(g: Game, answer: Callable[[Any], tuple] = lambda d: tuple(d.options[:d.min or 1])) -> None:
    """Passes priority until the stack is empty, answering each choice with `answer`."""
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(g.pending.player, answer(g.pending)))
        else:
            g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("702.86a")
def test_annihilator_makes_the_defending_player_sacrifice(extra_cards):
    extra_cards(HAND_OF_EMRAKUL)
    g, ids = table(["Hand of Emrakul"], ["Grizzly Bears", "Plains"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Hand of Emrakul"])
    assert g.state.stack, "annihilator triggers when it attacks"
    settle(g, lambda d: (ids["B:Plains"],) if ids["B:Plains"] in d.options else tuple(d.options[:d.min or 1]))
    assert g.state.objects.get(ids["B:Plains"]) is None or g.state.objects[ids["B:Plains"]].zone is not Zone.BATTLEFIELD
    assert on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("702.130a")
def test_afflict_when_it_becomes_blocked(extra_cards):
    extra_cards(ETERNAL_OF_HARSH_TRUTHS)
    g, ids = table(["Eternal of Harsh Truths"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Eternal of Harsh Truths"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Eternal of Harsh Truths"],)}))
    settle(g)
    assert g.state.players[1].life == 18


@pytest.mark.rules("702.43a", "608.2h")
def test_modular_enters_with_counters_and_moves_them_when_it_dies(extra_cards):
    extra_cards(ARCBOUND_WORKER)
    g, ids = table(["Mountain", "Ornithopter"], hand_a=["Arcbound Worker", "Lightning Bolt"])
    g.set_player(0, mana_pool="C")
    g.apply(CastSpell(0, ids["Arcbound Worker"]))
    settle(g)
    (worker,) = on_battlefield(g, "Arcbound Worker")
    assert g.state.objects[worker].counters == {"+1/+1": 1}
    assert g.characteristics(worker).power == 1
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((worker,),)))
    settle(g, lambda d: (ids["Ornithopter"],) if ids["Ornithopter"] in d.options else tuple(d.options[:1]))
    assert g.state.objects[ids["Ornithopter"]].counters == {"+1/+1": 1}


@pytest.mark.rules("702.92a")
def test_living_weapon_makes_a_germ_and_equips_it(extra_cards):
    extra_cards(FLAYER_HUSK)
    g, ids = table(hand_a=["Flayer Husk"])
    g.set_player(0, mana_pool="C")
    g.apply(CastSpell(0, ids["Flayer Husk"]))
    settle(g)
    (husk,) = on_battlefield(g, "Flayer Husk")
    (germ,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Phyrexian Germ Token"]
    assert g.state.objects[husk].attached_to == germ
    ch = g.characteristics(germ)
    assert (ch.power, ch.toughness) == (1, 1)       # 0/0, +1/+1 from the Husk: it survives the SBA check


HUNTING_MOA = creature("Hunting Moa", "{2}{G}", "Bird Beast", "Echo {2}{G} (At the beginning of your upkeep, if this "
                       "came under your control since the beginning of your last upkeep, sacrifice it unless you pay "
                       "its echo cost.)\nWhen Hunting Moa enters the battlefield or dies, put a +1/+1 counter on "
                       "target creature.", "3/2")
ROYAL_DECREE = {"name": "Royal Decree", "manaCost": "{2}{W}{W}", "type": "Enchantment", "types": ["Enchantment"],
                "subtypes": [], "text": "Cumulative upkeep {W} (At the beginning of your upkeep, put an age counter "
                "on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)"}


def upkeep_of(g: Game, turn: int, pay: bool) -> None:
    """Goes to A's upkeep of `turn` and resolves what triggered there, paying or not when asked."""
    advance(g, Step.UPKEEP, turn=turn)
    settle(g, lambda d: ("yes",) if pay and "yes" in d.options else ("no",) if "no" in d.options
           else tuple(d.options[:d.min or 1]))


@pytest.mark.rules("702.30a")
def test_echo_is_paid_once_at_the_first_upkeep(extra_cards):
    extra_cards(HUNTING_MOA)
    g, ids = table(["Hunting Moa", "Forest", "Forest", "Forest"])
    upkeep_of(g, 5, pay=True)
    assert on_battlefield(g, "Hunting Moa")
    assert sum(g.state.objects[f].tapped for f in on_battlefield(g, "Forest")) == 3
    advance(g, Step.UPKEEP, turn=7)
    assert not g.state.stack, "echo triggers only in the first upkeep after it came under your control"


@pytest.mark.rules("702.30a")
def test_echo_not_paid_sacrifices_it(extra_cards):
    extra_cards(HUNTING_MOA)
    g, ids = table(["Hunting Moa", "Forest", "Forest", "Forest"])
    upkeep_of(g, 5, pay=False)
    assert not on_battlefield(g, "Hunting Moa")


@pytest.mark.rules("702.24a")
def test_cumulative_upkeep_costs_more_each_upkeep(extra_cards):
    extra_cards(ROYAL_DECREE)
    g, ids = table(["Royal Decree", "Plains", "Plains"])
    decree = ids["Royal Decree"]
    upkeep_of(g, 5, pay=True)
    assert g.state.objects[decree].counters == {"age": 1}
    assert sum(g.state.objects[p].tapped for p in on_battlefield(g, "Plains")) == 1
    upkeep_of(g, 7, pay=True)
    assert g.state.objects[decree].counters == {"age": 2}
    assert sum(g.state.objects[p].tapped for p in on_battlefield(g, "Plains")) == 2
    upkeep_of(g, 9, pay=True)       # {W}{W}{W} with two Plains: it can't be paid
    assert not on_battlefield(g, "Royal Decree")
