"""The colors "one mana of any color ..." can be, read from the board: the colors a land an opponent controls, a
land you control or a basic land you control could produce (106.7) and the colors of a player's commander's
color identity (903.4)."""
from __future__ import annotations

from engine.core.effect_types import (BOARD_COLORS, CHOSEN_COLOR, IDENTITY_COLOR, OPPONENT_LANDS_COLOR,
                                      YOUR_BASICS_COLOR, YOUR_LANDS_COLOR, YOUR_LANDS_TYPE)
from engine.core.enums import COLOR_ORDER
from engine.core.state import GameState
from engine.core.abilities import Filter
from engine.query.layers import characteristics, matches_ch


def board_colors(state: GameState, player: int, letter: str, seen: frozenset[tuple[str, int]] = frozenset()) -> str:
    """The colors (WUBRG letters) `letter` stands for when `player` adds it, and C for "any type" when a land could
    produce colorless mana (106.7). `seen`: the letters being read further up, so that two lands that each ask the
    other's lands produce nothing more (106.7)."""
    if letter == IDENTITY_COLOR:
        return identity_colors(state, player)
    if letter not in (OPPONENT_LANDS_COLOR, YOUR_LANDS_COLOR, YOUR_BASICS_COLOR, YOUR_LANDS_TYPE) \
            or (letter, player) in seen:
        return ""
    seen = seen | {(letter, player)}
    found: set[str] = set()
    for oid in state.battlefield:
        o = state.objects[oid]
        if (o.controller == player) == (letter == OPPONENT_LANDS_COLOR):
            continue
        ch = characteristics(state, oid)
        if not ch.is_land or (letter == YOUR_BASICS_COLOR and "Basic" not in ch.supertypes):
            continue
        for ab in ch.activated:
            if not ab.is_mana_ability:
                continue
            # 106.7: what each of its mana abilities would add, whether or not its costs could be paid
            for option in ab.mana_options:
                for c in option:
                    if c == "A":
                        found.update(COLOR_ORDER)
                    elif c == CHOSEN_COLOR:
                        found.update(o.chosen.get("color", ""))
                    elif c in BOARD_COLORS:
                        found.update(board_colors(state, o.controller, c, seen))
                    else:
                        found.add(c)
    types = COLOR_ORDER + "C" if letter == YOUR_LANDS_TYPE else COLOR_ORDER
    return "".join(c for c in types if c in found)


def permanent_colors(state: GameState, player: int, flt: Filter, source_id: int | None) -> str:
    """The colors (WUBRG letters, 105.1) among the permanents `flt` finds for `player`: "for each color among
    permanents you control, add one mana of that color"."""
    found: set[str] = set()
    for oid in state.battlefield:
        ch = characteristics(state, oid)
        if matches_ch(state, state.objects[oid], ch, flt, player, source_id):
            found.update(ch.colors)
    return "".join(c for c in COLOR_ORDER if c in found)


def identity_colors(state: GameState, player: int) -> str:
    """903.4, 903.4a: the color identity of `player`'s commanders, as their cards were when the game began;
    none without a commander (903.4f)."""
    if state.commander is None:
        return ""
    ids = set(state.commander.commanders_of(player))
    found: set[str] = set()
    for o in state.objects.values():
        if o.card_id in ids and not o.is_ability:
            found.update((state.cards.get(o.name) or {}).get("colorIdentity") or ())
    return "".join(c for c in COLOR_ORDER if c in found)
