"""Reading an opponent's hand from how they play: the facts a player gathers about the cards in an opponent's hand,
for the search's determinizations (engine.ai.knowledge `HandFact`), kept while each card stays in that hand. (Which
objects are in a hand is public here: a player may count the cards in any hand, 402.3, and the engine shows each
hidden object's id.)

- A turn in which the opponent played no land (305.2: one land a turn) leaves the cards that were in their hand in
  its second main phase nonlands (a card drawn after it could not have been played).
- A turn that ends with mana sources of theirs untapped leaves no creature spell those sources pay for, with two to
  spare, among those cards: a plain creature is cast at the first chance (`knowledge._cast_at_once`).
- A card of that hand offered to the player by a decision (Duress's choice) is known by name.
"""
from __future__ import annotations

import engine.ai.heuristic as H
from engine.ai.knowledge import HandFact, visible_now
from engine.core.enums import Steps, Zones
from engine.game import Game
from engine.query.layers import player_statics_from

Sources = tuple[frozenset[str], ...]


class HandReader:
    """The facts `me` has read of each opponent's hand (by object: a card that leaves the hand is forgotten), updated
    at each of `me`'s decisions (`observe`)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.facts: dict[int, HandFact] = {}
        # (turn, the opponent's hand at a look in its second main phase), until that turn's end is read
        self._main2: tuple[int, set[int]] = (-1, set())

    def observe(self, game: Game) -> None:
        """Reads what the position shows of the opponents' hands (called at each decision of `me`)."""
        s = game.state
        facts = {x: f for x, f in self.facts.items() if x in s.objects and s.objects[x].zone is Zones.HAND}
        self._read_shown(game, facts)
        opp = s.active
        if opp in s.opponents(self.me):
            if s.step is Steps.MAIN2:
                self._main2 = (s.turn, set(s.players[opp].hand))
            elif s.step in (Steps.END, Steps.CLEANUP) and self._main2[0] == s.turn:
                self._read_turn_end(game, opp, self._main2[1], facts)
                self._main2 = (-1, set())
        self.facts = facts

    def _read_shown(self, game: Game, facts: dict[int, HandFact]) -> None:
        s = game.state
        for x in visible_now(game, self.me):
            o = s.objects[x]
            if o.zone is Zones.HAND and o.owner in s.opponents(self.me):
                facts[x] = facts.get(x, HandFact())._replace(name=o.name)

    def _read_turn_end(self, game: Game, opp: int, in_main2: set[int], facts: dict[int, HandFact]) -> None:
        p = game.state.players[opp]
        # (a player kept from playing lands, 101.2, "Players can't play lands", misses no land drop)
        missed = p.lands_played == 0 and p.land_plays > 0 \
            and not player_statics_from(game.state, opp, "cant_play_lands")
        sources = untapped_sources(game, opp)
        for x in p.hand:
            if x not in in_main2:
                continue
            old = facts.get(x, HandFact())
            left = old.mana_left if old.mana_left is not None and len(old.mana_left) > len(sources) else sources
            facts[x] = old._replace(nonland=old.nonland or missed, mana_left=left)


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
