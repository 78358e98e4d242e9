"""Replacement and prevention effects (614-616). The core engine routes damage through here so that
prevention (615) and damage-modifying replacement effects (614.1) apply in one place."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import hooks
from engine.query.layers import (changed_counters, characteristics, definition_of, filter_from_json, matches_ch,
                                 statics_of_kind)
from engine.query.targets import protected_from, SourceInfo
from engine.core.state import Decision, GameState, NeedDecision
from engine.core.enums import Zone, DecisionKinds, Zones
from engine.core.events import Event

if TYPE_CHECKING:
    from engine.game import Game


def modify_damage(game: "Game", source: dict[str, Any], recipient: Any, amount: int, combat: bool) -> int:
    """Applies prevention and replacement effects to damage about to be dealt; returns the amount.
    Damage that can't be prevented (615.12) is marked in `source` for the prevention modifiers, which then
    neither prevent it nor use their shields up; protection's prevention (702.16e) doesn't apply either."""
    if any(e.params.get("kind") == "damage_unpreventable" for e in game.state.effects):
        source = {**source, "unpreventable": True}
    if not source.get("unpreventable") and _protection_prevents(game, source, recipient):
        return 0
    for modifier in hooks.damage_modifiers(game):
        amount = modifier(game, source, recipient, amount, combat)
        if amount <= 0:
            return 0
    return amount


def would_die(game: "Game", oid: int) -> bool:
    """Replacement effects on a permanent about to be destroyed or die ("if ~ would die, instead").
    Returns True if the event was replaced. When one of these and a graveyard replacement both apply,
    the affected player chooses (616.1)."""
    found = [h for h in hooks.DIE_REPLACEMENTS if h.applies(game, oid)]
    if not found:
        return False
    sources = [h.applies(game, oid) for h in found]
    graveyard = [src for src, _ in graveyard_options(game, oid)]
    if graveyard:
        pick = choose_replacement(game, oid, sources + graveyard)
        if pick in graveyard:
            game.state.turn_log.setdefault("replacement_choice", {})[str(game.state.objects[oid].card_id)] = pick
            return False
        return found[sources.index(pick)](game, oid)
    return found[0](game, oid)


def entered_battlefield(game: "Game", oid: int | None) -> None:
    """Applies what happens as a permanent enters (614.1c-d, 614.12): enters tapped, with counters,
    "as ~ enters" choices. Planeswalkers enter with their printed loyalty (306.5b), less for compleated (702.150a)."""
    if oid is None:
        return
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    if "Planeswalker" in ch.types and ch.loyalty is not None and "loyalty" not in o.counters:
        # 702.150a: compleated, two fewer for each Phyrexian symbol its caster paid with life
        fewer = 2 * o.chosen.get("phyrexian_life", 0) if ch.has("compleated") else 0
        o.counters["loyalty"] = max(0, ch.loyalty - fewer)
        changed_counters(s, oid, "loyalty")
    for hook in hooks.ETB_HOOKS:
        hook(game, oid)
    o = s.objects.get(oid)
    if o is not None and o.zone is Zones.BATTLEFIELD and isinstance(o.attached_to, int) and o.attached_to in s.objects:
        became_attached(game, oid)      # an Aura entering attached becomes attached to that permanent (303.4f, 603.2e)


def became_attached(game: "Game", oid: int) -> None:
    """The event of `oid` becoming attached to the permanent it's attached to now (701.3a): "object" is that permanent,
    "source" what became attached to it (as "unattached" has them)."""
    s = game.state
    host = s.objects[oid].attached_to
    game.emit(Event("attach", {"object": host, "source": oid},
                    f"{characteristics(s, oid).name} is attached to {characteristics(s, host).name}"))


def replacement_sources_last(game: "Game", oids: list[int]) -> list[int]:
    """Permanents that leave the battlefield at the same time (a Wrath, one state-based check) are
    moved one by one; the sources of "would die" / "would be put into a graveyard" replacement effects
    go last, so that their effects still apply to the others (614.1a: Kalitas dying in the same Wrath
    still exiles the opponent's creatures)."""
    s = game.state

    def replaces(oid: int) -> bool:
        return oid in s.objects and any(st.kind in ("would_die_instead", "graveyard_to_exile", "dies_to_exile")
                                        for st in characteristics(s, oid).static)
    return sorted(oids, key=replaces)


def _protection_prevents(game: "Game", source: dict[str, Any], recipient: Any) -> bool:
    """702.16e: damage from a source with a quality the recipient has protection from is prevented."""
    if not isinstance(recipient, int) or recipient not in game.state.objects:
        return False
    src = SourceInfo(source.get("id"), source.get("controller", 0), set(source.get("colors", ())),
                     set(source.get("types", ())), set(source.get("subtypes", ())), source.get("name", ""))
    return protected_from(game, recipient, src)


_OWN_GRAVEYARD_REPLACEMENTS = {"graveyard_to_library_shuffle": "shuffle", "graveyard_to_exile_self": "exile"}


def graveyard_options(game: "Game", oid: int) -> list[tuple[int, str]]:
    """614.1a replacement effects that apply to a card or token about to be put into a graveyard:
    (source id, "exile") for Rest in Peace / Leyline of the Void, (its own id, "shuffle") for
    Darksteel Colossus, whose ability works from any zone."""
    s = game.state
    o = s.objects[oid]
    out: list[tuple[int, str]] = []
    for st in definition_of(o).static:
        # its own "if ~ would be put into a graveyard from anywhere, ... instead" works in every zone
        if st.kind in _OWN_GRAVEYARD_REPLACEMENTS:
            out.append((oid, _OWN_GRAVEYARD_REPLACEMENTS[st.kind]))
    if o.zone is Zones.BATTLEFIELD:
        # "if that creature would die this turn, exile it instead" (614.1a, an effect with a duration)
        for e in s.effects:
            if e.params.get("kind") == "exile_if_dies" and ((e.affected and oid in e.affected) or (
                    e.params.get("every_creature") and characteristics(s, oid).is_creature)):
                out.append((e.source_id if e.source_id is not None else oid, "exile"))
                break
        out.extend((src, "exile") for src in _by_timestamp(s, "dies_to_exile") if _exiled_if_it_dies(s, oid, src))
    for e in s.effects:
        # "If a card would be put into your graveyard from anywhere this turn, exile that card instead" (614.1a)
        if e.params.get("kind") == "graveyard_to_exile" and e.params.get("of_player", o.owner) == o.owner and \
                matches_ch(s, o, characteristics(s, oid), filter_from_json(e.params["filter"]), e.controller, None):
            out.append((e.source_id if e.source_id is not None else oid, "exile"))
            break
    for src in _by_timestamp(s, "graveyard_to_exile"):
        so = s.objects[src]
        for st in characteristics(s, src).static:
            if st.kind != "graveyard_to_exile":
                continue
            whose = dict(st.params).get("owner", "any")
            if (whose == "opponent" and o.owner == so.controller) or (whose == "you" and o.owner != so.controller):
                continue
            if st.affected.filter is not None and not matches_ch(s, o, characteristics(s, oid), st.affected.filter,
                                                                 so.controller, src):
                continue        # "an instant or sorcery card": as it is where it comes from
            out.append((src, "exile"))
            break
    return out


def _by_timestamp(s: GameState, kind: str) -> list[int]:
    """The permanents with a static ability of this kind, in timestamp order (those without one apply nothing)."""
    return sorted(dict.fromkeys(oid for oid, _ in statics_of_kind(s, kind)), key=lambda x: s.objects[x].timestamp)


def _exiled_if_it_dies(s: GameState, oid: int, src: int) -> bool:
    """A static "If <what> would die, exile it instead" of the permanent `src` applies to the permanent `oid`
    about to die (614.1a, 700.4): "If ~ would die", "If a creature an opponent controls would die", "If a
    creature dealt damage by ~ this turn would die" (the damage dealt this turn is in the turn log)."""
    so = s.objects[src]
    for st in characteristics(s, src).static:
        if st.kind != "dies_to_exile":
            continue
        if st.affected.kind == "self":
            hit = src == oid
        else:
            hit = matches_ch(s, s.objects[oid], characteristics(s, oid), st.affected.filter, so.controller, src)
        by = dict(st.params).get("damaged_by")
        if hit and by is not None:
            dealer = src if by == "self" else so.attached_to
            hit = dealer in s.turn_log.get("damaged_objects", {}).get(str(oid), ())
        if hit:
            return True
    return False


def choose_replacement(game: "Game", oid: int, sources: list[int]) -> int:
    """616.1: when several replacement effects apply to one event, the affected object's controller
    (its owner if no one controls it) chooses one; the others may apply afterwards (616.1f), which for
    these events means not at all. Outside a resolution or state-based check, where a question can't
    be asked, the first applies."""
    if len(sources) == 1:
        return sources[0]
    s = game.state
    o = s.objects[oid]
    key = str(o.card_id)
    made = s.turn_log.get("replacement_choice", {})
    if made.get(key) in sources:
        return made.pop(key)
    if not game.asking:
        return sources[0]
    who = o.controller if o.zone.value in ("battlefield", "stack") else o.owner
    name = characteristics(s, oid).name
    raise NeedDecision(Decision(who, DecisionKinds.CHOOSE,
                                f"Several replacement effects apply to {name}: choose the one to apply",
                                list(sources), 1, 1, {"choice": "replacement", "object": key}))


def exiled_instead_of_entering(game: "Game", oid: int, cast: bool) -> bool:
    """614.1a: "If a nontoken creature would enter and it wasn't cast, exile it instead" (Containment Priest): a
    permanent of the static's filter about to enter the battlefield other than as a spell that was cast resolving."""
    if cast:
        return False
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    return any(st.kind == "uncast_entering_exiled" and matches_ch(s, o, ch, st.affected.filter, s.objects[src].controller, src)
               for src in s.battlefield for st in characteristics(s, src).static)


def redirect_from_graveyard(game: "Game", oid: int) -> tuple["Zone", bool]:
    """Where a card about to be put into a graveyard goes instead, and whether its library is then
    shuffled (see graveyard_options and choose_replacement)."""
    options = graveyard_options(game, oid)
    if not options:
        return Zones.GRAVEYARD, False
    pick = choose_replacement(game, oid, [src for src, _ in options])
    kind = dict(options)[pick]
    return (Zones.LIBRARY, True) if kind == "shuffle" else (Zones.EXILE, False)


def command_zone_instead(game: "Game", oid: int, to: Zone) -> Zone:
    """903.9b: a commander that would be put into its owner's hand or library may be put into the command
    zone instead, as its owner chooses ("yes"/"no"). Outside a resolution or a state-based check, where a
    question can't be asked, the owner takes the command zone (the choice players make)."""
    s = game.state
    o = s.objects[oid]
    key = f"commander:{o.card_id}"
    made = s.turn_log.get("replacement_choice", {})
    if made.get(key) in ("yes", "no"):
        return Zones.COMMAND if made.pop(key) == "yes" else to
    if not game.asking:
        return Zones.COMMAND
    name = characteristics(s, oid).name
    raise NeedDecision(Decision(o.owner, DecisionKinds.CHOOSE,
                                f"{name} would be put into your {to.value}: put it into the command zone instead?",
                                ["yes", "no"], 1, 1, {"choice": "replacement", "object": key}))
