"""Zones and moving objects between them (400-406): 400.7 new objects, drawing (121), shuffling
(701.24), milling (701.17), last known information (608.2h), tokens leaving the battlefield (111.7).
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from engine.core import hooks
from engine.core.cards import card_def, card_layout, def_key, granted_ref
from engine.core.enums import Zone, Steps, Zones
from engine.core.events import Event
from engine.core.objects import GameObject, StackInfo
from engine.query.layers import changed_off_battlefield, changed_on_battlefield, characteristics
from engine.query.layers import LAYER_OF, has_control_effects, modified_and_enchanted, player_statics
from engine.query.targets import note_defender, target_name
from engine.board.replacement import command_zone_instead, exiled_instead_of_entering, redirect_from_graveyard

if TYPE_CHECKING:
    from engine.core.state import GameState
    from engine.game import Game


def describe(game: "Game", oid: int) -> dict[str, Any]:
    """Last known information about an object, kept when it leaves a zone (608.2h, 603.10)."""
    o = game.state.objects[oid]
    ch = characteristics(game.state, oid)
    types, subtypes, colors, supertypes, keywords, triggered, granted = _lki_facts(ch)
    modified, enchanted = modified_and_enchanted(game.state, o) if o.zone is Zones.BATTLEFIELD else (False, False)
    return {"id": oid, "card_id": o.card_id, "name": ch.name, "owner": o.owner,
            "controller": o.controller, "types": list(types), "subtypes": list(subtypes),
            "colors": list(colors), "power": ch.power, "toughness": ch.toughness,
            "token": o.token is not None, "face_down": o.face_down, "counters": dict(o.counters), "tapped": o.tapped,
            "attached_to": o.attached_to, "mana_value": ch.mana_value, "def": def_key(o),
            # A token's definition is its spec (111.1); a copy's is the copied object's (707.2, "def").
            "token_spec": o.token if o.token is not None and o.copy_of is None else None,
            "kicked": o.kicked, "zone": o.zone._value_, "damage": o.damage, "chosen": dict(o.chosen),
            "supertypes": list(supertypes), "keywords": list(keywords),
            "triggered": list(triggered), "granted": [list(ref) for ref in granted],
            # "whenever a modified creature you control dies" looks back at these (700.9, 303.4)
            "modified": modified, "enchanted": enchanted,
            # whom it attacks ("P1" or a planeswalker): "whenever a creature attacking you dies" (508.1b)
            "attacks": game.state.combat.attackers.get(oid) if game.state.combat is not None else None,
            # "whenever a blocking creature dies" (509.1g)
            "blocking": game.state.combat is not None and oid in game.state.combat.blockers}


# What last known information reads of each Characteristics (never modified once computed), by id,
# holding the object so its id stays its own: every move describes the object that moves.
_LKI_FACTS: dict[int, tuple[Any, tuple]] = {}


def _lki_facts(ch) -> tuple:
    """(types, subtypes, colors, supertypes, keyword names) sorted; the indexes of its card's triggered
    abilities it still has (603.10a looks back at them); and where those an effect granted it in quotes
    come from (613.1f)."""
    known = _LKI_FACTS.get(id(ch))
    if known is None or known[0] is not ch:
        if len(_LKI_FACTS) > 4096:
            _LKI_FACTS.clear()      # characteristics computed under effects are new objects each time
        facts = (sorted(ch.types), sorted(ch.subtypes), sorted(ch.colors), sorted(ch.supertypes),
                 sorted({k.name for k in ch.keywords}),
                 [i for i, ab in enumerate(ch.definition.triggered) if ab in ch.triggered],
                 [ref for ab in ch.triggered if (ref := granted_ref(ab)) is not None])
        known = _LKI_FACTS[id(ch)] = (ch, facts)
    return known[1]


@contextmanager
def simultaneously(game: "Game") -> Iterator[None]:
    """Objects leaving the battlefield inside this block leave at the same time: each one's "whenever
    another ... dies" abilities still see the others (603.10a looks back in time)."""
    outer = game.leaving
    if outer is None:
        game.leaving = []
    try:
        yield
    finally:
        if outer is None:
            game.leaving = None


def create_object(game: "Game", name: str, owner: int, zone: Zone, *, token: dict | None = None,
                  card_id: int | None = None, top: bool = True, copy_of: str | None = None) -> GameObject:
    """A new object (a token created, a card put into a game); `copy_of`: its copiable values are a
    permanent's (707.2), set before anything sees it."""
    s = game.state
    if card_id is None:
        card_id = s.next_card_id
        s.next_card_id += 1
    o = GameObject(s.new_id(), card_id, name, owner, zone)
    o.token = token
    o.copy_of = copy_of
    o.timestamp = s.new_timestamp()
    s.objects[o.id] = o
    lst = s.zone_list(zone, owner)
    if top:
        lst.append(o.id)
    else:
        lst.insert(0, o.id)
    # As for a move: only what the new object can change is forgotten (a thousand Goblin tokens
    # created one by one would otherwise recompute the whole battlefield a thousand times).
    if zone is Zones.BATTLEFIELD:
        o.entered_turn = s.turn
        s.turn_log.setdefault("entered", []).append([o.controller, o.id])
        changed_on_battlefield(s, None, o, False, zones=(zone,))
    else:
        changed_off_battlefield(s, o, zones=(zone,))
    return o


def put_into_library(game: "Game", names: list[str], owner: int) -> None:
    """A deck's cards put into its owner's library as a game begins, in that order (103.1: shuffled after): each as
    `create_object` makes it, the derived values forgotten once at the end rather than after each card."""
    s = game.state
    library = s.players[owner].library
    for name in names:
        o = GameObject(s.new_id(), s.next_card_id, name, owner, Zones.LIBRARY)
        s.next_card_id += 1
        o.timestamp = s.new_timestamp()
        s.objects[o.id] = o
        library.append(o.id)
    s.invalidate()


# The number of the simultaneous event under way this turn, in the turn log: the zone changes of one
# instruction, one payment of costs or one pass of state-based actions are one event (608.2c, 601.2h, 704.3),
# which a "whenever one or more cards ..." ability triggers on once (603.2c). Each of those begins a new one, once
# such an ability has triggered on the one under way (until then the state needn't change).
EVENT_BATCH = "event_batch"
EVENT_BATCH_USED = "event_batch_used"


def simultaneous_event(state) -> int:
    """The number of the event under way; an ability that triggers once for it marks it used."""
    state.turn_log[EVENT_BATCH_USED] = True
    return state.turn_log.get(EVENT_BATCH, 0)


def begin_simultaneous_event(state) -> None:
    if state.turn_log.get(EVENT_BATCH_USED):
        state.turn_log[EVENT_BATCH] = state.turn_log.get(EVENT_BATCH, 0) + 1
        state.turn_log[EVENT_BATCH_USED] = False


def _carry_spell_effects(s: "GameState", spell: int, permanent: int) -> None:
    """400.7a: the effects of resolved spells and abilities that changed the characteristics or the controller of a
    permanent spell apply to the permanent that spell becomes ("Target spell or permanent becomes black")."""
    carried = False
    for e in s.effects:
        if e.affected and spell in e.affected and e.params.get("kind") in LAYER_OF:
            e.affected = [permanent if x == spell else x for x in e.affected]
            carried = True
    if carried:
        s.invalidate()          # the effects in force are cached with the objects they apply to


def move(game: "Game", oid: int, to: Zone, *, top: bool = True, controller: int | None = None,
         tapped: bool = False, face_down: bool = False, position: int | None = None,
         cause: str = "", copy_of: str | None = None, chosen: dict | None = None) -> int | None:
    """Moves an object to another zone; returns the id of the new object, or None if it ceased to
    exist or, about to enter the battlefield, was exiled or put into a graveyard instead (614.1a: nothing entered).
    Tokens that leave the battlefield go to the new zone and cease to exist at the next SBA check (111.7, 704.5d); an
    ability on the stack simply ceases to exist."""
    s = game.state
    o = s.objects[oid]
    src = o.zone
    shuffle_after = False
    # "If ~ would enter, sacrifice a Forest instead. ... If you don't, put it into its owner's graveyard." (614.1a)
    graveyard_instead = to is Zones.BATTLEFIELD and src is not Zones.BATTLEFIELD and not all(
        enters(game, oid, o.controller if controller is None else controller, chosen)
        for enters in hooks.ENTERING_REPLACEMENTS)
    if graveyard_instead:
        to = Zones.GRAVEYARD
        o = s.objects[oid]
    if src is Zones.BATTLEFIELD and o.chosen.get("exile_if_leaves"):
        to = Zones.EXILE       # "If it would leave the battlefield, exile it instead" (unearth 702.84a)
    if src is Zones.STACK and to is not Zones.EXILE and _aftermath_from_graveyard(o):
        to = Zones.EXILE            # 702.127a: exiled instead of put anywhere else
    if to is Zones.GRAVEYARD and not o.is_ability:
        to, shuffle_after = redirect_from_graveyard(game, oid)
    kept_out = to is Zones.BATTLEFIELD and src is not Zones.BATTLEFIELD and \
        exiled_instead_of_entering(game, oid, cause == "resolve")
    if kept_out:
        to = Zones.EXILE             # a spell that was cast resolves with cause "resolve" (engine.rules.resolving)
    parts_to = to        # 730.3d: a replacement applied to a merged permanent applies to its every card, but 903.9c
    if to in (Zones.HAND, Zones.LIBRARY) and src is not Zones.COMMAND and s.commander is not None \
            and s.commander.is_commander(o):
        # 903.9b; from the command zone itself ("put your commander into your hand from the command zone") the
        # choice would be to leave it where it is: not offered
        to = command_zone_instead(game, oid, to)
        shuffle_after = shuffle_after and to is Zones.LIBRARY
    info = describe(game, oid) if src in (Zones.BATTLEFIELD, Zones.STACK) else None
    _remove_from_zone(game, o)
    if o.is_ability:
        del s.objects[oid]
        changed_off_battlefield(s, zones=(src,))
        return None
    touched_others = False
    if src is Zones.BATTLEFIELD:
        touched_others = _leave_battlefield(game, o)
        s.lki[str(oid)] = info
        if isinstance(info.get("attached_to"), int):
            became_unattached(game, oid, info["attached_to"], info)
        if game.leaving is not None:
            game.leaving.append(info)
        if to is Zones.GRAVEYARD:
            # What gravestorm counts (702.69a).
            s.turn_log["permanents_to_graveyard"] = s.turn_log.get("permanents_to_graveyard", 0) + 1
        # "if a permanent you controlled left the battlefield this turn" (revolt) reads this.
        left = s.turn_log.setdefault("left_battlefield_under", [])
        if info["controller"] not in left:
            left.append(info["controller"])
        if to is Zones.HAND and o.owner not in s.turn_log.get("bounced_to_hand_of", []):
            # "if a permanent was put into your hand from the battlefield this turn" reads this
            s.turn_log.setdefault("bounced_to_hand_of", []).append(o.owner)
        if to is Zones.GRAVEYARD and "Creature" in info["types"]:
            # 700.4: it died; "if a creature died this turn" (morbid) reads this, "for each Zubera that died this
            # turn" what it was.
            s.turn_log["creatures_died"] = s.turn_log.get("creatures_died", 0) + 1
            # "for each nontoken creature that died this turn", "... died under your control this turn"
            # "... put into your graveyard from the battlefield this turn": whose graveyard (its owner's)
            s.turn_log.setdefault("died", []).append({k: info[k] for k in ("controller", "owner", "types", "subtypes",
                                                                            "token")})
    elif src is Zones.STACK and o.stack is not None:
        # A spell's choices stay known after it leaves: "copy that spell" still copies it (707.10).
        s.lki[str(oid)] = dict(info, stack=o.stack.to_json())
    owner = o.owner
    melded = o.chosen.get("melded") if src is Zones.BATTLEFIELD else None
    new = GameObject(s.new_id(), o.card_id, melded[0]["name"] if melded else o.name, owner, to)
    new.token = o.token
    new.timestamp = s.new_timestamp()
    new.face_down = face_down
    if to is Zones.BATTLEFIELD or to is Zones.STACK:
        new.controller = o.controller if controller is None else controller
        new.base_controller = new.controller
    if to is Zones.BATTLEFIELD:
        new.tapped = tapped
        new.sick = True
        new.entered_turn = s.turn
        # What entered this turn, under whose control ("if you had a land enter ... this turn").
        s.turn_log.setdefault("entered", []).append([new.controller, new.id])
        if o.stack is not None:
            new.kicked = o.stack.kicked
            new.evoked = o.stack.evoked
    elif to is Zones.GRAVEYARD:
        # "cards in your graveyard that were put there from the battlefield this turn" read this (the card is
        # this new object, 400.7)
        s.turn_log.setdefault("put_into_graveyard", {})[str(new.id)] = src.value
    if to is Zones.STACK or (to is Zones.BATTLEFIELD and src is not Zones.BATTLEFIELD
                            and card_layout(o) in ("transform", "modal_dfc")):
        # The face chosen as it was cast or played stays up (709.3b, 712.8f, 715.3b); a double-faced
        # spell becomes a permanent with that face up (712.13, 712.12), a card put onto the battlefield
        # transformed with its back face up (712.14a). Elsewhere a card has its front face up (712.8a).
        new.face = o.face
    if to is Zones.BATTLEFIELD:
        # Set before anything sees it enter, so its enters abilities are the copied ones (707.5).
        new.copy_of = copy_of
        new.chosen = dict(chosen or {})
        if o.stack is not None and o.stack.alt:
            new.chosen["alt_cost"] = o.stack.alt    # 400.7d: the permanent knows which cost was paid (dash)
        if o.stack is not None and o.stack.x:
            new.chosen["x"] = o.stack.x     # 107.3m: the X of its enters-the-battlefield abilities
        if o.stack is not None and o.stack.paid_mana:
            new.chosen["paid_mana"] = o.stack.paid_mana     # the mana spent to cast it (sunburst 702.44a)
        if o.stack is not None and o.stack.event.get("cast_as_instant"):
            new.chosen["cast_as_instant"] = True    # cast when a sorcery couldn't have been (307.1; Mirage's flash)
        if o.stack is not None and o.stack.event.get("phyrexian_life"):
            new.chosen["phyrexian_life"] = o.stack.event["phyrexian_life"]     # compleated (702.150a)
        if src is Zones.STACK and o.stack is not None and not o.spell_copy:
            new.chosen["cast_from"] = o.stack.cast_from    # "if you cast it from your hand" (400.7d)
        if o.spell_copy:
            # 608.3f / 707.10f / 111.13: a copy of a permanent spell becomes a token (not "created").
            new.token = {"name": info["name"] if info else o.name, "spell_copy": o.name}
            new.copy_of = copy_of or o.name
    elif o.spell_copy:
        new.spell_copy = True     # 704.5e: it ceases to exist at the next check
    if src is Zones.STACK and to is Zones.BATTLEFIELD:
        _carry_spell_effects(s, oid, new.id)
    del s.objects[oid]
    s.objects[new.id] = new
    if to in (Zones.LIBRARY, Zones.HAND, Zones.GRAVEYARD):
        lst = s.players[owner].zone_list(to)
    else:
        lst = s.zone_list(to)
    if position is not None:
        lst.insert(position, new.id)
    elif top:
        lst.append(new.id)
    else:
        lst.insert(0, new.id)
    if src is Zones.BATTLEFIELD or to is Zones.BATTLEFIELD:
        changed_on_battlefield(s, o if src is Zones.BATTLEFIELD else None, new if to is Zones.BATTLEFIELD else None,
                               touched_others, zones=(src, to))
    else:
        changed_off_battlefield(s, o, zones=(src, to))
    # A draw is logged once, by its own "draw" event.
    text = "" if cause == "draw" else _move_text(game, info["name"] if info else o.name, src, to, owner, face_down)
    if melded:
        # 712.21: one permanent leaves the battlefield, its two cards go to the new zone.
        create_object(game, melded[1]["name"], melded[1]["owner"], to, card_id=melded[1]["card_id"], top=top)
    merged = o.chosen.get("merged") if src is Zones.BATTLEFIELD else None
    for part in merged[1:] if merged else ():
        # 730.3: one permanent leaves the battlefield, each of its other cards and tokens goes to the new zone too
        # (a token there ceases to exist, 111.7); the topmost is the new object above.
        create_object(game, part["name"], part["owner"], parts_to, token=part["token"], card_id=part["card_id"], top=top)
    # (`_value_`, the member's own attribute: Enum's `value` is a Python-level property, and this runs at every move)
    game.emit(Event("zone_change", {
        "object": new.id, "old": oid, "card_id": o.card_id, "from": src._value_, "to": to._value_,
        "owner": owner, "controller": new.controller, "name": info["name"] if info else o.name,
        "was": info, "cause": cause,
        # how a permanent spell was cast: "When ~ enters, if its prowl cost was paid" reads it (601.2b)
        **({"cast_alt": o.stack.alt} if src is Zones.STACK and o.stack is not None and o.stack.alt else {}),
    }, text))
    if shuffle_after:
        shuffle(game, owner)
    return None if kept_out or graveyard_instead else new.id


def remove_from_game(game: "Game", oid: int) -> None:
    """An object that stops being an object of its own (a card that became part of a melded permanent,
    712.4a)."""
    s = game.state
    _remove_from_zone(game, s.objects[oid])
    del s.objects[oid]
    changed_off_battlefield(s)


def cease_to_exist(game: "Game", oid: int) -> None:
    """An object that leaves the game without going to any zone (800.4a: its owner left the game)."""
    s = game.state
    o = s.objects[oid]
    if o.zone is not Zones.BATTLEFIELD:
        remove_from_game(game, oid)
        return
    touched = _leave_battlefield(game, o)
    _remove_from_zone(game, o)
    del s.objects[oid]
    changed_on_battlefield(s, o, None, touched, zones=(Zones.BATTLEFIELD,))      # to no zone


def _aftermath_from_graveyard(o: GameObject) -> bool:
    """An aftermath half cast from a graveyard (702.127a)."""
    if o.stack is None or o.stack.cast_from != "graveyard" or not o.face or o.token is not None:
        return False
    d = card_def(o.name)
    return d.layout == "aftermath" and o.face <= len(d.faces) and \
        any(k.name == "aftermath" for k in d.faces[o.face - 1].keywords)


def _move_text(game: "Game", name: str, src: Zone, to: Zone, owner: int, face_down: bool) -> str:
    who = game.state.players[owner].name
    shown = "a card" if (face_down or (src in (Zones.LIBRARY, Zones.HAND) and to in (Zones.LIBRARY, Zones.HAND))) else name
    if to is Zones.GRAVEYARD:
        return f"{shown} is put into {who}'s graveyard"
    if to is Zones.BATTLEFIELD:
        return f"{shown} enters the battlefield"
    if to is Zones.EXILE:
        return f"{shown} is exiled"
    if to is Zones.HAND:
        return f"{shown} is put into {who}'s hand"
    if to is Zones.LIBRARY:
        return f"{shown} is put into {who}'s library"
    if to is Zones.STACK:
        return f"{shown} is put on the stack"
    if to is Zones.COMMAND:
        return f"{shown} is put into the command zone"
    return f"{shown} moves to {to._value_}"


def _remove_from_zone(game: "Game", o: GameObject) -> None:
    s = game.state
    if o.zone in (Zones.LIBRARY, Zones.HAND, Zones.GRAVEYARD):
        s.players[o.owner].zone_list(o.zone).remove(o.id)
    elif o.phased_out:
        s.phased_out.remove(o.id)
    else:
        s.zone_list(o.zone).remove(o.id)


def _leave_battlefield(game: "Game", o: GameObject) -> bool:
    """Returns whether it changed another permanent or the effects in force."""
    s = game.state
    touched = False
    # 506.4: a permanent that leaves the battlefield is removed from combat.
    if s.combat is not None:
        remove_from_combat(game, o.id)
    # Whatever was attached to it becomes unattached (checked by SBA 704.5m/n); what it was attached
    # to loses it.
    for other in s.battlefield:
        x = s.objects[other]
        if x.attached_to == o.id:
            x.attached_to = None
            touched = True
            became_unattached(game, other, o.id)
    # Effects that last "as long as" this object is on the battlefield (or remains tapped there) end (611.2b).
    before = len(s.effects)
    s.effects = [e for e in s.effects
                 if not (e.duration in ("while_source", "while_tapped", "while_on_battlefield") and e.source_id == o.id)
                 and not (e.duration == "while_attached" and e.source_id == o.id)]
    return touched or len(s.effects) != before


def became_unattached(game: "Game", oid: int, host: int, lki: dict[str, Any] | None = None) -> None:
    """ "Whenever ~ becomes unattached from a permanent": the event of `oid` ceasing to be attached to `host` (701.3d),
    whether it's attached to another, stops being attached, or either leaves the battlefield; `lki`: what `oid` was
    if it's the one that left, so that its own abilities look back (603.10c)."""
    data: dict[str, Any] = {"object": host, "source": oid}
    if lki is not None:
        data["source_lki"] = lki
    name = lki["name"] if lki is not None else characteristics(game.state, oid).name
    game.emit(Event("unattached", data, f"{name} becomes unattached"))


def remove_from_combat(game: "Game", oid: int) -> None:
    c = game.state.combat
    if c is None:
        return
    c.attackers.pop(oid, None)
    c.blocked.pop(oid, None)
    c.blockers.pop(oid, None)
    for b, atts in c.blockers.items():
        if oid in atts:
            atts.remove(oid)
    for a, target in list(c.attackers.items()):
        if target == oid:
            c.attackers[a] = None  # 506.4c: still attacking, attacking nothing


def phase_out(game: "Game", oid: int) -> None:
    """702.26b: it stays on the battlefield (no zone change, 702.26d) but is listed in `state.phased_out`, so
    the game treats it as though it doesn't exist; it leaves combat (506.4). It phases in during its
    controller's next untap step (702.26a, engine.rules.phasing)."""
    s = game.state
    o = s.objects[oid]
    s.battlefield.remove(oid)
    s.phased_out.append(oid)
    o.phased_out = True
    remove_from_combat(game, oid)
    # 702.26f: "for as long as" effects tracking it end, as they can no longer see it
    s.effects = [e for e in s.effects if not (e.duration in ("while_source", "while_tapped", "while_attached",
                                                              "while_on_battlefield") and e.source_id == oid)]
    game.emit(Event("phased_out", {"object": oid}, f"{o.name} phases out"))
    for a in [a for a in s.battlefield if s.objects[a].attached_to == oid]:
        phase_out(game, a)                   # 702.26g: indirectly
    s.invalidate()


def draw(game: "Game", player: int, count: int = 1) -> int:
    """121.2: draws one card at a time; drawing from an empty library is remembered for 704.5b.
    614.1a, 121.6: "If you would draw a card, draw two cards instead" replaces each draw; several such
    effects each apply once, so each doubles it again. "... except the first one you draw in each of your draw
    steps" (Teferi's Ageless Insight) leaves that one draw alone (504.1)."""
    s = game.state
    drawn = 0
    for _ in range(count):
        doubled = len(player_statics(s, player, "draws_doubled"))
        first_in_draw_step = s.step is Steps.DRAW and s.active == player and not s.turn_log.get("drew_in_draw_step")
        if first_in_draw_step:
            s.turn_log["drew_in_draw_step"] = True
        else:
            doubled += len(player_statics(s, player, "draws_doubled_but_first_in_draw_step"))
        drawn += _draw_each(game, player, 2 ** doubled, first_in_draw_step)
    return drawn


def draw_prohibited(state: "GameState", player: int) -> bool:
    """121.2b: "Each player can't draw more than one card each turn": with a card drawn this turn, a further draw
    doesn't happen (101.2), each draw of an instruction to draw several on its own."""
    return bool(player_statics(state, player, "draw_limit")) and state.turn_log.get("draws", {}).get(str(player), 0) >= 1


def _draw_each(game: "Game", player: int, count: int, first_in_draw_step: bool = False) -> int:
    """`first_in_draw_step`: the first of these is the first card the player draws in their draw step (504.1)."""
    p = game.state.players[player]
    drawn = 0
    for _ in range(count):
        if draw_prohibited(game.state, player):
            continue
        if not p.library:
            p.drew_from_empty = True
            game.emit(Event("draw_empty", {"player": player}, f"{p.name} can't draw: the library is empty"))
            continue
        top = p.library[-1]
        move(game, top, Zones.HAND, cause="draw")
        drawn += 1
        # "you draw your second card each turn": the draws of each player this turn
        counts = game.state.turn_log.setdefault("draws", {})
        counts[str(player)] = counts.get(str(player), 0) + 1
        data = {"player": player, "nth": counts[str(player)]}
        if first_in_draw_step and drawn == 1:
            data["first_in_draw_step"] = True
        game.emit(Event("draw", data, f"{p.name} draws a card"))
    return drawn


def shuffle(game: "Game", player: int) -> None:
    game.state.rng.shuffle(game.state.players[player].library)
    game.emit(Event("shuffle", {"player": player}, f"{game.state.players[player].name} shuffles"))


def mill(game: "Game", player: int, count: int, to: Zone = Zones.GRAVEYARD) -> None:
    """701.17a: the top `count` cards into the graveyard (or exile: "exiles the top card of their library")."""
    p = game.state.players[player]
    for _ in range(count):
        if not p.library:
            return
        move(game, p.library[-1], to, cause="mill" if to is Zones.GRAVEYARD else "exile")


def sync_copies(game: "Game") -> None:
    """Applies the copy effects of resolved spells and abilities (layer 1: 613.1a, 707.4) to the permanents' copiable
    values (`copy_of`, which the layers read): each permanent copies what its latest copy effect says; once none is
    left, its own values come back (what it entered as, kept in `chosen["copy_base"]`)."""
    s = game.state
    if s.cache.get("copies_synced"):
        return
    latest: dict[int, tuple[int, str]] = {}
    for e in s.effects:
        if e.params.get("kind") == "copy":
            for oid in e.affected or ():
                if oid not in latest or e.timestamp > latest[oid][0]:
                    latest[oid] = (e.timestamp, e.params["key"])
    changed = False
    for oid in s.battlefield:
        o = s.objects[oid]
        if oid not in latest and "copy_base" not in o.chosen:
            continue
        o = s.writable(oid)
        if oid in latest:
            o.chosen.setdefault("copy_base", o.copy_of)
            key = latest[oid][1]
        else:
            key = o.chosen.pop("copy_base")
        if o.copy_of != key:
            o.copy_of = key
            changed = True
    if changed:
        s.invalidate()
    s.cache["copies_synced"] = True


def sync_control(game: "Game") -> bool:
    """Applies control-changing effects (layer 2) to the objects' controller field."""
    s = game.state
    if s.cache.get("control_synced"):
        return False
    changed = False
    # Without a layer-2 effect every permanent's controller is its base controller (108.4a): no
    # need to compute characteristics.
    control = has_control_effects(s)
    for oid in s.battlefield:
        o = s.objects[oid]
        c = characteristics(s, oid).controller if control else o.base_controller
        if c != o.controller:
            o.controller = c
            o.sick = True        # 302.6: a new controller hasn't controlled it since their turn began
            remove_from_combat(game, oid)   # 506.4
            changed = True
    if changed:
        # 611.2b: "for as long as you control ~" ends as another player gains control of it
        lasting = [e for e in s.effects if not (e.duration == "while_source" and e.source_id in s.battlefield
                                                and s.objects[e.source_id].controller != e.controller)]
        s.invalidate()
        if len(lasting) != len(s.effects):
            s.effects = lasting
            sync_control(game)
    elif not control:
        # In sync, and only a change that clears the cache (an effect, a permanent moving) can undo it:
        # everything else sets a controller together with its base controller.
        s.cache["control_synced"] = True
    return changed


def enter_attacking(game: "Game", oid: int, target: Any) -> None:
    """508.4: attacking without having been declared as an attacker: no "attack" event, so
    "whenever ~ attacks" doesn't trigger. 508.4d: unblocked if blockers were already declared."""
    s = game.state
    c = s.combat
    if c is None or (isinstance(target, int) and target not in s.battlefield):
        return                             # 508.4a: the planeswalker is gone
    c.attackers[oid] = target
    note_defender(game, oid, target)
    if c.blockers_declared:
        c.blocked[oid] = False
    s.invalidate()
    game.emit(Event("attacking", {"object": oid, "target": target},
                    f"{characteristics(s, oid).name} is attacking {target_name(game, target)}"))


def create_ability_object(game: "Game", player: int, src: GameObject | None, ch, kind: str, index: int,
                           targets, x, event, divide, lki, source_def: str = "", source_token=None,
                           source_name: str = "") -> int:
    """405.1: an activated or triggered ability put on the stack becomes an object there."""
    s = game.state
    # a face-down source has no name (708.2a), nor any as it last existed once it left the battlefield
    source_name = source_name or (ch.name if ch is not None else "")
    ab = GameObject(s.new_id(), 0, source_name, player, Zones.STACK)
    ab.card_id = -ab.id
    ab.is_ability = True
    ab.controller = player
    ab.timestamp = s.new_timestamp()
    info = StackInfo()
    info.targets = targets
    info.x = x
    info.divide = divide
    info.ability_kind = kind
    info.ability_index = index
    info.event = event
    if src is not None:
        info.source_id = src.id
        info.source_card_id = src.card_id
        info.source_def = source_def or def_key(src)
        info.source_token = source_token if source_def else (src.token if src.copy_of is None else None)
        info.kicked = src.kicked
    else:
        info.source_def = source_def
        info.source_token = source_token
    info.source_name = source_name
    if lki is not None:
        info.event = dict(info.event)
        info.event["source_lki"] = lki
    ab.stack = info
    s.objects[ab.id] = ab
    s.stack.append(ab.id)
    changed_off_battlefield(s, zones=(Zones.STACK,))
    return ab.id
