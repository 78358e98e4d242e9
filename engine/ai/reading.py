"""Reading an opponent's hand from how they play: the facts a player gathers about the cards in an opponent's hand,
for the search's determinizations (engine.ai.knowledge `HandFact`), kept while each card stays in that hand. (Which
objects are in a hand is public here: a player may count the cards in any hand, 402.3, and the engine shows each
hidden object's id.)

- A pass of theirs in their own main phase with the stack empty while they may still play a land (305.2) leaves the
  cards in their hand then nonlands: a player plays a land they hold first.
- A pass of priority of theirs (117.3d: the player receives priority from them in the same position; or the player
  passed first and they added nothing to the stack, 117.4) leaves none of the spells they might hold that they would
  have cast there, playing as the heuristic player does, among the cards of their hand then (`castable_names`: each
  tried in a copy of the position as seen by the player, their hand made of it but for the cards known by name, with
  a counterspell kept beside it if they might hold one: the heuristic player keeps mana for one; a close call rules
  nothing out). In their main phase that is a spell they would cast now; on the player's spell, an answer to it; in
  combat, a trick. (Against one opponent; a game that goes back, a take-back, forgets what was read.)
- A card of that hand offered to the player by a decision (Duress's choice) is known by name.
"""
from __future__ import annotations

from typing import Mapping

import engine.ai.heuristic as H
import engine.ai.spells as SP
from engine.ai.evaluate import unchanged_board
from engine.ai.knowledge import HandFact, determinize, payable, possible_spells, visible_now, with_hand
from engine.ai.simulate import note_fault
from engine.core import player_actions as A
from engine.core.cards import card_def
from engine.core.enums import DecisionKinds, Steps, Zones
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.state import Decision
from engine.game import Game
from engine.query.layers import player_statics_from

Sources = tuple[frozenset[str], ...]


class HandReader:
    """The facts `me` has read of each opponent's hand (by object: a card that leaves the hand is forgotten), updated
    at each of `me`'s decisions (`observe`)."""

    def __init__(self, me: int, seed: int = 0, opponent_decks: Mapping[int, list[str]] | None = None) -> None:
        """`seed`: of the determinizations the passes are read on; `opponent_decks`: the opponents' deck lists by seat,
        where known (the spells they might hold)."""
        self.me = me
        self.facts: dict[int, HandFact] = {}
        self.rng = Rng(seed)
        self.opponent_decks = opponent_decks
        # (a copy of the position where `me` passed first, the stack's objects there), until the next decision
        self._passed: tuple[Game, frozenset[int]] | None = None
        self._main1: tuple[int, tuple] | None = None     # (turn, position) of the last first main phase's pass read
        # (turn, next object id) at the last decision read: a position not after it is another game or a take-back
        self._last: tuple[int, int] = (0, 0)
        # the heuristic player as the opponent would play, asked what it would cast (`castable_names`)
        self._as_opponent = H.HeuristicPlayer(self.rng.next_u64())

    def observe(self, game: Game) -> None:
        """Reads what the position shows of the opponents' hands (called at each decision of `me`)."""
        s = game.state
        if (s.turn, s.next_id) < self._last:
            self.facts, self._passed, self._main1 = {}, None, None
        self._last = (s.turn, s.next_id)
        facts = {x: f for x, f in self.facts.items() if x in s.objects and s.objects[x].zone is Zones.HAND}
        self._read_shown(game, facts)
        d = game.pending
        opps = s.opponents(self.me)
        one = len(opps) == 1
        if self._passed is not None and one and not any(
                x not in self._passed[1] and s.objects[x].controller == opps[0] for x in s.stack):
            # `me` passed first and the opponent added nothing to the stack: they passed in the same position (117.4)
            self._read_pass(self._passed[0], game, opps[0], facts, spells=True)
        self._passed = None
        if d.kind is DecisionKinds.PRIORITY and d.player == self.me:
            # 117.3d: priority came to `me` from the players before it, each passing in this very position
            for opp in list(reversed(opps))[:s.passes]:
                self._read_pass(game, game, opp, facts, spells=one)
        self.facts = facts

    def _read_shown(self, game: Game, facts: dict[int, HandFact]) -> None:
        s = game.state
        for x in visible_now(game, self.me):
            o = s.objects[x]
            if o.zone is Zones.HAND and o.owner in s.opponents(self.me):
                facts[x] = facts.get(x, HandFact())._replace(name=o.name)

    def passing(self, game: Game) -> None:
        """Told that `me` passes priority (called at that decision): if the opponent is to act next in this position
        (no pass counted yet, 117.4), whether they passed too is read at the next decision (`observe`)."""
        if game.state.passes == 0 and len(game.state.opponents(self.me)) == 1:
            self._passed = (game.clone(), frozenset(game.state.stack))

    def _read_pass(self, passed: Game, game: Game, opp: int, facts: dict[int, HandFact], spells: bool) -> None:
        """`opp` passed priority in the position `passed`; `game` is the position now. `spells`: the spells they
        would have cast are read too (against one opponent: each is a few simulations)."""
        s = passed.state
        p = s.players[opp]
        # (a player kept from playing lands, 101.2, "Players can't play lands", has no land drop to miss)
        nonland = s.active == opp and s.step.is_main and not s.stack and p.lands_played < p.land_plays \
            and not player_statics_from(s, opp, "cant_play_lands")
        names = self.castable_names(passed, opp, facts) if spells and not self._again_in_main2(passed, opp) \
            else frozenset()
        if nonland or names:
            hand = game.state.players[opp].hand
            for x in p.hand:
                if x in hand:
                    old = facts.get(x, HandFact())
                    facts[x] = old._replace(nonland=old.nonland or nonland, not_named=old.not_named | names)

    def _again_in_main2(self, passed: Game, opp: int) -> bool:
        """Whether `passed` is `opp`'s second main phase with nothing changed since a pass of theirs read in the first
        (the heuristic player passes again there without weighing, HeuristicPlayer._priority: what it would weigh
        is not read). The first main phase's pass is kept for that."""
        s = passed.state
        if s.active != opp or s.stack or not s.step.is_main:
            return False
        if s.step is Steps.MAIN1:
            self._main1 = (s.turn, H.main_position(passed))
            return False
        return self._main1 == (s.turn, H.main_position(passed))

    def castable_names(self, game: Game, opp: int, facts: Mapping[int, HandFact] | None = None) -> frozenset[str]:
        """The spells `opp` might hold (`possible_spells`) that they would cast in this position with priority, playing
        as the heuristic player does: each whose mana cost their untapped sources pay is tried in a determinization of
        the position (from what `me` knows) with `opp`'s hand all of it (but for the cards known by name, and a
        counterspell they might hold when their hand has two cards or more) and `opp` to act, and counts where the
        heuristic player's choice is to cast it, gaining `CAST_MARGIN` more than it needs to. None if it would cast a
        card of theirs known by name: they don't play as the heuristic player does here."""
        s = game.state
        hand = sorted(s.players[opp].hand)
        if not hand:
            return frozenset()
        possible = sorted(possible_spells(game, opp, (self.opponent_decks or {}).get(opp)))
        sources = untapped_sources(game, opp)
        tried = [name for name in possible if payable(card_def(name), sources)]
        if not tried:
            return frozenset()
        facts = self.facts if facts is None else facts
        known = [facts[x].name if x in facts else None for x in hand]
        unknown = [i for i, k in enumerate(known) if k is None]
        if not unknown:
            return frozenset()
        counters = [name for name in possible if SP.is_counterspell(card_def(name))]
        if any(SP.is_counterspell(card_def(k)) for k in known if k is not None):
            counters = []       # (one is held already)
        seen = determinize(game, self.me, self.rng, opponent_decks=self.opponent_decks)
        out = set()
        for name in tried:
            names = [k or name for k in known]
            if counters and name not in counters and len(unknown) > 1:
                names[unknown[-1]] = counters[0]
            g = with_hand(seen, opp, names)
            cast = self._cast(g, opp)
            if cast is not None and known[hand.index(cast)] is not None:
                return frozenset()
            if cast is not None and g.state.objects[cast].name == name:
                out.add(name)
        return frozenset(out)

    def _cast(self, g: Game, opp: int) -> int | None:
        """The card of `opp`'s hand the heuristic player would cast in `g` with `opp` to act, by `CAST_MARGIN` more
        than it needs to; None if none (a fault of the engine on the copy is noted, engine.ai.simulate)."""
        _give_priority(g, opp)
        self._as_opponent.reset()
        try:
            with unchanged_board(g):
                forced, scored = self._as_opponent.priority_options(g)
        except (IllegalAction, RuntimeError) as e:     # (as engine.ai.simulate counts faults on a copy)
            note_fault(e, A.PassPriority(opp))
            return None
        a = forced if forced is not None else scored[0][1] if scored and scored[0][0] > 0.05 + CAST_MARGIN else None
        if isinstance(a, A.CastSpell) and a.card in g.state.players[opp].hand:
            return a.card
        return None


# What a cast must gain beyond the heuristic player's own threshold to rule a name out: a close call can go either way
# for the real player, whose simulations draw other hidden cards.
CAST_MARGIN = 0.25


def untapped_sources(game: Game, player: int) -> Sources:
    """The colors of each untapped mana source of `player`'s that taps for mana now (those the heuristic's
    `_untapped_mana` counts, `taps_for_mana`), in a stable order."""
    s = game.state
    out: list[frozenset[str]] = []
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != player or o.tapped:
            continue
        ch = game.characteristics(oid)
        if H.taps_for_mana(o, ch):
            out.append(frozenset(H.land_colors(ch)))
    return tuple(sorted(out, key=sorted))


def _give_priority(game: Game, player: int) -> None:
    """Makes `player` the one with priority (117.3) in the copy `game`."""
    s = game.state
    s.priority = player
    s.passes = 0
    s.pending = Decision(player, DecisionKinds.PRIORITY)
