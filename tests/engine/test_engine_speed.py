"""The engine's own speed work keeps its contracts: what it keeps or shares to go faster follows every change that
alters it (mutate, then ask again), and a clone's changes never reach the original."""
from __future__ import annotations

import subprocess
from dataclasses import fields, replace
import sys
from pathlib import Path

import pytest

from engine.board.damage import add_counters, remove_counters
from engine.board.zones import move
from engine.core.enums import STEP_PHASE, DecisionKind, DecisionKinds, Phase, Step, Steps, Zone, Zones
from engine.core.mana import MANA_LETTERS, ManaCost, ManaSource, snow_payment
from engine.core.player_actions import CastSpell, PassPriority, PlayLand, passing
from engine.effects.payment import mana_sources
from engine.rules.sba import check_state_based_actions
from tests.engine.driving import advance, attack, both_pass, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record
from tests.oracle.test_graveyard_statics import BRAWN
from tests.oracle.test_land_mana_replaced import CONTAMINATION

ROOT = Path(__file__).resolve().parents[2]


def test_the_programs_start_leaves_the_long_lived_objects_out_of_the_collector_and_the_engine_does_not():
    # In a fresh process: loading the pool (the engine) leaves the collector as it is, process-wide; a program's start
    # (engine.core.heap, called by the benches, the match runner and the app) freezes the modules and the pool and
    # collects the youngest generation less often.
    code = ("import gc\nfrom engine.core.cards import default_pool\nfrom engine.core.heap import keep_long_lived\n"
            "default_pool()\nprint(gc.get_freeze_count(), gc.get_threshold()[0])\n"
            "keep_long_lived()\nprint(gc.get_freeze_count(), gc.get_threshold()[0])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    engine_only, started = [tuple(map(int, line.split())) for line in out.splitlines()]
    assert engine_only == (0, 700)
    assert started[0] > 10000 and started[1] == 10000


@pytest.mark.rules("113.6b", "400.7")
def test_a_graveyard_static_kept_with_the_graveyards_ends_when_its_card_leaves_and_only_in_that_game(extra_cards):
    extra_cards(BRAWN)
    g, ids = table(["Grizzly Bears", "Forest"], [])
    brawn = g.add_card("Brawn", 0, Zone.GRAVEYARD)
    assert g.characteristics(ids["Grizzly Bears"]).has("trample")       # read once: kept with the graveyards
    copy = g.clone()
    move(copy, brawn, Zone.EXILE)
    assert not copy.characteristics(ids["Grizzly Bears"]).has("trample")
    assert g.characteristics(ids["Grizzly Bears"]).has("trample")       # the original's graveyard still holds it
    # A card changed in place in a graveyard (made private to the state first) is read again.
    g2, ids2 = table(["Grizzly Bears", "Forest"], [])
    bears = g2.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    assert not g2.characteristics(ids2["Grizzly Bears"]).has("trample")
    g2.state.writable(bears).name = "Brawn"
    g2.state.invalidate()
    assert g2.characteristics(ids2["Grizzly Bears"]).has("trample")


@pytest.mark.rules("604.3", "400.7")
def test_tarmogoyf_counts_the_graveyards_as_they_are_now_in_the_game_and_in_its_copy():
    g, ids = table(["Mountain", "Tarmogoyf"], [], hand_a=["Lava Spike"])
    g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    bears = g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    goyf = ids["Tarmogoyf"]
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (2, 3)
    copy = g.clone()
    copy.apply(CastSpell(0, ids["Lava Spike"], targets=("P1",)))
    assert (copy.characteristics(goyf).power, copy.characteristics(goyf).toughness) == (2, 3)     # on the stack
    both_pass(copy)                                                      # a sorcery joins the graveyard
    assert (copy.characteristics(goyf).power, copy.characteristics(goyf).toughness) == (3, 4)
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (2, 3)
    move(g, bears, Zone.EXILE)                                          # the only creature card leaves
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (1, 2)
    assert (copy.characteristics(goyf).power, copy.characteristics(goyf).toughness) == (3, 4)


@pytest.mark.rules("704.5d", "111.7", "400.7")
def test_a_bounced_token_ceases_to_exist_after_checks_that_found_none_in_the_game_and_in_its_copy():
    g, ids = table(["Forest", "Forest", "Forest", "Island", "Island"], [], hand_a=["Call of the Herd", "Unsummon",
                                                                                   "Unsummon"])
    cast_and_resolve(g, ids["Call of the Herd"])          # checked before each priority since: no token to end
    elephant = next(oid for oid in g.state.battlefield if g.state.objects[oid].token is not None)
    copy = g.clone()
    unsummons = [oid for oid in g.state.players[0].hand if g.state.objects[oid].name == "Unsummon"]
    cast_and_resolve(copy, unsummons[0], targets=(elephant,))
    assert copy.state.players[0].hand == [unsummons[1]]
    assert not any(copy.state.objects[oid].token is not None for oid in copy.state.objects)
    assert elephant in g.state.battlefield                  # the original keeps its token
    cast_and_resolve(g, unsummons[1], targets=(elephant,))
    assert g.state.players[0].hand == [unsummons[0]]
    assert not any(g.state.objects[oid].token is not None for oid in g.state.objects)


NOBILIS_OF_WAR = record("Nobilis of War", "{R/W}{R/W}{R/W}{R/W}{R/W}", "Creature — Spirit Avatar",
                        "Flying\nAttacking creatures you control get +2/+0.", "3/4")


@pytest.mark.rules("506.4", "508.1", "611.3a")
def test_what_reads_who_attacks_is_read_again_once_attackers_are_declared_and_a_plain_board_keeps_its_values(
        extra_cards):
    extra_cards(NOBILIS_OF_WAR)
    g, ids = table(["Nobilis of War", "Grizzly Bears"], [], turn=3)
    bears = ids["Grizzly Bears"]
    assert g.characteristics(bears).power == 2          # read, and kept, before the declaration
    attack(g, bears)
    assert g.characteristics(bears).power == 4          # attacking now: the Nobilis's bonus applies
    plain, pids = table(["Grizzly Bears", "Llanowar Elves"], [], turn=3)
    before = plain.characteristics(pids["Grizzly Bears"])
    attack(plain, pids["Grizzly Bears"])
    assert plain.characteristics(pids["Grizzly Bears"]) is before      # nothing reads who attacks: kept
    assert (before.power, before.toughness) == (2, 2)


CRUSADER_OF_ODRIC = record("Crusader of Odric", "{2}{W}", "Creature — Human Soldier",
                           "Crusader of Odric's power and toughness are each equal to the number of creatures you "
                           "control.", "*/*")


@pytest.mark.rules("604.3", "400.7")
def test_a_tarmogoyf_in_hand_counts_the_graveyards_as_they_change_in_the_game_and_in_its_copy():
    g, ids = table(["Mountain", "Mountain"], [], hand_a=["Tarmogoyf", "Lightning Bolt", "Lava Spike"])
    goyf = ids["Tarmogoyf"]
    assert g.characteristics(goyf).power == 0               # read in hand (604.3: a CDA works everywhere)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=("P1",))
    assert g.characteristics(goyf).power == 1               # an instant in a graveyard now
    copy = g.clone()
    cast_and_resolve(copy, ids["Lava Spike"], targets=("P1",))
    assert (copy.characteristics(goyf).power, g.characteristics(goyf).power) == (2, 1)


@pytest.mark.rules("604.3", "400.7")
def test_a_creature_card_in_hand_counting_creatures_sees_one_enter(extra_cards):
    extra_cards(CRUSADER_OF_ODRIC)
    g, ids = table(["Forest", "Forest", "Grizzly Bears"], [], hand_a=["Crusader of Odric", "Grizzly Bears"])
    crusader = ids["Crusader of Odric"]
    assert g.characteristics(crusader).power == 1
    second = [oid for oid in g.state.players[0].hand if g.state.objects[oid].name == "Grizzly Bears"][0]
    cast_and_resolve(g, second)                             # a permanent without static abilities enters
    assert (g.characteristics(crusader).power, g.characteristics(crusader).toughness) == (2, 2)


@pytest.mark.rules("604.3", "704.5g")
def test_tarmogoyf_on_the_battlefield_keeps_its_values_as_a_land_enters_and_counts_a_creature_that_died():
    g, ids = table(["Mountain", "Tarmogoyf", "Grizzly Bears"], [], hand_a=["Lightning Bolt", "Mountain"])
    goyf = ids["Tarmogoyf"]
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (0, 1)
    land = [oid for oid in g.state.players[0].hand if g.state.objects[oid].name == "Mountain"][0]
    g.apply(PlayLand(0, land))                                           # from a hand: no graveyard changed
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (0, 1)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(ids["Grizzly Bears"],))
    assert ids["Grizzly Bears"] not in g.state.battlefield              # died: an instant and a creature now
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (2, 3)


@pytest.mark.rules("604.3", "400.7")
def test_tarmogoyf_entering_a_plain_board_keeps_the_others_values_and_then_counts_a_sorcery():
    g, ids = table(["Forest", "Forest", "Mountain", "Grizzly Bears"], [], hand_a=["Tarmogoyf", "Lava Spike"])
    g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    bears = g.characteristics(ids["Grizzly Bears"])
    cast_and_resolve(g, ids["Tarmogoyf"])
    goyf = next(oid for oid in g.state.battlefield if g.state.objects[oid].name == "Tarmogoyf")
    assert g.characteristics(ids["Grizzly Bears"]) is bears              # its CDA changes no other permanent
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (1, 2)
    cast_and_resolve(g, ids["Lava Spike"], targets=("P1",))
    assert (g.characteristics(goyf).power, g.characteristics(goyf).toughness) == (2, 3)


@pytest.mark.rules("202.1", "107.4b")
@pytest.mark.parametrize("cost", ["{R}", "{1}{R}", "{2}{G}{G}", "{3}", "{W}{U}", "{C}{1}"])
def test_a_plain_cost_is_paid_from_a_pool_colored_symbols_first_then_generic_colorless_first(cost):
    for pool in ({"R": 1}, {"R": 2, "C": 1}, {"G": 2, "C": 2}, {"W": 1, "U": 1, "C": 1}, {"C": 3}, {"G": 1}, {}):
        mana = {c: pool.get(c, 0) for c in MANA_LETTERS}
        parsed = ManaCost.parse(cost)
        colored = [s for s in parsed.symbols if s in MANA_LETTERS]
        generic = sum(int(s) for s in parsed.symbols if s.isdigit())
        payable = all(mana[c] >= colored.count(c) for c in set(colored)) and sum(mana.values()) >= len(colored) + generic
        result = snow_payment(mana, parsed, 0)
        assert (result is not None) == payable, (cost, pool)
        if result is not None:
            used, life, snow = result
            assert life == 0 and not any(snow.values())
            assert sum(used.values()) == len(colored) + generic and all(used[c] <= mana[c] for c in used)
            assert used["C"] == min(mana["C"], generic + colored.count("C"))     # colorless goes to generic first


@pytest.mark.rules("604.3", "400.7")
def test_tarmogoyf_counts_a_graveyard_that_lost_its_first_card_and_then_grew():
    g, ids = table(["Tarmogoyf"], [])
    goyf = ids["Tarmogoyf"]
    bolt = g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    assert g.characteristics(goyf).power == 2
    move(g, bolt, Zone.EXILE)                                   # the first card leaves: read again from the start
    assert g.characteristics(goyf).power == 1
    g.add_card("Lava Spike", 0, Zone.GRAVEYARD)                 # it only grew: the new card read
    assert g.characteristics(goyf).power == 2


@pytest.mark.rules("122.1a", "122.1b", "613.4c", "704.5f")
def test_a_counter_changes_its_own_creature_at_once_and_the_others_keep_their_values():
    g, ids = table(["Grizzly Bears", "Llanowar Elves", "Forest"], [])
    bears, elves = ids["Grizzly Bears"], ids["Llanowar Elves"]
    before = g.characteristics(bears)
    add_counters(g, elves, "+1/+1", 2, by=0)
    assert (g.characteristics(elves).power, g.characteristics(elves).toughness) == (3, 3)
    assert g.characteristics(bears) is before
    remove_counters(g, elves, "+1/+1", 2)
    add_counters(g, elves, "-1/-1", 1, by=0)
    assert g.characteristics(elves).toughness == 0
    check_state_based_actions(g)                    # it dies (704.5f)
    assert elves not in g.state.battlefield and bears in g.state.battlefield
    add_counters(g, bears, "flying", 1, by=0)       # a keyword counter: an effect giving its keyword (122.1b)
    assert g.characteristics(bears).has("flying")


@pytest.mark.rules("605.1b", "614.1a", "106.12a")
def test_a_plain_mana_source_listed_again_sees_a_trigger_or_a_replacement_that_came_since(extra_cards):
    # mana_sources adds a plain source (a basic land's {T}: Add {G}) as it is only while nothing about could change its
    # mana: a triggered mana ability (Wild Growth) or a land-mana replacement (Contamination) arriving is seen at once.
    extra_cards(CONTAMINATION, fully_read=True)
    g, ids = table(["Forest", "Llanowar Elves"], [])
    forest = ids["Forest"]

    def forest_makes(game) -> list[tuple[str, ...]]:
        return [src.options for src in mana_sources(game, 0) if src.object_id == forest]

    assert forest_makes(g) == [("G",)]
    copy = g.clone()
    copy.add_card("Contamination", 1, Zone.BATTLEFIELD)
    assert forest_makes(copy) == [("B",)] and forest_makes(g) == [("G",)]
    wild = g.add_card("Wild Growth", 0, Zone.BATTLEFIELD)
    g.attach(wild, forest)
    assert forest_makes(g) == [("GG",)]
    move(g, wild, Zone.GRAVEYARD)
    assert forest_makes(g) == [("G",)]


@pytest.mark.rules("500.1", "505.1", "506.1")
def test_each_step_knows_its_phase_and_whether_it_is_a_main_phase_or_a_combat_step():
    # Plain attributes of each member (read at nearly every priority), the same as the step table says.
    assert [s for s in Step if s.is_main] == [Step.MAIN1, Step.MAIN2]
    assert [s for s in Step if s.is_combat] == [Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS,
                                                Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT]
    assert all(s.phase is STEP_PHASE[s] for s in Step) and Step.UPKEEP.phase is Phase.BEGINNING
    assert Step.END.phase is Phase.ENDING and Step.MAIN2.phase is Phase.POSTCOMBAT_MAIN


def test_the_plain_member_classes_hold_every_member_of_their_enum_itself():
    # Zones, Steps and DecisionKinds (read where an Enum class's attribute reads are too slow) are the members.
    for enum, plain in ((Zone, Zones), (Step, Steps), (DecisionKind, DecisionKinds)):
        assert {k: v for k, v in vars(plain).items() if not k.startswith("__")} == dict(enum.__members__)
        assert all(getattr(plain, m.name) is m for m in enum)


def test_a_players_pass_is_one_shared_value():
    # player_actions.passing: the same immutable action as PassPriority(player), one object per player.
    assert passing(1) == PassPriority(1) and passing(1) is passing(1) and passing(0) != passing(1)
    assert passing(1).to_json() == PassPriority(1).to_json() == {"player": 1, "action": "PassPriority"}


def test_a_mana_source_ranked_again_keeps_everything_else():
    # ManaSource.ranked (what the automatic payer's ordering builds for each source) is dataclasses.replace's value.
    src = ManaSource(7, 2, ("C", "G", "W"), 1, snow=True, indices=(1, 2, 2))
    assert src.ranked(1005) == replace(src, rank=1005) and src.ranked(1005).rank == 1005
    assert {f.name for f in fields(ManaSource)} == {"object_id", "ability_index", "options", "rank", "snow", "indices"}


@pytest.mark.rules("603.2", "603.6a")
def test_the_watchers_kept_by_event_kind_follow_a_permanent_with_a_trigger_entering_in_the_game_only():
    # Mulldrifter's "When this creature enters, draw two cards": after a land entered (the watchers of a zone change
    # read and kept, none), Mulldrifter entering is seen by its own ability, kept for zone changes but not for taps;
    # the copy made before it entered still has none.
    from engine.query.trigger_events import watchers_of
    g, ids = table(["Island", "Island", "Island", "Island", "Island"], [], ["Mulldrifter", "Island"])
    before = g.clone()
    assert watchers_of(g, "zone_change") == [] and watchers_of(before, "zone_change") == []
    g.apply(PlayLand(0, ids["Island"]))
    assert watchers_of(g, "zone_change") == []
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Mulldrifter"])
    assert len(g.state.players[0].hand) == hand - 1 + 2         # it saw itself enter
    drifter = next(x for x in g.state.battlefield if g.characteristics(x).name == "Mulldrifter")    # a new object
    assert {w[0] for w in watchers_of(g, "zone_change")} == {drifter}      # its enters abilities (and evoke's)
    assert watchers_of(g, "tap") == []
    assert watchers_of(before, "zone_change") == []


@pytest.mark.rules("603.2")
def test_a_watcher_left_out_for_an_event_kind_never_matches_an_event_of_that_kind():
    # In heuristic self-play games with enters, leaves, dies and attack triggers (Flametongue Kavu, Mulldrifter,
    # Ravenous Chupacabra, Kalonian Tusker ...), at every event: each watcher `watchers_of` leaves out for the event's
    # kind would not have matched it, and those it keeps match as they do among all the watchers.
    from engine.ai.heuristic import HeuristicPlayer
    from engine.game import Game
    from engine.query.trigger_events import may_match, trigger_matches, watchers, watchers_of
    from tests.decklists import DECKS_DIR, read_deck_names
    paths = sorted(DECKS_DIR.glob("*.txt"))
    counts = {"left out": 0, "matched": 0}
    for seed, (a, b) in enumerate([(3, 4), (4, 0), (2, 3)]):
        game = Game.new([read_deck_names(paths[a]), read_deck_names(paths[b])], seed=seed)
        emit = game.emit

        def checked(event, game=game, emit=emit):
            every = [w for w in watchers(game) if w[0] in game.state.objects]
            kept = watchers_of(game, event.kind)
            for oid, i, ab in every:
                matches = trigger_matches(game, ab.trigger, event, oid, None)
                if not may_match(ab, event.kind):
                    assert not matches, (ab.trigger.event, event.kind)
                    counts["left out"] += 1
                else:
                    assert (oid, i, ab) in kept
                    counts["matched"] += matches
            emit(event)

        game.emit = checked
        agents = (HeuristicPlayer(seed), HeuristicPlayer(seed + 1))
        while not game.is_over and game.state.turn <= 14:
            game.apply(agents[game.pending.player].choose(game))
    assert counts["left out"] > 100 and counts["matched"] > 5


@pytest.mark.rules("503.1a", "603.2")
def test_the_watchers_kept_by_trigger_event_follow_a_permanent_with_an_upkeep_trigger_entering():
    # Phyrexian Arena's "At the beginning of your upkeep, you draw a card and you lose 1 life": read (and kept) for the
    # step triggers before it is cast, it is among them once on the battlefield, and it triggers at the next upkeep.
    from engine.query.trigger_events import watchers_triggering_on
    g, ids = table(["Swamp", "Swamp", "Swamp"], [], ["Phyrexian Arena"])
    assert watchers_triggering_on(g, "step") == []
    cast_and_resolve(g, ids["Phyrexian Arena"])
    arena = next(x for x in g.state.battlefield if g.characteristics(x).name == "Phyrexian Arena")
    assert [w[0] for w in watchers_triggering_on(g, "step")] == [arena]
    assert watchers_triggering_on(g, "state") == []
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    assert g.state.players[0].life == 19


@pytest.mark.rules("117.5", "704.3", "500.4")
def test_a_step_begun_by_passes_after_a_clean_check_plays_on_as_if_checked_again():
    # The first priority of the beginning of combat, the end of combat, the second main phase and the end step, reached
    # by passes right after a check of state-based actions that found none, checks only the triggers
    # (Game.quiet_step): every pass of self-play games played on a copy, which never skips (its decision isn't the one
    # checked), ends in the same state with the same events, and the original skipped checks.
    import engine.loop.turn as turn
    from engine.ai.random_player import RandomPlayer
    from engine.game import Game
    from tests.decklists import DECKS_DIR, read_deck_names
    decks = [read_deck_names(p) for p in sorted(DECKS_DIR.glob("*.txt"))]
    calls = {"original": 0, "copy": 0}
    side = ["original"]
    real_check = turn.check_state_based_actions

    def counted(game):
        calls[side[0]] += 1
        return real_check(game)

    turn.check_state_based_actions = counted
    try:
        skipped = 0
        for seed in range(3):
            game = Game.new([decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
            agents = (RandomPlayer(seed), RandomPlayer(seed + 1))
            while not game.is_over and game.state.turn <= 12:
                action = agents[game.pending.player].choose(game)
                if not isinstance(action, PassPriority):
                    game.apply(action)
                    continue
                copy = game.clone()
                side[0] = "copy"
                copied_events = copy.apply(action)
                side[0] = "original"
                events = game.apply(action)
                skipped += calls["copy"] - calls["original"]
                calls["copy"] = calls["original"] = 0
                assert [(e.kind, e.data) for e in events] == [(e.kind, e.data) for e in copied_events]
                assert game.to_json() == copy.to_json()
    finally:
        turn.check_state_based_actions = real_check
    assert skipped > 50


@pytest.mark.rules("511.3", "704.5g")
def test_a_creature_alive_only_until_end_of_combat_dies_as_the_second_main_phase_begins():
    # A 2/2 with 2 damage lives through combat with +0/+2 until end of combat; as the end of combat ends the effect ends
    # (511.3), and the second main phase's first priority checks state-based actions though only passes came since
    # the last check (the end of combat changes more than the mana pools).
    from engine.board.primitives import add_effect
    g, ids = table(["Grizzly Bears"], [])
    bears = ids["Grizzly Bears"]
    add_effect(g, None, [bears], {"kind": "pump", "power": 0, "toughness": 2}, "end_of_combat", controller=0,
               source_id=bears)
    g.state.objects[bears].damage = 2
    g.state.invalidate()
    g.checked = None
    advance(g, Step.END_OF_COMBAT)
    assert bears in g.state.battlefield
    advance(g, Step.MAIN2)
    assert bears not in g.state.battlefield


@pytest.mark.rules("117.5", "704.5g")
def test_a_change_through_the_game_api_before_the_pass_ending_a_step_is_checked_as_the_next_step_begins():
    # B holds priority in the first main phase; a creature with lethal damage put on the battlefield through the Game
    # API (which forgets the last check) dies as the beginning of combat gives priority, though only a pass came since.
    g, _ = table([], [])
    g.apply(PassPriority(0))
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, damage=2)
    g.apply(PassPriority(1))
    assert g.state.step is Step.BEGINNING_OF_COMBAT and g.pending.kind is DecisionKind.PRIORITY
    assert bears not in g.state.battlefield



@pytest.mark.rules("113.6k", "400.7")
def test_the_graveyards_value_read_as_kept_is_the_one_made_while_they_hold_the_same_cards_in_the_game_and_its_copy():
    # graveyard_kept answers what graveyard_derived kept (the graveyards' watchers, read at every event) while the
    # graveyards hold the cards it was made of, and None once they hold others (in that game only), until made again.
    from engine.query.layers import graveyard_kept
    from engine.query.trigger_events import _graveyard_watchers
    g, ids = table(["Grizzly Bears"], ["Hill Giant"], ["Shock"])
    s = g.state
    move(g, ids["Grizzly Bears"], Zones.GRAVEYARD)        # its event's trigger check reads the graveyards' watchers
    made = graveyard_kept(s, "watchers")
    assert made is not None and _graveyard_watchers(g) is made and graveyard_kept(s, "no such value") is None
    before = g.clone()
    s.players[0].hand.remove(ids["Shock"])
    s.players[0].graveyard.append(ids["Shock"])             # (the lists alone are compared)
    assert graveyard_kept(s, "watchers") is None and graveyard_kept(before.state, "watchers") is made
    again = _graveyard_watchers(g)
    assert graveyard_kept(s, "watchers") is again and again == made == []
