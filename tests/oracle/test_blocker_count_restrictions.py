"""Restrictions on blocks (509.1b): "~ can't be blocked except by three or more creatures" (like menace's two,
702.111b), and an Aura's "As long as enchanted creature is attacking alone, it can't be blocked" (506.5)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import DeclareBlockers
from tests.engine.driving import attack, can_block, table, until_blockers
from tests.oracle.conftest import record

PHYREXIAN_COLOSSUS = record("Phyrexian Colossus", "{7}", "Artifact Creature — Phyrexian Golem",
                            "Phyrexian Colossus doesn't untap during your untap step.\nPay 8 life: Untap Phyrexian "
                            "Colossus.\nPhyrexian Colossus can't be blocked except by three or more creatures.", "8/8")
SECURITY_BYPASS = record("Security Bypass", "{1}{U}", "Enchantment — Aura",
                         "Enchant creature\nAs long as enchanted creature is attacking alone, it can't be blocked.\n"
                         "Enchanted creature has \"Whenever this creature deals combat damage to a player, it "
                         "connives.\" (Its controller draws a card, then discards a card. If they discarded a nonland "
                         "card, they put a +1/+1 counter on this creature.)")


@pytest.mark.rules("509.1b")
def test_cant_be_blocked_except_by_three_or_more_creatures(extra_cards):
    extra_cards(PHYREXIAN_COLOSSUS, fully_read=True)
    g, ids = table(["Phyrexian Colossus"], ["Grizzly Bears", "Elite Vanguard", "Hill Giant"])
    colossus = ids["Phyrexian Colossus"]
    attack(g, colossus)
    until_blockers(g)
    bears, vanguard, giant = ids["B:Grizzly Bears"], ids["B:Elite Vanguard"], ids["B:Hill Giant"]
    for blocks in ({bears: (colossus,)}, {bears: (colossus,), vanguard: (colossus,)}):
        with pytest.raises(IllegalAction):
            g.apply(DeclareBlockers(1, blocks))
    # The legal declarations offered are no block and the three together.
    offered = [a.blocks for a in g.legal_actions() if isinstance(a, DeclareBlockers)]
    assert {} in offered and all(len(b) in (0, 3) for b in offered) and len(offered) > 1
    g.apply(DeclareBlockers(1, {bears: (colossus,), vanguard: (colossus,), giant: (colossus,)}))
    assert sorted(g.state.combat.blockers) == sorted((bears, vanguard, giant))


@pytest.mark.rules("506.5", "509.1b", "611.3a")
def test_the_enchanted_creature_attacking_alone_cant_be_blocked(extra_cards):
    extra_cards(SECURITY_BYPASS, fully_read=True)
    for attackers, blockable in ((("Grizzly Bears",), False), (("Grizzly Bears", "Elite Vanguard"), True)):
        g, ids = table(["Grizzly Bears", "Elite Vanguard"], ["Hill Giant"])
        aura = g.add_card("Security Bypass", 0, Zone.BATTLEFIELD)
        g.attach(aura, ids["Grizzly Bears"])
        attack(g, *(ids[a] for a in attackers))
        until_blockers(g)
        assert g.pending.kind is DecisionKind.DECLARE_BLOCKERS or not blockable
        assert can_block(g, ids["B:Hill Giant"], ids["Grizzly Bears"]) is blockable


ELVEN_RIDERS = record("Elven Riders", "{3}{G}{G}", "Creature — Elf",
                      "Elven Riders can't be blocked except by Walls and/or creatures with flying.", "3/3")
YUAN_SHAOS_INFANTRY = record("Yuan Shao's Infantry", "{3}{R}", "Creature — Human Soldier",
                             "Whenever Yuan Shao's Infantry attacks alone, Yuan Shao's Infantry can't be blocked this "
                             "combat.", "2/2")
WALL = record("Test Wall", "{1}{W}", "Creature — Wall", "Defender", "0/4")


@pytest.mark.rules("509.1b")
def test_cant_be_blocked_except_by_walls_and_or_creatures_with_flying(extra_cards):
    extra_cards(ELVEN_RIDERS, WALL, fully_read=True)
    g, ids = table(["Elven Riders"], ["Test Wall", "Wind Drake", "Hill Giant"])
    attack(g, ids["Elven Riders"])
    until_blockers(g)
    assert [can_block(g, ids["B:" + b], ids["Elven Riders"]) for b in ("Test Wall", "Wind Drake", "Hill Giant")] == \
        [True, True, False]


@pytest.mark.rules("506.5", "509.1b", "511.3")
def test_cant_be_blocked_this_combat_after_attacking_alone(extra_cards):
    extra_cards(YUAN_SHAOS_INFANTRY, fully_read=True)
    g, ids = table(["Yuan Shao's Infantry"], ["Hill Giant"])
    attack(g, ids["Yuan Shao's Infantry"])
    until_blockers(g)                                       # its trigger resolves
    assert not can_block(g, ids["B:Hill Giant"], ids["Yuan Shao's Infantry"])
    # "this combat": the effect ends with the combat (511.3)
    assert [e.duration for e in g.state.effects if e.params.get("kind") == "cant_be_blocked"] == ["end_of_combat"]
