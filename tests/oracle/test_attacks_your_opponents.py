""""Whenever a player attacks one or more of your opponents" (508.1, 603.2): once for the declaration of attackers,
if a creature attacks a player who is an opponent of the ability's controller; "that attacking player" is the active
player (506.2)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from tests.engine.driving import attack, settle, table
from tests.oracle.conftest import record

JOLENE = record("Jolene, the Plunder Queen", "{2}{R}{G}", "Legendary Creature — Human Warrior",
                "Whenever a player attacks one or more of your opponents, that attacking player creates a Treasure "
                "token.\nIf you would create one or more Treasure tokens, instead create those tokens plus an additional "
                "Treasure token.\nSacrifice five Treasures: Put five +1/+1 counters on Jolene.", "2/2")


def _treasures(g, player: int) -> int:
    return sum(1 for o in g.state.battlefield if g.characteristics(o).name == "Treasure Token"
               and g.state.objects[o].controller == player)


@pytest.mark.rules("508.1", "603.2", "614.1a")
@pytest.mark.parametrize("jolene_of,treasures", [(0, 2), (1, 1)])
def test_jolene_gives_the_attacking_player_a_treasure(extra_cards, jolene_of, treasures):
    """A attacks B. With A's Jolene, A attacked A's opponent: A creates a Treasure and, by Jolene's replacement, one
    more. With B's Jolene, B was attacked, no opponent of B's: no Treasure."""
    extra_cards(JOLENE, fully_read=True)
    a, b = ["Grizzly Bears"], []
    (a if jolene_of == 0 else b).append("Jolene, the Plunder Queen")
    g, ids = table(a, b, step=Step.BEGINNING_OF_COMBAT)
    attack(g, ids["Grizzly Bears"])
    settle(g)
    assert _treasures(g, 0) == (treasures if jolene_of == 0 else 0)
    assert _treasures(g, 1) == 0
