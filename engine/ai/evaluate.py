"""Board evaluation for the AI: how good a position is for one player, from public information and
that player's own hand only (an opponent's hand counts by its size, never by what is in it).

The scale is roughly "cards": a vanilla 2/2 is worth about 3, a card in hand 1.5, a life point 0.4 to
2 (more as life runs low, since the last points decide the game). A won game is +1000, a lost one
-1000.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Game

WIN = 1000.0
CARD_IN_HAND = 1.5

# Keyword bonuses, per point of power where the keyword scales with it.
_KEYWORD_FLAT = {"deathtouch": 1.2, "indestructible": 2.0, "hexproof": 1.0, "shroud": 0.6,
                 "vigilance": 0.4, "reach": 0.3, "haste": 0.2, "protection": 0.8}
_KEYWORD_PER_POWER = {"flying": 0.6, "first strike": 0.4, "double strike": 1.0, "lifelink": 0.4,
                      "trample": 0.2, "menace": 0.3, "unblockable": 0.7}


def life_value(life: int) -> float:
    """Value of a life total: each point counts more the lower the total is (the last points lose
    the game)."""
    if life <= 0:
        return -WIN / 2
    v = 0.0
    for point in range(1, min(life, 30) + 1):
        v += 2.0 if point <= 4 else 1.2 if point <= 8 else 0.8 if point <= 14 else 0.45
    return v


def creature_value(game: "Game", oid: int) -> float:
    ch = game.characteristics(oid)
    o = game.state.objects[oid]
    power = max(ch.power or 0, 0)
    toughness = (ch.toughness or 0) - o.damage
    if toughness <= 0 and not ch.has("indestructible"):
        return 0.0
    v = 1.0 + 0.9 * power + 0.6 * max(toughness, 0)
    for k in ch.keywords:
        v += _KEYWORD_FLAT.get(k.name, 0.0) + _KEYWORD_PER_POWER.get(k.name, 0.0) * power
    if ch.has("defender"):
        v -= 0.5 * power
    v += 0.4 * len([a for a in ch.activated if not a.is_mana_ability])
    v += 0.3 * len(ch.triggered) + 0.15 * ch.mana_value
    if any(a.is_mana_ability for a in ch.activated):
        v += 0.8
    if ch.extra.get("cant_attack") or ch.extra.get("cant_attack_or_block"):
        v *= 0.4
    return v


def permanent_value(game: "Game", oid: int, lands_before: int = 0) -> float:
    """Value of one permanent for its controller; `lands_before` counts the controller's lands
    already valued (mana beyond six lands is worth less)."""
    ch = game.characteristics(oid)
    o = game.state.objects[oid]
    if ch.is_creature:
        return creature_value(game, oid)
    if ch.is_land:
        return 1.3 if lands_before < 6 else 0.4
    if "Planeswalker" in ch.types:
        return 2.5 + 0.8 * o.counters.get("loyalty", 0)
    return 0.8 + 0.3 * ch.mana_value


def evaluate(game: "Game", player: int) -> float:
    """How good the position is for `player` (higher is better)."""
    s = game.state
    if s.game_over:
        if player in s.winners:
            return WIN
        return -WIN if s.winners else 0.0
    score = 0.0
    lands = [0] * len(s.players)
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.phased_out:
            continue
        sign = 1.0 if o.controller == player else -1.0
        v = permanent_value(game, oid, lands[o.controller])
        if game.characteristics(oid).is_land:
            lands[o.controller] += 1
        score += sign * v
    for p in s.players:
        if p.lost:
            continue          # a player who left the game counts no more (800.4a)
        sign = 1.0 if p.index == player else -1.0
        score += sign * (life_value(p.life) - 3.0 * p.poison)
        score += sign * CARD_IN_HAND * min(len(p.hand), 8)
        if len(p.library) < 4:
            score -= sign * (4 - len(p.library)) * 3.0
    # Spells and abilities still on the stack are about to do something for their controller.
    for oid in s.stack:
        o = s.objects[oid]
        score += (0.5 if o.controller == player else -0.5)
    return score

