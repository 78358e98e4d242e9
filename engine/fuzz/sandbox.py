"""Sandbox-mode fuzzing: a game with validation off, where a player may move anything anywhere
between the ordinary decisions (the free table of Cockatrice). The agent wraps an AI player and,
at a seeded rate, makes a random sandbox move instead: a card to another zone, tapped or untapped,
counters added or removed, life or poison changed, a token, draws, a shuffle, the next step or turn.
The invariants must hold all the same, and the save must load."""
from __future__ import annotations

from engine.core import player_actions as A
from engine.game import Game
from engine.core.rng import Rng

ZONES = ("library", "hand", "battlefield", "graveyard", "exile")
RATE = 4        # one decision in RATE is a sandbox move


class SandboxChaos:
    def __init__(self, player, seed: int) -> None:
        self.player = player
        self.rng = Rng(seed)

    def choose(self, game: Game) -> A.Action:
        r = self.rng
        objects = sorted(game.state.objects)
        if r.below(RATE) or not objects:
            return self.player.choose(game)
        p = game.pending.player
        oid = objects[r.below(len(objects))]
        moves = [
            lambda: A.SandboxMove(p, oid, ZONES[r.below(len(ZONES))], tapped=r.below(3) == 0,
                                  controller=(None, 0, 1)[r.below(3)]),
            lambda: A.SandboxTap(p, oid, r.below(2) == 0),
            lambda: A.SandboxCounters(p, oid, ("+1/+1", "-1/-1", "loyalty", "charge")[r.below(4)],
                                      (-3, -1, 1, 2)[r.below(4)]),
            lambda: A.SandboxLife(p, r.below(2), (-30, -5, 3, 100)[r.below(4)], r.below(3) == 0),
            lambda: A.SandboxToken(p),
            lambda: A.SandboxDraw(p, 1 + r.below(3)),
            lambda: A.SandboxShuffle(p),
            lambda: A.SandboxUntapAll(p),
            lambda: A.SandboxNextStep(p),
            lambda: A.SandboxNextTurn(p),
            lambda: A.SandboxReveal(p, oid),
        ]
        return moves[r.below(len(moves))]()


def is_sandbox_move(action: A.Action) -> bool:
    return isinstance(action, A.SandboxAction)
