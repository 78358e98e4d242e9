""""Whenever you cast a spell, if that spell was kicked, ..." and "... equal to the number of times that spell was
kicked": the spell whose casting triggered the ability, as it was cast (702.33d, 603.4), even once it has left the
stack. Real cards' Oracle text played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import resolve_stack, settle, table
from tests.oracle.conftest import record

BLOODSTONE_GOBLIN = record("Bloodstone Goblin", "{1}{R}", "Creature — Goblin Warrior",
                           "Whenever you cast a spell, if that spell was kicked, Bloodstone Goblin gets +1/+1 and gains "
                           "menace until end of turn. (It can't be blocked except by two or more creatures.)", "2/2")
RUMBLING_AFTERSHOCKS = record("Rumbling Aftershocks", "{4}{R}", "Enchantment",
                              "Whenever you cast a kicked spell, you may have Rumbling Aftershocks deal damage to any "
                              "target equal to the number of times that spell was kicked.")
BURST_LIGHTNING = record("Burst Lightning", "{R}", "Instant",
                         "Kicker {4} (You may pay an additional {4} as you cast this spell.)\nBurst Lightning deals 2 "
                         "damage to any target. If this spell was kicked, it deals 4 damage instead.")
GNARLID_COLONY = record("Gnarlid Colony", "{1}{G}", "Creature — Beast",
                        "Kicker {2}{G} (You may pay an additional {2}{G} as you cast this spell.)\nIf Gnarlid Colony was "
                        "kicked, it enters the battlefield with two +1/+1 counters on it.\nEach creature you control "
                        "with a +1/+1 counter on it has trample.", "2/2")


@pytest.mark.rules("702.33d", "603.4")
@pytest.mark.parametrize("kicked,power", [(1, 3), (0, 2)])
def test_bloodstone_goblin_if_that_spell_was_kicked(extra_cards, kicked, power):
    extra_cards(BLOODSTONE_GOBLIN, BURST_LIGHTNING, fully_read=True)
    g, ids = table(["Bloodstone Goblin"] + ["Mountain"] * 5, [], ["Burst Lightning"])
    g.apply(CastSpell(0, ids["Burst Lightning"], targets=(("P1",),), kicked=kicked))
    resolve_stack(g)        # the trigger, then the spell: the condition checked again as it resolves (603.4)
    assert g.state.players[1].life == 20 - (4 if kicked else 2)
    assert g.characteristics(ids["Bloodstone Goblin"]).power == power
    assert any(k.name == "menace" for k in g.characteristics(ids["Bloodstone Goblin"]).keywords) is bool(kicked)


@pytest.mark.rules("702.33d", "603.2")
def test_rumbling_aftershocks_deals_the_number_of_times_that_spell_was_kicked(extra_cards):
    extra_cards(RUMBLING_AFTERSHOCKS, GNARLID_COLONY, fully_read=True)
    g, ids = table(["Rumbling Aftershocks"] + ["Forest"] * 5, [], ["Gnarlid Colony"])
    g.apply(CastSpell(0, ids["Gnarlid Colony"], kicked=1))
    settle(g)       # "yes" (the first option), and the first target offered
    assert g.state.players[0].life + g.state.players[1].life == 39
