"""Players that make decisions through the engine's public API only (pending decision, legal
actions, apply, clone). No Qt here.

Every player has `choose(game) -> Action` for the decision `game.pending` (its own) and sees only
what its player may see (see engine.ai.knowledge). `make_player(level, seed)` builds the player for
a difficulty level of the app:

- "random": uniform among the legal actions (engine.ai.random_player);
- "easy": the heuristic rules of thumb without simulation (engine.ai.heuristic, lookahead off);
- "medium": the heuristic player, checking its options by simulation;
- "hard": the search player (engine.ai.search): information-set Monte Carlo search at the decisions
  that matter, heuristic playouts on determinizations of the hidden cards.

Each level beats the one below it: bench/ai.py measures every pairing (the README's level table).
"""
from __future__ import annotations

import os

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.random_player import RandomPlayer
from engine.ai.search import PLAYOUTS_PER_WORKER, SearchPlayer

LEVELS = ("random", "easy", "medium", "hard")


def default_search_workers() -> int:
    """The processes the search player ("hard") plays its rounds in by default: two where the machine has two cores or
    more, one game being played at a time."""
    return 2 if (os.cpu_count() or 1) >= 2 else 1


def make_player(level: str, seed: int = 0, *, deck: list[str] | None = None, search_workers: int | None = None):
    """The AI player for a difficulty level; `deck` is its own deck list if known (otherwise it
    reads the multiset of its own cards from the game, which a player knows from deck building).
    `search_workers`: the processes the search player ("hard") plays its rounds in (SearchPlayer's `workers`); by
    default two where the machine has two cores or more (the app: one game at a time), 1 where games are already
    played side by side (engine.ai.match, the level matches of bench/ai.py); the search's budget of playouts grows with them."""
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return HeuristicPlayer(seed, lookahead=False, deck=deck)
    if level == "medium":
        return HeuristicPlayer(seed, deck=deck)
    if level == "hard":
        workers = search_workers if search_workers is not None else default_search_workers()
        # The second core buys a budget twice as large in about the same wall time per decision.
        return SearchPlayer(seed, deck=deck, workers=workers, playouts=PLAYOUTS_PER_WORKER * workers)
    raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
