"""Copies of spells and abilities (707.10): putting a copy on the stack, choosing new targets for it
(707.10c), storm (702.40).

A copy is a new object on the stack, owned and controlled by the player who put it there (707.10),
with the copied spell's copiable values (its card definition) and every choice made for it as it
was cast: modes, targets, X, kicker and additional or alternative costs (the StackInfo, with
`is_copy` set). It isn't cast (no "cast" event, no cost paid; mana spent isn't copied). A copy that
leaves the stack goes where it would and ceases to exist as a state-based action (704.5e, in
engine.rules.sba); a copy of a permanent spell resolves into a token (608.3f, in engine.board.zones.move).
`GameObject.spell_copy` marks the copy wherever it is. A copy of an activated or triggered ability
is an ability object with the same source (707.10b).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core.abilities import Amount, Condition, Ref, TargetSpec
from engine.effects.resolution import Resolution
from engine.board.primitives import add_effect
from engine.core.state import NeedDecision
from engine.core.enums import DecisionKind, Zone
from engine.core.events import Event
from engine.core.objects import GameObject, StackInfo
from engine.core.state import Decision
from engine.core.effect_types import ChooseNewTargets, CopyEpicSpell, CopySpell, Epic, STORM_TRIGGER
from engine.query.layers import characteristics
from engine.query.targets import describe_target, targets_text, aura_target, spell_modes, target_specs_for
from engine.query.stack_abilities import ability_of
from engine.core.cards import FACE_DOWN_KEY, card_def, def_key
from engine.query.targets import chosen_elsewhere, legal_targets, owned_as_said, source_of, SourceInfo
from engine.rules.triggers import record_trigger
from engine.rules.timing import NO_SPELLS
from engine.effects.delayed_triggers import create_delayed

if TYPE_CHECKING:
    from engine.game import Game

KEEP = "keep"      # the answer that leaves a copy's target unchanged (707.10c)


                                   # (each player other than the one who cast the spell: Hive Mind)


@dataclass
class Original:
    """What a copy copies: the spell's (or ability's) definition and its choices, from the object on
    the stack or, if a spell has left, from its last known information. `specs` are the target
    phrases its targets answer; `places` says for each which mode and which of that mode's targets
    it is (mode None: an Aura's enchant target, or an ability's)."""
    def_key: str
    name: str
    info: StackInfo
    colors: set[str]
    types: set[str]
    subtypes: set[str]
    specs: list[TargetSpec]
    places: list[tuple[int | None, int]]
    ability: bool = False


def original_of(game: "Game", oid: int) -> Original | None:
    s = game.state
    o = s.objects.get(oid)
    if o is not None:
        if o.zone is not Zone.STACK or o.stack is None:
            return None
        if o.is_ability:
            return _ability_original(game, o)
        ch = characteristics(s, oid)
        # 707.2, 708.2: a face-down spell's copiable values are the face-down 2/2's.
        return _spell_original(FACE_DOWN_KEY if o.face_down else def_key(o), ch.name, o.stack, set(ch.colors), set(ch.types),
                               set(ch.subtypes), aura_target(ch))
    return spell_original(s.lki.get(str(oid)))


def spell_original(lki: dict | None) -> Original | None:
    """The spell a last known information with its stack choices describes (707.10: what a copy copies)."""
    if not lki or "stack" not in lki:
        return None
    enchant = next((kw for kw in card_def(lki["def"]).keywords if kw.name == "enchant"), None)
    aura = enchant.target if enchant is not None and "Aura" in lki["subtypes"] else None
    return _spell_original(lki["def"], lki["name"], StackInfo.from_json(lki["stack"]), set(lki["colors"]),
                           set(lki["types"]), set(lki["subtypes"]), aura)


def _spell_original(def_key: str, name: str, info: StackInfo, colors: set[str], types: set[str],
                    subtypes: set[str], aura: TargetSpec | None) -> Original:
    d = card_def(def_key)
    places: list[tuple[int | None, int]] = [(None, 0)] if aura is not None else []
    modes = spell_modes(d)
    for m in (info.modes if d.spell is not None and d.spell.modal else [0]):
        if m < len(modes):
            places.extend((m, k) for k in range(len(modes[m].targets)))
    return Original(def_key, name, info, colors, types, subtypes, target_specs_for(d, aura, info.modes), places)


def _ability_original(game: "Game", o: GameObject) -> Original:
    """707.10b: a copy of an ability has the same source; its source's qualities are what
    protection and hexproof see."""
    info = o.stack
    src = source_of(game, info.source_id, o.controller)
    lki = info.event.get("source_lki") or {}
    colors = src.colors or set(lki.get("colors", ()))
    types = src.types or set(lki.get("types", ()))
    subtypes = src.subtypes or set(lki.get("subtypes", ()))
    specs = list(ability_of(game, o).mode.targets)
    return Original(info.source_def, info.source_name, info, set(colors), set(types), set(subtypes), specs,
                    [(None, k) for k in range(len(specs))], ability=True)


def choose_new_targets(res: Resolution, original: Original, controller: int, key: str,
                       chooser: int | None = None, change: bool = False) -> list[list[Any]]:
    """707.10c: for each target of the copy, its controller keeps it (even if now illegal) or picks
    a new legal one. One CHOOSE per target, with "keep" among the options. `chooser`: who chooses, when
    another player's spell gets new targets (115.7d); legality is still the spell controller's. `change`
    (115.7a): "keep" is an option only when there is no other legal target."""
    source = SourceInfo(None, controller, original.colors, original.types, original.subtypes, original.name,
                        spell=not original.ability)
    places = original.places
    out: list[list[Any]] = []
    for i, (spec, group) in enumerate(zip(original.specs, original.info.targets)):
        new = list(group)
        # "another target" (115.3): not a target of the phrases it must differ from, nor of those that must differ
        # from it
        taken = chosen_elsewhere(spec, out) | {str(t) for k, later in enumerate(original.specs) if i in later.other_than
                                               for t in original.info.targets[k]}
        for j, old in enumerate(group):
            options: list[Any] = [KEEP] + [t for t in legal_targets(res.game, spec, source)
                                           if t != old and t not in new and str(t) not in taken
                                           and owned_as_said(res.game, spec, out, [t])]
            if change and len(options) > 1:
                options.remove(KEEP)
            full = f"{res.prefix}{key}.target.{i}.{j}"
            if full not in res.answers and len(options) == 1:
                res.answers[full] = options      # keep it, or (115.7a) change it to the one other legal target
            if full not in res.answers:
                now = describe_target(res.game, old) if _still_there(res, old) else "gone"
                raise NeedDecision(Decision(
                    controller if chooser is None else chooser, DecisionKind.CHOOSE,
                    f"{'Copy of ' if chooser is None else ''}{original.name}: keep its target ({now}) for {spec.text or 'the target'}, "
                    f"or choose a new one", options, 1, 1,
                    {"choice": "new_target", "key": full, "source": res.source_name, "copy_of": original.name,
                     "current": old, "spec": spec.text, "spell": None if original.ability else original.def_key,
                     "mode": places[i][0], "mode_target": places[i][1]}))
            pick = res.answers[full][0]
            if pick != KEEP:
                new[j] = pick
        out.append(new)
    return out


def _still_there(res: Resolution, target: Any) -> bool:
    return not isinstance(target, int) or target in res.state.objects


def put_copy_on_stack(game: "Game", original: Original, controller: int,
                      targets: list[list[Any]] | None = None, colors: str | None = None) -> int:
    """707.10: the copy goes on top of the stack with the original's choices (and `targets`, when
    new ones were chosen). Returns its id."""
    s = game.state
    if original.ability:
        # A copy of an ability is an ability (707.10), named like the original for the log.
        o = GameObject(s.new_id(), 0, original.name, controller, Zone.STACK)
        o.card_id = -o.id
        o.is_ability = True
    else:
        o = GameObject(s.new_id(), s.next_card_id, original.def_key, controller, Zone.STACK)
        s.next_card_id += 1
        o.spell_copy = True
    o.controller = o.base_controller = controller
    o.timestamp = s.new_timestamp()
    info = original.info.copy()
    info.is_copy = True
    info.paid_mana = ""          # mana isn't an object: what was spent isn't copied (707.10)
    info.cast_from = "copy"
    if targets is not None:
        _remap_division(info, targets)
        info.targets = [list(g) for g in targets]
    o.stack = info
    s.objects[o.id] = o
    s.stack.append(o.id)
    s.invalidate()
    if colors is not None:
        # The exception is part of the copy effect (707.9b); its color is set before anything sees it.
        add_effect(game, None, [o.id], {"kind": "set_colors", "colors": list(colors)}, "permanent",
                   controller=controller, source_id=o.id)
    who = s.players[controller].name
    what = f"{original.name}'s ability" if original.ability else original.name
    game.emit(Event("copy", {"player": controller, "object": o.id, "name": original.name,
                             "targets": info.targets, "copy": True, "ability": original.ability},
                    f"{who} puts a copy of {what} on the stack" + targets_text(game, info.targets)))
    return o.id


def _remap_division(info: StackInfo, targets: list[list[Any]]) -> None:
    """601.2d: a divided amount follows the target it was assigned to when that target changes."""
    if not info.divide:
        return
    divide: dict[str, int] = {}
    for old_group, new_group in zip(info.targets, targets):
        for old, new in zip(old_group, new_group):
            if str(old) in info.divide:
                divide[str(new)] = info.divide[str(old)]
    info.divide = divide


def _spells_referred(res: Resolution, ref: Ref) -> list[int]:
    if ref.kind == "self":
        # "they may copy this spell": the spell resolving, still on the stack (608.2n)
        so = res.state.objects.get(res.source_id) if res.source_id is not None else None
        return [so.id] if so is not None and so.zone is Zone.STACK and not so.is_ability else []
    ids = res.objects(ref)
    if not ids and ref.kind == "event":
        # The spell that triggered may have left the stack: it's copied all the same, from its last
        # known information (Double Vision's ruling; storm, 702.40a).
        oid = res.event.get("object")
        if isinstance(oid, int) and str(oid) in res.state.lki:
            ids = [oid]
    return ids


def _copy_spell(res: Resolution, e: CopySpell) -> None:
    # Every choice first (the handler may be re-entered after a decision), then the copies.
    plans: list[tuple[Original, int, list[list[Any]] | None]] = []
    for oid in _spells_referred(res, e.what):
        original = original_of(res.game, oid)
        if original is None:
            continue
        for player in _copiers(res, e):
            for k in range(res.amount(e.count)):
                targets = None
                if e.new_targets and any(original.info.targets):
                    targets = choose_new_targets(res, original, player, f"copy{oid}.{player}.{k}")
                plans.append((original, player, targets))
    for original, player, targets in plans:
        put_copy_on_stack(res.game, original, player, targets, e.colors)


def _epic(res: Resolution, e: Epic) -> None:
    """702.50a-b: unless this is the copy its upkeep ability made (which has no epic), its controller can't cast
    spells for the rest of the game, and the upkeep ability is created (it lasts for the rest of the game)."""
    so = res.state.objects.get(res.stack_id) if res.stack_id is not None else None
    if so is None or so.stack is None or so.stack.event.get("epic_copy"):
        return
    marks = res.state.players[res.controller].designations
    if NO_SPELLS not in marks:
        marks.append(NO_SPELLS)
    create_delayed(res, e.upkeep)


def _copy_epic_spell(res: Resolution, e: CopyEpicSpell) -> None:
    original = spell_original(res.source_lki)
    if original is None:
        return
    targets = choose_new_targets(res, original, res.controller, "epic") if any(original.info.targets) else None
    oid = put_copy_on_stack(res.game, original, res.controller, targets)
    res.state.objects[oid].stack.event["epic_copy"] = True      # "except for its epic ability"


def _choose_new_targets(res: Resolution, e: ChooseNewTargets) -> None:
    """115.7a, 115.7d-f: the ability's controller chooses; the new targets must be legal for the spell itself."""
    s = res.state
    for oid in res.objects(e.what):
        original = original_of(res.game, oid)
        if original is None or original.ability or not any(original.info.targets):
            continue
        spell = s.objects[oid]
        targets = choose_new_targets(res, original, spell.controller, f"retarget{oid}", chooser=res.controller,
                                     change=e.change)
        if targets == original.info.targets:
            continue
        new = [t for group, old in zip(targets, original.info.targets) for t in group if t not in old]
        info = s.writable(oid).stack
        _remap_division(info, targets)
        info.targets = [list(g) for g in targets]
        s.invalidate()
        res.game.emit(Event("retarget", {"player": spell.controller, "object": oid, "new_targets": new},
                            f"{original.name} now targets" + targets_text(res.game, info.targets)))


def _copiers(res: Resolution, e: CopySpell) -> list[int]:
    """The players who copy, in APNAP order (101.4); each controls their copy (707.10)."""
    if e.copier == "each_other":
        caster = res.event.get("player")
        return [p for p in res.state.apnap() if p != caster and not res.state.players[p].lost]
    if isinstance(e.copier, Ref):
        return [p for p in res.players(e.copier) if not res.state.players[p].lost]     # "they may copy this spell"
    return [res.controller]


def _spells_cast_before(res: Resolution, a: Amount) -> int:
    """The spells cast this turn before the one a cast trigger is about (storm 702.40a: all of
    them; "each other instant and sorcery spell you've cast before it": `filter`, yours)."""
    nth = int(res.event.get("nth", 1))
    casts = res.state.turn_log.get("casts", [])[:nth - 1]
    f = a.filter
    if f is None:
        return len(casts)
    mine = f.controller == "you"
    return sum(1 for c in casts if (not mine or c["player"] == res.controller)
               and (not f.types or f.types & set(c["types"])))


def _commander_casts(res: Resolution, a: Amount) -> int:
    """ "copy it for each time you've cast your commander from the command zone this game": the casts the commander
    tax counts, of every commander of its controller's (903.8)."""
    s = res.state
    if s.commander is None:
        return 0
    return sum(s.commander.casts.get(c, 0) for c in s.commander.commanders_of(res.controller))


def _permanents_to_graveyard(res: Resolution, a: Amount) -> int:
    """Gravestorm (702.69a): the permanents put into a graveyard from the battlefield this turn."""
    return res.state.turn_log.get("permanents_to_graveyard", 0)


def _replicated(res: Resolution, a: Amount) -> int:
    """702.56a: the times the replicate cost was paid for the spell a cast trigger is about."""
    oid = res.event.get("object")
    o = res.state.objects.get(oid) if isinstance(oid, int) else None
    info = o.stack.event if o is not None and o.stack is not None else \
        ((res.state.lki.get(str(oid)) or {}).get("stack") or {}).get("event") or {}
    return int(info.get("replicate", 0))


def _cast_from_graveyard(res: Resolution, c: Condition) -> bool:
    """ "If this spell was cast from a graveyard" (flashback, 702.34)."""
    o = res.state.objects.get(res.stack_id) if res.stack_id is not None else None
    return o is not None and o.stack is not None and o.stack.cast_from == "graveyard"


def _cast_kicked(res: Resolution, c: Condition) -> bool:
    """ "If a casualty cost was paid for it" (702.153a): the optional additional cost of the spell a cast
    trigger is about (its `kicked`), on the stack or from its last known information."""
    oid = res.event.get("object")
    o = res.state.objects.get(oid) if isinstance(oid, int) else None
    if o is not None and o.stack is not None:
        return o.stack.kicked
    return bool(((res.state.lki.get(str(oid)) or {}).get("stack") or {}).get("kicked"))


def cast_self_triggers(game: "Game", oid: int, data: dict[str, Any]) -> None:
    """Abilities of a spell that trigger on its own casting ("When you cast this spell", storm
    702.40a) function on the stack: they're noticed here, as the spell becomes cast."""
    s = game.state
    o = s.objects[oid]
    for i, ab in enumerate(characteristics(s, oid).triggered):
        if ab.trigger == STORM_TRIGGER:
            record_trigger(game, o, i, ab, data)


# The effect handlers this module carries out, installed by engine.wiring.
HANDLERS = {
    CopySpell: _copy_spell,
    ChooseNewTargets: _choose_new_targets,
    Epic: _epic,
    CopyEpicSpell: _copy_epic_spell,
}


# Amount kinds this module reads, installed by engine.wiring.
AMOUNTS = {
    "spells_cast_before": _spells_cast_before,
    "commander_casts": _commander_casts,
    "permanents_to_graveyard": _permanents_to_graveyard,
    "replicated": _replicated,
}


# Condition kinds this module reads, installed by engine.wiring.
CONDITIONS = {
    "cast_from_graveyard": _cast_from_graveyard,
    "cast_kicked": _cast_kicked,
}
