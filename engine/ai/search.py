"""The search player: Monte Carlo search over determinizations of the hidden information, on top of
the heuristic player.

At a decision that matters (spells and abilities to weigh against passing, attacks, blocks) the
heuristic player proposes a few candidate actions, its own choice first. Each round of the search
samples a determinization (engine.ai.knowledge: the opponent's hand and both libraries drawn from
what the player has seen; it never reads a hidden card), applies every candidate still in the
running to a copy of it, and plays each copy out with the fast heuristic policy for both players
until the turn after next begins (or the game ends). The evaluation of the position reached,
squashed to (-1, 1), is the playout's value. Every candidate sees the same determinization in a
round (common random numbers: differences come from the action, not from the sample); after each
third of the budget the worse half of the other candidates is dropped (successive halving), so the
playouts go to the close calls. At the end another candidate replaces the heuristic's choice only if
its paired advantage over the same determinizations exceeds one standard error.

This is the root level of an information-set MCTS: the tree below the root is replaced by the
playout policy, the better use of a budget of a few dozen playouts that the engine's speed allows.
The budget is counted in playouts (decisions do not depend on the machine's speed) with a time limit
as a safety net. Other decisions (mulligans, targets inside a resolution, damage assignment...) are
the heuristic player's.
"""
from __future__ import annotations

import math
import statistics
import time

from engine.core import player_actions as A
from engine.ai.by_hand import ai_actions
from engine.ai.evaluate import WIN, evaluate
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import determinize
from engine.ai.simulate import note_fault, works
from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.game import Game
from engine.core.rng import Rng


def squash(x: float) -> float:
    return x / (abs(x) + 20.0)


class SearchPlayer:
    name = "search"

    def __init__(self, seed: int = 0, *, playouts: int = 48, horizon: int = 2, time_limit: float = 3.0,
                 max_candidates: int = 4, confidence: float = 1.0, deck: list[str] | None = None,
                 opponent_deck: list[str] | None = None) -> None:
        """`playouts`: the budget per searched decision; `horizon`: turns a playout runs for;
        `time_limit`: seconds after which a search stops with what it has (a safety net: the budget
        is counted in playouts, so decisions don't depend on the machine's speed); `confidence`: how
        many standard errors another action must gain by to replace the heuristic's choice."""
        self.rng = Rng(seed)
        self.playouts = playouts
        self.horizon = horizon
        self.time_limit = time_limit
        self.max_candidates = max_candidates
        self.confidence = confidence
        self.deck = deck
        self.opponent_deck = opponent_deck
        self.heuristic = HeuristicPlayer(seed, deck=deck, opponent_deck=opponent_deck)
        self.policy = HeuristicPlayer(seed + 1, lookahead=False)
        self.search_times: list[float] = []     # seconds per searched decision, for reports

    def choose(self, game: Game) -> A.Action:
        cands = self.candidates(game)
        if isinstance(cands, A.Action):
            return cands
        if len(cands) == 1:
            return cands[0]
        t = time.perf_counter()
        action = self.search(game, cands)
        self.search_times.append(time.perf_counter() - t)
        return action

    # ------------------------------------------------------------ candidates
    def candidates(self, game: Game) -> A.Action | list[A.Action]:
        """The actions worth searching, or the one action to take without searching."""
        d = game.pending
        me = d.player
        if d.kind is DecisionKind.PRIORITY:
            forced, scored = self.heuristic.priority_options(game)
            if forced is not None:
                return forced
            if not scored:
                return A.PassPriority(me)
            if scored[0][0] >= WIN / 2:
                return scored[0][1]
            top = [a for v, a in scored if v > -2.0][:self.max_candidates - 1]
            if not top:
                return A.PassPriority(me)
            # The heuristic's own choice first: the search must show that another is better.
            return top + [A.PassPriority(me)] if scored[0][0] > 0.05 else [A.PassPriority(me)] + top
        if d.kind is DecisionKind.DECLARE_ATTACKERS:
            others = [A.DeclareAttackers(me, p) for p in self.heuristic.attack_plans(game, self.max_candidates)]
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            others = [A.DeclareBlockers(me, p) for p in self.heuristic.block_plans(game)[:self.max_candidates]]
        else:
            return self.heuristic.choose(game)
        first = self.heuristic.choose(game)
        acts = [first]
        for a in others:
            if a not in acts and works(game, a):
                acts.append(a)
        return acts

    # ------------------------------------------------------------ search
    def search(self, game: Game, cands: list[A.Action]) -> A.Action:
        """Runs the playouts; candidate 0 is the heuristic's choice, kept unless another beats it
        on the same determinizations by more than the noise (one standard error of the paired
        differences)."""
        me = game.pending.player
        deadline = time.perf_counter() + self.time_limit
        alive = list(range(len(cands)))
        values: list[dict[int, float]] = [{} for _ in cands]     # round -> playout value
        spent = 0
        stage_end = self.playouts // 3
        rnd = 0
        while spent < self.playouts and time.perf_counter() < deadline:
            det = determinize(game, me, self.rng, self.deck, self.opponent_deck)
            for i in alive:
                g = det.clone()
                try:
                    g.apply(cands[i], atomic=False)
                    values[i][rnd] = self.playout(g, me, game.state.turn + self.horizon, deadline)
                except IllegalAction:
                    values[i][rnd] = -1.0
                except RuntimeError as e:      # an engine fault on this copy: no value this round
                    note_fault(e, cands[i])
                spent += 1
            rnd += 1
            if spent >= stage_end and len(alive) > 2:
                rest = sorted(alive[1:], key=lambda i: -statistics.fmean(values[i].values() or [-1.0]))
                alive = [0] + rest[:max(1, len(alive) // 2 - 1)]
                stage_end += self.playouts // 3
        best, best_gain = 0, 0.0
        for i in range(1, len(cands)):
            diffs = [v - values[0][r] for r, v in values[i].items() if r in values[0]]
            if len(diffs) < 3:
                continue
            gain = statistics.fmean(diffs)
            noise = statistics.stdev(diffs) / math.sqrt(len(diffs))
            if gain > max(self.confidence * noise, 0.005) and gain > best_gain:
                best, best_gain = i, gain
        return cands[best]

    def playout(self, g: Game, me: int, until_turn: int, deadline: float, max_actions: int = 600) -> float:
        """Plays on with the fast policy for both players; the squashed evaluation for `me`."""
        self.policy.reset()
        for _ in range(max_actions):
            if g.is_over or g.state.turn >= until_turn or time.perf_counter() > deadline:
                break
            action = self.policy.choose(g)
            try:
                g.apply(action)
            except IllegalAction:
                g.apply(_fallback(g))
        return squash(evaluate(g, me))


def _fallback(g: Game) -> A.Action:
    """The policy's action was refused (a gap in its rules of thumb): pass, or the first legal action."""
    d = g.pending
    if d.kind is DecisionKind.PRIORITY:
        return A.PassPriority(d.player)
    return ai_actions(g)[0]
