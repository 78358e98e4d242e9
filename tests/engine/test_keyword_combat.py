"""Keyword abilities that act in combat: evasion (intimidate 702.13, fear 702.36, shadow 702.28,
horsemanship 702.31, skulk 702.118) and the triggered ones whose meaning the compiler reads from their
702.x 'a' sentence (bushido 702.45, exalted 702.83, flanking 702.25, battle cry 702.91)."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import Choose, DeclareBlockers, PassPriority
from tests.engine.driving import attack, can_block, table, until_blockers


def creature(name: str, cost: str, subtypes: str, text: str, pt: str, types: tuple[str, ...] = ("Creature",)) -> dict:
    return {"name": name, "manaCost": cost, "type": f"{' '.join(types)} — {subtypes}", "types": list(types),
            "subtypes": subtypes.split(), "text": text, "power": pt.split("/")[0], "toughness": pt.split("/")[1]}


BLADETUSK_BOAR = creature("Bladetusk Boar", "{3}{R}", "Boar", "Intimidate", "3/2")
SEVERED_LEGION = creature("Severed Legion", "{1}{B}{B}", "Zombie", "Fear", "2/2")
SOLTARI_FOOT_SOLDIER = creature("Soltari Foot Soldier", "{W}", "Soltari Soldier", "Shadow", "1/1")
SHU_CAVALRY = creature("Shu Cavalry", "{2}{W}", "Human Soldier", "Horsemanship", "2/2")
FURTIVE_HOMUNCULUS = creature("Furtive Homunculus", "{1}{U}", "Homunculus", "Skulk", "2/1")
DEVOTED_RETAINER = creature("Devoted Retainer", "{W}", "Human Samurai", "Bushido 1", "1/1")
AKRASAN_SQUIRE = creature("Akrasan Squire", "{W}", "Human Soldier", "Exalted", "1/1")
SUQATA_LANCER = creature("Suq'Ata Lancer", "{2}{R}", "Human Knight", "Haste\nFlanking", "2/2")
GOBLIN_WARDRIVER = creature("Goblin Wardriver", "{R}{R}", "Goblin Warrior", "Battle cry", "2/2")


@pytest.mark.rules("702.13b", "702.36b", "702.28b", "702.31b", "702.118b", "509.1b")
@pytest.mark.parametrize("card,attacker,blockers", [
    (BLADETUSK_BOAR, "Bladetusk Boar", {"Ornithopter": True, "Grizzly Bears": False, "Goblin Guide": True}),
    (SEVERED_LEGION, "Severed Legion", {"Ornithopter": True, "Grizzly Bears": False, "Gravedigger": True}),
    (SOLTARI_FOOT_SOLDIER, "Soltari Foot Soldier", {"Ornithopter": False, "Grizzly Bears": False}),
    (SHU_CAVALRY, "Shu Cavalry", {"Ornithopter": False, "Grizzly Bears": False}),
    (FURTIVE_HOMUNCULUS, "Furtive Homunculus", {"Ornithopter": True, "Grizzly Bears": True, "Hill Giant": False}),
])
def test_evasion_keywords(extra_cards, card, attacker, blockers):
    extra_cards(card)
    g, ids = table([attacker], list(blockers), step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids[attacker])
    until_blockers(g)
    assert {b: can_block(g, ids["B:" + b], ids[attacker]) for b in blockers} == blockers


@pytest.mark.rules("702.28b", "702.31b")
def test_shadow_blocks_only_shadow_and_horsemanship_blocks_anything(extra_cards):
    extra_cards(SOLTARI_FOOT_SOLDIER, SHU_CAVALRY)
    g, ids = table(["Grizzly Bears"], ["Soltari Foot Soldier", "Shu Cavalry"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Grizzly Bears"])
    until_blockers(g)
    assert not can_block(g, ids["B:Soltari Foot Soldier"], ids["Grizzly Bears"])
    assert can_block(g, ids["B:Shu Cavalry"], ids["Grizzly Bears"])


def _pt(g: Game, oid: int) -> tuple[int, int]:
    ch = g.characteristics(oid)
    return ch.power, ch.toughness


def _resolve(g: Game) -> None:
    while g.state.stack:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(g.pending.player, tuple(g.pending.options[:g.pending.min or 1])))
        else:
            g.apply(PassPriority(g.pending.player))


def blocked_by_bears(attacker: str) -> tuple[Game, dict[str, int]]:
    """`attacker` attacks alone and the opponent's Grizzly Bears blocks it; the triggers resolve."""
    g, ids = table([attacker], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids[attacker])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids[attacker],)}))
    _resolve(g)
    return g, ids


@pytest.mark.rules("702.45a", "702.45b")
def test_bushido_when_it_blocks_and_when_it_becomes_blocked(extra_cards):
    extra_cards(DEVOTED_RETAINER)
    g, ids = blocked_by_bears("Devoted Retainer")
    assert _pt(g, ids["Devoted Retainer"]) == (2, 2)


@pytest.mark.rules("702.83a", "702.83b", "506.5")
def test_exalted_only_when_a_creature_attacks_alone(extra_cards):
    extra_cards(AKRASAN_SQUIRE)
    g, ids = table(["Akrasan Squire", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Grizzly Bears"])
    _resolve(g)
    assert _pt(g, ids["Grizzly Bears"]) == (3, 3)
    g2, ids2 = table(["Akrasan Squire", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    attack(g2, ids2["Grizzly Bears"], ids2["Akrasan Squire"])
    assert not g2.state.stack
    assert _pt(g2, ids2["Grizzly Bears"]) == (2, 2)


@pytest.mark.rules("702.25a")
def test_flanking_shrinks_a_blocker_without_flanking(extra_cards):
    extra_cards(SUQATA_LANCER)
    g, ids = blocked_by_bears("Suq'Ata Lancer")
    assert _pt(g, ids["B:Grizzly Bears"]) == (1, 1)
    assert _pt(g, ids["Suq'Ata Lancer"]) == (2, 2)


@pytest.mark.rules("702.91a")
def test_battle_cry_pumps_each_other_attacker(extra_cards):
    extra_cards(GOBLIN_WARDRIVER)
    g, ids = table(["Goblin Wardriver", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Goblin Wardriver"], ids["Grizzly Bears"])
    _resolve(g)
    assert _pt(g, ids["Grizzly Bears"]) == (3, 2)
    assert _pt(g, ids["Goblin Wardriver"]) == (2, 2)
