"""The public view of a game for one player (the UI's snapshot): what that player may see (hidden
zones hidden, 400.2), as JSON-able data. See docs/ENGINE-API.md."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import card_def
from engine.core.dungeons import rooms
from engine.core.enums import Zone
from engine.core.state import Task
from engine.query.layers import characteristics, player_statics
from engine.query.stack_abilities import ability_of
from engine.effects.delayed_triggers import pending_delayed
from engine.effects.dungeons import dungeon_of
from engine.effects.resolution_casts import may_look
from engine.rules.library_top import sees_top_card, top_revealed

if TYPE_CHECKING:
    from engine.game import Game


def object_view(game: "Game", oid: int) -> dict[str, Any]:
    s = game.state
    o = s.objects[oid]
    if o.is_ability:
        info = o.stack
        return {"id": oid, "card_id": o.card_id, "name": info.source_name, "owner": o.owner,
                "controller": o.controller, "zone": "stack", "kind": "ability", "tapped": False,
                "face_down": False, "token": False, "counters": {}, "damage": 0, "attached_to": None,
                "power": None, "toughness": None, "loyalty": None, "type_line": "Ability", "types": [],
                "colors": "", "mana_cost": "", "text": _ability_text(game, o), "sick": False,
                "abilities": [], "targets": [t for g in info.targets for t in g],
                "source": info.source_id}
    ch = characteristics(s, oid)
    d = ch.definition
    view = {
        "id": oid, "card_id": o.card_id, "name": ch.name, "owner": o.owner, "controller": o.controller,
        "zone": o.zone.value, "tapped": o.tapped, "face_down": o.face_down, "token": o.token is not None,
        "counters": dict(o.counters), "damage": o.damage, "attached_to": o.attached_to,
        "power": ch.power, "toughness": ch.toughness, "loyalty": o.counters.get("loyalty", ch.loyalty),
        "type_line": ch.type_line, "types": sorted(ch.types), "colors": "".join(c for c in "WUBRG" if c in ch.colors),
        "mana_cost": str(ch.mana_cost), "text": d.text, "sick": o.sick, "supported": not d.unsupported,
        "phased_out": o.phased_out,         # 702.26b: shown, though the game treats it as though it doesn't exist
        "abilities": [ab.text for ab in ch.activated], "keywords": ch.keyword_texts(),
        # Unread text played by hand (engine.effects.by_hand): triggered abilities its controller puts on
        # the stack ("this triggered now", TriggerByHand by index) and reminders of static abilities.
        "hand_triggers": list(d.hand_triggers), "reminders": list(d.reminders),
    }
    merged = o.chosen.get("merged") if o.zone is Zone.BATTLEFIELD else None
    if merged:
        # 730.2: the cards and tokens that represent a merged permanent, topmost first
        view["merged"] = [{"card_id": c["card_id"], "name": c["name"], "token": c["token"] is not None} for c in merged]
    whole = card_def(o.name) if o.token is None and o.copy_of is None else None
    if whole is not None and whole.faces:
        # 712.6, 709, 710, 715: every face of the card, for a player to look at; `face` is the one up.
        view["layout"] = whole.layout
        view["face"] = o.face
        view["faces"] = [_face_view(f) for f in whole.faces]
    if o.zone is Zone.STACK:
        view["kind"] = "spell"
        view["targets"] = [t for g in o.stack.targets for t in g] if o.stack else []
        view["copy"] = o.spell_copy       # a copy of a spell (707.10), not a card
    return view


def _face_view(d) -> dict[str, Any]:
    return {"name": d.name, "mana_cost": str(d.mana_cost), "type_line": d.type_line, "text": d.text,
            "power": d.power, "toughness": d.toughness, "loyalty": d.loyalty,
            "colors": "".join(c for c in "WUBRG" if c in d.colors)}


def _ability_text(game: "Game", o) -> str:
    try:
        return ability_of(game, o).text
    except (KeyError, IndexError, ValueError):
        return ""


def _command_view(game: "Game", oid: int, viewer: int | None) -> dict[str, Any]:
    """An object in the command zone (408). A face-down conspiracy is hidden but from its controller, who may look at
    it and the names chosen for its hidden agenda (315.7, 702.106b); face up, its names are public (702.106c)."""
    o = game.state.objects[oid]
    if o.face_down and viewer not in (None, o.controller):
        return {"id": oid, "card_id": o.card_id, "zone": o.zone.value, "owner": o.owner, "controller": o.controller,
                "face_down": True, "hidden": True, "name": "", "text": "", "mana_cost": ""}
    v = object_view(game, oid)
    if o.face_down:
        v.update({"name": o.name, "text": card_def(o.name).text})       # 315.7: its controller looks at it
    if "card_name" in o.chosen:
        v["chosen_names"] = list(o.chosen["card_name"])
    return v


def _commander_view(game: "Game", player: int) -> dict[str, Any]:
    """A Commander game's facts about one player (903): their commanders, each with its name, where it is
    and its tax (903.8), and the combat damage each commander has dealt them (903.10a)."""
    s = game.state
    c = s.commander
    if c is None:
        return {}
    cards = {o.card_id: o for o in s.objects.values() if o.card_id in c.owners and not o.is_ability}
    commanders = [{"card_id": card_id, "name": cards[card_id].name, "zone": cards[card_id].zone.value,
                   "casts": c.casts.get(card_id, 0), "tax": c.tax(card_id)}
                  for card_id in c.commanders_of(player) if card_id in cards]
    damage = [{"card_id": card_id, "name": cards[card_id].name if card_id in cards else "",
               "owner": c.owners[card_id], "amount": n}
              for card_id, n in sorted(c.damage.get(player, {}).items())]
    return {"commanders": commanders, "commander_damage": damage}


def _dungeon_view(game: "Game", player: int) -> dict[str, Any] | None:
    """The player's dungeon in the command zone and the room their venture marker is in (309.4)."""
    oid = dungeon_of(game.state, player)
    if oid is None:
        return None
    o = game.state.objects[oid]
    return {"id": oid, "name": o.name, "room": rooms(o.name)[o.chosen.get("room", 1) - 1].name}


def snapshot(game: "Game", viewer: int | None) -> dict[str, Any]:
    s = game.state
    players = []
    for p in s.players:
        sees_hand = viewer is None or viewer == p.index
        # 400.2: a hidden zone; "Your opponents play with their hands revealed" (701.18c) shows it to every player
        shown = sees_hand or bool(player_statics(s, p.index, "hand_revealed"))
        hand = [object_view(game, h) if shown else {"id": h, "hidden": True,
                                                    "card_id": s.objects[h].card_id} for h in p.hand]
        players.append({
            "index": p.index, "name": p.name, "life": p.life, "poison": p.poison, "energy": p.energy,
            "mana_pool": "".join(c * p.mana_pool.get(c, 0) for c in "WUBRGC"),
            # 106.6: mana that may be spent only on some things: [letter, what on]
            "restricted_mana": [list(m) for m in p.restricted_mana],
            "library_count": len(p.library), "hand_count": len(p.hand), "hand": hand,
            # 401.5: the top card its owner may look at any time (or play), shown to them alone; or played revealed,
            # shown to every player
            "library_top": object_view(game, p.library[-1]) if p.library and (
                (sees_hand and sees_top_card(s, p.index)) or top_revealed(s, p.index)) else None,
            "graveyard": [object_view(game, g) for g in p.graveyard],
            # 406.3: a card exiled face down is seen by its owner and by a player an effect lets look at it
            "exile": [object_view(game, e) for e in s.exile if s.objects[e].owner == p.index
                      and (not s.objects[e].face_down or viewer in (None, p.index)
                           or may_look(s.objects[e], viewer, s.turn))],
            "lands_played": p.lands_played, "lost": p.lost,
            # 408: the command zone is public; 903.8, 903.10a: each commander's tax and the damage taken
            "command": [_command_view(game, c, viewer) for c in s.command if s.objects[c].owner == p.index],
            **_commander_view(game, p.index),
            "dungeon": _dungeon_view(game, p.index), "dungeons_completed": list(p.dungeons_completed),
            # 103.2b, 702.139a: a companion revealed from outside the game is public until it is put into the
            # hand (702.139c), where it is a card of the game like another
            "companion": _face_view(card_def(p.companion)) if p.companion and p.companion_card is None else None,
        })
    pending = None
    if s.pending is not None:
        d = s.pending
        pending = {"player": d.player, "kind": d.kind.value, "prompt": d.prompt}
        if viewer is None or viewer == d.player:
            pending.update({"options": d.options, "min": d.min, "max": d.max, "data": d.data})
            # The cards offered are shown to the player deciding, even from a hidden zone (a search).
            pending["option_names"] = {str(o): characteristics(s, o).name for o in d.options
                                       if isinstance(o, int) and o in s.objects and not s.objects[o].is_ability}
    combat = None
    if s.combat is not None:
        combat = {"attackers": {str(k): v for k, v in s.combat.attackers.items()},
                  "blockers": {str(k): v for k, v in s.combat.blockers.items()},
                  "bands": [list(b) for b in s.combat.bands]}       # 702.22c, 508.1e: the attacking bands
    battlefield = []
    for oid in s.battlefield + s.phased_out:
        o = s.objects[oid]
        if o.face_down and viewer not in (None, o.controller):
            v = object_view(game, oid)
            v.update({"name": "", "text": "", "mana_cost": "", "hidden": True})
            battlefield.append(v)
        else:
            battlefield.append(object_view(game, oid))
    return {
        "turn": s.turn, "active": s.active, "step": s.step.value, "phase": s.step.phase.value,
        # 608.1, 117.3b: no one holds priority while a spell or ability resolves (its choices, text carried out
        # by hand); the active player receives it after.
        "priority": None if (s.task is not None and s.task.kind is Task.RESOLVE) else s.priority, "pending": pending, "players": players, "battlefield": battlefield,
        "stack": [object_view(game, x) for x in s.stack], "combat": combat,
        "game_over": s.game_over, "winners": list(s.winners), "enforce": s.enforce,
        "mulligan": s.mulligan_phase, "delayed": pending_delayed(game),
    }
