"""The heuristic player: answers every decision the engine asks with rules of thumb, checked where it
matters by simulating the candidates on a determinized copy of the game (engine.ai.knowledge) and
scoring the results with the board evaluation (engine.ai.evaluate).

- Mulligans (103.5) on the number of lands and their colors (a hand whose lands cast none of its cheap
  spells goes); the London mulligan's bottom cards keep the land count balanced, the lands of the colors
  the spells need and the spells the lands pay for.
- Scry and surveil (701.22a, 701.25a) keep on top the lands the hand is short of, in number or in color,
  and the spells the lands will pay for soon.
- A land each turn (305.2), the one whose colors the hand needs most.
- Spells and abilities: each legal option is simulated (cast, then the stack resolves) and the one
  that gains most is taken, biggest first, as long as it gains something. Instants wait for the
  opponent's turn (end step, combat, or a spell to answer) unless they gain a lot now; mana for a
  counterspell is kept open when the alternative gains little.
- Combat (506-511): engine.ai.combat plans attacks (race, blocks the opponent can make, the
  crack-back) and blocks (survive first, then trade well); the best few attack plans are checked by
  simulation.
- Other choices: targets by what the effect does to them, sacrifices and discards of the least
  valuable cards, legend rule, colors, modes, X, trigger order (simulated when it matters).

With `lookahead=False` it decides from the rules of thumb alone, without simulating: that fast
policy plays the search player's playouts and the other side of every simulation.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import Any, Iterable, Mapping

from engine.core import player_actions as A
import engine.ai.combat as C
import engine.ai.spells as SP
import engine.ai.ability_value as AV
from engine.ai.by_hand import ai_actions, ai_land_plays, ai_spells_and_abilities
from engine.core.commanders import commander_tax, in_command_zone
from engine.core.objects import GRAVEYARD_WAYS, is_player_ref, player_index
from engine.effects.payment import can_tap_for_cost
from engine.effects.resolution_casts import may_play
from engine.rules.casting import at_instant_speed
from engine.rules.faces import castable_faces
from engine.rules.timing import only_as_a_sorcery
from engine.rules.face_down import face_up_actions
from engine.rules.foretell import foretell_actions, foretold
from engine.rules.suspend import suspend_actions
from engine.rules.graveyard_casts import may_cast_from_graveyard
from engine.ai.evaluate import (CARD_IN_HAND, WIN, creature_value, creature_value_damaged, damage_to_lose, evaluate,
                                evaluate_changed, finishes, board_memo, life_value, makes_mana, permanent_value,
                                unchanged_board)
from engine.ai.knowledge import RenamedCopies, determinize
from engine.ai.lookahead import LazyDeterminization
from engine.ai.mana_abilities import activated_copies
from engine.ai.simulate import COMBAT_STEPS, works
from engine.rules.combat import (assignment_error, attack_error, attack_tax, block_error, can_block_attacker,
                                 fewest_blockers, obey_block_requirements)
from engine.core.enums import DecisionKinds, Steps, Zones
from engine.query.cast_limits import land_play_forbidden
from engine.query.layers import FLAG_KINDS
from engine.query.targets import SourceInfo, protected_from
from engine.core.abilities import Amount, Cost, Filter, kept_by_identity_of
from engine.core.subtypes import LAND_TYPES
from engine.core.mana import ManaCost
from engine.core.state import ActivateTask, CastTask, Proposal
from engine.core import effect_types as E
from engine.core.effect_types import BOARD_COLORS, CHOSEN_COLOR
from engine.game import Game
from engine.core.rng import Rng

COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

# The most answers of a choice the rules of thumb don't read that are each simulated (`_generic_choice`).
_SIMULATED_ANSWERS = 6

# The combat planner's best attacks the heuristic player weighs (`_attack`; a plan at a planeswalker comes on top).
_ATTACK_PLANS = 2


class HeuristicPlayer:
    name = "heuristic"

    def __init__(self, seed: int = 0, *, lookahead: bool = True, deck: list[str] | None = None,
                 opponent_decks: Mapping[int, list[str]] | None = None, hold_instants: bool = False,
                 tried_by_caller: bool = False, sampled: bool = False, main_lookahead: bool = True) -> None:
        """`hold_instants` (fast policy): instants wait for the opponent's turn even when they
        could kill something in our main phase (the search player's playouts: a removal spell
        spent on the first small creature is not there for the threat that follows).
        `tried_by_caller` (fast policy): its caller applies each action atomically and, when the engine
        refuses a cast or an activation at priority, asks again (the next one is offered, the refused one
        being tried already) and answers a refused attack with the first legal action: the policy offers
        those without trying them on a copy first (the search player's playouts).
        `sampled` (the search player's playouts): the games it is asked about are already determinizations drawn
        from the searching player's knowledge, so its simulations run on plain copies instead of drawing the
        hidden cards again (a copy costs a fraction of a determinization).
        `main_lookahead=False` (the search player's cheaper playouts): at its own main phase with an empty stack it
        decides by the fast rules of thumb; combat, blocks, answers on the stack and other choices are still
        simulated."""
        self.rng = Rng(seed)
        self.lookahead = lookahead
        self.hold_instants = hold_instants
        self.tried_by_caller = tried_by_caller
        self.sampled = sampled
        self.main_lookahead = main_lookahead
        self.deck = deck
        self.opponent_decks = opponent_decks
        self.fast = HeuristicPlayer(seed, lookahead=False) if lookahead else self
        self._tried: set[tuple] = set()     # fast policy: casts it backed out of at this priority
        self._passed_main1: tuple | None = None     # (turn, `main_position`) where a first main phase ended passing
        self._copies = RenamedCopies()
        self._boosting = False      # looking at the casts a mana ability would allow (`_mana_first`)

    # ------------------------------------------------------------ entry
    def choose(self, game: Game) -> A.Action:
        d = game.pending
        if d is None:
            raise RuntimeError("no decision is pending")
        k = d.kind
        if k is DecisionKinds.PRIORITY:
            with unchanged_board(game):
                return self._priority(game)
        if k is DecisionKinds.MULLIGAN:
            return A.Mulligan(d.player, keep=self._keep(game))
        if k is DecisionKinds.DECLARE_ATTACKERS:
            with unchanged_board(game):
                return self._attack(game)
        if k is DecisionKinds.DECLARE_BLOCKERS:
            return self._block(game)
        if k is DecisionKinds.ASSIGN_DAMAGE:
            return self._assign(game)
        action = self._choose(game)
        task = game.state.task
        if isinstance(task, Proposal) and not isinstance(action, A.Cancel) and not works(game, action):
            action = A.Cancel(d.player)   # e.g. the cost can't be paid after all: back out (733)
        if isinstance(action, A.Cancel):
            s = game.state
            what = task.card if isinstance(task, CastTask) else task.source if isinstance(task, ActivateTask) else None
            self._tried.add(((s.turn, s.step, len(s.stack)), what))
        return action

    def reset(self) -> None:
        """Forget the casts backed out of and the first main phase passed (a playout starts from a position of its
        own), and so does the player its simulations answer with."""
        self._tried.clear()
        self._passed_main1 = None
        if self.fast is not self:
            self.fast.reset()

    def reseed(self, seed: int) -> None:
        """Start the random streams afresh from `seed` (a round of the search player: its values depend on its seed
        alone, whichever process plays it), the state of the last playout forgotten (`reset`)."""
        self.rng = Rng(seed)
        if self.fast is not self:
            self.fast.reseed(seed)
        self.reset()

    def determinized(self, game: Game) -> Game:
        if self.sampled:
            return game.clone()
        return determinize(game, game.pending.player, self.rng, self.deck, self.opponent_decks, self._copies)

    def _lookahead(self, game: Game) -> LazyDeterminization:
        """The copies this decision's options are simulated on: a plain copy while a simulation touches no hidden
        card, else a determinization (engine.ai.lookahead); the search player's playouts (`sampled`) simulate on
        copies of their own sampled game."""
        return LazyDeterminization(game, game.pending.player, self.fast, lambda: self.determinized(game),
                                   lazy=not self.sampled)

    # ------------------------------------------------------------ mulligan (103.5)
    def _keep(self, game: Game) -> bool:
        """Two to five lands whose colors cast one of the cheap spells (`_hand_casts_its_colors`); any hand after two
        mulligans."""
        d = game.pending
        hand = game.state.players[d.player].hand
        lands = sum(1 for x in hand if game.characteristics(x).is_land)
        if d.data.get("mulligans", 0) >= 2:
            return True
        return 2 <= lands <= 5 and _hand_casts_its_colors(game, hand)

    # ------------------------------------------------------------ priority (117)
    def _priority(self, game: Game) -> A.Action:
        s = game.state
        me = game.pending.player
        own_main = s.active == me and s.step.is_main and not s.stack
        if not self.lookahead or (own_main and not self.main_lookahead):
            return self._fast_priority(game)
        if own_main and s.step is Steps.MAIN2 and self._passed_main1 == (s.turn, main_position(game)):
            # Nothing happened since the first main phase ended with a pass (no combat, 506.1): pass again.
            return A.passing(me)
        forced, scored = self.priority_options(game)
        if forced is not None:
            action: A.Action = forced
        elif scored and scored[0][0] > 0.05:
            action = scored[0][1]
        else:
            action = A.passing(me)
        if own_main and s.step is Steps.MAIN1 and isinstance(action, A.PassPriority):
            self._passed_main1 = (s.turn, main_position(game))
        return action

    def priority_options(self, game: Game) -> tuple[A.Action | None, list[tuple[float, A.Action]]]:
        """(an action to take without weighing, or None; the spells and abilities worth weighing with
        what each gains over passing, best first)."""
        d = game.pending
        me = d.player
        s = game.state
        key = (s.turn, s.step, len(s.stack))
        self._tried = {t for t in self._tried if t[0] == key}
        if not self._may_act(game, me):
            return A.passing(me), []
        my_main = s.active == me and s.step.is_main and not s.stack
        lands = ai_land_plays(game) if my_main else []
        if lands:
            return self._best_land(game, lands), []      # whatever else could be done (ai_actions)
        if _nothing_affordable(game, me):
            return A.passing(me), []
        forced, scored = self._weighed_options(game, key)
        if (forced is None or isinstance(forced, A.PassPriority)) and not (scored and scored[0][0] > 0.05):
            first = self._mana_first(game)
            if first is not None:
                return first, []
        return forced, scored

    def _weighed_options(self, game: Game, key: tuple) -> tuple[A.Action | None, list[tuple[float, A.Action]]]:
        """`priority_options` once the player may act and may afford something: its legal casts and activations
        listed and weighed."""
        me = game.pending.player
        s = game.state
        # The casts and activations of `ai_actions`; a cast `_timely` would drop is left out before its targets and
        # costs are looked at (the same answer: a listing of the pass alone, or of nothing timely, passes).
        timing: dict[tuple, bool] = {}
        actions = ai_spells_and_abilities(game, lambda card, modes: self._timely_cast(game, card, modes, key, timing))
        specials = self._special_actions(game, key)
        if len(actions) == 1 and not specials:
            return actions[0], []
        cands = self._timely(game, actions, key, timing) + specials
        if not cands:
            return A.passing(me), []
        cands = SP.best_target_variants(game, me, cands)
        combat = s.step in COMBAT_STEPS and s.combat is not None and s.combat.attackers_declared
        copies = self._lookahead(game)
        if s.stack or combat:
            base_game = copies.simulate(A.passing(me), combat)
            # (a determinized copy evaluates as the game does: only hidden cards differ)
            base = evaluate(base_game if base_game is not None else game, me)
        else:
            base = evaluate(game, me)   # a determinized copy shows the same: only hidden cards differ
        quiet = not (s.stack or combat) and _quiet_board(game) and not self._holds_counter(game, me)
        still = not (s.stack or combat) and _still_board(game)
        prospect: float | None = None   # the best attack's worth now, once a set-up needs it (`_setup_mode`)
        scored: list[tuple[float, int, A.Action]] = []
        for i, a in enumerate(cands):
            setup = _setup_mode(game, a)
            gain = _plain_creature_gain(game, a, still) if quiet and setup is None else None
            if gain is None and still and setup is None:
                gain = _spell_gain(game, a)
            if gain is not None:
                scored.append((gain - self._hold_cost(game, game, a), i, a))
                continue
            g = copies.simulate(a, combat, last=i == len(cands) - 1)
            if g is None:
                continue
            v = evaluate(g, me) - base - self._hold_cost(game, g, a)
            if setup is not None and not g.is_over:
                # The attack to come: the player's own this turn or, at the end of the turn before, the next (gained),
                # or an opponent's (kept from them)
                ahead = s.step is Steps.END
                attacker = me if ahead else s.active
                worth = C.next_attack_prospect if ahead else C.attack_prospect
                if prospect is None:
                    prospect = worth(game, attacker)
                more = worth(g, attacker) - prospect
                if attacker != me:
                    more = -more
                if more <= 0 and (attacker != me or ahead or SP.temporary_only(setup)):
                    continue        # it changes no attack: a trick waits for the blocks, a tapper for a better time
                v += max(more, 0.0)
            scored.append((v, i, a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return None, [(v, a) for v, _, a in scored]

    def _special_actions(self, game: Game, key: tuple) -> list[A.Action]:
        """The special actions worth weighing now (116.2), beside the casts and activations: turning a face-down
        permanent face up in its controller's main phase or in combat once blockers are declared (702.37e), suspending
        a card (702.62a) and foretelling one (702.143a) in its own main phase. The evaluation counts a suspended or
        foretold card for what it will be (engine.ai.evaluate.exiled_worth)."""
        s = game.state
        me = game.pending.player
        own_main = s.active == me and s.step.is_main and not s.stack
        out: list[A.Action] = []
        if (own_main or _after_blocks(s)) and any(s.objects[x].face_down and s.objects[x].controller == me
                                                  for x in s.battlefield):
            out.extend(face_up_actions(game, me))
        if own_main and any(_suspend_or_foretell(game.characteristics(x)) for x in s.players[me].hand):
            out.extend(suspend_actions(game, me))
            out.extend(foretell_actions(game, me))
        return [a for a in out if (key, a.card) not in self._tried]

    def _mana_first(self, game: Game) -> A.Action | None:
        """A mana ability the automatic payer leaves to be activated by hand (engine.ai.mana_abilities: a Signet, a
        filter land, Elvish Spirit Guide), when the mana it adds lets the player cast a spell or activate an ability
        worth it that it can't now: the one whose best action then gains most, counting what the activation costs
        (a card exiled from the hand, a counter, life). Looked one activation ahead, on copies, where the player would
        pass; an activation that asks a choice (what to sacrifice) is left alone. None: none is worth it."""
        me = game.pending.player
        if self._boosting or not _wants_mana(game, me):
            return None
        best, best_gain = None, 0.05
        base: float | None = None
        self._boosting = True
        try:
            for a, g in activated_copies(game, me):
                forced, scored = self.priority_options(g)
                if forced is not None or not scored:
                    continue
                base = evaluate(game, me) if base is None else base
                gain = scored[0][0] + evaluate(g, me) - base
                if gain > best_gain:
                    best, best_gain = a, gain
        finally:
            self._boosting = False
        return best

    def _timely(self, game: Game, actions: list[A.Action], key: tuple,
                timing: dict[tuple, bool] | None = None) -> list[A.Action]:
        """The casts and activations among `actions` worth weighing now (`_timing_ok`) and not backed out of at this
        priority (`key`). `_timing_ok` reads of an action its card or ability, its modes and, of an activation,
        whether it has targets, not which: it is asked once for each of those (a spell is listed once for each
        choice of targets). `timing`: the answers known already, by those keys (`_timely_cast`)."""
        timing = {} if timing is None else timing
        out: list[A.Action] = []
        for a in actions:
            if isinstance(a, A.CastSpell):
                k = (a.card, None, a.modes)
            elif isinstance(a, A.ActivateAbility):
                k = (a.source, a.index, a.modes, not a.targets)
            else:
                continue
            ok = timing.get(k)
            if ok is None:
                ok = timing[k] = self._timing_ok(game, a)
            if ok and (key, k[0]) not in self._tried:
                out.append(a)
        return out

    def _timely_cast(self, game: Game, card: int, modes: tuple[int, ...] | None, key: tuple,
                     timing: dict[tuple, bool]) -> bool:
        """Whether `_timely` would keep a cast of `card` with these modes, whatever its targets and costs (the
        listing's question, engine.loop.legal.CastWanted); the answer kept in `timing` for `_timely`."""
        k = (card, None, modes)
        ok = timing.get(k)
        if ok is None:
            ok = timing[k] = self._cast_timing_ok(game, card, modes)
        return ok and (key, card) not in self._tried

    @staticmethod
    def _may_act(game: Game, me: int) -> bool:
        """Whether any action passes `_timing_ok` (or a land may be played) at this priority; if not,
        the player passes without listing its legal actions (most priorities are such)."""
        s = game.state
        if s.stack:
            top = s.objects[s.stack[-1]]
            if top.controller == me:
                return False
            if _untargeted_spell(top):
                return HeuristicPlayer._holds_counter(game, me)
            return _could_act_at_instant_speed(game, me)
        if s.active == me and s.step.is_main:
            return True
        if s.step is Steps.DECLARE_ATTACKERS:
            return s.active != me and _flash_creature_in_hand(game, me)
        if s.step is Steps.BEGINNING_OF_COMBAT and s.active != me:
            return _could_tap_down(game, me)
        return (_after_blocks(s) or (s.active != me and s.step is Steps.END)) and _could_act_at_instant_speed(game, me)

    def _timing_ok(self, game: Game, a: A.Action) -> bool:
        """When it is worth looking at an instant-speed action: answering the opponent's spell, in
        combat once attackers are declared, or at the end of the opponent's turn. Sorcery-speed
        actions are only offered in the main phase anyway. A cast: `_cast_timing_ok`."""
        if isinstance(a, A.CastSpell):
            return self._cast_timing_ok(game, a.card, a.modes)
        s = game.state
        me = game.pending.player
        if s.stack:
            top = s.objects[s.stack[-1]]
            # A spell with no target (a creature spell, say) can only be countered: removal and tricks
            # wait for a moment when they change something.
            return top.controller != me and not _untargeted_spell(top) and not _idle_sacrifice(game, a)
        if s.step is Steps.DECLARE_ATTACKERS:
            return False        # before blocks only a surprise blocker is worth it (a creature spell)
        in_combat = _after_blocks(s)
        mode = SP.action_mode(game, a)
        if s.step is Steps.BEGINNING_OF_COMBAT and s.active != me:
            return mode is not None and _taps_down(mode)
        if mode is not None and SP.temporary_only(mode):
            return in_combat or _sets_up_attack(game, mode)
        if s.active == me and s.step.is_main:
            # A creature's sacrifice of itself that nothing threatens waits (`_idle_sacrifice`: its creature still
            # blocks).
            return not _idle_sacrifice(game, a)
        return (in_combat and not _idle_sacrifice(game, a)) or (s.active != me and s.step is Steps.END)

    def _cast_timing_ok(self, game: Game, card: int, modes: tuple[int, ...] | None) -> bool:
        """`_timing_ok` of a cast of `card` with these modes (all it reads of a cast: not its targets), without
        making the action (asked of every card the listing looks at, `_timely_cast`)."""
        s = game.state
        me = game.pending.player
        ch = game.characteristics(card)
        if s.stack:
            top = s.objects[s.stack[-1]]
            if top.controller == me:
                return False
            # A spell with no target can only be countered: removal and tricks wait for a moment when they change
            # something.
            return SP.is_counterspell(ch.definition) or not _untargeted_spell(top)
        if s.step is Steps.DECLARE_ATTACKERS:
            # Before blocks only a surprise blocker is worth it: tricks and removal wait for the blocks.
            return s.active != me and ch.is_creature
        in_combat = _after_blocks(s)
        mode = SP.cast_mode(ch.definition.spell, modes)
        if s.step is Steps.BEGINNING_OF_COMBAT and s.active != me:
            return mode is not None and _taps_down(mode)
        if mode is not None and not ch.is_type("Sorcery") and SP.temporary_only(mode):
            return in_combat or _sets_up_attack(game, mode)
        if s.active == me and s.step.is_main:
            # A removal instant that can kill nothing and finish no one now waits for the opponent's turn.
            return not self._idle_removal(game, ch)
        return in_combat or (s.active != me and s.step is Steps.END)

    def _idle_removal(self, game: Game, ch) -> bool:
        """An instant (not a creature) whose first target is harmed, with nothing it could kill and no
        player it could finish (`_has_harm_target`)."""
        sp = ch.definition.spell
        if sp is None or not ch.is_type("Instant") or ch.is_creature or not sp.modes[0].targets \
                or SP.target_polarity(sp.modes[0], 0) != SP.HARMFUL:
            return False
        return not self._has_harm_target(game, ch)

    def _hold_cost(self, game: Game, after: Game, a: A.Action) -> float:
        """What spending this now gives up: an instant could wait for a better moment; mana spent on
        our turn is no longer there for a counterspell."""
        s = game.state
        me = game.pending.player
        cost = 0.0
        if isinstance(a, A.CastSpell):
            ch = game.characteristics(a.card)
            instant = ch.is_type("Instant") and not ch.is_creature
            if instant and s.active == me and s.step.is_main and not s.stack:
                cost += 1.0
            if instant and s.active != me and s.step is Steps.END:
                cost -= 0.5          # the mana is wasted otherwise
            if SP.is_counterspell(ch.definition) and s.stack:
                top = s.objects[s.stack[-1]]
                mv = 0 if top.is_ability else game.characteristics(top.id).mana_value
                cost += max(0, 3 - mv) * 0.4
            if s.active == me and not instant and not ch.is_land:
                cost -= 0.25        # using the mana on our turn
        elif isinstance(a, A.ActivateAbility) and s.objects[a.source].zone is Zones.HAND:
            ab = game.characteristics(a.source).activated[a.index]
            if ab.keyword == "cycling":
                cost -= _cycling_credit(game, me, a.source, ab)
        elif isinstance(a, A.ActivateAbility):
            ab = game.characteristics(a.source).activated[a.index]
            if s.active != me and s.step is Steps.END and _free_before_untap(ab):
                cost -= FREE_USE
            if _rummages(ab):
                cost -= self._rummage_credit(game, me, ab)
        if s.active == me and s.step.is_main and self._holds_counter(game, me) \
                and not isinstance(a, A.PlayLand) and _untapped_mana(after, me) < 2:
            cost += 1.2
        return cost

    def _rummage_credit(self, game: Game, me: int, ab: Any) -> float:
        """What an ability that discards a card to draw (`_rummages`) gains beyond the evaluation: `CYCLED` when the
        card the player would discard for it (`_worst_cards`) is a land card it can spare (`_surplus_land`)."""
        f = ab.cost.discard_filter
        hand = game.state.players[me].hand
        if f is None:
            options = list(hand)
        elif f.types == frozenset({"Land"}):
            options = [x for x in hand if game.characteristics(x).is_land]
        else:
            return 0.0
        worst = self._worst_cards(game, options, 1)
        return CYCLED if worst and _surplus_land(game, me, worst[0]) else 0.0

    @staticmethod
    def _holds_counter(game: Game, me: int) -> bool:
        return any(SP.is_counterspell(game.characteristics(x).definition) for x in game.state.players[me].hand)

    def _best_land(self, game: Game, lands: list[A.PlayLand]) -> A.Action:
        me = game.pending.player
        need = _colors_needed(game, me)
        no_land_out = _lands_out(game, me) == 0
        def score(a: A.PlayLand) -> float:
            ch = game.characteristics(a.card)
            made = land_colors(ch)
            v = sum(need.get(c, 0) for c in made) + 0.1 * len(made)
            if any(st.kind == "enters_tapped" for st in ch.static):
                v -= 0.5
            if no_land_out and _returns_a_land(ch):
                v -= 10     # the only land it could return is itself: the land drop gains nothing
            return v
        return max(lands, key=score)

    # ------------------------------------------------------------ the fast policy's priority
    def _fast_priority(self, game: Game) -> A.Action:
        d = game.pending
        me = d.player
        s = game.state
        p = s.players[me]
        key = (s.turn, s.step, len(s.stack))
        self._tried = {t for t in self._tried if t[0] == key}
        if s.stack:
            top = s.objects[s.stack[-1]]
            if top.controller != me and not top.is_ability:
                worth = game.characteristics(top.id).mana_value >= 2
                for x in p.hand:
                    if worth and SP.is_counterspell(game.characteristics(x).definition):
                        act = A.CastSpell(me, x, targets=((top.id,),))
                        if (key, x) not in self._tried and self._may_work(game, act):
                            self._tried.add((key, x))
                            return act
            return A.passing(me)
        my_main = s.active == me and s.step.is_main
        if my_main and p.lands_played < p.land_plays:
            lands = [A.PlayLand(me, x) for x in p.hand
                     if game.characteristics(x).is_land and land_play_forbidden(s, me, x) is None]
            if lands:
                return self._best_land(game, lands)
        end_of_their_turn = s.active != me and s.step is Steps.END
        if not (my_main or end_of_their_turn):
            return A.passing(me)
        mana = _untapped_mana(game, me)
        # 903.8: a commander is cast from the command zone, for its mana value and the commander tax
        spells = sorted((x for x in [*p.hand, *in_command_zone(s, me)] if not game.characteristics(x).is_land),
                        key=lambda x: -game.characteristics(x).mana_value)
        for x in spells:
            ch = game.characteristics(x)
            if (key, x) in self._tried or ch.mana_value + commander_tax(s, x) > mana:
                continue
            instant = ch.is_type("Instant") or ch.has("flash")
            if end_of_their_turn and (not instant or _only_this_turn(ch)):
                continue        # a pump until end of turn at the end of the turn changes nothing (514.2)
            if SP.is_counterspell(ch.definition):
                continue
            if my_main and ch.is_type("Instant") and not ch.is_creature \
                    and (self.hold_instants or not self._has_harm_target(game, ch)):
                continue
            act = A.CastSpell(me, x)
            self._tried.add((key, x))
            if self._may_work(game, act):
                return act
        if my_main:
            for oid in s.battlefield:
                if s.objects[oid].controller != me:
                    continue
                ch = game.characteristics(oid)
                # A planeswalker's loyalty ability that adds loyalty; a land that makes no mana, for what it finds (a
                # fetch land: `makes_mana`).
                fetch = ch.is_land and not makes_mana(ch)
                for i, ab in enumerate(ch.activated):
                    if (ab.is_loyalty and (ab.cost.loyalty or 0) >= 0 or fetch and ab.cost.sacrifice_self) \
                            and (key, oid, i) not in self._tried:
                        act = A.ActivateAbility(me, oid, i)
                        self._tried.add((key, oid, i))
                        if self._may_work(game, act):
                            return act
            # A face-down permanent turned face up, a card suspended (special actions, 116.2).
            for act in [*face_up_actions(game, me), *suspend_actions(game, me)]:
                if (key, act.card) not in self._tried:
                    self._tried.add((key, act.card))
                    if self._may_work(game, act):
                        return act
            first = self._fast_mana_first(game, key)
            if first is not None:
                return first
        return A.passing(me)

    def _fast_mana_first(self, game: Game, key: tuple) -> A.Action | None:
        """The fast rules of thumb's `_mana_first`: a mana ability the payer leaves, activated when, on a copy, the
        rules of thumb then cast a spell the engine takes there and not without that mana. The casts tried at this
        priority are forgotten once it is activated: they were tried without its mana (one backed out of for its
        targets may be tried again, once: its mana stays in the pool, so no other is activated for it, 500.4)."""
        if self._boosting:
            return None
        saved = self._tried
        self._boosting = True
        try:
            for a, g in activated_copies(game, game.pending.player):
                self._tried = {t for t in saved if t[0] != key}
                act = self._fast_priority(g)
                # (a cast backed out of for another reason than mana, such as its only targets being bad, is still
                # backed out of: its mana would be spent for nothing)
                if isinstance(act, A.CastSpell) and works(g, act) and not works(game, act):
                    saved = self._tried = {t for t in saved if t[0] != key}
                    return a
        finally:
            self._tried = saved
            self._boosting = False
        return None

    def _has_harm_target(self, game: Game, ch) -> bool:
        """A harmful instant in our main phase: worth it only if it can kill something of theirs."""
        sp = ch.definition.spell
        if sp is None:
            return False
        mode = sp.modes[0]
        if not mode.targets or SP.target_polarity(mode, 0) != SP.HARMFUL:
            return False
        dmg = SP.damage_amount(mode, 0)
        me = game.pending.player
        s = game.state
        for oid in s.battlefield:
            o = s.objects[oid]
            if o.controller == me or not game.characteristics(oid).is_creature:
                continue
            if dmg is None or dmg >= (game.characteristics(oid).toughness or 0) - o.damage:
                return True
        return dmg is not None and any(finishes(game, p, dmg) for p in s.opponents(me))

    # ------------------------------------------------------------ combat
    def _attack(self, game: Game) -> A.Action:
        d = game.pending
        me = d.player
        if not self.lookahead:
            target = C.choose_defender(game, me, d.data["targets"], list(d.options))
            chosen = C.plan_attack(game, me, list(d.options), target)
            return self._valid_attack(game, me, {a: target for a in chosen})
        # The planner's two best plans (its third was the simulation's pick in 7 of 276 decisions of the 30 speed games,
        # its fourth in 2 of 288); the search player's playouts (`sampled`) keep three.
        plans = self.attack_plans(game, 3 if self.sampled else _ATTACK_PLANS)
        # Plans valued without simulating: every plan when no creature can block, else not attacking and each
        # plan whose combat goes as the combat model counts it (`_blocked_attack_value`).
        values = _unblocked_attack_values(game, me, plans) \
            or [_blocked_attack_value(game, me, plan) if plan else _no_attack_value(game, me) for plan in plans]
        best = self._best_plan(game, plans, values, lambda p: A.DeclareAttackers(me, p), lambda g, p: evaluate(g, me)
                               + self._crack_back_penalty(g, me) + self._let_through_penalty(game, g, me, p),
                               lambda act: _attack_works(game, act))
        if best is not None:
            return A.DeclareAttackers(me, plans[best])
        return self._valid_attack(game, me, {})

    def _best_plan(self, game: Game, plans: list[dict], values: list[float | None], declare, score,
                   legal=None) -> int | None:
        """The best of a combat declaration's `plans`: those not valued yet (None in `values`) simulated through
        combat damage on a determinized copy (`declare` makes a plan's action, `score` values the copy after it);
        the first of the best (within 1e-9) that the engine takes, a plan not simulated checked by `legal` (by
        default tried on a copy). None if the engine takes none."""
        legal = legal or (lambda act: works(game, act))
        todo = [i for i, v in enumerate(values) if v is None]
        copies = self._lookahead(game)
        for i in todo:
            g = copies.simulate(declare(plans[i]), through_combat=True, last=i == todo[-1])
            if g is not None:
                values[i] = score(g, plans[i])
        best: int | None = None
        for i in sorted((i for i, v in enumerate(values) if v is not None), key=lambda i: (-values[i], i)):
            if best is not None and values[i] < values[best] - 1e-9:
                break
            if i in todo or legal(declare(plans[i])):
                best = i if best is None else min(best, i)
        return best

    @staticmethod
    def _let_through_penalty(game: Game, g: Game, me: int, plan: dict) -> float:
        """The defenders could let attack `plan` through and swing back for lethal (`C.unblocked_crack_back`)."""
        return -300.0 if not g.is_over and finishes(g, me, C.unblocked_crack_back(game, me, plan)) else 0.0

    def attack_plans(self, game: Game, n: int = 4) -> list[dict]:
        """The best few attacks by the combat planner's estimate (and one at a planeswalker)."""
        d = game.pending
        me = d.player
        attackers = list(d.options)
        target = C.choose_defender(game, me, d.data["targets"], attackers)
        cands = C.attack_candidates(game, me, attackers, target)
        scored = sorted(((C.score_attack(game, me, c, target), i, c) for i, c in enumerate(cands)),
                        key=lambda t: (-t[0], t[1]))[:n]
        plans = [{a: target for a in c} for _, _, c in scored]
        walkers = [t for t in d.data["targets"][1:] if isinstance(t, int)]
        if walkers and scored and scored[0][2]:
            plans.append(self._at_walker(game, scored[0][2], target, walkers[0]))
        return plans

    def _at_walker(self, game: Game, attack: list[int], player_target: Any, walker: int) -> dict:
        loyalty = game.state.objects[walker].counters.get("loyalty", 0)
        plan = {a: player_target for a in attack}
        sent = 0
        for a in sorted(attack, key=lambda a: game.characteristics(a).power or 0):
            if sent >= loyalty:
                break
            plan[a] = walker
            sent += game.characteristics(a).power or 0
        return plan

    def _crack_back_penalty(self, g: Game, me: int) -> float:
        if g.is_over:
            return 0.0
        return -300.0 if finishes(g, me, C.crack_back(g, me)) else 0.0

    def _attacks_to_come_penalty(self, g: Game, me: int) -> float:
        """Blocks that leave `me` dead to the attacks of the opponents still to take their turns before
        `me`'s (multiplayer, 802): as bad as a lethal crack-back."""
        if g.is_over:
            return 0.0
        return -300.0 if finishes(g, me, C.attacks_to_come(g, me)) else 0.0

    def _may_work(self, game: Game, act: A.Action) -> bool:
        """Whether to offer `act`: the engine takes it (tried on a copy), or the caller tries it
        (`tried_by_caller`)."""
        return self.tried_by_caller or works(game, act)

    def _valid_attack(self, game: Game, me: int, plan: dict) -> A.Action:
        act = A.DeclareAttackers(me, plan)
        if self.tried_by_caller or _attack_works(game, act):
            return act
        for a in ai_actions(game):
            return a
        return act

    def _block(self, game: Game) -> A.Action:
        d = game.pending
        me = d.player
        plans = self.block_plans(game, only_first=not self.lookahead)
        if self.lookahead:
            # Plans valued without simulating where the combat is plain (`_block_value`), the others simulated.
            best = self._best_plan(game, plans, [_block_value(game, me, p) for p in plans],
                                   lambda p: A.DeclareBlockers(me, p),
                                   lambda g, p: evaluate(g, me) + self._attacks_to_come_penalty(g, me),
                                   lambda act: block_error(game, act) is None)
            if best is not None:
                return A.DeclareBlockers(me, plans[best])
        elif block_error(game, A.DeclareBlockers(me, plans[0])) is None:
            return A.DeclareBlockers(me, plans[0])
        # The plan broke a rule (menace, a block limit): keep the blocks the engine accepts one by one.
        kept: dict = {}
        for b, atts in plans[0].items():
            if block_error(game, A.DeclareBlockers(me, {**kept, b: atts})) is None:
                kept[b] = atts
        return A.DeclareBlockers(me, obey_block_requirements(game, kept))      # 509.1c

    def block_plans(self, game: Game, only_first: bool = False) -> list[dict]:
        """The block planner's plan first (keeping enough life for the attacks still to come this round,
        in a multiplayer game), then: for this combat alone, chump as if at 1 life, no blocks, each block
        alone (`only_first`: the planner's plan alone, all the fast policy uses)."""
        d = game.pending
        me = d.player
        actions = ai_actions(game)
        pairs = {(b, atts[0]) for a in actions if isinstance(a, A.DeclareBlockers)
                 for b, atts in a.blocks.items() if len(a.blocks) == 1 and len(atts) == 1}
        attackers = list(d.data["attackers"])
        # Multiplayer (802): the opponents still to attack before our next turn count against the life
        # these blocks must keep; the plan for this combat alone comes next.
        later = C.attacks_to_come(game, me)
        plan = C.plan_blocks(game, me, attackers, pairs, life=max(1, game.state.players[me].life - later)) \
            if later else C.plan_blocks(game, me, attackers, pairs)
        if only_first:
            return [plan]
        alone = C.plan_blocks(game, me, attackers, pairs) if later else plan
        plans = [plan, alone, C.plan_blocks(game, me, attackers, pairs, life=1), {}]
        plans += [{b: atts} for b, atts in plan.items()]
        out: list[dict] = []
        for p in plans:
            if p not in out:
                out.append(p)
        return out

    def _assign(self, game: Game) -> A.Action:
        d = game.pending
        act = A.AssignDamage(d.player, C.assign_damage(game, d.data["sources"], d.data["recipients"], d.player))
        if assignment_error(game, act) is None:
            return act
        return ai_actions(game)[0]

    # ------------------------------------------------------------ other choices
    def _choose(self, game: Game) -> A.Action:
        d = game.pending
        me = d.player
        kind = d.data.get("choice", "")
        field = d.data.get("field", "")
        opts = list(d.options)
        n = d.min
        if d.data.get("choice") == "command_zone" or str(d.data.get("object", "")).startswith("commander:"):
            return A.Choose(me, ("yes",))     # 903.9: a commander in the command zone can be cast again
        if kind == "bottom":
            return A.Choose(me, tuple(self._worst_cards(game, opts, n)))
        if kind == "discard":
            if opts and all(game.state.objects[x].owner != me for x in opts if isinstance(x, int)):
                best = sorted(opts, key=lambda x: -_card_worth(game, x))
                return A.Choose(me, tuple(best[:max(n, 1)]))
            return A.Choose(me, tuple(self._worst_cards(game, opts, n)))
        if kind in ("sacrifice", "return", "exile", "tap"):
            # A land that returns a land as it enters (Boros Garrison) goes back last: returned, it undoes its own
            # land drop; the land it returns instead is played again.
            mine = sorted(opts, key=lambda x: (kind == "return" and isinstance(x, int) and x in game.state.objects
                                               and _returns_a_land(game.characteristics(x)),
                                               _object_worth(game, x, me), x))
            return A.Choose(me, tuple(mine[:n]))
        if kind == "put_from_hand":
            # A card put from the hand onto the battlefield is neither cast nor played (305.4, 601.1): the mana or the
            # land drop it would have cost is saved, so the best cards go, as many as allowed.
            return A.Choose(me, tuple(sorted(opts, key=lambda x: (-_card_worth(game, x), x))[:d.max]))
        if kind == "legend_rule":
            return A.Choose(me, (max(opts, key=lambda x: (_object_worth(game, x, me), -x)),))
        if kind == "number":
            return A.Choose(me, (max(opts),))
        if kind == "assist":
            return A.Choose(me, (min(opts),))      # 702.132a: no mana for an opponent's spell
        if kind in ("color", "mana"):
            return A.Choose(me, (self._color(game, opts, field, d),))
        if kind == "target":
            return self._targets(game)
        if kind == "new_target":
            return self._new_target(game)
        if kind in ("search", "search_split"):
            return A.Choose(me, tuple(self._search(game, opts, d.min, d.max)))
        if kind in ("scry", "surveil"):
            # 701.22a, 701.25a: the cards not kept on top go to the bottom (scry) or the graveyard (surveil)
            top = self._kept_on_top(game, opts)
            return A.Choose(me, tuple(x for x in opts if x not in top))
        if kind == "tap_or_untap" and d.data.get("object") in game.state.objects:
            # The better way for the player (SP.toggle_score): an opponent's permanent tapped, its own untapped
            o = game.state.objects[d.data["object"]]
            return A.Choose(me, ("tap",) if o.controller != me else ("untap",))
        if kind == "yes_no" and not self.lookahead:
            return A.Choose(me, ("yes",))
        return self._generic_choice(game)

    def _generic_choice(self, game: Game) -> A.Action:
        """A choice the rules of thumb don't read: each answer simulated, the best taken; more than
        `_SIMULATED_ANSWERS` (a target of an effect neither harmful nor helpful, Pestermite's "tap or untap": the
        simulations tied, the first taken, in every such choice of the 30 speed games) and the first is taken."""
        d = game.pending
        me = d.player
        actions = [a for a in ai_actions(game) if not isinstance(a, A.Cancel)] or ai_actions(game)
        if not self.lookahead or len(actions) == 1 or len(actions) > _SIMULATED_ANSWERS:
            return actions[0]
        copies = self._lookahead(game)
        best: tuple[float, A.Action] | None = None
        for i, a in enumerate(actions):
            g = copies.simulate(a, last=i == len(actions) - 1)
            if g is None:
                continue
            v = evaluate(g, me)
            if best is None or v > best[0] + 1e-9:
                best = (v, a)
        return best[1] if best else actions[0]

    def _targets(self, game: Game) -> A.Action:
        d = game.pending
        me = d.player
        field = d.data.get("field", "")
        mode = SP.mode_for_target_field(game, field)
        index = SP.target_index(field)
        polarity = SP.target_polarity(mode, index) if mode is not None else SP.UNKNOWN
        if polarity == SP.UNKNOWN and mode is None and isinstance(game.state.task, CastTask):
            ch = game.characteristics(game.state.task.card)
            if "Aura" in ch.subtypes:
                polarity = SP.aura_polarity(ch.definition)
        if polarity == SP.UNKNOWN and mode is not None and SP.toggles_only(mode, index):
            # "Tap or untap": the target it does most for, the better way (SP.toggle_score, `_choose`)
            scored = sorted(d.options, key=lambda t: -SP.toggle_score(game, me, t))
            return A.Choose(me, tuple(scored[:max(d.min, 1) if d.max >= 1 else 0]))
        if polarity == SP.UNKNOWN:
            return self._generic_choice(game)
        dmg = SP.damage_amount(mode, index) if mode is not None else None
        scored = sorted(d.options, key=lambda t: -SP.target_score(game, me, t, polarity, dmg))
        k = max(d.min, 1) if d.max >= 1 else 0
        pick = tuple(scored[:k])
        casting = isinstance(game.state.task, Proposal)
        if casting and pick and all(SP.target_score(game, me, t, polarity, dmg) < 0 for t in pick):
            return A.Cancel(me)       # only bad targets: don't cast it after all
        return A.Choose(me, pick)

    def ranked_targets(self, game: Game) -> list:
        """A target decision's options, the ones the rules of thumb like best first (for the search
        player); when what the effect does to its target is unknown (Pestermite's "tap or untap", Snapcaster
        Mage's card), the objects that matter most first, whoever's they are: the search plays them out."""
        d = game.pending
        mode = SP.mode_for_target_field(game, d.data.get("field", ""))
        index = SP.target_index(d.data.get("field", ""))
        polarity = SP.target_polarity(mode, index) if mode is not None else SP.UNKNOWN
        if polarity == SP.UNKNOWN:
            return sorted(d.options, key=lambda t: -abs(_object_worth(game, t, d.player)))
        dmg = SP.damage_amount(mode, index)
        return sorted(d.options, key=lambda t: -SP.target_score(game, d.player, t, polarity, dmg))

    def _new_target(self, game: Game) -> A.Action:
        """707.10c: keep the copy's target or pick a new one, scored like the copied spell's targets."""
        d = game.pending
        me = d.player
        mode = SP.copied_mode(d.data)
        index = d.data.get("mode_target", 0)
        polarity = SP.target_polarity(mode, index) if mode is not None else SP.UNKNOWN
        if polarity == SP.UNKNOWN:
            return self._generic_choice(game)
        dmg = SP.damage_amount(mode, index)

        def score(t) -> float:
            return SP.target_score(game, me, d.data.get("current") if t == "keep" else t, polarity, dmg)
        best = max(d.options, key=lambda t: (score(t), t == "keep"))
        return A.Choose(me, (best,))

    def _color(self, game: Game, opts: list, field: str, d) -> str:
        me = d.player
        if "protection" in (d.data.get("key") or "") or "protection" in d.prompt:
            seen: Counter = Counter()
            s = game.state
            for oid in list(s.battlefield) + list(s.stack):
                o = s.objects[oid]
                if o.controller != me and not o.is_ability:
                    seen.update(game.characteristics(oid).colors)
            for c, _ in seen.most_common():
                if COLOR_WORDS[c] in opts:
                    return COLOR_WORDS[c]
        need = _colors_needed(game, me)
        for c, _ in need.most_common():
            for o in opts:
                if o == c or o == COLOR_WORDS.get(c):
                    return o
        return opts[0]

    def _search(self, game: Game, opts: list, lo: int, hi: int) -> list:
        me = game.pending.player
        need = _colors_needed(game, me)
        def score(x) -> float:
            ch = game.characteristics(x)
            if ch.is_land:
                return 1.0 + sum(need.get(c, 0) for c in land_colors(ch)) * 0.1
            return _card_worth(game, x)
        ordered = sorted(opts, key=lambda x: (-score(x), x))
        # Different names first (other colors, other spells), then as many more as the search may find: a
        # search for "up to two basic land cards" in a library of Forests finds two Forests.
        chosen: list = []
        names: set[str] = set()
        for x in ordered:
            name = game.characteristics(x).name
            if len(chosen) < hi and name not in names:
                chosen.append(x)
                names.add(name)
        chosen += [x for x in ordered if x not in chosen][:max(hi - len(chosen), 0)]
        return chosen

    def _kept_on_top(self, game: Game, seen: list) -> list:
        """Of the cards a scry or surveil looks at, those worth drawing: a land while the lands in play and in hand
        are fewer than five, or one making a color the hand's spells need that no land or mana source of the player's
        makes; a spell the player can pay for soon (its mana value at most one more than the lands, each of its
        colors made by a land or source in play, in hand or kept on top) unless the hand already holds plenty of
        spells while short of lands (at least two more spells than lands, fewer than four lands)."""
        me = game.pending.player
        s = game.state
        hand = s.players[me].hand
        hand_lands = [h for h in hand if game.characteristics(h).is_land]
        lands = _lands_out(game, me) + len(hand_lands)
        have = _source_colors(game, me)
        for h in hand_lands:
            have |= _made_colors(game.characteristics(h))
        missing = set().union(*(_cost_colors(game.characteristics(h)) for h in hand if h not in hand_lands)) - have
        top = [x for x in seen if game.characteristics(x).is_land
               and (lands < 5 or _made_colors(game.characteristics(x)) & missing)]
        for x in top:
            have |= _made_colors(game.characteristics(x))
        lands_soon = lands + len(top)
        plenty = len(hand) - len(hand_lands) >= lands_soon + 2 and lands_soon < 4
        for x in seen:
            ch = game.characteristics(x)
            if not ch.is_land and not plenty and ch.mana_value <= lands + 1 and _castable_colors(ch, have):
                top.append(x)
        return top

    def _worst_cards(self, game: Game, opts: list, n: int) -> list:
        """The n cards to let go (bottom, discard): keep about two lands in five, the lands making the colors the
        spells kept need most, then the spells those lands can pay for, the cheaper first."""
        me = game.pending.player
        lands_out = _lands_out(game, me)
        in_play = _source_colors(game, me)
        hand = list(opts)
        out: list = []
        for _ in range(n):
            if not hand:
                break
            lands = [x for x in hand if game.characteristics(x).is_land]
            spells = [x for x in hand if x not in lands]
            want_lands = max(0, min(len(hand) - 1, 5 - lands_out)) if lands_out < 5 else 0
            want_lands = min(want_lands, max(2, (len(hand) * 2 + 2) // 5)) if lands_out < 2 else want_lands
            if lands and (len(lands) > want_lands or not spells):
                pick = min(reversed(lands), key=lambda x: _land_need(game, x, lands, spells, in_play))
            else:
                have = in_play.union(*(_made_colors(game.characteristics(x)) for x in lands))
                pick = max(spells, key=lambda x: (not _castable_colors(game.characteristics(x), have),
                                                  game.characteristics(x).mana_value - _card_worth(game, x) * 0.1, x))
            out.append(pick)
            hand.remove(pick)
        return out


# ---------------------------------------------------------------- helpers

def main_position(game: Game) -> tuple:
    """What a main phase's weighing reads that can change between the first and the second main phase of a turn
    (505.1): the permanents (tapped, damage, counters, controller, attachments), every player's hand, graveyard,
    life, mana pool, land plays and library size, exile, the command zone, continuous effects and delayed triggers."""
    s = game.state
    objects = s.objects
    return (tuple((x, o.tapped, o.damage, tuple(o.counters.items()), o.controller, o.attached_to)
                  for x in s.battlefield for o in (objects[x],)),
            tuple((tuple(p.hand), tuple(p.graveyard), p.life, tuple(p.mana_pool.items()), p.lands_played, len(p.library))
                  for p in s.players),
            tuple(s.exile), tuple(s.command), tuple(e.timestamp for e in s.effects), len(s.delayed_triggers))


def _attack_works(game: Game, act: A.DeclareAttackers) -> bool:
    """Whether the engine takes the declaration: its restrictions and requirements read (508.1a-d), tried on a
    copy only when attacking costs something (508.1g-h: paid with the attackers tapped)."""
    return attack_error(game, act) is None and (attack_tax(game, act.attacks).is_empty() or works(game, act))


def _lands_out(game: Game, me: int) -> int:
    """The lands `me` controls."""
    s = game.state
    return sum(1 for o in s.battlefield if s.objects[o].controller == me and game.characteristics(o).is_land)


def _returns_a_land(ch) -> bool:
    """A land that, as it enters, returns a land its controller controls to its owner's hand (Boros Garrison)."""
    return any(ab.trigger.event == "enters" and ab.trigger.subject == "self"
               and any(isinstance(e, E.ReturnChosen) and e.filter is not None and "Land" in e.filter.types
                       and e.filter.controller == "you" for e in ab.mode.effects)
               for ab in ch.triggered)


def _made_colors(ch) -> set[str]:
    """The colors a land or other mana source makes (`land_colors`); a land without a mana ability (one that
    fetches another land) counts as making every color: what it finds is not read."""
    if ch.is_land and not any(ab.is_mana_ability for ab in ch.activated) and not land_colors(ch):
        return set("WUBRG")
    return land_colors(ch)


def _source_colors(game: Game, me: int) -> set[str]:
    """The colors the lands and other mana sources `me` controls make (106.1, 305.6)."""
    s = game.state
    out: set[str] = set()
    for oid in s.battlefield:
        if s.objects[oid].controller == me:
            out |= _made_colors(game.characteristics(oid))
    return out


def _cost_colors(ch) -> set[str]:
    """The colors of a card's mana cost's colored symbols."""
    return {c for sym in ch.mana_cost.symbols for c in "WUBRG" if c in sym}


def _castable_colors(ch, have: set[str]) -> bool:
    """Whether mana of the colors in `have` pays each colored symbol of the card's mana cost: a hybrid symbol by
    either half, one with a generic half or a Phyrexian one without (107.4e-f)."""
    for sym in ch.mana_cost.symbols:
        parts = sym.split("/")
        if "P" in parts or any(p.isdigit() for p in parts):
            continue
        colors = {c for c in "WUBRG" if c in sym}
        if colors and not colors & have:
            return False
    return True


def _land_need(game: Game, land: int, lands: list, spells: list, in_play: set[str]) -> int:
    """How much the spells in `spells` need the colors `land` makes: each of their colored symbols of its colors,
    three times over for a color no other land of `lands` and no source in play makes."""
    others = in_play.union(*(_made_colors(game.characteristics(x)) for x in lands if x != land))
    need = _color_need(game, spells, others)
    return sum(need[c] for c in _made_colors(game.characteristics(land)))


def _hand_casts_its_colors(game: Game, hand: list) -> bool:
    """103.5: whether the lands of an opening hand (and the mana sources they pay for) make the colors of one of its
    cheap spells (mana value three or less; of any spell when none is cheap): a hand whose lands cast nothing of it
    for turns is a mulligan."""
    lands = [x for x in hand if game.characteristics(x).is_land]
    spells = [x for x in hand if x not in lands]
    have = set().union(*(_made_colors(game.characteristics(x)) for x in lands))
    for x in spells:
        ch = game.characteristics(x)
        if _castable_colors(ch, have):
            have |= land_colors(ch)
    cheap = [x for x in spells if game.characteristics(x).mana_value <= 3] or spells
    return not cheap or any(_castable_colors(game.characteristics(x), have) for x in cheap)


def land_colors(ch) -> set[str]:
    out: set[str] = set()
    for ab in ch.activated:
        for opt in ab.mana_options:
            out |= set(opt.replace("A", "WUBRG").replace(CHOSEN_COLOR, "WUBRG"))     # a color it will choose
            out -= set(BOARD_COLORS)
    for st in ch.subtypes:
        out |= {"Plains": {"W"}, "Island": {"U"}, "Swamp": {"B"}, "Mountain": {"R"}, "Forest": {"G"}}.get(st, set())
    return out


def _colors_needed(game: Game, me: int) -> Counter:
    """Colored mana symbols in the hand's spells that the lands in play don't make yet."""
    s = game.state
    have: set[str] = set()
    for oid in s.battlefield:
        if s.objects[oid].controller == me and game.characteristics(oid).is_land:
            have |= land_colors(game.characteristics(oid))
    return _color_need(game, [x for x in s.players[me].hand if not game.characteristics(x).is_land], have)


def _color_need(game: Game, spells: Iterable[int], have: set[str]) -> Counter:
    """The colored mana symbols of `spells` by color: each once for a color in `have`, three times over for one
    that nothing in `have` makes."""
    need: Counter = Counter()
    for x in spells:
        for sym in game.characteristics(x).mana_cost.symbols:
            for c in "WUBRG":
                if c in sym:
                    need[c] += 1 if c in have else 3
    return need


# Trigger events that casting a creature spell and its resolution can't cause (603.2): combat, damage,
# leaving the battlefield, cards drawn or discarded, life, counters and the like.
_UNMOVED_BY_A_CAST = frozenset({
    "attack_batch", "attacks", "attacks_alone", "attacks_most_life", "attacks_with_greater_power",
    "becomes_blocked", "blocked_by", "blocks", "blocks_creature", "deals_combat_damage",
    "deals_combat_damage_batch", "dealt_combat_damage", "player_dealt_combat_damage", "unblocked",
    "deals_damage", "dealt_damage", "player_dealt_damage", "dies", "leaves", "put_into_graveyard",
    "to_graveyard", "sacrificed", "discards", "draws", "life_gained", "life_lost", "scry", "surveil",
    "cycled", "clash", "chapter", "room", "dungeon_completed", "exerted", "exploits", "last_counter_removed",
    "counters_put", "energy", "class_level", "turned_face_up"})


def _quiet_board(game: Game) -> bool:
    """Nothing on the board reacts to a creature spell cast and entering: no triggered ability whose event
    that can be (603.2, `_unmoved_by_a_cast`), no delayed one, no static ability of a permanent (613, 614) but
    a power and toughness counted from the graveyards (`_counts_graveyards`), no continuous effect from a
    resolved spell (611.2)."""
    s = game.state
    if s.effects or s.delayed_triggers:
        return False
    for o in s.battlefield:
        if not _quiet_permanent(game.characteristics(o)):
            return False
    return True


@kept_by_identity_of(4096)
def _quiet_permanent(ch) -> bool:
    """`_quiet_board` of one permanent's characteristics."""
    return all(_counts_graveyards(st) for st in ch.static) \
        and all(_unmoved_by_a_cast(tr.trigger) for tr in ch.triggered)


# Amounts read from the graveyards alone (a creature spell cast and entering puts nothing there).
_GRAVEYARD_AMOUNTS = frozenset({"card_types_in_graveyards"})


def _counts_graveyards(st) -> bool:
    """A characteristic-defining power and toughness of the permanent itself counted from the graveyards
    (604.3, Tarmogoyf's): the same before and after a creature spell is cast and enters, in every zone."""
    return st.kind == "cda_pt" and st.affected.kind == "self" and st.condition is None \
        and all(isinstance(n, Amount) and n.kind in _GRAVEYARD_AMOUNTS for n in st.params[:2])


def _unmoved_by_a_cast(trigger) -> bool:
    """A trigger of a permanent on the battlefield that casting another creature spell and its resolution can't
    fire: each of its events (603.2, "<event> or <event>") one of `_UNMOVED_BY_A_CAST`, or its own entering
    ("When ~ enters": it is on the battlefield already; another object entering isn't it)."""
    return (trigger.event in _UNMOVED_BY_A_CAST or trigger.event == "enters" and trigger.subject == "self") \
        and all(_unmoved_by_a_cast(t) for t in trigger.alternatives)


def _unmoved_by_entering(trigger) -> bool:
    """A trigger of a creature card that its cast and entering can't fire (603.2): each of its events one of
    `_UNMOVED_BY_A_CAST` (its attacks, its leaving ...) or the beginning of a step (the spell resolves within
    the step: Ball Lightning's end step sacrifice comes later). Its own "When ~ enters" is not."""
    return (trigger.event in _UNMOVED_BY_A_CAST or trigger.event == "step") \
        and all(_unmoved_by_entering(t) for t in trigger.alternatives)


def _evoked_only(tr) -> bool:
    """A trigger whose intervening "if it was evoked" (702.74a) doesn't hold on a cast without evoke (603.4)."""
    c = tr.condition
    return c is not None and c.kind == "evoked" and not c.negate and not c.all_of


def _sets_up_attack(game: Game, mode) -> bool:
    """Whether the mode may set up the attack (`SP.combat_setup`: tapping blockers, haste, evasion, "can't block"):
    in the player's own main phase before combat, its attackers still to be declared (508.1), nothing on the stack."""
    s = game.state
    return s.active == game.pending.player and s.step is Steps.MAIN1 and not s.stack and SP.combat_setup(mode)


@kept_by_identity_of(4096)
def _taps_down(mode) -> bool:
    """A mode that sets up a combat by tapping creatures (`SP.combat_setup`): at an opponent's beginning of combat,
    an attacker tapped can't attack (508.1a)."""
    return SP.combat_setup(mode) and any(isinstance(e, (E.TapEffect, E.TapOrUntap))
                                         for e in SP.flat_effects(mode.effects))


def _could_tap_down(game: Game, me: int) -> bool:
    """Whether `me` holds an instant or controls a permanent whose ability taps creatures down (`_taps_down`): a cheap
    look before listing the legal actions at an opponent's beginning of combat."""
    s = game.state
    for x in s.players[me].hand:
        sp = game.characteristics(x).definition.spell
        if sp is not None and _instant_speed_card(game.characteristics(x)) and any(_taps_down(m) for m in sp.modes):
            return True
    return any(s.objects[oid].controller == me and any(
        _taps_down(ab.mode) and not _inactive_ability(game, oid, ab, None, False)
        for ab in _permanent_facts(game.characteristics(oid))[0]) for oid in s.battlefield)


def _setup_mode(game: Game, a: A.Action):
    """The mode of a cast or activation that sets up a combat now, else None: in the player's own first main phase its
    attack (`_sets_up_attack`), at an opponent's beginning of combat that opponent's (`_taps_down`), at the end of the
    turn before its own its next attack (`_taps_down`, `_ends_turn_before`). It is worth what it adds to the player's
    best attack, or takes from the opponent's (`C.attack_prospect`, `C.next_attack_prospect`), besides what the
    evaluation reads."""
    s = game.state
    if not isinstance(a, (A.CastSpell, A.ActivateAbility)) or s.stack:
        return None
    if s.step is Steps.MAIN1:
        mode = SP.action_mode(game, a)
        return mode if mode is not None and _sets_up_attack(game, mode) else None
    if (s.step is Steps.BEGINNING_OF_COMBAT and s.active != game.pending.player) or _ends_turn_before(game):
        mode = SP.action_mode(game, a)
        return mode if mode is not None and _taps_down(mode) else None
    return None


def _ends_turn_before(game: Game) -> bool:
    """Whether this is the end step of the turn before the deciding player's (101.4, or an extra turn first, 500.7):
    what it taps now stays tapped through that player's turn (502.3: permanents untap only in their controller's
    untap step), while the player's own tapper untaps for it."""
    s = game.state
    me = game.pending.player
    if s.step is not Steps.END or s.active == me:
        return False
    return (s.extra_turns[:1] or s.opponents(s.active)[:1]) == [me]


def _plain_creature_gain(game: Game, a: A.Action, still: bool) -> float | None:
    """What casting a plain creature card from the hand gains on a quiet board (`_quiet_board`), without
    simulating it: the creature on the battlefield, one card fewer in hand (evaluate's own terms). Plain: no
    choice made in casting it, no abilities but keywords, activated ones and a power and toughness counted from
    the graveyards (`_counts_graveyards`), no additional cost, no life paid (107.4f), no optional cost taken, no
    legendary permanent of its name already ours (704.5j), toughness above 0 (704.5f), no keyword that acts as it
    enters (ascend 702.131b, daybound 702.145), no trigger of its own that its entering fires
    (`_unmoved_by_entering`) but one "When ~ enters" whose effects `_effects_change` reads, on a `still` board.
    None for anything else."""
    if not isinstance(a, A.CastSpell) or a.targets or a.modes or a.x is not None or a.kicked or a.alt \
            or a.face is not None or a.divide or a.buyback or a.replicate or a.pay:
        return None
    s = game.state
    o = s.objects[a.card]
    me = o.owner
    if o.zone is not Zones.HAND:
        return None
    ch = game.characteristics(a.card)
    # An "if it was evoked" trigger (702.74a) doesn't trigger on a cast that wasn't (603.4).
    entering = [tr for tr in ch.triggered if not _unmoved_by_entering(tr.trigger) and not _evoked_only(tr)]
    if not ch.is_creature or any(not _counts_graveyards(st) for st in ch.static) or len(entering) > 1 \
            or any(not c.optional for c in ch.definition.costs) \
            or (ch.toughness or 0) <= 0 or any(sym.endswith("/P") for sym in ch.mana_cost.symbols) \
            or any(ch.has(k) for k in ("ascend", "daybound", "nightbound")) \
            or "Legendary" in ch.supertypes and any(
                s.objects[x].controller == me and game.characteristics(x).name == ch.name for x in s.battlefield):
        return None
    hand = len(s.players[me].hand)
    if entering:
        # Its own "When ~ enters" with no target, read as a simple spell's effects are, on a board where nothing
        # reacts to them either (`_still_board`): Mulldrifter's cards, Thragtusk's life.
        tr = entering[0]
        if not still or tr.trigger.event != "enters" or tr.trigger.subject != "self" or tr.trigger.alternatives \
                or tr.condition is not None or tr.optional or tr.modes or tr.mode.targets:
            return None
        return _effects_change(game, me, tr.mode, None, {me: creature_value(game, a.card)}, hand - 1)
    return creature_value(game, a.card) + CARD_IN_HAND * (min(hand - 1, 8) - min(hand, 8))


@kept_by_identity_of(4096)
def _unmoved_by_combat(ch) -> bool:
    """Nothing of this permanent's changes or acts once creatures attack (`_same_in_combat`,
    `_unmoved_by_unblocked_attack`)."""
    return all(_same_in_combat(st) for st in ch.static) \
        and all(_unmoved_by_unblocked_attack(tr.trigger) for tr in ch.triggered)


# Keywords of an attacker that change nothing about the damage it deals a player no creature can block
# (510.1a): evasion, and abilities that only matter to blocks, to targeting or outside combat.
_PLAIN_ATTACK_KEYWORDS = frozenset({
    "flying", "reach", "haste", "vigilance", "trample", "first strike", "menace", "hexproof", "shroud",
    "indestructible", "deathtouch", "fear", "intimidate", "skulk", "shadow", "horsemanship", "landwalk",
    "protection", "ward", "flash", "defender", "unblockable"})

# Static abilities that only change characteristics (613.4: power and toughness, abilities granted): the
# characteristics read show what they do.
_CHARACTERISTICS_ONLY = frozenset({"pump", "pump_grant", "cda_pt"})

# Trigger events an attack no creature blocks can't cause (603.2): nothing enters, leaves, is cast or drawn.
_UNMOVED_BY_AN_UNBLOCKED_ATTACK = frozenset({
    "enters", "leaves", "dies", "put_into_graveyard", "to_graveyard", "sacrificed", "cast", "draws", "discards",
    "cycled"})


def _same_in_combat(st) -> bool:
    """A static ability that only changes characteristics and changes them the same once creatures attack:
    no condition, no filter on attacking or blocking creatures."""
    f = st.affected.filter
    return st.kind in _CHARACTERISTICS_ONLY and st.condition is None and (f is None or not (
        f.attacking is not None or f.blocking is not None or f.attacking_or_blocking is not None
        or f.unblocked is not None or f.blocked))


def _unmoved_by_unblocked_attack(trigger) -> bool:
    """A trigger that neither the attack nor its combat damage can fire: one of the events above, or the
    beginning of a step outside combat (upkeep, draw, end)."""
    if trigger.event == "step":
        return trigger.step in ("upkeep", "draw", "end")
    return trigger.event in _UNMOVED_BY_AN_UNBLOCKED_ATTACK


def _unblocked_attack_values(game: Game, me: int, plans: list[dict]) -> list[float] | None:
    """What the simulation would score each attack plan (`evaluate` after combat damage plus the crack-back
    penalty), read without simulating when no creature can block and nothing reacts: no untapped creature of
    an opponent's can block any of the attackers (509.1a, 509.1b: flying 702.9b, protection and the other
    restrictions on a blocker-attacker pair), no permanent or emblem has a triggered ability the combat can fire
    (603.2) or a static ability beyond its characteristics (613, 615), there is no continuous effect from
    a resolved spell (611.2) and no delayed trigger, every plan attacks players only, and every attacker
    deals its power once, as combat damage to that player and nothing more (510.1a, 510.2; no double
    strike, lifelink, infect or other ability that acts in combat). With more than two players, not when
    a plan would bring a player to 0 life (800.4a: the player's permanents leave). None when the plans
    need simulating."""
    s = game.state
    if s.effects or s.delayed_triggers or s.pending_triggers or s.commander is not None or not plans:
        return None
    opponents = s.opponents(me)
    blockers: list[int] = []
    for oid in [*s.battlefield, *s.command]:
        ch = game.characteristics(oid)
        if not _unmoved_by_combat(ch):
            return None
        if ch.is_creature and s.objects[oid].controller in opponents and not s.objects[oid].tapped:
            blockers.append(oid)
    if any(can_block_attacker(game, b, a) for plan in plans for a in plan for b in blockers):
        return None
    damage: list[dict[int, int]] = []
    for plan in plans:
        dealt: dict[int, int] = {}
        for a, target in plan.items():
            ch = game.characteristics(a)
            if not is_player_ref(target) or any(k.name not in _PLAIN_ATTACK_KEYWORDS for k in ch.keywords):
                return None
            p = player_index(target)
            dealt[p] = dealt.get(p, 0) + max(ch.power or 0, 0)
        if len(s.players) > 2 and any(finishes(game, p, n) for p, n in dealt.items()):
            return None
        damage.append(dealt)
    out = []
    for plan, dealt in zip(plans, damage):
        if any(finishes(game, p, n) for p, n in dealt.items()):
            out.append(WIN)        # two players: the other loses (704.5a), the game is won
            continue
        after = evaluate_changed(game, me, {p: life_value(s.players[p].life - n) - life_value(s.players[p].life)
                                            for p, n in dealt.items()})
        tapped = {a for a in plan if not game.characteristics(a).has("vigilance")}
        back = C.crack_back(game, me, tapped=tapped)
        # Dead to the crack-back, as `_attack` counts it after a simulation: once for the crack-back after
        # combat and once more for the one the defenders could make after letting the attack through.
        out.append(after + (-600.0 if finishes(game, me, back) else 0.0))
    return out


# Keywords of a creature in combat that `C.combat_damage` counts as the engine does (702.2, 702.4, 702.7, 702.15,
# 702.19), that only decide who may block whom (the engine's own `can_block_attacker` says so: evasion, and
# protection, whose prevention `_plain_fight` checks pair by pair, 702.16e) or that act outside combat.
_PLAIN_FIGHT_KEYWORDS = frozenset({
    "flying", "reach", "haste", "vigilance", "trample", "first strike", "double strike", "deathtouch", "lifelink",
    "menace", "hexproof", "shroud", "ward", "fear", "intimidate", "skulk", "shadow", "horsemanship", "landwalk",
    "flash", "defender", "unblockable", "protection", "evoke", "kicker", "multikicker", "cycling", "flashback"})

# Restrictions a creature's characteristics may carry that change only who may block whom (509.1b), which the
# engine's `can_block_attacker` reads: no others (a blocking requirement, no combat damage ...).
_PAIR_RESTRICTIONS = frozenset({"cant_be_blocked_by", "cant_be_blocked", "blocked_only_by", "block_only",
                                "unblockable_if_defender_controls", "cant_block_these", "cant_block_attacker",
                                "blockable_despite_landwalk"})

# Trigger events that a combat of creatures (`_plain_fight`) can't cause (603.2): nothing is cast, drawn,
# discarded or enters; a step trigger outside combat (`_UNMOVED_BY_A_FIGHT_STEPS`); once attackers are
# declared, their attack (508.1m, 508.3).
_UNMOVED_BY_A_FIGHT = frozenset({"cast", "draws", "discards", "cycled", "enters"})
_UNMOVED_BY_A_FIGHT_STEPS = ("upkeep", "draw", "end")
_ATTACK_EVENTS = frozenset({"attacks", "attacks_alone", "attack_batch", "attacks_most_life",
                            "attacks_with_greater_power"})


def _unmoved_by_a_fight(trigger, declared: bool, fights: bool) -> bool:
    """Whether a trigger of a permanent can't fire in the combat (`declared`: attackers already declared;
    `fights`: the permanent is one of the creatures in it): one of the events above, or one about the
    permanent itself ("When ~ leaves the battlefield", "Whenever ~ attacks") of a permanent that doesn't fight."""
    return (trigger.event in _UNMOVED_BY_A_FIGHT or declared and trigger.event in _ATTACK_EVENTS
            or trigger.event == "step" and trigger.step in _UNMOVED_BY_A_FIGHT_STEPS
            or trigger.subject == "self" and not fights) \
        and all(_unmoved_by_a_fight(t, declared, fights) for t in trigger.alternatives)


def _plain_fight(game: Game, blockers_of: Mapping[int, list[int]], declared: bool) -> bool:
    """Whether the combat of the attackers (the keys of `blockers_of`) and their blockers goes as
    `C.combat_damage` counts it and changes nothing else (`declared`: the attackers are declared already): two
    players; no continuous effect from a resolved spell but those `_same_through_combat` (not a prevention
    shield, 615), no delayed or waiting trigger; no permanent with a triggered ability the combat can fire (603.2: a creature in it could die,
    deal or be dealt damage); static abilities only on permanents that are not creatures, each only changing
    characteristics the same way in combat (613.4); nothing attached to a creature in the combat (an Aura
    goes with its creature, 704.5m); each creature in it not a land, not indestructible (702.12b), with no
    regeneration shield (701.19), no keyword but `_PLAIN_FIGHT_KEYWORDS`, no restriction but
    `_PAIR_RESTRICTIONS`, and no protection from a creature it fights (702.16e)."""
    s = game.state
    if len(s.players) != 2 or s.delayed_triggers or s.pending_triggers or s.commander is not None \
            or (s.effects and any(not _same_through_combat(e) for e in s.effects)):
        return False
    fighting = set(blockers_of).union(*blockers_of.values())
    for oid in [*s.battlefield, *s.command]:
        ch = game.characteristics(oid)
        if ch.static and (ch.is_creature or any(not _same_in_combat(st) for st in ch.static)) \
                or s.objects[oid].attached_to in fighting \
                or (ch.triggered and any(not _unmoved_by_a_fight(tr.trigger, declared, oid in fighting)
                                         for tr in ch.triggered)):
            return False
    for oid in fighting:
        ch = game.characteristics(oid)
        o = s.objects[oid]
        if not ch.is_creature or ch.is_land or o.regen_shields or o.phased_out \
                or (ch.keywords and any(k.name not in _PLAIN_FIGHT_KEYWORDS for k in ch.keywords)) \
                or (ch.extra and any(v and k in FLAG_KINDS and k not in _PAIR_RESTRICTIONS
                                     for k, v in ch.extra.items())):
            return False
    return not any(_protected_from_creature(game, a, b) or _protected_from_creature(game, b, a)
                   for a, bs in blockers_of.items() for b in bs)


# Continuous effects from resolved spells and abilities that only change characteristics (613.4c: Overrun's +3/+3,
# 613.1f: a keyword granted; the characteristics read show them) or forbid regeneration (701.19c).
_CHARACTERISTICS_EFFECTS = frozenset({"pump", "grant", "cant_regenerate"})


def _same_through_combat(e) -> bool:
    """A continuous effect (611.2) that changes the same objects the same way until after combat: one of
    `_CHARACTERISTICS_EFFECTS`, its objects locked in (611.2c), lasting the turn or longer (514.2)."""
    return e.params.get("kind") in _CHARACTERISTICS_EFFECTS and e.affected is not None \
        and e.duration in ("end_of_turn", "permanent")


def _protected_from_creature(game: Game, oid: int, source: int) -> bool:
    """702.16a: `oid` has protection from a quality of creature `source` (its damage is prevented, 702.16e)."""
    if not game.characteristics(oid).has("protection"):
        return False
    ch = game.characteristics(source)
    return protected_from(game, oid, SourceInfo(source, ch.controller, set(ch.colors), set(ch.types), set(ch.subtypes),
                                                ch.name))


def _blockers_of(attack: list[int], blocks: Mapping[int, tuple[int, ...]]) -> dict[int, list[int]]:
    """Each attacker's blockers in the order they were declared (a blocker blocking one attacker)."""
    out: dict[int, list[int]] = {a: [] for a in attack}
    for b, atts in blocks.items():
        out[atts[0]].append(b)
    return out


def _after_fight(game: Game, me: int, blockers_of: Mapping[int, list[int]]) -> tuple[float, C.Aftermath]:
    """`evaluate` for `me` once the combat damage of the attackers (at the one opponent) blocked by
    `blockers_of` is dealt, read with `C.combat_damage` (the combat `_plain_fight`), and the aftermath itself."""
    s = game.state
    attack = list(blockers_of)
    after = C.combat_damage([C.fighter(game, a) for a in attack],
                            {a: [C.fighter(game, b) for b in bs] for a, bs in blockers_of.items()})
    attacking = s.objects[attack[0]].controller
    defending = 1 - attacking
    change = {attacking: 0.0, defending: 0.0}
    for oid, n in after.marked.items():
        q = s.objects[oid].controller
        if oid in after.dead:
            change[q] -= creature_value(game, oid)
        else:
            change[q] += creature_value_damaged(game.characteristics(oid), s.objects[oid].damage + n) \
                - creature_value(game, oid)
    life = {attacking: s.players[attacking].life + after.gained_attacking,
            defending: s.players[defending].life + after.gained_defending - after.to_player}
    if life[defending] <= 0 and damage_to_lose(game, defending) < math.inf:
        return (WIN if me == attacking else -WIN), after        # 704.5a: the defending player loses
    for q in (attacking, defending):
        change[q] += life_value(life[q]) - life_value(s.players[q].life)
    return evaluate_changed(game, me, change), after


def _defenders_blocks(game: Game, attack: list[int]) -> dict[int, tuple[int, ...]]:
    """The blocks the fast policy would declare against `attack` (`block_plans` with `only_first`): the block
    planner's, with the pairs the engine lists as one-creature blocks (509.1a-b: each creature able to block,
    an attacker one creature may block alone)."""
    s = game.state
    defending = 1 - s.objects[attack[0]].controller
    able = [b for b in s.battlefield if s.objects[b].controller == defending and C.could_block(game, b)]
    pairs = {(b, a) for b in able for a in attack
             if fewest_blockers(game.characteristics(a)) == 1 and can_block_attacker(game, b, a)}
    return C.plan_blocks(game, defending, attack, pairs) if pairs else {}


def _blocked_attack_value(game: Game, me: int, plan: dict) -> float | None:
    """What the simulation would score attack `plan` (`evaluate` after combat damage plus `_attack`'s two
    crack-back penalties) when creatures could block it, read without simulating: the defender blocks as the
    fast policy does (`_defenders_blocks`) and the combat goes as `C.combat_damage` counts it (`_plain_fight`,
    only the one opponent attacked). None when the plan needs simulating."""
    s = game.state
    if not plan or len(s.players) != 2 or any(not is_player_ref(t) for t in plan.values()):
        return None
    attack = list(plan)
    blockers_of = _blockers_of(attack, _defenders_blocks(game, attack))
    if not _plain_fight(game, blockers_of, False):
        return None
    value, after = _after_fight(game, me, blockers_of)
    if value >= WIN:
        return value
    gained = after.gained_attacking
    tapped = {a for a in attack if not game.characteristics(a).has("vigilance")}
    if finishes(game, me, C.crack_back(game, me, set(after.dead), tapped, after.marked) - gained):
        value -= 300.0
    if finishes(game, me, C.unblocked_crack_back(game, me, plan) - gained):
        value -= 300.0      # the defenders could let it through and swing back for lethal
    return value


def _block_value(game: Game, me: int, plan: dict) -> float | None:
    """What the simulation would score block `plan` (`evaluate` after combat damage) in a two-player combat
    that goes as `C.combat_damage` counts it (`_plain_fight`), each blocker blocking one attacker; None when
    the plan needs simulating."""
    s = game.state
    if any(len(atts) != 1 or atts[0] not in s.combat.attackers for atts in plan.values()) \
            or any(not is_player_ref(t) for t in s.combat.attackers.values()):
        return None
    blockers_of = _blockers_of(list(s.combat.attackers), plan)
    if not _plain_fight(game, blockers_of, True):
        return None
    return _after_fight(game, me, blockers_of)[0]


# Trigger events that neither casting an instant or sorcery nor its resolution can fire (603.2): what
# enters the battlefield, combat, the beginning of a step (the spell resolves within the step).
_UNMOVED_BY_A_SPELL = frozenset({
    "enters", "step", "attacks", "attacks_alone", "attack_batch", "attacks_most_life", "attacks_with_greater_power",
    "becomes_blocked", "blocked_by", "blocks", "blocks_creature", "deals_combat_damage", "deals_combat_damage_batch",
    "dealt_combat_damage", "player_dealt_combat_damage", "unblocked"})


# A permanent's triggers on its own leaving (603.6c, 603.10a): a simple spell's effects make only their one
# target leave, and a target with a triggered ability of its own is left to the simulation
# (`_harmed_creature_change`), as is an ability that sacrifices a source with one (`_spell_gain`).
_OWN_LEAVING = frozenset({"leaves", "dies", "put_into_graveyard"})


def _unmoved_by_a_spell(trigger, leaving: bool = False) -> bool:
    """A trigger of a permanent that a simple spell or ability (`_spell_gain`) can't fire: each of its events
    (603.2, "<event> or <event>") one of `_UNMOVED_BY_A_SPELL`, or the permanent's own leaving unless it is
    `leaving`."""
    return (trigger.event in _UNMOVED_BY_A_SPELL
            or not leaving and trigger.event in _OWN_LEAVING and trigger.subject == "self") \
        and all(_unmoved_by_a_spell(t, leaving) for t in trigger.alternatives)


# Filter fields a fixed pump may use: characteristics that a simple spell's effects don't change (types, colors,
# controller, "other"); a creature that leaves is no longer affected, and no other changes.
_FIXED_PUMP_FILTER = Filter(types=frozenset({"Creature"}))


def _fixed_pump(st) -> bool:
    """A static ability that only gives fixed +N/+N (and keywords) to what it names, the same whatever a simple
    spell or ability does (613.4c): no condition; "enchanted", "equipped" or the permanent itself, or every
    creature by type, subtype, color and controller (Glorious Anthem, Honor of the Pure, Rancor)."""
    if st.kind not in ("pump", "pump_grant") or st.condition is not None \
            or not all(isinstance(n, int) for n in st.params[:2]):
        return False
    ref = st.affected
    if ref.kind in ("self", "enchanted", "equipped"):
        return ref.filter is None
    f = ref.filter
    return ref.kind == "all" and f is not None and replace(
        f, types=frozenset({"Creature"}), subtypes=frozenset(), colors=frozenset(), controller=None,
        other=False) == _FIXED_PUMP_FILTER


def _still_board(game: Game) -> bool:
    """Nothing on the board reacts to a spell or changes with what it does: no static ability of a permanent
    or emblem (613, 614, 615) but fixed pumps (`_fixed_pump`), no triggered ability but ones a simple spell
    can't fire (`_unmoved_by_a_spell`, 603.2), no continuous effect from a resolved spell (611.2), no delayed
    trigger (603.7)."""
    s = game.state
    if s.effects or s.delayed_triggers or s.pending_triggers:
        return False
    for o in [*s.battlefield, *s.command]:
        if not _still_permanent(game.characteristics(o)):
            return False
    return True


@kept_by_identity_of(4096)
def _still_permanent(ch) -> bool:
    """`_still_board` of one permanent's (or emblem's) characteristics."""
    return all(_fixed_pump(st) for st in ch.static) and all(_unmoved_by_a_spell(tr.trigger) for tr in ch.triggered)


def _const(amount) -> int | None:
    """A fixed number an effect uses (107.1); None for X, a count or anything read as it resolves."""
    if not isinstance(amount, Amount) or amount.kind != "const" or amount.multiplier != 1 or amount.base is not None:
        return None
    return amount.value


def _spell_gain(game: Game, a: A.Action) -> float | None:
    """What casting a simple instant or sorcery from the hand (601.2) or activating a simple ability of a
    permanent (602.2) gains, read without simulating it, on a board where nothing reacts to it
    (`_still_board`): the evaluation's own terms for what its costs and effects do. Simple: no choice made
    but one target; for a spell its mana cost and one mode; for an ability a cost of mana, {T}, loyalty
    (606.4) or sacrificing the source, not a mana ability; and only the effects `_effects_change` reads.
    None for anything else."""
    s = game.state
    if isinstance(a, A.CastSpell):
        if a.modes or a.x is not None or a.kicked or a.alt or a.face is not None or a.divide or a.buyback \
                or a.replicate or a.pay:
            return None
        o = s.objects[a.card]
        ch = game.characteristics(a.card)
        sp = ch.definition.spell
        if o.zone is not Zones.HAND or sp is None or len(sp.modes) != 1 or ch.is_permanent \
                or any(not c.optional for c in ch.definition.costs) \
                or any(sym.endswith("/P") for sym in ch.mana_cost.symbols):
            return None
        me, mode = o.owner, sp.modes[0]
        change = {me: 0.0}
        hand_left = len(s.players[me].hand) - 1
    elif isinstance(a, A.ActivateAbility):
        o = s.objects[a.source]
        ch = game.characteristics(a.source)
        if o.zone is not Zones.BATTLEFIELD or a.x is not None or getattr(a, "pay", None) \
                or not 0 <= a.index < len(ch.activated):
            return None
        ab = ch.activated[a.index]
        cost = ab.cost
        if ab.is_mana_ability or not _plain_cost(cost) or any(sym.endswith("/P") for sym in cost.mana.symbols):
            return None
        me, mode = o.controller, ab.with_mode(a.modes).mode
        worth = permanent_value(game, a.source) if not ch.is_land else None
        if worth is None:
            return None
        change = {me: 0.0}
        if cost.sacrifice_self:
            if any(not _unmoved_by_a_spell(tr.trigger, leaving=True) for tr in ch.triggered):
                return None     # its own leaving triggers
            change[me] -= worth
        elif cost.loyalty:
            loyalty = o.counters.get("loyalty", 0) + cost.loyalty
            change[me] += -worth if loyalty <= 0 else 0.8 * cost.loyalty      # 704.5i; evaluate's 0.8 a counter
        hand_left = len(s.players[me].hand)
    else:
        return None
    targets = [t for _, t in SP._flat_targets(a.targets)]
    if mode.effects and all(isinstance(e, E.TapEffect) for e in mode.effects):
        targets = []        # tapped or untapped, whatever the targets: nothing the evaluation reads
    elif len(targets) != (1 if mode.targets else 0) or len(mode.targets) > 1 \
            or isinstance(a, A.ActivateAbility) and a.source in targets:
        return None
    return _effects_change(game, me, mode, targets[0] if targets else None, change, hand_left)


_NO_COST = Cost()


# What the rules of thumb read of a cost, or of a card's or permanent's characteristics (never changed once made), is
# kept by identity (`kept_by_identity_of`): asked at most priorities, of every card in hand or on the battlefield.
@kept_by_identity_of(4096)
def _plain_cost(cost: Cost) -> bool:
    """Whether the cost asks nothing but mana, {T}, loyalty or sacrificing the source itself."""
    return replace(cost, mana=ManaCost(()), tap=False, loyalty=None, sacrifice_self=False, text="") == _NO_COST


def _effects_change(game: Game, me: int, mode, target: Any, change: dict[int, float], hand: int) -> float | None:
    """What a mode's effects gain `me` over the position now, `change` already counting its costs and `hand`
    the cards left in `me`'s hand after them. The effects read: draw cards (121.1), discard (701.9a), gain
    or lose life (119.3), for `me`, each player or the targeted player; scry (701.22) for `me`; tap or untap
    (701.26: the evaluation reads no permanent's status); and on the
    one target: destroy (701.8a), exile (406.2) or deal damage (120.3) to a player or to a creature with no
    ability that acts on it (`_harmed_creature_change`), its controller gaining life equal to its power
    (Swords to Plowshares). None for anything else, or when it would end the game of someone but the two
    players'."""
    s = game.state
    players = [q for q in range(len(s.players)) if not s.players[q].lost]
    hands = {q: hand if q == me else len(s.players[q].hand) for q in players}
    libraries = {q: len(s.players[q].library) for q in players}
    life = {q: s.players[q].life for q in players}
    harmed = False
    for e in mode.effects:
        who = getattr(e, "who", None) or getattr(e, "to", None) or getattr(e, "what", None)
        # (an effect's "what" may name no object: ChooseValue's "color")
        on_target = getattr(who, "kind", None) == "target" and who.index == 0
        n = _const(e.amount) if getattr(e, "amount", None) is not None else None
        if isinstance(e, E.GainLife) and who.kind == "controller_of" and who.index == 0 and harmed \
                and e.amount.kind == "power_of" and e.amount.ref is not None and e.amount.ref.kind == "target" \
                and e.amount.ref.index == 0:
            q = s.objects[target].controller
            life[q] += max(game.characteristics(target).power or 0, 0)
        elif isinstance(e, (E.Draw, E.Discard, E.GainLife, E.LoseLife)):
            named = [me] if who.kind == "you" else players if who.kind == "each_player" else \
                [player_index(target)] if on_target and is_player_ref(target) else None
            if n is None or named is None or isinstance(e, E.Discard) and e.filter is not None:
                return None
            for q in named:
                if isinstance(e, E.Draw):
                    if n > libraries[q]:
                        return None     # 704.5b: a draw from an empty library loses the game
                    hands[q], libraries[q] = hands[q] + n, libraries[q] - n
                elif isinstance(e, E.Discard):
                    hands[q] = max(0, hands[q] - n)
                else:
                    life[q] += n if isinstance(e, E.GainLife) else -n
        elif isinstance(e, E.Scry) and who.kind == "you" and not (e.surveil or e.fateseal):
            continue
        elif isinstance(e, E.CantBeRegenerated) and on_target or isinstance(e, E.TapEffect):
            continue        # a permanent tapped or untapped (701.26) is worth what it was
        elif isinstance(e, (E.Destroy, E.ExileEffect, E.DealDamage)) and on_target and not harmed:
            if isinstance(e, E.DealDamage) and (n is None or e.divided) or isinstance(e, E.ExileEffect) and e.counters:
                return None
            harmed = True
            if is_player_ref(target):
                if not isinstance(e, E.DealDamage):
                    return None
                life[player_index(target)] -= n
                continue
            worth = _harmed_creature_change(game, target, e, n)
            if worth is None:
                return None
            q = s.objects[target].controller
            change[q] = change.get(q, 0.0) + worth
        else:
            return None
    lost = [q for q in players if life[q] <= 0]
    if lost:
        # 704.5a: the other of two players loses, the game is won; the rest is simulated
        return WIN - evaluate(game, me) if len(players) == 2 and lost == [q for q in players if q != me] \
            and damage_to_lose(game, lost[0]) < math.inf else None
    for q in players:
        p = s.players[q]
        change[q] = change.get(q, 0.0) + life_value(life[q]) - life_value(p.life) \
            + CARD_IN_HAND * (min(hands[q], 8) - min(len(p.hand), 8)) \
            - 3.0 * (max(0, 4 - libraries[q]) - max(0, 4 - len(p.library)))
    return evaluate_changed(game, me, change) - evaluate(game, me)


def _harmed_creature_change(game: Game, t: Any, e: Any, damage: int | None) -> float | None:
    """What destroying, exiling or dealing `damage` to creature `t` changes its controller's worth by; None
    when something else would happen (an ability of its own, an Aura or Equipment that would fall off,
    a regeneration shield 701.19, ward 702.21)."""
    s = game.state
    o = s.objects.get(t) if isinstance(t, int) else None
    if o is None or o.zone is not Zones.BATTLEFIELD or o.regen_shields or o.phased_out:
        return None
    ch = game.characteristics(t)
    if not ch.is_creature or ch.triggered or ch.static or ch.has("ward") \
            or any(s.objects[x].attached_to == t for x in s.battlefield):
        return None
    before = creature_value(game, t)
    if isinstance(e, E.DealDamage):
        left = (ch.toughness or 0) - o.damage
        if damage < left or ch.has("indestructible"):
            return creature_value_damaged(ch, o.damage + damage) - before      # 704.5g: it survives
    elif isinstance(e, E.Destroy) and ch.has("indestructible"):
        return 0.0          # 702.12b
    return -before


def _no_attack_value(game: Game, me: int) -> float | None:
    """What the simulation would score declaring no attackers: the position as it is with the crack-back
    penalty, when nothing happens on the way out of combat (508.8): no continuous effect that ends with it
    (611.2b), no delayed trigger, no ability that triggers at the beginning of a combat step (603.2)."""
    s = game.state
    if s.effects or s.delayed_triggers or s.pending_triggers:
        return None
    for oid in [*s.battlefield, *s.command]:
        if any(tr.trigger.event == "step" and tr.trigger.step not in ("upkeep", "draw", "end")
               for tr in game.characteristics(oid).triggered):
            return None
    return evaluate(game, me) + (-300.0 if C.crack_back(game, me) >= s.players[me].life else 0.0)


# Keywords of a card that change nothing about where or how it may be cast or what it costs.
_PLAIN_CARD_KEYWORDS = _PLAIN_ATTACK_KEYWORDS | {"double strike", "lifelink", "prowess", "enchant"}

# Static abilities that change nothing about what a player may cast or activate, nor what it costs.
_CASTING_UNCHANGED = frozenset({"pump", "pump_grant", "cda_pt", "grant", "enters_tapped", "cant_block",
                                "cant_attack", "cant_attack_or_block"})


def _mana_at_most(game: Game, me: int) -> int | None:
    """The most mana `me` could have now: the mana pool (106.4), restricted mana included, and the most each
    untapped source's {T} mana ability adds (605); None if a mana ability costs anything else or adds an amount not
    fixed, or if a permanent of `me`'s is face down (702.37e: something else to do). Other activated abilities are
    `_inactive_ability`'s to judge."""
    s = game.state
    n = sum(s.players[me].mana_pool.values()) + len(s.players[me].restricted_mana)      # 106.6: may pay some costs
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != me:
            continue
        if o.face_down:
            return None
        for ab in game.characteristics(oid).activated:
            if not ab.is_mana_ability:
                continue
            most = _tap_mana_most(ab)
            if most is None:
                return None
            if not o.tapped:
                n += most
    return n


def _least_mana(symbols: tuple[str, ...]) -> int:
    """The least mana a cost's symbols can be paid with: X as 0 (107.3), a hybrid symbol by its cheaper half
    (107.4e: {2/W} by {W}), a Phyrexian one with life (107.4f)."""
    n = 0
    for sym in symbols:
        if sym.isdigit():
            n += int(sym)
        elif "/" in sym:
            n += 0 if sym.endswith("/P") else 1
        elif sym not in ("X", "Y", "Z"):
            n += 1
    return n


# Keywords of a card in hand whose costs `_least_cast_mana` reads: kicker, an optional additional cost (702.33a: the
# spell may be cast without it), and evoke, an alternative cost (702.74a, 118.9).
_COST_KEYWORDS = frozenset({"kicker", "evoke"})


def _least_cast_mana(ch) -> int | None:
    """The least mana a card in hand can be cast for (`_least_mana`): its mana cost, or its evoke cost if that is less
    (an evoke cost with no mana: 0); a kicker cost adds to the mana cost. None if the card has another additional or
    alternative cost."""
    least = _least_mana(ch.mana_cost.symbols)
    for c in ch.definition.costs:
        if c.kind == "evoke":
            least = min(least, _least_mana(c.cost.mana.symbols) if c.cost.mana is not None else 0)
        elif c.kind != "kicker":
            return None
    return least


def _inactive_ability(game: Game, oid: int, ab, mana: int | None, sorcery_ok: bool) -> bool:
    """Whether an activated ability of a permanent certainly can't be activated now, by the engine's own
    cheap tests: a loyalty ability or one activated only as a sorcery outside sorcery timing (602.5d, 606.3)
    or a second loyalty ability this turn (606.3), a loyalty cost it can't pay (606.4), a {T} cost its source
    can't pay (tapped, or a creature with summoning sickness, 302.6); with `mana` (what `_mana_at_most`
    says `me` could make), a mana cost above it (118.3), unless the ability costs less by its own text."""
    s = game.state
    o = s.objects[oid]
    if not sorcery_ok and only_as_a_sorcery(game, game.state.objects[oid].controller, ab):
        return True
    if ab.is_loyalty and o.card_id in s.turn_log.get("loyalty", []):
        return True
    if ab.cost.loyalty is not None and ab.cost.loyalty < 0 and o.counters.get("loyalty", 0) < -ab.cost.loyalty:
        return True
    if ab.cost.tap and not can_tap_for_cost(game, oid):
        return True
    return mana is not None and ab.cost_reduction is None and _least_mana(ab.cost.mana.symbols) > mana


# _tap_mana_most by the ability (kept in the entry, so that its id stays its own).
_TAP_MANA: dict[int, tuple[Any, int | None]] = {}


def _tap_mana_most(ab) -> int | None:
    """The most mana a mana ability whose only cost is {T} adds; None for any other ability."""
    known = _TAP_MANA.get(id(ab))
    if known is not None and known[0] is ab:
        return known[1]
    adds = [_const(e.amount) if isinstance(e, E.AddMana) else None for e in ab.mode.effects]
    most = None
    if ab.is_mana_ability and ab.cost.tap and ab.mana_options and adds and None not in adds \
            and replace(ab.cost, tap=False, text="") == _NO_COST:
        most = max(len(opt) for opt in ab.mana_options) * max(adds)
    if len(_TAP_MANA) > 4096:
        _TAP_MANA.clear()
    _TAP_MANA[id(ab)] = (ab, most)
    return most


@kept_by_identity_of(4096)
def _suspend_or_foretell(ch: Any) -> bool:
    """Whether a card in hand has suspend or foretell (`_special_actions` lists their actions only then)."""
    return any(k.name in ("suspend", "foretell") for k in ch.keywords)


# What an ability paid with {T} and mana alone gains at the end of an opponent's turn beyond what the evaluation shows
# (`_free_before_untap`): Codex Shredder's mill of one card, worth next to nothing to the evaluation, costs nothing then.
FREE_USE = 0.1
# What such an ability does that lasts and that the evaluation doesn't see: a library milled or looked at (701.17a,
# 701.22a, 701.25a). An untap, a shield for this turn or a regeneration does nothing then; what the evaluation sees (a
# card drawn, damage) is weighed by it.
_UNSEEN_LASTING = (E.Mill, E.Scry, E.LookAndReorder)


@kept_by_identity_of(4096)
def _free_before_untap(ab: Any) -> bool:
    """Whether the ability costs only {T} and mana, both back in its controller's untap step (502.3) if it is used at
    the end of an opponent's turn, does something that lasts beyond the evaluation's sight (`_UNSEEN_LASTING`), and
    does its controller some good as the evaluation of abilities reads it (Ghoulcaller's Bell's "each player mills a
    card" too little to count)."""
    return replace(ab.cost, mana=ManaCost(()), tap=False, text="") == Cost() and AV.activated_value(ab) > FREE_USE / 2 \
        and any(isinstance(e, _UNSEEN_LASTING) for e in SP.flat_effects(ab.mode.effects))


# What cycling a card the player has no use for gains (`_cycling_credit`), beyond the evaluation's equal worth of every
# card in hand: a card for one it may need.
CYCLED = 0.5


def _cycling_credit(game: Game, me: int, card: int, ab: Any) -> float:
    """What cycling `card` (702.29a; typecycling, 702.29e, finds a land) gains that the evaluation doesn't show, every
    card in hand being worth the same to it: `CYCLED` for a land card beyond the lands the player needs (its lands and
    its other land cards in hand reach four and its dearest spell in hand), for typecycling a spell while it is short of
    lands, and at the end of an opponent's turn (its mana wasted otherwise) for a spell it can't cast before its lands
    grow by two; else nothing."""
    s = game.state
    ch = game.characteristics(card)
    if ch.is_land:
        return CYCLED if _surplus_land(game, me, card) else 0.0
    others = [game.characteristics(x) for x in s.players[me].hand if x != card]
    lands = _lands_out(game, me) + sum(1 for ch in others if ch.is_land)
    dearest = max((ch.mana_value for ch in others if not ch.is_land), default=0)
    if any(isinstance(e, E.SearchLibrary) and _finds_a_land(e.filter) for e in ab.mode.effects):
        return CYCLED if lands < min(4, max(dearest, ch.mana_value)) else 0.0
    end_of_their_turn = s.active != me and s.step is Steps.END
    return CYCLED if end_of_their_turn and ch.mana_value > lands + 1 else 0.0


def _surplus_land(game: Game, me: int, card: int) -> bool:
    """Whether `card` is a land card in `me`'s hand beyond the lands it needs: without it, its lands and its other land
    cards in hand reach four and its dearest spell in hand."""
    s = game.state
    if not game.characteristics(card).is_land:
        return False
    others = [game.characteristics(x) for x in s.players[me].hand if x != card]
    lands = _lands_out(game, me) + sum(1 for ch in others if ch.is_land)
    return lands >= max(4, max((ch.mana_value for ch in others if not ch.is_land), default=0))


@kept_by_identity_of(4096)
def _rummages(ab: Any) -> bool:
    """Whether the ability's cost discards one card, chosen by its controller, and the ability draws its controller
    cards (Trade Routes' "{1}, Discard a land card: Draw a card"): every card in hand worth the same to the
    evaluation, it gains what a land card the player can spare (`_surplus_land`) is worth less, as cycling one does."""
    c = ab.cost
    return c.discard == 1 and not (c.discard_random or c.discard_hand or c.discard_self) \
        and any(isinstance(e, E.Draw) and e.who.kind == "you" for e in SP.flat_effects(ab.mode.effects))


def _wants_mana(game: Game, me: int) -> bool:
    """Whether `me` has anything more mana could pay for: a nonland card in its hand, an ability of a permanent of its
    other than a mana ability, a card it may play from another zone."""
    s = game.state
    if any(not game.characteristics(x).is_land for x in s.players[me].hand):
        return True
    if any(s.objects[x].controller == me and _permanent_facts(game.characteristics(x))[0] for x in s.battlefield):
        return True
    return _playable_elsewhere(game, me)


def _finds_a_land(f: Filter) -> bool:
    """Whether a search's filter asks for a land card (landcycling, Swampcycling: 702.29e), not a Wizard."""
    return "Land" in f.types or bool(f.subtypes & LAND_TYPES)


def _nothing_affordable(game: Game, me: int) -> bool:
    """Whether `me` certainly can do nothing at this priority but pass (and activate mana abilities), seen
    without listing its legal actions: every card in its hand a land or a card with one face, no additional
    or alternative cost but kicker and evoke, no other keyword that changes how it is cast, and the least mana it
    can be cast for (`_least_cast_mana`, 202.3) above the most mana `me` could make (`_mana_at_most`); no other
    activated ability of its permanents that could be activated (`_inactive_ability`); nothing to play from the
    graveyard, exile or command zone; no static ability that could let it cast or activate or change a cost (601.2f, 602.2b).
    False whenever unsure."""
    s = game.state
    p = s.players[me]
    mana = _mana_at_most(game, me)
    if mana is None:
        return False
    sorcery_ok = s.active == me and s.step.is_main and not s.stack        # 307.1
    for x in p.hand:
        ch = game.characteristics(x)
        plain, land, stack_only, least = _hand_card_facts(ch)
        if not plain:
            return False
        if land or not s.stack and stack_only:
            continue        # a counterspell with nothing to counter has no legal target (601.2c)
        if not sorcery_ok and not at_instant_speed(s, me, x, ch):
            continue        # 307.1: not castable outside sorcery timing
        if least is None or least <= mana:
            return False
    changing = False
    for oid in s.battlefield:
        abilities, changes_casting = _permanent_facts(game.characteristics(oid))
        if abilities and s.objects[oid].controller == me and any(
                not _inactive_ability(game, oid, ab, mana, sorcery_ok) for ab in abilities):
            return False
        changing = changing or changes_casting
    return not _playable_elsewhere(game, me) and not changing


@kept_by_identity_of(4096)
def _hand_card_facts(ch) -> tuple[bool, bool, bool, int | None]:
    """What `_nothing_affordable` reads of a card in hand: (one face, no ability activated from the hand and no
    keyword that changes how it is cast; a land; a spell that needs a target on the stack; `_least_cast_mana`)."""
    if ch.definition.faces or any(ab.from_hand for ab in ch.activated) \
            or any(k.name not in _PLAIN_CARD_KEYWORDS and k.name not in _COST_KEYWORDS for k in ch.keywords):
        return False, False, False, None
    return True, ch.is_land, _targets_the_stack(ch), _least_cast_mana(ch)


@kept_by_identity_of(4096)
def _permanent_facts(ch) -> tuple[tuple, bool]:
    """What `_nothing_affordable` reads of a permanent: (its activated abilities but mana abilities; whether it has a
    static ability that could let a player cast or activate or change a cost)."""
    return (tuple(ab for ab in ch.activated if not ab.is_mana_ability),
            any(st.kind not in _CASTING_UNCHANGED for st in ch.static))


@kept_by_identity_of(4096)
def _instant_speed_card(ch) -> bool:
    """A card in hand that may be cast or activated outside a main phase: an instant, a card with flash (702.8a), a
    card with an ability activated from the hand (cycling 702.29a)."""
    return ch.is_type("Instant") or ch.has("flash") or any(ab.from_hand for ab in ch.activated)


# Target phrases that only a spell or an ability on the stack can answer (115.1, 115.4).
_STACK_TARGETS = frozenset({"spell", "ability", "activated_ability", "triggered_ability", "spell_or_ability"})


def _targets_the_stack(ch) -> bool:
    """A spell each of whose modes requires a target on the stack (Counterspell's "target spell"): with the stack
    empty it can't be cast (601.2c)."""
    sp = ch.definition.spell
    return sp is not None and (not sp.modal or sp.choose_min >= 1) and all(
        any(t.kind in _STACK_TARGETS and t.min >= 1 and not t.count_x and t.count is None and t.only_if is None
            for t in m.targets) for m in sp.modes)


def _playable_elsewhere(game: Game, me: int) -> bool:
    """A card `me` might play from its graveyard (an ability that works there, flashback and the like,
    702.34a, given for the turn too; its own permission, 601.3; an aftermath half, 702.127a), from exile (an
    effect's permission, a card on an Adventure 715.3d, a foretold card 702.143a) or from the command zone
    (903.8): the places the legal actions are listed from. Read once for the position of a decision
    (`board_memo`: `_may_act` and `_nothing_affordable` both ask)."""
    memo = board_memo(game)
    if memo is None:
        return _read_playable_elsewhere(game, me)
    known = memo.get(("playable_elsewhere", me))
    if known is None:
        known = memo["playable_elsewhere", me] = _read_playable_elsewhere(game, me)
    return known


def _read_playable_elsewhere(game: Game, me: int) -> bool:
    s = game.state
    for x in s.players[me].graveyard:
        o = s.objects[x]
        if _from_graveyard(game.characteristics(x)) \
                or o.chosen.get("flashback_turn") == s.turn or may_cast_from_graveyard(s, o, me) \
                or _castable_face(o, me):
            return True
    return bool(in_command_zone(s, me)) or any(
        may_play(s.objects[x], me, s.turn, True) or s.objects[x].owner == me and (
            _castable_face(s.objects[x], me) or foretold(game, x, me)) for x in s.exile)


@kept_by_identity_of(4096)
def _from_graveyard(ch) -> bool:
    """A card with an ability activated from a graveyard, or a way of casting itself from there (702.34a and the
    like)."""
    return any(ab.from_graveyard for ab in ch.activated) or any(c.kind in GRAVEYARD_WAYS for c in ch.definition.costs)


def _castable_face(o, me: int) -> bool:
    """A face of its own card `me` may cast from where the card is by its layout's rules (715.3d, 702.127a)."""
    return o.owner == me and any(f is not None for f in castable_faces(o, me))


def _idle_sacrifice(game: Game, a: A.Action) -> bool:
    """An ability with no target whose cost sacrifices its source creature (Sakura-Tribe Elder's), the creature
    neither attacking nor blocking (506.4: it deals and takes no combat damage) nor a target of anything on the
    stack (115.1): nothing threatens it, and the sacrifice can wait for the end of the opponent's turn."""
    if not isinstance(a, A.ActivateAbility) or a.targets:
        return False
    ch = game.characteristics(a.source)
    if not ch.is_creature or not 0 <= a.index < len(ch.activated) or not ch.activated[a.index].cost.sacrifice_self:
        return False
    s = game.state
    if s.combat is not None and (a.source in s.combat.attackers or a.source in s.combat.blockers):
        return False
    return not any(s.objects[x].stack is not None and any(a.source in group for group in s.objects[x].stack.targets)
                   for x in s.stack)


def _only_this_turn(ch) -> bool:
    """A spell whose first mode only changes things until end of turn (`SP.temporary_only`: pumps, keywords)."""
    sp = ch.definition.spell
    return sp is not None and bool(sp.modes) and SP.temporary_only(sp.modes[0])


def _untargeted_spell(o) -> bool:
    """A spell (not an ability, 113.7) on the stack that targets nothing (115.1)."""
    return not o.is_ability and o.stack is not None and not o.stack.targets


def _could_act_at_instant_speed(game: Game, me: int) -> bool:
    """Whether `me` holds anything to do outside its main phase: an instant or a card with flash in hand
    (702.8a), an ability to activate (a non-mana ability of a permanent, or from the hand or the graveyard:
    cycling 702.29a), a face-down permanent to turn face up, a card to cast from the graveyard (702.34a flashback and
    the like), from exile or from the command zone. A cheap look before listing the legal actions, which most
    priorities don't need; it is asked only where sorcery timing can't hold (a spell on the stack, or not `me`'s main
    phase)."""
    s = game.state
    p = s.players[me]
    for x in p.hand:
        if _instant_speed_card(game.characteristics(x)):
            return True
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == me and (o.face_down or any(not _inactive_ability(game, oid, ab, None, False)
                                                      for ab in _permanent_facts(game.characteristics(oid))[0])):
            return True         # (a face-down permanent may be turned face up, 702.37e)
    return _playable_elsewhere(game, me)


def _after_blocks(s) -> bool:
    """Combat once blockers are declared (509) and before its last combat damage (510): a trick or a removal spell
    then sees who blocks whom. In the combat damage step the damage is dealt (510.2): a trick changes nothing
    more, and a creature left damaged can still be finished in the main phase or at the end step."""
    return s.combat is not None and s.combat.blockers_declared and s.step in COMBAT_STEPS \
        and s.step is not Steps.DECLARE_ATTACKERS and s.step is not Steps.COMBAT_DAMAGE


def _flash_creature_in_hand(game: Game, me: int) -> bool:
    """A creature card in hand that could be cast before blocks (702.8a flash) as a surprise blocker."""
    return any(game.characteristics(x).is_creature and game.characteristics(x).has("flash")
               for x in game.state.players[me].hand)


def _untapped_mana(game: Game, me: int) -> int:
    s = game.state
    n = sum(s.players[me].mana_pool.values()) + len(s.players[me].restricted_mana)
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == me and not o.tapped and taps_for_mana(o, game.characteristics(oid)):
            n += 1
    return n


def taps_for_mana(o: Any, ch: Any) -> bool:
    """Whether the untapped permanent counts as a mana source now: it has a mana ability with {T} in its cost, and
    is a land or may use it (302.6: under its controller's control since their turn began, or haste)."""
    return any(ab.is_mana_ability and ab.cost.tap for ab in ch.activated) and (ch.is_land or not o.sick
                                                                               or ch.has("haste"))


def _card_worth(game: Game, x: int) -> float:
    ch = game.characteristics(x)
    if ch.is_land:
        return 1.0
    return CARD_IN_HAND + 0.3 * ch.mana_value + (1.0 if ch.is_creature else 0.5) + 0.3 * AV.card_value(ch.definition)


def _object_worth(game: Game, x: Any, me: int) -> float:
    o = game.state.objects.get(x) if isinstance(x, int) else None
    if o is None:
        return 0.0
    if o.zone.value == "battlefield":
        v = permanent_value(game, x) + (0.0 if o.tapped else 0.2)
        return v if o.controller == me else -v
    return _card_worth(game, x)

