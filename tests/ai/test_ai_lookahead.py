"""The attack plans the heuristic player weighs."""
from __future__ import annotations

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.game import Game


@pytest.mark.rules("508.1")
def test_the_heuristic_player_weighs_the_planners_two_best_attacks_its_playouts_three(monkeypatch) -> None:
    g = Game.empty(seed=11)
    for name in ("Grizzly Bears", "Hill Giant", "Serra Angel"):
        g.add_card(name, 0, Zone.BATTLEFIELD)
    g.add_card("Craw Wurm", 1, Zone.BATTLEFIELD)
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Mountain", p, Zone.LIBRARY)
    g.start_at(5, 0, "beginning_of_combat")
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    asked: list[int] = []
    real = HeuristicPlayer.attack_plans
    monkeypatch.setattr(HeuristicPlayer, "attack_plans", lambda self, game, n=4: asked.append(n) or real(self, game, n))
    HeuristicPlayer(3).choose(g)
    HeuristicPlayer(3, sampled=True).choose(g)
    assert asked == [2, 3]
