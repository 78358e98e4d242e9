"""Clauses that create delayed triggered abilities (603.7): "sacrifice it at the beginning of the
next end step", "at the beginning of the next end step, return that card to the battlefield ...",
"draw a card at the beginning of the next turn's upkeep", "destroy that creature at end of combat",
"whenever a creature attacks this turn, ...", "until end of turn, whenever ..., ...".

The delayed ability's own effect is read like any other (verbs.py) in a context of its own: its
targets are chosen when it triggers, and "it"/"them" are the objects the creating effect named,
remembered as it resolves (603.7c).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from engine.core.abilities import (Amount, Condition, Effect, Keyword, Mode, Ref, SELF, StaticAbility, Trigger,
                                   TriggeredAbility, YOU, instances_in)
from engine.core.effect_types import (DONE_EVENTS, REMEMBERED, ChooseMode, Connive, CreateDelayed, Draw, ExileFromGraveyard, ExtraTurn, IfDone, MayDo,
                                      MayPay,
                                      PutOntoBattlefield, ReturnToHand, SacrificeObjects, TapEffect)
from engine.oracle.grammar import Context
from engine.oracle.phrases import name_event_object, names_event_object, parse_target
from engine.oracle.triggers import parse_trigger

# "the next end step" created during an end step is the next turn's (513.2): that is how the
# engine reads every "next" step, so "the next turn's upkeep" is "the next upkeep".
_STEPS = {
    "at the beginning of the next end step": ("end", "any"),
    "at the beginning of your next end step": ("end", "you"),
    "at the beginning of the next upkeep": ("upkeep", "any"),
    "at the beginning of the next turn's upkeep": ("upkeep", "any"),
    "at the beginning of your next upkeep": ("upkeep", "you"),
    "at end of combat": ("end_of_combat", "any"),
    "at the beginning of the next cleanup step": ("cleanup", "any"),       # 514.3a
}
_PHRASE = "|".join(re.escape(p) for p in sorted(_STEPS, key=len, reverse=True))
_LEADING = re.compile(rf"^({_PHRASE}), (.+)$")
_TRAILING = re.compile(rf"^(.+) ({_PHRASE})$")
# "Sacrifice it at the beginning of the next end step if it has mana value 3 or less": the condition is the delayed
# ability's, checked as it resolves (603.7, 608.2c)
_TRAILING_IF = re.compile(rf"^(.+) ({_PHRASE}) (if .+)$")


def starts_delayed(text: str) -> bool:
    """A sentence that begins with when a delayed ability triggers ("at the beginning of the next
    end step, ...")."""
    return _LEADING.match(text) is not None


def says_delayed(text: str) -> bool:
    """A sentence that creates a delayed ability at a step, said first or last ("destroy it at the beginning of the
    next end step"): an "if" at its end is that ability's condition, not one of the instruction creating it."""
    return _LEADING.match(text) is not None or _TRAILING.match(text) is not None


def parse_delayed(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    if "at " in text:
        m = _LEADING.match(text)
        phrase, body = (m.group(1), m.group(2)) if m else (None, None)
        if m is None:
            m = _TRAILING.match(text)
            if m:
                phrase, body = m.group(2), m.group(1)
        if m is None:
            m = _TRAILING_IF.match(text)
            if m:
                phrase, body = m.group(2), f"{m.group(1)} {m.group(3)}"
        if phrase is not None and body is not None:
            step, whose = _STEPS[phrase]
            return _create(ctx, Trigger("step", step=step, whose=whose), body, text, "once", "remembered")
    if text.startswith(("whenever ", "when ", "until end of turn, whenever ")):
        return _event_form(ctx, text)
    return None


def _event_form(ctx: Context, text: str) -> tuple[Effect, ...] | None:
    """ "whenever <event> this turn, <effect>" (lasts the turn), "until end of turn, whenever
    <event>, <effect>" (the same), "when <event> this turn, <effect>" (once, this turn only)."""
    m = re.match(r"^(when|whenever) (.+?) this turn, (.+)$", text)
    if m:
        duration = "turn" if m.group(1) == "whenever" else "once_turn"
        return _with_trigger(ctx, m.group(2), m.group(3), text, duration)
    m = re.match(r"^until end of turn, whenever (.+)$", text)
    if m:
        rest = m.group(1)
        for i in [k for k, ch in enumerate(rest) if ch == ","]:
            out = _with_trigger(ctx, rest[:i], rest[i + 1:].strip(), text, "turn")
            if out is not None:
                return out
    return None


def _with_trigger(ctx: Context, trigger_text: str, body: str, text: str, duration: str) -> tuple[Effect, ...] | None:
    if trigger_text.startswith(("target ", "another target ")):
        # "{T}: When target creature other than ~ dies this turn, ...": the target is chosen as the creating spell or
        # ability is put on the stack (601.2c), and the delayed ability is about that object (603.7c)
        words = trigger_text.split(" ")
        for i in range(2, len(words)):
            mark = ctx.mark()
            refs = parse_target(ctx, " ".join(words[:i]))
            if refs is not None and len(refs) == 1:
                ctx.last = refs
                made = _with_trigger(ctx, "it " + " ".join(words[i:]), body, text, duration)
                if made is not None:
                    return made
            ctx.reset(mark)
        return None
    m = re.match(r"^(?:that creature|that permanent|it) (.+)$", trigger_text)
    if m:
        # "When that creature dies this turn": about the object the creating effect named, as
        # long as it is that object (603.7c).
        parsed = parse_trigger("~ " + m.group(1))
        if parsed is None or ctx.last is None:
            return None
        trigger = replace(parsed[0], subject="remembered")
        # Its "it" is that object, as the event that triggered it names it (not the source).
        it = "event" if parsed[1] == "self" else parsed[1]
        return _create(ctx, trigger, body, text, duration, it, remember=ctx.last)
    m = re.match(r"^you cast your next (?:(.+?) )?spell$", trigger_text)
    if m and duration == "once_turn":
        # "When you cast your next instant or sorcery spell this turn, ...": the first such spell cast after it's
        # created (once, this turn only); "that spell" is the spell cast
        parsed = parse_trigger(f"you cast {'an' if (m.group(1) or 'x')[0] in 'aeiou' else 'a'} "
                               f"{(m.group(1) + ' ') if m.group(1) else ''}spell")
        if parsed is None or parsed[0].nth or parsed[0].to:
            return None
        return _create(ctx, parsed[0], body, text, duration, parsed[1])
    m = re.match(r"^a creature dealt damage this way (.+)$", trigger_text)
    if m:
        # "When a creature dealt damage this way dies this turn": about each permanent the damage instructions before
        # it dealt damage to (120.3; prevented damage isn't dealt, 615), remembered as the ability is created (603.7c)
        parsed = parse_trigger("~ " + m.group(1))
        if parsed is None or parsed[1] != "event":
            return None
        return _create(ctx, replace(parsed[0], subject="remembered"), body, text, duration, "event",
                       remember=(Ref("dealt_damage_this_way"),))
    parsed = parse_trigger(trigger_text)
    if parsed is None or parsed[0].event in ("step", "tapped_for_mana"):
        return None     # "whenever a player taps an Island for mana": a triggered mana ability (605.1b), not played here
    return _create(ctx, parsed[0], body, text, duration, parsed[1])


def _create(ctx: Context, trigger: Trigger, body: str, text: str, duration: str, it: str,
            remember: tuple[Ref, ...] = (), player: Ref | None = None) -> tuple[Effect, ...] | None:
    from engine.oracle.compiler import compile_mode  # the compiler reads delayed abilities with this module
    # A delayed ability has no cost whose X it could read (603.7)
    sub = Context(card_name=ctx.card_name, flags={**ctx.flags, "cost_x": False}, is_spell=False)
    if it == "remembered":
        if names_event_object(ctx, body):
            if re.search(r"\bit\b", body):
                return None         # both ~ and the event's object: one remembered set can't tell them apart
            remember = (ctx.flags["event_object"],)     # "destroy that creature at end of combat"
            sub.last = (REMEMBERED,)
        elif ctx.last is not None:
            remember = ctx.last
            if len(remember) == 1 and remember[0] == ctx.flags.get("exiled_group") and re.fullmatch(
                    r"return (?:those cards|the exiled cards) to the battlefield under their owners?'s? control", body):
                # "Exile each creature you control. Return those cards to the battlefield ...": the cards exiled, found
                # in exile as the delayed ability is created (400.7, 603.7c), not the group, which names permanents
                remember = (Ref("exiled_this_way"),)
            sub.last = (REMEMBERED,)
        sub.trigger_player = Ref("active_player")
    elif it == "event":
        sub.last = (Ref("event"),)
        sub.trigger_player = Ref("event")
    elif it == "self_event":
        name_event_object(sub)
    elif it == "source_event":
        sub.last = (Ref("event_source"),)
        sub.trigger_player = Ref("event")
    elif it == "batch":
        sub.flags["that_many"] = Amount("event_count", filter=trigger.filter)   # "create that many"
    elif it == "player":
        # a player's event (cast, cycle, discard): "that spell" / "it" is the event's object, "that player" who did it
        sub.last = (Ref("event"),)
        sub.trigger_player = Ref("event_player")
    else:
        sub.last = (SELF,)
    if player is not None:
        sub.trigger_player = player
    if trigger.event == "dealt_damage":
        sub.flags["that_much"] = Amount("event_amount")     # "you gain that much life": the damage dealt (120.3)
    if trigger.event in ("life_gained", "life_lost"):
        # "whenever a player gains life, that player loses 2 life for each 1 life they gained" (119.3)
        sub.flags["that_much"] = Amount("event_amount")
        sub.flags["event_life"] = f"1 life {'you' if trigger.subject == 'you' else 'they'} {trigger.event[5:]}"
    unread: list[str] = []
    mode = compile_mode(sub, body + ".", unread)
    if unread or not mode.effects:
        return None
    if any(r.kind == "target" and r.index >= len(mode.targets) for r in instances_in(mode.effects, Ref)):
        return None     # a target of the creating spell ("where X is that spell's mana value"): not the delayed one's

    if any(r.kind in ("all", "controlled_by") for r in remember) and next(instances_in(mode.effects, PutOntoBattlefield), None):
        # "Exile each creature you control. Return those cards to the battlefield ...": a group names permanents
        # as the delayed ability is created, after they left; the cards exiled are not found that way (400.7).
        return None
    return (CreateDelayed(trigger, mode.effects, mode.targets, remember, duration, text),)


def dash_abilities(text: str) -> tuple[StaticAbility, ...]:
    """702.109a: if the dash cost was paid, the permanent has haste, and as it enters a delayed
    ability is created that returns it to its owner's hand at the beginning of the next end step
    (its source is the permanent, 603.7f)."""
    paid = Condition("dash_paid")
    back = CreateDelayed(Trigger("step", step="end", whose="any"), (ReturnToHand(REMEMBERED),), (), (SELF,), "once",
                         "return ~ to its owner's hand at the beginning of the next end step")
    return (StaticAbility("grant", SELF, (Keyword("haste"),), paid, text),
            StaticAbility("delayed_as_enters", SELF, (("effects", (back,)),), paid, text))


def blitz_abilities(text: str) -> tuple[tuple[StaticAbility, ...], TriggeredAbility]:
    """702.152a: if the blitz cost was paid, the permanent has haste and "When this creature dies, draw a card",
    and as it enters a delayed ability is created that sacrifices it at the beginning of the next end step."""
    paid = Condition("blitz_paid")
    sacrifice = CreateDelayed(Trigger("step", step="end", whose="any"), (SacrificeObjects(REMEMBERED),), (), (SELF,),
                              "once", "sacrifice ~ at the beginning of the next end step")
    draw = TriggeredAbility(Trigger("dies"), Mode(effects=(Draw(YOU, Amount("const", 1)),)), paid,
                            text="When this creature dies, draw a card (blitz)")
    return (StaticAbility("grant", SELF, (Keyword("haste"),), paid, text),
            StaticAbility("delayed_as_enters", SELF, (("effects", (sacrifice,)),), paid, text)), draw


# Instructions whose number is of objects: "sacrifice two creatures" done with one isn't done (608.2d).
_COUNTED = ("Sacrifice", "Discard", "ExileFromGraveyard", "RemoveCounters", "ReturnChosen", "Mill")


# The optional actions about several objects the engine offers only when all can be done (608.2d,
# engine.effects.basic: "you may sacrifice two Foods", "you may discard two cards", "you may exile two cards from your
# graveyard").
_CHECKED_WHOLE = ("Sacrifice", "Discard", "ExileFromGraveyard", "ReturnChosen", "Mill")


def too_many(effects: tuple, optional: bool = False) -> bool:
    """An action about two or more objects ("you may exile two cards from your graveyard"): a yes with one card
    isn't possible (608.2d), which the engine doesn't check, so what follows "If you do" isn't read. An optional
    sacrifice or discard of several (`optional`) is offered only when it can be carried out in full."""
    return len(effects) == 1 and type(effects[0]).__name__ in _COUNTED \
        and not (optional and type(effects[0]).__name__ in _CHECKED_WHOLE and not getattr(effects[0], "up_to", False)
                 and not (isinstance(effects[0], ExileFromGraveyard) and effects[0].who != YOU)) \
        and getattr(effects[0], "amount", 1) not in (1, Amount.const(1), Amount.const(99))   # 99: "your hand", all


def done_action(effects: tuple, optional: bool = False) -> Any | None:
    """The one instruction an optional action ("you may sacrifice a creature") or a sentence is made of, if "If you
    do" / "When you do" can tell it was carried out (DONE_EVENTS, 608.2c, 603.12). Not "untap": provoke's "you may
    untap target creature ... If you do, it blocks" (keyword_meanings) has it block even if it was untapped
    (702.39a)."""
    if len(effects) == 1 and isinstance(effects[0], ChooseMode) and all(done_action(m) is not None for m in effects[0].modes):
        return effects[0]       # "you may sacrifice a creature or discard a creature card": either one
    if len(effects) != 1 or type(effects[0]).__name__ not in DONE_EVENTS or too_many(effects, optional):
        return None
    return None if isinstance(effects[0], TapEffect) and effects[0].untap else effects[0]


def extra_turn_modifier(ctx: Context, s: str, effects: list) -> bool:
    """ "Take an extra turn after this one. At the beginning of that turn's end step, you lose the game.": a delayed
    triggered ability (603.7) of the end step of the extra turn the sentence before created (500.7), not of any
    other turn's (engine.effects.delayed_triggers: `that_extra_turn`)."""
    m = re.match(r"^at the beginning of that turn's end step, (.+)$", s)
    if not m or not effects or not isinstance(effects[-1], ExtraTurn) or effects[-1].who != YOU:
        return False
    made = _create(ctx, Trigger("step", step="end", whose="that_extra_turn"), m.group(1), s, "once", "self")
    if made is None:
        return False
    effects.extend(made)
    return True


def reflexive_modifier(ctx: Context, s: str, effects: list) -> bool:
    """ "You may pay {3}{R}. When you do, it deals 3 damage to any target": a reflexive triggered
    ability (603.12), created only if the optional action was taken, with its own targets chosen as
    it goes on the stack."""
    m = re.match(r"^when (?:it|~) connives this way, (.+)$", s)
    if m and effects and isinstance(effects[-1], Connive):
        # 701.50b: a permanent connives once the instruction is carried out, even if some of it was impossible, so
        # the reflexive ability (603.12) always triggers, with its own targets chosen as it goes on the stack
        made = _create(ctx, Trigger("reflexive"), m.group(1), s, "once", "self", player=ctx.trigger_player)
        if made is None:
            return False
        effects.extend(made)
        return True
    m = re.match(r"^when you do, (.+)$", s)
    mandatory = bool(effects) and not isinstance(effects[-1], (MayDo, MayPay, SacrificeObjects)) \
        and done_action(effects[-1:]) is not None
    if not m or not effects or not (mandatory or isinstance(effects[-1], (MayDo, MayPay, SacrificeObjects))):
        return False
    # "it" is what the ability's earlier sentences named: its source itself, or objects remembered; "that player" is
    # the one the triggered ability creating it named (it triggers during that ability's resolution, with its event)
    made = _create(ctx, Trigger("reflexive"), m.group(1), s, "once",
                   "self" if ctx.last in (None, (SELF,)) else "remembered", player=ctx.trigger_player)
    if made is None:
        return False
    last = effects[-1]
    if mandatory:
        # "Return target creature card from your graveyard to the battlefield. When you do, ...": only if the
        # instruction was carried out (603.12, 608.2c)
        effects[-1] = IfDone(last, made)
        return True
    if isinstance(last, MayDo) and too_many(last.effects, optional=True):
        return False
    if isinstance(last, MayDo) and done_action(last.effects) is not None:
        # said yes, but nothing to sacrifice or exile: not done, no reflexive ability (603.12)
        effects[-1] = replace(last, effects=(IfDone(last.effects[0], made),))
        return True
    effects[-1] = replace(last, then=last.then + made) if isinstance(last, (MayPay, SacrificeObjects)) else \
        replace(last, effects=last.effects + made)
    return True


def _with_last_reflexive(effect: Any, change: Callable[[CreateDelayed], CreateDelayed | None]) -> Any | None:
    """`effect` with the reflexive ability its "When you do" sentence made (the last one, inside the optional action or
    "if done" that holds it) changed by `change`; None if there is none or `change` can't."""
    if isinstance(effect, CreateDelayed):
        return change(effect) if effect.trigger.event == "reflexive" else None
    for field in ("effects", "then"):
        inner = getattr(effect, field, None) if not isinstance(effect, IfDone) or field == "then" else None
        if inner:
            changed = _with_last_reflexive(inner[-1], change)
            return None if changed is None else replace(effect, **{field: inner[:-1] + (changed,)})
    return None


def reflexive_instead(ctx: Context, s: str, effects: list) -> bool:
    """ "When you do, ~ deals damage equal to the sacrificed creature's power to any target. If the sacrificed creature
    was a Giant, ~ deals twice that much damage instead.": a sentence replacing what the reflexive ability's instruction
    does (608.2c) is part of that ability (603.12), read with its sentence."""
    if not effects or not re.search(r" instead(?: if |$)", s):
        return False

    def extended(made: CreateDelayed) -> CreateDelayed | None:
        m = re.match(r"^when you do, (.+)$", made.text)
        again = _create(ctx, Trigger("reflexive"), f"{m.group(1)}. {s}", f"{made.text}. {s}", made.duration,
                        "self" if ctx.last in (None, (SELF,)) else "remembered", player=ctx.trigger_player) if m else None
        return again[0] if again and len(again) == 1 and again[0].targets == made.targets else None
    changed = _with_last_reflexive(effects[-1], extended)
    if changed is None:
        return False
    effects[-1] = changed
    return True
