"""Which events trigger which trigger conditions (603.2, 603.6 zone changes, 603.10 look-back).

Each matcher gets the trigger, the event, the id of the watching permanent (None for look-back from
an object that left) and, for look-back, that object's last known information.
"""
from __future__ import annotations

from dataclasses import replace

from typing import TYPE_CHECKING, Any, Callable

from engine.core.abilities import Filter, Trigger, TriggeredAbility
from engine.core.cards import card_def, token_def
from engine.core.enums import Zones
from engine.core.events import Event
from engine.core.objects import is_player_ref, player_index
from engine.core.state import ResolveTask
from engine.query.layers import (characteristics, definition_of, enters_tapped_by_others, grants_triggered_abilities,
                                 graveyard_derived, graveyard_kept, matches_ch, statics_of_kind,
                                 working_from_command)
from engine.query.amounts import check_condition_static, info_matches
from engine.query.stack_abilities import ability_of

if TYPE_CHECKING:
    from engine.game import Game

Matcher = Callable[["Game", Trigger, Event, "int | None", "dict | None"], bool]
MATCHERS: dict[str, Matcher] = {}


def matcher(name: str) -> Callable[[Matcher], Matcher]:
    def deco(fn: Matcher) -> Matcher:
        MATCHERS[name] = fn
        return fn
    return deco


def _controller(game: "Game", oid: int | None, was: dict | None) -> int:
    if was is not None:
        return was["controller"]
    return game.state.objects[oid].controller


def _chosen(game: "Game", watcher: int | None, was: dict | None) -> dict:
    """What the watching permanent's controller chose as it entered (614.12), or as it was."""
    if watcher is not None and watcher in game.state.objects:
        return game.state.objects[watcher].chosen
    return (was or {}).get("chosen") or {}


def _info_matches(info: dict[str, Any], t: Trigger, controller: int, watcher: int | None,
                  chosen: dict | None = None) -> bool:
    """The trigger's filter over an object as it last existed; "another" excludes the watcher (603.10a)."""
    return info_matches(info, t.filter, controller, other_than=watcher, chosen=chosen or {})


def _subject_object(game: "Game", t: Trigger, obj_id: Any, info: dict | None, watcher: int | None,
                    was: dict | None) -> bool:
    """Is the object the event is about the trigger's subject?"""
    s = game.state
    if t.subject == "self":
        if was is not None:
            return info is not None and info.get("id") == was["id"]
        return obj_id == watcher
    controller = _controller(game, watcher, was)
    if t.subject == "haunted":
        # 702.55c: the creature the exiled card haunts (its id as it was, 400.7)
        haunted = _chosen(game, watcher, was).get("haunting")
        return haunted is not None and (obj_id == haunted or (info is not None and info.get("id") == haunted))
    if t.subject in ("enchanted", "equipped"):
        if watcher is None:
            return False
        return s.objects[watcher].attached_to == obj_id or (info is not None and info.get("id") == s.objects[watcher].attached_to)
    if t.subject in ("self_or_filter", "filter"):
        if t.subject == "self_or_filter" and (obj_id == watcher or (was and info and info.get("id") == was["id"])):
            return True
        if info is not None:
            # looking back (603.10a): "another" excludes the object whose ability it is
            return _info_matches(info, t, controller, watcher if watcher is not None else (was or {}).get("id"),
                                 _chosen(game, watcher, was))
        if isinstance(obj_id, int) and obj_id in s.objects:
            o = s.objects[obj_id]
            return matches_ch(s, o, characteristics(s, obj_id), t.filter, controller, watcher)
    return False


@matcher("enters")
def _enters(game, t, e, watcher, was):
    if e.kind != "zone_change" or e.data.get("to") != "battlefield":
        return False
    if t.from_zone and e.data.get("from") != t.from_zone:
        return False        # "when ~ enters from a graveyard"
    oid = e.data["object"]
    if oid not in game.state.objects:
        return False
    if t.subject == "self":
        return oid == watcher
    if t.to == "enchanted_player" and f"P{game.state.objects[oid].controller}" != _enchanted_player(game, watcher):
        return False        # "a land enters under enchanted player's control" (303.4)
    return _subject_object(game, t, oid, None, watcher, was)


def _entered_tapped(game, oid: int) -> bool:
    """It was put onto the battlefield tapped, or an "enters tapped [unless ...]" applies to it (614.1c; that
    replacement is applied just after the entering event, engine.effects.static_replacements, with the same
    condition)."""
    s = game.state
    o = s.objects[oid]
    return o.tapped or enters_tapped_by_others(s, o.id) or any(
        st.kind == "enters_tapped" and st.affected.kind == "self"
        and (st.condition is None or check_condition_static(s, o, st.condition))
        for st in characteristics(s, o.id).static)


@matcher("enters_untapped")
def _enters_untapped(game, t, e, watcher, was):
    """ "When ~ enters untapped": it wasn't put onto the battlefield tapped, and its own "enters tapped" doesn't
    apply."""
    return _enters(game, t, e, watcher, was) and not _entered_tapped(game, e.data["object"])


@matcher("enters_tapped")
def _enters_tapped(game, t, e, watcher, was):
    """ "Whenever a permanent enters tapped and under your control": it entered tapped (614.1c)."""
    return _enters(game, t, e, watcher, was) and _entered_tapped(game, e.data["object"])


@matcher("chapter")
def _chapter(game, t, e, watcher, was):
    """714.2b: lore counters put on this Saga (also as it enters, 122.6) took their number from below N
    to at least N."""
    o = game.state.objects.get(watcher) if watcher is not None else None
    if o is None or e.kind != "counter_added" or e.data["object"] != watcher or e.data["kind"] != "lore":
        return False
    after = o.counters.get("lore", 0)
    return after - e.data["amount"] < t.nth <= after


@matcher("room")
def _room(game, t, e, watcher, was):
    """309.4c: "When you move your venture marker into this room": this dungeon's room number `nth`."""
    return e.kind == "room_entered" and e.data["object"] == watcher and e.data["room"] == t.nth


@matcher("transforms")
def _transforms(game, t, e, watcher, was):
    """701.27e: "whenever ~ transforms into ~": it transformed (or converted), and this face is now up; "whenever a
    permanent you control transforms into a non-Human creature": one that is such a permanent now."""
    if e.kind != "transform":
        return False
    if t.subject == "filter":
        return e.data["object"] in game.state.objects and _subject_object(game, t, e.data["object"], None, watcher, was)
    return e.data["object"] == watcher


@matcher("class_level")
def _class_level(game, t, e, watcher, was):
    """716.2a: "When this Class becomes level N"."""
    return e.kind == "class_level" and e.data["object"] == watcher and e.data["level"] == t.nth


def _leaves(game, t, e, watcher, was, to: str | None) -> bool:
    if e.kind != "zone_change" or e.data.get("from") != "battlefield":
        return False
    if to is not None and e.data.get("to") != to:
        return False
    info = e.data.get("was")
    if info is None:
        return False
    if t.subject == "self":
        return was is not None and info.get("id") == was["id"]
    return _subject_object(game, t, None, info, watcher, was)


@matcher("leaves")
def _leaves_any(game, t, e, watcher, was):
    """ "leaves the battlefield", or "is put into exile from the battlefield" (to: the zone it went to); whose "you":
    "is returned to your hand", into its owner's hand (400.3), the ability's controller's."""
    if t.whose == "you" and e.kind == "zone_change" and e.data.get("owner") != _controller(game, watcher, was):
        return False
    return _leaves(game, t, e, watcher, was, t.to or None)


@matcher("dies")
def _dies(game, t, e, watcher, was):
    # 700.4: "dies" means put into a graveyard from the battlefield.
    if e.data.get("was") and "Creature" not in e.data["was"].get("types", ()) and t.subject != "self":
        return False
    if t.to == "dealt_damage_by_self" and watcher not in game.state.turn_log.get("damaged_objects", {}).get(
            str((e.data.get("was") or {}).get("id")), ()):
        return False        # "a creature dealt damage by ~ this turn dies": only one ~ damaged this turn
    return _leaves(game, t, e, watcher, was, "graveyard")


@matcher("put_into_graveyard")
def _to_graveyard(game, t, e, watcher, was):
    if t.whose in ("you", "opponent"):
        # "is put into your graveyard / an opponent's graveyard from the battlefield": by its owner
        mine = e.data.get("owner") == _controller(game, watcher, was)
        if mine != (t.whose == "you"):
            return False
    return _leaves(game, t, e, watcher, was, "graveyard")


@matcher("designated")
def _designated(game, t, e, watcher, was):
    """ "When ~ becomes monstrous" (701.37b), "becomes renowned" (702.112b): `to` names the designation."""
    if e.kind != "designated" or e.data.get("designation") != t.to:
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("attacks")
def _attacks(game, t, e, watcher, was):
    if e.kind != "attack":
        return False
    if t.to == "enchanted_player":
        # a Curse's "whenever a creature attacks enchanted player" (303.4)
        if e.data.get("target") != _enchanted_player(game, watcher):
            return False
    elif t.to:
        # "attacks you", "attacks an opponent", "attacks you or a planeswalker you control"
        target = e.data.get("target")
        controller = _controller(game, watcher, was)
        s = game.state
        if isinstance(target, str) and target[:1] == "P":
            p = int(target[1:])
            if (t.to in ("you", "you_or_yours") and p != controller) or (t.to == "opponent" and p == controller):
                return False
        elif t.to != "you_or_yours" or target not in s.objects or s.objects[target].controller != controller:
            return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("attacks_alone")
def _attacks_alone(game, t, e, watcher, was):
    """506.5: a creature attacks alone if it's the only creature declared as an attacker."""
    combat = game.state.combat
    return _attacks(game, t, e, watcher, was) and combat is not None and len(combat.attackers) == 1


@matcher("attacks_with_greater_power")
def _attacks_with_greater(game, t, e, watcher, was):
    """Training 702.149a: it attacks with another creature with greater power."""
    s = game.state
    if not _attacks(game, t, e, watcher, was) or s.combat is None:
        return False
    mine = characteristics(s, e.data["object"]).power or 0
    return any((characteristics(s, a).power or 0) > mine for a in s.combat.attackers if a != e.data["object"])


@matcher("attacks_most_life")
def _attacks_most_life(game, t, e, watcher, was):
    """Dethrone 702.105a: it attacks the player with the most life or tied for most life."""
    s = game.state
    target = e.data.get("target")
    if not _attacks(game, t, e, watcher, was) or not is_player_ref(target):
        return False
    return s.players[player_index(target)].life >= max(p.life for p in s.players if not p.lost)


@matcher("turned_face_up")
def _turned_face_up(game, t, e, watcher, was):
    if e.kind != "turned_face_up":
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("last_counter_removed")
def _last_counter_removed(game, t, e, watcher, was):
    """Vanishing 702.63a: "When the last [kind] counter is removed from ~"."""
    if e.kind != "counter_removed" or e.data.get("kind") != t.to or e.data.get("left") != 0:
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("blocked_by")
def _blocked_by(game, t, e, watcher, was):
    """ "Whenever ~ / enchanted creature becomes blocked by a creature without flanking": one event per matching
    blocker."""
    if e.kind != "block":
        return False
    s = game.state
    me = watcher if t.subject == "self" else (s.objects[watcher].attached_to if watcher in s.objects else None)
    if me is None or me not in e.data["attackers"]:
        return False
    blocker = e.data["object"]
    return blocker in s.objects and matches_ch(s, s.objects[blocker], characteristics(s, blocker), t.filter,
                                               _controller(game, watcher, was), watcher)


@matcher("attack_batch")
def _attack_batch(game, t, e, watcher, was):
    """ "Whenever one or more creatures attack": once for the declaration, if any attacker matches."""
    if e.kind != "attackers_declared":
        return False
    controller = _controller(game, watcher, was)
    if t.subject in ("you", "opponent", "any_player") and not _player_subject(game, t, e.data["player"], watcher, was):
        return False
    if t.subject == "self" and watcher not in [info.get("id") for info in e.data["attackers"]]:
        return False        # "whenever ~ and at least two other creatures attack"
    # "you attack with three or more creatures" (508.1): counted over the declaration; "a player attacks
    # enchanted player with one or more creatures": those attacking that player.
    chosen = _chosen(game, watcher, was)
    combat = game.state.combat
    cursed = _enchanted_player(game, watcher) if t.to == "enchanted_player" else None
    # "a player attacks one or more of your opponents": a player attacked who isn't the ability's controller
    opponents = {f"P{p}" for p in range(len(game.state.players)) if p != controller} if t.to == "your_opponents" else None
    # "an opponent attacks a planeswalker you control": a planeswalker attacked (its object) the controller controls
    mine = {o for o in game.state.battlefield if game.state.objects[o].controller == controller
            and characteristics(game.state, o).is_type("Planeswalker")} if t.to == "your_planeswalkers" else None
    return sum(1 for info in e.data["attackers"]
               if _info_matches(info, t, controller, watcher, chosen) and
               (cursed is None or (combat is not None and combat.attackers.get(info.get("id")) == cursed)) and
               (opponents is None or (combat is not None and combat.attackers.get(info.get("id")) in opponents)) and
               (mine is None or (combat is not None and combat.attackers.get(info.get("id")) in mine))
               ) >= max(t.nth, 1)


def _enchanted_player(game, watcher) -> str | None:
    """The player an Aura enchants ("P1"), or None."""
    o = game.state.objects.get(watcher) if watcher is not None else None
    return o.attached_to if o is not None and isinstance(o.attached_to, str) else None


@matcher("blocks")
def _blocks(game, t, e, watcher, was):
    if e.kind != "block":
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("becomes_blocked")
def _becomes_blocked(game, t, e, watcher, was):
    if e.kind != "blocked":
        return False
    return _subject_object(game, t, e.data["object"], None, watcher, was)


@matcher("blocked_by_batch")
def _blocked_by_batch(game, t, e, watcher, was):
    """ "Whenever ~ becomes blocked by one or more colorless creatures": once, as the blocks are declared (509.1h),
    if any of its blockers matches."""
    if e.kind != "blocked" or not _subject_object(game, t, e.data["object"], None, watcher, was):
        return False
    s = game.state
    controller = _controller(game, watcher, was)
    return any(b in s.objects and matches_ch(s, s.objects[b], characteristics(s, b), t.filter, controller, watcher)
               for b in e.data["blockers"])


def _damage(game, t, e, watcher, was, combat_only: bool) -> bool:
    if e.kind != "damage":
        return False
    if combat_only and not e.data.get("combat"):
        return False
    if e.data.get("amount", 0) < t.least:
        return False        # "deals 6 or more damage to an opponent"
    src = e.data.get("source")
    if t.subject == "self":
        if src != watcher:
            return False
    elif t.subject in ("enchanted", "equipped"):
        if watcher is None or game.state.objects[watcher].attached_to != src:
            return False
    elif not _subject_object(game, t, src, None, watcher, was):
        return False
    target = e.data.get("target")
    controller = _controller(game, watcher, was)
    if t.to == "player" and not (isinstance(target, str)):
        return False
    if t.to == "opponent" and not (isinstance(target, str) and int(target[1:]) != controller):
        return False
    if t.to == "creature" and (isinstance(target, str) or not e.data.get("target_creature")):
        return False        # "deals damage to a creature": not to a planeswalker or battle that isn't one
    if t.to == "you" and target != f"P{controller}":
        return False
    if t.to == "planeswalker" and (isinstance(target, str) or not e.data.get("target_planeswalker")):
        return False
    if t.to == "object":
        # "deals damage to a Vampire": the permanent dealt the damage, as it is now (the subject is ~ or its host)
        s = game.state
        return isinstance(target, int) and target in s.objects and \
            matches_ch(s, s.objects[target], characteristics(s, target), t.filter, controller, watcher)
    return True


@matcher("deals_damage")
def _deals_damage(game, t, e, watcher, was):
    return _damage(game, t, e, watcher, was, False)


@matcher("deals_combat_damage")
def _deals_combat_damage(game, t, e, watcher, was):
    return _damage(game, t, e, watcher, was, True)


@matcher("deals_noncombat_damage")
def _deals_noncombat_damage(game, t, e, watcher, was):
    return not e.data.get("combat") and _damage(game, t, e, watcher, was, False)


@matcher("deals_combat_damage_batch")
def _deals_combat_damage_batch(game, t, e, watcher, was):
    # the once-per-step count is kept by engine.rules.triggers
    return _damage(game, t, e, watcher, was, True)


def _source_matches(game, t, e, watcher, was) -> bool:
    """ "Whenever a creature (a spell, a source of the chosen color) deals damage to ~ / to you": the source of a damage
    event as it deals it, or as it last existed (120.1)."""
    s, src = game.state, e.data.get("source")
    so = s.objects.get(src)
    if t.to == "spell":
        return so is not None and so.zone is Zones.STACK and not so.is_ability
    if so is not None and so.zone in (Zones.BATTLEFIELD, Zones.STACK):
        return matches_ch(s, so, characteristics(s, src), t.filter, _controller(game, watcher, was), watcher)
    info = s.lki.get(str(src))
    return info is not None and so is None and _info_matches(info, t, _controller(game, watcher, was), watcher,
                                                             _chosen(game, watcher, was))


@matcher("dealt_damage")
def _dealt_damage(game, t, e, watcher, was):
    if e.kind != "damage":
        return False
    target = e.data.get("target")
    if t.subject == "self" and (t.filter is not None or t.to == "spell") and target == watcher:
        return _source_matches(game, t, e, watcher, was)
    if t.subject == "self":
        return target == watcher
    # "Whenever enchanted creature is dealt damage" (Ragged Veins), "whenever a creature you control is ..."
    return isinstance(target, int) and _subject_object(game, t, target, None, watcher, was)


@matcher("cast")
def _cast(game, t, e, watcher, was):
    if e.kind != "cast":
        return False
    controller = _controller(game, watcher, was)
    if t.subject in ("you", "opponent", "enchanted_player") and not _player_subject(game, t, e.data["player"], watcher,
                                                                                      was):
        return False
    if t.subject == "self":
        return False      # the spell's own "when you cast this spell": engine.rules.spell_copies
    oid = e.data["object"]
    s = game.state
    if t.whose == "opponent" and s.active == controller:
        return False      # "your first spell during each opponent's turn", "a spell during an opponent's turn"
    if t.whose == "your_turn" and s.active != controller:
        return False      # "an opponent casts a blue spell during your turn"
    if t.from_zone and (e.data.get("from") == "hand" if t.from_zone == "not_hand" else e.data.get("from") != t.from_zone):
        return False      # "casts a spell from anywhere other than their hand", "from their graveyard" (601.2a)
    if t.filter is not None and oid in s.objects:
        if not matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter, controller, watcher):
            return False
    if t.to == "card" and (oid not in s.objects or s.objects[oid].spell_copy):
        return False        # "whenever you play a card": a copy cast isn't a card (707.12)
    if t.to == "kicked" and not (oid in s.objects and s.objects[oid].stack is not None and s.objects[oid].stack.kicked
                                 and any(c.kind == "kicker" for c in characteristics(s, oid).definition.costs)):
        return False        # 702.33d: its kicker cost was paid (not another optional additional cost)
    if t.to in ("targets_self", "targets_yours"):
        # "a spell that targets ~" / "that targets a creature you control" (115.1)
        tg = [x for x in _targets_of(game, e) if isinstance(x, int) and x in s.objects]
        if t.to == "targets_self" and watcher not in tg:
            return False
        if t.to == "targets_yours" and not any(s.objects[x].controller == controller and
                                                characteristics(s, x).is_creature for x in tg):
            return False
    if t.nth or t.least:
        # "your first instant or sorcery spell each turn": this is that player's nth such spell; "the fourth spell of a
        # turn" (whose "turn"): the nth of all players' spells this turn; "other than the first ... each turn": the
        # second or a later one (least)
        caster = e.data["player"]
        casts = [c for c in s.turn_log.get("casts", ()) if t.whose == "turn" or c["player"] == caster]
        n = sum(1 for c in casts if _info_matches(c, t, controller, watcher, _chosen(game, watcher, was)))
        return n >= t.least if t.least else n == t.nth
    return True


@matcher("copy")
def _copy(game, t, e, watcher, was):
    """ "Whenever you copy an instant spell": a copy of a spell put on the stack (707.10)."""
    if e.kind != "copy" or e.data.get("ability") or e.data["player"] != _controller(game, watcher, was):
        return False
    oid = e.data["object"]
    s = game.state
    return t.filter is None or (oid in s.objects and
                                matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter, e.data["player"], watcher))


@matcher("draws")
def _draws(game, t, e, watcher, was):
    if e.kind != "draw":
        return False
    if t.nth and e.data.get("nth") != t.nth:
        return False        # "you draw your second card each turn"
    if t.to == "not_first_in_draw_step" and e.data.get("first_in_draw_step"):
        return False        # "... except the first one they draw in each of their draw steps" (504.1)
    return t.subject == "any_player" or _player_subject(game, t, e.data["player"], watcher, was)


@matcher("life_gained")
def _life_gained(game, t, e, watcher, was):
    if e.kind != "life" or e.data["amount"] <= 0:
        return False
    if t.nth == 1 and game.state.players[e.data["player"]].life_gained_turn != e.data["amount"]:
        return False        # "for the first time each turn": life was gained before this turn
    if t.whose == "your_turn" and game.state.active != _controller(game, watcher, was):
        return False        # "whenever you gain life during your turn"
    return _player_subject(game, t, e.data["player"], watcher, was)


def discard_by_opponent(game: "Game", e: Event) -> bool:
    """Whether a spell or ability an opponent of the discarding player controls made them discard: the
    one resolving (a cost is paid by its own controller, 118.3)."""
    task = game.state.task
    so = game.state.objects.get(task.object) if isinstance(task, ResolveTask) else None
    return e.kind == "discard" and so is not None and so.controller != e.data["player"]


@matcher("discarded_by_opponent")
def _discarded_by_opponent(game, t, e, watcher, was):
    """ "Whenever a spell or ability an opponent controls causes you to discard a card"."""
    return discard_by_opponent(game, e) and _discards(game, t, e, watcher, was)


@matcher("discards")
def _discards(game, t, e, watcher, was):
    if e.kind != "discard":
        return False
    if t.filter is not None:
        # "you discard a creature card": the card in the graveyard it was discarded to
        s = game.state
        card = e.data.get("card")
        if card not in s.objects or not matches_ch(s, s.objects[card], characteristics(s, card), t.filter,
                                                    _controller(game, watcher, was), watcher):
            return False
    return t.subject == "any_player" or _player_subject(game, t, e.data["player"], watcher, was)


def _player_subject(game, t, player: Any, watcher, was) -> bool:
    """Is the player of an event (an index or "P1") the trigger's player subject (you, opponent, any)?"""
    if isinstance(player, str) and player[:1] == "P":
        player = int(player[1:])
    if not isinstance(player, int):
        return False
    controller = _controller(game, watcher, was)
    if t.subject == "you":
        return player == controller
    if t.subject == "opponent":
        return player != controller
    if t.subject == "enchanted_player":
        return f"P{player}" == _enchanted_player(game, watcher)       # a Curse's player (303.4)
    return t.subject == "any_player"


def _object_or_self(game, t, oid, watcher, was) -> bool:
    if t.subject == "self":
        return oid == watcher
    return _subject_object(game, t, oid, None, watcher, was)


def _object_event(kind: str) -> Matcher:
    def match(game, t, e, watcher, was):
        return e.kind == kind and _object_or_self(game, t, e.data["object"], watcher, was)
    return match


def _player_event(kind: str) -> Matcher:
    def match(game, t, e, watcher, was):
        return e.kind == kind and _player_subject(game, t, e.data["player"], watcher, was)
    return match


# 603.2e: "becomes tapped" is the event of tapping, not entering tapped; 509.3g: "attacks and isn't
# blocked" is the "unblocked" event of the declare blockers step (no blocker declared for it).
for _name, _kind in (("tapped", "tap"), ("untapped", "untap"), ("unblocked", "unblocked"), ("exerted", "exerted"),
                     ("exploits", "exploits"), ("explores", "explored"), ("mutates", "mutated")):
    matcher(_name)(_object_event(_kind))
for _kind in ("clash", "dungeon_completed"):
    matcher(_kind)(_player_event(_kind))


def _looked_at_top(kind: str) -> Matcher:
    def match(game, t, e, watcher, was):
        # "whenever you surveil for the first time each turn": that player's first this turn (nth)
        return e.kind == kind and (not t.nth or e.data.get("nth") == t.nth) and \
            _player_subject(game, t, e.data["player"], watcher, was)
    return match


for _kind in ("surveil", "scry"):
    matcher(_kind)(_looked_at_top(_kind))


@matcher("countered")
def _countered(game, t, e, watcher, was):
    """ "Whenever a spell you've cast is countered" (701.6a): a spell its caster cast, not a copy (707.12), as it
    leaves the stack."""
    so = game.state.objects.get(e.data["object"]) if e.kind == "countered" else None
    if so is None or so.is_ability or so.stack is None or so.stack.is_copy:
        return False
    return _player_subject(game, t, so.controller, watcher, was)


def _batched(name: str) -> None:
    """ "Whenever one or more creatures you control die": the event of each of them matches; the once-per-
    simultaneous-event count is kept by engine.rules.triggers (603.2c)."""
    matcher(name + "_batch")(lambda game, t, e, watcher, was: MATCHERS[name](game, t, e, watcher, was))


for _name in ("dies", "enters", "leaves", "put_into_graveyard", "discards", "sacrificed"):
    _batched(_name)


@matcher("coin_flip")
def _coin_flip(game, t, e, watcher, was):
    """ "Whenever you win a coin flip" (705.2): the player's flip, won (or lost)."""
    return e.kind == "coin_flip" and e.data["won"] == (t.to == "won") and \
        _player_subject(game, t, e.data["player"], watcher, was)


matcher("die_roll")(_player_event("die_roll"))


@matcher("day_night")
def _day_night(game, t, e, watcher, was):
    """ "Whenever day becomes night or night becomes day" (731.1a): not as it first becomes day or night."""
    return e.kind == "day_night" and e.data.get("from") in ("day", "night")


@matcher("land_played")
def _land_played(game, t, e, watcher, was):
    """ "Whenever a player plays a land" (305.1): the land, on the battlefield now."""
    if e.kind != "play_land" or not _player_subject(game, t, e.data["player"], watcher, was):
        return False
    s, oid = game.state, e.data["object"]
    return oid in s.objects and matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter,
                                           _controller(game, watcher, was), watcher)


@matcher("energy")
def _gets_energy(game, t, e, watcher, was):
    """ "Whenever you get one or more {E}" (107.14): energy given, not paid."""
    return e.kind == "energy" and e.data["amount"] > 0 and _player_subject(game, t, e.data["player"], watcher, was)


@matcher("blocks_creature")
def _blocks_creature(game, t, e, watcher, was):
    """509.3b: once for each attacking creature it blocks (one "blocked" event per attacker)."""
    if e.kind != "blocked":
        return False
    s = game.state
    me = watcher if t.subject == "self" else (s.objects[watcher].attached_to if watcher in s.objects else None)
    attacker = e.data["object"]
    return me in e.data.get("blockers", ()) and attacker in s.objects and \
        matches_ch(s, s.objects[attacker], characteristics(s, attacker), t.filter, _controller(game, watcher, was),
                   watcher)


@matcher("blocks_batch")
def _blocks_batch(game, t, e, watcher, was):
    """ "Whenever ~ blocks one or more black creatures": once as it is declared a blocker (509.1), if any creature
    it blocks matches."""
    if e.kind != "block":
        return False
    s = game.state
    me = watcher if t.subject == "self" else (s.objects[watcher].attached_to if watcher in s.objects else None)
    controller = _controller(game, watcher, was)
    return e.data["object"] == me and any(
        a in s.objects and matches_ch(s, s.objects[a], characteristics(s, a), t.filter, controller, watcher)
        for a in e.data["attackers"])


@matcher("sacrificed")
def _sacrificed(game, t, e, watcher, was):
    """701.21a: a permanent its controller sacrificed; "you sacrifice a creature": its controller was you."""
    if e.kind != "zone_change" or e.data.get("cause") != "sacrifice" or e.data.get("from") != "battlefield":
        return False
    info = e.data.get("was")
    if info is None:
        return False
    if t.subject == "self":
        return was is not None and info.get("id") == was["id"] or info.get("id") == watcher
    if t.subject in ("you", "opponent", "any_player"):
        return _player_subject(game, t, info.get("controller"), watcher, was) and \
            _info_matches(info, t, _controller(game, watcher, was),
                          watcher if watcher is not None else (was or {}).get("id"), _chosen(game, watcher, was))
    return _subject_object(game, t, None, info, watcher, was)


@matcher("to_graveyard")
def _to_graveyard_from(game, t, e, watcher, was):
    """ "is put into a graveyard from anywhere / from your library" (a card, or a permanent that left)."""
    if e.kind != "zone_change" or e.data.get("to") != "graveyard":
        return False
    if t.from_zone and e.data.get("from") != t.from_zone:
        return False
    controller = _controller(game, watcher, was)
    owner = e.data.get("owner")
    if (t.whose == "you" and owner != controller) or (t.whose == "opponent" and owner == controller):
        return False
    oid = e.data["object"]
    if t.subject == "self":
        info = e.data.get("was")
        if e.data.get("old") == watcher or (info is not None and was is not None and info.get("id") == was["id"]):
            return True
        # from the library, the hand or the stack, where the card's abilities don't work: the card that arrived,
        # watching from the graveyard (_from_graveyard); from the battlefield, the permanent looks back (603.10a)
        return oid == watcher and e.data.get("from") != "battlefield"
    s = game.state
    info = e.data.get("was")
    if info is not None:
        return _info_matches(info, t, controller, watcher, _chosen(game, watcher, was))
    return oid in s.objects and matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter, controller, watcher)


@matcher("to_graveyard_batch")
def _to_graveyard_batch(game, t, e, watcher, was):
    # "one or more cards are put into your graveyard": once for each event, counted by engine.rules.triggers
    return _to_graveyard_from(game, t, e, watcher, was)


@matcher("leaves_graveyard")
def _leaves_graveyard(game, t, e, watcher, was):
    """ "a creature card leaves your graveyard": a card its owner's graveyard lost, for any zone; it is a new
    object there (400.7) with the same characteristics as the card it was."""
    if e.kind != "zone_change" or e.data.get("from") != "graveyard":
        return False
    owner = e.data.get("owner")
    controller = _controller(game, watcher, was)
    if (t.whose == "you" and owner != controller) or (t.whose == "opponent" and owner == controller):
        return False
    s = game.state
    oid = e.data["object"]
    if t.filter is None or t.filter == Filter():
        return True
    return oid in s.objects and matches_ch(s, s.objects[oid], characteristics(s, oid), t.filter, controller, watcher)


@matcher("leaves_graveyard_batch")
def _leaves_graveyard_batch(game, t, e, watcher, was):
    # once for each event (603.2c), counted by engine.rules.triggers
    return _leaves_graveyard(game, t, e, watcher, was)


@matcher("tapped_for_mana")
def _tapped_for_mana(game, t, e, watcher, was):
    """ "Whenever a player taps an Island for mana, ~ deals 1 damage to that player": the tapped permanent's
    event (106.12a). Only an ability that isn't a mana ability (`to` "stack", 605.1b) is matched here: the
    triggered mana abilities resolve at once as the mana is made (engine.effects.payment)."""
    return e.kind == "tapped_for_mana" and t.to == "stack" and \
        _object_or_self(game, t, e.data["object"], watcher, was)


@matcher("counters_put")
def _counters_put(game, t, e, watcher, was):
    if e.kind != "counter_added" or (t.counter and e.data.get("kind") != t.counter):
        return False
    if t.whose in ("you", "opponent") and not _player_subject(game, replace(t, subject=t.whose), e.data.get("player"),
                                                               watcher, was):
        return False        # "whenever you put one or more counters on ...": the player who put them (122.6)
    return _object_or_self(game, t, e.data["object"], watcher, was)


def _targets_of(game, e) -> list:
    """The targets of the spell or ability an event put on the stack, or its new targets (115.7)."""
    if e.kind == "retarget":
        return list(e.data["new_targets"])
    so = game.state.objects.get(e.data.get("object"))
    if so is None or so.stack is None:
        return []
    return [x for group in so.stack.targets for x in group]


@matcher("becomes_target")
def _becomes_target(game, t, e, watcher, was):
    """ "becomes the target of a spell or ability [an opponent controls]" (115.1)."""
    if e.kind not in ("cast", "activate", "trigger", "retarget"):
        return False
    if (t.to == "spell" and e.kind not in ("cast", "retarget")) or (t.to == "ability" and e.kind in ("cast", "retarget")):
        return False
    player = e.data.get("player", e.data.get("controller"))
    me = _controller(game, watcher, was)
    if (t.whose == "opponent" and player == me) or (t.whose == "you" and player != me):
        return False
    s = game.state
    if t.subject in ("you", "opponent", "any_player"):
        # "Whenever you become the target of a spell": a player among its targets (115.1)
        return any(is_player_ref(x) and _player_subject(game, t, x, watcher, was) for x in _targets_of(game, e))
    for x in _targets_of(game, e):
        if isinstance(x, int) and x in s.objects and _object_or_self(game, t, x, watcher, was):
            return True
    return False


@matcher("activated")
def _activated(game, t, e, watcher, was):
    """ "Whenever you activate a loyalty ability of a Chandra planeswalker", "... an ability of an artifact that isn't
    a mana ability" (602.2): an ability put on the stack, its source matching the filter as it was activated."""
    if e.kind != "activate":
        return False
    s = game.state
    src, so = e.data.get("source"), s.objects.get(e.data.get("object"))
    if src != watcher if t.subject == "self" else not _player_subject(game, t, e.data["player"], watcher, was):
        return False        # "whenever you activate ~'s outlast ability": an ability of ~
    if src not in s.objects or so is None or so.stack is None or so.stack.ability_kind != "activated":
        return False        # cycling and the like, activated from a hand (engine: "cycled")
    if t.to == "loyalty" and not ability_of(game, so).is_loyalty:
        return False
    if t.to not in ("", "loyalty") and ability_of(game, so).keyword != t.to:
        return False        # "whenever you activate a boast ability" (702.142b)
    return matches_ch(s, s.objects[src], characteristics(s, src), t.filter, _controller(game, watcher, was), watcher)


@matcher("crews")
def _crews(game, t, e, watcher, was):
    """ "Whenever ~ crews a Vehicle" (702.122b): it was tapped to pay the Vehicle's crew cost; the event's object is
    the Vehicle."""
    return e.kind == "crews" and t.subject == "self" and e.data["crew"] == watcher


@matcher("crewed")
def _crewed(game, t, e, watcher, was):
    """ "Whenever ~ becomes crewed" (702.122d): whenever a crew ability of it resolves."""
    if e.kind != "resolve" or t.subject != "self":
        return False
    so = game.state.objects.get(e.data["object"])
    return so is not None and so.is_ability and so.stack is not None and so.stack.ability_kind == "activated" \
        and so.stack.source_id == watcher and bool(ability_of(game, so).cost.crew)


@matcher("unattached")
def _unattached(game, t, e, watcher, was):
    """ "Whenever ~ becomes unattached from a permanent" (701.3d): ~ itself, on the battlefield or, having left it,
    looking back (603.10c, engine.rules.triggers); the event's object is the permanent it was attached to."""
    if e.kind != "unattached" or t.subject != "self":
        return False
    if was is not None:
        return e.data.get("source_lki") is was
    return "source_lki" not in e.data and e.data.get("source") == watcher


@matcher("attached")
def _attached(game, t, e, watcher, was):
    """ "Whenever an Aura becomes attached to ~", "whenever ~ becomes attached to a creature" (603.2e): the event of
    the subject becoming attached (701.3a) to ~ (to "self") or to a permanent matching `host`."""
    s = game.state
    if e.kind != "attach" or e.data["object"] not in s.objects:
        return False
    host = e.data["object"]
    if t.to == "self" and host != watcher:
        return False
    if t.host is not None and not matches_ch(s, s.objects[host], characteristics(s, host), t.host,
                                             _controller(game, watcher, was), watcher):
        return False
    return _subject_object(game, t, e.data["source"], None, watcher, was)


@matcher("cycled")
def _cycled(game, t, e, watcher, was):
    """702.29: a player cycles a card when they activate its cycling ability (noticed from the
    graveyard for "when you cycle ~", engine.rules.triggers)."""
    card_id = cycled_card(game, e)
    if card_id is None:
        return False
    if t.subject == "self":
        return watcher in game.state.objects and card_id == game.state.objects[watcher].card_id
    if t.filter is not None and t.filter.other and watcher in game.state.objects \
            and card_id == game.state.objects[watcher].card_id:
        return False
    if t.nth:
        # "for the first time each turn": the player's first such cycle this turn, this one counted (turn log)
        mine = game.state.objects[watcher].card_id if t.filter is not None and t.filter.other and \
            watcher in game.state.objects else None
        done = [c for p, c in game.state.turn_log.get("cycled", []) if p == e.data["player"] and c != mine]
        if len(done) != t.nth:
            return False
    return _player_subject(game, t, e.data["player"], watcher, was)


def cycled_card(game: "Game", e: Event) -> int | None:
    """The card id of the card cycled by an "activate" event (702.29a: cycling and typecycling are
    activated from the hand by discarding the card), or None."""
    if e.kind != "activate":
        return None
    so = game.state.objects.get(e.data.get("object"))
    if so is None or so.stack is None or so.stack.ability_kind != "activated":
        return None
    ab = ability_of(game, so)
    if not (ab.from_hand and ab.cost.discard_self and "cycling" in ab.text.lower()):
        return None
    return so.stack.source_card_id


@matcher("evolves")
def _evolves(game, t, e, watcher, was) -> bool:
    """ "Whenever ~ evolves" (702.100d): +1/+1 counters put on it as its own evolve ability resolves."""
    s = game.state
    if e.kind != "counter_added" or t.subject != "self" or e.data["object"] != watcher or e.data["kind"] != "+1/+1" \
            or not s.stack:
        return False
    so = s.objects.get(s.stack[-1])
    if so is None or not so.is_ability or so.stack is None or so.stack.source_id != watcher:
        return False
    condition = ability_of(game, so).condition
    return condition is not None and condition.kind == "evolves"


@matcher("searched")
def _searched(game, t, e, watcher, was) -> bool:
    """ "Whenever an opponent searches their library" (701.23a): a search of that player's own library."""
    return e.kind == "search" and e.data["player"] == e.data["owner"] and \
        _player_subject(game, t, e.data["player"], watcher, was)


@matcher("life_paid")
def _life_paid(game, t, e, watcher, was) -> bool:
    """ "Whenever you pay life" (119.4): life paid for a cost or an "unless", not other life lost."""
    return e.kind == "life" and bool(e.data.get("paid")) and _player_subject(game, t, e.data["player"], watcher, was)


@matcher("life_lost")
def _life_lost(game, t, e, watcher, was) -> bool:
    """A loss of life, also the one damage causes (120.3a)."""
    if e.kind == "life" and e.data["amount"] < 0:
        player, loss = e.data["player"], -e.data["amount"]
    elif e.kind == "damage" and isinstance(e.data.get("target"), str) and e.data.get("loss", 0) > 0:
        player, loss = int(e.data["target"][1:]), e.data["loss"]
    else:
        return False
    if t.nth == 1 and game.state.players[player].life_lost_turn != loss:
        return False        # "for the first time each turn": life was lost before this turn
    if t.whose == "your_turn" and game.state.active != _controller(game, watcher, was):
        return False        # "whenever you lose life during your turn"
    return _player_subject(game, t, player, watcher, was)


@matcher("player_dealt_damage")
def _player_dealt_damage(game, t, e, watcher, was):
    target = e.data.get("target") if e.kind == "damage" else None
    # least: "is dealt 3 or more damage by a single source", the damage of one event (one source, at once)
    return isinstance(target, str) and _player_subject(game, t, target, watcher, was) and (
        t.filter is None or _source_matches(game, t, e, watcher, was)) and e.data.get("amount", 0) >= t.least


@matcher("player_dealt_combat_damage")
def _player_dealt_combat_damage(game, t, e, watcher, was):
    return bool(e.kind == "damage" and e.data.get("combat")) and _player_dealt_damage(game, t, e, watcher, was)


@matcher("player_dealt_noncombat_damage")
def _player_dealt_noncombat_damage(game, t, e, watcher, was):
    return bool(e.kind == "damage" and not e.data.get("combat")) and _player_dealt_damage(game, t, e, watcher, was)


@matcher("dealt_combat_damage")
def _dealt_combat_damage(game, t, e, watcher, was):
    return e.kind == "damage" and bool(e.data.get("combat")) and e.data.get("target") == watcher


def trigger_matches(game: "Game", t: Trigger, event: Event, oid: int | None, was: dict | None) -> bool:
    m = MATCHERS.get(t.event)
    if t.event in ("enters", "enters_untapped") and _entering_silenced(game, event):
        return False
    if t.during and (game.state.active == _controller(game, oid, was)) != (t.during == "you"):
        return False        # "... during your turn": the event happened in the wrong player's turn
    return m is not None and m(game, t, event, oid, was)


def _entering_silenced(game: "Game", e: Event) -> bool:
    """ "Creatures entering the battlefield don't cause abilities to trigger" (603.6a): the permanent that entered,
    as it is on the battlefield, is one the ability names (Hushwing Gryff's rulings)."""
    s = game.state
    found = statics_of_kind(s, "entering_dont_trigger")
    if not found or e.kind != "zone_change" or e.data.get("to") != "battlefield":
        return False
    o = s.objects.get(e.data["object"])
    if o is None or o.zone is not Zones.BATTLEFIELD:
        return False
    ch = characteristics(s, o.id)
    return any(matches_ch(s, o, ch, st.affected.filter, s.objects[src].controller, src) for src, st in found)


# The trigger events each kind of happening causes (603.2d): a creature's dying causes "dies", "leaves" and "is put
# into a graveyard" abilities to trigger, not "whenever you sacrifice" (Teysa Karlov's rulings); a land's entering
# causes "enters" abilities, not "whenever you play a land" (Ancient Greenwarden's); a creature's attacking,
# "whenever ~ attacks" and "whenever you attack", not "becomes tapped" (Isshin's).
_CAUSED_BY = {
    "enters": frozenset({"enters", "enters_untapped", "enters_tapped", "enters_batch"}),
    "dies": frozenset({"dies", "dies_batch", "leaves", "leaves_batch", "put_into_graveyard",
                       "put_into_graveyard_batch", "to_graveyard", "to_graveyard_batch"}),
    "attacks": frozenset({"attacks", "attacks_alone", "attacks_with_greater_power", "attacks_most_life",
                          "attack_batch"}),
}


def additional_triggers(game: "Game", t: Trigger, data: dict, controller: int) -> int:
    """603.2d: how many more times a triggered ability of a permanent `controller` controls triggers on the event
    `data`: once for each "If an artifact or creature entering the battlefield causes a triggered ability of a
    permanent you control to trigger, that ability triggers an additional time" (Panharmonicon), "a creature dying"
    (Teysa Karlov), "a creature attacking" (Isshin) that `controller` controls whose happening the event is. The
    entering permanent as it is on the battlefield, the dying one as it last existed there (603.6a, 603.10a); such a
    permanent leaving at the same time as the creature dies still applies (603.10a: Teysa dying with it)."""
    s = game.state
    cause = next((c for c, events in _CAUSED_BY.items() if t.event in events), None)
    if cause is None:
        return 0
    found = [(oid, s.objects[oid].controller, st) for oid, st in statics_of_kind(s, "additional_trigger")]
    if cause == "dies":
        was = data.get("was")
        leaving = list(game.leaving or ())
        for info in leaving + ([was] if was and all(i["id"] != was["id"] for i in leaving) else []):
            found += [(info["id"], info["controller"], st) for st in _statics_had(info) if st.kind == "additional_trigger"]
    n = 0
    for src, who, st in found:
        if who != controller or dict(st.params).get("cause") != cause:
            continue
        if cause == "enters":
            o = s.objects.get(data.get("object")) if data.get("to") == "battlefield" else None
            n += o is not None and o.zone is Zones.BATTLEFIELD and matches_ch(
                s, o, characteristics(s, o.id), st.affected.filter, who, src)
        elif cause == "dies":
            n += data.get("from") == "battlefield" and data.get("to") == "graveyard" and \
                info_matches(data.get("was") or {}, st.affected.filter, who)
        else:
            # 506.3: what attacks is a creature, and these are the events of an attack; "a creature you control
            # attacking": the attacking player's own (506.2)
            n += st.affected.filter is None or st.affected.filter.controller != "you" or data.get("player") == who
    return n


def _statics_had(info: dict) -> tuple:
    """The static abilities of the definition a permanent that left had (a token's from its spec, 111.1)."""
    if info.get("token_spec") is not None:
        return token_def(info["token_spec"]).static
    try:
        return card_def(info.get("def") or "").static
    except KeyError:
        return ()


def jsonable(d: dict) -> dict:
    return {k: v for k, v in d.items() if isinstance(v, (int, str, bool, float, list, dict, type(None)))}


Watcher = tuple[int, int, TriggeredAbility]


class _Watchers:
    """The permanents' watchers (`_permanents_watchers`, the "watchers" cache entry) and the parts of that list picked
    out when first asked (`_picked`: by event kind, by trigger event): kept and forgotten with the list they are made
    of."""
    __slots__ = ("all", "picked")

    def __init__(self, found: list[Watcher]) -> None:
        self.all = found
        self.picked: dict[tuple[str, str], list[Watcher]] = {}


def _kept_watchers(game: "Game") -> _Watchers:
    s = game.state
    cached = s.cache.get("watchers")
    if cached is None:
        cached = s.cache["watchers"] = _Watchers(_permanents_watchers(game))
    return cached


def watchers(game: "Game") -> list[Watcher]:
    """The triggered abilities that watch for events now: the permanents', and those of cards that
    function where the cards are (113.6k: a graveyard's, haunt in exile, a dungeon's rooms)."""
    cached = _kept_watchers(game).all
    graveyards = _graveyard_watchers(game)
    return cached + graveyards if graveyards else cached


# The kinds of event the matchers of these trigger events can match: each reads the event's kind before anything else
# it could change or fail on and answers False for any other kind (the "enters" ones through _enters, "leaves",
# "dies" and "put_into_graveyard" through _leaves), as trigger_matches does before them. A trigger event not listed
# may match any event.
_ZONE_CHANGE = frozenset({"zone_change"})
_EVENT_KINDS: dict[str, frozenset[str]] = {
    "enters": _ZONE_CHANGE, "enters_untapped": _ZONE_CHANGE, "enters_tapped": _ZONE_CHANGE,
    "leaves": _ZONE_CHANGE, "dies": _ZONE_CHANGE, "put_into_graveyard": _ZONE_CHANGE,
    "attacks": frozenset({"attack"}),
}


def may_match(ab: TriggeredAbility, kind: str) -> bool:
    """Whether the ability's trigger can match an event of this kind (`_EVENT_KINDS`)."""
    kinds = _EVENT_KINDS.get(ab.trigger.event)
    return kinds is None or kind in kinds


def _picked(game: "Game", key: tuple[str, str], keep: Callable[[TriggeredAbility], bool]) -> list[Watcher]:
    """The watchers (`watchers`, in its order) whose ability `keep` keeps: the permanents' picked out once under
    `key`, the graveyards' each time (they are not kept)."""
    cached = _kept_watchers(game)
    found = cached.picked.get(key)
    if found is None:
        found = cached.picked[key] = [w for w in cached.all if keep(w[2])]
    graveyards = graveyard_kept(game.state, "watchers")
    if graveyards is None:
        graveyards = _graveyard_watchers(game)
    return found + [w for w in graveyards if keep(w[2])] if graveyards else found


def watchers_triggering_on(game: "Game", trigger_event: str) -> list[Watcher]:
    """The watchers (`watchers`, in its order) whose trigger event is this one ("step", "state")."""
    return _picked(game, ("trigger", trigger_event), lambda ab: ab.trigger.event == trigger_event)


def watchers_of(game: "Game", kind: str) -> list[Watcher]:
    """The watchers (`watchers`, in its order) whose trigger may match an event of this kind (`may_match`): the
    others can't trigger on it."""
    s = game.state
    cached = s.cache.get("watchers")
    found = cached.picked.get(("kind", kind)) if cached is not None else None
    if found is not None:
        # (asked at every event: those picked out already and the graveyards' kept, without `_picked`'s calls)
        graveyards = graveyard_kept(s, "watchers")
        if graveyards is not None:
            return found + [w for w in graveyards if may_match(w[2], kind)] if graveyards else found
    return _picked(game, ("kind", kind), lambda ab: may_match(ab, kind))


def _graveyard_watchers(game: "Game") -> list[tuple[int, int, TriggeredAbility]]:
    """113.6k: "return ~ from your graveyard to ...": abilities of cards in graveyards, kept while the
    graveyards hold the same cards (a card moving between a graveyard and a hand leaves the battlefield's
    cache alone; engine.query.layers.graveyard_derived)."""
    return graveyard_derived(game.state, "watchers", _read_graveyard_watchers)


def _read_graveyard_watchers(cards) -> list[tuple[int, int, TriggeredAbility]]:
    return [(oid, i, ab) for ids, defs in cards for oid, d in zip(ids, defs) for i, ab in _from_graveyard(d)]


# A definition's triggered abilities that work from a graveyard, (index, ability), by id of the definition
# (held, so that its id stays its own): the graveyards change at most events.
_FROM_GRAVEYARD: dict[int, tuple[Any, list[tuple[int, TriggeredAbility]]]] = {}


def _from_graveyard(d) -> list[tuple[int, TriggeredAbility]]:
    known = _FROM_GRAVEYARD.get(id(d))
    if known is None or known[0] is not d:
        if len(_FROM_GRAVEYARD) > 4096:
            _FROM_GRAVEYARD.clear()
        # "When ~ is put into a graveyard from anywhere": the card there sees its own arrival (_to_graveyard_from)
        known = _FROM_GRAVEYARD[id(d)] = (d, [(i, ab) for i, ab in enumerate(d.triggered) if ab.from_graveyard or (
            ab.trigger.event == "to_graveyard" and ab.trigger.subject == "self")])
    return known[1]


def _permanents_watchers(game: "Game") -> list[tuple[int, int, TriggeredAbility]]:
    s = game.state
    out = []
    granted = grants_triggered_abilities(s)
    for oid in s.battlefield:
        o = s.objects[oid]
        # Only permanents whose card has triggered abilities, unless an effect grants some: this skips
        # computing characteristics for most of the battlefield.
        if o.phased_out or not (granted or definition_of(o).triggered):
            continue
        ch = characteristics(s, oid)
        out.extend((oid, i, ab) for i, ab in enumerate(ch.triggered) if not ab.from_graveyard)
    for oid in s.exile:
        o = s.objects[oid]
        if o.chosen.get("haunting") is not None:
            # 702.55c: a haunting card's "when the creature it haunts dies" works from exile
            out.extend((oid, i, ab) for i, ab in enumerate(definition_of(o).triggered) if ab.trigger.subject == "haunted")
    conspiracies = working_from_command(s) if s.command else []
    for oid in s.command:
        # 309.4c: a dungeon's room abilities trigger from the command zone; 114.4: an emblem's abilities work there;
        # 315.5: a face-up conspiracy's too
        works = bool(s.objects[oid].chosen.get("emblem")) or oid in conspiracies
        out.extend((oid, i, ab) for i, ab in enumerate(definition_of(s.objects[oid]).triggered)
                   if ab.trigger.event == "room" or works)
    return out
