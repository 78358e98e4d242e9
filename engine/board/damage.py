"""Damage, life and counters (119, 120, 122): dealing damage with deathtouch, lifelink, infect and
wither; damage to planeswalkers and battles; life gain and loss; counters.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.enums import Zones
from engine.core.events import Event
from engine.core.objects import KEYWORD_COUNTERS, is_player_ref, player_index
from engine.query.layers import (changed_counters, changed_off_battlefield, characteristics, matches_ch, player_statics,
                                 statics_of_kind)
from engine.board.replacement import modify_damage
from engine.board.zones import describe
from engine.query.amounts import check_condition_static

if TYPE_CHECKING:
    from engine.game import Game


def deal_damage(game: "Game", source: dict[str, Any], recipient: Any, amount: int, *,
                combat: bool = False) -> int:
    """One source deals damage to one recipient (120.3). `source` is the source's last known
    information (it may have left the battlefield: 120.1b?), as made by zones.describe or
    source_info(). Returns the damage actually dealt after replacement and prevention."""
    s = game.state
    if amount <= 0:
        return 0
    amount = modify_damage(game, source, recipient, amount, combat)
    if amount <= 0:
        return 0
    keywords = set(source.get("keywords", ()))
    src_name = source.get("name", "?")
    if is_player_ref(recipient):
        p = s.players[player_index(recipient)]
        loss = 0
        if "infect" in keywords:
            p.poison += player_counters_to_get(game, player_index(recipient), amount)     # 120.3b
        else:
            loss = life_loss_from_damage(game, player_index(recipient), amount)
            p.life -= loss              # 120.3a
            p.life_lost_turn += loss
        # "as long as an opponent has 10 or less life", "+1/+1 for each poison counter your opponents have"
        changed_off_battlefield(s, zones=())
        if combat and s.commander is not None and not source.get("token") \
                and source.get("card_id") in s.commander.owners:
            s.commander.note_combat_damage(p.index, source["card_id"], amount)     # 903.10a
        # The players dealt damage this turn, each with the sources that dealt it: "if an opponent was dealt
        # damage this turn" (bloodthirst 702.54a), "creature that dealt damage to you this turn".
        sources = s.turn_log.setdefault("damaged_by", {}).setdefault(str(p.index), [])
        if source.get("id") is not None and source["id"] not in sources:
            sources.append(source["id"])
        # "if you were dealt 4 or more damage this turn", "for each 1 damage dealt to you this turn": all of it (120.2)
        taken = s.turn_log.setdefault("damage_to_players", {})
        taken[str(p.index)] = taken.get(str(p.index), 0) + amount
        if not combat:
            # "the total amount of noncombat damage dealt to your opponents this turn"
            dealt = s.turn_log.setdefault("noncombat_damage", {})
            dealt[str(p.index)] = dealt.get(str(p.index), 0) + amount
        if combat:
            # "if you dealt combat damage to a player this turn with a <type>" (prowl 702.76a) reads this.
            s.turn_log.setdefault("combat_damage_sources", []).append(
                {"controller": source.get("controller"), "subtypes": list(source.get("subtypes", ()))})
        game.emit(Event("damage", {"source": source.get("id"), "source_card": source.get("card_id"),
                                   "source_controller": source.get("controller"),
                                   "target": recipient, "amount": amount, "combat": combat, "loss": loss},
                        f"{src_name} deals {amount} damage to {p.name}"))
    else:
        o = s.objects.get(recipient)
        if o is None or o.zone is not Zones.BATTLEFIELD:
            return 0
        ch = characteristics(s, recipient)
        if ch.is_type("Planeswalker"):
            remove_counters(game, recipient, "loyalty", amount)     # 120.3c
        if ch.is_type("Battle"):
            remove_counters(game, recipient, "defense", amount)     # 120.3h
        if ch.is_creature:
            if "wither" in keywords or "infect" in keywords:
                add_counters(game, recipient, "-1/-1", amount, by=source.get("controller"))      # 120.3d
            else:
                o.damage += amount                                  # 120.3e
            if "deathtouch" in keywords:
                o.deathtouch_damage = True
        # The permanents dealt damage this turn, each with the sources that dealt it (kept apart from the players'
        # "damaged_by": ids and player indexes overlap): "target creature that was dealt damage this turn",
        # "if a creature dealt damage by ~ this turn would die" (614.1a).
        dealers = s.turn_log.setdefault("damaged_objects", {}).setdefault(str(recipient), [])
        if source.get("id") is not None and source["id"] not in dealers:
            dealers.append(source["id"])
        # and how much, all told: "When ~ dies, if 4 or more damage was dealt to it this turn" (120.2)
        dealt_to = s.turn_log.setdefault("damage_to_objects", {})
        dealt_to[str(recipient)] = dealt_to.get(str(recipient), 0) + amount
        game.emit(Event("damage", {"source": source.get("id"), "source_card": source.get("card_id"),
                                   "source_controller": source.get("controller"),
                                   "target": recipient, "target_card": o.card_id, "amount": amount,
                                   "target_controller": o.controller,
                                   # what it was as it was dealt the damage: "to a creature" / "to a planeswalker"
                                   "target_creature": ch.is_creature, "target_planeswalker": ch.is_type("Planeswalker"),
                                   "combat": combat},
                        f"{src_name} deals {amount} damage to {ch.name}"))
    if "lifelink" in keywords:
        # 702.15b: damage dealt by a source with lifelink causes its controller to gain that much life.
        gain_life(game, source.get("controller", 0), amount)
    return amount


def source_info(game: "Game", oid: int) -> dict[str, Any]:
    """What damage dealing needs to know about a source now on the battlefield or stack."""
    d = describe(game, oid)
    d["keywords"] = [k.name for k in characteristics(game.state, oid).keywords]
    return d


def can_gain_life(game: "Game", player: int) -> bool:
    """119.7: "Your opponents can't gain life"."""
    return not player_statics(game.state, player, "cant_gain_life")


def gain_life(game: "Game", player: int, amount: int) -> None:
    """119.3: a player gains life. 614.1a: "If you would gain life, you gain twice that much life
    instead" doubles it, once for each such effect (lifelink's gain too, 702.15b); "... that much life plus 1 instead"
    adds 1; "If an opponent would gain life, that player loses that much life instead" makes it a loss. Of the orders
    the player may choose (616.1), the one that leaves them the most life: the loss first (then nothing is gained to
    double), the additions before the doublings. A player who can't gain life gains none, and no replacement of the
    gain applies (119.7)."""
    if amount <= 0 or not can_gain_life(game, player):
        return
    if player_statics(game.state, player, "life_gain_to_loss"):
        lose_life(game, player, amount)
        return
    amount += sum(dict(st.params)["n"] for st in player_statics(game.state, player, "life_gain_plus"))
    amount *= 2 ** len(player_statics(game.state, player, "life_gain_doubled"))
    p = game.state.players[player]
    p.life += amount
    p.life_gained_turn += amount
    changed_off_battlefield(game.state, zones=())       # a static ability may count life (604.3, 611.3a)
    game.emit(Event("life", {"player": player, "amount": amount}, f"{p.name} gains {amount} life"))


def lose_life(game: "Game", player: int, amount: int, paid: bool = False) -> None:
    """`paid`: life paid for a cost or an "unless" (119.4), which is a loss of life too ("whenever you pay life")."""
    if amount <= 0:
        return
    p = game.state.players[player]
    p.life -= amount
    p.life_lost_turn += amount
    changed_off_battlefield(game.state, zones=())
    data: dict[str, Any] = {"player": player, "amount": -amount}
    if paid:
        data["paid"] = True
    game.emit(Event("life", data, f"{p.name} {'pays' if paid else 'loses'} {amount} life"))


def change_energy(game: "Game", player: int, n: int) -> None:
    """A player gets (n > 0) or pays (n < 0) energy counters (122.1e, 107.14)."""
    n = player_counters_to_get(game, player, n)
    if n == 0:
        return
    p = game.state.players[player]
    p.energy += n
    game.emit(Event("energy", {"player": player, "amount": n},
                    f"{p.name} {'gets' if n > 0 else 'pays'} {'{E}' * abs(n)}"))


def add_poison(game: "Game", player: int, n: int) -> None:
    """A player gets n poison counters (122.1f)."""
    n = player_counters_to_get(game, player, n)
    if n <= 0:
        return
    p = game.state.players[player]
    p.poison += n
    changed_off_battlefield(game.state, zones=())
    game.emit(Event("poison", {"player": player, "amount": n},
                    f"{p.name} gets {n} poison counter{'s' if n > 1 else ''}"))


def player_counters_to_get(game: "Game", player: int, n: int) -> int:
    """How many counters of a kind a player gets (122.1): "If you would get one or more counters, you get that many
    plus one of each of those kinds of counters instead" (614.1a) adds one, once for each such effect. Counters paid
    (n < 0) aren't gotten."""
    return n + len(player_statics(game.state, player, "player_counters_plus_one")) if n > 0 else n


def counters_to_put(game: "Game", oid: int, kind: str, n: int) -> int:
    """How many counters of a kind are put on a permanent, as it enters or later (122.6): "If one or
    more +1/+1 counters would be put on a creature you control, twice that many ... instead" (614.1a)
    doubles them, once for each such effect."""
    s = game.state
    o = s.objects.get(oid)
    if n <= 0 or o is None or o.zone is not Zones.BATTLEFIELD:
        return n
    if any(st.kind == "cant_have_counters" for st in characteristics(s, oid).static):
        return 0        # "~ can't have counters put on it" (101.2: a "can't" wins), as it enters too
    ch = characteristics(s, oid)
    applying = [st.kind for src in s.battlefield for st in characteristics(s, src).static
                if st.kind in ("counters_plus_one", "counters_doubled", "counters_minus_one")
                and dict(st.params)["kind"] in (kind, "*")        # "*": "of each of those kinds"
                and matches_ch(s, o, ch, st.affected.filter, s.objects[src].controller, src)]
    # "that many minus one ... instead" (Vizier of Remedies, on -1/-1 counters) first, "that many plus one ... instead"
    # (Conclave Mentor) before the doublings: of the orders the creature's controller may choose (616.1), the one that
    # puts the fewest of the counters a "minus one" is for, and the most of those a "plus one" or doubling is for
    n = max(0, n - applying.count("counters_minus_one"))
    return (n + applying.count("counters_plus_one")) * 2 ** applying.count("counters_doubled") if n else 0


def add_counters(game: "Game", oid: int, kind: str, n: int, *, by: int | None) -> None:
    """Put n counters of a kind on an object (122.6). `by`: the player who puts them, whom "whenever you put one or
    more counters on ..." asks of the event: the controller of the effect or of the damage's source (120.3d), the
    player paying a cost, the player under whose control a permanent enters with them; None for a sandbox move."""
    n = counters_to_put(game, oid, kind, n)
    if n <= 0:
        return
    o = game.state.writable(oid)
    o.counters[kind] = o.counters.get(kind, 0) + n
    if kind in KEYWORD_COUNTERS:
        # 613.7c: each keyword counter gets a timestamp as it's put on
        stamp = game.state.new_timestamp()
        o.counter_stamps = {**o.counter_stamps, kind: o.counter_stamps.get(kind, []) + [stamp] * n}
    changed_counters(game.state, oid, kind)
    game.emit(Event("counter_added", {"object": oid, "kind": kind, "amount": n, "player": by},
                    f"{n} {kind} counter{'s' if n != 1 else ''} on {_name(game, oid)}"))


def remove_counters(game: "Game", oid: int, kind: str, n: int) -> int:
    o = game.state.writable(oid)
    have = o.counters.get(kind, 0)
    take = min(have, n)
    if take <= 0:
        return 0
    if have - take:
        o.counters[kind] = have - take
    else:
        del o.counters[kind]
    if kind in o.counter_stamps:
        # the layers read the latest stamps of the counters left (see layers._counter_effects)
        stamps = {**o.counter_stamps, kind: o.counter_stamps[kind][take:]}
        o.counter_stamps = {k: v for k, v in stamps.items() if v}
    changed_counters(game.state, oid, kind)
    game.emit(Event("counter_removed", {"object": oid, "kind": kind, "amount": take},
                    f"{take} {kind} counter{'s' if take != 1 else ''} removed from {_name(game, oid)}"))
    return take


def _name(game: "Game", oid: int) -> str:
    return characteristics(game.state, oid).name


def _life_floors(game: "Game") -> dict[int, int]:
    """Player -> the life total damage can't take them below (a "life_floor" static whose condition
    holds, for its controller; a resolved "until end of turn, damage that would reduce your life total to less than 1
    reduces it to 1 instead", for the player it names)."""
    s = game.state
    out: dict[int, int] = {}
    for e in s.effects:
        if e.params["kind"] == "life_floor":
            player, floor = e.params["of_player"], e.params["floor"]
            out[player] = max(out.get(player, floor), floor)
    for oid, st in statics_of_kind(s, "life_floor"):
        o = s.objects[oid]
        if st.condition is not None and not check_condition_static(s, o, st.condition):
            continue
        floor = dict(st.params).get("floor", 1)
        out[o.controller] = max(out.get(o.controller, floor), floor)
    return out


def life_loss_from_damage(game: "Game", player: int, amount: int) -> int:
    """The life a player loses from `amount` damage (120.3a), after Worship-style floors (614.1a)."""
    floors = _life_floors(game)
    if player not in floors:
        return amount
    return max(0, min(amount, game.state.players[player].life - floors[player]))
