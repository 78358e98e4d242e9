"""The search player's rounds played by helper processes (`workers`): the very same values and choice as one process,
a helper's fault noted and its rounds played by the searching process, and no process left once it is closed."""
from __future__ import annotations

import os

import pytest

from ai_util import position
from engine.ai import helpers as H, make_player
from engine.ai.search import SearchPlayer
from engine.ai.simulate import FAULTS
from engine.core.rng import Rng
from engine.game import Game
from test_ai_fairness import decision_points


def searched_positions() -> list[Game]:
    """Positions where the search searches: one whose playouts branch at follow-up decisions (follow-01), one that
    holds removal, and two from a seeded game between heuristic players, with the opponent's hand and both libraries
    hidden."""
    out = [position("follow-01-pestermite-before-the-giant.toml"), position("hold-01-removal-for-the-threat.toml")]
    probe = SearchPlayer(0)
    out += [g for g in decision_points((1, 3), 6, 20) if isinstance(probe.candidates(g), list)][:2]
    return out


def searched(player: SearchPlayer, game: Game) -> tuple[object, list[dict[int, float]], dict]:
    """The choice, the values by candidate and round, and the follow-up decisions of a search from a seed of 5."""
    player.rng = Rng(5)
    cands = player.candidates(game)
    assert isinstance(cands, list) and len(cands) > 1
    choice = player.search(game, cands, 1e18)
    return choice, player.last_values, {k: [dict(v) for v in n.values] for k, n in player._tree.items()}


def test_two_workers_give_the_values_of_one() -> None:
    """Each round's determinization and playout policy start from the round's own seed, so the rounds a helper plays
    have the values they have in one process: the same choice, values (by candidate and round) and follow-up nodes."""
    games = searched_positions()
    alone = [searched(SearchPlayer(0, playouts=24), g) for g in games]
    assert any(nodes for _, _, nodes in alone)       # follow-ups were searched
    with SearchPlayer(0, playouts=24, workers=2) as player:
        assert player.helpers().wait_ready(120)
        together = [searched(player, g) for g in games]
        assert player.helpers().playouts_helped > 0
    assert together == alone


def test_a_position_read_back_from_json_gives_the_same_values() -> None:
    """The helpers read the position from the engine's saved game: a search on it finds what it finds on the game."""
    for game in searched_positions():
        assert searched(SearchPlayer(0, playouts=12), Game.from_json(game.to_json(), trial=False)) \
            == searched(SearchPlayer(0, playouts=12), game)


def test_a_helper_that_fails_leaves_its_rounds_to_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper that raises (here: sent candidates it cannot read) answers with its fault: the fault is noted and the
    searching process plays every round itself, with the values of one process."""
    game = position("hold-01-removal-for-the-threat.toml")
    alone = searched(SearchPlayer(0, playouts=12), game)
    monkeypatch.setattr(H, "encoded", lambda acts: {i: {"action": "NoSuchAction"} for i in acts})
    del FAULTS[:]
    with SearchPlayer(0, playouts=12, workers=2) as player:
        assert player.helpers().wait_ready(120)
        assert searched(player, game) == alone
        assert player.helpers().playouts_helped == 0
        assert any("search helper 0" in f and "NoSuchAction" in f for f in FAULTS)
        assert all(p.is_alive() for p in player.helpers().processes)      # still there for the next decision


def test_a_helper_that_dies_leaves_its_rounds_to_the_search() -> None:
    """A helper process gone (killed here) is noted and dropped; the search plays every round itself."""
    game = position("hold-01-removal-for-the-threat.toml")
    alone = searched(SearchPlayer(0, playouts=12), game)
    del FAULTS[:]
    with SearchPlayer(0, playouts=12, workers=2) as player:
        assert player.helpers().wait_ready(120)
        helper = player.helpers().processes[0]
        helper.kill()
        helper.join(10)
        assert searched(player, game) == alone
        assert searched(player, game) == alone      # and the next decision, without it
        assert any(f.startswith("search helper 0") for f in FAULTS)


def test_a_helper_that_dies_is_started_again_for_the_next_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper gone is replaced as the next searched decision begins (the new one, still starting, misses that one),
    then plays its share again; one that keeps dying is given up after RESTARTS."""
    game = position("hold-01-removal-for-the-threat.toml")
    alone = searched(SearchPlayer(0, playouts=12), game)
    monkeypatch.setattr(H, "RESTARTS", 1)
    del FAULTS[:]
    with SearchPlayer(0, playouts=12, workers=2) as player:
        pool = player.helpers()
        assert pool.wait_ready(120)
        first = pool.processes[0]
        first.kill()
        first.join(10)
        assert searched(player, game) == alone      # dropped during this decision
        assert searched(player, game) == alone      # started again as this one began
        second = pool.processes[0]
        assert second is not first and second.is_alive() and pool.wait_ready(120)
        helped = pool.playouts_helped
        for _ in range(3):
            assert searched(player, game) == alone
        assert pool.playouts_helped > helped
        second.kill()
        second.join(10)
        for _ in range(2):
            assert searched(player, game) == alone
        assert pool.processes[0] is second and not second.is_alive()      # not a third time
        assert sum("started again" in f for f in FAULTS) == 1


def test_closing_the_player_ends_its_helpers() -> None:
    player = SearchPlayer(0, workers=3)
    procs = player.helpers().processes
    assert len(procs) == 2 and player.helpers().wait_ready(120)
    player.close()
    assert not any(p.is_alive() for p in procs)
    with SearchPlayer(0, workers=2) as again:
        procs = again.helpers().processes
    assert not any(p.is_alive() for p in procs)


@pytest.mark.parametrize("cores,asked,workers", [(2, None, 2), (8, None, 2), (1, None, 1), (2, 1, 1)])
def test_the_apps_hard_level_searches_on_two_cores(monkeypatch: pytest.MonkeyPatch, cores: int, asked: int | None,
                                                   workers: int) -> None:
    """The app plays one game at a time: its search player takes two cores where there are two; games played side by
    side (engine.ai.match, the level matches of bench/ai.py) ask for one. Each process adds a budget of playouts: two search twice as many
    in about the time one takes for its own."""
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    player = make_player("hard", 0, search_workers=asked)
    assert isinstance(player, SearchPlayer) and player.workers == workers
    assert player.playouts == 48 * workers
