"""The damage a player was dealt this turn, combat or not (120.2): "if you were dealt 4 or more damage this turn",
"for each 1 damage dealt to you this turn", "equal to the damage dealt to you this turn"; and "if it's an opponent's
turn". Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import CastSpell
from tests.engine.driving import advance, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

BOARDED_WINDOW = record("Boarded Window", "{3}", "Artifact",
                        "Creatures attacking you get -1/-0.\nAt the beginning of each end step, if you were dealt 4 or "
                        "more damage this turn, exile Boarded Window.")
DISCORDANT_SPIRIT = record("Discordant Spirit", "{2}{B}{R}", "Creature — Spirit",
                           "At the beginning of each end step, if it's an opponent's turn, put a +1/+1 counter on "
                           "Discordant Spirit for each 1 damage dealt to you this turn.\nAt the beginning of your end "
                           "step, remove all +1/+1 counters from Discordant Spirit.", "2/2")
SIMULACRUM = record("Simulacrum", "{1}{B}", "Instant",
                    "You gain life equal to the damage dealt to you this turn. Simulacrum deals damage to target "
                    "creature you control equal to the damage dealt to you this turn.")


@pytest.mark.rules("603.4", "120.2", "513.1a")
@pytest.mark.parametrize("spells,exiled", [(["Lightning Bolt", "Shock"], True), (["Lightning Bolt"], False)])
def test_boarded_window_leaves_after_four_damage(extra_cards, spells, exiled):
    extra_cards(BOARDED_WINDOW, fully_read=True)
    g, ids = table(["Boarded Window", "Mountain", "Mountain"], [], spells)
    for name in spells:
        cast_and_resolve(g, ids[name], targets=(("P0",),))
    advance(g, Step.END)
    resolve_stack(g)
    assert (ids["Boarded Window"] in g.state.battlefield) != exiled


@pytest.mark.rules("603.4", "120.2", "122.1a")
def test_discordant_spirit_grows_on_an_opponents_turn_only(extra_cards):
    extra_cards(DISCORDANT_SPIRIT, fully_read=True)
    g, ids = table(["Discordant Spirit"], ["Mountain"], hand_b=["Lightning Bolt"], active=1)
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    resolve_stack(g)
    advance(g, Step.END)
    resolve_stack(g)
    spirit = ids["Discordant Spirit"]
    assert g.state.objects[spirit].counters.get("+1/+1") == 3
    advance(g, Step.END, turn=4)        # A's own end step: no counters for no damage; the others are removed
    resolve_stack(g)
    assert not g.state.objects[spirit].counters.get("+1/+1")


@pytest.mark.rules("608.2c", "120.2", "119.3")
def test_simulacrum_gains_and_redirects_the_damage_dealt_to_you(extra_cards):
    extra_cards(SIMULACRUM, fully_read=True)
    g, ids = table(["Craw Wurm", "Mountain", "Swamp", "Swamp"], [], ["Lightning Bolt", "Simulacrum"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P0",),))
    cast_and_resolve(g, ids["Simulacrum"], targets=((ids["Craw Wurm"],),))
    assert g.state.players[0].life == 20
    assert g.state.objects[ids["Craw Wurm"]].damage == 3
