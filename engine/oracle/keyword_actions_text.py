"""Keyword actions (701) as Oracle text says them: double and triple (701.10, 701.11), exchange (701.12),
goad (701.15), fateseal (701.29), clash (701.30), populate (701.36), manifest (701.40), bolster (701.39),
amass (701.47), learn (701.48), explore (701.44), connive (701.50), adapt (701.46), monstrosity (701.37),
support (701.41), suspect (701.60), and any of them done N times ("investigate three times"). Each becomes the effect its rule defines; the rules that are one
sentence of other effects are built from them."""
from __future__ import annotations

from dataclasses import replace

from engine.core.abilities import SELF, YOU, Amount, Condition, Effect, Filter, Ref, TargetSpec, instances_in
from engine.core.effect_types import (Venture, Amass, ApplyContinuous, Bolster, Clash, Conditional, Connive, Designate, ExchangeControl,
                                      ExchangeLife, Explore, GainLife, Goad, Learn, Manifest, Populate, Pump, Repeat,
                                      PutCounters, PutCountersOf, Scry, SetLifeTotal, Suspect, Vote)
from engine.oracle.grammar import Context
from engine.oracle.verbs import G, _tokens

PLUS_ONE = "+1/+1"


@G.rule("learn")
def _learn(ctx: Context) -> tuple[Effect, ...] | None:
    return (Learn(),)        # 701.48a


@G.rule("venture into the dungeon")
def _venture(ctx: Context) -> tuple[Effect, ...] | None:
    return (Venture(),)      # 701.49a-c


@G.rule("clash with an opponent")
def _clash(ctx: Context) -> tuple[Effect, ...] | None:
    return (Clash(),)        # 701.30b; "if you win, ..." reads the result (condition won_clash)


@G.rule("fateseal {n:num}", "you may fateseal {n:num}")
def _fateseal(ctx: Context, n: int) -> tuple[Effect, ...] | None:
    return (Scry(Ref("each_opponent"), Amount.const(n), fateseal=True),)     # 701.29a ("may": any number go down)


@G.rule("starting with you, each player votes for {a:word} or {b:word}")
def _vote(ctx: Context, a: str, b: str) -> tuple[Effect, ...] | None:
    return (Vote((a, b)),)      # 701.38a


@G.rule("detain {what:obj}")
def _detain(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """701.35a: until your next turn, it can't attack or block and its activated abilities can't be activated."""
    return tuple(ApplyContinuous(r, (("kind", "cant_attack_block_activate"),), "your_next_turn") for r in what)


@G.rule("{what:obj} can't attack or block and its activated abilities can't be activated until your next turn")
def _detain_in_words(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """ "Until your next turn, target creature can't attack or block and its activated abilities can't be activated":
    what detaining does, said in full (701.35a, 611.2b)."""
    return _detain(ctx, what)


@G.rule("suspect {what:obj}")
def _suspect(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return tuple(Suspect(r) for r in what)      # 701.60a


def _multiplied_pt(what: tuple[Ref, ...], d: str, times: int, toughness: bool) -> tuple[Effect, ...] | None:
    """701.10b-c, 701.11b-c: +X/+0 where X is its power as this resolves (twice that to triple); a negative
    power gives -X, which adding the power itself does too."""
    if len(what) != 1 or what[0].kind not in ("target", "self", "event"):
        return None     # each of a group by its own power: not read
    add_power = replace(Amount("power_of", ref=what[0]), multiplier=times)
    add_toughness = replace(Amount("toughness_of", ref=what[0]), multiplier=times) if toughness else Amount.const(0)
    return (Pump(what[0], add_power, add_toughness, d),)


# "double target creature's power", "double the power of target creature", "triple ~'s power and toughness": one
# template per verb and stat.
for _verb, _times in (("double", 1), ("triple", 2)):
    G.rule(f"{_verb} {{what:obj}}'s power {{d:dur}}", f"{_verb} the power of {{what:obj}} {{d:dur}}")(
        lambda ctx, what, d, times=_times: _multiplied_pt(what, d, times, False))
    G.rule(f"{_verb} {{what:obj}}'s power and toughness {{d:dur}}", f"{_verb} the power and toughness of {{what:obj}} {{d:dur}}")(
        lambda ctx, what, d, times=_times: _multiplied_pt(what, d, times, True))


@G.rule("double the number of {k:ckind} counters on {what:obj}")
def _double_counters(ctx: Context, k: str, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """701.10e: as many more of those counters as it already has."""
    return tuple(PutCounters(r, k, Amount("counters_on", ref=r, counter=k)) for r in what)


@G.rule("double the number of each kind of counter on {what:obj}")
def _double_each_kind(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    """701.10e: as many more of each kind of counter as it already has: its own counters put on itself. One object
    only (each of several would double its own)."""
    if len(what) != 1 or what[0].kind not in ("target", "self") or (
            what[0].kind == "target" and ctx.targets[what[0].index].max != 1):
        return None
    return (PutCountersOf(what[0], what[0]),)


@G.rule("double your life total", "double {who:player}'s life total")
def _double_life(ctx: Context, who: Ref | None = None) -> tuple[Effect, ...] | None:
    who = who or YOU
    if who.kind in ("each_player", "each_opponent"):
        return None             # each player's own life total: not one amount
    return (GainLife(who, Amount("life_of", ref=who)),)      # 701.10d


@G.rule("exchange control of {what:obj}")
def _exchange_control(ctx: Context, what: tuple[Ref, ...]) -> tuple[Effect, ...] | None:
    return (ExchangeControl(what),)     # 701.12b


@G.rule("exchange life totals with {who:player}")
def _exchange_life_with(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    return (ExchangeLife((YOU, who)),)     # 701.12c


@G.rule("{who:player}'s life total becomes {n:amount}", "your life total becomes {n:amount}")
def _life_total_becomes(ctx: Context, n: Amount, who: Ref | None = None) -> tuple[Effect, ...] | None:
    if n.kind != "const":
        return None     # "each player's life total becomes the number of creatures they control": each their own
    return (SetLifeTotal(who or YOU, n),)      # 119.5


@G.rule("your life total becomes equal to your starting life total")
def _life_total_becomes_starting(ctx: Context) -> tuple[Effect, ...] | None:
    """ "Your life total becomes equal to your starting life total" (119.5, 103.4): gains or loses the difference."""
    return (SetLifeTotal(YOU, Amount("starting_life")),)


@G.rule("{who:player} exchange life totals")
def _exchange_life(ctx: Context, who: Ref) -> tuple[Effect, ...] | None:
    return (ExchangeLife((who,)),)


@G.rule("populate")
def _populate(ctx: Context) -> tuple[Effect, ...] | None:
    return (Populate(),)


@G.rule("{c:clause} twice", "{c:clause} {n:count} times")
def _repeat(ctx: Context, c: tuple[Effect, ...], n: Amount | None = None) -> tuple[Effect, ...] | None:
    """ "Investigate three times", "populate X times": the instruction, that many times in a row. Only an
    instruction without targets: a target is chosen once, as the spell or ability is put on the stack (601.2c)."""
    if any(r.kind == "target" for r in instances_in(c, Ref)):
        return None
    return (Repeat(n or Amount.const(2), c),)


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


@G.rule("bolster x")
def _bolster_x(ctx: Context) -> tuple[Effect, ...] | None:
    """ "bolster X, where X is the number of tapped creatures you control": counted as it resolves (107.3a)."""
    x = ctx.flags.get("x")
    return (Bolster(x),) if isinstance(x, Amount) and x.kind != "x" else None


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


@G.rule("support x")
def _support_x(ctx: Context) -> tuple[Effect, ...] | None:
    """701.41a with the X of the spell's cost, chosen before its targets (107.3a, 601.2b): up to X target creatures."""
    if not ctx.is_spell or not ctx.flags.get("cost_x") or "x" in ctx.flags:
        return None
    spec = TargetSpec("creature", min=0, max=99, count_x=True, text="up to X target creatures")
    return (PutCounters(ctx.add_target(spec), PLUS_ONE, Amount.const(1)),)
