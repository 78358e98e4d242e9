"""Qualities read from what is attached to a permanent: "creatures you control that are enchanted" (303.4) and
"modified" creatures (700.9: with a counter on them, equipped, or enchanted by an Aura their controller controls),
in static abilities and counted costs (601.2f, 602.2b); and "~ can't be blocked this turn except by Walls" (509.1b),
a resolved effect whose filter the saved game keeps."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import (activate_and_resolve, attack, can_block, cast_and_resolve, on_battlefield,
                                  resolve_stack, table, until_blockers)
from tests.oracle.conftest import record

GUARDIANS_MAGEMARK = record("Guardian's Magemark", "{2}{W}", "Enchantment — Aura",
                            "Flash\nEnchant creature\nCreatures you control that are enchanted get +1/+1.")
INFILTRATORS_MAGEMARK = record("Infiltrator's Magemark", "{2}{U}", "Enchantment — Aura",
                               "Enchant creature\nCreatures you control that are enchanted get +1/+1 and can't be "
                               "blocked except by creatures with defender.")
WALKING_SKYSCRAPER = record("Walking Skyscraper", "{8}", "Artifact Creature — Construct",
                            "This spell costs {1} less to cast for each modified creature you control. (Equipment, "
                            "Auras you control, and counters are modifications.)\nTrample\nWalking Skyscraper has "
                            "hexproof as long as it's untapped. (It can't be the target of spells or abilities your "
                            "opponents control.)", "8/8")
TOWASHI_GUIDE_BOT = record("Towashi Guide-Bot", "{4}", "Artifact Creature — Construct",
                           "When Towashi Guide-Bot enters the battlefield, put a +1/+1 counter on target creature you "
                           "control.\n{4}, {T}: Draw a card. This ability costs {1} less to activate for each modified "
                           "creature you control. (Equipment, Auras you control, and counters are modifications.)", "2/1")
VARCHILDS_CRUSADER = record("Varchild's Crusader", "{3}{R}", "Creature — Human Knight",
                            "{0}: Varchild's Crusader can't be blocked this turn except by Walls. Sacrifice Varchild's "
                            "Crusader at the beginning of the next end step.", "3/2")
WALL = record("Test Wall", "{1}{W}", "Creature — Wall", "Defender", "0/4")
PACIFISM = record("Test Pacifism", "{1}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack.")
BONESPLITTER = record("Test Bonesplitter", "{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}")


def _attach(g, name: str, to: int, controller: int = 0) -> int:
    oid = g.add_card(name, controller, Zone.BATTLEFIELD)
    g.attach(oid, to)
    return oid


@pytest.mark.rules("303.4", "613.4c")
def test_creatures_you_control_that_are_enchanted(extra_cards):
    extra_cards(GUARDIANS_MAGEMARK, PACIFISM, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard", "Hill Giant"], ["Wind Drake"])
    _attach(g, "Guardian's Magemark", ids["Grizzly Bears"])
    _attach(g, "Test Pacifism", ids["Elite Vanguard"], controller=1)   # an opponent's Aura enchants it too
    _attach(g, "Test Pacifism", ids["B:Wind Drake"], controller=1)     # not a creature you control
    pts = [(g.characteristics(ids[n]).power, g.characteristics(ids[n]).toughness)
           for n in ("Grizzly Bears", "Elite Vanguard", "Hill Giant", "B:Wind Drake")]
    assert pts == [(3, 3), (3, 2), (3, 3), (2, 2)]


@pytest.mark.rules("303.4", "509.1b")
def test_enchanted_creatures_cant_be_blocked_except_by_defenders(extra_cards):
    extra_cards(INFILTRATORS_MAGEMARK, WALL, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Test Wall", "Hill Giant"])
    _attach(g, "Infiltrator's Magemark", ids["Grizzly Bears"])
    attack(g, ids["Grizzly Bears"])
    until_blockers(g)
    assert can_block(g, ids["B:Test Wall"], ids["Grizzly Bears"])
    assert not can_block(g, ids["B:Hill Giant"], ids["Grizzly Bears"])


@pytest.mark.rules("700.9", "601.2f")
def test_costs_one_less_for_each_modified_creature(extra_cards):
    extra_cards(WALKING_SKYSCRAPER, PACIFISM, BONESPLITTER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard", "Hill Giant", "Wind Drake"] + ["Plains"] * 4,
                   hand_a=["Walking Skyscraper"])
    g.state.objects[ids["Grizzly Bears"]].counters["+1/+1"] = 1           # a counter
    _attach(g, "Test Bonesplitter", ids["Elite Vanguard"])                 # equipped
    _attach(g, "Test Pacifism", ids["Hill Giant"])                         # enchanted by an Aura you control
    _attach(g, "Test Pacifism", ids["Wind Drake"], controller=1)           # an opponent's Aura: not modified
    g.state.invalidate()
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Walking Skyscraper"]))                   # {5}: one short
    g, ids = table(["Grizzly Bears", "Elite Vanguard", "Hill Giant", "Wind Drake"] + ["Plains"] * 4,
                   hand_a=["Walking Skyscraper"])
    for name in ("Grizzly Bears", "Elite Vanguard", "Hill Giant", "Wind Drake"):
        g.state.objects[ids[name]].counters["+1/+1"] = 1
    g.state.invalidate()
    cast_and_resolve(g, ids["Walking Skyscraper"])                         # {4}
    assert on_battlefield(g, "Walking Skyscraper")


@pytest.mark.rules("700.9", "602.2b")
def test_ability_costs_less_for_each_modified_creature(extra_cards):
    extra_cards(TOWASHI_GUIDE_BOT, fully_read=True)
    g, ids = table(["Towashi Guide-Bot", "Grizzly Bears", "Plains", "Plains"])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Towashi Guide-Bot"], 0))
    g.state.objects[ids["Grizzly Bears"]].counters["+1/+1"] = 1
    g.state.objects[ids["Towashi Guide-Bot"]].counters["+1/+1"] = 1
    g.state.invalidate()
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, ids["Towashi Guide-Bot"], 0)                   # {2}
    assert len(g.state.players[0].hand) == hand + 1


@pytest.mark.rules("509.1b", "611.2a")
def test_cant_be_blocked_this_turn_except_by_walls_survives_a_save(extra_cards):
    extra_cards(VARCHILDS_CRUSADER, WALL, fully_read=True)
    g, ids = table(["Varchild's Crusader"], ["Test Wall", "Hill Giant"])
    activate_and_resolve(g, ids["Varchild's Crusader"], 0)
    g = Game.from_json(g.to_json())
    attack(g, ids["Varchild's Crusader"])
    until_blockers(g)
    assert can_block(g, ids["B:Test Wall"], ids["Varchild's Crusader"])
    assert not can_block(g, ids["B:Hill Giant"], ids["Varchild's Crusader"])


TIME_ELEMENTAL = record("Time Elemental", "{2}{U}", "Creature — Elemental",
                        "When Time Elemental attacks or blocks, at end of combat, sacrifice it and it deals 5 damage to "
                        "you.\n{2}{U}{U}, {T}: Return target permanent that isn't enchanted to its owner's hand.", "0/2")


@pytest.mark.rules("303.4", "115.1", "608.2b")
def test_time_elemental_returns_only_a_permanent_that_isnt_enchanted(extra_cards):
    extra_cards(TIME_ELEMENTAL, PACIFISM, fully_read=True)
    g, ids = table(["Time Elemental"] + ["Island"] * 4, ["Grizzly Bears", "Hill Giant"])
    _attach(g, "Test Pacifism", ids["B:Hill Giant"])
    g.state.invalidate()
    with pytest.raises(IllegalAction):                                     # an Aura is attached to it
        g.apply(ActivateAbility(0, ids["Time Elemental"], 0, targets=((ids["B:Hill Giant"],),)))
    activate_and_resolve(g, ids["Time Elemental"], 0, targets=((ids["B:Grizzly Bears"],),))
    assert ids["B:Grizzly Bears"] not in g.state.battlefield and len(g.state.players[1].hand) == 1
    assert ids["B:Hill Giant"] in g.state.battlefield


@pytest.mark.rules("303.4", "608.2b")
def test_time_elemental_fizzles_when_its_target_becomes_enchanted(extra_cards):
    extra_cards(TIME_ELEMENTAL, PACIFISM, fully_read=True)
    g, ids = table(["Time Elemental"] + ["Island"] * 4, ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Time Elemental"], 0, targets=((bears,),)))
    _attach(g, "Test Pacifism", bears)            # enchanted before it resolves: no longer a legal target
    g.state.invalidate()
    resolve_stack(g)
    assert bears in g.state.battlefield


STEAL_ENCHANTMENT = record("Steal Enchantment", "{U}{U}", "Enchantment — Aura",
                           "Enchant enchantment\nYou control enchanted enchantment.")


@pytest.mark.rules("303.4", "613.1b")
def test_you_control_enchanted_enchantment(extra_cards):
    extra_cards(STEAL_ENCHANTMENT, fully_read=True)
    g, ids = table(["Island", "Island", "Grizzly Bears"], ["Glorious Anthem"], hand_a=["Steal Enchantment"])
    anthem = ids["B:Glorious Anthem"]
    assert g.characteristics(ids["Grizzly Bears"]).power == 2
    cast_and_resolve(g, ids["Steal Enchantment"], targets=((anthem,),))
    assert g.characteristics(anthem).controller == 0
    assert g.characteristics(ids["Grizzly Bears"]).power == 3, "its anthem is A's now (layer 2)"
