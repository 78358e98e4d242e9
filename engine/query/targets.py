"""Targets (115): which objects and players a target phrase can choose, and protection (702.16),
hexproof (702.11) and shroud (702.18)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.core.abilities import Filter, Mode, Ref, TargetSpec, TRIGGER_PLAYER, with_x
from engine.core.cards import CardDef
from engine.core.objects import GameObject, is_player_ref, player_index
from engine.core.enums import PERMANENT_TYPES, WORD_COLORS, Zone, Zones
from engine.core.subtypes import CREATURE_TYPES
from engine.query.amounts import EvalContext, evaluate_amount, info_matches
from engine.query.layers import characteristics, matches_ch, player_statics, statics_of_kind

if TYPE_CHECKING:
    from engine.game import Game
    from engine.core.state import GameState


class SourceInfo:
    """The qualities of a spell or ability's source that protection and hexproof look at; for a triggered ability,
    the player its trigger names ("target creature that player controls": with_trigger_player). `spell`: the
targets are a spell's (its own, or a copy's), not an ability's ("can't be the target of spells", 115.1a-b)."""
    __slots__ = ("id", "controller", "colors", "types", "subtypes", "name", "trigger_player", "spell")

    def __init__(self, id: int | None, controller: int, colors: set[str], types: set[str],
                 subtypes: set[str] = frozenset(), name: str = "", *, spell: bool = False) -> None:
        self.id = id
        self.controller = controller
        self.colors = colors
        self.types = types
        self.subtypes = subtypes
        self.name = name
        self.trigger_player: int | None = None
        self.spell = spell


def with_trigger_player(game: "Game", source: SourceInfo, specs: list[TargetSpec], event: dict[str, Any]) -> SourceInfo:
    """The player whose permanents a target phrase "... that player controls" of a triggered ability may name: the
    one its trigger event names (the player dealt damage, the player whose turn it is, ...)."""
    kinds = [sp.filter.controller[len(TRIGGER_PLAYER):] for sp in specs
             if sp.filter is not None and (sp.filter.controller or "").startswith(TRIGGER_PLAYER)]
    if kinds:
        ctx = EvalContext(game.state, controller=source.controller, source_id=source.id, source_card_id=None,
                          source_name=source.name, targets=[], target_specs=[], event=event)
        players = ctx.players(Ref(kinds[0]))
        source.trigger_player = players[0] if players else None
    return source


def with_counts(game: "Game", specs: list[TargetSpec], source: SourceInfo,
                event: dict[str, Any] | None = None) -> list[TargetSpec]:
    """The target phrases with their number made a number: "up to X target creatures, where X is the number of
    opponents you have" reads X as the targets are chosen (601.2c), from the source (and the trigger event); "X
    target creatures" (min and max alike) is exactly X; a filter's own X ("with toughness X or less, where X is ...",
    `bound`) is that number."""
    if all(sp.count is None and sp.bound is None for sp in specs):
        return specs
    o = game.state.objects.get(source.id) if source.id is not None else None
    ctx = EvalContext(game.state, controller=source.controller, source_id=source.id,
                      source_card_id=o.card_id if o is not None else None, source_name=source.name, targets=[],
                      target_specs=[], kicked=o.kicked if o is not None else 0, event=event)
    out = []
    for sp in specs:
        if sp.count is not None:
            n = max(evaluate_amount(ctx, sp.count), 0)
            sp = replace(sp, min=n if sp.min == sp.max else min(sp.min, n), max=n, count=None)
        if sp.bound is not None:
            # "target creature with toughness X or less, where X is ...": that X now
            sp = with_x(replace(sp, bound=None), max(evaluate_amount(ctx, sp.bound), 0))
        out.append(sp)
    return out


def source_of(game: "Game", oid: int | None, controller: int, *, spell: bool = False) -> SourceInfo:
    s = game.state
    if oid is not None and oid in s.objects:
        ch = characteristics(s, oid)
        return SourceInfo(oid, controller, set(ch.colors), set(ch.types), set(ch.subtypes), ch.name, spell=spell)
    return SourceInfo(oid, controller, set(), set(), spell=spell)


def protected_from(game: "Game", oid: int, source: SourceInfo, *, enchanted_by: bool = False) -> bool:
    """702.16a: does the object have protection from a quality the source has? `enchanted_by`: the source is an
    Aura that would enchant it (702.16c), which a protection that "doesn't remove" that Aura ignores (702.16n)."""
    ch = characteristics(game.state, oid)
    for kw in ch.keywords:
        if kw.name != "protection" or (enchanted_by and kw.sparing and kw.chooser == source.id):
            continue
        q = kw.param
        if q in WORD_COLORS and WORD_COLORS[q].value in source.colors:
            return True
        if q == "everything":
            return True
        if q == "all colors" and source.colors:
            return True
        if q.endswith("s") and q[:-1].capitalize() in source.types:
            return True
        # "the chosen color / player": the choice of the object the keyword names, or its own (614.12)
        chooser = game.state.objects.get(oid if kw.chooser is None else kw.chooser)
        chosen = chooser.chosen if chooser is not None else {}
        if q == "the chosen color" and chosen.get("color") and chosen["color"] in source.colors:
            return True
        if q == "the chosen player" and chosen.get("player") == source.controller:
            return True             # 702.16k: protection from a player (True-Name Nemesis, 614.12)
        if q == "the colors of permanents you control" and chooser is not None \
                and source.colors & _colors_of_permanents(game, chooser.controller):
            return True             # "you": the controller of the granting source, or of the object itself
    return False


def _colors_of_permanents(game: "Game", player: int) -> set[str]:
    """The colors among the permanents a player controls (105.2)."""
    s = game.state
    return {c for p in s.battlefield if s.objects[p].controller == player for c in characteristics(s, p).colors}


def can_attach(game: "Game", oid: int, to: Any) -> bool:
    """701.3a: whether this Aura or Equipment could be attached to that object or player: an Aura by its enchant ability
    (can_enchant), an Equipment to a creature without protection from it (301.5c, 702.16d), either only to what its own
    restriction allows ("~ can be attached only to a creature with power 3 or greater", `attach_allowed`). Nothing else
    can be."""
    s = game.state
    o = s.objects[oid]
    ch = characteristics(s, oid)
    if "Aura" in ch.subtypes:
        return can_enchant(game, oid, to, o.controller) and (not isinstance(to, int) or attach_allowed(game, oid, to))
    t = s.objects.get(to) if isinstance(to, int) else None
    if "Equipment" not in ch.subtypes or t is None or t.zone is not Zones.BATTLEFIELD or to == oid:
        return False
    return characteristics(s, to).is_creature and attach_allowed(game, oid, to) and not protected_from(
        game, to, SourceInfo(oid, o.controller, set(ch.colors), set(ch.types), set(ch.subtypes), ch.name))


def can_enchant(game: "Game", aura: int, to: Any, controller: int) -> bool:
    """303.4d: can the Aura (on the battlefield, or a card about to enter, 303.4i) enchant that object or player
    by its enchant ability and protection (702.16c)?"""
    s = game.state
    ch = characteristics(s, aura)
    kw = ch.keyword("enchant")
    if isinstance(to, str):
        return kw is not None and kw.param in ("player", "opponent")
    t = s.objects.get(to)
    if t is None or t.zone is not Zones.BATTLEFIELD or to == aura:
        return False
    if kw is None:
        return True
    spec = kw.target
    tch = characteristics(s, to)
    if spec.kind == "creature" and not tch.is_creature:
        return False
    if spec.kind == "land" and not tch.is_land:
        return False
    if spec.kind == "artifact" and "Artifact" not in tch.types:
        return False
    if spec.kind == "enchantment" and "Enchantment" not in tch.types:
        return False
    if spec.kind == "planeswalker" and "Planeswalker" not in tch.types:
        return False
    if spec.filter is not None and not matches_ch(s, t, tch, spec.filter, controller, aura):
        return False
    # 702.16c: a permanent with protection can't be enchanted by Auras with that quality.
    return not protected_from(game, to, SourceInfo(aura, controller, set(ch.colors), set(ch.types), set(ch.subtypes),
                                                   ch.name), enchanted_by=True)


def attach_allowed(game: "Game", oid: int, to: int) -> bool:
    """ "~ can be attached only to a creature with power 3 or greater": what the permanent's own restriction lets it be
    attached to (701.3a-b: an effect doesn't move it elsewhere; 704.5n: it becomes unattached from anything else)."""
    s = game.state
    only = [st.params[0] for st in characteristics(s, oid).static if st.kind == "attach_only"]
    if not only:
        return True
    t = s.objects.get(to)
    return t is not None and all(matches_ch(s, t, characteristics(s, to), f, s.objects[oid].controller, oid)
                                 for f in only)


def can_be_targeted_by(game: "Game", oid: int, source: SourceInfo) -> bool:
    if game.state.objects[oid].zone is Zones.GRAVEYARD:
        # "Cards in graveyards can't be the targets of spells or abilities" (Ground Seal): a permanent's static
        # ability, by the rule's controller
        return not any(_forbids_targeting(dict(st.params), game.state.objects[src].controller, source)
                       for src, st in statics_of_kind(game.state, "cant_target_in_graveyards"))
    if game.state.objects[oid].zone is not Zones.BATTLEFIELD:
        # 702.11b, 702.18a, 702.16b: hexproof, shroud and protection stop targeting of a permanent only;
        # a creature spell with hexproof on the stack can be countered.
        return True
    ch = characteristics(game.state, oid)
    if ch.has("shroud"):
        return False
    if ch.has("hexproof") and source.controller != ch.controller:
        return False
    if protected_from(game, oid, source):
        return False
    rules = ch.extra.get("cant_be_targeted", ())
    return not any(_forbids_targeting(rule, controller, source) for controller, rule in rules)


def _forbids_targeting(rule: dict[str, Any], controller: int, source: SourceInfo) -> bool:
    """ "~ can't be the target of black or red spells your opponents control", "... of abilities from artifact
    sources": whether this source's spell or ability is one the rule names. `controller` is the rule's: "your
    opponents" are that player's (109.5). A spell's colors and types are its own; an ability's are its source's."""
    by = rule.get("by", "both")
    if by != "both" and (by == "spells") != source.spell:
        return False
    if rule.get("opponents") and source.controller == controller:
        return False
    colors, not_colors = set(rule.get("colors") or ()), set(rule.get("not_colors") or ())
    if colors and not colors & source.colors or not_colors & source.colors:
        return False
    types, subtypes = set(rule.get("types") or ()), set(rule.get("subtypes") or ())
    return not (types and not types & source.types or subtypes and not subtypes & source.subtypes)


def player_can_be_targeted(game: "Game", player: int, source: SourceInfo) -> bool:
    if player_statics(game.state, player, "player_shroud"):
        return False                                   # "You have shroud" (702.18a)
    if player_has_hexproof(game, player) and source.controller != player:
        return False
    return not game.state.players[player].lost


_OBJECT_KINDS = {
    "creature": {"Creature"}, "planeswalker": {"Planeswalker"}, "creature_or_planeswalker": {"Creature", "Planeswalker"},
    "any": {"Creature", "Planeswalker", "Battle"}, "creature_or_player": {"Creature"},
    "player_or_planeswalker": {"Planeswalker"}, "permanent": None, "artifact": {"Artifact"},
    "enchantment": {"Enchantment"}, "land": {"Land"}, "artifact_or_enchantment": {"Artifact", "Enchantment"},
    "opponent_or_planeswalker": {"Planeswalker"},
}
_PLAYER_KINDS = {"any", "player", "opponent", "creature_or_player", "player_or_planeswalker", "opponent_or_planeswalker"}
_ABILITY_KINDS = ("ability", "activated_ability", "triggered_ability", "spell_or_ability")


def is_legal_target(game: "Game", spec: TargetSpec, target: Any, source: SourceInfo) -> bool:
    s = game.state
    if is_player_ref(target):
        if spec.kind not in _PLAYER_KINDS:
            return False
        idx = player_index(target)
        if idx >= len(s.players):
            return False
        if spec.kind in ("opponent", "opponent_or_planeswalker") and idx == source.controller:
            return False
        if spec.filter is not None and spec.filter.controller == "you" and idx != source.controller:
            return False
        if spec.filter is not None and spec.filter.controller == "opponent" and idx == source.controller:
            return False
        return player_can_be_targeted(game, idx, source)
    if not isinstance(target, int) or target not in s.objects:
        return False
    o = s.objects[target]
    if o.is_ability and spec.kind not in _ABILITY_KINDS:
        return False        # an ability on the stack is only ever a target of "target ability" phrases
    ch = characteristics(s, target) if not o.is_ability else None      # an ability has no characteristics
    if spec.kind == "spell" or (spec.kind == "spell_or_permanent" and o.zone is Zones.STACK):
        if o.zone is not Zones.STACK or o.is_ability:
            return False
        if source.id == target:
            return False      # 115.5: a spell can't target itself
        return matches_ch(s, o, ch, spec.filter, source.controller, source.id) and can_be_targeted_by(game, target, source)
    if spec.kind in _ABILITY_KINDS:
        if o.zone is not Zones.STACK or source.id == target or (spec.kind != "spell_or_ability" and not o.is_ability):
            return False
        if spec.kind in ("activated_ability", "triggered_ability") and \
                o.stack.ability_kind != spec.kind.split("_")[0]:
            return False
        # "you control": the only filter an ability itself has (abilities have no other characteristics); any other
        # describes its source ("from an artifact source").
        if spec.filter is not None and replace(spec.filter, controller=None) != Filter() and \
                not _ability_source_matches(s, o, replace(spec.filter, controller=None), source.controller):
            return False
        return spec.filter is None or spec.filter.controller is None or \
            (o.controller == source.controller) == (spec.filter.controller == "you")
    if spec.kind == "card":
        if o.zone.value != spec.zone or (o.zone is Zones.EXILE and o.face_down):
            return False        # a card exiled face down shows nothing that could make it a target (406.3)
        return matches_ch(s, o, ch, spec.filter, source.controller, source.id) and can_be_targeted_by(game, target, source)
    if spec.kind in _PLAYER_KINDS and spec.kind not in _OBJECT_KINDS:
        return False
    if o.zone is not Zones.BATTLEFIELD or o.phased_out:
        return False
    types = _OBJECT_KINDS.get(spec.kind)
    if types is not None and not (types & ch.types):
        return False
    flt = spec.filter
    if flt is not None and (flt.controller or "").startswith(TRIGGER_PLAYER):
        if ch.controller != source.trigger_player:
            return False        # "target creature that player controls" (with_trigger_player)
        flt = replace(flt, controller=None)
    if not matches_ch(s, o, ch, flt, source.controller, source.id):
        return False
    return can_be_targeted_by(game, target, source)


def _ability_source_matches(s: "GameState", ability: GameObject, flt: Filter, controller: int) -> bool:
    """ "target activated ability from an artifact source": the ability's source as it is, or as it last existed on
    the battlefield if it has left (113.7a)."""
    if ability.stack is None or not isinstance(ability.stack.source_id, int):
        return False
    sid = ability.stack.source_id
    src = s.objects.get(sid)
    if src is not None and not src.is_ability:
        return matches_ch(s, src, characteristics(s, sid), flt, controller, None)
    # gone: as it was when the ability was activated from the battlefield (a sacrifice cost, 602.2b)
    info = ability.stack.event.get("source_lki") or s.lki.get(str(sid))
    return isinstance(info, dict) and info_matches(info, flt, controller)


def chosen_elsewhere(spec: TargetSpec, groups: list[list[Any]] | tuple) -> set[str]:
    """The targets chosen for the earlier phrases this "another target" phrase must differ from (115.3), as text."""
    return {str(t) for j in spec.other_than if j < len(groups) for t in groups[j]}


def owned_as_said(game: "Game", spec: TargetSpec, groups: list[list[Any]] | tuple, group: list | tuple) -> bool:
    """Whether the cards chosen for this phrase are owned by the player chosen for the earlier phrase it names ("target
    player shuffles up to three target cards from their graveyard", 601.2c); whether the permanents chosen have the
    same controller as the one chosen for the earlier phrase it names ("another target creature with the same
    controller")."""
    s = game.state
    if spec.controller_target is not None:
        # the player chosen for that phrase, or the controller of the permanent chosen for it
        earlier = groups[spec.controller_target] if spec.controller_target < len(groups) else []
        controllers = {player_index(t) if is_player_ref(t) else s.objects[t].controller for t in earlier
                       if is_player_ref(t) or (isinstance(t, int) and t in s.objects)}
        if len(controllers) != 1 or not all(isinstance(t, int) and t in s.objects and s.objects[t].controller in
                                            controllers for t in group):
            return False
    if spec.owner_target is None:
        return True
    players = [player_index(p) for p in groups[spec.owner_target] if is_player_ref(p)] \
        if spec.owner_target < len(groups) else []
    return all(isinstance(t, int) and t in s.objects and [s.objects[t].owner] == players for t in group)


def legal_targets(game: "Game", spec: TargetSpec, source: SourceInfo) -> list[Any]:
    s = game.state
    out: list[Any] = []
    if spec.kind == "spell" or spec.kind in _ABILITY_KINDS:
        pool = list(reversed(s.stack))
    elif spec.kind == "spell_or_permanent":
        pool = list(reversed(s.stack)) + list(s.battlefield)
    elif spec.kind == "card":
        zone = Zone(spec.zone)
        if zone in (Zones.GRAVEYARD, Zones.HAND, Zones.LIBRARY):
            pool = [oid for p in s.players for oid in p.zone_list(zone)]
        else:
            pool = list(s.zone_list(zone))
    else:
        pool = list(s.battlefield)
    for oid in pool:
        if is_legal_target(game, spec, oid, source):
            out.append(oid)
    if spec.kind in _PLAYER_KINDS:
        for p in s.players:
            if is_legal_target(game, spec, p.ref, source):
                out.append(p.ref)
    return out


def player_has_hexproof(game: "Game", player: int) -> bool:
    """ "You have hexproof" (702.11c)."""
    return bool(player_statics(game.state, player, "player_hexproof"))


def attack_targets(game: "Game") -> list[Any]:
    """506.2, 802.2-802.3: what the active player's creatures may attack: each opponent still in the game
    (in a multiplayer game every opponent is a defending player: the attack multiple players option, 806.2b)
    and the planeswalkers they control. The players first, in turn order."""
    s = game.state
    defenders = s.opponents(s.active)
    out: list[Any] = [f"P{p}" for p in defenders]
    for oid in s.battlefield:
        o = s.objects[oid]
        if o.controller in defenders and "Planeswalker" in characteristics(s, oid).types:
            out.append(oid)
    return out


def attacked_player(game: "Game", target: Any) -> int:
    """802.2a: the defending player of a creature attacking `target`: that player, or the controller of
    that planeswalker."""
    if is_player_ref(target):
        return player_index(target)
    return game.state.objects[target].controller


def note_defender(game: "Game", attacker: int, target: Any) -> None:
    """Records the defending player of an attacker when more than one player can be attacked (802.2a)."""
    s = game.state
    if len(s.opponents(s.active)) > 1 and target is not None:
        s.combat.defenders[attacker] = attacked_player(game, target)


def target_name(game: "Game", t: Any) -> str:
    if is_player_ref(t):
        return game.state.players[player_index(t)].name
    if isinstance(t, int) and t in game.state.objects:
        return characteristics(game.state, t).name
    return "nothing"


def spell_modes(d: CardDef) -> tuple[Mode, ...]:
    if d.spell is not None:
        return d.spell.modes
    return ()


def aura_target(ch) -> TargetSpec | None:
    """303.4a: an Aura spell targets what its enchant ability allows."""
    if "Aura" not in ch.subtypes:
        return None
    kw = ch.keyword("enchant")
    if kw is None:
        return None
    return kw.target


def required_targets(specs: list[TargetSpec], kicked: int | bool) -> list[TargetSpec]:
    """601.2c: the target phrases as cast: one the spell requires only if it was kicked (or only if it wasn't)
    requires no target otherwise, and keeps its place so the instructions' references stay put."""
    return [replace(sp, min=0, max=0) if sp.only_if is not None and bool(kicked) == sp.only_if.negate else sp
            for sp in specs]


def target_specs_for(d: CardDef, aura: TargetSpec | None, modes: list[int]) -> list[TargetSpec]:
    """The target phrases of a spell with these modes chosen (601.2b-c): its Aura target first."""
    specs: list[TargetSpec] = []
    if aura is not None:
        specs.append(aura)
    all_modes = spell_modes(d)
    if all_modes:
        picked = modes if (d.spell and d.spell.modal) else [0]
        for m in picked:
            specs.extend(all_modes[m].targets)
    return specs


def share_a_type(game: "Game", spec: TargetSpec, group: list | tuple) -> bool:
    """ "two target permanents that share a card type" (601.2c): the objects chosen have a card type (or, "a permanent
    type", one of those, 110.4; "a creature type", 205.3m) in common; any phrase without that requirement is met."""
    if not spec.shared_type:
        return True
    s = game.state
    if spec.shared_type == "creature":
        # "that share a creature type" (205.3m); one left, the others gone, has nothing to share with (608.2b)
        subtypes = [set(characteristics(s, t).subtypes) & CREATURE_TYPES for t in group
                    if isinstance(t, int) and t in s.objects]
        return len(subtypes) < 2 or bool(set.intersection(*subtypes))
    kinds = [set(characteristics(s, t).types) for t in group if isinstance(t, int) and t in s.objects]
    common = set.intersection(*kinds) if kinds else set()
    return bool(common & PERMANENT_TYPES if spec.shared_type == "permanent" else common)


def one_players(game: "Game", group: list | tuple) -> bool:
    """Whether the cards chosen are all one player's ("target cards from a single graveyard", 601.2c)."""
    s = game.state
    return len({s.objects[t].owner for t in group if isinstance(t, int) and t in s.objects}) <= 1


def within_total_mana_value(game: "Game", spec: TargetSpec, group: list | tuple) -> bool:
    """Whether the targets chosen have at most the total mana value the phrase allows ("up to three target creature
    cards with total mana value 3 or less", 601.2c)."""
    if spec.max_total_mana_value is None:
        return True
    s = game.state
    return sum(characteristics(s, t).mana_value for t in group
               if isinstance(t, int) and t in s.objects) <= spec.max_total_mana_value


def describe_target(game: "Game", t: Any) -> str:
    if isinstance(t, str) and t.startswith("P") and t[1:].isdigit() and int(t[1:]) < len(game.state.players):
        return game.state.players[int(t[1:])].name
    if isinstance(t, int) and t in game.state.objects:
        return characteristics(game.state, t).name
    return repr(t)


def targets_text(game: "Game", targets: list[list]) -> str:
    flat = [t for g in targets for t in g]
    if not flat:
        return ""
    return " targeting " + ", ".join(describe_target(game, t) for t in flat)
