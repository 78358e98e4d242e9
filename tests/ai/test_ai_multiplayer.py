"""The AI in a multiplayer free-for-all (806): it attacks the opponent who threatens it most (802.1: any
opponent may be attacked), blocks for the attacks still to come before its next turn (101.4: the turns
pass round the table), and its search player determinizes every opponent's hidden cards, each from what
that opponent has shown (400.2), playing a round of turns out."""
from __future__ import annotations

from collections import Counter

import pytest

from ai_util import position
from engine.ai import make_player
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import determinize
from engine.ai.evaluate import evaluate
from engine.ai.search import PENDING_LETHAL, SearchPlayer
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.core.rng import Rng
from engine.core.state import Decision
from engine.game import Game
from test_ai_fairness import decision_points, other_hidden_cards

FOUR_DECKS = (4, 5, 0, 1)      # four of the sample decks, one a player


@pytest.mark.rules("802.1", "806.1", "508.1b")
@pytest.mark.parametrize("lookahead", [True, False])
def test_attacks_the_opponent_who_threatens_most(lookahead: bool) -> None:
    """Two Serra Angels no one can block: B is at 10 life with nothing, C has two Craw Wurms. The damage
    goes at C, the player left to grow who would win, not at B's lower life."""
    game = position("multi-01-attack-the-threat.toml")
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert isinstance(action, A.DeclareAttackers)
    assert sorted(action.attacks.values()) == ["P2", "P2"]


@pytest.mark.rules("802.1", "806.1", "800.4a")
@pytest.mark.parametrize("lookahead", [True, False])
@pytest.mark.parametrize("at_8", [2, 1])
def test_finishes_the_strongest_opponent_not_a_weaker_one(lookahead: bool, at_8: int) -> None:
    """The same board with C or B at 8 life. C at 8: the two Angels' 8 damage finish C, the strongest (who
    leaves the game, 800.4a). B at 8 with nothing: the Angels could finish B, but B is no danger, and while
    B is in the game C's Wurms have B to attack as well as A; finished, B would leave A alone with C and D.
    The damage goes at C either way. (Against three random players, the old AI's habit of finishing the
    weaker opponents first and meeting the strongest alone was behind most of its lost games.)"""
    game = position("multi-01-attack-the-threat.toml")
    game.set_player(at_8, life=8)
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert sorted(action.attacks.values()) == ["P2", "P2"]


@pytest.mark.rules("802.1", "806.1", "508.1b")
@pytest.mark.parametrize("lookahead", [True, False])
def test_open_life_of_a_weaker_opponent_counts_as_the_evaluation_counts_it(lookahead: bool) -> None:
    """B at 11 with nothing to block; C, the strongest (lands, a full hand), has one Serra Angel that can
    block a flier. 8 damage at B gains more life points than an attack at C, but what B loses counts half
    for A (the evaluation's weight of an opponent other than the strongest, 806): the Angels go at C."""
    game = position("multi-04-spare-the-weaker-opponent.toml")
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    assert isinstance(action, A.DeclareAttackers)
    assert action.attacks and set(action.attacks.values()) == {"P2"}


@pytest.mark.rules("802.1", "806.1", "509.1a", "101.4")
@pytest.mark.parametrize("lookahead", [True, False])
def test_blocks_for_the_attacks_still_to_come(lookahead: bool) -> None:
    """A at 7 life: B's Hill Giant alone is not lethal, but C and D, whose Serra Angels A can't block, take
    their turns before A's. Taking 3 would leave A dead to them: the Bears chump."""
    game = position("multi-02-block-before-the-others-attack.toml")
    assert game.pending.kind is DecisionKind.DECLARE_BLOCKERS and game.pending.player == 0
    action = HeuristicPlayer(1, lookahead=lookahead).choose(game)
    bears = next(x for x in game.state.battlefield if game.state.objects[x].name == "Grizzly Bears")
    giant = next(x for x in game.state.battlefield if game.state.objects[x].name == "Hill Giant")
    assert action.blocks == {bears: (giant,)}


@pytest.mark.rules("806.1", "601.2c")
@pytest.mark.parametrize("lookahead", [True, False])
def test_removal_goes_at_the_leader(lookahead: bool) -> None:
    """Lightning Bolt can kill either Hill Giant: B's, B's only creature, or C's, next to a Craw Wurm and six
    lands. C is the strongest opponent, whose losses count in full (the others' half): C's Giant dies."""
    game = position("multi-03-remove-the-leaders-creature.toml")
    agents = [HeuristicPlayer(1, lookahead=lookahead)] + [HeuristicPlayer(p) for p in (2, 3, 4)]
    while game.state.turn == 5 and not game.is_over:
        game.apply(agents[game.pending.player].choose(game))
    dead = {p: [game.state.objects[x].name for x in game.state.players[p].graveyard] for p in (1, 2)}
    assert dead == {1: [], 2: ["Hill Giant"]}


def _four_player_game() -> Game:
    """B, C and D have each shown cards of their own (a flier, a wurm, a giant) and hold three hidden cards."""
    g = Game.empty(["A", "B", "C", "D"], seed=2)
    shown = {1: ("Serra Angel", "Plains"), 2: ("Craw Wurm", "Forest"), 3: ("Hill Giant", "Mountain")}
    for p, names in shown.items():
        for name in names:
            g.add_card(name, p, Zone.BATTLEFIELD)
        for name in ("Shivan Dragon", "Counterspell", "Wrath of God"):
            g.add_card(name, p, Zone.HAND)
        for _ in range(4):
            g.add_card("Island", p, Zone.LIBRARY)
    for name in ("Grizzly Bears", "Forest", "Forest"):
        g.add_card(name, 0, Zone.BATTLEFIELD)
    for _ in range(4):
        g.add_card("Forest", 0, Zone.LIBRARY)
    g.start_at(3, 0, "main1")
    return g


@pytest.mark.rules("400.2", "806.1")
def test_every_opponents_hand_is_sampled_from_their_own_cards() -> None:
    """Each of the three opponents' hidden cards is drawn from what that opponent has shown, never from the real hidden cards nor from another opponent's cards."""
    game = _four_player_game()
    own = {1: {"Serra Angel", "Plains"}, 2: {"Craw Wurm", "Forest"}, 3: {"Hill Giant", "Mountain"}}
    seen: dict[int, Counter] = {p: Counter() for p in own}
    for seed in range(6):
        g = determinize(game, 0, Rng(seed))
        for p, names in own.items():
            hidden = [g.state.objects[x].name for x in g.state.players[p].hand + g.state.players[p].library]
            assert set(hidden) <= names, (p, hidden)
            seen[p].update(hidden)
    for p, names in own.items():
        assert set(seen[p]) == names       # both the shown spell and the shown land stand for the hidden cards


@pytest.mark.rules("400.2", "806.1")
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_hidden_cards_of_three_opponents_do_not_change_decisions(level: str) -> None:
    points = decision_points(FOUR_DECKS, 4, 16, lookahead=False, turns=20)
    assert len(points) >= 8
    for i, game in enumerate(points):
        first = make_player(level, 5).choose(game)
        second = make_player(level, 5).choose(other_hidden_cards(game, 0, i))
        assert first == second, f"decision {i} ({game.pending.kind.value}) changed with the hidden cards"


@pytest.mark.rules("400.2", "806.1", "802.1")
def test_search_with_three_opponents_samples_each_ones_hand() -> None:
    """The search player attacks in the four-player position: the same candidates, the same playout values
    and the same decision whatever the three opponents really hold; each playout runs until every
    opponent has taken a turn (a round, 101.4)."""
    game = position("multi-01-attack-the-threat.toml")
    changed = other_hidden_cards(game, 0, 3)
    a, b = SearchPlayer(4, playouts=9), SearchPlayer(4, playouts=9)
    assert a.playout_end(game) == game.state.turn + 2 + 2
    first, second = a.choose(game), b.choose(changed)
    assert first == second and isinstance(first, A.DeclareAttackers)
    assert a.search_times and a.last_values == b.last_values


@pytest.mark.rules("400.2", "806.1")
def test_search_decisions_with_three_opponents_do_not_depend_on_hidden_cards() -> None:
    for i, game in enumerate(decision_points(FOUR_DECKS, 7, 6, lookahead=False, turns=20)):
        first = SearchPlayer(8, playouts=6).choose(game)
        second = SearchPlayer(8, playouts=6).choose(other_hidden_cards(game, 0, i))
        assert first == second, f"decision {i} ({game.pending.kind.value})"


@pytest.mark.rules("806.1")
def test_search_with_three_opponents_plays_its_playouts_by_the_fast_rules_of_thumb() -> None:
    """With one opponent the playouts are played by the heuristic player checking its options by simulation; a
    four-player playout runs a turn more for each further opponent, and there the fast rules of thumb play it, so
    that the search still gets through its rounds within its time limit."""
    game = position("multi-01-attack-the-threat.toml")
    player = SearchPlayer(4, playouts=9)
    player.choose(game)
    assert player.search_times and player.playing is player.fast_policy and not player.fast_policy.lookahead
    two = position("block-07-sakura-tribe-elder-chumps-then-fetches.toml")
    player.choose(two)
    assert player.playing is player.policy and player.policy.lookahead


@pytest.mark.rules("806.1", "701.21a")
def test_search_with_three_opponents_leaves_sacrifices_to_the_rules_of_thumb() -> None:
    """A sacrifice made while a spell resolves is a searched choice against one opponent, whose playouts answer as
    the heuristic player would; with three opponents the fast rules of thumb play the playouts, and the heuristic's
    own answer is taken without a search."""
    game = position("multi-01-attack-the-threat.toml")
    s = game.state
    own = [x for x in s.battlefield if s.objects[x].controller == 0]
    assert len(own) >= 2
    s.pending = Decision(0, DecisionKind.CHOOSE, options=own, min=1, max=1, data={"choice": "sacrifice"})
    player = SearchPlayer(4, playouts=9)
    assert player.candidates(game) == player.heuristic.choose(game)


@pytest.mark.rules("806.1", "508.1a", "509.1a")
def test_search_with_three_opponents_scores_a_playouts_end_by_the_evaluation_alone() -> None:
    """Against one opponent a playout's end also reads the lethal attack that comes next (`SearchPlayer.end_value`:
    A at 6 in front of two 3/2 fliers, its Elves able to chump only the Vanguard); the four-player search, whose
    playouts the fast rules of thumb play, is scored by the evaluation alone, as before: A's two Serra Angels in
    front of B at 8 life change nothing there."""
    game = position("multi-01-attack-the-threat.toml")
    game.state.players[1].life = 8
    assert SearchPlayer.end_value(game, 0) == evaluate(game, 0)
    two = position("block-09-chump-before-the-fliers-finish.toml")
    two.state.players[0].life = 6
    assert SearchPlayer.end_value(two, 0) == evaluate(two, 0) - PENDING_LETHAL
