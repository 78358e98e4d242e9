"""The game on the GUI side: turns the table's clicks and drags into intents for the engine thread, and its
answers into the drawn table, the prompt, the log, the hand-over screen and the end of the game.

It never touches engine state: it sends engine action objects (plain dataclasses) and reads snapshots.
Priority is passed for a player (a shortcut, 732.1) except in the steps they chose to stop at, when someone
else's spell or ability waits on the stack and they could answer it, and after blockers are declared when
they could respond (509.2); or, on request, until the end of the turn, their next turn or until something
happens. The same rules hold for both people in pass-and-play, so the screen changes hands only for a real
decision. Take-backs go to the worker's kept states (worker.TakeBackPoint); the other person agrees first.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPoint, QTimer, Signal, Slot
from PySide6.QtGui import QCursor, QUndoStack
from PySide6.QtWidgets import QApplication, QCheckBox, QMenu

from app import sandbox_moves
from app.choices import BAND, DIVIDE, LIST, MAX_CHOICE_BUTTONS, damage_division, describe_option, mana_ability_index
from app.declarations import Declarations, candidates, default_defender, player_ref
from app.dialogs import DamageDialog, ListChoiceDialog
from app.modal import Button, ask, run_modal
from app.prompt_bar import PromptBar
from app.sandbox_moves import SandboxCommand
from app.settings import Settings
from app.steps import MAIN_STEPS, NO_PRIORITY_STEPS, STEP_LABELS, PassMode, later_steps
from app.table.scene import TableScene
from app.wording import WAYS_OF_CASTING, card_text, objective, reword, subject, way_label
from app.worker import EngineHost, GameConfig, companion_id
from engine.core import player_actions as A
from engine.effects.by_hand import BY_HAND, DONE


class GameController(QObject):
    status = Signal(str)
    logged = Signal(list, list)  # events (their text as the players read it), the snapshots before and after
    started = Signal(object)  # GameConfig
    ended = Signal(str)  # the result in words
    handover = Signal(str)  # name of the player to hand the screen to
    failed = Signal(str)
    shown = Signal()  # a snapshot is drawn: what the player may do has changed

    def __init__(self, scene: TableScene, prompt: PromptBar, settings: Settings, host: EngineHost,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scene, self.prompt, self.settings, self.host = scene, prompt, settings, host
        self.undo_stack = QUndoStack(self)
        self.config: GameConfig | None = None
        self.snapshot: dict = {}
        self.decision: dict | None = None
        self.seat = 0
        self.hiding = False  # the hand-over screen is up: both hands hidden
        self.busy = False  # an intent is on its way; the next answer redraws
        self.selected: list[Any] = []
        self.declared = Declarations()
        self.refusals: list[str] = []
        self.game_id = 0
        self.source: int | None = None  # the card or permanent whose spell or ability is being put together
        self.pass_modes: dict[int, tuple[PassMode, int]] = {}  # player -> passing until what, asked on which turn
        # Per player, the kinds of event seen since they last acted: a trigger played by hand may be due.
        self.happened: dict[int, set[str]] = {}
        # Sandbox: a click on a permanent waits to see whether it is the first half of a double-click.
        self._click_timer = QTimer(self)
        self._click_timer.setSingleShot(True)
        self._click_timer.timeout.connect(self._on_click_timeout)
        self._pending_click: dict | None = None
        w = host.worker
        w.started.connect(self._on_started)
        w.accepted.connect(self._on_accepted)
        w.refused.connect(self._on_refused)
        w.failed.connect(self._on_failed)
        w.saved.connect(lambda path: self.status.emit(f"Game saved to {path}"))
        w.explained.connect(self._on_explained)
        w.refused_take_back.connect(self._on_take_back_refused)
        scene.drag_policy = self._can_drag
        scene.card_dropped.connect(self._on_drop)
        scene.card_clicked.connect(self._on_card_clicked)
        scene.card_double_clicked.connect(self._on_card_double_clicked)
        scene.card_context.connect(self._on_card_context)
        scene.player_clicked.connect(self._on_player_clicked)
        scene.player_context.connect(self._on_player_context)
        scene.step_clicked.connect(self._toggle_stop)
        prompt.ok_clicked.connect(self.ok)
        prompt.pass_clicked.connect(self.pass_priority)
        prompt.cancel_clicked.connect(self.cancel)
        prompt.choice_clicked.connect(self._on_choice)
        prompt.pass_until_clicked.connect(self.pass_until)

    @property
    def attacks(self) -> dict[int, Any]:
        return self.declared.attacks

    # -- game lifecycle -----------------------------------------------------------------------------
    @property
    def humans(self) -> frozenset[int]:
        if self.config is None:
            return frozenset()
        return frozenset(self.config.people)

    @property
    def multiplayer(self) -> bool:
        """More than two players (800.1): opponents are told apart by name."""
        return len(self.snapshot.get("players", [])) > 2

    @property
    def sandbox(self) -> bool:
        return self.config is not None and not self.config.enforce

    @property
    def by_hand(self) -> bool:
        """A spell or ability resolves by hand and this person carries out its unread text with the table's
        tools (engine.effects.by_hand), then says Done."""
        d = self._my_decision()
        return d is not None and d["kind"] == "choose" and (d.get("data") or {}).get("choice") == BY_HAND

    @property
    def table_free(self) -> bool:
        """The table's sandbox tools work: a sandbox game, or a resolution by hand."""
        return self.sandbox or self.by_hand

    @property
    def hotseat(self) -> bool:
        return self.config is not None and self.config.hotseat

    def apply_settings(self) -> None:
        """Hands the engine thread the preferences it uses (AI pace, open hands)."""
        self.host.set_ai_pace.emit(self.settings.ai_pace_ms)
        self.host.set_open_hands.emit(self.settings.open_hands)

    def new_game(self, config: GameConfig) -> None:
        self.apply_settings()
        self.busy = True
        self.host.new_game.emit(config)

    def load_game(self, text: str) -> None:
        self.apply_settings()
        self.busy = True
        self.host.load_game.emit(text)

    def save_game(self, path: str, log: list[str | dict] | None = None) -> None:
        self.host.set_table_state.emit(self.scene.table_state())
        self.host.save_game.emit(path, list(log or []))

    @Slot(object, object)
    def _on_started(self, snapshot: dict, config: GameConfig) -> None:
        self.config = config
        self.undo_stack.clear()
        self.pass_modes.clear()
        self.happened = {p: set() for p in range(len(config.decks))}
        self.seat = config.people[0] if config.people else 0
        self.hiding = False
        self.scene.snapshot = {}  # a new game is drawn from scratch
        self.started.emit(config)
        self._show(snapshot, [])

    @Slot(object, object)
    def _on_accepted(self, events: list[dict], snapshot: dict) -> None:
        said = [dict(e, text=self._words(e["text"])) for e in events if e.get("text")]
        if said:
            self.logged.emit(said, [self.snapshot, snapshot])
        self._show(snapshot, events)

    @Slot(str, object)
    def _on_refused(self, reason: str, snapshot: dict) -> None:
        self._refuse(reason)
        self._show(snapshot, [])
        d = self._my_decision()
        if d is not None and d["kind"] == "choose":
            # A cast or activation that no answer can complete any more: backed out, not left waiting.
            left = d.get("actions") or []
            if left and all(type(a).__name__ == "Cancel" for a in left):
                self._send(left[0], "Cancel")

    def _refuse(self, reason: str) -> None:
        reason = self._words(reason)
        self.refusals.append(reason)
        self.prompt.refusal.show_refusal(reason)
        self.status.emit(f"Not allowed: {reason}")

    @Slot(object, str)
    def _on_explained(self, action: Any, reason: str) -> None:
        """The engine's answer about a cast it did not list: refused before anything was asked, or made."""
        self.busy = False
        if reason:
            self._refuse(reason)
            self._show(self.snapshot, [])  # the card goes back where it was
        else:
            self._send(action, f"Cast {(self.scene.object(getattr(action, 'card', -1)) or {}).get('name', '')}")

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.busy = False
        self.failed.emit(message)

    # -- drawing an answer ----------------------------------------------------------------------------
    def _show(self, snapshot: dict, events: list[dict]) -> None:
        self._show_snapshot(snapshot, events)
        self.shown.emit()

    def _show_snapshot(self, snapshot: dict, events: list[dict]) -> None:
        self.busy = False
        self.snapshot = snapshot
        self.game_id = snapshot.get("game_id", self.game_id)
        self.decision = snapshot.get("decision")
        self.selected = []
        self.declared.clear()
        for seen in self.happened.values():
            seen.update(str(e.get("kind", "")) for e in events)
        if snapshot.get("game_over"):
            self._draw()
            self.prompt.show_prompt(self._result_text())
            self.ended.emit(self._result_text())
            return
        d = self.decision
        if d is None:
            self._draw()
            return
        player = d["player"]
        if player in self.humans and self._auto_pass(d):
            if not self.hotseat or player == self.seat:
                self._draw()
            self.busy = True
            self.source = None
            self.happened[player] = set()
            self.host.submit_auto.emit(A.PassPriority(player), self.game_id)
            return
        if self.hotseat and player in self.humans and player != self.seat:
            self.seat = player
            if not self.settings.open_hands:
                self.show_handover()
                return
        self._draw()
        self._prompt()

    def show_handover(self) -> None:
        """Pass-and-play: hide both hands until the player who must decide clicks (also on request)."""
        d = self.decision
        if not self.hotseat or d is None or self.snapshot.get("game_over"):
            return
        if d["player"] in self.humans:  # while an AI decides, the screen stays with the last person
            self.seat = d["player"]
        self.hiding = True
        self._draw()
        self.prompt.show_prompt(f"Hand the screen to {objective(self._name(self.seat))}.")
        self.handover.emit(self._name(self.seat))

    def reveal(self) -> None:
        """The next player clicked the hand-over screen: show their hand and their prompt."""
        if self.hiding:
            self.hiding = False
            self._draw()
            self._prompt()

    def _draw(self) -> None:
        hidden = frozenset(p["index"] for p in self.snapshot.get("players", [])) if self.hiding else frozenset()
        stops = self._stops_for(self.seat)
        self.scene.set_snapshot(self.snapshot, self.seat, hidden, animate=True, stops=stops)
        self._mark()

    def _stops_for(self, player: int) -> frozenset[str]:
        active = self.snapshot.get("active")
        return self.settings.own_stops if active == player else self.settings.opponent_stops

    def _auto_pass(self, d: dict) -> bool:
        """Whether to pass this priority for its player (see the module docstring)."""
        if d["kind"] != "priority":
            return False
        player = d["player"]
        step = str(self.snapshot.get("step"))
        stack = self.snapshot.get("stack") or []
        can_respond = any(type(a).__name__ in ("CastSpell", "ActivateAbility") for a in d.get("actions", []))
        mode = self._pass_mode(player)
        if mode is None and self._trigger_may_be_due(d):
            return False
        if stack and stack[-1].get("controller") != player:
            if mode is PassMode.SOMETHING_HAPPENS or can_respond:
                self.pass_modes.pop(player, None)
                return False
            return True
        if stack:
            return True  # one's own spell or ability resolves unless the others answer it
        attackers = (self.snapshot.get("combat") or {}).get("attackers")
        if mode is PassMode.SOMETHING_HAPPENS and step == "declare_attackers" and attackers:
            self.pass_modes.pop(player, None)
            return False
        if mode is not None:
            return True
        if step == "declare_blockers" and attackers and can_respond:
            return False  # blocks are known and damage not yet dealt: the moment for combat tricks (509.2)
        return step not in self._stops_for(player)

    def _trigger_may_be_due(self, d: dict) -> bool:
        """Whether to stop for a player whose card has a trigger played by hand: only they know whether it
        triggered (603.3), so they get priority once something happened since they last acted (a new step
        counts for a trigger "At the beginning of ...")."""
        sources = {a.source for a in d.get("actions", []) if type(a).__name__ == "TriggerByHand"}
        if not sources:
            return False
        seen = self.happened.get(d["player"], set())
        snap = self.snapshot  # the new one: the table may not show it yet
        shown = [*snap.get("battlefield", []), *snap.get("stack", []),
                 *(o for p in snap.get("players", []) for zone in ("hand", "graveyard", "exile") for o in p.get(zone, []))]
        texts = [t for o in shown if o.get("id") in sources for t in o.get("hand_triggers") or ()]
        at_steps = any(t.lower().startswith("at ") for t in texts)
        return bool(seen - {"step"}) or (at_steps and "step" in seen)

    def _pass_mode(self, player: int) -> PassMode | None:
        """The player's pass-until request, dropped once what it waited for has come."""
        entry = self.pass_modes.get(player)
        if entry is None:
            return None
        mode, turn = entry
        now = self.snapshot.get("turn")
        # Nothing but F4 passes through one's own turn: F6 and F8 end when it comes.
        if now != turn and (mode is PassMode.END_OF_TURN or self.snapshot.get("active") == player):
            del self.pass_modes[player]
            return None
        return mode

    def _words(self, text: str) -> str:
        """An engine sentence as the players read it (wording.reword)."""
        return reword(text, [p.get("name", "") for p in self.snapshot.get("players", [])])

    def _name(self, player: int) -> str:
        players = self.snapshot.get("players", [])
        return players[player].get("name", f"Player {player + 1}") if player < len(players) else f"Player {player + 1}"

    def _result_text(self) -> str:
        winners = self.snapshot.get("winners") or []
        if not winners:
            return "The game is a draw."
        return f"{subject(self._name(winners[0]), 'wins')} the game."

    # -- the decision ---------------------------------------------------------------------------------
    def _my_decision(self) -> dict | None:
        d = self.decision
        if d is None or self.busy or self.hiding or d["player"] not in self.humans:
            return None
        return d

    def _actions(self, cls_name: str) -> list[Any]:
        d = self._my_decision()
        if d is None:
            return []
        return [a for a in d.get("actions", []) if type(a).__name__ == cls_name]

    def _prompt(self) -> None:
        d = self.decision
        if d is None:
            self.prompt.show_prompt("")
            return
        if d["player"] not in self.humans:
            self.prompt.show_prompt(f"{subject(self._name(d['player']), 'is')} thinking…")
            return
        kind = d["kind"]
        text = self._words(d.get("prompt") or "")
        cancel = bool(self._actions("Cancel"))
        if kind == "priority":
            # With an empty stack, the step by the name the phase bar shows and what can be done; else
            # the engine's words on what is to be answered.
            step = str(self.snapshot.get("step", ""))
            where = STEP_LABELS.get(step, step.replace("_", " "))
            if self.snapshot.get("stack") and text:
                self.prompt.show_prompt(text, can_pass=True)
            else:
                # Short enough for one line beside the pass buttons at 1280x720; whose priority it is, the
                # player panels show.
                self.prompt.show_prompt(f"{where}: drag a card to play it, or pass.", can_pass=True)
        elif kind == "mulligan":
            choices = [("Keep" if getattr(a, "keep", True) else "Mulligan", a) for a in self._actions("Mulligan")]
            self.prompt.show_prompt(text or "Keep this hand?", choices=choices)
        elif kind == "declare_attackers":
            if self.multiplayer:
                target = self.declared.defender or default_defender(d, d["player"])
                whom = self._name(int(target[1:])) if isinstance(target, str) else \
                    (self.scene.object(target) or {}).get("name", "a planeswalker")
                text = (f"Click creatures to attack {objective(whom)}; click another player or a planeswalker "
                        "to send the last ones there. OK when done.")
            choices = None
            if self.banding_offered:
                # 508.1e, 702.22c: creatures with banding may attack in a band, announced with the attackers
                text = f"{text or 'Click creatures to attack with, then OK.'} Band (B) bands the ones clicked last."
                choices = [("Band (B)", BAND)]
            self.prompt.show_prompt(text or "Click creatures to attack with, then OK.", ok="Attack", choices=choices)
        elif kind == "declare_blockers":
            self.prompt.show_prompt(text or "Click one of your creatures, then the attacker it blocks; OK when done.",
                                    ok="Block")
        elif kind == "assign_damage":
            self.prompt.show_prompt(text or "Assign combat damage.", ok="Assign as suggested",
                                    choices=[("Divide damage…", DIVIDE)])
        elif self.by_hand:
            self.prompt.show_prompt(f"{text}. Carry it out on the table: drag cards, right-click a card or a player "
                                    "(tap, counters, life, reveal), the Sandbox menu for tokens and draws. "
                                    "Then Done (Enter).", choices=[("Done", DONE)])
            return
        else:
            others = [o for o in d.get("options", []) if self._clickable(o) is None]
            choices = [(describe_option(o, self.snapshot), o) for o in others]
            if len(choices) > MAX_CHOICE_BUTTONS:
                choices = [("Choose from a list…", LIST)]
            single = d.get("max", 1) == 1 and d.get("min", 1) == 1
            self.prompt.show_prompt(text or "Choose.", ok=None if single else "OK",
                                    ok_enabled=self._choice_complete(), choices=choices, can_cancel=cancel,
                                    checkable=not single)
            return
        if cancel:
            self.prompt.cancel_button.setVisible(True)
        self._update_ok()

    def _clickable(self, option: Any) -> str | None:
        """'object' or 'player' when a choice is made by clicking the table, else None (a button)."""
        if isinstance(option, bool):
            return None
        if isinstance(option, int) and self.scene.item_for_object(option) is not None:
            return "object"
        if isinstance(option, str) and option.startswith("P") and option[1:].isdigit():
            return "player"
        return None

    def _choice_complete(self) -> bool:
        d = self.decision or {}
        return d.get("min", 1) <= len(self.selected) <= d.get("max", 1)

    def _update_ok(self) -> None:
        d = self.decision or {}
        if d.get("kind") == "choose":
            self.prompt.set_ok_enabled(self._choice_complete())

    def _mark(self) -> None:
        """Highlights: playable cards, legal targets, what is selected; arrows for choices in progress."""
        marks: dict[int, set[str]] = {}
        players: set[int] = set()
        arrows: list[tuple[Any, Any, str]] = []
        d = self._my_decision()
        if d is not None:
            kind = d["kind"]
            if kind == "priority":
                for a in d.get("actions", []):
                    if type(a).__name__ == "TriggerByHand":
                        continue  # offered on the card (its menu), not lit at every priority
                    oid = getattr(a, "card", None) if type(a).__name__ in ("PlayLand", "CastSpell", "TurnFaceUp") else \
                        getattr(a, "source", None)
                    if isinstance(oid, int):
                        marks.setdefault(oid, set()).add("playable")
                if self._actions("PutCompanionIntoHand"):
                    marks.setdefault(companion_id(d["player"]), set()).add("playable")  # 116.2g
            elif kind == "choose":
                for option in d.get("options", []):
                    how = self._clickable(option)
                    if how == "object":
                        marks.setdefault(option, set()).add("target")
                    elif how == "player":
                        players.add(int(option[1:]))
                for option in self.selected:
                    if isinstance(option, int):
                        marks.setdefault(option, set()).add("selected")
                if self.source is not None and self.scene.item_for_object(self.source) is not None:
                    marks.setdefault(self.source, set()).add("selected")
                    arrows.extend((self.source, option, "target") for option in self.selected)
            elif kind == "declare_attackers":
                self.declared.mark(kind, self._attack_candidates(), marks, arrows)
            elif kind == "declare_blockers":
                self.declared.mark(kind, self._block_candidates(), marks, arrows)
        self.scene.set_marks(marks, players)
        self.scene.set_arrows(arrows)

    # -- sending --------------------------------------------------------------------------------------
    def _send(self, action: Any, text: str | None = None) -> None:
        self.busy = True
        if self.decision is not None:
            self.happened[self.decision["player"]] = set()
        if type(action).__name__ in ("CastSpell", "ActivateAbility"):
            self.source = getattr(action, "card", None) or getattr(action, "source", None)
        elif type(action).__name__ != "Choose":
            self.source = None
        if self.sandbox:
            self.undo_stack.push(SandboxCommand(self.host, self.game_id, action, text or type(action).__name__))
        else:
            self.host.submit.emit(action, self.game_id)

    def concede(self) -> None:
        """The seat's player concedes (104.3a); against the AI that is always the person."""
        if self.config is None or self.snapshot.get("game_over"):
            return
        self.host.submit.emit(A.Concede(self.seat), self.game_id)

    def _player(self) -> int | None:
        d = self._my_decision()
        return d["player"] if d is not None else None

    @Slot()
    def pass_priority(self) -> None:
        d = self._my_decision()
        if d is not None and d["kind"] == "priority" and self._may_skip(d, None):
            self._send(A.PassPriority(d["player"]), "Pass")

    def pass_until(self, mode: PassMode) -> None:
        """Passes now and on every priority until `mode`'s moment (F4, F6, F8)."""
        d = self._my_decision()
        if d is None or d["kind"] != "priority" or not self._may_skip(d, mode):
            return
        self.pass_modes[d["player"]] = (mode, self.snapshot.get("turn"))
        self.status.emit(f"Passing until {mode.value}. F3 stops.")
        self._send(A.PassPriority(d["player"]), "Pass")

    @Slot()
    def stop_passing(self) -> None:
        """F3: no more passing on request; the next stop is an ordinary one."""
        if self.pass_modes:
            self.pass_modes.clear()
            self.status.emit("Passing stopped: the game stops at your stops again.")

    def _may_skip(self, d: dict, mode: PassMode | None) -> bool:
        """Never lose the rest of one's own turn to a stray key: asks first when cards could still be played
        (a land, or a spell the mana on hand pays for) and the pass would reach no other stop this turn."""
        player = d["player"]
        if (not self.settings.warn_pass_with_plays or self.snapshot.get("active") != player
                or self.snapshot.get("stack") or str(self.snapshot.get("step")) not in MAIN_STEPS):
            return True
        stops = self._stops_for(player) - NO_PRIORITY_STEPS
        if mode is None and stops.intersection(later_steps(str(self.snapshot.get("step")))):
            return True
        playable = [a for a in d.get("actions", []) if type(a).__name__ in ("PlayLand", "CastSpell")]
        if not playable:
            return True
        never = QCheckBox("Don't warn me again (Settings)")
        answer = ask(self.prompt.window(), "Pass the rest of your turn?",
                     f"{subject(self._name(player), 'has')} cards that could still be played this turn. Pass anyway?",
                     default=Button.No, check=never)  # a second stray key press does not pass either
        if never.isChecked():
            self.settings.warn_pass_with_plays = False
        return answer == Button.Yes

    # -- take-backs -----------------------------------------------------------------------------------
    @Slot()
    def take_back(self) -> None:
        """Ctrl+Z in rules mode: back to this player's last priority decision."""
        self._take_back(False)

    @Slot()
    def roll_back_turn(self) -> None:
        """Ctrl+Shift+R: back to the start of this turn (against the AI: as far as nothing hidden was shown)."""
        self._take_back(True)

    def can_take_back(self, whole_turn: bool) -> bool:
        """Whether Ctrl+Z (or, `whole_turn`, Ctrl+Shift+R) would take something back now."""
        if self.config is None or self.sandbox or self.snapshot.get("game_over"):
            return False
        view = self.snapshot.get("take_back") or {}
        return bool(view.get("turn") if whole_turn else (view.get("undo") or {}).get(self._taker()))

    def take_back_blocked(self, revealed: str | None = None) -> str:
        """Why nothing can be taken back, as the players read it (`revealed`: the engine thread's latest word
        on what showed hidden information; else the snapshot's)."""
        if revealed is None:
            revealed = (self.snapshot.get("take_back") or {}).get("revealed", "")
        if revealed:
            return f"Nothing to take back: hidden information was revealed since ({self._words(revealed)})."
        return "Nothing to take back."

    def _taker(self) -> int:
        """Who asks for a take-back: the person against the AI, the seat's player in pass-and-play."""
        return self.seat

    def _take_back(self, whole_turn: bool) -> None:
        if self.busy or not self.can_take_back(whole_turn):
            return
        player = self._taker()
        if self.hotseat and not all(self._other_agrees(other, player, whole_turn)
                                    for other in self.humans - {player}):
            self.status.emit("Take-back declined.")
            return
        self.pass_modes.clear()
        self.busy = True
        self.host.take_back.emit(player, whole_turn, self.game_id)

    def _other_agrees(self, asked: int, player: int, whole_turn: bool) -> bool:
        """Pass-and-play: another person says yes or no (the dialog is theirs: its default is No)."""
        other = self._name(asked)
        what = "roll back to the start of this turn" if whole_turn else "take back their last actions"
        return ask(self.prompt.window(), "Allow a take-back?",
                   f"{other}: {self._name(player)} asks to {what}. Do you agree?", default=Button.No) == Button.Yes

    @Slot(str)
    def _on_take_back_refused(self, revealed: str) -> None:
        self.busy = False
        self.status.emit(self.take_back_blocked(revealed))

    @Slot()
    def cancel(self) -> None:
        d = self._my_decision()
        if d is None:
            return
        if self.selected or self.declared:
            self.selected = []
            self.declared.clear()
            self._mark()
            self._update_ok()
            return
        for a in self._actions("Cancel"):
            self._send(a, "Cancel")
            return

    @Slot()
    def ok(self) -> None:
        d = self._my_decision()
        if d is None:
            return
        kind, player = d["kind"], d["player"]
        if kind in ("declare_attackers", "declare_blockers"):
            self._send(self.declared.action(kind, player), "Attack" if kind == "declare_attackers" else "Block")
        elif kind == "assign_damage":
            actions = self._actions("AssignDamage")
            if actions:
                self._send(actions[0], "Assign damage")
        elif self.by_hand:
            self._send(A.Choose(player, (DONE,)), "Done")
        elif kind == "choose" and self._choice_complete():
            self._send(A.Choose(player, tuple(self.selected)), "Choose")

    @Slot(object)
    def _on_choice(self, value: Any) -> None:
        d = self._my_decision()
        if d is None:
            return
        if d["kind"] == "mulligan":
            self._send(value, "Keep" if getattr(value, "keep", True) else "Mulligan")
            return
        if d["kind"] == "declare_attackers" and value == BAND:
            self.band_attackers()
            return
        if d["kind"] == "assign_damage" and value == DIVIDE:
            self._divide_damage(d)
            return
        if value == LIST:
            self._choose_from_list(d)
            return
        self._pick(value)

    def _pick(self, option: Any) -> None:
        d = self._my_decision()
        if d is None or option not in d.get("options", []):
            return
        if d.get("max", 1) == 1 and d.get("min", 1) == 1:
            self._send(A.Choose(d["player"], (option,)), "Choose")
            return
        if option in self.selected:
            self.selected.remove(option)
        elif len(self.selected) < d.get("max", 1):
            self.selected.append(option)
        self._mark()
        self._update_ok()

    def _choose_from_list(self, d: dict) -> None:
        others = [o for o in d.get("options", []) if self._clickable(o) is None]
        dialog = ListChoiceDialog(d.get("prompt") or "Choose", [(describe_option(o, self.snapshot), o) for o in others],
                                  d.get("min", 1), d.get("max", 1), self.prompt.window())
        if run_modal(dialog):
            self._send(A.Choose(d["player"], tuple(dialog.chosen())), "Choose")

    def _divide_damage(self, d: dict) -> None:
        sources, recipients = damage_division(d, self.snapshot, self.scene.object)
        suggested = self._actions("AssignDamage")
        suggestion = getattr(suggested[0], "assignment", {}) if suggested else {}
        dialog = DamageDialog(sources, recipients, suggestion, self.prompt.window())
        if run_modal(dialog):
            self._send(A.AssignDamage(d["player"], dialog.assignment()), "Assign damage")

    # -- table gestures -------------------------------------------------------------------------------
    def _can_drag(self, obj: dict, zone: str) -> bool:
        if obj.get("hidden") or self.busy or self.hiding or self.config is None or zone == "outside":
            return False  # a companion outside the game is clicked, not moved (116.2g)
        if self.table_free:
            return True
        d = self._my_decision()
        if d is None:
            return False
        if d["kind"] == "declare_attackers":
            return obj["id"] in self._attack_candidates()
        if d["kind"] == "declare_blockers":
            return obj["id"] in self._block_candidates()
        return zone == "hand" and obj.get("owner") == d["player"]

    @Slot(object, str, str, int, object)
    def _on_drop(self, obj: dict, from_zone: str, to_zone: str, to_player: int, onto: dict | None) -> None:
        d = self._my_decision()
        if self.table_free:
            self._sandbox_move(obj, to_zone, to_player, onto)
            return
        if d is not None and d["kind"] == "priority" and from_zone == "hand" and to_zone in ("battlefield", "stack"):
            self._play(obj, d["player"])  # the card waits where it was dropped for the engine's answer
            return
        self.scene.settle(obj)
        if d is None:
            return
        if d["kind"] == "declare_attackers" and to_zone in ("battlefield", "player") and to_player != d["player"]:
            self.declared.attack_with(obj["id"], to_player, onto)
            self._mark()
        elif d["kind"] == "declare_blockers" and onto is not None:
            self.declared.blocker = obj["id"]
            self._block_click(onto["id"])

    def castable_ids(self) -> frozenset[int]:
        """The cards the engine lists a cast for now (from the hand, a graveyard or exile)."""
        return frozenset(a.card for a in self._actions("CastSpell"))

    def play_card(self, obj: dict) -> None:
        """Plays or casts a card chosen outside the table (a graveyard or exile browsed)."""
        d = self._my_decision()
        if d is not None and d["kind"] == "priority":
            self._play(obj, d["player"])

    def _play(self, obj: dict, player: int) -> None:
        ways = self._ways_offered(obj)
        if len(ways) > 1:
            # A card with several faces to cast or play asks which (709.3, 702.102a, 712.11b, 712.12, 715.3).
            chosen = self._menu([(way_label(obj, kind, face, alt), (kind, face, alt))
                                 for kind, face, alt in ways], self._cursor())
            if chosen is not None:
                label, (kind, face, alt) = chosen
                self._send(self._way(player, obj, kind, face, alt), label)
            return
        if ways:
            kind, face, alt = ways[0]
            self._send(self._way(player, obj, kind, face, alt), way_label(obj, kind, face, alt))
        elif "Land" in (obj.get("types") or []):
            self._send(A.PlayLand(player, obj["id"]), f"Play {obj.get('name')}")
        else:
            # Not among the casts the engine can complete: its reason is asked for before any choice (601.2).
            self.busy = True
            self.host.explain.emit(A.CastSpell(player, obj["id"]), self.game_id)

    def _ways_offered(self, obj: dict) -> list[tuple[str, int | None, str | None]]:
        """("play" | "cast", face, "flashback" or None) for each way the engine lists to play or cast this
        card now; the targets and other choices are asked as the cast goes on."""
        out: list[tuple[str, int | None, str | None]] = []
        for kind, cls in (("play", "PlayLand"), ("cast", "CastSpell"), ("foretell", "Foretell"), ("suspend", "Suspend")):
            for a in self._actions(cls):
                # Flashback, face down (702.37c) and a foretold card's cast (702.143a) are ways of their own;
                # other alternative costs stay as they were (the plain cast is offered).
                alt = getattr(a, "alt", None) if kind == "cast" else None
                way = (kind, getattr(a, "face", None), alt if alt in WAYS_OF_CASTING else None)
                if a.card == obj["id"] and way not in out:
                    out.append(way)
        return out

    @staticmethod
    def _way(player: int, obj: dict, kind: str, face: int | None, alt: str | None) -> A.Action:
        if kind == "foretell":
            return A.Foretell(player, obj["id"])
        if kind == "suspend":
            return A.Suspend(player, obj["id"])
        if kind == "play":
            return A.PlayLand(player, obj["id"], face=face)
        return A.CastSpell(player, obj["id"], face=face, alt=alt)

    @Slot(object)
    def _on_card_clicked(self, obj: dict) -> None:
        if self.table_free and obj.get("zone") == "battlefield":
            # A double-click taps or untaps; its first click must not also use the card (free mana).
            self._pending_click = obj
            self._click_timer.start(QApplication.doubleClickInterval())
            return
        self._click(obj)

    @Slot()
    def _on_click_timeout(self) -> None:
        obj, self._pending_click = self._pending_click, None
        if obj is not None:
            self._click(obj)

    def _click(self, obj: dict) -> None:
        d = self._my_decision()
        if d is None:
            return
        oid = obj["id"]
        kind = d["kind"]
        if kind == "choose":
            self._pick(oid)
        elif kind == "declare_attackers":
            self._toggle_attacker(oid, d["player"])
        elif kind == "declare_blockers":
            self._block_click(oid)
        elif kind == "priority" and obj.get("zone") == "outside":
            if obj.get("owner") == d["player"]:  # another player's companion is only looked at
                self.put_companion_into_hand()
        elif kind == "priority":
            # 903.8: a commander is cast from the command zone like a card from the hand
            if obj.get("zone") in ("hand", "exile", "command") and obj.get("owner") == d["player"] and not self.sandbox:
                self._play(obj, d["player"])
            else:
                self._activate(obj, d["player"])

    def _activate(self, obj: dict, player: int, at: QPoint | None = None) -> None:
        """Activate one of the permanent's abilities (a menu when it has several, or a triggered ability
        played by hand: "This triggered now", 603.3); targets are asked next."""
        face_ups = [a for a in self._actions("TurnFaceUp") if a.card == obj["id"]]
        if face_ups:
            # 116.2b / 702.37e: turning a face-down permanent face up is a special action. The engine lists one
            # for each way to pay a morph cost with an object ("Reveal a white card in your hand") or with {X}.
            if len(face_ups) == 1:
                self._send(face_ups[0], "Turn a permanent face up")
                return
            menu = QMenu()
            for a in face_ups:
                menu.addAction(self._face_up_label(a)).setData(a)
            chosen = menu.exec(at or self._cursor())
            if chosen is not None:
                self._send(chosen.data(), "Turn a permanent face up")
            return
        name = obj.get("name", "")
        indexes = sorted({getattr(a, "index", 0) for a in self._actions("ActivateAbility")
                          if getattr(a, "source", None) == obj["id"]})
        triggers = [a for a in self._actions("TriggerByHand") if a.source == obj["id"]]
        if not indexes and not triggers:
            mana = mana_ability_index(obj)
            if mana is not None and obj.get("controller") == player and not obj.get("tapped"):
                # Paying by hand: mana abilities are not listed as actions, but may be activated (605.3a).
                self._send(A.ActivateAbility(player, obj["id"], mana), f"Tap {name}")
            return
        texts = obj.get("abilities") or []
        entries = [(card_text(texts[i], name) if i < len(texts) else f"Ability {i + 1}",
                    A.ActivateAbility(player, obj["id"], i), f"Activate {name}") for i in indexes]
        hand_triggers = obj.get("hand_triggers") or []
        entries += [(f"This triggered now: {hand_triggers[a.index] if a.index < len(hand_triggers) else name}", a,
                     f"{name}'s ability triggered") for a in triggers]
        if len(entries) == 1 and not triggers:
            self._send(entries[0][1], entries[0][2])
            return
        menu = QMenu()
        for label, action, said in entries:
            menu.addAction(label).setData((action, said))
        chosen = menu.exec(at or self._cursor())
        if chosen is not None:
            self._send(*chosen.data())

    def _face_up_label(self, action: Any) -> str:
        """A menu entry for one way to turn a permanent face up: what pays the morph cost's other part, its X."""
        paid = []
        if action.cost_object is not None:
            paid.append(f"with {(self.scene.object(action.cost_object) or {}).get('name', 'a card')}")
        if action.x is not None:
            paid.append(f"X = {action.x}")
        return "Turn face up" + (f" ({', '.join(paid)})" if paid else "")

    def companion_action(self) -> Any:
        """The special action putting the seat's companion into their hand, if the engine lists it now (116.2g)."""
        return next(iter(self._actions("PutCompanionIntoHand")), None)

    @Slot()
    def put_companion_into_hand(self) -> None:
        """C, or a click on the companion: pay {3} and put it into your hand (116.2g, 702.139a); when the engine
        doesn't list it, why not."""
        d = self._my_decision()
        if d is None:
            return
        action = self.companion_action()
        if action is not None:
            self._send(action, "Put your companion into your hand")
        elif self.snapshot.get("players") and self.snapshot["players"][d["player"]].get("companion"):
            self._refuse("a companion is put into your hand for {3}, once a game, in a main phase of your turn "
                         "with the stack empty (116.2g)")

    def _companion_menu(self, obj: dict, at: QPoint) -> None:
        """A companion's right-click menu: put it into its owner's hand, offered only when the engine lists it."""
        menu = QMenu()
        entry = menu.addAction(f"Put {obj.get('name', 'your companion')} into your hand (pay {{3}})")
        d = self._my_decision()
        entry.setEnabled(self.companion_action() is not None and d is not None and d["player"] == obj.get("owner"))
        if menu.exec(at) is entry:
            self.put_companion_into_hand()

    @staticmethod
    def _cursor() -> QPoint:
        return QCursor.pos()

    @Slot(object)
    def _on_card_double_clicked(self, obj: dict) -> None:
        self._click_timer.stop()
        self._pending_click = None
        if self.table_free and obj.get("zone") == "battlefield" and self.config is not None:
            label, action = sandbox_moves.tap_entry(self.seat, obj)
            self._send(action, f"{label} {obj.get('name')}")

    @Slot(object, QPoint)
    def _on_card_context(self, obj: dict, at: QPoint) -> None:
        d = self._my_decision()
        if obj.get("zone") == "outside":
            self._companion_menu(obj, at)
        elif d is not None and d["kind"] == "declare_attackers" and self.banding_offered:
            self._band_menu(obj, at)
        elif self.table_free:
            self._sandbox_menu(obj, at)
        elif d is not None:
            self._activate(obj, d["player"], at)

    @Slot(int)
    def _on_player_clicked(self, index: int) -> None:
        d = self._my_decision()
        if d is None:
            return
        if d["kind"] == "choose":
            self._pick(player_ref(index))
        elif d["kind"] == "declare_attackers" and index != d["player"]:
            self.declared.attack_player(index)
            self._mark()
            if self.multiplayer:
                self._prompt()  # it names whom new attackers attack

    @Slot(str)
    def _toggle_stop(self, step: str) -> None:
        """A click on the phase bar sets or clears an auto-pass stop (for the seat's turn or the other's)."""
        own = self.snapshot.get("active") == self.seat
        stops = set(self.settings.own_stops if own else self.settings.opponent_stops)
        stops ^= {step}
        if own:
            self.settings.own_stops = frozenset(stops)
        else:
            self.settings.opponent_stops = frozenset(stops)
        self.status.emit(f"Auto-pass {'stops' if step in stops else 'no longer stops'} at "
                         f"{step.replace('_', ' ')} on {'your' if own else 'the opponent’s'} turn.")
        self._draw()

    # -- combat ---------------------------------------------------------------------------------------
    def _attack_candidates(self) -> list[int]:
        return candidates(self.decision, self._actions("DeclareAttackers"), "attacks")

    def _block_candidates(self) -> list[int]:
        return candidates(self.decision, self._actions("DeclareBlockers"), "blocks")

    def _toggle_attacker(self, oid: int, player: int) -> None:
        self.declared.toggle_attacker(oid, self._attack_candidates(), self.scene.object(oid),
                                      default_defender(self.decision, player))
        self._mark()

    @property
    def banding_offered(self) -> bool:
        """The engine lists attack declarations with bands: a creature that can attack has banding (702.22c)."""
        return any(getattr(a, "bands", ()) for a in self._actions("DeclareAttackers"))

    @Slot()
    def band_attackers(self) -> None:
        """B: the attackers clicked last (since the last target clicked or band made) attack as a band (508.1e,
        702.22c); the engine checks the band when the attack is declared."""
        d = self._my_decision()
        if d is None or d["kind"] != "declare_attackers" or not self.banding_offered:
            return
        if not self.declared.band_group():
            self._refuse("click two or more attackers, then Band (B), to have them attack as a band (702.22c)")
            return
        self.status.emit(f"Band {len(self.declared.bands)}: "
                         f"{', '.join((self.scene.object(x) or {}).get('name', '?') for x in self.declared.bands[-1])}.")
        self._mark()

    def _band_menu(self, obj: dict, at: QPoint) -> None:
        """An attacker's right-click menu while attackers are declared with banding offered: band the attackers
        clicked last, or take this one out of its band (702.22c)."""
        menu = QMenu()
        band = menu.addAction("Band the attackers clicked last (B)")
        band.setEnabled(self.declared.can_band())
        number = self.declared.band_of(obj["id"])
        leave = menu.addAction(f"Leave band {number}" if number is not None else "Leave its band")
        leave.setEnabled(number is not None)
        chosen = menu.exec(at)
        if chosen is band:
            self.band_attackers()
        elif chosen is leave:
            self.declared.leave_band(obj["id"])
            self._mark()

    def _block_click(self, oid: int) -> None:
        d = self.decision or {}
        attacking = {int(k) for k, target in ((self.snapshot.get("combat") or {}).get("attackers") or {}).items()
                     if self._attacks_player(target, d.get("player"))}
        self.declared.block_click(oid, self._block_candidates(), attacking)
        self._mark()

    def _attacks_player(self, target: Any, player: int | None) -> bool:
        """Whether an attacker's target is this player or a planeswalker of theirs: a defending player
        blocks only what attacks them (802.4a, 509.1a)."""
        if isinstance(target, str):
            return target == player_ref(player) if player is not None else False
        return (self.scene.object(int(target)) or {}).get("controller") == player

    # -- sandbox --------------------------------------------------------------------------------------
    def _sandbox_move(self, obj: dict, to_zone: str, to_player: int, onto: dict | None = None) -> None:
        entry = sandbox_moves.drop_action(self.seat, obj, to_zone, to_player, onto)
        if entry is None:
            self.scene.settle(obj)
            return
        text, action = entry
        self._send(action, text)

    def sandbox_action(self, action_name: str, /, **kwargs: Any) -> None:
        """A sandbox command by the engine's action name (`SandboxDraw`, `SandboxLife`, ...) for the seat (also
        while a resolution is carried out by hand: the engine refuses what is not a by-hand tool)."""
        if not self.table_free or self.busy:
            return
        text, action = sandbox_moves.named_action(self.seat, action_name, **kwargs)
        self._send(action, text)

    def sandbox_mulligan(self) -> None:
        """The seat's hand goes into the library, which is shuffled, and one card fewer is drawn (103.5)."""
        if not self.sandbox or self.busy:
            return
        players = self.snapshot.get("players", [])
        if self.seat >= len(players):
            return
        hand = [o for o in players[self.seat].get("hand", []) if not o.get("hidden")]
        self.busy = True
        self.undo_stack.beginMacro("Mulligan")
        for text, action in sandbox_moves.mulligan(self.seat, hand):
            self.undo_stack.push(SandboxCommand(self.host, self.game_id, action, text))
        self.undo_stack.endMacro()

    @Slot(int, QPoint)
    def _on_player_context(self, index: int, at: QPoint) -> None:
        """Sandbox (and by hand): a player's life and poison counters, from the right-click menu of their panel."""
        if not self.table_free or self.busy:
            return
        chosen = self._menu(sandbox_moves.player_menu(self.seat, index), at)
        if chosen is not None:
            label, action = chosen
            self._send(action, f"{self._name(index)}: {label.lower()}")

    def _sandbox_menu(self, obj: dict, at: QPoint) -> None:
        chosen = self._menu(sandbox_moves.card_menu(self.seat, obj), at)
        if chosen is not None:
            label, action = chosen
            self._send(action, f"{label}: {obj.get('name', 'card')}")

    @staticmethod
    def _menu(entries: list[tuple[str, Any]], at: QPoint) -> tuple[str, Any] | None:
        menu = QMenu()
        for label, action in entries:
            menu.addAction(label).setData((label, action))
        chosen = menu.exec(at)
        return chosen.data() if chosen is not None else None
