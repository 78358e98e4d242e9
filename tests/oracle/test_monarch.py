"""The monarch (725): "you become the monarch", its two inherent triggered abilities without a source
(725.2: the monarch draws at the beginning of their end step; combat damage to the monarch makes the
creature's controller the monarch), and conditions on who is the monarch. Played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.monarch import MONARCH
from engine.core.player_actions import Choose, DeclareAttackers, PassPriority
from engine.game import Game
from tests.engine.driving import advance, cast_and_resolve, pass_until, resolve_stack, table
from tests.oracle.conftest import record

THORN = record("Thorn of the Black Rose", "{3}{B}", "Creature — Human Assassin",
               "Deathtouch\nWhen Thorn of the Black Rose enters the battlefield, you become the monarch.", "1/3")
THRONE_WARDEN = record("Throne Warden", "{1}{W}", "Creature — Human Soldier",
                       "At the beginning of your end step, if you're the monarch, put a +1/+1 counter on Throne "
                       "Warden.", "2/2")
QUEEN_MARCHESA = record("Queen Marchesa", "{1}{R}{W}{B}", "Legendary Creature — Human Assassin",
                        "Deathtouch, haste\nWhen Queen Marchesa enters the battlefield, you become the monarch.\nAt the "
                        "beginning of your upkeep, if an opponent is the monarch, create a 1/1 black Assassin creature "
                        "token with deathtouch and haste.", "3/3")


def _order_end_step_triggers(g: Game) -> list:
    """Passes into the end step; its triggered abilities (the monarch's and the player's own) are ordered as
    they come (603.3b), then resolved."""
    advance(g, Step.MAIN2, turn=g.state.turn)
    events = []
    while not (g.state.step is Step.END and not g.state.stack and g.pending.kind is DecisionKind.PRIORITY):
        d = g.pending
        events += g.apply(Choose(d.player, tuple(d.options)) if d.kind is DecisionKind.CHOOSE
                          else PassPriority(d.player))
    return events


@pytest.mark.rules("725.1", "725.2", "725.3", "603.4", "603.3b")
def test_the_monarch_draws_and_loses_it_to_combat_damage(extra_cards):
    extra_cards(THORN, THRONE_WARDEN, fully_read=True)
    g, ids = table(["Swamp"] * 4 + ["Throne Warden"], ["Grizzly Bears"], ["Thorn of the Black Rose"])
    assert g.state.monarch is None        # 725.1: no monarch until an effect makes one
    cast_and_resolve(g, ids["Thorn of the Black Rose"])
    assert g.state.monarch == 0
    hand = len(g.state.players[0].hand)
    events = _order_end_step_triggers(g)
    # 725.2: the monarch's end step: the ability without a source, controlled by the monarch, draws a card
    assert any(e.kind == "trigger" and e.data["name"] == MONARCH and e.data["controller"] == 0 for e in events)
    assert len(g.state.players[0].hand) == hand + 1
    assert g.state.objects[ids["Throne Warden"]].counters.get("+1/+1") == 1      # "if you're the monarch"
    # B's creature deals combat damage to the monarch: its controller becomes the monarch (725.2, 725.3)
    advance(g, Step.MAIN1, turn=4)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {ids["B:Grizzly Bears"]: "P0"}))
    advance(g, Step.END, turn=4)
    assert g.state.monarch == 1
    assert Game.from_json(g.to_json()).state.monarch == 1       # kept by a saved game
    hand_b = len(g.state.players[1].hand)
    resolve_stack(g)
    assert len(g.state.players[1].hand) == hand_b + 1
    assert g.state.objects[ids["Throne Warden"]].counters.get("+1/+1") == 1      # not A's end step


@pytest.mark.rules("725.1", "603.4")
def test_if_an_opponent_is_the_monarch(extra_cards):
    extra_cards(QUEEN_MARCHESA, fully_read=True)
    g, ids = table(["Queen Marchesa"], turn=3, step=Step.MAIN2)
    g.state.monarch = 1
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    assert [o for o in g.state.battlefield if g.state.objects[o].name == "Assassin Token"]
