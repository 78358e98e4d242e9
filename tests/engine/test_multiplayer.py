"""Multiplayer games (800-806) through the public API: N-player set-up and turn order, attacking several
players, a defending player who leaves during the declaration, saves of N-player games, and the tools
(fuzz, AI match) with more than two players. Rules details are also in tests/scenarios/multiplayer/."""
from __future__ import annotations

import json

import pytest

from engine.ai.combat import choose_defender
from engine.ai.match import MatchSpec, seats
from engine.ai.random_player import RandomPlayer
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import Concede, DeclareAttackers, DeclareBlockers, PassPriority
from engine.fuzz import fuzz
from engine.game import Game
from tests.engine.driving import advance
from tests.engine.test_selfplay_pool import pool_deck


def _table(n: int, creatures: dict[int, list[str]], active: int = 0) -> tuple[Game, dict[str, int]]:
    """An n-player game in A's first main phase of turn 3, each player with a few Plains in the library and
    the creatures given; ids by "<seat letter>:<name>"."""
    g = Game.empty([chr(ord("A") + i) for i in range(n)])
    ids: dict[str, int] = {}
    for p in range(n):
        for _ in range(6):
            g.add_card("Plains", p, Zone.LIBRARY)
        for name in creatures.get(p, []):
            ids[f"{chr(ord('A') + p)}:{name}"] = g.add_card(name, p, Zone.BATTLEFIELD)
    g.start_at(3, active, Step.MAIN1)
    return g, ids


def _to_attack(g: Game) -> None:
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS


@pytest.mark.rules("800.1", "103.1", "103.8c", "500.1")
def test_four_player_game_starts_and_turns_go_round_the_table() -> None:
    g = Game.new([pool_deck(i) for i in range(4)], seed=5, starting_player=2)
    assert [p.name for p in g.state.players] == ["A", "B", "C", "D"]
    assert not g.state.skip_first_draw          # 103.8c: no one skips the first draw
    actives: list[int] = []
    while g.state.turn <= 5:
        if g.state.turn > len(actives):
            actives.append(g.state.active)
        if g.state.turn == 1 and g.state.step is Step.MAIN1:
            assert len(g.state.players[2].hand) in (8, 7, 6, 5)
        d = g.pending
        g.apply(PassPriority(d.player) if d.kind is DecisionKind.PRIORITY else g.legal_actions()[0])
    assert actives == [2, 3, 0, 1, 2]


@pytest.mark.rules("800.1")
def test_a_game_has_two_to_six_players() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        Game.new([pool_deck(i) for i in range(7)])
    with pytest.raises(ValueError, match="2 to 6 players"):
        Game.new([pool_deck(0)])


@pytest.mark.rules("802.2", "802.3", "506.2a")
def test_every_opponent_and_their_planeswalkers_may_be_attacked() -> None:
    g, ids = _table(3, {0: ["Grizzly Bears"], 2: ["Jace Beleren"]})
    _to_attack(g)
    d = g.pending
    assert d.kind is DecisionKind.DECLARE_ATTACKERS
    assert d.data["targets"] == ["P1", "P2", ids["C:Jace Beleren"]]
    g.apply(DeclareAttackers(0, {ids["A:Grizzly Bears"]: ids["C:Jace Beleren"]}))
    assert g.state.combat.defender_of(ids["A:Grizzly Bears"]) == 2


@pytest.mark.rules("800.4a", "802.4")
def test_a_defending_player_who_concedes_while_declaring_blockers_hands_on_to_the_next() -> None:
    g, ids = _table(4, {0: ["Grizzly Bears", "Hill Giant"], 1: ["Savannah Lions"], 2: ["Llanowar Elves"]})
    _to_attack(g)
    g.apply(DeclareAttackers(0, {ids["A:Grizzly Bears"]: "P1", ids["A:Hill Giant"]: "P2"}))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.DECLARE_BLOCKERS and g.pending.player == 1
    assert g.pending.data["attackers"] == [ids["A:Grizzly Bears"]]
    g.apply(Concede(1))
    assert g.state.players[1].lost and not g.is_over
    assert ids["B:Savannah Lions"] not in g.state.objects          # what B owned left with B
    assert g.pending.kind is DecisionKind.DECLARE_BLOCKERS and g.pending.player == 2
    assert g.pending.data["attackers"] == [ids["A:Hill Giant"]]
    g.apply(DeclareBlockers(2, {}))
    assert g.pending.kind is DecisionKind.PRIORITY and g.pending.player == 0
    advance(g, Step.MAIN2)
    assert g.state.players[2].life == 17


@pytest.mark.rules("800.4a", "104.2a")
def test_four_player_saves_load_back_and_refuse_a_player_who_left_holding_priority() -> None:
    g = Game.new([pool_deck(10 + i) for i in range(4)], seed=11)
    agents = [RandomPlayer(20 + i) for i in range(4)]
    while not g.is_over and not any(p.lost for p in g.state.players) and g.state.turn < 80:
        g.apply(agents[g.pending.player].choose(g))
    text = g.to_json()
    assert Game.from_json(text).to_json() == text
    if g.is_over:
        return
    left = next(p.index for p in g.state.players if p.lost)
    d = json.loads(text)
    d["priority"] = left
    with pytest.raises(ValueError, match="left the game"):
        Game.from_json(json.dumps(d))


@pytest.mark.rules("802.1", "806.1", "800.4a")
def test_the_heuristic_attacks_the_greatest_threat_not_a_weaker_opponent_it_might_finish() -> None:
    g, ids = _table(3, {0: ["Hill Giant"], 1: ["Grizzly Bears"], 2: ["Serra Angel", "Hill Giant"]})
    targets = ["P1", "P2"]
    assert choose_defender(g, 0, targets, [ids["A:Hill Giant"]]) == "P2"      # C's board hits harder
    g.state.players[1].life = 3
    # B at 3 is within the Giant's reach only unblocked (its Bears chump), and B is the weaker opponent, left
    # in the game (with them C has another player to attack): C still.
    assert choose_defender(g, 0, targets, [ids["A:Hill Giant"]]) == "P2"
    assert choose_defender(g, 0, ["P1", ids["A:Hill Giant"]], []) == "P1"


@pytest.mark.rules("806.3")
def test_match_seats_move_round_the_table() -> None:
    spec = MatchSpec(["a"], ["b"], "heuristic", "random", players=4, more_decks=[["c"]])
    assert seats(spec, 0) == ([["a"], ["b"], ["c"], ["b"]], ["ai", "vs", "vs", "vs"])
    assert seats(spec, 2) == ([["b"], ["c"], ["a"], ["b"]], ["vs", "vs", "ai", "vs"])
    two = MatchSpec(["a"], ["b"], "heuristic", "random")
    assert seats(two, 1) == ([["b"], ["a"]], ["vs", "ai"])


@pytest.mark.rules("800.4a", "104.2a")
def test_fuzz_plays_four_player_games() -> None:
    report = fuzz(None, 2, seed=3, players=4)
    assert report.games == 2 and not report.failures, report.failures


@pytest.mark.rules("800.4a", "103.5", "104.3a")
def test_a_player_who_concedes_during_mulligans_is_not_asked_again() -> None:
    g = Game.new([pool_deck(30 + i) for i in range(3)], seed=2, starting_player=0)
    assert g.pending.kind is DecisionKind.MULLIGAN and g.pending.player == 0
    g.apply(Concede(1))
    seen = set()
    while g.state.mulligan_phase and g.pending.kind is DecisionKind.MULLIGAN:
        seen.add(g.pending.player)
        g.apply(next(a for a in g.legal_actions() if getattr(a, "keep", False)))
    assert seen == {0, 2} and not g.is_over
    assert g.state.players[1].hand == [] and g.state.players[1].library == []


@pytest.mark.rules("800.4m", "800.4k")
def test_until_your_next_turn_ends_when_the_turn_of_a_player_who_left_would_have_begun() -> None:
    from engine.core.state import ContinuousEffect
    g, ids = _table(3, {0: ["Grizzly Bears"]})
    bears = ids["A:Grizzly Bears"]
    g.state.effects.append(ContinuousEffect(900, None, None, 1, {"kind": "pump", "power": 2, "toughness": 2},
                                            [bears], "your_next_turn", g.state.new_timestamp()))
    g.state.invalidate()
    g.apply(Concede(1))
    assert g.characteristics(bears).power == 4          # B's turn hasn't come yet
    advance(g, Step.UPKEEP, 4)
    assert g.state.active == 2 and g.characteristics(bears).power == 2
