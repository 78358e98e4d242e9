"""What the heuristic player keeps between decisions to decide faster changes none of its answers: the
renamed copies of hidden cards reused by the next determinization (400.2: still only what the player may
see), the creature values and combat fighters kept by characteristics and damage."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai.combat import crack_back, fighter
from engine.ai.evaluate import board_memo, creature_value, evaluate, evaluate_changed, life_value, unchanged_board
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import RenamedCopies, _objects_by_name, _shuffle, determinize, public_names
from engine.ai.simulate import settle, simulate
from engine.core import player_actions as A
from engine.core.enums import Zone
from engine.core.rng import Rng
from engine.core.state import GameState
from engine.game import Game
from tests.decklists import DECKS_DIR, read_deck_names


def _decision_points(seed: int, limit: int) -> list[Game]:
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[3]), read_deck_names(paths[0])], seed=seed)
    agents = (HeuristicPlayer(seed), HeuristicPlayer(seed + 1))
    out: list[Game] = []
    while not game.is_over and game.state.turn <= 12 and len(out) < limit:
        if game.pending.player == 0:
            out.append(game.clone())
        game.apply(agents[game.pending.player].choose(game))
    return out


@pytest.mark.rules("400.2")
def test_renamed_copies_give_the_same_determinized_games() -> None:
    copies = RenamedCopies()
    fast = HeuristicPlayer(1, lookahead=False)
    for i, game in enumerate(_decision_points(4, 30)):
        before = game.to_json()
        plain = determinize(game, 0, Rng(i)).to_json()
        first = determinize(game, 0, Rng(i), copies=copies)
        assert first.to_json() == plain, f"decision point {i}"
        # Playing on the copy (as a simulation does) changes neither the game nor the next copy.
        simulate(first, A.PassPriority(0) if first.pending.kind.value == "priority" else fast.choose(first),
                 fast, last=True)
        assert determinize(game, 0, Rng(i), copies=copies).to_json() == plain, f"decision point {i}, again"
        assert game.to_json() == before


def test_kept_creature_values_follow_the_damage_marked() -> None:
    game = next(g for g in _decision_points(4, 200)
                if any(g.characteristics(x).is_creature and (g.characteristics(x).toughness or 0) > 1
                       for x in g.state.battlefield))
    s = game.state
    oid = next(x for x in s.battlefield if game.characteristics(x).is_creature and (game.characteristics(x).toughness or 0) > 1)
    unhurt = creature_value(game, oid)
    toughness = fighter(game, oid).toughness
    s.writable(oid).damage = 1
    assert creature_value(game, oid) < unhurt
    assert fighter(game, oid).toughness == toughness - 1
    s.writable(oid).damage = 0
    assert creature_value(game, oid) == unhurt


@pytest.mark.rules("506.4", "508.1")
def test_the_crack_back_read_once_for_a_decision_follows_the_plan_and_the_board() -> None:
    """`unchanged_board`: the crack-back's sides read once for every plan of a decision give each plan the value
    read afresh; a copy changed meanwhile, and the board once the decision is over, are read afresh."""
    games = [g for g in _decision_points(4, 200)
             if sum(g.characteristics(x).is_creature for x in g.state.battlefield) >= 3][:8]
    assert games
    for game in games:
        s = game.state
        mine = [x for x in s.battlefield if s.objects[x].controller == 0 and game.characteristics(x).is_creature]
        theirs = [x for x in s.battlefield if s.objects[x].controller == 1 and game.characteristics(x).is_creature]
        plans = [(set(), set()), (set(mine[:1]), set()), (set(), set(mine)), (set(theirs[:1]), set(mine[1:]))]
        plain = [crack_back(game, 0, gone, tapped) for gone, tapped in plans]
        with unchanged_board(game):
            assert [crack_back(game, 0, gone, tapped) for gone, tapped in plans] == plain
            copy = game.clone()
            for x in mine:
                copy.state.writable(x).tapped = True        # none of them can block on the copy
            on_copy = crack_back(copy, 0)
            assert [crack_back(game, 0, gone, tapped) for gone, tapped in plans] == plain
        assert on_copy == crack_back(copy, 0) == crack_back(game, 0, tapped=set(mine))
        if theirs:
            game.state.writable(theirs[0]).damage = 0
            without = game.clone()
            without.state.battlefield.remove(theirs[0])
            with unchanged_board(game):
                assert crack_back(game, 0) == plain[0]
            with unchanged_board(without):
                assert crack_back(without, 0) == crack_back(game, 0, gone={theirs[0]})


def test_the_position_valued_once_for_a_decision_is_its_own_and_left_unchanged() -> None:
    """`unchanged_board`: `evaluate` of the decision's own position read once, unchanged by a change added to it
    (`evaluate_changed`), and a copy changed meanwhile valued afresh."""
    for game in _decision_points(4, 40)[::8]:
        plain = [evaluate(game, p) for p in (0, 1)]
        changed = evaluate_changed(game, 0, {1: -3.0})
        with unchanged_board(game):
            assert [evaluate(game, p) for p in (0, 1)] == plain
            assert evaluate_changed(game, 0, {1: -3.0}) == changed
            assert [evaluate(game, p) for p in (0, 1)] == plain
            copy = game.clone()
            copy.state.players[1].life -= 5
            assert evaluate(copy, 0) > plain[0]
        assert evaluate(copy, 0) == pytest.approx(evaluate_changed(
            game, 0, {1: life_value(game.state.players[1].life - 5) - life_value(game.state.players[1].life)}))


@pytest.mark.rules("119.1")
def test_life_values_read_from_the_table_are_the_points_summed() -> None:
    for life in range(-2, 45):
        summed = 0.0
        for point in range(1, min(life, 30) + 1):
            summed += 2.0 if point <= 4 else 1.2 if point <= 8 else 0.8 if point <= 14 else 0.45
        assert life_value(life) == (summed if life > 0 else -500.0)


@pytest.mark.rules("400.2")
def test_the_deck_list_counted_for_a_determinization_is_the_list_as_it_is_now() -> None:
    game = _decision_points(4, 1)[0]
    library = game.state.players[0].library
    deck = ["Forest"] * 60
    copy = determinize(game, 0, Rng(1), deck)
    assert {copy.state.objects[x].name for x in library} == {"Forest"}
    deck[:] = ["Island"] * 60
    again = determinize(game, 0, Rng(1), deck)
    assert {again.state.objects[x].name for x in library} == {"Island"}


def test_a_decisions_memo_is_its_own_positions_only() -> None:
    """`board_memo`: the values read of the position being decided on are kept for that position alone, while
    it is being decided on; a decision weighed inside another (a copy's) has its own, and the outer one's
    comes back after it."""
    game, other = _decision_points(4, 2)
    assert board_memo(game) is None
    with unchanged_board(game):
        memo = board_memo(game)
        memo["read"] = 1
        assert board_memo(game.clone()) is None and board_memo(other) is None
        with unchanged_board(other):
            assert board_memo(game) is None and board_memo(other) == {}
        assert board_memo(game) == {"read": 1}
    assert board_memo(game) is None
    with unchanged_board(game):
        assert board_memo(game) == {}


def test_the_timing_read_once_per_card_keeps_the_actions_read_one_by_one() -> None:
    """`_timely`: the casts and activations kept at a priority, with `_timing_ok` asked once for each card or ability
    (whatever its targets), are those asked one by one, in every position of a self-play game where A lists its
    actions, the casts it backed out of left out as before."""
    from engine.ai.by_hand import ai_actions
    from engine.core.enums import DecisionKind
    checked = 0
    for game in _decision_points(5, 200):
        if game.pending.kind is not DecisionKind.PRIORITY:
            continue
        ai = HeuristicPlayer(3)
        actions = ai_actions(game)
        s = game.state
        key = (s.turn, s.step, len(s.stack))
        hand = [a.card for a in actions if isinstance(a, A.CastSpell)]
        ai._tried = {(key, hand[0])} if hand else set()
        one_by_one = [a for a in actions if isinstance(a, (A.CastSpell, A.ActivateAbility)) and ai._timing_ok(game, a)
                      and (key, a.card if isinstance(a, A.CastSpell) else a.source) not in ai._tried]
        assert ai._timely(game, actions, key) == one_by_one
        checked += len(actions) > 1
    assert checked > 10


@pytest.mark.rules("700.2", "611.2a")
def test_the_timing_read_once_tells_a_modal_spells_modes_apart() -> None:
    """Boros Charm in A's main phase: its 4 damage to the player at 3 life is weighed, its modes that only last the
    turn (indestructible, double strike) wait for combat; asked once per card, modes and targets, the same."""
    g = Game.empty(seed=14)
    for land in ("Mountain", "Plains", "Mountain"):
        g.add_card(land, 0, Zone.BATTLEFIELD)
    g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    charm = g.add_card("Boros Charm", 0, Zone.HAND)
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Mountain", p, Zone.LIBRARY)
    g.start_at(5, 0, "main1")
    g.state.players[1].life = 3
    ai = HeuristicPlayer(3)
    actions = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == charm]
    assert {a.modes for a in actions} == {(0,), (1,), (2,)}
    key = (g.state.turn, g.state.step, 0)
    kept = ai._timely(g, actions, key)
    assert kept == [a for a in actions if ai._timing_ok(g, a)]
    assert {a.modes for a in kept} == {(0,)}


@pytest.mark.rules("116.2", "117.1")
def test_the_casts_and_activations_listed_alone_are_those_of_the_whole_listing() -> None:
    """`ai_spells_and_abilities`, all the heuristic player weighs at a priority, lists the pass, the casts and the
    activations of `ai_actions` in the same order, without the land plays and special actions (116.2) the whole
    listing adds, in every priority of self-play games."""
    from engine.ai.by_hand import ai_actions, ai_spells_and_abilities
    from engine.core.enums import DecisionKind
    kinds = (A.PassPriority, A.CastSpell, A.ActivateAbility)
    checked = 0
    for seed in (4, 6):
        for game in _decision_points(seed, 200):
            if game.pending.kind is not DecisionKind.PRIORITY:
                assert ai_spells_and_abilities(game) == []
                continue
            whole = ai_actions(game)
            alone = ai_spells_and_abilities(game)
            assert [a for a in alone if isinstance(a, kinds)] == [a for a in whole if isinstance(a, kinds)]
            assert alone[0] == A.PassPriority(game.pending.player)
            checked += len(whole) > len(alone)
    assert checked          # positions where the whole listing had more (a land to play)


@pytest.mark.rules("117.1", "601.2")
def test_the_casts_listed_with_a_question_first_are_the_whole_listing_less_those_refused() -> None:
    """`spell_and_ability_actions(game, wanted)` asks `wanted` of a cast's card and modes before looking at its targets
    and costs: the listing is the one without it less the casts it refuses, in the same order; the heuristic player's
    question (`_timely_cast`) leaves what `_timely` keeps as it was, in every priority of self-play games."""
    from engine.core.enums import DecisionKind
    from engine.loop.legal import spell_and_ability_actions
    refused = kept = 0
    for seed in (4, 6):
        for game in _decision_points(seed, 200):
            if game.pending.kind is not DecisionKind.PRIORITY:
                continue
            whole = spell_and_ability_actions(game)
            casts = {(a.card, a.modes) for a in whole if isinstance(a, A.CastSpell)}
            # every other cast refused (by the card's id): some of each kind of listing
            wanted = lambda card, modes: card % 2 == 0       # noqa: E731
            asked = spell_and_ability_actions(game, wanted)
            assert asked == [a for a in whole if not isinstance(a, A.CastSpell) or wanted(a.card, a.modes)]
            refused += sum(1 for card, modes in casts if not wanted(card, modes))
            ai = HeuristicPlayer(seed)
            key = (game.state.turn, game.state.step, len(game.state.stack))
            timing: dict[tuple, bool] = {}
            listed = spell_and_ability_actions(game, lambda c, m: ai._timely_cast(game, c, m, key, timing))
            assert ai._timely(game, listed, key, timing) == ai._timely(game, whole, key)
            kept += len(listed) < len(whole)
    assert refused and kept       # casts refused by the question, and positions where the heuristic's refused some


@pytest.mark.rules("400.2", "604.3")
def test_a_determinized_copy_reads_its_renamed_cards_and_tarmogoyf_as_a_copy_with_nothing_kept_does() -> None:
    # rg-aggro (Tarmogoyf) against green-ramp: the copy keeps the battlefield's derived values where nothing reads the
    # hands and libraries; every object's characteristics there equal those computed with nothing kept.
    paths = sorted(DECKS_DIR.glob("*.txt"))
    game = Game.new([read_deck_names(paths[2]), read_deck_names(paths[0])], seed=11)
    agents = (HeuristicPlayer(11), HeuristicPlayer(12))
    checked = 0
    while not game.is_over and game.state.turn <= 14:
        if game.pending.player == 0:
            for oid in list(game.state.objects):
                game.characteristics(oid)           # the real game's values read (and kept) first
            copy = determinize(game, 0, Rng(checked))
            fresh = copy.clone()
            fresh.state.invalidate()
            for oid in copy.state.objects:
                a, b = copy.characteristics(oid), fresh.characteristics(oid)
                assert (a.name, a.power, a.toughness, a.types) == (b.name, b.power, b.toughness, b.types), oid
            checked += 1
        game.apply(agents[game.pending.player].choose(game))
    assert checked > 50


def test_the_determinizations_shuffle_is_the_standard_librarys() -> None:
    # knowledge._shuffle writes out random.Random.shuffle's draws: the same order from the same seed, for any size.
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 40, 61):
            ours, theirs = list(range(size)), list(range(size))
            r1, r2 = random.Random(seed), random.Random(seed)
            _shuffle(r1, ours)
            r2.shuffle(theirs)
            assert ours == theirs and r1.getstate() == r2.getstate()


def test_the_first_object_of_each_shown_name_is_found_as_a_full_look_finds_it() -> None:
    # _objects_by_name stops once every name asked for is found: the same first object (in the game's order) of each.
    for game in _decision_points(5, 40)[::8]:
        for owner in (0, 1):
            everything: dict[str, int] = {}
            for oid, o in game.state.objects.items():
                if o.owner == owner and not o.is_ability and o.name not in everything:
                    everything[o.name] = oid
            shown = public_names(game, owner)
            assert _objects_by_name(game, owner, shown) == {n: everything[n] for n in shown if n in everything}
            assert _objects_by_name(game, owner, everything) == everything



def test_a_determinized_own_library_holds_the_deck_list_less_the_cards_seen() -> None:
    # The own pool (Counter's `-` written out) samples, for the viewer's library, the deck list less every own card it
    # sees: the renamed library holds exactly those names (the library never larger than that pool here).
    paths = sorted(DECKS_DIR.glob("*.txt"))
    deck = read_deck_names(paths[3])
    for game in _decision_points(9, 30)[::6]:
        s = game.state
        seen = Counter(o.name for o in s.objects.values() if o.owner == 0 and o.token is None and not o.is_ability
                       and not o.spell_copy and o.zone is not Zone.LIBRARY)
        det = determinize(game, 0, Rng(3), deck=deck)
        assert Counter(det.state.objects[x].name for x in det.state.players[0].library) == Counter(deck) - seen


def _mind_rot_cast() -> tuple[Game, A.Action]:
    """Player 0 in its main phase casting Mind Rot at player 1, who chooses the two cards to discard as it resolves
    (a choice the simulation's policy answers)."""
    g = Game.empty(seed=3)
    for _ in range(3):
        g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    for name in ("Island", "Grizzly Bears", "Forest"):
        g.add_card(name, 1, Zone.HAND)
        g.add_card(name, 0, Zone.LIBRARY)
        g.add_card(name, 1, Zone.LIBRARY)
    oid = g.add_card("Mind Rot", 0, Zone.HAND)
    g.start_at(3, 0, "main1")
    return g, A.CastSpell(0, oid, targets=(("P1",),))


class _CountedClones:
    """Counts the full copies of a game state made."""

    def __init__(self, monkeypatch) -> None:
        self.n = 0
        real = GameState.clone

        def counted(s: GameState) -> GameState:
            self.n += 1
            return real(s)
        monkeypatch.setattr(GameState, "clone", counted)


class _Refusing:
    """A policy answering every choice with one the engine refuses."""

    def choose(self, game: Game) -> A.Action:
        return A.Choose(game.pending.player, choice=("no such card",))


@pytest.mark.rules("601.2", "608.2d", "701.9b")
@pytest.mark.parametrize("policy", [HeuristicPlayer(1, lookahead=False), _Refusing()])
def test_a_simulation_answers_its_choices_without_a_backup_and_is_made_again_with_backups_when_one_is_refused(
        monkeypatch, policy) -> None:
    """A simulation on a copy applies the policy's answers without a backup of the copy each; the engine being
    deterministic, an answer refused makes it again with the backups: the same copy as with backups throughout."""
    g, cast = _mind_rot_cast()
    with_backups = g.clone()
    with_backups.apply(cast, atomic=False)
    settle(with_backups, policy)
    refused = isinstance(policy, _Refusing)
    assert len(with_backups.state.players[1].hand) == (3 if refused else 1)
    clones = _CountedClones(monkeypatch)
    after = simulate(g, cast, policy)
    assert after is not None and after.to_json() == with_backups.to_json()
    # The copy, and (refused) the copy made again and its backup before the answer refused.
    assert clones.n == (3 if refused else 1)
