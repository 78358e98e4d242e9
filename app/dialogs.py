"""The app's dialogs: new game (with the way into the deck editor), settings, a zone's card list, a token."""
from __future__ import annotations

import random
import re
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from app.deck_editor import DeckEditorHandle
from app.decks import (COMMANDER_DECKS, USER_PREFIX, DeckError, load_commander_deck, load_deck, load_user_deck,
                       sample_decks, sideboard_companions, user_deck_names)
from app.by_hand import unread_cards
from app.downloads import DownloadsBox, DownloadTargets
from app.modal import choose_folder, inform
from app.settings import Settings
from app.sounds import SoundBoard
from app.steps import NO_PRIORITY_STEPS, STEPS
from app.worker import MAX_SEATS, MIN_SEATS, PERSON, SEED_LIMIT, GameConfig
from cardsdb import limits

DEFAULT_DECKS = ("Red Burn", "Green Ramp")
CONTROL = re.compile(limits.CONTROL_CHARACTERS)
CHOICES_GROUP = "new_game"  # QSettings group of the last game's choices
# engine.ai.LEVELS, strongest first (the README's AI section has each level's measured strength)
AI_LEVELS = (("Hard", "hard", "Searches ahead on guesses of your hidden cards: the strongest, up to a few seconds a move"),
             ("Medium", "medium", "Rules of thumb, each play checked one step ahead"),
             ("Easy", "easy", "Rules of thumb alone"),
             ("Random", "random", "Any legal move at random"))
DEFAULT_AI_LEVEL = "medium"


class NewGameDialog(QDialog):
    """How many players (two to six, 800.1), each seat's player (a person at this screen or an AI level) and
    deck, the opponents all at once, rules, the game (free-for-all or Commander, 903), who starts, the seed.
    Given a QSettings store, it opens with the choices of the last game started from it (not the seed: each
    game gets a fresh one unless asked)."""

    def __init__(self, parent: QWidget | None = None, decks: dict[str, Path] | None = None,
                 db_path: Path | None = None, qsettings: QSettings | None = None,
                 commander_decks: dict[str, Path] | None = None) -> None:
        super().__init__(parent)
        self.qsettings = qsettings
        self.setWindowTitle("New game")
        self.decks = decks if decks is not None else sample_decks()
        self.commander_decks = commander_decks if commander_decks is not None else sample_decks(COMMANDER_DECKS)
        self.db_path = db_path
        self.user_decks = user_deck_names(db_path)
        form = QFormLayout(self)
        self.player_count = QSpinBox()
        self.player_count.setRange(MIN_SEATS, MAX_SEATS)
        self.player_count.setToolTip("Two to six players; with three or more, each plays for themselves")
        form.addRow("&Players", self.player_count)
        self.opponent_ai = QRadioButton("Local AI")
        self.ai_level = QComboBox()
        for label, level, tip in AI_LEVELS:
            self.ai_level.addItem(label, level)
            self.ai_level.setItemData(self.ai_level.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.ai_level.setCurrentIndex(self.ai_level.findData(DEFAULT_AI_LEVEL))
        self.opponent_hotseat = QRadioButton("People on this screen")
        self.opponent_hotseat.setToolTip("Pass-and-play: the screen is handed over whenever a person has a decision")
        self.opponent_ai.setChecked(True)
        self.opponent_ai.toggled.connect(self.ai_level.setEnabled)
        self._opponent = QButtonGroup(self)
        form.addRow("&Opponents", self._row(self.opponent_ai, self.ai_level, self.opponent_hotseat,
                                            group=self._opponent))
        self.rules_enforced = QRadioButton("Enforced")
        self.rules_sandbox = QRadioButton("Sandbox (anything goes)")
        self.rules_enforced.setChecked(True)
        self._rules = QButtonGroup(self)
        form.addRow("Rules", self._row(self.rules_enforced, self.rules_sandbox, group=self._rules))
        self.variant_standard = QRadioButton("Standard")
        self.variant_commander = QRadioButton("Commander (100 cards, 40 life)")
        self.variant_commander.setToolTip("Each deck is led by its commander, cast from the command zone (903)")
        self.variant_standard.setChecked(True)
        self._variant = QButtonGroup(self)
        form.addRow("Game", self._row(self.variant_standard, self.variant_commander, group=self._variant))
        self.names = [QLineEdit("You"), QLineEdit("Opponent")] + \
            [QLineEdit(f"Player {i + 1}") for i in range(2, MAX_SEATS)]
        for name in self.names:     # a save with a longer name is refused as damaged
            name.setMaxLength(limits.NAME_CHARS)
        self.deck_boxes = [QComboBox() for _ in range(MAX_SEATS)]
        self.seat_kinds = [QComboBox() for _ in range(MAX_SEATS)]  # who plays each seat: a person or an AI
        self.seat_rows: list[QWidget] = []
        for i, (name, kind, box) in enumerate(zip(self.names, self.seat_kinds, self.deck_boxes)):
            kind.addItem("Person", PERSON)
            for label, level, tip in AI_LEVELS:
                kind.addItem(f"AI: {label}", level)
                kind.setItemData(kind.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
            kind.setAccessibleName(f"Player {i + 1} is played by")
            box.setAccessibleName(f"Player {i + 1}'s deck")
            self.seat_rows.append(self._row(name, kind, box))
            form.addRow(f"Player {i + 1}", self.seat_rows[-1])
        self._form = form
        self._seat_opponents()
        for kind in self.seat_kinds:
            kind.currentIndexChanged.connect(self._kinds_changed)
        self._fill_deck_boxes()
        self.variant_commander.toggled.connect(self._variant_changed)
        self.deck_editors = DeckEditorHandle(self, db_path=self.db_path)
        self.deck_editors.decks_changed.connect(self.reload_user_decks)
        self.edit_decks = QPushButton("Edit decks…")
        self.edit_decks.setToolTip("Open the deck editor; decks saved there appear in these lists")
        self.edit_decks.clicked.connect(self.deck_editors.open)
        form.addRow("", self.edit_decks)
        self.opponent_ai.toggled.connect(self._opponent_changed)
        self.ai_level.currentIndexChanged.connect(lambda _: self._seat_opponents())
        self._opponent_changed(True)
        self.starter = QComboBox()
        self.starter.addItems(["Random", "Player 1", "Player 2"])
        form.addRow("Who starts", self.starter)
        self.player_count.valueChanged.connect(self._count_changed)
        self._count_changed(self.player_count.value())
        self.seed = QLineEdit()
        self.seed.setPlaceholderText("random")
        form.addRow("Seed (optional)", self.seed)
        # Rules enforced with cards the engine can't fully read: listed on Start; play them by hand or change decks.
        self.unread = QLabel("")
        self.unread.setObjectName("unread")
        self.unread.setTextFormat(Qt.TextFormat.PlainText)  # card text is shown as it is, never as markup
        self.unread.setWordWrap(True)
        self.unread.hide()
        form.addRow(self.unread)
        self.play_by_hand = QCheckBox("Play these cards by hand: the engine enforces everything else, and you "
                                      "carry out the text it can't read")
        self.play_by_hand.hide()
        form.addRow(self.play_by_hand)
        # 103.2b, 702.139a: a companion in a deck's sideboard is revealed before the game, if the player likes
        self.reveal_companions = QCheckBox("")
        self.reveal_companions.setChecked(True)
        self.reveal_companions.hide()
        self.companions: list[str | None] = []  # each seat's companion found in its deck's sideboard
        form.addRow(self.reveal_companions)
        self.error = QLabel("")
        self.error.setStyleSheet("color: #c0392b;")
        self.error.setWordWrap(True)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        if not self.decks and not self.user_decks:
            self.error.setText("No decks found: neither sample decks in assets/decks/ nor saved decks.")
        self.config: GameConfig | None = None
        self._restore_choices()
        for box in self.deck_boxes + self.seat_kinds:
            box.currentIndexChanged.connect(self._forget_unread)
        self.rules_enforced.toggled.connect(self._forget_unread)
        self.opponent_ai.toggled.connect(self._forget_unread)
        self.player_count.valueChanged.connect(self._forget_unread)
        self.player_count.valueChanged.connect(self._kinds_changed)
        for box in self.deck_boxes:
            box.currentIndexChanged.connect(self._find_companions)
        self.player_count.valueChanged.connect(self._find_companions)
        self.variant_commander.toggled.connect(self._find_companions)
        self._find_companions()

    @property
    def seats(self) -> int:
        return self.player_count.value()

    def _count_changed(self, count: int) -> None:
        """Only the seats in play are shown; who starts is one of them."""
        for i, row in enumerate(self.seat_rows):
            self._form.setRowVisible(row, i < count)
        starter = self.starter.currentIndex()
        self.starter.clear()
        self.starter.addItems(["Random"] + [f"Player {i + 1}" for i in range(count)])
        self.starter.setCurrentIndex(starter if starter <= count else 0)
        self.adjustSize()

    def _seat_opponents(self) -> None:
        """The Opponents row sets every seat but the first: the AI level chosen, or a person."""
        kind = str(self.ai_level.currentData()) if self.opponent_ai.isChecked() else PERSON
        for box in self.seat_kinds[1:]:
            box.blockSignals(True)
            box.setCurrentIndex(box.findData(kind))
            box.blockSignals(False)

    def _kinds_changed(self) -> None:
        """A seat chosen on its own: the Opponents row shows the choice when all opponents agree, else none."""
        kinds = {str(box.currentData()) for box in self.seat_kinds[1:self.seats]}
        self._opponent.setExclusive(False)
        self.opponent_hotseat.setChecked(kinds == {PERSON})
        self.opponent_ai.setChecked(len(kinds) == 1 and PERSON not in kinds)
        self._opponent.setExclusive(True)
        if len(kinds) == 1 and PERSON not in kinds:
            self.ai_level.blockSignals(True)
            self.ai_level.setCurrentIndex(self.ai_level.findData(kinds.pop()))
            self.ai_level.blockSignals(False)

    def _remembered(self, key: str) -> str:
        return str(self.qsettings.value(f"{CHOICES_GROUP}/{key}", "")) if self.qsettings is not None else ""

    def _sample_decks(self) -> dict[str, Path]:
        return self.commander_decks if self.variant_commander.isChecked() else self.decks

    def _fill_deck_boxes(self) -> None:
        """The decks of the chosen game: the sample decks of that kind, then the user's, the defaults chosen."""
        decks = self._sample_decks()
        defaults = DEFAULT_DECKS if not self.variant_commander.isChecked() else list(decks)[:2]
        for i, box in enumerate(self.deck_boxes):
            box.clear()
            box.addItems(list(decks) + [USER_PREFIX + name for name in self.user_decks])
            if i < len(defaults) and defaults[i] in decks:
                box.setCurrentText(defaults[i])
            elif box.count() > i:
                box.setCurrentIndex(i)

    def _find_companions(self) -> None:
        """Each chosen deck's companion (the first card with companion in its sideboard, 702.139a), offered to
        be revealed before the game (103.2b); the engine checks its condition on the deck when the game starts."""
        self.companions = []
        if not self.variant_commander.isChecked():
            for box in self.deck_boxes[:self.seats]:
                title = box.currentText()
                source: Path | str | None = title.removeprefix(USER_PREFIX) if title.startswith(USER_PREFIX) \
                    else self.decks.get(title)
                found = sideboard_companions(source, self.db_path) if source is not None else []
                self.companions.append(found[0] if found else None)
        shown = [f"{name} ({self.deck_boxes[i].currentText()})" for i, name in enumerate(self.companions)
                 if name is not None]
        self.reveal_companions.setText("Reveal each deck's companion from its sideboard (702.139): " + "; ".join(shown))
        self.reveal_companions.setVisible(bool(shown))

    def _variant_changed(self, commander: bool) -> None:
        self._fill_deck_boxes()
        self._forget_unread()
        self.error.setText("")

    def _restore_choices(self) -> None:
        """The last game's choices; one that no longer exists (a deck deleted since) keeps the default."""
        count = self._remembered("players")
        if count.isdigit():
            self.player_count.setValue(int(count))
        if self._remembered("variant") == "commander":
            self.variant_commander.setChecked(True)
        if self._remembered("opponent") == "hotseat":
            self.opponent_hotseat.setChecked(True)
        elif self._remembered("opponent") == "ai":
            self.opponent_ai.setChecked(True)
        level = self.ai_level.findData(self._remembered("ai_level"))
        if level >= 0:
            self.ai_level.setCurrentIndex(level)
        enforce = self._remembered("enforce")
        if enforce in ("true", "false"):
            (self.rules_enforced if enforce == "true" else self.rules_sandbox).setChecked(True)
        for i, (box, name, kind) in enumerate(zip(self.deck_boxes, self.names, self.seat_kinds)):
            deck = box.findText(self._remembered(f"deck{i + 1}"))
            if deck >= 0:
                box.setCurrentIndex(deck)
            if self._remembered(f"name{i + 1}"):
                name.setText(self._remembered(f"name{i + 1}"))
            if kind.findData(self._remembered(f"kind{i + 1}")) >= 0:
                kind.setCurrentIndex(kind.findData(self._remembered(f"kind{i + 1}")))
        starter = self.starter.findText(self._remembered("starter"))
        if starter >= 0:
            self.starter.setCurrentIndex(starter)

    def _remember_choices(self) -> None:
        if self.qsettings is None:
            return
        choices = {"opponent": "ai" if self.opponent_ai.isChecked() else "hotseat",
                   "ai_level": str(self.ai_level.currentData()),
                   "enforce": "true" if self.rules_enforced.isChecked() else "false",
                   "starter": self.starter.currentText(),
                   "variant": "commander" if self.variant_commander.isChecked() else "standard",
                   "players": str(self.seats)}
        for i, (box, name, kind) in enumerate(zip(self.deck_boxes, self.names, self.seat_kinds)):
            choices[f"deck{i + 1}"] = box.currentText()
            choices[f"name{i + 1}"] = name.text().strip()
            choices[f"kind{i + 1}"] = str(kind.currentData())
        for key, value in choices.items():
            self.qsettings.setValue(f"{CHOICES_GROUP}/{key}", value)
        self.qsettings.sync()

    def reload_user_decks(self, saved: str = "") -> None:
        """The deck lists again after the editor saved or deleted a deck; a deck just saved is chosen for
        player 1."""
        self.user_decks = user_deck_names(self.db_path)
        for box in self.deck_boxes:
            current = box.currentText()
            box.clear()
            box.addItems(list(self._sample_decks()) + [USER_PREFIX + name for name in self.user_decks])
            box.setCurrentText(current)
        if saved in self.user_decks:
            self.deck_boxes[0].setCurrentText(USER_PREFIX + saved)

    def done(self, result: int) -> None:
        if not self.deck_editors.close():
            return  # the editor's unsaved changes were neither saved nor discarded
        super().done(result)

    @staticmethod
    def _row(*widgets: QWidget, group: QButtonGroup | None = None) -> QWidget:
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in widgets:
            layout.addWidget(w)
            if group is not None and isinstance(w, QRadioButton):
                group.addButton(w)
        return box

    def _opponent_changed(self, ai: bool) -> None:
        if self.opponent_ai.isChecked() or self.opponent_hotseat.isChecked():
            self._seat_opponents()
        if ai and self.names[1].text() in ("", "Player 2"):
            self.names[1].setText("Opponent")
        elif not ai and self.names[1].text() == "Opponent":
            self.names[1].setText("Player 2")

    def build_config(self) -> GameConfig:
        """The chosen game, or DeckError / ValueError with what is wrong."""
        decks, titles = [], []
        commanders: list[list[str]] | None = [] if self.variant_commander.isChecked() else None
        kinds = [str(box.currentData()) for box in self.seat_kinds[:self.seats]]
        if PERSON not in kinds:
            raise ValueError("At least one player must be a person at this screen.")
        for box in self.deck_boxes[:self.seats]:
            title = box.currentText()
            if commanders is not None:
                # 903.5: a Commander deck is checked before the game (its commander and color identity)
                user = title.startswith(USER_PREFIX)
                if not user and title not in self.commander_decks:
                    raise DeckError("Choose a Commander deck for each player.")
                deck, commander = load_commander_deck(
                    title.removeprefix(USER_PREFIX) if user else self.commander_decks[title], self.db_path)
                decks.append(deck)
                commanders.append(commander)
            elif title.startswith(USER_PREFIX):
                decks.append(load_user_deck(title.removeprefix(USER_PREFIX), self.db_path))
            elif title in self.decks:
                decks.append(load_deck(self.decks[title]))
            else:
                raise DeckError("Choose a deck for each player.")
            titles.append(title)
        seed_text = self.seed.text().strip()
        # ASCII digits: "²" and "٣" are digits to str.isdigit, and int() refuses the one and reads the other;
        # a seed past SEED_LIMIT would make every save of the game one the engine refuses
        if seed_text and not (re.fullmatch(r"-?[0-9]{1,13}", seed_text) and abs(int(seed_text)) <= SEED_LIMIT):
            raise ValueError(f"The seed must be a whole number from -{SEED_LIMIT:,} to {SEED_LIMIT:,} "
                             "(or empty for a random one).")
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(2**31)
        starter = self.starter.currentIndex()
        names = [n.text().strip() or f"Player {i + 1}" for i, n in enumerate(self.names[:self.seats])]
        if any(CONTROL.search(name) for name in names):     # pasted: a save with one is refused as damaged
            raise ValueError("A player's name holds a control character; type it again.")
        # Two players with a person in the first seat: the two-player game as it always was (seats unset).
        two = len(kinds) == 2 and kinds[0] == PERSON
        return GameConfig(decks=decks, names=names, deck_titles=titles,
                          opponent="hotseat" if kinds.count(PERSON) > 1 else "ai",
                          enforce=self.rules_enforced.isChecked(),
                          starting_player=None if starter == 0 else starter - 1, seed=seed,
                          ai_level=kinds[1] if two and kinds[1] != PERSON else str(self.ai_level.currentData()),
                          commanders=commanders, seats=None if two else kinds,
                          companions=list(self.companions) if any(self.companions)
                          and self.reveal_companions.isChecked() else None)

    def _forget_unread(self) -> None:
        """Other decks or rules: the list of cards played by hand is made again on Start."""
        self.unread.hide()
        self.play_by_hand.hide()
        self.play_by_hand.setChecked(False)

    def _check_unread(self, config: GameConfig) -> bool:
        """With rules enforced: whether the game may start as chosen, cards the engine can't fully read
        listed with their unread sentences, to be played by hand once the player agrees. The AI plays
        no such card."""
        if not config.enforce or config.puzzle is not None:
            return True
        decks = config.decks if config.commanders is None else \
            [deck + commander for deck, commander in zip(config.decks, config.commanders)]
        unread = unread_cards(decks, self.db_path)
        if any(u.player in config.ai_players for u in unread):
            ai = [u.name for u in unread if u.player in config.ai_players]
            self.error.setText(f"The AI doesn't play cards by hand: choose a deck for it without "
                               f"{', '.join(ai[:3])}{'…' if len(ai) > 3 else ''}.")
            return False
        if not unread:
            return True
        self.unread.setText("The engine can't read all of the text of these cards yet:\n" +
                            "\n".join(u.line(config.names[u.player]) for u in unread))
        self.unread.show()
        self.play_by_hand.show()
        if not self.play_by_hand.isChecked():
            self.error.setText("Change a deck, or play these cards by hand (tick the box) and Start.")
            return False
        config.by_hand = True
        return True

    def _accept(self) -> None:
        try:
            self.config = self.build_config()
        except (DeckError, ValueError) as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        if not self._check_unread(self.config):
            self.config = None
            return
        self._remember_choices()
        self.accept()


class SettingsDialog(QDialog):
    """Card image folder, auto-pass stops per step, AI pace, open hands; downloads (card data and
    images) when given where they go."""

    def __init__(self, settings: Settings, parent: QWidget | None = None,
                 downloads: DownloadTargets | None = None, sounds: SoundBoard | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.settings = settings
        layout = QVBoxLayout(self)
        form = QFormLayout()
        folder_row = QWidget()
        row = QHBoxLayout(folder_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.image_dir = QLineEdit(str(settings.card_image_dir or ""))
        self.image_dir.setPlaceholderText("none: cards are drawn")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(self.image_dir, 1)
        row.addWidget(browse)
        form.addRow("Card image folder", folder_row)
        self.ai_pace = QSpinBox()
        self.ai_pace.setRange(0, 5000)
        self.ai_pace.setSingleStep(100)
        self.ai_pace.setSuffix(" ms")
        self.ai_pace.setValue(settings.ai_pace_ms)
        form.addRow("AI pace (pause before each action)", self.ai_pace)
        self.open_hands = QCheckBox("Open hands: no hand-over screen in pass-and-play")
        self.open_hands.setChecked(settings.open_hands)
        form.addRow(self.open_hands)
        self.warn_pass = QCheckBox("Warn before passing the rest of my turn with cards I could still play")
        self.warn_pass.setChecked(settings.warn_pass_with_plays)
        form.addRow(self.warn_pass)
        self.animations = QCheckBox("Animations: cards move, damage and life changes float up where they happen")
        self.animations.setChecked(settings.animations)
        form.addRow(self.animations)
        self.sounds = QCheckBox("Sounds: drawing, casting, resolving, attacking, damage, dying, your turn")
        self.sounds.setChecked(settings.sounds)
        if sounds is not None and not sounds.available():
            self.sounds.setEnabled(False)
            self.sounds.setToolTip(sounds.unavailable)
            self.sounds.setText(self.sounds.text() + " (not available here: see the tooltip)")
        form.addRow(self.sounds)
        # The stops beside the preferences, not under them: the dialog fits a 1280x720 screen.
        top = QHBoxLayout()
        left = QVBoxLayout()
        left.addLayout(form)
        top.addLayout(left, 1)
        layout.addLayout(top)
        stops = QGroupBox("Auto-pass stops at (you get priority there)")
        grid = QGridLayout(stops)
        grid.addWidget(QLabel("Your turn"), 0, 1)
        grid.addWidget(QLabel("Opponent's turn"), 0, 2)
        self.own: dict[str, QCheckBox] = {}
        self.opponent: dict[str, QCheckBox] = {}
        priority_steps = [(n, lbl) for n, lbl in STEPS if n not in NO_PRIORITY_STEPS]
        for r, (name, label) in enumerate(priority_steps, 1):
            grid.addWidget(QLabel(label), r, 0)
            for col, boxes, chosen in ((1, self.own, settings.own_stops), (2, self.opponent, settings.opponent_stops)):
                box = QCheckBox()
                box.setChecked(name in chosen)
                grid.addWidget(box, r, col, Qt.AlignmentFlag.AlignCenter)
                boxes[name] = box
        top.addWidget(stops)
        note = QLabel("The game also stops when someone else's spell or ability is on the stack and after "
                      "blockers are declared, whenever you could respond; and for attacks, blocks and choices.")
        note.setWordWrap(True)
        left.addWidget(note)
        left.addStretch(1)
        self.downloads = DownloadsBox(settings, downloads, self) if downloads is not None else None
        if self.downloads is not None:
            layout.addWidget(self.downloads)
            self.downloads.started.connect(self._close_for_download)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        folder = choose_folder(self, "Folder of card images (<card name>.jpg or .png)", self.image_dir.text())
        if folder:
            self.image_dir.setText(folder)

    def _close_for_download(self) -> None:
        self._save()
        if self.isVisible():   # a setting was refused: the download runs on, Settings closes unsaved
            self.reject()

    def _save(self) -> None:
        folder = self.image_dir.text().strip()
        if folder and not Path(folder).is_dir():
            inform(self, "Settings", f"The folder {folder} does not exist.")
            return
        s = self.settings
        s.card_image_dir = Path(folder) if folder else None
        s.ai_pace_ms = self.ai_pace.value()
        s.open_hands = self.open_hands.isChecked()
        s.warn_pass_with_plays = self.warn_pass.isChecked()
        s.animations = self.animations.isChecked()
        if self.sounds.isEnabled():
            s.sounds = self.sounds.isChecked()
        s.own_stops = frozenset(n for n, b in self.own.items() if b.isChecked())
        s.opponent_stops = frozenset(n for n, b in self.opponent.items() if b.isChecked())
        if self.downloads is not None:
            self.downloads.save()
        s.sync()
        self.accept()


class ZoneBrowser(QDialog):
    """A graveyard or exile as a list, newest on top. The cards the player may cast from there now (an
    aftermath half 702.127a, a card on an Adventure 715.3d, flashback 702.34a) are cast from it with
    the Cast button or a double-click; `chosen` is then that card."""

    def __init__(self, title: str, cards: list[dict], parent: QWidget | None = None,
                 castable: frozenset[int] = frozenset()) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.cards = list(reversed(cards))
        self.castable = castable
        self.chosen: dict | None = None
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        for obj in self.cards:
            mark = "  (castable)" if obj.get("id") in castable else ""
            self.list.addItem(f"{obj.get('name', '?')}  —  {obj.get('type_line', '')}{mark}")
        if not self.cards:
            self.list.addItem("(empty)")
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.cast = buttons.addButton("Cast", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cast.setEnabled(False)
        self.cast.clicked.connect(self._cast)
        buttons.rejected.connect(self.reject)
        self.list.currentRowChanged.connect(lambda row: self.cast.setEnabled(self._castable_at(row) is not None))
        self.list.itemDoubleClicked.connect(lambda item: self._cast())
        layout.addWidget(buttons)
        self.resize(380, 420)

    def _castable_at(self, row: int) -> dict | None:
        obj = self.cards[row] if 0 <= row < len(self.cards) else None
        return obj if obj is not None and obj.get("id") in self.castable else None

    def _cast(self) -> None:
        obj = self._castable_at(self.list.currentRow())
        if obj is not None:
            self.chosen = obj
            self.accept()


class TokenDialog(QDialog):
    """A token for the sandbox (Ctrl+T): name, power/toughness, colors, type line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Create token")
        form = QFormLayout(self)
        self.name = QLineEdit("Soldier Token")
        self.power = QSpinBox()
        self.toughness = QSpinBox()
        for box, value in ((self.power, 1), (self.toughness, 1)):
            box.setRange(0, 99)
            box.setValue(value)
        self.colors = QLineEdit("W")
        self.types = QLineEdit("Creature — Soldier")
        form.addRow("Name", self.name)
        form.addRow("Power", self.power)
        form.addRow("Toughness", self.toughness)
        form.addRow("Colors (WUBRG)", self.colors)
        form.addRow("Type line", self.types)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict:
        colors = "".join(c for c in "WUBRG" if c in self.colors.text().upper())
        return {"name": self.name.text().strip() or "Token", "power": self.power.value(),
                "toughness": self.toughness.value(), "colors": colors, "types": self.types.text().strip()}


class DamageDialog(QDialog):
    """Combat damage divided among blockers (510.1c-d): a number per recipient for each attacker."""

    def __init__(self, sources: list[tuple[int, str, int]], recipients: dict[int, list[tuple[object, str]]],
                 suggestion: dict[int, dict[object, int]], parent: QWidget | None = None) -> None:
        """`sources`: (id, name, power); `recipients`: per source, (recipient, name)."""
        super().__init__(parent)
        self.setWindowTitle("Assign combat damage")
        layout = QVBoxLayout(self)
        self.boxes: dict[int, dict[object, QSpinBox]] = {}
        for source, name, power in sources:
            group = QGroupBox(f"{name}: {power} damage")
            form = QFormLayout(group)
            self.boxes[source] = {}
            for recipient, label in recipients.get(source, []):
                box = QSpinBox()
                box.setRange(0, max(0, power))
                box.setValue(int(suggestion.get(source, {}).get(recipient, 0)))
                form.addRow(label, box)
                self.boxes[source][recipient] = box
            layout.addWidget(group)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def assignment(self) -> dict[int, dict[object, int]]:
        return {source: {r: box.value() for r, box in boxes.items()} for source, boxes in self.boxes.items()}


class ListChoiceDialog(QDialog):
    """A choice with many options (a card searched for, a number): pick between `least` and `most` of them."""

    def __init__(self, prompt: str, options: list[tuple[str, object]], least: int, most: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose")
        self.options = options
        self.least, self.most = least, most
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{prompt} (choose {least}" + (f" to {most})" if most != least else ")")))
        self.list = QListWidget()
        self.list.setSelectionMode(QListWidget.SelectionMode.MultiSelection if most > 1
                                   else QListWidget.SelectionMode.SingleSelection)
        self.list.addItems([label for label, _ in options])
        layout.addWidget(self.list)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.list.itemSelectionChanged.connect(self._check)
        self._check()

    def chosen(self) -> list[object]:
        return [self.options[self.list.row(item)][1] for item in self.list.selectedItems()]

    def _check(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(
            self.least <= len(self.list.selectedItems()) <= self.most)
