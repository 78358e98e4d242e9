"""Combat (506-511): declaring attackers and blockers with their restrictions (508.1, 509.1),
evasion (flying 702.9, reach 702.17, menace 702.111, landwalk 702.14, protection 702.16, "can't be
blocked"; intimidate, fear, shadow, horsemanship and skulk in evasion.py), first and double strike (702.7, 702.4, 510.4), damage assignment (510.1) with trample
(702.19) and deathtouch (702.2c), and dealing combat damage (510.2)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Iterable

from engine.core import player_actions as A
from engine.core.abilities import Filter, Ref
from engine.board.damage import deal_damage, source_info
from engine.core.enums import DecisionKinds, Steps, Zones
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.query.amounts import check_condition_static
from engine.query.layers import FLAG_INCLUDES, characteristics, matches_ch, plain_characteristics, player_statics_from
from engine.core.state import Decision, CombatDamageTask, GameState
from engine.rules.banding import (attacker_damage_by_defender, bands_error, block_bands,
                                  blocker_damage_by_attacker)
from engine.rules.evasion import evasion_reason
from engine.core.objects import is_player_ref, player_index
from engine.query.targets import (attack_targets, attacked_player, note_defender, protected_from, SourceInfo,
                                  target_name)
from engine.board.primitives import set_tapped
from engine.board.zones import begin_simultaneous_event, describe
from engine.core.mana import ManaCost
from engine.effects.payment import can_pay_mana, can_pay_special, pay_special_action, plan_payment

if TYPE_CHECKING:
    from engine.game import Game


# ---------------------------------------------------------------- restrictions

def _covers(k: str, kind: str) -> bool:
    return k == kind or kind in FLAG_INCLUDES.get(k, ())


def static_flag(game: "Game", oid: int, kind: str) -> bool:
    """Is the permanent affected by a static or resolved effect of this kind (cant_attack, cant_block,
    cant_activate ...)?"""
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    if ch.extra.get(kind):
        return True
    for src, st in _battlefield_statics(s):
        if not _covers(st.kind, kind):
            continue
        so = s.objects[src]
        if st.condition is not None and not check_condition_static(s, so, st.condition):
            continue      # "can't block as long as ..." (unleash 702.98a)
        if st.affected.kind == "self" and src == oid:
            return True
        if st.affected.kind in ("enchanted", "equipped") and so.attached_to == oid:
            return True
        if st.affected.kind == "all":
            if matches_ch(s, o, ch, st.affected.filter, so.controller, src):
                return True
    for e in s.effects:
        k = e.params.get("kind")
        if k is not None and _covers(k, kind) and e.affected and o.id in e.affected:
            return True
    return False


def forbidden_in_every_zone(game: "Game", oid: int, mana_ability: bool) -> bool:
    """602.5: whether a static ability forbids activating the abilities of this card wherever it is ("Activated
    abilities of sources with the chosen name can't be activated": a card in a hand or a graveyard too)."""
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    for src, st in _battlefield_statics(s):
        if st.kind not in ("cant_activate", "cant_activate_nonmana") or ("every_zone", True) not in st.params:
            continue
        if (st.kind == "cant_activate" or not mana_ability) and \
                matches_ch(s, o, ch, st.affected.filter, s.objects[src].controller, src):
            return True
    return False


def combat_damage_of(game: "Game", oid: int) -> int:
    """510.1a: the combat damage a creature assigns: its power, or its toughness under "assigns combat damage equal to
    its toughness rather than its power" (101.1: the card's text wins over the rule). 0 or less: none."""
    ch = characteristics(game.state, oid)
    return max(0, (ch.toughness if static_flag(game, oid, "damage_by_toughness") else ch.power) or 0)


def _battlefield_statics(s) -> list[tuple[int, Any]]:
    """(source, static ability) of every permanent, found once per state (the cache is cleared by any
    change): asked for each creature, a scan of the battlefield would make an attack declaration with
    thousands of tokens quadratic."""
    found = s.cache.get("battlefield_statics")
    if found is None:
        found = s.cache["battlefield_statics"] = [(src, st) for src in s.battlefield
                                                  for st in characteristics(s, src).static]
    return found


def can_attack(game: "Game", oid: int) -> bool:
    """508.1a: an untapped creature the active player has controlled continuously since the turn
    began (302.6, unless haste), without defender (702.3b) or a "can't attack" effect."""
    s = game.state
    o = s.objects[oid]
    if o.zone is not Zones.BATTLEFIELD or o.controller != s.active or o.tapped or o.phased_out:
        return False
    ch = characteristics(s, oid)
    if not ch.is_creature:
        return False
    if o.sick and not ch.has("haste") and not ch.extra.get("attacks_as_though_haste"):
        return False
    if ch.has("defender") and not ch.extra.get("attacks_despite_defender"):
        return False
    if (ch.extra.get("cant_attack_unless") is not None or ch.extra.get("cant_attack_if")
            or ch.extra.get("cant_attack_unless_more") or ch.extra.get("cant_attack_unless_defender")) and not any(
            defender_controls(game, p, oid) for p in range(len(s.players)) if p != o.controller):
        return False
    if ch.extra.get("cant_attack_you") and not any(may_attack(game, oid, t) for t in attack_targets(game)):
        return False
    return not static_flag(game, oid, "cant_attack")


def alone_ok(game: "Game", declared: Any, kind: str) -> bool:
    """ "~ can't attack alone" / "can't block alone" (508.1c, 509.1b): a declaration of that one creature
    only (it would attack or block alone, 506.5) is illegal. `kind`: "cant_attack_alone" or "cant_block_alone";
    blockers another defending player declared before count as declared too (802.4)."""
    others = len(game.state.combat.blockers) if kind == "cant_block_alone" and game.state.combat else 0
    if len(declared) != 1 or others:
        return True
    (oid,) = declared
    return not static_flag(game, oid, kind)


def companions_ok(game: "Game", declared: Any, kind: str) -> bool:
    return without_companion(game, declared, kind) is None


def without_companion(game: "Game", declared: Any, kind: str) -> int | None:
    """ "Okk can't attack unless a creature with greater power also attacks" (508.1c), "... can't block unless ...
    also blocks" (509.1b): each declared creature with such a restriction has another declared creature of that kind
    beside it ("greater power": than its own). `kind`: "attacks_only_with" or "blocks_only_with"; blockers another
    defending player declared before count as blocking too (802.4). The first declared creature without one, or
    None."""
    s = game.state
    others = list(s.combat.blockers) if kind == "blocks_only_with" and s.combat else []
    for oid in declared:
        for flt in characteristics(s, oid).extra.get(kind, ()):
            if not any(x != oid and matches_ch(s, s.objects[x], characteristics(s, x), flt, s.objects[oid].controller,
                                               oid) for x in [*declared, *others]):
                return oid
    return None


def most_in_combat(game: "Game", kind: str) -> int | None:
    """506.5: "No more than one creature can attack each combat" ("max_attackers"), "... can block each combat"
    ("max_blockers"): the fewest creatures such an ability in force allows, None if none is."""
    s = game.state
    return min((dict(st.params)["n"] for _, st in player_statics_from(s, s.active, kind)), default=None)


def capped_attacks(attacks: dict[int, Any], first: dict[int, Any], most: int | None) -> dict[int, Any]:
    """A declaration cut to the most creatures that may attack (506.5), those of `first` (the required ones,
    508.1d) kept first."""
    if most is None or len(attacks) <= most:
        return attacks
    order = [a for a in first if a in attacks] + [a for a in attacks if a not in first]
    return {a: attacks[a] for a in order[:most]}


def defender_controls(game: "Game", player: int, oid: int) -> bool:
    """ "can't attack unless defending player controls an Island", "can't attack if defending player controls
    an untapped creature with power 2 or less" (508.1c): may the attacker attack `player`, by what they control?"""
    ch = characteristics(game.state, oid)
    flt = ch.extra.get("cant_attack_unless")
    if flt is not None and not player_controls(game, player, flt):
        return False
    if any(controlled_count(game, ch.controller, f) <= controlled_count(game, player, f)
           for f in ch.extra.get("cant_attack_unless_more", ())):
        return False            # "can't attack unless you control more creatures than defending player"
    o = game.state.objects[oid]
    if not all(check_condition_static(game.state, o, replace(c, amount=replace(c.amount, ref=Ref("player", player))))
               for c in ch.extra.get("cant_attack_unless_defender", ())):
        return False            # "can't attack unless defending player is poisoned": counted for that player
    return not any(player_controls(game, player, f) for f in ch.extra.get("cant_attack_if", ()))


def may_attack(game: "Game", oid: int, target: Any) -> bool:
    """508.1c: the restrictions on whom it attacks: what the defending player controls (defender_controls), and
    "can't attack you [or planeswalkers you control]"."""
    defender = attacked_player(game, target)
    if not defender_controls(game, defender, oid):
        return False
    for who, planeswalkers in characteristics(game.state, oid).extra.get("cant_attack_you", ()):
        if who == defender and (is_player_ref(target) or (
                planeswalkers and "Planeswalker" in characteristics(game.state, target).types)):
            return False
    return True


def player_controls(game: "Game", player: int, flt: Filter) -> bool:
    s = game.state
    return any(s.objects[x].controller == player and
               matches_ch(s, s.objects[x], characteristics(s, x), flt, player, None) for x in s.battlefield)


def controlled_count(game: "Game", player: int, flt: Filter) -> int:
    """How many permanents of the filter the player controls ("you control more lands than defending player")."""
    s = game.state
    return sum(1 for x in s.battlefield if s.objects[x].controller == player and
               matches_ch(s, s.objects[x], characteristics(s, x), flt, player, None))


def can_block(game: "Game", oid: int) -> bool:
    s = game.state
    o = s.objects[oid]
    c = s.combat
    if o.zone is not Zones.BATTLEFIELD or o.phased_out or c is None:
        return False
    if o.controller != c.defending_player:
        return False
    if o.tapped and not static_flag(game, oid, "blocks_while_tapped"):
        return False        # 509.1a: an untapped creature, unless it "can block as though it were untapped"
    ch = characteristics(s, oid)
    if not ch.is_creature:
        return False
    if any(controlled_count(game, o.controller, f) <= controlled_count(game, s.active, f)
           for f in ch.extra.get("cant_block_unless_more", ())):
        return False            # "can't block unless you control more creatures than attacking player" (509.1b)
    return not static_flag(game, oid, "cant_block")


def can_block_attacker(game: "Game", blocker: int, attacker: int) -> bool:
    """Evasion and protection (509.1b restrictions on one blocker-attacker pair)."""
    s = game.state
    a = characteristics(s, attacker)
    b = characteristics(s, blocker)
    if a.has("unblockable") or a.extra.get("cant_be_blocked") or static_flag(game, attacker, "cant_be_blocked"):
        return False
    if a.has("flying") and not (b.has("flying") or b.has("reach")):
        return False                                   # 702.9b
    if evasion_reason(a, b) is not None:
        return False
    for kw in a.keywords:
        if kw.name == "landwalk" and kw.param not in a.extra.get("blockable_despite_landwalk", ()):
            # 702.14c: unblockable as long as the defending player controls a land of that type (unless an
            # effect lets it be blocked as though it didn't have that landwalk)
            if any(s.objects[x].controller == s.objects[blocker].controller and _walkable(characteristics(s, x), kw.param)
                   for x in s.battlefield):
                return False
    if protected_from(game, attacker, SourceInfo(blocker, b.controller, set(b.colors), set(b.types), set(b.subtypes), b.name)):
        return False                                   # 702.16e
    if any(player_controls(game, b.controller, f) for f in a.extra.get("unblockable_if_defender_controls", ())):
        return False                                   # "~ can't be blocked as long as defending player controls ..."
    for flt in a.extra.get("cant_be_blocked_by", ()):
        if matches_ch(s, s.objects[blocker], b, flt, a.controller, attacker):
            return False
    if attacker in b.extra.get("cant_block_attacker", ()):
        return False                                   # "target creature can't block ~ this turn"
    for flt in b.extra.get("cant_block_these", ()):
        if matches_ch(s, s.objects[attacker], a, flt, b.controller, blocker):
            return False                               # "~ can't block creatures with power 2 or greater"
    only = b.extra.get("block_only")
    if only is not None and not matches_ch(s, s.objects[attacker], a, only, b.controller, blocker):
        return False                                   # "can block only creatures with flying"
    for flt in a.extra.get("blocked_only_by", ()):
        if not matches_ch(s, s.objects[blocker], b, flt, a.controller, attacker):
            return False                               # "can't be blocked except by black creatures"
    return True


def _walkable(land, param: str) -> bool:
    """702.14c: whether a permanent is a land a landwalk names: of that land type ("swamp"), with that supertype
    and land type ("snow swamp"), or a land with ("legendary land", "snow land") or without ("nonbasic land") a
    supertype."""
    if not land.is_land:
        return False
    words = param.split()
    if words[-1] != "land" and words[-1].capitalize() not in land.subtypes:
        return False
    for w in words[:-1]:
        if w.startswith("non") and w[3:].capitalize() in land.supertypes:
            return False
        if not w.startswith("non") and w.capitalize() not in land.supertypes:
            return False
    return True


def fewest_blockers(ch) -> int:
    """509.1b: how many creatures must block the attacker if any do: two with menace (702.111b), or what "can't be
    blocked except by three or more creatures" says."""
    return max(2 if ch.has("menace") else 1, ch.extra.get("fewest_blockers", 1))


def max_blocks(game: "Game", oid: int) -> int:
    ch = characteristics(game.state, oid)
    if ch.extra.get("block_any_number"):
        return 99
    return 1 + ch.extra.get("extra_blocks", 0)


# ---------------------------------------------------------------- declaring

def begin_declare_attackers(game: "Game") -> bool:
    s = game.state
    attackers = [oid for oid in s.battlefield if can_attack(game, oid)]
    if not attackers:
        s.combat.attackers_declared = True
        return False
    s.pending = Decision(s.active, DecisionKinds.DECLARE_ATTACKERS, "Declare attackers",
                         attackers, 0, len(attackers), {"targets": attack_targets(game)})
    return True


def attack_error(game: "Game", action: A.DeclareAttackers) -> str | None:
    """Why the declaration breaks a restriction or a requirement (508.1a-d, 506.5) or bands wrongly (702.22),
    or None; the costs to attack (508.1g-h) are paid once the attackers are tapped. Reads the game only."""
    s = game.state
    legal_targets = attack_targets(game)
    for oid, target in action.attacks.items():
        if oid not in s.objects or not can_attack(game, oid):
            name = characteristics(s, oid).name if oid in s.objects else str(oid)
            reason = _why_cant_attack(game, oid) if oid in s.objects else "no such creature"
            return f"{name} can't attack: {reason}"
        if target not in legal_targets:
            return f"can't attack {target!r}: attack an opponent or a planeswalker they control"
        if not may_attack(game, oid, target):
            return f"{characteristics(s, oid).name} can't attack {target!r}: a restriction on whom it attacks (508.1c)"
    why = goad_error(game, action.attacks)
    if why is not None:
        return why
    if not alone_ok(game, action.attacks, "cant_attack_alone"):
        return f"{characteristics(s, next(iter(action.attacks))).name} can't attack alone (506.5)"
    alone = without_companion(game, action.attacks, "attacks_only_with")
    if alone is not None:
        return f"{target_name(game, alone)} can't attack unless a creature of the kind it needs also attacks (508.1c)"
    most = most_in_combat(game, "max_attackers")
    if most is not None and len(action.attacks) > most:
        return f"no more than {most} creature{'s' if most > 1 else ''} can attack each combat (506.5)"

    def required(oid: int) -> bool:
        return bool(characteristics(s, oid).extra.get("must_attack")) and can_attack(game, oid) \
            and attack_required(game, oid)
    # 508.1d: requirements ("attacks each combat if able") must be obeyed as far as possible; with a limit on the
    # attackers (506.5), a required one left out is obeyed only in place of one not required.
    full = most is not None and len(action.attacks) >= most and all(required(a) for a in action.attacks)

    def could_join(oid: int) -> bool:
        """May the required creature attack beside this declaration without breaking a restriction? One that can't
        attack alone (506.5) only if another creature can attack too; one that attacks only beside a creature of a
        kind (508.1c) only if one of that kind attacks or can."""
        with_it = {**action.attacks, oid: None}
        if not (alone_ok(game, with_it, "cant_attack_alone") or any(x != oid and can_attack(game, x) for x in s.battlefield)):
            return False
        return companions_ok(game, with_it, "attacks_only_with") or any(
            x != oid and x not in with_it and can_attack(game, x)
            and companions_ok(game, {**with_it, x: None}, "attacks_only_with") for x in s.battlefield)
    for oid in s.battlefield:
        if oid not in action.attacks and not full and required(oid) and could_join(oid):
            return f"{characteristics(s, oid).name} attacks each combat if able (508.1d)"
    return bands_error(game, action.bands, action.attacks)


def declare_attackers(game: "Game", action: A.DeclareAttackers) -> None:
    """The declaration (508.1 / 509.1); the game loop then gives priority (after_turn_based_decision)."""
    s = game.state
    c = s.combat
    why = attack_error(game, action)
    if why is not None:
        raise IllegalAction(why)
    s.pending = None
    c.bands = [list(band) for band in action.bands]         # 508.1e
    tax = attack_tax(game, action.attacks)
    for oid, target in action.attacks.items():
        c.attackers[oid] = target
        note_defender(game, oid, target)
        ch = characteristics(s, oid)
        if not ch.has("vigilance"):
            set_tapped(game, oid, True, attacking=True)        # 508.1f
    # Characteristics may read who attacks: "as long as it's attacking alone" (506.5), "attacking creatures get ..."
    # (only through an effect in force or a counting ability: not when they are plain)
    if not plain_characteristics(s):
        s.invalidate()
    if action.attacks:
        # "if you attacked with creatures with total power 6 or greater this combat": their power as they were
        # declared (static bonuses while attacking included), by combat of the turn (500.8), before any trigger
        s.turn_log.setdefault("attack_power", {})[str(s.turn_log.get("combats", 0))] = sum(
            characteristics(s, oid).power or 0 for oid in action.attacks)
    if not tax.is_empty():
        # 508.1g-h: the costs to attack are determined once the attackers are tapped, then paid.
        if not can_pay_mana(game, s.active, tax):
            raise IllegalAction(f"attacking with these creatures costs {tax}, which can't be paid (508.1h)")
        pay_special_action(game, s.active, tax, plan_payment(game, s.active, tax, None))
    c.attackers_declared = True
    for oid, target in action.attacks.items():
        game.emit(Event("attack", {"object": oid, "target": target, "player": s.active},
                        f"{characteristics(s, oid).name} attacks {target_name(game, target)}"))
    if action.attacks:
        # "If you attacked this turn" (raid) reads who declared attackers this turn.
        s.turn_log["attacked"] = sorted(set(s.turn_log.get("attacked", [])) | {s.active})
        s.turn_log.setdefault("attacked_creatures", []).extend(action.attacks)     # boast (702.142a)
        # "if you've been attacked this step": the players attacked, by combat of the turn (500.8)
        attacked = sorted({int(t[1:]) for t in action.attacks.values() if is_player_ref(t)})
        s.turn_log.setdefault("players_attacked", []).extend([s.turn_log.get("combats", 0), p] for p in attacked)
        _log_in_combat(s, action.attacks)
        # One event for the whole declaration: "whenever one or more creatures attack" (603.2c).
        game.emit(Event("attackers_declared", {"player": s.active,
                                               "attackers": [describe(game, oid) for oid in action.attacks]}, ""))


def attack_tax(game: "Game", attacks: dict[int, Any]) -> ManaCost:
    """508.1g: the total cost to attack with these creatures: "Creatures can't attack you unless their
    controller pays {2} for each creature they control that's attacking you" (Ghostly Prison), counted for
    each creature attacking that ability's controller (or, if it says so, a planeswalker they control)."""
    total = ManaCost(())
    for target in attacks.values():
        defender = attacked_player(game, target)
        for _, st in player_statics_from(game.state, defender, "attack_tax"):
            params = dict(st.params)
            if is_player_ref(target) or params["planeswalkers"]:
                total = total.plus(params["cost"])
    return total


def free_to_attack(game: "Game", oid: int, target: Any) -> bool:
    """Whether `oid` may attack `target` at no cost to attack (508.1g) and with its defender meeting what it
    needs (508.1c)."""
    return may_attack(game, oid, target) and attack_tax(game, {oid: target}).is_empty()


def goad_requirements_obeyed(game: "Game", oid: int, target: Any) -> int:
    """701.15b-c: how many of the creature's goad requirements ("attacks a player other than [the player who
    goaded it] if able", one per player who goaded it) attacking `target` obeys: none for a planeswalker."""
    goaders = set(characteristics(game.state, oid).extra.get("goaded", ()))
    return sum(1 for g in goaders if is_player_ref(target) and player_index(target) != g)


def goad_error(game: "Game", attacks: dict[int, Any]) -> str | None:
    """508.1d: a goaded attacker obeys as many of its goad requirements as it can at no cost to attack."""
    for oid, target in attacks.items():
        best = max((goad_requirements_obeyed(game, oid, t) for t in attack_targets(game)
                    if free_to_attack(game, oid, t)), default=0)
        if goad_requirements_obeyed(game, oid, target) < best:
            return (f"{characteristics(game.state, oid).name} is goaded: it attacks a player other than one who "
                    f"goaded it if able (701.15b)")
    return None


def attack_required(game: "Game", oid: int) -> bool:
    """508.1d: a creature that "attacks each combat if able" is required to attack only if it can attack something
    without a cost to attack: its controller isn't required to pay one (Ghostly Prison)."""
    return any(free_to_attack(game, oid, t) for t in attack_targets(game))


def attack_tax_payable(game: "Game", attacks: dict[int, Any]) -> bool:
    """Can the attacking player pay the costs to attack (508.1h), with the attackers tapped (508.1f)?"""
    tax = attack_tax(game, attacks)
    s = game.state
    return tax.is_empty() or can_pay_special(game, s.active, tax, exclude={
        a for a in attacks if not characteristics(s, a).has("vigilance")})


def _why_cant_attack(game: "Game", oid: int) -> str:
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    if o.controller != s.active:
        return "you don't control it"
    if o.tapped:
        return "it is tapped"
    if not ch.is_creature:
        return "it isn't a creature"
    if o.sick and not ch.has("haste") and not ch.extra.get("attacks_as_though_haste"):
        return "it came under your control this turn (summoning sickness, 302.6)"
    if ch.has("defender") and not ch.extra.get("attacks_despite_defender"):
        return "it has defender (702.3b)"
    return "an effect says it can't attack"


def _log_in_combat(s: GameState, creatures: Iterable[int]) -> None:
    """ "If ~ attacked or blocked this combat / this turn" reads the creatures declared as attackers or blockers,
    by which combat of the turn (500.8) it was."""
    s.turn_log.setdefault("in_combat", []).extend([s.turn_log.get("combats", 0), oid] for oid in creatures)


def begin_declare_blockers(game: "Game") -> bool:
    """509.1, 802.4: each defending player in APNAP order declares blockers for the creatures attacking
    them or their planeswalkers; True while one is asked."""
    if _ask_next_defender(game, game.state.apnap()):
        return True
    game.state.combat.blockers_declared = True        # no one could block: no declaration was made
    _mark_blocked(game)
    _announce_unblocked(game)
    return False


def _ask_next_defender(game: "Game", order: list[int]) -> bool:
    """Asks the first player of `order` who defends and can block; False if there is none."""
    s = game.state
    c = s.combat
    for p in order:
        if s.players[p].lost or p == s.active:
            continue
        c.defending_player = p
        attackers = [a for a in c.attackers if c.defender_of(a) == p]
        blockers = [oid for oid in s.battlefield if can_block(game, oid)
                    and any(can_block_attacker(game, oid, a) for a in attackers)]
        if blockers:
            s.pending = Decision(p, DecisionKinds.DECLARE_BLOCKERS, "Declare blockers",
                                 blockers, 0, len(blockers), {"attackers": attackers})
            return True
    return False


def block_error(game: "Game", action: A.DeclareBlockers) -> str | None:
    """Why one defending player's declaration breaks a restriction or a requirement (509.1a-c, 506.5,
    702.111b, 802.4a), or None. Reads the game only."""
    s = game.state
    c = s.combat
    for b, atts in action.blocks.items():
        if b not in s.objects or not can_block(game, b):
            return f"{target_name(game, b)} can't block"
        if not atts:
            return f"{target_name(game, b)} must block an attacking creature"
        if len(atts) > max_blocks(game, b):
            return f"{target_name(game, b)} can block only one creature"
        if len(set(atts)) != len(atts):
            return "a creature can't block the same attacker twice"
        for a in atts:
            if a not in c.attackers:
                return f"{target_name(game, a)} is not attacking"
            if c.defender_of(a) != c.defending_player:
                return (f"{target_name(game, a)} is attacking another player: block only creatures "
                        f"attacking you or your planeswalkers (802.4a)")
            if not can_block_attacker(game, b, a):
                return f"{target_name(game, b)} can't block {target_name(game, a)}: {_why_cant_block(game, b, a)}"
    # 702.111b: a creature with menace can't be blocked except by two or more creatures.
    counts: dict[int, int] = {}
    for atts in action.blocks.values():
        for a in atts:
            counts[a] = counts.get(a, 0) + 1
    for a, n in counts.items():
        if characteristics(s, a).has("menace") and n < 2:
            return f"{target_name(game, a)} has menace: it can't be blocked except by two or more creatures (702.111b)"
        if n < fewest_blockers(characteristics(s, a)):
            return (f"{target_name(game, a)} can't be blocked except by {fewest_blockers(characteristics(s, a))} "
                    "or more creatures (509.1b)")
        if n > 1 and characteristics(s, a).extra.get("blocked_by_at_most_one"):
            return f"{target_name(game, a)} can't be blocked by more than one creature (509.1b)"
    if not alone_ok(game, action.blocks, "cant_block_alone"):
        return f"{target_name(game, next(iter(action.blocks)))} can't block alone (506.5)"
    alone = without_companion(game, action.blocks, "blocks_only_with")
    if alone is not None:
        return f"{target_name(game, alone)} can't block unless a creature of the kind it needs also blocks (509.1b)"
    if not _few_enough_blockers(game, action.blocks):
        most = most_in_combat(game, "max_blockers")
        return f"no more than {most} creature{'s' if most > 1 else ''} can block each combat (506.5)"
    better = _better_block(game, action.blocks, block_requirements(game))
    if better is not None:
        b, a, _ = better
        return (f"{target_name(game, b)} must block {target_name(game, a) if a else 'if able'}: "
                "a declaration obeying more blocking requirements is possible (509.1c)")
    return None


def declare_blockers(game: "Game", action: A.DeclareBlockers) -> bool:
    """One defending player's declaration (509.1, 802.4); True once every defending player has declared
    (the game loop then gives priority: after_turn_based_decision)."""
    s = game.state
    c = s.combat
    why = block_error(game, action)
    if why is not None:
        raise IllegalAction(why)
    s.pending = None
    for b, atts in action.blocks.items():
        c.blockers[b] = list(atts)
    if not plain_characteristics(s):
        s.invalidate()      # and who blocks: "as long as two or more creatures are blocking it"
    block_bands(game, list(action.blocks))
    _log_in_combat(s, action.blocks)
    declaring = c.defending_player
    order = s.apnap()
    more = _ask_next_defender(game, order[order.index(declaring) + 1:])
    if not more:
        c.blockers_declared = True
        _mark_blocked(game)
    for b, atts in action.blocks.items():
        game.emit(Event("block", {"object": b, "attackers": list(atts), "player": declaring},
                        f"{target_name(game, b)} blocks {', '.join(target_name(game, a) for a in atts)}"))
    if not more:
        _blocked_events(game)
    return not more


def continue_blocks(game: "Game") -> bool:
    """The defending player asked to declare blockers left the game (800.4a): the next one declares;
    True while one is asked."""
    order = game.state.apnap()
    if _ask_next_defender(game, order[order.index(game.state.combat.defending_player) + 1:]):
        return True
    game.state.combat.blockers_declared = True
    _mark_blocked(game)
    _blocked_events(game)
    return False


def _blocked_events(game: "Game") -> None:
    """509.1h: every defending player has declared: attackers are blocked or unblocked."""
    s = game.state
    c = s.combat
    for a in c.attackers:
        if c.blocked.get(a):
            blockers = [b for b, atts in c.blockers.items() if a in atts]
            game.emit(Event("blocked", {"object": a, "blockers": blockers}, f"{target_name(game, a)} is blocked"))
    _announce_unblocked(game)


def _announce_unblocked(game: "Game") -> None:
    """509.1h, 509.3g: "attacks and isn't blocked" triggers on this, also when no creature could block."""
    c = game.state.combat
    for a in c.attackers:
        if not c.blocked.get(a) and a in game.state.objects:
            game.emit(Event("unblocked", {"object": a}, ""))


def block_requirements(game: "Game") -> list[tuple[int | None, int | None]]:
    """509.1c: the blocking requirements on the defending player's creatures, as (blocker, attacker):
    None for "blocks each combat if able", an attacker for "all creatures able to block ~ do so" (lure);
    (None, attacker) for "~ must be blocked if able", which any one blocker obeys. A requirement on a
    creature that can't block (tapped, restricted) isn't counted (509.1c)."""
    s = game.state
    c = s.combat
    out: list[tuple[int | None, int | None]] = []
    blockers = _able_blockers(game)
    for b in blockers:
        if static_flag(game, b, "must_block") and any(can_block_attacker(game, b, a) for a in c.attackers):
            out.append((b, None))
        a = characteristics(s, b).extra.get("must_block_attacker")
        if type(a) is int and a in c.attackers and can_block_attacker(game, b, a):
            out.append((b, a))          # "target creature blocks ~ this turn if able"
    for a in c.attackers:
        if a in s.objects and characteristics(s, a).extra.get("lure"):
            out.extend((b, a) for b in blockers if can_block_attacker(game, b, a))
        for flt in characteristics(s, a).extra.get("lure_by", ()) if a in s.objects else ():
            # "All Walls able to block ~ do so": those of that kind
            out.extend((b, a) for b in blockers if matches_ch(s, s.objects[b], characteristics(s, b), flt,
                                                              s.objects[a].controller, a)
                       and can_block_attacker(game, b, a))
        if a in s.objects and characteristics(s, a).extra.get("must_be_blocked") \
                and any(can_block_attacker(game, b, a) for b in blockers):
            out.append((None, a))
    return out


def _able_blockers(game: "Game") -> list[int]:
    return [b for b in game.state.battlefield if can_block(game, b)]


def _met(b: int | None, a: int | None, blocks: dict[int, Any]) -> bool:
    if b is None:
        return any(a in atts for atts in blocks.values())
    return b in blocks and (a is None or a in blocks[b])


def _obeyed(requirements: list[tuple[int | None, int | None]], blocks: dict[int, Any]) -> int:
    return sum(1 for b, a in requirements if _met(b, a, blocks))


def _few_enough_blockers(game: "Game", blocks: dict[int, Any]) -> bool:
    """506.5: "No more than one creature can block each combat": those another defending player declared count too
    (802.4)."""
    most = most_in_combat(game, "max_blockers")
    return most is None or len(game.state.combat.blockers) + len(blocks) <= most


def _block_restrictions_ok(game: "Game", blocks: dict[int, Any]) -> bool:
    """The restrictions of 509.1b a changed declaration must keep (menace, at most one, not blocking alone, the most
    creatures that can block, 506.5)."""
    counts: dict[int, int] = {}
    for atts in blocks.values():
        for a in atts:
            counts[a] = counts.get(a, 0) + 1
    s = game.state
    return alone_ok(game, blocks, "cant_block_alone") and _few_enough_blockers(game, blocks) \
        and companions_ok(game, blocks, "blocks_only_with") and not any(
        n < fewest_blockers(characteristics(s, a)) or
        (n > 1 and characteristics(s, a).extra.get("blocked_by_at_most_one")) for a, n in counts.items())


def _better_block(game: "Game", blocks: dict[int, Any], requirements: list[tuple[int | None, int | None]]
                  ) -> tuple[int | None, int | None, dict[int, Any]] | None:
    """509.1c: a requirement the declaration leaves unobeyed although one blocker blocking otherwise (in place of
    another, where no more creatures can block, 506.5) would obey more requirements without breaking a restriction,
    with that declaration; None if there is none."""
    if not requirements:
        return None
    have = _obeyed(requirements, blocks)
    for b, a in requirements:
        if _met(b, a, blocks):
            continue
        choices = [a] if a is not None else list(game.state.combat.attackers)
        for blocker in [b] if b is not None else _able_blockers(game):
            for x in choices:
                if not can_block_attacker(game, blocker, x):
                    continue
                trial = {**blocks, blocker: (x,)}
                trials = [trial] + ([{k: v for k, v in trial.items() if k != dropped} for dropped in blocks
                                     if dropped != blocker] if not _few_enough_blockers(game, trial) else [])
                for t in trials:
                    if _obeyed(requirements, t) > have and _block_restrictions_ok(game, t):
                        return blocker, a, t
    return None


def obey_block_requirements(game: "Game", blocks: dict[int, Any],
                            requirements: list[tuple[int | None, int | None]] | None = None) -> dict[int, Any]:
    """The declaration changed, one blocker at a time, until it obeys as many blocking requirements as
    it can (509.1c): what the legal actions offer and what an AI falls back to. The requirements
    depend on the board only, not on the declaration: `requirements` passes them when already known
    (the legal actions complete many declarations; with hundreds of creatures, working them out for
    each one made a single blocking decision take seconds)."""
    blocks = dict(blocks)
    if requirements is None:
        requirements = block_requirements(game)
    for _ in range(len(game.state.battlefield) + 1):
        better = _better_block(game, blocks, requirements)
        if better is None:
            break
        blocks = better[2]
    return blocks


def _why_cant_block(game: "Game", b: int, a: int) -> str:
    ach = characteristics(game.state, a)
    bch = characteristics(game.state, b)
    if ach.has("flying") and not (bch.has("flying") or bch.has("reach")):
        return "it has flying (702.9b)"
    reason = evasion_reason(ach, bch)
    if reason is not None:
        return reason
    if any(k.name == "landwalk" and k.param not in ach.extra.get("blockable_despite_landwalk", ()) for k in ach.keywords):
        return "landwalk (702.14c)"
    if any(k.name == "protection" for k in ach.keywords):
        return "protection (702.16e)"
    return "it can't be blocked by that creature"


def _mark_blocked(game: "Game") -> None:
    """509.1h: attackers with blockers are blocked, the others unblocked."""
    c = game.state.combat
    for a in c.attackers:
        c.blocked[a] = bool(c.blockers_of(a))


# ---------------------------------------------------------------- damage

def _has_first(ch) -> bool:
    return ch.has("first strike") or ch.has("double strike")


def any_first_strike(game: "Game") -> bool:
    s = game.state
    c = s.combat
    if c is None:
        return False
    return any(oid in s.objects and _has_first(characteristics(s, oid)) for oid in list(c.attackers) + list(c.blockers))


def _deals_now(game: "Game", oid: int) -> bool:
    s = game.state
    c = s.combat
    ch = characteristics(s, oid)
    if ch.extra.get("no_combat_damage"):
        return False            # "~ assigns no combat damage this turn" (510.1: it assigns none)
    if s.step is Steps.FIRST_STRIKE_DAMAGE:
        return _has_first(ch)
    # 510.4: the second step: creatures that didn't deal first-strike damage, and double strikers.
    return oid not in c.dealt_first_strike or ch.has("double strike")


def lethal_damage(game: "Game", blocker: int, source: int, already: int = 0) -> int:
    """702.19b/702.2c: lethal damage counts damage already marked and `already` (damage other creatures
    assign to the blocker in the same step); any damage from deathtouch is lethal."""
    s = game.state
    ch = characteristics(s, blocker)
    left = max(0, (ch.toughness or 0) - s.objects[blocker].damage - already)
    return min(1, left) if characteristics(s, source).has("deathtouch") else left


def _assigned_by_others(game: "Game", blocker: int, source: int, given: dict[int, dict]) -> tuple[int, bool]:
    """702.19b: the damage attackers other than `source` assign to `blocker` in this step (chosen in `given`
    or earlier in the step, or automatic: a single blocker and nothing to choose), and whether some of it
    has deathtouch (then it is lethal by itself, 702.2c)."""
    s = game.state
    c = s.combat
    chosen = {int(k): {_norm(r): v for r, v in split.items()} for k, split in s.task.assignment.items()}
    chosen.update({k: {_norm(r): v for r, v in split.items()} for k, split in given.items()})
    total, deadly = 0, False
    for a in c.attackers:
        if a == source or a not in s.objects or not _deals_now(game, a):
            continue
        if a in chosen:
            n = chosen[a].get(blocker, 0)
        elif c.blocked.get(a) and [b for b in c.blockers_of(a) if b in s.objects] == [blocker] \
                and not _needs_choice_attacker(game, a):
            n = combat_damage_of(game, a)
        else:
            n = 0
        total += n
        deadly = deadly or (n > 0 and characteristics(s, a).has("deathtouch"))
    return total, deadly


def _needs_choice_attacker(game: "Game", a: int) -> bool:
    s = game.state
    c = s.combat
    blockers = [b for b in c.blockers_of(a) if b in s.objects]
    if not c.blocked.get(a):
        return False
    ch = characteristics(s, a)
    power = combat_damage_of(game, a)
    if power <= 0:
        return False
    if attacker_damage_by_defender(game, a):
        return len(blockers) >= 2          # 702.22j: divided among the blockers only
    if _may_assign_as_unblocked(game, a):
        return True
    if len(blockers) >= 2:
        return True
    if len(blockers) == 1 and ch.has("trample"):
        return power > lethal_damage(game, blockers[0], a, _auto_assigned_to(game, blockers[0], a))
    return False


def _may_assign_as_unblocked(game: "Game", a: int) -> bool:
    """ "You may have ~ assign its combat damage as though it weren't blocked": a choice of its controller
    while it attacks something that can still be dealt damage (510.1b, 510.1c)."""
    return game.state.combat.attackers.get(a) is not None and static_flag(game, a, "assign_as_unblocked")


def _auto_assigned_to(game: "Game", blocker: int, source: int) -> int:
    """Damage that other blocked attackers without trample, blocked only by `blocker`, assign to it."""
    s = game.state
    c = s.combat
    return sum(combat_damage_of(game, a) for a in c.attackers
               if a != source and a in s.objects and _deals_now(game, a) and c.blocked.get(a)
               and (not characteristics(s, a).has("trample") or attacker_damage_by_defender(game, a))
               and [b for b in c.blockers_of(a) if b in s.objects] == [blocker])


def begin_damage_step(game: "Game") -> bool:
    s = game.state
    c = s.combat
    if s.step is Steps.FIRST_STRIKE_DAMAGE:
        c.dealt_first_strike = [oid for oid in list(c.attackers) + list(c.blockers)
                                if oid in s.objects and _has_first(characteristics(s, oid))]
    s.task = CombatDamageTask(assignment={})
    return _ask_next_assignment(game)


def _ask_next_assignment(game: "Game") -> bool:
    s = game.state
    c = s.combat
    done = s.task.assignment
    # 510.1c-d: who divides each source's damage: the attacker's or blocker's controller, or, with banding among
    # the creatures in its combat, the other player (702.22j-k).
    assigners: dict[int, int] = {}
    for a in c.attackers:
        if a in s.objects and _deals_now(game, a) and str(a) not in done and _needs_choice_attacker(game, a):
            assigners[a] = c.defender_of(a) if attacker_damage_by_defender(game, a) else s.active
    for b, atts in c.blockers.items():
        if b in s.objects and _deals_now(game, b) and str(b) not in done \
                and len([x for x in atts if x in s.objects]) >= 2 and combat_damage_of(game, b) > 0:
            assigners[b] = s.active if blocker_damage_by_attacker(game, b) else s.objects[b].controller
    if not assigners:
        _deal_combat_damage(game)
        s.task = None
        return False
    # 510.1, 802.5: the active player assigns first, then the defending players in APNAP order.
    who = min(set(assigners.values()), key=s.apnap().index)
    sources = [x for x, p in assigners.items() if p == who]
    s.pending = Decision(who, DecisionKinds.ASSIGN_DAMAGE, "Assign combat damage", [], 0, 0,
                         {"sources": sources, "recipients": {str(x): _recipients(game, x) for x in sources}})
    return True


def continue_assignment(game: "Game", task: Any) -> bool:
    """The player asked to assign combat damage left the game (800.4a): the assignment (`task`, as it was)
    goes on with what is left; True while a player is asked."""
    game.state.task = task if isinstance(task, CombatDamageTask) else CombatDamageTask(assignment={})
    return _ask_next_assignment(game)


def _recipients(game: "Game", a: int) -> list[Any]:
    """What the attacker or blocker `a` may assign its combat damage to (510.1c-d, 702.19b, 702.22j)."""
    s = game.state
    c = s.combat
    if a not in c.attackers:
        return [x for x in c.blockers.get(a, []) if x in s.objects]
    out: list[Any] = [b for b in c.blockers_of(a) if b in s.objects]
    if attacker_damage_by_defender(game, a):
        return out
    if (characteristics(s, a).has("trample") or _may_assign_as_unblocked(game, a)) and c.attackers.get(a) is not None:
        out.append(c.attackers[a])
    return out


def assignment_error(game: "Game", action: A.AssignDamage) -> str | None:
    """Why an assignment of combat damage breaks 510.1a-c or 702.19b, or None. Reads the game only."""
    s = game.state
    d = s.pending
    sources = d.data["sources"]
    given = {int(k): v for k, v in action.assignment.items()}
    if set(given) != set(sources):
        return f"assign the damage of exactly these creatures: {', '.join(target_name(game, x) for x in sources)}"
    for src, split in given.items():
        split = {(_norm(k)): int(v) for k, v in split.items()}
        recipients = d.data["recipients"][str(src)]
        power = combat_damage_of(game, src)
        if any(r not in recipients for r in split):
            return f"{target_name(game, src)} can't assign damage to that (510.1)"
        if any(v < 0 for v in split.values()) or sum(split.values()) != power:
            return f"{target_name(game, src)} must assign exactly {power} damage (510.1a)"
        to_player = sum(v for r, v in split.items() if not (isinstance(r, int) and r in s.combat.blockers))
        # all of it as though it weren't blocked (510.1b), or to the blockers with trample's rest (702.19b)
        as_unblocked = to_player == power and _may_assign_as_unblocked(game, src)
        if src in s.combat.attackers and to_player and not as_unblocked:
            if not characteristics(s, src).has("trample"):
                return (f"{target_name(game, src)} assigns its damage either all as though it weren't "
                        f"blocked or to the creatures blocking it (510.1c)")
            for b in s.combat.blockers_of(src):
                if b not in s.objects:
                    continue
                others, deadly = _assigned_by_others(game, b, src, given)
                if split.get(b, 0) < (0 if deadly else lethal_damage(game, b, src, others)):
                    return ("lethal damage must be assigned to every blocker before the rest "
                            "goes to the player or planeswalker (702.19b, 510.1e)")
    return None


def assign_damage(game: "Game", action: A.AssignDamage) -> bool:
    """510.1: records one assignment; True once every source's damage is assigned (the game loop then
    goes on with the step)."""
    why = assignment_error(game, action)
    if why is not None:
        raise IllegalAction(why)
    s = game.state
    s.task.assignment.update({str(int(src)): {str(_norm(k)): int(v) for k, v in split.items()}
                              for src, split in action.assignment.items()})
    s.pending = None
    return not _ask_next_assignment(game)


def _norm(k: Any) -> Any:
    if isinstance(k, str) and k.isdigit():
        return int(k)
    return k


def _deal_combat_damage(game: "Game") -> None:
    """510.2: all combat damage is dealt simultaneously."""
    s = game.state
    c = s.combat
    chosen = s.task.assignment if s.task else {}
    plan: list[tuple[int, Any, int]] = []
    for a, target in list(c.attackers.items()):
        if a not in s.objects or not _deals_now(game, a):
            continue
        power = combat_damage_of(game, a)
        if power <= 0:
            continue
        if str(a) in chosen:
            for r, v in chosen[str(a)].items():
                plan.append((a, _norm(r), v))
        elif c.blocked.get(a):
            blockers = [b for b in c.blockers_of(a) if b in s.objects]
            if blockers:
                plan.append((a, blockers[0], power))
            elif characteristics(s, a).has("trample") and target is not None:
                plan.append((a, target, power))     # 702.19d
        elif target is not None:
            plan.append((a, target, power))
    for b, atts in list(c.blockers.items()):
        if b not in s.objects or not _deals_now(game, b):
            continue
        power = combat_damage_of(game, b)
        if power <= 0:
            continue
        if str(b) in chosen:
            for r, v in chosen[str(b)].items():
                plan.append((b, _norm(r), v))
        else:
            alive = [x for x in atts if x in s.objects]
            if alive:
                plan.append((b, alive[0], power))
    infos = {src: source_info(game, src) for src, _, _ in plan}
    begin_simultaneous_event(s)         # 510.2: one event, however many sources deal damage
    for src, recipient, amount in plan:
        if amount > 0:
            if isinstance(recipient, int) and recipient not in s.objects:
                continue
            if isinstance(recipient, str) and s.players[int(recipient[1:])].lost:
                continue                        # 800.4e: that player left the game
            deal_damage(game, infos[src], recipient, amount, combat=True)
