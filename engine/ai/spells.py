"""What a spell or ability does to its targets, read from the compiled Oracle text (the effect
classes of engine.effects.resolution): harmful (damage, a fight, destroy, exile, bounce, tap, counter, -N/-N,
"can't block" and other restrictions, a hand looked at, a step skipped, a library searched for cards to exile),
helpful (pump, keywords, counters, untap, life, cards, regeneration, a prevention shield, "can't be blocked",
equipping, a card returned from a graveyard, a spell copied, the creature that deals a fight's damage, a library
searched for its owner's cards) or unknown. The fast policy aims with this; the full heuristic checks its choices
by simulating them.
`bench/target_reading.py` counts the targets of the card pool's spells and abilities whose polarity is unknown.
"""
from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, Iterable

from engine.core import effect_types as E, player_actions as A
from engine.core.abilities import YOU, Mode
from engine.core.state import ActivateTask, CastTask, TriggerTask
from engine.rules.triggers import record_ability
from engine.core.cards import card_def
from engine.ai.ability_value import amount, gains_control
from engine.ai.evaluate import life_value, permanent_value, rival_weights

if TYPE_CHECKING:
    from engine.game import Game

HARMFUL = -1
HELPFUL = 1
UNKNOWN = 0

# (DealDamageBy: the target its `to` names is dealt the damage; the one that deals it, `source`, and a fight's `first`
# are read by `_role_polarity`)
_HARMFUL_TYPES = (E.DealDamage, E.DealDamageBy, E.Fight, E.Destroy, E.ExileEffect, E.ReturnToHand, E.PutOnLibrary,
                  E.ShuffleIntoLibrary, E.CounterSpell, E.Sacrifice, E.Discard, E.LoseLife, E.Mill, E.SkipStep,
                  E.RevealHand, E.LookAtHand)
_HELPFUL_TYPES = (E.Grant, E.GainLife, E.Draw, E.Regenerate, E.Attach, E.CreateTokenCopy)


def flat_effects(effects: Iterable[Any]) -> list[Any]:
    out = []
    for e in effects:
        out.append(e)
        for sub in ("then", "otherwise", "effects"):
            inner = getattr(e, sub, None)
            if isinstance(inner, tuple):
                out.extend(flat_effects(inner))
    return out


def _refers(e: Any, index: int, kinds: tuple[str, ...] = ("target", "controlled_by")) -> bool:
    """Whether the effect falls on target `index`: on it, or on the permanents of a target player ("tap all creatures
    target player controls": what harms them harms the player). (A fight's `second` is the creature fought, 701.14a:
    the one the fight is aimed at.)"""
    for f in ("to", "what", "who", "second"):
        r = getattr(e, f, None)
        if r is not None and getattr(r, "kind", None) in kinds and r.index == index:
            return True
    return False


def _is_target(ref: Any, index: int) -> bool:
    return ref is not None and getattr(ref, "kind", None) == "target" and ref.index == index


def _role_polarity(e: Any, index: int) -> int:
    """What an effect does to target `index` where that depends on the field naming it rather than on the effect alone:
    the creature that deals the damage of a fight (701.14a) or of "target creature you control deals damage equal to
    its power to ..." (120.3) is the one doing the work, best the strongest of its side; of a redirection (614.9), what
    the damage would have been dealt to is spared and what it is dealt to instead is hurt; a +1/+1 counter moved onto a
    target helps it, a -1/-1 counter harms it (122.5: the creature it comes from is left unread, its loss wanted on
    the player's own side as often as not); a spell copied (707.10) is best one's own, unless something else is done to
    it (Narset's Reversal returns it to its owner's hand)."""
    if isinstance(e, E.CopySpell):
        return HELPFUL if _is_target(e.what, index) else UNKNOWN
    if isinstance(e, E.Fight):
        return HELPFUL if _is_target(e.first, index) else UNKNOWN
    if isinstance(e, E.DealDamageBy):
        return HELPFUL if _is_target(e.source, index) else UNKNOWN
    if isinstance(e, E.RedirectDamage):
        return HARMFUL if _is_target(e.to, index) else HELPFUL if _is_target(e.what, index) else UNKNOWN
    if isinstance(e, E.MoveCounter) and _is_target(e.to, index):
        return HELPFUL if e.kind == "+1/+1" else HARMFUL if e.kind == "-1/-1" else UNKNOWN
    return UNKNOWN


def target_effects(mode: Mode, index: int) -> list[Any]:
    """The effects of the mode that fall on target `index` (those `target_polarity` reads)."""
    return [e for e in flat_effects(mode.effects) if _refers(e, index) or _role_polarity(e, index) != UNKNOWN]


def effect_polarity(e: Any) -> int:
    if isinstance(e, _HARMFUL_TYPES):
        return HARMFUL
    if isinstance(e, E.TapEffect):
        return HELPFUL if e.untap else HARMFUL
    if isinstance(e, E.Pump):
        # (a number known only as the effect resolves, "-X/-X", "-1/-1 for each ...", guessed with its sign)
        p, t = amount(e.power), amount(e.toughness)
        # +N/-N (Auger Spree's +4/-4) is removal: a creature whose toughness it takes to 0 dies (704.5f)
        return HARMFUL if p + t < 0 or (t < 0 and p + t == 0) else HELPFUL
    if isinstance(e, E.PutCounters):
        return HARMFUL if e.kind.startswith("-") else HELPFUL
    if isinstance(e, _HELPFUL_TYPES):
        return HELPFUL
    if isinstance(e, E.ApplyContinuous):
        return flag_polarity(str(dict(e.params).get("kind", "")))
    if isinstance(e, E.RemoveCounters):
        # taking -1/-1 counters off helps, taking +1/+1 or loyalty counters off harms (122.1); a kind chosen as it
        # resolves, or every kind at once, is unknown
        return HELPFUL if e.kind == "-1/-1" else HARMFUL if e.kind in ("+1/+1", "loyalty") else UNKNOWN
    if isinstance(e, E.SearchLibrary):
        # a player searching their own library for cards they keep is helped (701.23); one whose library another
        # searches for cards to exile, harmed (cards put into a graveyard may be wanted there: Quiet Speculation's)
        if e.searcher is None:
            return HELPFUL if e.to in ("hand", "battlefield") else UNKNOWN
        return HARMFUL if e.to == "exile" else UNKNOWN
    if isinstance(e, E.PreventDamageTo):
        # a shield on what is dealt damage (615.1a, Orim's Cure) helps it; one on what deals it ("prevent all damage
        # target creature would deal") takes its damage away
        return HARMFUL if e.by else HELPFUL
    name = type(e).__name__
    if "Exile" in name:
        return HARMFUL
    if "Protection" in name:
        return HELPFUL
    return UNKNOWN


# Continuous effects' kinds (engine.query.layers) that help what they fall on, "can't be blocked" among them, and those
# that restrict or weaken it beyond the "can't" ones (`flag_polarity`).
_HELPFUL_FLAGS = frozenset({
    "cant_be_blocked", "cant_be_blocked_by", "cant_be_countered", "cant_be_targeted", "blocked_only_by",
    "blocked_by_at_most_one", "unblockable_if_defender_controls", "block_any_number", "extra_blocks",
    "attacks_as_though_haste", "activates_as_though_haste", "attacks_despite_defender", "untaps_during_others",
    "blocks_while_tapped", "must_be_blocked", "lure", "lure_by", "prevents_damage", "grant", "grant_abilities"})
_HARMFUL_FLAGS = frozenset({
    "doesnt_untap", "lose_abilities", "lose_keyword", "lose_types", "must_attack", "must_block", "must_attack_or_block",
    "must_block_attacker", "goaded", "no_combat_damage", "skip_draw", "blockable_despite_landwalk", "block_only",
    "attacks_only_with", "blocks_only_with"})


def flag_polarity(kind: str) -> int:
    """What a continuous effect of this kind (a static ability's, an Aura's, "target creature can't block this turn")
    does to what it falls on: a pump or a freedom helps it, a restriction harms it; the rest (a new color or type, a
    set power and toughness) is unknown."""
    if kind in _HELPFUL_FLAGS or kind.startswith("pump"):
        return HELPFUL
    if kind in _HARMFUL_FLAGS or kind.startswith("cant"):
        return HARMFUL
    return UNKNOWN


def target_polarity(mode: Mode, index: int) -> int:
    """Is target `index` of this mode harmed or helped by what the mode does to it? Taken (`gains_control`), it is
    its controller's loss whatever else is done to it (Threaten's untap and haste are for the one who takes it); exiled
    and returned (a blink), its controller's gain; a card in a graveyard returned to a hand or put onto the battlefield
    (Raise Dead, Zombify), its owner's gain: a bounce is harmful to a permanent only."""
    score = 0
    roles = 0       # what the fields naming it say (`_role_polarity`): read where nothing is done to it directly
    exiled = False
    returned = ""
    spec = mode.targets[index] if index < len(mode.targets) else None
    in_graveyard = spec is not None and spec.zone == "graveyard"
    for e in flat_effects(mode.effects):
        if not _refers(e, index):
            roles += _role_polarity(e, index)
        else:
            if gains_control(e):
                return HARMFUL
            if in_graveyard and isinstance(e, (E.ReturnToHand, E.PutOntoBattlefield)):
                return HELPFUL
            direct = effect_polarity(e)
            score += direct
            if direct == UNKNOWN:
                roles += _role_polarity(e, index)
            exiled = exiled or isinstance(e, E.ExileEffect)
            if isinstance(e, E.PutOntoBattlefield):
                returned = "yours" if e.under == "you" else "owners"
    if exiled and returned:
        # Exiled and returned to the battlefield (Cloudshift): a new object (400.7) that enters again, its "enters"
        # abilities with it, and is out of the way of whatever targeted it; returned under the caster's control, a
        # creature the target phrase lets be an opponent's is taken
        own = spec is not None and spec.filter is not None and spec.filter.controller == "you"
        return HARMFUL if returned == "yours" and not own else HELPFUL
    # (Durkwood Tracker deals damage to its target, which deals damage back: harmed, whatever it deals)
    score = score or roles
    return HARMFUL if score < 0 else HELPFUL if score > 0 else UNKNOWN


def aura_polarity(definition) -> int:
    score = 0
    for st in definition.static:
        if st.affected.kind != "enchanted":
            continue
        if st.kind == "control":
            return HARMFUL      # "You control enchanted creature" (613.1b): the Aura takes an opponent's permanent
        if flag_polarity(st.kind) == HARMFUL:
            score -= 1
        elif st.kind.startswith("pump"):
            p = st.params[0] if st.params and isinstance(st.params[0], int) else 0
            t = st.params[1] if len(st.params) > 1 and isinstance(st.params[1], int) else 0
            score += -1 if p + t < 0 else 1
        else:
            score += 1
    return HARMFUL if score < 0 else HELPFUL


def damage_amount(mode: Mode, index: int) -> int | None:
    for e in flat_effects(mode.effects):
        if isinstance(e, E.DealDamage) and _refers(e, index, ("target",)) and e.amount.kind == "const":
            return e.amount.value
    return None


# Durations of effects that end within this turn (514.2, or at the end of combat).
_THIS_TURN = ("end_of_turn", "end_of_combat")


def temporary_only(mode: Mode) -> bool:
    """Does the mode only change things until end of turn (pumps, keywords, protection)? Such a
    trick is worth something in combat or in answer to a spell, not in an empty main phase."""
    effects = flat_effects(mode.effects)
    return bool(effects) and all(getattr(e, "duration", "") in _THIS_TURN and not isinstance(e, E.TapEffect)
                                 and not _lowers_toughness(e) for e in effects)


def _lowers_toughness(e: Any) -> bool:
    """-N toughness until end of turn on another creature than the source, with no more power than toughness taken
    (Disfigure, Auger Spree's +4/-4): a creature it takes to 0 dies (704.5f), which lasts; it is removal, not a trick
    for the combat alone. Flowstone Giant's +2/-2 on itself stays a trick."""
    if not isinstance(e, E.Pump) or e.what.kind == "self" or amount(e.toughness) >= 0:
        return False
    return amount(e.power) + amount(e.toughness) <= 0


# Keywords that change a combat only as its attackers and blockers are declared (302.6 haste, 702.9b flying, 702.110b
# menace, ...): granted once blockers are declared they change nothing.
_BEFORE_BLOCKS_KEYWORDS = frozenset({"haste", "flying", "menace", "shadow", "fear", "intimidate", "horsemanship",
                                     "skulk", "unblockable"})
# Effects' kinds (engine.query.layers' flags) that change who may block whom.
_BEFORE_BLOCKS_FLAGS = frozenset({"cant_block", "cant_attack_or_block", "cant_be_blocked", "cant_block_activate"})


def toggles_only(mode: Mode, index: int) -> bool:
    """Does the mode only tap or untap target `index`, its controller choosing which as it resolves (Pestermite,
    Stonybrook Angler: "tap or untap target creature")? What that does to the target depends on the target: see
    `toggle_score`."""
    refs = target_effects(mode, index)
    return bool(refs) and all(isinstance(e, E.TapOrUntap) for e in refs)


def toggle_score(game: "Game", me: int, target: Any) -> float:
    """How much `me` likes tapping or untapping `target` (`toggles_only`), the better way taken: an opponent's
    untapped permanent tapped (a blocker or attacker kept out of combat, 509.1a, 508.1a; a land's mana kept back),
    `me`'s own tapped one untapped; nothing else gains anything."""
    o = game.state.objects.get(target) if isinstance(target, int) else None
    if o is None or o.zone.value != "battlefield":
        return 0.0
    if o.controller != me and not o.tapped:
        return target_score(game, me, target, HARMFUL, None)
    if o.controller == me and o.tapped:
        return target_score(game, me, target, HELPFUL, None)
    return 0.0


def combat_setup(mode: Mode) -> bool:
    """Does the mode set up the coming combat, and do nothing lasting beyond a pump or a card drawn: tap creatures
    (a blocker tapped can't block, 509.1a), grant haste or evasion for the turn, or keep creatures from blocking?
    Such a mode is worth what it changes in its controller's attack, before the attackers are declared (508.1)."""
    setup = False
    for e in flat_effects(mode.effects):
        if isinstance(e, E.TapEffect) and not e.untap and not e.toggle or isinstance(e, E.TapOrUntap):
            setup = True
        elif isinstance(e, E.MayDo) and e.who == YOU:
            continue        # "you may": its effects are read on their own (flat_effects)
        elif isinstance(e, E.Grant) and e.duration in _THIS_TURN \
                and any(k.name in _BEFORE_BLOCKS_KEYWORDS for k in e.keywords):
            setup = True
        elif isinstance(e, (E.ApplyContinuous, E.GroupRule)) and e.duration in _THIS_TURN \
                and dict(e.params).get("kind") in _BEFORE_BLOCKS_FLAGS:
            setup = True
        elif not (isinstance(e, (E.Pump, E.Grant)) and e.duration in _THIS_TURN or isinstance(e, E.Draw)):
            return False
    return setup


def action_mode(game: "Game", action: Any) -> Mode | None:
    """The mode a cast or activation would use (the first chosen mode of a modal spell)."""
    if isinstance(action, A.CastSpell):
        return cast_mode(game.characteristics(action.card).definition.spell, action.modes)
    if isinstance(action, A.ActivateAbility):
        abilities = game.characteristics(action.source).activated
        return abilities[action.index].with_mode(action.modes).mode if action.index < len(abilities) else None
    return None


def cast_mode(sp, modes: tuple[int, ...] | None) -> Mode | None:
    """The mode a cast of the spell `sp` (a definition's `spell`, or None) with these chosen modes would use: the
    first chosen one, or its only one."""
    if sp is None:
        return None
    i = modes[0] if modes else 0
    return sp.modes[i] if i < len(sp.modes) else None


def is_counterspell(definition) -> bool:
    sp = definition.spell
    return sp is not None and any(isinstance(e, E.CounterSpell) for m in sp.modes for e in flat_effects(m.effects))


def mode_for_target_field(game: "Game", field: str) -> Mode | None:
    """The mode whose targets a pending cast or activation asks for (its task is the player's own)."""
    task = game.state.task
    s = game.state
    if isinstance(task, CastTask) and task.card in s.objects:
        d = game.characteristics(task.card).definition
        if d.spell is not None:
            modes = task.modes or [0]
            return d.spell.modes[modes[0]] if modes[0] < len(d.spell.modes) else d.spell.modes[0]
        return None
    if isinstance(task, ActivateTask) and task.source in s.objects:
        ab = game.characteristics(task.source).activated
        i = task.index
        return ab[i].mode if i < len(ab) else None
    if isinstance(task, TriggerTask):
        rec = next((r for r in s.pending_triggers if r.get("seq") == task.seq), None)
        if rec is None:
            return None
        return record_ability(rec).mode
    return None


def copied_mode(data: dict) -> Mode | None:
    """The mode of the copied spell a "new_target" decision (707.10c) is about."""
    mode = data.get("mode")
    if mode is None or not data.get("spell"):
        return None
    sp = card_def(data["spell"]).spell
    return sp.modes[mode] if sp is not None and mode < len(sp.modes) else None


def target_index(field: str) -> int:
    """The target spec a "target.N" field asks for (0 for a trigger's first target)."""
    head, _, tail = field.partition(".")
    return int(tail) if head == "target" and tail.isdigit() else 0


def target_score(game: "Game", me: int, target: Any, polarity: int, damage: int | None) -> float:
    """How much `me` likes aiming this at `target` (players are "P0"/"P1", objects ids)."""
    s = game.state
    if isinstance(target, str) and target.startswith("P"):
        p = int(target[1:])
        life = s.players[p].life
        if polarity == HARMFUL:
            hurt = (life_value(life) - life_value(life - (damage or 2)))
            return hurt * _threat_weight(game, me, p) if p != me else -hurt
        return (1.0 if p == me else -1.0)
    o = s.objects.get(target) if isinstance(target, int) else None
    if o is None:
        return 0.0
    if o.zone.value == "stack":
        # a spell countered is best an opponent's; one copied, the player's own (707.10)
        v = 1.0 + game.characteristics(target).mana_value if not o.is_ability else 1.0
        return v if (o.controller == me) == (polarity == HELPFUL) else -v
    if o.zone.value != "battlefield":
        v = 1.0 + 0.3 * game.characteristics(target).mana_value
        return v if (o.owner == me) == (polarity != HARMFUL) else -v
    v = permanent_value(game, target)
    ch = game.characteristics(target)
    if polarity == HARMFUL:
        if damage is not None and ch.is_creature:
            left = (ch.toughness or 0) - o.damage
            if damage < left or ch.has("indestructible"):
                v *= 0.1
        return v * _threat_weight(game, me, o.controller) if o.controller != me else -v
    if polarity == HELPFUL:
        bonus = 1.0 if s.combat is not None and (target in s.combat.attackers or target in s.combat.blockers) else 0.0
        return (v + bonus) if o.controller == me else -v
    return 0.0


def _threat_weight(game: "Game", me: int, opponent: int) -> float:
    """What harm to `opponent` is worth to `me`: in full with one opponent; with several (806) in full for
    the strongest and less for the others, as the evaluation counts them (the removal goes at the leader)."""
    if len(game.state.players) == 2:
        return 1.0
    return rival_weights(game, me).get(opponent, 1.0)


def _flat_targets(targets: Any) -> list[tuple[int, Any]]:
    """(target phrase index, target) for an action's targets, flat or grouped by phrase."""
    if not targets:
        return []
    if all(isinstance(g, tuple) for g in targets):
        return [(i, t) for i, g in enumerate(targets) for t in g]
    return [(0, t) for t in targets]


def targets_score(game: "Game", me: int, action: Any) -> float:
    """How much `me` likes the targets a cast or activation names, summed over them by what the
    effect does to each (target_score); 0 for targets whose effect is unknown."""
    mode = action_mode(game, action)
    aura = None
    if isinstance(action, A.CastSpell):
        ch = game.characteristics(action.card)
        if "Aura" in ch.subtypes:
            aura = aura_polarity(ch.definition)
    total = 0.0
    for index, t in _flat_targets(action.targets):
        if aura is not None:
            polarity, dmg = aura, None
        elif mode is not None:
            index = min(index, max(len(mode.targets) - 1, 0))
            polarity, dmg = target_polarity(mode, index), damage_amount(mode, index)
        else:
            continue
        if polarity != UNKNOWN:
            total += target_score(game, me, t, polarity, dmg)
        elif mode is not None and toggles_only(mode, index):
            total += toggle_score(game, me, t)
    return total


_TARGETS = frozenset({"targets", "divide"})
_X_AND_TARGETS = _TARGETS | {"x"}
# The names of each action class's fields, in order (dataclasses.fields, read once a class).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _choices_but(a: Any, left_out: frozenset[str]) -> tuple:
    """The action's type and the values of its fields but those `left_out`: two actions alike in all else have the
    same (what `dataclasses.replace(a, <left_out>=None)` compares, without making an action)."""
    names = _FIELD_NAMES.get(type(a))
    if names is None:
        names = _FIELD_NAMES[type(a)] = tuple(f.name for f in fields(a))
    return (type(a), *(getattr(a, n) for n in names if n not in left_out))


def best_target_variants(game: "Game", me: int, actions: list[Any], keep: int = 3) -> list[Any]:
    """The actions with, of each cast or activation offered with several choices of targets, only the
    `keep` choices `me` likes best (targets_score): the others aren't worth a simulation each. A choice
    that harms `me`'s side or helps an opponent's (a score below 0) is dropped too: it loses to passing; so is
    a spell cast with X = 0 (107.3) where the same cast is offered with a larger X. Order kept, but for the choices
    kept of one cast or activation: those come best first in the places they hold, so that of two the evaluation finds
    alike the better liked is taken (Raise Dead returns Hill Giant rather than Grizzly Bears, both a card in hand)."""
    groups: dict[Any, list[tuple[float, int]]] = {}
    dropped: set[int] = set()
    larger_x = {_choices_but(a, _X_AND_TARGETS) for a in actions if isinstance(a, A.CastSpell) and a.x}
    for i, a in enumerate(actions):
        if isinstance(a, A.CastSpell) and a.x == 0 and _choices_but(a, _X_AND_TARGETS) in larger_x:
            dropped.add(i)
            continue
        if isinstance(a, (A.CastSpell, A.ActivateAbility)) and a.targets:
            score = targets_score(game, me, a)
            if score < 0:
                dropped.add(i)
                continue
            groups.setdefault(_choices_but(a, _TARGETS), []).append((-score, i))
    placed: dict[int, int] = {}      # the place of a kept choice -> the choice put there
    for members in groups.values():
        ranked = sorted(members)
        dropped.update(i for _, i in ranked[keep:])
        kept = ranked[:keep]
        placed.update(zip(sorted(i for _, i in kept), (i for _, i in kept)))
    return [actions[placed.get(i, i)] for i in range(len(actions)) if i not in dropped]
