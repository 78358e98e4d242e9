"""'<instruction> unless you <action>' (118.12): the controller may carry out the action (sacrifice, return,
exile, pay life) as the ability resolves; only if they don't, or can't, does the instruction happen. Each compiled
from a real card's Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, Choose, DeclareBlockers, PassPriority, PlayLand
from tests.engine.driving import (advance, attack, cast_and_settle, on_battlefield, pass_until, preferring, settle,
                                  table)
from tests.oracle.conftest import record

BOG_ELEMENTAL = record("Bog Elemental", "{3}{B}{B}", "Creature — Elemental",
                       "Protection from white\nAt the beginning of your upkeep, sacrifice Bog Elemental unless you "
                       "sacrifice a land.", "5/4")
CORAL_ATOLL = record("Coral Atoll", None, "Land",
                     "Coral Atoll enters the battlefield tapped.\nWhen Coral Atoll enters the battlefield, sacrifice "
                     "it unless you return an untapped Island you control to its owner's hand.\n{T}: Add {C}{U}.")
SANGROPHAGE = record("Sangrophage", "{B}{B}", "Creature — Zombie",
                     "At the beginning of your upkeep, tap Sangrophage unless you pay 2 life.", "3/3")
ELDER_SPAWN = record("Elder Spawn", "{4}{U}{U}{U}", "Creature — Spawn",
                     "At the beginning of your upkeep, unless you sacrifice an Island, sacrifice Elder Spawn and it "
                     "deals 6 damage to you.\nElder Spawn can't be blocked by red creatures.", "6/6")
DEMONLORD_OF_ASHMOUTH = record("Demonlord of Ashmouth", "{2}{B}{B}", "Creature — Demon",
                               "Flying\nWhen Demonlord of Ashmouth enters the battlefield, exile it unless you "
                               "sacrifice another creature.\nUndying (When this creature dies, if it had no +1/+1 "
                               "counters on it, return it to the battlefield under its owner's control with a +1/+1 "
                               "counter on it.)", "5/4")


@pytest.mark.rules("118.12", "701.21a", "603.2")
@pytest.mark.parametrize("answer,lands,kept", [("yes", 1, True), ("no", 1, False), ("yes", 0, False)])
def test_sacrifice_it_unless_you_sacrifice_a_land(extra_cards, answer, lands, kept):
    """Bog Elemental stays only if a land was sacrificed: declining, or having no land, sacrifices it."""
    extra_cards(BOG_ELEMENTAL, fully_read=True)
    g, ids = table(["Bog Elemental"] + ["Swamp"] * lands)
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring(answer))
    assert bool(on_battlefield(g, "Bog Elemental")) == kept
    assert len(on_battlefield(g, "Swamp")) == (0 if answer == "yes" else lands)


@pytest.mark.rules("118.12", "603.2")
@pytest.mark.parametrize("island_tapped,kept", [(False, True), (True, False)])
def test_sacrifice_it_unless_you_return_an_untapped_island(extra_cards, island_tapped, kept):
    """Coral Atoll's price is an untapped Island returned to its owner's hand; a tapped one can't pay it."""
    extra_cards(CORAL_ATOLL, fully_read=True)
    g, ids = table(["Island"], hand_a=["Coral Atoll"])
    island = ids["Island"]
    g.state.objects[island].tapped = island_tapped
    g.apply(PlayLand(0, ids["Coral Atoll"]))
    settle(g, preferring("yes"))
    assert bool(on_battlefield(g, "Coral Atoll")) == kept
    in_hand = [g.state.objects[c].name for c in g.state.players[0].hand]
    assert ("Island" in in_hand) == kept and bool(on_battlefield(g, "Island")) != kept


@pytest.mark.rules("118.12", "119.4")
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_tap_it_unless_you_pay_life(extra_cards, answer):
    extra_cards(SANGROPHAGE, fully_read=True)
    g, ids = table(["Sangrophage"])
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring(answer))
    assert g.state.objects[ids["Sangrophage"]].tapped == (answer == "no")
    assert g.state.players[0].life == (18 if answer == "yes" else 20)


@pytest.mark.rules("118.12", "701.21a")
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_unless_first_covers_every_instruction_after_it(extra_cards, answer):
    """Elder Spawn: not sacrificing an Island sacrifices it, and it (by last known information) deals 6 damage."""
    extra_cards(ELDER_SPAWN, fully_read=True)
    g, ids = table(["Elder Spawn", "Island"])
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring(answer))
    assert bool(on_battlefield(g, "Elder Spawn")) == (answer == "yes")
    assert bool(on_battlefield(g, "Island")) == (answer == "no")
    assert g.state.players[0].life == (20 if answer == "yes" else 14)


@pytest.mark.rules("118.12", "701.21a")
@pytest.mark.parametrize("other", [True, False])
def test_unless_you_sacrifice_another_creature_not_itself(extra_cards, other):
    """Demonlord of Ashmouth can't be the other creature sacrificed: alone, saying yes still exiles it."""
    extra_cards(DEMONLORD_OF_ASHMOUTH, fully_read=True)
    g, ids = table(["Swamp"] * 4 + (["Grizzly Bears"] if other else []), hand_a=["Demonlord of Ashmouth"])
    cast_and_settle(g, ids["Demonlord of Ashmouth"], answer=preferring("yes"))
    assert bool(on_battlefield(g, "Demonlord of Ashmouth")) == other
    assert not on_battlefield(g, "Grizzly Bears")
    assert ("Demonlord of Ashmouth" in [g.state.objects[c].name for c in g.state.exile]) != other


VECTIS_DOMINATOR = record("Vectis Dominator", "{1}{W}{B}", "Artifact Creature — Human Cleric",
                          "{T}: Tap target creature unless its controller pays 2 life.", "0/2")
ERRATIC_PORTAL = record("Erratic Portal", "{4}", "Artifact",
                        "{1}, {T}: Return target creature to its owner's hand unless its controller pays {1}.")
TYRANNIZE = record("Tyrannize", "{3}{B}{B}", "Sorcery", "Target player discards their hand unless they pay 7 life.")
PLAGUE_FIEND = record("Plague Fiend", "{1}{B}", "Creature — Insect",
                      "Whenever Plague Fiend deals combat damage to a creature, destroy that creature unless its "
                      "controller pays {2}.", "1/1")


@pytest.mark.rules("118.12", "119.4")
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_unless_its_controller_pays_life(extra_cards, answer):
    """The target's controller, not the ability's, decides and pays."""
    extra_cards(VECTIS_DOMINATOR, fully_read=True)
    g, ids = table(["Vectis Dominator"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Vectis Dominator"], 0, targets=((bears,),)))
    asked = []

    def answer_for(d):
        asked.append(d.player)
        return (answer,)
    settle(g, answer_for)
    assert asked == [1]
    assert g.state.objects[bears].tapped == (answer == "no")
    assert g.state.players[1].life == (18 if answer == "yes" else 20)


@pytest.mark.rules("118.12", "117.1d")
@pytest.mark.parametrize("mana,returned", [(1, False), (0, True)])
def test_unless_its_controller_pays_mana(extra_cards, mana, returned):
    """Only a controller who can pay {1} may keep the creature."""
    extra_cards(ERRATIC_PORTAL, fully_read=True)
    g, ids = table(["Erratic Portal", "Island"], ["Grizzly Bears"] + ["Mountain"] * mana)
    bears = ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Erratic Portal"], 0, targets=((bears,),)))
    settle(g, preferring("yes"))
    assert bool(on_battlefield(g, "Grizzly Bears")) != returned


@pytest.mark.rules("118.12", "119.4")
@pytest.mark.parametrize("life,kept", [(20, True), (6, False)])
def test_unless_they_pay_life(extra_cards, life, kept):
    """Seven life can be paid only with seven or more (119.4)."""
    extra_cards(TYRANNIZE, fully_read=True)
    g, ids = table(["Swamp"] * 5, [], hand_a=["Tyrannize"], hand_b=["Grizzly Bears", "Shock"])
    g.state.players[1].life = life
    cast_and_settle(g, ids["Tyrannize"], targets=(("P1",),), answer=preferring("yes"))
    assert len(g.state.players[1].hand) == (2 if kept else 0)
    assert g.state.players[1].life == (13 if kept else 6)


@pytest.mark.rules("118.12", "510.2", "603.2")
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_unless_the_damaged_creatures_controller_pays(extra_cards, answer):
    """Plague Fiend's trigger is about the creature it dealt combat damage to: its controller may pay {2}."""
    extra_cards(PLAGUE_FIEND, fully_read=True)
    g, ids = table(["Plague Fiend"], ["Grizzly Bears", "Mountain", "Mountain"], step=Step.BEGINNING_OF_COMBAT)
    fiend, bears = ids["Plague Fiend"], ids["B:Grizzly Bears"]
    attack(g, fiend)
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {bears: (fiend,)}))
    asked = []

    def answer_for(d):
        asked.append(d.player)
        return (answer,)
    while g.state.step is not Step.END:
        d = g.pending
        g.apply(Choose(d.player, answer_for(d)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert asked == [1]
    assert bool(on_battlefield(g, "Grizzly Bears")) == (answer == "yes")


MOGIS = record("Mogis, God of Slaughter", "{2}{B}{R}", "Legendary Enchantment Creature — God",
               "Indestructible\nAs long as your devotion to black and red is less than seven, Mogis isn't a creature.\n"
               "At the beginning of each opponent's upkeep, Mogis deals 2 damage to that player unless they sacrifice "
               "a creature.", "7/5")


@pytest.mark.rules("118.12", "701.21a", "603.2")
@pytest.mark.parametrize("answer,creature", [("yes", True), ("no", True), ("yes", False)])
def test_unless_that_player_sacrifices(extra_cards, answer, creature):
    """The opponent whose upkeep it is decides; with no creature to sacrifice, the damage is dealt."""
    extra_cards(MOGIS, fully_read=True)
    g, ids = table(["Mogis, God of Slaughter"], ["Grizzly Bears"] if creature else [])
    asked = []

    def answer_for(d):
        asked.append(d.player)
        return (answer,) if answer in d.options else tuple(d.options[:1])
    advance(g, Step.UPKEEP, turn=4)
    settle(g, answer_for)
    sacrificed = answer == "yes" and creature
    assert set(asked) == {1}
    assert bool(on_battlefield(g, "Grizzly Bears")) == (creature and not sacrificed)
    assert g.state.players[1].life == (20 if sacrificed else 18)
