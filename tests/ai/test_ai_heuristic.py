"""The heuristic player: finds lethal in hand-made positions, blocks to survive, keeps blockers home
against a lethal crack-back, and only ever makes legal actions over seeded games."""
from __future__ import annotations

import pytest

from ai_util import play_out_turn, position
from engine.core import player_actions as A
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.random_player import RandomPlayer
from engine.core.enums import DecisionKind, Zone
from engine.game import Game
from engine.selfplay import play_game
from tests.decklists import DECKS_DIR, read_deck_names

LETHAL = ["lethal-01-burn-face.toml", "lethal-02-swarm.toml", "lethal-03-fliers.toml",
          "lethal-04-overrun.toml", "lethal-05-fireblast.toml", "lethal-06-haste.toml"]


@pytest.mark.rules("104.3a", "120.3", "510.1")
@pytest.mark.parametrize("name", LETHAL)
def test_finds_lethal(name: str) -> None:
    game = position(name)
    play_out_turn(game, (HeuristicPlayer(1), HeuristicPlayer(2)))
    assert game.is_over and game.winners == [0], f"{name}: no win this turn (life {game.state.players[1].life})"


@pytest.mark.rules("509.1a", "510.1", "104.3a")
@pytest.mark.parametrize("name", ["block-01-chump-to-survive.toml", "block-02-trade-and-survive.toml"])
@pytest.mark.parametrize("lookahead", [True, False])
def test_blocks_to_survive(name: str, lookahead: bool) -> None:
    game = position(name)
    assert game.pending.kind is DecisionKind.DECLARE_BLOCKERS and game.pending.player == 0
    action = HeuristicPlayer(3, lookahead=lookahead).choose(game)
    assert isinstance(action, A.DeclareBlockers) and action.blocks, "it did not block"
    game.apply(action)
    play_out_turn(game, (HeuristicPlayer(4), HeuristicPlayer(5)))
    assert not game.is_over and game.state.players[0].life > 0


def _board(a_life: int) -> Game:
    g = Game.empty(seed=3)
    for _ in range(2):
        g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
        g.add_card("Centaur Courser", 1, Zone.BATTLEFIELD)
    for p, land in ((0, "Forest"), (1, "Forest")):
        g.add_card(land, p, Zone.BATTLEFIELD)
        for _ in range(5):
            g.add_card(land, p, Zone.LIBRARY)
    g.set_player(0, life=a_life)
    g.start_at(5, 0, "beginning_of_combat")
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    return g


@pytest.mark.rules("508.1a", "513.1a", "702.33d")
@pytest.mark.parametrize("lookahead", [True, False])
def test_attacks_with_a_creature_sacrificed_at_the_end_step_whatever_blocks_it(lookahead: bool) -> None:
    """A Skizzik not kicked is sacrificed at the beginning of the end step: kept home it is lost all the same,
    so it attacks, though B's Hill Giant could block and trade with it."""
    g = Game.empty(seed=3)
    skizzik = g.add_card("Skizzik", 0, Zone.BATTLEFIELD, sick=True)
    g.add_card("Hill Giant", 1, Zone.BATTLEFIELD)
    for p in (0, 1):
        for _ in range(4):
            g.add_card("Mountain", p, Zone.BATTLEFIELD)
            g.add_card("Mountain", p, Zone.LIBRARY)
    g.start_at(5, 0, "beginning_of_combat")
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    action = HeuristicPlayer(1, lookahead=lookahead).choose(g)
    assert isinstance(action, A.DeclareAttackers) and skizzik in action.attacks


@pytest.mark.rules("508.1", "302.6")
def test_keeps_blockers_home_against_a_lethal_crack_back() -> None:
    # A's two 2/2s against B's two 3/3s: attacking with both leaves A (at 5) dead to the crack-back.
    game = _board(5)
    assert game.pending.kind is DecisionKind.DECLARE_ATTACKERS
    action = HeuristicPlayer(1).choose(game)
    assert len(action.attacks) < 2
    game.apply(action)
    play_out_turn(game, (HeuristicPlayer(1), HeuristicPlayer(2)))
    play_out_turn(game, (HeuristicPlayer(1), HeuristicPlayer(2)))
    assert not game.is_over


DECKS = sorted(DECKS_DIR.glob("*.txt"))


@pytest.mark.parametrize("seed", range(200))
def test_heuristic_only_makes_legal_actions(seed: int) -> None:
    """200 seeded games against the random player (capped at 60 turns): a refused action raises."""
    deck_a = read_deck_names(DECKS[seed % len(DECKS)])
    deck_b = read_deck_names(DECKS[(seed * 7 + 3) % len(DECKS)])
    seat = seed % 2
    agents = [RandomPlayer(seed), RandomPlayer(seed)]
    agents[seat] = HeuristicPlayer(seed, lookahead=seed % 4 != 3)
    result = play_game(deck_a, deck_b, tuple(agents), seed=seed, turn_limit=60)
    assert result.finished


@pytest.mark.rules("401.2", "608.2c")
def test_orders_the_top_of_its_library_mid_resolution() -> None:
    # Ponder asks the order one card at a time; the AI's simulations of each answer run on
    # determinized copies, which must keep the cards already ordered where the engine expects them.
    g = Game.empty(seed=2)
    for name in ("Island", "Shivan Dragon", "Lightning Bolt", "Counterspell", "Island"):
        g.add_card(name, 0, Zone.LIBRARY)
        g.add_card(name, 1, Zone.LIBRARY)
    for p in g.state.players:
        p.library.reverse()          # not in id order, so a determinization would reorder it
    ponder = g.add_card("Ponder", 0, Zone.HAND)
    g.add_card("Island", 0, Zone.BATTLEFIELD)
    g.start_at(3, 0, "main1")
    g.apply(A.CastSpell(0, ponder))
    agents = (HeuristicPlayer(1), HeuristicPlayer(2))
    asked = 0
    while g.state.stack or g.pending.kind is not DecisionKind.PRIORITY:
        asked += g.pending.data.get("choice") == "library_order"
        g.apply(agents[g.pending.player].choose(g))
    assert asked == 2 and len(g.state.players[0].hand) == 1


@pytest.mark.rules("509.1a", "510.1a", "702.19c")
@pytest.mark.parametrize("lookahead", [True, False])
def test_chumps_the_attacker_whose_damage_the_block_stops(lookahead: bool) -> None:
    """One Bears against Colossal Dreadmaw (6/6 trample) and Craw Wurm (6/4) at 10 life: in front of the
    trampler 4 of its 6 go through (10 in all, lethal); in front of the Wurm all 6 are stopped (6)."""
    game = position("block-03-chump-what-does-not-trample.toml")
    assert game.pending.kind is DecisionKind.DECLARE_BLOCKERS and game.pending.player == 0
    s = game.state
    named = {s.objects[x].name: x for x in s.battlefield}
    action = HeuristicPlayer(3, lookahead=lookahead).choose(game)
    assert action.blocks == {named["Grizzly Bears"]: (named["Craw Wurm"],)}
    game.apply(action)
    play_out_turn(game, (HeuristicPlayer(4), HeuristicPlayer(5)))
    assert not game.is_over and game.state.players[0].life == 4


@pytest.mark.rules("509.1a", "510.1a", "702.19c")
@pytest.mark.parametrize("lookahead", [True, False])
def test_puts_a_second_blocker_in_front_of_a_trampler_to_survive(lookahead: bool) -> None:
    """Colossal Dreadmaw (6/6 trample) at 4 life: the Bears alone let 4 through, the Elves alone 5 (lethal
    either way); the two together take 3 of the damage (2 + 1 toughness) and 3 tramples over."""
    game = position("block-04-two-blockers-in-front-of-a-trampler.toml")
    assert game.pending.kind is DecisionKind.DECLARE_BLOCKERS and game.pending.player == 0
    s = game.state
    named = {s.objects[x].name: x for x in s.battlefield}
    action = HeuristicPlayer(3, lookahead=lookahead).choose(game)
    dreadmaw = named["Colossal Dreadmaw"]
    assert action.blocks == {named["Grizzly Bears"]: (dreadmaw,), named["Llanowar Elves"]: (dreadmaw,)}
    game.apply(action)
    play_out_turn(game, (HeuristicPlayer(4), HeuristicPlayer(5)))
    assert not game.is_over and game.state.players[0].life == 1


@pytest.mark.rules("509.1a", "510.1a", "702.19c")
@pytest.mark.parametrize("lookahead", [True, False])
def test_blocks_to_survive_rather_than_to_kill_an_attacker(lookahead: bool) -> None:
    """Colossal Dreadmaw (6/6 trample) and Alpha Tyrranax (6/5) at 7 life: Goblin Guide and Flametongue Kavu together
    would kill the Dreadmaw, but 2 trample over it and the Tyrranax's 6 go through: A dies. A chump in front of the
    Tyrranax saves 6 (and a second one in front of the Dreadmaw 2 more)."""
    game = position("block-05-survive-rather-than-kill.toml")
    assert game.pending.kind is DecisionKind.DECLARE_BLOCKERS and game.pending.player == 0
    action = HeuristicPlayer(3, lookahead=lookahead).choose(game)
    game.apply(action)
    play_out_turn(game, (HeuristicPlayer(4), HeuristicPlayer(5)))
    assert not game.is_over and game.state.players[0].life > 0


class _HoldsThenSwings(HeuristicPlayer):
    """An opponent who lets every attack through and then attacks with all it has."""

    def _block(self, game: Game) -> A.Action:
        return A.DeclareBlockers(game.pending.player, {})

    def _attack(self, game: Game) -> A.Action:
        d = game.pending
        return A.DeclareAttackers(d.player, {a: "P0" for a in d.options})


@pytest.mark.rules("508.1", "509.1a", "302.6")
@pytest.mark.parametrize("lookahead", [True, False])
def test_keeps_blockers_home_when_the_defender_could_take_the_hit_and_swing_back(lookahead: bool) -> None:
    """A at 6 with a Craw Wurm and two Grizzly Bears; B at 20 with three Bears. All in is 10 damage, which B
    could answer by trading Bears for Bears, leaving one to swing back; but B need not block (509.1a): it takes
    the 10 and swings back with its three Bears for 6 at an A whose creatures are all still tapped (302.6: they
    untap in A's untap step). The old estimate counted on B's trades and attacked with everything."""
    game = position("attack-01-the-defender-may-not-block.toml")
    assert game.pending.kind is DecisionKind.DECLARE_ATTACKERS and game.pending.player == 0
    me, them = HeuristicPlayer(1, lookahead=lookahead), _HoldsThenSwings(2)
    action = me.choose(game)
    assert len(action.attacks) < 3
    game.apply(action)
    play_out_turn(game, (me, them))
    play_out_turn(game, (me, them))
    assert not game.is_over and game.state.players[0].life > 0
