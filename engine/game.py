"""The Game: the one public entry to the engine (see docs/ENGINE-API.md).

It holds a GameState, exposes the pending decision and the legal actions, applies one action at a
time (refusing an illegal one with IllegalAction and an unchanged state), and returns the events the
action produced. It never calls out to a UI or an AI.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from engine.board.zones import create_object, put_into_library
from engine.core import player_actions as A
from engine.core.cards import (GRANTED_PREFIX, CardRecordError, CardSource, RecordSource, UnknownCard, UnknownCards, card_def,
                               check_record, default_pool, definition, granted_keyword, record_name, token_def)
from engine.core.dungeons import DUNGEON_TEXT
from engine.core.mana import pool_from_text
from engine.core.enums import Step, Zone, Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.savecheck import MAX_PLAYERS, MIN_PLAYERS, try_playing, validate_definitions, validate_state
from engine.core.state import Decision, GameState
from engine.loop.dispatch import dispatch
from engine.loop.legal import legal_actions as list_legal_actions
from engine.loop.turn import begin_game, run, start_at
from engine.loop.view import snapshot
from engine.query.layers import characteristics
from engine.rules.companion import reveal_companion
from engine.rules.conspiracies import ConspiracyEntry, is_conspiracy, put_conspiracies
from engine.rules.commander import begin_commander_game, designate
from engine.rules.triggers import detect


class UnsupportedCards(ValueError):
    """Cards the Oracle compiler doesn't fully read, refused in a game with rules enforced: each with
    the sentences not read."""

    def __init__(self, cards: list[tuple[str, tuple[str, ...]]]) -> None:
        self.cards = cards
        lines = "\n".join(f"- {name}: " + "; ".join(f"“{u}”" for u in unread) for name, unread in cards)
        super().__init__(f"{len(cards)} card{'s' if len(cards) != 1 else ''} can't be played with rules "
                         f"enforced yet (the engine doesn't read all of their text; play them by hand, or in "
                         f"the sandbox):\n{lines}")



def _check_granted_keywords(state: GameState) -> None:
    """Compiles the definitions a saved game's objects stand for, before play, and checks that each
    keyword its continuous effects grant (kept as text) is one those definitions grant (613.1f)."""
    try:
        for o in state.objects.values():
            if o.is_ability:
                continue
            if o.token is not None:
                token_def(o.token)        # a copy's spec names what it copies: that must compile too
            elif o.token is None:
                card_def(o.name)      # a token that is a copy (707.10f, 707.2) is its copied card's
            if o.copy_of is not None:
                card_def(o.copy_of)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"saved game is damaged: a card or token of it doesn't compile ({e})") from None
    unknown = {text for e in state.effects if e.params.get("kind") == "grant"
               for text in e.params.get("keywords", []) if not isinstance(text, str) or granted_keyword(text) is None}
    if unknown:
        raise ValueError("saved game grants keywords none of its cards can grant: "
                         + ", ".join(sorted(map(str, unknown))))

class Game:
    def __init__(self, state: GameState, source: CardSource | None = None) -> None:
        self.state = state
        # Where card names are looked up (the card database, card files: handed in by the front end);
        # None: the bundled starter pool. Not game state: a saved game carries its own records.
        self.source = source
        self.events: list[Event] = []
        self.leaving: list[dict] | None = None    # objects leaving together (zones.simultaneously)
        self.asking = False     # a choice inside an event (616.1) can be asked now (resolution, SBA)
        # (turn, step) of a step without priority (untap, cleanup) to stop in once its turn-based actions
        # are done, with nothing pending; `resume` goes on. For the scenario runner; not game state.
        self.pause_at: tuple[int, Step] | None = None
        # The priority decision the engine last gave after checking state-based actions and triggers
        # and finding none (117.5); `quiet`: a pass of that decision only handed priority on, so
        # nothing has happened since the check and the next player gets priority without a new one.
        # The methods below that change the state directly forget the check.
        self.checked: Decision | None = None
        self.quiet = False
        # The step a pass of that decision began, the step before it ended with nothing but its mana emptying and this
        # one beginning with no turn-based action (engine.loop.turn.QUIET_STEP_STARTS): the state-based actions read
        # nothing that changed since the check, and its first priority checks only the triggers.
        self.quiet_step: Step | None = None

    # ------------------------------------------------------------ creation
    @staticmethod
    def empty(player_names: Iterable[str] = ("A", "B"), seed: int = 0, enforce: bool = True,
              source: CardSource | None = None) -> "Game":
        g = Game(GameState(list(player_names), seed), source)
        g.state.enforce = enforce
        return g

    @staticmethod
    def new(decks: list[list[str]], seed: int = 0, starting_player: int | None = None,
            enforce: bool = True, names: Iterable[str] | None = None, source: CardSource | None = None,
            by_hand: bool = False, commanders: list[list[str]] | None = None,
            companions: list[str | None] | None = None,
            conspiracies: list[list[ConspiracyEntry]] | None = None) -> "Game":
        """A new game: libraries shuffled, starting player chosen (103.1), hands drawn and the
        London mulligan decision pending (103.5). Card names are looked up in `source` (then the
        bundled starter pool): every unknown name is refused at once (UnknownCards); with rules
        enforced, so are cards the compiler doesn't fully read (UnsupportedCards), unless the players
        chose to play their unread text by hand (`by_hand`: engine.effects.by_hand). One deck per player,
        two to six players (`names` default "A", "B", ..., in turn order).
        `commanders`: a Commander game (903): each player's commander card names (one, or two with
        partner), put into the command zone before the decks are shuffled, and 40 life (903.6, 903.7).
        The decks are checked before (cardsdb.validation, 903.5).
        `companions`: each player's companion (None: none), revealed from outside the game (103.2b): refused
        (IllegalAction) unless it has companion and the player's deck fulfills its condition (702.139a).
        `conspiracies`: each player's conspiracy cards (315.2, 905.4), put into the command zone before the decks are
        shuffled: a name, or (name, the card names secretly chosen) for one with hidden agenda (one name) or double
        agenda (two) (702.106a-b, f); a conspiracy can't be in a deck (315.3)."""
        names = list(names) if names is not None else [chr(ord("A") + i) for i in range(len(decks))]
        if not MIN_PLAYERS <= len(decks) <= MAX_PLAYERS or len(names) != len(decks):
            raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, each with a deck: "
                             f"{len(decks)} decks for {len(names)} players")
        g = Game.empty(names, seed, enforce, source)
        every = [*(name for deck in decks for name in deck), *(n for c in commanders or [] for n in c),
                 *(n for n in companions or [] if n is not None)]
        brought = [[(e, ()) if isinstance(e, str) else (e[0], tuple(e[1])) for e in c] for c in conspiracies or []]
        every += [name for c in brought for name, _ in c]
        own = g.use_cards(every)
        named = g.use_cards(n for c in brought for _, names in c for n in names)     # 702.106b: cards' names (201.2)
        if enforce and not by_hand:
            unread = [(n, definition(g.state.cards[own[n]]).unsupported) for n in dict.fromkeys(every)]
            if any(u for _, u in unread):
                raise UnsupportedCards([(n, u) for n, u in unread if u])
        for i, deck in enumerate(decks):
            if any(is_conspiracy(own[name]) for name in deck):
                raise IllegalAction("a conspiracy card can't be included in a deck: it starts the game in the "
                                    "command zone (315.3)")
            put_into_library(g, [own[name] for name in deck], i)
        if len(brought) > len(decks):
            raise ValueError(f"conspiracies for {len(brought)} players in a game of {len(decks)}")
        for i, c in enumerate(brought):
            put_conspiracies(g, i, [(own[name], [named[n] for n in names]) if names else own[name] for name, names in c])
        for i, name in enumerate(companions or []):
            if name is not None:
                reveal_companion(g, i, own[name])
        if commanders is not None:
            if len(commanders) != len(decks):
                raise ValueError(f"a Commander game names a commander for each of its {len(decks)} players")
            begin_commander_game(g, [[g.add_card(n, i, Zones.COMMAND) for n in c] for i, c in enumerate(commanders)])
        begin_game(g, starting_player)
        g._run()
        g.events = []
        return g

    def use_cards(self, names: Iterable[str]) -> dict[str, str]:
        """Looks the names up and makes their records this game's (UnknownCards names every unknown one);
        returns each name's card's own name."""
        unknown = []
        own: dict[str, str] = {}
        for name in dict.fromkeys(names):
            try:
                own[name] = self.use_card(name)
            except UnknownCard:
                unknown.append(name)
        if unknown:
            raise UnknownCards(unknown)
        return own

    def use_card(self, name: str) -> str:
        """Looks a card up (by its name, or a multi-faced card's by its front face's) and makes its record
        this game's; returns the card's own name."""
        record = self.state.cards.get(name)
        if record is None and self.source is not None:
            record = self.source.card_record(name)
        if record is None:
            record = default_pool().card_record(name)
        if record is None:
            default_pool().get(name)     # a definition added without a record (tests), or UnknownCard
            return name
        default_pool().use(record)
        name = record_name(record)
        self.state.cards[name] = record
        return name

    def add_card(self, name: str, owner: int, zone: Zone, *, controller: int | None = None,
                 tapped: bool = False, sick: bool = False, counters: dict[str, int] | None = None,
                 damage: int = 0, face_down: bool = False, face: int = 0, class_level: int = 0) -> int:
        """`face`: a permanent's face up (2: a double-faced card transformed, 712; a flip card flipped,
        710); `class_level`: a Class's level (716)."""
        o = create_object(self, self.use_card(name), owner, zone)
        self._set_status(o, controller, tapped, sick, counters, damage, face_down)
        if face or class_level:
            w = self.state.writable(o.id)
            w.face, w.class_level = face, class_level
            self.state.invalidate()
        return o.id

    def add_token(self, spec: dict[str, Any], controller: int, *, tapped: bool = False, sick: bool = False,
                  counters: dict[str, int] | None = None, damage: int = 0) -> int:
        o = create_object(self, spec["name"], controller, Zones.BATTLEFIELD, token=spec)
        self._set_status(o, None, tapped, sick, counters, damage, False)
        return o.id

    def _set_status(self, o, controller, tapped, sick, counters, damage, face_down) -> None:
        self.checked = None
        o = self.state.writable(o.id)
        if controller is not None:
            o.controller = controller
            o.base_controller = controller
        o.tapped = tapped
        o.sick = sick
        o.damage = damage
        o.face_down = face_down
        if counters:
            o.counters = {k: v for k, v in counters.items() if v}
        if o.zone is Zones.BATTLEFIELD and "loyalty" not in o.counters:
            ch = characteristics(self.state, o.id)
            if "Planeswalker" in ch.types and ch.loyalty is not None:
                o.counters["loyalty"] = ch.loyalty     # 306.5b
        self.state.invalidate()

    def attach(self, oid: int, to: Any) -> None:
        self.checked = None
        self.state.objects[oid].attached_to = to
        self.state.invalidate()

    def set_player(self, index: int, *, life: int | None = None, poison: int | None = None, energy: int | None = None,
                   mana_pool: str | None = None, lands_played: int | None = None) -> None:
        self.checked = None
        p = self.state.players[index]
        if life is not None:
            p.life = life
        if poison is not None:
            p.poison = poison
        if energy is not None:
            p.energy = energy
        if mana_pool is not None:
            p.mana_pool = pool_from_text(mana_pool)
        if lands_played is not None:
            p.lands_played = lands_played
        self.state.invalidate()       # a static ability may read life or poison counters (611.3a)

    def designate_commander(self, oid: int, player: int, casts: int = 0) -> None:
        """Makes a card `player` owns their commander (903.3), a Commander game's if none was begun, cast
        `casts` times from the command zone so far (903.8)."""
        self.checked = None
        designate(self, oid, player)
        self.state.commander.casts[self.state.objects[oid].card_id] = casts

    def set_commander_damage(self, player: int, card_id: int, amount: int) -> None:
        """The combat damage `player` has been dealt by a commander (its card id) over the game (903.10a)."""
        self.checked = None
        self.state.commander.damage.setdefault(player, {})[card_id] = amount

    def start_at(self, turn: int, active: int, step: Step | str) -> None:
        """Begins the game at a step with its turn-based actions taken as done (scenarios, puzzles)."""
        start_at(self, turn, active, step)
        self._run()
        self.events = []

    # ------------------------------------------------------------ reading
    @property
    def pending(self) -> Decision | None:
        return self.state.pending

    @property
    def is_over(self) -> bool:
        return self.state.game_over

    @property
    def winners(self) -> list[int]:
        return list(self.state.winners)

    def characteristics(self, oid: int):
        try:
            return self.state.cache["chars"][oid]      # the cached value, as `characteristics` reads it first
        except KeyError:        # (a miss: about 2% of the reads, which a try makes quicker)
            return characteristics(self.state, oid)

    def find_card(self, card_id: int):
        """The object a physical card (or token) is now: its own, or the merged permanent it is a component of
        (730.2)."""
        for o in self.state.objects.values():
            if o.card_id == card_id and not o.is_ability:
                return o
        for oid in self.state.battlefield:
            o = self.state.objects[oid]
            if o.chosen and any(c["card_id"] == card_id for c in o.chosen.get("merged", ())):
                return o
        return None

    def legal_actions(self) -> list[A.Action]:
        return list_legal_actions(self)

    def snapshot(self, viewer: int | None = None) -> dict[str, Any]:
        return snapshot(self, viewer)

    # ------------------------------------------------------------ copying
    def clone(self) -> "Game":
        return Game(self.state.clone(), self.source)

    def to_json(self) -> str:
        return json.dumps(self.state.to_json(), separators=(",", ":"))

    @staticmethod
    def from_json(text: str, trial: bool = True) -> "Game":
        """A saved game, checked (engine.core.savecheck); `trial=False` skips trying its legal actions, to
        load the save of a bug report and replay the fault."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ValueError(f"not a saved game: {e}") from None
        except RecursionError:
            raise ValueError("not a saved game: nested too deeply") from None
        if not isinstance(data, dict):
            raise ValueError("not a saved game")
        validate_state(data)        # an impossible state is refused here, not by a crash later
        try:
            state = GameState.from_json(data)
        except (KeyError, TypeError) as e:
            raise ValueError(f"saved game is damaged: missing or wrong field {e}") from None
        records = data.get("cards", [])
        if not isinstance(records, list):
            raise ValueError("saved game is damaged: its cards are not a list")
        try:
            for record in records:
                check_record(record)
        except CardRecordError as e:
            raise ValueError(f"saved game is damaged: {e}") from None
        pool = default_pool()
        for record in records:
            pool.use(record)
            state.cards[record_name(record)] = record
        # A save from before games carried their cards: its names must be known here.
        unknown = {o.name for o in state.objects.values() if not o.is_ability and o.token is None
                   and o.name not in state.cards and o.name not in pool and o.name not in DUNGEON_TEXT
                   and not (o.zone is Zones.COMMAND and o.name.startswith(GRANTED_PREFIX))}     # an emblem (114.1)
        if unknown:
            raise ValueError(f"saved game names cards this card database doesn't know: {', '.join(sorted(unknown))}")
        validate_definitions(data)
        _check_granted_keywords(state)
        game = Game(state, RecordSource(records))
        if trial:
            try_playing(game)
        return game

    # ------------------------------------------------------------ acting
    def emit(self, event: Event) -> None:
        self.events.append(event)
        detect(self, event)

    def apply(self, action: A.Action, atomic: bool = True) -> list[Event]:
        """Takes one action. Raises IllegalAction (state unchanged) if it isn't legal now.

        `atomic=False` skips the backup that keeps a refused action from changing anything: only for
        a throwaway copy (legal-action generation tries actions on clones)."""
        s = self.state
        if s.game_over:
            raise IllegalAction("the game is over")
        if isinstance(action, A.Concede):
            # 104.3a: a player can concede at any time.
            backup = None
        elif not s.enforce and isinstance(action, A.SandboxAction):
            backup = s.clone()
        else:
            d = s.pending
            if d is None:
                raise IllegalAction("the engine is not waiting for a decision")
            if action.player != d.player:
                raise IllegalAction(f"it is {s.players[d.player].name}'s decision, not {s.players[action.player].name}'s"
                                    if 0 <= action.player < len(s.players) else "no such player")
            backup = None if (isinstance(action, A.PassPriority) or not atomic) else s.clone()
        self.events = []
        try:
            dispatch(self, action)
            self._run()
        except IllegalAction:
            if backup is not None:
                self.state = backup
            self.events = []
            raise
        events, self.events = self.events, []
        return events

    def resume(self) -> list[Event]:
        """Goes on after stopping at `pause_at` (nothing pending): the game runs to the next decision."""
        if self.state.pending is not None or self.state.game_over:
            return []
        self.events = []
        self._run()
        events, self.events = self.events, []
        return events

    def _run(self) -> None:
        run(self)
