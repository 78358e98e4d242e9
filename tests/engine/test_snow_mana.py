"""Snow mana (107.4h, 106.3): a cost's {S} is paid only with mana a snow source produced, from the pool or from
snow permanents the payment taps; other mana of the cost is paid with the mana that isn't snow first. Played
with Faceless Haven ({S}{S}{S}: it becomes a creature)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.mana import ManaCost, can_pay_from, find_payment, ManaSource
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

FACELESS_HAVEN = {**record("Faceless Haven", None, "Snow Land",
                           "{T}: Add {C}.\n{S}{S}{S}: Faceless Haven becomes a 4/3 creature with vigilance and all "
                           "creature types until end of turn. It's still a land."), "supertypes": ["Snow"]}
SNOW_COVERED_FOREST = {**record("Snow-Covered Forest", None, "Basic Snow Land — Forest", "({T}: Add {G}.)"),
                       "supertypes": ["Basic", "Snow"]}


def _haven(extra_cards, lands: list[str]):
    extra_cards(FACELESS_HAVEN, SNOW_COVERED_FOREST, fully_read=True)
    g, _ = table([], [])
    haven = g.add_card("Faceless Haven", 0, Zone.BATTLEFIELD)
    return g, haven, [g.add_card(name, 0, Zone.BATTLEFIELD) for name in lands]


@pytest.mark.rules("107.4h", "106.3")
def test_faceless_haven_is_paid_with_mana_of_snow_lands(extra_cards):
    g, haven, lands = _haven(extra_cards, ["Forest", "Snow-Covered Forest", "Forest", "Snow-Covered Forest"])
    g.apply(ActivateAbility(0, haven, 1))
    resolve_stack(g)
    assert g.characteristics(haven).is_creature
    # the two snow lands and the Haven itself (a snow land) paid; the Forests stay untapped
    assert [g.state.objects[o].tapped for o in lands] == [False, True, False, True]
    assert g.state.objects[haven].tapped


@pytest.mark.rules("107.4h")
def test_mana_of_lands_that_are_not_snow_does_not_pay_snow_symbols(extra_cards):
    g, haven, lands = _haven(extra_cards, ["Forest", "Forest", "Forest", "Snow-Covered Forest"])
    assert not any(isinstance(a, ActivateAbility) and a.source == haven and a.index == 1 for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, haven, 1))
    assert not any(g.state.objects[o].tapped for o in lands + [haven])


@pytest.mark.rules("107.4h", "106.4")
def test_snow_mana_in_the_pool_keeps_its_source_s_snow(extra_cards):
    g, haven, lands = _haven(extra_cards, ["Snow-Covered Forest", "Snow-Covered Forest", "Forest", "Forest"])
    for land in lands:
        g.apply(ActivateAbility(0, land, 0))       # {G}{G} snow and {G}{G} in the pool
    assert g.state.players[0].snow_mana == {"G": 2} and g.state.players[0].mana_pool["G"] == 4
    g.apply(ActivateAbility(0, haven, 1))          # the Haven's own {C} is the third snow mana
    resolve_stack(g)
    assert g.characteristics(haven).is_creature
    assert g.state.players[0].mana_pool["G"] == 2 and not g.state.players[0].snow_mana


@pytest.mark.rules("107.4h")
def test_colored_symbols_spend_mana_that_is_not_snow_first():
    pool = {"W": 0, "U": 0, "B": 0, "R": 0, "G": 2, "C": 0}
    assert can_pay_from(pool, ManaCost.parse("{G}{S}"), 0, {"G": 1}) is not None
    assert can_pay_from(pool, ManaCost.parse("{S}{S}"), 0, {"G": 1}) is None
    assert can_pay_from(pool, ManaCost.parse("{S}"), 0) is None
    sources = [ManaSource(1, 0, ("G",), 0), ManaSource(2, 0, ("C",), 0, snow=True)]
    paid = find_payment({c: 0 for c in "WUBRGC"}, sources, ManaCost.parse("{S}{G}"))
    assert paid is not None and {s[0] for s in paid.sources} == {1, 2}
    assert find_payment({c: 0 for c in "WUBRGC"}, sources[:1] * 2, ManaCost.parse("{S}")) is None
