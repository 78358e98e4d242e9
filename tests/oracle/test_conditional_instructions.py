"""Conditional instructions of spells and triggered abilities (608.2c, 603.4): "If <condition>, <instruction> also"
(the instruction in addition to those before it), "you control fewer creatures than an opponent", and a trigger's
"if that player has two or fewer cards in hand", "if defending player controls no black permanents", "if a white
creature is attacking". Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, DeclareAttackers, PassPriority, PlayLand
from tests.engine.driving import (advance, attack, cast_and_resolve, on_battlefield, pass_until, resolve_stack, settle,
                                  table)
from tests.oracle.conftest import record
from tests.oracle.test_kicked_instructions import SAPROLING_MIGRATION

LILIANAS_TRIUMPH = record("Liliana's Triumph", "{1}{B}", "Instant",
                          "Each opponent sacrifices a creature. If you control a Liliana planeswalker, each opponent "
                          "also discards a card.")
RAVAGING_BLAZE = record("Ravaging Blaze", "{X}{R}{R}", "Instant",
                        "Ravaging Blaze deals X damage to target creature.\nSpell mastery — If there are two or more "
                        "instant and/or sorcery cards in your graveyard, Ravaging Blaze also deals X damage to that "
                        "creature's controller.")
TIMELY_REINFORCEMENTS = record("Timely Reinforcements", "{2}{W}", "Sorcery",
                               "If you have less life than an opponent, you gain 6 life. If you control fewer "
                               "creatures than an opponent, create three 1/1 white Soldier creature tokens.")
LAVABORN_MUSE = record("Lavaborn Muse", "{3}{R}", "Creature — Spirit",
                       "At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, "
                       "Lavaborn Muse deals 3 damage to that player.", "3/3")


@pytest.mark.rules("608.2c", "701.21a")
@pytest.mark.parametrize("liliana", [True, False])
def test_each_opponent_also_discards_if_you_control_a_liliana(extra_cards, liliana):
    extra_cards(LILIANAS_TRIUMPH, fully_read=True)
    g, ids = table(["Swamp", "Swamp"] + (["Liliana of the Veil"] if liliana else []), ["Grizzly Bears"],
                   ["Liliana's Triumph"], hand_b=["Shock"])
    cast_and_resolve(g, ids["Liliana's Triumph"])
    settle(g)
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == \
        (["Grizzly Bears", "Shock"] if liliana else ["Grizzly Bears"])


@pytest.mark.rules("608.2c", "207.2c", "107.3a")
@pytest.mark.parametrize("mastery", [True, False])
def test_spell_mastery_also_deals_x_damage_to_the_controller(extra_cards, mastery):
    extra_cards(RAVAGING_BLAZE, fully_read=True)
    g, ids = table(["Mountain"] * 4, ["Hill Giant"], ["Ravaging Blaze"])
    for name in ("Shock", "Lightning Bolt")[:2 if mastery else 1]:
        g.add_card(name, 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Ravaging Blaze"], targets=((ids["B:Hill Giant"],),), x=2)
    assert g.state.objects[ids["B:Hill Giant"]].damage == 2
    assert g.state.players[1].life == (18 if mastery else 20)


@pytest.mark.rules("608.2c", "111.2")
@pytest.mark.parametrize("b_creatures,tokens", [(2, 3), (1, 0)])
def test_timely_reinforcements_with_fewer_creatures_than_an_opponent(extra_cards, b_creatures, tokens):
    extra_cards(TIMELY_REINFORCEMENTS, fully_read=True)
    g, ids = table(["Plains"] * 3 + ["Savannah Lions"], ["Grizzly Bears", "Hill Giant"][:b_creatures],
                   ["Timely Reinforcements"], life_a=15)
    cast_and_resolve(g, ids["Timely Reinforcements"])
    assert len(on_battlefield(g, "Soldier Token")) == tokens
    assert g.state.players[0].life == 21


@pytest.mark.rules("603.4", "503.1a")
@pytest.mark.parametrize("cards,damage", [(2, 3), (3, 0)])
def test_lavaborn_muse_if_that_player_has_two_or_fewer_cards(extra_cards, cards, damage):
    extra_cards(LAVABORN_MUSE, fully_read=True)
    g, ids = table(["Lavaborn Muse"], [], hand_b=["Shock", "Opt", "Island"][:cards])
    advance(g, Step.UPKEEP, turn=4)
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 20 - damage)


SPECTRAL_BEARS = record("Spectral Bears", "{1}{G}", "Creature — Bear",
                        "Whenever Spectral Bears attacks, if defending player controls no black nontoken permanents, "
                        "it doesn't untap during your next untap step.", "3/3")
NEMESIS_TRAP = record("Nemesis Trap", "{4}{B}{B}", "Instant — Trap",
                      "If a white creature is attacking, you may pay {B}{B} rather than pay this spell's mana cost.\n"
                      "Exile target attacking creature. Create a token that's a copy of that creature. Exile it at the "
                      "beginning of the next end step.")


@pytest.mark.rules("603.4", "506.2", "502.3")
@pytest.mark.parametrize("black,untaps", [(False, False), (True, True)])
def test_if_defending_player_controls_no_black_permanents(extra_cards, black, untaps):
    extra_cards(SPECTRAL_BEARS, fully_read=True)
    g, ids = table(["Spectral Bears"], ["Black Knight"] if black else ["Grizzly Bears"])
    attack(g, ids["Spectral Bears"])
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.objects[ids["Spectral Bears"]].tapped != untaps


@pytest.mark.rules("118.9", "508.1")
@pytest.mark.parametrize("attacker,allowed", [("Savannah Lions", True), ("Grizzly Bears", False)])
def test_nemesis_trap_while_a_white_creature_is_attacking(extra_cards, attacker, allowed):
    extra_cards(NEMESIS_TRAP, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], [attacker], ["Nemesis Trap"], active=1)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {ids["B:" + attacker]: "P0"}))
    g.apply(PassPriority(1))
    cast = CastSpell(0, ids["Nemesis Trap"], targets=((ids["B:" + attacker],),), alt="alternative")
    if not allowed:
        with pytest.raises(IllegalAction):      # a green attacker: only the mana cost, which A can't pay
            g.apply(cast)
        return
    g.apply(cast)
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.exile] == ["Savannah Lions"]
    (copy,) = on_battlefield(g, "Savannah Lions")       # the token copy of the exiled creature (608.2h), A's
    assert g.state.objects[copy].token is not None and g.state.objects[copy].controller == 0


RING_OF_XATHRID = record("Ring of Xathrid", "{2}", "Artifact — Equipment",
                         "{2}: Regenerate equipped creature. (The next time that creature would be destroyed this turn, "
                         "it isn't. Instead tap it, remove all damage from it, and remove it from combat.)\nAt the "
                         "beginning of your upkeep, put a +1/+1 counter on equipped creature if it's black.\nEquip {1} "
                         "({1}: Attach to target creature you control. Equip only as a sorcery.)")


@pytest.mark.rules("608.2c", "603.2", "301.5")
@pytest.mark.parametrize("creature,counters", [("Grizzly Bears", 0), ("Typhoid Rats", 1)])
def test_put_a_counter_on_equipped_creature_if_its_black(extra_cards, creature, counters):
    extra_cards(RING_OF_XATHRID, fully_read=True)
    g, ids = table(["Ring of Xathrid", creature], turn=2, active=1)
    g.state.objects[ids["Ring of Xathrid"]].attached_to = ids[creature]
    g.state.invalidate()
    advance(g, Step.MAIN1, turn=3)
    resolve_stack(g)
    assert g.state.objects[ids[creature]].counters.get("+1/+1", 0) == counters


ERTAIS_TRICKERY = record("Ertai's Trickery", "{U}", "Instant", "Counter target spell if it was kicked.")
CORRUPTED_RESOLVE = record("Corrupted Resolve", "{1}{U}", "Instant",
                           "Counter target spell if its controller is poisoned.")


def _answer_a_spell_of_b(g, ids, answer: str, **cast) -> bool:
    """B casts Saproling Migration in B's turn; A answers with `answer`; whether B's spell was countered."""
    g.apply(CastSpell(1, ids["B:Saproling Migration"], **cast))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids[answer], targets=((g.state.stack[-1],),)))
    resolve_stack(g)
    return not on_battlefield(g, "Saproling Token")


@pytest.mark.rules("702.33d", "608.2c", "701.6a")
@pytest.mark.parametrize("kicked", [False, True])
def test_counter_target_spell_if_it_was_kicked(extra_cards, kicked):
    extra_cards(ERTAIS_TRICKERY, SAPROLING_MIGRATION, fully_read=True)
    g, ids = table(["Island"], ["Forest"] * 6, hand_a=["Ertai's Trickery"], hand_b=["Saproling Migration"], active=1)
    assert _answer_a_spell_of_b(g, ids, "Ertai's Trickery", kicked=kicked) is kicked


@pytest.mark.rules("122.1f", "608.2c", "701.6a")
@pytest.mark.parametrize("poison", [0, 1])
def test_counter_target_spell_if_its_controller_is_poisoned(extra_cards, poison):
    extra_cards(CORRUPTED_RESOLVE, SAPROLING_MIGRATION, fully_read=True)
    g, ids = table(["Island", "Island"], ["Forest"] * 2, hand_a=["Corrupted Resolve"], hand_b=["Saproling Migration"],
                   active=1)
    g.state.players[1].poison = poison
    assert _answer_a_spell_of_b(g, ids, "Corrupted Resolve") is bool(poison)


JADED_RESPONSE = record("Jaded Response", "{1}{U}", "Instant",
                        "Counter target spell if it shares a color with a creature you control.")
UNIFIED_WILL = record("Unified Will", "{1}{U}", "Instant",
                      "Counter target spell if you control more creatures than that spell's controller.")


@pytest.mark.rules("105.2", "608.2c", "701.6a")
@pytest.mark.parametrize("creature,countered", [("Grizzly Bears", True), ("Savannah Lions", False),
                                                ("Ornithopter", False)])
def test_counter_target_spell_if_it_shares_a_color_with_a_creature_you_control(extra_cards, creature, countered):
    extra_cards(JADED_RESPONSE, SAPROLING_MIGRATION, fully_read=True)
    g, ids = table(["Island", "Island", creature], ["Forest"] * 2, hand_a=["Jaded Response"],
                   hand_b=["Saproling Migration"], active=1)
    assert _answer_a_spell_of_b(g, ids, "Jaded Response") is countered      # the green spell; a colorless one shares none


@pytest.mark.rules("608.2c", "701.6a")
@pytest.mark.parametrize("yours,countered", [(1, False), (2, False), (3, True)])
def test_counter_target_spell_if_you_control_more_creatures_than_its_controller(extra_cards, yours, countered):
    extra_cards(UNIFIED_WILL, SAPROLING_MIGRATION, fully_read=True)
    g, ids = table(["Island", "Island"], ["Forest", "Forest", "Grizzly Bears", "Savannah Lions"],
                   hand_a=["Unified Will"], hand_b=["Saproling Migration"], active=1)
    for _ in range(yours):
        g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    g.state.invalidate()
    assert _answer_a_spell_of_b(g, ids, "Unified Will") is countered      # B's two creatures: a tie isn't more


AKOUM_HELLKITE = record("Akoum Hellkite", "{4}{R}{R}", "Creature — Dragon",
                        "Flying\nLandfall — Whenever a land enters the battlefield under your control, Akoum Hellkite "
                        "deals 1 damage to any target. If that land is a Mountain, Akoum Hellkite deals 2 damage "
                        "instead.", "4/4")
GUUL_DRAZ_OVERSEER = record("Guul Draz Overseer", "{4}{B}{B}", "Creature — Vampire",
                            "Flying\nLandfall — Whenever a land enters the battlefield under your control, other "
                            "creatures you control get +1/+0 until end of turn. If that land is a Swamp, those "
                            "creatures get +2/+0 until end of turn instead.", "3/4")


@pytest.mark.rules("608.2c", "207.2c", "608.2h")
@pytest.mark.parametrize("land,damage", [("Mountain", 2), ("Plains", 1)])
def test_akoum_hellkite_deals_more_damage_if_the_land_that_entered_is_a_mountain(extra_cards, land, damage):
    extra_cards(AKOUM_HELLKITE, fully_read=True)
    g, ids = table(["Akoum Hellkite"], hand_a=[land])
    g.apply(PlayLand(0, ids[land]))
    settle(g, lambda d: ("P1",))
    assert g.state.players[1].life == 20 - damage


@pytest.mark.rules("608.2c", "207.2c")
@pytest.mark.parametrize("land,power", [("Swamp", 4), ("Forest", 3)])
def test_guul_draz_overseer_pumps_more_if_the_land_that_entered_is_a_swamp(extra_cards, land, power):
    extra_cards(GUUL_DRAZ_OVERSEER, fully_read=True)
    g, ids = table(["Guul Draz Overseer", "Grizzly Bears"], hand_a=[land])
    g.apply(PlayLand(0, ids[land]))
    resolve_stack(g)
    assert g.characteristics(ids["Grizzly Bears"]).power == power
    assert g.characteristics(ids["Guul Draz Overseer"]).power == 3      # "other creatures"


GOLDEN_DEMISE = record("Golden Demise", "{1}{B}{B}", "Sorcery",
                       "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the "
                       "game.)\nAll creatures get -2/-2 until end of turn. If you have the city's blessing, instead only "
                       "creatures your opponents control get -2/-2 until end of turn.")


@pytest.mark.rules("608.2c", "702.131b")
@pytest.mark.parametrize("swamps,bears_live", [(9, True), (3, False)])
def test_golden_demise_spares_your_creatures_with_the_citys_blessing(extra_cards, swamps, bears_live):
    extra_cards(GOLDEN_DEMISE, fully_read=True)
    g, ids = table(["Grizzly Bears"] + ["Swamp"] * swamps, ["Savannah Lions"], hand_a=["Golden Demise"])
    cast_and_resolve(g, ids["Golden Demise"])
    assert (ids["Grizzly Bears"] in g.state.battlefield) == bears_live
    assert ids["B:Savannah Lions"] not in g.state.battlefield


EMERIA_SHEPHERD = record("Emeria Shepherd", "{5}{W}{W}", "Creature — Angel",
                         "Flying\nLandfall — Whenever a land enters the battlefield under your control, you may return "
                         "target nonland permanent card from your graveyard to your hand. If that land is a Plains, you "
                         "may return that nonland permanent card to the battlefield instead.", "4/4")


@pytest.mark.rules("608.2c", "207.2c", "603.2")
@pytest.mark.parametrize("land,zone", [("Plains", Zone.BATTLEFIELD), ("Island", Zone.HAND)])
def test_emeria_shepherd_returns_the_card_to_the_battlefield_if_the_land_is_a_plains(extra_cards, land, zone):
    extra_cards(EMERIA_SHEPHERD, fully_read=True)
    g, ids = table(["Emeria Shepherd"], hand_a=[land])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(PlayLand(0, ids[land]))
    settle(g, lambda d: (bears,) if bears in d.options else (d.options[0],))
    assert [g.state.objects[o].name for o in (g.state.battlefield if zone is Zone.BATTLEFIELD
                                              else g.state.players[0].hand)].count("Grizzly Bears") == 1


@pytest.mark.rules("608.2c", "608.2d", "603.2")
@pytest.mark.parametrize("answers,zone", [(("no", "yes"), Zone.HAND), (("no", "no"), Zone.GRAVEYARD),
                                          (("yes",), Zone.BATTLEFIELD)])
def test_emeria_shepherd_declining_the_battlefield_still_offers_the_hand(extra_cards, answers, zone):
    """ "You may return it to your hand. If that land is a Plains, you may return it to the battlefield instead": with
    a Plains the player chooses the battlefield, the hand or neither."""
    extra_cards(EMERIA_SHEPHERD, fully_read=True)
    g, ids = table(["Emeria Shepherd"], hand_a=["Plains"])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(PlayLand(0, ids["Plains"]))
    given = iter(answers)
    settle(g, lambda d: (bears,) if bears in d.options else (next(given),))
    a = g.state.players[0]
    where = {Zone.HAND: a.hand, Zone.GRAVEYARD: a.graveyard, Zone.BATTLEFIELD: g.state.battlefield}
    assert [g.state.objects[o].name for o in where[zone]].count("Grizzly Bears") == 1
    assert next(given, None) is None
