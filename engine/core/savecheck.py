"""Checks a saved game before it is loaded (issue 14, defect 2): a save that describes an impossible
state is refused with a ValueError that says what is wrong, instead of crashing the first snapshot,
legal-action list or action after loading.

Two passes:
1. `validate_state`: a walk of the state JSON: types, ranges and cross-references of every field
   the engine reads (two to six players, indices in range, integers that are integers and not absurd,
   known zones, steps and decision kinds), each object in exactly one zone: the zone its `zone`
   field names, in its owner's list for a library, hand or graveyard (400.1, 400.7); ids below the
   counters that hand out new ones. The engine-internal data (the task being resumed, triggers
   waiting, last known information) is checked as plain JSON: finite, bounded numbers and depth.
2. `try_playing`: the loaded game is asked for its snapshot and legal actions, and each legal action is
   tried on a clone: damage the walk can't see (an unknown card, a task that doesn't fit the
   decision) shows up there as an exception and the save is refused.
"""
from __future__ import annotations

import json
import math
from typing import Any

from engine.core.cards import (COPY_EXCEPTIONS, EXCEPT_PREFIX, FACE_SEP, GRANTED_PREFIX, MERGED_PREFIX, CardDef,
                               UnknownCard, card_def, check_token_spec, default_pool)
from engine.core.dungeons import DUNGEON_TEXT
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.monarch import MONARCH_ABILITIES
from engine.core.objects import SKIPPABLE

MIN_PLAYERS, MAX_PLAYERS = 2, 6     # two-player and multiplayer games (103.1, 800.1) of up to six seats
BIG = 10 ** 12             # no life total, counter count or id of a real game comes near
MAX_DEPTH = 64             # nesting of the engine's own data
MAX_NAME = 1000
TRIAL_ACTIONS = 64         # legal actions tried on clones by `try_playing` ...
TRIAL_OBJECTS = 64 * 500   # ... while the objects they copy come to no more than this: a game of
                           # 20,000 tokens tries one, and loads in seconds rather than a minute
ABILITY_KINDS = ("", "spell", "activated", "triggered", "delayed", "inherent")    # what a stack object is (engine.core.objects)
# turn_log entries (engine-internal, read back by the rules): counts, and lists of players
TURN_LOG_COUNTS = ("resolutions", "creatures_died", "permanents_to_graveyard", "combats")
TURN_LOG_PLAYER_LISTS = ("spells_cast", "spells_cast_last_turn", "attacked", "left_battlefield_under", "bounced_to_hand_of",
                         "discarded")
DURATIONS = ("end_of_turn", "end_of_combat", "permanent", "while_source", "while_tapped", "while_on_battlefield",
             "your_next_turn", "controller_next_untap")      # the last: "doesn't untap during its controller's next untap step"


class SaveError(ValueError):
    """A saved game that describes an impossible state."""


def validate_state(d: Any) -> None:
    """Raises SaveError naming the first field that is wrong in a state's JSON (GameState.to_json)."""
    _Walk(d).run()


def validate_definitions(d: dict[str, Any]) -> None:
    """Raises SaveError naming a face, Class level or copied definition of a state's JSON that its card
    doesn't have; after validate_state, with the save's cards in the pool."""
    _Walk(d).definitions()


class _Walk:
    def __init__(self, d: Any) -> None:
        self.d = d
        self.n = MIN_PLAYERS     # the number of players, once the player list is read

    # -------------------------------------------------------------- helpers
    @staticmethod
    def fail(path: str, what: str) -> None:
        raise SaveError(f"saved game is damaged: {path} {what}")

    def obj(self, v: Any, path: str) -> dict[str, Any]:
        if not isinstance(v, dict):
            self.fail(path, f"must be an object, not {_show(v)}")
        return v

    def lst(self, v: Any, path: str) -> list[Any]:
        if not isinstance(v, list):
            self.fail(path, f"must be a list, not {_show(v)}")
        return v

    def field(self, d: dict[str, Any], key: str, path: str) -> Any:
        if key not in d:
            self.fail(f"{path}.{key}", "is missing")
        return d[key]

    def int(self, v: Any, path: str, lo: int = -BIG, hi: int = BIG) -> int:
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(path, f"must be a whole number, not {_show(v)}")
        if not lo <= v <= hi:
            self.fail(path, f"is {_show(v)}, out of range {lo}..{hi}")
        return v

    def bool(self, v: Any, path: str) -> bool:
        if not isinstance(v, bool):
            self.fail(path, f"must be true or false, not {_show(v)}")
        return v

    def kicks(self, v: Any, path: str) -> int:
        """How many times a spell was kicked (702.33d): a count, or true/false as earlier saves wrote it."""
        return v if isinstance(v, bool) else self.int(v, path, 0)

    def str(self, v: Any, path: str, *, empty: bool = True) -> str:
        if not isinstance(v, str) or len(v) > MAX_NAME or (not empty and not v):
            self.fail(path, f"must be {'a' if empty else 'a non-empty'} text of at most {MAX_NAME} characters, "
                            f"not {_show(v)}")
        return v

    def player(self, v: Any, path: str) -> int:
        return self.int(v, path, 0, self.n - 1)

    def player_ref(self, v: Any, path: str) -> None:
        if v not in [f"P{i}" for i in range(self.n)]:
            self.fail(path, f"must name a player (P0 .. P{self.n - 1}), not {_show(v)}")

    def in_game(self, i: int, path: str) -> None:
        """800.4a: a player who left the game takes no more part in it."""
        if self.d["players"][i]["lost"] and not self.d.get("game_over"):
            self.fail(path, f"is player {i}, who has left the game (800.4a)")

    def enum(self, cls: type, v: Any, path: str) -> Any:
        try:
            return cls(v)
        except (ValueError, TypeError):
            self.fail(path, f"is {_show(v)}, not one of {', '.join(e.value for e in cls)}")

    def data(self, v: Any, path: str, depth: int = 0) -> None:
        """Plain JSON the engine keeps for itself: bounded depth, numbers finite and in range."""
        if not _plain_data(v, MAX_DEPTH - depth):
            self.data_walk(v, path, depth)      # finds what is wrong, and says where

    def data_walk(self, v: Any, path: str, depth: int) -> None:
        if depth > MAX_DEPTH:
            self.fail(path, f"is nested more than {MAX_DEPTH} deep")
        if isinstance(v, dict):
            for k, x in v.items():
                self.data_walk(x, f"{path}.{k}", depth + 1)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                self.data_walk(x, f"{path}[{i}]", depth + 1)
        elif isinstance(v, float):
            self.fail(path, f"must be a whole number, not {_show(v)}")
        elif isinstance(v, int) and not isinstance(v, bool) and not -BIG <= v <= BIG:
            self.fail(path, f"is {_show(v)}, out of range")

    # -------------------------------------------------------------- the state
    def run(self) -> None:
        d = self.obj(self.d, "the save")
        if d.get("format") != "manatable-game":
            raise SaveError("not a ManaTable saved game")
        version = d.get("version")
        if type(version) is not int or version != 1:
            raise SaveError(f"saved game version {version!r} is not supported")
        players = self.lst(self.field(d, "players", ""), "players")
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.fail("players", f"lists {len(players)} players; a game has {MIN_PLAYERS} to {MAX_PLAYERS}")
        self.n = len(players)
        for i, p in enumerate(players):
            self.player_state(p, i)
        if not self.bool(self.field(d, "game_over", ""), "game_over") \
                and sum(not p["lost"] for p in players) < 2:
            self.fail("players", "have fewer than two players still in the game, but the game is not over (104.2a)")
        # a save carries the records of its cards (checked one by one by Game.from_json): their names are known
        carried = {str(r.get("faceName") or r.get("name")) for r in d.get("cards", []) if isinstance(r, dict)} \
            if isinstance(d.get("cards", []), list) else set()
        objects = self.objects(self.lst(self.field(d, "objects", ""), "objects"), carried)
        self.zones(d, players, objects)
        self.int(self.field(d, "turn", ""), "turn", 1)
        self.player(self.field(d, "active", ""), "active")
        self.enum(Step, self.field(d, "step", ""), "step")
        priority = self.field(d, "priority", "")
        if priority is not None:
            self.in_game(self.player(priority, "priority"), "priority")
        self.int(self.field(d, "passes", ""), "passes", 0, self.n)
        self.bool(self.field(d, "step_started", ""), "step_started")
        self.int(self.field(d, "seed", ""), "seed")
        self.int(self.field(d, "rng", ""), "rng", 0, 2 ** 64 - 1)
        top_id = max(objects, default=0)
        self.int(self.field(d, "next_id", ""), "next_id", top_id + 1)
        top_card = max((o["card_id"] for o in objects.values()), default=0)     # abilities' are negative
        self.int(self.field(d, "next_card_id", ""), "next_card_id", top_card + 1)
        self.int(self.field(d, "next_timestamp", ""), "next_timestamp", 1)
        for i, e in enumerate(self.lst(self.field(d, "effects", ""), "effects")):
            self.effect(e, f"effects[{i}]")
        combat = self.field(d, "combat", "")
        if combat is not None:
            self.combat(self.obj(combat, "combat"), set(d["battlefield"]))
        pending = self.field(d, "pending", "")
        if pending is not None:
            self.decision(self.obj(pending, "pending"))
        task = self.field(d, "task", "")
        if task is not None:
            self.obj(task, "task")
        for key in ("pending_triggers", "delayed_triggers"):
            for i, t in enumerate(self.lst(self.field(d, key, ""), key)):
                self.obj(t, f"{key}[{i}]")
        for key in ("turn_log", "lki", "replacements_used"):
            self.obj(self.field(d, key, ""), key)
        self.turn_log(d["turn_log"])
        for k, info in d["lki"].items():
            self.lki(info, f"lki.{k}")
        for key in ("task", "pending_triggers", "delayed_triggers", "turn_log", "lki", "replacements_used"):
            self.data(d[key], key)
        if d.get("commander") is not None:
            self.commander(self.obj(d["commander"], "commander"), objects, players)
        game_over = self.bool(self.field(d, "game_over", ""), "game_over")
        winners = self.lst(self.field(d, "winners", ""), "winners")
        for i, w in enumerate(winners):
            if players[self.player(w, f"winners[{i}]")]["lost"]:
                self.fail(f"winners[{i}]", f"is player {w}, who lost the game")
        if len(set(winners)) != len(winners):
            self.fail("winners", "lists a player twice")
        if winners and not game_over:
            self.fail("winners", "are named in a game that is not over")
        if pending is None and not game_over and d["task"] is not None:
            self.fail("pending", "is missing: a game in progress that is resuming a task waits for a decision")
        self.bool(self.field(d, "enforce", ""), "enforce")
        self.player(self.field(d, "starting_player", ""), "starting_player")
        self.bool(self.field(d, "mulligan_phase", ""), "mulligan_phase")
        for i, p in enumerate(self.lst(self.field(d, "extra_turns", ""), "extra_turns")):
            self.player(p, f"extra_turns[{i}]")
        self.bool(self.field(d, "skip_first_draw", ""), "skip_first_draw")
        if d.get("day_night", "") not in ("", "day", "night"):
            self.fail("day_night", "is neither \"day\", \"night\" nor \"\" (731)")
        if d.get("monarch") is not None:
            self.player(d["monarch"], "monarch")       # 725.1

    def player_state(self, p: Any, i: int) -> None:
        path = f"players[{i}]"
        p = self.obj(p, path)
        if self.int(self.field(p, "index", path), f"{path}.index") != i:
            self.fail(f"{path}.index", f"is {p['index']}, not its place {i}")
        self.str(self.field(p, "name", path), f"{path}.name")
        self.int(self.field(p, "life", path), f"{path}.life")
        self.int(self.field(p, "poison", path), f"{path}.poison", 0)
        if "energy" in p:     # saves made before energy counters (122.1e) have none
            self.int(p["energy"], f"{path}.energy", 0)
        for key in ("designations", "dungeons_completed"):     # older saves have neither
            for j, d in enumerate(self.lst(p[key], f"{path}.{key}") if key in p else ()):
                self.str(d, f"{path}.{key}[{j}]")
        pool = self.obj(self.field(p, "mana_pool", path), f"{path}.mana_pool")
        if set(pool) != set("WUBRGC"):
            self.fail(f"{path}.mana_pool", f"must count W U B R G C, not {', '.join(map(str, pool))}")
        for c, n in pool.items():
            self.int(n, f"{path}.mana_pool.{c}", 0)
        for j, m in enumerate(self.lst(p["restricted_mana"], f"{path}.restricted_mana") if "restricted_mana" in p else ()):
            # 106.6: [letter, the text of what it may be spent on]
            if not (isinstance(m, list) and len(m) == 2 and m[0] in list("WUBRGC") and isinstance(m[1], str)):
                self.fail(f"{path}.restricted_mana[{j}]", "must be [a mana letter, a restriction's text]")
        for c, n in self.obj(p.get("snow_mana", {}), f"{path}.snow_mana").items():     # older saves have none
            # 107.4h: part of the pool's mana of that letter
            if c not in pool:
                self.fail(f"{path}.snow_mana", f"has a key {c!r} that is not a mana letter")
            self.int(n, f"{path}.snow_mana.{c}", 0, pool[c])
        for key in ("lands_played", "land_plays", "mulligans"):
            self.int(self.field(p, key, path), f"{path}.{key}", 0)
        self.int(self.field(p, "max_hand_size", path), f"{path}.max_hand_size", 0)
        for key in ("life_gained_turn", "life_lost_turn"):
            self.int(self.field(p, key, path), f"{path}.{key}", 0)
        self.int(p.get("turns_to_skip", 0), f"{path}.turns_to_skip", 0)
        for key, n in self.obj(p.get("steps_to_skip", {}), f"{path}.steps_to_skip").items():    # older saves have none
            if key not in SKIPPABLE:
                self.fail(f"{path}.steps_to_skip", f"has a key {key!r} that is none of {', '.join(SKIPPABLE)}")
            self.int(n, f"{path}.steps_to_skip.{key}", 1)
        for key in ("lost", "won", "drew_from_empty", "conceded", "kept", "cant_lose", "skip_draw"):
            self.bool(self.field(p, key, path), f"{path}.{key}")
        stamps = self.lst(p.get("upkeep_stamps", [0, 0]), f"{path}.upkeep_stamps")
        if len(stamps) != 2:
            self.fail(f"{path}.upkeep_stamps", "must hold two timestamps (previous and latest upkeep)")
        for j, stamp in enumerate(stamps):
            self.int(stamp, f"{path}.upkeep_stamps[{j}]", 0)
        for key in ("library", "hand", "graveyard"):
            for j, oid in enumerate(self.lst(self.field(p, key, path), f"{path}.{key}")):
                self.int(oid, f"{path}.{key}[{j}]", 1)

    def objects(self, objects: list[Any], carried: set[str]) -> dict[int, dict[str, Any]]:
        pool = default_pool()
        out: dict[int, dict[str, Any]] = {}
        refs = {f"P{i}" for i in range(self.n)}
        for i, o in enumerate(objects):
            if _plain_card(o, self.n, refs, out, pool, carried):
                out[o["id"]] = o
                continue
            path = f"objects[{i}]"
            o = self.obj(o, path)
            oid = self.int(self.field(o, "id", path), f"{path}.id", 1)
            if oid in out:
                self.fail(f"{path}.id", f"{oid} is used by two objects")
            path = f"object {oid}"
            ability = self.bool(o.get("is_ability", False), f"{path}.is_ability")
            # An ability on the stack is no card: its card_id is its negated id.
            self.int(self.field(o, "card_id", path), f"{path}.card_id", *((-oid, -oid) if ability else (1, BIG)))
            token = o.get("token")
            # 707.2, 708.2a: a token that copies a face-down permanent or spell has no name, nor has the ability
            # of a face-down permanent (the name an ability on the stack carries is its source's).
            copied = isinstance(token, dict) and bool(token.get("copy_of") or token.get("spell_copy"))
            name = self.str(self.field(o, "name", path), f"{path}.name", empty=copied or ability)
            for key in ("owner", "controller"):
                self.player(self.field(o, key, path), f"{path}.{key}")
            if "base_controller" in o:
                self.player(o["base_controller"], f"{path}.base_controller")
            zone = self.enum(Zone, self.field(o, "zone", path), f"{path}.zone")
            for key in ("tapped", "face_down", "phased_out", "deathtouch_damage", "sick", "is_ability",
                        "evoked", "spell_copy"):
                if key in o:
                    self.bool(o[key], f"{path}.{key}")
            if "kicked" in o:
                self.kicks(o["kicked"], f"{path}.kicked")
            counters = self.obj(o.get("counters", {}), f"{path}.counters")
            for kind, n in counters.items():
                self.int(n, f"{path}.counters.{kind}", 1)
            for key in ("damage", "regen_shields", "entered_turn", "timestamp", "face", "class_level"):
                if key in o:
                    self.int(o[key], f"{path}.{key}", 0)
            attached = o.get("attached_to")
            if attached is not None and (isinstance(attached, bool) or not isinstance(attached, int)):
                self.player_ref(attached, f"{path}.attached_to")
            if token is not None:
                self.obj(token, f"{path}.token")
                self.data(token, f"{path}.token")
                try:
                    check_token_spec(token)
                except ValueError as e:
                    self.fail(f"{path}.token", f"is no token: {e}")
            elif not o.get("is_ability") and name not in pool and name not in carried and not name.startswith("token:") \
                    and name not in DUNGEON_TEXT \
                    and not (name.startswith(GRANTED_PREFIX) and zone is Zone.COMMAND):
                # 309.2: dungeon cards come from the rules, not a deck; 114.1: an emblem is no card
                self.fail(f"{path}.name", f"is {name!r}, a card this game doesn't know")
            copy_of = o.get("copy_of")
            if copy_of is not None:
                self.str(copy_of, f"{path}.copy_of", empty=False)
            self.data(self.obj(o.get("chosen", {}), f"{path}.chosen"), f"{path}.chosen")
            stack = o.get("stack")
            if stack is not None:
                self.stack_info(self.obj(stack, f"{path}.stack"), f"{path}.stack")
            elif zone is Zone.STACK:
                self.fail(f"{path}.stack", "is missing for an object on the stack")
            if o.get("is_ability") and zone is not Zone.STACK:
                self.fail(f"{path}.is_ability", "is true for an object that is not on the stack (113.7)")
            out[oid] = o
        for oid, o in out.items():
            attached = o.get("attached_to")
            if isinstance(attached, int) and not isinstance(attached, bool) and attached not in out:
                self.fail(f"object {oid}.attached_to", f"names object {attached}, which doesn't exist")
        return out

    def definitions(self) -> None:
        """Faces, Class levels and copied definitions the objects name, once the pool holds the cards
        (the walk checked the state's shape)."""
        for o in self.d["objects"]:
            path = f"object {o['id']}"
            token = o.get("token")
            for key in ("copy_of", "spell_copy"):
                if isinstance(token, dict) and token.get(key):
                    self.def_key(token[key], f"{path}.token.{key}")
            if o.get("copy_of") is not None:
                self.def_key(o["copy_of"], f"{path}.copy_of")
            if o.get("zone") == Zone.BATTLEFIELD.value and "merged" in o.get("chosen", {}):
                self.merged(o["chosen"]["merged"], f"{path}.chosen.merged")
            elif token is None and not o.get("is_ability") and (d := _card(o["name"])) is not None:
                self.face_and_level(o, d, path)
            if o.get("is_ability") and isinstance(o.get("stack"), dict):
                self.ability_index(o["stack"], f"{path}.stack")

    def ability_index(self, st: dict[str, Any], path: str) -> None:
        """An ability on the stack is an activated, triggered or delayed triggered one (113.3); a token source's
        spec is a token's; an activated or triggered one is one its source's definition has (113.2c), found
        as engine.query.stack_abilities.ability_of finds it when it resolves."""
        kind, index = st.get("ability_kind"), st.get("ability_index", 0)
        if kind not in ("activated", "triggered", "delayed", "inherent"):
            self.fail(f"{path}.ability_kind", f"is {_show(kind)} for an ability, not activated, triggered, delayed "
                      "or inherent")
        if kind == "inherent":
            if not 0 <= index < len(MONARCH_ABILITIES):
                self.fail(f"{path}.ability_index", f"is {index}, not one of the monarch's abilities (725.2)")
            return
        if st.get("source_token") is not None:
            try:
                check_token_spec(st["source_token"])
            except ValueError as e:
                self.fail(f"{path}.source_token", f"is no token: {e}")
            return
        if kind == "delayed":
            return
        d = _card(st["source_def"]) if isinstance(st.get("source_def"), str) else None
        if d is None:
            self.fail(f"{path}.source_def", f"is {_show(st.get('source_def'))}, a card this game doesn't know")
        abilities = d.activated if kind == "activated" else d.triggered
        if "by_hand" not in st.get("event", {}) and not 0 <= index < len(abilities):
            self.fail(f"{path}.ability_index", f"is {index}, but {d.name} has {len(abilities)} {kind} abilities")

    def def_key(self, key: str, path: str) -> None:
        """The key of a definition copiable values come from (707.2): a card the game knows, or a face
        or level of it that the card has (709-712, 716.2a); a token's or a granted ability's key as is."""
        if key.startswith(("token:", GRANTED_PREFIX)) or key in DUNGEON_TEXT:
            return
        if key.startswith(MERGED_PREFIX):
            # 730.2a: a merged permanent's copiable values, from its components' keys
            try:
                parts = json.loads(key[len(MERGED_PREFIX):])
            except ValueError:
                parts = None
            if not isinstance(parts, list) or not parts or not all(isinstance(k, str) for k in parts):
                self.fail(path, f"is {_show(key)}: a merged permanent's key lists its components' keys")
            for i, part in enumerate(parts):
                self.def_key(part, f"{path}[{i}]")
            return
        if key.startswith(EXCEPT_PREFIX):
            # 707.9: a copy with exceptions: the copied definition's key and the exceptions
            try:
                spec = json.loads(key[len(EXCEPT_PREFIX):])
            except ValueError:
                spec = None
            if not isinstance(spec, dict) or not isinstance(spec.get("of"), str) \
                    or set(spec) - COPY_EXCEPTIONS - {"of"}:
                self.fail(path, f"is {_show(key)}: a copy's exceptions are its copied key and "
                                f"{sorted(COPY_EXCEPTIONS)}")
            self.def_key(spec["of"], f"{path}.of")
            return
        base, sep, sel = key.rpartition(FACE_SEP) if FACE_SEP in key else (key, "", "")
        d = _card(base)
        if d is None:
            self.fail(path, f"is {key!r}, a card this game doesn't know")
        if sep:
            faces = sel.isdigit() and 1 <= int(sel) <= len(d.faces)
            levels = sel[:1] == "L" and sel[1:].isdigit() and int(sel[1:]) in {low for low, _ in d.levels}
            if not (faces or levels):
                self.fail(path, f"is {key!r}: {base} has no face or level {sel!r}")

    def merged(self, parts: Any, path: str) -> None:
        """730.2: the cards and tokens that represent a merged permanent, each a card the game knows or a token,
        with the key of its copiable values: what goes to a zone as it leaves the battlefield (730.3)."""
        if not isinstance(parts, list) or not parts:
            self.fail(path, "must list the components of the merged permanent")
        for i, part in enumerate(parts):
            here = f"{path}[{i}]"
            self.obj(part, here)
            self.int(self.field(part, "card_id", here), f"{here}.card_id", 1, BIG)
            self.player(self.field(part, "owner", here), f"{here}.owner")
            self.def_key(self.str(self.field(part, "key", here), f"{here}.key", empty=False), f"{here}.key")
            token = part.get("token")
            if token is not None:
                try:
                    check_token_spec(self.obj(token, f"{here}.token"))
                except ValueError as e:
                    self.fail(f"{here}.token", f"is no token: {e}")
            elif _card(self.str(self.field(part, "name", here), f"{here}.name", empty=False)) is None:
                self.fail(f"{here}.name", f"is {part['name']!r}, a card this game doesn't know")

    def face_and_level(self, o: dict[str, Any], d: CardDef, path: str) -> None:
        """A card's face up is one it has (709.3, 711, 712); its Class level one the Class has (716)."""
        face = o.get("face", 0)
        if face > len(d.faces):
            self.fail(f"{path}.face", f"is {face}, but {d.name} has {len(d.faces) or 'no'} faces")
        level = o.get("class_level", 0)
        top = max((low for low, _ in d.levels), default=0) if d.layout != "leveler" else 0
        if level > top:
            self.fail(f"{path}.class_level", f"is {level}, but {d.name} has {'levels up to ' + str(top) if top else 'no Class levels'} (716)")

    def stack_info(self, st: dict[str, Any], path: str) -> None:
        self.data(st, path)
        for i, m in enumerate(self.lst(st.get("modes", []), f"{path}.modes")):
            self.int(m, f"{path}.modes[{i}]", 0, 100)
        for i, t in enumerate(self.lst(st.get("targets", []), f"{path}.targets")):
            for j, x in enumerate(self.lst(t, f"{path}.targets[{i}]")):
                if not (isinstance(x, int) and not isinstance(x, bool)):
                    self.player_ref(x, f"{path}.targets[{i}][{j}]")
        self.int(st.get("x", 0), f"{path}.x", 0)
        for key in ("is_copy", "evoked"):
            if key in st:
                self.bool(st[key], f"{path}.{key}")
        if "kicked" in st:
            self.kicks(st["kicked"], f"{path}.kicked")
        for key in ("source_id", "source_card_id"):
            if st.get(key) is not None:
                self.int(st[key], f"{path}.{key}", 1)
        self.int(st.get("ability_index", 0), f"{path}.ability_index", -1, 1000)    # -1: a delayed trigger
        divide = self.obj(st.get("divide", {}), f"{path}.divide")
        for k, n in divide.items():
            self.int(n, f"{path}.divide.{k}", 0)
        for key in ("cast_from", "source_name", "ability_kind", "paid_mana", "source_def"):
            if key in st:
                self.str(st[key], f"{path}.{key}")
        if st.get("alt") is not None:
            self.str(st["alt"], f"{path}.alt")
        if st.get("ability_kind", "") not in ABILITY_KINDS:
            self.fail(f"{path}.ability_kind", f"is {_show(st['ability_kind'])}, not one of {', '.join(ABILITY_KINDS[1:])}")
        event = self.obj(st.get("event", {}), f"{path}.event")
        for key in ("source_lki", "object_lki"):
            if event.get(key) is not None:
                self.lki(event[key], f"{path}.event.{key}")
        if st.get("source_token") is not None:
            self.obj(st["source_token"], f"{path}.source_token")

    def turn_log(self, log: dict[str, Any]) -> None:
        """The counts and lists of this turn the rules read back (resolutions, creatures died, spells cast,
        combats, draws, ...): the kind each is written as; the rest is checked as plain data."""
        for key in TURN_LOG_COUNTS:
            if key in log:
                self.int(log[key], f"turn_log.{key}", 0)
        for key in TURN_LOG_PLAYER_LISTS:
            for i, p in enumerate(self.lst(log[key], f"turn_log.{key}") if key in log else ()):
                self.player(p, f"turn_log.{key}[{i}]")
        if log.get("previous_active") is not None:
            self.player(log["previous_active"], "turn_log.previous_active")
        for p, n in self.obj(log.get("draws", {}), "turn_log.draws").items():
            if not p.isdigit() or int(p) >= self.n:
                self.fail("turn_log.draws", f"has a key {p!r} that is not a player")
            self.int(n, f"turn_log.draws.{p}", 0)
        for i, entry in enumerate(self.lst(log.get("entered", []), "turn_log.entered")):
            pair = self.lst(entry, f"turn_log.entered[{i}]")
            if len(pair) != 2:
                self.fail(f"turn_log.entered[{i}]", "must be a player and an object id")
            self.player(pair[0], f"turn_log.entered[{i}][0]")
            self.int(pair[1], f"turn_log.entered[{i}][1]", 1)
        for i, cast in enumerate(self.lst(log.get("casts", []), "turn_log.casts")):
            cast = self.obj(cast, f"turn_log.casts[{i}]")
            for key in ("player", "controller"):
                if key in cast:
                    self.player(cast[key], f"turn_log.casts[{i}].{key}")
            self.words(cast, ("types", "subtypes", "colors", "supertypes"), f"turn_log.casts[{i}]")
            if "mana_value" in cast:
                self.int(cast["mana_value"], f"turn_log.casts[{i}].mana_value", 0)

    def lki(self, info: Any, path: str) -> None:
        """Last known information about an object (608.2h, 603.10): the characteristics the rules read back,
        each of the kind engine.board.zones.describe writes."""
        info = self.obj(info, path)
        if "name" in info:
            self.str(info["name"], f"{path}.name", empty=True)
        for key in ("owner", "controller"):
            if info.get(key) is not None:
                self.player(info[key], f"{path}.{key}")
        self.words(info, ("types", "subtypes", "colors", "supertypes", "keywords"), path)
        for key in ("power", "toughness", "damage"):
            if info.get(key) is not None:
                self.int(info[key], f"{path}.{key}")
        mana_value = info.get("mana_value")     # a card record's own mana value may be a fraction (Little Girl's ½)
        if mana_value is not None and (isinstance(mana_value, bool) or not isinstance(mana_value, (int, float))
                                       or not -BIG <= mana_value <= BIG):
            self.fail(f"{path}.mana_value", f"must be a number, not {_show(mana_value)}")
        for kind, n in self.obj(info.get("counters", {}), f"{path}.counters").items():
            self.int(n, f"{path}.counters.{kind}", 0)
        for key in ("triggered", "granted"):
            self.lst(info.get(key, []), f"{path}.{key}")
        self.obj(info.get("chosen", {}), f"{path}.chosen")

    def words(self, d: dict[str, Any], keys: tuple[str, ...], path: str) -> None:
        for key in keys:
            for i, w in enumerate(self.lst(d[key], f"{path}.{key}") if key in d else ()):
                self.str(w, f"{path}.{key}[{i}]")

    def commander(self, c: dict[str, Any], objects: dict[int, dict[str, Any]], players: list[dict[str, Any]]) -> None:
        """903: commanders are cards of the game, owned by a player, but for those of a player who left
        the game, which left it with them (800.4a); counts are whole numbers."""
        cards = {o["card_id"]: o for o in objects.values()}
        for key in ("owners", "casts", "damage"):
            self.obj(self.field(c, key, "commander"), f"commander.{key}")
        for k, owner in c["owners"].items():
            self.player(owner, f"commander.owners.{k}")
            gone = players[owner]["lost"] and k.isdigit() and int(k) not in cards
            if not gone and (not k.isdigit() or int(k) not in cards or cards[int(k)]["owner"] != owner):
                self.fail(f"commander.owners.{k}", "names no card of the game owned by that player")
        for k, n in c["casts"].items():
            if not k.isdigit():
                self.fail(f"commander.casts.{k}", "must be keyed by a card id")
            self.int(n, f"commander.casts.{k}", 0)
        for p, taken in c["damage"].items():
            if not p.isdigit():
                self.fail(f"commander.damage.{p}", "must be keyed by a player")
            self.player(int(p), f"commander.damage.{p}")
            for k, n in self.obj(taken, f"commander.damage.{p}").items():
                if not k.isdigit():
                    self.fail(f"commander.damage.{p}.{k}", "must be keyed by a card id")
                self.int(n, f"commander.damage.{p}.{k}", 0)

    def zones(self, d: dict[str, Any], players: list[dict[str, Any]], objects: dict[int, dict[str, Any]]) -> None:
        """Each object in exactly one zone list, the one its `zone` field names (400.1)."""
        where: dict[int, str] = {}
        lists: list[tuple[str, Zone, int | None, list[Any]]] = []
        for key, zone in (("battlefield", Zone.BATTLEFIELD), ("stack", Zone.STACK), ("exile", Zone.EXILE),
                          ("command", Zone.COMMAND)):
            lists.append((key, zone, None, self.lst(self.field(d, key, ""), key)))
        lists.append(("phased_out", Zone.BATTLEFIELD, None, self.lst(d.get("phased_out", []), "phased_out")))
        for i, p in enumerate(players):
            for key, zone in (("library", Zone.LIBRARY), ("hand", Zone.HAND), ("graveyard", Zone.GRAVEYARD)):
                lists.append((f"players[{i}].{key}", zone, i, p[key]))
        for label, zone, owner, ids in lists:
            for j, oid in enumerate(ids):
                if type(oid) is not int or not 1 <= oid <= BIG:
                    self.int(oid, f"{label}[{j}]", 1)
                if oid in where:
                    self.fail(label, f"lists object {oid}, which is also in {where[oid]}")
                where[oid] = label
                o = objects.get(oid)
                if o is None:
                    self.fail(label, f"lists object {oid}, which doesn't exist")
                if o["zone"] != zone.value:
                    self.fail(f"object {oid}.zone", f"says {o['zone']}, but the object is in {label}")
                if owner is not None and o["owner"] != owner:
                    self.fail(f"object {oid}.owner", f"is player {o['owner']}, but the object is in {label}")
        for oid in objects:
            if oid not in where:
                self.fail(f"object {oid}", "is in no zone")

    def effect(self, e: Any, path: str) -> None:
        e = self.obj(e, path)
        self.int(self.field(e, "id", path), f"{path}.id", 0)
        for key in ("source_id", "source_card_id"):
            if self.field(e, key, path) is not None:
                self.int(e[key], f"{path}.{key}", 0)
        self.player(self.field(e, "controller", path), f"{path}.controller")
        params = self.obj(self.field(e, "params", path), f"{path}.params")
        self.data(params, f"{path}.params")
        affected = self.field(e, "affected", path)
        if affected is not None:
            for i, a in enumerate(self.lst(affected, f"{path}.affected")):
                if not (isinstance(a, int) and not isinstance(a, bool)):
                    self.player_ref(a, f"{path}.affected[{i}]")
        if self.field(e, "duration", path) not in DURATIONS:
            self.fail(f"{path}.duration", f"is {_show(e['duration'])}, not one of {', '.join(DURATIONS)}")
        self.int(self.field(e, "timestamp", path), f"{path}.timestamp", 0)
        extra = set(e) - {"id", "source_id", "source_card_id", "controller", "params", "affected", "duration",
                          "timestamp"}
        if extra:
            self.fail(path, f"has unknown fields {', '.join(sorted(extra))}")

    def combat(self, c: dict[str, Any], battlefield: set[int]) -> None:
        for key in ("attackers", "blockers"):
            for k in self.obj(self.field(c, key, "combat"), f"combat.{key}"):
                if not k.isdigit() or int(k) not in battlefield:
                    self.fail(f"combat.{key}", f"names {k!r}, which is not a permanent on the battlefield (506.4)")
        for k in self.obj(self.field(c, "blocked", "combat"), "combat.blocked"):
            if not k.isdigit():
                self.fail("combat.blocked", f"has a key {k!r} that is not an object id")
        for k, target in c["attackers"].items():
            # None: the planeswalker or battle it attacked has left combat; it still attacks, nothing (506.4c)
            if target is not None and not (isinstance(target, int) and not isinstance(target, bool)):
                self.player_ref(target, f"combat.attackers.{k}")
        for k, atts in c["blockers"].items():
            for i, a in enumerate(self.lst(atts, f"combat.blockers.{k}")):
                self.int(a, f"combat.blockers.{k}[{i}]", 1)
        for k, b in c["blocked"].items():
            self.bool(b, f"combat.blocked.{k}")
        for key in ("first_strike_done", "attackers_declared", "blockers_declared"):
            self.bool(self.field(c, key, "combat"), f"combat.{key}")
        for i, a in enumerate(self.lst(self.field(c, "dealt_first_strike", "combat"), "combat.dealt_first_strike")):
            self.int(a, f"combat.dealt_first_strike[{i}]", 1)
        self.player(self.field(c, "defending_player", "combat"), "combat.defending_player")
        for k, p in self.obj(c.get("defenders", {}), "combat.defenders").items():
            if not k.isdigit():      # an attacker removed from combat keeps its defending player (802.2a)
                self.fail("combat.defenders", f"has a key {k!r} that is not an object id")
            self.player(p, f"combat.defenders.{k}")
    def decision(self, p: dict[str, Any]) -> None:
        self.in_game(self.player(self.field(p, "player", "pending"), "pending.player"), "pending.player")
        self.enum(DecisionKind, self.field(p, "kind", "pending"), "pending.kind")
        self.str(self.field(p, "prompt", "pending"), "pending.prompt")
        self.data(self.lst(self.field(p, "options", "pending"), "pending.options"), "pending.options")
        lo = self.int(self.field(p, "min", "pending"), "pending.min", 0, 10 ** 6)
        self.int(self.field(p, "max", "pending"), "pending.max", lo, 10 ** 6)
        self.data(self.obj(self.field(p, "data", "pending"), "pending.data"), "pending.data")


# The walk builds a path for every field it checks, to name the one that is wrong; a save of a few
# hundred objects is checked at every turn of a fuzz game, so the common values are first tested at
# once, without paths, and only what fails that test is walked (which then says what is wrong). These
# tests are only ever stricter than the walk: they never pass what it would refuse.
_ZONES = frozenset(z.value for z in Zone)
_OBJECT_FLAGS = ("tapped", "face_down", "phased_out", "deathtouch_damage", "sick", "is_ability", "evoked",
                 "spell_copy")
_OBJECT_COUNTS = ("damage", "regen_shields", "entered_turn", "timestamp", "face", "class_level", "kicked")


def _plain_data(v: Any, room: int) -> bool:
    """Whether `_Walk.data` passes `v` with `room` levels of nesting left."""
    if room < 0:
        return False
    t = type(v)
    if t is dict:
        return all(_plain_data(x, room - 1) for x in v.values())
    if t is list:
        return all(_plain_data(x, room - 1) for x in v)
    if t is int:
        return -BIG <= v <= BIG
    return t is str or t is bool or v is None


def _plain_count(v: Any, lo: int) -> bool:
    return type(v) is int and lo <= v <= BIG


def _plain_card(o: Any, n: int, refs: set[str], seen: dict[int, Any], pool: Any, carried: set[str]) -> bool:
    """Whether `_Walk.objects` passes object `o` of a game of `n` players, for the common case only: a
    card (not a token, an ability or a spell, with no choices made for it) whose fields all hold what
    they should."""
    if type(o) is not dict:
        return False
    get = o.get
    oid = get("id")
    if not _plain_count(oid, 1) or oid in seen or not _plain_count(get("card_id"), 1):
        return False
    if get("token") is not None or get("stack") is not None or get("copy_of") is not None \
            or get("is_ability", False) is not False:
        return False
    chosen = get("chosen", {})
    counters = get("counters", {})
    if type(chosen) is not dict or chosen or type(counters) is not dict \
            or not all(_plain_count(c, 1) for c in counters.values()):
        return False
    name, zone = get("name"), get("zone")
    if type(name) is not str or not 0 < len(name) <= MAX_NAME or type(zone) is not str or zone not in _ZONES \
            or zone == Zone.STACK.value:
        return False
    for key in ("owner", "controller", "base_controller"):
        p = get(key, 0)
        if type(p) is not int or not 0 <= p < n:
            return False
    if not all(type(o[k]) is bool for k in _OBJECT_FLAGS if k in o) \
            or not all(_plain_count(o[k], 0) for k in _OBJECT_COUNTS if k in o):
        return False
    attached = get("attached_to")
    if not (attached is None or type(attached) is int or (type(attached) is str and attached in refs)):
        return False
    return "owner" in o and "controller" in o and (
        name in pool or name in carried or name.startswith("token:") or name in DUNGEON_TEXT
        or (name.startswith(GRANTED_PREFIX) and zone == Zone.COMMAND.value))


def _card(name: str) -> CardDef | None:
    """The definition a card name stands for in this game (a save's own cards included), if any."""
    try:
        return card_def(name)
    except UnknownCard:
        return None


def _show(v: Any) -> str:
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    text = repr(v) if not isinstance(v, (dict, list)) else type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def try_playing(game: Any, wrap: bool = True) -> None:
    """Raises SaveError if a loaded game can't show its snapshot, list its legal actions or take one of
    them (each tried on a clone; a refused action is fine, any other exception is not). `wrap=False`
    lets the exception itself through (the fuzzer reports it as the crash it is)."""
    try:
        for viewer in (None, *range(len(game.state.players))):
            game.snapshot(viewer)
        if game.is_over:
            return
        actions = game.legal_actions()
        if not actions:
            raise SaveError("saved game is damaged: the pending decision has no legal answer")
        tries = max(1, min(TRIAL_ACTIONS, TRIAL_OBJECTS // max(1, len(game.state.objects))))
        for action in actions[:tries]:
            try:
                game.clone().apply(action, atomic=False)    # a throwaway copy: no backup of it needed
            except IllegalAction:
                continue
    except SaveError:
        raise
    except Exception as e:      # noqa: BLE001 -- any exception here means the state is damaged
        if not wrap:
            raise
        raise SaveError(f"saved game is damaged: it fails when played on ({type(e).__name__}: {e})") from None
