"""The copies the heuristic player simulates its options on (engine.ai.lookahead): a plain copy of the game while a
simulation touches no hidden card (400.2), a determinized one otherwise; and the attack plans it weighs."""
from __future__ import annotations

import pytest

import engine.ai.lookahead as L
import engine.ai.simulate as S
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import determinize
from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Zone
from engine.core.rng import Rng
from engine.core.state import GameState
from engine.game import Game


def _main_phase(card: str, lands: str, n_lands: int) -> tuple[Game, int]:
    """Player 0 in its first main phase with `card` in hand and `n_lands` untapped `lands`; each player has cards in
    hand and library (hidden from the other)."""
    g = Game.empty(seed=8)
    for _ in range(n_lands):
        g.add_card(lands, 0, Zone.BATTLEFIELD)
    for p in (0, 1):
        for name in ("Island", "Grizzly Bears", "Forest", "Shock", "Forest", "Hill Giant"):
            g.add_card(name, p, Zone.LIBRARY)
    for name in ("Counterspell", "Hill Giant", "Swamp"):
        g.add_card(name, 1, Zone.HAND)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    oid = g.add_card(card, 0, Zone.HAND)
    g.start_at(5, 0, "main1")
    return g, oid


class _Determinized:
    """The `determinized` callback: counts its calls; its copy is marked (player 1 at 7 life) so that a simulation
    made on it shows."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.calls = 0

    def __call__(self) -> Game:
        self.calls += 1
        g = self.game.clone()
        g.state.players[1].life = 7
        return g


@pytest.mark.rules("400.2", "601.2")
def test_a_cast_that_touches_no_hidden_card_is_simulated_without_a_determinization() -> None:
    g, bears = _main_phase("Grizzly Bears", "Forest", 2)
    det = _Determinized(g)
    copies = L.LazyDeterminization(g, 0, HeuristicPlayer(1, lookahead=False), det)
    after = copies.simulate(A.CastSpell(0, bears), last=True)
    assert after is not None and det.calls == 0
    s = after.state
    assert any(s.objects[x].name == "Grizzly Bears" and s.objects[x].controller == 0 for x in s.battlefield)
    assert s.players[1].life == 20
    # Not lazy (the search player's playouts): on the determinized copy.
    det = _Determinized(g)
    copies = L.LazyDeterminization(g, 0, HeuristicPlayer(1, lookahead=False), det, lazy=False)
    after = copies.simulate(A.CastSpell(0, bears), last=True)
    assert det.calls == 1 and after.state.players[1].life == 7


@pytest.mark.rules("400.2", "121.1", "701.9a", "701.23a")
@pytest.mark.parametrize("card,lands,n,targets", [
    ("Divination", "Island", 3, ()),            # draws from the library
    ("Mind Rot", "Swamp", 3, ((1,),)),          # the opponent discards from their hand
    ("Rampant Growth", "Forest", 2, ()),        # a search of the library, then a shuffle
])
def test_a_simulation_that_touches_a_hidden_card_is_made_again_on_a_determinized_copy(
        monkeypatch, card: str, lands: str, n: int, targets: tuple) -> None:
    g, oid = _main_phase(card, lands, n)
    targets = tuple(tuple(f"P{p}" for p in group) for group in targets)
    action = A.CastSpell(0, oid, targets=targets)
    made: list[Game] = []
    real = L.simulate
    monkeypatch.setattr(L, "simulate", lambda game, *a, **k: made.append(game) or real(game, *a, **k))
    # Known by its text: straight to the determinized copy.
    det = _Determinized(g)
    after = L.LazyDeterminization(g, 0, HeuristicPlayer(1, lookahead=False), det).simulate(action, last=True)
    assert after is not None and det.calls == 1 and after.state.players[1].life == 7 and len(made) == 1
    # Found out after the simulation on the plain copy (its text not read): simulated again on the determinized copy.
    monkeypatch.setattr(L, "hidden_instructions", lambda definition: False)
    made.clear()
    det = _Determinized(g)
    after = L.LazyDeterminization(g, 0, HeuristicPlayer(1, lookahead=False), det).simulate(action, last=True)
    assert after is not None and det.calls == 1 and after.state.players[1].life == 7 and len(made) == 2


@pytest.mark.rules("400.2")
def test_hidden_instructions_are_read_in_the_text_a_simulation_carries_out() -> None:
    from engine.core.cards import card_def
    assert L.hidden_instructions(card_def("Mulldrifter").triggered)        # its enters trigger draws
    liliana = card_def("Liliana of the Veil")
    assert L.hidden_instructions(liliana.activated[0])      # +1: each player discards a card
    assert not L.hidden_instructions(liliana.activated[1])  # -2: target player sacrifices a creature
    assert not L.hidden_instructions((liliana.spell, liliana.costs, liliana.triggered))    # cast, she does nothing
    assert L.hidden_instructions(card_def("Rampant Growth").spell)
    assert not L.hidden_instructions(card_def("Flametongue Kavu").triggered)
    assert not L.hidden_instructions(card_def("Lightning Bolt").spell)


@pytest.mark.rules("508.1")
def test_the_heuristic_player_weighs_the_planners_two_best_attacks_its_playouts_three(monkeypatch) -> None:
    g = Game.empty(seed=11)
    for name in ("Grizzly Bears", "Hill Giant", "Serra Angel"):
        g.add_card(name, 0, Zone.BATTLEFIELD)
    g.add_card("Craw Wurm", 1, Zone.BATTLEFIELD)
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Mountain", p, Zone.LIBRARY)
    g.start_at(5, 0, "beginning_of_combat")
    g.apply(A.PassPriority(0))
    g.apply(A.PassPriority(1))
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    asked: list[int] = []
    real = HeuristicPlayer.attack_plans
    monkeypatch.setattr(HeuristicPlayer, "attack_plans", lambda self, game, n=4: asked.append(n) or real(self, game, n))
    HeuristicPlayer(3).choose(g)
    HeuristicPlayer(3, sampled=True).choose(g)
    assert asked == [2, 3]


@pytest.mark.rules("400.2")
def test_the_heuristic_player_weighs_a_cast_touching_no_hidden_card_without_a_determinization(monkeypatch) -> None:
    """Flametongue Kavu (its enters trigger deals 4 damage to a target creature) weighed in the main phase, simulated
    (Soul Warden reacts to it entering): on a plain copy, no determinization made; Mulldrifter (it draws): on a
    determinized copy."""
    made: list[int] = []
    real = HeuristicPlayer.determinized
    monkeypatch.setattr(HeuristicPlayer, "determinized", lambda self, game: made.append(1) or real(self, game))
    for card, lands, n, determinized in (("Flametongue Kavu", "Mountain", 4, False), ("Mulldrifter", "Island", 5, True)):
        g, _ = _main_phase(card, lands, n)
        g.add_card("Soul Warden", 1, Zone.BATTLEFIELD)
        made.clear()
        forced, scored = HeuristicPlayer(3).priority_options(g)
        assert forced is None and scored
        assert bool(made) == determinized


@pytest.mark.rules("400.2")
def test_the_read_watch_sees_the_characteristics_of_a_watched_card_computed() -> None:
    """engine.query.layers.READ_WATCH (what the lazy copies check a simulation with): a computation of a watched
    (hidden) card's characteristics is seen, one of another card is not."""
    from engine.query.layers import READ_WATCH, characteristics
    g, _ = _main_phase("Grizzly Bears", "Forest", 2)
    s = g.state
    top, bears = s.players[1].library[-1], s.battlefield[-1]
    s.cache.get("chars", {}).pop(top, None)
    READ_WATCH.ids, READ_WATCH.seen = frozenset({top}), False
    try:
        characteristics(s, bears)
        assert not READ_WATCH.seen
        characteristics(s, top)
        assert READ_WATCH.seen
    finally:
        READ_WATCH.ids, READ_WATCH.seen = frozenset(), False


@pytest.mark.rules("400.2")
def test_the_read_watch_is_kept_per_thread() -> None:
    """A game simulated on another thread (another window's engine) neither sees this thread's watched cards nor
    changes what this thread's watch has seen."""
    import threading
    from engine.query.layers import READ_WATCH, characteristics
    g, _ = _main_phase("Grizzly Bears", "Forest", 2)
    s = g.state
    top = s.players[1].library[-1]
    s.cache.get("chars", {}).pop(top, None)
    READ_WATCH.ids, READ_WATCH.seen = frozenset({top}), False
    other: list[tuple] = []

    def elsewhere() -> None:
        other.append((READ_WATCH.ids, READ_WATCH.seen))
        READ_WATCH.ids, READ_WATCH.seen = frozenset(), True

    try:
        t = threading.Thread(target=elsewhere)
        t.start()
        t.join()
        assert other == [(frozenset(), False)]
        assert not READ_WATCH.seen
        characteristics(s, top)
        assert READ_WATCH.seen
    finally:
        READ_WATCH.ids, READ_WATCH.seen = frozenset(), False


@pytest.mark.rules("725.2", "400.2")
def test_a_pass_over_the_monarchs_trigger_reads_the_abilitys_own_text() -> None:
    """The monarch's end-step draw on the stack has no card behind it: a pass that lets it resolve is weighed by the
    ability's text (a draw: on the determinized copy at once), not by a card that doesn't exist."""
    g, _ = _main_phase("Grizzly Bears", "Forest", 2)
    g.state.monarch = 0
    for _ in range(10):
        if g.state.stack:
            break
        g.apply(A.passing(g.pending.player))
    assert [g.state.objects[x].name for x in g.state.stack] == ["The monarch"]
    det = _Determinized(g)
    copies = L.LazyDeterminization(g, g.pending.player, HeuristicPlayer(3, lookahead=False), det)
    after = copies.simulate(A.passing(g.pending.player))
    assert det.calls == 1 and after is not None and after.state.players[1].life == 7


class _Refusing:
    """A policy answering every choice with one the engine refuses."""

    def choose(self, game: Game) -> A.Action:
        return A.Choose(game.pending.player, choice=("no such creature",))


@pytest.mark.rules("400.2", "608.2d", "701.21a")
@pytest.mark.parametrize("policy", [HeuristicPlayer(1, lookahead=False), _Refusing()], ids=["answered", "refused"])
def test_the_last_simulation_on_the_plain_copy_answers_without_backups_and_is_made_again_on_a_new_one_if_refused(
        monkeypatch, policy) -> None:
    """The decision's last simulation, played on the plain copy in place, applies the policy's answers (the opponent's
    sacrifice) without a backup each: an answer refused makes it again on a new plain copy, with the backups."""
    g, edict = _main_phase("Diabolic Edict", "Swamp", 2)
    g.add_card("Hill Giant", 1, Zone.BATTLEFIELD)
    cast = A.CastSpell(0, edict, targets=(("P1",),))
    with_backups = g.clone()
    with_backups.apply(cast, atomic=False)
    S.settle(with_backups, policy)
    refused = isinstance(policy, _Refusing)
    assert len(with_backups.state.battlefield) == (2 + 2 if refused else 2 + 1)    # the Swamps, the creatures
    copies = L.LazyDeterminization(g, 0, policy, _Determinized(g))
    clones = []
    real = GameState.clone
    monkeypatch.setattr(GameState, "clone", lambda s: clones.append(s) or real(s))
    after = copies.simulate(cast, last=True)
    assert after is not None and after.to_json() == with_backups.to_json() and copies.det is None
    # The plain copy; (refused) the new plain copy and its backup before the answer refused.
    assert len(clones) == (3 if refused else 1)


@pytest.mark.rules("400.2", "121.1")
def test_the_plain_copy_is_made_at_the_first_option_simulated_on_it(monkeypatch) -> None:
    """A decision whose options all go to the determinized copy by their text (Divination draws) makes no plain copy;
    one made later is a copy of the game as it is (Grizzly Bears simulated on it after Divination)."""
    g, divination = _main_phase("Divination", "Island", 3)
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    bears = g.add_card("Grizzly Bears", 0, Zone.HAND)
    clones = []
    real = GameState.clone
    monkeypatch.setattr(GameState, "clone", lambda s: clones.append(s) or real(s))
    det = _Determinized(g)
    copies = L.LazyDeterminization(g, 0, HeuristicPlayer(1, lookahead=False), det)
    assert copies.simulate(A.CastSpell(0, divination), last=True) is not None
    assert det.calls == 1 and len(clones) == 1 and copies.plain is None      # the determinized copy alone
    copies = L.LazyDeterminization(g, 0, HeuristicPlayer(1, lookahead=False), _Determinized(g))
    assert copies.simulate(A.CastSpell(0, divination)) is not None and copies.plain is None
    after = copies.simulate(A.CastSpell(0, bears), last=True)
    assert after is copies.plain and after.state.players[1].life == 20
    assert any(after.state.objects[x].name == "Grizzly Bears" for x in after.state.battlefield)


GOBLIN_RINGLEADER = {"name": "Goblin Ringleader", "manaCost": "{3}{R}", "type": "Creature \u2014 Goblin",
                     "types": ["Creature"], "subtypes": ["Goblin"], "power": "2", "toughness": "2",
                     "text": "Haste\nWhen Goblin Ringleader enters the battlefield, reveal the top four cards of your "
                             "library. Put all Goblin cards revealed this way into your hand and the rest on the "
                             "bottom of your library in any order."}


@pytest.mark.rules("401.4", "400.2")
def test_an_order_chosen_on_a_determinized_copy_finds_the_cards_that_were_picked(extra_cards) -> None:
    """Goblin Ringleader reveals two Goblins and two lands; the order of the lands is asked. On a copy whose hidden
    cards were drawn again (the revealed Goblins are not offered, so the copy may name them otherwise), the answer
    still finds the cards the resolution picked and ordered (the fuzz tool's crash: `list.remove` of a card no longer
    in the rest)."""
    extra_cards(GOBLIN_RINGLEADER)
    g = Game.empty(seed=3)
    for name in ["Raging Goblin", "Mountain"] * 6 + ["Mountain", "Goblin Piker", "Island", "Raging Goblin"]:
        g.add_card(name, 0, Zone.LIBRARY)       # (the last is the top)
    for _ in range(4):
        g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    ringleader = g.add_card("Goblin Ringleader", 0, Zone.HAND)
    g.add_card("Plains", 1, Zone.LIBRARY)
    g.start_at(3, 0, "main1")
    g.apply(A.CastSpell(0, ringleader))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(A.PassPriority(g.pending.player))
    assert g.pending.data["choice"] == "library_order" and len(g.pending.options) == 2
    first = g.pending.options[0]
    for seed in range(12):
        copy = determinize(g, 0, Rng(seed))
        copy.apply(A.Choose(0, (first,)))
        lib, hand = copy.state.players[0].library, copy.state.players[0].hand
        assert lib[:2] == [first] + [x for x in g.pending.options if x != first]     # the first chosen bottommost
        assert len(hand) == 2 and ringleader not in hand
