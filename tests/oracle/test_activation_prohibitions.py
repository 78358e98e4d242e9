"""Statics that stop activated abilities (602.5, 605.3): "Activated abilities of creatures can't be activated"
(Cursed Totem), "Activated abilities of artifacts can't be activated" (Collector Ouphe): their mana abilities
too, so such a permanent pays for nothing."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell
from tests.engine.driving import table
from tests.oracle.conftest import record

CURSED_TOTEM = record("Cursed Totem", "{2}", "Artifact", "Activated abilities of creatures can't be activated.")
COLLECTOR_OUPHE = record("Collector Ouphe", "{1}{G}", "Creature — Ouphe",
                         "Activated abilities of artifacts can't be activated.", pt="2/2")


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
