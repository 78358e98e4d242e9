"""The engine fuzzer (python -m engine.fuzz): random legal decks, a bounded run of seeded games with
the invariants checked after every action, failures written as replay files that replay them, games
stopped at the limits counted as stuck, and the command line's JSON."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.core.abilities import Condition
from engine.core.cards import default_pool
from engine.fuzz import Limits, check_invariants, fuzz, physical_cards, random_deck, read_replay, replay
from engine.fuzz.__main__ import main, read_database
from engine.fuzz.invariants import InvariantFailure
from engine.fuzz.runner import (BASICS, cards_added, color_identity, mixed_seed, player_seeds,
                                random_commander_deck, supported_names)
from engine.game import Game
from engine.core.errors import IllegalAction
from engine.core.player_actions import Action
from engine.core.rng import Rng
from tests.bench_scripts import bench_script
from tests.conftest import M21_PATH

KEYS = {"games", "crashes", "stuck", "invariant_failures", "seconds", "failures"}


@pytest.mark.rules("100.2a")
@pytest.mark.parametrize("seed", range(20))
def test_random_decks_are_legal_two_colour_60_card_decks(seed: int) -> None:
    names = supported_names(default_pool().names())
    deck = random_deck(Rng(seed), names)
    assert len(deck) == 60
    counts = Counter(deck)
    assert all(n <= 4 for name, n in counts.items() if name not in BASICS.values())
    colors = {c for name in deck for c in default_pool().get(name).colors}
    assert 1 <= len(colors) <= 2
    assert all(default_pool().get(name).supported for name in deck)


def test_a_deck_from_few_cards_is_filled_with_basic_lands() -> None:
    deck = random_deck(Rng(1), ["Grizzly Bears"])
    assert Counter(deck)["Grizzly Bears"] in (0, 4) and len(deck) == 60


@pytest.mark.rules("400.7", "117.3d", "500.1")
def test_a_bounded_run_over_the_starter_pool_finds_nothing(tmp_path) -> None:
    report = fuzz(None, games=10, seed=7, out_dir=tmp_path)
    assert report.games == 10 and report.actions > 0
    assert report.to_json()["failures"] == [], report.failures
    assert not list(tmp_path.iterdir())


def test_a_bounded_run_over_m21_finds_nothing(tmp_path) -> None:
    if not M21_PATH.is_file():
        pytest.skip(f"{M21_PATH} not found")
    from engine.oracle.report import load_records
    report = fuzz(load_records(M21_PATH), games=4, seed=3, out_dir=tmp_path)
    assert report.cards > 100
    assert report.to_json()["failures"] == [], report.failures
    assert "Gilded Lotus" not in default_pool(), "the set's cards are removed from the pool afterwards"


def test_a_crash_is_counted_and_its_replay_raises_it_again(tmp_path, monkeypatch) -> None:
    from engine.board import primitives
    original = primitives.add_mana

    def broken(game, player, letters, *args, **kwargs):
        if game.state.turn >= 4:
            raise RuntimeError("injected mana bug")
        original(game, player, letters, *args, **kwargs)

    # Every module that took the name at import time: mana abilities (payment) and AddMana effects (basic).
    for module in ("engine.board.primitives", "engine.effects.basic", "engine.effects.payment"):
        monkeypatch.setattr(f"{module}.add_mana", broken)
    report = fuzz(None, games=2, seed=11, out_dir=tmp_path)
    assert report.crashes >= 1
    failure = report.failures[0]
    assert failure["kind"] == "crash" and "injected mana bug" in failure["error"]
    doc = read_replay(tmp_path / failure["replay"].split("/")[-1])
    assert doc["seed"] == failure["seed"] and len(doc["decks"]) == 2 and doc["actions"]
    again = replay(doc)
    assert again.kind == "crash" and "injected mana bug" in again.error
    # The failing action is the last one recorded, or the crash came after it (in a check, or an AI's choice).
    assert len(again.actions) >= len(doc["actions"]) - 1
    monkeypatch.undo()
    assert replay(doc).kind == "ok", "with the bug gone the same actions play"


def test_a_crash_in_an_ais_choice_late_in_the_game_is_raised_again_by_its_replay(tmp_path, monkeypatch) -> None:
    """The replay runs the AI players alongside through every action, targeted ones included (the file's JSON
    has lists where an action has tuples: compared as JSON, the AI was dropped at the first target or choice)."""
    from engine.ai.random_player import RandomPlayer
    original = RandomPlayer.choose

    def broken(self, game):
        if game.state.turn >= 6:
            raise RuntimeError("injected choice bug")
        return original(self, game)

    monkeypatch.setattr(RandomPlayer, "choose", broken)
    report = fuzz(None, games=1, seed=11, out_dir=tmp_path)
    assert report.crashes == 1 and "injected choice bug" in report.failures[0]["error"]
    doc = read_replay(Path(report.failures[0]["replay"]))
    assert any(isinstance(v, list) and v for d in doc["actions"] for v in d.values()), "a targeted action or choice"
    again = replay(doc)
    assert again.kind == "crash" and "injected choice bug" in again.error
    assert len(again.actions) == len(doc["actions"])


def test_a_game_past_the_limits_is_stuck(tmp_path) -> None:
    report = fuzz(None, games=1, seed=2, out_dir=tmp_path, limits=Limits(turns=2))
    assert report.stuck == 1 and report.crashes == 0
    doc = read_replay(tmp_path / report.failures[0]["replay"].split("/")[-1])
    assert doc["kind"] == "stuck" and replay(doc).kind == "ok"


@pytest.mark.rules("111.1")
def test_tokens_without_bound_stop_the_game_as_stuck_at_the_object_limit(tmp_path) -> None:
    """Krenko, Mob Boss doubling its Goblins each turn (a fuzz game of the training half ran past 120 s
    with tens of thousands of tokens): the game stops at the object limit, whatever the machine's load,
    counted as stuck with a replay file."""
    from tests.engine.test_token_explosion import KRENKO
    # A seed whose Goblins grow past the limit before either army wins (both players have Krenkos).
    report = fuzz([KRENKO], games=1, seed=0, out_dir=tmp_path, limits=Limits(objects=160))
    assert (report.games, report.stuck, report.crashes) == (1, 1, 0), report.failures
    assert "objects (limits:" in report.failures[0]["error"] and "160 objects" in report.failures[0]["error"]
    doc = read_replay(Path(report.failures[0]["replay"]))
    assert doc["kind"] == "stuck" and doc["limits"]["objects"] == 160
    assert replay({**doc, "ai": None}).kind == "ok"


def test_the_replay_of_a_game_reaches_the_same_state() -> None:
    from engine.fuzz.runner import play
    rng = Rng(5)
    names = supported_names(default_pool().names())
    decks = [random_deck(rng, names), random_deck(rng, names)]
    out = play(decks, 5, "random", Limits(turns=6))
    doc = {"decks": decks, "seed": 5, "game_seed": out.game_seed, "player_seeds": out.player_seeds,
           "actions": out.actions}
    again = replay(doc)
    assert again.kind == "ok" and len(again.actions) == len(out.actions)


def test_a_broken_invariant_is_named() -> None:
    g = Game.new([["Plains"] * 20, ["Island"] * 20], seed=1)
    physical = physical_cards(g)
    check_invariants(g, physical)
    s = g.state
    s.players[0].hand.append(s.players[0].library[0])
    with pytest.raises(InvariantFailure, match="two places"):
        check_invariants(g, physical)
    s.players[0].hand.pop()
    s.players[1].life = 20.5
    with pytest.raises(InvariantFailure, match="life"):
        check_invariants(g, physical)


def test_the_command_line_prints_the_figures_as_json(tmp_path, capsys) -> None:
    assert main(["--games", "2", "--seed", "4", "--ai", "easy", "--out", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert KEYS <= set(data) and data["games"] == 2 and data["failures"] == []


def test_the_command_line_replays_a_file_and_refuses_bad_input(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    assert main(["--replay", str(bad)]) == 2
    assert "not a fuzz replay file" in capsys.readouterr().err
    assert main(["--cards", str(tmp_path / "missing.json")]) == 2
    assert "can't read cards" in capsys.readouterr().err
    decks = [["Plains"] * 60, ["Island"] * 60]
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": "manatable-fuzz-replay", "version": 1, "seed": 1, "decks": decks,
                                "actions": [{"action": "Mulligan", "player": 0, "keep": True}]}))
    code = main(["--replay", str(good), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["of"] == 1 and code == (0 if data["kind"] == "ok" else 1)


def test_the_command_line_reads_the_cards_of_a_card_database(tmp_path, capsys) -> None:
    from cardsdb import CardDatabase
    path = tmp_path / "cards.sqlite"
    CardDatabase.open_default(path).close()      # the cards built in (the starter pool and more)
    records = read_database(path)
    assert {r["name"] for r in records} >= set(default_pool().names())
    with cards_added(records):
        supported = len(supported_names(r["name"] for r in records))
    assert main(["--db", str(path), "--games", "1", "--out", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 1 and data["cards"] == supported
    assert main(["--db", str(tmp_path / "none.sqlite")]) == 2
    assert "no card database" in capsys.readouterr().err


def test_the_command_line_reads_a_compressed_card_file(tmp_path, capsys) -> None:
    import gzip
    records = [{"name": "Gilded Lotus", "manaCost": "{5}", "type": "Artifact", "types": ["Artifact"],
                "text": "{T}: Add three mana of any one color."},
               {"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
                "subtypes": ["Bear"], "colors": ["G"], "power": "2", "toughness": "2", "text": ""}]
    path = tmp_path / "cards.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        json.dump(records, f)
    assert main(["--cards", str(path), "--games", "1", "--seed", "2", "--out", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cards"] == 2 and data["failures"] == []
    assert "Gilded Lotus" not in default_pool()


SOURCE_RECORDS = [
    {"name": "Gilded Lotus", "manaCost": "{5}", "type": "Artifact", "types": ["Artifact"],
     "text": "{T}: Add three mana of any one color."},
    {"name": "Woodland Bear", "manaCost": "{1}{G}", "type": "Creature — Bear", "types": ["Creature"],
     "subtypes": ["Bear"], "colors": ["G"], "power": "2", "toughness": "2"},
    {"name": "Riddle Engine", "manaCost": "{2}", "type": "Artifact", "types": ["Artifact"],
     "text": "Whenever the moon is full, ponder the unponderable."},
]


def _scryfall(r: dict) -> dict:
    return {"object": "card", "name": r["name"], "mana_cost": r["manaCost"], "type_line": r["type"],
            "oracle_text": r.get("text", ""), "colors": r.get("colors", []), "layout": "normal",
            "power": r.get("power"), "toughness": r.get("toughness")}


@pytest.mark.parametrize("kind, document", [
    ("set", {"meta": {}, "data": {"code": "TST", "name": "Test", "cards": SOURCE_RECORDS}}),
    ("allprintings", {"meta": {}, "data": {"TST": {"code": "TST", "cards": SOURCE_RECORDS[:2]},
                                           "TS2": {"code": "TS2", "cards": SOURCE_RECORDS[1:]}}}),
    ("atomic", {"meta": {}, "data": {r["name"]: [r] for r in SOURCE_RECORDS}}),
    ("plain list", SOURCE_RECORDS),
    ("scryfall list", [_scryfall(r) for r in SOURCE_RECORDS]),
    ("scryfall search", {"object": "list", "data": [_scryfall(r) for r in SOURCE_RECORDS]}),
])
def test_every_kind_of_card_file_counts_its_cards(tmp_path, capsys, kind, document) -> None:
    """All cards of the file are read (an AllPrintings file was taken for something else), and the
    figures say how many were read and how many of them decks are built from."""
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(document))       # ASCII escapes ("\\u2014"), as json.dump writes
    assert main(["--cards", str(path), "--games", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["cards_read"], data["cards"]) == (3, 2), kind


@pytest.mark.parametrize("content", ['{"name": "Gilded Lotus", "types": ["Artifact"], "foreignData": '
                                     '[{"name": "Lotus dorado", "language": "Spanish"}]}',
                                     "4 Gilded Lotus\n", '[{"name": "Gilded Lotus"}]'])
def test_a_file_that_is_no_card_file_is_refused_with_exit_2(tmp_path, capsys, content) -> None:
    path = tmp_path / "cards.json"
    path.write_text(content)
    assert main(["--cards", str(path), "--games", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("can't read cards: ") and "not card data" in err and err.count("\n") == 1


def test_a_file_that_is_no_card_database_is_refused_with_exit_2(tmp_path, capsys) -> None:
    path = tmp_path / "cards.sqlite"
    path.write_text("SQLite? no")
    assert main(["--db", str(path), "--games", "0"]) == 2
    assert "is not a card database" in capsys.readouterr().err
    assert path.read_text() == "SQLite? no"


@pytest.mark.rules("400.7", "506.1")
def test_a_bounded_sandbox_run_finds_nothing(tmp_path) -> None:
    # Found by this run: a sandbox move to the beginning of combat left no combat, and the next step
    # failed on it.
    report = fuzz(None, games=4, seed=1, out_dir=tmp_path, sandbox=True)
    assert report.games == 4 and report.to_json()["failures"] == [], report.failures


def test_a_sandbox_move_to_combat_then_ordinary_play_goes_on() -> None:
    from engine.core.player_actions import Mulligan, PassPriority, SandboxNextStep
    from engine.core.enums import DecisionKind, Step
    g = Game.new([["Plains"] * 40, ["Island"] * 40], seed=1, enforce=False)
    while g.pending.kind is DecisionKind.MULLIGAN:
        g.apply(Mulligan(g.pending.player, True))
    while g.state.step is not Step.BEGINNING_OF_COMBAT:
        g.apply(SandboxNextStep(g.pending.player))
    for _ in range(6):
        g.apply(PassPriority(g.pending.player))
    check_invariants(g)
    assert g.state.step is not Step.BEGINNING_OF_COMBAT, "play went on past the combat steps"


def test_a_spent_time_budget_stops_the_run_and_says_so(tmp_path) -> None:
    report = fuzz(None, 50, seed=0, out_dir=tmp_path, budget=0.0)
    assert (report.games, report.stopped_early) == (0, True)
    report = fuzz(None, 1, seed=0, out_dir=tmp_path, budget=1e6)
    assert (report.games, report.stopped_early) == (1, False)


REPLAYS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "fuzz-replays").glob("*.json"))


@pytest.mark.parametrize("path", REPLAYS, ids=[p.stem for p in REPLAYS])
def test_the_replays_of_fixed_fuzz_failures_now_play_through(path) -> None:
    """Failures the long fuzz run found, kept as the replay files it wrote (issue 14): each plays
    through now (the actions only; the AI players are not run alongside, to keep it quick). A stuck game's replay
    lists the legal actions after each of its actions (the invariants ask them), which is where it was slow."""
    doc = read_replay(path)
    assert doc["kind"] in ("crash", "invariant", "stuck"), "a replay file of a failure"
    out = replay({**doc, "ai": None})
    assert (out.kind, out.error) == ("ok", ""), out.traceback
    assert len(out.actions) == len(doc["actions"])


def test_the_figures_do_not_depend_on_the_number_of_processes(tmp_path) -> None:
    """bench/fuzz.py --jobs N: a game depends on its seed only."""
    def figures(jobs: int) -> dict:
        report = fuzz(None, games=3, seed=5, out_dir=tmp_path / str(jobs), limits=Limits(turns=3), jobs=jobs)
        return {k: v for k, v in report.to_json().items() if k != "seconds"} | {
            "failures": [dict(f, replay=Path(f["replay"]).name) for f in report.failures]}
    one = figures(1)
    assert one["games"] == 3 and one["actions"] > 0
    assert figures(2) == one


def test_a_replay_that_is_no_ordinary_file_is_refused_without_reading_it(tmp_path, capsys) -> None:
    import os
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, words in ((Path("/dev/zero"), "a device or pipe"), (fifo, "a device or pipe"), (tmp_path, "a folder")):
        assert main(["--replay", str(path)]) == 2
        assert capsys.readouterr().err == f"can't read the replay: {path}: {words}, not an ordinary file\n"


def test_replay_files_get_the_usual_file_mode(tmp_path) -> None:
    """Written through a temporary file (mkstemp makes it 0600): a replay is as readable as any file."""
    import os
    from engine.core.jsonfile import write_json_atomic
    path = tmp_path / "replay.json"
    write_json_atomic(path, {"a": 1})
    mask = os.umask(0o022)
    os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask
    path.chmod(0o640)
    write_json_atomic(path, {"a": 2})
    assert path.stat().st_mode & 0o777 == 0o640 and json.loads(path.read_text()) == {"a": 2}


@pytest.mark.rules("117.3d")
def test_a_decision_without_a_legal_answer_is_an_invariant_failure(tmp_path, monkeypatch) -> None:
    """The AI's choice lists the legal actions (the checks after each action don't list them again):
    when it finds none, the game is an invariant failure, not a crash of the AI."""
    real = Game.legal_actions
    monkeypatch.setattr(Game, "legal_actions", lambda self: [] if self.state.turn >= 3 else real(self))
    report = fuzz(None, games=1, seed=11, out_dir=tmp_path)
    assert report.invariant_failures == 1 and report.crashes == 0, report.failures
    assert report.failures[0]["error"].startswith("InvariantFailure: ") and "no legal answer" in report.failures[0]["error"]


REFUSED_OFFERS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "fuzz-refused-offers").glob("*.json"))


@pytest.mark.rules("702.127a", "509.1b", "508.1c", "605.3a")
@pytest.mark.parametrize("path", REFUSED_OFFERS, ids=[p.stem for p in REFUSED_OFFERS])
def test_an_action_the_engine_refuses_is_no_longer_offered(path) -> None:
    """Fuzz failures where the legal actions offered an action the engine then refused (the half of an
    aftermath card that isn't aftermath cast from exile; a double block on a creature that can't be
    blocked by more than one; in a four-player Commander game, Dreamwinder, which "can't attack unless
    defending player controls an Island", declared attacking an opponent without one because another
    opponent had one; a suspend, a special action paid in one go, offered though the land its payment taps
    would ask a choice of its triggered mana ability): played up to it, the refused action is not offered
    any more."""
    doc = read_replay(path)
    *before, refused = doc["actions"]
    out = replay({**doc, "ai": None, "actions": before})
    assert (out.kind, out.error) == ("ok", ""), out.traceback
    with cards_added(doc.get("card_records", [])):
        game = Game.new(doc["decks"], seed=doc.get("game_seed", doc["seed"]), commanders=doc.get("commanders"))
        for d in before:
            game.apply(Action.from_json(d))
        assert Action.from_json(refused) not in game.legal_actions()
        with pytest.raises(IllegalAction):
            game.apply(Action.from_json(refused))


def test_a_card_sources_text_is_played_over_the_bundled_pools() -> None:
    """A card the bundled pool has with other text (its Skizzik: "sacrifice this creature unless it was
    kicked"; the training half's: "if Skizzik wasn't kicked, sacrifice it") is the source's card during a
    run over that source, whatever else is loaded, and the pool's own afterwards."""
    own = default_pool().get("Skizzik")
    old = dict(default_pool().record("Skizzik"), text="Kicker {R}\nTrample, haste\nAt the beginning of the end step, "
               "if Skizzik wasn't kicked, sacrifice it.")
    with cards_added([old]) as added:
        assert added == {"Skizzik": old}
        assert default_pool().get("Skizzik").text == old["text"]
        g = Game.new([["Skizzik"] * 4 + ["Mountain"] * 36, ["Forest"] * 40], seed=1, by_hand=True)
        skizzik = next(o.id for o in g.state.objects.values() if o.name == "Skizzik")
        # the source's wording: an intervening "if" (603.4), not the pool's "unless" in the effect
        assert g.characteristics(skizzik).definition.triggered[0].condition == Condition("kicked", negate=True)
    assert default_pool().get("Skizzik") == own
    with cards_added([default_pool().record("Skizzik")]) as added:
        assert added == {}          # the same record: nothing to put in place


def test_games_of_neighbouring_seeds_get_distinct_decks_and_players() -> None:
    """Rng(s + 1) is Rng(s) one draw on: the fuzz mixes each game's seed with the purpose before use."""
    names = supported_names(default_pool().names())
    decks = []
    for seed in range(1000, 1040):
        rng = Rng(mixed_seed(seed, "decks"))
        decks += [tuple(sorted(random_deck(rng, names))) for _ in range(2)]
    assert len(set(decks)) == len(decks)
    seeds = [s for seed in range(1000, 1040) for s in [mixed_seed(seed, "game"), *player_seeds(seed, 2)]]
    assert len(set(seeds)) == len(seeds) and all(0 <= s < 2 ** 32 for s in seeds)
    assert mixed_seed(7, "decks") == mixed_seed(7, "decks")      # a game still depends on its seed only


@pytest.mark.rules("903.3", "903.4", "903.5a", "903.5b", "903.5c")
@pytest.mark.parametrize("seed", range(10))
def test_random_commander_decks_are_legal(seed: int) -> None:
    from cardsdb.validation import check_commander_deck
    from cardsdb.decks import Deck, DeckEntry
    names = supported_names(default_pool().names())
    commander, deck = random_commander_deck(Rng(seed), names)
    assert len(deck) == 99 and color_identity(commander)
    assert all(color_identity(n) <= color_identity(commander) for n in deck)
    entries = Counter(deck)
    d = Deck(commander=[DeckEntry(commander, 1)], main=[DeckEntry(n, k) for n, k in entries.items()])
    check = check_commander_deck(d, default_pool().card_record)
    assert not check.problems, check.problems


@pytest.mark.rules("903.6", "903.7")
def test_a_bounded_commander_run_finds_nothing(tmp_path) -> None:
    report = fuzz(None, games=2, seed=0, out_dir=tmp_path, players=3, variant="commander",
                  limits=Limits(turns=5))       # scaled to three 99-card decks: stuck at turn 12, nothing worse
    assert (report.games, report.crashes, report.invariant_failures) == (2, 0, 0), report.failures


def test_a_commander_replay_plays_the_same_game_again(tmp_path) -> None:
    from engine.fuzz.runner import play
    names = supported_names(default_pool().names())
    rng = Rng(3)
    built = [random_commander_deck(rng, names) for _ in range(3)]
    out = play([d for _, d in built], 3, "random", Limits(turns=2), commanders=[[c] for c, _ in built])
    assert out.kind in ("ok", "stuck"), out.error
    doc = {"decks": out.decks, "commanders": out.commanders, "seed": 3, "game_seed": out.game_seed,
           "player_seeds": out.player_seeds, "ai": "random", "actions": out.actions, "kind": "stuck"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "manatable-fuzz-replay", "version": 1, **doc}))
    again = replay(read_replay(path))
    assert again.kind == "ok" and len(again.actions) == len(out.actions) and again.turns == out.turns


def test_the_limits_grow_with_the_cards_in_the_decks_but_the_object_limit_stays() -> None:
    """A game not ended by damage ends by decking (704.5b), one card a turn (504.1): four 99-card Commander
    libraries last 3.3 times as many turns as two 60-card decks, so a long four-player game is no failure."""
    two = [["Forest"] * 60] * 2
    assert Limits().scaled(two) == Limits() == Limits().scaled([["Forest"] * 40] * 2)
    four = Limits(turns=150, actions=20_000, seconds=120, objects=10_000).scaled([["Forest"] * 99] * 4)
    assert (four.turns, four.actions, four.seconds, four.objects) == (495, 66_000, 396.0, 10_000)


def test_the_time_limit_counts_cpu_time_not_waiting() -> None:
    """On a loaded machine a game that waits for the processor is not stuck; one that computes past the
    limit is stopped."""
    import time
    from engine.fuzz.runner import GameTimeout, _deadline
    with _deadline(0.2):
        time.sleep(0.4)             # waiting: no CPU time spent
    with pytest.raises(GameTimeout):
        with _deadline(0.2):
            while True:
                pass


def test_the_bench_takes_a_games_time_limit(tmp_path, monkeypatch, capsys) -> None:
    """bench/fuzz.py --game-seconds: the CPU time after which a game is stuck, as engine.fuzz's; nothing above 0 is
    refused with a message."""
    bench = bench_script("fuzz")
    for bad in ("0", "nan", "inf"):
        monkeypatch.setattr("sys.argv", ["fuzz.py", "--game-seconds", bad, "--out", str(tmp_path)])
        with pytest.raises(SystemExit):
            bench.main()
        assert "--game-seconds must be a number of seconds above 0" in capsys.readouterr().err
    monkeypatch.setattr("sys.argv", ["fuzz.py", "--sources", "starter", "--games", "1", "--game-seconds", "1e-9",
                                     "--out", str(tmp_path), "--json"])
    assert bench.main() == 0
    (figures,) = json.loads(capsys.readouterr().out).values()
    assert figures["stuck"] == 1 and "1e-09 s of CPU time" in figures["failures"][0]["error"]
