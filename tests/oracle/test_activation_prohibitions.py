"""Statics that stop activated abilities (602.5, 605.3): "Activated abilities of creatures can't be activated"
(Cursed Totem), "Activated abilities of artifacts can't be activated" (Collector Ouphe): their mana abilities
too, so such a permanent pays for nothing; "its activated abilities with {T} in their costs can't be activated" (Serra
Bestiary, Katabatic Winds) only those, mana abilities included."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers
from tests.engine.driving import activate_and_resolve, pass_until, table
from tests.oracle.conftest import record

CURSED_TOTEM = record("Cursed Totem", "{2}", "Artifact", "Activated abilities of creatures can't be activated.")
COLLECTOR_OUPHE = record("Collector Ouphe", "{1}{G}", "Creature — Ouphe",
                         "Activated abilities of artifacts can't be activated.", pt="2/2")
SERRA_BESTIARY = record("Serra Bestiary", "{W}{W}", "Enchantment — Aura",
                        "Enchant creature\nAt the beginning of your upkeep, sacrifice Serra Bestiary unless you pay "
                        "{W}{W}.\nEnchanted creature can't attack or block, and its activated abilities with {T} in "
                        "their costs can't be activated.")
KATABATIC_WINDS = record("Katabatic Winds", "{2}{G}", "Enchantment",
                         "Phasing (This phases in or out before you untap during each of your untap steps. While it's "
                         "phased out, it's treated as though it doesn't exist.)\nCreatures with flying can't attack or "
                         "block, and their activated abilities with {T} in their costs can't be activated.")


@pytest.mark.rules("602.5")
def test_creatures_abilities_cant_be_activated(extra_cards):
    extra_cards(CURSED_TOTEM, fully_read=True)
    g, ids = table(["Prodigal Sorcerer", "Llanowar Elves"], ["Cursed Totem"], ["Grizzly Bears"])
    with pytest.raises(IllegalAction, match="602.5"):
        g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=(("P1",),)))
    assert not any(isinstance(a, (ActivateAbility, CastSpell)) for a in g.legal_actions())


@pytest.mark.rules("602.5", "605.3")
def test_artifact_mana_abilities_cant_be_activated(extra_cards):
    extra_cards(COLLECTOR_OUPHE, fully_read=True)
    g, ids = table(["Mind Stone", "Forest"], ["Collector Ouphe"], ["Grizzly Bears"])
    assert not any(isinstance(a, CastSpell) for a in g.legal_actions())     # {1}{G}: the Mind Stone can't help
    g, ids = table(["Mind Stone", "Forest"], [], ["Grizzly Bears"])
    assert any(isinstance(a, CastSpell) for a in g.legal_actions())


@pytest.mark.rules("602.5", "508.1c")
def test_enchanted_creatures_tap_abilities_cant_be_activated(extra_cards):
    extra_cards(SERRA_BESTIARY, fully_read=True)
    g, ids = table(["Prodigal Sorcerer", "Shivan Dragon", "Mountain", "Grizzly Bears"], step=Step.MAIN1)
    g.attach(g.add_card("Serra Bestiary", 1, Zone.BATTLEFIELD), ids["Prodigal Sorcerer"])
    g.attach(g.add_card("Serra Bestiary", 1, Zone.BATTLEFIELD), ids["Shivan Dragon"])
    with pytest.raises(IllegalAction, match="602.5"):
        g.apply(ActivateAbility(0, ids["Prodigal Sorcerer"], 0, targets=(("P1",),)))
    assert not any(isinstance(a, ActivateAbility) and a.source == ids["Prodigal Sorcerer"] for a in g.legal_actions())
    # the Dragon's "{R}: +1/+0" has no {T} in its cost: it still can be activated
    activate_and_resolve(g, ids["Shivan Dragon"])
    assert g.characteristics(ids["Shivan Dragon"]).power == 6
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.apply(DeclareAttackers(0, {ids["Shivan Dragon"]: "P1"}))
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))


@pytest.mark.rules("602.5", "605.3")
def test_creatures_with_flying_cant_tap_for_mana(extra_cards):
    extra_cards(KATABATIC_WINDS, fully_read=True)
    g, ids = table(["Birds of Paradise", "Llanowar Elves"], ["Katabatic Winds"], ["Grizzly Bears"])
    # {1}{G}: the Elves pay one mana, the Birds (flying) can't be tapped for the other
    assert not any(isinstance(a, CastSpell) for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="602.5"):
        g.apply(ActivateAbility(0, ids["Birds of Paradise"], 0))
    g.apply(ActivateAbility(0, ids["Llanowar Elves"], 0))
    assert g.state.players[0].mana_pool["G"] == 1
