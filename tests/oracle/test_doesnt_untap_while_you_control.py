""""That creature doesn't untap during its controller's untap step for as long as you control ~" (502.3, 611.2b): the
effect ends when ~ leaves the battlefield or another player gains control of it. Compiled from a real card and
played."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import CastSpell
from tests.engine.driving import advance, resolve_choosing, resolve_stack, table
from tests.oracle.conftest import record

DUNGEON_GEISTS = record("Dungeon Geists", "{2}{U}{U}", "Creature — Spirit",
                        "Flying\nWhen Dungeon Geists enters the battlefield, tap target creature an opponent controls. "
                        "That creature doesn't untap during its controller's untap step for as long as you control "
                        "Dungeon Geists.", "3/3")
def _geists_tap_bears(extra_cards, a=(), hand_b=()):
    extra_cards(DUNGEON_GEISTS)
    g, ids = table(["Island"] * 5 + list(a), ["Grizzly Bears", "Mountain", "Mountain", "Mountain"],
                   hand_a=["Dungeon Geists", "Unsummon"], hand_b=list(hand_b))
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Dungeon Geists"]))
    resolve_choosing(g, bears)
    assert g.state.objects[bears].tapped
    return g, ids, bears


@pytest.mark.rules("502.3", "611.2b")
def test_the_creature_stays_tapped_while_you_control_dungeon_geists(extra_cards):
    g, ids, bears = _geists_tap_bears(extra_cards)
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[bears].tapped
    advance(g, Step.MAIN1, turn=5)
    geists = next(o for o in g.state.battlefield if g.state.objects[o].name == "Dungeon Geists")
    g.apply(CastSpell(0, ids["Unsummon"], targets=((geists,),)))
    resolve_stack(g)
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.objects[bears].tapped, "Dungeon Geists left: the effect ended"


@pytest.mark.rules("611.2b", "613.1b")
def test_the_effect_ends_when_another_player_gains_control_of_dungeon_geists(extra_cards):
    g, ids, bears = _geists_tap_bears(extra_cards, hand_b=["Act of Treason"])
    advance(g, Step.MAIN1, turn=4)
    assert g.state.objects[bears].tapped
    geists = next(o for o in g.state.battlefield if g.state.objects[o].name == "Dungeon Geists")
    g.apply(CastSpell(1, ids["B:Act of Treason"], targets=((geists,),)))
    resolve_stack(g)
    assert not g.characteristics(bears).extra.get("doesnt_untap")
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.objects[bears].tapped
