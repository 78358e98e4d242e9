"""What a kicked spell does besides or instead (702.33d, 608.2c): "If this spell was kicked, create four of those
tokens instead", "..., that creature also gains hexproof ...", "... get an additional +2/+2 ...", "it deals 4 damage
to ... instead" (it: the spell), "prevent the next 4 damage that would be dealt to that permanent or player this turn
instead". Targets a spell requires only if it was kicked, or only if it wasn't (601.2c): "it also deals 4 damage to
target player or planeswalker", "instead exile target player's graveyard"; cast without its kicker, the spell is cast
as though it didn't require the kicked instruction's targets, and kicked, as though it didn't require those of the
instruction "instead" replaces (608.2c). Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Foretell
from tests.engine.driving import advance, cast_and_resolve, cast_and_settle, on_battlefield, settle, table
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


FALLING_TIMBER = record("Falling Timber", "{2}{G}", "Instant",
                        "Kicker—Sacrifice a land. (You may sacrifice a land in addition to any other costs as you cast "
                        "this spell.)\nPrevent all combat damage target creature would deal this turn. If this spell was "
                        "kicked, prevent all combat damage another target creature would deal this turn.")
GOBLIN_BARRAGE = record("Goblin Barrage", "{3}{R}", "Sorcery",
                        "Kicker—Sacrifice an artifact or Goblin. (You may sacrifice an artifact or Goblin in addition "
                        "to any other costs as you cast this spell.)\nGoblin Barrage deals 4 damage to target creature. "
                        "If this spell was kicked, it also deals 4 damage to target player or planeswalker.")
FIGHT_WITH_FIRE = record("Fight with Fire", "{2}{R}", "Sorcery",
                         "Kicker {5}{R} (You may pay an additional {5}{R} as you cast this spell.)\nFight with Fire deals "
                         "5 damage to target creature. If this spell was kicked, it deals 10 damage divided as you "
                         "choose among any number of targets instead. (Those targets can include players and "
                         "planeswalkers.)")
WASTE_MANAGEMENT = record("Waste Management", "{2}{B}", "Instant",
                          "Kicker {3}{B} (You may pay an additional {3}{B} as you cast this spell.)\nExile up to two "
                          "target cards from a single graveyard. If this spell was kicked, instead exile target "
                          "player's graveyard. Create a 2/2 black Rogue creature token for each creature card exiled "
                          "this way.")


@pytest.mark.rules("601.2c", "702.33d")
def test_a_kicked_only_target_is_not_required_without_the_kicker(extra_cards):
    extra_cards(FALLING_TIMBER, fully_read=True)
    g, ids = table(["Forest"] * 3, ["Grizzly Bears"], ["Falling Timber"])
    bears = ids["B:Grizzly Bears"]
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Falling Timber"]]
    assert casts and all(not a.kicked and tuple(a.targets) == (bears,) for a in casts), \
        "one creature: cast unkicked with one target, not kicked (no other creature for 'another target')"
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Falling Timber"], targets=(bears,), kicked=True))
    cast_and_resolve(g, ids["Falling Timber"], targets=(bears,))
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Falling Timber"]
    assert len(g.state.battlefield) == 4, "no land sacrificed"


@pytest.mark.rules("601.2c", "702.33d")
@pytest.mark.parametrize("kicked", [False, True])
def test_it_also_deals_damage_to_a_target_player_only_if_kicked(extra_cards, kicked):
    extra_cards(GOBLIN_BARRAGE, fully_read=True)
    g, ids = table(["Mountain"] * 4 + ["Ornithopter"], ["Hill Giant"], ["Goblin Barrage"])
    giant = ids["B:Hill Giant"]
    g.apply(CastSpell(0, ids["Goblin Barrage"], targets=(giant, "P1") if kicked else (giant,), kicked=kicked))
    assert [t for group in g.state.objects[g.state.stack[-1]].stack.targets for t in group] == \
        ([giant, "P1"] if kicked else [giant])
    settle(g)
    assert giant not in g.state.battlefield
    assert g.state.players[1].life == (16 if kicked else 20)
    assert bool(on_battlefield(g, "Ornithopter")) != kicked, "the kicker: an artifact sacrificed"


@pytest.mark.rules("601.2c", "601.2d", "608.2c")
def test_kicked_instead_divides_ten_damage_among_its_own_targets(extra_cards):
    extra_cards(FIGHT_WITH_FIRE, fully_read=True)
    g, ids = table(["Mountain"] * 9, ["Hill Giant", "Grizzly Bears"], ["Fight with Fire"])
    giant, bears = ids["B:Hill Giant"], ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Fight with Fire"], targets=("P1", giant), kicked=True, divide=(("P1", 7), (giant, 3)))
    assert g.state.players[1].life == 13 and giant not in g.state.battlefield and bears in g.state.battlefield


@pytest.mark.rules("601.2c", "608.2c")
def test_unkicked_the_creature_target_alone(extra_cards):
    extra_cards(FIGHT_WITH_FIRE, fully_read=True)
    g, ids = table(["Mountain"] * 3, ["Hill Giant"], ["Fight with Fire"])
    with pytest.raises(IllegalAction):      # the kicked instruction's targets are not the spell's unkicked
        g.apply(CastSpell(0, ids["Fight with Fire"], targets=(ids["B:Hill Giant"], "P1")))
    cast_and_resolve(g, ids["Fight with Fire"], targets=(ids["B:Hill Giant"],))
    assert ids["B:Hill Giant"] not in g.state.battlefield and g.state.players[1].life == 20


@pytest.mark.rules("601.2c", "608.2c", "406.1")
@pytest.mark.parametrize("kicked", [False, True])
def test_instead_exile_a_graveyard_targets_only_the_kicked_instructions_player(extra_cards, kicked):
    extra_cards(WASTE_MANAGEMENT, fully_read=True)
    g, ids = table(["Swamp"] * 7, hand_a=["Waste Management"])
    bears, giant, forest = (g.add_card(n, 1, Zone.GRAVEYARD) for n in ("Grizzly Bears", "Hill Giant", "Forest"))
    g.apply(CastSpell(0, ids["Waste Management"], targets=("P1",) if kicked else (bears, giant), kicked=kicked))
    assert not g.state.pending.data.get("choice"), "every target given: nothing more is asked"
    settle(g)
    assert g.state.players[1].graveyard == ([] if kicked else [forest])
    assert len(on_battlefield(g, "Rogue Token")) == 2


STARNHEIM_UNLEASHED = record("Starnheim Unleashed", "{2}{W}{W}{W}", "Sorcery",
                             "Create a 4/4 white Angel Warrior creature token with flying and vigilance. If this spell "
                             "was foretold, create X of those tokens instead.\nForetell {X}{X}{W} (During your turn, you "
                             "may pay {2} and exile this card from your hand face down. Cast it on a later turn for its "
                             "foretell cost.)")


@pytest.mark.rules("702.143a", "107.3a", "608.2c")
def test_starnheim_unleashed_makes_x_angels_if_it_was_foretold(extra_cards):
    extra_cards(STARNHEIM_UNLEASHED, fully_read=True)
    g, ids = table(["Plains"] * 7, hand_a=["Starnheim Unleashed"])
    g.apply(Foretell(0, ids["Starnheim Unleashed"]))
    (exiled,) = g.state.exile
    advance(g, Step.MAIN1, turn=5)
    cast_and_settle(g, exiled, alt="foretell", x=3)
    assert len(on_battlefield(g, "Angel Warrior Token")) == 3


@pytest.mark.rules("608.2c")
def test_starnheim_unleashed_cast_from_the_hand_makes_one_angel(extra_cards):
    extra_cards(STARNHEIM_UNLEASHED, fully_read=True)
    g, ids = table(["Plains"] * 5, hand_a=["Starnheim Unleashed"])
    cast_and_settle(g, ids["Starnheim Unleashed"])
    assert len(on_battlefield(g, "Angel Warrior Token")) == 1
