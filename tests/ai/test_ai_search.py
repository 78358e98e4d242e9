"""The search player (small budgets, to keep the suite fast): it finds lethal, blocks to survive,
never makes an illegal action, and its decisions do not depend on hidden cards."""
from __future__ import annotations

import pytest

from ai_util import play_out_turn, position, stock_libraries
from engine.core import player_actions as A
from engine.core.enums import Zone
from engine.game import Game
from engine.ai.by_hand import ai_actions
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import determinize
from engine.ai.random_player import RandomPlayer
from engine.ai.search import SearchPlayer, squash
from engine.selfplay import play_game
from tests.decklists import DECKS_DIR, read_deck_names
from test_ai_fairness import decision_points, other_hidden_cards
from test_ai_heuristic import LETHAL


def small(seed: int) -> SearchPlayer:
    return SearchPlayer(seed, playouts=9)


@pytest.mark.rules("104.3a", "120.3", "510.1")
@pytest.mark.parametrize("name", LETHAL)
def test_search_finds_lethal(name: str) -> None:
    game = position(name)
    play_out_turn(game, (small(1), HeuristicPlayer(2)))
    assert game.is_over and game.winners == [0], name


@pytest.mark.rules("509.1a", "104.3a")
@pytest.mark.parametrize("name", ["block-01-chump-to-survive.toml", "block-02-trade-and-survive.toml"])
def test_search_blocks_to_survive(name: str) -> None:
    game = position(name)
    action = small(3).choose(game)
    assert isinstance(action, A.DeclareBlockers) and action.blocks
    game.apply(action)
    play_out_turn(game, (HeuristicPlayer(4), HeuristicPlayer(5)))
    assert not game.is_over and game.state.players[0].life > 0


@pytest.mark.rules("400.2", "117.3a", "701.8a")
@pytest.mark.parametrize("seed", range(2))
def test_search_holds_removal_for_the_real_threat(seed: int) -> None:
    """The opponent has a 1/1 token out, six lands, one card in hand, and has shown dragons: the
    determinizations put a dragon in that hand often enough that Murder waits (not spent on the token
    when the Bears attack) and kills the dragon the turn it comes down."""
    game = position("hold-01-removal-for-the-threat.toml")
    agents = (small(seed), HeuristicPlayer(seed + 5))
    while not game.is_over and game.state.turn < 9:
        game.apply(agents[game.pending.player].choose(game))
    s = game.state
    creatures = sorted(s.objects[x].name for x in s.battlefield if game.characteristics(x).is_creature)
    assert creatures == ["Goblin Token", "Grizzly Bears"]
    assert [s.objects[x].name for x in s.players[1].graveyard].count("Shivan Dragon") == 3


@pytest.mark.rules("400.2", "117.3a", "701.6a")
@pytest.mark.parametrize("seed", [0, 2000])
def test_search_keeps_counterspell_mana_for_the_threat(seed: int) -> None:
    """Air Elemental would tap the five lands; the opponent has shown dragons, has six lands and a card. A pass is
    played out as holding the mana (no spell cast after combat instead), so the search passes, counters the
    dragon on the opponent's turn, and Air Elemental waits. The search is told the opponent's deck list (dragons and
    Mountains), so that the card in hand is likely a dragon (7 in 10 of what is left): from what they have shown
    alone, the spells they haven't shown are guessed too (knowledge.prior_spells), a dragon is one chance in five, and
    tapping out for Air Elemental is a fair call. At 24 playouts the second main phase is still a close call (the
    search passes there with 6 of the 8 seeds 0, 1000, ..., 7000)."""
    game = position("hold-02-counterspell-mana-for-the-threat.toml")
    listed = {1: ["Shivan Dragon"] * 12 + ["Mountain"] * 10}
    agents = (SearchPlayer(seed, playouts=24, opponent_decks=listed), HeuristicPlayer(seed + 5))
    while not game.is_over and game.state.turn < 9:
        game.apply(agents[game.pending.player].choose(game))
    s = game.state
    assert [s.objects[x].name for x in s.players[1].graveyard].count("Shivan Dragon") == 3
    assert [s.objects[x].name for x in s.players[0].graveyard] == ["Counterspell"]
    assert not any(game.characteristics(x).is_creature for x in s.battlefield)


@pytest.mark.rules("603.3d", "115.1")
def test_search_aims_a_triggers_removal_at_the_threat() -> None:
    """The target of Ravenous Chupacabra's enters trigger is a searched decision: both creatures are
    played out, and the flier that is racing (Serra Angel, 6 life left) goes, not the mana elf."""
    game = position("target-01-trigger-kills-the-threat.toml")
    player = small(2)
    action = player.choose(game)
    assert len(player.last_values) == 2 and player.search_times
    assert isinstance(action, A.Choose) and game.state.objects[action.choice[0]].name == "Serra Angel"


@pytest.mark.rules("509.1a", "510.1c", "704.5g")
@pytest.mark.parametrize("seed", range(2))
def test_search_adds_the_second_blocker_that_kills_the_attacker(seed: int) -> None:
    """Giant Spider (2/4) attacks into two Hill Giants (3/3). The block planner puts one Giant in front of it (a block
    that loses nothing) and looks for double blocks only among attackers it left unblocked; the search also weighs
    its plan with one more block: with both Giants blocking, the Spider takes 6 and dies, and its 2 damage kills
    neither."""
    game = position("block-08-double-block-that-loses-nothing.toml")
    player = SearchPlayer(seed, playouts=24)
    action = player.choose(game)
    assert isinstance(action, A.DeclareBlockers) and len(action.blocks) == 2
    game.apply(action)
    play_out_turn(game, (player, HeuristicPlayer(seed + 5)))
    s = game.state
    assert sorted(s.objects[x].name for x in s.battlefield if game.characteristics(x).is_creature) \
        == ["Hill Giant", "Hill Giant"]
    assert [s.objects[x].name for x in s.players[1].graveyard] == ["Giant Spider"]


@pytest.mark.rules("701.9a", "508.1a", "701.8a")
@pytest.mark.parametrize("seed", range(2))
def test_search_discards_the_card_it_can_spare(seed: int) -> None:
    """The opponent's Liliana of the Veil makes each player discard a card; its Hill Giant can attack for the last 3
    life. The rules of thumb let the dearer spell go (Murder, three mana, against Preordain's one); the discard
    is a searched choice, Murder is kept, and it kills the Giant when it attacks."""
    game = position("discard-01-keep-the-answer.toml")
    play_out_turn(game, (SearchPlayer(seed, playouts=24), HeuristicPlayer(seed + 5)))
    s = game.state
    assert not game.is_over and s.players[0].life == 3
    assert sorted(s.objects[x].name for x in s.players[0].graveyard) == ["Murder", "Preordain"]


@pytest.mark.rules("603.3d", "115.1", "701.26a", "508.1a")
@pytest.mark.parametrize("seed", range(2))
def test_search_aims_pestermites_tap_at_the_lone_blocker(seed: int) -> None:
    """Pestermite's enters trigger taps or untaps target permanent: neither harm nor help that the rules of thumb
    read, so they take the first option (A's own Hill Giant). The search plays out the permanents that matter most,
    whoever's they are: tapping Grizzly Bears, the one creature that could block, lets Hill Giant attack for the
    opponent's last 3 life."""
    game = position("target-02-pestermite-taps-the-blocker.toml")
    play_out_turn(game, (SearchPlayer(seed, playouts=24), HeuristicPlayer(seed + 5)))
    assert game.is_over and game.winners == [0]


@pytest.mark.rules("118.9", "601.2f")
def test_search_weighs_alike_answers_once() -> None:
    """Fireblast's alternative cost sacrifices two of three tapped Mountains: three answers, each as good as the
    others. Answers that name objects alike (the same card, the same place and state) are one candidate, and the
    choice has nothing left to search."""
    game = position("lethal-05-fireblast.toml")
    player = small(1)
    game.apply(player.choose(game))
    assert game.pending.data.get("choice") == "sacrifice" and len(ai_actions(game)) > 2
    searched = len(player.search_times)
    game.apply(player.choose(game))
    assert len(player.search_times) == searched


DECKS = sorted(DECKS_DIR.glob("*.txt"))


@pytest.mark.parametrize("seed", range(12))
def test_search_only_makes_legal_actions(seed: int) -> None:
    """Seeded games against the random player (fewer than the heuristic's 200: a search costs more)."""
    deck_a = read_deck_names(DECKS[seed % len(DECKS)])
    deck_b = read_deck_names(DECKS[(seed * 5 + 2) % len(DECKS)])
    agents = [RandomPlayer(seed), RandomPlayer(seed)]
    agents[seed % 2] = SearchPlayer(seed, playouts=6)
    assert play_game(deck_a, deck_b, tuple(agents), seed=seed, turn_limit=60).finished


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("decks,seed", [((1, 3), 6), ((5, 2), 9)])
def test_search_decisions_do_not_depend_on_hidden_cards(decks: tuple[int, int], seed: int) -> None:
    points = decision_points(decks, seed, 12)
    for i, game in enumerate(points):
        first = small(8).choose(game)
        second = small(8).choose(other_hidden_cards(game, 0, i))
        assert first == second, f"decision {i} ({game.pending.kind.value})"


@pytest.mark.rules("400.2")
def test_search_does_not_see_the_dragon_in_the_opponents_hand() -> None:
    """The same position with the opponent's hidden card a Mountain instead of the Shivan Dragon
    (and both libraries in another order): the same candidates, the same playout values, the same
    decision; only what the opponent has shown (two dragons in the graveyard) counts."""
    game = position("hold-01-removal-for-the-threat.toml")
    changed = game.clone()
    s = changed.state
    for oid in s.players[1].hand:
        s.writable(oid).name = "Mountain"
    for p in s.players:
        p.library.reverse()
    s.invalidate()
    a, b = small(4), small(4)
    assert a.choose(game) == b.choose(changed)
    assert a.search_times and len(a.search_times) == len(b.search_times)
    assert a.last_values == b.last_values


def test_squash_keeps_the_order_and_the_range() -> None:
    values = [-1000.0, -20.0, -1.0, 0.0, 3.0, 1000.0]
    squashed = [squash(v) for v in values]
    assert squashed == sorted(squashed) and all(-1 < s < 1 for s in squashed) and squash(0.0) == 0.0


def _treason_and_bears() -> tuple[Game, int, int]:
    """Player 0's first main phase, its land played, four lands untapped, Act of Treason and Grizzly Bears in hand and
    no creature on the battlefield; (the game, Act of Treason, Grizzly Bears)."""
    g = Game.empty(seed=5)
    for _ in range(3):
        g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    treason = g.add_card("Act of Treason", 0, Zone.HAND)
    bears = g.add_card("Grizzly Bears", 0, Zone.HAND)
    stock_libraries(g, "Mountain")
    g.start_at(5, 0, "main1")
    g.state.players[0].lands_played = 1
    return g, treason, bears


@pytest.mark.rules("601.2c", "117.3a")
def test_a_playout_offers_the_next_spell_when_the_engine_refuses_one() -> None:
    """The fast playout policy offers its casts untried: Act of Treason with no creature to target is refused
    (601.2c), the state is left as it was, and the next spell is offered and cast, as the policy that tries
    each cast on a copy first would cast it."""
    g, treason, bears = _treason_and_bears()
    trying = HeuristicPlayer(1, lookahead=False, hold_instants=True)
    assert trying.choose(g) == A.CastSpell(0, bears)
    search = SearchPlayer(1, policy_lookahead=False)
    search.policy.reset()
    assert search.policy.choose(g) == A.CastSpell(0, treason)      # offered untried
    search._play(g, A.CastSpell(0, treason))
    assert g.state.objects[treason].zone is Zone.HAND
    assert [g.characteristics(x).name for x in g.state.stack] == ["Grizzly Bears"]      # a new object (400.7)


@pytest.mark.rules("509.1a", "602.2", "506.4", "510.1c")
@pytest.mark.parametrize("seed", range(2))
def test_search_blocks_with_sakura_tribe_elder_and_sacrifices_it(seed: int) -> None:
    """Craw Wurm (6/4) attacks a player at 20 with Sakura-Tribe Elder and three Forests. Blocking and then
    sacrificing the Elder for a land before damage keeps the 6 life and turns the Elder into the land it was
    for; the Wurm stays blocked and deals no damage. The playouts play the search's own side with the heuristic
    player, which sacrifices the Elder once it blocks: the fast rules of thumb activate no such ability, so with
    them the block looked like losing the Elder for nothing and the search let the 6 damage through."""
    game = position("block-07-sakura-tribe-elder-chumps-then-fetches.toml")
    player = SearchPlayer(seed, playouts=24)
    action = player.choose(game)
    s = game.state
    assert isinstance(action, A.DeclareBlockers) \
        and [s.objects[b].name for b in action.blocks] == ["Sakura-Tribe Elder"]
    game.apply(action)
    play_out_turn(game, (player, HeuristicPlayer(seed + 5)))
    s = game.state
    assert s.players[0].life == 20
    assert [s.objects[x].name for x in s.players[0].graveyard] == ["Sakura-Tribe Elder"]
    assert sum(1 for x in s.battlefield if s.objects[x].controller == 0 and s.objects[x].name == "Forest") == 4


@pytest.mark.rules("400.2")
def test_the_playout_policy_simulates_on_the_playouts_own_cards() -> None:
    """A playout is already a determinization of what the search player has seen: the playout policy's
    simulations copy it as it is (the opponent's hand and the libraries stay the cards the playout drew), while the
    heuristic player in the game draws the hidden cards anew from what it has seen (never reading them)."""
    game = position("hold-01-removal-for-the-threat.toml")
    search = SearchPlayer(3)
    playout = determinize(game, 0, search.rng)

    def cards(g: Game) -> list[list[str]]:
        s = g.state
        return [[s.objects[x].name for x in zone] for p in s.players for zone in (p.hand, p.library)]
    assert cards(search.policy.determinized(playout)) == cards(playout)
    assert not HeuristicPlayer(3).sampled and not search.heuristic.sampled


@pytest.mark.rules("601.2c", "117.3a")
def test_the_cheaper_playout_policy_plays_its_main_phase_by_the_rules_of_thumb() -> None:
    """With `policy_main_lookahead=False` the playout policy decides its own main phase without simulating: it
    offers the biggest spell it can pay for (Act of Treason, with no creature to take), where the heuristic player
    simulating its options casts Grizzly Bears; combat and the stack are still simulated."""
    g, treason, bears = _treason_and_bears()
    medium = SearchPlayer(1).policy.choose(g)
    assert isinstance(medium, A.CastSpell) and medium.card == bears
    cheaper = SearchPlayer(1, policy_main_lookahead=False).policy
    assert cheaper.choose(g) == A.CastSpell(0, treason)
    assert cheaper.lookahead and not cheaper.main_lookahead


@pytest.mark.rules("509.1a", "502.3", "508.1a", "104.3a")
@pytest.mark.parametrize("seed", range(2))
def test_search_chumps_before_the_fliers_finish(seed: int) -> None:
    """Two Stormfront Pegasi and Elite Vanguard (each 3/2 with Honor of the Pure) face A at 12 life, whose one
    untapped creature is Llanowar Elves; one Pegasus and the Vanguard attack. Unblocked, A falls to 6, and the two
    Pegasi fly over for 6 on B's next turn: the playouts end as that turn begins, before its attack, so the base
    evaluation weighed only 6 life against the Elves and let the Vanguard through. The playout's end now reads the
    lethal attack that comes next: the Elves chump the Vanguard, and A is at 3 after B's next turn."""
    game = position("block-09-chump-before-the-fliers-finish.toml")
    player = SearchPlayer(seed, playouts=24)
    action = player.choose(game)
    assert isinstance(action, A.DeclareBlockers) and len(action.blocks) == 1
    game.apply(action)
    agents = (HeuristicPlayer(seed + 3), HeuristicPlayer(seed + 5))
    for _ in range(3):
        play_out_turn(game, agents)
    assert not game.is_over and game.state.turn == 13 and game.state.players[0].life == 3


@pytest.mark.rules("701.22a", "121.1")
@pytest.mark.parametrize("seed", range(2))
def test_search_scries_the_swamp_to_the_top(seed: int) -> None:
    """Preordain with five Islands, Doom Blade in hand and Island, Swamp on top: the scry is a searched choice (its
    candidates the rules of thumb's, which keep the Swamp for its color, and the others); the Island goes to the
    bottom, and Preordain draws the Swamp."""
    game = position("scry-01-keep-the-swamp.toml")
    play_out_turn(game, (SearchPlayer(seed, playouts=24), HeuristicPlayer(seed + 5)))
    s = game.state
    assert "Swamp" in [s.objects[x].name for x in s.battlefield if s.objects[x].controller == 0]


@pytest.mark.rules("603.3d", "115.1", "701.26a", "508.1a")
@pytest.mark.parametrize("seed", range(2))
def test_search_casts_the_spell_whose_follow_up_wins(seed: int) -> None:
    """Four lands, Pestermite or a second Hill Giant; the opponent is at 3 with Grizzly Bears, its one blocker. The
    heuristic casts the Giant (the bigger creature). Pestermite wins at once, but only with the right follow-up: its
    enters trigger must tap the Bears (a choice the rules of thumb don't read, so the playout policy takes its first
    option), and then the Hill Giant in play attacks for the last 3 life. The playouts branch at that target choice
    (`follow_ups`): the cast is valued by the target its node keeps, and the search casts Pestermite."""
    game = position("follow-01-pestermite-before-the-giant.toml")
    player = SearchPlayer(seed, playouts=24, follow_ups=3)
    action = player.choose(game)
    assert isinstance(action, A.CastSpell) and game.state.objects[action.card].name == "Pestermite"
    game.apply(action)
    play_out_turn(game, (player, HeuristicPlayer(seed + 5)))
    assert game.is_over and game.winners == [0]


@pytest.mark.rules("400.2", "508.1a")
def test_a_root_candidate_is_valued_by_the_follow_up_its_decision_keeps() -> None:
    """With `follow_ups`, a playout branches at the search player's first own searched decision below the root (here
    the attack on the turn after Murder is held or spent): each follow-up is played on from a copy of the same
    determinization, the determinizations that reach the same decision (seen alike) share one node, and a root
    candidate's playout is valued by the follow-up its node keeps, which is not always the heuristic's."""
    game = position("hold-01-removal-for-the-threat.toml")
    player = SearchPlayer(1, playouts=24, follow_ups=3)
    cands = player.candidates(game)
    assert isinstance(cands, list) and len(cands) == 2
    player.search(game, cands, 1e18)
    nodes = player._tree
    assert any(len(node.values) > 1 and len(node.values[0]) > 1 for node in nodes.values())
    assert any(node.kept(player.confidence) != 0 for node in nodes.values())
    for (i, rnd), key in player._via.items():
        node = nodes[key]
        assert key[0] == i and all(rnd in v for v in node.values)
        assert player.last_values[i][rnd] == node.values[node.kept(player.confidence)][rnd]
    assert not SearchPlayer(1, playouts=24)._tree
