"""Rolling a die (706): "Roll a d20." and its results table, one line a range of results with what it
does (706.3a), read as part of the roll's ability (706.3b). Each is compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.effect_types import DieResult, GainLife, RollDie
from engine.core.rng import Rng
from tests.engine.driving import activate_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

HERALD_OF_HADAR = record("Herald of Hadar", "{4}{B}", "Creature — Human Warlock",
                         "Circle of Death — {5}{B}: Roll a d20.\n1—9 | Each opponent loses 2 life.\n10—19 | Each "
                         "opponent loses 2 life and you gain 2 life.\n20 | Each opponent loses 2 life and you gain 2 "
                         "life. Create two Treasure tokens. (They're artifacts with \"{T}, Sacrifice this artifact: "
                         "Add one mana of any color.\")", "4/4")
SPIKED_PIT_TRAP = record("Spiked Pit Trap", "{1}", "Artifact",
                         "Flash\n{5}, {T}, Sacrifice Spiked Pit Trap: Choose target creature, then roll a d20.\n1—9 | "
                         "Spiked Pit Trap deals 5 damage to that creature.\n10—20 | Spiked Pit Trap deals 5 damage to "
                         "that creature. Create a Treasure token.")
SYLVAN_SHEPHERD = record("Sylvan Shepherd", "{2}{G}", "Creature — Human Druid",
                         "Vigilance\nWhenever Sylvan Shepherd attacks, roll a d20.\n1—9 | You gain 1 life.\n10—19 | "
                         "You gain 2 life.\n20 | You gain 5 life.", "2/3")


def _treasures(g) -> int:
    return sum(1 for o in g.state.battlefield if g.state.objects[o].name == "Treasure Token")


@pytest.mark.rules("706.1a", "706.2", "706.3a", "706.3b")
def test_the_results_table_line_holding_the_result_happens(extra_cards):
    extra_cards(HERALD_OF_HADAR, fully_read=True)
    seen = set()
    for seed in range(400):
        g, ids = table(["Herald of Hadar"] + ["Swamp"] * 6)
        g.state.rng = Rng(seed)
        events = activate_and_resolve(g, ids["Herald of Hadar"])
        rolls = [e for e in events if e.kind == "die_roll"]
        assert len(rolls) == 1 and rolls[0].data["sides"] == 20
        result = rolls[0].data["result"]
        assert 1 <= result <= 20
        band = 0 if result <= 9 else 1 if result <= 19 else 2
        seen.add(band)
        assert g.state.players[1].life == 18
        assert g.state.players[0].life == (20 if band == 0 else 22)
        assert _treasures(g) == (2 if band == 2 else 0)
        if seen == {0, 1, 2}:
            break
    assert seen == {0, 1, 2}


@pytest.mark.rules("706.3a", "115.1")
def test_a_target_chosen_before_the_roll(extra_cards):
    """ "Choose target creature, then roll a d20": the target is the ability's (601.2c), "that creature" in each
    line of the table; "10—20" is a range of results."""
    extra_cards(SPIKED_PIT_TRAP, fully_read=True)
    seen = set()
    for seed in range(40):
        g, ids = table(["Spiked Pit Trap"] + ["Plains"] * 5, ["Craw Wurm"])
        g.state.rng = Rng(seed)
        events = activate_and_resolve(g, ids["Spiked Pit Trap"], targets=((ids["B:Craw Wurm"],),))
        result = next(e for e in events if e.kind == "die_roll").data["result"]
        seen.add(result >= 10)
        assert not on_battlefield(g, "Craw Wurm")
        assert _treasures(g) == (1 if result >= 10 else 0)
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.rules("706.3b")
def test_a_triggered_roll_keeps_its_table(card):
    d = card(SYLVAN_SHEPHERD["name"], SYLVAN_SHEPHERD["manaCost"], SYLVAN_SHEPHERD["type"], SYLVAN_SHEPHERD["text"],
             "2/3")
    assert d.supported
    roll = d.triggered[0].mode.effects[0]
    assert isinstance(roll, RollDie) and roll.sides == 20
    assert [(r.low, r.high) for r in roll.table] == [(1, 9), (10, 19), (20, 20)]
    assert roll.table[2] == DieResult(20, 20, (GainLife(roll.who, roll.table[2].effects[0].amount),))
    # a line after the table isn't one of its lines; "N+" is that result or more (706.3a)
    spell = card("Table Then", "{1}", "Sorcery", "Roll a d20.\n1—9 | You gain 1 life.\n10+ | You gain 2 life.\n"
                 "Draw a card.")
    assert not spell.supported
    more = card("Table Plus", "{1}", "Sorcery", "Roll a d20.\n1—9 | You gain 1 life.\n10+ | You gain 2 life.")
    assert [(r.low, r.high) for r in more.spell.modes[0].effects[0].table] == [(1, 9), (10, None)]


FEYWILD_TRICKSTER = record("Feywild Trickster", "{2}{U}", "Creature — Gnome Warlock",
                           "Whenever you roll one or more dice, create a 1/1 blue Faerie Dragon creature token with "
                           "flying.", "2/2")
CHANCE_ENCOUNTER = record("Chance Encounter", "{2}{R}{R}", "Enchantment",
                          "Whenever you win a coin flip, put a luck counter on Chance Encounter.\nAt the beginning of "
                          "your upkeep, if Chance Encounter has ten or more luck counters on it, you win the game.")
SANDSWIMMER = record("Viashino Sandswimmer", "{R}", "Creature — Viashino Warrior",
                     "{R}: Flip a coin. If you win the flip, return Viashino Sandswimmer to its owner's hand. "
                     "If you lose the flip, sacrifice Viashino Sandswimmer.", "3/2")


@pytest.mark.rules("706.1", "603.2")
def test_whenever_you_roll_one_or_more_dice(extra_cards):
    extra_cards(FEYWILD_TRICKSTER, HERALD_OF_HADAR, fully_read=True)
    g, ids = table(["Feywild Trickster", "Herald of Hadar"] + ["Swamp"] * 6, ["Feywild Trickster"])
    activate_and_resolve(g, ids["Herald of Hadar"])
    dragons = on_battlefield(g, "Faerie Dragon Token")
    # one roll, one token, for the player who rolled (B's Trickster doesn't see A's roll)
    assert len(dragons) == 1 and g.state.objects[dragons[0]].controller == 0


@pytest.mark.rules("705.2", "603.2")
def test_whenever_you_win_a_coin_flip(extra_cards):
    extra_cards(CHANCE_ENCOUNTER, SANDSWIMMER, fully_read=True)
    seen = set()
    for seed in range(40):
        g, ids = table(["Chance Encounter", "Viashino Sandswimmer", "Mountain"])
        g.state.rng = Rng(seed)
        events = activate_and_resolve(g, ids["Viashino Sandswimmer"])
        won = next(e.data["won"] for e in events if e.kind == "coin_flip")
        seen.add(won)
        assert g.state.objects[ids["Chance Encounter"]].counters.get("luck", 0) == int(won)
        if seen == {True, False}:
            break
    assert seen == {True, False}
