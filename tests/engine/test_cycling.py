"""Cycling (702.29): an activated ability that works only from the hand, "[Cost], Discard this card:
Draw a card."; typecycling searches for a card of a type instead (702.29e)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, Choose, PassPriority
from tests.engine.driving import resolve_stack, table

HIEROGLYPHIC_ILLUMINATION = {"name": "Hieroglyphic Illumination", "manaCost": "{3}{U}", "type": "Instant",
                             "types": ["Instant"], "subtypes": [], "text": "Draw two cards.\nCycling {U}"}
TWISTED_ABOMINATION = {"name": "Twisted Abomination", "manaCost": "{5}{B}", "type": "Creature — Zombie Mutant",
                       "types": ["Creature"], "subtypes": ["Zombie", "Mutant"],
                       "text": "{B}: Regenerate Twisted Abomination.\nSwampcycling {2}", "power": "5", "toughness": "3"}


@pytest.mark.rules("702.29a", "602.2")
def test_cycling_discards_the_card_from_hand_and_draws(extra_cards):
    extra_cards(HIEROGLYPHIC_ILLUMINATION)
    g, ids = table(["Island"], hand_a=["Hieroglyphic Illumination"], step=Step.UPKEEP)
    card = ids["Hieroglyphic Illumination"]
    assert ActivateAbility(0, card, 0, targets=()) in g.legal_actions()   # at instant speed, from the hand
    g.apply(ActivateAbility(0, card, 0))
    assert g.state.players[0].hand == []
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 1 and len(g.state.players[0].graveyard) == 1
    assert g.state.objects[ids["Island"]].tapped


@pytest.mark.rules("702.29a", "702.29b")
def test_cycling_works_only_from_the_hand(extra_cards):
    extra_cards(TWISTED_ABOMINATION)
    g, ids = table(["Twisted Abomination", "Swamp", "Swamp"], step=Step.MAIN1)
    abomination = ids["Twisted Abomination"]
    swampcycling = 1      # its second ability: the regeneration ability is the first
    assert not any(isinstance(a, ActivateAbility) and a.index == swampcycling for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, abomination, swampcycling))


@pytest.mark.rules("702.29e", "701.23a")
def test_swampcycling_searches_for_a_swamp(extra_cards):
    extra_cards(TWISTED_ABOMINATION)
    g, ids = table(["Swamp", "Swamp"], hand_a=["Twisted Abomination"], step=Step.MAIN1)
    swamp = g.add_card("Swamp", 0, Zone.LIBRARY)
    g.apply(ActivateAbility(0, ids["Twisted Abomination"], 1))
    while g.state.stack:
        if g.pending.kind is DecisionKind.PRIORITY:
            g.apply(PassPriority(g.pending.player))
        else:
            assert g.pending.options == [swamp]     # only the Swamp, not the Plains
            g.apply(Choose(0, (swamp,)))
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Swamp"]
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Twisted Abomination"]
