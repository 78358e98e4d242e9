"""Random seeded games over the supported cards of a card source, checked after every action.

Each game gets random legal two-colour 60-card decks (at most four of a card but basic lands, 100.2a),
or random legal Commander decks (903.3-903.5), one for each of its AI players of one level, and is
played through the Game facade only. A game's decks, shuffles and players draw on seeds mixed from the
game's seed and their purpose (`mixed_seed`), so that games of neighbouring seeds are independent. After every
action the invariants (engine.fuzz.invariants) are checked, and at every new turn the game's save must
pass the load-time validation (engine.core.savecheck) and load again. A game ends as:

- "ok": it ended, or stopped at the limits having ended normally;
- "crash": an exception from the engine or the AI (a legal action refused counts too);
- "invariant": a broken invariant, or a reachable state that its own save validation refuses;
- "stuck": it did not end within the turn, action, object or time limits.

The limits are those of a two-player game of 60-card decks; a game of more cards (more players, 100-card
Commander decks) gets them in proportion (`Limits.scaled`): a game that has not ended by decking has
drawn one card a turn (504.1) from libraries that hold that many more, so a long but legitimate
four-player Commander game is no failure, while a loop (an action that never returns, a turn that
never ends, objects without bound) still is. The time limit counts the CPU time of the game's process,
not the wall clock: on a loaded machine a game that waits for the processor is not stuck, and the
figures are the same whatever the load and the number of jobs.

Every failure is written as a replay file: the decks (with the card records of cards beyond the
starter pool), the seed, the AI level and the actions taken, which `replay` applies again.
"""
from __future__ import annotations

import gc
import hashlib
import signal
import threading
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from engine.ai import LEVELS, make_player
from engine.core.player_actions import Action
from engine.core.cards import CardDef, UnknownCard, default_pool
from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.fuzz.invariants import InvariantFailure, check_invariants, physical_cards
from engine.game import Game, UnsupportedCards
from engine.core.jsonfile import read_json_limited, write_json_atomic
from engine.core.rng import Rng
from engine.core.savecheck import MAX_PLAYERS, MIN_PLAYERS, SaveError, try_playing
from engine.fuzz.sandbox import SandboxChaos, is_sandbox_move
from engine.rules.companion import reveal_companion

REPLAY_FORMAT = "manatable-fuzz-replay"
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
# The card types a constructed deck holds (300.1; no planes, schemes, conspiracies or vanguards).
DECK_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery",
                        "Battle", "Kindred", "Tribal"})
DECK_SIZE = 60
LANDS = 24
COPIES = 4
COMMANDER_LIBRARY = 99      # 903.5a: 100 cards with the commander
COMMANDER_LANDS = 37


def mixed_seed(seed: int, purpose: str) -> int:
    """A seed for one purpose of the game of `seed` (its decks, its shuffles, a player): a hash of both.
    Rng(s + 1) draws what Rng(s) draws after one step, so seeds s, s + 1, ... used as they are would give
    games of neighbouring seeds nearly the same decks; hashed, they are independent (32 bits: a save
    refuses seeds of 10**12 or more)."""
    digest = hashlib.blake2b(f"{seed}:{purpose}".encode(), digest_size=4).digest()     # a save holds it
    return int.from_bytes(digest, "big")


def player_seeds(seed: int, players: int) -> list[int]:
    return [mixed_seed(seed, f"player {p}") for p in range(players)]


@dataclass(frozen=True)
class Limits:
    turns: int = 150          # a game still going at this turn is stuck
    actions: int = 20_000     # ... or after this many actions
    seconds: float = 120.0    # ... or after this much CPU time (also stops an action that never returns)
    # ... or with this many objects: tokens doubling without bound (Krenko, Mob Boss) are stopped at the
    # same point whatever the machine's load, before they fill memory
    objects: int = 10_000

    def scaled(self, decks: list[list[str]]) -> "Limits":
        """The limits of a game of these decks: the turns, actions and seconds in proportion to the cards
        in all its decks, past the two 60-card decks the limits are set for (a game not ended by damage
        ends by decking, 704.5b, one card a turn, 504.1); the object limit stays (it bounds memory)."""
        share = max(1.0, sum(len(d) for d in decks) / (2 * DECK_SIZE))
        return Limits(round(self.turns * share), round(self.actions * share), self.seconds * share, self.objects)


@dataclass
class Outcome:
    seed: int
    kind: str                          # ok | crash | invariant | stuck
    decks: list[list[str]]
    actions: list[dict[str, Any]] = field(default_factory=list)
    turns: int = 0
    error: str = ""
    traceback: str = ""
    cards: list[str] = field(default_factory=list)    # the cards most likely involved in a failure
    commanders: list[list[str]] | None = None        # a Commander game: each deck's commander
    game_seed: int = 0                                # the seeds of the game's shuffles and of its players
    player_seeds: list[int] = field(default_factory=list)


class GameTimeout(BaseException):
    """Raised by the alarm inside an action that runs past the time limit (BaseException, so that no
    `except Exception` in the engine can swallow it)."""


# ------------------------------------------------------------------ cards and decks

@contextmanager
def cards_added(records: Iterable[dict[str, Any]]) -> Iterator[dict[str, dict[str, Any]]]:
    """Makes the records the cards their names stand for during the block, also a card the bundled pool
    has with other text (the starter pool's Skizzik has today's Oracle wording, the training half's an
    older one): a run over a card source plays that source's text, whatever else is loaded. Yields the
    records added or put in place of the pool's, by name; the pool's own come back afterwards."""
    pool = default_pool()
    added: dict[str, dict[str, Any]] = {}
    replaced: dict[str, dict[str, Any] | None] = {}
    for r in records:
        name = r.get("faceName") or r.get("name")
        if not isinstance(name, str) or name in added:
            continue
        if name in pool:
            own = pool.card_record(name)
            if own == r:
                continue
            replaced[name] = own
        pool.add_record(r)
        added[name] = r
    try:
        yield added
    finally:
        for name in added:
            pool.remove(name)
            own = replaced.get(name)
            if own is not None:
                pool.add_record(own)


def deck_card(d: CardDef) -> bool:
    """A card the fuzzer may put in a deck: the engine supports all its text, and it is a traditional
    card (not a token) other than a basic land (decks get those by colour)."""
    return (d.supported and not d.is_token and bool(d.types) and set(d.types) <= DECK_TYPES
            and not ("Basic" in d.supertypes and "Land" in d.types))


def supported_names(names: Iterable[str]) -> list[str]:
    """The names among `names` (all in the engine's pool) that deck_card accepts, sorted."""
    pool = default_pool()
    return sorted({n for n in names if deck_card(pool.get(n))})


def random_deck(rng: Rng, names: list[str]) -> list[str]:
    """A random two-colour 60-card deck: 24 basic lands of its colours and 36 cards of `names` whose
    colours fit (colourless cards and nonbasic lands included), at most four of each (100.2a)."""
    pool = default_pool()
    colors = sorted({"WUBRG"[rng.below(5)], "WUBRG"[rng.below(5)]})
    candidates = [n for n in names if set(pool.get(n).colors) <= set(colors)]
    deck: list[str] = []
    if candidates:
        counts: dict[str, int] = {}
        # Never more draws than copies allow: with few candidates the rest is basic land.
        room = min(DECK_SIZE - LANDS, COPIES * len(candidates))
        while len(deck) < room:
            name = candidates[rng.below(len(candidates))]
            if counts.get(name, 0) < COPIES:
                counts[name] = counts.get(name, 0) + 1
                deck.append(name)
    i = 0
    while len(deck) < DECK_SIZE:
        deck.append(BASICS[colors[i % len(colors)]])
        i += 1
    return deck


def random_deck_pairs(records: list[dict[str, Any]], games: int,
                      seed: int = 0) -> list[tuple[list[list[str]], list[dict[str, Any]]]]:
    """Two random decks (`random_deck`) of the records' supported cards for each of `games` games, game i's from seed
    `seed + i`, with the records its decks need: every face's of a card with several (a transforming card's back
    face, 712)."""
    out = []
    with cards_added(records):
        names = supported_names(r.get("faceName") or r["name"] for r in records)
        for i in range(games):
            rng = Rng(seed + i)
            decks = [random_deck(rng, names), random_deck(rng, names)]
            used = set(decks[0] + decks[1])
            full = {r["name"] for r in records if (r.get("faceName") or r["name"]) in used}
            out.append((decks, [r for r in records if r["name"] in full]))
    return out


def companions_for(decks: list[list[str]]) -> list[str | None] | None:
    """Each deck's companion (103.2b): the first card of it by name with companion whose condition the deck
    fulfills, revealed as another copy from outside the game; None if no deck has one. Worked out from the decks
    alone, so a replay reveals the same."""
    pool = default_pool()
    out: list[str | None] = []
    for deck in decks:
        names = sorted(n for n in set(deck) if any(k.name == "companion" for k in pool.get(n).keywords))
        trial = Game.empty() if names else None
        for name in deck if names else ():
            trial.add_card(name, 0, Zone.LIBRARY)
        out.append(next((n for n in names if _reveals(trial, n)), None))
    return out if any(out) else None


def _reveals(trial: Game, name: str) -> bool:
    try:
        reveal_companion(trial, 0, name)
    except IllegalAction:
        return False
    return True


def can_be_commander(d: CardDef) -> bool:
    """903.3: a legendary creature card; the fuzzer takes those of at least one colour (a colourless
    commander's deck could hold no basic land but Wastes)."""
    return "Legendary" in d.supertypes and "Creature" in d.types and bool(color_identity(d.name))


def color_identity(name: str) -> frozenset[str]:
    """903.4: the card's colour identity, as its record gives it."""
    return frozenset(default_pool().card_record(name).get("colorIdentity") or ())


def random_commander_deck(rng: Rng, names: list[str]) -> tuple[str, list[str]]:
    """A random legal Commander deck (903.5) of `names`: a commander (903.3) and a 99-card library of
    one of each card (903.5b) within the commander's colour identity (903.5c), 37 of them basic lands
    of its colours (fewer fitting cards: more basic lands)."""
    pool = default_pool()
    commanders = [n for n in names if can_be_commander(pool.get(n))]
    if not commanders:
        raise ValueError("the card source has no legendary creature the engine supports to be a commander")
    commander = commanders[rng.below(len(commanders))]
    identity = color_identity(commander)
    candidates = [n for n in names if n != commander and color_identity(n) <= identity]
    rng.shuffle(candidates)
    deck = candidates[:COMMANDER_LIBRARY - COMMANDER_LANDS]
    colors = sorted(identity)
    i = 0
    while len(deck) < COMMANDER_LIBRARY:
        deck.append(BASICS[colors[i % len(colors)]])
        i += 1
    return commander, deck


# ------------------------------------------------------------------ playing

@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raises GameTimeout in the block after `seconds` of this process's CPU time (ITIMER_PROF: user and
    system time; only in the main thread, where signals go)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or seconds <= 0:
        yield
        return

    def fire(signum, frame) -> None:
        raise GameTimeout()

    old = signal.signal(signal.SIGPROF, fire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def play(decks: list[list[str]], seed: int, ai: str = "random", limits: Limits = Limits(),
         sandbox: bool = False, commanders: list[list[str]] | None = None) -> Outcome:
    """Plays one seeded game between AI players of level `ai` (one per deck), checking it after every action;
    `sandbox`: with validation off and random sandbox moves between the decisions (engine.fuzz.sandbox);
    `commanders`: a Commander game (903), each deck's commander."""
    out = Outcome(seed, "ok", decks, commanders=commanders, game_seed=mixed_seed(seed, "game"),
                  player_seeds=player_seeds(seed, len(decks)))
    game: Game | None = None
    action: Action | None = None
    limits = limits.scaled(decks)
    try:
        with _deadline(limits.seconds):
            game = Game.new(decks, seed=out.game_seed, enforce=not sandbox, commanders=commanders,
                            companions=companions_for(decks))
            check_invariants(game)
            agents = [make_player(ai, s, deck=decks[p], search_workers=1) for p, s in enumerate(out.player_seeds)]
            if sandbox:
                agents = [SandboxChaos(a, mixed_seed(seed, f"sandbox {p}")) for p, a in enumerate(agents)]
            # The AI's choice lists the legal actions: a decision without one fails there (see below),
            # so the checks after each action need not list them a second time.
            check = _Checks(game, legal_answer=False)
            while not game.is_over:
                if (game.state.turn > limits.turns or len(out.actions) >= limits.actions
                        or len(game.state.objects) > limits.objects):
                    out.kind = "stuck"
                    out.error = (f"still going at turn {game.state.turn} after {len(out.actions)} actions with "
                                 f"{len(game.state.objects)} objects (limits: {limits.turns} turns, "
                                 f"{limits.actions} actions, {limits.objects} objects)")
                    break
                action = None       # a failure inside the AI's choice has no action yet
                action = agents[game.pending.player].choose(game)
                out.actions.append(action.to_json())
                try:
                    game.apply(action)
                except IllegalAction:
                    if not is_sandbox_move(action):
                        raise
                    out.actions.pop()       # a sandbox move that makes no sense here, refused: fine
                    continue
                check(game)
            else:
                check.save(game)
    except GameTimeout:
        out.kind = "stuck"
        out.error = f"still going after {limits.seconds:g} s of CPU time (turn {game.state.turn if game else 0})"
    except InvariantFailure as e:
        out.kind, out.error, out.traceback = "invariant", f"InvariantFailure: {e}", traceback.format_exc()
    except Exception as e:      # noqa: BLE001 -- any exception from the engine or the AI is the finding
        out.kind, out.error, out.traceback = "crash", f"{type(e).__name__}: {e}", traceback.format_exc()
        if action is None and game is not None and _no_legal_answer(game):      # the AI found nothing to choose
            d = game.pending
            out.kind, out.error = "invariant", f"InvariantFailure: no legal answer to {d.kind.value}: {d.prompt}"
    out.turns = game.state.turn if game is not None else 0
    if out.kind != "ok":
        out.cards = cards_involved(game, action, decks, out.commanders)
    return out


def _no_legal_answer(game: Game) -> bool:
    """Whether the pending decision has no legal answer (asked when the AI failed to choose one)."""
    try:
        return not game.legal_actions()
    except Exception:       # noqa: BLE001 -- listing them crashes too: the crash recorded is the finding
        return False


class _Checks:
    """The checks after every action: the invariants; at every new turn, the save too."""

    def __init__(self, game: Game, legal_answer: bool = True) -> None:
        self.physical = physical_cards(game)
        self.turn = game.state.turn
        self.legal_answer = legal_answer

    def __call__(self, game: Game) -> None:
        check_invariants(game, self.physical, legal_answer=self.legal_answer)
        if game.state.turn != self.turn:
            self.turn = game.state.turn
            self.save(game)

    @staticmethod
    def save(game: Game) -> None:
        """A reachable state's save loads (passing engine.core.savecheck, which also tries every legal
        action on a clone) to the same save."""
        text = game.to_json()
        try:
            loaded = Game.from_json(text, trial=False)
        except ValueError as e:
            raise InvariantFailure(f"the save of a reachable state is refused: {e}") from None
        try:
            try_playing(loaded, wrap=False)       # another exception here is a crash of a legal action
        except SaveError as e:                    # no legal answer to the pending decision
            raise InvariantFailure(str(e)) from None
        if loaded.to_json() != text:
            raise InvariantFailure("the save does not load back to the same state")


def cards_involved(game: Game | None, action: Action | None, decks: list[list[str]],
                   commanders: list[list[str]] | None = None) -> list[str]:
    """The cards an action names and the objects on the stack; without a game, the decks' cards."""
    if game is None:
        return sorted({n for d in [*decks, *(commanders or [])] for n in d} - set(BASICS.values()))
    s = game.state
    ids: list[int] = list(s.stack)
    if action is not None:
        for key in ("card", "source", "object"):
            v = getattr(action, key, None)
            if isinstance(v, int):
                ids.append(v)
    names: list[str] = []
    for oid in ids:
        o = s.objects.get(oid)
        if o is not None and o.name not in names:
            names.append(o.name)
    return names


# ------------------------------------------------------------------ replay files

def replay_document(out: Outcome, ai: str, limits: Limits, records: dict[str, dict[str, Any]],
                    sandbox: bool = False) -> dict[str, Any]:
    used = {n for d in [*out.decks, *(out.commanders or [])] for n in d}
    return {"format": REPLAY_FORMAT, "version": 1, "kind": out.kind, "error": out.error,
            "traceback": out.traceback, "seed": out.seed, "game_seed": out.game_seed,
            "player_seeds": out.player_seeds, "commanders": out.commanders, "ai": ai,
            "limits": {"turns": limits.turns, "actions": limits.actions, "seconds": limits.seconds,
                       "objects": limits.objects},
            "sandbox": sandbox,
            "decks": out.decks, "card_records": [r for n, r in sorted(records.items()) if n in used],
            "actions": out.actions}


REPLAY_BYTES = 256 << 20
"""A replay file: a game at the action limit with the card records of both decks is a few megabytes."""


def read_replay(path: Path) -> dict[str, Any]:
    doc = read_json_limited(path, REPLAY_BYTES)
    if not isinstance(doc, dict) or doc.get("format") != REPLAY_FORMAT or doc.get("version") != 1:
        raise ValueError(f"{path} is not a fuzz replay file")
    decks = doc.get("decks")
    if (not isinstance(decks, list) or not MIN_PLAYERS <= len(decks) <= MAX_PLAYERS
            or not all(isinstance(d, list) and all(isinstance(n, str) for n in d) for d in decks)):
        raise ValueError(f"{path}: decks must be {MIN_PLAYERS} to {MAX_PLAYERS} lists of card names")
    if not isinstance(doc.get("seed"), int) or not isinstance(doc.get("actions"), list):
        raise ValueError(f"{path}: needs an integer seed and a list of actions")
    if not isinstance(doc.get("game_seed", 0), int) or not (
            isinstance(ps := doc.get("player_seeds", []), list) and all(isinstance(s, int) for s in ps)):
        raise ValueError(f"{path}: game_seed must be an integer and player_seeds a list of integers")
    commanders = doc.get("commanders")
    if commanders is not None and (not isinstance(commanders, list) or len(commanders) != len(decks) or not all(
            isinstance(c, list) and c and all(isinstance(n, str) for n in c) for c in commanders)):
        raise ValueError(f"{path}: commanders must list each deck's commander names")
    if not isinstance(doc.get("card_records", []), list):
        raise ValueError(f"{path}: card_records must be a list of card records")
    return doc


def replay(doc: dict[str, Any]) -> Outcome:
    """Plays a replay's actions again on a new game from its decks and seed, checking the invariants
    after each. With the AI level of the run, the AI players are run alongside (their choices are
    seeded), so that a failure inside an AI's choice happens again too; the outcome says where it
    failed (the failing action of a crash's replay fails again)."""
    decks = doc["decks"]
    # Replays written before the seeds were mixed name none: the game's seed was the run's, the players' 2s + p.
    out = Outcome(doc["seed"], "ok", decks, commanders=doc.get("commanders"),
                  game_seed=doc.get("game_seed", doc["seed"]),
                  player_seeds=doc.get("player_seeds") or [doc["seed"] * 2 + p for p in range(len(decks))])
    game: Game | None = None
    action: Action | None = None
    with cards_added(doc.get("card_records", [])):
        try:
            game = Game.new(decks, seed=out.game_seed, enforce=not doc.get("sandbox"), commanders=out.commanders,
                            companions=companions_for(decks))
        except (UnknownCard, UnsupportedCards) as e:
            # a replay of other cards than this engine plays is bad input, not a crash to report
            raise ValueError(f"the replay's decks can't be played here: {e}") from None
        try:
            check = _Checks(game)
            # The AI players are run alongside only for ordinary games (a sandbox run's moves are recorded).
            agents = [make_player(doc["ai"], s, deck=decks[p], search_workers=1)
                      for p, s in enumerate(out.player_seeds)] \
                if doc.get("ai") in LEVELS and not doc.get("sandbox") else None
            for d in doc["actions"]:
                action = Action.from_json(d)
                # compared as actions: the file's JSON has lists where an action's own has tuples
                if agents is not None and agents[game.pending.player].choose(game) != action:
                    agents = None       # the AI now chooses otherwise (the engine changed): actions only
                game.apply(action)
                out.actions.append(d)
                check(game)
            action = None
            if agents is not None and not game.is_over and doc.get("kind") in ("crash", "invariant"):
                agents[game.pending.player].choose(game)     # the failure may have been in the choice
        except InvariantFailure as e:
            out.kind, out.error, out.traceback = "invariant", f"InvariantFailure: {e}", traceback.format_exc()
        except Exception as e:      # noqa: BLE001 -- replaying a crash is meant to raise it again
            out.kind, out.error, out.traceback = "crash", f"{type(e).__name__}: {e}", traceback.format_exc()
        out.turns = game.state.turn if game is not None else 0
        if out.kind != "ok":
            out.cards = cards_involved(game, action, decks, out.commanders)
    return out


# ------------------------------------------------------------------ a run

@dataclass
class Report:
    games: int = 0
    crashes: int = 0
    stuck: int = 0
    invariant_failures: int = 0
    actions: int = 0
    seconds: float = 0.0
    cards: int = 0              # the supported cards decks were built from
    cards_read: int = 0         # the cards of the source, supported or not
    stopped_early: bool = False  # the time budget ran out before all the games were played
    failures: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "crashes": self.crashes, "stuck": self.stuck,
                "invariant_failures": self.invariant_failures, "seconds": round(self.seconds, 2),
                "actions": self.actions, "cards": self.cards, "cards_read": self.cards_read, "stopped_early": self.stopped_early,
                "failures": self.failures}


def fuzz(records: list[dict[str, Any]] | None, games: int, seed: int = 0, ai: str = "random",
         out_dir: Path | None = None, limits: Limits = Limits(), progress=None, sandbox: bool = False,
         budget: float | None = None, jobs: int = 1, players: int = 2, variant: str | None = None) -> Report:
    """Plays `games` games (game i has seed `seed + i`) with decks of the supported cards of `records`
    (card records in MTGJSON's shape; None: the starter pool) and writes each failure's replay file
    into `out_dir`; `players` players a game (free-for-all, 806); `variant` "commander": Commander
    games (903) with random Commander decks. With a `budget` in seconds, no game is started after it has run out (the report
    says so: `stopped_early`). `jobs` > 1 plays the games in that many processes (forked, so they
    share the cards added here); a game depends on its seed only, so the figures are the same for any
    number of jobs (but the seconds, and where a budget stops)."""
    start = time.perf_counter()
    report = Report()
    with cards_added(records or []) as added:
        source = {r.get("faceName") or r["name"] for r in records} if records is not None \
            else set(default_pool().names())
        names = supported_names(source)
        report.cards, report.cards_read = len(names), len(source)
        if not names:
            raise ValueError("the card source has no card the engine supports")
        if variant == "commander" and not any(can_be_commander(default_pool().get(n)) for n in names):
            raise ValueError("the card source has no legendary creature the engine supports to be a commander")
        _RUN.update(names=names, ai=ai, limits=limits, sandbox=sandbox, players=players, variant=variant)
        seeds = range(seed, seed + games)
        with _compiled_cards_kept(), _games(seeds, jobs) as outcomes:
            for i in range(games):
                if budget is not None and time.perf_counter() - start >= budget:
                    report.stopped_early = True
                    break
                out = next(outcomes)
                _count(report, out, ai, limits, added, sandbox, out_dir)
                if progress is not None:
                    progress(i + 1, out)
    report.seconds = time.perf_counter() - start
    return report


# What the games of a run share (set before the worker processes are forked).
_RUN: dict[str, Any] = {}


def _play_seed(game_seed: int) -> Outcome:
    rng = Rng(mixed_seed(game_seed, "decks"))
    players = _RUN.get("players", 2)
    if _RUN.get("variant") == "commander":
        built = [random_commander_deck(rng, _RUN["names"]) for _ in range(players)]
        return play([d for _, d in built], game_seed, _RUN["ai"], _RUN["limits"], _RUN["sandbox"],
                    commanders=[[c] for c, _ in built])
    decks = [random_deck(rng, _RUN["names"]) for _ in range(players)]
    return play(decks, game_seed, _RUN["ai"], _RUN["limits"], _RUN["sandbox"])


@contextmanager
def _compiled_cards_kept() -> Iterator[None]:
    """The cards compiled for the run (thousands: millions of objects) live as long as it does: the
    garbage collector's full passes, each a walk of every object (a quarter of a second, one every few
    games), leave them out (gc.freeze) until the games are played; processes forked meanwhile start so."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def _games(seeds: range, jobs: int) -> Iterator[Iterator[Outcome]]:
    """The outcomes of the games of `seeds`, in seed order: played here, or by `jobs` processes."""
    if jobs <= 1 or len(seeds) <= 1:
        yield iter(map(_play_seed, seeds))
        return
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(min(jobs, len(seeds))) as pool:
        yield pool.imap(_play_seed, seeds)
        pool.terminate()        # a spent budget leaves games unplayed: don't wait for them


def _count(report: Report, out: Outcome, ai: str, limits: Limits, added: dict[str, dict[str, Any]],
           sandbox: bool, out_dir: Path | None) -> None:
    """Adds a game's outcome to the report, and writes its replay file if it failed."""
    report.games += 1
    report.actions += len(out.actions)
    if out.kind == "ok":
        return
    report.crashes += out.kind == "crash"
    report.stuck += out.kind == "stuck"
    report.invariant_failures += out.kind == "invariant"
    entry: dict[str, Any] = {"seed": out.seed, "kind": out.kind, "error": out.error, "cards": out.cards,
                             "replay": None}
    if out_dir is not None:
        path = Path(out_dir) / f"fuzz-{'sandbox-' if sandbox else ''}{ai}-{out.seed}-{out.kind}.json"
        write_json_atomic(path, replay_document(out, ai, limits, added, sandbox))
        entry["replay"] = str(path)
    report.failures.append(entry)
