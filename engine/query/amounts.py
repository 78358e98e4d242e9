"""Amounts and conditions (107.1, 608.2h, 604.3), read through an evaluation context.

An `EvalContext` is what an amount or a condition may look at: the state, the source and its
controller, the chosen targets and answers, X, the triggering event. A resolving spell's
`Resolution` (engine.effects.resolution) is one; a static ability or characteristic-defining ability
gets one built from the object (`evaluate_amount_static`, `check_condition_static`), with no game
needed. Kinds read elsewhere plug in through engine.core.hooks (AMOUNTS, CONDITIONS).

Beyond the core kinds: damage divided evenly (Fireball, 601.2d), card types in all graveyards
(Tarmogoyf, 604.3), what was sacrificed (Fling, 608.2h), persist's "if it had no -1/-1 counters on it"
(702.79a), "that much" / "that many" from the triggering event (603.2), cards in a graveyard (404.2),
what happened this turn (morbid; life gained), kept in `state.turn_log`."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core import hooks
from engine.core.abilities import Amount, Condition, Filter, Ref, TargetSpec
from engine.core.commanders import COMMANDER_LIFE
from engine.core.cards import card_def
from engine.core.enums import Zones
from engine.core.mana import ManaCost
from engine.core.objects import STARTING_LIFE, is_player_ref, player_index
from engine.query import layers  # layers reads static amounts from here: a two-module circle, by module

if TYPE_CHECKING:
    from engine.core.state import GameState

REVEALED = "revealed"    # answers key holding the card ids a RevealTop effect revealed
SACRIFICED = "sacrificed"   # answers key holding the permanents a Sacrifice effect sacrificed ("that creature")
MOVED = "moved_to_"         # answers key + zone: the cards a resolution moved there before it stopped to ask ("this way")
DISCARDED = "discarded"     # answers key (and event key of a discard cost): the cards discarded, as they last existed
HAND_LEFT = "hand_left"     # answers key: how many cards each player's hand lost ("..., then draw that many cards")
DONE_BY = "done_by"         # answers key: how many cards or permanents each player discarded or sacrificed last
# answers keys: the damage the resolution's damage instructions have dealt ("the damage dealt this way", 120.3),
# and who was dealt some ("if a Werewolf is dealt damage this way"; damage prevented isn't dealt, 615)
DEALT_THIS_WAY = "damage_dealt_this_way"
DEALT_TO = "dealt_damage_to"


# the causes of moves to a graveyard (a card exiled instead by a replacement keeps its move's cause)
_TO_GRAVEYARD = frozenset({"destroy", "sacrifice", "discard", "mill", "counter", "resolve", "sba", "legend_rule"})


class EvalContext:
    """What an amount, a condition or a reference is read against (608.2, 604.3)."""
    # the answers key (+ zone) of what it moved before it stopped to ask: MOVED, or one of the instructions a
    # replacement carries out within a resolution (engine.effects.resolution)
    moved_key = MOVED

    def __init__(self, state: "GameState", *, controller: int, source_id: int | None, source_card_id: int | None,
                 source_name: str, targets: list[list[Any]], target_specs: list[TargetSpec],
                 x: int = 0, kicked: int = 0, event: dict[str, Any] | None = None,
                 answers: dict[str, Any] | None = None, stack_id: int | None = None,
                 divide: dict[str, int] | None = None, source_lki: dict[str, Any] | None = None,
                 legal: list[list[bool]] | None = None) -> None:
        self.state = state
        self.controller = controller
        self.source_id = source_id
        self.source_card_id = source_card_id
        self.source_name = source_name
        self.targets = targets
        self.target_specs = target_specs
        self.legal = legal if legal is not None else [[True] * len(t) for t in targets]
        self.x = x
        self.kicked = kicked
        self.event = event or {}
        self.answers = answers if answers is not None else {}
        self.stack_id = stack_id
        self.divide = divide or {}
        self.source_lki = source_lki
        self.prefix = ""
        self.changes_from = 0    # "this way" of one time through a repeated process: its first zone change
        self.created: list[int] = []
        self.target_offset = 0   # a later chosen mode's first target (700.2: each mode has its own targets)

    def source_object(self):
        """The source permanent, if it's still the same object on the battlefield."""
        if self.source_id is None:
            return None
        o = self.state.objects.get(self.source_id)
        return o if o is not None and o.zone in (Zones.BATTLEFIELD, Zones.STACK) else None

    def last_known(self, ref: Ref) -> dict[str, Any] | None:
        """The last known information of the one object a reference that isn't a target named, once it has left
        the battlefield (608.2h): the object of the trigger's event, or what the source was attached to."""
        s = self.state
        if ref.kind == "event":
            was = self.event.get("was", self.event.get("object_lki"))
            oid = self.event.get("object", self.event.get("target"))
            return was if isinstance(was, dict) else s.lki.get(str(oid)) if isinstance(oid, int) else None
        if ref.kind in ("enchanted", "equipped", "attached"):
            o = s.objects.get(self.source_id) if self.source_id is not None else None
            host = o.attached_to if o is not None and o.zone is Zones.BATTLEFIELD else (self.source_lki or {}).get(
                "attached_to")
            return s.lki.get(str(host)) if isinstance(host, int) else None
        return None

    def named_before(self, flt: Filter | None) -> set[int]:
        """What a spell's "other" group is other than: what its instructions named before it, not the spell itself:
        "create ... tokens. Destroy all other creatures" (the tokens it created), "Target creature you control gets
        +2/+1 ... Each other creature you control gets +1/+1" (its targets, 115.1, 608.2c)."""
        src = self.source_object()
        if flt is None or not flt.other or (src is not None and src.zone is not Zones.STACK):
            return set()
        return set(self.created) | {t for group in self.targets for t in group if isinstance(t, int)}

    # -------- references
    def objects(self, ref: Ref) -> list[int]:
        return [r for r in self.resolve_ref(ref) if isinstance(r, int)]

    def players(self, ref: Ref) -> list[int]:
        out = []
        for r in self.resolve_ref(ref):
            if is_player_ref(r):
                out.append(player_index(r))
        return out

    def resolve_ref(self, ref: Ref) -> list[Any]:
        s = self.state
        k = ref.kind
        if k == "target":
            chosen, legal = self.target_group(ref.index)
            out = []
            for t, ok in zip(chosen, legal):
                if not ok:
                    continue   # 608.2b: an illegal target is not affected
                if isinstance(t, int) and t not in s.objects:
                    continue
                out.append(t)
            return out
        if k == "self":
            o = self.source_object()
            return [o.id] if o is not None and o.zone is Zones.BATTLEFIELD else []
        if k == "source_card":
            # The card an ability works from outside the battlefield (unearth from a graveyard), even
            # once moved: effects that follow moved objects (400.7j) find it again.
            return [self.source_id] if self.source_id is not None else []
        if k == "aura_in_graveyard":
            # An Aura's card put into a graveyard by 704.5m after its trigger ("when enchanted creature dies"):
            # a new object (400.7), found by its card
            return [x for p in s.players for x in p.graveyard if s.objects[x].card_id == self.source_card_id][:1]
        if k == "self_spell_or_permanent":
            # "Shuffle ~ into its owner's library" on a spell: the spell itself while it resolves.
            o = self.source_object()
            return [o.id] if o is not None else []
        if k == "self_in_graveyard":
            # 113.6k: "return ~ from your graveyard": the card, while it is still in its owner's graveyard.
            o = s.objects.get(self.source_id) if self.source_id is not None else None
            return [o.id] if o is not None and o.zone is Zones.GRAVEYARD else []
        if k == "you":
            return [f"P{self.controller}"]
        if k == "each_player":
            return [f"P{i}" for i in s.apnap() if not s.players[i].lost]
        if k in ("each_opponent", "opponent"):
            return [f"P{i}" for i in s.apnap() if i != self.controller and not s.players[i].lost]
        if k == "active_player":
            return [f"P{s.active}"]
        if k == "chosen_player":
            # "the chosen player": the opponent or player its source chose as it entered (614.12), as it last
            # existed once it has left the battlefield (608.2h)
            o = self.source_object()
            chosen = o.chosen if o is not None else (self.source_lki or {}).get("chosen") or {}
            p = chosen.get("opponent", chosen.get("player"))
            return [f"P{p}"] if p is not None and not s.players[p].lost else []
        if k == "player":
            # One player by index: each player of "an opponent has ..." in turn (the some_player condition).
            return [f"P{ref.index}"]
        if k == "controller_of":
            out = []
            for t in self.resolve_ref(Ref("target", ref.index)):
                if isinstance(t, int):
                    out.append(f"P{s.objects[t].controller}")
                else:
                    out.append(t)
            if not out:
                # The target left: use last known information (608.2h).
                for t in self.target_group(ref.index)[0]:
                    info = s.lki.get(str(t))
                    if info:
                        out.append(f"P{info['controller']}")
            return out
        if k in ("controller_of_attached", "owner_of_attached"):
            # the controller or owner of what the source enchants or equips ("enchanted artifact's controller",
            # "its owner"), or of what it was attached to as that last existed (608.2h)
            whose = "controller" if k == "controller_of_attached" else "owner"
            host = self.resolve_ref(Ref(ref.key))
            if host:
                return [f"P{getattr(s.objects[host[0]], whose)}"]
            was = self.last_known(Ref(ref.key))
            return [f"P{was[whose]}"] if was and whose in was else []
        if k == "owner_of":
            out = [f"P{s.objects[t].owner}" for t in self.resolve_ref(Ref("target", ref.index)) if isinstance(t, int)]
            if not out:
                # The target left the battlefield ("shuffles it into their library, then draws"): 608.2h.
                for t in self.target_group(ref.index)[0]:
                    info = s.lki.get(str(t))
                    if info:
                        out.append(f"P{info['owner']}")
            return out
        if k in ("enchanted", "equipped", "attached"):
            o = self.source_object()
            if o is None:
                # "Sacrifice ~: ... enchanted creature": what it was attached to as it last existed (608.2h)
                was = (self.source_lki or {}).get("attached_to")
                return [was] if isinstance(was, int) and was in s.objects \
                    and s.objects[was].zone is Zones.BATTLEFIELD else []
            return [] if o.attached_to is None else [o.attached_to]
        if k == "event":
            v = self.event.get("object")
            if v is None:
                p = self.event.get("player")
                if p is None and is_player_ref(self.event.get("target")):
                    return [self.event["target"]]     # the player a damage event was dealt to
                if p is None and self.event.get("target") in s.objects:
                    return [self.event["target"]]     # the creature or planeswalker it was dealt to
                return [f"P{p}"] if p is not None else []
            return [v] if v in s.objects else []
        if k == "attack_target":
            # "the player or planeswalker it's attacking" (506.3, 508.1b): of the source or the event's creature
            attacker = self.resolve_ref(Ref(ref.key))
            attacked = s.combat.attackers.get(attacker[0]) if attacker and s.combat is not None else None
            return [attacked] if attacked is not None and (is_player_ref(attacked) or attacked in s.objects) else []
        if k == "dealt_damage_this_way":
            # "a creature dealt damage this way": the permanents this resolution's damage instructions dealt damage
            # to (120.3; damage prevented isn't dealt, 615), still on the battlefield
            return [r for r in dict.fromkeys(self.answers.get(DEALT_TO, ())) if isinstance(r, int) and r in s.objects
                    and s.objects[r].zone is Zones.BATTLEFIELD]
        if k == "event_source":
            # the object that dealt the damage of a damage event (120.3)
            v = self.event.get("source")
            return [v] if v in s.objects else []
        if k == "event_source_controller":
            p = self.event.get("source_controller")
            return [f"P{p}"] if isinstance(p, int) else []
        if k == "event_player":
            # "that player" of a player's event (cast, discard, life, sacrifice): who did it
            p = self.event.get("player")
            if p is None:
                was = self.event.get("was")
                p = was.get("controller") if isinstance(was, dict) else self.event.get("controller")
            return [f"P{p}"] if isinstance(p, int) else []
        if k == "event_owner":
            # the owner of the object a zone change moved: the player whose graveyard or hand it went to (400.3)
            p = self.event.get("owner")
            return [f"P{p}"] if isinstance(p, int) else []
        if k == "event_controller":
            # An object that left the battlefield: its controller as it left (603.10, 608.2h).
            was = self.event.get("was")
            p = was.get("controller") if isinstance(was, dict) else self.event.get("controller")
            if p is None:
                p = self.event.get("target_controller")     # a damaged permanent's (Ragged Veins)
            if p is None and self.event.get("object") in s.objects:
                p = s.objects[self.event["object"]].controller      # an attacking creature's, now
            return [f"P{p}"] if p is not None else []
        if k == "defending_player":
            c = s.combat
            if c is None:
                return []
            # 802.2a: the player the attacking creature attacks (the source, or the creature whose attack
            # triggered the ability).
            attacker = next((x for x in (self.source_id, self.event.get("object")) if x in c.defenders), None)
            return [f"P{c.defender_of(attacker) if attacker is not None else c.defending_player}"]
        if k == "all":
            out = []
            named = self.named_before(ref.filter)
            src = self.source_object()
            flt = ref.filter
            if flt is not None and flt.lesser_power_than_source and (src is None or src.zone is not Zones.BATTLEFIELD):
                # "Sacrifice Lena: creatures you control with power less than Lena's power ...": its last known
                # power (608.2h)
                power = (self.source_lki or {}).get("power")
                if power is None:
                    return []
                flt = replace(flt, lesser_power_than_source=False, max_power=power - 1)
            for oid in list(s.battlefield):
                o = s.objects[oid]
                if oid in named:
                    continue
                if layers.matches_ch(s, o, layers.characteristics(s, oid), flt, self.controller, self.source_id):
                    out.append(oid)
            return out
        if k == "controlled_by":
            # Every object matching the filter controlled by target `index` (a player, or the
            # controller of a permanent): "each creature that player controls".
            who = {player_index(p) for p in self.resolve_ref(Ref("controller_of", ref.index))}
            return [o for o in self.resolve_ref(Ref("all", filter=ref.filter)) if s.objects[o].controller in who]
        if k == "controlled_by_ref":
            # every object matching the filter controlled by the player a reference of kind `key` names ("each
            # creature that player controls" of the player a trigger's event names)
            who = {player_index(p) for p in self.resolve_ref(Ref(ref.key)) if is_player_ref(p)}
            return [o for o in self.resolve_ref(Ref("all", filter=ref.filter)) if s.objects[o].controller in who]
        if k in ("related_to_target", "related_to_self"):
            # "target creature and each other creature that shares a color with it", "... all other artifacts with the
            # same name as that artifact": the others as the target (or the source) is now (105.2, 201.2)
            # (or as it last existed, 608.2h, once an earlier instruction destroyed it: "Destroy target ... and all other")
            if k == "related_to_target":
                chosen, legal = self.target_group(ref.index)
                first = next((t for t, ok in zip(chosen, legal) if ok and isinstance(t, int)), None)
            else:
                first = self.source_id
            here = first in s.objects and s.objects[first].zone is Zones.BATTLEFIELD
            if here:
                of = layers.characteristics(s, first)
                colors, name = of.colors, of.name
            else:
                info = s.lki.get(str(first)) or {}
                colors, name = set(info.get("colors", ())), info.get("name", "")
            out = []
            for oid in self.resolve_ref(Ref("all", filter=ref.filter)):
                ch = layers.characteristics(s, oid)
                if oid != first and (ch.colors & colors if ref.key == "color" else name and ch.name == name):
                    out.append(oid)
            return out
        if k == "attached_to_target":
            # the permanents of the filter attached to target `index` ("all Equipment attached to that creature"),
            # also once the instruction's first part moved it ("exile target creature and all Auras attached to it":
            # they are still attached until the state-based actions, 704.5m)
            chosen, legal = self.target_group(ref.index)
            hosts = {t for t, ok in zip(chosen, legal) if ok}
            return [o for o in self.resolve_ref(Ref("all", filter=ref.filter)) if s.objects[o].attached_to in hosts]
        if k == "attached_to_ref":
            # "all Auras attached to that creature" of a trigger's event, "all Curses attached to you" (303.4, 301.5)
            hosts = set(self.resolve_ref(Ref(ref.key)))
            return [o for o in self.resolve_ref(Ref("all", filter=ref.filter)) if s.objects[o].attached_to in hosts]
        if k == "chosen":
            # kept by the effect that chose them under its key, for the next instructions (ChooseObjects)
            # (a player chosen stays chosen; an object only while it is still that object, 400.7)
            chosen = self.answers.get(self.prefix + ref.key, self.answers.get(ref.key, []))
            return [o for o in chosen if not isinstance(o, int) or o in s.objects]
        if k == "revealed":
            # The cards "reveal the top card of your library" revealed earlier in this resolution ("put it
            # onto the battlefield"), while they are still where they were revealed or moved to.
            return [o for o in self.answers.get(REVEALED, []) if o in s.objects]
        if k == "sacrificed":
            return list(self.answers.get(SACRIFICED, []))
        if k in ("players_controlling", "players_not_controlling"):
            # "Each player who controls a multicolored creature", "each opponent who doesn't control an Elf": the
            # players of `key` who control (or don't) a permanent of the filter as the instruction is carried out
            def controls(p: int) -> bool:
                return any(s.objects[oid].controller == p and layers.matches_ch(
                    s, s.objects[oid], layers.characteristics(s, oid), ref.filter, p, self.source_id)
                    for oid in s.battlefield)
            want = k == "players_controlling"
            return [p for p in self.resolve_ref(Ref(ref.key)) if is_player_ref(p) and controls(player_index(p)) == want]
        if k == "who_couldnt":
            # "Each player discards a card. Each opponent who can't loses 3 life": of the players of `key`, those
            # the last discard or sacrifice instruction took nothing from (they had nothing to give)
            done = self.answers.get(DONE_BY, {})
            return [p for p in self.resolve_ref(Ref(ref.key)) if is_player_ref(p) and not done.get(p[1:], 0)]
        if k == "created":
            return list(self.created)
        if k == "exiled_this_way":
            # "then puts all cards they exiled this way onto the battlefield": while they are still in exile; not a
            # card exiled instead of going to a graveyard ("then sacrifices all creatures" with Rest in Peace, 614.1a)
            instead = {c["object"] for c in self.zone_changes() if c["cause"] in _TO_GRAVEYARD}
            return [o for o in self.moved_this_way("exile") if o in s.objects and s.objects[o].zone is Zones.EXILE
                    and o not in instead]
        if k == "remembered":
            # 603.7c: what a delayed triggered ability refers to, while it is still the same object.
            return [o for o in self.event.get("remembered", ()) if o in s.objects]
        if k == "most":
            # "the player with the most life", "the player who controls the most creatures": only a player who has
            # more than each other player (none on a tie)
            counts = {p: _player_measure(self, p, ref) for p in s.apnap() if not s.players[p].lost}
            best = max(counts.values(), default=None)
            tops = [p for p, n in counts.items() if n == best]
            return [f"P{tops[0]}"] if len(tops) == 1 else []
        raise ValueError(f"unknown reference {k}")

    def moved_this_way(self, zone: str) -> list[int]:
        """The cards this resolution has put into a zone so far ("for each card exiled this way", "returned to your
        hand this way"); a resolution (which sees its events) adds the latest."""
        return list(self.answers.get(self.moved_key + zone, []))

    def zone_changes(self) -> list[dict[str, Any]]:
        """The zone changes this resolution has made so far, as kept across a choice; a resolution adds the latest."""
        return list(self.answers.get(self.moved_key + "changes", []))[self.changes_from:]

    def target_group(self, index: int) -> tuple[list[Any], list[bool]]:
        """The targets chosen for the effect's `index`-th target phrase, and whether each is still
        legal (608.2b). In a modal spell, an effect's phrases count from its own mode's first."""
        i = index + self.target_offset
        if i >= len(self.targets):
            return [], []
        chosen = self.targets[i]
        return chosen, self.legal[i] if i < len(self.legal) else [True] * len(chosen)

    # -------- amounts
    def amount(self, a: Amount | int) -> int:
        if isinstance(a, int):
            return a
        return evaluate_amount(self, a)


def evaluate_amount(res: EvalContext, a: Amount) -> int:
    s = res.state
    k = a.kind
    if k == "const":
        v = a.value
    elif k == "x":
        v = res.x
    elif k == "times_kicked":
        # 702.33c-d: how many times its kicker costs were paid; "that spell" (ref "event"): the spell whose casting
        # triggered the ability
        v = int(res.event.get("kicked") or 0) if a.ref == Ref("event") else int(res.kicked)
        oid = res.event.get("object") if a.ref == Ref("event") else res.source_id
        if len(kicker_costs(s, oid, res.source_name)) > 1:
            v = bin(v).count("1")       # 702.33c: each of its kicker abilities paid once at most
    elif k in ("power_of", "toughness_of", "mana_value_of"):
        ids = res.resolve_ref(a.ref) if a.ref else []
        v = 0
        for t in ids:
            # A revealed card is read wherever it went (in a hand or a graveyard: its printed values).
            if isinstance(t, int) and t in s.objects and (s.objects[t].zone in (Zones.BATTLEFIELD, Zones.STACK)
                                                          or a.ref.kind == "revealed"):
                ch = layers.characteristics(s, t)
                v = {"power_of": ch.power, "toughness_of": ch.toughness, "mana_value_of": ch.mana_value}[k] or 0
                break
        else:
            # Last known information of a target that left (608.2h).
            if a.ref is not None and a.ref.kind == "target":
                for t in res.target_group(a.ref.index)[0]:
                    info = s.lki.get(str(t)) or _moved_card(res, t)
                    if info:
                        v = {"power_of": info["power"], "toughness_of": info["toughness"],
                             "mana_value_of": info["mana_value"]}[k] or 0
            elif a.ref is not None and a.ref.kind == "sacrificed":
                # "that creature" after a sacrifice: the permanent as it last existed (608.2h)
                info = next((s.lki[str(t)] for t in ids if s.lki.get(str(t))), None)
                if info:
                    v = {"power_of": info.get("power"), "toughness_of": info.get("toughness"),
                         "mana_value_of": info.get("mana_value")}[k] or 0
            elif a.ref is not None and a.ref.kind in ("self", "event", "enchanted", "equipped", "attached"):
                info = res.source_lki if a.ref.kind == "self" else res.last_known(a.ref)
                if info:
                    v = {"power_of": info.get("power"), "toughness_of": info.get("toughness"),
                         "mana_value_of": info.get("mana_value")}[k] or 0
    elif k == "count":
        v = 0
        who = set(res.players(a.ref)) if a.ref is not None else None     # "... they control"
        for oid in s.battlefield:
            if who is not None and s.objects[oid].controller not in who:
                continue
            if layers.matches_ch(s, s.objects[oid], layers.characteristics(s, oid), a.filter, res.controller, res.source_id):
                v += 1
    elif k == "cards_in_hand":
        ps = res.players(a.ref) if a.ref else [res.controller]
        # "the number of white cards in their hand": those of the kind (filter), or all
        v = sum(len(s.players[p].hand) if a.filter is None else sum(
            1 for o in s.players[p].hand
            if layers.matches_ch(s, s.objects[o], layers.characteristics(s, o), a.filter, res.controller, res.source_id))
            for p in ps)
    elif k == "cards_in_library":
        ps = res.players(a.ref) if a.ref else [res.controller]
        v = sum(len(s.players[p].library) for p in ps)
    elif k == "life_of":
        ps = res.players(a.ref) if a.ref else [res.controller]
        v = s.players[ps[0]].life if ps else 0
    elif k == "counters_on":
        # `counter` names a kind of counter; none: "for each counter on ~", of every kind (122.1)
        ids = res.objects(a.ref) if a.ref else []
        was = res.event.get("was") if a.ref is not None and a.ref.kind == "event" else None
        if isinstance(was, dict) and was.get("zone") == Zones.BATTLEFIELD.value and was.get("id") not in ids:
            ids = []        # "when ~ dies, draw a card for each age counter on it": the permanent's, not the card's (400.7)
        v = sum(_counters_of(s.objects[i].counters, a.counter) for i in ids)
        if not ids and a.ref is not None and a.ref.kind in ("self", "event"):
            # It left the battlefield: the counters it had as it last existed (608.2h; modular 702.43a).
            info = res.source_lki if a.ref.kind == "self" else res.event.get("was")
            v = _counters_of((info or {}).get("counters", {}), a.counter)
    elif k == "chosen_number":
        v = int((res.answers.get(res.prefix + a.counter) or [0])[0])
    else:
        v = hooks.AMOUNTS[k](res, a)
    return v * a.multiplier


def moved_card(res: EvalContext, old: Any) -> int | None:
    """The card a target card not on the battlefield became as this resolution moved it to a graveyard or exile
    ("Exile target creature card from your graveyard. Create X tokens, where X is that card's power"): a new object
    (400.7) whose values are its card's, as they were where it was targeted (608.2h); None if it went elsewhere or
    face down."""
    s = res.state
    for c in res.zone_changes():
        o = s.objects.get(c["object"]) if c.get("old") == old and c.get("was") is None else None
        if o is not None and o.zone in (Zones.GRAVEYARD, Zones.EXILE) and not o.face_down:
            return o.id
    return None


def _moved_card(res: EvalContext, old: Any) -> dict[str, Any] | None:
    new = moved_card(res, old)
    if new is None:
        return None
    ch = layers.characteristics(res.state, new)
    return {"power": ch.power, "toughness": ch.toughness, "mana_value": ch.mana_value}


def _counters_of(counters: dict[str, int], kind: str) -> int:
    return counters.get(kind, 0) if kind else sum(counters.values())


def _static_context(state: "GameState", obj, **kw: Any) -> EvalContext:
    return EvalContext(state, controller=obj.controller, source_id=obj.id, source_card_id=obj.card_id,
                       source_name=obj.name, targets=[], target_specs=[], **kw)


def evaluate_amount_static(state: "GameState", obj, a: Amount, x: int = 0) -> int:
    """An amount read by a static ability or CDA (604.3), outside any resolution (`x`: the X paid
    for the spell an entering permanent was)."""
    return evaluate_amount(_static_context(state, obj, x=x, kicked=obj.kicked), a)


def check_condition_static(state: "GameState", obj, cond: Condition, x: int = 0, kicked: int | None = None) -> bool:
    """A condition read by a static ability (604.3), outside any resolution (`x`: as for evaluate_amount_static;
    `kicked`: a spell's, which its stack object keeps, else the permanent's)."""
    return check_condition(_static_context(state, obj, x=x, kicked=obj.kicked if kicked is None else kicked), cond)


def kicker_costs(state: "GameState", oid: int | None, name: str = "") -> list[ManaCost]:
    """The costs of an object's kicker abilities, in printed order (702.33c: "Kicker {1}{G} and/or {2}{U}"); its
    `kicked` has the bit of each one paid when it has more than one. The object is found by id while it exists, else
    its card by name."""
    o = state.objects.get(oid) if oid is not None else None
    d = layers.characteristics(state, oid).definition if o is not None else card_def(name) if name else None
    return [c.cost.mana for c in d.costs if c.kind == "kicker"] if d is not None else []


def _kicked_with(res: EvalContext, cost: str) -> bool:
    """702.33c: "if it was kicked with its {1}{G} kicker": that kicker ability's cost was paid."""
    costs = kicker_costs(res.state, res.source_id, res.source_name)
    want = ManaCost.parse(cost)
    if want not in costs:
        return False
    return bool(int(res.kicked) >> costs.index(want) & 1) if len(costs) > 1 else bool(res.kicked)


def check_condition(res: EvalContext, c: Condition) -> bool:
    s = res.state
    k = c.kind
    if k == "kicked":
        r = bool(res.kicked)
    elif k == "kicked_with":
        r = _kicked_with(res, c.key)
    elif k == "evoked":
        o = res.source_object()
        r = bool(o and o.evoked)
    elif k == "you_control":
        r = any(layers.matches_ch(s, s.objects[o], layers.characteristics(s, o), c.filter, res.controller, res.source_id)
                and s.objects[o].controller == res.controller for o in s.battlefield)
    elif k == "count_at_least":
        n = sum(1 for o in s.battlefield
                if layers.matches_ch(s, s.objects[o], layers.characteristics(s, o), c.filter, res.controller, res.source_id))
        r = n >= c.value
    elif k == "life_at_least":
        r = s.players[res.controller].life >= c.value
    elif k == "life_at_most":
        r = s.players[res.controller].life <= c.value
    elif k == "hand_empty":
        r = not s.players[res.controller].hand
    elif k == "library_empty":
        r = not s.players[res.controller].library
    elif k == "your_turn":
        r = s.active == res.controller
    elif k == "extra_turn":
        r = "extra_turn_rest" in s.turn_log     # 500.7: a turn an effect added (engine.loop.turn.next_turn)
    elif k == "opponent_dealt_damage_this_turn":
        r = any(int(p) != res.controller for p in s.turn_log.get("damaged_by", {}))
    elif k == "chose":
        # The option (`value`, an index) it chose as it entered, kept under `key` (riot 702.136a).
        o = res.source_object()
        r = bool(o and o.chosen.get(c.key) == c.value)
    elif k == "echo_due":
        # 702.30a: it came under your control (entered: a new timestamp) since your last upkeep began.
        o = res.source_object()
        r = bool(o and o.timestamp > s.players[res.controller].upkeep_stamps[0])
    elif k == "cast_during_your_main_phase":
        r = res.event.get("cast_step") in ("main1", "main2") and res.event.get("cast_turn_of") == res.controller
    elif k == "source_tapped":
        o = res.source_object()
        r = bool(o and o.tapped)
    elif k == "target_is":
        ids = res.objects(Ref("target", c.value))
        r = any(layers.matches_ch(s, s.objects[i], layers.characteristics(s, i), c.filter, res.controller, res.source_id) for i in ids)
    elif k == "event_matches":
        info = res.event.get("was") or {}
        r = info_matches(info, c.filter, res.controller)
    elif k == "event_is":
        # the permanent of the event as it is, or as it last existed once it has left (608.2h)
        oid = res.event.get("object")
        if isinstance(oid, int) and oid in s.battlefield:
            r = layers.matches_ch(s, s.objects[oid], layers.characteristics(s, oid), c.filter, res.controller,
                                  res.source_id)
        else:
            info = s.lki.get(str(oid)) if isinstance(oid, int) else None
            r = info is not None and info_matches(info, c.filter, res.controller)
    else:
        r = hooks.CONDITIONS[k](res, c)
    return (not r) if c.negate else r


def combat_status_matches(info: dict[str, Any], flt: Filter) -> bool:
    """The combat and tap status a filter asks of an object as it last existed (603.10a, 608.2h): "whenever an
    attacking Kithkin is put into your graveyard", "a blocking creature dies", "a tapped creature dies"."""
    attacking, blocking = info.get("attacks") is not None, bool(info.get("blocking"))
    return not ((flt.attacking is not None and attacking != flt.attacking)
                or (flt.blocking is not None and blocking != flt.blocking)
                or (flt.attacking_or_blocking is not None and (attacking or blocking) != flt.attacking_or_blocking)
                or (flt.tapped is not None and "tapped" in info and bool(info["tapped"]) != flt.tapped))


def info_matches(info: dict[str, Any], flt: Filter | None, controller: int, *, other_than: int | None = None,
                 chosen: dict[str, Any] | None = None) -> bool:
    """Does an object as it last existed (603.10a, 608.2h: last known information, `zones.describe`) or a record
    of a spell cast match a filter? `controller` is the player the filter's "you" means. A characteristic the
    record doesn't keep is not checked. `other_than`: the object "another" excludes; `chosen`: what the
    watching permanent chose as it entered ("a creature of the chosen type dies", 614.12)."""
    if flt is None:
        return True
    types = set(info.get("types", ()))
    if (flt.types and not flt.types & types) or (flt.not_types & types) or (flt.all_types and not flt.all_types <= types):
        return False
    if flt.any_of and not any(info_matches(info, a, controller, other_than=other_than, chosen=chosen)
                              for a in flt.any_of):
        return False
    for field, wanted, unwanted, every in (("subtypes", flt.subtypes, flt.not_subtypes, flt.all_subtypes),
                                           ("colors", flt.colors, flt.not_colors, frozenset()),
                                           ("supertypes", flt.supertypes, flt.not_supertypes, frozenset())):
        if field in info:
            has = set(info[field])
            if (wanted and not wanted & has) or (unwanted & has) or (every and not every <= has):
                return False
    for bound, field, most in (("max_mana_value", "mana_value", True), ("min_mana_value", "mana_value", False),
                               ("max_power", "power", True), ("min_power", "power", False),
                               ("max_toughness", "toughness", True), ("min_toughness", "toughness", False)):
        limit = getattr(flt, bound)
        if limit is not None and field in info and (info[field] is None or (
                info[field] > limit if most else info[field] < limit)):
            return False        # no power at all is neither "power 2 or less" nor "4 or greater"
    if flt.toughness_over_power and (info.get("power") is None or info.get("toughness") is None
                                     or info["toughness"] <= info["power"]):
        return False
    keywords = set(info.get("keywords", ()))
    if (flt.keyword is not None and flt.keyword not in keywords) or \
            (flt.without_keyword is not None and flt.without_keyword in keywords):
        return False
    if flt.counter is not None and not layers.has_counter(info.get("counters") or {}, flt.counter, flt.min_counters):
        return False
    if flt.without_counter is not None and layers.has_counter(info.get("counters") or {}, flt.without_counter):
        return False
    if flt.name is not None and info.get("name") != flt.name:
        return False
    if (flt.modified and not info.get("modified")) or (
            flt.enchanted is not None and bool(info.get("enchanted")) != flt.enchanted) or (
            flt.face_down is not None and bool(info.get("face_down")) != flt.face_down):
        return False
    if flt.attacking_you and info.get("attacks") != f"P{controller}":
        return False
    if not combat_status_matches(info, flt):
        return False
    if flt.token is not None and bool(info.get("token")) != flt.token:
        return False
    if flt.controller == "you" and info.get("controller") != controller:
        return False
    if flt.controller == "opponent" and info.get("controller") == controller:
        return False
    if flt.owner in ("you", "opponent") and (info.get("owner", controller) == controller) != (flt.owner == "you"):
        return False        # "a permanent is returned to your hand": one you own (108.3)
    if flt.other and other_than is not None and info.get("id") == other_than:
        return False
    if flt.chosen and chosen is not None:
        value = chosen.get(flt.chosen)
        if value is None or value not in info.get("colors" if flt.chosen == "color" else "subtypes", ()):
            return False
    return True


# ---------------------------------------------------------------- kinds beyond the core ones

def _x_split_evenly(res: EvalContext, a: Amount) -> int:
    """X divided evenly, rounded down, among the targets chosen as the spell was cast (even if some
    became illegal since: they just don't get their share, 608.2b)."""
    chosen = res.target_group(a.ref.index if a.ref is not None else 0)[0]
    return res.x // len(chosen) if chosen else 0


def _card_types_in_graveyards(res: EvalContext, a: Amount) -> int:
    """205.2a card types among cards in all graveyards (or in the graveyards of `ref`'s players: "in your
    graveyard"); `value` is added ("that number plus 1")."""
    s = res.state
    by_player = layers.graveyard_derived(s, "card_types", _graveyard_card_types)
    types: set[str] = set()
    for p in (res.players(a.ref) if a.ref is not None else range(len(s.players))):
        types |= by_player[p]
    return len(types) + a.value


def _graveyard_card_types(cards: "layers.GraveyardCards") -> list[frozenset[str]]:
    """The card types among the cards in each player's graveyard. Types only (not P/T): read the card itself, so a
    Tarmogoyf in a graveyard doesn't need its own characteristics to count itself."""
    return [frozenset(t for d in defs for t in d.types) for _, defs in cards]


def _sacrificed(field: str, paid: str = "sacrificed"):
    """A characteristic of what was sacrificed (or revealed, `paid`) to pay the cost (Fling), from last known
    information (608.2h): the stack object's event data keeps what was sacrificed under "sacrificed". After an
    instruction of the resolution that sacrificed ("sacrifice a creature, then each opponent loses life equal to the
    sacrificed creature's power"), what that instruction sacrificed."""
    def amount(res: EvalContext, a: Amount) -> int:
        done = [c["was"] for c in res.zone_changes() if c["cause"] == "sacrifice" and c["was"]] \
            if paid == "sacrificed" else []
        return sum(info.get(field) or 0 for info in (done or res.event.get(paid, ())))
    return amount


def _discarded(field: str):
    """A characteristic of the card or cards discarded (608.2h: as they last existed in the hand), added up: by the
    resolution's last discard instruction, or else to pay the cost of the spell or ability (the event data)."""
    def amount(res: EvalContext, a: Amount) -> int:
        cards = res.answers[DISCARDED] if DISCARDED in res.answers else res.event.get(DISCARDED, ())
        return sum(info.get(field) or 0 for info in cards)
    return amount


def _discarded_matching(res: EvalContext, a: Amount) -> int:
    """The cards the resolution's last discard instruction discarded that match the filter, as they last existed
    (608.2h): "for each nonland card discarded this way"."""
    return sum(1 for info in res.answers.get(DISCARDED, ()) if info_matches(info, a.filter, res.controller))


def _no_counters(kind: str):
    """The object the trigger refers to had no `kind` counters as it left (603.10a look-back)."""
    def condition(res: EvalContext, c: Condition) -> bool:
        was = res.event.get("was") or {}
        return not (was.get("counters") or {}).get(kind, 0)
    return condition


def _had_counters(res: EvalContext, c: Condition) -> bool:
    """ "If it had a +1/+1 counter on it": the object the trigger refers to had one or more `key` counters as it
    last existed (603.10a look-back)."""
    counters = (res.event.get("was") or {}).get("counters") or {}
    return bool(counters.get(c.key, 0) if c.key else sum(counters.values()))     # no key: any kind (122.1)


def _counters_had(res: EvalContext, a: Amount) -> int:
    """ "The number of counters it had on it": the counters of every kind the object the trigger refers to had as it
    last existed (603.10a, 122.1)."""
    return sum(((res.event.get("was") or {}).get("counters") or {}).values())


def _event_amount(res: EvalContext, a: Amount) -> int:
    # a "life" event's amount is negative for a loss: "that much" is how much life was lost
    return abs(int(res.event.get("amount") or 0))




def _event_count(res: EvalContext, a: Amount) -> int:
    return sum(1 for info in res.event.get("attackers", ()) if info_matches(info, a.filter, res.controller))


def _cards_in_graveyard(res: EvalContext, a: Amount) -> int:
    s = res.state
    players = res.players(a.ref) if a.ref is not None else [res.controller]
    return sum(1 for p in players for oid in s.players[p].graveyard
               if layers.matches_ch(s, s.objects[oid], layers.characteristics(s, oid), a.filter, res.controller, None))


def _opponent_graveyard_at_least(res: EvalContext, c: Condition) -> bool:
    """ "As long as an opponent has eight or more cards in their graveyard" (404.2): one opponent's graveyard."""
    s = res.state
    return any(sum(1 for oid in s.players[p].graveyard
                   if layers.matches_ch(s, s.objects[oid], layers.characteristics(s, oid), c.filter, res.controller, None))
               >= c.value for p in res.players(Ref("each_opponent")))


def _life_above_starting(res: EvalContext, c: Condition) -> bool:
    """ "If you have at least 7 life more than your starting life total": 20 (103.4), 40 in Commander (903.7)."""
    starting = COMMANDER_LIFE if res.state.commander is not None else STARTING_LIFE
    return res.state.players[res.controller].life >= starting + c.value


def _bounced_to_your_hand_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If a permanent was put into your hand from the battlefield this turn" (400.7): you own it."""
    return res.controller in res.state.turn_log.get("bounced_to_hand_of", ())


def _creature_died_this_turn(res: EvalContext, c: Condition) -> bool:
    return res.state.turn_log.get("creatures_died", 0) > 0


def _chosen_count(res: EvalContext, a: Amount) -> int:
    """ "For each creature tapped this way": how many objects the resolution's choice under `counter` took."""
    return len(res.answers.get(a.counter, ()))


def _attacked_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If you attacked this turn": you declared one or more attackers this turn (508.1)."""
    return res.controller in res.state.turn_log.get("attacked", [])


def _attackers_at_you(res: EvalContext, c: Condition) -> bool:
    """ "If two or more of those creatures are attacking you [and/or planeswalkers you control]" (506.3)."""
    combat = res.state.combat
    if combat is None:
        return False
    s = res.state
    mine = f"P{res.controller}"
    return sum(1 for target in combat.attackers.values()
               if target == mine or (c.key == "planeswalkers" and isinstance(target, int) and target in s.objects
                                     and s.objects[target].controller == res.controller)) >= c.value


def _attacked_you_this_combat(res: EvalContext, c: Condition) -> bool:
    """ "If you've been attacked this step" (in the declare attackers step): creatures were declared attacking you
    in this combat's declaration (508.1), even if they were removed from combat since."""
    log = res.state.turn_log
    return [log.get("combats", 0), res.controller] in log.get("players_attacked", [])


def _self_attacked_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "Activate only if this creature attacked this turn" (boast 702.142a): it was declared as an attacker
    this turn, as the object it is now (400.7)."""
    return res.source_id in res.state.turn_log.get("attacked_creatures", [])


def _self_in_combat(res: EvalContext, c: Condition) -> bool:
    """ "If ~ attacked or blocked this combat" (key "combat": this combat phase of the turn, 500.8) or "this turn":
    it was declared as an attacker or a blocker, as the object it is now (400.7)."""
    log = res.state.turn_log
    now = log.get("combats", 0)
    return any(oid == res.source_id and (c.key != "combat" or n == now) for n, oid in log.get("in_combat", ()))


def _self_attached(res: EvalContext, c: Condition) -> bool:
    """ "If this permanent is attached to a creature" (reconfigure 702.151a-b)."""
    src = res.source_object()
    to = res.state.objects.get(src.attached_to) if src is not None and isinstance(src.attached_to, int) else None
    return to is not None and to.zone is Zones.BATTLEFIELD


def _has_attached(res: EvalContext, c: Condition) -> bool:
    """ "As long as ~ is equipped" (an Equipment is attached to it, 301.5), "... is enchanted" (an Aura, 303.4)."""
    src = res.source_object()
    s = res.state
    return src is not None and any(s.objects[oid].attached_to == src.id and c.key in layers.characteristics(s, oid).subtypes
                                   for oid in s.battlefield)


def _paired(res: EvalContext, c: Condition) -> bool:
    """ "As long as ~ is paired with another creature" (702.95)."""
    src = res.source_object()
    return src is not None and layers.paired_partner(res.state, src) is not None


def _exerted_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If ~ hasn't been exerted this turn" (701.43)."""
    return res.source_id in res.state.turn_log.get("exerted", [])


def _blockers_beyond_first(res: EvalContext, a: Amount) -> int:
    """Rampage 702.23a: the creatures blocking it beyond the first."""
    c = res.state.combat
    ids = res.objects(a.ref) if a.ref else []
    if c is None or not ids:
        return 0
    return max(0, sum(1 for attacked in c.blockers.values() if ids[0] in attacked) - 1)


def _blockers_of(res: EvalContext, a: Amount) -> int:
    """ "For each creature blocking it" (509.1h): the creatures blocking that attacking creature."""
    c = res.state.combat
    ids = res.objects(a.ref) if a.ref else []
    if c is None or not ids:
        return 0
    return sum(1 for attacked in c.blockers.values() if ids[0] in attacked)


def _damage_to_this_turn(res: EvalContext, a: Amount) -> int:
    """ "the damage already dealt to it this turn" (120.2): all the damage that permanent was dealt this turn."""
    dealt = res.state.turn_log.get("damage_to_objects", {})
    return sum(dealt.get(str(o), 0) for o in res.objects(a.ref)) if a.ref is not None else 0


def _attached_to(res: EvalContext, a: Amount) -> int:
    """ "for each Aura attached to it" (303.4, 301.5): the permanents of the filter attached to the object, or to the
    player ("Curses attached to them")."""
    s = res.state
    ids = set(res.resolve_ref(a.ref)) if a.ref else set()
    return sum(1 for oid in s.battlefield if s.objects[oid].attached_to in ids
               and layers.matches_ch(s, s.objects[oid], layers.characteristics(s, oid), a.filter, res.controller,
                                     res.source_id))


def _opponents_attacked(res: EvalContext, a: Amount) -> int:
    """Melee 702.121a: the opponents you attacked with a creature this combat (a planeswalker attacked isn't
    its controller, 506.3)."""
    c = res.state.combat
    if c is None:
        return 0
    return len({t for t in c.attackers.values() if isinstance(t, str) and int(t[1:]) != res.controller})


def _history_players(res: EvalContext, key: str) -> list[int]:
    """Whose turn history a condition reads: "you" (key "" or "you"), "an opponent" ("opponent"), "a player"
    ("any")."""
    if key in ("", "you"):
        return [res.controller]
    if key not in ("opponent", "any"):
        return res.players(Ref(key))        # the one player the ability names ("that player": event_controller)
    return [p.index for p in res.state.players if key == "any" or p.index != res.controller]


def _life_gained_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If you gained life this turn", "if you gained 3 or more life this turn", "if an opponent gained life this
    turn" (key, as _history_players)."""
    return any(res.state.players[p].life_gained_turn >= max(1, c.value) for p in _history_players(res, c.key))


def _life_lost_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "if an opponent lost life this turn" (key "opponent"), "if you lost life this turn" (key "you"), "if a player
    lost 4 or more life this turn" (key "any", value 4): one of those players lost that much in all."""
    return any(res.state.players[p].life_lost_turn >= max(1, c.value) for p in _history_players(res, c.key))


def _life_lost_last_turn(res: EvalContext, c: Condition) -> bool:
    """ "If an opponent lost life last turn": as _life_lost_this_turn, of the turn before this one (kept as it ended)."""
    lost = res.state.turn_log.get("life_lost_last_turn", {})
    return any(lost.get(str(p), 0) >= max(1, c.value) for p in _history_players(res, c.key))


def _discarded_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If you've discarded a card this turn" (701.9a): the cards each of those players discarded this turn."""
    log = res.state.turn_log.get("discarded", ())
    return any(log.count(p) >= max(1, c.value) for p in _history_players(res, c.key))


def _played_land_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If you played a land this turn" (305.1: a land played, not one put onto the battlefield)."""
    return res.state.players[res.controller].lands_played > 0


def _some_player(res: EvalContext, c: Condition) -> bool:
    """ "An opponent has 10 or less life", "there are ten or more cards in a single graveyard": the condition
    (`all_of`, counted for one player) holds for at least one opponent (key "opponent") or player ("any")."""
    s = res.state
    inner = c.all_of[0]
    for p in s.apnap():
        if s.players[p].lost or (c.key == "opponent" and p == res.controller):
            continue
        if check_condition(res, replace(inner, amount=replace(inner.amount, ref=Ref("player", p)))):
            return True
    return False


def _attacking_alone(res: EvalContext, c: Condition) -> bool:
    """506.5: a creature is attacking alone if it's attacking but no other creatures are; the source, or the
    permanent it's attached to (key "attached")."""
    combat = res.state.combat
    ids = res.objects(Ref(c.key or "self"))
    return combat is not None and len(ids) == 1 and list(combat.attackers) == ids


def _monarch(res: EvalContext, c: Condition) -> bool:
    """ "If you're the monarch", "if an opponent is the monarch" (725.1)."""
    m = res.state.monarch
    return m is not None and (m == res.controller if c.key == "you" else m in res.state.opponents(res.controller))


def _day_night(res: EvalContext, c: Condition) -> bool:
    """ "If it's night" (731.1): day or night, once the game has one."""
    return res.state.day_night == c.key


def _permanent_left_this_turn(res: EvalContext, c: Condition) -> bool:
    """Revolt: "if a permanent you controlled left the battlefield this turn"."""
    return res.controller in res.state.turn_log.get("left_battlefield_under", ())


def _cast_from(res: EvalContext, c: Condition) -> bool:
    """ "if you cast it [from your hand]": the spell this permanent was (400.7d), where it was cast from
    (`key`, or anywhere); its last known information once it has left."""
    src = res.source_object()
    chosen = src.chosen if src is not None else (res.source_lki or {}).get("chosen") or {}
    where = chosen.get("cast_from")
    return where is not None and where != "copy" and (not c.key or where == c.key)


def _entered_from(res: EvalContext, c: Condition) -> bool:
    """ "When ~ enters, if it entered from your graveyard": the zone of the event it entered by (603.10), its
    controller's own."""
    e = res.event
    return e.get("to") == "battlefield" and e.get("from") == c.key and e.get("owner") == res.controller


def _entered(log: str):
    """ "If you had a land enter the battlefield under your control this turn" (log "entered"), "... last turn" (log
    "entered_last_turn"): a permanent matching the filter entered under your control; one that has left since is read
    from its last known information."""
    return lambda res, c: _entered_during(res, c, log)


def _entered_during(res: EvalContext, c: Condition, log: str) -> bool:
    s = res.state
    players = _history_players(res, c.key)
    for p in players:
        n = 0
        for controller, oid in s.turn_log.get(log, ()):
            if controller != p or (c.filter is not None and c.filter.other and oid == res.source_id):
                continue
            o = s.objects.get(oid)
            if o is not None and o.zone is Zones.BATTLEFIELD:
                n += layers.matches_ch(s, o, layers.characteristics(s, oid), c.filter, p, None)
            else:
                n += info_matches(s.lki.get(str(oid)) or {}, c.filter, p)
        if n >= max(1, c.value):
            return True
    return False


def _self_entered_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "As long as it entered the battlefield this turn": the source, as the object it is now (400.7), entered
    this turn."""
    return any(oid == res.source_id for _, oid in res.state.turn_log.get("entered", ()))


def _attacked_with_power(res: EvalContext, c: Condition) -> bool:
    """ "If you attacked with creatures with total power 6 or greater this combat": their total power as they were
    declared as attackers this combat (engine.rules.combat), by the active player."""
    log = res.state.turn_log
    return res.controller == res.state.active and \
        log.get("attack_power", {}).get(str(log.get("combats", 0)), 0) >= c.value


def _created_token_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If you created a token this turn": a token you own (111.2: its creator) entered this turn; one that has
    ceased to exist since is read from its last known information."""
    s = res.state
    for _, oid in s.turn_log.get("entered", ()):
        o = s.objects.get(oid)
        info = {"token": o.token is not None, "owner": o.owner} if o is not None else s.lki.get(str(oid)) or {}
        if info.get("token") and info.get("owner") == res.controller:
            return True
    return False


def _opponent_more_cards_in_hand(res: EvalContext, c: Condition) -> bool:
    """ "If an opponent has more cards in hand than you", "... at least four more cards in hand than you" (`value`)."""
    s = res.state
    mine = len(s.players[res.controller].hand)
    return any(len(p.hand) >= mine + max(c.value, 1) for p in s.players if p.index != res.controller and not p.lost)


def _any(res: EvalContext, c: Condition) -> bool:
    """ "If you control a Desert or there is a Desert card in your graveyard": one of them holds."""
    return any(check_condition(res, part) for part in c.all_of)


def _source_on_battlefield(res: EvalContext, c: Condition) -> bool:
    """ "If ~ is on the battlefield": the source, as the object it is now (400.7)."""
    o = res.source_object()
    return o is not None and o.zone is Zones.BATTLEFIELD


def _source_in_graveyard(res: EvalContext, c: Condition) -> bool:
    """ "If ~ is in your graveyard": the source card, still in its owner's graveyard (an ability that works there,
    113.6k; checked again as it resolves, 603.4)."""
    o = res.state.objects.get(res.source_id) if res.source_id is not None else None
    return o is not None and o.zone is Zones.GRAVEYARD


def _their_turn(res: EvalContext, c: Condition) -> bool:
    """ "If it's not their turn" of the player a trigger names (`key`: that Ref's kind): whether that player is the
    active player (102.1)."""
    return res.resolve_ref(Ref(c.key)) == [f"P{res.state.active}"]


def _source_dealt_damage_to(res: EvalContext, c: Condition) -> bool:
    """ "If ~ dealt damage to an opponent this turn" (key "opponent"; "player": to any player): the turn's log of the
    players dealt damage and the sources that dealt it (120.3)."""
    return any(res.source_id in sources for p, sources in res.state.turn_log.get("damaged_by", {}).items()
               if c.key == "player" or int(p) != res.controller)


def _cast_alt(res: EvalContext, c: Condition) -> bool:
    """ "If this spell's prowl cost was paid", "if ~ was foretold" (a spell resolving), "When ~ enters, if its
    spectacle cost was paid" (its enters event): the alternative cost it was cast for (`key`, 118.9, 601.2b)."""
    o = res.state.objects.get(res.source_id) if res.source_id is not None else None
    if o is not None and o.zone is Zones.STACK and o.stack is not None and not o.is_ability:
        return o.stack.alt == c.key
    return res.event.get("cast_alt") == c.key


def _cast_this_turn(res: EvalContext, c: Condition) -> bool:
    """ "If you've cast a noncreature spell this turn", "if an opponent cast three or more spells this turn" (key, as
    _history_players; value: how many): the spells each of those players cast this turn, as they were cast (601.2)."""
    casts = res.state.turn_log.get("casts", ())
    flt = c.filter
    if flt is not None and flt.other:
        # "another red spell": not a cast of the source's own card
        src = res.source_object()
        own = src.card_id if src is not None else None
        casts = [cast for cast in casts if cast.get("card_id") != own]
        flt = replace(flt, other=False)
    return any(sum(1 for cast in casts if cast["player"] == p and info_matches(cast, flt, p)) >= max(1, c.value)
               for p in _history_players(res, c.key))


def _control_commander(res: EvalContext, c: Condition) -> bool:
    """ "If you control a commander" (903.3), or "your commander" (one you own)."""
    s = res.state
    if s.commander is None:
        return False
    return any(o.controller == res.controller and s.commander.is_commander(o)
               and (c.key != "yours" or o.owner == res.controller)
               for o in (s.objects[oid] for oid in s.battlefield))


def _player_measure(res: EvalContext, player: int, ref: Ref) -> int:
    """What a Ref("most") compares among the players (`key`): life (119), cards in hand, or the permanents of
    `filter` they control."""
    s = res.state
    if ref.key == "life":
        return s.players[player].life
    if ref.key == "cards_in_hand":
        return len(s.players[player].hand)
    return sum(1 for o in s.battlefield if s.objects[o].controller == player and layers.matches_ch(
        s, s.objects[o], layers.characteristics(s, o), ref.filter, res.controller, res.source_id))


def _a_player_has_most(res: EvalContext, c: Condition) -> bool:
    """ "If a player has more life than each other player": one player has more of it than each other (the Ref of
    the condition's `key` and `filter` names a player)."""
    return bool(res.resolve_ref(Ref("most", filter=c.filter, key=c.key)))


def _more_cards_in_hand(res: EvalContext, c: Condition) -> bool:
    """ "If you have more cards in hand than each opponent"."""
    s = res.state
    mine = len(s.players[res.controller].hand)
    return all(mine > len(p.hand) for p in s.players if p.index != res.controller and not p.lost)


def _more_life(res: EvalContext, c: Condition) -> bool:
    """ "If you have more life than an opponent / each opponent" (119)."""
    s = res.state
    mine = s.players[res.controller].life
    others = [p.life for p in s.players if p.index != res.controller and not p.lost]
    if not others:
        return False
    return any(mine > life for life in others) if c.key == "an_opponent" else all(mine > life for life in others)


def _opponent_more_life(res: EvalContext, c: Condition) -> bool:
    """ "If an opponent has more life than you" (119)."""
    s = res.state
    mine = s.players[res.controller].life
    return any(p.life > mine for p in s.players if p.index != res.controller and not p.lost)


# Amount kinds read here beyond evaluate_amount's own, installed by engine.wiring.
def _times_mutated(res: EvalContext, a: Amount) -> int:
    """ "the number of times this creature has mutated": each component merged with it beyond its first
    (702.140c, 730.2); as it last existed if it left the battlefield (608.2h)."""
    s = res.state
    o = s.objects.get(res.source_id) if res.source_id is not None else None
    chosen = o.chosen if o is not None and o.zone is Zones.BATTLEFIELD else (res.source_lki or {}).get("chosen") or {}
    return max(len(chosen.get("merged") or ()) - 1, 0)


AMOUNTS = {
    "x_split_evenly": _x_split_evenly,
    "times_mutated": _times_mutated,
    "card_types_in_graveyards": _card_types_in_graveyards,
    "sacrificed_power": _sacrificed("power"),
    "sacrificed_toughness": _sacrificed("toughness"),
    "sacrificed_mana_value": _sacrificed("mana_value"),
    "discarded_matching": _discarded_matching,
    "discarded_power": _discarded("power"),
    "discarded_mana_value": _discarded("mana_value"),
    "revealed_power": _sacrificed("power", "revealed"),
    "revealed_toughness": _sacrificed("toughness", "revealed"),
    "revealed_mana_value": _sacrificed("mana_value", "revealed"),
    "event_amount": _event_amount,
    "event_count": _event_count,
    "cards_in_graveyard": _cards_in_graveyard,
    "chosen_count": _chosen_count,
    "blockers_beyond_first": _blockers_beyond_first,
    "attached_to": _attached_to,
    "opponents_attacked": _opponents_attacked,
    "blockers_of": _blockers_of,
    "attached_to": _attached_to,
}

def _evolves(res: EvalContext, c: Condition) -> bool:
    """Evolve 702.100a/b: the creature that entered has greater power or toughness than the source
    (its last known information if it has left)."""
    s = res.state
    src = res.source_object()
    oid = res.event.get("object")
    if src is None or oid is None:
        return False
    if oid in s.objects and s.objects[oid].zone is Zones.BATTLEFIELD:
        ch = layers.characteristics(s, oid)
        power, toughness = ch.power, ch.toughness
    else:
        info = s.lki.get(str(oid)) or {}
        power, toughness = info.get("power"), info.get("toughness")
    me = layers.characteristics(s, src.id)
    return (power or 0) > (me.power or 0) or (toughness or 0) > (me.toughness or 0)


# Condition kinds read here beyond check_condition's own, installed by engine.wiring.
CONDITIONS = {
    "evolves": _evolves,
    "no_counters": _no_counters("-1/-1"),
    "no_plus_one_counters": _no_counters("+1/+1"),
    "had_counters": _had_counters,
    "creature_died_this_turn": _creature_died_this_turn,
    "bounced_to_your_hand_this_turn": _bounced_to_your_hand_this_turn,
    "life_above_starting": _life_above_starting,
    "entered_from": _entered_from,
    "opponent_graveyard_at_least": _opponent_graveyard_at_least,
    "attacked_this_turn": _attacked_this_turn,
    "self_attacked_this_turn": _self_attacked_this_turn,
    "attacked_you_this_combat": _attacked_you_this_combat,
    "attackers_at_you": _attackers_at_you,
    "self_in_combat": _self_in_combat,
    "exerted_this_turn": _exerted_this_turn,
    "paired": _paired,
    "self_attached": _self_attached,
    "has_attached": _has_attached,
    "life_gained_this_turn": _life_gained_this_turn,
    "life_lost_this_turn": _life_lost_this_turn,
    "life_lost_last_turn": _life_lost_last_turn,
    "played_land_this_turn": _played_land_this_turn,
    "discarded_this_turn": _discarded_this_turn,
    "permanent_left_this_turn": _permanent_left_this_turn,
    "cast_from": _cast_from,
    "cast_this_turn": _cast_this_turn,
    "entered_this_turn": _entered("entered"),
    "entered_last_turn": _entered("entered_last_turn"),
    "self_entered_this_turn": _self_entered_this_turn,
    "attacked_with_power": _attacked_with_power,
    "created_token_this_turn": _created_token_this_turn,
    "opponent_more_cards_in_hand": _opponent_more_cards_in_hand,
    "any": _any,
    "source_on_battlefield": _source_on_battlefield,
    "source_in_graveyard": _source_in_graveyard,
    "cast_alt": _cast_alt,
    # "Whenever you cast a spell, if that spell was kicked" (702.33d): the cast event keeps it
    "event_kicked": lambda res, c: bool(res.event.get("kicked")),
    # the permanent that left, as the object it was on the battlefield (400.7), was dealt that much damage this turn
    "damage_to_it_this_turn": lambda res, c: res.state.turn_log.get("damage_to_objects", {}).get(
        str(res.event.get("old")), 0) >= c.value,
    # the tapping that triggered the ability was a creature's being declared as an attacker (508.1f)
    "tapped_to_attack": lambda res, c: bool(res.event.get("attacking")),
    "source_dealt_damage_to": _source_dealt_damage_to,
    "their_turn": _their_turn,
    "more_cards_in_hand": _more_cards_in_hand,
    "more_life": _more_life,
    "opponent_more_life": _opponent_more_life,
    "control_commander": _control_commander,
    "some_player": _some_player,
    "a_player_has_most": _a_player_has_most,
    "attacking_alone": _attacking_alone,
    "day_night": _day_night,
    "monarch": _monarch,
}


# ---------------------------------------------------------------- counted amounts (engine.oracle.amounts)

def _permanents(res: EvalContext, flt: Filter | None, *, yours: bool = False) -> list:
    s = res.state
    out = []
    for oid in s.battlefield:
        o = s.objects[oid]
        if yours and o.controller != res.controller:
            continue
        ch = layers.characteristics(s, oid)
        if layers.matches_ch(s, o, ch, flt, res.controller, res.source_id):
            out.append(ch)
    return out


def _half(up: bool):
    """107.1a: half of a number, rounded as the text says."""
    def amount(res: EvalContext, a: Amount) -> int:
        v = evaluate_amount(res, a.base) if a.base is not None else 0
        return (v + 1) // 2 if up else v // 2
    return amount


def _minus(res: EvalContext, a: Amount) -> int:
    """ "3 minus the number of cards in their hand": a negative result is zero (107.1b)."""
    return max(0, a.value - evaluate_amount(res, a.base))


def _paid_count(paid: str):
    """ "For each creature sacrificed (tapped) this way": of the permanents the spell's additional cost of any number of
    them sacrificed (tapped), those of the kind, as they last existed (601.2h, 608.2h); the spell keeps them in its
    event data."""
    def amount(res: EvalContext, a: Amount) -> int:
        return sum(1 for info in res.event.get(paid, ()) if info_matches(info, a.filter, res.controller))
    return amount


def _unspent_mana(res: EvalContext, a: Amount) -> int:
    """106.4: the mana in the player's mana pool, restricted mana too (106.6)."""
    return sum(sum(p.mana_pool.values()) + len(p.restricted_mana)
               for p in (res.state.players[i] for i in res.players(a.ref)))


def _plus(res: EvalContext, a: Amount) -> int:
    """ "X plus 1", "1 plus the number of ...", "X minus one" (a negative `value`): never below zero (107.1b)."""
    return max(0, (evaluate_amount(res, a.base) if a.base is not None else 0) + a.value)


def _difference(res: EvalContext, a: Amount) -> int:
    """ "if that creature's power is greater than ~'s power": the first amount less the second, never below zero
    (107.1b)."""
    first, second = (evaluate_amount(res, t) for t in a.terms)
    return max(0, first - second)


def _greatest_count_among_players(res: EvalContext, a: Amount) -> int:
    """ "the greatest number of creatures a player controls": the most any one player (still in the game) controls."""
    s = res.state
    counts = {p: 0 for p in s.apnap() if not s.players[p].lost}
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller in counts and layers.matches_ch(s, o, layers.characteristics(s, oid), a.filter, res.controller,
                                                        res.source_id):
            counts[o.controller] += 1
    return max(counts.values(), default=0)


def _sum(res: EvalContext, a: Amount) -> int:
    """ "that creature's power plus its toughness": each term counted as it resolves, then added."""
    return sum(evaluate_amount(res, t) for t in a.terms)


def _compared_with_yours(theirs_first: bool):
    """ "If that player has more cards in hand than you, draw cards equal to the difference": the other player's
    count (`base`) less yours, or yours less theirs; never below zero (107.1b)."""
    def amount(res: EvalContext, a: Amount) -> int:
        theirs = evaluate_amount(res, a.base) if a.base is not None else 0
        yours = evaluate_amount(res, replace(a.base, ref=Ref("you"))) if a.base is not None else 0
        return max(0, theirs - yours if theirs_first else yours - theirs)
    return amount


def _devotion(res: EvalContext, a: Amount) -> int:
    """700.5: mana symbols of the colour(s) among the mana costs of permanents you control; a hybrid
    symbol counts once if it has any of them."""
    colors = set(a.counter)
    return sum(1 for ch in _permanents(res, None, yours=True) for sym in ch.mana_cost.symbols
               if colors & set(sym.split("/")))


def _greatest(stat: str):
    def amount(res: EvalContext, a: Amount) -> int:
        values = [getattr(ch, stat) or 0 for ch in _permanents(res, a.filter)]
        return max(values, default=0)
    return amount


def _total_power(res: EvalContext, a: Amount) -> int:
    return sum(max(0, ch.power or 0) for ch in _permanents(res, a.filter))


def _total_toughness(res: EvalContext, a: Amount) -> int:
    """ "the total toughness of other creatures you control" (Towering Titan), as `_total_power`."""
    return sum(max(0, ch.toughness or 0) for ch in _permanents(res, a.filter))


def _domain(res: EvalContext, a: Amount) -> int:
    """305.6: basic land types among lands you control, or among the lands of the player `ref` names."""
    basic = {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    if a.ref is not None:
        whose = set(res.players(a.ref))
        s = res.state
        lands = [layers.characteristics(s, o) for o in s.battlefield if s.objects[o].controller in whose]
        return len({t for ch in lands if ch.is_land for t in ch.subtypes} & basic)
    return len({t for ch in _permanents(res, Filter(types=frozenset({"Land"})), yours=True) for t in ch.subtypes} & basic)


def _colors_among(res: EvalContext, a: Amount) -> int:
    return len({c for ch in _permanents(res, a.filter) for c in ch.colors})


def _paid_mana(res: EvalContext) -> str:
    """The mana spent to cast the source (601.2h): on the stack, its cast's record; as a permanent, what the
    spell it was paid (kept as it entered); nothing for a copy or a card put onto the battlefield (707.10)."""
    o = res.state.objects.get(res.source_id) if res.source_id is not None else None
    if o is not None and o.zone is Zones.STACK and o.stack is not None:
        return o.stack.paid_mana
    if o is not None and o.zone is Zones.BATTLEFIELD:
        return o.chosen.get("paid_mana", "")
    # It left the battlefield: what was spent on it as it last existed (608.2h)
    return (res.source_lki or {}).get("chosen", {}).get("paid_mana", "")


def _devoured(res: EvalContext, a: Amount) -> int:
    """702.82b: "for each creature it devoured": how many creatures were sacrificed to its devour ability as it
    entered (kept by it; as it last existed if it left, 608.2h)."""
    o = res.state.objects.get(res.source_id) if res.source_id is not None else None
    chosen = o.chosen if o is not None and o.zone is Zones.BATTLEFIELD else (res.source_lki or {}).get("chosen", {})
    n = chosen.get("devoured", 0)
    return n if isinstance(n, int) else 0


def _mana_spent(res: EvalContext, c: Condition) -> bool:
    """ "{R} was spent to cast it" and adamant (207.2c): at least `value` mana of the color `key` (of any one
    color, with no key) was paid for it."""
    paid = _paid_mana(res)
    colors = [c.key] if c.key else list("WUBRG")
    return max(paid.count(letter) for letter in colors) >= c.value


def _party(res: EvalContext, a: Amount) -> int:
    """700.8: up to one each of Cleric, Rogue, Warrior and Wizard among creatures you control; a
    creature of several of these types fills one role, so the largest assignment counts."""
    roles = ("Cleric", "Rogue", "Warrior", "Wizard")
    kinds = [set(ch.subtypes) & set(roles) for ch in _permanents(res, Filter(types=frozenset({"Creature"})), yours=True)]
    kinds = [k for k in kinds if k]

    def best(i: int, free: frozenset) -> int:
        if i == len(kinds) or not free:
            return 0
        skip = best(i + 1, free)
        take = max((1 + best(i + 1, free - {r}) for r in kinds[i] & free), default=0)
        return max(skip, take)
    return best(0, frozenset(roles))


def _different_powers(res: EvalContext, a: Amount) -> int:
    """ "Three or more creatures with different powers" (coven): how many powers differ among them."""
    return len({ch.power for ch in _permanents(res, a.filter)})


def _different_names(res: EvalContext, a: Amount) -> int:
    """ "Ten or more Gates with different names": how many names differ among them; a face-down permanent has no
    name (708.2a), so it adds none."""
    return len({ch.name for ch in _permanents(res, a.filter) if ch.name})


def _players(res: EvalContext, a: Amount) -> int:
    return len(res.players(a.ref)) if a.ref is not None else 0


def _of_players(field: str):
    """What the players of `ref` have, summed: poison counters (122.1f), life gained or lost this turn (119.3)."""
    def amount(res: EvalContext, a: Amount) -> int:
        s = res.state
        return sum(getattr(s.players[p], field) for p in (res.players(a.ref) if a.ref is not None else [res.controller]))
    return amount


def _cards_in_exile(res: EvalContext, a: Amount) -> int:
    """ "Cards your opponents own in exile" (406): the exiled cards of `ref`'s players matching the filter."""
    s = res.state
    owners = set(res.players(a.ref)) if a.ref is not None else None
    return sum(1 for oid in s.exile if (owners is None or s.objects[oid].owner in owners)
               and layers.matches_ch(s, s.objects[oid], layers.characteristics(s, oid), a.filter, res.controller, None))


def _graveyard_cards(res: EvalContext, a: Amount) -> list:
    s = res.state
    players = res.players(a.ref) if a.ref is not None else [res.controller]
    return [ch for p in players for oid in s.players[p].graveyard
            if layers.matches_ch(s, s.objects[oid], ch := layers.characteristics(s, oid), a.filter, res.controller, None)]


def _greatest_in_graveyard(res: EvalContext, a: Amount) -> int:
    """ "The greatest power among creature cards in your graveyard" (`counter`: power, toughness or mana value)."""
    values = [(ch.mana_value if a.counter == "mana_value" else getattr(ch, a.counter)) or 0
              for ch in _graveyard_cards(res, a)]
    return max(values, default=0)


def _drawn_this_turn(res: EvalContext, a: Amount) -> int:
    """ "Cards you've drawn this turn" (121.1), as engine.board.zones.draw counts them."""
    draws = res.state.turn_log.get("draws", {})
    return sum(draws.get(str(p), 0) for p in (res.players(a.ref) if a.ref is not None else [res.controller]))


def _died_this_turn(res: EvalContext, a: Amount) -> int:
    """ "Creatures that died this turn" (700.4), "Zubera that died this turn", "... under your control": as they
    last existed on the battlefield."""
    log = res.state.turn_log
    if a.filter is None:
        return log.get("creatures_died", 0)
    return sum(1 for info in log.get("died", ()) if info_matches(info, a.filter, res.controller))


def _attacked_with(res: EvalContext, a: Amount) -> int:
    """ "Creatures you attacked with this turn" (508.1a): those declared as attackers this turn, by the active
    player (the only one who attacks in a turn)."""
    s = res.state
    return len(set(s.turn_log.get("attacked_creatures", ()))) if res.controller == s.active else 0


AMOUNTS.update({
    "half_up": _half(True),
    "half_down": _half(False),
    "plus": _plus,
    "sum": _sum,
    "greatest_count_among_players": _greatest_count_among_players,
    "difference": _difference,
    # 103.4: 20, 40 in Commander (903.7)
    "starting_life": lambda res, a: COMMANDER_LIFE if res.state.commander is not None else STARTING_LIFE,
    "damage_to_this_turn": _damage_to_this_turn,
    "unspent_mana": _unspent_mana,
    "cost_sacrificed": _paid_count("sacrificed"),
    "cost_tapped": _paid_count("tapped"),
    "minus": _minus,
    "excess_over_yours": _compared_with_yours(True),
    "short_of_yours": _compared_with_yours(False),
    "devotion": _devotion,
    "greatest_power": _greatest("power"),
    "greatest_toughness": _greatest("toughness"),
    "greatest_mana_value": lambda res, a: max((ch.mana_cost.mana_value for ch in _permanents(res, a.filter)), default=0),
    "total_power": _total_power,
    "total_toughness": _total_toughness,
    "domain": _domain,
    "colors_among": _colors_among,
    "colors_spent": lambda res, a: len(set(_paid_mana(res)) & set("WUBRG")),
    "mana_spent": lambda res, a: len(_paid_mana(res)),
    "devoured": _devoured,
    "party": _party,
    "different_powers": _different_powers,
    "different_names": _different_names,
    "players": _players,
    "poison_counters": _of_players("poison"),
    "colors_of": lambda res, a: sum(len(layers.characteristics(res.state, i).colors) for i in res.objects(a.ref)),
    "life_gained_this_turn": _of_players("life_gained_turn"),
    "life_lost_this_turn": _of_players("life_lost_turn"),
    # the noncombat damage the players were dealt this turn (engine.board.damage keeps it)
    "noncombat_damage_this_turn": lambda res, a: sum(
        res.state.turn_log.get("noncombat_damage", {}).get(str(p), 0) for p in res.players(a.ref)),
    # and all the damage they were dealt this turn, combat or not
    # "if you control at least five other Mountains": those but the permanent whose entering triggered the ability
    "count_except_event": lambda res, a: sum(
        1 for oid in res.state.battlefield if oid != res.event.get("object") and layers.matches_ch(
            res.state, res.state.objects[oid], layers.characteristics(res.state, oid), a.filter, res.controller,
            res.source_id)),
    "counters_had": _counters_had,
    "damage_this_turn": lambda res, a: sum(
        res.state.turn_log.get("damage_to_players", {}).get(str(p), 0) for p in res.players(a.ref)),
    "cards_in_exile": _cards_in_exile,
    "greatest_in_graveyard": _greatest_in_graveyard,
    "mana_values_in_graveyard": lambda res, a: len({ch.mana_value for ch in _graveyard_cards(res, a)}),
    "cards_drawn_this_turn": _drawn_this_turn,
    # "for each card revealed this way" (701.20a): the cards the resolution's last reveal revealed, of a kind
    "exiled_count": lambda res, a: sum(1 for o in res.resolve_ref(Ref("exiled_this_way"))
                                       if layers.matches_ch(res.state, res.state.objects[o],
                                                            layers.characteristics(res.state, o), a.filter,
                                                            res.controller, res.source_id)),
    # "for each card returned to your hand this way": those the resolution put into its controller's hand
    "returned_count": lambda res, a: sum(1 for o in res.moved_this_way("hand") if o in res.state.objects
                                         and res.state.objects[o].zone is Zones.HAND
                                         and res.state.objects[o].owner == res.controller),
    "revealed_count": lambda res, a: sum(1 for o in res.answers.get(REVEALED, []) if o in res.state.objects and
                                         layers.matches_ch(res.state, res.state.objects[o],
                                                           layers.characteristics(res.state, o), a.filter,
                                                           res.controller, res.source_id)),
    "creatures_died_this_turn": _died_this_turn,
    "creatures_attacked_with": _attacked_with,
})


def _amount_compared(at_least: bool):
    """A counted amount against a number: "if you control three or more artifacts", "seven or more
    cards are in your graveyard", "you control no Islands" (608.2c, 611.3a); or against another amount ("if its mana
    value is less than or equal to the number of cards in your hand")."""
    def condition(res: EvalContext, c: Condition) -> bool:
        v = evaluate_amount(res, c.amount) if c.amount is not None else 0
        than = evaluate_amount(res, c.than) if c.than is not None else c.value
        return v >= than if at_least else v <= than
    return condition


def _object_matches(ref: str):
    """The source, or the object it's attached to, is what the condition says right now (611.3a); or a target
    ("If it's an artifact creature, ..."; `value` is its index), as the spell resolves (608.2c)."""
    def condition(res: EvalContext, c: Condition) -> bool:
        s = res.state
        return any(layers.matches_ch(s, s.objects[i], layers.characteristics(s, i), c.filter, res.controller, None)
                   for i in res.objects(Ref(ref, c.value) if ref == "target" else Ref(ref))
                   if s.objects[i].zone is Zones.BATTLEFIELD)
    return condition


def _opponent_controls_more(res: EvalContext, c: Condition) -> bool:
    """ "An opponent controls more lands than you": some opponent's count beats yours."""
    s = res.state
    counts = {i: 0 for i in range(len(s.players))}
    for oid in s.battlefield:
        o = s.objects[oid]
        if layers.matches_ch(s, o, layers.characteristics(s, oid), c.filter, res.controller, res.source_id):
            counts[o.controller] += 1
    return any(n > counts[res.controller] for p, n in counts.items()
               if p != res.controller and not s.players[p].lost)


def _object_was(res: EvalContext, c: Condition) -> bool:
    """ "Destroy target creature. If that creature was a Human, ...": the target (`value` is its index) as it is on the
    battlefield, or as it last existed there once the instruction moved it (608.2h)."""
    s = res.state
    for t in res.target_group(c.value)[0]:
        o = s.objects.get(t) if isinstance(t, int) else None
        if o is not None and o.zone is Zones.BATTLEFIELD:
            if layers.matches_ch(s, o, layers.characteristics(s, t), c.filter, res.controller, None):
                return True
        elif isinstance(t, int) and s.lki.get(str(t)) and info_matches(s.lki[str(t)], c.filter, res.controller):
            return True
    return False


def _target_spell_kicked(res: EvalContext, c: Condition) -> bool:
    """ "Counter target spell if it was kicked" (702.33d): the target spell (`value` is its index) was cast kicked."""
    s = res.state
    return any(isinstance(t, int) and t in s.objects and s.objects[t].zone is Zones.STACK
               and s.objects[t].stack is not None and bool(s.objects[t].stack.kicked)
               for t in res.target_group(c.value)[0])


def _target_shares_color(res: EvalContext, c: Condition) -> bool:
    """ "Counter target spell if it shares a color with a creature you control": the target (`value` is its index) has
    a color that a permanent matching `filter` has too (105.2; a colorless object shares none)."""
    s = res.state
    colors = {col for t in res.target_group(c.value)[0] if isinstance(t, int) and t in s.objects
              for col in layers.characteristics(s, t).colors}
    return bool(colors) and any(colors & set(ch.colors) for ch in _permanents(res, c.filter))


def _you_control_more(res: EvalContext, c: Condition) -> bool:
    """ "If you control more creatures than that spell's controller": your count of `filter` beats `amount`."""
    return evaluate_amount(res, Amount("count", filter=c.filter)) > evaluate_amount(res, c.amount)


def _sacrificed_was(res: EvalContext, c: Condition) -> bool:
    """ "If the sacrificed creature was a Human": what was sacrificed to pay the cost, as it last existed (608.2h)."""
    return any(info_matches(info, c.filter, res.controller) for info in res.event.get("sacrificed", ()))


CONDITIONS.update({
    "object_was": _object_was,
    "target_spell_kicked": _target_spell_kicked,
    "target_shares_color": _target_shares_color,
    "you_control_more": _you_control_more,
    "sacrificed_was": _sacrificed_was,
    "opponent_controls_more": _opponent_controls_more,
    "amount_at_least": _amount_compared(True),
    "amount_at_most": _amount_compared(False),
    "source_matches": _object_matches("self"),
    "attached_matches": _object_matches("attached"),
    "target_matches": _object_matches("target"),
    "event_object_matches": _object_matches("event"),
    "remembered_matches": _object_matches("remembered"),      # a delayed ability's object (603.7c)
    "mana_spent": _mana_spent,
})
