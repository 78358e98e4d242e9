"""Driving a game through the public API in tests: set a table, pass priority to a step, cast a spell or
activate an ability and resolve the stack."""
from __future__ import annotations

from typing import Any, Callable

from engine import Game
from engine.core.cards import CardSource
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, DeclareAttackers, DeclareBlockers,
                                        PassPriority)
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.events import Event


def advance(g: Game, step: Step, turn: int | None = None) -> list[Event]:
    """Passes priority (declaring no attackers or blockers) until a player has priority in `step`
    (of `turn`, if given). Any other decision on the way is a test failure."""
    events: list[Event] = []
    for _ in range(400):
        s = g.state
        d = g.pending
        if d.kind is DecisionKind.PRIORITY and s.step is step and (turn is None or s.turn == turn):
            return events
        if d.kind is DecisionKind.DECLARE_ATTACKERS:
            events += g.apply(DeclareAttackers(d.player, {}))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            events += g.apply(DeclareBlockers(d.player, {}))
        elif d.kind is DecisionKind.PRIORITY:
            events += g.apply(PassPriority(d.player))
        else:
            raise AssertionError(f"unexpected decision {d.kind}: {d.prompt}")
    raise AssertionError(f"never reached {step.value}")


def resolve_stack(g: Game) -> list[Event]:
    """Both players pass until the stack is empty."""
    events: list[Event] = []
    while g.state.stack and not g.is_over:
        assert g.pending.kind is DecisionKind.PRIORITY, g.pending.prompt
        events += g.apply(PassPriority(g.pending.player))
    return events


def pass_until(g: Game, kind: DecisionKind) -> None:
    """Both players pass priority until a decision of `kind` is pending; any other decision on the way fails."""
    while g.pending.kind is not kind:
        assert g.pending.kind is DecisionKind.PRIORITY, g.pending.prompt
        g.apply(PassPriority(g.pending.player))


def pass_while_priority(g: Game) -> None:
    """Both players pass until a decision other than priority is pending (a choice of the resolving spell or
    ability, a declaration)."""
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))


def attack(g: Game, *attackers: int) -> None:
    """A (player 0) attacks B with `attackers`, once priority has been passed up to the declaration."""
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {a: "P1" for a in attackers}))


def until_blockers(g: Game) -> None:
    """Resolves what the declaration triggered, up to the blockers' declaration (skipped by the engine
    when no creature could block)."""
    while g.pending.kind is DecisionKind.PRIORITY and g.state.step is Step.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))


def can_block(g: Game, blocker: int, attacker: int) -> bool:
    """Whether B may declare `blocker` blocking `attacker` now (tried on a copy of the game)."""
    if g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        return False
    clone = g.clone()
    try:
        clone.apply(DeclareBlockers(1, {blocker: (attacker,)}))
    except IllegalAction:
        return False
    return True


def both_pass(g: Game, first: int = 0) -> list[Event]:
    """`first`, then the other player, passes priority once: the top of the stack resolves, or with the stack
    empty the step ends (117.4)."""
    return g.apply(PassPriority(first)) + g.apply(PassPriority(1 - first))


def cast_and_resolve(g: Game, card: int, player: int = 0, **choices: Any) -> list[Event]:
    """`player` casts `card` (`choices`: CastSpell's targets, x, modes, alt ...), then both players pass until
    the stack is empty; the events of both."""
    events = g.apply(CastSpell(player, card, **choices))
    return events + resolve_stack(g)


def activate_and_resolve(g: Game, source: int, index: int = 0, player: int = 0, **choices: Any) -> list[Event]:
    """`player` activates ability `index` of `source` (`choices`: ActivateAbility's targets, x ...), then both
    players pass until the stack is empty; the events of both."""
    events = g.apply(ActivateAbility(player, source, index, **choices))
    return events + resolve_stack(g)


def first_options(d: Any) -> tuple:
    """The first options a choice needs (at least one)."""
    return tuple(d.options[:d.min or 1])


def preferring(*picks: Any) -> Callable[[Any], tuple]:
    """An answer to a choice: `picks` where the choice offers them all, else its first options."""
    return lambda d: picks if all(p in d.options for p in picks) else first_options(d)


def settle(g: Game, answer: Callable[[Any], tuple] = first_options) -> None:
    """Passes priority until the stack is empty, answering each choice with `answer`."""
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(g.pending.player, answer(g.pending)))
        else:
            g.apply(PassPriority(g.pending.player))


def cast_and_settle(g: Game, card: int, player: int = 0, answer: Callable[[Any], tuple] = first_options,
                    **choices: Any) -> None:
    """`player` casts `card` (`choices` as for `cast_and_resolve`), then the stack is settled, each choice on
    the way answered with `answer`."""
    g.apply(CastSpell(player, card, **choices))
    settle(g, answer)


def resolve_choosing(g: Game, pick) -> None:
    """Both players pass until the stack is empty, answering each choice on the way with `pick`."""
    while g.state.stack:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            assert pick in d.options
            g.apply(Choose(d.player, (pick,)))
        else:
            g.apply(PassPriority(d.player))


def on_battlefield(g: Game, name: str) -> list[int]:
    return [o for o in g.state.battlefield if g.characteristics(o).name == name]


def table(a: list[str] = (), b: list[str] = (), hand_a: list[str] = (), *, turn: int = 3, active: int = 0,
          step: Step = Step.MAIN1, life_a: int = 20, hand_b: list[str] = (),
          source: CardSource | None = None) -> tuple[Game, dict[str, int]]:
    """A game at `step` of `turn`: A's and B's permanents, A's (and B's) hand, a few Plains in each library;
    card names looked up in `source` first. The ids: A's cards by name, B's as "B:name"."""
    g = Game.empty(source=source)
    ids: dict[str, int] = {}
    for p in (0, 1):
        for _ in range(8):
            g.add_card("Plains", p, Zone.LIBRARY)
    for name in hand_a:
        ids[name] = g.add_card(name, 0, Zone.HAND)
    for name in hand_b:
        ids["B:" + name] = g.add_card(name, 1, Zone.HAND)
    for name in a:
        ids.setdefault(name, g.add_card(name, 0, Zone.BATTLEFIELD))
    for name in b:
        ids.setdefault("B:" + name, g.add_card(name, 1, Zone.BATTLEFIELD))
    g.set_player(0, life=life_a)
    g.start_at(turn, active, step)
    return g, ids
