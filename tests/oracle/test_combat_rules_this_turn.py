"""Combat rules a resolving ability sets for one turn on the objects it names (611.2a): "can attack this turn
as though it didn't have defender" (702.3b), "attacks this turn if able" (508.1d), "can block an additional
creature this turn" (509.1a) and "Target creature can't block ~ this turn" (509.1b). Each is compiled from a
real card and played. A group named by description ("Creatures target player controls attack this turn if able")
binds creatures that arrive later too (611.2c): tests/oracle/test_group_rules_of_resolving_spells.py."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, DeclareAttackers, DeclareBlockers, PassPriority,
                                        PlayLand)
from engine.oracle import compile_card
from engine.rules.combat import can_attack
from tests.engine.driving import advance, cast_and_resolve, pass_until, resolve_stack, table
from tests.oracle.conftest import record

WALKING_WALL = record("Walking Wall", "{4}", "Artifact Creature — Wall",
                      "Defender\n{3}: Walking Wall gets +3/-1 until end of turn and can attack this turn as though it "
                      "didn't have defender. Activate only once each turn.", "0/6")
HECKLING_FIENDS = record("Heckling Fiends", "{2}{R}", "Creature — Devil",
                         "{2}{R}: Target creature attacks this turn if able.", "2/2")
INTO_THE_FRAY = record("Into the Fray", "{R}", "Instant — Arcane",
                       "Target creature attacks this turn if able.\nSplice onto Arcane {R} (As you cast an Arcane "
                       "spell, you may reveal this card from your hand and pay its splice cost. If you do, add this "
                       "card's effects to that spell.)")
ANURID_SWARMSNAPPER = record("Anurid Swarmsnapper", "{2}{G}", "Creature — Frog Beast",
                             "Reach (This creature can block creatures with flying.)\n{1}{G}: Anurid Swarmsnapper can "
                             "block an additional creature this turn.", "1/4")
BLOODSCALE = record("Burning-Tree Bloodscale", "{2}{R}{G}", "Creature — Viashino Berserker",
                    "Bloodthirst 1 (If an opponent was dealt damage this turn, this creature enters the battlefield "
                    "with a +1/+1 counter on it.)\n{2}{R}: Target creature can't block Burning-Tree Bloodscale this "
                    "turn.\n{2}{G}: Target creature blocks Burning-Tree Bloodscale this turn if able.", "2/2")
SATYR_PIPER = record("Satyr Piper", "{2}{G}", "Creature — Satyr Rogue",
                     "{3}{G}: Target creature must be blocked this turn if able.", "2/1")
VALOR_MADE_REAL = record("Valor Made Real", "{W}", "Instant",
                         "Target creature can block any number of creatures this turn.")
UNLIKELY_ALLIANCE = record("Unlikely Alliance", "{1}{W}", "Enchantment",
                           "{1}{W}: Target nonattacking, nonblocking creature gets +0/+2 until end of turn.")
INCITE_WAR = record("Incite War", "{2}{R}", "Instant",
                    "Choose one —\n• Creatures target player controls attack this turn if able.\n• Creatures you "
                    "control gain first strike until end of turn.")


def _to(g, kind):
    while g.pending.kind is not kind:
        g.apply(PassPriority(g.pending.player))


@pytest.mark.rules("702.3b", "611.2a")
def test_walking_wall_attacks_as_though_it_had_no_defender_this_turn(extra_cards):
    extra_cards(WALKING_WALL)
    g, ids = table(["Walking Wall", "Plains", "Plains", "Plains"], [])
    wall = ids["Walking Wall"]
    assert not can_attack(g, wall)
    g.apply(ActivateAbility(0, wall, 0))
    resolve_stack(g)
    assert (g.characteristics(wall).power, g.characteristics(wall).toughness) == (3, 5)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {wall: "P1"}))
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 17
    advance(g, Step.MAIN1, turn=5)
    assert not can_attack(g, wall)


@pytest.mark.rules("508.1d", "611.2a")
def test_heckling_fiends_makes_a_creature_attack_this_turn(extra_cards):
    extra_cards(HECKLING_FIENDS)
    g, ids = table(["Grizzly Bears"], ["Heckling Fiends", "Mountain", "Mountain", "Mountain"], active=0,
                   step=Step.UPKEEP)
    bears = ids["Grizzly Bears"]
    g.apply(PassPriority(0))
    g.apply(ActivateAbility(1, ids["B:Heckling Fiends"], 0, targets=((bears,),)))
    resolve_stack(g)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction, match="508.1d"):
        g.apply(DeclareAttackers(0, {}))
    g.apply(DeclareAttackers(0, {bears: "P1"}))


@pytest.mark.rules("508.1d", "514.2")
def test_into_the_fray_lasts_only_this_turn(extra_cards):
    extra_cards(INTO_THE_FRAY)
    g, ids = table(["Grizzly Bears", "Mountain"], [], hand_a=["Into the Fray"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Into the Fray"], targets=((bears,),)))
    resolve_stack(g)
    assert g.characteristics(bears).extra.get("must_attack")
    while g.state.turn == 3:
        g.apply(PassPriority(g.pending.player) if g.pending.kind is not DecisionKind.DECLARE_ATTACKERS
                else DeclareAttackers(0, {bears: "P1"}))
    assert not g.characteristics(bears).extra.get("must_attack")


@pytest.mark.rules("509.1a", "611.2a")
def test_anurid_swarmsnapper_blocks_an_additional_creature(extra_cards):
    extra_cards(ANURID_SWARMSNAPPER)
    g, ids = table(["Grizzly Bears", "Llanowar Elves"], ["Anurid Swarmsnapper", "Forest", "Forest"],
                   step=Step.BEGINNING_OF_COMBAT)
    frog, bears, elves = ids["B:Anurid Swarmsnapper"], ids["Grizzly Bears"], ids["Llanowar Elves"]
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1", elves: "P1"}))
    g.apply(PassPriority(0))
    g.apply(ActivateAbility(1, frog, 0))
    resolve_stack(g)
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {frog: (bears, elves)}))
    assert g.state.players[1].life == 20


@pytest.mark.rules("509.1a")
def test_without_the_ability_a_creature_blocks_one_attacker(extra_cards):
    extra_cards(ANURID_SWARMSNAPPER)
    g, ids = table(["Grizzly Bears", "Llanowar Elves"], ["Anurid Swarmsnapper"], step=Step.BEGINNING_OF_COMBAT)
    frog, bears, elves = ids["B:Anurid Swarmsnapper"], ids["Grizzly Bears"], ids["Llanowar Elves"]
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1", elves: "P1"}))
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {frog: (bears, elves)}))


@pytest.mark.rules("509.1c", "611.2a")
def test_satyr_piper_target_creature_must_be_blocked_this_turn(extra_cards):
    extra_cards(SATYR_PIPER, fully_read=True)
    g, ids = table(["Satyr Piper", "Grizzly Bears", "Forest", "Forest", "Forest", "Forest"], ["Craw Wurm"],
                   step=Step.BEGINNING_OF_COMBAT)
    bears, wurm = ids["Grizzly Bears"], ids["B:Craw Wurm"]
    g.apply(ActivateAbility(0, ids["Satyr Piper"], 0, targets=((bears,),)))
    resolve_stack(g)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {}))
    g.apply(DeclareBlockers(1, {wurm: (bears,)}))
    # this turn only: on the next turn's combat, no requirement is left (514.2)
    advance(g, Step.BEGINNING_OF_COMBAT, turn=5)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Satyr Piper"]: "P1"}))
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {}))


@pytest.mark.rules("509.1a", "611.2a")
def test_valor_made_real_blocks_any_number_this_turn(extra_cards):
    extra_cards(VALOR_MADE_REAL, ANURID_SWARMSNAPPER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Llanowar Elves", "Serra Angel"], ["Anurid Swarmsnapper", "Plains"],
                   step=Step.BEGINNING_OF_COMBAT, hand_b=["Valor Made Real"])
    frog = ids["B:Anurid Swarmsnapper"]
    attackers = (ids["Grizzly Bears"], ids["Llanowar Elves"], ids["Serra Angel"])
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {a: "P1" for a in attackers}))
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Valor Made Real"], targets=((frog,),)))
    resolve_stack(g)
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {frog: attackers}))
    assert set(g.state.combat.blockers[frog]) == set(attackers)


@pytest.mark.rules("506.3", "506.4", "115.1")
def test_target_nonattacking_nonblocking_creature(extra_cards):
    extra_cards(UNLIKELY_ALLIANCE, fully_read=True)
    g, ids = table(["Unlikely Alliance", "Plains", "Plains", "Grizzly Bears", "Llanowar Elves"], [],
                   step=Step.BEGINNING_OF_COMBAT)
    alliance, bears, elves = ids["Unlikely Alliance"], ids["Grizzly Bears"], ids["Llanowar Elves"]
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, alliance, 0, targets=((bears,),)))
    g.apply(ActivateAbility(0, alliance, 0, targets=((elves,),)))
    resolve_stack(g)
    assert g.characteristics(elves).toughness == 3


@pytest.mark.rules("509.1b", "611.2a")
def test_bloodscale_target_creature_cant_block_it_this_turn(extra_cards):
    extra_cards(BLOODSCALE)
    g, ids = table(["Burning-Tree Bloodscale", "Grizzly Bears", "Mountain", "Mountain", "Mountain"],
                   ["Wall of Stone"])
    scale, bears, wall = ids["Burning-Tree Bloodscale"], ids["Grizzly Bears"], ids["B:Wall of Stone"]
    g.apply(ActivateAbility(0, scale, 0, targets=((wall,),)))
    resolve_stack(g)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {scale: "P1", bears: "P1"}))
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareBlockers(1, {wall: (scale,)}))
    g.apply(DeclareBlockers(1, {wall: (bears,)}))      # it may still block another creature


@pytest.mark.rules("611.2c")
def test_a_group_attack_requirement_binds_the_group_not_objects_locked_in():
    # tests/oracle/test_group_attack_requirement.py plays it: creatures arriving later must attack too
    d = compile_card(INCITE_WAR)
    assert not d.unsupported
    assert [type(e).__name__ for e in d.spell.modes[0].effects] == ["GroupRule"]


JORAGA_INVOCATION = record("Joraga Invocation", "{4}{G}{G}", "Sorcery",
                           "Each creature you control gets +3/+3 until end of turn and must be blocked this turn if able.")


@pytest.mark.rules("509.1c", "611.2c")
def test_each_creature_you_control_gets_a_pump_and_must_be_blocked(extra_cards):
    extra_cards(JORAGA_INVOCATION, fully_read=True)
    g, ids = table(["Forest"] * 6 + ["Mountain", "Grizzly Bears"], ["Hill Giant", "Wind Drake"],
                   hand_a=["Joraga Invocation", "Raging Goblin"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Joraga Invocation"])
    cast_and_resolve(g, ids["Raging Goblin"])
    (goblin,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Raging Goblin"]
    assert (g.characteristics(bears).power, g.characteristics(goblin).power) == (5, 1), \
        "the pump's set was fixed as it resolved (611.2c); the Goblin came later"
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1", goblin: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    giant, drake = ids["B:Hill Giant"], ids["B:Wind Drake"]
    for blocks in ({}, {giant: (bears,)}, {giant: (bears,), drake: (bears,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, blocks))
    g.apply(DeclareBlockers(1, {giant: (bears,), drake: (goblin,)}))
    assert set(g.state.combat.blockers) == {giant, drake}, "the rule binds the Goblin that arrived later too"


IMPETUOUS_DEVILS = record("Impetuous Devils", "{2}{R}{R}", "Creature — Devil",
                          "Trample, haste\nWhen Impetuous Devils attacks, up to one target creature defending player "
                          "controls blocks it this combat if able.\nAt the beginning of the end step, sacrifice "
                          "Impetuous Devils.", "6/1")


@pytest.mark.rules("509.1c", "603.2", "506.4")
def test_impetuous_devils_target_blocks_it_this_combat(extra_cards):
    """Impetuous Devils: "When ~ attacks, up to one target creature defending player controls blocks it this combat
    if able": "it" is the Devils (not the target), and the requirement is to block them, not any attacker."""
    extra_cards(IMPETUOUS_DEVILS, fully_read=True)
    g, ids = table(["Impetuous Devils", "Grizzly Bears"], ["Wall of Stone"], step=Step.BEGINNING_OF_COMBAT)
    devils, bears, wall = ids["Impetuous Devils"], ids["Grizzly Bears"], ids["B:Wall of Stone"]
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {devils: "P1", bears: "P1"}))
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        if g.pending.kind is DecisionKind.CHOOSE:
            assert wall in g.pending.options
            g.apply(Choose(0, (wall,)))
        else:
            g.apply(PassPriority(g.pending.player))
    for blocks in ({}, {wall: (bears,)}):
        with pytest.raises(IllegalAction, match="509.1c"):
            g.apply(DeclareBlockers(1, blocks))
    g.apply(DeclareBlockers(1, {wall: (devils,)}))
    assert g.state.combat.blockers[wall] == [devils] or tuple(g.state.combat.blockers[wall]) == (devils,)


TURNTIMBER_BASILISK = record("Turntimber Basilisk", "{1}{G}{G}", "Creature — Basilisk",
                             "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\n"
                             "Landfall — Whenever a land enters the battlefield under your control, you may have target "
                             "creature block Turntimber Basilisk this turn if able.", "2/1")


@pytest.mark.rules("509.1c", "207.2c", "603.5")
def test_turntimber_basilisk_may_have_target_creature_block_it(extra_cards):
    extra_cards(TURNTIMBER_BASILISK, fully_read=True)
    g, ids = table(["Turntimber Basilisk", "Grizzly Bears"], ["Craw Wurm"], ["Forest"])
    basilisk, bears, wurm = ids["Turntimber Basilisk"], ids["Grizzly Bears"], ids["B:Craw Wurm"]
    g.apply(PlayLand(0, ids["Forest"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, (wurm,) if wurm in g.pending.options else ("yes",)))
        else:
            g.apply(PassPriority(g.pending.player))
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {basilisk: "P1", bears: "P1"}))
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    for blocks in ({}, {wurm: (bears,)}):
        with pytest.raises(IllegalAction, match="509.1c"):
            g.apply(DeclareBlockers(1, blocks))
    g.apply(DeclareBlockers(1, {wurm: (basilisk,)}))
    advance(g, Step.MAIN2)
    assert wurm not in g.state.battlefield          # deathtouch
