"""A target phrase whose filter reads an X the sentence defines ("destroy target creature with toughness X or less,
where X is the number of Shrines you control"): that X is counted as the targets are chosen (601.2c) and again as
the ability resolves (608.2b), not the X of a cost (107.3a)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import PassPriority
from tests.engine.driving import attack, both_pass, settle, table
from tests.oracle.conftest import record

GO_SHINTAI_OF_HIDDEN_CRUELTY = record(
    "Go-Shintai of Hidden Cruelty", "{3}{B}", "Legendary Enchantment Creature — Shrine",
    "Deathtouch\nAt the beginning of your end step, you may pay {1}. When you do, destroy target creature with "
    "toughness X or less, where X is the number of Shrines you control.", "2/2")
UNFORGIVING_ONE = record(
    "Unforgiving One", "{2}{B}", "Creature — Spirit",
    "Menace (This creature can't be blocked except by two or more creatures.)\nWhenever Unforgiving One attacks, return "
    "target creature card with mana value X or less from your graveyard to the battlefield, where X is the number of "
    "modified creatures you control. (Equipment, Auras you control, and counters are modifications.)", "2/3")


def _answering(offered: list):
    """Yes to "you may pay", and the targets offered noted (the first one chosen)."""
    def answer(d):
        if d.options == ["yes", "no"]:
            return ("yes",)
        offered.append(list(d.options))
        return (d.options[0],)
    return answer


@pytest.mark.rules("601.2c", "603.12", "107.3a")
def test_one_shrine_destroys_only_a_creature_with_toughness_one_or_less(extra_cards):
    extra_cards(GO_SHINTAI_OF_HIDDEN_CRUELTY, fully_read=True)
    g, ids = table(["Go-Shintai of Hidden Cruelty", "Swamp"], ["Suntail Hawk", "Grizzly Bears"], step=Step.MAIN2)
    offered: list = []
    both_pass(g)
    settle(g, _answering(offered))
    assert offered == []        # the Hawk the only legal target: chosen without asking
    assert ids["B:Suntail Hawk"] not in g.state.battlefield and ids["B:Grizzly Bears"] in g.state.battlefield


@pytest.mark.rules("601.2c", "603.12")
def test_two_shrines_make_toughness_two_creatures_targets(extra_cards):
    extra_cards(GO_SHINTAI_OF_HIDDEN_CRUELTY, fully_read=True)
    extra_cards("Sanctum of Tranquil Light")        # a Shrine (M21)
    g, ids = table(["Go-Shintai of Hidden Cruelty", "Sanctum of Tranquil Light", "Swamp"],
                   ["Hill Giant", "Grizzly Bears"], step=Step.MAIN2)
    offered: list = []
    both_pass(g)
    settle(g, _answering(offered))
    assert set(offered[0]) == {ids["Go-Shintai of Hidden Cruelty"], ids["B:Grizzly Bears"]}    # toughness 2 or less
    assert ids["Go-Shintai of Hidden Cruelty"] not in g.state.battlefield       # the first one offered, destroyed
    assert ids["B:Hill Giant"] in g.state.battlefield      # toughness 3


@pytest.mark.rules("601.2c", "700.9", "608.2b")
def test_unforgiving_one_returns_a_card_with_mana_value_up_to_its_modified_creatures(extra_cards):
    extra_cards(UNFORGIVING_ONE, fully_read=True)
    g, ids = table(["Unforgiving One"], step=Step.MAIN1)
    g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, counters={"+1/+1": 1})      # modified: one counter (700.9)
    lions = g.add_card("Savannah Lions", 0, Zone.GRAVEYARD)
    giant = g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    attack(g, ids["Unforgiving One"])
    offered: list = []
    settle(g, _answering(offered))
    names = [g.characteristics(o).name for o in g.state.battlefield]
    assert "Savannah Lions" in names and "Hill Giant" not in names
    assert giant in g.state.players[0].graveyard and lions not in g.state.players[0].graveyard


@pytest.mark.rules("608.2b", "700.9")
def test_unforgiving_ones_x_is_counted_again_as_it_resolves(extra_cards):
    extra_cards(UNFORGIVING_ONE, fully_read=True)
    g, ids = table(["Unforgiving One"], step=Step.MAIN1)
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, counters={"+1/+1": 1})
    lions = g.add_card("Savannah Lions", 0, Zone.GRAVEYARD)
    attack(g, ids["Unforgiving One"])
    assert g.state.stack            # its trigger, the Lions its target
    g.state.writable(bears).counters = {}       # no modified creature left: X is 0 now
    g.state.invalidate()
    settle(g)
    assert lions in g.state.players[0].graveyard


VENERABLE_WARSINGER = record(
    "Venerable Warsinger", "{1}{R}{W}", "Creature — Spirit Cleric",
    "Vigilance, trample\nWhenever Venerable Warsinger deals combat damage to a player, you may return target creature "
    "card with mana value X or less from your graveyard to the battlefield, where X is the amount of damage Venerable "
    "Warsinger dealt to that player.", "3/3")


@pytest.mark.rules("601.2c", "510.2", "603.2")
def test_venerable_warsinger_returns_a_card_with_mana_value_up_to_the_damage_it_dealt(extra_cards):
    extra_cards(VENERABLE_WARSINGER, fully_read=True)
    g, ids = table(["Venerable Warsinger"], step=Step.MAIN1)
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    giant = g.add_card("Hill Giant", 0, Zone.GRAVEYARD)         # mana value 4
    attack(g, ids["Venerable Warsinger"])
    while not g.state.stack:
        g.apply(PassPriority(g.pending.player))
    offered: list = []
    settle(g, _answering(offered))
    assert g.state.players[1].life == 17
    assert bears not in g.state.players[0].graveyard and giant in g.state.players[0].graveyard
    assert "Grizzly Bears" in [g.characteristics(o).name for o in g.state.battlefield]


CUSTODI_SOULCALLER = record(
    "Custodi Soulcaller", "{1}{W}{W}", "Creature — Human Cleric",
    "Melee (Whenever this creature attacks, it gets +1/+1 until end of turn for each opponent you attacked this "
    "combat.)\nWhenever Custodi Soulcaller attacks, return target creature card with mana value X or less from your "
    "graveyard to the battlefield, where X is the number of players you attacked this combat.", "1/2")


@pytest.mark.rules("601.2c", "506.2", "702.121a")
def test_custodi_soulcaller_counts_the_players_it_attacked(extra_cards):
    extra_cards(CUSTODI_SOULCALLER, fully_read=True)
    g, ids = table(["Custodi Soulcaller"], step=Step.MAIN1)
    lions = g.add_card("Savannah Lions", 0, Zone.GRAVEYARD)
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)      # mana value 2: more than the one player attacked
    attack(g, ids["Custodi Soulcaller"])
    settle(g)
    assert lions not in g.state.players[0].graveyard and bears in g.state.players[0].graveyard
    ch = g.characteristics(ids["Custodi Soulcaller"])
    assert (ch.power, ch.toughness) == (2, 3)          # melee: one opponent attacked
