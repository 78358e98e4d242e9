"""Epic (702.50): the spell's controller can't cast spells for the rest of the game, and at each of their
upkeeps the spell is copied except for its epic ability; played with a real card."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell
from tests.engine.driving import advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

ENDLESS_SWARM = record("Endless Swarm", "{5}{G}{G}{G}", "Sorcery",
                       "Create a 1/1 green Snake creature token for each card in your hand.\nEpic (For the rest of "
                       "the game, you can't cast spells. At the beginning of each of your upkeeps, copy this spell "
                       "except for its epic ability.)")


@pytest.mark.rules("702.50a", "702.50b", "707.10")
def test_epic_copies_the_spell_each_upkeep_and_forbids_casting(extra_cards):
    extra_cards(ENDLESS_SWARM)
    g, ids = table(["Forest"] * 8, hand_a=["Endless Swarm", "Grizzly Bears", "Giant Growth"])
    cast_and_resolve(g, ids["Endless Swarm"])
    assert len(on_battlefield(g, "Snake Token")) == 2            # two cards in hand
    with pytest.raises(IllegalAction):                          # 702.50b: no more spells, for the rest of the game
        g.apply(CastSpell(0, ids["Giant Growth"], targets=((on_battlefield(g, "Snake Token")[0],),)))
    advance(g, Step.UPKEEP, turn=5)                             # A's next upkeep: the copy is on the stack
    resolve_stack(g)
    assert len(on_battlefield(g, "Snake Token")) == 4
    advance(g, Step.MAIN1, turn=5)                              # drew a card: three in hand now
    assert not any(isinstance(a, CastSpell) for a in g.legal_actions())
    advance(g, Step.UPKEEP, turn=7)
    resolve_stack(g)
    assert len(on_battlefield(g, "Snake Token")) == 7           # the copy has no epic: still one ability
    assert sum(1 for r in g.state.delayed_triggers if r["duration"] == "game") == 1
