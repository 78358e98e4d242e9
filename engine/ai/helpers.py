"""Helper processes for the search player (engine.ai.search, `workers`): the playouts of a stage of its sequential
halving are independent (each round samples its own determinization from a seed of its own, and each playout's
policy starts its random streams from that seed), so other processes play some of them while the searching process
plays the rest, and the values are the very ones one process would find.

Each helper is a long-lived process of the "spawn" kind (the app runs the engine in a thread of a Qt process, which
must not be forked). At each searched decision it is sent the position once, as the engine's own saved game
(`Game.to_json`, with the card records the game carries), with the decision's shared figures (`Decision`) and the
player's settings; then at each stage the candidates still in the running (the engine's action serialization) and
the stage's playouts as (round, seed, candidate), with the seconds left. The searching process and the helpers take
the playouts one at a time, in order, from a shared counter, so a long playout or a helper still starting up holds
nobody up (a process samples a round's determinization once for the candidates of that round it plays); each helper
answers with the playouts it played. A helper that fails answers with the fault and the playouts it finished (the
searching process notes the fault, `simulate.note`, and plays the rest itself); one that dies or does not
answer in time is ended and the search goes on without it, and another is started in its place at the next searched
decision (up to `RESTARTS` times).
"""
from __future__ import annotations

import contextlib
import multiprocessing
import time
import traceback
import weakref
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Mapping, Protocol

from engine.ai.knowledge import HandFact
from engine.ai.simulate import FAULTS, note
from engine.core import player_actions as A
from engine.game import Game


@dataclass(frozen=True)
class Decision:
    """What the rounds of a searched decision share: the searching player, the turn its playouts stop at
    (engine.ai.search `playout_end`), the evaluation before the decision (a playout is valued by the change from it), the turn a
    pass holds through (`holding_turn`) and what the player has read of the opponents' hands (engine.ai.reading)."""
    me: int
    until: int
    base: float
    hold: int | None
    read: Mapping[int, HandFact] | None = None


# A playout of a round (engine.ai.search `SearchPlayer.play_unit`): (round, round seed, candidate).
Unit = tuple[int, int, int]
# Its outcome: the candidate's playout value and the follow-up decision its playout branched at, if any (the node's
# key, `_seen`, and a value per follow-up).
Played = tuple[float, "tuple[tuple, list[float]] | None"]


class Searcher(Protocol):
    """What the helpers need of the search player (engine.ai.search.SearchPlayer, which imports this module)."""
    settings: Mapping[str, Any]

    def play_units(self, game: Game, acts: Mapping[int, A.Action], at: Decision, units: list[Unit],
                   deadline: float, claim: Callable[[], int | None] | None = None,
                   out: dict[tuple[int, int], Played | None] | None = None) -> dict[tuple[int, int], Played | None]: ...

    def forget_round(self) -> None: ...


# Seconds a helper may answer after the decision's time limit: its playout under way ends at its next decision,
# which the playout policy makes by simulation (a second or so on a loaded machine).
GRACE = 3.0
# The longest wait for a helper's answer in seconds (a search without a time limit has a deadline far off).
LONGEST = 3600.0
# The times a helper that died or stopped answering is started again in its place.
RESTARTS = 3


class Helpers:
    """`n` helper processes of a search player, started here; `close` (or the end of the program) ends them."""

    def __init__(self, n: int, make: Callable[..., Searcher]) -> None:
        """`make`: the search player's class, built in each helper from the searching player's settings."""
        ctx = multiprocessing.get_context("spawn")
        self._next = ctx.Value("i", 0)      # the index of the next playout of the stage under way to take
        self._procs: list[BaseProcess] = []
        self._conns: list[Connection] = []
        self._ready: list[bool] = []
        self._told: list[bool] = []     # whether the helper has the position of the decision under way
        self._gone: set[int] = set()    # the helpers ended (`_drop`)
        self._restarts: list[int] = []  # the helpers started again in each one's place (`begin`)
        self._make = make
        self.playouts_helped = 0        # the playouts the helpers played, for reports and tests
        for _ in range(n):
            proc, conn = self._spawn()
            self._procs.append(proc)
            self._conns.append(conn)
            self._ready.append(False)
            self._told.append(False)
            self._restarts.append(0)
        # (the lists themselves, whose items a helper started again replaces: the finalizer ends those running then)
        self._finalizer = weakref.finalize(self, _stop, self._procs, self._conns)

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        ctx = multiprocessing.get_context("spawn")
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=serve, args=(theirs, self._next, self._make), daemon=True, name="search-helper")
        proc.start()
        theirs.close()
        return proc, mine

    def begin(self, game: Game, at: Decision, settings: Mapping[str, Any]) -> None:
        """A new searched decision: its position to every helper ready to play (one still starting up misses it and
        the playouts of this decision)."""
        text: str | None = None
        for h in sorted(self._gone):
            if self._restarts[h] < RESTARTS:
                # A helper that died or stopped answering is replaced: the new one plays from the first decision
                # after it has started (a process that keeps dying is given up after RESTARTS).
                self._restarts[h] += 1
                note(f"search helper {h}: started again")
                self._procs[h], self._conns[h] = self._spawn()
                self._gone.discard(h)
        for h, conn in enumerate(self._conns):
            self._told[h] = False
            if h in self._gone:
                continue
            if not self._ready[h] and conn.poll():
                self._ready[h] = self._recv(h) == ("ready",)
            if self._ready[h]:
                text = game.to_json() if text is None else text
                self._told[h] = self._send(h, ("position", text, at, dict(settings)))

    def wait_ready(self, timeout: float) -> bool:
        """Waits until every helper has started (at most `timeout` seconds); whether they all have."""
        end = time.perf_counter() + timeout
        for h, conn in enumerate(self._conns):
            if h not in self._gone and not self._ready[h] and conn.poll(max(0.0, end - time.perf_counter())):
                self._ready[h] = self._recv(h) == ("ready",)
        return all(self._ready[h] for h in range(len(self._conns)) if h not in self._gone)

    def play(self, player: Searcher, game: Game, acts: Mapping[int, A.Action], at: Decision,
             units: list[Unit], deadline: float) -> dict[tuple[int, int], Played | None]:
        """The playouts `units` of a stage, played by `player` here and by the helpers that have the position, by
        (round, candidate) (None: cut short by the time limit); those a helper failed to play are played here."""
        with self._next.get_lock():
            self._next.value = 0
        stage = ("stage", encoded(acts), units, deadline - time.perf_counter())
        asked = [h for h in range(len(self._conns)) if self._told[h] and self._send(h, stage)]
        out = player.play_units(game, acts, at, units, deadline, claim=claimer(self._next, len(units)))
        for h in asked:
            theirs = self._answer(h, deadline)
            self.playouts_helped += sum(1 for v in theirs.values() if v is not None)
            out.update(theirs)
        left = [u for u in units if (u[0], u[2]) not in out]
        if left:
            player.play_units(game, acts, at, left, deadline, out=out)
        return out

    def _answer(self, h: int, deadline: float) -> dict[tuple[int, int], Played | None]:
        """Helper `h`'s playouts of the stage under way, and its faults noted; a helper that dies or does not answer
        in time is ended (its playouts are played here)."""
        conn, proc = self._conns[h], self._procs[h]
        ready = wait([conn, proc.sentinel], min(max(0.0, deadline - time.perf_counter()) + GRACE, LONGEST))
        reply = self._recv(h) if conn in ready else None
        if reply is None or reply[0] not in ("done", "fault"):
            note(f"search helper {h}: no answer (exit code {proc.exitcode}); the search goes on without it")
            self._drop(h)
            return {}
        _, playouts, faults, fault = reply
        for f in faults:
            note(f)
        if fault is not None:
            note(f"search helper {h}: {fault}")
        return playouts

    def _send(self, h: int, msg: tuple) -> bool:
        try:
            self._conns[h].send(msg)
        except (OSError, ValueError):
            note(f"search helper {h}: gone; the search goes on without it")
            self._drop(h)
            return False
        return True

    def _recv(self, h: int) -> object:
        try:
            return self._conns[h].recv()
        except (EOFError, OSError):
            return None

    def _drop(self, h: int) -> None:
        self._ready[h] = self._told[h] = False
        self._gone.add(h)
        proc = self._procs[h]
        if proc.is_alive():
            proc.kill()
        proc.join(1.0)
        self._conns[h].close()

    @property
    def processes(self) -> list[BaseProcess]:
        return list(self._procs)

    def close(self) -> None:
        self._finalizer()


def _stop(procs: list[BaseProcess], conns: list[Connection]) -> None:
    """Ends the helpers: asked to stop, then killed if still running after a moment."""
    for conn in conns:
        with contextlib.suppress(OSError, ValueError):      # a helper already gone has nothing to stop
            conn.send(("stop",))
    for p in procs:
        p.join(2.0)
        if p.is_alive():
            p.kill()
            p.join(1.0)
    for conn in conns:
        conn.close()


def encoded(acts: Mapping[int, A.Action]) -> dict[int, dict]:
    """The candidates by index in the engine's action serialization (`Action.to_json`)."""
    return {i: a.to_json() for i, a in acts.items()}


def claimer(counter: Any, n: int) -> Callable[[], int | None]:
    """Takes the index of the next of `n` playouts from the counter shared by the searching process and its helpers
    (None: all taken)."""
    def claim() -> int | None:
        with counter.get_lock():
            k = counter.value
            if k >= n:
                return None
            counter.value = k + 1
        return k
    return claim


def serve(conn: Connection, counter: Any, make: Callable[..., Searcher]) -> None:
    """A helper process: answers the searching process's messages until told to stop (or it is gone)."""
    conn.send(("ready",))
    player: Searcher | None = None
    game: Game | None = None
    at: Decision | None = None
    broken: str | None = None       # why the position of the decision under way could not be read
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg[0] == "stop":
            return
        if msg[0] == "position":
            _, text, at, settings = msg
            try:
                game, broken = Game.from_json(text, trial=False), None
                if player is None or player.settings != settings:
                    player = make(**settings)
            except Exception:       # noqa: BLE001 -- sent back with the next stage: the search plays on without it
                broken = traceback.format_exc(limit=4)
            continue
        _, acts, units, seconds = msg
        deadline = time.perf_counter() + seconds
        done: dict[tuple[int, int], Played | None] = {}
        del FAULTS[:]
        fault = broken
        if fault is None and (player is None or game is None or at is None):
            fault = "a stage came before any position"
        if fault is None:
            try:
                actions = {i: A.Action.from_json(d) for i, d in acts.items()}
                player.play_units(game, actions, at, units, deadline, claim=claimer(counter, len(units)), out=done)
            except Exception:       # noqa: BLE001 -- sent back: the searching process plays the rest
                fault = traceback.format_exc(limit=4)
            if player is not None:
                player.forget_round()
            # A playout taken but not finished is left out: the searching process plays it.
        conn.send(("fault" if fault else "done", done, list(FAULTS), fault))
