"""Reading an opponent's hand from their play (engine.ai.reading) and determinizations that fit what was read
(engine.ai.knowledge `HandFact`): a pass of priority rules out the spells the opponent would have cast there (117.3d,
117.4), a pass in their main phase with a land drop left (305.2) makes their hand nonlands, a card offered by a decision
is known by name; only what the reader may see counts (400.2)."""
from __future__ import annotations

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import HandFact, determinize, fits, payable, visible_now
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


def read_at_bs_pass(reader: HandReader, lands_played: int = 0) -> Game:
    """B, having played `lands_played` lands this turn, passes priority in its second main phase with nothing done;
    `reader` (A's) looks at A's priority that follows."""
    game = position("read-01-no-land-and-mana-unspent.toml")
    game.state.players[1].lands_played = lands_played
    game.apply(A.PassPriority(1))
    reader.observe(game)
    return game


@pytest.mark.rules("305.2", "400.2")
def test_a_pass_with_a_land_drop_left_leaves_the_cards_held_nonlands() -> None:
    reader = HandReader(0)
    game = read_at_bs_pass(reader)
    game.apply(A.PassPriority(0))
    assert game.pending.player == 1 and game.state.step.value == "end"
    drawn = game.add_card("Forest", 1, Zone.HAND)     # a card that came after the pass: nothing is read of it
    game.apply(A.PassPriority(1))
    reader.observe(game)
    hand = game.state.players[1].hand
    assert sorted(reader.facts) == sorted(x for x in hand if x != drawn)
    assert all(f.nonland for f in reader.facts.values())


@pytest.mark.rules("305.2")
def test_a_pass_after_the_land_drop_reads_no_nonland() -> None:
    reader = HandReader(0)
    read_at_bs_pass(reader, lands_played=1)
    assert reader.facts and not any(f.nonland for f in reader.facts.values())


@pytest.mark.rules("400.2")
def test_what_is_read_fits_names() -> None:
    assert not fits(HandFact(nonland=True), "Forest") and fits(HandFact(nonland=True), "Grizzly Bears")
    assert not fits(HandFact(not_named=frozenset({"Grizzly Bears"})), "Grizzly Bears")
    assert fits(HandFact(not_named=frozenset({"Grizzly Bears"})), "Craw Wurm")
    assert fits(HandFact(), "Forest")
    assert fits(HandFact(name="Opt"), "Opt") and not fits(HandFact(name="Opt"), "Negate")


RHYSTIC_CAVE = {"name": "Rhystic Cave", "type": "Land", "types": ["Land"],
                "text": "{T}: Choose a color. Add one mana of that color unless any player pays {1}. Activate only as an "
                        "instant."}


@pytest.mark.rules("305.2", "400.2")
def test_a_land_the_ai_never_plays_fits_a_nonland_read(extra_cards) -> None:
    """A land whose text the engine doesn't fully read is played by hand only: the heuristic player whose passes are
    read would have held it too, so a pass with a land drop left doesn't rule it out."""
    extra_cards(RHYSTIC_CAVE)
    assert card_def("Rhystic Cave").unsupported
    assert fits(HandFact(nonland=True), "Rhystic Cave")


@pytest.mark.rules("202.1")
def test_the_spells_tried_are_those_the_mana_sources_pay_for() -> None:
    sources = (G, G, U, U, U)
    assert payable(card_def("Grizzly Bears"), sources)
    assert payable(card_def("Kalonian Tusker"), sources)                 # {G}{G}: two Forests
    assert not payable(card_def("Kalonian Tusker"), (G, U, U, U, U))     # one Forest
    assert not payable(card_def("Grizzly Bears"), (U, U, U, U, U))       # no green mana
    assert not payable(card_def("Craw Wurm"), sources)                   # too dear
    assert payable(card_def("Counterspell"), sources)


@pytest.mark.rules("117.3d", "400.2")
def test_a_pass_rules_out_the_spells_the_opponent_would_have_cast() -> None:
    """B passes priority in its second main phase with five lands untapped: A reads that B holds none of the spells B
    might hold that the heuristic player would cast there (a creature, a card-drawing sorcery, a planeswalker, an
    artifact), and nothing of those it would hold (a counterspell, removal with nothing to remove, a trick with no
    creature, a card too dear, one it could not pay)."""
    game = position("read-01-no-land-and-mana-unspent.toml")
    game.apply(A.PassPriority(1))
    reader = HandReader(0)
    reader.observe(game)
    hand = game.state.players[1].hand
    assert sorted(reader.facts) == sorted(hand)
    ruled_out = reader.facts[hand[0]].not_named
    assert all(reader.facts[x].not_named == ruled_out for x in hand)
    assert {"Grizzly Bears", "Divination", "Jace Beleren", "Mind Stone", "Thragtusk"} <= ruled_out
    assert not {"Counterspell", "Ravenous Chupacabra", "Giant Growth", "Craw Wurm", "Shivan Dragon"} & ruled_out
    assert all(fits(reader.facts[x], game.state.objects[x].name) for x in hand)


@pytest.mark.rules("117.3d", "400.2")
def test_no_pass_is_read_where_the_opponent_did_not_just_pass() -> None:
    """With no pass counted since the stack last changed (117.4), A's priority does not follow a pass of B's in the
    same position: nothing is read of the spells B holds."""
    game = position("read-01-no-land-and-mana-unspent.toml")
    game.apply(A.PassPriority(1))
    game.state.passes = 0       # as if B had not passed since the stack last changed
    reader = HandReader(0)
    reader.observe(game)
    assert not any(f.not_named for f in reader.facts.values())


@pytest.mark.rules("117.4", "400.2")
def test_a_spell_let_resolve_rules_out_the_answers_the_opponent_would_have_cast() -> None:
    """A casts Serra Angel and passes first; B passes too and the Angel resolves: A reads that B holds none of the
    counterspells B would have cast on it."""
    game = position("read-02-answers.toml")
    reader = HandReader(0)
    game.apply(A.CastSpell(0, game.state.players[0].hand[0]))
    reader.observe(game)
    reader.passing(game)
    game.apply(A.PassPriority(0))
    game.apply(A.PassPriority(1))
    reader.observe(game)
    hand = game.state.players[1].hand
    ruled_out = reader.facts[hand[0]].not_named
    assert {"Counterspell", "Essence Scatter", "Mana Leak"} <= ruled_out
    assert not {"Negate", "Divination", "Opt", "Unsummon"} & ruled_out
    assert all(reader.facts[x].not_named == ruled_out for x in hand)


@pytest.mark.rules("117.4", "400.2")
def test_a_spell_answered_reads_no_pass() -> None:
    """A casts Serra Angel and passes first; B answers it (with a Counterspell put in B's hand for the test): A reads
    nothing of B's hand from its pass."""
    game = position("read-02-answers.toml")
    counter = game.add_card("Counterspell", 1, Zone.HAND)
    reader = HandReader(0)
    game.apply(A.CastSpell(0, game.state.players[0].hand[0]))
    reader.observe(game)
    reader.passing(game)
    game.apply(A.PassPriority(0))
    game.apply(A.CastSpell(1, counter, targets=((game.state.stack[-1],),)))
    game.apply(A.PassPriority(1))
    assert game.pending.player == 0
    reader.observe(game)
    assert not any(f.not_named for f in reader.facts.values())


@pytest.mark.rules("400.2")
def test_determinized_hands_fit_what_was_read() -> None:
    reader = HandReader(0)
    game = read_at_bs_pass(reader)
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


FORETELL = ("Foretell {%s} (During your turn, you may pay {2} and exile this card from your hand face down. Cast it on "
            "a later turn for its foretell cost.)")
SAW_IT_COMING = {"name": "Saw It Coming", "manaCost": "{1}{U}{U}", "type": "Instant", "types": ["Instant"],
                 "text": "Counter target spell.\n" + FORETELL % "1}{U"}
IRON_VERDICT = {"name": "Iron Verdict", "manaCost": "{2}{W}", "type": "Instant", "types": ["Instant"],
                "text": "Iron Verdict deals 5 damage to target tapped creature.\n" + FORETELL % "W"}


@pytest.mark.rules("400.2", "702.143a")
def test_what_is_read_does_not_depend_on_a_face_down_card(extra_cards) -> None:
    """An opponent's foretold card is face down in exile: the determinizations and what is read of B's pass are the
    same whatever it is."""
    extra_cards(SAW_IT_COMING, IRON_VERDICT)
    read = []
    for hidden in ("Saw It Coming", "Iron Verdict"):
        game = position("read-01-no-land-and-mana-unspent.toml")
        foretold = game.add_card(hidden, 1, Zone.EXILE, face_down=True)
        game.apply(A.PassPriority(1))
        reader = HandReader(0)
        reader.observe(game)
        names = [determinize(game, 0, Rng(seed)).state.objects[foretold].name for seed in range(8)]
        read.append((names, reader.facts))
    assert read[0] == read[1]


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("decks,seed", [((4, 1), 3), ((3, 5), 8), ((2, 0), 11)])
def test_what_is_read_does_not_depend_on_hidden_cards(decks: tuple[int, int], seed: int) -> None:
    """Two readers follow a game between heuristic players, one at each of player 0's decisions, the other at the
    same decisions with other hidden cards: they read the same."""
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[d]) for d in decks], seed=seed)
    agents = [HeuristicPlayer(seed + p, lookahead=False) for p in range(2)]
    first, other = HandReader(0), HandReader(0)
    read = ruled_out = 0
    while not game.is_over and game.state.turn <= 16:
        action = agents[game.pending.player].choose(game)
        if game.pending.player == 0:
            seen = other_hidden_cards(game, 0, seed + game.state.turn)
            first.observe(game)
            other.observe(seen)
            assert first.facts == other.facts
            read += len(first.facts)
            ruled_out += sum(len(f.not_named) for f in first.facts.values())
            if isinstance(action, A.PassPriority):
                first.passing(game)
                other.passing(seen)
        game.apply(action)
    assert read and ruled_out


@pytest.mark.rules("305.2", "400.2")
@pytest.mark.parametrize("decks,seed", [((3, 1), 21), ((5, 4), 22), ((1, 3), 23)])
def test_what_is_read_of_the_heuristic_players_hand_is_true(decks: tuple[int, int], seed: int) -> None:
    """Read at each decision of a game between heuristic players, the facts fit the real cards."""
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[d]) for d in decks], seed=seed)
    agents = [HeuristicPlayer(seed + p) for p in range(2)]
    reader = HandReader(0)
    checked = ruled_out = 0
    while not game.is_over and game.state.turn <= 20:
        action = agents[game.pending.player].choose(game)
        if game.pending.player == 0:
            reader.observe(game)
            for x, fact in reader.facts.items():
                assert fits(fact, game.state.objects[x].name), (game.state.turn, game.state.objects[x].name, fact)
                checked += 1
                ruled_out += len(fact.not_named)
            if isinstance(action, A.PassPriority):
                reader.passing(game)
        game.apply(action)
    assert checked and ruled_out


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
