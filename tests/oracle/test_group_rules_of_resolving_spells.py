"""A rule-changing effect of a resolving spell on a group ("Creatures without flying can't block this turn") binds the
group as it is at each moment, creatures that arrive after it resolved too; an effect of the same spell that changes
characteristics ("All creatures gain menace until end of turn") applies only to the objects there as it resolved
(611.2c); "Each creature you don't control gets -2/-0 until end of turn and attacks this turn if able" (an overloaded
Chemister's Trick, 702.96a) says the group again for its rule. Real cards, played."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority,
                                        PlayLand)
from engine.oracle import compile_card
from engine.rules.combat import can_attack, can_block, static_flag
from tests.engine.driving import activate_and_resolve, pass_until, resolve_stack, table
from tests.oracle.conftest import record

CHEMISTERS_TRICK = record("Chemister's Trick", "{U}{R}", "Instant",
                          "Target creature you don't control gets -2/-0 until end of turn and attacks this turn if "
                          "able.\nOverload {3}{U}{R} (You may cast this spell for its overload cost. If you do, change "
                          "its text by replacing all instances of \"target\" with \"each.\")")
FALTER = record("Falter", "{1}{R}", "Instant", "Creatures without flying can't block this turn.")
DEMORALIZE = record("Demoralize", "{2}{R}", "Instant",
                    "All creatures gain menace until end of turn. (They can't be blocked except by two or more "
                    "creatures.)\nThreshold — If seven or more cards are in your graveyard, creatures can't block this "
                    "turn.")
AMBUSH_VIPER = record("Ambush Viper", "{1}{G}", "Creature — Snake", "Flash\nDeathtouch", "2/1")
SEISMIC_STOMP = record("Seismic Stomp", "{1}{R}", "Sorcery", "Creatures without flying can't block this turn.")


def _flash_in_viper(g: Game, viper: int) -> int:
    """B casts Ambush Viper after the spell resolved (A passes priority first); the Viper's new object."""
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, viper))
    resolve_stack(g)
    (new,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Ambush Viper"]
    return new


@pytest.mark.rules("611.2c", "509.1a")
def test_creatures_without_flying_that_arrive_later_cant_block_either(extra_cards):
    extra_cards(FALTER, AMBUSH_VIPER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Mountain", "Mountain"], ["Wind Drake", "Hill Giant", "Forest", "Forest"],
                   hand_a=["Falter"], hand_b=["Ambush Viper"])
    bears, giant, drake = ids["Grizzly Bears"], ids["B:Hill Giant"], ids["B:Wind Drake"]
    g.apply(CastSpell(0, ids["Falter"]))
    resolve_stack(g)
    g = Game.from_json(g.to_json())         # the group's filter is plain data in a save
    viper = _flash_in_viper(g, ids["B:Ambush Viper"])
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    for blocks in ({giant: (bears,)}, {viper: (bears,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, blocks))
    g.apply(DeclareBlockers(1, {drake: (bears,)}))     # a creature with flying still may
    assert set(g.state.combat.blockers) == {drake}


@pytest.mark.rules("611.2c", "702.110b", "514.2")
def test_the_menace_is_locked_in_the_blocking_rule_is_not(extra_cards):
    extra_cards(DEMORALIZE, AMBUSH_VIPER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Mountain", "Mountain", "Mountain"], ["Hill Giant", "Forest", "Forest"],
                   hand_a=["Demoralize"], hand_b=["Ambush Viper"])
    for _ in range(7):
        g.add_card("Plains", 0, Zone.GRAVEYARD)         # threshold
    bears, giant = ids["Grizzly Bears"], ids["B:Hill Giant"]
    g.apply(CastSpell(0, ids["Demoralize"]))
    resolve_stack(g)
    viper = _flash_in_viper(g, ids["B:Ambush Viper"])

    def menace(o: int) -> bool:
        return any(k.name == "menace" for k in g.characteristics(o).keywords)
    assert menace(bears) and menace(giant)
    assert not menace(viper), "the set the menace applies to was fixed as Demoralize resolved (611.2c)"
    assert not can_block(g, viper) and not can_block(g, giant), "the rule binds the Viper that arrived later too"
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)         # no blockers could be declared; B's turn
    assert g.state.players[1].life == 18
    assert not any(e.params.get("kind") == "cant_block" for e in g.state.effects), "it ended with the turn (514.2)"


@pytest.mark.rules("611.2c")
def test_a_group_named_by_description_is_a_group_rule_those_named_before_are_locked_in():
    assert [type(e).__name__ for e in compile_card(SEISMIC_STOMP).spell.modes[0].effects] == ["GroupRule"]
    # a text made for the check: "they" are the creatures the first instruction tapped, locked in as it resolves
    tapped = compile_card(record("Test Sweep", "{1}{R}", "Instant",
                                 "Tap all creatures your opponents control. They can't block this turn."))
    assert not tapped.unsupported
    assert [type(e).__name__ for e in tapped.spell.modes[0].effects] == ["TapEffect", "ApplyContinuous"]


INTIMIDATION_BOLT = record("Intimidation Bolt", "{1}{R}{W}", "Instant",
                           "Intimidation Bolt deals 3 damage to target creature. Other creatures can't attack this turn.")
KEFNETS_LAST_WORD = record("Kefnet's Last Word", "{2}{U}{U}", "Sorcery",
                           "Gain control of target artifact, creature, or enchantment. Lands you control don't untap "
                           "during your next untap step.")


@pytest.mark.rules("611.2c", "508.1c", "115.1")
def test_a_spells_other_creatures_are_other_than_its_target_and_include_later_arrivals(extra_cards):
    extra_cards(INTIMIDATION_BOLT, fully_read=True)
    g, ids = table(["Craw Wurm", "Grizzly Bears", "Mountain", "Mountain", "Plains"], ["Hill Giant"],
                   hand_a=["Intimidation Bolt"])
    wurm, bears = ids["Craw Wurm"], ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Intimidation Bolt"], targets=[[wurm]]))
    resolve_stack(g)
    assert g.state.objects[wurm].damage == 3
    goblin = g.add_card("Raging Goblin", 0, Zone.BATTLEFIELD)      # haste: it could attack but for the rule
    g = Game.from_json(g.to_json())
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    for attack in ({bears: "P1"}, {goblin: "P1"}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareAttackers(0, attack))
    g.apply(DeclareAttackers(0, {wurm: "P1"}))        # the target isn't one of the "other" creatures
    assert set(g.state.combat.attackers) == {wurm}


@pytest.mark.rules("611.2c", "502.3")
def test_lands_played_after_it_resolved_dont_untap_either(extra_cards):
    extra_cards(KEFNETS_LAST_WORD, fully_read=True)
    g, ids = table(["Island", "Island", "Island", "Island"], ["Grizzly Bears"],
                   hand_a=["Kefnet's Last Word", "Island"])
    lands = [o for o in g.state.battlefield if g.characteristics(o).name == "Island"]
    g.apply(CastSpell(0, ids["Kefnet's Last Word"], targets=[[ids["B:Grizzly Bears"]]]))
    resolve_stack(g)
    assert g.state.objects[ids["B:Grizzly Bears"]].controller == 0
    g.apply(PlayLand(0, ids["Island"]))
    (later,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Island" and o not in lands]
    g.state.objects[later].tapped = True
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)      # B's turn
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)      # A's next turn: its untap step has passed
    assert g.state.active == 0
    assert all(g.state.objects[o].tapped for o in lands + [later]), "the land played later stays tapped too"
    assert not any(e.params.get("kind") == "doesnt_untap" for e in g.state.effects), "ended by that untap step"
WAKESTONE_GARGOYLE = record("Wakestone Gargoyle", "{3}{W}", "Creature — Gargoyle",
                            "Defender, flying\n{1}{W}: Creatures you control with defender can attack this turn as "
                            "though they didn't have defender.", "3/4")


@pytest.mark.rules("702.3b", "611.2c")
def test_creatures_you_control_with_defender_can_attack_this_turn(extra_cards):
    extra_cards(WAKESTONE_GARGOYLE, fully_read=True)
    g, ids = table(["Wakestone Gargoyle", "Plains", "Plains"], ["Wakestone Gargoyle"])
    gargoyle = ids["Wakestone Gargoyle"]
    assert not can_attack(g, gargoyle)
    g.apply(ActivateAbility(0, gargoyle, 0))
    resolve_stack(g)
    later = g.add_card("Wakestone Gargoyle", 0, Zone.BATTLEFIELD)      # a group rule binds it too (611.2c)
    assert can_attack(g, gargoyle) and can_attack(g, later)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {gargoyle: "P1", later: "P1"}))


@pytest.mark.rules("702.96a", "611.2c", "508.1d")
def test_overloaded_each_creature_you_dont_control_gets_minus_2_and_attacks_if_able(extra_cards):
    extra_cards(CHEMISTERS_TRICK, fully_read=True)
    g, ids = table([], ["Grizzly Bears", "Hill Giant"], ["Chemister's Trick"], turn=4, active=1)
    g.set_player(0, mana_pool="URCCC")
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Chemister's Trick"], alt="overload"))
    resolve_stack(g)
    assert g.characteristics(ids["B:Hill Giant"]).power == 1 and g.characteristics(ids["B:Grizzly Bears"]).power == 0
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(1, {ids["B:Hill Giant"]: "P0"}))       # each of them attacks if able
    g.apply(DeclareAttackers(1, {ids["B:Hill Giant"]: "P0", ids["B:Grizzly Bears"]: "P0"}))



IMMOBILIZER_ELDRAZI = record("Immobilizer Eldrazi", "{2}{U}", "Creature — Eldrazi Drone",
                             "Devoid (This card has no color.)\n{2}{C}: Each creature with toughness greater than its "
                             "power can't block this turn. ({C} represents colorless mana.)", "2/3")


@pytest.mark.rules("208.1", "509.1a", "611.2c")
def test_creatures_with_toughness_greater_than_power_cant_block(extra_cards):
    """Immobilizer Eldrazi: the opponent's 0/8 Wall and the Eldrazi itself (2/3) can't block this turn; a 2/2 and a 3/3
    can."""
    extra_cards(IMMOBILIZER_ELDRAZI, fully_read=True)
    g, ids = table(["Immobilizer Eldrazi", "Wastes", "Forest", "Forest"],
                   ["Wall of Stone", "Grizzly Bears", "Hill Giant"])
    activate_and_resolve(g, ids["Immobilizer Eldrazi"], 0)
    cant = [static_flag(g, ids[n], "cant_block") for n in
            ("B:Wall of Stone", "Immobilizer Eldrazi", "B:Grizzly Bears", "B:Hill Giant")]
    assert cant == [True, True, False, False]
