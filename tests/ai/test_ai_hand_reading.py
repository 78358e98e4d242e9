"""Reading an opponent's hand from their play (engine.ai.reading) and determinizations that fit what was read
(engine.ai.knowledge `HandFact`): a turn without a land drop (305.2) leaves no land in the hand, unspent mana no
creature the opponent could have cast; only what the reader may see counts (400.2)."""
from __future__ import annotations

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import HandFact, determinize, fits
from engine.ai.reading import HandReader
from engine.ai.search import SearchPlayer
from engine.core import player_actions as A
from engine.core.cards import card_def
from engine.core.enums import DecisionKind, Zone
from engine.core.rng import Rng
from engine.game import Game
from tests.ai.ai_util import position
from tests.ai.test_ai_fairness import other_hidden_cards
from tests.decklists import DECKS_DIR, read_deck_names


def at_bs_end_step() -> Game:
    game = position("read-01-no-land-and-mana-unspent.toml")
    game.apply(A.PassPriority(1))       # B, the active player, passes: A has priority in B's end step
    assert game.pending.player == 0
    return game


@pytest.mark.rules("305.2", "400.2")
def test_a_turn_without_a_land_leaves_every_card_in_the_hand_a_nonland() -> None:
    game = at_bs_end_step()
    reader = HandReader(0)
    reader.observe(game)
    hand = game.state.players[1].hand
    assert sorted(reader.facts) == sorted(hand)
    assert all(f.nonland and f.mana == 3 and f.colors == {"G", "U"} for f in reader.facts.values())


@pytest.mark.rules("305.2")
def test_a_turn_with_a_land_played_reads_no_nonland() -> None:
    game = at_bs_end_step()
    game.state.players[1].lands_played = 1
    reader = HandReader(0)
    reader.observe(game)
    assert reader.facts and not any(f.nonland for f in reader.facts.values())


@pytest.mark.rules("400.2")
def test_what_is_read_fits_names_by_type_cost_and_color() -> None:
    fact = HandFact(nonland=True, mana=3, colors=frozenset({"G", "U"}))
    assert not fits(fact, "Forest")
    assert not fits(fact, "Grizzly Bears")          # a creature B could have cast with its mana
    assert not fits(fact, "Llanowar Elves")
    assert fits(fact, "Craw Wurm")                  # too dear
    assert fits(fact, "Counterspell")               # an instant waits for its chance
    assert fits(fact, "Ravenous Chupacabra")        # held for a target: a creature with a triggered ability
    assert fits(HandFact(nonland=True, mana=3, colors=frozenset({"U"})), "Grizzly Bears")   # no green mana left
    assert fits(HandFact(nonland=False, mana=None, colors=frozenset()), "Forest")


@pytest.mark.rules("400.2")
def test_determinized_hands_fit_what_was_read() -> None:
    game = at_bs_end_step()
    reader = HandReader(0)
    reader.observe(game)
    hand = sorted(game.state.players[1].hand)
    seen: set[str] = set()
    unread: set[str] = set()
    for seed in range(40):
        g = determinize(game, 0, Rng(seed), read=reader.facts, unshown=True)
        names = [g.state.objects[x].name for x in hand]
        seen |= set(names)
        assert all(fits(reader.facts[x], n) for x, n in zip(hand, names))
        plain = determinize(game, 0, Rng(seed), unshown=True)
        unread |= {plain.state.objects[x].name for x in hand}
    assert not any("Land" in card_def(n).types for n in seen)
    assert any("Land" in card_def(n).types for n in unread)     # without the facts, the guess holds lands


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("decks,seed", [((4, 1), 3), ((3, 5), 8), ((2, 0), 11)])
def test_what_is_read_does_not_depend_on_hidden_cards(decks: tuple[int, int], seed: int) -> None:
    """Two readers follow a game between heuristic players, one at each of player 0's decisions, the other at the
    same decisions with other hidden cards: they read the same."""
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[d]) for d in decks], seed=seed)
    agents = [HeuristicPlayer(seed + p, lookahead=False) for p in range(2)]
    first, other = HandReader(0), HandReader(0)
    read = 0
    while not game.is_over and game.state.turn <= 16:
        if game.pending.player == 0:
            first.observe(game)
            other.observe(other_hidden_cards(game, 0, seed + game.state.turn))
            assert first.facts == other.facts
            read += len(first.facts)
        game.apply(agents[game.pending.player].choose(game))
    assert read


@pytest.mark.rules("400.2")
def test_the_search_reads_the_opponents_hand_and_its_playouts_use_it() -> None:
    game = at_bs_end_step()
    player = SearchPlayer(3, playouts=4)
    player.choose(game)
    assert player.reader is not None and sorted(player.reader.facts) == sorted(game.state.players[1].hand)


def card_named(game: Game, player: int, name: str, zone: str = "hand") -> int:
    s = game.state
    ids = s.players[player].hand if zone == "hand" else s.battlefield
    return next(x for x in ids if s.objects[x].name == name and s.objects[x].controller == player)


@pytest.mark.rules("400.2", "400.7")
def test_a_creature_spell_let_resolve_leaves_no_counterspell_and_a_returned_card_is_known() -> None:
    game = position("read-02-answers-and-bounce.toml")
    reader = HandReader(0)
    game.apply(A.CastSpell(0, card_named(game, 0, "Serra Angel")))
    reader.observe(game)            # A holds priority with the Angel on the stack
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))   # B lets it resolve, three Islands untapped
    reader.observe(game)
    hand = game.state.players[1].hand
    assert sorted(reader.facts) == sorted(hand)
    fact = next(iter(reader.facts.values()))
    assert fact.let_resolve == (3, frozenset({"U"}))
    assert not fits(fact, "Counterspell") and not fits(fact, "Essence Scatter")
    assert fits(fact, "Negate")                     # it can't target a creature spell
    assert fits(fact, "Mana Leak")                  # "unless its controller pays": not worth it against A's mana
    bears = card_named(game, 1, "Grizzly Bears", zone="battlefield")
    game.apply(A.CastSpell(0, card_named(game, 0, "Unsummon"), targets=((bears,),)))
    reader.observe(game)
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))
    reader.observe(game)
    returned = card_named(game, 1, "Grizzly Bears")
    assert returned != bears                        # a new object (400.7), the same card
    assert reader.facts[returned].name == "Grizzly Bears"
    for seed in range(5):
        assert determinize(game, 0, Rng(seed), read=reader.facts, unshown=True).state.objects[returned].name \
            == "Grizzly Bears"


@pytest.mark.rules("400.2", "701.20a")
def test_cards_seen_in_a_hand_stay_known() -> None:
    game = position("read-02-answers-and-bounce.toml")
    duress = game.add_card("Duress", 0, Zone.HAND)
    game.add_card("Swamp", 0, Zone.BATTLEFIELD)
    reader = HandReader(0)
    game.apply(A.CastSpell(0, duress, targets=(("P1",),)))
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))
    assert game.pending.kind is DecisionKind.CHOOSE and game.pending.player == 0
    reader.observe(game)            # the choice shows A the hand
    negate = card_named(game, 1, "Negate")
    game.apply(A.Choose(0, (negate,)))
    reader.observe(game)
    divination = card_named(game, 1, "Divination")
    assert reader.facts[divination].name == "Divination" and negate not in reader.facts


@pytest.mark.rules("305.2", "400.2")
@pytest.mark.parametrize("decks,seed", [((3, 1), 21), ((5, 4), 22)])
def test_what_is_read_of_the_heuristic_players_hand_is_true(decks: tuple[int, int], seed: int) -> None:
    """Read at each decision of a game between heuristic players, the facts fit the real cards."""
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[d]) for d in decks], seed=seed)
    agents = [HeuristicPlayer(seed + p) for p in range(2)]
    reader = HandReader(0)
    checked = 0
    while not game.is_over and game.state.turn <= 20:
        if game.pending.player == 0:
            reader.observe(game)
            for x, fact in reader.facts.items():
                assert fits(fact, game.state.objects[x].name), (game.state.turn, game.state.objects[x].name, fact)
                checked += 1
        game.apply(agents[game.pending.player].choose(game))
    assert checked
