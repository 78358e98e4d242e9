"""Prevention and replacement effects in spells and abilities (614, 615): "prevent the next 3 damage
that would be dealt to any target this turn", "prevent all combat damage that would be dealt to and
dealt by that creature this turn", "prevent all combat damage that would be dealt this turn" (Fog),
"the next time a red source of your choice would deal damage to you this turn, prevent that damage".

"the next time a source of your choice would deal damage this turn, that damage is dealt to ~ instead", "if a source
you control would deal damage to an opponent this turn, it deals double that damage to that player instead".

The rules are added to the effect grammar (verbs.G); the static replacement abilities of permanents
("if ~ would die, exile it instead", "enters tapped unless ...") are read in statics.py, which takes the phrases of
damage changed instead from here (damage_sources_named, damage_recipients, damage_change)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.core.abilities import Amount, Effect, Filter, Ref, SELF, TargetSpec, YOU
from engine.core.effect_types import (CantBeRegenerated, ChangeDamage, CreateTokens, DamageCantBePrevented, DealDamage,
                                      ExileIfDiesThisTurn, ExileTop, GainLife, GroupRule, LoseLife, PreventDamage,
                                      PreventDamageTo, PreventedThisWay, PreventNextFromChosenSource, PutOntoBattlefield,
                                      RedirectDamage, ReplaceNextDraw)
from engine.oracle.grammar import Context
from engine.oracle.phrases import CARD_TYPES, object_filter, parse_desc, parse_objects
from engine.oracle.text import number
from engine.oracle.amounts import amount_clause
from engine.oracle.verbs import G, parse_effects


def _recipients(ctx: Context, text: str) -> tuple[Ref, ...] | None:
    """Who a shield is on: objects and players ("any target", "target creature", "~", "you"); the
    source whose damage is prevented, for "dealt by"."""
    if text == "you":
        return (YOU,)
    if text == "~":
        return (SELF,)
    if text == "players":
        return (Ref("each_player"),)
    last = ctx.last[0] if ctx.last is not None and len(ctx.last) == 1 else None
    if text == "that permanent or player" and last is not None and last.kind == "target" \
            and ctx.targets[last.index].kind == "any":
        return (last,)      # "any target" named again (Orim's Touch)
    if text == "creatures other than target creature":
        # "Prevent all combat damage that would be dealt by creatures other than target creature this turn": every
        # creature's but the target's (engine.effects.prevention: the group's exception)
        ctx.add_target(TargetSpec("creature", text="target creature"))
        return (Ref("all", filter=Filter(types=frozenset({"Creature"})), key="but_the_targets"),)
    other = re.match(r"^creatures other than (.+)$", text)
    if other:
        # "creatures other than Werewolves and Wolves" (Moonmist): the creatures of none of those types
        kinds = parse_objects(ctx, other.group(1))
        f = kinds[0].filter if kinds and len(kinds) == 1 and kinds[0].kind == "all" else None
        if f is None or not f.subtypes or replace(f, subtypes=frozenset()) != Filter():
            return None
        return (Ref("all", filter=Filter(types=frozenset({"Creature"}), not_subtypes=f.subtypes)),)
    return parse_objects(ctx, text)


def _shields(refs: tuple[Ref, ...], amount: Amount | None, combat: bool, by: bool = False) -> tuple[Effect, ...]:
    return tuple(PreventDamageTo(r, amount, combat, by) for r in refs)


G.parsers["recipient"] = _recipients


@G.rule("prevent the next {n:count} damage that would be dealt to {who:recipient} this turn")
def _prevent_next(ctx: Context, n: Amount, who: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return _shields(who, n, False)


@G.rule("prevent the next {n:count} combat damage that would be dealt to {who:recipient} this turn")
def _prevent_next_combat(ctx: Context, n: Amount, who: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return _shields(who, n, True)       # 615.7: a shield only combat damage uses up


@G.rule("prevent the next {n:count} damage that would be dealt by {who:recipient} this turn")
def _prevent_next_by(ctx: Context, n: Amount, who: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if any(r.kind == "all" for r in who):
        return None
    return _shields(who, n, False, by=True)     # 615.7: a shield on the damage a source deals


# What a group's filter can't say without the object that names it (checked as damage is dealt, it has none)
_SOURCE_RELATIVE = Filter(other=True, blocking_source=True, blocked_by_source=True, banded_with_source=True,
                          dealt_damage_to_you=True, lesser_power_than_source=True, max_mana_value_x=True, chosen="x")


# The combat statuses of a group of creatures ("unblocked creatures", "attacking creatures"): only permanents on the
# battlefield have them (506.4)
_IN_COMBAT = ("attacking", "blocking", "attacking_or_blocking", "unblocked", "blocked")


def checked_as_dealt(r: Ref, combat: bool) -> bool:
    """A group of permanents ("creatures your opponents control", "unblocked creatures", "creatures without
    trample"): the effect checks each source as damage is dealt (611.2c; engine.effects.prevention). Combat damage
    is dealt by permanents on the battlefield (510.2), so a group of combat damage sources is checked there; other
    damage may come from a permanent gone (609.7), which is known by card type, controller and keywords only
    ("creatures with flying"), or by a combat status ("unblocked creatures"): a permanent gone is in no combat
    (506.4). A group of sources in any zone ("non-Human sources", spells too) is `any_sources`."""
    f = r.filter
    if f is None or not f.types or any(getattr(f, k) != getattr(Filter(), k) and getattr(_SOURCE_RELATIVE, k)
                                       != getattr(Filter(), k) for k in Filter.__dataclass_fields__):
        return False
    return combat or replace(f, types=frozenset(), controller=None, keyword=None, without_keyword=None,
                             **{k: getattr(Filter(), k) for k in _IN_COMBAT if getattr(f, k) is True}) == Filter()



def _prevent_all(combat: bool, by: bool):
    def build(ctx: Context, who: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
        if by and any(r.kind == "all" and not checked_as_dealt(r, combat) for r in who):
            return None
        return _shields(who, None, combat, by)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"prevent all {_kind} that would be dealt to {{who:recipient}} this turn",
           f"prevent all {_kind} that would be dealt this turn to {{who:recipient}}")(_prevent_all(_combat, False))
    G.rule(f"prevent all {_kind} that would be dealt by {{who:recipient}} this turn",
           f"prevent all {_kind} that would be dealt this turn by {{who:recipient}}",
           f"prevent all {_kind} {{who:recipient}} would deal this turn")(_prevent_all(_combat, True))


def _one_source(ctx: Context, text: str) -> Ref | None:
    """ "target creature", "target attacking creature": the one object whose damage is meant."""
    refs = parse_objects(ctx, text) if text.startswith("target ") else None
    return refs[0] if refs is not None and len(refs) == 1 and refs[0].kind == "target" else None


G.parsers["one_source"] = _one_source


def _prevent_from_one(combat: bool):
    """615.1a: "Prevent all damage that would be dealt to ~ by target creature this turn": that object's damage only."""
    def build(ctx: Context, who: tuple[Ref, ...], src: Ref) -> tuple[Effect, ...] | None:
        if any(r.kind == "all" for r in who):
            return None
        return tuple(PreventDamageTo(r, None, combat, source=src) for r in who)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"prevent all {_kind} that would be dealt to {{who:recipient}} by {{src:one_source}} this turn",
           f"prevent all {_kind} that would be dealt to {{who:recipient}} this turn by {{src:one_source}}")(
        _prevent_from_one(_combat))


def _prevent_from_group(combat: bool):
    """615.1a: "Prevent all damage that creatures would deal to players this turn": the damage of the group's sources
    only, each checked as the damage is dealt (as `checked_as_dealt`), to each recipient named."""
    def build(ctx: Context, who: tuple[Ref, ...], by: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
        if len(by) != 1 or by[0].kind != "all" or not checked_as_dealt(by[0], combat) or any(
                r.kind == "all" and not checked_as_dealt(r, True) for r in who):
            return None
        return tuple(PreventDamageTo(r, None, combat, sources=by[0].filter) for r in who)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"prevent all {_kind} that {{by:recipient}} would deal to {{who:recipient}} this turn",
           f"prevent all {_kind} that would be dealt to {{who:recipient}} this turn by {{by:recipient}}",
           f"prevent all {_kind} that would be dealt to {{who:recipient}} by {{by:recipient}} this turn")(
        _prevent_from_group(_combat))


# What is known of a source in any zone, one gone too (609.7: its last known types, colors and controller)
_ANY_ZONE_FIELDS = frozenset({"types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes", "colors",
                              "not_colors", "colorless", "controller"})


def _sources_anywhere(ctx: Context, text: str) -> Filter | None:
    """ "red sources", "colorless sources", "non-Human sources", "sources you don't control": a group of sources in
    any zone (spells and cards too, not only permanents), each checked as the damage is dealt (611.2c, 609.7)."""
    if not re.search(r"\bsources\b", text):
        return None
    d = parse_desc(re.sub(r"\bnon-", "non", text.lower()))
    if d is None or d.zone or d.nouns != {"source"}:
        return None
    f = object_filter(d)
    if f.controller not in (None, "you", "opponent") or any(
            getattr(f, k) != getattr(Filter(), k) for k in Filter.__dataclass_fields__ if k not in _ANY_ZONE_FIELDS):
        return None
    return f


G.parsers["any_sources"] = _sources_anywhere


def _prevent_from_sources(combat: bool):
    """615.1a: "Prevent all damage that would be dealt this turn by non-Human sources", "... to that creature this turn
    by colorless sources": the damage of the group's sources only, wherever they are, to anyone or to each recipient
    named."""
    def build(ctx: Context, by: Filter, who: tuple[Ref, ...] | None = None) -> tuple[Effect, ...] | None:
        if who is None:
            return (PreventDamageTo(Ref("all", filter=by), None, combat, by=True, any_zone=True),)
        if any(r.kind == "all" and not checked_as_dealt(r, True) for r in who):
            return None
        return tuple(PreventDamageTo(r, None, combat, sources=by, any_zone=True) for r in who)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"prevent all {_kind} that would be dealt by {{by:any_sources}} this turn",
           f"prevent all {_kind} that would be dealt this turn by {{by:any_sources}}",
           f"prevent all {_kind} {{by:any_sources}} would deal this turn",
           f"prevent all {_kind} that would be dealt to {{who:recipient}} this turn by {{by:any_sources}}",
           f"prevent all {_kind} that would be dealt to {{who:recipient}} by {{by:any_sources}} this turn",
           f"prevent all {_kind} that would be dealt this turn to {{who:recipient}} by {{by:any_sources}}")(
        _prevent_from_sources(_combat))


@G.rule("prevent all combat damage that would be dealt to and dealt by {who:recipient} this turn")
def _prevent_to_and_by(ctx: Context, who: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    if any(r.kind == "all" and not checked_as_dealt(r, True) for r in who):
        return None
    return _shields(who, None, True) + _shields(who, None, True, by=True)


@G.rule("prevent all damage that would be dealt to and dealt by {who:recipient} until your next turn")
def _prevent_to_and_by_until_your_next_turn(ctx: Context, who: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """615.1a: "Until your next turn, prevent all damage that would be dealt to and dealt by target permanent an
    opponent controls" (Kiora, the Crashing Wave): two shields on one object, lasting until its controller's next turn
    begins (611.2a)."""
    if any(r.kind == "all" for r in who):
        return None
    return tuple(replace(e, duration="your_next_turn") for e in _shields(who, None, False) + _shields(who, None, False,
                                                                                                       by=True))


@G.rule("prevent all combat damage that would be dealt {d:dur}")
def _fog(ctx: Context, d: str) -> tuple[Effect, ...] | None:
    return (PreventDamage(True, d),)


@G.rule("prevent all damage that would be dealt {d:dur}")
def _prevent_all_damage(ctx: Context, d: str) -> tuple[Effect, ...] | None:
    return (PreventDamage(False, d),)


@G.rule("{what:obj} can't be regenerated this turn[,] and if it would die this turn, exile it instead")
def _no_regeneration_exile_instead(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    # 701.19c and 614.1a, both on the same objects until the turn ends (Disintegrate)
    return tuple(e for r in what for e in (CantBeRegenerated(r), ExileIfDiesThisTurn(r)))


@G.rule("damage can't be prevented this turn")
def _unpreventable_this_turn(ctx: Context) -> tuple[Effect, ...] | None:
    return (DamageCantBePrevented(),)           # 615.12


@G.rule("damage that would reduce your life total to less than {n:count} reduces it to {m:count} instead until end of "
        "turn")
def _life_floor_this_turn(ctx: Context, n: Amount, m: Amount) -> tuple[Effect, ...] | None:
    # 614.1a, 120.3a: "Until end of turn, damage that would reduce your life total to less than 1 reduces it to 1
    # instead" (the duration put last as the sentence is read): the damage dealt to you makes you lose life down to
    # that total at most
    # (engine.board.damage.life_loss_from_damage), as the static "life_floor" does while its source is there
    if n.kind != "const" or n != m:
        return None
    return (GroupRule(Filter(), YOU, (("kind", "life_floor"), ("floor", n.value)), "end_of_turn"),)


def _one_recipient(ctx: Context, text: str) -> Ref | None:
    """Who redirected damage is dealt to instead (614.9): one object or player."""
    refs = _recipients(ctx, text)
    return refs[0] if refs is not None and len(refs) == 1 and refs[0].kind != "all" else None


G.parsers["new_recipient"] = _one_recipient


def _redirection(combat: bool):
    """614.9: "The next N damage that would be dealt to <who> this turn is dealt to <to> instead", "All [combat]
    damage that would be dealt to <who> this turn is dealt to <to> instead"."""
    def build(ctx: Context, who: tuple[Ref, ...], to: Ref, n: Amount | None = None) -> tuple[Effect, ...] | None:
        if len(who) != 1 or who[0].kind == "all":
            return None
        return (RedirectDamage(who[0], to, n, combat),)
    return build


G.rule("the next {n:count} damage that would be dealt to {who:recipient} this turn is dealt to {to:new_recipient} "
       "instead")(_redirection(False))
for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"all {_kind} that would be dealt to {{who:recipient}} this turn is dealt to {{to:new_recipient}} instead",
           f"all {_kind} that would be dealt this turn to {{who:recipient}} is dealt to {{to:new_recipient}} instead")(
        _redirection(_combat))


@G.rule("all damage that would be dealt this turn to you and {perms:recipient} is dealt to {to:new_recipient} instead")
def _redirection_from_you_and_yours(ctx: Context, perms: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
    """614.9: "All damage that would be dealt this turn to you and permanents you control is dealt to enchanted creature
    instead" (Saving Grace): yours, and each permanent's of the group as the damage would be dealt (611.2c)."""
    if len(perms) != 1 or perms[0].kind != "all" or perms[0].filter is None or perms[0].filter.controller != "you" \
            or any(getattr(perms[0].filter, k) != getattr(Filter(), k) and k not in ("types", "permanent", "controller")
                   for k in Filter.__dataclass_fields__):
        return None
    return (RedirectDamage(YOU, to), RedirectDamage(None, to, recipients=perms[0].filter))


def _redirection_from(combat: bool):
    """614.9: "All combat damage that would be dealt to you by unblocked creatures this turn is dealt to ~ instead":
    the damage of the group's sources only, each checked as the damage is dealt (as `checked_as_dealt`); "... by target
    attacking creature ...": that object's damage only."""
    def build(ctx: Context, who: tuple[Ref, ...], by: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
        if len(who) != 1 or who[0].kind == "all" or len(by) != 1:
            return None
        if by[0].kind == "target":
            return (RedirectDamage(who[0], to, None, combat, source=by[0]),)
        if by[0].kind != "all" or not checked_as_dealt(by[0], combat):
            return None
        return (RedirectDamage(who[0], to, None, combat, sources=by[0].filter),)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"all {_kind} that would be dealt to {{who:recipient}} by {{by:recipient}} this turn is dealt to "
           f"{{to:new_recipient}} instead",
           f"all {_kind} that would be dealt to {{who:recipient}} this turn by {{by:recipient}} is dealt to "
           f"{{to:new_recipient}} instead")(_redirection_from(_combat))


def _redirection_of_one_source(combat: bool):
    """614.9: "All damage that would be dealt this turn by target sorcery spell is dealt to that spell's controller
    instead" (Reverberation): that object's damage, to anyone, dealt to the new recipient instead."""
    def build(ctx: Context, src: Ref, to: Ref) -> tuple[Effect, ...] | None:
        return (RedirectDamage(None, to, None, combat, source=src),)
    return build


def _one_object(ctx: Context, text: str) -> Ref | None:
    """ "it", "that creature", "~", "target creature": the one object whose damage a redirection names."""
    refs = parse_objects(ctx, text)
    return refs[0] if refs is not None and len(refs) == 1 and refs[0].kind in ("self", "target", "event") else None


G.parsers["one_object"] = _one_object


def _next_redirection_of_one_object(combat: bool):
    """614.9: "If you lose the flip, the next time it would deal combat damage this turn, it deals that damage to you
    instead" (Goblin Psychopath): that object's next damage event this turn, to anyone, dealt to the new recipient."""
    def build(ctx: Context, src: Ref, to: Ref) -> tuple[Effect, ...] | None:
        return (RedirectDamage(None, to, None, combat, source=src, once=True),)
    return build


def _next_redirection_of_one_object_to(combat: bool):
    """614.9: "The next time ~ would deal combat damage to an opponent this turn, it deals that damage to target
    creature instead" (Soltari Guerrillas): that object's next damage event this turn to one of those named."""
    def build(ctx: Context, src: Ref, who: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
        if len(who) != 1 or who[0].kind == "all":
            return None
        return (RedirectDamage(who[0], to, None, combat, source=src, once=True),)
    return build


for _kind, _combat in (("combat damage", True), ("damage", False)):
    G.rule(f"the next time {{src:one_object}} would deal {_kind} this turn, it deals that damage to {{to:new_recipient}} "
           f"instead")(_next_redirection_of_one_object(_combat))
    G.rule(f"the next time {{src:one_object}} would deal {_kind} to {{who:recipient}} this turn, it deals that damage to "
           f"{{to:new_recipient}} instead")(_next_redirection_of_one_object_to(_combat))
    G.rule(f"all {_kind} that would be dealt this turn by {{src:one_source}} is dealt to {{to:new_recipient}} instead",
           f"all {_kind} that would be dealt by {{src:one_source}} this turn is dealt to {{to:new_recipient}} instead")(
        _redirection_of_one_source(_combat))


def damage_sources_named(ctx: Context, text: str) -> tuple[tuple[Filter, bool], ...] | None:
    """Whose damage a replacement changes: "a source" (None: any), "a source you control", "a Giant source you control",
    "a red instant or sorcery spell you control or a red planeswalker you control": each kind with whether only a
    spell's damage (one on the stack) is meant."""
    if text in ("a source", "any source"):
        return ()
    out = []
    for part in re.split(r" or (?=an? |another )", text):
        d = parse_desc(re.sub(r"^(?:a|an) ", "", part))
        if d is None or d.zone or d.nouns & {"player", "opponent", "card"} or not d.nouns or \
                not d.nouns <= {"source", "spell"} | {n.lower() for n in CARD_TYPES.values()}:
            return None
        out.append((object_filter(d), d.nouns == {"spell"}))
    return tuple(out)


def damage_recipients(ctx: Context, text: str) -> tuple[str | None, Filter | None] | None:
    """Who the changed damage is dealt to: the players ("any", "you", "opponent" or None) and the permanents (a filter,
    or None) of "a permanent or player", "an opponent or a permanent an opponent controls", "a creature you control"."""
    players, perms = None, None
    for part in re.split(r" or (?=an? |you\b|player\b)", text):
        if part in ("player", "a player", "you", "an opponent"):
            if players is not None:
                return None
            players = {"player": "any", "a player": "any", "you": "you", "an opponent": "opponent"}[part]
            continue
        m = re.match(r"^an? (.+)$", part)
        d = parse_desc(m.group(1)) if m else None
        if d is None or perms is not None or d.zone or d.nouns & {"player", "opponent", "card", "spell", "source"}:
            return None
        perms = object_filter(d)
    return players, perms


_DAMAGE_CHANGE = re.compile(r"^(?:(double|triple) that damage|that much damage (plus|minus) (\w+)|"
                            r"half that damage, rounded (down|up),?|(\w+) damage)$")


def damage_change(ctx: Context, text: str) -> tuple[str, int] | None:
    """What the damage becomes (614.1a): "double that damage" (times 2), "that much damage plus 2", "that much damage
    minus 1", "half that damage, rounded down", "3 damage"."""
    m = _DAMAGE_CHANGE.match(text)
    if not m:
        return None
    if m.group(1):
        return "times", {"double": 2, "triple": 3}[m.group(1)]
    if m.group(2):
        n = number(m.group(3))
        return None if n is None else (m.group(2), n)
    if m.group(4):
        return "half_" + m.group(4), 2
    n = number(m.group(5))
    return None if n is None else ("becomes", n)


def same_recipient(to: tuple[str | None, Filter | None], same: str) -> bool:
    """Whether "that permanent or player", "that creature", "that player", "you" names again whom `to` named ("": not
    named again)."""
    return not ((same == "you" and to != ("you", None)) or (same == "that player" and to[1] is not None)
                or (same in ("that creature", "that permanent") and to[0]))


def named_again(ctx: Context, text: str) -> str | None:
    """The recipient named again: "that permanent or player", "that creature", "you" (see same_recipient)."""
    return text if re.fullmatch(r"that (?:permanent or player|creature|player|permanent)|you", text) else None


G.parsers.update(dmg_sources=damage_sources_named, dmg_to=damage_recipients, dmg_change=damage_change,
                 same_to=named_again, one_permanent=_one_source)

for _kind, _combat in (("combat damage", True), ("damage", False)):
    # 615.7, 614.1a: that object's next damage event this turn, prevented or changed ("If you lose the flip, the next
    # time that creature would deal combat damage this turn, prevent that damage", Dazzling Reflection)
    G.rule(f"the next time {{src:one_object}} would deal {_kind} this turn, prevent that damage")(
        lambda ctx, src, _c=_combat: (PreventDamageTo(src, None, _c, by=True, once=True),))
    G.rule(f"the next time {{src:one_object}} would deal {_kind} this turn, it deals {{c:dmg_change}} instead")(
        lambda ctx, src, c, _c=_combat: (ChangeDamage(c, None, "any", Filter(), source=src, once=True,
                                                      combat_only=_c),))


def _changed_this_turn(ctx: Context, c: tuple[str, int], to: tuple[str | None, Filter | None],
                       s: tuple[tuple[Filter, bool], ...] = (), least: int = 1, same: str = "",
                       one: Ref | None = None) -> tuple[Effect, ...] | None:
    """614.1a, an effect until end of turn: "If a source you control would deal damage to an opponent this turn, it
    deals double that damage to that player instead" (Goblin Goliath), "If any source would deal 1 or more damage to a
    permanent or player this turn, it deals 2 damage to that permanent or player instead" (Equal Treatment), "Each time
    target permanent would deal damage to a permanent or player this turn, it deals double that damage ..."
    (Overblaze: that object's damage only)."""
    if not same_recipient(to, same):
        return None
    return (ChangeDamage(c, s or None, to[0], to[1], least, source=one),)


G.rule("if {s:dmg_sources} would deal [{least:num} or more ]damage to {to:dmg_to} this turn, (it|that source) deals "
       "{c:dmg_change} to {same:same_to} instead",
       "if {s:dmg_sources} would deal [{least:num} or more ]damage to {to:dmg_to} this turn, (it|that source) deals "
       "{c:dmg_change} instead",
       "each time {one:one_permanent} would deal damage to {to:dmg_to} this turn, it deals {c:dmg_change} to "
       "{same:same_to} instead")(_changed_this_turn)


_CHOSEN_SOURCE = re.compile(r"^an? (?:(white|blue|black|red|green|artifact) )?source of your choice$")
_CHOSEN_KIND = re.compile(r"^an? (.+?) of your choice((?: with| without| of the chosen) .+)?$")
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _chosen_source(ctx: Context, text: str) -> tuple[str, str, Filter | None] | None:
    """ "a source of your choice", "a red source ...", "an artifact source ...": (color, card type, no filter);
    "a black or red source of your choice", "a creature of your choice with shadow", "an unblocked creature of your
    choice", "a source of your choice of the chosen color" (the color its source's controller chose as it entered,
    614.12): the filter a source chosen must match, as it is chosen (615.7)."""
    m = _CHOSEN_SOURCE.match(text)
    if m:
        word = m.group(1) or ""
        return _COLOR_LETTER.get(word, ""), "Artifact" if word == "artifact" else "", None
    m = _CHOSEN_KIND.match(text)
    d = parse_desc(m.group(1) + (m.group(2) or "")) if m else None
    if d is None or d.zone or not d.nouns or not d.nouns <= {"source", "creature", "permanent", "artifact",
                                                             "enchantment", "planeswalker"}:
        return None
    return "", "", object_filter(d)


G.parsers["chosen_source"] = _chosen_source
_PREVENTED_PART = {"prevent that damage": "all", "prevent half that damage, rounded down": "half_down",
                   "prevent all but 1 of that damage": "all_but_1"}
G.parsers["prevented_part"] = lambda ctx, t: _PREVENTED_PART.get(t)


def _from_chosen_source(all_turn: bool, combat: bool = False):
    """615.7: a shield against the next damage (or, with all_turn, all damage this turn; with n, the next n damage)
    a source chosen as it resolves would deal to each named recipient, or to anyone when none is named: all of it,
    half of it rounded down, or all but 1 of it."""
    def build(ctx: Context, c: tuple[str, str, Filter | None], who: tuple[Ref, ...] | None = None,
              n: Amount | None = None, part: str = "all") -> tuple[Effect, ...] | None:
        return tuple(PreventNextFromChosenSource(c[0], r, c[1], all_turn, sources=c[2], amount=n, prevent=part,
                                                 combat_only=combat) for r in (who or (None,)))
    return build


for _kind, _combat in (("damage", False), ("combat damage", True)):
    G.rule(f"the next time {{c:chosen_source}} would deal {_kind} to {{who:recipient}} this turn, {{part:prevented_part}}",
           f"the next time {{c:chosen_source}} would deal {_kind} this turn, {{part:prevented_part}}")(
        _from_chosen_source(False, _combat))
G.rule("prevent all damage {c:chosen_source} would deal this turn",
       "prevent all damage that would be dealt to {who:recipient} this turn by {c:chosen_source}")(
    _from_chosen_source(True))
G.rule("prevent all combat damage {c:chosen_source} would deal this turn")(_from_chosen_source(True, True))
G.rule("prevent the next {n:count} damage that would be dealt to {who:recipient} this turn by {c:chosen_source}")(
    _from_chosen_source(False))


def _source_filter(c: tuple[str, str, Filter | None]) -> Filter:
    """The kind of source a chosen-source phrase names, as one filter."""
    f = c[2] or Filter()
    return replace(f, colors=f.colors | ({c[0]} if c[0] else set()), types=f.types | ({c[1]} if c[1] else set()))


def _redirect_from_chosen_source(ctx: Context, c: tuple[str, str, Filter | None], to: Ref,
                                 who: tuple[Ref, ...] | None = None) -> tuple[Effect, ...] | None:
    """614.9, 615.7: "The next time a source of your choice would deal damage [to target creature] this turn, that
    damage is dealt to ~ instead": the source chosen as it resolves, the next damage event only."""
    if who is not None and (len(who) != 1 or who[0].kind == "all"):
        return None
    return (RedirectDamage(who[0] if who else None, to, chosen_source=_source_filter(c), once=True),)


G.rule("the next time {c:chosen_source} would deal damage this turn, that damage is dealt to {to:new_recipient} instead",
       "the next time {c:chosen_source} would deal damage to {who:recipient} this turn, that damage is dealt to "
       "{to:new_recipient} instead")(_redirect_from_chosen_source)


@G.rule("all damage that would be dealt this turn to {who:recipient} by {c:chosen_source} is dealt to {to:new_recipient} "
        "instead")
def _redirect_all_from_chosen_source(ctx: Context, who: tuple[Ref, ...], c: tuple[str, str, Filter | None],
                                     to: Ref) -> tuple[Effect, ...] | None:
    """614.9, 615.7: "All damage that would be dealt this turn to target creature you control by a source of your choice
    is dealt to another target creature instead" (Kor Chant): the source chosen as it resolves, all its damage to that
    one this turn."""
    if len(who) != 1 or who[0].kind == "all":
        return None
    return (RedirectDamage(who[0], to, chosen_source=_source_filter(c)),)


@G.rule("the next time damage would be dealt to {who:recipient} this turn, that damage is dealt to {to:new_recipient} "
        "instead")
def _redirect_next_time(ctx: Context, who: tuple[Ref, ...], to: Ref) -> tuple[Effect, ...] | None:
    # 614.9: the next damage event to it only, whatever its amount (Mirrorwood Treefolk)
    if len(who) != 1 or who[0].kind == "all":
        return None
    return (RedirectDamage(who[0], to, once=True),)


def instead_of_drawing(ctx: Context, text: str) -> tuple[str, tuple[Effect, ...]] | None:
    """What a player does instead of a draw (614.1a): instructions without a target of their own, which would be chosen
    as the ability is put on the stack (601.2c), not as the draw is replaced; with their text, which names them."""
    mark = ctx.mark()
    effects = parse_effects(ctx, text)
    if effects is None or len(ctx.targets) != mark[0]:
        ctx.reset(mark)
        return None
    return text, effects


G.parsers["instead_of_drawing"] = instead_of_drawing


@G.rule("the next time {who:player} would draw a card this turn, {e:instead_of_drawing} instead",
        "the next time {who:player} would draw a card this turn, instead {e:instead_of_drawing}")
def _next_draw_replaced(ctx: Context, who: Ref, e: tuple[str, tuple[Effect, ...]]) -> tuple[Effect, ...] | None:
    # 614.1a, 614.11: one draw of the player's this turn replaced, the shield used up (engine.effects.draw_replacement);
    # "they" in the instructions is that player, whose draw it is ("the next time they would draw a card this turn,
    # instead they exile the top card of their library")
    return (ReplaceNextDraw(who, e[1], e[0]),)


_TAPPERS = {"a player taps": None, "you tap": "you"}
G.parsers["tapper"] = lambda ctx, t: t if t in _TAPPERS else None
G.parsers["tapped_land"] = lambda ctx, t: (d.filter if (d := parse_desc(re.sub(r"^an? ", "", t))) is not None
                                          and d.nouns == {"land"} and not d.zone and d.filter.controller is None
                                          else None)
G.parsers["colorless"] = lambda ctx, t: "C" if t == "colorless mana" else None


@G.rule("until end of turn, if {who:tapper} {f:tapped_land} for mana, it produces {m:colorless} instead of any other "
        "type",
        "if {who:tapper} {f:tapped_land} for mana, it produces {m:colorless} instead of any other type until end of "
        "turn")
def _land_mana_replaced_this_turn(ctx: Context, who: str, f: Filter, m: str) -> tuple[Effect, ...] | None:
    """614.1a, 106.12a: "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead
    of any other type" (Pale Moon): each land of the group tapped for mana this turn, whoever taps it ("you": the lands
    of the effect's controller), checked as it is tapped (611.2c; engine.effects.payment.land_mana)."""
    f = replace(f, types=f.types | {"Land"}, controller=_TAPPERS[who])
    return (GroupRule(f, None, (("kind", "land_mana_replaced"), ("mana", m), ("fixed", False))),)


_GRAVEYARD_OF = {"your": YOU, "an opponent's": Ref("each_opponent"), "a": None}


def cards_going(ctx: Context, text: str) -> Filter | None:
    """ "a card", "a card or token", "an instant or sorcery card": what a graveyard replacement watches (its
    characteristics wherever it comes from); a token is no card (111.1), so it still dies."""
    if text == "a card or token":
        return Filter()
    if text == "a card":
        return Filter(token=False)
    m = re.match(r"^an? (.+ card)$", text)
    d = parse_desc(m.group(1)) if m else None
    return replace(d.filter, token=False) if d is not None and not d.zone and d.nouns == {"card"} else None


G.parsers["cards_going"] = cards_going
G.parsers["graveyard_of"] = lambda ctx, t: t if t in _GRAVEYARD_OF else None


@G.rule("if {w:cards_going} would be put into {g:graveyard_of} graveyard from anywhere this turn, exile (it|that card) "
        "instead")
def _graveyard_to_exile_this_turn(ctx: Context, w: Filter, g: str) -> tuple[Effect, ...] | None:
    """614.1a: "If a card would be put into your graveyard from anywhere this turn, exile that card instead" (Yawgmoth's
    Will): until the turn ends, a card of the kind going to that player's graveyard is exiled instead, the cards that
    get there later too (engine.board.replacement.graveyard_options)."""
    return (GroupRule(w, _GRAVEYARD_OF[g], (("kind", "graveyard_to_exile"),), "end_of_turn"),)


_SHIELDS = (PreventDamage, PreventDamageTo, PreventNextFromChosenSource)
_COUNTER_PER_PREVENTED = re.compile(r"^for each 1 damage prevented this way, put an? ([+-]\d+/[+-]\d+) counter on "
                                    r"that creature$")


def _prevented_this_way(ctx: Context, s: str, effects: list[Any]) -> bool:
    """615.5: a prevention effect's additional effect, read into the shields the previous sentence made:
    "You gain life equal to the damage prevented this way"; "For each 1 damage prevented this way, put a
    +1/+1 counter on that creature" (the one target creature shielded); other instructions (`_then_this_way`)."""
    n = 0
    while n < len(effects) and isinstance(effects[-1 - n], _SHIELDS):
        n += 1
    if n == 0:
        return False
    if s == "you gain life equal to the damage prevented this way":
        effects[-n:] = [replace(e, gain_prevented=True) for e in effects[-n:]]
        return True
    m = _COUNTER_PER_PREVENTED.match(s)
    last = effects[-1]
    if m and n == 1 and isinstance(last, PreventDamageTo) and not last.by and last.to.kind == "target":
        effects[-1] = replace(last, counters_per_prevented=m.group(1))
        return True
    then = _then_this_way(ctx, s)
    if then is None or n != 1 or last.then is not None or last.gain_prevented:
        return False
    effects[-1] = replace(last, then=then)
    return True


_PREVENTED_IF = re.compile(r"^(?:if damage (?:from (.+?) )?is prevented this way|whenever damage from (.+?) is "
                           r"prevented this way this turn), (.+)$")
_PREVENTED_EACH = re.compile(r"^for each 1 damage prevented this way, (.+)$")
# what an additional effect may do: nothing that asks a player (it happens inside the damage event, 615.5)
_THEN_KINDS = (CreateTokens, DealDamage, ExileTop, GainLife, LoseLife)


def _then_this_way(ctx: Context, s: str) -> PreventedThisWay | None:
    """615.5: "If damage is prevented this way, ~ deals that much damage to target player or planeswalker", "If damage
    from a red source is prevented this way, ...", "Whenever damage from a black or red source is prevented this way
    this turn, you gain that much life", "For each 1 damage prevented this way, create a 2/1 ... token", "Exile cards
    from the top of your library equal to the damage prevented this way": instructions whose amount is the damage
    prevented (Amount "event_amount"), carried out as it is prevented."""
    m = _PREVENTED_IF.match(s)
    each = _PREVENTED_EACH.match(s)
    sources = None
    if m:
        kind = m.group(1) or m.group(2)
        sources = damage_sources_named(ctx, kind) if kind else None
        if kind and not sources:
            return None
        text = m.group(3)
    else:
        text = f"{each.group(1)} for each 1 damage prevented this way" if each else s
        if "prevented this way" not in text:
            return None
    mark = ctx.mark()
    # "that much": the damage prevented; "the source's controller": of the damage's source (engine.effects.prevention)
    ctx.flags.update(that_much=Amount("event_amount"), prevented=True, damage_source=True)
    effects = amount_clause(ctx, text, parse_effects)
    for flag in ("prevented", "that_much", "damage_source"):
        ctx.flags.pop(flag, None)
    if effects is None or not all(isinstance(e, _THEN_KINDS) for e in effects) or any(
            isinstance(e, DealDamage) and e.divided or isinstance(e, ExileTop) and e.play for e in effects):
        ctx.reset(mark)
        return None
    return PreventedThisWay(effects, s, sources)


_LEAVES_EXILED = re.compile(r"^if (it|that creature|the creature|that permanent|they|those creatures|those permanents) "
                            r"would leave the battlefield, exile (?:it|them) instead of putting (?:it|them) anywhere else$")
_WOULD_DIE = re.compile(r"^if (a (?:creature|permanent) dealt damage this way|that creature(?: or planeswalker)?|it|"
                        r"that permanent|the creature|the creature (?:you control|an opponent controls)) would die this "
                        r"turn, exile it instead$")
_CONTROLLED_BY = {"the creature you control": "you", "the creature an opponent controls": "opponent"}


def _target_controlled_by(ctx: Context, text: str) -> list[Ref]:
    """ "the creature an opponent controls" after "target creature you control fights target creature an opponent
    controls": the one target creature of the ability whose controller is said so (115.1)."""
    found = [Ref("target", i) for i, t in enumerate(ctx.targets) if t.kind == "creature" and t.max == 1
             and t.filter is not None and t.filter.controller == _CONTROLLED_BY[text]]
    return found if len(found) == 1 else []


def replacement_modifier(ctx: Context, s: str, effects: list[Any]) -> bool:
    """ "If a creature dealt damage this way would die this turn, exile it instead" after a damage
    sentence, "If that creature would die this turn, exile it instead" after one naming it: a
    replacement effect (614.1a) on the objects the previous sentence named, until end of turn.
    "The damage can't be prevented" after a sentence dealing damage marks that damage (615.12), "Excess damage is dealt
    to that creature's controller instead" sends its excess on (120.4a)."""
    if s == "the damage can't be prevented":
        if not effects or not isinstance(effects[-1], DealDamage):
            return False
        effects[-1] = replace(effects[-1], unpreventable=True)
        return True
    if s == "excess damage is dealt to that creature's controller instead":
        # 120.4a: the damage to the one target creature of the sentence before, its excess dealt to its controller
        last = effects[-1] if effects else None
        if not isinstance(last, DealDamage) or last.divided or last.per_recipient or last.to.kind != "target" \
                or ctx.targets[last.to.index].kind != "creature":
            return False
        effects[-1] = replace(last, excess_to_controller=True)
        return True
    if _prevented_this_way(ctx, s, effects):
        return True
    m = _LEAVES_EXILED.match(s)
    if m and ctx.last:
        # 614.1a: "Return target creature card from your graveyard to the battlefield. ... If it would leave the
        # battlefield, exile it instead of putting it anywhere else": the permanent it was put onto the battlefield as
        # keeps the replacement (engine.board.zones.move, as unearth's, 702.84a)
        plural = m.group(1) in ("they", "those creatures", "those permanents")
        found = [i for i, e in enumerate(effects) if isinstance(e, PutOntoBattlefield) and e.what in ctx.last]
        if len(found) != 1 or plural != (effects[found[0]].what.kind == "all" or len(ctx.last) > 1):
            return False
        put = effects[found[0]]
        effects[found[0]] = replace(put, marks=put.marks + (("exile_if_leaves", 1),))
        return True
    if s == "if a creature would die this turn, exile it instead":
        effects.append(ExileIfDiesThisTurn(Ref("all", filter=Filter(types=frozenset({"Creature"}))), every_creature=True))
        return True
    m = _WOULD_DIE.match(s)
    if not m:
        return False
    if m.group(1).endswith("dealt damage this way"):
        refs = [e.to for e in effects if isinstance(e, DealDamage)]
    elif m.group(1) in _CONTROLLED_BY:
        refs = _target_controlled_by(ctx, m.group(1))
    else:
        refs = list(ctx.last or ())
    if not refs:
        return False
    effects.extend(ExileIfDiesThisTurn(r) for r in refs)
    return True
