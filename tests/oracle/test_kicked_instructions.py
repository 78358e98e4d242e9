"""What a kicked spell does besides or instead (702.33d, 608.2c): "If this spell was kicked, create four of those
tokens instead", "..., that creature also gains hexproof ...", "... get an additional +2/+2 ...", "it deals 4 damage
to ... instead" (it: the spell), "prevent the next 4 damage that would be dealt to that permanent or player this turn
instead". Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.oracle import compile_card
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

SAPROLING_MIGRATION = record("Saproling Migration", "{1}{G}", "Sorcery",
                             "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nCreate two 1/1 green "
                             "Saproling creature tokens. If this spell was kicked, create four of those tokens "
                             "instead.")
SHELL_SHIELD = record("Shell Shield", "{U}", "Instant",
                      "Kicker {1} (You may pay an additional {1} as you cast this spell.)\nTarget creature you control "
                      "gets +0/+3 until end of turn. If this spell was kicked, that creature also gains hexproof until "
                      "end of turn. (It can't be the target of spells or abilities your opponents control.)")
STRENGTH_OF_NIGHT = record("Strength of Night", "{2}{G}", "Instant",
                           "Kicker {B} (You may pay an additional {B} as you cast this spell.)\nCreatures you control "
                           "get +1/+1 until end of turn. If this spell was kicked, Zombie creatures you control get an "
                           "additional +2/+2 until end of turn.")


@pytest.mark.rules("702.33d", "608.2c", "111.2")
@pytest.mark.parametrize("kicked,tokens", [(False, 2), (True, 4)])
def test_create_that_many_of_those_tokens_instead(extra_cards, kicked, tokens):
    extra_cards(SAPROLING_MIGRATION, fully_read=True)
    g, ids = table(["Forest"] * 6, hand_a=["Saproling Migration"])
    cast_and_settle(g, ids["Saproling Migration"], kicked=kicked)
    saprolings = on_battlefield(g, "Saproling Token")
    assert len(saprolings) == tokens and all(g.characteristics(t).power == 1 for t in saprolings)


@pytest.mark.rules("702.33d", "608.2c")
@pytest.mark.parametrize("kicked", [False, True])
def test_that_creature_also_gains(extra_cards, kicked):
    extra_cards(SHELL_SHIELD, fully_read=True)
    g, ids = table(["Island", "Island", "Grizzly Bears"], hand_a=["Shell Shield"])
    bears = ids["Grizzly Bears"]
    cast_and_settle(g, ids["Shell Shield"], kicked=kicked, targets=((bears,),))
    ch = g.characteristics(bears)
    assert (ch.toughness, ch.has("hexproof")) == (5, kicked)


@pytest.mark.rules("702.33d", "608.2c", "613.4c")
@pytest.mark.parametrize("kicked", [False, True])
def test_an_additional_pump(extra_cards, kicked):
    extra_cards(STRENGTH_OF_NIGHT, fully_read=True)
    zombie = record("Walking Corpse", "{1}{B}", "Creature — Zombie", "", "2/2")
    extra_cards(zombie)
    g, ids = table(["Forest", "Forest", "Forest", "Swamp", "Grizzly Bears", "Walking Corpse"],
                   hand_a=["Strength of Night"])
    cast_and_settle(g, ids["Strength of Night"], kicked=kicked)
    assert g.characteristics(ids["Grizzly Bears"]).power == 3
    assert g.characteristics(ids["Walking Corpse"]).power == (5 if kicked else 3)


CANOPY_SURGE = record("Canopy Surge", "{1}{G}", "Sorcery",
                      "Kicker {2} (You may pay an additional {2} as you cast this spell.)\nCanopy Surge deals 1 damage to "
                      "each creature with flying and each player. If this spell was kicked, it deals 4 damage to each "
                      "creature with flying and each player instead.")


@pytest.mark.rules("702.33d", "608.2c")
@pytest.mark.parametrize("kicked,damage", [(False, 1), (True, 4)])
def test_it_deals_more_damage_instead_it_being_the_spell(extra_cards, kicked, damage):
    extra_cards(CANOPY_SURGE, fully_read=True)
    g, ids = table(["Forest"] * 4, ["Serra Angel"], hand_a=["Canopy Surge"])
    cast_and_settle(g, ids["Canopy Surge"], kicked=kicked)
    assert [p.life for p in g.state.players] == [20 - damage, 20 - damage]
    angel = ids["B:Serra Angel"]
    assert (angel in g.state.battlefield) == (not kicked)          # a 4/4 flier


ORIMS_TOUCH = record("Orim's Touch", "{W}", "Instant",
                     "Kicker {1} (You may pay an additional {1} as you cast this spell.)\nPrevent the next 2 damage that "
                     "would be dealt to any target this turn. If this spell was kicked, prevent the next 4 damage that "
                     "would be dealt to that permanent or player this turn instead.")


@pytest.mark.rules("702.33d", "608.2c", "615.7")
@pytest.mark.parametrize("kicked,life", [(False, 20 - 3), (True, 20 - 1)])
def test_a_bigger_shield_on_that_permanent_or_player_instead(extra_cards, kicked, life):
    extra_cards(ORIMS_TOUCH, fully_read=True)
    g, ids = table(["Plains", "Plains"] + ["Mountain"] * 5, hand_a=["Orim's Touch", "Lava Axe"])
    cast_and_settle(g, ids["Orim's Touch"], kicked=kicked, targets=(("P0",),))
    cast_and_settle(g, ids["Lava Axe"], targets=(("P0",),))
    assert g.state.players[0].life == life


FIGHT_WITH_FIRE = record("Fight with Fire", "{2}{R}", "Sorcery",
                         "Kicker {5}{R} (You may pay an additional {5}{R} as you cast this spell.)\nFight with Fire deals "
                         "5 damage to target creature. If this spell was kicked, it deals 10 damage divided as you choose "
                         "among any number of targets instead. (Those targets can include players and planeswalkers.)")


@pytest.mark.rules("601.2c", "702.33d")
def test_a_kicked_instead_with_targets_of_its_own_stays_unread():
    # read as one spell, the kicked spell would need the unkicked one's target creature too (601.2c)
    d = compile_card(FIGHT_WITH_FIRE)
    assert d.unsupported == ("If Fight with Fire was kicked, it deals 10 damage divided as you choose among any number "
                             "of targets instead",)
