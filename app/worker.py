"""The engine's thread: a worker QObject, moved to a QThread, that owns the `engine.Game`.

The GUI sends intents (engine action objects) through queued signals; the worker applies them and
answers `accepted(events, snapshot)` or `refused(reason, snapshot)`. The opponent's AI runs here too,
one action at a time on a QTimer so a person can follow it. Nothing here runs on the GUI thread.
"""
from __future__ import annotations

import inspect
import json
import re
import sys
import threading
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

from app.savefile import SaveError, read_save, save_envelope, write_atomic
from app.wording import subject
from cardsdb import limits
from cardsdb.database import CardDatabase
from cardsdb.source import DatabaseSource

PERSON = "person"  # a seat played by someone at this screen (GameConfig.seats)
AI_LEVELS = ("random", "easy", "medium", "hard")  # engine.ai.LEVELS, named here without importing the engine
MIN_SEATS, MAX_SEATS = 2, 6  # a game has two to six players (the engine's Game.new)
SEED_LIMIT = 10 ** 12  # engine.core.savecheck.BIG: a game's seed past it makes a save the engine refuses
_CONTROL = re.compile(limits.CONTROL_CHARACTERS)
AI_PASS_DELAY_MS = 40  # an AI pass is not worth watching; its real actions wait for the pace
MAX_TRIAL_CHOICES = 12  # choices answered while trying a cast on a copy (modes, X, targets, costs)
MAX_TAKE_BACK_POINTS = 400  # states kept for take-backs (pass-and-play keeps this turn's and the last one's)
# Events after which a take-back against the AI would let a player see what was hidden: a card drawn, a
# library looked at or shuffled (a random result), a card revealed or discarded (possibly at random).
REVEALING_EVENTS = frozenset({"draw", "draw_empty", "shuffle", "reveal", "scry", "surveil", "discard",
                              "mulligan", "keep", "game_start", "look"})


def _items(value: Any) -> list[Any]:
    """A list from a save's settings; anything else (text, a number, an object) is no list ManaTable wrote."""
    if not isinstance(value, list):
        raise TypeError(f"{type(value).__name__} where a list belongs")
    return value


def _companions(value: Any) -> list[str | None]:
    """Each player's companion from a save's settings: a card name or null (none)."""
    if not all(v is None or isinstance(v, str) for v in _items(value)):
        raise TypeError("a companion is neither a card name nor none")
    return list(value)


def _words(value: Any) -> list[str]:
    """A list of texts from a save's settings (names, card names, seat kinds): never str() of something else."""
    if not all(isinstance(v, str) for v in _items(value)):
        raise TypeError("a list holds something other than text")
    return list(value)


@dataclass
class GameConfig:
    """What a new game needs; saved with the game so loading and rematch restore it."""

    decks: list[list[str]]
    names: list[str] = field(default_factory=lambda: ["You", "Opponent"])
    deck_titles: list[str] = field(default_factory=lambda: ["", ""])
    opponent: str = "ai"  # "ai" or "hotseat"
    enforce: bool = True
    starting_player: int | None = None
    seed: int | None = None
    puzzle: str | None = None  # a scenario file played as a puzzle (the decks are then unused)
    ai_level: str = "medium"  # engine.ai.LEVELS: "random", "easy", "medium", "hard"
    by_hand: bool = False  # rules enforced, text the engine can't read played by hand (engine.effects.by_hand)
    commanders: list[list[str]] | None = None  # a Commander game (903): each player's commander(s)
    # Each player's companion revealed from outside the game (103.2b, 702.139a), None for none; None: nobody's
    companions: list[str | None] | None = None
    # Who plays each seat, in turn order: PERSON or an AI level. None: the two-player game of `opponent`
    # and `ai_level` (a person in seat 0; the AI or a second person in seat 1).
    seats: list[str] | None = None

    def __post_init__(self) -> None:
        if not any(self.deck_titles):       # no titles given: one empty title a deck, however many players
            self.deck_titles = [""] * len(self.decks)
        if self.seats is not None:  # `opponent` kept in step for the two-player code and older readers
            self.opponent = "hotseat" if self.seats.count(PERSON) > 1 else "ai"

    def to_json(self) -> dict[str, Any]:
        return {"decks": self.decks, "names": self.names, "deck_titles": self.deck_titles,
                "opponent": self.opponent, "enforce": self.enforce,
                "starting_player": self.starting_player, "seed": self.seed, "puzzle": self.puzzle,
                "ai_level": self.ai_level, "by_hand": self.by_hand, "commanders": self.commanders,
                "seats": self.seats, "companions": self.companions}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:  # JSON's \ud800 escapes spell text no window can show
            raise SaveError("the game settings in the file hold text that is not valid Unicode") from None
        try:
            config = cls(decks=[_words(d) for d in _items(data["decks"])], names=_words(data["names"]),
                         deck_titles=_words(data.get("deck_titles", [""] * len(data["decks"]))),
                         opponent=str(data["opponent"]), enforce=data["enforce"],
                         starting_player=data.get("starting_player"), seed=data.get("seed"),
                         puzzle=data.get("puzzle"), ai_level=str(data.get("ai_level", "medium")),
                         by_hand=data.get("by_hand", False),
                         commanders=None if data.get("commanders") is None
                         else [_words(c) for c in _items(data["commanders"])],
                         seats=None if data.get("seats") is None else _words(data["seats"]),
                         companions=None if data.get("companions") is None else _companions(data["companions"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"the game settings in the file are incomplete ({exc})") from exc
        players = len(config.decks)
        if (config.opponent not in ("ai", "hotseat") or not MIN_SEATS <= players <= MAX_SEATS
                or len(config.names) != players
                or not (config.seats is None or (len(config.seats) == players and config.people
                                                 and all(k == PERSON or k in AI_LEVELS for k in config.seats)))
                or (config.seats is None and players != 2)
                or type(config.enforce) is not bool or type(config.by_hand) is not bool or any(len(name) > limits.NAME_CHARS for name in config.names)
                or config.starting_player not in (None, *range(players)) or type(config.starting_player) is bool
                or not (config.seed is None or (type(config.seed) is int and abs(config.seed) <= SEED_LIMIT))
                or config.ai_level not in AI_LEVELS or len(config.deck_titles) != players
                or any(len(title) > 2 * limits.NAME_CHARS for title in config.deck_titles)
                or any(_CONTROL.search(name) for name in config.names)
                or not (config.puzzle is None or isinstance(config.puzzle, str))
                or any(len(deck) > limits.DECK_CARDS for deck in config.decks)
                or any(len(name) > limits.NAME_CHARS for deck in config.decks for name in deck)
                or not (config.commanders is None or (len(config.commanders) == players and all(
                    1 <= len(c) <= 2 and all(len(n) <= limits.NAME_CHARS for n in c) for c in config.commanders)))
                or not (config.companions is None or (len(config.companions) == players and all(
                    n is None or len(n) <= limits.NAME_CHARS for n in config.companions)))):
            raise SaveError("the game settings in the file are not ones ManaTable writes")
        return config

    @property
    def kinds(self) -> list[str]:
        """Each seat's player: PERSON or an AI level."""
        if self.seats is not None:
            return list(self.seats)
        return [PERSON, self.ai_level if self.opponent == "ai" else PERSON]

    @property
    def ai_players(self) -> frozenset[int]:
        return frozenset(i for i, kind in enumerate(self.kinds) if kind != PERSON)

    @property
    def people(self) -> list[int]:
        """The seats played by people at this screen, in turn order."""
        return [i for i, kind in enumerate(self.kinds) if kind == PERSON]

    @property
    def hotseat(self) -> bool:
        """Pass-and-play: more than one person shares the screen, each sees only their own hand."""
        return len(self.people) > 1


@dataclass
class TakeBackPoint:
    """The game as it was before a person's action, kept so the action can be taken back."""

    game: Any
    turn: int
    player: int
    deliberate: bool  # the player decided there (an automatic pass is not a point to go back to)
    priority: bool  # the decision was priority (117.1), the point an undo goes back to
    texts: list[str] = field(default_factory=list)  # what the action and its aftermath did, for the log


def revealing_event(event: dict[str, Any]) -> bool:
    """Whether an event showed hidden information: a card left a library, or one of REVEALING_EVENTS."""
    if event["kind"] in REVEALING_EVENTS:
        return True
    return event["kind"] == "zone_change" and event["data"].get("from") == "library"


def is_sandbox_action(action: object) -> bool:
    # the engine is imported on the engine thread on first use (launch time); an action exists only after that
    from engine.core.player_actions import SandboxAction
    return isinstance(action, SandboxAction)


def event_dicts(events: list[Any]) -> list[dict[str, Any]]:
    out = []
    for e in events:
        kind = getattr(e, "kind", "")
        out.append({"kind": str(getattr(kind, "value", kind)), "data": getattr(e, "data", {}) or {},
                    "text": str(getattr(e, "text", ""))})
    return out


def decision_view(game: Any, with_actions: bool) -> dict[str, Any] | None:
    """The pending decision in plain data, with the legal actions for the one who must answer it."""
    if game.is_over:
        return None
    d = game.pending
    if d is None:
        return None
    kind = getattr(d.kind, "value", d.kind)
    view = {"player": d.player, "kind": str(kind), "prompt": str(d.prompt or ""),
            "options": list(d.options or []), "min": d.min, "max": d.max, "data": dict(d.data or {})}
    if with_actions:
        view["actions"] = list(game.legal_actions())
        view["labels"] = option_labels(game, view["options"])
    return view


def option_labels(game: Any, options: list[Any]) -> dict[Any, str]:
    """Names for options that are objects, including ones the snapshot does not show (a card searched
    for in a library is offered by id). The documented API has no call for this yet, so the engine's
    own object view is used when it is there."""
    try:
        from engine.loop.view import object_view
    except ImportError:
        return {}
    labels = {}
    for option in options:
        if isinstance(option, int) and not isinstance(option, bool):
            try:
                labels[option] = str(object_view(game, option).get("name") or option)
            except (KeyError, AttributeError):
                continue  # not an object after all: shown as the value itself
    return labels


def companion_id(player: int) -> int:
    """The id the table knows a player's companion outside the game by: no game object has it (ids count up
    from 0), since the companion is not in the game until it is put into its owner's hand (702.139c)."""
    return -1 - player


def companion_cards(snap: dict[str, Any]) -> None:
    """Each player's companion outside the game (the snapshot's face view of it; 103.2b: revealed, so public;
    702.139a) as a card view the table draws like another card, with its `companion_id`."""
    for view in snap.get("players", []):
        face = view.get("companion")
        if face is None:
            continue
        view["companion"] = {
            **face, "id": companion_id(view["index"]), "card_id": None, "owner": view["index"],
            "controller": view["index"], "zone": "outside", "tapped": False, "face_down": False, "token": False,
            "counters": {}, "damage": 0, "attached_to": None, "types": face["type_line"].split(" —")[0].split(),
            "sick": False, "abilities": []}


def engine_ai(config: "GameConfig", player: int, level: str) -> Any:
    """The engine's AI player (engine.ai) for a seat, knowing its own deck list."""
    from engine.ai import make_player

    seed = (config.seed or 0) + 1 + player
    return make_player(level, seed, deck=config.decks[player] or None)


def close_ais(ais: dict[int, Any]) -> None:
    """Ends what the AI players of a game left behind hold (the hard level's helper processes, engine.ai.helpers)."""
    for ai in ais.values():
        close = getattr(ai, "close", None)      # only the search player holds processes
        if close is not None:
            close()


class EngineWorker(QObject):
    """Owns the game. Lives in the engine thread; every slot runs there."""

    started = Signal(object, object)  # snapshot, GameConfig
    accepted = Signal(object, object)  # events (list of dicts), snapshot
    refused = Signal(str, object)  # reason, snapshot
    failed = Signal(str)  # a game could not be started, loaded or saved
    fault = Signal(str)  # the engine failed on an action: the game was rolled back and a report written
    saved = Signal(str)  # path
    explained = Signal(object, str)  # a cast or activation tried on a copy, and the engine's refusal ("" if none)
    refused_take_back = Signal(str)  # nothing to take back; what revealed hidden information last ("" if nothing)

    def __init__(self, game_factory: Callable[..., Any] | None = None,
                 game_loader: Callable[[str], Any] | None = None,
                 illegal: type[Exception] | None = None,
                 ai_factory: Callable[[GameConfig, int, str], Any] = engine_ai,
                 card_database: Callable[[], CardDatabase] = CardDatabase.open_default) -> None:
        """By default the engine's `Game.new`, `Game.from_json`, `IllegalAction` and AI, and the user's card
        database as the source of a new game's cards; tests may pass others."""
        super().__init__()
        self._open_database = card_database
        self._database: CardDatabase | None = None     # opened on the engine thread, on the first new game
        self._factory = game_factory
        self._loader = game_loader
        self._illegal = illegal
        self._ai_factory = ai_factory
        self.game: Any = None
        self.config: GameConfig | None = None
        self.open_hands = False  # pass-and-play shows both hands (Settings); otherwise the decider's only
        self.table_state: dict = {}  # the table's own state saved with the game (sandbox card places)
        self.ai_pace_ms = 600
        self.ais: dict[int, Any] = {}  # each AI seat's player: `choose(game) -> action`
        self._last_person = 0  # pass-and-play: the person who decided last, whose eyes see the AIs play
        self.engine_threads: set[int] = set()  # thread idents that called the engine (tests check it)
        self._undo_points: dict[int, Any] = {}
        self._take_back: list[TakeBackPoint] = []  # rules mode: oldest first, none before hidden information
        self._revealed = ""  # what last revealed hidden information (against the AI), said when no take-back
        self._turn = 0  # the turn of the last snapshot of the installed game
        self.game_id = 0  # intents name the game they were meant for; a late one for an old game is dropped
        self._ai_timer: QTimer | None = None
        self.recovery_dir: Path | None = None  # bug reports and the autosave go here (None: nowhere)
        self._autosaved: tuple[int, Any] | None = None  # (game id, turn) last autosaved

    # -- the engine, reached only through these ---------------------------------------------------
    def _engine(self) -> tuple[Callable[..., Any], Callable[[str], Any]]:
        if self._factory is None or self._loader is None or self._illegal is None:
            from engine import Game, IllegalAction  # imported on the engine thread, on first use

            self._factory = self._factory or Game.new
            self._loader = self._loader or Game.from_json
            self._illegal = self._illegal or IllegalAction
        return self._factory, self._loader

    def _touch(self) -> None:
        self.engine_threads.add(threading.get_ident())

    def _viewer(self, game: Any, config: GameConfig | None) -> int | None:
        """Whose eyes the snapshot is for: the person against the AI; in pass-and-play the person who must
        decide (each sees only their own hand), the last one who did while an AI decides, or nobody in
        particular with open hands."""
        if config is not None and not config.hotseat:
            return config.people[0] if config.people else 0
        if self.open_hands or game.is_over or game.pending is None:
            return None
        if config is not None and game.pending.player in config.ai_players:
            return self._last_person if self._last_person in config.people else config.people[0]
        self._last_person = game.pending.player
        return game.pending.player

    def _snapshot(self, game: Any = None, config: GameConfig | None = None,
                  game_id: int | None = None) -> dict[str, Any]:
        """The snapshot of the installed game, or of a candidate one (a game being loaded)."""
        self._touch()
        if game is None:
            game, config, game_id = self.game, self.config, self.game_id
        viewer = self._viewer(game, config)
        snap = game.snapshot(viewer=viewer)
        companion_cards(snap)
        pending = None if game.is_over else game.pending
        for_a_person = pending is not None and (config is None or pending.player not in config.ai_players)
        snap["decision"] = decision_view(game, with_actions=for_a_person)
        snap["viewer"] = viewer
        snap["game_id"] = game_id
        if game is self.game:
            self._turn = int(snap.get("turn") or 0)
            snap["take_back"] = self._take_back_view()
        return snap

    def _take_back_view(self) -> dict[str, Any]:
        """What can be taken back now: per player an undo to their last priority decision, and the turn."""
        players = len(self.config.decks) if self.config is not None else 2
        undo = {p: self._undo_index(p) is not None for p in range(players)}
        return {"undo": undo, "turn": self._turn_index() is not None, "revealed": self._revealed}

    # -- slots --------------------------------------------------------------------------------------
    @Slot(object)
    def new_game(self, config: GameConfig) -> None:
        self._touch()
        try:
            if config.puzzle is not None:
                game = self._puzzle(config.puzzle)
            else:
                factory, _ = self._engine()
                options: dict[str, Any] = {"decks": config.decks, "seed": 0 if config.seed is None else config.seed,
                                           "starting_player": config.starting_player, "enforce": config.enforce}
                parameters = inspect.signature(factory).parameters
                if "names" in parameters:
                    options["names"] = config.names
                if "source" in parameters:
                    options["source"] = self._card_source()
                if config.by_hand:
                    options["by_hand"] = True
                if config.commanders is not None:
                    options["commanders"] = config.commanders
                if config.companions is not None and any(config.companions):
                    options["companions"] = config.companions  # 103.2b: revealed before the game begins
                game = factory(**options)
        except Exception as exc:  # noqa: BLE001 - any engine error becomes a message, the app goes on
            self.failed.emit(f"The game could not be started: {exc}")
            return
        self._begin(game, config)

    def _card_source(self) -> DatabaseSource:
        """The card database as a game's card source: every card the player imported plays (issue 12).
        A fresh source per game, so cards imported since the last game are found."""
        if self._database is None:
            self._database = self._open_database()
        return DatabaseSource(self._database)

    def _puzzle(self, path: str) -> Any:
        """A scenario file's starting position (FORMAT.md [state]) as a game."""
        from engine import scenario

        loaded = scenario.load(path, self._card_source())
        loaded.build()
        return loaded.game

    @Slot(int)
    def autoplay(self, turns: int) -> None:
        """Every player plays the engine's easy AI until the given turn (demonstrations, screenshots)."""
        game, config = self.game, self.config
        if game is None or config is None:
            return
        self._touch()
        try:
            players = [self._ai_factory(config, p, "easy") for p in range(len(config.decks))]
            for _ in range(20_000):
                if game.is_over or game.pending is None or game.snapshot(viewer=None)["turn"] >= turns:
                    break
                game.apply(players[game.pending.player].choose(game))
        except Exception as exc:  # noqa: BLE001 - reported; the game goes on from where it got
            traceback.print_exc()
            self.failed.emit(f"Autoplay stopped: {type(exc).__name__}: {exc}")
        self._answer(self.accepted, [])
        self._schedule_ai()

    @Slot(str)
    def load_game(self, text: str) -> None:
        self._touch()
        try:
            config_data, game_text = read_save(text)
            config = GameConfig.from_json(config_data)
            _, loader = self._engine()
            game = loader(game_text)
        except SaveError as exc:
            self.failed.emit(f"This file cannot be loaded: {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - a foreign or damaged game state is reported, not raised
            self.failed.emit(f"This file cannot be loaded: the game in it is damaged ({exc})")
            return
        self._begin(game, config, "This file cannot be loaded: the game in it is damaged")

    def _begin(self, game: Any, config: GameConfig, failure: str = "The game could not be started") -> None:
        """Installs a new or loaded game only once it is known to work (an AI set up, a snapshot made, the
        legal actions listed): until then the game in progress, its undo points and its id stay as they were,
        so a damaged save loses nothing and the next Save still writes the game in progress."""
        try:
            kinds = config.kinds
            ais = {p: self._ai_factory(config, p, kinds[p]) for p in sorted(config.ai_players)}
        except Exception as exc:  # noqa: BLE001 - e.g. an unknown level in a saved game: said, not raised
            self.failed.emit(f"{failure}: the AI opponent could not be set up ({exc})")
            return
        self._last_person = config.people[0] if config.people else 0
        try:
            snapshot = self._snapshot(game, config, self.game_id + 1)
        except Exception as exc:  # noqa: BLE001 - a state the engine cannot describe is refused, not installed
            traceback.print_exc()
            self.failed.emit(f"{failure}: the engine cannot show this game ({type(exc).__name__}: {exc})")
            return
        close_ais(self.ais)
        self.game, self.config, self.ais = game, config, ais
        self.game_id += 1
        self._undo_points.clear()
        self._take_back.clear()
        self._revealed = ""
        self.started.emit(snapshot, config)
        self._schedule_ai()

    @Slot(bool)
    def set_open_hands(self, on: bool) -> None:
        self.open_hands = on

    @Slot(dict)
    def set_table_state(self, state: dict) -> None:
        self.table_state = state

    @Slot()
    def refresh(self) -> None:
        """The game as it is, drawn again (after a change of settings)."""
        if self.game is not None:
            self._answer(self.accepted, [])

    @Slot(int)
    def set_ai_pace(self, ms: int) -> None:
        self.ai_pace_ms = max(0, int(ms))

    @Slot(object, int)
    def submit(self, action: Any, game_id: int) -> None:
        if game_id == self.game_id:
            self._apply(action, None)

    @Slot(object, int)
    def submit_auto(self, action: Any, game_id: int) -> None:
        """A pass the app made for a player (auto-pass): taken back with the rest, never gone back to."""
        if game_id == self.game_id:
            self._apply(action, None, deliberate=False)

    # -- take-backs (rules mode) --------------------------------------------------------------------
    def _undo_index(self, player: int) -> int | None:
        for i in range(len(self._take_back) - 1, -1, -1):
            point = self._take_back[i]
            if point.player == player and point.deliberate and point.priority:
                return i
        return None

    def _turn_index(self) -> int | None:
        """The earliest point of this turn; against the AI, the earliest since hidden information was
        revealed (which is where the list starts). None when nobody has decided anything since (only
        automatic passes): going back there would change nothing."""
        for i, point in enumerate(self._take_back):
            if point.turn == self._turn:
                return i if any(p.deliberate for p in self._take_back[i:]) else None
        return None

    @Slot(int, bool, int)
    def take_back(self, player: int, whole_turn: bool, game_id: int) -> None:
        """Back to `player`'s last priority decision, or to the start of this turn; the log says what went."""
        if self.game is None or game_id != self.game_id:
            return
        index = self._turn_index() if whole_turn else self._undo_index(player)
        if index is None:
            self.refused_take_back.emit(self._revealed)
            return
        self._touch()
        if self._ai_timer is not None:
            self._ai_timer.stop()
        point = self._take_back[index]
        texts = [t for p in self._take_back[index:] for t in p.texts]
        del self._take_back[index:]
        self.game = point.game.clone()
        name = self.config.names[player] if self.config is not None else f"Player {player + 1}"
        what = "; ".join(texts) if texts else "nothing the log shows"
        if whole_turn:
            text = f"Rolled back to turn {point.turn} ({subject(name, 'asks')}). Taken back: {what}."
        else:
            text = f"{subject(name, 'takes')} back: {what}."
        self._answer(self.accepted, [{"kind": "take_back", "data": {"player": player, "turn": whole_turn},
                                      "text": text}])
        self._schedule_ai()

    def _after_events(self, events: list[dict[str, Any]], ai_decided: bool = False) -> None:
        """What an action did goes with the last take-back point. Against the AI no take-back reaches back
        past hidden information (a draw, a look at a library, a random result) or an opponent's decision;
        in pass-and-play the other player's OK stands for that, and this turn's and the last one's are kept."""
        if self.config is None or not self.config.enforce:
            return
        shown = [e["text"] or e["kind"] for e in events if revealing_event(e)]
        shown = next((t for t in shown if " " in t), shown[0] if shown else "")  # a sentence if there is one
        if self.config.ai_players and (ai_decided or shown):
            self._take_back.clear()
            self._revealed = shown or "the opponent made a decision"
            return
        if self._take_back:
            self._take_back[-1].texts.extend(e["text"] for e in events if e.get("text"))
            newest = self._take_back[-1].turn
            self._take_back = [p for p in self._take_back if p.turn >= newest - 1][-MAX_TAKE_BACK_POINTS:]

    @Slot(object, int, int)
    def submit_undoable(self, action: Any, token: int, game_id: int) -> None:
        """A sandbox move: the state before it is kept under `token` so the move can be undone."""
        if game_id == self.game_id:
            self._apply(action, token)

    @Slot(int)
    def restore(self, token: int) -> None:
        saved = self._undo_points.get(token)
        if self.game is None or saved is None:
            return
        self._touch()
        self.game = saved.clone()
        self._answer(self.accepted, [{"kind": "undo", "data": {}, "text": "Undone."}])

    @Slot(object, int)
    def explain(self, action: Any, game_id: int) -> None:
        """Whether a cast or activation the legal actions do not list could be completed, and if not the
        engine's reason: tried on a copy, each choice made during it answered with its first options, so
        a spell that cannot be paid is refused before anyone is asked for its targets (601.2)."""
        if self.game is None or game_id != self.game_id:
            return
        self._touch()
        self._engine()
        trial = self.game.clone()
        player = getattr(action, "player", None)
        choose = getattr(sys.modules[type(action).__module__], "Choose")  # the answer type beside the action's
        reason = ""
        try:
            trial.apply(action)
            for _ in range(MAX_TRIAL_CHOICES):
                d = None if trial.is_over else trial.pending
                if d is None or d.player != player or str(getattr(d.kind, "value", d.kind)) != "choose" or \
                        not d.options or not any(type(a).__name__ == "Cancel" for a in trial.legal_actions()):
                    break  # the cast is made, or waits for something else than its caster's choices
                trial.apply(choose(player, tuple(d.options[:max(1, d.min)])))
        except Exception as exc:  # noqa: BLE001 - a refusal is the answer; a fault is reported as one
            if self._illegal is None or not isinstance(exc, self._illegal):
                traceback.print_exc()
                reason = f"the engine failed on this action ({type(exc).__name__}: {exc})"
            else:
                reason = str(exc) or type(exc).__name__
        self.explained.emit(action, reason)

    def _apply(self, action: Any, token: int | None, deliberate: bool = True) -> None:
        if self.game is None:
            return
        self._touch()
        self._engine()
        before = self.game.clone()
        pending = None if self.game.is_over else self.game.pending
        point = None
        if token is None and pending is not None and self.config is not None and self.config.enforce:
            # A move made by hand while a spell or ability resolves is a point to go back to, like priority.
            point = TakeBackPoint(before.clone(), self._turn, pending.player, deliberate,
                                  str(getattr(pending.kind, "value", pending.kind)) == "priority"
                                  or (pending.data or {}).get("choice") == "by_hand")
        try:
            events = self.game.apply(action)
        except Exception as exc:  # noqa: BLE001 - refused either way; a fault is also reported in full
            # The engine undoes an illegal action itself; after a fault in the engine the copy taken
            # before is put back, so a refusal always leaves the game as it was.
            self.game = before
            if self._illegal is None or not isinstance(exc, self._illegal):
                traceback.print_exc()
                reason = f"the engine failed on this action ({type(exc).__name__}: {exc})"
                self._report_fault(exc, action, before)
            else:
                reason = str(exc) or type(exc).__name__
            self._answer(self.refused, reason)
            return
        if token is not None:
            self._undo_points[token] = before
        answered = event_dicts(events)
        if point is not None:
            self._take_back.append(point)
            self._after_events(answered)
        self._autosave(self._answer(self.accepted, answered))
        self._schedule_ai()

    def _answer(self, signal: Any, first: Any) -> dict[str, Any] | None:
        """Emits `signal(first, snapshot)`; a snapshot the engine cannot make is reported instead."""
        snapshot = self._describe()
        if snapshot is not None:
            signal.emit(first, snapshot)
        return snapshot

    def _describe(self) -> dict[str, Any] | None:
        try:
            return self._snapshot()
        except Exception as exc:  # noqa: BLE001 - shown to the player; the details go to the console
            traceback.print_exc()
            self.failed.emit(f"The engine could not describe the game: {type(exc).__name__}: {exc}")
            return None

    def _schedule_ai(self) -> None:
        game, config = self.game, self.config
        if game is None or config is None or game.is_over or game.pending is None:
            return
        if game.pending.player not in config.ai_players:
            return
        if self._ai_timer is None:
            self._ai_timer = QTimer(self)
            self._ai_timer.setSingleShot(True)
            self._ai_timer.timeout.connect(self._ai_step)
        if not self._ai_timer.isActive():
            self._ai_timer.start(self.ai_pace_ms)

    @Slot()
    def _ai_step(self) -> None:
        game, config = self.game, self.config
        if game is None or config is None or game.is_over or game.pending is None:
            return
        ai = self.ais.get(game.pending.player)
        if ai is None:
            return
        self._touch()
        before = game.clone()
        action = None
        try:
            choices = len(game.legal_actions())
            action = ai.choose(game)
            events = game.apply(action)
        except Exception as exc:  # noqa: BLE001 - an AI fault must not kill the thread; the game stays as it was
            traceback.print_exc()
            self.game = before
            self._report_fault(exc, action, before, "The AI could not act")
            return
        answered = event_dicts(events)
        # A pass that was its only legal action tells nothing; any other action is a decision (its hand).
        self._after_events(answered, ai_decided=choices > 1 or type(action).__name__ != "PassPriority")
        self._autosave(self._answer(self.accepted, answered))
        if game.is_over or game.pending is None or game.pending.player not in config.ai_players:
            return
        # Its next action: quickly after a pass, at the reading pace otherwise.
        assert self._ai_timer is not None
        self._ai_timer.start(AI_PASS_DELAY_MS if type(action).__name__ == "PassPriority" else self.ai_pace_ms)

    def _report_fault(self, exc: BaseException, action: Any, before: Any,
                      what: str = "The engine failed on this action") -> None:
        """After an engine fault (the game already rolled back): a bug report, and word to the player."""
        from app.crash_recovery import write_bug_report
        message = f"{what} ({type(exc).__name__}: {exc}). The game was put back as it was before it"
        if self.recovery_dir is not None:
            try:
                config = self.config.to_json() if self.config is not None else None
                path = write_bug_report(self.recovery_dir, exc, action, config,
                                        save_envelope(config or {}, before.to_json()))
                message += f"; a bug report was written to {path}"
            except Exception as report_exc:  # noqa: BLE001 - the report is a courtesy; the game goes on
                message += f"; the bug report could not be written ({report_exc})"
        self.fault.emit(message + ".")

    def _autosave(self, snapshot: dict[str, Any] | None) -> None:
        """Saves the game once a turn (the first action of a game, then each new turn) for recovery."""
        if self.recovery_dir is None or snapshot is None or self.config is None:
            return
        key = (self.game_id, snapshot.get("turn"))
        if key == self._autosaved:
            return
        from app.crash_recovery import write_autosave
        try:
            write_autosave(self.recovery_dir, save_envelope(self.config.to_json(), self.game.to_json(),
                                                            table=self.table_state))
        except (OSError, SaveError) as exc:
            self.failed.emit(f"The game could not be saved automatically: {exc}")
        self._autosaved = key

    @Slot(str, list)
    def save_game(self, path: str, log: list[str]) -> None:
        """The game to a file, with the log the players have read (kept across loading)."""
        if self.game is None or self.config is None:
            self.failed.emit("There is no game to save.")
            return
        self._touch()
        try:
            text = save_envelope(self.config.to_json(), self.game.to_json(), log, self.table_state)
            write_atomic(Path(path), text)
        except (OSError, SaveError) as exc:
            self.failed.emit(f"The game could not be saved: {exc}")
            return
        self.saved.emit(path)


class EngineHost(QObject):
    """Starts the engine thread, moves a worker into it, and offers signals the GUI emits to reach it."""

    new_game = Signal(object)
    load_game = Signal(str)
    submit = Signal(object, int)  # action, game id
    submit_undoable = Signal(object, int, int)  # action, undo token, game id
    submit_auto = Signal(object, int)  # an automatic pass, game id
    take_back = Signal(int, bool, int)  # player, whole turn, game id
    restore = Signal(int)
    save_game = Signal(str, list)  # path, log lines
    set_table_state = Signal(dict)  # what the table keeps in the next save (sent before save_game)
    explain = Signal(object, int)  # action, game id
    set_open_hands = Signal(bool)
    refresh = Signal()
    set_ai_pace = Signal(int)
    autoplay = Signal(int)

    def __init__(self, worker: EngineWorker | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.thread = QThread()
        self.thread.setObjectName("engine")
        self.worker = worker or EngineWorker()
        self.worker.moveToThread(self.thread)
        self.thread.finished.connect(self.worker.deleteLater)
        self.new_game.connect(self.worker.new_game)
        self.load_game.connect(self.worker.load_game)
        self.submit.connect(self.worker.submit)
        self.submit_undoable.connect(self.worker.submit_undoable)
        self.submit_auto.connect(self.worker.submit_auto)
        self.take_back.connect(self.worker.take_back)
        self.restore.connect(self.worker.restore)
        self.save_game.connect(self.worker.save_game)
        self.explain.connect(self.worker.explain)
        self.set_open_hands.connect(self.worker.set_open_hands)
        self.set_table_state.connect(self.worker.set_table_state)
        self.refresh.connect(self.worker.refresh)
        self.set_ai_pace.connect(self.worker.set_ai_pace)
        self.autoplay.connect(self.worker.autoplay)
        self.thread.start()

    def stop(self) -> None:
        if self.thread.isRunning():
            self.thread.quit()
            self.thread.wait(5000)
