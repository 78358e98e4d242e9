"""Legal-action generation: every action the pending decision's player can take now.

Actions are fully specified (targets, X, modes chosen), so an agent can pick one uniformly. A cast
or activation is listed only if it can be completed (targets exist, the cost can be paid); the
engine still validates whatever is applied.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations, islice, product
from typing import TYPE_CHECKING, Any, Callable, Iterator

from engine.core import player_actions as A
from engine.core.abilities import Amount, Cost, uses_x, with_x
from engine.core.mana import ManaCost
from engine.core.enums import PERMANENT_TYPES, DecisionKinds, Zones
from engine.core.subtypes import CREATURE_TYPES
from engine.core.state import GameState, Proposal
from engine.core.errors import IllegalAction
from engine.core.hooks import modify_spell_cost
from engine.effects.payment import can_pay_mana, can_tap_for_cost, mana_sources, spell_paid_as
from engine.core.cards import card_def
from engine.query.cast_limits import cast_as_though_flash, cast_forbidden, land_play_forbidden
from engine.query.cost_modifiers import activation_mana_cost
from engine.query.layers import characteristics, face_characteristics, matches_ch
from engine.rules.faces import castable_faces, land_faces, object_face
from engine.rules.proposals import distribute_divided, max_x
from engine.effects.turn_structure import land_plays
from engine.rules.bestow import bestow_target, bestowed_source
from engine.rules.mutate import mutate_target
from engine.rules.banding import offered_bands
from engine.rules.timing import may_cast_spells, only_as_a_sorcery, sorcery_timing_ok, split_second
from engine.query.targets import aura_target, required_targets
from engine.query.targets import (SourceInfo, chosen_elsewhere, legal_targets, one_players, owned_as_said, share_a_type,
                                  source_of, with_counts, within_total_mana_value)
from engine.core.effect_types import DealDamage, PutCounters
from engine.rules.by_hand import hand_trigger_sources
from engine.rules.commander import castable_from_command_zone
from engine.rules.combat import (alone_ok, attack_error, attack_tax_payable, block_requirements, can_block_attacker, capped_attacks,
                                 combat_damage_of, companions_ok, fewest_blockers, free_to_attack, goad_error, goad_requirements_obeyed,
                                 lethal_damage, may_attack, most_in_combat,
                                 forbidden_in_every_zone, obey_block_requirements, static_flag)
from engine.rules.face_down import face_up_actions
from engine.rules.foretell import foretell_actions, foretold
from engine.rules.suspend import suspend_actions
from engine.rules.companion import companion_actions
from engine.rules.conspiracies import conspiracy_actions
from engine.effects.resolution_casts import may_play
from engine.rules.graveyard_casts import (alternative_only, may_cast_from_graveyard, may_play_land_from_graveyard,
                                           permission_costs)
from engine.rules.library_top import may_play_from_top, top_card
from engine.rules.casting import (ADDITIONAL_WAYS, GRANTED_ALTERNATIVE, OPTIONAL_ADDITIONAL, additional_x_most,
                                  alternative_granted, flash_permission, way_refused)
from engine.core.objects import GRAVEYARD_WAYS, TEXT_CHANGING_WAYS

if TYPE_CHECKING:
    from engine.game import Game

MAX_TARGET_COMBOS = 24


def legal_actions(game: "Game") -> list[A.Action]:
    s = game.state
    d = s.pending
    if d is None or s.game_over:
        return []
    p = d.player
    k = d.kind
    if k is DecisionKinds.PRIORITY:
        return _priority_actions(game, p)
    if k is DecisionKinds.MULLIGAN:
        return [A.Mulligan(p, True), A.Mulligan(p, False)]
    if k is DecisionKinds.CHOOSE:
        return _choose_actions(game, d)
    if k is DecisionKinds.DECLARE_ATTACKERS:
        return _attack_actions(game, d)
    if k is DecisionKinds.DECLARE_BLOCKERS:
        return _block_actions(game, d)
    if k is DecisionKinds.ASSIGN_DAMAGE:
        return _assign_actions(game, d)
    return []


def _choose_actions(game: "Game", d) -> list[A.Action]:
    if d.data.get("choice") == "order":
        return [A.Choose(d.player, tuple(d.options))] + ([A.Choose(d.player, tuple(reversed(d.options)))]
                                                          if len(d.options) > 1 else [])
    casting = isinstance(game.state.task, Proposal)
    if d.data.get("choice") == "number":
        out = [A.Choose(d.player, (n,)) for n in d.options]
    else:
        out = []
        for n in range(d.min, d.max + 1):
            for combo in combinations(d.options, n):
                out.append(A.Choose(d.player, combo))
                if len(out) >= 64:
                    break
        out = out or [A.Choose(d.player, ())]
    if casting:
        # While casting, an answer can still make the whole cast fail (sacrificing the creature
        # that was to pay the mana): list only answers that work, and always the way back out.
        out = [a for a in out if _would_work(game, a)]
        out.append(A.Cancel(d.player))
    return out


def _would_work(game: "Game", action: A.Action) -> bool:
    """Tries the action on a copy: legal and completed without a further decision by the caster."""
    g = game.clone()
    try:
        g.apply(action, atomic=False)
    except IllegalAction:
        return False
    return True


# A caller's question of a cast before its targets and costs are looked at: the card and the modes its CastSpell
# would carry (None for a spell that isn't modal). A cast it answers False for is left out of the listing.
CastWanted = Callable[[int, "tuple[int, ...] | None"], bool]


class _ManaMemo:
    """Mana questions asked while listing one decision's actions (the state doesn't change meanwhile), and the
    caller's `wanted` casts (CastWanted; None: every cast)."""
    __slots__ = ("game", "sources", "answers", "wanted")

    def __init__(self, game: "Game", wanted: CastWanted | None = None) -> None:
        self.game = game
        self.sources: dict[tuple, list] = {}
        self.answers: dict[tuple, bool] = {}
        self.wanted = wanted

    def can_pay(self, p: int, cost: ManaCost, exclude: frozenset[int] = frozenset()) -> bool:
        key = (p, cost.symbols, exclude)
        ok = self.answers.get(key)
        if ok is None:
            sources = self.sources.get((p, exclude))
            if sources is None:
                sources = self.sources[(p, exclude)] = mana_sources(self.game, p, exclude)
            ok = self.answers[key] = can_pay_mana(self.game, p, cost, exclude, sources)
        return ok


def spell_and_ability_actions(game: "Game", wanted: CastWanted | None = None) -> list[A.Action]:
    """At a priority, the pass and the casts and activations of `legal_actions`, in its order, without listing the
    land plays, special actions (116.2) and triggered abilities played by hand. `wanted`: only the casts of the
    cards and modes it accepts, asked before their targets and costs are looked at (the rest as listed)."""
    d = game.state.pending
    if d is None or game.state.game_over or d.kind is not DecisionKinds.PRIORITY:
        return []
    return _priority_actions(game, d.player, others=False, wanted=wanted)


def _priority_actions(game: "Game", p: int, others: bool = True, wanted: CastWanted | None = None) -> list[A.Action]:
    """`others`: with the land plays, the special actions and the triggered abilities played by hand. `wanted`: see
    spell_and_ability_actions."""
    s = game.state
    memo = _ManaMemo(game, wanted)
    out: list[A.Action] = [A.passing(p)]
    if others:
        # 603.3: a triggered ability played by hand goes on the stack while its controller holds priority.
        out.extend(A.TriggerByHand(p, oid, i) for oid, i in hand_trigger_sources(game, p))
    if split_second(game) is not None:
        # 702.61a-b: special actions only
        return out + face_up_actions(game, p) + conspiracy_actions(game, p) if others else out
    player = s.players[p]
    can_sorcery = sorcery_timing_ok(game, p)
    if others:
        out.extend(_hand_land_plays(game, p, can_sorcery))
    seen_cast: set[tuple[str, str | None, int | None]] = set()
    command = castable_from_command_zone(s, p)          # 903.8
    ways = [(None, player.hand)] + _graveyard_ways(s, player.graveyard) + \
        [(None, player.graveyard), (None, s.exile), (None, command)]
    for alt, zone in ways:
        for oid in zone:
            o = s.objects[oid]
            if alt == "disturb":
                faces = [2]     # 702.146a: cast transformed: the back face is what is cast (its characteristics, its target)
            elif alt is not None:
                faces = [None]
            elif zone is not player.hand and zone is not command:
                # 702.127a an aftermath half from the graveyard, 715.3d a card on an Adventure from exile
                faces = [f for f in castable_faces(o, p) if f is not None] if o.owner == p else []
            else:
                faces = castable_faces(o, p)
            for face, ch in _faces(s, oid, faces):
                spell, _, instant_speed = _spell_facts(ch)
                if not spell:
                    continue
                if not (can_sorcery or instant_speed or cast_as_though_flash(s, p, oid, ch)):
                    continue
                key = (ch.name, alt, face)
                if key in seen_cast:
                    continue
                seen_cast.add(key)
                out.extend(_cast_variants(game, p, oid, ch, alt, memo, face))
    for oid, ch, abilities in _activators(s, p) + _zone_activators(s, p):
        for i, ab in abilities:
            if not can_sorcery and only_as_a_sorcery(game, p, ab):
                continue
            out.extend(_activate_variants(game, p, oid, ch, i, ab, memo))
    out.extend(_permitted_plays(game, p, can_sorcery, memo))
    if others:
        out.extend(_graveyard_land_plays(game, p, can_sorcery))
        out.extend(face_up_actions(game, p))
        out.extend(foretell_actions(game, p))
        out.extend(suspend_actions(game, p))
        out.extend(companion_actions(game, p))
        out.extend(conspiracy_actions(game, p))
    out.extend(_foretold_casts(game, p, can_sorcery))
    return out


def _graveyard_ways(s: GameState, graveyard: list[int]) -> list[tuple[str, list[int]]]:
    """For each way of casting from a graveyard (GRAVEYARD_WAYS, in that order), the cards of `graveyard` that have it
    (or, for flashback, were given it for the turn), in the graveyard's order: a card passed over for a way it hasn't
    before anything else is read of it."""
    if not graveyard:
        return []
    by_way: dict[str, list[int]] = {}
    for oid in graveyard:
        ways = _spell_facts(characteristics(s, oid))[1]
        if s.objects[oid].chosen.get("flashback_turn") == s.turn:
            ways = ways | {"flashback"}
        for way in ways:
            by_way.setdefault(way, []).append(oid)
    return [(way, by_way[way]) for way in GRAVEYARD_WAYS if way in by_way]


def land_play_actions(game: "Game", p: int) -> list[A.Action]:
    """The lands the player may play at their priority now (305.1, 305.2): the PlayLand actions of
    `legal_actions`, in its order, without listing the rest."""
    if split_second(game) is not None:
        return []
    s = game.state
    can_sorcery = sorcery_timing_ok(game, p)
    if not (can_sorcery and s.players[p].lands_played < land_plays(game, p)):
        return []       # every land play below is the player's land play for the turn (305.1, 305.2)
    top = top_card(s, p)
    from_top = [top] if top is not None and may_play_from_top(s, s.objects[top], p) else []
    return _hand_land_plays(game, p, can_sorcery) + [
        A.PlayLand(p, oid) for oid in list(s.exile) + from_top
        if (may_play(s.objects[oid], p, s.turn, True) or oid in from_top) and characteristics(s, oid).is_land
        and _permitted_land_playable(game, p, oid, can_sorcery, oid in from_top)] + _graveyard_land_plays(game, p, can_sorcery)


def _graveyard_land_plays(game: "Game", p: int, can_sorcery: bool) -> list[A.Action]:
    """The land cards in the player's graveyard a static ability lets them play ("You may play lands from your
    graveyard"), as their land play (305.1, 305.2)."""
    s = game.state
    if not (can_sorcery and s.players[p].lands_played < land_plays(game, p)):
        return []
    out: list[A.Action] = []
    seen: set[tuple[str, int | None]] = set()
    for oid in s.players[p].graveyard:
        if may_play_land_from_graveyard(s, s.objects[oid], p) and land_play_forbidden(s, p, oid) is None:
            for face, ch in _faces(s, oid, land_faces(s.objects[oid])):
                if ch.is_land and (ch.name, face) not in seen:       # one of each name and face, as from the hand
                    seen.add((ch.name, face))
                    out.append(A.PlayLand(p, oid, face=face))
    return out


def _hand_land_plays(game: "Game", p: int, can_sorcery: bool) -> list[A.Action]:
    """A land from the hand as the land play (305.2), one of each name and face."""
    s = game.state
    player = s.players[p]
    out: list[A.Action] = []
    if can_sorcery and player.lands_played < land_plays(game, p):
        seen: set[tuple[str, int | None]] = set()
        for oid in player.hand:
            if land_play_forbidden(s, p, oid) is not None:
                continue
            for face, ch in _faces(s, oid, land_faces(s.objects[oid])):
                if ch.is_land and (ch.name, face) not in seen:
                    seen.add((ch.name, face))
                    out.append(A.PlayLand(p, oid, face=face))
    return out


def _permitted_land_playable(game: "Game", p: int, oid: int, can_sorcery: bool, from_top: bool) -> bool:
    """A land card in exile that an effect lets the player play (not only cast), or on top of their library with a
    static ability that does (401.5), playable now as their land play (305.1, 305.2)."""
    s = game.state
    return (from_top or may_play(s.objects[oid], p, s.turn, False)) and can_sorcery \
        and s.players[p].lands_played < land_plays(game, p) and land_play_forbidden(s, p, oid) is None


def _permitted_plays(game: "Game", p: int, can_sorcery: bool, memo: "_ManaMemo") -> list[A.Action]:
    """Cards in exile an effect lets the player play ("you may play that card this turn") and the top card of their
    library a static ability does (401.5): a land as their land play (305.1), a spell cast as from the hand."""
    s = game.state
    out: list[A.Action] = []
    top = top_card(s, p)
    from_top = [top] if top is not None and may_play_from_top(s, s.objects[top], p) else []
    for oid in list(s.exile) + from_top:
        o = s.objects[oid]
        if not (may_play(o, p, s.turn, True) or oid in from_top):
            continue
        ch = characteristics(s, oid)
        if ch.is_land:
            if _permitted_land_playable(game, p, oid, can_sorcery, oid in from_top):
                out.append(A.PlayLand(p, oid))
            continue
        for face, fch in _faces(s, oid, castable_faces(o, p, Zones.HAND)):
            if can_sorcery or _spell_facts(fch)[2] or cast_as_though_flash(s, p, oid, fch):
                out.extend(_cast_variants(game, p, oid, fch, None, memo, face))
    # 601.3: a card in the graveyard whose own ability lets it be cast from there (for its alternative cost only,
    # 118.9, if the ability says so)
    for oid in s.players[p].graveyard:
        o = s.objects[oid]
        if may_cast_from_graveyard(s, o, p):
            only_alt = alternative_only(s, o, p) and not may_play(o, p, s.turn, True)
            for face, fch in _faces(s, oid, castable_faces(o, p, Zones.HAND)):
                if _spell_facts(fch)[0] and (can_sorcery or _spell_facts(fch)[2]
                                             or cast_as_though_flash(s, p, oid, fch)):
                    out.extend(a for a in _cast_variants(game, p, oid, fch, None, memo, face)
                               if not only_alt or a.alt == "alternative")
    return out


def _faces(s, oid: int, faces: list[int | None]) -> list[tuple[int | None, Any]]:
    """Each face a card offers, with its characteristics as that face is up (709.3a, 712.11c, 715.3a)."""
    if faces == [None]:
        return [(None, characteristics(s, oid))]
    d = card_def(s.objects[oid].name)
    return [(f, face_characteristics(s, oid, object_face(d, f))) for f in faces]


def _foretold_casts(game: "Game", p: int, can_sorcery: bool) -> list[A.Action]:
    """Casting foretold cards from exile for their foretell cost (702.143a): each is looked at face up on a
    copy (casting turns it face up)."""
    out: list[A.Action] = []
    for oid in game.state.exile:
        if not foretold(game, oid, p):
            continue
        g = game.clone()
        g.state.writable(oid).face_down = False
        g.state.invalidate()
        ch = characteristics(g.state, oid)
        spell, _, instant_speed = _spell_facts(ch)
        if spell and (can_sorcery or instant_speed or cast_as_though_flash(g.state, p, oid, ch)):
            out.extend(_cast_variants(g, p, oid, ch, "foretell", _ManaMemo(g)))
    return out


def _zone_activators(s, p: int) -> list[tuple[int, Any, list]]:
    """Cards in the player's hand and graveyard with abilities that work from there (cycling 702.29a;
    113.6k: "Return ~ from your graveyard to your hand"), one card of each name and zone (the same
    choice twice)."""
    out, seen = [], set()
    for zone, cards in (("hand", s.players[p].hand), ("graveyard", s.players[p].graveyard)):
        for oid in cards:
            ch = characteristics(s, oid)
            if (zone, ch.name) in seen or ch.definition.unsupported:
                continue
            abilities = [(i, ab) for i, ab in enumerate(ch.activated)
                         if (ab.from_hand if zone == "hand" else ab.from_graveyard)]
            if abilities:
                seen.add((zone, ch.name))
                out.append((oid, ch, abilities))
    return out


def _activators(s, p: int) -> list[tuple[int, Any, list]]:
    """The player's permanents with activated abilities other than mana abilities: (id,
    characteristics, [(index, ability)]), in battlefield order. Kept with the cached characteristics:
    whatever changes the battlefield, control or characteristics forgets both (state.invalidate)."""
    key = ("activators", p)
    known = s.cache.get(key)
    if known is None:
        known = []
        for oid in s.battlefield:
            ch = characteristics(s, oid)
            abilities = _non_mana_abilities(ch.activated)
            if s.objects[oid].controller != p:
                # 602.2: "Any player may activate this ability"
                abilities = [(i, ab) for i, ab in abilities if ab.any_player]
            if abilities:
                known.append((oid, ch, abilities))
        s.cache[key] = known
    return known


# What listing casts reads of each Characteristics (never modified once computed), asked of every card
# in hand and graveyard at every priority: (a nonland card, its ways of being cast from a graveyard, instant
# speed). A card with unread text is cast too: the game let it in to be played by hand (engine.effects.by_hand).
_SPELL_FACTS: dict[int, tuple[Any, tuple[bool, frozenset[str], bool]]] = {}


def _spell_facts(ch) -> tuple[bool, frozenset[str], bool]:
    known = _SPELL_FACTS.get(id(ch))
    if known is None or known[0] is not ch:
        if len(_SPELL_FACTS) > 4096:
            _SPELL_FACTS.clear()    # characteristics computed under effects are new objects each time
        facts = (not ch.is_land, _cost_kinds(ch.definition) & _GRAVEYARD_WAYS,
                 ch.is_type("Instant") or ch.has("flash") or flash_permission(ch) is not None)
        known = _SPELL_FACTS[id(ch)] = (ch, facts)
    return known[1]


_NON_MANA: dict[int, tuple[tuple, list]] = {}


def _non_mana_abilities(activated: tuple) -> list:
    """(index, ability) for each activated ability that isn't a mana ability (lands have none)."""
    known = _NON_MANA.get(id(activated))
    if known is None or known[0] is not activated:
        if len(_NON_MANA) > 4096:
            _NON_MANA.clear()       # effects that rebuild abilities (Blood Moon) make new tuples
        known = _NON_MANA[id(activated)] = (activated, [(i, ab) for i, ab in enumerate(activated)
                                                        if not (ab.is_mana_ability or ab.from_hand
                                                                or ab.from_graveyard)])
    return known[1]


MAX_GROUPS_EXAMINED = 4096
"""Groups of targets looked at for one phrase and one number of targets: a bound on the work, not on the answers."""


def _candidate_groups(game: "Game", spec, legal: list, n: int) -> Iterator[tuple]:
    """The groups of n targets worth checking against a phrase's requirement on the group as a whole (601.2c):
    "X target cards from a single graveyard" is chosen within one graveyard, "that share a card type" within one
    type, "with total mana value N or less" cheapest first. Checking every group of all the legal targets against
    the requirement instead would look at C(40, 10) groups for an X of 10 over two graveyards of twenty."""
    if not (spec.same_player or spec.shared_type or spec.max_total_mana_value is not None):
        yield from combinations(legal, n)       # every group will do: the caller takes the first it keeps
        return
    s = game.state
    objects = {t for t in legal if isinstance(t, int) and t in s.objects}
    loose = [t for t in legal if t not in objects]
    pools = [legal]
    if spec.same_player:
        owners: dict[int, list] = {}
        for t in legal:
            if t in objects:
                owners.setdefault(s.objects[t].owner, []).append(t)
        pools = [loose + objs for objs in owners.values()] or [loose]
    if spec.shared_type:
        def kinds(t) -> set[str]:
            ch = characteristics(s, t)
            if spec.shared_type == "creature":
                return set(ch.subtypes) & CREATURE_TYPES
            return set(ch.types) & PERMANENT_TYPES if spec.shared_type == "permanent" else set(ch.types)
        split = []
        for pool in pools:
            facts = {t: kinds(t) for t in pool if t in objects}
            for kind in sorted(set().union(*facts.values())):
                split.append([t for t in pool if t not in facts or kind in facts[t]])
        pools = split if n > 1 else pools
    if spec.max_total_mana_value is not None:
        pools = [sorted(pool, key=lambda t: characteristics(s, t).mana_value if t in objects else 0) for pool in pools]
    order = {t: i for i, t in enumerate(legal)}
    seen: set[tuple] = set()
    examined = 0
    for pool in pools:
        for group in combinations(pool, n):
            examined += 1
            if examined > MAX_GROUPS_EXAMINED:
                return
            group = tuple(sorted(group, key=order.__getitem__))
            if group not in seen:
                seen.add(group)
                yield group


def _target_options(game: "Game", specs, source) -> list[tuple[tuple, ...]]:
    """Each legal choice of targets: one group per target phrase (601.2c)."""
    specs = with_counts(game, list(specs), source)
    per_spec = []
    for spec in specs:
        legal = legal_targets(game, spec, source)
        options = []
        for n in range(spec.min, min(spec.max, len(legal)) + 1):
            # at most as many as are kept: "X target creatures" with a large X has too many to list
            options.extend(islice((c for c in _candidate_groups(game, spec, legal, n)
                                   if (not spec.same_player or one_players(game, c))
                                   and share_a_type(game, spec, c) and within_total_mana_value(game, spec, c)),
                                  MAX_TARGET_COMBOS + 1 - len(options)))
            if len(options) > MAX_TARGET_COMBOS:
                break
        if not options:
            return []
        per_spec.append(options[:MAX_TARGET_COMBOS])
    combos = []
    for combo in product(*per_spec):
        if any(chosen_elsewhere(spec, combo) & set(map(str, group)) for spec, group in zip(specs, combo)):
            continue        # "another target": not one chosen for the earlier phrase (115.3)
        if not all(owned_as_said(game, spec, combo, group) for spec, group in zip(specs, combo)):
            continue        # "target player shuffles ... target cards from their graveyard" (601.2c)
        combos.append(combo)
        if len(combos) >= MAX_TARGET_COMBOS:
            break
    return combos


def _action_targets(groups: tuple[tuple, ...], specs) -> tuple:
    """The targets as an action carries them: flat when the cast reads a flat list back into these same
    groups (distribute_divided: each phrase takes as many as it can), else one tuple per phrase. Flat
    alone would be ambiguous with "up to" phrases: for "up to one target instant card and up to one target
    sorcery card", a lone sorcery card would be read as the instant's target (601.2c: the player says
    which target is for which phrase)."""
    flat = tuple(t for g in groups for t in g)
    if len(specs) < 2 or distribute_divided(list(flat), list(specs)) == [list(g) for g in groups]:
        return flat
    return tuple(tuple(g) for g in groups)


def _cast_variants(game: "Game", p: int, oid: int, ch, alt: str | None, memo: _ManaMemo,
                   face: int | None = None) -> list[A.Action]:
    if not may_cast_spells(game, p) or cast_forbidden(game.state, p, oid, ch) is not None:
        return []
    d = ch.definition
    kinds = _cost_kinds(d)
    # Cast for a cost that brings a target of its own: bestowed (702.103a-b), mutating (702.140a).
    bestowed = _bestow_variants(game, p, oid, ch, memo, face) if alt is None and "bestow" in kinds else []
    if alt is None and "mutate" in kinds:
        bestowed = bestowed + _mutate_variants(game, p, oid, ch, memo, face)
    # Convoke, improvise and delve (702.51a, 702.126a, 702.66a) pay with creatures, artifacts or cards in
    # the graveyard too: tried on a copy.
    helped = any(k.name in ("convoke", "improvise", "delve") for k in d.keywords) or any(
        st.kind == "self_cost_reduction_targeting" for st in d.static) or (
        flash_permission(ch) is not None and not sorcery_timing_ok(game, p)) or (    # its cost then has {2} more
        game.state.players[p].restricted_mana)     # 106.6: what it may pay for, as the payment finds it
    # a permanent's "you may pay {1} rather than pay the mana cost for Rune spells you cast" (118.9)
    granted = alt is None and alternative_granted(game, game.state.objects[oid], p) is not None
    mode_sets: list[tuple[int, ...]] = [(0,)]
    modal = d.spell is not None and d.spell.modal
    if modal:
        mode_sets = [c for n in range(d.spell.choose_min, d.spell.choose_max + 1)
                     for c in combinations(range(len(d.spell.modes)), n)]
        if "entwine" in kinds and len(d.spell.modes) > d.spell.choose_max:
            mode_sets.append(tuple(range(len(d.spell.modes))))      # 702.42a: every mode, entwined
    if memo.wanted is not None:
        mode_sets = [m for m in mode_sets if memo.wanted(oid, m if modal else None)]
        if not mode_sets:
            return bestowed
    if alt is None and not kinds & _ALTERNATIVES and not helped and not granted:
        # Cheap first test: if even the cheapest version can't be paid, there is nothing to try.
        cheapest = modify_spell_cost(game, game.state.objects[oid], d, d.mana_cost.with_x(0), [], [], p)
        if not memo.can_pay(p, spell_paid_as(game, p, oid, cheapest)):
            return bestowed
    kick_opts = [False, True] if kinds & OPTIONAL_ADDITIONAL else [False]
    kickers = sum(1 for c in d.costs if c.kind == "kicker")
    if kickers > 1:
        kick_opts = list(range(2 ** kickers))        # 702.33c: each kicker ability paid or not (the bit of each)
    if "multikicker" in kinds:
        kick_opts = [0, 1, 2, 3]         # 702.33c: paid any number of times; a few of them offered
    buyback_opts = [False, True] if "buyback" in kinds else [False]
    replicate_opts = [0, 1, 2] if "replicate" in kinds else [0]         # 702.56a: paid up to twice, offered
    alts = [alt] + ([k for k in sorted(_ALTERNATIVES) if k in kinds and way_refused(game, p, k, ch.subtypes, oid) is None]
                    if alt is None else [])
    if granted:
        alts.append(GRANTED_ALTERNATIVE)
    changing = next((k for k in TEXT_CHANGING_WAYS if k in kinds), None)
    xs = [None]
    if d.mana_cost.x_count:
        hi = max_x(game, p, d.mana_cost)
        xs = sorted({0, hi, max(0, hi // 2)}) if hi > 0 else [0]
    most = additional_x_most(game, p, game.state.objects[oid], [c.cost for c in d.costs if c.kind == "additional"])
    if most is not None:
        # 601.2b: "pay X life", "discard X cards": X as high as the additional cost can be paid
        hi = min(most[0], max(xs)) if d.mana_cost.x_count else most[0]
        xs = sorted({0, hi, max(0, hi // 2)}) if hi > 0 else [0]
    xs_kicked = xs       # 601.2b: a kicker with {X} ("Kicker {X}") has X chosen when kicked
    kicker_x = next((c.cost.mana for c in d.costs if c.kind == "kicker" and c.cost.mana.x_count), None)
    if kicker_x is not None and not d.mana_cost.x_count:
        hi = max_x(game, p, d.mana_cost.plus(kicker_x))
        xs_kicked = sorted({0, hi, max(0, hi // 2)}) if hi > 0 else [0]
    out: list[A.Action] = []
    source = None       # made only for a spell with targets
    aura = aura_target(ch)
    for modes in mode_sets:
        specs = []
        if aura is not None:
            specs.append(aura)
        if d.spell is not None:
            for m in modes:
                specs.extend(d.spell.modes[m].targets)
        target_combos: list[tuple[tuple, ...]] = [()]
        # "X target creatures": the targets for each X offered (601.2b-c)
        per_x: dict[int | None, list[tuple[tuple, ...]]] = {}
        # a phrase required only if kicked (or only if not) is listed with and without its targets; each kick
        # option keeps the groups it requires (601.2c)
        listed = [replace(sp, min=0) if sp.only_if is not None else sp for sp in specs]
        if specs:
            if source is None:
                source = SourceInfo(oid, p, set(ch.colors), set(ch.types), set(ch.subtypes), ch.name, spell=True)
            if uses_x(specs):
                per_x = {x: _target_options(game, with_x(listed, x or 0), source) for x in {*xs, *xs_kicked}}
                target_combos = list(dict.fromkeys(g for combos in per_x.values() for g in combos))
            else:
                target_combos = _target_options(game, listed, source)
        for groups in target_combos:
            targets = tuple(t for g in groups for t in g)
            chosen = _action_targets(groups, specs)
            for kicked in kick_opts:
                if listed != specs:
                    as_cast = with_counts(game, required_targets(specs, kicked), source)
                    if any(not sp.min <= len(g) <= sp.max for sp, g in zip(as_cast, groups)):
                        continue
                    chosen = _action_targets(groups, as_cast)
                for a in alts:
                    if changing is not None and (a == changing) != (modes == (1,)):
                        continue        # 702.96a, 702.148a: the changed text only for its cost
                    for x in (xs_kicked if kicked else xs):
                        if x and not _x_chosen(game, p, oid, d, a) and not (kicked and kicker_x is not None):
                            continue        # 107.3b: X is 0 cast for an alternative cost without {X}
                        if per_x:
                            if groups not in per_x[x]:
                                continue
                            chosen = _action_targets(groups, with_x(required_targets(specs, kicked), x or 0))
                        divide = None
                        if any(sp.divide for sp in specs) and len(targets) > 1:
                            total = (x or 0) if d.mana_cost.x_count else _divide_total(d)
                            if total < len(targets):
                                continue
                            share = [1] * len(targets)
                            share[0] += total - len(targets)
                            divide = tuple(zip(targets, share))
                        for buyback, replicate in product(buyback_opts, replicate_opts):
                            act = A.CastSpell(p, oid, modes=modes if modal else None,
                                              targets=chosen, x=x, kicked=kicked, alt=a, divide=divide,
                                              buyback=buyback, face=face, replicate=replicate)
                            entwined = d.spell is not None and len(modes) > d.spell.choose_max
                            simple = None if helped or buyback or entwined or replicate else _simple_cost(
                                game, p, oid, d, groups, specs, kicked, a, x, divide, memo)
                            if simple if simple is not None else _would_work(game, act):
                                out.append(act)
    return out + bestowed


def _x_chosen(game: "Game", p: int, oid: int, d, alt: str | None) -> bool:
    """Whether the X of the spell's mana cost is chosen cast this way: not for an alternative cost without {X} (107.3b)
    (flashback's, of several, is picked as the cast is made)."""
    if alt is None or alt in ADDITIONAL_WAYS or alt == "flashback":
        return True
    if alt == GRANTED_ALTERNATIVE:
        granted = alternative_granted(game, game.state.objects[oid], p)
        return granted is not None and bool(granted.x_count)
    cost = next((c for c in d.costs if c.kind == alt), None)
    return cost is None or bool(cost.cost.mana.x_count)


def _bestow_variants(game: "Game", p: int, oid: int, ch, memo: _ManaMemo, face: int | None) -> list[A.Action]:
    """702.103a-b, d: the card cast bestowed, for its bestow cost, as an Aura spell targeting a creature."""
    d = ch.definition
    spec = bestow_target(d)
    cost = next(c for c in d.costs if c.kind == "bestow").cost.mana
    source = bestowed_source(source_of(game, oid, p, spell=True))
    out: list[A.Action] = []
    for t in legal_targets(game, spec, source):
        total = modify_spell_cost(game, game.state.objects[oid], d, cost, [[t]], [spec], p)
        if memo.can_pay(p, spell_paid_as(game, p, oid, total, statics=False)):
            out.append(A.CastSpell(p, oid, targets=((t,),), alt="bestow", face=face))
    return out


def _mutate_variants(game: "Game", p: int, oid: int, ch, memo: _ManaMemo, face: int | None) -> list[A.Action]:
    """702.140a: the card cast for its mutate cost, a mutating creature spell targeting a non-Human creature its
    owner owns."""
    d = ch.definition
    spec = mutate_target(d)
    cost = next(c for c in d.costs if c.kind == "mutate").cost.mana
    out: list[A.Action] = []
    for t in legal_targets(game, spec, source_of(game, oid, p, spell=True)):
        total = modify_spell_cost(game, game.state.objects[oid], d, cost, [[t]], [spec], p)
        if memo.can_pay(p, spell_paid_as(game, p, oid, total)):
            out.append(A.CastSpell(p, oid, targets=((t,),), alt="mutate", face=face))
    return out


# Costs paid instead of the mana cost when casting from the hand (118.9).
_ALTERNATIVES = frozenset({"alternative", "dash", "evoke", "face_down", "surge", "spectacle", "blitz", "prowl",
                           "emerge", *TEXT_CHANGING_WAYS})
_GRAVEYARD_WAYS = frozenset(GRAVEYARD_WAYS)
_COST_KINDS: dict[int, tuple[Any, frozenset[str]]] = {}


def _cost_kinds(d) -> frozenset[str]:
    """The kinds of a card's additional and alternative costs (kicker, evoke, flashback, ...)."""
    known = _COST_KINDS.get(id(d))
    if known is None or known[0] is not d:
        known = _COST_KINDS[id(d)] = (d, frozenset(c.kind for c in d.costs))    # holds d: its id stays its
    return known[1]


def _simple_cost(game: "Game", p: int, oid: int, d, groups, specs, kicked: int, alt, x, divide,
                 memo: _ManaMemo) -> bool | None:
    """Whether a spell whose only cost is mana can be paid (its targets are legal by construction);
    None when the spell has other costs or choices, and the full cast must be tried on a copy."""
    if divide is not None or x is not None and (alt is not None or not d.mana_cost.x_count
                                                 or any(c.cost.mana.x_count for c in d.costs)):
        return None         # an X only in the mana cost is read here (Blaze, Fireball's one target)
    if alt is None and permission_costs(game.state, game.state.objects[oid], p):
        return None         # cast from the graveyard by its own permission, for more than mana (601.3)
    base = d.mana_cost if x is None else d.mana_cost.with_x(x)      # 601.2b, 601.2f: the X chosen, paid
    sacrificing = False
    if alt is not None:
        if alt not in ("evoke", "alternative", "surge", "spectacle", "blitz", "escape", "prowl", *TEXT_CHANGING_WAYS):
            return None
        c = next(c for c in d.costs if c.kind == alt)
        if c.cost.sacrifice is not None and _too_few_to_sacrifice(game, p, oid, c.cost):
            return False        # the first thing the cast asks for can't be given (Fireblast's Mountains)
        sacrificing = not _only_mana(c.cost) or c.cost.mana.x_count
        if sacrificing and c.cost != _sacrifice_only(c.cost):
            return None
        base = c.cost.mana
    extra = _NO_MANA
    kickers = [c for c in d.costs if c.kind == "kicker"]
    for c in d.costs:
        if len(kickers) > 1 and c.kind == "kicker" and not kicked >> kickers.index(c) & 1:
            continue        # 702.33c: this one of its kicker abilities isn't paid
        if c.kind in ("kicker", "multikicker") and kicked:
            if not c.cost.is_free and c.cost.mana.is_empty():
                return None
            if not _only_mana(c.cost):
                return None
            extra = extra.plus(ManaCost(c.cost.mana.symbols * (kicked if c.kind == "multikicker" else 1)))
        elif c.kind in ("additional", "additional_choice", "escalate") or (c.kind in ("casualty", "conspire") and kicked):
            return None
    total = modify_spell_cost(game, game.state.objects[oid], d, base.plus(extra), [list(g) for g in groups],
                              specs, p)
    if sacrificing:
        # Fireblast's "Sacrifice two Mountains" and no mana, enough of them (above): the cast goes on to ask which
        # (601.2h). Mana to pay as well could come from what is sacrificed: tried on a copy then.
        return True if total.is_empty() else None
    return memo.can_pay(p, spell_paid_as(game, p, oid, total))


def _sacrifice_only(cost: Cost) -> Cost:
    """The cost with nothing but what `cost` says to sacrifice of other permanents (one group, a set number)."""
    return Cost(sacrifice=cost.sacrifice, sacrifice_count=cost.sacrifice_count, text=cost.text)


_NO_MANA = ManaCost(())
# Whether a compiled cost asks for nothing but mana (or mana, {T}, loyalty and sacrificing itself), by id of the cost.
_ONLY_MANA: dict[tuple[int, bool, bool], tuple[Cost, bool]] = {}


def _only_mana(cost: Cost, tap_and_loyalty: bool = False, sacrifice_self: bool = False) -> bool:
    """Whether `cost` asks for nothing but mana (and {T} and loyalty with `tap_and_loyalty`, and sacrificing
    its source with `sacrifice_self`)."""
    key = (id(cost), tap_and_loyalty, sacrifice_self)
    known = _ONLY_MANA.get(key)
    if known is None or known[0] is not cost:
        plain = Cost(mana=cost.mana, tap=cost.tap, loyalty=cost.loyalty, text=cost.text,
                     sacrifice_self=sacrifice_self and cost.sacrifice_self) if tap_and_loyalty \
            else Cost(mana=cost.mana, text=cost.text)
        if len(_ONLY_MANA) > 4096:
            _ONLY_MANA.clear()
        known = _ONLY_MANA[key] = (cost, cost == plain)     # holds the cost: its id stays its own
    return known[1]


def _too_few_to_sacrifice(game: "Game", p: int, oid: int, cost: Cost) -> bool:
    """Fewer permanents to sacrifice than the cost needs (the caster's choice, 601.2h)."""
    s = game.state
    n = sum(1 for x in s.battlefield if s.objects[x].controller == p and
            matches_ch(s, s.objects[x], characteristics(s, x), cost.sacrifice, p, oid))
    return not cost.any_number and n < max(1, cost.sacrifice_count)


def _divide_total(d) -> int:
    for m in d.spell.modes:
        for e in m.effects:
            if isinstance(e, (DealDamage, PutCounters)) and e.divided and isinstance(e.amount, Amount) \
                    and e.amount.kind == "const":
                return e.amount.value
    return 0


def _activate_variants(game: "Game", p: int, oid: int, ch, index: int, ab, memo: _ManaMemo,
                       modes: tuple[int, ...] | None = None) -> list[A.Action]:
    s = game.state
    if ab.modes:
        # 602.2b, 700.2a: a modal ability's mode is chosen as it is activated, then that mode's targets
        return [act for m in range(len(ab.modes))
                for act in _activate_variants(game, p, oid, ch, index, ab.with_mode([m]), memo, (m,))]
    # Cheap tests first: most abilities can't be activated most of the time.
    if ab.cost.tap and not can_tap_for_cost(game, oid):
        return []
    if ab.is_loyalty and s.objects[oid].card_id in s.turn_log.get("loyalty", []):
        return []
    if ab.cost.loyalty is not None and ab.cost.loyalty < 0 and s.objects[oid].counters.get("loyalty", 0) < -ab.cost.loyalty:
        return []           # 606.4: not enough loyalty to remove (the activation refuses it)
    restricted = bool(s.players[p].restricted_mana)     # 106.6: tried as the payment finds it
    if not restricted and not memo.can_pay(p, activation_mana_cost(s, s.objects[oid], ab, player=p),
                                           frozenset((oid,)) if ab.cost.tap else frozenset()):
        return []
    if not (ab.from_hand or ab.from_graveyard) and static_flag(game, oid, "cant_activate"):
        return []           # 602.5: Arrest, detain (701.35a)
    if (ab.from_hand or ab.from_graveyard) and forbidden_in_every_zone(game, oid, ab.is_mana_ability):
        return []           # 602.5: Pithing Needle's name, wherever the card is
    if not (ab.from_hand or ab.from_graveyard or ab.is_mana_ability) and \
            static_flag(game, oid, "cant_activate_nonmana"):
        return []           # 602.5: Faith's Fetters (its mana abilities still can be)
    if ab.cost.tap and not (ab.from_hand or ab.from_graveyard) and static_flag(game, oid, "cant_activate_tap"):
        return []           # 602.5: Serra Bestiary (its abilities without {T} still can be)
    source = source_of(game, oid, p)
    specs = list(ab.mode.targets)
    xs = [None]
    if ab.cost.mana.x_count or ab.cost.loyalty_x or (ab.cost.remove_counters_x and not ab.cost.remove_all) \
            or ab.cost.reveal_x or ab.cost.exile_x or ab.cost.sacrifice_x:
        xs = [0, 1, 2, 3]
    if uses_x(specs):
        # "X target creatures": the targets for each X offered (601.2b-c)
        out = []
        for x in xs:
            bound = with_x(specs, x or 0)
            for groups in _target_options(game, bound, source):
                act = A.ActivateAbility(p, oid, index, targets=tuple(_action_targets(groups, bound)), x=x, modes=modes)
                if _would_work(game, act):
                    out.append(act)
        return out
    combos = [_action_targets(groups, specs) for groups in _target_options(game, specs, source)] if specs else [()]
    if xs == [None] and not restricted and _simple_activation(game, ch, ab):
        # Mana (payable: tested above), {T} and loyalty only, and targets of one phrase legal by
        # construction: nothing the activation checks can fail.
        return [A.ActivateAbility(p, oid, index, targets=tuple(targets), modes=modes) for targets in combos]
    out = []
    for targets in combos:
        for x in xs:
            act = A.ActivateAbility(p, oid, index, targets=tuple(targets), x=x, modes=modes)
            if _would_work(game, act):
                out.append(act)
    return out


def _simple_activation(game: "Game", ch, ab) -> bool:
    """Whether activating `ab` (already known to be payable, timely, tappable, affordable in loyalty and
    not a repeated loyalty ability) can only succeed: no cost but mana, {T}, loyalty and sacrificing the
    permanent itself (which its controller can always do, 701.21a), no X, at most one target phrase, no
    division, no once-a-turn limit (602.2, 606.3, 606.4)."""
    if not _only_mana(ab.cost, tap_and_loyalty=True, sacrifice_self=not ab.from_hand):
        return False
    specs = ab.mode.targets
    return not (len(specs) > 1 or any(sp.divide for sp in specs) or ab.times_per_turn or ab.from_graveyard
                or ab.condition is not None)


def _attack_actions(game: "Game", d) -> list[A.Action]:
    s = game.state
    attackers = list(d.options)
    targets = d.data["targets"]
    target = targets[0]

    def may(a: int, t: Any) -> bool:
        """508.1c: "can't attack unless defending player controls ..." is met by the player attacked
        (or the planeswalker's or battle's controller), not merely by some opponent."""
        return may_attack(game, a, t)

    # 508.1d: a requirement is obeyed at no cost to attack (508.1g); one that would cost something isn't forced.
    # A goaded one attacks a player other than those who goaded it if it can (701.15b).
    forced = {a: t for a in attackers if characteristics(s, a).extra.get("must_attack")
              for t in [max((t for t in targets if free_to_attack(game, a, t)), default=None,
                            key=lambda t: goad_requirements_obeyed(game, a, t))] if t is not None}
    out: list[A.Action] = [A.DeclareAttackers(d.player, dict(forced))]
    if not (alone_ok(game, forced, "cant_attack_alone") and companions_ok(game, forced, "attacks_only_with")) \
            and attack_error(game, A.DeclareAttackers(d.player, {})) is None:
        # 508.1d: it must attack, but can't alone or without a creature of the kind it needs, and none can join it
        out.append(A.DeclareAttackers(d.player, {}))
    if attackers:
        out.append(A.DeclareAttackers(d.player, {a: target for a in attackers if may(a, target)}))
    for t in targets:
        for a in attackers:
            if may(a, t):
                out.append(A.DeclareAttackers(d.player, {**forced, a: t}))
    # 802.1: with several opponents, everything at one other player too.
    for t in targets[1:]:
        if isinstance(t, str) and attackers:
            out.append(A.DeclareAttackers(d.player, {a: t for a in attackers if may(a, t)}))
    # 508.1e, 702.22c: a creature with banding attacking in a band with each other creature, and each
    # declaration with its attackers banded.
    banding = next((a for a in attackers if characteristics(s, a).has("banding") and may(a, target)), None)
    if banding is not None:
        out += [A.DeclareAttackers(d.player, {**forced, banding: target, a: target}) for a in attackers
                if a != banding and may(a, target)]
    most = most_in_combat(game, "max_attackers")
    if most is not None:
        # 506.5: "No more than one creature can attack each combat": each declaration cut to that many, the required first
        out = [A.DeclareAttackers(d.player, capped_attacks(x.attacks, forced, most)) for x in out]
    out += [A.DeclareAttackers(d.player, x.attacks, bands) for x in list(out)
            for bands in [offered_bands(game, x.attacks)] if bands]
    return _dedupe([x for x in out if alone_ok(game, x.attacks, "cant_attack_alone")
                    and companions_ok(game, x.attacks, "attacks_only_with")
                    and attack_tax_payable(game, x.attacks) and goad_error(game, x.attacks) is None])


def _block_actions(game: "Game", d) -> list[A.Action]:
    s = game.state
    out: list[A.Action] = [A.DeclareBlockers(d.player, {})]
    attackers = d.data["attackers"]
    # The options are creatures able to block (509.1a-b) and can_block_attacker checks each pair, so
    # only menace (702.111b) or "except by three or more creatures" can still make a one-creature block illegal:
    # no trial on a copy needed.
    fewest = {a: fewest_blockers(characteristics(s, a)) for a in attackers}
    for b in d.options:
        for a in attackers:
            if fewest[a] == 1 and can_block_attacker(game, b, a):
                out.append(A.DeclareBlockers(d.player, {b: (a,)}))
    # Double blocks help against menace and big attackers (not one that "can't be blocked by more than one", 509.1b);
    # a triple block against one that needs three.
    blockers = list(d.options)
    for a in attackers:
        if characteristics(s, a).extra.get("blocked_by_at_most_one"):
            continue
        able = [b for b in blockers if can_block_attacker(game, b, a)]
        need = max(2, fewest[a])
        if len(able) >= need:
            out.append(A.DeclareBlockers(d.player, {b: (a,) for b in able[:need]}))
    # 509.1c: each declaration completed to obey the blocking requirements ("blocks each combat if able").
    requirements = block_requirements(game)
    most = most_in_combat(game, "max_blockers")
    room = None if most is None else most - len(s.combat.blockers)      # 506.5, those declared before too (802.4)
    return _dedupe([A.DeclareBlockers(d.player, obey_block_requirements(game, x.blocks, requirements)) for x in out
                    if alone_ok(game, x.blocks, "cant_block_alone") and companions_ok(game, x.blocks, "blocks_only_with")
                    and (room is None or len(x.blocks) <= room)])


def _assign_actions(game: "Game", d) -> list[A.Action]:
    """One sensible assignment per source: lethal damage to each recipient in turn, rest to the last."""
    s = game.state
    assignment = {}
    for src in d.data["sources"]:
        recipients = d.data["recipients"][str(src)]
        power = combat_damage_of(game, src)
        split: dict[Any, int] = {}
        left = power
        if s.combat is not None and recipients and recipients[-1] == s.combat.attackers.get(src) \
                and not characteristics(s, src).has("trample"):
            # may assign as though it weren't blocked (510.1c): all or nothing to what it attacks
            assignment[src] = {recipients[-1]: power}
            continue
        for r in recipients:
            if isinstance(r, int) and r in s.objects and "Creature" in characteristics(s, r).types and r != recipients[-1]:
                n = min(left, lethal_damage(game, r, src))
            else:
                n = left
            if r == recipients[-1]:
                n = left
            split[r] = n
            left -= n
        assignment[src] = split
    return [A.AssignDamage(d.player, assignment)]


def _dedupe(actions: list[A.Action]) -> list[A.Action]:
    seen = set()
    out = []
    for a in actions:
        key = repr(a)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
