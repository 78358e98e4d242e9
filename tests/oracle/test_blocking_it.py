"""'target creature blocking it', 'target creature it's blocking', '... dealt to ~ by creatures it's blocking': while
"it" is the source, the creatures blocking it or blocked by it (509.1). Each played from a real card's wording."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, Choose, DeclareBlockers, PassPriority
from tests.engine.driving import advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

GOBLIN_JAVELINEER = record("Goblin Javelineer", "{R}", "Creature — Goblin Warrior",
                           "Haste\nWhenever Goblin Javelineer becomes blocked, it deals 1 damage to target creature "
                           "blocking it.", "1/1")
GODOS_IRREGULARS = record("Godo's Irregulars", "{R}", "Creature — Human Warrior",
                          "{R}: Godo's Irregulars deals 1 damage to target creature blocking it.", "1/1")
GOBLIN_SNOWMAN = record("Goblin Snowman", "{3}{R}", "Creature — Goblin",
                        "Whenever Goblin Snowman blocks, prevent all combat damage that would be dealt to and dealt by "
                        "it this turn.\n{T}: Goblin Snowman deals 1 damage to target creature it's blocking.", "1/1")
WALL_OF_VAPOR = record("Wall of Vapor", "{3}{U}", "Creature — Wall",
                       "Defender (This creature can't attack.)\nPrevent all damage that would be dealt to Wall of Vapor "
                       "by creatures it's blocking.", "0/1")
GUSTCLOAK_SENTINEL = record("Gustcloak Sentinel", "{2}{W}{W}", "Creature — Human Soldier",
                            "Whenever Gustcloak Sentinel becomes blocked, you may untap it and remove it from combat.",
                            "3/3")


def blocked(g, attacker, blocks):
    """A attacks B with `attacker`; B blocks with `blocks` (blocker: attacker)."""
    attack(g, attacker)
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, blocks))


@pytest.mark.rules("509.1", "603.2")
def test_goblin_javelineer_deals_1_damage_to_a_creature_blocking_it(extra_cards):
    extra_cards(GOBLIN_JAVELINEER, fully_read=True)
    g, ids = table(["Goblin Javelineer"], ["Grizzly Bears", "Llanowar Elves"])
    javelineer, bears, elves = ids["Goblin Javelineer"], ids["B:Grizzly Bears"], ids["B:Llanowar Elves"]
    blocked(g, javelineer, {bears: (javelineer,)})
    assert g.pending.kind is DecisionKind.PRIORITY        # one legal target: the Bears, chosen without asking
    resolve_stack(g)
    assert g.state.objects[bears].damage == 1
    assert g.state.objects[elves].damage == 0


@pytest.mark.rules("509.1", "115.1")
def test_godos_irregulars_can_target_only_a_creature_blocking_it(extra_cards):
    extra_cards(GODOS_IRREGULARS, fully_read=True)
    g, ids = table(["Godo's Irregulars", "Mountain", "Mountain"], ["Grizzly Bears", "Llanowar Elves"])
    irregulars, bears, elves = ids["Godo's Irregulars"], ids["B:Grizzly Bears"], ids["B:Llanowar Elves"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, irregulars, 0, targets=((bears,),)))     # not blocking yet
    blocked(g, irregulars, {elves: (irregulars,)})
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, irregulars, 0, targets=((bears,),)))
    g.apply(ActivateAbility(0, irregulars, 0, targets=((elves,),)))
    resolve_stack(g)
    assert elves not in g.state.battlefield


@pytest.mark.rules("509.1", "615.1a")
def test_goblin_snowman_targets_the_creature_it_blocks(extra_cards):
    extra_cards(GOBLIN_SNOWMAN, fully_read=True)
    g, ids = table(["Grizzly Bears", "Llanowar Elves"], ["Goblin Snowman"])
    bears, elves, snowman = ids["Grizzly Bears"], ids["Llanowar Elves"], ids["B:Goblin Snowman"]
    attack(g, bears)
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, {snowman: (bears,)}))
    resolve_stack(g)                                      # its block trigger
    while g.pending.player != 1:
        g.apply(PassPriority(g.pending.player))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(1, snowman, 0, targets=((elves,),)))
    g.apply(ActivateAbility(1, snowman, 0, targets=((bears,),)))
    resolve_stack(g)
    assert g.state.objects[bears].damage == 1


@pytest.mark.rules("509.1", "615.1a")
def test_wall_of_vapor_takes_no_damage_from_the_creature_it_blocks(extra_cards):
    extra_cards(WALL_OF_VAPOR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Mountain"], ["Wall of Vapor"], hand_a=["Shock"])
    bears, wall = ids["Grizzly Bears"], ids["B:Wall of Vapor"]
    blocked(g, bears, {wall: (bears,)})
    advance(g, Step.MAIN2)
    assert wall in g.state.battlefield and g.state.objects[wall].damage == 0
    cast_and_resolve(g, ids["Shock"], targets=((wall,),))
    assert wall not in g.state.battlefield                # another source's damage: dealt


@pytest.mark.rules("506.4", "603.5", "510.1c")
@pytest.mark.parametrize("escape", [True, False])
def test_gustcloak_sentinel_may_untap_and_leave_combat_when_blocked(extra_cards, escape):
    extra_cards(GUSTCLOAK_SENTINEL, fully_read=True)
    g, ids = table(["Gustcloak Sentinel"], ["Hill Giant"])
    sentinel, giant = ids["Gustcloak Sentinel"], ids["B:Hill Giant"]
    blocked(g, sentinel, {giant: (sentinel,)})
    while g.pending.kind is DecisionKind.PRIORITY and g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0, "the may: both or neither"
    g.apply(Choose(0, (g.pending.options[0 if escape else 1],)))
    sentinel_obj = g.state.objects[sentinel]
    assert sentinel_obj.tapped != escape
    assert (sentinel in g.state.combat.attackers) != escape
    advance(g, Step.MAIN2)
    # removed from combat, it deals and is dealt no combat damage; else the two 3/3s destroy each other
    assert (sentinel in g.state.battlefield and giant in g.state.battlefield) == escape
    assert g.state.players[1].life == 20, "blocked, or removed: no damage to B"
