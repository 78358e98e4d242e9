"""The primitives the rules and effects change the board with: destroy (701.8), regenerate (701.19),
sacrifice (701.21), discard (701.9), tap and untap (701.26), counter (701.6), add mana (106.4), create a
token (111.2), start a continuous effect (611.2). Whoever calls them has made every choice already."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.board import zones
from engine.board.replacement import became_attached, entered_battlefield, would_die
from engine.core.cards import FACE_DOWN_KEY, card_def
from engine.core.enums import Zones
from engine.core.events import Event
from engine.core.objects import EXILED_FROM_STACK, GameObject
from engine.core.abilities import StaticAbility
from engine.core.state import ContinuousEffect, ResolveTask
from engine.query.layers import characteristics, definition_of, matches_ch, player_statics, statics_of_kind

if TYPE_CHECKING:
    from engine.game import Game
    from engine.query.amounts import EvalContext


def destroy(game: "Game", oid: int, regenerate: bool = True) -> bool:
    """701.8: destroy = put into its owner's graveyard; indestructible (702.12b) and regeneration
    (701.19) can stop it. Whether it was destroyed (a destruction whose move a replacement changed too)."""
    s = game.state
    o = s.objects.get(oid)
    if o is None or o.zone is not Zones.BATTLEFIELD:
        return False
    ch = characteristics(s, oid)
    if ch.has("indestructible"):
        return False
    umbra = _umbra_armor(game, oid)
    if umbra is not None:
        # 702.89a: instead remove all damage from it and destroy the Aura.
        o.damage = 0
        o.deathtouch_damage = False
        game.emit(Event("umbra_armor", {"object": oid, "aura": umbra},
                        f"{characteristics(s, umbra).name}'s umbra armor saves {ch.name}"))
        destroy(game, umbra)
        return False
    if regenerate and o.regen_shields > 0:
        regenerate_permanent(game, oid)
        return False
    if regenerate and _regenerates_instead(game, oid):
        regenerate_permanent(game, oid, shield=False)
        return False
    if would_die(game, oid):
        return True         # destroyed: where it goes instead is a replacement of the move (614.6)
    zones.move(game, oid, Zones.GRAVEYARD, cause="destroy")
    return True


def _umbra_armor(game: "Game", oid: int) -> int | None:
    """An Aura with umbra armor (702.89, formerly totem armor) attached to the permanent about to be destroyed:
    the oldest one. (With regeneration too, 616.1 lets the creature's controller choose; the Aura is used
    first.)"""
    s = game.state
    auras = [a for a in s.battlefield if s.objects[a].attached_to == oid
             and any(characteristics(s, a).has(k) for k in ("umbra armor", "totem armor"))]
    return min(auras, key=lambda a: s.objects[a].timestamp) if auras else None


def _regenerates_instead(game: "Game", oid: int) -> bool:
    """614.8: a static "If ~ would be destroyed, regenerate it" (or of the creature it enchants) applies, unless the
    permanent can't be regenerated this turn (701.19c)."""
    s = game.state
    if any(e.params.get("kind") == "cant_regenerate" and e.affected and oid in e.affected for e in s.effects):
        return False
    return any((st.affected.kind == "self" and src == oid) or (
        st.affected.kind in ("enchanted", "equipped") and s.objects[src].attached_to == oid)
        for src, st in statics_of_kind(s, "regenerates_if_destroyed"))


def regenerate_permanent(game: "Game", oid: int, shield: bool = True) -> None:
    """701.19b: the next time it would be destroyed, instead tap it, remove all damage from it and
    remove it from combat (using up a regeneration shield, or by a static ability's regeneration, 614.8)."""
    o = game.state.objects[oid]
    if shield:
        o.regen_shields -= 1
    o.tapped = True
    o.damage = 0
    o.deathtouch_damage = False
    zones.remove_from_combat(game, oid)
    game.emit(Event("regenerate", {"object": oid}, f"{characteristics(game.state, oid).name} regenerates"))


def _cant_be_countered(game: "Game", oid: int) -> bool:
    """Its own "~ can't be countered" (113.6g), or a permanent's "Creature spells you control can't be
    countered"."""
    s = game.state
    o = s.objects[oid]
    if any(st.kind == "cant_be_countered" and st.affected.kind == "self" for st in definition_of(o).static):
        return True
    if o.stack is not None and (o.stack.event or {}).get("cant_be_countered"):
        return True         # "the next creature spell you cast this turn can't be countered" (engine.rules.casting)
    ch = characteristics(s, oid)
    for pid in s.battlefield:
        for st in characteristics(s, pid).static:
            if st.kind == "cant_be_countered" and st.affected.kind == "all" and \
                    matches_ch(s, o, ch, st.affected.filter, s.objects[pid].controller, pid):
                return True
    return False


def counter_object(game: "Game", oid: int, to: str = "graveyard") -> None:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    o = game.state.objects[oid]
    name = characteristics(game.state, oid).name
    if not o.is_ability and _cant_be_countered(game, oid):
        # 113.6g, 101.2: "can't be countered" wins over "counter"; the spell stays where it is
        game.emit(Event("not_countered", {"object": oid}, f"{name} can't be countered"))
        return
    game.emit(Event("countered", {"object": oid}, f"{name} is countered"))
    if o.is_ability or (o.stack is not None and o.stack.is_copy):
        zones.move(game, oid, Zones.GRAVEYARD, cause="counter")
        return
    dest = {"graveyard": Zones.GRAVEYARD, "hand": Zones.HAND, "exile": Zones.EXILE, "library": Zones.LIBRARY}[to]
    if o.stack is not None and o.stack.alt in EXILED_FROM_STACK:
        dest = Zones.EXILE   # 702.34a, 702.133a: a flashed-back spell is exiled wherever it would go
    zones.move(game, oid, dest, cause="counter")


def discard(game: "Game", oid: int) -> None:
    o = game.state.objects[oid]
    ch = characteristics(game.state, oid)
    name = ch.name
    # 702.35a: a card with madness is discarded into exile instead of its owner's graveyard (its trigger then
    # offers to cast it: engine.rules.triggers).
    madness = o.token is None and ch.has("madness")
    onto_battlefield = None if madness else _discarded_onto_battlefield(game, o)
    if onto_battlefield is not None:
        card = zones.move(game, oid, Zones.BATTLEFIELD, controller=o.owner, cause="discard")
        if card is not None:
            for kind, n in dict(onto_battlefield.params).get("counters", ()):
                game.state.objects[card].counters[kind] = n         # 614.1c: it enters with them
            game.state.invalidate()
            entered_battlefield(game, card)
    else:
        card = zones.move(game, oid, Zones.EXILE if madness else Zones.GRAVEYARD, cause="discard")
    # "if you've discarded a card this turn": who discarded, once for each card (701.9a)
    game.state.turn_log.setdefault("discarded", []).append(o.owner)
    data = {"player": o.owner, "name": name, "card": card}
    if madness:
        data["madness"] = True
    game.emit(Event("discard", data, f"{game.state.players[o.owner].name} discards {name}"
                    + (" into exile (madness)" if madness else "")))


def _discarded_onto_battlefield(game: "Game", o: GameObject) -> StaticAbility | None:
    """ "If a spell or ability an opponent controls causes you to discard ~, put it onto the battlefield instead of
    putting it into your graveyard" (614.1a, 701.9a): the card's own ability, working in the hand, when the spell or
    ability resolving is an opponent's (a cost is paid by its own controller, 118.3)."""
    own = next((st for st in definition_of(o).static if st.kind == "discarded_onto_battlefield"), None)
    task = game.state.task
    so = game.state.objects.get(task.object) if isinstance(task, ResolveTask) else None
    return own if own is not None and so is not None and so.controller != o.owner else None


def add_effect(game: "Game", res: "EvalContext | None", affected: list[int] | None, params: dict[str, Any],
               duration: str, controller: int | None = None, source_id: int | None = None) -> None:
    s = game.state
    source = source_id if res is None else res.source_id
    if duration == "while_tapped" and not (source in s.objects and s.objects[source].zone is Zones.BATTLEFIELD
                                           and s.objects[source].tapped):
        return      # 611.2b: "for as long as ~ remains tapped" ended before the effect began: it does nothing
    if duration == "while_source" and res is not None and not (
            source in s.objects and s.objects[source].zone is Zones.BATTLEFIELD
            and s.objects[source].controller == res.controller):
        return      # 611.2b: likewise "for as long as you control ~"
    if duration == "while_on_battlefield" and not (source in s.objects and s.objects[source].zone is Zones.BATTLEFIELD):
        return      # and "for as long as ~ remains on the battlefield"
    # 611.2c / 400.7: the affected objects are locked in; an object that changes zones is a new
    # object the effect doesn't apply to, so objects are named by id, not by physical card.
    cards = None if affected is None else [o for o in affected if o in s.objects]
    eff = ContinuousEffect(s.new_id(), source,
                           None if res is None else res.source_card_id,
                           controller if res is None else res.controller, params, cards, duration,
                           s.new_timestamp())
    s.effects.append(eff)
    s.invalidate()


def attach(game: "Game", oid: int, to: int) -> None:
    """701.3a: attaches a permanent to another on the battlefield (not to itself); 613.7e: a new timestamp. 701.3b:
    attaching it to the permanent it's already attached to does nothing (and so it doesn't "become attached",
    603.2e)."""
    s = game.state
    o = s.objects[oid]
    if o.zone is not Zones.BATTLEFIELD or s.objects[to].zone is not Zones.BATTLEFIELD or to == oid:
        return
    before = o.attached_to
    if before == to:
        return
    o.attached_to = to
    o.timestamp = s.new_timestamp()
    s.invalidate()
    became_attached(game, oid)
    if isinstance(before, int) and before != to:
        zones.became_unattached(game, oid, before)      # moved from one permanent to another


def set_tapped(game: "Game", oid: int, tapped: bool, attacking: bool = False) -> None:
    """Taps or untaps a permanent; `attacking`: tapped as it is declared as an attacker (508.1f), which "whenever a
    creature becomes tapped, if it isn't being declared as an attacker" reads from the event."""
    o = game.state.objects[oid]
    if o.tapped == tapped:
        return
    o.tapped = tapped
    game.emit(Event("tap" if tapped else "untap", {"object": oid, "controller": o.controller,
                                                   **({"attacking": True} if attacking else {})},
                    f"{characteristics(game.state, oid).name} {'taps' if tapped else 'untaps'}"))
    s = game.state
    if not tapped and s.effects and any(e.duration == "while_tapped" and e.source_id == oid for e in s.effects):
        # 611.2b: the effects that last "for as long as ~ remains tapped" end (a control change gives it back)
        s.effects = [e for e in s.effects if not (e.duration == "while_tapped" and e.source_id == oid)]
        s.invalidate()
        zones.sync_control(game)


def unattach(game: "Game", oid: int) -> None:
    """701.3d: the Aura, Equipment or Fortification stays on the battlefield, attached to nothing."""
    s = game.state
    o = s.objects[oid]
    if o.zone is Zones.BATTLEFIELD and o.attached_to is not None:
        host, o.attached_to = o.attached_to, None
        o.timestamp = s.new_timestamp()
        s.invalidate()
        zones.became_unattached(game, oid, host)


def sacrifice(game: "Game", oid: int) -> None:
    """701.21a: its controller moves it to its owner's graveyard; not destruction, so neither regeneration nor
    indestructible stops it, but a sacrificed creature or planeswalker dies (700.4): "if ~ would die, instead"
    replacements apply (614.1a, Kalitas)."""
    ch = characteristics(game.state, oid)
    if (ch.is_creature or ch.is_type("Planeswalker")) and would_die(game, oid):
        return
    zones.move(game, oid, Zones.GRAVEYARD, cause="sacrifice")


def add_mana(game: "Game", player: int, letters: str, spend_only: str = "", snow: bool = False) -> None:
    """`spend_only`: the text of the restriction on what the mana may be spent on (106.6); such mana is kept
    apart from the rest of the pool. `snow`: a snow source produced it, so it may pay {S} (107.4h)."""
    p = game.state.players[player]
    if spend_only:
        p.restricted_mana.extend([ch, spend_only] for ch in letters)
    else:
        for ch in letters:
            p.mana_pool[ch] += 1
            if snow:
                p.snow_mana[ch] = p.snow_mana.get(ch, 0) + 1
    game.emit(Event("mana", {"player": player, "mana": letters},
                    f"{game.state.players[player].name} adds {''.join('{'+c+'}' for c in letters)}"))


def tokens_to_create(game: "Game", controller: int, n: int) -> int:
    """How many tokens an effect creates under a player's control: "If an effect would create one or
    more tokens under your control, it creates twice that many of those tokens instead" (614.1a, 111.1)
    doubles them, once for each such effect."""
    return n * 2 ** len(player_statics(game.state, controller, "tokens_doubled")) if n > 0 else n


def create_token(game: "Game", spec: dict[str, Any], controller: int, tapped: bool = False,
                 copy_of: str | None = None) -> int:
    """111.2: the player who creates a token is its owner and controller. `copy_of`: the token is a
    copy of a permanent (707.2), its copiable values set before it enters."""
    return create_tokens(game, spec, controller, 1, tapped, copy_of)[0]


def create_tokens(game: "Game", spec: dict[str, Any], controller: int, count: int, tapped: bool = False,
                  copy_of: str | None = None) -> list[int]:
    """`count` tokens of one kind, created by one effect: they enter the battlefield at the same time
    (603.6a), so all are there before any of them is looked at as it enters. One look at the battlefield
    then serves them all: created one by one, each would have the whole battlefield's characteristics
    worked out again when something counts permanents (Krenko, Mob Boss doubling to thousands)."""
    made = []
    for kind, copied, n in _tokens_instead(game, spec, controller, count, copy_of):
        for _ in range(n):
            o = zones.create_object(game, kind["name"], controller, Zones.BATTLEFIELD, token=kind, copy_of=copied)
            o.tapped = tapped
            o.sick = True
            made.append(o)
    for o in made:
        entered_battlefield(game, o.id)
        game.emit(Event("zone_change", {"object": o.id, "old": None, "card_id": o.card_id, "from": None,
                                        "to": "battlefield", "owner": controller, "controller": controller,
                                        "name": o.token["name"], "was": None, "cause": "token"},
                        f"{game.state.players[controller].name} creates a {o.token['name']}"))
    return [o.id for o in made]


def _tokens_instead(game: "Game", spec: dict[str, Any], controller: int, count: int,
                    copy_of: str | None) -> list[tuple[dict[str, Any], str | None, int]]:
    """The tokens created instead (614.1a, 111.1), of the replacement effects of the controller's permanents: "If you
    would create a Clue, Food, or Treasure token, instead create one of each" (as many of each), "If one or more
    creature tokens would be created under your control, that many 4/4 white Angel creature tokens ... are created
    instead", "If you would create one or more Treasure tokens, instead create those tokens plus an additional Treasure
    token", "... those tokens plus that many 1/1 green Squirrel creature tokens are created instead". Applied in
    that order, each once (616.1: of the orders its controller may choose, the one giving the most of the tokens
    named instead). Each is (spec, copy_of, how many)."""
    out = [(spec, copy_of, count)]
    if count <= 0:
        return out
    s = game.state
    for st in player_statics(s, controller, "one_of_each_artifact_token"):
        # each applies to the Clues, Foods and Treasures the one before made: two make three of each (616.1)
        specs = [dict(x) for x in dict(st.params)["specs"]]
        out = [(x, None, n) for kind, copied, n in out for x in specs] if copy_of is None and all(
            kind.get("types") in {x["types"] for x in specs} for kind, _, _ in out) else out
    visitation = next(iter(player_statics(s, controller, "creature_tokens_replaced")), None)
    if visitation is not None:      # a second one would make Angels Angels again
        angel = dict(dict(visitation.params)["spec"])
        out = [(angel, None, n) if _creature_token(kind, copied) else (kind, copied, n) for kind, copied, n in out]
    for st in player_statics(s, controller, "one_more_token_of_kind"):
        extra = dict(dict(st.params)["spec"])
        if any(copied is None and kind.get("types") == extra["types"] for kind, copied, _ in out):
            out.append((extra, None, 1))        # "those tokens plus an additional Treasure token"
    for st in player_statics(s, controller, "tokens_plus_that_many"):
        out.append((dict(dict(st.params)["spec"]), None, sum(n for _, _, n in out)))
    return out


def _creature_token(spec: dict[str, Any], copy_of: str | None) -> bool:
    """Whether a token would be a creature as it's created: by its spec, or, a copy, by what it copies (707.2)."""
    types = card_def(copy_of).types if copy_of is not None else spec.get("types", "").split(" — ")[0].split()
    return "Creature" in types


def player_cant_lose(game: "Game", player: int) -> bool:
    """ "You can't lose the game" (Platinum Angel) — read from static abilities on the battlefield — or a resolved
    "You can't lose the game this turn" (Angel's Grace, an effect of that player's)."""
    s = game.state
    if any(e.params["kind"] == "cant_lose" and e.params.get("of_player") == player for e in s.effects):
        return True
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller != player:
            continue
        for st in characteristics(s, oid).static:
            if st.kind == "cant_lose":
                return True
    return False


def last_copiable_key(info: dict[str, Any]) -> str | None:
    """The copiable values of a permanent gone from the battlefield, as it last existed there (608.2h, 707.2): from its
    last known information; None for one face down then (708.2a), which that information doesn't say."""
    if info.get("zone") != "battlefield" or not info.get("name") or not info.get("def"):
        return None
    spec = info.get("token_spec")
    return "token:" + json.dumps(spec, sort_keys=True) if spec is not None else info["def"]


def copiable_key(o: GameObject) -> str:
    """The card definition key of an object's copiable values (707.2), including a copy effect on it
    (707.3) and a token's own characteristics. A face-down permanent's are those its face-down status
    gives it, whatever it is a copy of (707.2, 708.2a)."""
    if o.face_down:
        return FACE_DOWN_KEY
    if o.copy_of:
        return o.copy_of
    if o.token is not None:
        return "token:" + json.dumps(o.token, sort_keys=True)
    return o.name
