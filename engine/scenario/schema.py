"""Checking a scenario file (../shared/scenarios/FORMAT.md): the keys each table allows, the values they
take, and a message naming the key for anything else (a malformed file, exit 2). The file is read by
engine.scenario.reading."""
from __future__ import annotations

import re
from typing import Any

from engine.core.cards import CardSource, default_pool
from engine.core.enums import Step, Zone
from engine.core.savecheck import BIG, MAX_PLAYERS, MIN_PLAYERS
from engine.scenario.errors import Malformed

# C0 and C1 controls and bidirectional overrides and isolates (as cardsdb.limits.CONTROL_CHARACTERS, which the
# engine doesn't import): shown in the app's list of puzzles, an escape sequence or an override acts
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

STEP_NAMES = [s.value for s in Step]
COLOR_LETTERS = "WUBRG"
# Colors in answers are words, so that "black" never reads as player B (FORMAT.md, the script).
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
ZONE_KEYS = ("hand", "library", "graveyard", "exile", "battlefield", "command")
ENTRY_KEYS = {"card", "token", "id", "tapped", "sick", "counters", "damage", "attached_to", "controller",
              "face_down", "power", "toughness", "colors", "types", "abilities", "transformed", "flipped",
              "class_level"}
TOKEN_ONLY_KEYS = {"power", "toughness", "colors", "types", "abilities"}
PLAYER_KEYS = {"life", "poison", "counters", "mana_pool", "lands_played", "commander", "commander_casts",
               "commander_damage", *ZONE_KEYS}
PLAYER_EXPECT_KEYS = {"life", "poison", "counters", "hand", "hand_count", "library", "library_count", "graveyard",
                      "exile", "battlefield", "battlefield_has", "mana_pool", "lands_played", "library_top",
                      "library_bottom", "command", "commander_casts", "commander_damage", "lost"}
# 806 free-for-all (the attack multiple players option, 802); "commander" (903) is read by the Commander rules.
VARIANTS = ("free-for-all", "commander")
OBJECT_EXPECT_KEYS = {"zone", "controller", "tapped", "power", "toughness", "damage", "counters",
                      "attached_to", "has", "lacks", "types", "types_has", "colors", "name"}
ZONE_VALUES = {"hand", "library", "graveyard", "exile", "battlefield", "stack", "command", "gone"}
VERBS = ("play", "cast", "activate", "pass", "resolve", "advance", "attack", "block", "assign", "choose",
         "mulligan", "concede", "check")
VERB_KEYS: dict[str, set[str]] = {
    "play": {"player", "face"},
    "cast": {"player", "targets", "x", "modes", "kicked", "alt", "divide", "pay", "from", "face"},
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
CAST_FROM = {"hand": Zone.HAND, "graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE, "library": Zone.LIBRARY,
             "command": Zone.COMMAND}
MAX_PASSES = 2000     # a resolve/advance that needs more passes than this is stuck in a loop


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
    """An integer within what a game can hold: a saved game refuses numbers past savecheck.BIG, so a
    scenario may not start from one (its game could not be saved)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{key}: expected an integer, got {_type_name(value)} {value!r}")
    if minimum is not None and value < minimum:
        raise Malformed(f"{key}: must be at least {minimum}, got {value}")
    if abs(value) > BIG:
        raise Malformed(f"{key}: a number of {len(str(abs(value)))} digits is out of range "
                        f"(at most {BIG:,} either way)")
    return value


def _one_of(value: Any, choices: Any, key: str, what: str) -> str:
    """A word among `choices`; any other value, of any type (a list can't even be looked up in a set), is
    named in the message."""
    if not isinstance(value, str) or value not in choices:
        raise Malformed(f"{key}: unknown {what} {value!r} ({what}s: {', '.join(choices)})")
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



# The counters a player can have besides poison (122.1) that the engine keeps.
PLAYER_COUNTERS = ("energy",)


def _player_counters(value: Any, key: str) -> dict[str, int]:
    counters = _counters(value, key)
    for k in counters:
        if k not in PLAYER_COUNTERS:
            raise Malformed(f"{key}.{k}: a player's counters are {', '.join(PLAYER_COUNTERS)} (poison is its own key)")
    return counters


def card_known(name: str, source: CardSource | None) -> bool:
    return name in default_pool() or default_pool().card_record(name) is not None \
        or (source is not None and source.card_record(name) is not None)


def _looks_like_rule(r: str) -> bool:
    head, dot, tail = r.partition(".")
    if not (len(head) == 3 and head.isdigit()):
        return False
    if not dot:
        return True
    digits = tail.rstrip("abcdefghijklmnopqrstuvwxyz")
    return digits.isdigit() and len(tail) - len(digits) <= 1



class SchemaChecks:
    """Scenario's validation: every key and value of `self.data` is checked before anything is built."""

    data: dict[str, Any]
    players: list[str]
    declared: dict[str, str]
    token_names: set[str]
    source: CardSource | None

    def validate(self) -> None:
        d = self.data
        _check_keys(d, {"name", "rules", "seed", "goal", "state", "players", "do", "expect"}, "(top level)")
        if "name" not in d:
            raise Malformed("name: required key is missing")
        name = _want(d["name"], str, "name", "a string")
        if control := _CONTROL.search(name):
            raise Malformed(f"name: holds the control character U+{ord(control.group()):04X}")
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
        state = d.get("state", {})
        _want(state, dict, "state", "a table")
        _check_keys(state, {"turn", "active", "step", "players", "variant"}, "state")
        self.players = self._seats(state, names)
        self.variant = _one_of(state.get("variant", "free-for-all"), VARIANTS, "state.variant", "variant")
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
            if "counters" in ptable:
                _player_counters(ptable["counters"], f"{key}.counters")
            if "mana_pool" in ptable:
                _mana_letters(ptable["mana_pool"], f"{key}.mana_pool")
            self._validate_commander(ptable, key, state.get("variant"))
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

    @staticmethod
    def _seats(state: dict, tables: list[str]) -> list[str]:
        """`state.players`: the players in turn order, A, B, C, ... (800.1: two to six); without it A and B."""
        count = max([MIN_PLAYERS] + [ord(n) - ord("A") + 1 for n in tables])
        if "players" not in state:
            if count > MIN_PLAYERS:
                raise Malformed(f"players.{tables[-1]}: without state.players a scenario is one of the two-player "
                                f"games (players A and B); list a multiplayer game's players in state.players")
            return ["A", "B"]
        seats = state["players"]
        _str_list(seats, "state.players")
        want = [chr(ord("A") + i) for i in range(len(seats))]
        if seats != want or not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise Malformed(f"state.players: {MIN_PLAYERS} to {MAX_PLAYERS} players named A, B, C, ... in turn "
                            f"order, not {seats!r}")
        if count > len(seats):
            raise Malformed(f"players.{tables[-1]}: not among state.players {seats!r}")
        return seats

    def _validate_commander(self, ptable: dict, key: str, variant: str | None) -> None:
        """903.3: `commander` names the player's commander (a list of two with partner, 702.124)."""
        keys = [k for k in ("commander", "commander_casts", "commander_damage") if k in ptable]
        if keys and variant != "commander":
            raise Malformed(f"{key}.{keys[0]}: only a Commander game (state.variant = \"commander\") has it")
        if "commander" in ptable:
            names = ptable["commander"]
            names = _str_list(names, f"{key}.commander") if isinstance(names, list) else \
                [_want(names, str, f"{key}.commander", "a card name (or a list of two with partner)")]
            if not 1 <= len(names) <= 2 or len(set(names)) != len(names):
                raise Malformed(f"{key}.commander: a player has one commander, or two different ones with partner "
                                f"(702.124)")
            for n in names:
                if not card_known(n, self.source):
                    raise Malformed(f"{key}.commander: unknown card {n!r}")
        if "commander_casts" in ptable:
            _int(ptable["commander_casts"], f"{key}.commander_casts", 0)
        if "commander_damage" in ptable:
            self._commander_damage(ptable["commander_damage"], f"{key}.commander_damage")

    def _commander_damage(self, value: Any, key: str) -> None:
        _want(value, dict, key, 'a table of commander name to damage, e.g. { "Kaalia of the Vast" = 12 }')
        for name, n in value.items():
            _int(n, f"{key}.{name}", 0)

    def _player_name(self, v: Any, key: str) -> int:
        _want(v, str, key, "a player name (A, B, ...)")
        if v not in self.players:
            raise Malformed(f"{key}: unknown player {v!r} (players: {', '.join(self.players)})")
        return self.players.index(v)

    def _validate_entry(self, e: Any, key: str, zone: str, ids: dict[str, str]) -> None:
        if isinstance(e, str):
            if not card_known(e, self.source):
                raise Malformed(f"{key}: unknown card {e!r}")
            return
        _want(e, dict, key, "a card name or a table with `card` or `token`")
        _check_keys(e, ENTRY_KEYS, key)
        if ("card" in e) == ("token" in e):
            raise Malformed(f"{key}: an entry needs exactly one of `card` and `token`")
        if "card" in e:
            _want(e["card"], str, f"{key}.card", "a card name")
            if not card_known(e["card"], self.source):
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
        for k in ("tapped", "sick", "face_down", "transformed", "flipped"):
            if k in e:
                _want(e[k], bool, f"{key}.{k}", "true or false")
        if "class_level" in e:
            _int(e["class_level"], f"{key}.class_level", 1)
        if "damage" in e:
            _int(e["damage"], f"{key}.damage", 0)
        if "counters" in e:
            _counters(e["counters"], f"{key}.counters")
        if "controller" in e:
            self._player_name(e["controller"], f"{key}.controller")
        if "attached_to" in e:
            _want(e["attached_to"], str, f"{key}.attached_to", "an id or a player")
        if zone != "battlefield":
            for k in ("tapped", "sick", "counters", "damage", "attached_to", "controller", "transformed", "flipped",
                      "class_level"):
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
        if "face" in st:
            _want(st["face"], str, f"{key}.face", "the name of a face or half, or \"fuse\"")
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
                _one_of(st["from"], CAST_FROM, f"{key}.from", "zone")
        self._validate_refs(st, verb, key)      # after the checks of kind: `divide = 0` is no table to walk

    def _validate_ref(self, ref: str, key: str) -> None:
        """A name for an object or player must be something the file or the card database knows; tokens
        made during the script are named "... Token" (111.4), numbered ones "Name#k"."""
        if (ref in self.players or ref in self.declared or "#" in ref or ref.endswith(" Token")
                or ref in self.token_names or card_known(ref, self.source)):
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
        top = {"winner", "game_over", "step", "turn", "active", "stack", "objects", *self.players}
        _check_keys(e, top, key)
        if "active" in e:
            self._player_name(e["active"], f"{key}.active")
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
                for k in ("life", "poison", "hand_count", "library_count", "lands_played"):
                    if k in e[p]:
                        _int(e[p][k], f"{pk}.{k}")
                if "counters" in e[p]:
                    _player_counters(e[p]["counters"], f"{pk}.counters")
                for k in ("hand", "library", "graveyard", "exile", "battlefield", "battlefield_has", "library_top",
                          "library_bottom"):
                    if k in e[p]:
                        _str_list(e[p][k], f"{pk}.{k}")
                if "mana_pool" in e[p]:
                    _mana_letters(e[p]["mana_pool"], f"{pk}.mana_pool")
                if "command" in e[p]:
                    _str_list(e[p]["command"], f"{pk}.command")
                if "commander_casts" in e[p]:
                    _int(e[p]["commander_casts"], f"{pk}.commander_casts", 0)
                if "commander_damage" in e[p]:
                    self._commander_damage(e[p]["commander_damage"], f"{pk}.commander_damage")
                if "lost" in e[p]:
                    _want(e[p]["lost"], bool, f"{pk}.lost", "true or false")
        objs = e.get("objects", {})
        _want(objs, dict, f"{key}.objects", "a table of object id = expectations")
        for oid, exp in objs.items():
            ok = f"{key}.objects.{oid}"
            self._validate_ref(oid, f"{key}.objects")
            _want(exp, dict, ok, "a table")
            _check_keys(exp, OBJECT_EXPECT_KEYS, ok)
            if "zone" in exp:
                _one_of(exp["zone"], sorted(ZONE_VALUES), f"{ok}.zone", "zone")
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
            if "name" in exp:
                _want(exp["name"], str, f"{ok}.name", "a name")
            if "colors" in exp:
                _color_letters(exp["colors"], f"{ok}.colors")

