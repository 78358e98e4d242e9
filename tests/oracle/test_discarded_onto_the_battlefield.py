"""'If a spell or ability an opponent controls causes you to discard ~, put it onto the battlefield instead of putting
it into your graveyard' (614.1a, 701.9a): the card's own replacement effect, working in the hand, when the spell or
ability making its owner discard is an opponent's. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

OBSTINATE_BALOTH = record("Obstinate Baloth", "{2}{G}{G}", "Creature — Beast",
                          "When Obstinate Baloth enters the battlefield, you gain 4 life.\nIf a spell or ability an "
                          "opponent controls causes you to discard Obstinate Baloth, put it onto the battlefield "
                          "instead of putting it into your graveyard.", "4/4")
DODECAPOD = record("Dodecapod", "{4}", "Artifact Creature — Golem",
                   "If a spell or ability an opponent controls causes you to discard Dodecapod, put it onto the "
                   "battlefield with two +1/+1 counters on it instead of putting it into your graveyard.", "3/3")


@pytest.mark.rules("614.1a", "701.9a", "603.6a")
@pytest.mark.parametrize("caster", [1, 0])
def test_obstinate_baloth_enters_when_an_opponent_makes_you_discard_it(extra_cards, caster):
    extra_cards(OBSTINATE_BALOTH, fully_read=True)
    g, ids = table([] if caster else ["Swamp"] * 3, ["Swamp"] * 3 if caster else [], ["Obstinate Baloth", "Shock"],
                   hand_b=["Mind Rot"], active=caster)
    rot = ids["B:Mind Rot"] if caster else g.add_card("Mind Rot", 0, Zone.HAND)
    cast_and_resolve(g, rot, player=caster, targets=(("P0",),))
    resolve_stack(g)
    graveyard = sorted(g.state.objects[o].name for o in g.state.players[0].graveyard)
    if caster:          # an opponent's spell: onto the battlefield, where it enters (and its ability triggers)
        assert on_battlefield(g, "Obstinate Baloth") and graveyard == ["Shock"]
        assert g.state.players[0].life == 24
    else:               # its owner's own spell: discarded into the graveyard
        assert not on_battlefield(g, "Obstinate Baloth") and "Obstinate Baloth" in graveyard


@pytest.mark.rules("614.1a", "614.1c", "701.9a")
def test_dodecapod_enters_with_two_counters(extra_cards):
    extra_cards(DODECAPOD, fully_read=True)
    g, ids = table([], ["Swamp"] * 3, ["Dodecapod", "Shock"], hand_b=["Mind Rot"], active=1)
    cast_and_resolve(g, ids["B:Mind Rot"], player=1, targets=(("P0",),))
    (pod,) = on_battlefield(g, "Dodecapod")
    assert g.state.objects[pod].counters == {"+1/+1": 2} and g.state.objects[pod].controller == 0
