"""Casting a spell as an effect, during the resolution of another spell or ability (608.2g): "you may cast it
without paying its mana cost" (cascade 702.85a, rebound 702.88a, suspend 702.62a), "you may cast it by paying
[cost]" (madness 702.35a, miracle 702.94a).

The handlers make the choice (cast or not) like every effect, before anything changes; a card to cast is
queued in the turn log (`CAST_NOW`), and the cast itself (601.2, its targets, modes and costs asked as any
cast asks them) is started by engine.rules.casting.start_queued_cast as soon as the resolution is done, with
no priority in between: the spell is then the topmost object of the stack, as 608.2g puts it. A cast that
isn't made (the player backs out, or the spell can't be cast) leaves the card where the effect says."""
from __future__ import annotations

from typing import Any

from engine.board.damage import remove_counters
from engine.board.replacement import entered_battlefield
from engine.board.zones import begin_simultaneous_event, create_object, enter_attacking, move
from engine.core.effect_types import (Cascade, CastCard, CastFromHand, Encode, EnterAttacking, ExileTop, MayPlayExiled,
                                      PlayLinked, Ripple, SuspendTick)
from engine.core.enums import Zones
from engine.core.events import Event
from engine.effects.delayed_triggers import create_delayed, followed_objects
from engine.effects.entering import enter_choices
from engine.effects.resolution import Resolution
from engine.effects.turn_structure import land_plays
from engine.query.amounts import REVEALED
from engine.query.layers import characteristics, definition_of, matches_ch

# The turn log's queue of casts an effect allowed, started once its resolution is done:
# [{"player", "card", "way", "if_not"}].
CAST_NOW = "cast_now"
# Where a card the player doesn't cast goes (702.35a madness: its owner's graveyard; 702.85a cascade: the
# bottom of its owner's library; "": it stays where it is).
IF_NOT_CAST = {"graveyard": (Zones.GRAVEYARD, True), "bottom": (Zones.LIBRARY, False)}


def queue_cast(state, player: int, card: int, way: str, if_not: str = "") -> None:
    state.turn_log.setdefault(CAST_NOW, []).append({"player": player, "card": card, "way": way, "if_not": if_not})


# A hidden card offered to cast from exile (hideaway, 702.75a) that isn't cast stays there face down.
FACE_DOWN_AGAIN = "face_down"


def not_cast(game, card: int, if_not: str) -> None:
    """The card an effect offered to cast wasn't cast: it goes where the effect says."""
    s = game.state
    if if_not == FACE_DOWN_AGAIN and card in s.objects and s.objects[card].zone is Zones.EXILE:
        s.writable(card).face_down = True
        s.invalidate()
    elif if_not in IF_NOT_CAST and card in s.objects:
        zone, top = IF_NOT_CAST[if_not]
        move(game, card, zone, top=top, cause="not_cast")


def _offer(res: Resolution, player: int, oid: int, way: str) -> bool:
    name = characteristics(res.state, oid).name
    prompt = f"Cast {name} without paying its mana cost?" if way in FREE_WAYS else f"Cast {name} for its {way} cost?"
    return res.ask_yes_no(f"cast.{oid}", player, prompt)


# The ways of casting without paying the mana cost: "free", and suspend's (whose creature gains haste, 702.62a).
FREE_WAYS = frozenset({"free", "suspend"})


def _cast_card(res: Resolution, e: CastCard) -> None:
    chosen: list[tuple[int, bool]] = []
    for oid in followed_objects(res, e.what):
        o = res.state.objects[oid]
        if o.zone not in (Zones.EXILE, Zones.HAND, Zones.GRAVEYARD):
            continue
        chosen.append((oid, _offer(res, res.controller, oid, e.way)))
    for oid, cast in chosen:
        if cast and e.copy:
            queue_cast(res.state, res.controller, _card_copy(res, oid), e.way)
        elif cast:
            queue_cast(res.state, res.controller, oid, e.way, e.if_not)
        else:
            not_cast(res.game, oid, e.if_not)


def _play_linked(res: Resolution, e: PlayLinked) -> None:
    """The card a linked ability of the source exiled (607.2a; face down for hideaway, but its controller may look at
    it, 702.75a) is played as the ability resolves (608.2g): a land only on the player's turn with a land play left
    (305.2b, 305.3), and it uses one (305.2a); another card is cast without paying its mana cost, turned face up as it
    is. Every choice is made before anything changes (the handler is re-entered after each)."""
    s, player = res.state, res.controller
    plays_left = land_plays(res.game, player) - s.players[player].lands_played if s.active == player else 0
    chosen: list[tuple[int, bool]] = []
    for oid in [o for o in s.exile if s.objects[o].chosen.get("exiled_by") == res.source_card_id]:
        d = definition_of(s.objects[oid])          # the card itself, face down or not: its controller may see it
        land = "Land" in d.types
        if land and plays_left <= 0:
            continue
        if res.ask_yes_no(f"play.{oid}", player, f"{'Play' if land else 'Cast'} {d.name} without paying its mana cost?"):
            chosen.append((oid, land))
            plays_left -= land
    entering = {oid: enter_choices(res, oid, player) for oid, land in chosen if land and not s.objects[oid].face_down}
    for oid, land in chosen:
        hidden = s.objects[oid].face_down
        s.writable(oid).face_down = False
        if not land:
            # turned up to be cast; a cast refused or backed out of (733) leaves it hidden again
            queue_cast(s, player, oid, "free", FACE_DOWN_AGAIN if hidden else "")
            continue
        enters = entering.get(oid) or enter_choices(res, oid, player)
        name = characteristics(s, oid).name
        s.players[player].lands_played += 1
        begin_simultaneous_event(s)
        new = move(res.game, oid, Zones.BATTLEFIELD, controller=player, cause="play", copy_of=enters.get("copy_of"),
                   chosen=enters.get("chosen"))
        entered_battlefield(res.game, new)
        res.game.emit(Event("play_land", {"player": player, "object": new, "name": name},
                            f"{s.players[player].name} plays {name}"))


def _cast_from_hand(res: Resolution, e: CastFromHand) -> None:
    """ "You may cast a <spell> from your hand without paying its mana cost" (608.2g): up to one card of the
    kind, chosen now and cast as soon as the resolution is done; a land card is played, never cast (305.9)."""
    s = res.state
    player = res.controller
    options = [oid for oid in s.players[player].hand
               if not (ch := characteristics(s, oid)).is_land and matches_ch(s, s.objects[oid], ch, e.filter, player, None)]
    pick = res.ask("cast_from_hand", player, "Choose a spell to cast without paying its mana cost", options, 0, 1,
                   "cast")
    if pick:
        queue_cast(s, player, pick[0], "free")


def _card_copy(res: Resolution, oid: int) -> int:
    """707.12: a copy of a card, to be cast: a new object where the card is, under the caster's control; it
    ceases to exist once it leaves the stack (704.5e)."""
    o = res.state.objects[oid]
    copy = create_object(res.game, o.name, res.controller, Zones.EXILE)
    copy.spell_copy = True
    return copy.id


def _encode(res: Resolution, e: Encode) -> None:
    """702.99a: "you may exile this card encoded on a creature you control" (a copy isn't a card: it stays)."""
    s = res.state
    so = s.objects.get(res.stack_id) if res.stack_id is not None else None
    if so is None or so.zone is not Zones.STACK or so.spell_copy:
        return
    creatures = [oid for oid in s.battlefield
                 if s.objects[oid].controller == res.controller and characteristics(s, oid).is_type("Creature")]
    name = characteristics(s, so.id).name
    pick = res.ask("encode", res.controller, f"Cipher: exile {name} encoded on a creature you control?", creatures,
                   0, 1, "encode")
    if pick:
        new = move(res.game, so.id, Zones.EXILE, cause="cipher")
        if new is not None:
            s.writable(new).chosen["encoded_on"] = pick[0]


def _cascade(res: Resolution, e: Cascade) -> None:
    s = res.state
    _, value = _spell_name(res)
    player = res.controller
    exiled: list[int] = []
    hit = None
    for oid in reversed(s.players[player].library):      # from the top
        exiled.append(oid)
        ch = characteristics(s, oid)
        if not ch.is_land and ch.mana_value < value:
            hit = oid
            break
    cast = hit is not None and _offer(res, player, hit, "free")
    moved = [move(res.game, oid, Zones.EXILE, cause="cascade") for oid in exiled]
    res.game.emit(Event("cascade", {"player": player, "cards": moved},
                        f"{s.players[player].name} cascades: {len(moved)} card{'s' if len(moved) != 1 else ''} exiled"))
    found = moved[-1] if hit is not None else None
    rest = [oid for oid in moved if oid is not None and (oid != found or not cast)]
    s.rng.shuffle(rest)                   # the bottom of the library in a random order
    for oid in rest:
        move(res.game, oid, Zones.LIBRARY, top=False, cause="cascade")
    if cast and found is not None:
        queue_cast(s, player, found, "free", "bottom")


def _spell_name(res: Resolution) -> tuple[str, int]:
    """The name and mana value of the spell a cast trigger is about (it may have left the stack)."""
    s = res.state
    spell = res.event.get("object")
    if isinstance(spell, int) and spell in s.objects:
        ch = characteristics(s, spell)
        return ch.name, ch.mana_value
    lki = s.lki.get(str(spell)) or {}
    return lki.get("name", ""), lki.get("mana_value", 0)


def _ripple(res: Resolution, e: Ripple) -> None:
    s = res.state
    player = res.controller
    name, _ = _spell_name(res)
    revealed = list(reversed(s.players[player].library))[:e.count]
    res.game.emit(Event("reveal", {"player": player, "cards": revealed},
                        f"{s.players[player].name} reveals " + ", ".join(characteristics(s, o).name for o in revealed)))
    cast = [oid for oid in revealed if characteristics(s, oid).name == name and _offer(res, player, oid, "free")]
    for oid in revealed:
        if oid not in cast:
            move(res.game, oid, Zones.LIBRARY, top=False, cause="ripple")
    for oid in cast:
        queue_cast(s, player, oid, "free", "bottom")


# The permission to play an exiled card (ExileTop's "you may play that card ..."), kept in the card's `chosen`:
# {"player", "until": the last turn it lasts, -1 while the card stays exiled, "cast": spells only, "from": the first
# turn it lasts (0: at once), "any_mana": "color" / "type" to spend mana as though it were mana of any color (type) to
# cast it (609.4b), "look": the player may look at it, exiled face down (406.3), "free": without paying its mana cost
# (118.9)}.
MAY_PLAY = "may_play"


def may_play(o, player: int, turn: int, cast: bool) -> bool:
    """Whether `player` may play (cast: cast) the card `o` from exile now, by an effect's permission."""
    grant = o.chosen.get(MAY_PLAY) if o.zone is Zones.EXILE else None
    return bool(grant) and grant["player"] == player and (cast or not grant["cast"]) \
        and (grant["until"] < 0 or turn <= grant["until"]) and turn >= grant.get("from", 0)


def may_look(o, player: int, turn: int) -> bool:
    """Whether `player` may look at the card `o`, exiled face down, by an effect's permission ("you may look at and
    cast that card for as long as it remains exiled", 406.3)."""
    return bool((o.chosen.get(MAY_PLAY) or {}).get("look")) and may_play(o, player, turn, True)


def may_play_free(o, player: int, turn: int) -> bool:
    """Whether the permission `player` may cast the exiled card `o` by lets them cast it without paying its mana cost
    ("You may play them this turn without paying their mana costs", 118.9)."""
    return bool((o.chosen.get(MAY_PLAY) or {}).get("free")) and may_play(o, player, turn, True)


def spend_any_mana(o, player: int, turn: int) -> str:
    """609.4b: "color" or "type" if the permission `player` casts the exiled card `o` by lets them spend mana as though
    it were mana of any color (type) to cast it; "" otherwise."""
    return (o.chosen.get(MAY_PLAY) or {}).get("any_mana", "") if may_play(o, player, turn, True) else ""


def _next_turn_of(s, player: int) -> int:
    """The number of `player`'s next turn, going round the players still in the game in turn order
    (101.4, 800.4a: a player who left takes no turns; extra turns aren't foreseen)."""
    order = [p for p in s.apnap() if not s.players[p].lost]
    if player not in order:
        return s.turn
    return s.turn + (len(order) if player == s.active else order.index(player))


def _exile_top(res: Resolution, e: ExileTop) -> None:
    """The cards exiled (face up, so seen by all) are what "If it's a land card" after it reads (608.2c)."""
    s = res.state
    exiled: list[int] = []
    for player in res.players(e.who):
        library = s.players[player].library
        cards = list(reversed(library[-res.amount(e.amount):])) if res.amount(e.amount) > 0 else []
        for oid in cards:
            new = move(res.game, oid, Zones.EXILE, cause="exile")
            exiled.extend([new] if new is not None else [])
            if new is not None and e.play:
                _grant_play(res, new, e.play, e.cast_only, e.any_mana, free=e.free)
    res.answers[REVEALED] = exiled


def _grant_play(res: Resolution, card: int, play: str, cast_only: bool, any_mana: str = "", look: bool = False,
                free: bool = False, owner: bool = False) -> None:
    """The resolving ability's controller (`owner`: the card's owner) may play (cast) the exiled card for as long as
    `play` says (MAY_PLAY)."""
    s = res.state
    player = s.objects[card].owner if owner else res.controller
    nxt = _next_turn_of(s, player)
    until = {"turn": s.turn, "your_next_turn": nxt, "before_your_next_turn": nxt - 1,
             "during_your_next_turn": nxt, "exiled": -1}[play]
    grant: dict[str, Any] = {"player": player, "until": until, "cast": cast_only}
    grant.update({"any_mana": any_mana} if any_mana else {})
    grant.update({"look": True} if look else {})
    grant.update({"free": True} if free else {})
    s.writable(card).chosen[MAY_PLAY] = dict(grant, **{"from": nxt}) if play == "during_your_next_turn" else grant


def _may_play_exiled(res: Resolution, e: MayPlayExiled) -> None:
    """The cards the earlier instruction exiled, in exile now (a token there has ceased to exist, 704.5d)."""
    for oid in followed_objects(res, e.what):
        if res.state.objects[oid].zone is Zones.EXILE:
            _grant_play(res, oid, e.play, e.cast_only, e.any_mana, e.look, e.free, e.owner)


def _enter_attacking(res: Resolution, e: EnterAttacking) -> None:
    s = res.state
    target = res.event.get("attack_target")
    for oid in followed_objects(res, e.what):
        o = s.objects[oid]
        if o.zone is not Zones.HAND or o.owner != res.controller:
            continue
        new = move(res.game, oid, Zones.BATTLEFIELD, controller=res.controller, tapped=True, cause="ninjutsu")
        if new is not None:
            entered_battlefield(res.game, new)
            if target is not None:
                enter_attacking(res.game, new, target)      # 508.4: it wasn't declared as an attacker


def _suspend_tick(res: Resolution, e: SuspendTick) -> None:
    s = res.state
    card = res.source_id
    o = s.objects.get(card) if card is not None else None
    if o is None or o.zone is not Zones.EXILE or not o.counters.get("time"):
        return
    remove_counters(res.game, card, "time", 1)
    if not s.objects[card].counters.get("time"):
        create_delayed(res, e.cast)       # "When the last time counter is removed from it, ..."


def _suspended(res: Resolution, c: Any) -> bool:
    """702.62b: a card is suspended while it is in exile, has suspend and a time counter on it."""
    o = res.state.objects.get(res.source_id) if res.source_id is not None else None
    return o is not None and o.zone is Zones.EXILE and bool(o.chosen.get("suspended")) and o.counters.get("time", 0) > 0


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS: dict[type, Any] = {
    CastCard: _cast_card,
    PlayLinked: _play_linked,
    CastFromHand: _cast_from_hand,
    Cascade: _cascade,
    SuspendTick: _suspend_tick,
    Ripple: _ripple,
    Encode: _encode,
    ExileTop: _exile_top,
    MayPlayExiled: _may_play_exiled,
    EnterAttacking: _enter_attacking,
}


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "suspended": _suspended,
}
