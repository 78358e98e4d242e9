"""'If a land is tapped for mana, it produces colorless mana instead of any other type', '... {B} instead of any other
type and amount', 'Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead of any
other type' (614.1a, 106.12a): what a land's mana ability produces, changed, for the automatic payer and a mana ability
activated alike. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from engine.core.enums import Step
from tests.engine.driving import advance, resolve_stack, table
from tests.oracle.conftest import record

RITUAL_OF_SUBDUAL = record("Ritual of Subdual", "{4}{G}{G}", "Enchantment",
                           "Cumulative upkeep {2} (At the beginning of your upkeep, put an age counter on this permanent, "
                           "then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nIf a land is "
                           "tapped for mana, it produces colorless mana instead of any other type.")
CONTAMINATION = record("Contamination", "{2}{B}", "Enchantment",
                       "At the beginning of your upkeep, sacrifice Contamination unless you sacrifice a creature.\n"
                       "If a land is tapped for mana, it produces {B} instead of any other type and amount.")
PALE_MOON = record("Pale Moon", "{1}{U}", "Instant",
                   "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead of "
                   "any other type.")


def _pool(g, player: int = 0) -> dict[str, int]:
    return {c: n for c, n in g.state.players[player].mana_pool.items() if n}


@pytest.mark.rules("614.1a", "106.12a")
def test_ritual_of_subdual_makes_every_land_produce_colorless(extra_cards):
    extra_cards(RITUAL_OF_SUBDUAL, fully_read=True)
    g, ids = table(["Forest", "Forest"], ["Ritual of Subdual", "Mountain"], ["Grizzly Bears"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))          # {1}{G}: the Forests make {C}{C}
    g.apply(ActivateAbility(0, ids["Forest"], 0))
    assert _pool(g) == {"C": 1}


@pytest.mark.rules("614.1a", "106.12a")
def test_contamination_makes_every_land_produce_one_black(extra_cards):
    extra_cards(CONTAMINATION, fully_read=True)
    g, ids = table(["Forest", "Swamp", "Boros Garrison"], ["Contamination"], ["Grizzly Bears"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))
    g.apply(ActivateAbility(0, ids["Boros Garrison"], next(
        i for i, ab in enumerate(g.characteristics(ids["Boros Garrison"]).activated) if ab.is_mana_ability)))
    assert _pool(g) == {"B": 1}                     # one {B}, not {R}{W}


@pytest.mark.rules("614.1a", "106.12a", "611.2c")
def test_pale_moon_makes_nonbasic_lands_produce_colorless_this_turn(extra_cards):
    extra_cards(PALE_MOON, fully_read=True)
    g, ids = table(["Island", "Temple of Triumph", "Forest", "Scoured Barrens"], ["Temple of Triumph"], ["Pale Moon"])
    island, temple = ids["Island"], ids["Temple of Triumph"]
    g.apply(CastSpell(0, ids["Pale Moon"], pay=(island, ids["Scoured Barrens"])))
    resolve_stack(g)
    g.apply(ActivateAbility(0, temple, 0, mana_choice="W"))
    assert _pool(g) == {"C": 1}                     # a nonbasic land
    g.apply(ActivateAbility(0, ids["Forest"], 0))
    assert _pool(g) == {"C": 1, "G": 1}             # a basic one, as it was
    advance(g, Step.MAIN1, turn=4)
    g.apply(ActivateAbility(1, ids["B:Temple of Triumph"], 0, mana_choice="W"))
    assert _pool(g, 1) == {"W": 1}                  # the turn is over
