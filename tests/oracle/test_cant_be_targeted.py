"""Static abilities saying which spells and abilities can't target a permanent (115.1, 601.2c, 602.2b):
"~ can't be the target of blue or black spells", "Enchanted creature can't be the target of spells or abilities
your opponents control", "Creatures you control can't be the targets of blue spells or abilities from blue sources"
(engine.oracle.statics, engine.query.targets). Unlike hexproof (702.11) they are no keyword: a quality of the spell,
or of the ability's source, as protection's (702.16b). Each compiled from a real card's Oracle text, then played."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

KARPLUSAN_STRIDER = record("Karplusan Strider", "{3}{G}", "Creature — Yeti",
                           "Karplusan Strider can't be the target of blue or black spells.", "3/4")
MERCENARY_INFORMER = record("Mercenary Informer", "{2}{W}", "Creature — Human Rebel Mercenary",
                            "Mercenary Informer can't be the target of black spells or abilities from black sources.\n"
                            "{2}{W}: Put target nontoken Mercenary on the bottom of its owner's library.", "2/1")
CANOPY_COVER = record("Canopy Cover", "{1}{G}", "Enchantment — Aura",
                      "Enchant creature\nEnchanted creature can't be blocked except by creatures with flying or "
                      "reach.\nEnchanted creature can't be the target of spells or abilities your opponents control.")
SHANNA = record("Shanna, Sisay's Legacy", "{G}{W}", "Legendary Creature — Human Warrior",
                "Shanna, Sisay's Legacy can't be the target of abilities your opponents control.\nShanna gets +1/+1 "
                "for each creature you control.", "0/0")
BARTEL_RUNEAXE = record("Bartel Runeaxe", "{3}{B}{R}{G}", "Legendary Creature — Giant Warrior",
                        "Vigilance\nBartel Runeaxe can't be the target of Aura spells.", "6/5")
SPELLBANE_CENTAUR = record("Spellbane Centaur", "{2}{G}", "Creature — Centaur",
                           "Creatures you control can't be the targets of blue spells or abilities from blue sources.",
                           "3/2")


@pytest.mark.rules("115.1", "601.2c", "602.2b")
def test_cant_be_the_target_of_blue_or_black_spells(extra_cards):
    extra_cards(KARPLUSAN_STRIDER, fully_read=True)
    g, ids = table(["Island", "Swamp", "Swamp", "Mountain", "Prodigal Sorcerer"], ["Karplusan Strider"],
                   hand_a=["Unsummon", "Doom Blade", "Shock"])
    strider = ids["B:Karplusan Strider"]
    for spell in ("Unsummon", "Doom Blade"):
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids[spell], targets=((strider,),)))
    # an ability of a blue source isn't a blue spell: it may target it
    activate_and_resolve(g, ids["Prodigal Sorcerer"], targets=((strider,),))
    assert g.state.objects[strider].damage == 1
    cast_and_resolve(g, ids["Shock"], targets=((strider,),))
    assert g.state.objects[strider].damage == 3


@pytest.mark.rules("115.1", "602.2b")
def test_black_spells_or_abilities_from_black_sources(extra_cards):
    extra_cards(MERCENARY_INFORMER, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Royal Assassin", "Prodigal Sorcerer"], ["Mercenary Informer"],
                   hand_a=["Murder"])
    informer = ids["B:Mercenary Informer"]
    g.state.objects[informer].tapped = True
    g.state.invalidate()
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Murder"], targets=((informer,),)))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Royal Assassin"], 0, targets=((informer,),)))
    activate_and_resolve(g, ids["Prodigal Sorcerer"], targets=((informer,),))
    assert informer not in g.state.battlefield, "a blue source's ability targets it: 1 damage kills the 2/1"


@pytest.mark.rules("115.1", "109.5")
def test_enchanted_creature_cant_be_the_target_of_your_opponents_spells(extra_cards):
    extra_cards(CANOPY_COVER, fully_read=True)
    g, ids = table(["Forest", "Forest", "Mountain", "Grizzly Bears"], ["Mountain"], hand_a=["Canopy Cover", "Shock"],
                   hand_b=["Shock"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Canopy Cover"], targets=((bears,),))
    (cover,) = on_battlefield(g, "Canopy Cover")
    assert g.state.objects[cover].attached_to == bears
    g.apply(PassPriority(0))
    assert g.pending.player == 1
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Shock"], targets=((bears,),)))
    g.apply(PassPriority(1))
    assert g.pending.player == 0 and g.state.step is Step.BEGINNING_OF_COMBAT
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))      # "your opponents": the Aura's controller may
    assert bears not in g.state.battlefield


@pytest.mark.rules("115.1", "602.2b")
def test_cant_be_the_target_of_abilities_your_opponents_control(extra_cards):
    extra_cards(SHANNA, fully_read=True)
    g, ids = table(["Mountain", "Prodigal Sorcerer"], ["Shanna, Sisay's Legacy", "Grizzly Bears"], hand_a=["Shock"])
    shanna = ids["B:Shanna, Sisay's Legacy"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=((shanna,),)))
    cast_and_resolve(g, ids["Shock"], targets=((shanna,),))       # a spell may: 2 damage kills the 2/2
    assert shanna not in g.state.battlefield


@pytest.mark.rules("115.1", "303.4a")
def test_cant_be_the_target_of_aura_spells(extra_cards):
    extra_cards(BARTEL_RUNEAXE, fully_read=True)
    g, ids = table(["Plains", "Plains", "Mountain"], ["Bartel Runeaxe"], hand_a=["Pacifism", "Shock"])
    bartel = ids["B:Bartel Runeaxe"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Pacifism"], targets=((bartel,),)))
    cast_and_resolve(g, ids["Shock"], targets=((bartel,),))
    assert g.state.objects[bartel].damage == 2


@pytest.mark.rules("115.1", "602.2b")
def test_creatures_you_control_cant_be_the_targets_of_blue_spells_or_abilities(extra_cards):
    extra_cards(SPELLBANE_CENTAUR, fully_read=True)
    g, ids = table(["Island", "Mountain", "Prodigal Sorcerer"], ["Spellbane Centaur", "Grizzly Bears"],
                   hand_a=["Unsummon", "Shock"])
    bears = ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Unsummon"], targets=((bears,),)))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=((bears,),)))
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))
    assert bears not in g.state.battlefield


GROUND_SEAL = record("Ground Seal", "{1}{G}", "Enchantment",
                     "When Ground Seal enters the battlefield, draw a card.\nCards in graveyards can't be the targets of "
                     "spells or abilities.")


@pytest.mark.rules("115.1", "601.2c")
def test_cards_in_graveyards_cant_be_targeted_while_ground_seal_is_on_the_battlefield(extra_cards):
    """An opponent's Ground Seal binds every player's spells; once it is gone, the card can be targeted again."""
    extra_cards(GROUND_SEAL, fully_read=True)
    g, ids = table(["Swamp", "Plains", "Plains"], ["Ground Seal"], hand_a=["Raise Dead", "Disenchant"])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Raise Dead"], targets=((bears,),)))
    cast_and_resolve(g, ids["Disenchant"], targets=((ids["B:Ground Seal"],),))
    cast_and_resolve(g, ids["Raise Dead"], targets=((bears,),))
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Grizzly Bears"]
