"""The search player: information-set Monte Carlo search over determinizations of the hidden
information, on top of the heuristic player.

Only the decisions that matter are searched: spells and abilities weighed against passing (each
target of a spell is a candidate of its own; a pass at one's own main phase is played out as holding:
nothing more at sorcery speed that turn, the mana kept for the opponent's turn), attacks (the
heuristic's plans and no attack at all), blocks (the block planner's plans, and against one opponent its
plan with one more block), the target of a spell or ability (whatever the rules of thumb read of its
effect), and against one opponent the choices with a few answers made while a spell or ability is cast
or resolves (`_WEIGHED_CHOICES`: a discard, a sacrifice, "may", tap or untap, a mode, X, a scry). Forced and
trivial decisions (a lone legal action, a land drop, mana payments, a pass with nothing worth doing, a lethal play) are
the heuristic's, answered at once.

At a searched decision the heuristic player proposes a few candidates, its own choice first. Each
round samples a determinization (engine.ai.knowledge: every opponent's hand and every library drawn
from what the player has seen, each card of an opponent's hand fitting what the player has read of their play,
engine.ai.reading; it never reads a hidden card), applies every candidate still in the
running to a copy of it, and plays each copy out with the playout policy for every player until the
turn after next begins, each further opponent of a multiplayer game adding their turn (or the game
ends): a truncated playout, scored by the change in the board evaluation since the decision, squashed
to (-1, 1) (with several opponents, 806, the strongest counts in full; against one, the evaluation also reads
the lethal attack waiting as the next turn begins: `end_value`). With one opponent the playout
policy is the heuristic player itself, checking its options by simulation (the 'medium' level), so the
opponent answers as that player would, with its blocks, its removal and tricks in combat and its
activated abilities, none of which the fast rules of thumb use; its instants wait for the opponent's
turn unless they gain a lot now, so a removal spell is still there for the threat that comes next.
With several opponents its fast rules of thumb play the longer playouts. Every candidate sees the same
determinization in a round (common random numbers: differences come from the action, not from the
sample); the budget is split
over log2(candidates) stages and the worse half of the challengers is dropped after each (sequential
halving), so the playouts go to the close calls. Among the finalists another candidate replaces the
heuristic's choice only if its paired advantage over the same determinizations exceeds `confidence`
standard errors over enough rounds (`min_pairs`).

This is the root level of an information-set MCTS: below the root the tree is replaced by the
playout policy, the better use of a budget of about a hundred playouts that the engine's speed
allows. Against one opponent (`follow_ups`, 3 by default) one level of the player's own decisions below it is a
tree too: a playout branches at the first decision of its own that the search would search, the decisions reached
seeing the same (turn, step, candidates named by what they are) share their statistics over the determinizations, and
a root candidate is valued by the follow-up its decision keeps (the heuristic's unless another beats it by
the root's rule), not always by the heuristic's. The budget is counted in playouts, so decisions do not
depend on the machine's speed or load; a wall-clock limit per decision is the safety net. Each round draws a seed
of its own, from which its determinization is sampled and each of its playouts' policy starts its random streams, so
a playout's value depends on the position, its candidate and that seed alone: the playouts of a stage can be played
in several processes (`workers`, engine.ai.helpers) with the values one process finds.
"""
from __future__ import annotations

import math
import statistics
import time
from typing import Callable, Mapping

from engine.core import player_actions as A
from engine.ai.by_hand import ai_actions
import engine.ai.combat as C
from engine.ai.evaluate import WIN, evaluate, finishes, life_value
from engine.ai.helpers import Decision, Helpers, Played, Unit
from engine.ai.heuristic import HeuristicPlayer
from engine.ai.knowledge import determinize
from engine.ai.reading import HandReader
from engine.ai.simulate import note_fault, works
from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.game import Game
from engine.core.rng import Rng

# The playouts a searched decision is given for each process it plays them in (`workers`). With the opponents' unshown
# spells guessed (their playouts act more), 128 on two cores took a median 0.97 s per searched decision (0.82 s
# before), 96 took 0.64 s (10 games each, a quiet machine); twice the budget had won no more games (99 and 100 of 158).
PLAYOUTS_PER_WORKER = 48


def squash(x: float) -> float:
    return x / (abs(x) + 20.0)


class SearchPlayer:
    name = "search"

    def __init__(self, seed: int = 0, *, playouts: int = PLAYOUTS_PER_WORKER, horizon: int = 2, time_limit: float = 3.0,
                 max_candidates: int = 6, confidence: float = 0.5, min_pairs: int = 8, policy_lookahead: bool = True,
                 policy_sampled: bool = True, policy_main_lookahead: bool = True, follow_ups: int = 3,
                 deck: list[str] | None = None, opponent_decks: Mapping[int, list[str]] | None = None,
                 workers: int = 1) -> None:
        """`playouts`: the budget per searched decision; `horizon`: turns a playout runs for with one
        opponent (one more for each further opponent: `playout_end`); `opponent_decks`: the opponents'
        deck lists by seat, where known (engine.ai.knowledge.determinize);
        `time_limit`: seconds after which a decision stops searching with what it has (a safety
        net: the budget is counted in playouts, so decisions don't depend on the machine's speed; the
        playout under way when it passes ends at its next decision, which the heuristic player makes by
        simulation: on a loaded machine a second can pass, and the decision must stay under 5 s);
        `confidence`: how many standard errors another action must gain by to replace the
        heuristic's choice; `min_pairs`: the paired playouts it needs at least for that (or all the
        budget gives each candidate, if fewer): a search the time limit stopped after a few rounds
        keeps the heuristic's choice rather than follow the noise of two or three playouts;
        `policy_lookahead`: the playouts played by the heuristic player checking its options by simulation
        (the default), or by its fast rules of thumb alone (a playout takes about 2.5 times less);
        `policy_sampled` (the default): the playout policy's simulations run on plain copies of the playout (already
        a determinization from this player's knowledge) rather than on a new sample of the hidden cards at each
        decision: the same decisions (the simulations settle the stack and combat, where a hidden card rarely
        counts: 71 of 75 searched decisions had the very same playout values, all 75 the same choice) for about
        10% less CPU (HeuristicPlayer's `sampled`); `policy_main_lookahead=False`: the playout policy plays its own
        main phases by the fast rules of thumb, simulating only combat, blocks, answers on the stack and other
        choices (HeuristicPlayer's `main_lookahead`).
        `follow_ups` (against one opponent; 0: none; 3, the default, won 61 of 96 paired games where 0 won 58.5, for
        about 1.9x the CPU per searched decision): at the first of its own decisions below the root that the search
        would search, a playout branches into that many of its candidates (`_Node`), and a root candidate is valued
        by the follow-up that does best over the determinizations reaching that decision, not always by the
        heuristic's.
        `workers`: the processes a search plays its playouts in, this one included: with more than one, helper
        processes (engine.ai.helpers, started at the first searched decision, ended by `close`) play some of each
        stage's playouts, with the very same values and choice as one process (`play_unit`)."""
        self.rng = Rng(seed)
        self.seed = seed
        self.workers = workers
        self.settings = {"horizon": horizon, "max_candidates": max_candidates, "follow_ups": follow_ups,
                         "policy_lookahead": policy_lookahead, "policy_sampled": policy_sampled,
                         "policy_main_lookahead": policy_main_lookahead, "deck": deck,
                         "opponent_decks": None if opponent_decks is None else dict(opponent_decks)}
        self._pool: Helpers | None = None
        self.playouts = playouts
        self.horizon = horizon
        self.time_limit = time_limit
        self.max_candidates = max_candidates
        self.confidence = confidence
        self.min_pairs = min_pairs
        self.follow_ups = follow_ups
        self._tree: dict[tuple, _Node] = {}     # the search under way's follow-up decisions, by what the player sees
        self._via: dict[tuple[int, int], tuple] = {}    # (candidate, round) -> its playout's follow-up decision
        self._branched: tuple[tuple, list[float]] | None = None     # the playout under way's follow-up decision
        self._det: tuple[Game, int, Game] | None = None     # (position, seed, the round's determinization of it)
        self.deck = deck
        self.opponent_decks = opponent_decks
        self.heuristic = HeuristicPlayer(seed, deck=deck, opponent_decks=opponent_decks)
        self.policy = HeuristicPlayer(seed + 1, lookahead=policy_lookahead, hold_instants=True, tried_by_caller=True,
                                      sampled=policy_sampled, main_lookahead=policy_main_lookahead)
        # With several opponents (806) a playout runs a turn more for each, and the heuristic player playing every
        # seat would spend the time limit on a few rounds: the fast rules of thumb play those playouts.
        self.fast_policy = HeuristicPlayer(seed + 1, lookahead=False, hold_instants=True, tried_by_caller=True)
        self.playing = self.policy      # the policy of the search under way
        self.search_times: list[float] = []     # seconds per searched decision, for reports
        self.last_values: list[dict[int, float]] = []   # the last search's playout values per candidate
        self.reader: HandReader | None = None       # what it reads of the opponents' hands from their play

    def choose(self, game: Game) -> A.Action:
        t = time.perf_counter()
        if self.reader is None:
            self.reader = HandReader(game.pending.player, self.seed + 2, self.opponent_decks)
        self.reader.observe(game)
        action = self._decide(game, t)
        if isinstance(action, A.PassPriority):
            self.reader.passing(game)
        return action

    def _decide(self, game: Game, t: float) -> A.Action:
        cands = self.candidates(game)
        if isinstance(cands, A.Action):
            return cands
        if len(cands) == 1:
            return cands[0]
        action = self.search(game, cands, t + self.time_limit)
        self.search_times.append(time.perf_counter() - t)
        return action

    # ------------------------------------------------------------ candidates
    def candidates(self, game: Game, player: HeuristicPlayer | None = None) -> A.Action | list[A.Action]:
        """The actions worth searching, the heuristic's choice first; or the one action to take
        without searching (a forced or trivial decision). `player`: the heuristic player that proposes them (by
        default the search player's own; in a playout the playout policy, whose choice comes first)."""
        in_playout = player is not None
        player = player or self.heuristic
        d = game.pending
        me = d.player
        # The extra blocks and the choices made while casting or resolving are searched only where the playouts
        # answer them as the heuristic player would (one opponent): with several, the fast rules of thumb play the
        # playouts, and the four-player games played with these searched did no better (helper ai19c's runs).
        medium_playouts = len(game.state.opponents(me)) == 1
        if d.kind is DecisionKind.PRIORITY:
            forced, scored = player.priority_options(game)
            if forced is not None:
                return forced
            if not scored:
                return A.PassPriority(me)
            if scored[0][0] >= WIN / 2:
                return scored[0][1]
            top = [a for v, a in scored if v > -3.0][:self.max_candidates - 1]
            if not top:
                return A.PassPriority(me)
            # The heuristic's own choice first: the search must show that another is better.
            others = top + [A.PassPriority(me)] if scored[0][0] > 0.05 else [A.PassPriority(me)] + top
            if in_playout:      # the policy's choice is the first of these (HeuristicPlayer._priority)
                return _distinct(game, others[:1], others[1:], self.max_candidates)
        elif d.kind is DecisionKind.DECLARE_ATTACKERS:
            others = [A.DeclareAttackers(me, p) for p in player.attack_plans(game, self.max_candidates)]
            others.append(A.DeclareAttackers(me, {}))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            plans = player.block_plans(game)
            # The planner's plans (its own, for this combat alone, chump as if at 1 life, none), then its plan with
            # one more block it left out (against one opponent: see below), then its blocks one by one.
            if medium_playouts:
                plans = plans[:4] + one_more_block(game, plans[0]) + plans[4:]
            others = [A.DeclareBlockers(me, p) for p in plans]
        elif d.kind is DecisionKind.CHOOSE and d.data.get("choice") == "target" and d.max == 1 and len(d.options) > 1:
            others = [A.Choose(me, (t,)) for t in player.ranked_targets(game)[:self.max_candidates - 1]]
        elif medium_playouts and d.kind is DecisionKind.CHOOSE and d.data.get("choice") in _WEIGHED_CHOICES:
            others = [a for a in ai_actions(game) if not isinstance(a, A.Cancel)]
            if len(others) > self.max_candidates:
                return player.choose(game)
        else:
            return player.choose(game)
        return _distinct(game, [player.choose(game)], others, self.max_candidates)

    # ------------------------------------------------------------ search
    def search(self, game: Game, cands: list[A.Action], deadline: float) -> A.Action:
        """Sequential halving over the candidates on shared determinizations (each round samples
        one and plays every candidate still in the running out on a copy of it); among the
        finalists candidate 0 (the heuristic's choice, never dropped) is kept unless another beats
        it on the same determinizations by more than `confidence` standard errors of the paired
        differences. A round the time limit cuts short counts for no candidate: a playout stopped
        early is scored at another point of the game than the others of its round."""
        me = game.pending.player
        alive = list(range(len(cands)))
        values: list[dict[int, float]] = [{} for _ in cands]     # round -> playout value
        stages = max(1, math.ceil(math.log2(len(cands))))
        spent = 0
        rnd = 0
        at = Decision(me, self.playout_end(game), evaluate(game, me), self.holding_turn(game),
                      dict(self.reader.facts) if self.reader is not None else None)
        self._tree, self._via = {}, {}
        helpers = self._helpers(game, at) if self.workers > 1 else None
        out_of_time = False
        for stage in range(stages):
            stage_budget = self.playouts * (stage + 1) // stages - spent
            rounds = max(1, stage_budget // len(alive))
            # One seed per round, drawn here in round order: a playout's value depends on the position, its candidate
            # and its round's seed alone, whichever process plays it.
            seeds = [(rnd + k, self.rng.next_u64()) for k in range(rounds)]
            units = [(r, seed, i) for r, seed in seeds for i in alive]
            acts = {i: cands[i] for i in alive}
            if helpers is None:
                played = self.play_units(game, acts, at, units, deadline)
            else:
                played = helpers.play(self, game, acts, at, units, deadline)
            for r, _ in seeds:
                got = {i: played.get((r, i)) for i in alive}
                if any(v is None for v in got.values()):
                    out_of_time = True
                    continue
                self._merge(r, got, values)
                spent += len(alive)
            rnd += rounds
            if out_of_time:
                break
            self._by_best_follow_up(values)
            if len(alive) > 2:
                rest = sorted(alive[1:], key=lambda i: (-_mean(values[i]), i))
                alive = [0] + rest[:max(1, (len(alive) + 1) // 2 - 1)]
        self._by_best_follow_up(values)
        self.last_values = values
        self.forget_round()
        need = max(3, min(self.min_pairs, self.playouts // len(cands)))
        return cands[_replacing(values, alive, need, self.confidence)]

    def play_units(self, game: Game, acts: Mapping[int, A.Action], at: Decision, units: list[Unit], deadline: float,
                    claim: Callable[[], int | None] | None = None,
                    out: dict[tuple[int, int], Played | None] | None = None) -> dict[tuple[int, int], Played | None]:
        """The playouts `units` played here, by (round, candidate), into `out`; one the time limit cuts short is None
        and the rest are not played. `claim`: the index in `units` of the next one to play, shared with the helper
        processes (None: none left); by default every one in turn."""
        out = {} if out is None else out
        order = iter(range(len(units)))
        while True:
            k = next(order, None) if claim is None else claim()
            if k is None:
                return out
            r, seed, i = units[k]
            v = out[r, i] = self.play_unit(game, acts[i], i, at, seed, deadline)
            if v is None:
                return out

    def play_unit(self, game: Game, action: A.Action, i: int, at: Decision, seed: int,
                  deadline: float) -> Played | None:
        """Candidate `i` (`action`) played out in the round of `seed`: on a copy of the round's determinization of
        `game`, sampled from `seed`, by a playout policy whose random streams start from `seed` too; its value and
        the follow-up decision it branched at, or None if the time limit came first. Depends on its arguments alone:
        the helper processes play playouts of the same search (engine.ai.helpers) with the same values."""
        if time.perf_counter() >= deadline:
            return None
        two = len(game.state.opponents(at.me)) == 1
        self.playing = self.policy if two else self.fast_policy
        if self._det is None or self._det[0] is not game or self._det[1] != seed:
            # The round's candidates are played one after another: its determinization is sampled once.
            # The opponent's unshown spells are guessed (`unshown`): a playout lets them act for a turn from the hand
            # sampled, which lands alone would leave idle.
            self._det = (game, seed, determinize(game, at.me, Rng(seed), self.deck, self.opponent_decks,
                                                 unshown=True, read=at.read))
        self.playing.reseed(seed)
        self._branched = None
        v = self.value_after(self._det[2], action, at.me, at.until, deadline, at.base,
                             at.hold if isinstance(action, A.PassPriority) else None,
                             i if two and self.follow_ups > 1 else None)
        return None if v is None else (v, self._branched)

    def forget_round(self) -> None:
        """Lets go of the last round's determinization (kept while its candidates are played one after another)."""
        self._det = None

    def _merge(self, rnd: int, played: Mapping[int, Played], values: list[dict[int, float]]) -> None:
        """A round's values into the search's: each candidate's, and the follow-ups' into their decisions' nodes."""
        for i, (v, branched) in played.items():
            values[i][rnd] = v
            if branched is not None:
                key, follow = branched
                node = self._tree.get(key)
                if node is None:
                    node = self._tree[key] = _Node(len(follow))
                for j, x in enumerate(follow):
                    node.values[j][rnd] = x
                self._via[i, rnd] = key

    def helpers(self) -> "Helpers":
        """The helper processes (`workers`), started at the first call (the first searched decision)."""
        if self._pool is None:
            self._pool = Helpers(self.workers - 1, SearchPlayer)
        return self._pool

    def _helpers(self, game: Game, at: Decision) -> "Helpers":
        """The helper processes, told the position of the decision under way."""
        pool = self.helpers()
        pool.begin(game, at, self.settings)
        return pool

    def close(self) -> None:
        """Ends the helper processes, if any (a later search starts them again)."""
        if self._pool is not None:
            self._pool.close()
            self._pool = None

    def __enter__(self) -> "SearchPlayer":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _by_best_follow_up(self, values: list[dict[int, float]]) -> None:
        """Each playout that branched at a follow-up decision (`_Node`) valued by the follow-up its decision keeps
        over all the determinizations that reached it."""
        for (i, rnd), key in self._via.items():
            if rnd in values[i]:
                node = self._tree[key]
                values[i][rnd] = node.values[node.kept(self.confidence)][rnd]

    def playout_end(self, game: Game) -> int:
        """The turn at which a playout stops: `horizon` turns on in a two-player game; with more players
        (806) each further opponent still in the game takes a turn too (101.4: turns pass round the
        table), so that every opponent's answer to the action is played out before it is scored."""
        s = game.state
        return s.turn + self.horizon + max(0, len(s.opponents(game.pending.player)) - 1)

    @staticmethod
    def holding_turn(game: Game) -> int | None:
        """The turn during which passing means holding, if the decision is at the player's own main phase with an
        empty stack: a pass there is played out as nothing more cast or activated at sorcery speed this turn (the
        mana kept for the opponent's turn), not as the policy casting the same spells after combat, which made
        passing look the same as casting now."""
        s = game.state
        me = game.pending.player
        if game.pending.kind is DecisionKind.PRIORITY and s.active == me and s.step.is_main and not s.stack:
            return s.turn
        return None

    def value_after(self, det: Game, action: A.Action, me: int, until_turn: int, deadline: float,
                    base: float, hold: int | None = None, branch: int | None = None) -> float | None:
        """The playout value of `action` on a copy of the determinization `det` (None: the time limit
        stopped the playout, or came before it: the copy and the action are not worth their time then).
        `branch`: the candidate of a playout that branches at its first follow-up decision (`follow_ups`)."""
        if time.perf_counter() > deadline:
            return None
        g = det.clone()
        try:
            g.apply(action, atomic=False)
            return self.playout(g, me, until_turn, deadline, base, hold, branch=branch)
        except IllegalAction:
            return -1.0
        except RuntimeError as e:      # an engine fault on this copy: the line counts as lost
            note_fault(e, action)
            return -1.0

    def playout(self, g: Game, me: int, until_turn: int, deadline: float, base: float, hold: int | None = None,
                max_actions: int = 600, branch: int | None = None) -> float | None:
        """Plays on with the playout policy for every player; the evaluation for `me` of where the playout
        ends, less `base` (the evaluation before the decision), squashed; None if the time limit stopped
        it first. The squash is taken of the change: with several opponents (806) the evaluation itself
        is far below zero (every opponent's board counts against it), where a squash of it would flatten
        the differences between the actions and weigh a lost game little more than a poor position.
        With `branch`, `me`'s first decision the search would search (`candidates`) is a follow-up decision: the
        playout goes on from a copy for each of its first `follow_ups` candidates, their values are kept for the
        round (`_follow_ups`), and the heuristic's follow-up gives the value returned (`_by_best_follow_up`
        revalues)."""
        self.playing.reset()
        for _ in range(max_actions):
            if g.is_over or g.state.turn >= until_turn:
                break
            if time.perf_counter() > deadline:
                return None
            if branch is not None and g.pending.player == me \
                    and not (hold is not None and self.holding_turn(g) == hold):
                cands = self.candidates(g, self.playing)
                if isinstance(cands, list):
                    return self._follow_ups(g, cands[:self.follow_ups], me, until_turn, deadline, base, hold, branch)
                action = cands
            else:
                action = self.playing.choose(g)
            if hold is not None and _held(g, me, hold, action):
                action = A.PassPriority(me)
            self._play(g, action)
        return squash(self.end_value(g, me) - base)

    @staticmethod
    def end_value(g: Game, me: int) -> float:
        """The evaluation for `me` of the position a playout ends in. Against one opponent, the attack that comes
        next is read too: the playout stops as a turn begins, and when its active player's creatures can deal the
        other player lethal damage however that player chump-blocks with its untapped creatures (`C.crack_back`:
        every creature attacks, 508.1a; a tapped creature can't block, 509.1a, and untaps only in its
        controller's untap step, 502.3), that player counts `PENDING_LETHAL` less: a life total of 1 in front of a
        wide board is no better than the evaluation's life points make it, one turn beyond the horizon."""
        v = evaluate(g, me)
        s = g.state
        if g.is_over or len(s.players) != 2:
            return v
        defender = 1 - s.active
        if finishes(g, defender, C.crack_back(g, defender)):
            v += -PENDING_LETHAL if defender == me else PENDING_LETHAL
        return v

    def _follow_ups(self, g: Game, cands: list[A.Action], me: int, until_turn: int, deadline: float, base: float,
                    hold: int | None, branch: int) -> float | None:
        """The playout `g` at a follow-up decision, played on after each of `cands` on a copy of its own (the same
        cards: the follow-ups are compared on the same determinization); the values are kept for the round with the
        decision's key, what `me` sees there (`_seen`), and merged into its node (`_merge`), so that the
        determinizations that reach the same decision share them (an information set). The value of the first (the
        heuristic's) follow-up is returned."""
        key = (branch, _seen(g, cands))
        follow: list[float] = []
        for j, c in enumerate(cands):
            h = g if j == len(cands) - 1 else g.clone()
            self._play(h, c)
            v = self.playout(h, me, until_turn, deadline, base, hold)
            if v is None:
                return None
            follow.append(v)
        self._branched = (key, follow)
        return follow[0]

    def _play(self, g: Game, action: A.Action) -> None:
        """Applies the policy's `action`, which it offers untried (`tried_by_caller`): a cast or activation at
        priority the engine refuses (the state left as it was) is followed by the policy's next offer, which
        no longer includes it; another refused action by `_fallback`."""
        for _ in range(_OFFERS):
            try:
                g.apply(action)
                return
            except IllegalAction:
                if g.pending.kind is not DecisionKind.PRIORITY \
                        or not isinstance(action, (A.CastSpell, A.ActivateAbility)):
                    break
                action = self.playing.choose(g)
        g.apply(_fallback(g))


def one_more_block(game: Game, plan: Mapping[int, tuple[int, ...]], n: int = 2) -> list[dict]:
    """`plan` and one more legal block by a creature it leaves free: the `n` best, each on another attacker, by
    what the block changes as the combat model counts it (C.fight, 509.1a): the attacker's value if the block
    kills it, less the value of the blockers it costs, plus the worth of the life it saves. The block planner
    trades only with an attacker worth about as much as its blocker, chump-blocks only against lethal damage and
    double-blocks only where it loses less than it kills: the trade down, the chump block that keeps a low life
    total and another double block are left to the search."""
    me = game.pending.player
    pairs = [(b, atts[0]) for a in ai_actions(game) if isinstance(a, A.DeclareBlockers) and len(a.blocks) == 1
             for b, atts in a.blocks.items() if len(atts) == 1 and b not in plan]
    life = game.state.players[me].life
    scored: list[tuple[float, int, int]] = []
    for b, a in pairs:
        att = C.fighter(game, a)
        now = [C.fighter(game, x) for x, atts in plan.items() if a in atts]
        before, after = C.fight(att, now), C.fight(att, [*now, C.fighter(game, b)])
        lost = {f.oid: f.value for f in now + [C.fighter(game, b)]}
        gain = (att.value if after.attacker_dies and not before.attacker_dies else 0.0) \
            - sum(lost[x] for x in after.dead_blockers if x not in before.dead_blockers) \
            + life_value(life - after.to_player) - life_value(life - before.to_player)
        scored.append((gain, b, a))
    more: list[dict] = []
    for _, b, a in sorted(scored, key=lambda t: (-t[0], t[1], t[2])):
        if len(more) < n and all(a not in p[b2] for p in more for b2 in p if b2 not in plan):
            more.append({**plan, b: (a,)})
    return more


def _answer_key(game: Game, action: A.Action) -> object:
    """What tells `action` from the other candidates: a choice of objects by what each object is (its name, where it
    is and in what state), so that two answers naming two of the same Mountains, untapped, or the same card in a
    graveyard, are searched once (Fireblast's sacrifice of two of five Mountains made six candidates alike); any
    other action by itself. A face-down object counts by its own identity (its name is hidden)."""
    if not isinstance(action, A.Choose):
        return action
    s = game.state

    def key(x: object) -> object:
        o = s.objects.get(x) if isinstance(x, int) else None
        if o is None or o.face_down:
            return repr(x)
        return repr((o.name, o.controller, o.zone, o.tapped, o.damage, sorted(o.counters.items()), o.attached_to,
                     o.sick, o.token))
    return tuple(sorted(key(x) for x in action.choice))


class _Node:
    """A follow-up decision of the search player below the root (the decision of its own met first in a playout),
    shared by the playouts of one root candidate that reach it seeing the same (`_seen`): each follow-up's playout
    values by round. The follow-up kept is the heuristic's unless another beats it by the root's rule
    (`_replacing`) over these rounds: a follow-up chosen on one determinization alone would know its hidden cards."""
    __slots__ = ("values",)

    def __init__(self, n: int) -> None:
        self.values: list[dict[int, float]] = [{} for _ in range(n)]

    def kept(self, confidence: float) -> int:
        return _replacing(self.values, list(range(len(self.values))), _NODE_PAIRS, confidence)


# The rounds a follow-up decision must be reached in before another follow-up than the heuristic's may be kept there.
_NODE_PAIRS = 3


def _replacing(values: list[dict[int, float]], finalists: list[int], need: int, confidence: float) -> int:
    """The candidate kept: 0 (the heuristic's choice) unless a finalist beats it on the same rounds by more than
    `confidence` standard errors of the paired differences, over at least `need` rounds: then the one that gains
    most."""
    best, best_gain = 0, 0.0
    for i in finalists:
        if i == 0:
            continue
        diffs = [v - values[0][r] for r, v in values[i].items() if r in values[0]]
        if len(diffs) < need:
            continue
        gain = statistics.fmean(diffs)
        noise = statistics.stdev(diffs) / math.sqrt(len(diffs))
        if gain > max(confidence * noise, 0.002) and gain > best_gain:
            best, best_gain = i, gain
    return best


def _seen(game: Game, cands: list[A.Action]) -> tuple:
    """What the searching player sees at a follow-up decision, as far as the choice goes: the turn, the step, the
    kind of decision and its candidates with each object named by what it is (`_answer_key`), so that a decision
    reached on two determinizations with the same cards in play is one node."""
    s = game.state
    return (s.turn, s.step, game.pending.kind, tuple(_named(game, a) for a in cands))


def _named(game: Game, action: A.Action) -> object:
    """`action` with the objects it names given by what they are (`_answer_key`), not by their identities, which
    differ between determinizations for the cards drawn from a hidden library."""
    if isinstance(action, A.Choose):
        return _answer_key(game, action)
    s = game.state

    def name(x: object) -> object:
        o = s.objects.get(x) if isinstance(x, int) and not isinstance(x, bool) else None
        return x if o is None or o.face_down else o.name

    def names(targets: object) -> object:     # a target spec's tuple of targets, or a target
        return tuple(names(t) for t in targets) if isinstance(targets, tuple) else name(targets)

    if isinstance(action, A.CastSpell):
        return ("cast", name(action.card), action.modes, action.x, action.alt, action.face, names(action.targets))
    if isinstance(action, A.ActivateAbility):
        return ("activate", name(action.source), action.index, action.modes, action.x, names(action.targets))
    if isinstance(action, A.DeclareAttackers):
        return ("attack", tuple(sorted((repr(name(a)), repr(name(t))) for a, t in action.attacks.items())))
    if isinstance(action, A.DeclareBlockers):
        return ("block", tuple(sorted((repr(name(b)), repr(tuple(name(a) for a in atts)))
                                      for b, atts in action.blocks.items())))
    return action


def _distinct(game: Game, first: list[A.Action], others: list[A.Action], most: int) -> list[A.Action]:
    """`first` (the heuristic's choice) and then the `others` the engine takes, one of each answer (`_answer_key`),
    at most `most` in all."""
    acts = list(first)
    seen = [_answer_key(game, a) for a in acts]
    for a in others:
        key = _answer_key(game, a)
        if len(acts) < most and key not in seen and works(game, a):
            acts.append(a)
            seen.append(key)
    return acts


# The choices made while a spell or ability is cast or resolves that the search weighs when they have a few answers
# (up to `max_candidates`): which card to discard or permanent to sacrifice, "may" (yes or no), tap or untap, a mode,
# a number (X), which of the cards looked at a scry puts on the bottom (701.22a: the cards seen keep their places in
# every determinization, engine.ai.knowledge; the rules of thumb keep lands by their count, not their colors). The
# other choices (a library search, the order of cards or triggers, a color, the mulligan's bottom cards) stay the
# heuristic's.
_WEIGHED_CHOICES = frozenset({"discard", "sacrifice", "yes_no", "tap_or_untap", "mode", "number", "scry"})


# What a lethal attack waiting at a playout's end costs its defender (`SearchPlayer.end_value`): a twentieth of a
# lost game, more than any board (a lost game would flatten the differences between the lines that lead there).
PENDING_LETHAL = WIN / 20


# The most offers of the policy `_play` takes at one priority before passing (a hand and a board hold fewer
# castable spells and loyalty abilities).
_OFFERS = 64


def _held(g: Game, me: int, turn: int, action: A.Action) -> bool:
    """Whether `action` is one the held turn forgoes: a spell or an ability at `me`'s main phase of `turn` with an
    empty stack (a land is still played)."""
    return isinstance(action, (A.CastSpell, A.ActivateAbility)) and g.pending.player == me \
        and SearchPlayer.holding_turn(g) == turn


def _mean(values: dict[int, float]) -> float:
    return statistics.fmean(values.values()) if values else -1.0


def _fallback(g: Game) -> A.Action:
    """The policy's action was refused (a gap in its rules of thumb): pass, or the first legal action."""
    d = g.pending
    if d.kind is DecisionKind.PRIORITY:
        return A.PassPriority(d.player)
    return ai_actions(g)[0]
