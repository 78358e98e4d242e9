"""Building a scenario's starting state (`[state]` and `[players.X]`) through the Game façade, and naming
the objects of the game the way the file does (ids, card names, "Name#2" for the second one made)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.enums import Step, Zone
from engine.game import Game
from engine.scenario.errors import Malformed, ScenarioFailed
from engine.scenario.schema import ZONE_KEYS
from engine.core.cards import token_spec
from engine.core.commanders import COMMANDER_LIFE


class StartingState:
    """Scenario's set-up: `build` makes `self.game`; the lookups turn the file's references into objects."""

    data: dict[str, Any]
    players: list[str]
    token_names: set[str]

    # ------------------------------------------------------------ setting up
    def build(self):
        d = self.data
        game = Game.empty(player_names=list(self.players), seed=d.get("seed", 0), source=self.source)
        self.game = game
        self.ids: dict[str, int] = {}           # scenario id -> card_id
        self.seen: dict[int, str] = {}          # card_id -> name when first seen (for "Name#2")
        attach: list[tuple[int, str, str]] = []
        names = Counter()
        for ptable in d.get("players", {}).values():
            for zone in ZONE_KEYS:
                for e in ptable.get(zone, []):
                    names[e if isinstance(e, str) else e.get("card") or e.get("token")] += 1
        commander_game = d.get("state", {}).get("variant") == "commander"
        for pname in self.players:
            p = self.players.index(pname)
            ptable = d.get("players", {}).get(pname, {})
            game.set_player(p, life=ptable.get("life", COMMANDER_LIFE if commander_game else 20), poison=ptable.get("poison", 0),
                            energy=ptable.get("counters", {}).get("energy", 0),
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
                                            face_down=e.get("face_down", False),
                                            face=2 if e.get("transformed") or e.get("flipped") else 0,
                                            class_level=e.get("class_level", 0))
                        name = e["card"]
                    card_id = game.state.objects[oid].card_id
                    if "id" in e:
                        self.ids[e["id"]] = card_id
                    elif names[name] == 1:
                        self.ids[name] = card_id
                    if "attached_to" in e:
                        attach.append((oid, e["attached_to"], f"players.{pname}.{zone_key}"))
        if commander_game:
            self._set_up_commanders(names)
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

    def _set_up_commanders(self, names: Counter) -> None:
        """903.3, 903.6: each `commander` is the card of that name the player's zones list, or else a card put
        into the command zone; then the casts so far (903.8) and the commander damage taken (903.10a)."""
        game = self.game
        s = game.state
        commanders: dict[str, int] = {}
        tables = self.data.get("players", {})
        for pname, ptable in tables.items():
            p = self.players.index(pname)
            wanted = ptable.get("commander", [])
            for name in [wanted] if isinstance(wanted, str) else wanted:
                listed = [o for o in s.objects.values() if o.owner == p and o.token is None and not o.is_ability
                          and self._named(o, name)]
                if len(listed) > 1:
                    raise Malformed(f"players.{pname}.commander: {len(listed)} cards named {name!r}; list only one")
                if listed:
                    oid = listed[0].id
                else:
                    oid = game.add_card(name, p, Zone.COMMAND)
                    if names[name] == 0:
                        self.ids.setdefault(name, s.objects[oid].card_id)
                game.designate_commander(oid, p, ptable.get("commander_casts", 0))
                commanders[name] = s.objects[oid].card_id
        for pname, ptable in tables.items():
            for name, n in ptable.get("commander_damage", {}).items():
                if name not in commanders:
                    raise Malformed(f"players.{pname}.commander_damage.{name}: {name!r} is no player's commander")
                game.set_commander_damage(self.players.index(pname), commanders[name], n)

    # ------------------------------------------------------------ naming objects
    def _name_of(self, o) -> str:
        if o.is_ability:
            return o.stack.source_name if o.stack is not None else o.name
        name = self.game.characteristics(o.id).name
        return name or o.name

    def _named(self, o, ref: str) -> bool:
        """Whether a reference names the object: its name now, or (FORMAT.md) a multi-faced card's full
        name, or a split card's left half's name, as a player names a card they hold."""
        name = self._name_of(o)
        if name == ref or o.is_ability or o.token is not None:
            return name == ref
        # a multi-faced card by its full name, a split card by its left half's
        return o.name == ref or (" // " in name and name.split(" // ")[0] == ref)

    def _note_new_objects(self) -> None:
        for o in sorted(self.game.state.objects.values(), key=lambda o: o.card_id):
            if not o.is_ability and o.card_id not in self.seen:
                self.seen[o.card_id] = self._name_of(o)

    def _current(self) -> list:
        """Every object now in a zone (not abilities on the stack)."""
        s = self.game.state
        out = []
        for oid in s.battlefield + s.phased_out + s.stack + s.exile + s.command:
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
        created = [c for c, n in self.seen.items() if n == ref and c not in self.set_up]
        if len(created) > 1:
            # FORMAT.md: once the script has made several identical objects, only "Name#k" names one.
            raise ScenarioFailed(f"{ref!r}: the script created {len(created)} objects of that name; "
                                 f"write {ref}#1 ... {ref}#{len(created)}")
        matches = [o for o in self._current() if self._name_of(o) == ref] \
            or [o for o in self._current() if self._named(o, ref)]
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
        shared = zone in (Zone.EXILE, Zone.COMMAND)
        lst = s.zone_list(zone) if shared else s.players[player].zone_list(zone)
        mine = [oid for oid in reversed(lst) if self._named(s.objects[oid], ref)
                and (not shared or s.objects[oid].owner == player)]
        if mine:
            return mine[0]
        return self.obj(ref).id

