"""Static abilities that say a player can't cast spells (101.2: a "can't" beats a "can"), and the legendary instant or
sorcery rule (205.4e: only while its caster controls a legendary creature or planeswalker): "Creature spells
can't be cast" (Aether Storm), "You can't cast creature spells" (Grid Monitor), "Your opponents can't cast
spells of the chosen color" (Iona), "You can't play lands or cast spells from your hand" (Experimental Frenzy: lands
too, `land_play_forbidden`), "Each player can't cast more than one spell each turn" (Arcane
Laboratory: the spells cast earlier this turn count, whenever it entered), a resolved spell's "Target player can't
cast spells this turn" (a `cant_cast` effect in the state), and a card's own "Cast ~ only during combat"; and the
permissions to cast as though with flash: "You may cast Spirit spells as though they had flash", "~ has flash as long
as you control a Merfolk", "The next sorcery spell you cast this turn can be cast as though it had flash" (a
`next_spell` effect). Read before a spell is proposed (601.2: a spell that can't be cast is never put on the stack),
by the casting procedure and the legal actions."""
from __future__ import annotations

from engine.core.abilities import Filter
from engine.core.enums import Zone
from engine.core.state import GameState
from engine.query import amounts
from engine.query.layers import Characteristics, characteristics, filter_from_json, matches_ch, player_statics_from


def _cast_this_turn(state: GameState, player: int, flt: Filter | None) -> int:
    """The spells this player cast this turn that match a filter of card types (the cast log keeps them)."""
    return sum(1 for cast in state.turn_log.get("casts", ()) if cast["player"] == player and (
        flt is None or ((not flt.types or bool(flt.types & set(cast["types"])))
                        and not flt.not_types & set(cast["types"]))))


def cast_forbidden(state: GameState, player: int, oid: int, ch: Characteristics) -> str | None:
    """Why this player can't cast this card (with `ch` the characteristics of the face cast), or None.
    The card's own "Cast ~ only during combat" (601.3) is one such rule."""
    for st in ch.static:
        if st.kind == "cast_only" and not amounts.check_condition_static(state, state.objects[oid], st.condition):
            return f"{ch.name}: {st.text or 'it can be cast only at certain times'} (601.3)"
    if "Legendary" in ch.supertypes and ch.types & {"Instant", "Sorcery"} and not _controls_legendary_hero(state, player):
        return f"{ch.name}: a legendary instant or sorcery can be cast only while you control a legendary creature " \
               "or planeswalker (205.4e)"
    for src, st in player_statics_from(state, player, "cant_cast"):
        params = dict(st.params)
        if not _from_zone(params, state.objects[oid].zone):
            continue
        flt: Filter | None = params.get("spells")
        if flt is not None and not matches_ch(state, state.objects[oid], ch, flt, src.controller, src.id):
            continue
        limit = params.get("limit")
        if limit is not None and _cast_this_turn(state, player, flt) < limit:
            continue
        return f"{characteristics(state, src.id).name}: {st.text or 'spells like it cannot be cast'} (101.2)"
    for e in state.effects:
        # "Target player can't cast spells this turn": a resolved spell's or ability's prohibition on that player
        if e.params["kind"] == "cant_cast" and e.params.get("of_player") == player and \
                matches_ch(state, state.objects[oid], ch, filter_from_json(e.params["filter"]), e.controller, None):
            return "an effect says spells like it can't be cast this turn (101.2)"
    return None


def _from_zone(params: dict, zone: Zone) -> bool:
    """Whether a prohibition's zone ("from your hand": "hand"; "from anywhere other than their hands": "not_hand")
    covers a card in this zone (601.2a, 305.1); a prohibition without one covers every zone."""
    where = params.get("from")
    return where is None or (zone is Zone.HAND) == (where == "hand")


def land_play_forbidden(state: GameState, player: int, oid: int) -> str | None:
    """Why this player can't play this land card, or None: "Players can't play lands" (Worms of the Earth), "You
    can't play lands or cast spells from your hand" (Experimental Frenzy); 101.2: the prohibition beats a
    permission to play it."""
    for src, st in player_statics_from(state, player, "cant_play_lands"):
        if _from_zone(dict(st.params), state.objects[oid].zone):
            return f"{characteristics(state, src.id).name}: {st.text or 'lands cannot be played'} (101.2)"
    return None


def next_spell_rules(state: GameState, player: int, oid: int, ch: Characteristics, rule: str) -> list:
    """The effects "the next sorcery spell you cast this turn can be cast as though it had flash" / "... can't be
    countered" (`rule` "flash" / "cant_be_countered") of this player that a spell like this one would use up."""
    return [e for e in state.effects if e.params["kind"] == "next_spell" and e.params["rule"] == rule
            and e.params.get("of_player") == player
            and matches_ch(state, state.objects[oid], ch, filter_from_json(e.params["filter"]), e.controller, None)]


def _controls_legendary_hero(state: GameState, player: int) -> bool:
    for oid in state.battlefield:
        c = characteristics(state, oid)
        if state.objects[oid].controller == player and "Legendary" in c.supertypes and \
                (c.is_creature or "Planeswalker" in c.types):
            return True
    return False


def cast_as_though_flash(state: GameState, player: int, oid: int, ch: Characteristics) -> bool:
    """Whether a static ability lets this player cast this card as though it had flash ("You may cast Spirit
    spells as though they had flash", 601.3b), by the characteristics of the face cast; or the card's own "~ has
    flash as long as you control a Merfolk", its condition met as the casting begins (601.3d, 601.5a)."""
    obj = state.objects[oid]
    if ch.static and any(st.kind == "flash_if" and amounts.check_condition_static(state, obj, st.condition)
                         for st in ch.static):
        return True
    if next_spell_rules(state, player, oid, ch, "flash"):
        return True         # "the next sorcery spell you cast this turn can be cast as though it had flash"
    if state.effects and any(e.params["kind"] == "flash_for" and e.params.get("of_player") == player
                             and matches_ch(state, obj, ch, filter_from_json(e.params["filter"]), e.controller, None)
                             for e in state.effects):
        return True         # "you may cast creature spells this turn as though they had flash" (Winding Canyons)
    return any(matches_ch(state, state.objects[oid], ch, dict(st.params)["spells"], src.controller, src.id)
               for src, st in player_statics_from(state, player, "flash_for"))
