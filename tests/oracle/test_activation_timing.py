"""When an activated ability may be activated (602.5b): "Activate only during any upkeep step" (any player's),
"Activate only before the combat damage step" (the steps of any turn before it, 510)."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility, PassPriority
from engine.rules.combat import can_attack
from tests.engine.driving import activate_and_resolve, advance, attack, settle, table
from tests.oracle.conftest import record

DWARVEN_ARMORY = record("Dwarven Armory", "{2}{R}{R}", "Artifact",
                        "{2}, Sacrifice a land: Put a +2/+2 counter on target creature. Activate only during any "
                        "upkeep step.")
THOUSAND_YEAR_ELIXIR = record("Thousand-Year Elixir", "{3}", "Artifact",
                               "You may activate abilities of creatures you control as though those creatures had "
                               "haste.\n{1}, {T}: Untap target creature.")
LEONIN_SHIKARI = record("Leonin Shikari", "{1}{W}", "Creature — Cat Soldier",
                        "You may activate equip abilities any time you could cast an instant.", "2/2")
ANGUS_MACKENZIE = record("Angus Mackenzie", "{G}{W}{U}", "Legendary Creature — Human Cleric",
                         "{G}{W}{U}, {T}: Prevent all combat damage that would be dealt this turn. Activate only before "
                         "the combat damage step.", "2/2")


@pytest.mark.rules("602.5b", "503.1")
def test_during_any_upkeep_step(extra_cards):
    extra_cards(DWARVEN_ARMORY, fully_read=True)
    g, ids = table(["Dwarven Armory", "Mountain", "Mountain", "Mountain", "Grizzly Bears"])
    armory, bears = ids["Dwarven Armory"], ids["Grizzly Bears"]
    with pytest.raises(IllegalAction, match="602.5b"):
        g.apply(ActivateAbility(0, armory, 0, targets=((bears,),)))      # a main phase
    advance(g, Step.UPKEEP, turn=4)                                       # the opponent's upkeep
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, armory, 0, targets=((bears,),)))
    settle(g)                                                             # a Mountain sacrificed
    assert g.characteristics(bears).power == 4


@pytest.mark.rules("602.5b", "510.4", "615.1")
def test_before_the_combat_damage_step(extra_cards):
    extra_cards(ANGUS_MACKENZIE, fully_read=True)
    g, ids = table(["Angus Mackenzie", "Forest", "Plains", "Island", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    angus = ids["Angus Mackenzie"]
    g.state.objects[angus].sick = False
    g.clone().apply(ActivateAbility(0, angus, 0))           # before attackers: any step before combat damage
    attack(g, ids["Grizzly Bears"])
    activate_and_resolve(g, angus, 0)
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 20
    g2, ids2 = table(["Angus Mackenzie", "Forest", "Plains", "Island"], step=Step.END_OF_COMBAT)
    g2.state.objects[ids2["Angus Mackenzie"]].sick = False
    with pytest.raises(IllegalAction, match="602.5b"):
        g2.apply(ActivateAbility(0, ids2["Angus Mackenzie"], 0))


ARCUMS_SLEIGH = record("Arcum's Sleigh", "{1}", "Artifact",
                       "{2}, {T}: Target creature gains vigilance until end of turn. Activate only during combat and "
                       "only if defending player controls a snow land.")
SNOW_FOREST = {"name": "Snow-Covered Forest", "manaCost": None, "type": "Basic Snow Land — Forest", "types": ["Land"],
               "supertypes": ["Basic", "Snow"], "subtypes": ["Forest"], "colors": [], "text": "({T}: Add {G}.)",
               "layout": "normal"}


@pytest.mark.rules("602.5b", "506.2", "205.4g")
@pytest.mark.parametrize("snow", [True, False])
def test_activate_only_if_defending_player_controls_a_snow_land(extra_cards, snow):
    extra_cards(ARCUMS_SLEIGH, SNOW_FOREST, fully_read=True)
    g, ids = table(["Arcum's Sleigh", "Grizzly Bears", "Forest", "Forest"],
                   ["Snow-Covered Forest" if snow else "Forest"], step=Step.BEGINNING_OF_COMBAT)
    sleigh = ids["Arcum's Sleigh"]
    offered = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == sleigh]
    assert bool(offered) is snow


@pytest.mark.rules("302.6")
def test_activate_abilities_as_though_creatures_had_haste(extra_cards):
    # only its controller's creatures; and a {T} ability only: they still can't attack (508.1a)
    extra_cards(THOUSAND_YEAR_ELIXIR, fully_read=True)
    g, ids = table(["Thousand-Year Elixir", "Prodigal Sorcerer", "Plains"], ["Prodigal Sorcerer"])
    mine, theirs = ids["Prodigal Sorcerer"], ids["B:Prodigal Sorcerer"]
    g.state.objects[mine].sick = g.state.objects[theirs].sick = True
    activate_and_resolve(g, mine, 0, targets=(("P1",),))
    assert g.state.players[1].life == 19
    assert not can_attack(g, mine)
    activate_and_resolve(g, ids["Thousand-Year Elixir"], 0, targets=((mine,),))      # untapped: again
    activate_and_resolve(g, mine, 0, targets=(("P1",),))
    assert g.state.players[1].life == 18
    g, ids = table(["Prodigal Sorcerer"], ["Thousand-Year Elixir"])
    g.state.objects[ids["Prodigal Sorcerer"]].sick = True
    with pytest.raises(IllegalAction, match="302.6"):
        g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=(("P1",),)))


@pytest.mark.rules("602.5d", "702.6a")
def test_activate_equip_abilities_any_time_you_could_cast_an_instant(extra_cards):
    extra_cards(LEONIN_SHIKARI, fully_read=True)
    g, ids = table(["Leonin Shikari", "Bonesplitter", "Plains"])
    advance(g, Step.BEGINNING_OF_COMBAT)
    activate_and_resolve(g, ids["Bonesplitter"], 0, targets=((ids["Leonin Shikari"],),))
    assert g.characteristics(ids["Leonin Shikari"]).power == 4
    g, ids = table(["Grizzly Bears", "Bonesplitter", "Plains"], ["Leonin Shikari"])
    advance(g, Step.BEGINNING_OF_COMBAT)
    with pytest.raises(IllegalAction, match="602.5d"):           # only its controller's equip abilities
        g.apply(ActivateAbility(0, ids["Bonesplitter"], 0, targets=((ids["Grizzly Bears"],),)))
