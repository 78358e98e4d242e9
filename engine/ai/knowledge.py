"""What a player may know (400.2: libraries and hands are hidden zones), and determinization: a copy
of the game in which every card the player cannot see is replaced by a card sampled from what is
consistent with what the player has seen.

The AI never reads a hidden card. Everything it simulates runs on a determinized copy, in which:
- its own library holds its deck list minus the cards it can see, in an order sampled from its own
  random generator (a player knows their deck list, not the order of their library);
- each opponent's hand and library (every opponent's, in a multiplayer game) hold cards sampled from
  that opponent's known deck list minus their cards in public zones, or, when that deck list is
  unknown, from the cards that opponent has shown (battlefield, graveyard, exile, stack, command zone)
  and basic lands of the colors they play, and for the search's playouts the cards of their colors among
  those every player may know of (the starter pool) for the spells not shown yet; each card of an opponent's hand
  takes a name that fits what the player has read of it (`HandFact`, engine.ai.reading), where one does;
- the game's own random generator is reseeded (the future shuffles are hidden too).

Hidden objects keep their ids (the ids of hidden cards are public: the snapshot shows them) and are
renamed in place through `GameState.writable`, so clones sharing them are untouched. Hidden ids are
taken in sorted order, so the true order of a library cannot leak through where a name lands.
Cards the pending decision shows to the player (a search of its library, Duress's look at a hand)
are visible for that decision and keep their names.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from itertools import accumulate
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, NamedTuple

from engine.core.cards import CardDef, card_def, default_pool, record_name
from engine.core.dungeons import DUNGEON_TEXT
from engine.core.enums import Zones
from engine.core.objects import GameObject
from engine.core.state import GameState, ResolveTask
from engine.core.rng import Rng
from engine.query.layers import changed_beyond_battlefield

if TYPE_CHECKING:
    from engine.game import Game


class HandFact(NamedTuple):
    """What a player has read of one card in an opponent's hand from how that opponent played (engine.ai.reading):
    - `nonland`: the card was in their hand at a pass of theirs in their own main phase with a land drop left (not a
      land the heuristic player plays, `fits`);
    - `not_named`: names it is not: spells that opponent, playing as the heuristic player does, would have cast where
      they passed priority with the card in their hand (engine.ai.reading `castable_names`);
    - `name`: the card was offered to the player by a decision (Duress)."""
    nonland: bool = False
    not_named: frozenset[str] = frozenset()
    name: str | None = None


def fits(fact: HandFact, name: str) -> bool:
    """Whether a card named `name` fits what `fact` says of the card."""
    if fact.name is not None:
        return name == fact.name
    if name in fact.not_named:
        return False
    d = card_def(name)
    # A land whose text isn't fully read is played by hand only (engine.ai.by_hand): passing with it says nothing.
    return not (fact.nonland and "Land" in d.types and not d.unsupported)


def payable(d: CardDef, sources: tuple[frozenset[str], ...]) -> bool:
    """Whether these mana sources, one mana each, pay `d`'s mana cost: each colored symbol by a source of its color, a
    hybrid one by a source of either color, {C} by a source of colorless mana, the rest by any (202.1; a Phyrexian
    symbol may be paid with life); a snow symbol is never counted as payable."""
    if d.mana_cost.mana_value > len(sources):
        return False
    needs: list[frozenset[str]] = []
    for sym in d.mana_cost.symbols:
        if sym == "S":
            return False
        parts = sym.split("/")
        if "P" in parts or any(p.isdigit() for p in parts):
            continue
        if all(p in "WUBRGC" and len(p) == 1 for p in parts):
            needs.append(frozenset(parts))
    return _match(needs, list(sources))


def _match(needs: list[frozenset[str]], sources: list[frozenset[str]]) -> bool:
    """Whether each need gets a source of its own that makes one of its colors (a search: a few of each)."""
    if not needs:
        return True
    first, rest = needs[0], needs[1:]
    for i, src in enumerate(sources):
        if first & src and _match(rest, sources[:i] + sources[i + 1:]):
            return True
    return False


BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
NEUTRAL = "Plains"      # stands in for a card nothing is known about


# Choices whose options are numbers, not objects: X, "choose a number", a mode by its index.
_NUMBER_CHOICES = frozenset({"number", "mode", "modes"})


def visible_now(game: "Game", viewer: int) -> set[int]:
    """Objects in hidden zones that the pending decision shows to `viewer`: the objects it offers. (Not the answers
    given earlier in the same resolution: they hold other players' choices, 101.4, and the resolution's own counts,
    numbers that can be any object's id.)"""
    d = game.pending
    if d is None or d.player != viewer or d.data.get("choice") in _NUMBER_CHOICES:
        return set()
    objects = game.state.objects
    return {x for x in d.options if isinstance(x, int) and not isinstance(x, bool) and x in objects}


def _a_card(o: GameObject) -> bool:
    """Whether the object is a card of its owner's deck: not a token, an ability or a copy of a spell, nor a dungeon
    card venturing brought in from outside the game (309.2), nor an emblem (114.1)."""
    return o.token is None and not o.is_ability and not o.spell_copy and o.name not in DUNGEON_TEXT \
        and not o.chosen.get("emblem")


def public_names(game: "Game", owner: int) -> Counter:
    """Names of `owner`'s cards (`_a_card`) in public zones (the command zone too, 408), face up."""
    s = game.state
    out: Counter = Counter()
    for oid in list(s.battlefield) + list(s.stack) + list(s.exile) + list(s.command) + list(s.players[owner].graveyard):
        o = s.objects[oid]
        if o.owner == owner and not o.face_down and _a_card(o):
            out[o.name] = out.get(o.name, 0) + 1        # (not `+= 1`: Counter's __missing__ is a Python call)
    return out


def own_deck(game: "Game", viewer: int) -> list[str]:
    """The viewer's deck list: every card it owns (a player knows their own deck list)."""
    return sorted(o.name for o in game.state.objects.values() if o.owner == viewer and _a_card(o))


def estimated_pool(game: "Game", player: int, size: int, shown: Counter | None = None,
                   unshown: bool = False) -> list[str]:
    """A guess at `player`'s unseen cards from what they have shown: basic lands of the colors of their lands, about
    two fifths of the pool, and their spells, each counted at least twice. `unshown`: with, standing for the spells
    not shown yet, the cards of their colors among those every player may know of (`prior_spells`), weighing
    together as much as `PRIOR_WEIGHT` shown copies (the more they have shown, the more the guess is made of it);
    without, the first determinizations of a game give them hands of lands alone. `shown`: their `public_names`, if
    read already."""
    if shown is None:
        shown = public_names(game, player)
    lands, spells, colors = _shown_cards(game, player, shown)
    if not lands:
        lands = [BASICS[c] for c in _colors_of(game, player)] or [NEUTRAL]
    prior = prior_spells(frozenset(colors)) if colors and unshown else ()
    if prior:
        # (weights in whole numbers: a shown copy weighs as many as there are unshown candidates)
        spells = [(name, n * len(prior)) for name, n in spells] + [(name, PRIOR_WEIGHT) for name in prior]
    out: list[str] = []
    n_lands = (size * 2 + 4) // 5 if spells else size
    for i in range(n_lands):
        out.append(lands[i % len(lands)])
    # Evenly spaced over the spells by weight: a name shown more often stands for more of the unseen spells,
    # whatever order the names were seen in.
    n_spells = size - n_lands
    total = sum(w for _, w in spells)
    ends = list(accumulate(w for _, w in spells))
    for i in range(n_spells):
        out.append(spells[bisect_right(ends, (i * total) // n_spells)][0])
    return out


def _shown_cards(game: "Game", player: int, shown: Counter) -> tuple[list[str], list[tuple[str, int]], set[str]]:
    """Of `player`'s cards in public zones (`shown`, their `public_names`): the lands' names (each copy), the spells'
    names each with its copies (at least 2), and the colors of their spells and of their lands' basic land types."""
    lands: list[str] = []
    spells: list[tuple[str, int]] = []
    colors: set[str] = set()
    named = _objects_by_name(game, player, shown)
    for name, n in shown.items():
        oid = named.get(name)
        ch = game.characteristics(oid) if oid is not None else None
        if ch is not None and ch.is_land:
            lands.extend([name] * n)
            colors.update(c for c, basic in BASICS.items() if basic in ch.subtypes)
        else:
            spells.append((name, max(n, 2)))
            if ch is not None:
                colors |= ch.colors
    return lands, spells, colors


def possible_spells(game: "Game", player: int, listed: list[str] | None = None) -> set[str]:
    """The names of nonland cards a determinization may give `player`'s hidden cards: those of their deck list where it
    is known (`listed`), else the spells they have shown and the cards of their colors among those every player may
    know of (`estimated_pool` with `unshown`)."""
    if listed is not None:
        return {name for name in listed if "Land" not in card_def(name).types}
    _, spells, colors = _shown_cards(game, player, public_names(game, player))
    return {name for name, _ in spells} | set(prior_spells(frozenset(colors)) if colors else ())


# What the spells not shown yet weigh in `estimated_pool`, in shown copies (a shown spell counts at least 2).
PRIOR_WEIGHT = 8


def prior_spells(colors: frozenset[str]) -> tuple[str, ...]:
    """The nonland cards of the starter pool (engine.core.cards.default_pool: the cards the project ships, which
    every player may know of, as they know the card pool they play from) all of whose colors are among `colors`
    (colorless ones too), by name."""
    pool = default_pool()
    key = (colors, id(pool), pool.changes)
    known = _PRIOR.get(key)
    if known is None:
        if len(_PRIOR) > 64:
            _PRIOR.clear()
        known = _PRIOR[key] = tuple(
            record_name(r) for r in pool.records()
            if "Land" not in (r.get("types") or ()) and set(r.get("colors") or ()) <= colors)
    return known


# prior_spells by colors and the state of the pool (one a test adds cards to and removes them from)
_PRIOR: dict[tuple, tuple[str, ...]] = {}


def _colors_of(game: "Game", player: int) -> list[str]:
    s = game.state
    colors: set[str] = set()
    for oid in s.battlefield:
        if s.objects[oid].controller == player:
            colors |= game.characteristics(oid).colors
    return sorted(colors)


def _objects_by_name(game: "Game", owner: int, names: Iterable[str]) -> dict[str, int]:
    """The first object (in the order of the game's objects) of each of these names that `owner` owns (the look stops
    once each is found)."""
    wanted = set(names)
    out: dict[str, int] = {}
    if not wanted:
        return out
    for oid, o in game.state.objects.items():
        if o.owner == owner and not o.is_ability and o.name in wanted and o.name not in out:
            out[o.name] = oid
            if len(out) == len(wanted):
                break
    return out


def _sample(pool: list[str], n: int, rng: Rng, fallback: list[str]) -> list[str]:
    # Seeded from the player's generator, shuffled by the standard library's (its Mersenne Twister is in C: this
    # runs for every decision the AI simulates).
    r = random.Random(rng.next_u64())
    pool = list(pool)
    _shuffle(r, pool)
    if len(pool) >= n:
        return pool[:n]
    extra = fallback or [NEUTRAL]
    return pool + [extra[r.randrange(len(extra))] for _ in range(n - len(pool))]


def _shuffle(r: random.Random, x: list) -> None:
    """random.Random.shuffle, the same swaps from the same draws (Python 3.11's: each index below i + 1 drawn by
    rejection from getrandbits, `_randbelow_with_getrandbits`), with the draw written out here: the method call for
    each card was most of a determinization's shuffling."""
    getrandbits = r.getrandbits
    for i in reversed(range(1, len(x))):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _unordered_library(player, shown: set[int], keep_order: bool) -> list[int]:
    """Puts the player's hidden library cards in id order (their real order is hidden) and returns
    them; cards the pending decision shows keep their places. During a resolution (`keep_order`) the
    engine may be holding on to library positions, so the order is left alone: the names sampled
    for the positions hide what is where."""
    if not keep_order:
        hidden = iter(sorted(x for x in player.library if x not in shown))
        player.library[:] = [x if x in shown else next(hidden) for x in player.library]
    return [x for x in player.library if x not in shown]


class RenamedCopies:
    """The copies of hidden objects under sampled names, kept from one determinization of a game to the
    next (renaming a library's cards copies each one: most of a determinization's cost otherwise). A
    copy is reused while its hidden object is the same object: a change to an object a copy of the game
    shares is made on a copy of it (`GameState.writable`), so the same object has the same values.
    The copies are shared by the determinized games as their hidden objects are, each copying one
    before changing it."""

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[GameObject, dict[str, GameObject]]] = {}

    def rename(self, s: GameState, ids: Iterable[int], names: list[str], renamed: list[int]) -> None:
        objects = s.objects
        by_id = self._by_id
        known_of = by_id.get         # bound once: this runs for every hidden card of every determinization
        add = renamed.append
        for oid, name in zip(ids, names):
            o = objects[oid]
            if o.name == name:
                continue
            known = known_of(oid)
            if known is None or known[0] is not o:
                known = by_id[oid] = (o, {})
            copies = known[1]
            copy = copies.get(name)
            if copy is None:
                copy = copies[name] = o.copy()
                copy.name = name
            objects[oid] = copy
            add(oid)
        s.shared.update(renamed)


def _rename(game: "Game", ids: Iterable[int], names: list[str], renamed: list[int],
            copies: RenamedCopies | None) -> None:
    if copies is not None:
        copies.rename(game.state, ids, names, renamed)
        return
    s = game.state
    for oid, name in zip(ids, names):
        if s.objects[oid].name != name:
            s.writable(oid).name = name
            renamed.append(oid)


# Counter of a deck list, by id of the list (held, with a copy to tell a list changed since): a player's deck
# list is the same at each of its determinizations.
_DECK_COUNTS: dict[int, tuple[list[str], list[str], Counter]] = {}


def _counted(deck: list[str]) -> Counter:
    """Counter(deck), never changed by the caller."""
    known = _DECK_COUNTS.get(id(deck))
    if known is None or known[0] is not deck or known[1] != deck:
        if len(_DECK_COUNTS) > 64:
            _DECK_COUNTS.clear()
        known = _DECK_COUNTS[id(deck)] = (deck, list(deck), Counter(deck))
    return known[2]


def determinize(game: "Game", viewer: int, rng: Rng, deck: list[str] | None = None,
                opponent_decks: Mapping[int, list[str]] | None = None, copies: RenamedCopies | None = None,
                unshown: bool = False, read: Mapping[int, HandFact] | None = None) -> "Game":
    """A copy of `game` consistent with what `viewer` knows, hidden cards sampled with `rng`. Each
    opponent's hidden cards are sampled from what that opponent has shown (or from their deck list in
    `opponent_decks`, by seat, when it is known): in a multiplayer game (806) every opponent's hand and
    library is determinized, each from their own cards. `copies`: renamed objects kept from the
    determinizations of the same game before."""
    g = game.clone()
    s = g.state
    # 315.7, 702.106b: which conspiracy an opponent keeps face down, and the names chosen for it, are hidden (its
    # abilities don't work face down, 315.5b): the copy has none.
    hidden_agendas = [x for x in s.command if s.objects[x].face_down and s.objects[x].owner != viewer]
    for oid in hidden_agendas:
        s.command.remove(oid)
        del s.objects[oid]
        s.shared.discard(oid)
    shown = visible_now(game, viewer)
    me = s.players[viewer]
    deck = deck if deck is not None else own_deck(game, viewer)
    # Own library: the deck list minus every own card the viewer can see.
    seen_own = Counter(o.name for o in s.objects.values() if o.owner == viewer and o.token is None
                       and not o.is_ability and not o.spell_copy and (o.zone is not Zones.LIBRARY or o.id in shown))
    resolving = isinstance(game.state.task, ResolveTask)
    hidden_own = _unordered_library(me, shown, resolving)
    # (Counter's `-` then `elements()`, written out: the deck's names in its order, each as often as it is unseen)
    own_pool = [name for name, n in _counted(deck).items() for _ in range(n - seen_own.get(name, 0))]
    renamed: list[int] = []
    _rename(g, hidden_own, _sample(own_pool, len(hidden_own), rng, deck), renamed, copies)
    face_down = _face_down_of_others(g, viewer)
    for opp in s.opponents(viewer):
        op = s.players[opp]
        in_hand = sorted(x for x in op.hand if x not in shown)
        hidden = in_hand + _unordered_library(op, shown, resolving) + face_down.get(opp, [])
        if not hidden:
            continue
        public = public_names(game, opp)
        listed = (opponent_decks or {}).get(opp)
        if listed is not None:
            known = public + Counter(s.objects[x].name for x in shown if s.objects[x].owner == opp)
            pool = list((Counter(listed) - known).elements())
            fallback = listed
        else:
            pool = estimated_pool(game, opp, len(hidden), public, unshown)
            fallback = pool
        names = _sample(pool, len(hidden), rng, fallback)
        if read:
            left = pool if listed is not None else None
            _fit_hand(names, [read.get(x) for x in in_hand], rng, lambda: sorted(possible_spells(game, opp, left)))
        _rename(g, hidden, names, renamed, copies)
    s.rng = Rng(rng.next_u64())
    _forget_renamed(g, renamed)
    return g


def _face_down_of_others(g: "Game", viewer: int) -> dict[int, list[int]]:
    """The face-down cards in exile and on the battlefield that `viewer` may not look at, by owner, in id order: an
    opponent's foretold card (702.143a), a face-down permanent `viewer` doesn't control (708.5)."""
    s = g.state
    out: dict[int, list[int]] = {}
    for oid in sorted([*s.exile, *s.battlefield]):
        o = s.objects[oid]
        if o.face_down and o.owner != viewer and o.controller != viewer and o.token is None:
            out.setdefault(o.owner, []).append(oid)
    return out


def _fit_hand(names: list[str], facts: list[HandFact | None], rng: Rng, spells: Callable[[], list[str]]) -> None:
    """Makes the names sampled for an opponent's hand (the first `len(facts)` of `names`, the rest their library's)
    fit what was read of each card: a name that doesn't is swapped with one of the library's that does, drawn with
    `rng` (the library keeps a random order), else replaced by one of the spells they might hold (`spells()`) that
    does; a card known by name takes it (from the library where it is there); a name stays if nothing fits."""
    r: random.Random | None = None
    others: list[str] | None = None
    for k, fact in enumerate(facts):
        if fact is None or fits(fact, names[k]):
            continue
        fitting = [j for j in range(len(facts), len(names)) if fits(fact, names[j])]
        r = r or random.Random(rng.next_u64())
        if fitting:
            j = fitting[r.randrange(len(fitting))]
            names[k], names[j] = names[j], names[k]
        elif fact.name is not None:
            names[k] = fact.name
        else:
            others = spells() if others is None else others
            fit = [name for name in others if fits(fact, name)]
            if fit:
                names[k] = fit[r.randrange(len(fit))]


def with_hand(game: "Game", player: int, names: list[str]) -> "Game":
    """A copy of `game` in which `player`'s hand cards, in the order of their ids, take these names."""
    g = game.clone()
    renamed: list[int] = []
    _rename(g, sorted(g.state.players[player].hand), names, renamed, None)
    _forget_renamed(g, renamed)
    return g


def _forget_renamed(g: "Game", renamed: list[int]) -> None:
    """Drops the derived values the renaming made stale. Unless a characteristic can read the hands and libraries
    (engine.query.layers.changed_beyond_battlefield), only the renamed cards' own characteristics changed: the other
    derived values the copy kept (those of the battlefield, its trigger watchers, the state-based actions' facts
    ...: no renamed card is on the battlefield, in a graveyard, in exile or on the stack) stay, so that the
    simulations on the copy start warm."""
    s = g.state
    changed_beyond_battlefield(s, zones=(Zones.HAND, Zones.LIBRARY))
    chars = s.cache.get("chars")
    if chars:
        for oid in renamed:
            chars.pop(oid, None)
    # Each card of a game has its record in the game (`GameState.cards`, the clone's own dict): "choose a card name"
    # offers the names of the chooser's own cards by their records (201.3), none if a guessed name had none.
    cards = s.cards
    for oid in renamed:
        if s.objects[oid].name not in cards:
            g.use_card(s.objects[oid].name)

