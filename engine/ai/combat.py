"""Combat reasoning for the AI (506-511): a quick model of how one attacker and its blockers fight
(first and double strike 702.7/702.4, deathtouch 702.2, trample 702.19, lifelink 702.15,
indestructible 702.12), a block planner (block to survive, then to trade well), an attack planner
(attack when the race favours it, keeping enough back against the crack-back), and the damage
assignment order (510.1c: kill the most valuable blockers first, the rest tramples over).

Everything here reads public information only: the battlefield, life totals and the combat.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any, Mapping

from engine.ai.evaluate import (WIN, board_memo, creature_value, creature_value_damaged, damage_to_lose, finishes,
                                gone_at_end_of_turn, kept_in_game_value, life_value, rival_weights)
from engine.query.targets import attack_targets, attacked_player
from engine.rules.combat import can_attack

if TYPE_CHECKING:
    from engine.game import Game


@dataclass(frozen=True)
class Fighter:
    oid: int
    power: int
    toughness: int          # what is left of it: toughness minus marked damage
    first: bool             # deals first-strike damage (first strike or double strike)
    regular: bool           # deals regular damage (no first strike, or double strike)
    deathtouch: bool
    trample: bool
    lifelink: bool
    indestructible: bool
    flying: bool
    reach: bool
    menace: bool
    value: float


# fighter by the object, its characteristics (never modified once computed) and the damage marked on it;
# a Fighter is never changed once made.
_FIGHTERS: dict[tuple[int, int], tuple[Any, int, Fighter]] = {}


def fighter(game: "Game", oid: int) -> Fighter:
    ch = game.characteristics(oid)
    damage = game.state.objects[oid].damage
    known = _FIGHTERS.get((oid, id(ch)))
    if known is not None and known[0] is ch and known[1] == damage \
            and not (ch.triggered and gone_at_end_of_turn(game, oid)):
        return _kept(game, known[2]) if ch.static else known[2]
    fs, ds = ch.has("first strike"), ch.has("double strike")
    f = Fighter(oid, max(ch.power or 0, 0), (ch.toughness or 0) - damage, fs or ds, ds or not fs,
                ch.has("deathtouch"), ch.has("trample"), ch.has("lifelink"), ch.has("indestructible"),
                ch.has("flying"), ch.has("reach"), ch.has("menace"), creature_value(game, oid))
    if len(_FIGHTERS) > 8192:
        _FIGHTERS.clear()
    _FIGHTERS[oid, id(ch)] = (ch, damage, f)     # holds the characteristics: their id stays theirs meanwhile
    return _kept(game, f) if ch.static else f


def _kept(game: "Game", f: Fighter) -> Fighter:
    """A fighter worth what it keeps its controller in the game (`kept_in_game_value`) more than its body."""
    kept = kept_in_game_value(game, f.oid)
    return replace(f, value=f.value + kept) if kept else f


def _damaged_fighter(game: "Game", oid: int, more: int) -> Fighter:
    """`fighter` of a creature with `more` damage marked on it than it has now."""
    f = fighter(game, oid)
    if not more:
        return f
    return replace(f, toughness=f.toughness - more, value=creature_value_damaged(
        game.characteristics(oid), game.state.objects[oid].damage + more))


@dataclass
class Outcome:
    attacker_dies: bool
    dead_blockers: list[int]
    to_player: int            # damage that reaches the attacked player or planeswalker
    lifelink: int             # life the attacker's controller gains


def _lethal(target: Fighter, source: Fighter, dealt: int) -> int:
    if target.indestructible:
        return 10 ** 6
    if source.deathtouch:
        return 0 if dealt > 0 else 1
    return max(target.toughness - dealt, 0)


def unblocked_damage(att: Fighter) -> int:
    """The damage an unblocked attacker deals (`fight` with no blockers): its power in each damage step it
    deals damage in (510.1a, 702.4b)."""
    return att.power * ((1 if att.first else 0) + (1 if att.regular else 0))


def _value_first(f: Fighter) -> float:
    return -f.value


def fight(att: Fighter, blockers: list[Fighter]) -> Outcome:
    """One attacker against its blockers (none: unblocked), both damage steps (510, 702.7b)."""
    if not blockers:
        dmg = unblocked_damage(att)
        return Outcome(False, [], dmg, dmg if att.lifelink else 0)
    dealt_to = {b.oid: 0 for b in blockers}
    by_value = sorted(blockers, key=_value_first)   # 510.1c: lethal damage to each blocker in turn, most valuable first
    att_damage = 0
    dead: set[int] = set()
    att_dead = False
    through = 0
    for phase in ("first", "regular"):
        if att_dead and phase == "regular":
            break
        strikes_att = att.first if phase == "first" else att.regular
        incoming = 0
        touched_by_deathtouch = False
        for b in blockers:
            if b.oid not in dead and (b.first if phase == "first" else b.regular) and b.power > 0:
                incoming += b.power
                touched_by_deathtouch = touched_by_deathtouch or b.deathtouch
        if strikes_att and not att_dead:
            left = att.power
            for b in by_value:
                if b.oid in dead or left <= 0:
                    continue
                need = _lethal(b, att, dealt_to[b.oid])
                n = min(left, need)
                dealt_to[b.oid] += n
                left -= n
                if n >= need:
                    dead.add(b.oid)
            if left > 0 and att.trample:
                through += left
        att_damage += incoming
        if not att.indestructible and (att_damage >= att.toughness or touched_by_deathtouch):
            att_dead = True
    gained = (sum(dealt_to.values()) + through) if att.lifelink else 0
    return Outcome(att_dead, sorted(dead), through, gained)


# ---------------------------------------------------------------- who can block whom (estimates)

def _restricted(game: "Game", oid: int, kinds: tuple[str, ...]) -> bool:
    """A "can't block" / "can't attack or block" restriction from its own text, an Aura, a global
    static or a resolved effect (Pacifism)."""
    s = game.state
    ch = game.characteristics(oid)
    if ch.extra and any(ch.extra.get(k) for k in kinds):
        return True
    restrictions = _restricting_statics(game).get(oid)
    if restrictions and any(k in kinds for k in restrictions):
        return True
    return bool(s.effects) and any(e.params.get("kind") in kinds and e.affected and s.objects[oid].card_id in e.affected
                                   for e in s.effects)


_RESTRICTIONS = ("cant_block", "cant_attack", "cant_attack_or_block")
_RESTRICTING = "ai_restricting_statics"


def _restricting_statics(game: "Game") -> dict[int, tuple[str, ...]]:
    """The restrictions (`_RESTRICTIONS`) the static abilities on the battlefield put on each object: on
    their own permanent, or on the one an Aura or Equipment is attached to. Kept with the state's derived
    values (the battlefield's characteristics): whatever changes them forgets these too."""
    s = game.state
    known = s.cache.get(_RESTRICTING)
    if known is not None:
        return known
    out: dict[int, tuple[str, ...]] = {}
    for src in s.battlefield:
        for st in game.characteristics(src).static:
            if st.kind not in _RESTRICTIONS:
                continue
            if st.affected.kind == "self":
                on = src
            elif st.affected.kind in ("enchanted", "equipped"):
                on = s.objects[src].attached_to
            else:
                continue
            out[on] = out.get(on, ()) + (st.kind,)
    s.cache[_RESTRICTING] = out
    return out


def could_block(game: "Game", blocker: int) -> bool:
    o = game.state.objects[blocker]
    return (not o.tapped and game.characteristics(blocker).is_creature
            and not _restricted(game, blocker, ("cant_block", "cant_attack_or_block")))


def could_attack_next_turn(game: "Game", oid: int) -> bool:
    ch = game.characteristics(oid)
    return (ch.is_creature and not ch.has("defender")
            and not _restricted(game, oid, ("cant_attack", "cant_attack_or_block")))


def may_block_pair(a: Fighter, b: Fighter, game: "Game") -> bool:
    """Evasion estimate: flying (702.9b) and "can't be blocked"."""
    ch = game.characteristics(a.oid)
    if ch.has("unblockable") or ch.extra.get("cant_be_blocked"):
        return False
    return not a.flying or b.flying or b.reach


# ---------------------------------------------------------------- blocks

def plan_blocks(game: "Game", me: int, attackers: list[int], pairs: set[tuple[int, int]],
                life: int | None = None) -> dict[int, tuple[int, ...]]:
    """Blocks for `me`: good blocks and sensible trades first, then chump blocks until the damage
    left is not lethal (and if the good blocks took the blockers surviving needs, blocks to survive alone).
    `pairs` are the legal (blocker, attacker) pairs."""
    s = game.state
    life = s.players[me].life if life is None else life
    if damage_to_lose(game, me) == math.inf:
        life = math.inf         # 104.3b: no damage loses `me` the game, nothing to chump for
    atk = {a: fighter(game, a) for a in attackers}
    blockers = {b for b, _ in pairs}
    bf = {b: fighter(game, b) for b in blockers}
    free = set(blockers)
    plan: dict[int, list[int]] = {}

    def can(b: int, a: int) -> bool:
        return (b, a) in pairs and b in free

    incoming_total = sum(unblocked_damage(f) for f in atk.values())
    pressure = incoming_total >= life - 4 or life <= 8
    order = sorted(attackers, key=lambda a: -atk[a].value)
    for a in order:
        if atk[a].menace:
            continue
        best: tuple[float, int] | None = None
        for b in blockers:
            if not can(b, a):
                continue
            out = fight(atk[a], [bf[b]])
            b_dies = b in out.dead_blockers
            if out.attacker_dies and not b_dies:
                score = 10 + atk[a].value - 0.1 * bf[b].value
            elif not b_dies:
                score = 5 - 0.1 * bf[b].value          # absorbs the damage for free
            elif out.attacker_dies and (atk[a].value >= bf[b].value - 0.3 or pressure):
                score = 2 + atk[a].value - bf[b].value
            else:
                continue
            if best is None or score > best[0]:
                best = (score, b)
        if best is not None:
            plan[a] = [best[1]]
            free.discard(best[1])
    # Double blocks: two blockers that kill a big attacker it can't both of.
    for a in order:
        if a in plan or len(free) < 2:
            continue
        able = sorted((b for b in free if (b, a) in pairs), key=lambda b: bf[b].value)
        for b1, b2 in combinations(able, 2):
            out = fight(atk[a], [bf[b1], bf[b2]])
            lost = sum(bf[b].value for b in out.dead_blockers)
            if out.attacker_dies and lost < atk[a].value - 0.5:
                plan[a] = [b1, b2]
                free -= {b1, b2}
                break

    def damage_left(plan: dict[int, list[int]]) -> int:
        total = 0
        for a, f in atk.items():
            bs = plan.get(a)
            total += fight(f, [bf[b] for b in bs]).to_player if bs else unblocked_damage(f)
        return total

    def survive(plan: dict[int, list[int]], free: set[int]) -> int:
        """While the damage is lethal, block again: the least valuable block that leaves the damage short of
        lethal, else the one that saves the most damage, the biggest attacker first among equals. A trampler's
        blockers save only their toughness (702.19c): one already blocked may take another blocker. Returns the
        damage left."""
        while (left := damage_left(plan)) >= life:
            best: tuple[bool, float, float, int, list[int]] | None = None
            for a in sorted(attackers, key=lambda a: -unblocked_damage(atk[a])):
                now = plan.get(a, [])
                through = fight(atk[a], [bf[b] for b in now]).to_player if now else unblocked_damage(atk[a])
                able = sorted((b for b in free if (b, a) in pairs), key=lambda b: bf[b].value)
                need = 2 if atk[a].menace and not now else 1
                if through <= 0 or len(able) < need:
                    continue
                for group in ([able[:need]] if need > 1 else [[b] for b in able]):
                    saved = through - fight(atk[a], [bf[b] for b in now + group]).to_player
                    if saved <= 0:
                        continue
                    enough = left - saved < life
                    cost = sum(bf[b].value for b in group)
                    # enough first; then the cheapest of those, or the most damage saved and the cheapest
                    key = (enough, -cost if enough else saved, -cost)
                    if best is None or key > best[:3]:
                        best = (*key, a, group)
            if best is None:
                return left
            plan[best[3]] = plan.get(best[3], []) + best[4]
            free -= set(best[4])
        return left

    if survive(plan, free) >= life:
        # The good blocks and trades above took blockers that surviving needs: blocks to survive alone, if any do.
        alone: dict[int, list[int]] = {}
        if survive(alone, set(blockers)) < life:
            plan = alone
    out: dict[int, list[int]] = {}
    for a, bs in plan.items():
        for b in bs:
            out.setdefault(b, []).append(a)
    return {b: tuple(v) for b, v in out.items()}


def estimated_pairs(game: "Game", defender: int, attackers: list[int]) -> set[tuple[int, int]]:
    s = game.state
    blockers = [b for b in s.battlefield if s.objects[b].controller == defender and could_block(game, b)]
    fa = {a: fighter(game, a) for a in attackers}
    out = set()
    for b in blockers:
        fb = fighter(game, b)
        for a in attackers:
            if may_block_pair(fa[a], fb, game):
                out.add((b, a))
    return out


# ---------------------------------------------------------------- attacks

def crack_back(game: "Game", me: int, gone: set[int] = frozenset(), tapped: set[int] = frozenset(),
               marked: Mapping[int, int] | None = None) -> int:
    """Damage the opponents can deal `me` on their next turns if every creature of theirs attacks `me`
    and `me` chump-blocks the biggest with its untapped creatures (`gone`: creatures expected to die,
    `tapped`: creatures of `me` that will still be tapped, `marked`: damage expected to be marked on
    creatures by then, as after a combat this turn). Each opponent attacks on their own turn,
    when `me`'s creatures have untapped again; with several opponents (802.1) the most dangerous one is
    counted in full and the others for the share of their attacks likely to come at `me`."""
    opps = game.state.opponents(me)
    each = sorted((_crack_back_from(game, me, opp, gone, tapped, marked) for opp in opps), reverse=True)
    if not each:
        return 0
    return each[0] + sum(each[1:]) // len(opps)


def attacks_to_come(game: "Game", me: int) -> int:
    """In a multiplayer game (802, 806), the damage the opponents whose turns come after this one and
    before `me`'s next turn can deal `me` (101.4: turns pass to the left), counted as crack_back counts
    it; 0 with one opponent (the turn after this one is `me`'s)."""
    s = game.state
    n = len(s.players)
    later: list[int] = []
    for i in range(1, n):
        p = (s.active + i) % n
        if p == me:
            break
        if not s.players[p].lost:
            later.append(p)
    if not later:
        return 0
    each = sorted((_crack_back_from(game, me, p, frozenset(), frozenset()) for p in later), reverse=True)
    return each[0] + sum(each[1:]) // len(s.opponents(me))


def _crack_back_from(game: "Game", me: int, opp: int, gone: set[int], tapped: set[int],
                     marked: Mapping[int, int] | None = None) -> int:
    memo = board_memo(game) if not marked else None
    if memo is not None:
        # The position of the decision being weighed (`unchanged_board`): its attackers and blockers sorted once,
        # then only those gone or tapped left out (a stable sort keeps the rest in the same order).
        sides = memo.get(("crack_back", me, opp))
        if sides is None:
            sides = memo["crack_back", me, opp] = _crack_back_sides(game, me, opp, frozenset(), frozenset(), None)
        hits = [h for h in sides[0] if h[0].oid not in gone]
        fliers_blockers = [m for m in sides[1] if m.oid not in gone and m.oid not in tapped]
        ground = [m for m in sides[2] if m.oid not in gone and m.oid not in tapped]
    else:
        hits, fliers_blockers, ground = _crack_back_sides(game, me, opp, gone, tapped, marked)
    total = 0
    for f, dmg in hits:
        pool = fliers_blockers if f.flying else (ground or fliers_blockers)
        if f.menace or not pool or game.characteristics(f.oid).has("unblockable"):
            total += dmg
            continue
        b = pool.pop(0)
        total += fight(f, [b]).to_player
    return total


def _crack_back_sides(game: "Game", me: int, opp: int, gone: set[int], tapped: set[int],
                      marked: Mapping[int, int] | None) -> tuple[list[tuple[Fighter, int]], list[Fighter], list[Fighter]]:
    """`opp`'s creatures that could attack `me` with the damage each deals unblocked, the most first; `me`'s
    creatures that could block them, those with flying or reach and the others, the least valuable first."""
    s = game.state
    look = fighter if not marked else lambda game, o: _damaged_fighter(game, o, marked.get(o, 0))
    # A creature sacrificed at the end of this turn (`gone_at_end_of_turn`) neither attacks nor blocks on the next.
    theirs = [look(game, o) for o in s.battlefield
              if s.objects[o].controller == opp and o not in gone and could_attack_next_turn(game, o)
              and not gone_at_end_of_turn(game, o)]
    mine = [look(game, o) for o in s.battlefield
            if s.objects[o].controller == me and o not in gone and o not in tapped
            and not s.objects[o].tapped and game.characteristics(o).is_creature
            and not _restricted(game, o, ("cant_block", "cant_attack_or_block")) and not gone_at_end_of_turn(game, o)]
    hits = sorted(((f, unblocked_damage(f)) for f in theirs), key=lambda h: -h[1])
    fliers_blockers = sorted([m for m in mine if m.flying or m.reach], key=lambda f: f.value)
    ground = sorted([m for m in mine if not (m.flying or m.reach)], key=lambda f: f.value)
    return hits, fliers_blockers, ground


def score_attack(game: "Game", me: int, attack: list[int], target: Any) -> float:
    """Quick value of attacking with `attack`: the defender blocks as plan_blocks would, then the
    trade in creatures and life, then the danger of the crack-back. Finishing the defender (800.4a) is
    WIN / 2 when they are the only or the strongest opponent (`leads`), otherwise worth the life they had."""
    s = game.state
    opp = attacked_player(game, target)
    opp_life = s.players[opp].life
    my_life = s.players[me].life
    if not attack:
        back = crack_back(game, me)
        return -(WIN / 3 if finishes(game, me, back) else 0.0) - 0.3 * back
    pairs = estimated_pairs(game, opp, attack)
    blocks = plan_blocks(game, opp, attack, pairs)
    by_att: dict[int, list[int]] = {}
    for b, atts in blocks.items():
        for a in atts:
            by_att.setdefault(a, []).append(b)
    dmg = 0
    gained = 0
    lost_mine = 0.0
    lost_theirs = 0.0
    gone: set[int] = set()
    for a in attack:
        fa = fighter(game, a)
        fb = [fighter(game, b) for b in by_att.get(a, [])]
        out = fight(fa, fb)
        dmg += out.to_player
        gained += out.lifelink
        if out.attacker_dies:
            lost_mine += fa.value
            gone.add(a)
        for b in out.dead_blockers:
            lost_theirs += creature_value(game, b)
            gone.add(b)
    finished = target == f"P{opp}" and finishes(game, opp, dmg)
    if finished and leads(game, me, opp):
        return WIN / 2
    back = max(crack_back(game, me, gone, _tapped_by(game, attack)),
               unblocked_crack_back(game, me, {a: target for a in attack}))
    score = lost_theirs - lost_mine
    if finished:
        score += life_value(opp_life)       # another opponent than the strongest finished: its life, no more
    elif target == f"P{opp}":
        score += life_value(opp_life) - life_value(opp_life - dmg)
    else:
        score += 0.8 * dmg
    if finishes(game, me, back - gained):
        score -= WIN / 3
    else:
        score -= 0.4 * (life_value(my_life + gained) - life_value(my_life + gained - back))
    return score


def _tapped_by(game: "Game", attack: Any) -> set[int]:
    """The attackers still tapped on the opponents' turns: all but those with vigilance (702.20b)."""
    return {a for a in attack if not game.characteristics(a).has("vigilance")}


def unblocked_crack_back(game: "Game", me: int, plan: dict[int, Any]) -> int:
    """The crack-back (`crack_back`) after `plan` if no one blocks it: the attackers tapped and every creature
    of the defending players still there. Blocking is the defender's choice (509.1a): one who survives the
    attack unblocked may keep their creatures to swing back with. 0 if a defending player would not survive
    it (they must block; what their blocks cost them is for the caller to weigh)."""
    taken: dict[int, int] = {}
    for a, t in plan.items():
        if isinstance(t, str):
            p = attacked_player(game, t)
            taken[p] = taken.get(p, 0) + unblocked_damage(fighter(game, a))
    if any(finishes(game, p, n) for p, n in taken.items()):
        return 0
    return crack_back(game, me, frozenset(), _tapped_by(game, plan))


def attack_candidates(game: "Game", me: int, attackers: list[int], target: Any,
                      limit: int = 40) -> list[list[int]]:
    """Sets of attackers worth considering: every subset when there are few, otherwise the prefixes
    of the attackers ordered from the safest to attack `target` with."""
    if len(attackers) <= 5:
        return [list(c) for n in range(len(attackers) + 1) for c in combinations(attackers, n)][:limit]
    order = sorted(attackers, key=lambda a: -score_attack(game, me, [a], target))
    out = [order[:n] for n in range(len(order) + 1)]
    out += [[a for a in attackers if a != x] for x in attackers]
    return out[:limit]


def plan_attack(game: "Game", me: int, attackers: list[int], target: Any) -> list[int]:
    best: tuple[float, list[int]] | None = None
    for cand in attack_candidates(game, me, attackers, target):
        v = score_attack(game, me, cand, target)
        if best is None or v > best[0] + 1e-9:
            best = (v, cand)
    return best[1] if best else []


def attack_prospect(game: "Game", me: int) -> float:
    """What the best attack `me` could make in this turn's combat gains by the planner's estimate (`score_attack`,
    not attacking among the plans): the creatures that may attack now (508.1a) against the defender
    `choose_defender` picks. `me` is the active player, before its attackers are declared."""
    s = game.state
    attackers = [x for x in s.battlefield if s.objects[x].controller == me and can_attack(game, x)]
    return _best_attack(game, me, attackers, attack_targets(game))


def _best_attack(game: "Game", me: int, attackers: list[int], targets: list[Any]) -> float:
    """What the best attack of `attackers` gains by the planner's estimate, against the defender `choose_defender`
    picks among `targets` (not attacking among the plans); 0 with nothing to attack."""
    if not targets:
        return 0.0
    target = choose_defender(game, me, targets, attackers)
    return max(score_attack(game, me, c, target) for c in attack_candidates(game, me, attackers, target))


def next_attack_prospect(game: "Game", me: int) -> float:
    """`attack_prospect` of `me`'s next turn, read at the end of the turn before it: every creature `me` controls
    that could attack then (502.3: they untap; 302.6: none has come that turn), against the opponents' creatures as
    they stand, a tapped one still tapped (each untaps only in its controller's own untap step, 502.3)."""
    s = game.state
    attackers = [x for x in s.battlefield if s.objects[x].controller == me and could_attack_next_turn(game, x)
                 and not gone_at_end_of_turn(game, x)]
    opponents = s.opponents(me)
    walkers = [x for x in s.battlefield
               if s.objects[x].controller in opponents and game.characteristics(x).is_type("Planeswalker")]
    return _best_attack(game, me, attackers, [f"P{p}" for p in opponents] + walkers) if attackers else 0.0


def choose_defender(game: "Game", me: int, targets: list[Any], attackers: list[int]) -> Any:
    """The opponent to attack (802.1: in a multiplayer game any opponent may be): the one where the best
    attack gains most (score_attack: the blocks that player can make, the damage that gets through, the
    crack-back; a gain on another opponent than the strongest counted as the evaluation counts their losses,
    `rival_weights`), the threat that player is to `me` (`threat`) counting towards them: the player left to
    grow unchecked is the one who wins; but first the strongest opponent if the attackers can finish them
    off through their blocks (800.4a: they leave the game, and attack no more), or one a commander's damage
    finishes (903.10a). A weaker opponent is not otherwise finished first: while in the game they take a
    share of the others' attacks. With one opponent, that one."""
    players = [t for t in targets if isinstance(t, str)]
    if len(players) <= 1:
        return players[0] if players else targets[0]
    weights = rival_weights(game, me)

    def worth(t: str) -> tuple[bool, float]:
        p = attacked_player(game, t)
        gain = max((score_attack(game, me, c, t) for c in attack_candidates(game, me, attackers, t, limit=12)),
                   default=0.0)
        # score_attack's WIN / 2: the attack the planner would make finishes the strongest opponent.
        lethal = gain >= WIN / 2 or _commander_lethal(game, p, attackers)
        # What an attack gains on another opponent than the strongest counts as the evaluation counts their
        # losses (`rival_weights`); what it costs counts in full.
        return lethal, (gain * weights.get(p, 1.0) if gain > 0 else gain) + threat(game, me, p)

    return max(players, key=worth)


def leads(game: "Game", me: int, player: int) -> bool:
    """Whether `player` is `me`'s only opponent or the strongest (`rival_weights`: the one whose losses count
    in full)."""
    return rival_weights(game, me).get(player, 1.0) >= 1.0


def threat(game: "Game", me: int, player: int) -> float:
    """How dangerous `player` is to `me` in a multiplayer game (802, 806): the damage their creatures
    could deal `me` on their next turn, their board of creatures, and the commander damage `me` has
    taken from their commander (903.10a: 21 from one commander loses the game)."""
    s = game.state
    danger = _crack_back_from(game, me, player, frozenset(), frozenset())
    board = sum(creature_value(game, o) for o in s.battlefield
                if s.objects[o].controller == player and game.characteristics(o).is_creature)
    return danger + 0.5 * board + 0.5 * _commander_damage_from(game, player, me)


def _commander_lethal(game: "Game", player: int, attackers: list[int]) -> bool:
    """903.10a: an attacking commander whose power brings `player` to 21 commander damage from it."""
    c = game.state.commander
    if c is None:
        return False
    taken = c.damage.get(player, {})
    return any(c.is_commander(game.state.objects[a]) and
               taken.get(game.state.objects[a].card_id, 0) + max(game.characteristics(a).power or 0, 0) >= 21
               for a in attackers)


def _commander_damage_from(game: "Game", player: int, me: int) -> int:
    """903.10a: the most commander damage `me` has taken from one of `player`'s commanders."""
    c = game.state.commander
    if c is None:
        return 0
    return max((n for card_id, n in c.damage.get(me, {}).items() if c.owners.get(card_id) == player), default=0)


# ---------------------------------------------------------------- damage assignment

def assign_damage(game: "Game", sources: list[int], recipients: dict[str, list[Any]],
                  player: int | None = None) -> dict[int, dict[Any, int]]:
    """510.1c-d: lethal damage to the most valuable creatures first, the rest to the player (trample)
    or to the last creature. An opponent's creature's damage that `player` divides (banding, 702.22j-k) is
    spread short of lethal on `player`'s creatures, the rest on the least valuable."""
    s = game.state
    out: dict[int, dict[Any, int]] = {}
    for src in sources:
        recips = list(recipients[str(src)])
        power = max(game.characteristics(src).power or 0, 0)
        if player is not None and s.objects[src].controller != player and recips:
            out[src] = _spare(game, src, recips, power)
            continue
        deathtouch = game.characteristics(src).has("deathtouch")
        creatures = [r for r in recips if isinstance(r, int) and r in s.objects
                     and game.characteristics(r).is_creature]
        others = [r for r in recips if r not in creatures]
        split: dict[Any, int] = {r: 0 for r in recips}
        left = power
        for r in sorted(creatures, key=lambda r: -creature_value(game, r)):
            need = 1 if deathtouch else max((game.characteristics(r).toughness or 0) - s.objects[r].damage, 0)
            if game.characteristics(r).has("indestructible"):
                continue
            n = min(left, need)
            split[r] += n
            left -= n
        if left > 0:
            split[(others or creatures or recips)[0]] += left
        out[src] = split
    return out


def _spare(game: "Game", src: int, recips: list[int], power: int) -> dict[Any, int]:
    """`power` damage of the opponent's `src` divided among `recips` (creatures of the dividing player) so
    that as few and as cheap ones as possible die: each gets what it survives, the rest goes to the cheapest."""
    s = game.state
    deadly = game.characteristics(src).has("deathtouch")
    by_value = sorted(recips, key=lambda r: -creature_value(game, r))
    split = {r: 0 for r in recips}
    left = power
    for r in by_value:
        spare = 0 if deadly else max((game.characteristics(r).toughness or 0) - s.objects[r].damage - 1, 0)
        split[r] = min(left, spare)
        left -= split[r]
    split[by_value[-1]] += left
    return split



# ---------------------------------------------------------------- combat damage, exactly

@dataclass(frozen=True)
class Aftermath:
    """What both combat damage steps do (510.2, 510.4) and the state-based actions after each (704.5g-h):
    the damage marked on each creature, the creatures that die, the damage the defending player takes
    and the life each side gains by lifelink (702.15b)."""
    marked: dict[int, int]
    dead: frozenset[int]
    to_player: int
    gained_attacking: int
    gained_defending: int


def combat_damage(attackers: list[Fighter], blockers_of: dict[int, list[Fighter]]) -> Aftermath:
    """The combat damage of `attackers` attacking one player, each blocked by the blockers listed for it (in
    the order they were declared; none listed: unblocked), for creatures whose only abilities that act in
    combat are those a Fighter holds, none indestructible, each blocker blocking one attacker. Each blocked
    attacker assigns lethal damage to its blockers in order of value, most valuable first, as `assign_damage`
    does (510.1c, 702.2c: deathtouch's lethal is 1), the rest to the player with trample (702.19b) or to its
    first blocker; one whose blockers are all gone deals no damage but with trample (510.1c, 702.19e).
    Blockers deal their damage to the attacker they block (510.1d). First strike and double strike give the
    first damage step (702.7b, 702.4b)."""
    marked: dict[int, int] = {}
    dead: set[int] = set()
    to_player = gained_attacking = gained_defending = 0
    for first in (True, False):
        dealt: dict[int, int] = {}
        deadly: set[int] = set()
        for a in attackers:
            if a.oid in dead or not (a.first if first else a.regular) or a.power <= 0:
                continue
            blocks = blockers_of.get(a.oid)
            if not blocks:
                to_player += a.power
            else:
                alive = [b for b in blocks if b.oid not in dead]
                left = a.power
                for b in sorted(alive, key=lambda f: -f.value):
                    need = max(b.toughness - marked.get(b.oid, 0), 0)
                    n = min(left, min(need, 1) if a.deathtouch else need)
                    if n:
                        dealt[b.oid] = dealt.get(b.oid, 0) + n
                        if a.deathtouch:
                            deadly.add(b.oid)
                    left -= n
                if left and a.trample:
                    to_player += left
                elif left and alive:
                    dealt[alive[0].oid] += left
                elif left:
                    continue            # blocked, its blockers gone, no trample: it deals no damage
            if a.lifelink:
                gained_attacking += a.power
        for a in attackers:
            if a.oid in dead:
                continue
            for b in blockers_of.get(a.oid, ()):
                if b.oid in dead or not (b.first if first else b.regular) or b.power <= 0:
                    continue
                dealt[a.oid] = dealt.get(a.oid, 0) + b.power
                if b.deathtouch:
                    deadly.add(a.oid)
                if b.lifelink:
                    gained_defending += b.power
        toughness = {f.oid: f.toughness for a in attackers for f in (a, *blockers_of.get(a.oid, ()))}
        for oid, n in dealt.items():
            marked[oid] = marked.get(oid, 0) + n
            if oid in deadly or marked[oid] >= toughness[oid]:
                dead.add(oid)
    return Aftermath(marked, frozenset(dead), to_player, gained_attacking, gained_defending)
