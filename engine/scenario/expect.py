"""Expectations (`[expect]` and `check` steps): what the engine's state must show, each difference
reported as the key, what the file expected and what the engine has."""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from engine.scenario.errors import ScenarioFailed
from engine.scenario.schema import COLOR_LETTERS


class Expectations:
    """Scenario's checks of players and objects against the game it ran."""

    players: list[str]

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
        if "counters" in exp:
            want = {k: n for k, n in exp["counters"].items() if n}
            got = {"energy": pl.energy} if pl.energy else {}
            if want != got:
                differ(f"{key}.counters", want, got)
        if "hand_count" in exp and exp["hand_count"] != len(pl.hand):
            differ(f"{key}.hand_count", exp["hand_count"], len(pl.hand))
        if "library_count" in exp and exp["library_count"] != len(pl.library):
            differ(f"{key}.library_count", exp["library_count"], len(pl.library))
        if "lands_played" in exp and exp["lands_played"] != pl.lands_played:
            differ(f"{key}.lands_played", exp["lands_played"], pl.lands_played)
        if "library" in exp:
            got = list(reversed(self._names(pl.library)))
            if got != exp["library"]:
                differ(f"{key}.library (top first)", exp["library"], got)
        if "library_top" in exp:
            n = len(exp["library_top"])
            got = list(reversed(self._names(pl.library[len(pl.library) - n:]))) if n else []
            if got != exp["library_top"]:
                differ(f"{key}.library_top (top first)", exp["library_top"], got)
        if "library_bottom" in exp:
            # The library is kept bottom first: its first n cards, written top first, the bottom card last.
            got = list(reversed(self._names(pl.library[:len(exp["library_bottom"])])))
            if got != exp["library_bottom"]:
                differ(f"{key}.library_bottom (bottom last)", exp["library_bottom"], got)
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
        self._check_commander(p, key, exp, differ)
        if "mana_pool" in exp:
            got = "".join(c * n for c, n in pl.mana_pool.items() if n)
            if sorted(got) != sorted(exp["mana_pool"]):
                differ(f"{key}.mana_pool", exp["mana_pool"], got)

    def _check_commander(self, p: int, key: str, exp: dict, differ: Callable[[str, Any, Any], None]) -> None:
        """The command zone (408), the casts from it (903.8), the commander damage taken (903.10a), and
        whether the player lost (and left the game, 800.4a)."""
        s = self.game.state
        if "lost" in exp and exp["lost"] != s.players[p].lost:
            differ(f"{key}.lost", exp["lost"], s.players[p].lost)
        if "command" in exp:
            got = self._names([i for i in s.command if s.objects[i].owner == p])
            if Counter(got) != Counter(exp["command"]):
                differ(f"{key}.command", sorted(exp["command"]), sorted(got))
        c = s.commander
        if "commander_casts" in exp:
            got = sum(c.casts.get(k, 0) for k in c.commanders_of(p)) if c is not None else 0
            if got != exp["commander_casts"]:
                differ(f"{key}.commander_casts", exp["commander_casts"], got)
        if "commander_damage" in exp:
            taken = c.damage.get(p, {}) if c is not None else {}
            got = {self.seen.get(k, str(k)): n for k, n in taken.items() if n}
            want = {k: n for k, n in exp["commander_damage"].items() if n}
            if got != want:
                differ(f"{key}.commander_damage", want, got)

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
        if "name" in exp and exp["name"] != self._name_of(o):
            differ(f"{key}.name", exp["name"], self._name_of(o))
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

