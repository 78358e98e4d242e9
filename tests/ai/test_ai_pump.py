"""A pump until end of turn (611.2a, 514.2: it ends in the cleanup step, with the damage marked) is worth what
it changes this turn: a fight won, a creature saved, an attack to come; not a lasting bigger creature."""
from __future__ import annotations

import pytest

from ai_util import position
from engine.ai.evaluate import creature_value, creature_value_damaged
from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.game import Game
from tests.engine.driving import cast_and_resolve


def _bears_pumped(step: str) -> tuple[Game, int, float]:
    """Player 0's Grizzly Bears (not summoning sick) and its value, then Giant Growth resolved on it in `step` of
    player 0's turn."""
    game = Game.empty(seed=1)
    bears = game.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    game.add_card("Forest", 0, Zone.BATTLEFIELD)
    growth = game.add_card("Giant Growth", 0, Zone.HAND)
    for _ in range(3):
        game.add_card("Forest", 0, Zone.LIBRARY)
        game.add_card("Forest", 1, Zone.LIBRARY)
    game.start_at(3, 0, step)
    game.state.objects[bears].sick = False
    before = creature_value(game, bears)
    cast_and_resolve(game, growth, targets=((bears,),))
    return game, bears, before


@pytest.mark.rules("611.2a", "514.2")
def test_a_pump_until_end_of_turn_adds_nothing_after_combat() -> None:
    game, bears, before = _bears_pumped("main2")
    assert game.characteristics(bears).power == 5
    assert creature_value(game, bears) == pytest.approx(before)


@pytest.mark.rules("611.2a", "514.2", "508.1a", "302.6")
def test_a_pump_before_combat_counts_for_a_creature_that_may_attack() -> None:
    """In the first main phase the pumped Bears may attack (the attack planner plays the combat with the pump):
    counted as they are; summoning sick, they may not (302.6): nothing."""
    game, bears, before = _bears_pumped("main1")
    assert creature_value(game, bears) == pytest.approx(creature_value_damaged(game.characteristics(bears), 0))
    assert creature_value(game, bears) > before + 3
    game.state.objects[bears].sick = True
    game.state.invalidate()
    assert creature_value(game, bears) == pytest.approx(before)


@pytest.mark.rules("611.2a", "514.2", "509.1b")
@pytest.mark.parametrize("lookahead", [True, False])
def test_no_pump_on_a_creature_out_of_the_fight(lookahead: bool) -> None:
    """B's Wind Drake attacks; A's Bears can't block a flier (509.1b). After blocks, Giant Growth on the Bears
    changes nothing this turn: A keeps it."""
    game = position("pump-01-no-pump-outside-the-fight.toml")
    agents = [HeuristicPlayer(1, lookahead=lookahead), HeuristicPlayer(2)]
    while game.state.turn == 6 and not game.is_over:
        d = game.pending
        action = agents[d.player].choose(game)
        if d.player == 0 and d.kind is DecisionKind.PRIORITY:
            assert isinstance(action, A.PassPriority), action
        game.apply(action)
    assert [game.state.objects[x].name for x in game.state.players[0].hand] == ["Giant Growth"]


@pytest.mark.rules("611.2c", "613.1f", "514.2")
def test_a_keyword_granted_until_end_of_turn_adds_nothing_after_combat() -> None:
    """Overrun after combat: the Bears' +3/+3 and trample both end in the cleanup step; Colossal Dreadmaw's own
    trample stays (a keyword its card has), its +3/+3 goes."""
    game = Game.empty(seed=1)
    bears = game.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    dreadmaw = game.add_card("Colossal Dreadmaw", 0, Zone.BATTLEFIELD)
    for _ in range(5):
        game.add_card("Forest", 0, Zone.BATTLEFIELD)
    overrun = game.add_card("Overrun", 0, Zone.HAND)
    for _ in range(3):
        game.add_card("Forest", 0, Zone.LIBRARY)
        game.add_card("Forest", 1, Zone.LIBRARY)
    game.start_at(3, 0, "main2")
    before = {oid: creature_value(game, oid) for oid in (bears, dreadmaw)}
    cast_and_resolve(game, overrun)
    assert game.characteristics(bears).has("trample") and game.characteristics(bears).power == 5
    assert creature_value(game, bears) == pytest.approx(before[bears])
    assert creature_value(game, dreadmaw) == pytest.approx(before[dreadmaw])
