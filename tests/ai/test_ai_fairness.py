"""Fairness (400.2: hands and libraries are hidden): an AI's decision depends only on what its
player may see. The same player, from the same seed, facing the same visible state with different
hidden cards (the opponent's hand replaced, both libraries reordered) makes the same decision."""
from __future__ import annotations

import pytest

from engine.ai import make_player
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import (NEUTRAL, determinize, estimated_pool, own_deck, prior_spells, public_names,
                                 visible_now, with_hand)
from engine.board.zones import create_object
from engine.core.cards import default_pool
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.game import Game
from engine.core.rng import Rng
from tests.ai.ai_util import position
from tests.decklists import DECKS_DIR, read_deck_names

OTHER_CARDS = ["Shivan Dragon", "Counterspell", "Lightning Bolt", "Wrath of God", "Giant Growth", "Fog", "Island"]


def other_hidden_cards(game: Game, viewer: int, seed: int) -> Game:
    """The same visible state with other hidden cards: every opponent's hand renamed, every library
    shuffled and the opponents' libraries renamed too. (A test may change the state directly.)"""
    g = game.clone()
    s = g.state
    rng = Rng(seed)
    for k, opp in enumerate(s.opponents(viewer)):
        for i, oid in enumerate(list(s.players[opp].hand) + list(s.players[opp].library)):
            s.writable(oid).name = OTHER_CARDS[(i + seed + k) % len(OTHER_CARDS)]
    for p in s.players:
        rng.shuffle(p.library)
    s.invalidate()
    assert g.snapshot(viewer)["players"][viewer] == game.snapshot(viewer)["players"][viewer]
    assert g.snapshot(viewer)["battlefield"] == game.snapshot(viewer)["battlefield"]
    return g


def decision_points(decks: tuple[int, ...], seed: int, limit: int, *, lookahead: bool = True,
                    turns: int = 14) -> list[Game]:
    """Copies of a seeded game between heuristic players (one a deck) at player 0's decisions with a real
    choice."""
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[d]) for d in decks], seed=seed)
    agents = [HeuristicPlayer(seed + p, lookahead=lookahead) for p in range(len(decks))]
    out: list[Game] = []
    while not game.is_over and game.state.turn <= turns and len(out) < limit:
        if game.pending.player == 0 and len(game.legal_actions()) > 1:
            out.append(game.clone())
        game.apply(agents[game.pending.player].choose(game))
    return out


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("decks,seed", [((4, 1), 3), ((3, 5), 8), ((2, 0), 11)])
def test_hidden_cards_do_not_change_decisions(level: str, decks: tuple[int, int], seed: int) -> None:
    points = decision_points(decks, seed, 25)
    assert len(points) >= 10
    for i, game in enumerate(points):
        changed = other_hidden_cards(game, 0, seed + i)
        first = make_player(level, 5).choose(game)
        second = make_player(level, 5).choose(changed)
        assert first == second, f"decision {i} ({game.pending.kind.value}) changed with the hidden cards"


class Peeker:
    """A cheating player that reads the opponent's hand: the check above must catch it."""

    def choose(self, game: Game):
        s = game.state
        opp = 1 - game.pending.player
        names = "".join(s.objects[x].name for x in s.players[opp].hand + s.players[opp].library[-3:])
        actions = game.legal_actions()
        return actions[sum(map(ord, names)) % len(actions)]


def test_the_check_catches_a_player_that_peeks() -> None:
    points = decision_points((4, 1), 3, 25)
    differ = sum(Peeker().choose(g) != Peeker().choose(other_hidden_cards(g, 0, 3 + i))
                 for i, g in enumerate(points))
    assert differ > 0


@pytest.mark.rules("400.2")
def test_determinized_copies_do_not_depend_on_hidden_cards() -> None:
    for i, game in enumerate(decision_points((3, 0), 4, 12)):
        changed = other_hidden_cards(game, 0, i)
        a = determinize(game, 0, Rng(9)).to_json()
        b = determinize(changed, 0, Rng(9)).to_json()
        assert a == b, f"decision point {i}"
        assert a != determinize(game, 0, Rng(10)).to_json()      # and the rng does matter


@pytest.mark.rules("315.7", "702.106b")
def test_an_opponents_face_down_conspiracy_and_its_chosen_name_do_not_change_decisions(extra_cards) -> None:
    """Which conspiracy an opponent keeps face down and the name secretly chosen for it are hidden: the determinized
    copies and the decisions are the same whichever it is."""
    from engine.rules.conspiracies import put_conspiracies
    from tests.engine.test_conspiracies import ADRIANAS_VALOR, DOUBLE_STROKE
    extra_cards(DOUBLE_STROKE, ADRIANAS_VALOR)
    for i, game in enumerate(decision_points((4, 1), 3, 8)):
        one, other = game.clone(), game.clone()
        put_conspiracies(one, 1, [("Double Stroke", ["Lightning Bolt"])])
        put_conspiracies(other, 1, [("Adriana's Valor", ["Grizzly Bears"])])
        assert one.snapshot(0) == other.snapshot(0)
        assert determinize(one, 0, Rng(9)).to_json() == determinize(other, 0, Rng(9)).to_json(), f"decision point {i}"
        for level in ("easy", "medium"):
            assert make_player(level, 5).choose(one) == make_player(level, 5).choose(other), f"decision point {i}"


@pytest.mark.rules("400.2")
def test_an_opponents_unshown_spells_are_guessed_among_the_starter_pools_cards_of_their_colors() -> None:
    """With no deck list, the hidden cards of a player who has shown lands alone are sampled, for the search's
    playouts, from lands and the starter pool's spells of those lands' colors (public knowledge), not from lands
    alone; each spell they show then weighs more than any one unshown card."""
    g = Game.empty(seed=3)
    assert set(estimated_pool(g, 1, 10, unshown=True)) == {NEUTRAL}     # nothing shown: nothing known of their colors
    for _ in range(2):
        g.add_card("Mountain", 1, Zone.BATTLEFIELD)
    assert set(estimated_pool(g, 1, 20)) == {"Mountain"}          # without a guess at the unshown spells
    pool = estimated_pool(g, 1, 20, unshown=True)
    spells = [name for name in pool if name != "Mountain"]
    assert len(spells) == 12
    assert set(spells) <= set(prior_spells(frozenset("R")))
    assert all(set(default_pool().record(name).get("colors") or ()) <= {"R"} for name in spells)
    g.add_card("Lightning Bolt", 1, Zone.GRAVEYARD)
    shown = estimated_pool(g, 1, 20, unshown=True)
    assert 2 <= shown.count("Lightning Bolt") <= 3     # shown once, counted twice: 2 of the 10 weights of spells
    assert max(shown.count(name) for name in set(shown) - {"Mountain", "Lightning Bolt"}) == 1


@pytest.mark.rules("201.3", "400.2")
def test_a_determinized_copy_has_the_record_of_every_card_it_names() -> None:
    """The names guessed for an opponent's hidden cards are cards of the copy, records included: "choose a card name"
    on the copy offers the names of the chooser's own cards by their records, and offered none (an AI crash found by
    the fuzz tool with the search player)."""
    g = Game.empty(seed=3)
    for name in ("Mountain", "Mountain", "Grizzly Bears", "Forest"):
        g.add_card(name, 1, Zone.LIBRARY)
        g.add_card(name, 1, Zone.HAND)
    g.add_card("Mountain", 1, Zone.BATTLEFIELD)
    g.add_card("Plains", 0, Zone.LIBRARY)
    g.start_at(3, 0, "main1")
    guessed = set()
    for seed in range(6):
        copy = determinize(g, 0, Rng(seed), unshown=True)
        names = {o.name for o in copy.state.objects.values() if not o.is_ability}
        assert names <= set(copy.state.cards)
        guessed |= names - set(g.state.cards)
    assert guessed, "the guesses name cards the game had no record of"
    assert "Lightning Bolt" in with_hand(g, 1, ["Lightning Bolt"] * 4).state.cards
    assert "Lightning Bolt" not in g.state.cards        # (the copy's records are its own)


@pytest.mark.rules("309.2", "114.1")
def test_a_dungeon_or_an_emblem_is_never_guessed_as_a_hidden_card() -> None:
    """An opponent's dungeon and emblem in the command zone are no cards of their deck: no hidden card of theirs, nor
    of the player's own deck, is guessed to be one (a guessed dungeon had no card record: an AI crash found by the
    fuzz tool)."""
    g = Game.empty(seed=5)
    for name in ("Mountain", "Mountain", "Grizzly Bears", "Forest"):
        g.add_card(name, 1, Zone.LIBRARY)
        g.add_card(name, 1, Zone.HAND)
        g.add_card(name, 0, Zone.LIBRARY)
    for player in (0, 1):
        create_object(g, "Lost Mine of Phandelver", player, Zone.COMMAND)     # as venturing brings it in (309.2)
    emblem = g.add_card("Mountain", 1, Zone.COMMAND)
    g.state.objects[emblem].chosen["emblem"] = True
    g.start_at(3, 0, "main1")
    assert "Lost Mine of Phandelver" not in own_deck(g, 0)
    assert public_names(g, 1) == {}
    for seed in range(8):
        copy = determinize(g, 0, Rng(seed), unshown=True)
        s = copy.state
        hidden = [*s.players[0].library, *s.players[1].library, *s.players[1].hand]
        assert "Lost Mine of Phandelver" not in {s.objects[x].name for x in hidden}


@pytest.mark.rules("400.2", "101.4")
def test_a_card_an_opponent_chose_in_the_same_resolution_is_not_shown() -> None:
    """Liliana of the Veil's +1: B chooses its discard first; at A's choice that card is not shown to A."""
    game = position("fair-01-liliana-each-player-discards.toml")
    liliana = next(x for x in game.state.battlefield if game.state.objects[x].name == "Liliana of the Veil")
    game.apply(A.ActivateAbility(1, liliana, 0))
    while game.pending.kind is DecisionKind.PRIORITY:
        game.apply(A.PassPriority(game.pending.player))
    murder = next(x for x in game.state.players[1].hand if game.state.objects[x].name == "Murder")
    game.apply(A.Choose(1, (murder,)))
    assert game.pending.player == 0 and game.pending.kind is DecisionKind.CHOOSE
    shown = visible_now(game, 0)
    assert murder not in shown and set(game.pending.options) <= shown
