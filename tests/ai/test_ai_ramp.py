"""Ramp: a land put onto the battlefield by a spell or an ability is worth the mana it makes on the turns to come
while the hand holds a spell its lands can't pay for yet (engine.ai.evaluate.mana_short), and a search finds as
many cards as it may (701.23a), of the same name when the library holds no other."""
from __future__ import annotations

import pytest

from engine.ai.evaluate import RAMP, evaluate, unchanged_board
from engine.ai.heuristic import HeuristicPlayer
from engine.core import player_actions as A
from engine.core.enums import Zone
from engine.game import Game
from tests.engine.driving import table


def _ramp_game(spell: str, lands: int, *hand: str) -> Game:
    """Player 0 in their first main phase with `lands` Forests, `spell` and `hand` in hand, a library of Forests;
    player 1 with a Grizzly Bears."""
    game = Game.empty(seed=3)
    for _ in range(lands):
        game.add_card("Forest", 0, Zone.BATTLEFIELD)
    for name in (spell, *hand):
        game.add_card(name, 0, Zone.HAND)
    for _ in range(8):
        game.add_card("Forest", 0, Zone.LIBRARY)
        game.add_card("Plains", 1, Zone.LIBRARY)
    game.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    game.start_at(3, 0, "main1")
    return game


def _play_main_phase(game: Game, agent: HeuristicPlayer) -> None:
    """`agent` acts for player 0 until the first main phase is over (the other player only passes)."""
    while game.state.step.value == "main1" and not game.is_over:
        d = game.pending
        game.apply(agent.choose(game) if d.player == 0 else A.PassPriority(d.player))


@pytest.mark.rules("305.9", "202.3")
def test_a_land_more_is_worth_more_while_a_spell_in_hand_waits_for_mana() -> None:
    """Weighing a decision with a seven-mana Platinum Angel in hand, a seventh land counts `RAMP` more than the same
    land beside a hand of cheap spells; the dearest spell is read from the hand at the decision (cast or discarded
    in the position weighed, it still counts: getting rid of it gains nothing)."""
    def gain(*hand: str) -> tuple[float, float]:
        game = _ramp_game("Llanowar Elves", 6, *hand)
        more, emptied = game.clone(), _ramp_game("Llanowar Elves", 6)
        more.add_card("Forest", 0, Zone.BATTLEFIELD)
        more.state.invalidate()
        with unchanged_board(game):
            return evaluate(more, 0) - evaluate(game, 0), evaluate(emptied, 0) - evaluate(game, 0)
    angel, bears = gain("Platinum Angel"), gain("Grizzly Bears")
    assert angel[0] == pytest.approx(bears[0] + RAMP)
    assert angel[1] == pytest.approx(bears[1])
    # Fireblast (mana value 6) is cast by its alternative cost (118.9), two Mountains: it waits for no land
    assert gain("Fireblast") == pytest.approx(bears)


@pytest.mark.rules("701.23a", "305.9")
@pytest.mark.parametrize("lookahead", [True, False])
def test_a_search_for_two_basic_lands_finds_two_forests(lookahead: bool) -> None:
    """Cultivate ("up to two basic land cards, one onto the battlefield tapped, the other into your hand") in a
    library of Forests only: both are found (and the one put into the hand is played: the turn's land)."""
    game = _ramp_game("Cultivate", 3)
    _play_main_phase(game, HeuristicPlayer(1, lookahead=lookahead))
    s = game.state
    lands = [x for x in s.battlefield if s.objects[x].controller == 0 and s.objects[x].name == "Forest"]
    assert "Cultivate" in [s.objects[x].name for x in s.players[0].graveyard]
    assert len(lands) == 5 and not s.players[0].hand


@pytest.mark.rules("305.9", "701.23a")
def test_ramp_is_cast_for_the_spell_it_can_not_pay_for_yet() -> None:
    """Six Forests and a seven-mana Platinum Angel in hand: Rampant Growth puts the seventh land onto the
    battlefield (a card for a land, worth it while the Angel waits)."""
    game = _ramp_game("Rampant Growth", 6, "Platinum Angel")
    _play_main_phase(game, HeuristicPlayer(1))
    s = game.state
    assert "Rampant Growth" in [s.objects[x].name for x in s.players[0].graveyard]
    assert sum(1 for x in s.battlefield if s.objects[x].controller == 0 and s.objects[x].name == "Forest") == 7


@pytest.mark.rules("305.1", "605.1a", "701.23a")
@pytest.mark.parametrize("lookahead", [True, False])
def test_a_fetch_land_is_cracked_for_the_land_it_finds(lookahead: bool) -> None:
    """Terramorphic Expanse makes no mana: a land only once it has found one. The heuristic player sacrifices it in
    its first main phase and puts a Forest onto the battlefield (it never did: a land was worth as much as another)."""
    game = _ramp_game("Grizzly Bears", 1)
    expanse = game.add_card("Terramorphic Expanse", 0, Zone.BATTLEFIELD)
    game.state.invalidate()
    _play_main_phase(game, HeuristicPlayer(1, lookahead=lookahead))
    s = game.state
    assert expanse not in s.battlefield
    mine = [s.objects[x].name for x in s.battlefield if s.objects[x].controller == 0]
    assert mine.count("Forest") == 2


SAKURA_TRIBE_SCOUT = {"name": "Sakura-Tribe Scout", "manaCost": "{G}", "type": "Creature — Snake Shaman",
                      "types": ["Creature"], "subtypes": ["Snake", "Shaman"], "supertypes": [], "colors": ["G"],
                      "power": "1", "toughness": "1",
                      "text": "{T}: You may put a land card from your hand onto the battlefield."}


@pytest.mark.rules("305.4", "305.9", "602.2")
def test_a_land_is_put_from_the_hand_while_a_spell_waits_for_mana(extra_cards) -> None:
    """With its land drop made and Craw Wurm waiting for six lands, the player taps Sakura-Tribe Scout to put its
    other Forest onto the battlefield (never done: on the copies that weigh the ability, "you may put a land card"
    was answered by putting none, so it seemed to do nothing)."""
    extra_cards(SAKURA_TRIBE_SCOUT)
    game, ids = table(a=["Sakura-Tribe Scout", "Forest", "Forest"], hand_a=["Forest", "Forest", "Craw Wurm"])
    game.apply(A.PlayLand(0, ids["Forest"]))
    action = HeuristicPlayer(1).choose(game)
    assert isinstance(action, A.ActivateAbility) and action.source == ids["Sakura-Tribe Scout"]
    game.apply(action)
    while game.state.stack or game.pending.player != 0:
        game.apply(HeuristicPlayer(2).choose(game) if game.pending.player == 1 else HeuristicPlayer(1).choose(game))
    lands = [x for x in game.state.battlefield if game.state.objects[x].name == "Forest"]
    assert len(lands) == 4 and game.state.players[0].hand == [ids["Craw Wurm"]]
