"""The random player (the fuzzer's default AI): uniform among the legal actions, but a combat
declaration by its size first, so that an army of tokens attacks as often as a lone creature does
(issue 14: a fuzz game of doubling tokens ran away to 13,126 objects because "attack with all" was one
option among hundreds)."""
from __future__ import annotations

import pytest

from engine.ai.random_player import RandomPlayer
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import DeclareAttackers, PassPriority
from engine.game import Game

ARMY = 150


def _at_declare_attackers(mine: int, theirs: int) -> Game:
    g = Game.empty()
    for p in (0, 1):
        for _ in range(8):
            g.add_card("Plains", p, Zone.LIBRARY)
    for _ in range(mine):
        g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    for _ in range(theirs):
        g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    return g


@pytest.mark.rules("508.1a")
def test_an_army_attacks_all_together_as_often_as_not_at_all() -> None:
    g = _at_declare_attackers(ARMY, 3)
    sizes = [len(RandomPlayer(seed).choose(g).attacks) for seed in range(90)]
    assert set(sizes) <= {0, 1, ARMY}
    for size in (0, 1, ARMY):
        assert 15 <= sizes.count(size) <= 45, sizes      # about a third each, not one in ARMY + 2


@pytest.mark.rules("509.1c")
def test_listing_the_blocks_works_out_the_blocking_requirements_once(monkeypatch) -> None:
    """With hundreds of creatures, the requirements worked out again for each declaration listed made
    one blocking decision take seconds."""
    import engine.loop.legal
    import engine.rules.combat
    g = _at_declare_attackers(ARMY, ARMY)
    g.apply(DeclareAttackers(0, {a: "P1" for a in g.pending.options}))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.DECLARE_BLOCKERS
    calls = []
    real = engine.rules.combat.block_requirements

    def counted(game):
        calls.append(1)
        return real(game)
    for module in (engine.loop.legal, engine.rules.combat):
        monkeypatch.setattr(module, "block_requirements", counted)
    actions = g.legal_actions()
    assert len(actions) > ARMY and len(calls) == 1


def _nomads_en_kor_and_three_bears(extra_cards) -> tuple[Game, int]:
    """Nomads en-Kor ("{0}:" ability with a target creature you control) and three Grizzly Bears of player 0."""
    from tests.oracle.test_replacement_templates import NOMADS_EN_KOR
    extra_cards(NOMADS_EN_KOR)
    g = Game.empty()
    for p in (0, 1):
        for _ in range(30):
            g.add_card("Plains", p, Zone.LIBRARY)
    kor = g.add_card("Nomads en-Kor", 0, Zone.BATTLEFIELD)
    for _ in range(3):
        g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    return g, kor


@pytest.mark.rules("602.2", "117.3c")
def test_a_free_ability_is_not_piled_on_the_stack_for_ever(extra_cards) -> None:
    """A fuzz find (issue 14): "{0}: The next 1 damage ... is dealt to target creature you control instead"
    offers one activation per target beside a single pass, so picked at random it piled up on the stack
    (800 objects by turn 15). The random player activates a permanent's abilities again only once fewer than
    REPEATS of them wait on the stack, and the turn goes on."""
    from engine.ai.random_player import REPEATS
    g, kor = _nomads_en_kor_and_three_bears(extra_cards)
    g.start_at(3, 0, Step.MAIN1)
    players = [RandomPlayer(1), RandomPlayer(2)]
    deepest = 0
    for _ in range(1500):
        if g.state.turn > 3 or g.is_over:
            break
        g.apply(players[g.pending.player].choose(g))
        deepest = max(deepest, sum(1 for o in g.state.stack if g.state.objects[o].stack.source_id == kor))
    assert g.state.turn > 3, "the turn went on"
    assert 1 <= deepest <= REPEATS


@pytest.mark.rules("602.2")
def test_one_source_is_activated_at_most_per_turn_times_a_turn(extra_cards) -> None:
    """A fuzz find (issue 14): Earthcraft with a hundred Ooze tokens, each tapped to untap a land, one
    activation at a time: a turn of thousands of actions, the game past its time limit at turn 70. The
    random player leaves a source alone for the rest of the turn once it has activated it PER_TURN times."""
    from engine.ai.random_player import PER_TURN
    from engine.core.player_actions import ActivateAbility
    g, kor = _nomads_en_kor_and_three_bears(extra_cards)
    g.start_at(3, 0, Step.UPKEEP)
    players = [RandomPlayer(3), RandomPlayer(4)]
    activations = 0
    for _ in range(3000):
        if g.state.turn > 3 or g.is_over:
            break
        action = players[g.pending.player].choose(g)
        activations += isinstance(action, ActivateAbility) and action.source == kor
        g.apply(action)
    assert g.state.turn > 3, "the turn went on"
    assert activations == PER_TURN
