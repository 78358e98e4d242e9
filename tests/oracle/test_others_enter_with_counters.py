"""'Each other <kind> creature you control enters with an additional +1/+1 counter on it' (614.1c, 614.12): a
replacement effect of a permanent on the battlefield on how each permanent of its group enters, with the condition
of 'as long as' (611.3a); 'This turn, each creature you control enters with ...', a resolved ability's (611.2c).
Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from tests.engine.driving import activate_and_resolve, advance, cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

GRUMGULLY = record("Grumgully, the Generous", "{1}{R}{G}", "Legendary Creature — Goblin Shaman",
                   "Each other non-Human creature you control enters the battlefield with an additional +1/+1 counter "
                   "on it.", "3/3")
VAMPIRE_SOCIALITE = record("Vampire Socialite", "{B}{R}", "Creature — Vampire Noble",
                           "Menace (This creature can't be blocked except by two or more creatures.)\nWhen Vampire "
                           "Socialite enters the battlefield, if an opponent lost life this turn, put a +1/+1 counter "
                           "on each other Vampire you control.\nAs long as an opponent lost life this turn, each other "
                           "Vampire you control enters the battlefield with an additional +1/+1 counter on it.", "2/2")
CHILD_OF_NIGHT = record("Child of Night", "{1}{B}", "Creature — Vampire",
                        "Lifelink (Damage dealt by this creature also causes you to gain that much life.)", "2/1")


@pytest.mark.rules("614.1c", "614.12")
def test_each_other_non_human_creature_enters_with_an_additional_counter(extra_cards):
    extra_cards(GRUMGULLY, fully_read=True)
    g, ids = table(["Grumgully, the Generous", "Forest", "Forest", "Plains"], hand_a=["Grizzly Bears", "Elite Vanguard"])
    (grumgully,) = on_battlefield(g, "Grumgully, the Generous")
    cast_and_settle(g, ids["Grizzly Bears"])
    cast_and_settle(g, ids["Elite Vanguard"])
    (bears,) = on_battlefield(g, "Grizzly Bears")
    (vanguard,) = on_battlefield(g, "Elite Vanguard")
    assert g.state.objects[bears].counters == {"+1/+1": 1}
    assert g.state.objects[vanguard].counters == {}          # a Human isn't in the group
    assert g.state.objects[grumgully].counters == {}          # "other": not itself


@pytest.mark.rules("614.1c", "611.3a")
@pytest.mark.parametrize("lost_life", [True, False])
def test_as_long_as_an_opponent_lost_life_this_turn(extra_cards, lost_life):
    extra_cards(VAMPIRE_SOCIALITE, CHILD_OF_NIGHT, fully_read=True)
    g, ids = table(["Vampire Socialite"] + ["Swamp"] * 2, hand_a=["Child of Night"])
    if lost_life:
        g.set_player(1, life=17)
        g.state.players[1].life_lost_turn = 3
    cast_and_settle(g, ids["Child of Night"])
    (child,) = on_battlefield(g, "Child of Night")
    assert g.state.objects[child].counters == ({"+1/+1": 1} if lost_life else {})
    assert g.state.objects[child].zone is Zone.BATTLEFIELD


ZAMECK_GUILDMAGE = record("Zameck Guildmage", "{G}{U}", "Creature — Elf Wizard",
                          "{G}{U}: This turn, each creature you control enters the battlefield with an additional "
                          "+1/+1 counter on it.\n{G}{U}, Remove a +1/+1 counter from a creature you control: Draw a "
                          "card.", "2/2")


@pytest.mark.rules("614.1c", "611.2c", "514.2")
def test_this_turn_each_creature_you_control_enters_with_an_additional_counter(extra_cards):
    extra_cards(ZAMECK_GUILDMAGE, fully_read=True)
    g, ids = table(["Zameck Guildmage", "Forest", "Island", "Forest", "Forest"], hand_a=["Grizzly Bears"])
    activate_and_resolve(g, ids["Zameck Guildmage"])
    cast_and_settle(g, ids["Grizzly Bears"])       # a creature that wasn't there as the ability resolved
    (bears,) = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[bears].counters == {"+1/+1": 1}
    assert g.state.objects[ids["Zameck Guildmage"]].counters == {}     # already there: it doesn't enter
    advance(g, Step.UPKEEP, turn=4)
    assert not any(e.params["kind"] == "group_enters_with_counter" for e in g.state.effects)   # ends this turn
