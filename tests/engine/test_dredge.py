"""Dredge (702.52): a draw replaced by milling N cards and returning the dredge card to its owner's hand,
offered for each single draw: the draw step's (504.1) and each draw of a resolving "draw N cards"."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import both_pass, resolve_stack, table

DARKBLAST = {"name": "Darkblast", "manaCost": "{B}", "type": "Instant", "types": ["Instant"],
             "text": "Target creature gets -1/-1 until end of turn.\nDredge 3 (If you would draw a card, you may "
                     "mill 3 cards instead. If you do, return this card from your graveyard to your hand.)"}


def to_draw_step(g: Game) -> None:
    """Passes priority in the upkeep until the draw step's draw is made or asked about."""
    while g.state.step is Step.UPKEEP:
        g.apply(PassPriority(g.pending.player))


def _zone_names(g: Game, zone: list[int]) -> list[str]:
    return [g.state.objects[o].name for o in zone]


@pytest.mark.rules("702.52a")
def test_dredge_replaces_the_draw_step_draw(extra_cards):
    extra_cards(DARKBLAST)
    g, _ = table(step=Step.UPKEEP)
    blast = g.add_card("Darkblast", 0, Zone.GRAVEYARD)
    to_draw_step(g)
    me = g.state.players[0]
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.options == [blast]
    g.apply(Choose(0, (blast,)))
    assert _zone_names(g, me.hand) == ["Darkblast"]
    assert len(me.library) == 5 and _zone_names(g, me.graveyard) == ["Plains"] * 3
    assert g.state.turn_log.get("draws", {}).get("0", 0) == 0, "a replaced draw is not drawn (614.1a)"
    assert g.pending.kind is DecisionKind.PRIORITY and g.state.step is Step.DRAW


@pytest.mark.rules("702.52a")
def test_declining_dredge_draws(extra_cards):
    extra_cards(DARKBLAST)
    g, _ = table(step=Step.UPKEEP)
    g.add_card("Darkblast", 0, Zone.GRAVEYARD)
    to_draw_step(g)
    g.apply(Choose(0, ()))
    me = g.state.players[0]
    assert _zone_names(g, me.hand) == ["Plains"] and _zone_names(g, me.graveyard) == ["Darkblast"]
    assert len(me.library) == 7


@pytest.mark.rules("702.52b")
def test_no_dredge_with_fewer_cards_in_library_than_n(extra_cards):
    extra_cards(DARKBLAST)
    g, _ = table(step=Step.UPKEEP)
    g.add_card("Darkblast", 0, Zone.GRAVEYARD)
    me = g.state.players[0]
    for oid in me.library[:6]:
        g.state.objects[oid].zone = Zone.EXILE
    del me.library[:6]
    to_draw_step(g)
    assert g.pending.kind is DecisionKind.PRIORITY, "2 cards in library: dredge 3 can't replace the draw"
    assert _zone_names(g, me.hand) == ["Plains"]


@pytest.mark.rules("702.52a", "121.2")
def test_dredge_replaces_the_second_draw_of_draw_two(extra_cards):
    """Each draw of "draw two cards" is offered on its own; answering the second doesn't redraw the first."""
    extra_cards(DARKBLAST)      # Divination: "Draw two cards." (the starter pool)
    g, ids = table(["Island", "Island", "Island"], hand_a=["Divination"])
    blast = g.add_card("Darkblast", 0, Zone.GRAVEYARD)
    me = g.state.players[0]
    g.apply(CastSpell(0, ids["Divination"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data["choice"] == "dredge"
    g.apply(Choose(0, ()))                          # the first draw: a Plains
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data["choice"] == "dredge"
    g.apply(Choose(0, (blast,)))                    # the second: dredge instead
    resolve_stack(g)
    assert sorted(_zone_names(g, me.hand)) == ["Darkblast", "Plains"]
    assert len(me.library) == 8 - 1 - 3
    assert g.state.turn_log["draws"]["0"] == 1
