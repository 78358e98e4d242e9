"""What the heuristic player keeps between decisions to decide faster changes none of its answers: the
renamed copies of hidden cards reused by the next determinization (400.2: still only what the player may
see), the creature values and combat fighters kept by characteristics and damage."""
from __future__ import annotations

import pytest

from engine.ai.combat import fighter
from engine.ai.evaluate import creature_value
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import RenamedCopies, determinize
from engine.ai.simulate import simulate
from engine.core import player_actions as A
from engine.core.rng import Rng
from engine.game import Game
from tests.decklists import DECKS_DIR, read_deck_names


def _decision_points(seed: int, limit: int) -> list[Game]:
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[3]), read_deck_names(paths[0])], seed=seed)
    agents = (HeuristicPlayer(seed), HeuristicPlayer(seed + 1))
    out: list[Game] = []
    while not game.is_over and game.state.turn <= 12 and len(out) < limit:
        if game.pending.player == 0:
            out.append(game.clone())
        game.apply(agents[game.pending.player].choose(game))
    return out


@pytest.mark.rules("400.2")
def test_renamed_copies_give_the_same_determinized_games() -> None:
    copies = RenamedCopies()
    fast = HeuristicPlayer(1, lookahead=False)
    for i, game in enumerate(_decision_points(4, 30)):
        before = game.to_json()
        plain = determinize(game, 0, Rng(i)).to_json()
        first = determinize(game, 0, Rng(i), copies=copies)
        assert first.to_json() == plain, f"decision point {i}"
        # Playing on the copy (as a simulation does) changes neither the game nor the next copy.
        simulate(first, A.PassPriority(0) if first.pending.kind.value == "priority" else fast.choose(first),
                 fast, last=True)
        assert determinize(game, 0, Rng(i), copies=copies).to_json() == plain, f"decision point {i}, again"
        assert game.to_json() == before


def test_kept_creature_values_follow_the_damage_marked() -> None:
    game = next(g for g in _decision_points(4, 200)
                if any(g.characteristics(x).is_creature and (g.characteristics(x).toughness or 0) > 1
                       for x in g.state.battlefield))
    s = game.state
    oid = next(x for x in s.battlefield if game.characteristics(x).is_creature and (game.characteristics(x).toughness or 0) > 1)
    unhurt = creature_value(game, oid)
    toughness = fighter(game, oid).toughness
    s.writable(oid).damage = 1
    assert creature_value(game, oid) < unhurt
    assert fighter(game, oid).toughness == toughness - 1
    s.writable(oid).damage = 0
    assert creature_value(game, oid) == unhurt
