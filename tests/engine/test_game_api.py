"""The public API: determinism from the seed, JSON round trips, cheap independent clones, refused
actions leave the state unchanged."""
from __future__ import annotations

import json

import pytest

from engine import Game, IllegalAction
from engine.core.player_actions import CastSpell, Concede, Mulligan, PassPriority, PlayLand
from tests.engine.driving import both_pass
from engine.ai.random_player import RandomPlayer
from engine.core.enums import DecisionKind, Step, Zone
from tests.decklists import DECKS_DIR, read_deck_names

RED = read_deck_names(DECKS_DIR / "red-burn.txt")
GREEN = read_deck_names(DECKS_DIR / "green-ramp.txt")


def play(game: Game, n: int, seed: int = 0) -> list:
    agents = (RandomPlayer(seed), RandomPlayer(seed + 1))
    log = []
    for _ in range(n):
        if game.is_over:
            break
        a = agents[game.pending.player].choose(game)
        log.append(a)
        game.apply(a)
    return log


@pytest.mark.rules("103.1", "103.3", "103.5")
def test_new_game_starts_with_mulligans_after_shuffling_and_drawing_seven():
    g = Game.new([RED, GREEN], seed=3)
    assert g.pending.kind is DecisionKind.MULLIGAN
    assert g.pending.player == g.state.starting_player
    assert all(len(p.hand) == 7 and len(p.library) == 53 for p in g.state.players)


def test_same_seed_same_game():
    a, b = Game.new([RED, GREEN], seed=11), Game.new([RED, GREEN], seed=11)
    play(a, 300, seed=5)
    play(b, 300, seed=5)
    assert a.to_json() == b.to_json()
    c = Game.new([RED, GREEN], seed=12)
    assert c.to_json() != Game.new([RED, GREEN], seed=11).to_json()


def test_json_round_trip_continues_identically():
    g = Game.new([RED, GREEN], seed=2)
    play(g, 150, seed=1)
    saved = g.to_json()
    restored = Game.from_json(saved)
    assert restored.to_json() == saved
    play(g, 100, seed=9)
    play(restored, 100, seed=9)
    assert restored.to_json() == g.to_json()


def test_clone_is_independent():
    g = Game.new([RED, GREEN], seed=4)
    play(g, 120, seed=2)
    before = g.to_json()
    c = g.clone()
    play(c, 80, seed=3)
    assert g.to_json() == before
    assert c.to_json() != before


@pytest.mark.parametrize("text", ["", "nonsense", "[]", json.dumps({"format": "other"}),
                                  json.dumps({"format": "manatable-game", "version": 1})])
def test_bad_saves_get_a_clear_error(text):
    with pytest.raises(ValueError):
        Game.from_json(text)


def _scenario_game() -> Game:
    g = Game.empty()
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    g.add_card("Lightning Bolt", 0, Zone.HAND)
    g.add_card("Forest", 0, Zone.HAND)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    return g


@pytest.mark.rules("733.1", "601.2e")
def test_refused_actions_leave_the_state_unchanged():
    g = _scenario_game()
    before = g.to_json()
    bolt = g.state.players[0].hand[0]
    bears = g.state.battlefield[1]
    for action in (CastSpell(0, bolt, targets=(bolt,)),            # not a legal target
                   CastSpell(1, bolt, targets=(bears,)),           # not B's decision
                   PlayLand(0, bolt),                              # not a land
                   Mulligan(0, True),                              # wrong decision
                   CastSpell(0, bolt, targets=(bears,), pay=(bears,))):  # can't pay with a creature
        with pytest.raises(IllegalAction) as e:
            g.apply(action)
        assert str(e.value)
        assert g.to_json() == before


@pytest.mark.rules("305.2", "305.1")
def test_legal_actions_are_all_accepted():
    g = _scenario_game()
    for action in g.legal_actions():
        g.clone().apply(action)
    kinds = {type(a).__name__ for a in g.legal_actions()}
    assert kinds == {"PassPriority", "PlayLand", "CastSpell"}


@pytest.mark.rules("104.3a", "104.2a")
def test_concede_ends_the_game_at_any_time():
    g = _scenario_game()
    g.apply(Concede(1))
    assert g.is_over and g.winners == [0]
    with pytest.raises(IllegalAction):
        g.apply(PassPriority(0))


@pytest.mark.rules("117.3d", "500.2")
def test_passing_with_an_empty_stack_moves_on():
    g = _scenario_game()
    g.apply(PassPriority(0))
    assert g.pending.player == 1 and g.state.step is Step.MAIN1
    g.apply(PassPriority(1))
    assert g.state.step is Step.BEGINNING_OF_COMBAT


def test_snapshot_hides_the_opponents_hand():
    g = Game.new([RED, GREEN], seed=1)
    view = g.snapshot(viewer=0)
    json.dumps(view)
    assert all("name" in c for c in view["players"][0]["hand"])
    assert all(c.get("hidden") for c in view["players"][1]["hand"])
    assert all("name" in c for c in g.snapshot(None)["players"][1]["hand"])


def test_snapshot_names_the_offered_objects_for_the_decider_only():
    g = Game.empty()
    g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    edict = g.add_card("Diabolic Edict", 0, Zone.HAND)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.add_card("Hill Giant", 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    g.apply(CastSpell(0, edict, targets=("P1",)))
    both_pass(g)
    assert g.pending.player == 1
    names = g.snapshot(viewer=1)["pending"]["option_names"]
    assert sorted(names.values()) == ["Grizzly Bears", "Hill Giant"]
    assert "option_names" not in g.snapshot(viewer=0)["pending"]
