"""A card's own permission to be cast from its owner's graveyard (601.3, 113.6k): "You may cast ~ from your
graveyard [as long as / if <condition>]". Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, PassPriority
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

MARANG_RIVER_PROWLER = record("Marang River Prowler", "{2}{U}", "Creature — Human Rogue",
                              "Marang River Prowler can't block and can't be blocked.\nYou may cast Marang River "
                              "Prowler from your graveyard as long as you control a black or green permanent.", "2/1")


@pytest.mark.rules("601.3", "113.6k", "601.2a")
@pytest.mark.parametrize("green", [True, False])
def test_cast_itself_from_the_graveyard_while_the_condition_holds(extra_cards, green):
    extra_cards(MARANG_RIVER_PROWLER, fully_read=True)
    g, ids = table(["Island"] * 3 + (["Grizzly Bears"] if green else []))
    prowler = g.add_card("Marang River Prowler", 0, Zone.GRAVEYARD)
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == prowler]
    assert bool(casts) == green
    if not green:
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, prowler))
        return
    cast_and_settle(g, prowler)
    assert on_battlefield(g, "Marang River Prowler") and not g.state.players[0].graveyard


@pytest.mark.rules("601.3", "307.1")
def test_the_usual_timing(extra_cards):
    """The permission doesn't give the creature spell flash: not in the opponent's turn."""
    extra_cards(MARANG_RIVER_PROWLER, fully_read=True)
    g, ids = table(["Island"] * 3 + ["Grizzly Bears"], active=1)
    prowler = g.add_card("Marang River Prowler", 0, Zone.GRAVEYARD)
    g.apply(PassPriority(1))
    assert g.pending.player == 0
    assert not any(isinstance(a, CastSpell) and a.card == prowler for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, prowler))
