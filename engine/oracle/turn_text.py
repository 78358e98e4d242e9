"""Turn-structure effects in spells and abilities (500.7, 500.8): "take an extra turn after this one",
"end the turn" (724.1), "target player takes an extra turn after this one", "you may play an additional land this turn" (305.2a),
"it doesn't untap during its controller's next untap step"
(502.3), "after this (main) phase, there is an additional
combat phase [followed by an additional main phase]". The rules join the effect grammar (verbs.G)."""
from __future__ import annotations

from engine.core.abilities import Amount, Effect, Filter, Ref, YOU
from engine.core.effect_types import (AdditionalLandPlays, AdditionalPhases, ApplyContinuous, BecomeDayOrNight, EndTheTurn,
                                      ExtraTurn, GroupRule, NoMaximumHandSize, SkipStep, SkipTurn)
from engine.oracle.grammar import Context
from engine.oracle.verbs import G


@G.rule("take an extra turn after this one", "{who:player} take[s] an extra turn after this one")
def _extra_turn(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (ExtraTurn(who),) if who is not None else (ExtraTurn(),)


@G.rule("take two extra turns after this one", "{who:player} take[s] two extra turns after this one")
def _two_extra_turns(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return _extra_turn(ctx, who) * 2


@G.rule("end the turn")
def _end_the_turn(ctx: Context) -> tuple[Effect, ...] | None:
    return (EndTheTurn(),)          # 724.1


@G.rule("you skip your next turn", "{who:player} skips their next turn")
def _skip_turn(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (SkipTurn(who),) if who is not None else (SkipTurn(),)


@G.rule("you skip your next two turns", "{who:player} skips their next two turns")
def _skip_two_turns(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return _skip_turn(ctx, who) * 2


# "untap step", "draw step", "combat phase": what a player skips (engine.core.objects.SKIPPABLE)
G.parsers["skipped"] = lambda ctx, t: {"untap step": "untap", "draw step": "draw", "combat phase": "combat"}.get(t)


@G.rule("you skip your next {what:skipped}", "{who:player} skips their next {what:skipped}")
def _skip_step(ctx: Context, what: str, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (SkipStep(what, who or YOU),)        # 500.11, 614.10


@G.rule("you skip all combat phases of your next turn", "{who:player} skips all combat phases of their next turn")
def _skip_next_turns_combats(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    return (SkipStep("turn_combats", who or YOU),)


@G.rule("it becomes {w:word}")
def _becomes_day_or_night(ctx: Context, w: str) -> tuple[Effect, ...] | None:
    return (BecomeDayOrNight(w),) if w in ("day", "night") else None       # 731.1


@G.rule("you have no maximum hand size for the rest of the game")
def _no_maximum_hand_size(ctx: Context) -> tuple[Effect, ...] | None:
    return (NoMaximumHandSize(),)          # 402.2


@G.rule("you may play an additional land this turn", "you may play [up to ]{n:count} additional lands this turn",
        "{who:player} may play an additional land this turn")
def _additional_land_plays(ctx: Context, n: Amount | None = None, who: Ref | None = None) -> tuple[Effect, ...] | None:
    # 305.2a: a permission; a player who doesn't use it just plays fewer lands
    return (AdditionalLandPlays(n or Amount.const(1), who or YOU),)


_PERMANENT_KINDS = {"creatures": frozenset({"Creature"}), "lands": frozenset({"Land"}),
                    "artifacts": frozenset({"Artifact"}), "creatures and lands": frozenset({"Creature", "Land"}),
                    "artifacts and creatures": frozenset({"Artifact", "Creature"}), "permanents": frozenset()}
G.parsers["permanent_kinds"] = lambda ctx, t: _PERMANENT_KINDS.get(t)


@G.rule("{k:permanent_kinds} {who:player} control[s] don't untap during (that player's|their) next untap step",
        "{k:permanent_kinds} {who:player} control don't untap during your next untap step",
        # only the player's own permanents untap in their untap step (502.3): "creatures" are theirs there
        "{k:permanent_kinds} don't untap during {who:player}'s next untap step",
        "during {who:player}'s next untap step, {k:permanent_kinds} they control don't untap")
def _group_doesnt_untap_next(ctx: Context, k: frozenset[str], who: Ref) -> tuple[Effect, ...] | None:
    """ "Creatures target player controls don't untap during that player's next untap step" (502.3): a rule on the
    group, those that arrive before that untap step too (611.2c; Misstep's ruling), ended by that untap step. "Lands you
    control don't untap during your next untap step" (Kefnet's Last Word) likewise: a land played after it resolved."""
    return (GroupRule(Filter(types=k), who, (("kind", "doesnt_untap"),), "controller_next_untap"),)


@G.rule("{what:obj} doesn't untap during its controller's next untap step",
        "{what:obj} don't untap during their controller's next untap step",
        "{what:obj} don't untap during their controllers' next untap steps",
        # the permanents of the ability's controller: "your" next untap step is theirs
        "{what:obj} doesn't untap during your next untap step", "{what:obj} don't untap during your next untap step")
def _doesnt_untap_next(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(ApplyContinuous(r, (("kind", "doesnt_untap"),), "controller_next_untap") for r in what)


@G.rule("{what:obj} doesn't untap during its controller's next {n:num} untap steps")
def _doesnt_untap_next_n(ctx: Context, what: tuple[Ref, ...], n: int) -> tuple[Effect, ...] | None:
    """ "It doesn't untap during its controller's next two untap steps" (Telekinesis, 502.3): that many of them."""
    if n < 2:
        return None
    return tuple(ApplyContinuous(r, (("kind", "doesnt_untap"), ("untap_steps", n)), "controller_next_untap")
                 for r in what)


@G.rule("{what:obj} don't untap during that player's next untap step")
def _theirs_dont_untap_next(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Tap all creatures target player controls. Those creatures don't untap during that player's next untap step"
    (502.3): the permanents that player controls, tapped by the instruction before, as their controller's."""
    if len(what) != 1 or what[0].kind != "controlled_by" or ctx.last_player != Ref("target", what[0].index):
        return None
    return _doesnt_untap_next(ctx, what)


@G.rule("{what:obj} doesn't untap during its controller's untap step {d:dur}",
        "{what:obj} don't untap during their controllers' untap steps {d:dur}")
def _doesnt_untap_while(ctx: Context, what: tuple[Ref, ...], d: str) -> tuple[Effect, ...] | None:
    # 611.2b: "for as long as you control ~" ends when ~ leaves the battlefield or another player gains control of
    # it; "... ~ remains tapped" when it untaps or leaves; "... ~ remains on the battlefield" when it leaves
    if d not in ("while_source", "while_tapped", "while_on_battlefield"):
        return None
    return tuple(ApplyContinuous(r, (("kind", "doesnt_untap"),), d) for r in what)


@G.rule("after this [main ]phase, there is an additional combat phase",
        "after this combat phase, there is an additional combat phase")
def _additional_combat(ctx: Context) -> tuple[Effect, ...] | None:
    return (AdditionalPhases(("combat",)),)


@G.rule("after this [main ]phase, there is an additional combat phase followed by an additional main phase")
def _additional_combat_and_main(ctx: Context) -> tuple[Effect, ...] | None:
    return (AdditionalPhases(("combat", "main")),)
