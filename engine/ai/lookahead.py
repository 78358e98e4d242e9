"""The copies a decision's options are simulated on, determinized only when a simulation needs it.

A determinization (engine.ai.knowledge) draws every hidden card again (400.2: hands and libraries are hidden
zones): most of a simulation's cost besides the engine's. Most simulations never look at a hidden card (a creature
cast and resolved, a removal spell, a combat): run on a plain copy of the game, they come out as they would on any
determinized one. So each option is first simulated on a plain copy and the result checked: it is kept only if
the simulation touched nothing hidden (`LazyDeterminization._untouched`: no card left or entered a library, none
left an opponent's hand, none of their cards was changed or had its characteristics computed
(engine.query.layers.READ_WATCH), no decision offered one, the game's random generator was not used). The first
simulation that did touch a hidden card is run again on a determinized copy, and so is every one after it in the
decision. A card or ability whose text looks at, moves or reorders hidden cards (`hidden_instructions`: a draw, a
search, a discard, a scry ...) is simulated on the determinized copy at once. The result a player acts on never depends on a card it cannot see; what changes is only
how often the player's generator is drawn from (over the 30 speed games: 160 determinizations instead of ~470, 17
simulations made twice).
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any, Callable

from engine.ai.knowledge import visible_now
from engine.ai.simulate import Policy, simulate
from engine.core import effect_types as E
from engine.core import player_actions as A
from engine.query.layers import READ_WATCH, battlefield_reads_anything
from engine.query.stack_abilities import ability_of

if TYPE_CHECKING:
    from engine.game import Game


# Instructions that look at, move or reorder cards in a library or a hand (or use the game's random generator): a
# simulation of a card or ability holding one is made on the determinized copy at once (`hidden_instructions`).
_HIDDEN_INSTRUCTIONS = (
    E.Draw, E.Discard, E.Mill, E.SearchLibrary, E.Scry, E.LookAtTop, E.LookAndReorder, E.RevealTop, E.RevealUntil,
    E.RevealHand, E.RevealFromHand, E.MoveRevealed, E.LookAtHand, E.Shuffle, E.ShuffleIntoLibrary, E.PutOnLibrary,
    E.PutFromHandOnLibrary, E.PutFromHand, E.ExileFromHand, E.CastFromHand, E.UnlessDiscard, E.Explore, E.Connive,
    E.Clash, E.Learn, E.Manifest, E.Cascade, E.Ripple, E.Venture, E.SeparatePiles, E.ReplaceNextDraw, E.FlipCoin,
    E.RollDie)

# hidden_instructions by the text examined (held, with the answer)
_KNOWN: dict[int, tuple[Any, bool]] = {}


def hidden_instructions(text: Any) -> bool:
    """Whether a piece of a card's text (a spell ability, an activated or triggered ability, a tuple of them, costs)
    holds an instruction of `_HIDDEN_INSTRUCTIONS` anywhere."""
    known = _KNOWN.get(id(text))
    if known is None or known[0] is not text:
        if len(_KNOWN) > 4096:
            _KNOWN.clear()
        known = _KNOWN[id(text)] = (text, _holds(text))
    return known[1]


def _holds(x: Any) -> bool:
    if isinstance(x, _HIDDEN_INSTRUCTIONS):
        return True
    if isinstance(x, (tuple, list)):
        return any(_holds(y) for y in x)
    if is_dataclass(x) and not isinstance(x, type):
        return any(_holds(getattr(x, f.name)) for f in fields(x))
    return False


def _texts_of(game: "Game", action: A.Action) -> list[Any]:
    """The text an action's simulation carries out first: of a card cast, its spell ability, additional costs and
    triggered abilities (its enters trigger); of an ability activated, that ability; of what is on the stack (a pass
    lets it resolve), a spell's whole card and an ability's own text; of the attackers and blockers declared, their
    triggered abilities."""
    if isinstance(action, A.CastSpell):
        d = game.characteristics(action.card).definition
        return [d.spell, d.costs, d.triggered]
    if isinstance(action, A.ActivateAbility):
        abilities = game.characteristics(action.source).activated
        return [abilities[action.index] if 0 <= action.index < len(abilities) else abilities]
    if isinstance(action, A.PassPriority):
        s = game.state
        # An ability on the stack carries out its own text (the monarch's has no card behind it, 725.2)
        return [ability_of(game, s.objects[x]) if s.objects[x].is_ability else game.characteristics(x).definition
                for x in s.stack]
    if isinstance(action, A.DeclareAttackers):
        return [game.characteristics(x).triggered for x in action.attacks]
    if isinstance(action, A.DeclareBlockers):
        return [game.characteristics(x).triggered
                for x in [*action.blocks, *(a for atts in action.blocks.values() for a in atts)]]
    return []


class _Watched:
    """A policy that notes whether a decision it answered offered a hidden card (a look at a library, a discard)."""
    __slots__ = ("policy", "hidden", "saw")

    def __init__(self, policy: Policy, hidden: dict) -> None:
        self.policy = policy
        self.hidden = hidden
        self.saw = False

    def choose(self, game: "Game") -> A.Action:
        d = game.pending
        if not self.saw and any(isinstance(x, int) and x in self.hidden for x in d.options or ()):
            self.saw = True
        return self.policy.choose(game)


class LazyDeterminization:
    """Simulates a decision's options (`simulate`) on a plain copy of `game` while each leaves the hidden cards of
    `viewer`'s view untouched, else on the determinized copy `determinized()` makes (made once, on the first need).
    A decision that shows hidden cards (`visible_now`), an opponent's face-down card in the command zone (315.7), or
    a permanent's characteristic that may read a hand or a library (`battlefield_reads_anything`) is always
    determinized;
    `lazy=False`: always (the determinized copy made at the first simulation)."""
    __slots__ = ("game", "viewer", "policy", "determinized", "det", "plain", "plain_ok", "lazy", "hidden", "hands",
                 "rng", "watch")

    def __init__(self, game: "Game", viewer: int, policy: Policy, determinized: Callable[[], "Game"],
                 lazy: bool = True) -> None:
        self.game = game
        self.viewer = viewer
        self.policy = policy
        self.determinized = determinized
        self.lazy = lazy        # until the plain copy is allowed (at the first simulation) or given up
        self.det: "Game | None" = None
        self.plain_ok = False   # the options may be simulated on a plain copy (`_plain`)
        self.plain: "Game | None" = None        # that copy, made at the first simulation on it

    def simulate(self, action: A.Action, through_combat: bool = False, last: bool = False) -> "Game | None":
        """engine.ai.simulate.simulate of `action` on the plain copy if that touches no hidden card, else on the
        determinized copy (`last`: the decision's last simulation, played on the copy in place)."""
        if self.lazy:
            self.lazy = False
            self.plain_ok = self._plain()
        if self.plain_ok and not any(hidden_instructions(t) for t in _texts_of(self.game, action)):
            if self.plain is None:
                self.plain = self._plain_copy()
            outer = READ_WATCH.ids, READ_WATCH.seen
            READ_WATCH.ids, READ_WATCH.seen = self.hidden, False
            try:
                g = simulate(self.plain, action, self.watch, through_combat, last,
                             again=self._plain_copy if last else None)
                read = READ_WATCH.seen
            finally:
                READ_WATCH.ids, READ_WATCH.seen = outer
            if g is not None and not read and self._untouched(g):
                return g
            self.plain_ok, self.plain = False, None     # this one and those after it: on the determinized copy
        elif last:
            self.plain_ok, self.plain = False, None
        if self.det is None:
            self.det = self.determinized()
        return simulate(self.det, action, self.policy, through_combat, last)

    def _plain(self) -> bool:
        """Whether the options may be simulated on a plain copy (what they must leave untouched noted)."""
        game, viewer = self.game, self.viewer
        s = game.state
        if battlefield_reads_anything(s) or any(s.objects[x].face_down and s.objects[x].owner != viewer
                                                for x in s.command):
            return False
        hidden = {x for p in s.players for x in p.library}
        self.hands = [(i, frozenset(s.players[i].hand)) for i in s.opponents(viewer)]
        for _, hand in self.hands:
            hidden |= hand
        if not hidden.isdisjoint(visible_now(game, viewer)):
            return False
        self.hidden = hidden
        self.rng = s.rng.state
        self.watch = _Watched(self.policy, hidden)
        return True

    def _plain_copy(self) -> "Game":
        """A copy of the game as it is, without the characteristics of the hidden cards computed: a simulation reading
        one computes it (READ_WATCH)."""
        plain = self.game.clone()
        chars = plain.state.cache.get("chars")
        if chars:
            for x in self.hidden.intersection(chars):
                del chars[x]
        return plain

    def _untouched(self, g: "Game") -> bool:
        s, real = g.state, self.game.state
        if self.watch.saw or s.rng.state != self.rng:
            return False
        for p, q in zip(s.players, real.players):
            if p.library != q.library:
                return False
        for i, hand in self.hands:
            if not hand.issubset(s.players[i].hand):
                return False        # (a card the opponent is given, a creature bounced, is no hidden card)
        # A change to a hidden card is made on a copy of it, no longer shared with the game (`GameState.writable`).
        return self.hidden <= s.shared
