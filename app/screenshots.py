"""Pictures of the app for the README (`python -m app --screenshot DIR`) and the launch measurement of
bench/table.py (`python -m app --quit-when-playable`). The games are real: played by the engine's AI, or
(the stack picture) a puzzle of assets/puzzles/ answered move by move with the engine's legal actions."""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QSettings
from PySide6.QtWidgets import QApplication

from app.decks import COMMANDER_DECKS, load_commander_deck, load_deck, sample_decks
from app.paths import ASSETS
from app.main_window import MainWindow
from app.settings import Settings
from app.worker import PERSON, GameConfig

SIZE = (1280, 720)  # the smallest screen the table is laid out for
MIN_SIZE = (640, 480)
FADE_S = 1.3  # a floating number's rise and fade (board_items.FloatingNumber), and a little more
SHOT_DECKS = ("Red Burn", "Green Ramp")


def _wait(condition, timeout_ms: int = 30000) -> bool:  # noqa: ANN001 - a callable returning bool
    timer = QElapsedTimer()
    timer.start()
    app = QApplication.instance()
    while not condition():
        if timer.elapsed() > timeout_ms:
            return False
        app.processEvents()
        time.sleep(0.005)
    return True


def _config(opponent: str, enforce: bool, seed: int, wanted: tuple[str, str] = SHOT_DECKS) -> GameConfig:
    decks = sample_decks()
    titles = [t if t in decks else next(iter(decks)) for t in wanted]
    names = ["Alice", "Bob" if opponent == "hotseat" else "AI"]
    return GameConfig(decks=[load_deck(decks[t]) for t in titles], names=names, deck_titles=titles,
                      opponent=opponent, enforce=enforce, starting_player=0, seed=seed)


def _commander_config(seed: int) -> GameConfig:
    """A Commander game (903) of two sample Commander decks against the AI."""
    decks = sample_decks(COMMANDER_DECKS)
    titles = list(decks)[:2]
    loaded = [load_commander_deck(decks[t]) for t in titles]
    return GameConfig(decks=[d for d, _ in loaded], names=["Alice", "AI"], deck_titles=titles, opponent="ai",
                      enforce=True, starting_player=0, seed=seed, commanders=[c for _, c in loaded])


def _multiplayer_config(seats: list[str], seed: int, commander: bool) -> GameConfig:
    """A game of three to six players (800.1): Alice and then the seats' people and AIs, with the sample
    Commander decks (903) or the sample decks, each deck used in turn."""
    decks = sample_decks(COMMANDER_DECKS) if commander else sample_decks()
    titles = [list(decks)[i % len(decks)] for i in range(len(seats))]
    names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"][:len(seats)]
    names = [name if kind == PERSON else f"{name} (AI)" for name, kind in zip(names, seats)]
    if commander:
        loaded = [load_commander_deck(decks[t]) for t in titles]
        return GameConfig(decks=[d for d, _ in loaded], names=names, deck_titles=titles, enforce=True,
                          starting_player=0, seed=seed, commanders=[c for _, c in loaded], seats=seats)
    return GameConfig(decks=[load_deck(decks[t]) for t in titles], names=names, deck_titles=titles, enforce=True,
                      starting_player=0, seed=seed, seats=seats)


def parse_size(text: str) -> tuple[int, int]:
    """`WxH` (e.g. 1280x720) as a window size; ValueError with the reason otherwise."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise ValueError(f"{text!r} is not a size like 1280x720")
    size = int(width), int(height)
    if size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]:
        raise ValueError(f"{text} is smaller than {MIN_SIZE[0]}x{MIN_SIZE[1]}")
    return size


@contextmanager
def _scratch_data(folder: Path) -> Iterator[None]:
    """The user's data folder (autosaves, the session marker, the card database) moved into `folder` for
    the time of the pictures: their games are not the user's, and a user's unfinished game is not offered."""
    saved = {key: os.environ.get(key) for key in ("XDG_DATA_HOME", "MANATABLE_DATA_DIR")}
    os.environ["XDG_DATA_HOME"] = str(folder / "data")  # QStandardPaths on Linux (app.paths)
    os.environ["MANATABLE_DATA_DIR"] = str(folder / "data" / "ManaTable")  # cardsdb.paths, everywhere
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _window(folder: Path, size: tuple[int, int] = SIZE) -> MainWindow:
    """The window with its settings, autosave, session marker and bug reports in the scratch `folder`:
    a screenshot run leaves nothing in the user's data folder and offers nothing back next start."""
    settings = Settings(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    settings.ai_pace_ms = 0
    window = MainWindow(settings=settings, recovery_folder=folder)
    window.resize(*size)
    window.show()
    return window


def _human_to_act(window: MainWindow) -> bool:
    c = window.controller
    d = c.decision
    return not c.busy and (c.snapshot.get("game_over") or (d is not None and d["player"] in c.humans))


def _settle_and_grab(window: MainWindow, path: Path, settle_s: float = 0.4) -> None:
    """The window's picture once the last slides have ended (`settle_s`: long enough for the life changes
    floating over the panels to fade too, where a picture would show several)."""
    deadline = time.monotonic() + settle_s
    while time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    for _ in range(3):  # paint, let every queued picture arrive, paint again
        window.repaint()
        window.images.wait()
        QApplication.processEvents()
    window.grab().save(str(path))


def _game(window: MainWindow, config: GameConfig, turns: int) -> None:
    window.start_game(config)
    if not _wait(lambda: window.controller.config is not None and _human_to_act(window)):
        raise RuntimeError("the game did not start")
    window.controller.host.autoplay.emit(turns)
    if not _wait(lambda: window.controller.snapshot.get("turn", 0) >= turns or
                 window.controller.snapshot.get("game_over")):
        raise RuntimeError("the game did not reach the turn asked for")
    _wait(lambda: _human_to_act(window))


STACK_PUZZLE = ASSETS / "puzzles" / "kavu-meets-bolt.toml"
PICTURES = ("main-window", "game", "hand-over", "sandbox", "stack", "commander", "multiplayer", "six-players")  # the deck editor's: python -m app.deck_editor


def _answer(window: MainWindow, player: int, wanted) -> None:  # noqa: ANN001 - a predicate on an action
    """Waits for `player`'s decision, then sends the first legal action `wanted` accepts."""
    c = window.controller
    if not _wait(lambda: not c.busy and c.decision is not None and c.decision["player"] == player):
        raise RuntimeError(f"player {player} was not asked to decide")
    action = next(a for a in c.decision["actions"] if wanted(a))
    c.busy = True
    c.host.submit.emit(action, c.game_id)


def _named(window: MainWindow, name: str) -> int:
    snap = window.controller.snapshot
    cards = snap["battlefield"] + [o for p in snap["players"] for o in p["hand"]]
    return next(o["id"] for o in cards if o.get("name") == name)


def _stack_game(window: MainWindow) -> None:
    """The puzzle's first moves: A casts Flametongue Kavu (B lets it resolve), its trigger targets Serra
    Angel, and B answers with Lightning Bolt at the Kavu; A is to respond, the Bolt's arrow drawn."""
    window.settings.open_hands = True
    window.start_game(GameConfig(decks=[[], []], names=["A", "B"], deck_titles=["", ""], opponent="hotseat",
                                 enforce=True, seed=0, puzzle=str(STACK_PUZZLE)))
    if not _wait(lambda: window.controller.config is not None and window.controller.config.puzzle is not None
                 and _human_to_act(window)):
        raise RuntimeError("the puzzle did not start")

    def cast(name: str, target: str | None = None):  # noqa: ANN202 - a predicate on an action
        card = _named(window, name)
        targets = (_named(window, target),) if target else ()
        return lambda a: type(a).__name__ == "CastSpell" and a.card == card and tuple(a.targets) == targets
    _answer(window, 0, cast("Flametongue Kavu"))
    _answer(window, 1, lambda a: type(a).__name__ == "PassPriority")
    _wait(lambda: not window.controller.busy)
    angel = _named(window, "Serra Angel")
    _answer(window, 0, lambda a: type(a).__name__ == "Choose" and tuple(a.choice) == (angel,))
    _wait(lambda: not window.controller.busy)
    _answer(window, 1, cast("Lightning Bolt", "Flametongue Kavu"))
    _wait(lambda: _human_to_act(window) and len(window.stack_panel.rows) == 2)
    window.stack_panel._draw_arrows(window.stack_panel.rows[0])  # as when the mouse is over the Bolt's row


def take_screenshots(folder: Path, size: tuple[int, int] = SIZE) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, _scratch_data(Path(scratch)):
        window = _window(Path(scratch), size)
        _settle_and_grab(window, folder / "main-window.png")

        _game(window, _config("ai", True, seed=1, wanted=("White Weenie", "Green Ramp")), turns=7)
        window.log_dock.show()
        _settle_and_grab(window, folder / "game.png")

        _game(window, _config("hotseat", True, seed=5), turns=5)
        window.controller.show_handover()
        _settle_and_grab(window, folder / "hand-over.png")
        window.table_page.handover.hide()
        window.controller.reveal()

        window.settings.open_hands = True  # the sandbox picture shows the table, not a hand-over
        _game(window, _config("hotseat", False, seed=4), turns=6)
        controller = window.controller
        controller.sandbox_action("SandboxToken", name="Soldier Token", power=1, toughness=1, colors="W",
                                  types="Creature — Soldier")
        _wait(lambda: not controller.busy)
        controller.sandbox_action("SandboxDraw", count=2)
        _wait(lambda: not controller.busy)
        mine = [o for o in controller.snapshot["battlefield"] if o["controller"] == controller.seat]
        token = next(o for o in mine if o["token"])
        controller.sandbox_action("SandboxCounters", card=token["id"], kind="+1/+1", delta=2)
        _wait(lambda: not controller.busy)
        land = next(o for o in mine if "Land" in o["types"])
        controller.sandbox_action("SandboxTap", card=land["id"], tapped=True)
        _wait(lambda: not controller.busy)
        _settle_and_grab(window, folder / "sandbox.png")

        _stack_game(window)
        _settle_and_grab(window, folder / "stack.png")

        window.settings.open_hands = False
        _game(window, _commander_config(seed=2), turns=9)
        _settle_and_grab(window, folder / "commander.png")

        # seed 5: by turn 25 Subira has dealt commander damage to Alice and Bob (903.10a), shown on the table
        _game(window, _multiplayer_config([PERSON, "medium", "easy", "hard"], seed=5, commander=True), turns=25)
        _settle_and_grab(window, folder / "multiplayer.png", settle_s=FADE_S)

        window.settings.open_hands = True  # the table, not a hand-over: each person's hand in turn at the bottom
        _game(window, _multiplayer_config([PERSON, "easy", PERSON, "medium", "easy", "easy"], seed=3,
                                          commander=False), turns=19)
        _settle_and_grab(window, folder / "six-players.png", settle_s=FADE_S)
        window.close()
    for name in PICTURES:
        print(folder / f"{name}.png")
    return 0


def launch_until_playable() -> int:
    """Opens the window, starts a game against the AI, and exits once the human can act."""
    with tempfile.TemporaryDirectory() as scratch, _scratch_data(Path(scratch)):
        window = _window(Path(scratch))
        window.start_game(_config("ai", True, seed=1))
        ok = _wait(lambda: window.controller.config is not None and _human_to_act(window), 60000)
        window.repaint()
        window.close()
    if not ok:
        print("the table did not become playable", file=sys.stderr)
        return 1
    return 0
