""""You may sacrifice two Foods. If you do, ... Otherwise, ...", "Then you may discard two cards. If you do, draw three
cards": an optional action about several objects is offered only when all of them can be (608.2d), so what follows
"If you do" happens only when it was carried out in full. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, settle, table
from tests.oracle.conftest import record

THRILLING_DISCOVERY = record("Thrilling Discovery", "{R}{W}", "Sorcery",
                             "You gain 2 life. Then you may discard two cards. If you do, draw three cards.")
GIANT_OPPORTUNITY = record("Giant Opportunity", "{2}{G}", "Sorcery",
                           "You may sacrifice two Foods. If you do, create a 7/7 green Giant creature token. Otherwise, "
                           "create three Food tokens. (They're artifacts with \"{2}, {T}, Sacrifice this artifact: You "
                           "gain 3 life.\")")
FOOD = {"name": "Food Token", "types": "Artifact — Food", "colors": "", "power": None, "toughness": None,
        "abilities": ["{2}, {T}, Sacrifice this artifact: You gain 3 life."]}


@pytest.mark.rules("608.2d", "608.2c", "701.9a")
@pytest.mark.parametrize("cards,hand", [(["Shock", "Opt"], 3), (["Shock"], 1)])
def test_thrilling_discovery_draws_only_after_discarding_two(extra_cards, cards, hand):
    extra_cards(THRILLING_DISCOVERY, fully_read=True)
    g, ids = table(["Mountain", "Plains"], [], ["Thrilling Discovery"] + cards)
    g.apply(CastSpell(0, ids["Thrilling Discovery"]))
    settle(g)       # "yes" to the "you may" (its first option) where it is offered
    # with one card the option can't be chosen: it stays, and nothing is drawn
    assert len(g.state.players[0].hand) == hand
    assert g.state.players[0].life == 22


@pytest.mark.rules("608.2d", "608.2c", "701.21a", "111.10a")
@pytest.mark.parametrize("foods,giants,food_left", [(2, 1, 0), (1, 0, 4)])
def test_giant_opportunity_sacrifices_two_foods_or_makes_three(extra_cards, foods, giants, food_left):
    extra_cards(GIANT_OPPORTUNITY, fully_read=True)
    g, ids = table(["Forest"] * 3, [], ["Giant Opportunity"])
    for _ in range(foods):
        g.add_token(FOOD, 0)
    g.apply(CastSpell(0, ids["Giant Opportunity"]))
    settle(g)       # "yes" to the "you may" (its first option) where it is offered
    assert len(on_battlefield(g, "Giant Token")) == giants
    assert len(on_battlefield(g, "Food Token")) == food_left
