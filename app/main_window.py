"""The main window: start page (new game, load, puzzles, deck editor, settings) and the table with its
prompt bar, game log dock, hand-over and game-over screens, menus and the players' keyboard shortcuts."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QByteArray, QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QCloseEvent, QColor, QKeySequence, QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (QDockWidget, QLabel, QMainWindow, QPushButton,
                               QStackedWidget, QVBoxLayout, QWidget)

from app import crash_recovery
from app.controller import GameController
from app.deck_editor import DeckEditorHandle
from app.dialogs import DEFAULT_AI_LEVEL, NewGameDialog, SettingsDialog, TokenDialog, ZoneBrowser
from app.game_log import GameLog, LogEntry, is_player, log_entries, note
from app.downloads import DownloadTargets, start_card_data_download, start_image_download
from app.imagecache import CardImages
from app.modal import SAVE_DISCARD_CANCEL, Button, ask, choose_file, inform, run_modal
from app.paths import ASSETS, cache_dir, data_dir, with_json_suffix
from app.prompt_bar import PromptBar
from app.recent_games import RecentGames
from app.stack_panel import StackPanel
from app.savefile import SaveError, read_save_file, saved_log, saved_table
from app.settings import Settings
from app.sounds import SoundBoard
from app.steps import PassMode
from app.table.scene import TableScene
from app.table.view import TableView
from app.window_size import fitted
from app.wording import objective, possessive
from app.worker import MAX_SEATS, MIN_SEATS, PERSON, EngineHost, EngineWorker, GameConfig
from cardsdb.paths import default_db_path
from engine.scenario import Malformed
from engine.scenario.reading import read_file

SHORTCUTS = """Playing
  Space	pass priority
  F4	pass until the end of the turn
  F6	pass until your next turn
  F8	pass until something happens (a spell, an ability, an attack)
  F3	stop passing
  Ctrl+Z	take back your actions to your last decision
  Ctrl+Shift+R	roll back to the start of this turn
  Enter	OK (attack, block, confirm a choice)
  B	band the attackers clicked last (banding)
  C	put your companion into your hand ({3})
  Esc	cancel
  Ctrl+H	hide both hands (pass-and-play)
  Ctrl+L	game log

Sandbox
  Ctrl+D	draw a card
  Ctrl+S	shuffle your library
  Ctrl+U	untap all
  Ctrl+M	mulligan
  Ctrl+T	create a token
  F11 / F12	lose / gain 1 life
  Ctrl+Space	next step
  Ctrl+Enter	next turn
  Ctrl+Z / Ctrl+Shift+Z	undo / redo
  double-click	tap or untap; right-click for more

Game
  Ctrl+N new game, Ctrl+O load, Ctrl+Shift+S save"""
LOG_WIDTH = 270
STACK_HEIGHT = 170  # two rows; it scrolls
PREFERRED_SIZE = QSize(1400, 900)  # the first time, within the screen; then as the player left it
GEOMETRY_KEY, STATE_KEY = "window/geometry", "window/state"


class Overlay(QWidget):
    """A dimmed layer over the table with a message (hand-over screen) or a result and buttons (game over)."""

    clicked = Signal()

    def __init__(self, parent: QWidget, opacity: int) -> None:
        super().__init__(parent)
        self._opacity = opacity
        self.layout_ = QVBoxLayout(self)
        self.layout_.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel("")
        self.title.setStyleSheet("color: #f5e6b8; font-size: 34px; font-weight: bold;")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.text = QLabel("")
        self.text.setStyleSheet("color: #e8e4d8; font-size: 18px;")
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.layout_.addWidget(self.title)
        self.layout_.addWidget(self.text)
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(8, 14, 10, self._opacity))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.clicked.emit()
        event.accept()


class StartPage(QWidget):
    def __init__(self, window: "MainWindow") -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setStyleSheet("StartPage { background: #16261d; } QLabel { color: #f5e6b8; }"
                           "QPushButton { font-size: 18px; padding: 10px 40px; min-width: 260px; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        title = QLabel("ManaTable")
        title.setStyleSheet("font-size: 54px; font-weight: bold;")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        subtitle = QLabel("Magic: The Gathering on your own table — against the AI or a friend")
        subtitle.setStyleSheet("font-size: 16px; color: #d8d2c0;")
        subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(title)
        layout.addWidget(subtitle)
        layout.addSpacing(30)
        self.buttons: dict[str, QPushButton] = {}
        for label, slot in (("New game", window.new_game), ("Load game", window.load_game),
                            ("Puzzles", window.open_puzzle), ("Deck editor", window.deck_editor),
                            ("Settings", window.open_settings), ("Quit", window.close)):
            button = QPushButton(label)
            button.clicked.connect(slot)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
            self.buttons[label] = button


class TablePage(QWidget):
    def __init__(self, view: TableView, prompt: PromptBar) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(view, 1)
        layout.addWidget(prompt)
        self.view = view
        self.handover = Overlay(self, 225)
        self.game_over = Overlay(self, 190)
        self.rematch_button = QPushButton("Rematch")
        self.menu_button = QPushButton("Main menu")
        for b in (self.rematch_button, self.menu_button):
            b.setStyleSheet("font-size: 18px; padding: 10px 30px;")
            self.game_over.layout_.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        for overlay in (self.handover, self.game_over):
            overlay.setGeometry(self.view.geometry())


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, worker: EngineWorker | None = None,
                 card_cache: Path | None = None, recovery_folder: Path | None = None) -> None:
        """`recovery_folder`: where the autosave, the session marker and bug reports go (default: the
        user's data folder; the screenshot and launch runs give a throwaway one)."""
        super().__init__()
        self.setWindowTitle("ManaTable")
        self.settings = settings or Settings()
        self.images = CardImages(card_cache if card_cache is not None else cache_dir() / "cards",
                                 self.settings.card_image_dir, parent=self)
        self.scene = TableScene(self.images, self)
        self.scene.animations = self.settings.animations
        self.sounds = SoundBoard(self.settings.sounds, parent=self)
        self.view = TableView(self.scene)
        self.prompt = PromptBar()
        self.host = EngineHost(worker, self)
        self.controller = GameController(self.scene, self.prompt, self.settings, self.host, self)
        self.start_page = StartPage(self)
        self.table_page = TablePage(self.view, self.prompt)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.start_page)
        self.pages.addWidget(self.table_page)
        self.setCentralWidget(self.pages)
        self.log = GameLog(self.settings.qsettings)
        self.log.hovered.connect(self.view.show_preview)
        self.log_dock = QDockWidget("Game log", self)
        self.log_dock.setObjectName("GameLog")
        self.log_dock.setWidget(self.log)
        self.stack_panel = StackPanel(self.scene, self.images)
        self.stack_panel.hovered.connect(self.view.show_preview)
        self.stack_dock = QDockWidget("Stack", self)
        self.stack_dock.setObjectName("Stack")
        self.stack_dock.setWidget(self.stack_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.stack_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.splitDockWidget(self.stack_dock, self.log_dock, Qt.Orientation.Vertical)  # the stack above the log
        self.log_dock.hide()
        self.stack_dock.hide()
        self.last_config: GameConfig | None = None
        self._loaded_log: list[LogEntry] = []  # a loaded save's log, shown once the engine has the game
        self._loaded_places: dict[str, tuple[float, float]] = {}  # and where its sandbox cards were put
        self._loading: Path | None = None  # the save being loaded, listed as recent once it is the game
        self._saving: dict | None = None  # the game as it stood when a save was asked for
        self._saved_snapshot: dict | None = None  # and as it stood when the last save was asked for
        self.recent = RecentGames(self.settings.qsettings)
        self.deck_editors = DeckEditorHandle(self, qsettings=self.settings.qsettings, images=self.images)
        self._build_menus()
        c = self.controller
        c.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        c.failed.connect(self._on_failed)
        c.logged.connect(self._on_logged)
        c.started.connect(self._on_started)
        c.ended.connect(self._on_ended)
        c.handover.connect(self._on_handover)
        c.shown.connect(self._update_actions)  # e.g. whether a take-back is possible now
        self.host.worker.saved.connect(self._on_saved)
        # Every snapshot, after the controller has drawn it on the table (methods of this window: queued to
        # the GUI thread, as a lambda would not be; undecorated, as the answers' first arguments differ).
        self.host.worker.started.connect(self._on_started_snapshot)
        for signal in (self.host.worker.accepted, self.host.worker.refused):
            signal.connect(self._on_answer)
        self.table_page.handover.clicked.connect(self._on_handover_clicked)
        self.table_page.rematch_button.clicked.connect(self.rematch)
        self.table_page.menu_button.clicked.connect(self.show_start)
        self.scene.pile_clicked.connect(self._browse_zone)
        self._restore_geometry()
        self.statusBar().showMessage("Welcome to ManaTable.")
        # Engine faults are reported and rolled back; the game is autosaved each turn and offered back
        # after a run that did not close normally.
        self.recovery_folder = recovery_folder if recovery_folder is not None else crash_recovery.folder()
        self.host.worker.recovery_dir = self.recovery_folder
        self.host.worker.fault.connect(self._on_failed)
        autosave = crash_recovery.begin_session(self.recovery_folder)
        if autosave is not None:
            QTimer.singleShot(0, lambda: self.offer_autosave(autosave))

    def offer_autosave(self, path: Path) -> None:
        if ask(self, "ManaTable", "ManaTable did not close normally last time. Resume "
                                  "the game it saved automatically during its last turn?") == Button.Yes:
            self.load_game_file(path)

    # -- menus and shortcuts ----------------------------------------------------------------------
    def _action(self, menu, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None,  # noqa: ANN001
                context: Qt.ShortcutContext = Qt.ShortcutContext.WindowShortcut) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(context)
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        game = bar.addMenu("&Game")
        self._action(game, "&New game…", self.new_game, QKeySequence.StandardKey.New)
        self._action(game, "&Load game…", self.load_game, QKeySequence.StandardKey.Open)
        self.recent_menu = game.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.save_action = self._action(game, "&Save game…", self.save_game, "Ctrl+Shift+S")
        self._action(game, "&Puzzles…", self.open_puzzle)
        self.rematch_action = self._action(game, "&Rematch", self.rematch)
        game.addSeparator()
        self.concede_action = self._action(game, "&Concede", self.concede)
        self._action(game, "&Main menu", self.show_start)
        self._action(game, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        play = bar.addMenu("&Play")
        play.setToolTipsVisible(True)  # a take-back that is not possible says why
        self.pass_action = self._action(play, "&Pass priority", self.controller.pass_priority, "Space")
        pass_until = self.controller.pass_until
        self.pass_until_actions = [
            self._action(play, "Pass until the &end of the turn", lambda: pass_until(PassMode.END_OF_TURN), "F4"),
            self._action(play, "Pass until your &next turn", lambda: pass_until(PassMode.NEXT_TURN), "F6"),
            self._action(play, "Pass until something &happens", lambda: pass_until(PassMode.SOMETHING_HAPPENS),
                         "F8"),
            self._action(play, "&Stop passing", self.controller.stop_passing, "F3"),
        ]
        self._action(play, "&OK", self.controller.ok, "Return")
        self._action(play, "&Cancel", self.controller.cancel, "Escape")
        # 508.1e, 702.22c and 116.2g: enabled only while the engine lists a band or the companion's special action
        self.band_action = self._action(play, "&Band the attackers clicked last", self.controller.band_attackers, "B")
        self.companion_action = self._action(play, "Put your c&ompanion into your hand ({3})",
                                             self.controller.put_companion_into_hand, "C")
        play.addSeparator()
        self.take_back_action = self._action(play, "&Take back", self.controller.take_back,
                                             QKeySequence.StandardKey.Undo)
        self.roll_back_action = self._action(play, "&Roll back to the start of the turn",
                                             self.controller.roll_back_turn, "Ctrl+Shift+R")
        edit = bar.addMenu("&Edit")
        self.undo_action = self.controller.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.controller.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        for a in (self.undo_action, self.redo_action):
            edit.addAction(a)
            self.addAction(a)
        sandbox = bar.addMenu("&Sandbox")
        sb = self.controller.sandbox_action
        # The tools a player also uses to carry out a card's text by hand in a rules game (app.by_hand).
        self.hand_tools = [
            self._action(sandbox, "&Draw a card", lambda: sb("SandboxDraw", count=1), "Ctrl+D"),
            self._action(sandbox, "&Shuffle library", lambda: sb("SandboxShuffle"), "Ctrl+S"),
            self._action(sandbox, "&Untap all", lambda: sb("SandboxUntapAll"), "Ctrl+U"),
            self._action(sandbox, "Create &token…", self.create_token, "Ctrl+T"),
            self._action(sandbox, "Lose 1 life", lambda: sb("SandboxLife", target=self.controller.seat, delta=-1),
                         "F11"),
            self._action(sandbox, "Gain 1 life", lambda: sb("SandboxLife", target=self.controller.seat, delta=1),
                         "F12"),
        ]
        self.sandbox_actions = self.hand_tools + [
            self._action(sandbox, "&Mulligan", self.controller.sandbox_mulligan, "Ctrl+M"),
            self._action(sandbox, "Next &step", lambda: sb("SandboxNextStep"), "Ctrl+Space"),
            self._action(sandbox, "Next t&urn", lambda: sb("SandboxNextTurn"), "Ctrl+Return"),
        ]
        decks = bar.addMenu("&Decks")
        self._action(decks, "&Deck editor…", self.deck_editor)
        settings = bar.addMenu("Se&ttings")
        self._action(settings, "&Preferences…", self.open_settings, QKeySequence.StandardKey.Preferences)
        self._action(settings, "Download card &data", self.download_card_data)
        self._action(settings, "Download card &images", self.download_card_images)
        view = bar.addMenu("&View")
        view.addAction(self.stack_dock.toggleViewAction())
        view.addAction(self.log_dock.toggleViewAction())
        self.handover_action = self._action(view, "&Hide hands (hand over)", self.controller.show_handover, "Ctrl+H")
        help_menu = bar.addMenu("&Help")
        self._action(help_menu, "&Keyboard shortcuts", self.show_shortcuts, QKeySequence.StandardKey.HelpContents)
        self.log_dock.toggleViewAction().setShortcut(QKeySequence("Ctrl+L"))
        self._update_actions()

    def _update_actions(self) -> None:
        in_game = self.controller.config is not None and self.pages.currentWidget() is self.table_page
        self.band_action.setEnabled(in_game and self.controller.banding_offered)
        self.companion_action.setEnabled(in_game and self.controller.companion_action() is not None)
        sandbox = in_game and self.controller.sandbox
        for a in self.sandbox_actions:
            a.setEnabled(sandbox)
        if in_game and self.controller.config.by_hand:
            for a in self.hand_tools:
                a.setEnabled(True)  # they act only while a resolution is carried out by hand
        self.undo_action.setVisible(sandbox)
        self.redo_action.setVisible(sandbox)
        for a, whole_turn in ((self.take_back_action, False), (self.roll_back_action, True)):
            a.setVisible(in_game and not sandbox)  # Ctrl+Z is undo in the sandbox
            possible = in_game and self.controller.can_take_back(whole_turn)
            a.setEnabled(possible)
            a.setToolTip("" if possible else self.controller.take_back_blocked())
        for a in self.pass_until_actions:
            a.setEnabled(in_game)
        self.save_action.setEnabled(in_game)
        self.concede_action.setEnabled(in_game)
        self.pass_action.setEnabled(in_game)
        self.rematch_action.setEnabled(self.last_config is not None)
        self.handover_action.setEnabled(in_game and self.controller.hotseat)

    # -- pages ------------------------------------------------------------------------------------
    @Slot()
    def show_start(self) -> None:
        self.table_page.game_over.hide()
        self.table_page.handover.hide()
        self.pages.setCurrentWidget(self.start_page)
        self._update_actions()

    def show_table(self) -> None:
        self.pages.setCurrentWidget(self.table_page)
        hidden = [dock for dock in (self.stack_dock, self.log_dock) if not dock.isVisible()]
        for dock in hidden:
            dock.show()
        if len(hidden) == 2:  # placed afresh; otherwise where the player left the one still shown
            self.resizeDocks([self.log_dock], [LOG_WIDTH], Qt.Orientation.Horizontal)
            self.resizeDocks([self.stack_dock, self.log_dock], [STACK_HEIGHT, 400], Qt.Orientation.Vertical)
        self._update_actions()

    # -- commands ---------------------------------------------------------------------------------
    def game_running(self) -> bool:
        c = self.controller
        return c.config is not None and not c.snapshot.get("game_over")

    def may_leave_game(self, doing: str) -> bool:
        """Before a running game is replaced: ask, offering to save it first, unless it is saved as it
        stands. True to go on."""
        if not self.game_running() or self.controller.snapshot is self._saved_snapshot:
            return True
        answer = ask(self, "ManaTable", f"A game is in progress. Save it before you {doing}?", SAVE_DISCARD_CANCEL,
                     default=Button.Save)
        if answer == Button.Save:
            return self.save_game()
        return answer == Button.Discard

    @Slot()
    def new_game(self) -> None:
        if not self.may_leave_game("start a new one"):
            return
        dialog = NewGameDialog(self, qsettings=self.settings.qsettings)
        if run_modal(dialog) and dialog.config is not None:
            self.start_game(dialog.config)

    def start_game(self, config: GameConfig) -> None:
        self.last_config = config
        self._loaded_log = []
        self._loaded_places = {}
        self._loading = None
        self.log.clear()
        self.table_page.game_over.hide()
        self.table_page.handover.hide()
        self.show_table()
        self.controller.new_game(config)

    @Slot()
    def rematch(self) -> None:
        if self.last_config is None:
            return
        config = self.last_config
        if config.puzzle is None:  # a fresh shuffle; a puzzle starts again exactly as written
            config = replace(config, seed=random.SystemRandom().randrange(2**31))
        self.start_game(config)

    @Slot()
    def load_game(self) -> None:
        if not self.may_leave_game("load another"):
            return
        path, _ = choose_file(self, "Load game", str(data_dir()), "ManaTable games (*.json);;All (*)")
        if path:
            self.load_game_file(Path(path))

    def load_game_file(self, path: Path) -> None:
        try:
            text = read_save_file(path)
        except SaveError as exc:
            self._on_failed(f"This file cannot be loaded: {exc}")
            return
        # the window changes only when the engine has the loaded game (_on_started): a damaged file
        # leaves the game in progress, its log and its table as they were
        kept = [entry for item in saved_log(text) if (entry := LogEntry.from_json(item)) is not None]
        self._loaded_log = kept + [note(f"— Game loaded from {path.name} —")]
        self._loaded_places = saved_table(text)
        self._loading = path
        self.controller.load_game(text)

    def _fill_recent(self) -> None:
        """The menu of recent games, built as it opens so a game saved a moment ago is in it."""
        self.recent_menu.clear()
        paths = self.recent.paths()
        for i, path in enumerate(paths):
            action = self.recent_menu.addAction(f"&{i + 1} {path.name}" if i < 9 else path.name)
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, p=path: self.open_recent(p))
        if not paths:
            self.recent_menu.addAction("(no saved games yet)").setEnabled(False)

    def open_recent(self, path: Path) -> None:
        if not self.may_leave_game("load another"):
            return
        if not path.is_file():
            self.recent.drop(path)
            self._on_failed(f"{path} is not there any more; it is taken off the recent games.")
            return
        self.load_game_file(path)

    def _on_started_snapshot(self, snapshot: dict, config: GameConfig) -> None:
        """(After `_on_started`.) The stack panel; a new game's log opens with the separator of its first
        turn, which the engine began before it answered."""
        self.stack_panel.set_snapshot(snapshot)
        players, active = snapshot.get("players") or [], snapshot.get("active")
        if self.log.count() == 0 and is_player(active) and active < len(players):
            name = str(players[active].get("name", ""))
            self.log.add([LogEntry(f"Turn {snapshot.get('turn', 1)}: {possessive(name)} turn", "turn", active)])

    def _on_answer(self, what: object, snapshot: dict) -> None:
        """The stack panel and the sounds from an answer (`what`: the events, or the reason of a refusal)."""
        self.stack_panel.set_snapshot(snapshot)
        if isinstance(what, list):
            self.sounds.on_events(what, self.controller.humans)

    @Slot(str)
    def _on_saved(self, path: str) -> None:
        self.recent.add(Path(path))
        self._saved_snapshot = self._saving  # any answer of the engine after the save asked for is a change

    @Slot()
    def save_game(self) -> bool:
        """Asks where, then saves the game with its log; False when there is nothing to save or no file chosen."""
        if self.controller.config is None:
            return False
        path, _ = choose_file(self, "Save game", str(data_dir() / "game.json"), "ManaTable games (*.json)", save=True)
        if not path:
            return False
        log = [entry.to_json() for entry in self.log.entries()]
        self._saving = self.controller.snapshot
        self.controller.save_game(str(with_json_suffix(path)), log)
        return True

    @Slot()
    def concede(self) -> None:
        c = self.controller
        if c.config is None or c.snapshot.get("game_over"):
            return
        if ask(self, "Concede", "Concede this game? It counts as a loss (104.3a).", default=Button.No) == Button.Yes:
            c.concede()

    @Slot()
    def show_shortcuts(self) -> None:
        inform(self, "Keyboard shortcuts", SHORTCUTS, warning=False)

    @Slot()
    def open_puzzle(self) -> None:
        if not self.may_leave_game("open a puzzle"):
            return
        path, _ = choose_file(self, "Open a puzzle", str(ASSETS / "puzzles"), "Scenario files (*.toml)")
        if path:
            self.open_puzzle_file(Path(path))

    def open_puzzle_file(self, path: Path) -> None:
        try:  # an ordinary file, bounded in size and nesting, UTF-8 (the worker reads it again the same way)
            data = read_file(path)
        except Malformed as exc:
            self._on_failed(f"{path.name} is not a readable scenario file: {exc}")
            return
        if not isinstance(data.get("name"), str) or not isinstance(data.get("state"), dict):
            self._on_failed(f"{path.name} is not a scenario: it needs a name and a [state] table.")
            return
        names = [str(n) for n in data.get("players", {})] or ["A", "B"]
        if not MIN_SEATS <= len(names) <= MAX_SEATS:
            self._on_failed(f"{path.name}: a game has {MIN_SEATS} to {MAX_SEATS} players; this one has {len(names)}.")
            return
        # The first player is the person solving it; the others are AIs (a multiplayer puzzle, 800.1).
        seats = None if len(names) == 2 else [PERSON] + [DEFAULT_AI_LEVEL] * (len(names) - 1)
        self.start_game(GameConfig(decks=[[] for _ in names], names=names, deck_titles=["" for _ in names],
                                   opponent="ai", enforce=True, seed=data.get("seed", 0), puzzle=str(path),
                                   seats=seats))
        goal = data.get("goal") or "Find the best play."
        self.statusBar().showMessage(f"Puzzle: {data['name']} — {goal}", 0)

    @Slot()
    def deck_editor(self) -> None:
        self.deck_editors.open()

    @Slot()
    def open_settings(self) -> None:
        if run_modal(SettingsDialog(self.settings, self, downloads=self.download_targets(), sounds=self.sounds)):
            self.images.set_user_dir(self.settings.card_image_dir)
            self.scene.animations = self.settings.animations
            self.sounds.enabled = self.settings.sounds
            self.scene.update()
            self.controller.apply_settings()
            self.controller.host.refresh.emit()

    def download_targets(self) -> DownloadTargets:
        """Where Settings' downloads go: the user's card database, the image cache the table reads."""
        return DownloadTargets(db_path=default_db_path(), image_dir=self.images.download_dir or cache_dir() / "images",
                               user_image_dir=self.settings.card_image_dir, owner=self,
                               on_images=self._images_downloaded)

    @Slot()
    def download_card_data(self) -> None:
        start_card_data_download(self.settings, self.download_targets())

    @Slot()
    def download_card_images(self) -> None:
        start_image_download(self.settings, self.download_targets())

    def _images_downloaded(self) -> None:
        self.images.reload()
        self.scene.update()

    @Slot()
    def create_token(self) -> None:
        if not self.controller.table_free:
            return
        dialog = TokenDialog(self)
        if run_modal(dialog):
            self.controller.sandbox_action("SandboxToken", **dialog.values())

    # -- controller signals -------------------------------------------------------------------------
    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._loading = None  # a save that could not be loaded is not a recent game
        self.statusBar().showMessage(message, 15000)
        inform(self, "ManaTable", message)
        if self.controller.config is None:
            self.show_start()

    @Slot(list, list)
    def _on_logged(self, events: list[dict], snapshots: list[dict]) -> None:
        self.log.add(log_entries(events, snapshots))

    @Slot(object)
    def _on_started(self, config: GameConfig) -> None:
        self.last_config = config
        if self._loading is not None:
            self.recent.add(self._loading)
            self._loading = None
        self.log.clear()
        if self._loaded_log:  # the log kept in the save just loaded
            self.log.add(self._loaded_log)
            self._loaded_log = []
        self.table_page.game_over.hide()
        self.scene.set_sandbox(not config.enforce, self._loaded_places)
        self._loaded_places = {}
        mode = "sandbox" if not config.enforce else "rules enforced"
        who = "pass-and-play" if config.hotseat else "against the AI"
        self.setWindowTitle(f"ManaTable — {' vs '.join(config.names)} ({mode}, {who})")
        self.show_table()

    @Slot(str)
    def _on_ended(self, result: str) -> None:
        overlay = self.table_page.game_over
        overlay.title.setText("Game over")
        overlay.text.setText(result)
        overlay.setGeometry(self.view.geometry())
        overlay.show()
        overlay.raise_()
        self._update_actions()

    @Slot(str)
    def _on_handover(self, name: str) -> None:
        overlay = self.table_page.handover
        overlay.title.setText(f"Pass the screen to {objective(name)}")
        hands = "Every hand stays" if self.controller.multiplayer else "Both hands stay"
        overlay.text.setText(f"{name}, click anywhere when you are ready. {hands} hidden until then.")
        overlay.setGeometry(self.view.geometry())
        overlay.show()
        overlay.raise_()

    @Slot()
    def _on_handover_clicked(self) -> None:
        self.table_page.handover.hide()
        self.controller.reveal()

    @Slot(int, str)
    def _browse_zone(self, player: int, zone: str) -> None:
        players = self.controller.snapshot.get("players", [])
        if player >= len(players) or zone == "library":
            return
        name = players[player].get("name", "")
        browser = ZoneBrowser(f"{possessive(name)} {zone}", players[player].get(zone, []), self,
                              castable=self.controller.castable_ids())
        run_modal(browser)
        if browser.chosen is not None:
            self.controller.play_card(browser.chosen)

    def _restore_geometry(self) -> None:
        q = self.settings.qsettings
        geometry, state = q.value(GEOMETRY_KEY), q.value(STATE_KEY)
        if not (isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)):
            self.resize(fitted(PREFERRED_SIZE, self))
        if isinstance(state, QByteArray):
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.deck_editors.close():
            event.ignore()  # the deck editor's unsaved changes were neither saved nor discarded
            return
        self.settings.qsettings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.qsettings.setValue(STATE_KEY, self.saveState())
        self.host.stop()
        self.images.pool.waitForDone(3000)
        crash_recovery.end_session(self.recovery_folder)
        super().closeEvent(event)

