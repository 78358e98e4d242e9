"""Oracle text that copies spells (707.10): "Copy target instant or sorcery spell [you control]",
"copy that spell" / "copy it" in a triggered ability, "copy it twice", the follow-up sentence "You may
choose new targets for the copy" (707.10c), and storm (702.40a). The effect is
engine.spell_copies.CopySpell."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.abilities import Amount, Effect, Keyword, Mode, Ref, TriggeredAbility
from engine.effects import MayDo
from engine.oracle.grammar import Context
from engine.oracle.verbs import G
from engine.spell_copies import STORM_TRIGGER, CopySpell


def _copied(ctx: Context, what: tuple[Ref, ...]) -> Ref | None:
    """A spell: a "target ... spell", or the spell a cast trigger refers to ("that spell", "it")."""
    if len(what) != 1:
        return None
    ref = what[0]
    if ref.kind == "target" and ctx.targets[ref.index].kind == "spell":
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


def copy_modifier(s: str, effects: list[Any]) -> bool:
    """ "You may choose new targets for the copy / the copies" after a copy (707.10c)."""
    if s not in ("you may choose new targets for the copy", "you may choose new targets for the copies",
                 "you may choose new targets for them"):
        return False
    if not effects:
        return False
    last = effects[-1]
    if isinstance(last, CopySpell):
        effects[-1] = replace(last, new_targets=True)
        return True
    if isinstance(last, MayDo) and last.effects and isinstance(last.effects[-1], CopySpell):
        # "you may copy that spell. You may choose new targets for the copy."
        inner = last.effects[:-1] + (replace(last.effects[-1], new_targets=True),)
        effects[-1] = replace(last, effects=inner)
        return True
    return False


def storm_ability(kw: Keyword) -> TriggeredAbility | None:
    """702.40a: "When you cast this spell, copy it for each other spell that was cast before it this
    turn. If the spell has any targets, you may choose new targets for any of the copies.\""""
    if kw.name != "storm":
        return None
    effect = CopySpell(Ref("event"), new_targets=True, count=Amount("storm_count"))
    return TriggeredAbility(STORM_TRIGGER, Mode(effects=(effect,)), text="Storm")
