"""Phasing (702.26): in its controller's untap step (502.1) a permanent with phasing phases out, with the Auras
attached to it (702.26g); phased out it is treated as though it doesn't exist (702.26b); in their next untap
step it phases in, still enchanted."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.player_actions import CastSpell, PassPriority
from engine.core.state import GameState
from tests.engine.driving import advance, resolve_stack, table
from tests.engine.test_keyword_combat import creature

BREEZEKEEPER = creature("Breezekeeper", "{3}{U}", "Djinn", "Flying\nPhasing (This phases in or out before you untap "
                        "during each of your untap steps. While it's phased out, treat it as though it doesn't exist.)",
                        "4/4")


@pytest.mark.rules("702.26a", "702.26b", "702.26g", "502.1")
def test_phasing_out_and_in_with_its_aura(extra_cards):
    extra_cards(BREEZEKEEPER)
    g, ids = table(["Breezekeeper"], turn=3, active=1, step=Step.MAIN2)
    keeper = ids["Breezekeeper"]
    aura = g.add_card("Holy Strength", 0, Zone.BATTLEFIELD)
    g.attach(aura, keeper)
    advance(g, Step.UPKEEP, turn=4)
    s = g.state
    assert keeper not in s.battlefield and aura not in s.battlefield, "phased out, with its Aura (702.26g)"
    assert s.objects[keeper].zone is Zone.BATTLEFIELD, "no zone change (702.26d)"
    # a save keeps them phased out
    assert GameState.from_json(s.to_json()).phased_out == s.phased_out
    advance(g, Step.UPKEEP, turn=6)
    s = g.state
    assert keeper in s.battlefield and aura in s.battlefield
    assert s.objects[aura].attached_to == keeper
    assert g.characteristics(keeper).toughness == 6, "Holy Strength's +1/+2 applies again"
    advance(g, Step.UPKEEP, turn=8)
    assert keeper not in g.state.battlefield, "it phases out again at each of its controller's untap steps"


@pytest.mark.rules("702.26b")
def test_a_phased_out_creature_is_not_destroyed_by_wrath(extra_cards):
    extra_cards(BREEZEKEEPER)
    g, ids = table(["Breezekeeper"], ["Plains", "Plains", "Plains", "Plains", "Grizzly Bears"], turn=3, active=1,
                   step=Step.MAIN2, hand_b=["Wrath of God"])
    advance(g, Step.MAIN1, turn=4)
    assert ids["Breezekeeper"] not in g.state.battlefield
    advance(g, Step.MAIN1, turn=5)
    g.apply(CastSpell(1, ids["B:Wrath of God"]))
    g.apply(PassPriority(1))
    resolve_stack(g)
    assert not [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]
    advance(g, Step.UPKEEP, turn=6)
    assert ids["Breezekeeper"] in g.state.battlefield, "it survived: it didn't exist when Wrath resolved"
