"""'If a Giant source you control would deal damage to a permanent or player, it deals double that damage ... instead'
(614.1a): a replacement effect on the damage of the sources of a kind (checked as the damage would be dealt, on the
source as it is on the battlefield or the stack); "a ... spell" is only a spell's. Real cards' Oracle text played
through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import PassPriority
from tests.engine.driving import advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

CALAMITY_BEARER = record("Calamity Bearer", "{2}{R}{R}", "Creature — Giant Berserker",
                         "If a Giant source you control would deal damage to a permanent or player, it deals double "
                         "that damage to that permanent or player instead.", "3/4")
FIRE_SERVANT = record("Fire Servant", "{3}{R}", "Creature — Elemental",
                      "If a red instant or sorcery spell you control would deal damage, it deals double that damage "
                      "instead.", "4/3")


@pytest.mark.rules("614.1a", "510.2")
@pytest.mark.parametrize("attacker,damage", [("Hill Giant", 6), ("Grizzly Bears", 2)])
def test_calamity_bearer_doubles_the_damage_of_giants_you_control(extra_cards, attacker, damage):
    extra_cards(CALAMITY_BEARER, fully_read=True)
    g, ids = table(["Calamity Bearer", attacker], [], turn=3)
    attack(g, ids[attacker])
    advance(g, Step.END)
    assert g.state.players[1].life == 20 - damage


@pytest.mark.rules("614.1a", "120.3")
def test_fire_servant_doubles_the_damage_of_your_red_instants_only(extra_cards):
    extra_cards(FIRE_SERVANT, fully_read=True)
    g, ids = table(["Fire Servant", "Mountain"], ["Mountain"], ["Lightning Bolt"], hand_b=["Shock"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.state.players[1].life == 20 - 6
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Shock"], player=1, targets=(("P0",),))
    assert g.state.players[0].life == 20 - 2          # an opponent's spell: not doubled


@pytest.mark.rules("614.1a", "510.2")
def test_fire_servant_leaves_a_red_creatures_damage_as_it_is(extra_cards):
    extra_cards(FIRE_SERVANT, fully_read=True)
    g, ids = table(["Fire Servant", "Raging Goblin"], [], turn=3)
    attack(g, ids["Raging Goblin"])
    advance(g, Step.END)
    resolve_stack(g)
    assert g.state.players[1].life == 19
