"""AI-vs-AI matches: the command line, its JSON, bad deck files, and the Wilson interval."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsdb.database import CardDatabase
from engine.ai.match import main, wilson
from engine.selfplay import DECKS_DIR
from tests.bench_scripts import bench_script


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.8 < lo < 0.9


def test_match_json(capsys: pytest.CaptureFixture) -> None:
    a, b = DECKS_DIR / "white-weenie.txt", DECKS_DIR / "red-burn.txt"
    assert main([str(a), str(b), "--games", "2", "--ai", "easy", "--vs", "random", "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["wins"] + out["losses"] + out["draws"] == 2
    assert 0.0 <= out["ci95"][0] <= out["win_rate"] <= out["ci95"][1] <= 1.0
    assert out["avg_turns"] > 1 and out["ai_decision_ms"]["mean"] >= 0


def test_match_text(capsys: pytest.CaptureFixture) -> None:
    a = DECKS_DIR / "green-ramp.txt"
    assert main([str(a), str(a), "--games", "1", "--ai", "heuristic", "--vs", "fast", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "average game length" in out and "average decision time" in out


def test_bad_deck_files_are_refused(tmp_path, capsys: pytest.CaptureFixture) -> None:
    good = DECKS_DIR / "red-burn.txt"
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("4 Not A Real Card\n20 Mountain\n")
    assert main([str(unknown), str(good), "--games", "1"]) == 2
    assert "Not A Real Card" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.txt"), str(good), "--games", "1"]) == 2
    assert "missing.txt" in capsys.readouterr().err


def test_match_plays_decks_of_cards_from_a_cards_file(tmp_path, capsys: pytest.CaptureFixture) -> None:
    m21 = Path(__file__).resolve().parents[2].parent / "shared" / "cards" / "mtgjson" / "M21.json"
    if not m21.is_file():
        pytest.skip(f"{m21} not found")
    deck = tmp_path / "m21.txt"
    deck.write_text("24 Swamp\n" + "".join(f"4 {n}\n" for n in (
        "Eliminate", "Blood Glutton", "Fetid Imp", "Deathbloom Thallid", "Liliana's Steward", "Goremand",
        "Finishing Blow", "Bad Deal", "Grim Tutor")), encoding="utf-8")
    empty_db = tmp_path / "empty.sqlite"
    CardDatabase(empty_db).close()
    args = [str(deck), str(deck), "--games", "2", "--ai", "easy", "--vs", "random", "--jobs", "1", "--json",
            "--db", str(empty_db)]
    assert main([*args, "--cards", str(m21)]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main(args) == 2           # the database alone doesn't know them
    assert "Eliminate" in capsys.readouterr().err


COMMANDER_DECKS = Path(__file__).resolve().parents[2] / "assets" / "decks" / "commander"


@pytest.mark.rules("903.8")
def test_match_plays_commander_games(capsys: pytest.CaptureFixture) -> None:
    a, b = COMMANDER_DECKS / "subira-mono-red.txt", COMMANDER_DECKS / "kalitas-mono-black.txt"
    assert main([str(a), str(b), "--variant", "commander", "--games", "2", "--ai", "easy", "--vs", "easy",
                 "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["wins"] + out["losses"] == 2


@pytest.mark.rules("903.5a", "903.3")
def test_match_refuses_a_deck_that_is_no_commander_deck(capsys: pytest.CaptureFixture) -> None:
    good = COMMANDER_DECKS / "subira-mono-red.txt"
    assert main([str(DECKS_DIR / "red-burn.txt"), str(good), "--variant", "commander", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "not a legal Commander deck" in err and "needs a commander (903.3)" in err


def test_level_table_reads_both_ways_and_checks_each_step() -> None:
    bench = bench_script("ai")

    def fig(rate: float, lo: float, hi: float) -> dict:
        return {"win_rate": rate, "ci95": [lo, hi], "games": 40}
    played = {("easy", "random"): fig(0.95, 0.83, 0.99), ("medium", "easy"): fig(0.64, 0.53, 0.73),
              ("hard", "medium"): fig(0.66, 0.59, 0.72), ("hard", "random"): fig(1.0, 0.9, 1.0)}
    levels = bench.level_table(played)
    assert levels["table"]["random"]["hard"] == {"win_rate": 0.0, "ci95": [0.0, 0.1], "games": 40}
    assert levels["table"]["medium"]["easy"]["win_rate"] == 0.64
    assert levels["each_beats_the_one_below"]
    played["medium", "easy"] = fig(0.6, 0.45, 0.73)      # not shown to be stronger: the interval holds 50%
    assert not bench.level_table(played)["each_beats_the_one_below"]
    del played["medium", "easy"]                          # not measured at all
    assert not bench.level_table(played)["each_beats_the_one_below"]


def test_a_range_of_bench_games_is_those_games_of_the_whole_run() -> None:
    """`--first-game`: games N to N + count - 1 get the seats and decks they have in a run from game 0, so that a
    paired measure can be split into ranges."""
    bench = bench_script("ai")
    whole = bench.pairings(6, 40)
    assert bench.pairings(6, 15, first=25) == whole[25:]
    assert [g for g, _, _ in bench.pairings(6, 3, first=7)] == [7, 8, 9]


def test_speed_pairs_sums_up_the_ratios_of_the_pairs() -> None:
    """bench/speed_pairs.py: the median, the mean with its 95% interval, the range and the pairs below the mark."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("speed_pairs", Path(__file__).resolve().parents[2] / "bench"
                                                  / "speed_pairs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = module.summary([1.9, 2.1, 2.2, 2.2], 2.0)
    assert out["median"] == 2.15 and out["mean"] == 2.1 and out["range"] == [1.9, 2.2] and out["pairs_below"] == 1
    assert out["ci95"][0] < 2.1 < out["ci95"][1] and round(sum(out["ci95"]) / 2, 3) == 2.1


def test_the_speed_games_are_timed_with_the_decks_cards_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    """`heuristic_games_per_s` is a game's speed: the decks' cards are compiled before the clock starts (`compile_s`),
    none of them while the games are played."""
    import engine.core.cards as cards
    from tests.decklists import read_deck_names
    bench = bench_script("ai")
    monkeypatch.setattr(cards, "_DEFINITIONS", {})     # nothing compiled yet in this process
    monkeypatch.setattr(cards, "_BY_RECORD", {})
    compiled: list[str] = []
    compiler = cards._compiler
    monkeypatch.setattr(cards, "_compiler", lambda record: (compiled.append(record["name"]), compiler(record))[1])
    at_first_game: list[int] = []
    play_one = bench.play_one
    monkeypatch.setattr(bench, "play_one", lambda spec, g: (at_first_game.append(len(compiled)), play_one(spec, g))[1])
    decks = [read_deck_names(DECKS_DIR / n) for n in ("red-burn.txt", "green-ramp.txt")]
    figures = bench.speed_figures(decks, 1)
    assert figures["games"] == 1 and figures["compile_s"] > 0
    names = {n for d in decks for n in d}
    assert names <= set(compiled[:at_first_game[0]])
    assert not names & set(compiled[at_first_game[0]:])


@pytest.mark.rules("903.2", "806.1")
def test_match_plays_four_player_commander_games(capsys: pytest.CaptureFixture) -> None:
    decks = [str(COMMANDER_DECKS / n) for n in ("rin-and-seri-naya.txt", "kalitas-mono-black.txt",
                                                 "subira-mono-red.txt", "niambi-wu-fliers.txt")]
    assert main([*decks, "--players", "4", "--variant", "commander", "--games", "1", "--ai", "easy", "--vs", "easy",
                 "--jobs", "1", "--turn-limit", "24", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and out["players"] == 4


def test_the_card_use_bench_counts_card_turns_offered_and_used(tmp_path, monkeypatch, capsys) -> None:
    """bench/card_use.py: each card's turns with a cast or a non-mana activation legal for the medium player, and those
    it took; the kinds add up its cards, none used more often than offered; bad counts are refused."""
    bench = bench_script("card_use")
    monkeypatch.setattr("sys.argv", ["card_use.py", "--games", "0"])
    with pytest.raises(SystemExit):
        bench.main()
    assert "--games and --jobs: at least 1" in capsys.readouterr().err
    out = tmp_path / "use.json"
    monkeypatch.setattr("sys.argv", ["card_use.py", "--source", "starter", "--games", "2", "--jobs", "1",
                                     "--json", str(out)])
    bench.main()
    assert "2 games (seeds 0-1), 0 errors" in capsys.readouterr().out
    figures = json.loads(out.read_text())
    cards = figures["cards"]
    assert all(0 <= used <= offered for offered, used in cards.values())
    for kind, f in figures["kinds"].items():
        mine = {k: v for k, v in cards.items() if k.endswith("|" + kind)}
        assert f["cards_offered"] == len(mine) and f["card_turns_offered"] == sum(o for o, _ in mine.values())
        assert f["cards_never_used"] == sum(1 for _, u in mine.values() if not u)
    spells = figures["kinds"]["creature spell"]
    assert spells["card_turns_used"] > 0 and spells["card_turns_offered"] >= spells["card_turns_used"]


def test_the_target_reading_bench_counts_the_targets_whose_effect_is_unknown(extra_cards) -> None:
    """bench/target_reading.py: Shock's target is harmed, Giant Growth's helped, "tap or untap" is read by its target;
    a test card's "target land becomes the basic land type of your choice" is unknown, listed by its effect class."""
    extra_cards({"name": "Test Shift", "manaCost": "{U}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                 "supertypes": [], "colors": ["U"],
                 "text": "Target land becomes the basic land type of your choice until end of turn."},
                {"name": "Test Toggle", "manaCost": "{U}", "type": "Instant", "types": ["Instant"], "subtypes": [],
                 "supertypes": [], "colors": ["U"], "text": "You may tap or untap target creature."})
    out = bench_script("target_reading").reading(["Shock", "Giant Growth", "Test Shift", "Test Toggle"])
    assert (out["cards"], out["targets"], out["unknown"]) == (4, 4, 1) and out["read"] == 0.75
    assert [(row["effects"], row["example"]) for row in out["unknown_by_effect"]] == [("BecomeChosenType", "Test Shift")]
