"""Scenario files: set up a game state, play a script through the engine, check the result.

The format is ../shared/scenarios/FORMAT.md (a TOML file with `[state]`, `[players.X]`, `[[do]]` and
`[expect]`). The runner drives the engine only through its public API (docs/ENGINE-API.md): it builds
the state with `Game.empty`/`add_card`/`start_at`, turns each script step into an action for
`Game.apply`, and reads the result from `game.state` and `game.characteristics`.

    python -m engine.scenario PATH [PATH ...]

prints `PASS <file>` or `FAIL <file>: <reason>` per file and `N passed, M failed`; exits 0, 1 (some
scenario failed) or 2 (some file could not be read or is malformed).

Where FORMAT.md is silent, the runner does what a player writing the file would expect:
- a card named in `play`/`cast` is looked for first among the acting player's cards in the zone it is
  played from (hand, or `from`), so two Forests in hand need no ids;
- `choose` answers are matched against the pending decision's options: players by name, words
  ("yes", "red") as written, numbers as written (mode numbers count from 1 like `modes`), and card names
  first among the offered objects (so `choose = ["Forest", "Forest"]` picks two different Forests);
- `advance` to the step the game is already in does nothing; it stops early, without failing, when the
  game ends or when a decision other than priority or an empty attack/block declaration comes up;
  `advance` to untap or cleanup, where no one gets priority, stops once that step's turn-based actions
  are done (Game.pause_at), and the next action goes on from there;
- `attack = {}` / `block = {}` when the engine already declared none by itself (no creature could
  attack or block: a decision with one legal answer) just states what happened;
- trigger order answers name sources, even ones that have left the battlefield since they triggered;
- `[expect.X] battlefield` lists the permanents X controls, `exile` the exiled cards X owns; `library`
  (an extension) is X's library in order, top first;
- a token is set up under the player whose table lists it; unknown keys are malformed, so a typo can't
  silently skip a check.
"""
from __future__ import annotations

import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.core import player_actions as A
from engine.core.enums import DecisionKind, Step, Zone

STEP_NAMES = [s.value for s in Step]
COLOR_LETTERS = "WUBRG"
ZONE_KEYS = ("hand", "library", "graveyard", "exile", "battlefield")
ENTRY_KEYS = {"card", "token", "id", "tapped", "sick", "counters", "damage", "attached_to", "controller",
              "face_down", "power", "toughness", "colors", "types", "abilities"}
TOKEN_ONLY_KEYS = {"power", "toughness", "colors", "types", "abilities"}
PLAYER_KEYS = {"life", "poison", "mana_pool", "lands_played", *ZONE_KEYS}
PLAYER_EXPECT_KEYS = {"life", "poison", "hand", "hand_count", "library", "library_count", "graveyard",
                      "exile", "battlefield", "battlefield_has", "mana_pool"}
OBJECT_EXPECT_KEYS = {"zone", "controller", "tapped", "power", "toughness", "damage", "counters",
                      "attached_to", "has", "lacks", "types", "types_has", "colors"}
ZONE_VALUES = {"hand", "library", "graveyard", "exile", "battlefield", "stack", "command", "gone"}
VERBS = ("play", "cast", "activate", "pass", "resolve", "advance", "attack", "block", "assign", "choose",
         "mulligan", "concede", "check")
VERB_KEYS: dict[str, set[str]] = {
    "play": {"player"},
    "cast": {"player", "targets", "x", "modes", "kicked", "alt", "divide", "pay", "from"},
    "activate": {"player", "ability", "targets", "x", "pay"},
    "pass": {"player"},
    "resolve": set(),
    "advance": {"turn"},
    "attack": {"player"},
    "block": {"player"},
    "assign": {"player"},
    "choose": {"player"},
    "mulligan": {"player"},
    "concede": {"player"},
    "check": set(),
}
CAST_FROM = {"hand": Zone.HAND, "graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE, "library": Zone.LIBRARY}
MAX_PASSES = 2000     # a resolve/advance that needs more passes than this is stuck in a loop


class Malformed(Exception):
    """The file can't be read or breaks the format; str() names the key and what is wrong."""


class ScenarioFailed(Exception):
    """The engine did something other than what the scenario says."""


@dataclass
class Result:
    path: Path
    passed: bool
    reason: str = ""
    malformed: bool = False

    def line(self) -> str:
        return f"PASS {self.path}" if self.passed else f"FAIL {self.path}: {self.reason}"


# ---------------------------------------------------------------------------- validation helpers

def _type_name(v: Any) -> str:
    return {bool: "a boolean", int: "an integer", str: "a string", list: "a list", dict: "a table",
            float: "a number"}.get(type(v), type(v).__name__)


def _want(value: Any, kind: type | tuple[type, ...], key: str, what: str) -> Any:
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise Malformed(f"{key}: expected {what}, got {_type_name(value)} {value!r}")
    return value


def _int(value: Any, key: str, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{key}: expected an integer, got {_type_name(value)} {value!r}")
    if minimum is not None and value < minimum:
        raise Malformed(f"{key}: must be at least {minimum}, got {value}")
    return value


def _check_keys(table: dict, allowed: set[str], key: str) -> None:
    for k in table:
        if k not in allowed:
            raise Malformed(f"{key}.{k}: unknown key (allowed: {', '.join(sorted(allowed))})")


def _mana_letters(value: Any, key: str) -> str:
    _want(value, str, key, "mana-symbol letters (W U B R G C)")
    bad = [c for c in value if c not in "WUBRGC"]
    if bad:
        raise Malformed(f"{key}: {bad[0]!r} is not a mana symbol letter (W U B R G C)")
    return value


def _color_letters(value: Any, key: str) -> str:
    _want(value, str, key, "color letters (W U B R G)")
    bad = [c for c in value if c not in COLOR_LETTERS]
    if bad:
        raise Malformed(f"{key}: {bad[0]!r} is not a color letter (W U B R G)")
    return value


def _str_list(value: Any, key: str) -> list[str]:
    _want(value, list, key, "a list of strings")
    for i, v in enumerate(value):
        _want(v, str, f"{key}[{i}]", "a string")
    return value


def _counters(value: Any, key: str) -> dict[str, int]:
    _want(value, dict, key, 'a table of counter kind to number, e.g. { "+1/+1" = 2 }')
    for k, n in value.items():
        _int(n, f"{key}.{k}", 0)
    return dict(value)


def _card_known(name: str) -> bool:
    from engine.core.cards import default_pool
    return name in default_pool()


# ---------------------------------------------------------------------------- the scenario

class Scenario:
    """One parsed and validated scenario file, and a run of it against the engine."""

    def __init__(self, path: Path, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data
        self.players: list[str] = []
        self.declared: dict[str, str] = {}
        self.token_names: set[str] = set()
        self.validate()

    # ------------------------------------------------------------ validation (malformed = exit 2)
    def validate(self) -> None:
        d = self.data
        _check_keys(d, {"name", "rules", "seed", "goal", "state", "players", "do", "expect"}, "(top level)")
        if "name" not in d:
            raise Malformed("name: required key is missing")
        _want(d["name"], str, "name", "a string")
        rules = d.get("rules", [])
        _str_list(rules, "rules")
        for i, r in enumerate(rules):
            if not _looks_like_rule(r):
                raise Malformed(f"rules[{i}]: {r!r} is not a rule number like \"704.5g\"")
        _int(d.get("seed", 0), "seed")
        if "goal" in d:
            _want(d["goal"], str, "goal", "a string")
        players = d.get("players", {})
        _want(players, dict, "players", "a table of players")
        names = sorted(players) or []
        for n in names:
            if len(n) != 1 or not n.isupper():
                raise Malformed(f"players.{n}: players are named A, B, C, ... in turn order")
        count = max([2] + [ord(n) - ord("A") + 1 for n in names])
        self.players = [chr(ord("A") + i) for i in range(count)]
        state = d.get("state", {})
        _want(state, dict, "state", "a table")
        _check_keys(state, {"turn", "active", "step"}, "state")
        _int(state.get("turn", 1), "state.turn", 1)
        self._player_name(state.get("active", "A"), "state.active")
        step = state.get("step", "main1")
        _want(step, str, "state.step", "a step name")
        if step not in STEP_NAMES and step != "mulligan":
            raise Malformed(f"state.step: unknown step {step!r} (steps: {', '.join(STEP_NAMES)}, mulligan)")
        ids: dict[str, str] = {}
        self.declared = ids
        for pname, ptable in players.items():
            key = f"players.{pname}"
            _want(ptable, dict, key, "a table")
            _check_keys(ptable, PLAYER_KEYS, key)
            for k in ("life", "poison", "lands_played"):
                if k in ptable:
                    _int(ptable[k], f"{key}.{k}", None if k == "life" else 0)
            if "mana_pool" in ptable:
                _mana_letters(ptable["mana_pool"], f"{key}.mana_pool")
            for zone in ZONE_KEYS:
                entries = ptable.get(zone, [])
                _want(entries, list, f"{key}.{zone}", "a list of entries")
                for i, e in enumerate(entries):
                    self._validate_entry(e, f"{key}.{zone}[{i}]", zone, ids)
        steps = d.get("do", [])
        _want(steps, list, "do", "an array of tables ([[do]])")
        for i, st in enumerate(steps):
            self._validate_step(st, f"do[{i + 1}]")
        expect = d.get("expect", {})
        _want(expect, dict, "expect", "a table")
        self._validate_expect(expect, "expect")

    def _player_name(self, v: Any, key: str) -> int:
        _want(v, str, key, "a player name (A, B, ...)")
        if v not in self.players:
            raise Malformed(f"{key}: unknown player {v!r} (players: {', '.join(self.players)})")
        return self.players.index(v)

    def _validate_entry(self, e: Any, key: str, zone: str, ids: dict[str, str]) -> None:
        if isinstance(e, str):
            if not _card_known(e):
                raise Malformed(f"{key}: unknown card {e!r}")
            return
        _want(e, dict, key, "a card name or a table with `card` or `token`")
        _check_keys(e, ENTRY_KEYS, key)
        if ("card" in e) == ("token" in e):
            raise Malformed(f"{key}: an entry needs exactly one of `card` and `token`")
        if "card" in e:
            _want(e["card"], str, f"{key}.card", "a card name")
            if not _card_known(e["card"]):
                raise Malformed(f"{key}.card: unknown card {e['card']!r}")
            extra = TOKEN_ONLY_KEYS & set(e)
            if extra:
                raise Malformed(f"{key}.{sorted(extra)[0]}: only a token entry gives its characteristics")
        else:
            _want(e["token"], str, f"{key}.token", "a token name")
            self.token_names.add(e["token"])
            if zone != "battlefield":
                raise Malformed(f"{key}.token: a token can only be set up on the battlefield (111.7)")
            _want(e.get("types", ""), str, f"{key}.types", "a type line")
            if "types" not in e:
                raise Malformed(f"{key}.types: a token entry needs its type line")
            for k in ("power", "toughness"):
                if k in e:
                    _int(e[k], f"{key}.{k}")
            _color_letters(e.get("colors", ""), f"{key}.colors")
            _str_list(e.get("abilities", []), f"{key}.abilities")
            if "controller" in e:
                raise Malformed(f"{key}.controller: a token is set up under its owner's control; list it "
                                f"under the player who controls it")
        if "id" in e:
            _want(e["id"], str, f"{key}.id", "a string")
            if e["id"] in ids:
                raise Malformed(f"{key}.id: id {e['id']!r} is already used by {ids[e['id']]}")
            if e["id"] in self.players:
                raise Malformed(f"{key}.id: {e['id']!r} is a player's name")
            ids[e["id"]] = key
        for k in ("tapped", "sick", "face_down"):
            if k in e:
                _want(e[k], bool, f"{key}.{k}", "true or false")
        if "damage" in e:
            _int(e["damage"], f"{key}.damage", 0)
        if "counters" in e:
            _counters(e["counters"], f"{key}.counters")
        if "controller" in e:
            self._player_name(e["controller"], f"{key}.controller")
        if "attached_to" in e:
            _want(e["attached_to"], str, f"{key}.attached_to", "an id or a player")
        if zone != "battlefield":
            for k in ("tapped", "sick", "counters", "damage", "attached_to", "controller"):
                if k in e:
                    raise Malformed(f"{key}.{k}: only a permanent on the battlefield has {k}")

    def _validate_step(self, st: Any, key: str) -> None:
        _want(st, dict, key, "a table")
        verbs = [v for v in VERBS if v in st]
        if len(verbs) != 1:
            raise Malformed(f"{key}: a step has exactly one verb ({', '.join(VERBS)}); found "
                            f"{', '.join(verbs) or 'none'}")
        verb = verbs[0]
        allowed = {verb} | VERB_KEYS[verb] | ({"illegal"} if "player" in VERB_KEYS[verb] else set())
        _check_keys(st, allowed, key)
        if "illegal" in st:
            _want(st["illegal"], bool, f"{key}.illegal", "true or false")
        needs_player = "player" in VERB_KEYS[verb]
        if needs_player:
            if "player" not in st:
                raise Malformed(f"{key}.player: `{verb}` needs the acting player")
            self._player_name(st["player"], f"{key}.player")
        v = st[verb]
        k = f"{key}.{verb}"
        if verb in ("play", "cast", "activate"):
            _want(v, str, k, "an id or card name")
        elif verb in ("pass", "resolve", "concede"):
            if v is not True:
                raise Malformed(f"{k}: write `{verb} = true`")
        elif verb == "advance":
            _want(v, str, k, "a step name")
            if v not in STEP_NAMES:
                raise Malformed(f"{k}: unknown step {v!r} (steps: {', '.join(STEP_NAMES)})")
            if "turn" in st:
                _int(st["turn"], f"{key}.turn", 1)
        elif verb == "attack":
            _want(v, dict, k, "a table attacker = player or planeswalker")
            for a, t in v.items():
                _want(t, str, f"{k}.{a}", "a player or planeswalker")
        elif verb == "block":
            _want(v, dict, k, "a table blocker = attacker (or a list of attackers)")
            for b, t in v.items():
                if isinstance(t, list):
                    _str_list(t, f"{k}.{b}")
                else:
                    _want(t, str, f"{k}.{b}", "an attacker or a list of attackers")
        elif verb == "assign":
            _want(v, dict, k, "a table recipient = amount, or source = { recipient = amount }")
            for r, n in v.items():
                if isinstance(n, dict):
                    for r2, n2 in n.items():
                        _int(n2, f"{k}.{r}.{r2}", 0)
                else:
                    _int(n, f"{k}.{r}", 0)
        elif verb == "choose":
            _want(v, list, k, "a list of answers")
            for i, c in enumerate(v):
                if isinstance(c, bool) or not isinstance(c, (str, int)):
                    raise Malformed(f"{k}[{i}]: expected a name, an id, a word or a number, got {c!r}")
        elif verb == "mulligan":
            if v not in ("keep", "mulligan"):
                raise Malformed(f"{k}: write \"keep\" or \"mulligan\", got {v!r}")
        elif verb == "check":
            _want(v, dict, k, "a table with the keys of [expect]")
            self._validate_expect(v, k)
        if verb in ("cast", "activate"):
            if "targets" in st:
                _str_list(st["targets"], f"{key}.targets")
            if "pay" in st:
                _str_list(st["pay"], f"{key}.pay")
            if "x" in st:
                _int(st["x"], f"{key}.x", 0)
        self._validate_refs(st, verb, key)
        if verb == "activate" and "ability" in st:
            _int(st["ability"], f"{key}.ability", 1)
        if verb == "cast":
            if "modes" in st:
                _want(st["modes"], list, f"{key}.modes", "a list of mode numbers (from 1)")
                for i, m in enumerate(st["modes"]):
                    _int(m, f"{key}.modes[{i}]", 1)
            if "kicked" in st:
                _want(st["kicked"], bool, f"{key}.kicked", "true or false")
            if "alt" in st:
                _want(st["alt"], str, f"{key}.alt", "a keyword such as \"flashback\" or \"alternative\"")
            if "divide" in st:
                _want(st["divide"], dict, f"{key}.divide", "a table target = amount")
                for t, n in st["divide"].items():
                    _int(n, f"{key}.divide.{t}", 0)
            if "from" in st:
                if st["from"] not in CAST_FROM:
                    raise Malformed(f"{key}.from: expected one of {', '.join(CAST_FROM)}, got {st['from']!r}")

    def _validate_ref(self, ref: str, key: str) -> None:
        """A name for an object or player must be something the file or the card database knows; tokens
        made during the script are named "... Token" (111.4), numbered ones "Name#k"."""
        if (ref in self.players or ref in self.declared or "#" in ref or ref.endswith(" Token")
                or ref in self.token_names or _card_known(ref)):
            return
        raise Malformed(f"{key}: {ref!r} is neither an id of this file, a player, nor a known card name")

    def _validate_refs(self, st: dict, verb: str, key: str) -> None:
        v = st[verb]
        k = f"{key}.{verb}"
        if verb in ("play", "cast", "activate"):
            self._validate_ref(v, k)
        for opt in ("targets", "pay"):
            for i, r in enumerate(st.get(opt, [])):
                self._validate_ref(r, f"{key}.{opt}[{i}]")
        for r in st.get("divide", {}) if verb == "cast" else ():
            self._validate_ref(r, f"{key}.divide.{r}")
        if verb == "attack":
            for a, t in v.items():
                self._validate_ref(a, f"{k}.{a}")
                self._validate_ref(t, f"{k}.{a}")
        elif verb == "block":
            for b, t in v.items():
                self._validate_ref(b, f"{k}.{b}")
                for a in t if isinstance(t, list) else [t]:
                    self._validate_ref(a, f"{k}.{b}")
        elif verb == "assign":
            for r, n in v.items():
                self._validate_ref(r, f"{k}.{r}")
                for r2 in n if isinstance(n, dict) else ():
                    self._validate_ref(r2, f"{k}.{r}.{r2}")

    def _validate_expect(self, e: dict, key: str) -> None:
        top = {"winner", "game_over", "step", "turn", "stack", "objects", *self.players}
        _check_keys(e, top, key)
        if "winner" in e:
            w = e["winner"]
            if w != "draw":
                self._player_name(w, f"{key}.winner")
        if "game_over" in e:
            _want(e["game_over"], bool, f"{key}.game_over", "true or false")
        if "step" in e:
            _want(e["step"], str, f"{key}.step", "a step name")
            if e["step"] not in STEP_NAMES and e["step"] != "mulligan":
                raise Malformed(f"{key}.step: unknown step {e['step']!r}")
        if "turn" in e:
            _int(e["turn"], f"{key}.turn", 1)
        if "stack" in e:
            _str_list(e["stack"], f"{key}.stack")
        for p in self.players:
            if p in e:
                pk = f"{key}.{p}"
                _want(e[p], dict, pk, "a table")
                _check_keys(e[p], PLAYER_EXPECT_KEYS, pk)
                for k in ("life", "poison", "hand_count", "library_count"):
                    if k in e[p]:
                        _int(e[p][k], f"{pk}.{k}")
                for k in ("hand", "library", "graveyard", "exile", "battlefield", "battlefield_has"):
                    if k in e[p]:
                        _str_list(e[p][k], f"{pk}.{k}")
                if "mana_pool" in e[p]:
                    _mana_letters(e[p]["mana_pool"], f"{pk}.mana_pool")
        objs = e.get("objects", {})
        _want(objs, dict, f"{key}.objects", "a table of object id = expectations")
        for oid, exp in objs.items():
            ok = f"{key}.objects.{oid}"
            self._validate_ref(oid, f"{key}.objects")
            _want(exp, dict, ok, "a table")
            _check_keys(exp, OBJECT_EXPECT_KEYS, ok)
            if "zone" in exp and exp["zone"] not in ZONE_VALUES:
                raise Malformed(f"{ok}.zone: unknown zone {exp['zone']!r} ({', '.join(sorted(ZONE_VALUES))})")
            if "controller" in exp:
                self._player_name(exp["controller"], f"{ok}.controller")
            if "tapped" in exp:
                _want(exp["tapped"], bool, f"{ok}.tapped", "true or false")
            for k in ("power", "toughness", "damage"):
                if k in exp:
                    _int(exp[k], f"{ok}.{k}")
            if "counters" in exp:
                _counters(exp["counters"], f"{ok}.counters")
            if "attached_to" in exp:
                _want(exp["attached_to"], str, f"{ok}.attached_to", "an id, a player or \"\"")
                if exp["attached_to"]:
                    self._validate_ref(exp["attached_to"], f"{ok}.attached_to")
            for k in ("has", "lacks", "types_has"):
                if k in exp:
                    _str_list(exp[k], f"{ok}.{k}")
            if "types" in exp:
                _want(exp["types"], str, f"{ok}.types", "a type line")
            if "colors" in exp:
                _color_letters(exp["colors"], f"{ok}.colors")

    # ------------------------------------------------------------ setting up
    def build(self):
        from engine.game import Game
        from engine.core.cards import token_spec
        d = self.data
        game = Game.empty(player_names=list(self.players), seed=d.get("seed", 0))
        self.game = game
        self.ids: dict[str, int] = {}           # scenario id -> card_id
        self.seen: dict[int, str] = {}          # card_id -> name when first seen (for "Name#2")
        attach: list[tuple[int, str, str]] = []
        names = Counter()
        for ptable in d.get("players", {}).values():
            for zone in ZONE_KEYS:
                for e in ptable.get(zone, []):
                    names[e if isinstance(e, str) else e.get("card") or e.get("token")] += 1
        for pname in self.players:
            p = self.players.index(pname)
            ptable = d.get("players", {}).get(pname, {})
            game.set_player(p, life=ptable.get("life", 20), poison=ptable.get("poison", 0),
                            mana_pool=ptable.get("mana_pool", ""), lands_played=ptable.get("lands_played", 0))
            for zone_key in ZONE_KEYS:
                entries = list(ptable.get(zone_key, []))
                if zone_key == "library":
                    entries.reverse()     # listed top first; add_card puts each new card on top
                for e in entries:
                    e = {"card": e} if isinstance(e, str) else e
                    if "token" in e:
                        spec = token_spec(e["token"], e.get("power"), e.get("toughness"), e.get("colors", ""),
                                          e["types"], e.get("abilities", []))
                        oid = game.add_token(spec, p, tapped=e.get("tapped", False), sick=e.get("sick", False),
                                             counters=e.get("counters"), damage=e.get("damage", 0))
                        name = e["token"]
                    else:
                        ctrl = e.get("controller")
                        oid = game.add_card(e["card"], p, Zone(zone_key),
                                            controller=None if ctrl is None else self.players.index(ctrl),
                                            tapped=e.get("tapped", False), sick=e.get("sick", False),
                                            counters=e.get("counters"), damage=e.get("damage", 0),
                                            face_down=e.get("face_down", False))
                        name = e["card"]
                    card_id = game.state.objects[oid].card_id
                    if "id" in e:
                        self.ids[e["id"]] = card_id
                    elif names[name] == 1:
                        self.ids[name] = card_id
                    if "attached_to" in e:
                        attach.append((oid, e["attached_to"], f"players.{pname}.{zone_key}"))
        for oid, to, key in attach:
            if to in self.players:
                target: Any = f"P{self.players.index(to)}"
            elif to in self.ids:
                found = game.find_card(self.ids[to])
                target = found.id
            else:
                raise Malformed(f"{key}: attached_to {to!r} is not an id of this file")
            game.attach(oid, target)
        self._note_new_objects()
        self.set_up = set(self.seen)            # card_ids of the objects the [players] tables made
        state = d.get("state", {})
        step = state.get("step", "main1")
        game.start_at(state.get("turn", 1), self.players.index(state.get("active", "A")),
                      step if step == "mulligan" else Step(step))
        self._note_new_objects()

    # ------------------------------------------------------------ naming objects
    def _name_of(self, o) -> str:
        if o.is_ability:
            return o.stack.source_name if o.stack is not None else o.name
        name = self.game.characteristics(o.id).name
        return name or o.name

    def _note_new_objects(self) -> None:
        for o in sorted(self.game.state.objects.values(), key=lambda o: o.card_id):
            if not o.is_ability and o.card_id not in self.seen:
                self.seen[o.card_id] = self._name_of(o)

    def _current(self) -> list:
        """Every object now in a zone (not abilities on the stack)."""
        s = self.game.state
        out = []
        for oid in s.battlefield + s.stack + s.exile + s.command:
            out.append(s.objects[oid])
        for p in s.players:
            for oid in p.hand + p.library + p.graveyard:
                out.append(s.objects[oid])
        return [o for o in out if not o.is_ability]

    def card_of(self, ref: str) -> int:
        """The card_id a reference names: an id of the file, "Name#k", or a unique name."""
        if ref in self.ids:
            return self.ids[ref]
        if "#" in ref:
            name, _, k = ref.rpartition("#")
            if k.isdigit():
                # Counted among the objects the script created; failing that, among those set up.
                named = sorted(c for c, n in self.seen.items() if n == name)
                cards = [c for c in named if c not in self.set_up] or named
                if 1 <= int(k) <= len(cards):
                    return cards[int(k) - 1]
                raise ScenarioFailed(f"{ref!r}: there are only {len(cards)} objects named {name!r}")
        matches = [o for o in self._current() if self._name_of(o) == ref]
        if len(matches) == 1:
            return matches[0].card_id
        if len(matches) > 1:
            raise ScenarioFailed(f"{ref!r} is ambiguous: {len(matches)} objects have that name (give them ids)")
        past = [c for c, n in self.seen.items() if n == ref]
        if len(past) == 1:
            return past[0]
        raise ScenarioFailed(f"no object is named {ref!r}")

    def obj(self, ref: str):
        """The object a reference names now; fails if it no longer exists."""
        o = self.game.find_card(self.card_of(ref))
        if o is None:
            raise ScenarioFailed(f"{ref!r} no longer exists")
        return o

    def player_or_obj(self, ref: str) -> Any:
        """A target or recipient: "P0"/"P1" for players, else the object's current id."""
        if ref in self.players:
            return f"P{self.players.index(ref)}"
        return self.obj(ref).id

    def stack_ref(self, ref: str) -> Any:
        """Like player_or_obj, but also names a spell or ability on the stack by its name."""
        if ref in self.players or ref in self.ids or "#" in ref:
            return self.player_or_obj(ref)
        s = self.game.state
        on_stack = [oid for oid in s.stack if self._name_of(s.objects[oid]) == ref]
        if on_stack and all(s.objects[oid].is_ability for oid in on_stack):
            if len(on_stack) > 1:
                raise ScenarioFailed(f"{ref!r} is ambiguous: {len(on_stack)} abilities of that name are on the stack")
            return on_stack[0]
        return self.player_or_obj(ref)

    def own_card(self, ref: str, player: int, zone: Zone) -> int:
        """The card a player plays or casts: by id, or by name among that player's cards in `zone`."""
        if ref in self.ids or "#" in ref:
            return self.obj(ref).id
        s = self.game.state
        lst = s.exile if zone is Zone.EXILE else s.players[player].zone_list(zone)
        mine = [oid for oid in reversed(lst) if self._name_of(s.objects[oid]) == ref
                and (zone is not Zone.EXILE or s.objects[oid].owner == player)]
        if mine:
            return mine[0]
        return self.obj(ref).id

    # ------------------------------------------------------------ running
    def run(self) -> None:
        self.build()
        for i, st in enumerate(self.data.get("do", []), 1):
            verb = next(v for v in VERBS if v in st)
            where = f"do[{i}] {verb}"
            try:
                if verb == "check":
                    self.check(st["check"], "")
                elif verb == "resolve":
                    self.resolve()
                elif verb == "advance":
                    self.advance(st["advance"], st.get("turn"))
                else:
                    self.act(st, verb)
            except ScenarioFailed as e:
                raise ScenarioFailed(f"{where}: {e}") from None
            self._note_new_objects()
        self.check(self.data.get("expect", {}), "expect")

    def _describe_pending(self) -> str:
        d = self.game.pending
        if d is None:
            return "nothing"
        who = self.players[d.player]
        return f"{d.kind.value} for {who}" + (f" ({d.prompt})" if d.prompt else "")

    def act(self, st: dict, verb: str) -> None:
        from engine.core.errors import IllegalAction
        self.game.resume()
        illegal = st.get("illegal", False)
        player = self.players.index(st["player"]) if "player" in st else 0
        game = self.game
        if game.is_over and not illegal:
            raise ScenarioFailed(f"the game is already over (winners: {self._winners_text()})")
        pending = game.pending
        if verb in ("attack", "block") and not st[verb] and not illegal and self._declared_none_already(verb, player):
            return
        wanted = {"play": DecisionKind.PRIORITY, "cast": DecisionKind.PRIORITY,
                  "activate": DecisionKind.PRIORITY, "pass": DecisionKind.PRIORITY,
                  "attack": DecisionKind.DECLARE_ATTACKERS, "block": DecisionKind.DECLARE_BLOCKERS,
                  "assign": DecisionKind.ASSIGN_DAMAGE, "choose": DecisionKind.CHOOSE,
                  "mulligan": DecisionKind.MULLIGAN}.get(verb)
        if not illegal and wanted is not None and pending is not None and pending.kind is not wanted:
            if pending.kind is DecisionKind.PRIORITY:
                raise ScenarioFailed(f"no {wanted.value} decision is pending; the engine waits for "
                                     f"{self._describe_pending()} in {game.state.step.value}")
            raise ScenarioFailed(f"unanswered decision: {self._describe_pending()}")
        if verb == "choose" and not illegal and self._whole_order(st["choose"], player):
            return
        action = self.make_action(st, verb, player)
        before = game.to_json() if illegal else None
        try:
            game.apply(action)
        except IllegalAction as e:
            if not illegal:
                raise ScenarioFailed(f"the engine refused {action}: {e}") from None
            after = game.to_json()
            if after != before:
                raise ScenarioFailed(f"the engine refused {action} ({e}) but changed the state") from None
            return
        if illegal:
            raise ScenarioFailed(f"the engine accepted {action}, which should have been refused")

    def _whole_order(self, values: list, player: int) -> bool:
        """A library order given in one `choose` (top first) where the engine asks one card at a time:
        each card answers one question; the last card left is placed without a question."""
        from engine.core.errors import IllegalAction

        def asking_order() -> bool:
            d = self.game.pending
            return d is not None and d.kind is DecisionKind.CHOOSE and d.player == player \
                and (d.data or {}).get("choice") == "library_order"
        if not asking_order() or len(values) <= self.game.pending.max:
            return False
        for i, v in enumerate(values):
            if not asking_order():
                if i == len(values) - 1:
                    break
                raise ScenarioFailed(f"the order {values} has more cards than the engine asked about")
            try:
                self.game.apply(A.Choose(player, self.answers([v])))
            except IllegalAction as e:
                raise ScenarioFailed(f"the engine refused {v!r} in the order {values}: {e}") from None
        return True

    def _declared_none_already(self, verb: str, player: int) -> bool:
        """The engine declares no attackers (blockers) by itself when no creature could attack (block):
        a decision with one legal answer. An empty declaration in the script then states what happened."""
        s = self.game.state
        d = self.game.pending
        if d is None or d.kind is not DecisionKind.PRIORITY:
            return False
        c = s.combat
        if verb == "attack":
            return s.step is Step.DECLARE_ATTACKERS and c.attackers_declared and not c.attackers \
                and player == s.active
        return s.step is Step.DECLARE_BLOCKERS and c.blockers_declared and not c.blockers \
            and player == c.defending_player

    def make_action(self, st: dict, verb: str, player: int) -> A.Action:
        v = st[verb]
        if verb == "play":
            return A.PlayLand(player, self.own_card(v, player, Zone.HAND))
        if verb == "cast":
            alt = st.get("alt")
            src = st.get("from", "graveyard" if alt == "flashback" else "hand")
            card = self.own_card(v, player, CAST_FROM[src])
            zone = self.game.state.objects[card].zone
            if zone is not CAST_FROM[src]:
                raise ScenarioFailed(f"{v!r} is in the {zone.value}, not in the {src}")
            return A.CastSpell(
                player, card,
                modes=tuple(m - 1 for m in st["modes"]) if "modes" in st else None,
                targets=tuple(self.stack_ref(t) for t in st["targets"]) if "targets" in st else None,
                x=st.get("x"), kicked=st.get("kicked", False), alt=alt,
                divide=tuple((self.stack_ref(t), n) for t, n in st["divide"].items()) if "divide" in st else None,
                pay=tuple(self.obj(p).id for p in st["pay"]) if "pay" in st else None)
        if verb == "activate":
            return A.ActivateAbility(
                player, self.obj(v).id, st.get("ability", 1) - 1,
                targets=tuple(self.stack_ref(t) for t in st["targets"]) if "targets" in st else None,
                x=st.get("x"),
                pay=tuple(self.obj(p).id for p in st["pay"]) if "pay" in st else None)
        if verb == "pass":
            return A.PassPriority(player)
        if verb == "concede":
            return A.Concede(player)
        if verb == "mulligan":
            return A.Mulligan(player, keep=(v == "keep"))
        if verb == "attack":
            return A.DeclareAttackers(player, {self.obj(a).id: self.player_or_obj(t) for a, t in v.items()})
        if verb == "block":
            return A.DeclareBlockers(player, {
                self.obj(b).id: tuple(self.obj(a).id for a in (t if isinstance(t, list) else [t]))
                for b, t in v.items()})
        if verb == "assign":
            return A.AssignDamage(player, self.assignment(v))
        if verb == "choose":
            return A.Choose(player, self.answers(v))
        raise AssertionError(verb)

    def assignment(self, v: dict) -> dict[int, dict[Any, int]]:
        if v and all(isinstance(n, dict) for n in v.values()):
            return {self.obj(src).id: {self.player_or_obj(r): n for r, n in amounts.items()}
                    for src, amounts in v.items()}
        if any(isinstance(n, dict) for n in v.values()):
            raise ScenarioFailed("mixes recipient = amount with source = { ... } entries")
        pending = self.game.pending
        sources = list((pending.data or {}).get("sources", [])) if pending is not None else []
        if len(sources) != 1:
            raise ScenarioFailed(f"the engine asks about {len(sources)} sources {sources}; key the "
                                 f"assignment by source")
        return {sources[0]: {self.player_or_obj(r): n for r, n in v.items()}}

    def answers(self, values: list) -> tuple:
        pending = self.game.pending
        options = list(pending.options) if pending is not None else []
        if pending is not None and (pending.data or {}).get("choice") == "order":
            return tuple(self._order_answers(values, options))
        is_mode = pending is not None and (pending.data or {}).get("choice") == "mode"
        out: list[Any] = []
        for v in values:
            if isinstance(v, int):
                out.append(v - 1 if is_mode else v)
            elif v in self.players:
                out.append(f"P{self.players.index(v)}")
            elif v in options:
                out.append(v)
            elif v in self.ids or "#" in v:
                out.append(self.obj(v).id)
            else:
                # A name: among the decision's options first (several identical cards in a library).
                s = self.game.state
                named = [o for o in options if isinstance(o, int) and o in s.objects
                         and self._name_of(s.objects[o]) == v and o not in out]
                out.append(named[0] if named else self.stack_ref(v))
        return tuple(out)

    def _order_answers(self, values: list, options: list) -> list:
        """Trigger order: each answer names a trigger's source (a name or an id), top of the stack first.
        The options are the sources as they were when the abilities triggered, which may have left the
        battlefield since (a Wrath): they are matched by name or by physical card, and the n-th mention
        of a source means its n-th trigger."""
        s = self.game.state

        def about(opt: Any) -> tuple[str, int | None]:
            base = int(str(opt).split("#")[0]) if str(opt).split("#")[0].isdigit() else opt
            if base in s.objects:
                return self._name_of(s.objects[base]), s.objects[base].card_id
            info = s.lki.get(str(base)) or {}
            return info.get("name", ""), info.get("card_id")
        described = {o: about(o) for o in options}
        out: list[Any] = []
        for v in values:
            if v in options and v not in out:
                out.append(v)
                continue
            card = self.obj(v).card_id if isinstance(v, str) and (v in self.ids or "#" in v) else None
            pick = next((o for o in options if o not in out
                         and (described[o][0] == v or (card is not None and described[o][1] == card))), None)
            if pick is None:
                raise ScenarioFailed(f"{v!r} is not the source of a trigger to order (options: "
                                     f"{', '.join(described[o][0] for o in options)})")
            out.append(pick)
        return out

    def _winners_text(self) -> str:
        w = self.game.winners
        return ", ".join(self.players[i] for i in w) if w else "none (a draw)"

    def resolve(self) -> None:
        """Everyone passes until the object now on top of the stack has left it (or a decision comes up)."""
        game = self.game
        game.resume()
        self._no_open_decision(DecisionKind.PRIORITY)
        if not game.state.stack:
            raise ScenarioFailed("the stack is empty")
        top = game.state.stack[-1]
        for _ in range(MAX_PASSES):
            if game.is_over or top not in game.state.stack:
                return
            d = game.pending
            if d is None or d.kind is not DecisionKind.PRIORITY:
                return
            self._apply_pass(d.player)
        raise ScenarioFailed(f"the top of the stack did not resolve after {MAX_PASSES} passes")

    def _no_open_decision(self, *kinds: DecisionKind) -> None:
        """resolve and advance start only from priority (or, advance, an attack or block declaration)."""
        d = self.game.pending
        if d is not None and d.kind not in kinds and not self.game.is_over:
            raise ScenarioFailed(f"unanswered decision: {self._describe_pending()}")

    def _apply_pass(self, player: int, action: A.Action | None = None) -> None:
        from engine.core.errors import IllegalAction
        action = action or A.PassPriority(player)
        try:
            self.game.apply(action)
        except IllegalAction as e:
            raise ScenarioFailed(f"the engine refused {action}: {e}") from None

    def advance(self, step_name: str, turn: int | None) -> None:
        """In a step where no one gets priority (untap, cleanup) the game stops once the step's turn-based
        actions are done (Game.pause_at), so the script can look at that moment."""
        game = self.game
        target = Step(step_name)
        goal_turn = game.state.turn if turn is None else turn
        if target in (Step.UNTAP, Step.CLEANUP):
            game.pause_at = (goal_turn, target)
        try:
            game.resume()
            self._no_open_decision(DecisionKind.PRIORITY, DecisionKind.DECLARE_ATTACKERS,
                                   DecisionKind.DECLARE_BLOCKERS)
            s = game.state
            if s.stack:
                raise ScenarioFailed(f"advance needs an empty stack; it holds {self._stack_names()}")
            if (s.turn, STEP_NAMES.index(s.step.value)) > (goal_turn, STEP_NAMES.index(step_name)):
                raise ScenarioFailed(f"{step_name} of turn {goal_turn} is already past (now {s.step.value} of "
                                     f"turn {s.turn})")
            self._pass_until(target, step_name, goal_turn)
        finally:
            game.pause_at = None

    def _pass_until(self, target: Step, step_name: str, goal_turn: int) -> None:
        game = self.game
        s = game.state
        for _ in range(MAX_PASSES):
            if game.is_over:
                return
            if s is not game.state:
                s = game.state
            if s.step is target and s.turn == goal_turn:
                return
            if (s.turn, STEP_NAMES.index(s.step.value)) > (goal_turn, STEP_NAMES.index(step_name)):
                raise ScenarioFailed(f"the game never reached {step_name} of turn {goal_turn}; it is now in "
                                     f"{s.step.value} of turn {s.turn}")
            d = game.pending
            if d is None:
                raise ScenarioFailed(f"the engine waits for nothing in {s.step.value}")
            if d.kind is DecisionKind.PRIORITY:
                self._apply_pass(d.player)
            elif d.kind is DecisionKind.DECLARE_ATTACKERS:
                self._apply_pass(d.player, A.DeclareAttackers(d.player, {}))
            elif d.kind is DecisionKind.DECLARE_BLOCKERS:
                self._apply_pass(d.player, A.DeclareBlockers(d.player, {}))
            else:
                return      # a decision on the way (a trigger's target, a damage assignment): the script answers
        raise ScenarioFailed(f"{step_name} not reached after {MAX_PASSES} passes")

    def _stack_names(self) -> list[str]:
        s = self.game.state
        return [self._name_of(s.objects[oid]) for oid in reversed(s.stack)]

    # ------------------------------------------------------------ checking
    def check(self, e: dict, where: str) -> None:
        game = self.game
        s = game.state
        problems: list[str] = []

        def differ(key: str, want: Any, got: Any) -> None:
            problems.append(f"{key}: expected {want!r}, engine has {got!r}")

        if "winner" in e:
            want = e["winner"]
            if not game.is_over:
                differ("winner", want, "the game is not over")
            elif want == "draw" and game.winners:
                differ("winner", "draw", self._winners_text())
            elif want != "draw" and game.winners != [self.players.index(want)]:
                differ("winner", want, self._winners_text())
        if "game_over" in e and e["game_over"] != game.is_over:
            differ("game_over", e["game_over"], game.is_over)
        if "step" in e:
            got = "mulligan" if s.mulligan_phase else s.step.value
            if got != e["step"]:
                differ("step", e["step"], got)
        if "turn" in e and e["turn"] != s.turn:
            differ("turn", e["turn"], s.turn)
        if "stack" in e and e["stack"] != self._stack_names():
            differ("stack", e["stack"], self._stack_names())
        for p, exp in e.items():
            if p in self.players:
                self._check_player(self.players.index(p), p, exp, differ)
        for ref, exp in e.get("objects", {}).items():
            try:
                self._check_object(ref, exp, differ)
            except ScenarioFailed as err:
                problems.append(f"objects.{ref}: {err}")
        if problems:
            raise ScenarioFailed((f"{where}: " if where else "") + "; ".join(problems))

    def _names(self, ids: list[int]) -> list[str]:
        return [self._name_of(self.game.state.objects[i]) for i in ids]

    def _check_player(self, p: int, pname: str, exp: dict, differ: Callable[[str, Any, Any], None]) -> None:
        s = self.game.state
        pl = s.players[p]
        key = pname
        if "life" in exp and exp["life"] != pl.life:
            differ(f"{key}.life", exp["life"], pl.life)
        if "poison" in exp and exp["poison"] != pl.poison:
            differ(f"{key}.poison", exp["poison"], pl.poison)
        if "hand_count" in exp and exp["hand_count"] != len(pl.hand):
            differ(f"{key}.hand_count", exp["hand_count"], len(pl.hand))
        if "library_count" in exp and exp["library_count"] != len(pl.library):
            differ(f"{key}.library_count", exp["library_count"], len(pl.library))
        if "library" in exp:
            got = list(reversed(self._names(pl.library)))
            if got != exp["library"]:
                differ(f"{key}.library (top first)", exp["library"], got)
        zones = {"hand": pl.hand, "graveyard": pl.graveyard,
                 "exile": [i for i in s.exile if s.objects[i].owner == p],
                 "battlefield": [i for i in s.battlefield if self.game.characteristics(i).controller == p]}
        for k, ids in zones.items():
            if k in exp:
                got = self._names(ids)
                if Counter(got) != Counter(exp[k]):
                    differ(f"{key}.{k}", sorted(exp[k]), sorted(got))
        if "battlefield_has" in exp:
            got = Counter(self._names(zones["battlefield"]))
            missing = Counter(exp["battlefield_has"]) - got
            if missing:
                differ(f"{key}.battlefield_has", sorted(exp["battlefield_has"]), sorted(got.elements()))
        if "mana_pool" in exp:
            got = "".join(c * n for c, n in pl.mana_pool.items() if n)
            if sorted(got) != sorted(exp["mana_pool"]):
                differ(f"{key}.mana_pool", exp["mana_pool"], got)

    def _check_object(self, ref: str, exp: dict, differ: Callable[[str, Any, Any], None]) -> None:
        o = self.game.find_card(self.card_of(ref))
        key = f"objects.{ref}"
        zone = "gone" if o is None else o.zone.value
        if "zone" in exp and exp["zone"] != zone:
            differ(f"{key}.zone", exp["zone"], zone)
        rest = [k for k in exp if k != "zone"]
        if not rest:
            return
        if o is None:
            raise ScenarioFailed(f"it no longer exists, so {', '.join(rest)} can't be checked")
        ch = self.game.characteristics(o.id)
        if "controller" in exp and self.players.index(exp["controller"]) != ch.controller:
            differ(f"{key}.controller", exp["controller"], self.players[ch.controller])
        if "tapped" in exp and exp["tapped"] != o.tapped:
            differ(f"{key}.tapped", exp["tapped"], o.tapped)
        if "power" in exp and exp["power"] != ch.power:
            differ(f"{key}.power", exp["power"], ch.power)
        if "toughness" in exp and exp["toughness"] != ch.toughness:
            differ(f"{key}.toughness", exp["toughness"], ch.toughness)
        if "damage" in exp and exp["damage"] != o.damage:
            differ(f"{key}.damage", exp["damage"], o.damage)
        if "counters" in exp:
            got = {k: n for k, n in o.counters.items() if n}
            want = {k: n for k, n in exp["counters"].items() if n}
            if got != want:
                differ(f"{key}.counters", want, got)
        if "attached_to" in exp:
            want_ref = exp["attached_to"]
            got = o.attached_to
            if want_ref == "":
                ok = got is None
            elif want_ref in self.players:
                ok = got == f"P{self.players.index(want_ref)}"
            else:
                target = self.game.find_card(self.card_of(want_ref))
                ok = target is not None and got == target.id
            if not ok:
                differ(f"{key}.attached_to", want_ref, self._describe_ref(got))
        keywords = [k.lower() for k in ch.keyword_texts()]
        if "has" in exp:
            missing = [k for k in exp["has"] if k.lower() not in keywords]
            if missing:
                differ(f"{key}.has", exp["has"], keywords)
        if "lacks" in exp:
            present = [k for k in exp["lacks"] if k.lower() in keywords]
            if present:
                differ(f"{key}.lacks", exp["lacks"], keywords)
        if "types" in exp and exp["types"] != ch.type_line:
            differ(f"{key}.types", exp["types"], ch.type_line)
        if "types_has" in exp:
            all_types = set(ch.types) | set(ch.subtypes) | set(ch.supertypes)
            missing = [t for t in exp["types_has"] if t not in all_types]
            if missing:
                differ(f"{key}.types_has", exp["types_has"], ch.type_line)
        if "colors" in exp:
            got = "".join(c for c in COLOR_LETTERS if c in ch.colors)
            if set(got) != set(exp["colors"]):
                differ(f"{key}.colors", exp["colors"], got)

    def _describe_ref(self, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, str) and value.startswith("P") and value[1:].isdigit():
            return self.players[int(value[1:])]
        o = self.game.state.objects.get(value) if isinstance(value, int) else None
        return self._name_of(o) if o is not None else repr(value)


def _looks_like_rule(r: str) -> bool:
    head, dot, tail = r.partition(".")
    if not (len(head) == 3 and head.isdigit()):
        return False
    if not dot:
        return True
    digits = tail.rstrip("abcdefghijklmnopqrstuvwxyz")
    return digits.isdigit() and len(tail) - len(digits) <= 1


# ---------------------------------------------------------------------------- files and the command

def load(path: Path | str) -> Scenario:
    """Reads and validates a scenario file; raises Malformed naming the file, the key and the problem."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise Malformed(f"can't read the file: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise Malformed(f"not valid TOML: {e}") from None
    return Scenario(path, data)


def run_file(path: Path | str) -> Result:
    """Loads and runs one scenario. Engine errors other than a refused action count as failures."""
    path = Path(path)
    try:
        sc = load(path)
    except Malformed as e:
        return Result(path, False, f"malformed: {e}", malformed=True)
    try:
        sc.run()
    except Malformed as e:
        return Result(path, False, f"malformed: {e}", malformed=True)
    except ScenarioFailed as e:
        return Result(path, False, str(e))
    except Exception as e:     # an engine bug: report it as this scenario's failure and go on
        return Result(path, False, f"engine error: {type(e).__name__}: {e}")
    return Result(path, True)


def scenario_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.rglob("*.toml")))
        else:
            out.append(p)
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m engine.scenario PATH [PATH ...]   (files, or folders of *.toml)")
        return 0 if argv else 2
    passed = failed = 0
    malformed = False
    for path in scenario_files(argv):
        r = run_file(path)
        print(r.line(), flush=True)
        if r.passed:
            passed += 1
        else:
            failed += 1
            malformed = malformed or r.malformed
    print(f"{passed} passed, {failed} failed")
    if malformed:
        return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
