"""The sample Commander decks in assets/decks/commander/: each is a legal Commander deck of the bundled cards
(the starter pool and the sets bundled with the app, as a user's database holds them on first start: 100
cards with its commander, singleton but for basic lands, inside its commander's color identity), the engine
reads all of their text, and a Commander game between them plays to its end with AI players."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsdb.database import CardDatabase
from cardsdb.decks import read_deck_file
from cardsdb.paths import BUNDLED_POOL, BUNDLED_SETS
from cardsdb.source import FileSource
from cardsdb.validation import check_commander_deck, check_deck

ROOT = Path(__file__).resolve().parent.parent
COMMANDER_DECKS = ROOT / "assets" / "decks" / "commander"
EXPECTED = {"kalitas-mono-black.txt": "Kalitas, Traitor of Ghet", "niambi-wu-fliers.txt": "Niambi, Esteemed Speaker",
            "rin-and-seri-naya.txt": "Rin and Seri, Inseparable", "subira-mono-red.txt": "Subira, Tulzidi Caravanner"}


class BundledCards:
    """The bundled cards by name, as the engine's card source gives them."""

    def __init__(self) -> None:
        self.pool = {c["name"]: c for c in json.loads(BUNDLED_POOL.read_text(encoding="utf-8"))["data"]["cards"]}
        self.sets = [FileSource(p) for p in BUNDLED_SETS]

    def card_record(self, name: str) -> dict | None:
        return self.pool.get(name) or next((r for s in self.sets if (r := s.card_record(name))), None)


@pytest.fixture(scope="module")
def bundled() -> BundledCards:
    return BundledCards()


def deck_paths() -> list[Path]:
    return sorted(COMMANDER_DECKS.glob("*.txt"))


def test_the_four_sample_commander_decks_exist() -> None:
    assert {p.name: read_deck_file(p).deck.commander[0].name for p in deck_paths()} == EXPECTED


@pytest.mark.rules("903.3", "903.4", "903.5a", "903.5b", "903.5c")
@pytest.mark.parametrize("path", deck_paths(), ids=lambda p: p.name)
def test_a_sample_commander_deck_is_legal(path: Path, bundled: BundledCards) -> None:
    deck = read_deck_file(path).deck
    assert deck.count("main") + deck.count("commander") == 100
    check = check_commander_deck(deck, bundled.card_record)
    assert [p.message for p in check.problems] == []


@pytest.mark.rules("903.5c")
def test_the_sample_decks_pass_the_database_check_too(tmp_path: Path) -> None:
    """The deck editor's check (the user's database, with the bundled sets) finds them legal as well."""
    with CardDatabase.open_default(tmp_path / "cards.sqlite") as db:
        for path in deck_paths():
            check = check_deck(read_deck_file(path).deck, db, "commander")
            assert [p.message for p in check.problems if p.rule] == [], path.name


@pytest.mark.parametrize("path", deck_paths(), ids=lambda p: p.name)
def test_the_engine_reads_every_card_of_a_sample_commander_deck(path: Path, bundled: BundledCards) -> None:
    import engine  # noqa: F401 - installs the compiler
    from engine.core.cards import definition

    deck = read_deck_file(path).deck
    names = {e.name for s in ("commander", "main") for e in deck.section(s)}
    assert {n: definition(bundled.card_record(n)).unsupported for n in names
            if definition(bundled.card_record(n)).unsupported} == {}


@pytest.mark.rules("903.1", "903.8", "104.2a")
@pytest.mark.parametrize("index", range(4))
def test_a_commander_game_with_the_sample_decks_plays_to_its_end(index: int, bundled: BundledCards) -> None:
    from engine.ai import make_player
    from engine.core.cards import RecordSource
    from engine.game import Game

    paths = deck_paths()
    decks = [read_deck_file(paths[index]).deck, read_deck_file(paths[(index + 1) % len(paths)]).deck]
    names = [d.main_card_names() for d in decks]
    commanders = [[e.name for e in d.commander] for d in decks]
    records = [bundled.card_record(n) for n in {*names[0], *names[1], *commanders[0], *commanders[1]}]
    game = Game.new(names, seed=index, source=RecordSource(records), commanders=commanders)
    players = [make_player("easy", index * 2 + p, deck=names[p]) for p in (0, 1)]
    while not game.is_over and game.state.turn <= 100:
        game.apply(players[game.pending.player].choose(game))
    assert game.is_over and len(game.winners) == 1
    assert sum(game.state.commander.casts.values()) >= 2      # both AIs cast their commanders
