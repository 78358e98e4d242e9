"""Reading an opponent's hand from their play (engine.ai.reading) and determinizations that fit what was read
(engine.ai.knowledge `HandFact`): a turn without a land drop (305.2) leaves no land among the cards held through its
main phases, unspent mana no plain creature the opponent could have cast, a card offered by a decision its name; only
what the reader may see counts (400.2)."""
from __future__ import annotations

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import HandFact, determinize, fits, visible_now
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

G, U = frozenset({"G"}), frozenset({"U"})


def read_through_bs_turn_end(reader: HandReader) -> Game:
    """B passes its second main phase with nothing done, then its end step begins; `reader` (A's) looks at each of A's
    decisions on the way."""
    game = position("read-01-no-land-and-mana-unspent.toml")
    game.apply(A.PassPriority(1))
    reader.observe(game)            # A's priority in B's second main phase
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))   # B's end step: B passes
    assert game.pending.player == 0 and game.state.step.value == "end"
    return game


@pytest.mark.rules("305.2", "400.2")
def test_a_turn_without_a_land_leaves_the_cards_held_through_it_nonlands() -> None:
    reader = HandReader(0)
    game = read_through_bs_turn_end(reader)
    drawn = game.add_card("Forest", 1, Zone.HAND)     # a card that came after the main phases: nothing is read of it
    reader.observe(game)
    hand = game.state.players[1].hand
    assert sorted(reader.facts) == sorted(x for x in hand if x != drawn)
    assert all(f.nonland and f.mana_left == (G, G, U, U, U) for f in reader.facts.values())


@pytest.mark.rules("305.2")
def test_a_turn_with_a_land_played_reads_no_nonland() -> None:
    reader = HandReader(0)
    game = read_through_bs_turn_end(reader)
    game.state.players[1].lands_played = 1
    reader.observe(game)
    assert reader.facts and not any(f.nonland for f in reader.facts.values())


@pytest.mark.rules("202.1", "400.2")
def test_what_is_read_fits_names_by_type_cost_and_colors() -> None:
    fact = HandFact(nonland=True, mana_left=(G, G, U, U, U))
    assert not fits(fact, "Forest")
    assert not fits(fact, "Grizzly Bears")          # a plain creature B could have cast, with two sources to spare
    assert not fits(fact, "Llanowar Elves")
    assert not fits(fact, "Kalonian Tusker")        # {G}{G}: two Forests
    assert fits(fact, "Craw Wurm")                  # too dear
    assert fits(fact, "Counterspell")               # an instant waits for its chance
    assert fits(fact, "Ravenous Chupacabra")        # held for a target: a creature with a triggered ability
    assert fits(fact, "Clone")                      # waits for something to copy: a static ability
    assert fits(HandFact(mana_left=(frozenset({"W"}),) * 5), "Isamaru, Hound of Konda")   # legendary (704.5j)
    assert fits(HandFact(mana_left=(G, U, U, U, U)), "Kalonian Tusker")      # one Forest
    assert fits(HandFact(mana_left=(U, U, U, U, U)), "Grizzly Bears")        # no green mana left
    assert fits(HandFact(mana_left=(G, G, U)), "Grizzly Bears")              # kept for a counterspell, maybe
    assert fits(HandFact(), "Forest")
    assert fits(HandFact(name="Opt"), "Opt") and not fits(HandFact(name="Opt"), "Negate")


@pytest.mark.rules("400.2")
def test_determinized_hands_fit_what_was_read() -> None:
    reader = HandReader(0)
    game = read_through_bs_turn_end(reader)
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


@pytest.mark.rules("400.2", "701.20a")
def test_cards_offered_by_a_decision_stay_known() -> None:
    game = position("read-02-answers.toml")
    duress = game.add_card("Duress", 0, Zone.HAND)
    game.add_card("Swamp", 0, Zone.BATTLEFIELD)
    reader = HandReader(0)
    game.apply(A.CastSpell(0, duress, targets=(("P1",),)))
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))
    assert game.pending.kind is DecisionKind.CHOOSE and game.pending.player == 0
    reader.observe(game)            # the choice shows A the noncreature, nonland cards of B's hand
    negate = next(x for x in game.state.players[1].hand if game.state.objects[x].name == "Negate")
    game.apply(A.Choose(0, (negate,)))
    reader.observe(game)
    names = {reader.facts[x].name for x in game.state.players[1].hand}
    assert names == {"Divination", "Opt"} and negate not in reader.facts


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


@pytest.mark.rules("305.2", "400.2")
@pytest.mark.parametrize("decks,seed", [((3, 1), 21), ((5, 4), 22), ((1, 3), 23)])
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


@pytest.mark.rules("400.2")
def test_the_search_reads_the_opponents_hand() -> None:
    player = SearchPlayer(3, playouts=4)
    game = position("read-01-no-land-and-mana-unspent.toml")
    game.apply(A.PassPriority(1))
    player.choose(game)
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))
    player.choose(game)
    assert player.reader is not None and sorted(player.reader.facts) == sorted(game.state.players[1].hand)



@pytest.mark.rules("107.3", "400.2")
def test_a_number_chosen_shows_no_card() -> None:
    """The value of X is chosen among numbers, which are also objects' ids: none of those objects is shown."""
    game = position("read-02-answers.toml")
    blaze = game.add_card("Blaze", 0, Zone.HAND)
    game.add_card("Mountain", 0, Zone.BATTLEFIELD)
    game.apply(A.CastSpell(0, blaze, targets=(("P1",),)))
    d = game.pending
    assert d.kind is DecisionKind.CHOOSE and d.data.get("choice") == "number"
    assert any(x in game.state.objects for x in d.options)
    reader = HandReader(0)
    reader.observe(game)
    assert visible_now(game, 0) == set() and reader.facts == {}
