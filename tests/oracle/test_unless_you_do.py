"""'<instruction> unless you <action>' (118.12): the controller may carry out the action (sacrifice, return,
exile, pay life) as the ability resolves; only if they don't, or can't, does the instruction happen. Each compiled
from a real card's Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import PlayLand
from tests.engine.driving import advance, cast_and_settle, on_battlefield, preferring, settle, table
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
