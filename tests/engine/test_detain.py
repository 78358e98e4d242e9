"""Detain (701.35) and Arrest-like restrictions: until your next turn the permanent can't attack or block and
its activated abilities can't be activated (602.5)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from engine.rules.combat import static_flag
from tests.engine.test_keyword_combat import creature
from tests.engine.driving import activate_and_resolve, advance, cast_and_settle, table

# Real cards' Oracle text (Return to Ravnica, Magic 2013).
DETAIN_SPELL = {"name": "Inaction Injunction", "manaCost": "{1}{U}", "type": "Sorcery", "types": ["Sorcery"],
                "text": "Detain target creature an opponent controls. (Until your next turn, that creature can't "
                        "attack or block and its activated abilities can't be activated.)\nDraw a card."}
ARREST = {"name": "Arrest", "manaCost": "{2}{W}", "type": "Enchantment — Aura", "types": ["Enchantment"],
          "subtypes": ["Aura"], "text": "Enchant creature\nEnchanted creature can't attack or block, and its activated "
          "abilities can't be activated."}

# A test creature with an activated ability.
PINGER = creature("Pinger Test", "{2}{R}", "Human Wizard", "{T}: Pinger Test deals 1 damage to any target.", "1/1")


def _can_activate(g, player: int, oid: int) -> bool:
    try:
        g.clone().apply(ActivateAbility(player, oid, 0, targets=(("P0",),)))
    except IllegalAction:
        return False
    return True


@pytest.mark.rules("701.35a", "602.5")
def test_detain_lasts_until_your_next_turn(extra_cards):
    extra_cards(DETAIN_SPELL, PINGER)
    g, ids = table(["Island", "Island"], ["Pinger Test"], hand_a=["Inaction Injunction"])
    pyro = ids["B:Pinger Test"]
    cast_and_settle(g, ids["Inaction Injunction"], targets=((pyro,),))
    advance(g, Step.MAIN1, turn=4)
    assert g.state.active == 1
    assert static_flag(g, pyro, "cant_activate") and static_flag(g, pyro, "cant_attack")
    assert not _can_activate(g, 1, pyro)
    advance(g, Step.UPKEEP, turn=5)
    assert not static_flag(g, pyro, "cant_activate"), "until A's next turn"


@pytest.mark.rules("602.5")
def test_arrest_stops_activated_abilities(extra_cards):
    extra_cards(ARREST, PINGER)
    g, ids = table([], ["Pinger Test"], turn=4, active=1)
    pyro = ids["B:Pinger Test"]
    arrest = g.add_card("Arrest", 0, Zone.BATTLEFIELD)
    g.state.objects[arrest].attached_to = pyro
    g.state.invalidate()
    assert not _can_activate(g, 1, pyro)
    assert not any(getattr(a, "source", None) == pyro for a in g.legal_actions())


EDIFICE_OF_AUTHORITY = {"name": "Edifice of Authority", "manaCost": "{3}", "type": "Artifact", "types": ["Artifact"],
                        "text": "{1}, {T}: Target creature can't attack this turn. Put a brick counter on Edifice of "
                                "Authority.\n{1}, {T}: Until your next turn, target creature can't attack or block and "
                                "its activated abilities can't be activated. Activate only if there are three or more "
                                "brick counters on Edifice of Authority."}


@pytest.mark.rules("701.35a", "611.2b", "602.5")
def test_detain_said_in_full_lasts_until_your_next_turn(extra_cards):
    extra_cards(EDIFICE_OF_AUTHORITY, PINGER, fully_read=True)
    g, ids = table(["Edifice of Authority", "Island"], ["Pinger Test"])
    edifice, pyro = ids["Edifice of Authority"], ids["B:Pinger Test"]
    g.state.objects[edifice].counters["brick"] = 3
    g.state.invalidate()
    activate_and_resolve(g, edifice, 1, targets=((pyro,),))
    advance(g, Step.MAIN1, turn=4)
    assert static_flag(g, pyro, "cant_activate") and static_flag(g, pyro, "cant_attack")
    assert not _can_activate(g, 1, pyro)
    advance(g, Step.UPKEEP, turn=5)
    assert not static_flag(g, pyro, "cant_activate"), "until A's next turn"
