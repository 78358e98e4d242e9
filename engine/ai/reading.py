"""Reading an opponent's hand from how they play: the facts a player gathers about the cards in an opponent's hand,
for the search's determinizations (engine.ai.knowledge `HandFact`), kept while each card stays in that hand. (Which
objects are in a hand is public here: a player may count the cards in any hand, 402.3, and the engine shows each
hidden object's id.)

- A pass of theirs in their own main phase with the stack empty while they may still play a land (305.2) leaves the
  cards in their hand then nonlands: a player plays a land they hold first.
- A pass of priority of theirs (117.3d: the player receives priority from them in the same position; or the player
  passed first and they added nothing to the stack, 117.4) leaves none of the spells they might hold that they would
  have cast there, playing as the heuristic player does, among the cards of their hand then (`castable_names`: each
  tried in a copy of the position as seen by the player, their hand made of it alone, with a counterspell kept beside
  it if they might hold one: the heuristic player keeps mana for one). In their main phase that is a spell they
  would cast now; on the player's spell, an answer to it; in combat, a trick.
- A card of that hand offered to the player by a decision (Duress's choice) is known by name.
"""
from __future__ import annotations

from typing import Mapping

import engine.ai.heuristic as H
import engine.ai.spells as SP
from engine.ai.knowledge import HandFact, determinize, payable, possible_spells, visible_now, with_hand
from engine.core import player_actions as A
from engine.core.cards import card_def
from engine.core.enums import DecisionKinds, Zones
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
        # the heuristic player as the opponent would play, asked what it would cast (`castable_names`)
        self._as_opponent = H.HeuristicPlayer(seed)

    def observe(self, game: Game) -> None:
        """Reads what the position shows of the opponents' hands (called at each decision of `me`)."""
        s = game.state
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
        if game.state.passes == 0:
            self._passed = (game.clone(), frozenset(game.state.stack))

    def _read_pass(self, passed: Game, game: Game, opp: int, facts: dict[int, HandFact], spells: bool) -> None:
        """`opp` passed priority in the position `passed`; `game` is the position now. `spells`: the spells they
        would have cast are read too (against one opponent: each is a few simulations)."""
        s = passed.state
        p = s.players[opp]
        # (a player kept from playing lands, 101.2, "Players can't play lands", has no land drop to miss)
        nonland = s.active == opp and s.step.is_main and not s.stack and p.lands_played < p.land_plays \
            and not player_statics_from(s, opp, "cant_play_lands")
        names = self.castable_names(passed, opp) if spells else frozenset()
        if nonland or names:
            hand = game.state.players[opp].hand
            for x in p.hand:
                if x in hand:
                    old = facts.get(x, HandFact())
                    facts[x] = old._replace(nonland=old.nonland or nonland, not_named=old.not_named | names)

    def castable_names(self, game: Game, opp: int) -> frozenset[str]:
        """The spells `opp` might hold (`possible_spells`) that they would cast in this position with priority, playing
        as the heuristic player does: each whose mana cost their untapped sources pay is tried in a determinization of
        the position (from what `me` knows) with `opp`'s hand all of it, but for a counterspell they might hold when
        their hand has two cards or more, and `opp` to act."""
        s = game.state
        hand = s.players[opp].hand
        if not hand:
            return frozenset()
        possible = sorted(possible_spells(game, opp, (self.opponent_decks or {}).get(opp)))
        sources = untapped_sources(game, opp)
        tried = [name for name in possible if payable(card_def(name), sources)]
        if not tried:
            return frozenset()
        counters = [name for name in possible if SP.is_counterspell(card_def(name))]
        seen = determinize(game, self.me, self.rng, opponent_decks=self.opponent_decks)
        out = set()
        for name in tried:
            names = [name] * len(hand)
            if counters and len(hand) > 1 and name not in counters:
                names[-1] = counters[0]
            g = with_hand(seen, opp, names)
            _give_priority(g, opp)
            self._as_opponent.reset()
            a = self._as_opponent.choose(g)
            if isinstance(a, A.CastSpell) and g.state.objects[a.card].name == name:
                out.add(name)
        return frozenset(out)

def untapped_sources(game: Game, player: int) -> Sources:
    """The colors of each untapped mana source of `player`'s that taps for mana now (those the heuristic's
    `_untapped_mana` counts: a land, or another permanent once it may attack, 302.6), in a stable order."""
    s = game.state
    out: list[frozenset[str]] = []
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != player or o.tapped:
            continue
        ch = game.characteristics(oid)
        if (ch.is_land or not o.sick or ch.has("haste")) \
                and any(ab.is_mana_ability and ab.cost.tap for ab in ch.activated):
            out.append(frozenset(H.land_colors(ch)))
    return tuple(sorted(out, key=sorted))


def _give_priority(game: Game, player: int) -> None:
    """Makes `player` the one with priority (117.3), the copy's state-based actions and triggers taken as checked."""
    s = game.state
    s.priority = player
    s.passes = 0
    s.pending = Decision(player, DecisionKinds.PRIORITY)
    game.checked = None
    game.quiet = False
