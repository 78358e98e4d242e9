"""Copies of activated and triggered abilities (707.10): "Copy target activated or triggered ability you control from an
artifact source" (the filter describes the ability's source, 113.7a) and "copy that ability" of a trigger on an
ability's activation (602.2), each with "You may choose new targets for the copy" (707.10c)."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, Choose, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

TAWNOS = record("Tawnos, Urza's Apprentice", "{U}{R}", "Legendary Creature — Human Artificer",
                "Haste\n{U}{R}, {T}: Copy target activated or triggered ability you control from an artifact source. "
                "You may choose new targets for the copy. (Mana abilities can't be targeted.)", "1/3")
WEAVER = record("Weaver of Harmony", "{1}{G}", "Enchantment Creature — Snake Druid",
                "Other enchantment creatures you control get +1/+1.\n{G}, {T}: Copy target activated or triggered "
                "ability you control from an enchantment source. You may choose new targets for the copy. (Mana "
                "abilities can't be targeted.)", "2/2")
ROD_OF_RUIN = record("Rod of Ruin", "{4}", "Artifact", "{3}, {T}: Rod of Ruin deals 1 damage to any target.")
SEAL_OF_STRENGTH = record("Seal of Strength", "{G}", "Enchantment",
                          "Sacrifice Seal of Strength: Target creature gets +3/+3 until end of turn.")


def _top(g) -> int:
    return g.state.stack[-1]


def _resolve_top(g) -> None:
    """Both players pass once: the top of the stack resolves (or asks its controller a choice)."""
    g.apply(PassPriority(g.pending.player))
    g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("707.10", "707.10c", "113.7a")
def test_tawnos_copies_an_artifact_s_ability_with_a_new_target(extra_cards):
    extra_cards(TAWNOS, ROD_OF_RUIN, fully_read=True)
    g, ids = table(["Tawnos, Urza's Apprentice", "Rod of Ruin", "Island", "Mountain", "Mountain", "Mountain",
                    "Mountain"], ["Mogg Fanatic"])
    fanatic = ids["B:Mogg Fanatic"]
    g.apply(ActivateAbility(0, ids["Rod of Ruin"], 0, targets=(("P1",),)))
    rod_ability = _top(g)
    g.apply(ActivateAbility(0, ids["Tawnos, Urza's Apprentice"], 0, targets=((rod_ability,),)))
    _resolve_top(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data["choice"] == "new_target"
    assert fanatic in g.pending.options
    g.apply(Choose(0, [fanatic]))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert fanatic not in g.state.battlefield         # the copy dealt its 1 damage to Mogg Fanatic
    assert g.state.players[1].life == 19                # the original to B


@pytest.mark.rules("707.10", "113.7a", "115.1")
def test_tawnos_cant_target_an_ability_of_a_creature_that_isnt_an_artifact(extra_cards):
    extra_cards(TAWNOS, fully_read=True)
    g, ids = table(["Tawnos, Urza's Apprentice", "Prodigal Sorcerer", "Island", "Mountain"])
    g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=(("P1",),)))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Tawnos, Urza's Apprentice"], 0, targets=((_top(g),),)))


@pytest.mark.rules("707.10", "707.10c", "113.7a")
def test_weaver_of_harmony_copies_the_ability_of_an_enchantment_sacrificed_to_activate_it(extra_cards):
    extra_cards(WEAVER, SEAL_OF_STRENGTH, fully_read=True)
    g, ids = table(["Weaver of Harmony", "Seal of Strength", "Grizzly Bears", "Forest"])
    weaver, bears = ids["Weaver of Harmony"], ids["Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Seal of Strength"], 0, targets=((weaver,),)))
    seal_ability = _top(g)
    # the Seal is gone: its ability's source is the enchantment as it last existed (113.7a)
    g.apply(ActivateAbility(0, weaver, 0, targets=((seal_ability,),)))
    _resolve_top(g)
    assert g.pending.data["choice"] == "new_target"
    g.apply(Choose(0, [bears]))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (5, 5)
    assert (g.characteristics(weaver).power, g.characteristics(weaver).toughness) == (5, 5)


@pytest.mark.rules("707.10", "113.7a", "115.1")
def test_weaver_of_harmony_cant_target_an_artifact_s_ability(extra_cards):
    extra_cards(WEAVER, ROD_OF_RUIN, fully_read=True)
    g, ids = table(["Weaver of Harmony", "Rod of Ruin", "Forest", "Mountain", "Mountain", "Mountain"])
    g.apply(ActivateAbility(0, ids["Rod of Ruin"], 0, targets=(("P1",),)))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Weaver of Harmony"], 0, targets=((_top(g),),)))


REGULATOR = record("Chandra's Regulator", "{1}{R}", "Legendary Artifact",
                   "Whenever you activate a loyalty ability of a Chandra planeswalker, you may pay {1}. If you do, copy "
                   "that ability. You may choose new targets for the copy.\n{1}, {T}, Discard a Mountain card or a red "
                   "card: Draw a card.")
FLAMES_FURY = record("Chandra, Flame's Fury", "{4}{R}{R}", "Legendary Planeswalker — Chandra",
                     "[+1]: Chandra, Flame's Fury deals 2 damage to any target.\n[−2]: Chandra, Flame's Fury deals 4 "
                     "damage to target creature and 2 damage to that creature's controller.\n[−8]: Chandra, Flame's "
                     "Fury deals 10 damage to target player and each creature that player controls.", loyalty="4")


@pytest.mark.rules("707.10", "707.10c", "602.2", "606.3")
def test_chandras_regulator_copies_the_loyalty_ability_activated(extra_cards):
    extra_cards(REGULATOR, FLAMES_FURY, fully_read=True)
    g, ids = table(["Chandra's Regulator", "Chandra, Flame's Fury", "Mountain"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, ids["Chandra, Flame's Fury"], 0, targets=(("P1",),)))
    loyalty_ability = g.state.stack[0]
    assert len(g.state.stack) == 2                       # the Regulator's trigger above it
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    assert g.pending.kind is DecisionKind.CHOOSE and "yes" in g.pending.options     # pay {1}?
    g.apply(Choose(0, ["yes"]))
    assert g.pending.data["choice"] == "new_target"
    g.apply(Choose(0, [bears]))
    assert len(g.state.stack) == 2 and g.state.stack[0] == loyalty_ability      # the copy above the original
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert bears not in g.state.battlefield              # the copy's 2 damage
    assert g.state.players[1].life == 18                 # the original's


@pytest.mark.rules("707.10", "602.2")
def test_chandras_regulator_copies_nothing_when_its_controller_doesnt_pay(extra_cards):
    extra_cards(REGULATOR, FLAMES_FURY, fully_read=True)
    g, ids = table(["Chandra's Regulator", "Chandra, Flame's Fury", "Mountain"])
    g.apply(ActivateAbility(0, ids["Chandra, Flame's Fury"], 0, targets=(("P1",),)))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    g.apply(Choose(0, ["no"]))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 18 and g.state.battlefield.count(ids["Mountain"]) == 1
    assert not g.state.objects[ids["Mountain"]].tapped
