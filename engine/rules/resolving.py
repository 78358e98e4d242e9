"""Resolving the top of the stack (608): target legality again (608.2b), running the effects through a
`Resolution`, a permanent spell entering the battlefield (608.3), the card going to its graveyard
(608.2n), and the draw for a loop of mandatory actions (104.4b)."""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Sequence

from engine.board.game_over import lose_game
from engine.board.replacement import entered_battlefield
from engine.board.zones import begin_simultaneous_event, move
from engine.core.abilities import TargetSpec, TriggeredAbility, uses_x, with_x
from engine.core.cards import CardDef, bestowed, card_def, card_layout
from engine.core.effect_types import MayDo
from engine.core.enums import Zones
from engine.core.events import Event
from engine.core.objects import EXILED_FROM_STACK, GameObject
from engine.core.state import NeedDecision, ResolveTask
from engine.effects.entering import as_enters_choices
from engine.effects.resolution import Resolution, run_effects
from engine.query.amounts import check_condition
from engine.query.layers import changed_off_battlefield, characteristics
from engine.query.stack_abilities import ability_of
from engine.query.targets import (SourceInfo, is_legal_target, owned_as_said, share_a_type, source_of, with_counts,
                                  with_trigger_player)
from engine.rules.bestow import ceases_to_be_bestowed
from engine.rules.casting import start_queued_cast
from engine.rules.mutate import ceases_to_mutate, merge, mutating
from engine.rules.proposals import chosen_target_specs
from engine.rules.triggers import card_triggers

if TYPE_CHECKING:
    from engine.game import Game


LOOP_AFTER = 60


LOOP_REPEATS = 30


def _mandatory_loop(game: "Game") -> bool:
    """104.4b: a game stuck in a loop of mandatory actions is a draw. Seen as the same board (cards
    and their zones, life totals, counters, the stack) coming back again and again within one turn
    as things resolve."""
    s = game.state
    # Only a turn with very many resolutions can be a loop: don't fingerprint the board before that.
    n = s.turn_log["resolutions"] = s.turn_log.get("resolutions", 0) + 1
    if n <= LOOP_AFTER:
        return False
    board = (tuple(sorted((o.card_id if not o.is_ability else -1, o.zone.value, o.stack.source_card_id if o.is_ability else 0)
                          for o in s.objects.values() if o.zone.value in ("battlefield", "stack", "exile"))),
             tuple((p.life, p.poison) for p in s.players),
             tuple(sorted((o.card_id, tuple(sorted(o.counters.items()))) for o in s.objects.values() if o.counters)))
    key = hashlib.blake2b(repr(board).encode(), digest_size=8).hexdigest()   # stable across processes
    seen = s.turn_log.setdefault("boards", {})
    seen[key] = seen.get(key, 0) + 1
    return seen[key] >= LOOP_REPEATS


def resolve_top(game: "Game") -> None:
    s = game.state
    if _mandatory_loop(game):
        game.emit(Event("loop", {}, "The game is caught in a loop of mandatory actions: it is a draw (104.4b)"))
        lose_game(game, [p.index for p in s.players if not p.lost])
        return
    oid = s.stack[-1]
    so = s.objects[oid]
    info = so.stack
    if so.is_ability:
        ab = ability_of(game, so)
        mode = ab.mode
        specs = list(mode.targets)
        src_name = info.source_name
        if isinstance(ab, TriggeredAbility) and ab.condition is not None:
            # 603.4: an intervening "if" is checked again on resolution.
            res = _make_resolution(game, so, specs, None, {})
            if not check_condition(res, ab.condition):
                game.emit(Event("removed", {"object": oid}, f"{src_name}'s ability does nothing: its condition is false"))
                _finish_resolution(game, oid)
                return
    else:
        ch = characteristics(s, oid)
        specs = chosen_target_specs(game, so, info.modes, info.kicked)
        src_name = f"The copy of {ch.name}" if so.spell_copy else ch.name
    legal = _target_legality(game, so, specs)
    if not so.is_ability and bestowed(so) and not all(ok for group in legal for ok in group):
        # 702.103e: its target illegal, it ceases to be bestowed and resolves as a creature spell (608.3b)
        ceases_to_be_bestowed(game, oid)
        so, specs, legal = s.objects[oid], [], []
        info = so.stack
        game.emit(Event("unbestowed", {"object": oid}, f"{src_name}'s target is illegal: it resolves as a creature"))
    elif not so.is_ability and mutating(so) and not all(ok for group in legal for ok in group):
        # 702.140b: its target illegal, it ceases to be a mutating creature spell and resolves as a creature spell
        ceases_to_mutate(game, oid)
        so, specs, legal = s.objects[oid], [], []
        info = so.stack
        game.emit(Event("unmutated", {"object": oid}, f"{src_name}'s target is illegal: it resolves as a creature"))
    # 608.2b: check the targets; if every target is now illegal, it doesn't resolve.
    if specs and info.targets and any(info.targets) and not any(ok for group in legal for ok in group):
        game.emit(Event("fizzle", {"object": oid, "name": src_name},
                        f"{src_name} doesn't resolve: its targets are illegal (608.2b)"))
        if so.is_ability:
            _finish_resolution(game, oid)
        else:
            _spell_to_graveyard(game, oid)
            _after_resolution(game)
        return
    game.emit(Event("resolve", {"object": oid, "name": src_name}, f"{src_name} resolves"))
    game.state.task = ResolveTask(object=oid, index=0, answers={}, legal=legal)
    continue_resolution(game)


def _target_legality(game: "Game", so: GameObject, specs: list[TargetSpec]) -> list[list[bool]]:
    info = so.stack
    if so.is_ability:
        source = SourceInfo(info.source_id, so.controller, set(), set(), set(), info.source_name)
        src = game.state.objects.get(info.source_id) if info.source_id is not None else None
        if src is not None:
            source = source_of(game, src.id, so.controller)
        else:
            lki = info.event.get("source_lki")
            if lki:
                source = SourceInfo(info.source_id, so.controller, set(lki.get("colors", ())),
                                    set(lki.get("types", ())), set(lki.get("subtypes", ())), lki.get("name", ""))
        source = with_trigger_player(game, source, specs, info.event)
    else:
        source = source_of(game, so.id, so.controller, spell=True)
    if uses_x(specs):
        specs = with_x(specs, info.x)     # "target creature with mana value X": the X chosen (107.3a)
    # "where X is the number of Shrines you control": that X as it resolves (608.2b)
    specs = with_counts(game, specs, source, info.event if so.is_ability else None)
    out = []
    for spec, group in zip(specs, info.targets):
        legal = [is_legal_target(game, spec, t, source) for t in group]
        if not share_a_type(game, spec, [t for t, ok in zip(group, legal) if ok]):
            legal = [False] * len(group)       # "that share a card type": the requirement is no longer met (608.2b)
        if spec.controller_target is not None:
            # "another target creature with the same controller", "... target permanents that player controls": each
            # one no longer so is illegal (608.2b)
            legal = [ok and owned_as_said(game, spec, info.targets, [t]) for t, ok in zip(group, legal)]
        out.append(legal)
    return out


def _make_resolution(game: "Game", so: GameObject, specs, legal, answers):
    info = so.stack
    if so.is_ability:
        src_id = info.source_id
        lki = info.event.get("source_lki")
        return Resolution(game, controller=so.controller, source_id=src_id, source_card_id=info.source_card_id,
                          source_name=info.source_name, targets=info.targets, target_specs=specs, x=info.x,
                          kicked=info.kicked, event=info.event, answers=answers, stack_id=so.id,
                          divide=info.divide, source_lki=lki, legal=legal)
    return Resolution(game, controller=so.controller, source_id=so.id, source_card_id=so.card_id,
                      source_name=characteristics(game.state, so.id).name, targets=info.targets,
                      target_specs=specs, x=info.x, kicked=info.kicked, answers=answers, stack_id=so.id,
                      divide=info.divide, legal=legal, event=info.event)


def continue_resolution(game: "Game") -> None:
    s = game.state
    task: ResolveTask = s.task
    oid = task.object
    ghost = oid not in s.objects and task.moved is not None
    if ghost:
        # 608.2n: its own instructions moved it ("Exile ~") before a player was asked: the rest of its instructions
        # are carried out as it was on the stack, where it no longer is
        s.objects[oid] = GameObject.from_json(task.moved)
        s.invalidate()
    so = s.objects[oid]
    info = so.stack
    effects: tuple = ()
    offsets: tuple[int, ...] = ()
    if so.is_ability:
        ab = ability_of(game, so)
        specs = list(ab.mode.targets)
        effects = ab.mode.effects
        if isinstance(ab, TriggeredAbility) and ab.optional:
            effects = (MayDo(effects, prompt=f"Use {info.source_name}'s ability?"),)
    else:
        ch = characteristics(s, oid)
        d = ch.definition
        specs = chosen_target_specs(game, so, info.modes, info.kicked)
        if d.spell is not None and not ch.is_permanent:
            picked = info.modes if d.spell.modal else [0]
            effects, offsets = _mode_effects(d, picked, len(specs), info.event.get("spliced", ()))
    res = _make_resolution(game, so, specs, task.legal, task.answers)

    def progress(i: int) -> None:
        task.index = i

    entering: dict[str, Any] = {}
    on_top: bool | None = None
    game.asking = True
    try:
        run_effects(res, effects, task.index, progress, offsets)
        if not so.is_ability and oid in s.objects and mutating(s.objects[oid]):
            # 702.140c: it merges with its target instead of entering; its controller puts it over or under
            target = characteristics(s, info.targets[0][0]).name or "the face-down creature"
            on_top = res.ask("mutate", so.controller, f"Put {characteristics(s, oid).name} over or under {target}?",
                             ["over", "under"], 1, 1, "mutate_position") == ["over"]
        elif not so.is_ability and oid in s.objects and characteristics(s, oid).is_permanent:
            entering = as_enters_choices(res, characteristics(s, oid))
    except NeedDecision as nd:
        if ghost or oid not in s.objects:
            task.moved = so.to_json()
            _drop_ghost(game, oid, ghost)
        s.task = task
        s.pending = nd.decision
        return
    finally:
        game.asking = False
    _drop_ghost(game, oid, ghost)
    s.task = None
    if so.is_ability:
        _finish_resolution(game, oid)
        return
    if oid not in s.objects:
        # 608.2n: its own instructions moved it ("shuffle ~ into its owner's library"): it stays there.
        _after_resolution(game)
        return
    target = info.targets[0][0] if on_top is not None else None
    if target in s.battlefield:
        merge(game, oid, target, on_top)        # 608.3d
        _after_resolution(game)
        return
    if on_top is not None:
        ceases_to_mutate(game, oid)             # moved by hand (a sandbox move) as the choice was asked: 702.140b
    ch = characteristics(s, oid)
    if ch.is_permanent:
        # 608.3: a permanent spell becomes a permanent on the battlefield under its controller.
        attach_to = None
        if "Aura" in ch.subtypes and info.targets and info.targets[0]:
            t = info.targets[0][0]
            ok = task.legal[0][0] if task.legal and task.legal[0] else True
            if not ok:
                _spell_to_graveyard(game, oid)
                _after_resolution(game)
                return
            attach_to = t
        # 708.4: a face-down spell (cast with morph, 702.37c) becomes a face-down permanent.
        begin_simultaneous_event(s)         # an event of its own ("whenever one or more creatures enter")
        new = move(game, oid, Zones.BATTLEFIELD, controller=so.controller, cause="resolve",
                   copy_of=entering.get("copy_of"), chosen=entering.get("chosen"), face_down=so.face_down)
        if attach_to is not None:
            s.objects[new].attached_to = attach_to
            s.invalidate()
        entered_battlefield(game, new)
    elif so.stack is not None and so.stack.event.get("buyback") and not so.spell_copy:
        move(game, oid, Zones.HAND, cause="buyback")      # 702.27a: bought back as it resolves
    elif not _rebound(game, so, res):
        card = _spell_to_graveyard(game, oid)
        if card is not None:
            # 702.55a: haunt on an instant or sorcery, "when this spell is put into a graveyard during its resolution"
            card_triggers(game, card, "resolved_to_graveyard", {"object": card})
    _after_resolution(game)


def _drop_ghost(game: "Game", oid: int, ghost: bool) -> None:
    """The moved spell put back for its resolution's rest (continue_resolution) is gone again."""
    if ghost and oid in game.state.objects and game.state.objects[oid].zone is Zones.STACK \
            and oid not in game.state.stack:
        del game.state.objects[oid]
        game.state.invalidate()


def _rebound(game: "Game", so: GameObject, res: Resolution) -> bool:
    """702.88a: a spell with rebound cast from its owner's hand is exiled as it resolves, instead of going to the
    graveyard, and a delayed ability will offer to cast it at its owner's next upkeep. Whether it did."""
    if so.spell_copy or so.stack is None or so.stack.cast_from != "hand":
        return False
    rebound = next((st for st in characteristics(game.state, so.id).static if st.kind == "rebound"), None)
    if rebound is None:
        return False
    move(game, so.id, Zones.EXILE, cause="rebound")
    run_effects(res, dict(rebound.params)["effects"])
    return True


def _mode_effects(d: CardDef, picked: list[int], n_specs: int,
                  spliced: Sequence[str] = ()) -> tuple[tuple, tuple[int, ...]]:
    """The chosen modes' effects in order (608.2c), each with where its mode's targets begin among
    the spell's target phrases (700.2: every mode has its own "target" words), then the effects of the cards
    spliced onto it, with their own targets, after the spell's (702.47b)."""
    parts = [d.spell.modes[m] for m in picked] + [card_def(key).spell.modes[0] for key in spliced]
    start = n_specs - sum(len(mode.targets) for mode in parts)     # an Aura's enchant target first
    effects: list = []
    offsets: list[int] = []
    for mode in parts:
        effects.extend(mode.effects)
        offsets.extend([start] * len(mode.effects))
        start += len(mode.targets)
    return tuple(effects), tuple(offsets)


def _spell_to_graveyard(game: "Game", oid: int) -> int | None:
    """608.2n: an instant or sorcery goes to its owner's graveyard; flashback exiles it (702.34a). The card in the
    graveyard, if it went there."""
    so = game.state.objects[oid]
    if so.stack is not None and so.stack.alt in EXILED_FROM_STACK:
        move(game, oid, Zones.EXILE, cause=so.stack.alt)
    elif so.face == 2 and card_layout(so) == "adventure" and not so.spell_copy:
        # 715.3d: an Adventure is exiled as it resolves; its controller may cast the creature from there.
        new = move(game, oid, Zones.EXILE, cause="adventure")
        if new is not None and new in game.state.objects:
            game.state.objects[new].chosen["adventure_of"] = so.controller
    else:
        new = move(game, oid, Zones.GRAVEYARD, cause="resolve")
        if new is not None and new in game.state.objects and game.state.objects[new].zone is Zones.GRAVEYARD:
            return new
    return None


def _finish_resolution(game: "Game", oid: int) -> None:
    s = game.state
    if oid in s.stack:
        s.stack.remove(oid)
        del s.objects[oid]
        changed_off_battlefield(s, zones=(Zones.STACK,))
    _after_resolution(game)


def _after_resolution(game: "Game") -> None:
    """117.3b: after a spell or ability resolves, the active player receives priority; first, the spells its
    effects allowed to be cast during it are cast (608.2g)."""
    s = game.state
    s.task = None
    s.priority = s.active
    s.passes = 0
    start_queued_cast(game)
