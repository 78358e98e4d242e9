"""Reading an opponent's hand from how they play: the facts a player gathers about the cards in an opponent's hand
(400.2: a hand is hidden, but which objects are in it is not), for the search's determinizations
(engine.ai.knowledge `HandFact`), kept while each card stays in that hand.

- A turn in which the opponent played no land (305.2: one land a turn) leaves every card in their hand a nonland.
- A turn that ends with mana of theirs unspent leaves no creature spell they could have paid for with it, in the
  colors it makes, in their hand: a creature is cast at the first chance (flash creatures and X costs aside).
- A creature spell of the player's (of mana value 3 or more) that the opponent let resolve with mana untapped leaves
  no counterspell they could have cast on it in their hand.
- A card shown to the player while in that hand (Duress's look), or put into it from a public zone (a creature
  returned to its owner's hand: a new object, 400.7, of the same card, which the player sees: each hidden object's
  card is public, engine.loop.view), is known by name.
"""
from __future__ import annotations

import engine.ai.heuristic as H
from engine.ai.knowledge import HandFact, visible_now
from engine.core.enums import Steps, Zones
from engine.game import Game


# The mana value from which a spell is one an opponent counters when they can (a cheaper one may be let through).
WORTH_COUNTERING = 3


class HandReader:
    """The facts `me` has read of each opponent's hand (by card: a card that leaves the hand is forgotten), updated
    at each of `me`'s decisions (`observe`)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.facts: dict[int, HandFact] = {}
        self._read_turn = -1
        self._public: dict[int, str] = {}       # the opponents' cards in public zones at the last look: card -> name
        # A creature spell of `me`'s waiting on the stack for the opponents' answer: (its card, the cards then in their
        # hands, each with the mana its owner had untapped and the colors it makes)
        self._waiting: tuple[int, dict[int, tuple[int, frozenset[str]]]] | None = None

    def observe(self, game: Game) -> None:
        s = game.state
        facts = {x: f for x, f in self.facts.items() if x in s.objects and s.objects[x].zone is Zones.HAND}
        self._read_shown(game, facts)
        self._read_answers(game, facts)
        if s.active != self.me and s.step in (Steps.END, Steps.CLEANUP) and s.turn != self._read_turn:
            self._read_turn = s.turn
            self._read_turn_end(game, s.active, facts)
        self.facts = facts

    def _read_shown(self, game: Game, facts: dict[int, HandFact]) -> None:
        s = game.state
        for x in visible_now(game, self.me):
            o = s.objects[x]
            if o.owner != self.me and o.zone is Zones.HAND:
                facts[x] = _with(facts.get(x), name=o.name)
        public: dict[int, str] = {}
        for opp in s.opponents(self.me):
            for x in s.players[opp].hand:
                name = self._public.get(s.objects[x].card_id)
                if name is not None and (x not in facts or facts[x].name is None):
                    facts[x] = _with(facts.get(x), name=name)
            for x in [*s.players[opp].graveyard, *s.exile, *s.battlefield, *s.stack]:
                o = s.objects[x]
                if o.owner == opp and o.token is None and not o.is_ability and not o.spell_copy and not o.face_down:
                    public[o.card_id] = o.name
        self._public = public

    def _read_answers(self, game: Game, facts: dict[int, HandFact]) -> None:
        s = game.state
        if self._waiting is not None:
            card, held = self._waiting
            on_stack = any(s.objects[x].card_id == card for x in s.stack)
            if not on_stack:
                self._waiting = None
                if any(s.objects[x].card_id == card for x in s.battlefield):     # it resolved (400.7: a new object)
                    for x, (mana, colors) in held.items():
                        if x in s.objects and s.objects[x].zone is Zones.HAND:
                            facts[x] = _with(facts.get(x), let_resolve=(mana, colors))
        if self._waiting is None and s.stack and game.pending is not None and game.pending.player == self.me:
            top = s.objects[s.stack[-1]]
            ch = game.characteristics(top.id)
            if top.controller == self.me and not top.is_ability and ch.is_creature \
                    and ch.mana_value >= WORTH_COUNTERING:
                held = {}
                for opp in s.opponents(self.me):
                    mana, colors = _mana_left(game, opp)
                    held.update((x, (mana, colors)) for x in s.players[opp].hand)
                self._waiting = (top.card_id, held)

    def _read_turn_end(self, game: Game, opp: int, facts: dict[int, HandFact]) -> None:
        p = game.state.players[opp]
        missed = p.lands_played == 0 and p.land_plays > 0
        mana, made = _mana_left(game, opp)
        for x in p.hand:
            old = facts.get(x)
            if old is not None and old.mana is not None and old.mana >= mana and old.colors >= made:
                mana_fact = (old.mana, old.colors)
            else:
                mana_fact = (mana, made)
            facts[x] = _with(old, nonland=missed or (old is not None and old.nonland), mana=mana_fact[0],
                             colors=mana_fact[1])


def _with(fact: HandFact | None, **changes) -> HandFact:
    return (fact or HandFact(False, None, frozenset()))._replace(**changes)


def _mana_left(game: Game, player: int) -> tuple[int, frozenset[str]]:
    """The mana `player` has untapped and the colors it makes."""
    s = game.state
    colors: set[str] = set()
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller == player and not o.tapped:
            colors |= H.made_colors(game.characteristics(oid))
    return H.untapped_mana(game, player), frozenset(colors)
