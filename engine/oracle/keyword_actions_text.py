"""Keyword actions (701) as Oracle text says them: learn (701.48), clash (701.30), fateseal (701.29), goad (701.15), populate (701.36), manifest (701.40), bolster (701.39), amass (701.47),
explore (701.44), connive (701.50), adapt (701.46), monstrosity (701.37), support (701.41). Each becomes
the effect its rule defines; the rules that are one sentence of other effects are built from them."""
from __future__ import annotations

from engine.core.abilities import SELF, Amount, Condition, Effect, Filter, Ref, TargetSpec
from engine.core.effect_types import (Amass, Bolster, Clash, Conditional, Learn, Scry, Connive, Designate, Explore, Goad, Manifest,
                                      Populate, PutCounters)
from engine.oracle.grammar import Context
from engine.oracle.verbs import G, _tokens

PLUS_ONE = "+1/+1"


@G.rule("learn")
def _learn(ctx: Context) -> tuple[Effect, ...] | None:
    return (Learn(),)        # 701.48a


@G.rule("clash with an opponent")
def _clash(ctx: Context) -> tuple[Effect, ...] | None:
    return (Clash(),)        # 701.30b; "if you win, ..." reads the result (condition won_clash)


@G.rule("fateseal {n:num}", "you may fateseal {n:num}")
def _fateseal(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    return (Scry(Ref("each_opponent"), Amount.const(n), fateseal=True),)     # 701.29a ("may": any number go down)


@G.rule("populate")
def _populate(ctx: Context) -> tuple[Effect, ...] | None:
    return (Populate(),)


@G.rule("manifest the top card of your library")
def _manifest(ctx: Context) -> tuple[Effect, ...] | None:
    ctx.last = (Ref("created"),)
    return (Manifest(),)


@G.rule("goad {what:obj}")
def _goad(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Goad(r) for r in what)


@G.rule("bolster {n:num}")
def _bolster(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    return (Bolster(Amount.const(n)),)


@G.rule("amass {n:num}", "amass zombies {n:num}")
def _amass(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    army = _tokens(ctx, "a 0/0 black zombie army creature token")
    return None if army is None else (Amass(Amount.const(n), army[1]),)


@G.rule("{what:obj} explore[s]")
def _explore(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Explore(r) for r in what)


@G.rule("{what:obj} connive[s]")
def _connive(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Connive(r) for r in what)


@G.rule("adapt {n:num}")
def _adapt(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    """701.46a: "If this permanent has no +1/+1 counters on it, put N +1/+1 counters on it." """
    none = Condition("amount_at_most", 0, amount=Amount("counters_on", ref=SELF, counter=PLUS_ONE))
    return (Conditional(none, (PutCounters(SELF, PLUS_ONE, Amount.const(n)),)),)


@G.rule("monstrosity {n:num}")
def _monstrosity(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    """701.37a: "If this permanent isn't monstrous, put N +1/+1 counters on it and it becomes monstrous." """
    not_monstrous = Condition("chose", 1, key="monstrous", negate=True)
    return (Conditional(not_monstrous, (PutCounters(SELF, PLUS_ONE, Amount.const(n)), Designate(SELF, "monstrous"))),)


@G.rule("support {n:num}")
def _support(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    """701.41a: a spell puts a +1/+1 counter on each of up to N target creatures; a permanent on each of
    up to N other target creatures."""
    other = "" if ctx.is_spell else "other "
    spec = TargetSpec("creature", None if ctx.is_spell else Filter(other=True), min=0, max=n,
                      text=f"up to {n} {other}target creatures")
    return (PutCounters(ctx.add_target(spec), PLUS_ONE, Amount.const(1)),)
