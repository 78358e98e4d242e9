"""Oracle text that copies spells and abilities (707.10): "Copy target instant or sorcery spell [you
control]", "Copy target triggered ability you control", "copy that spell" / "copy it" in a triggered
ability, "copy it twice", the follow-up sentence "You may choose new targets for the copy"
(707.10c), and storm (702.40a); the effect is engine.rules.spell_copies.CopySpell. Also tokens that are
copies of permanents ("Create a token that's a copy of target creature", 707.2:
engine.effects.basic)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.core.abilities import SELF, Amount, Effect, Filter, Keyword, Mode, Ref, TargetSpec, TriggeredAbility
from engine.oracle.grammar import Context
from engine.oracle.phrases import CARD_TYPES, COLOR_LETTER, parse_desc, subtype_of
from engine.oracle.verbs import G
from engine.core.effect_types import STORM_TRIGGER, CopySpell
from engine.core.effect_types import BecomeCopy, CreateTokenCopy, MayDo
from engine.core.subtypes import CREATURE_TYPES


def _copied(ctx: Context, what: tuple[Ref, ...]) -> Ref | None:
    """A spell: a "target ... spell", or the spell a cast trigger refers to ("that spell", "it")."""
    if len(what) != 1:
        return None
    ref = what[0]
    if ref.kind == "target" and ctx.targets[ref.index].kind in ("spell", "ability", "spell_or_ability"):
        return ref
    if ref.kind == "event":
        return ref
    return None


@G.rule("copy {what:obj}")
def _copy(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    ref = _copied(ctx, what)
    return None if ref is None else (CopySpell(ref),)


def _copy_times(times: int):
    def build(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
        ref = _copied(ctx, what)
        return None if ref is None else (CopySpell(ref, count=Amount.const(times)),)
    return build


for _word, _times in (("twice", 2), ("three times", 3), ("four times", 4)):
    G.rule(f"copy {{what:obj}} {_word}")(_copy_times(_times))


def _copy_target(spec: TargetSpec):
    def build(ctx: Context) -> tuple[Effect, ...] | None:
        ref = ctx.add_target(spec)
        ctx.last = (ref,)
        return (CopySpell(ref),)
    return build


# Targets the general phrase reader doesn't know: an activated or a triggered ability (707.10b), a
# permanent spell (Lithoform Engine; the copy becomes a token as it resolves, 707.10f).
for _words, _kind, _permanent in (("activated ability", "activated_ability", False),
                                  ("triggered ability", "triggered_ability", False),
                                  ("permanent spell", "spell", True)):
    for _mine in (False, True):
        _text = f"target {_words}" + (" you control" if _mine else "")
        _filter = Filter(controller="you" if _mine else None, permanent=_permanent)
        G.rule(f"copy {_text}")(_copy_target(TargetSpec(_kind, None if _filter == Filter() else _filter,
                                                        zone="stack", text=_text)))


def _copy_colored(letter: str):
    def build(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
        ref = _copied(ctx, what)
        return None if ref is None else (CopySpell(ref, colors=letter),)
    return build


for _color, _letter in COLOR_LETTER.items():
    G.rule(f"copy {{what:obj}}, except that the copy is {_color}")(_copy_colored(_letter))


def _spell_kind(ctx: Context, text: str) -> Filter | None:
    """ "instant and sorcery" (each spell is one or the other) as a spell filter."""
    d = parse_desc(text.replace(" and ", " or ") + " spell")
    return None if d is None or "spell" not in d.nouns else d.filter


G.parsers["spellkind"] = _spell_kind


@G.rule("copy {what:obj} for each other {kind:spellkind} spell you've cast before it this turn")
def _copy_per_spell(ctx: Context, what: tuple[Ref, ...], kind: Filter) -> tuple[Effect, ...] | None:
    """Thousand-Year Storm: one copy per spell of yours of that kind cast earlier this turn."""
    ref = _copied(ctx, what)
    if ref is None:
        return None
    return (CopySpell(ref, count=Amount("spells_cast_before", filter=replace(kind, controller="you"))),)


@G.rule("copy {what:obj} for each time you've cast your commander from the command zone this game")
def _copy_per_commander_cast(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """Empyrial Storm: one copy per cast of its controller's commanders from the command zone (903.8)."""
    ref = _copied(ctx, what)
    return None if ref is None else (CopySpell(ref, count=Amount("commander_casts")),)


@G.rule("{who:player} may copy ~ and may choose a new target for that copy")
def _may_copy_this_spell(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    """ "Then that permanent's controller may sacrifice a land. If the player does, they may copy this spell and may
    choose a new target for that copy." (Chain of Vapor): that player may put a copy of the resolving spell on the stack,
    which they control (707.10), with a new target if they choose (707.10c)."""
    if not ctx.is_spell or who.kind in ("each_player", "each_opponent"):
        return None
    return (MayDo((CopySpell(SELF, new_targets=True, copier=who),), who=who),)


@G.rule("each other player copies {what:obj}")
def _others_copy(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """Hive Mind: every player but the spell's caster gets a copy of their own."""
    ref = _copied(ctx, what)
    return None if ref is None or ref.kind != "event" else (CopySpell(ref, copier="each_other"),)


@G.rule("create a token that's a copy of {what:obj}", "create {n:count} tokens that are copies of {what:obj}")
def _token_copy(ctx: Context, what: tuple[Ref, ...], n: Amount = Amount.const(1)) -> tuple[Effect, ...] | None:
    """A token copy of a permanent (707.2; Sublime Epiphany, Spitting Image)."""
    if len(what) != 1 or (what[0].kind == "target" and ctx.targets[what[0].index].kind == "spell"):
        return None
    ctx.last = (Ref("created"),)        # "Sacrifice it at the beginning of the next end step": the token
    return (CreateTokenCopy(what[0], n),)


# Keywords a copy "has" as an exception (707.9a): those that are no more than their name
_COPY_KEYWORDS = frozenset({"haste", "flying", "trample", "vigilance", "lifelink", "deathtouch", "reach", "menace",
                            "first strike", "double strike", "hexproof", "indestructible", "defender"})
_HAS = re.compile(r"^(?:it|they|the token|the tokens) (?:has|have) (.+)$")
_NOT_LEGENDARY = re.compile(r"^(?:(?:it's|they're|the token is|the tokens are) not|(?:it|the token) isn't|they aren't) "
                            r"legendary$")
_BODY = re.compile(r"^it's an? (\d+)/(\d+) ((?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?) "
                   r"(\w+)$")
_IN_ADDITION = re.compile(r"^(?:it's|they're) an? (\w+) in addition to (?:its|their) other (?:creature )?types$")


def copy_exceptions(ctx: Context, text: str) -> tuple[tuple[str, Any], ...] | None:
    """ "it has haste", "it's not legendary", "it's 1/1 and it's a Nightmare in addition to its other types", "it's a
    4/4 black Zombie" (instead of its colors and creature types): the exceptions of a copy (707.9), as the pairs
    engine.core.cards.excepted_key takes."""
    out: dict[str, Any] = {}
    keywords: list[str] = []
    for part in re.split(r",? and |, ", text):
        has = _HAS.match(part)
        body = _BODY.match(part)
        more = _IN_ADDITION.match(part)
        pt = re.fullmatch(r"it's (\d+)/(\d+)", part)
        if has or (keywords and part in _COPY_KEYWORDS):
            word = has.group(1) if has else part
            if word not in _COPY_KEYWORDS:
                return None
            keywords.append(word)
        elif _NOT_LEGENDARY.match(part):
            out["nonlegendary"] = True
        elif pt or body:
            out["pt"] = (int((pt or body).group(1)), int((pt or body).group(2)))
            if body:
                kind = subtype_of(body.group(4))
                if kind is None or kind not in CREATURE_TYPES:
                    return None
                out["colors"] = tuple(sorted(COLOR_LETTER[c] for c in body.group(3).split(" and ")))
                out["creature_types"] = (kind,)
        elif more:
            word = more.group(1)
            if word in CARD_TYPES:
                out["add_types"] = out.get("add_types", ()) + (CARD_TYPES[word],)
            elif subtype_of(word) is not None:
                out["add_subtypes"] = out.get("add_subtypes", ()) + (subtype_of(word),)
            else:
                return None
        else:
            return None
    if keywords:
        out["keywords"] = tuple(keywords)
    return tuple(sorted(out.items())) or None


G.parsers["copy_except"] = copy_exceptions


@G.rule("create a token that's a copy of {what:obj}, except {x:copy_except}",
        "create {n:count} tokens that are copies of {what:obj}, except {x:copy_except}")
def _token_copy_except(ctx: Context, what: tuple[Ref, ...], x: tuple[tuple[str, Any], ...],
                       n: Amount = Amount.const(1)) -> tuple[Effect, ...] | None:
    """707.9: a token copy with exceptions, which become part of its copiable values (707.9b). Not an exception with a
    condition ("except the token isn't legendary if equipped creature is legendary"), which a trailing "if" would make
    the whole instruction's."""
    if re.search(r"\bexcept\b.*\bif\b", ctx.flags.get("sentence", "").lower()):
        return None
    made = _token_copy(ctx, what, n)
    return None if made is None else (replace(made[0], exceptions=x),)


@G.rule("for each {f:word_desc}, create a token that's a copy of (that creature|it|that permanent|that artifact)",
        "for each {f:word_desc}, create a token that's a copy of (that creature|it|that permanent|that artifact), "
        "except {x:copy_except}",
        "for each {f:word_desc}, its controller creates a token that's a copy of (that creature|it|that permanent)")
def _token_copy_each(ctx: Context, f: Filter, x: tuple[tuple[str, Any], ...] = ()) -> tuple[Effect, ...] | None:
    """ "For each creature token you control, create a token that's a copy of that creature" (Rhys the Redeemed): a
    copy of each of them, all made at once (707.2); "its controller creates": each copy its original's controller's
    (Parallel Evolution)."""
    if re.search(r"\bexcept\b.*\bif\b", ctx.flags.get("sentence", "").lower()):
        return None
    ctx.last = (Ref("created"),)
    return (CreateTokenCopy(Ref("all", filter=f), exceptions=x,
                            by_controller=" its controller creates " in ctx.flags.get("sentence", "").lower()),)


@G.rule("for each of them, create a token that's a copy of that creature",
        "for each of them, create a token that's a copy of that creature, except {x:copy_except}")
def _token_copy_each_of_them(ctx: Context, x: tuple[tuple[str, Any], ...] = ()) -> tuple[Effect, ...] | None:
    """ "Choose any number of target creatures you control. For each of them, create a token that's a copy of that
    creature" (Twinflame): a copy of each target."""
    if not ctx.last or len(ctx.last) != 1 or ctx.last[0].kind != "target":
        return None
    what = ctx.last[0]
    ctx.last = (Ref("created"),)
    return (CreateTokenCopy(what, exceptions=x),)


def _becomes_copy(ctx: Context, what: tuple[Ref, ...], of: tuple[Ref, ...], d: str = "permanent",
                  x: tuple[tuple[str, Any], ...] = ()) -> tuple[Effect, ...] | None:
    """ "~ becomes a copy of target artifact, creature, enchantment, or land until end of turn", "Target Shapeshifter
    becomes a copy of target creature until your next turn", "Each other creature becomes a copy of target nonlegendary
    creature until end of turn", "..., except it's an artifact in addition to its other types": a copy effect on
    permanents that stay on the battlefield (707.4), with its exceptions (707.9); without a duration it lasts
    indefinitely (611.2a). Not an exception with a condition ("... aren't legendary if the chosen creature is
    legendary")."""
    if len(of) == 1 and len(what) == 1 and of[0] == what[0]:
        # "~ becomes a copy of that creature", "Each other artifact you control becomes a copy of that artifact": not
        # the sentence's subject named again, but what was named before it (the creature exiled, the target chosen)
        before = ctx.flags.get("sentence_last") or ()
        of = before if len(before) == 1 and before[0] != what[0] else ()
    if len(of) != 1 or (of[0].kind == "target" and ctx.targets[of[0].index].kind not in _PERMANENT_KINDS) \
            or re.search(r"\bexcept\b.*\bif\b", ctx.flags.get("sentence", "").lower()):
        return None
    ctx.last = what     # "Prevent all damage that would be dealt to him this turn": the permanent that became a copy
    return tuple(BecomeCopy(r, of[0], d, x) for r in what)


# What a copy effect on a permanent may copy: a permanent (707.1), not a spell or a card
_PERMANENT_KINDS = frozenset({"creature", "permanent", "artifact", "enchantment", "land", "planeswalker",
                              "artifact_or_enchantment", "creature_or_planeswalker"})
G.rule("{what:obj} (becomes|each become) a copy of {of:obj} {d:dur}",
       "{what:obj} (becomes|each become) a copy of {of:obj} {d:dur}, except {x:copy_except}",
       "{what:obj} (becomes|each become) a copy of {of:obj}")(_becomes_copy)


_NEW_TARGETS = ("you may choose new targets for the copy", "you may choose new targets for the copies",
                "you may choose new targets for them", "each of those players may choose new targets for their copy")


def copy_modifier(s: str, effects: list[Any]) -> bool:
    """ "You may choose new targets for the copy / the copies" after a sentence that copies
    (707.10c), also inside "you may ...", "if you do, ..." and "... instead"."""
    if s not in _NEW_TARGETS:
        return False
    for i in range(len(effects) - 1, -1, -1):
        changed = _new_targets(effects[i])
        if changed is not None:
            effects[i] = changed
            return True
    return False


def _new_targets(e: Any) -> Any | None:
    """`e` with its copies allowed new targets, or None if it copies nothing."""
    if isinstance(e, CopySpell):
        return replace(e, new_targets=True)
    out = None
    for field in ("effects", "then", "otherwise"):
        inner = getattr(e, field, None)
        if not isinstance(inner, tuple):
            continue
        changed = [_new_targets(x) for x in inner]
        if any(c is not None for c in changed):
            out = replace(out or e, **{field: tuple(c or x for c, x in zip(changed, inner))})
    return out


# What a storm-like keyword copies its spell for each of: 702.40a storm "each other spell that was cast
# before it this turn", 702.69a gravestorm "each permanent that was put into a graveyard from the battlefield
# this turn".
STORM_COUNTS = {"storm": "spells_cast_before", "gravestorm": "permanents_to_graveyard"}


def storm_ability(kw: Keyword) -> TriggeredAbility | None:
    """702.40a, 702.69a: "When you cast this spell, copy it for each <what it counts>. If the spell has
    any targets, you may choose new targets for any of the copies.\""""
    if kw.name not in STORM_COUNTS:
        return None
    effect = CopySpell(Ref("event"), new_targets=True, count=Amount(STORM_COUNTS[kw.name]))
    return TriggeredAbility(STORM_TRIGGER, Mode(effects=(effect,)), text=kw.name.capitalize())
