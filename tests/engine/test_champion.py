"""Champion (702.72): as it enters, exile another such permanent you control or sacrifice it; when it leaves
the battlefield, the exiled card returns (607.2k)."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_settle, on_battlefield, preferring, table
from tests.engine.test_keyword_combat import creature

# A real card's Oracle text (Lorwyn).
CHANGELING_HERO = creature("Changeling Hero", "{3}{W}", "Shapeshifter", "Changeling\nChampion a creature (When this "
                           "enters, sacrifice it unless you exile another creature you control. When this leaves the "
                           "battlefield, that card returns to the battlefield under its owner's control.)\nLifelink",
                           "4/4")


@pytest.mark.rules("702.72a", "607.2k")
def test_champion_exiles_and_returns(extra_cards):
    extra_cards(CHANGELING_HERO)
    g, ids = table(["Grizzly Bears"] + ["Plains"] * 4 + ["Mountain"] * 2, [], hand_a=["Changeling Hero", "Lightning Bolt", "Shock"])
    cast_and_settle(g, ids["Changeling Hero"], answer=preferring(ids["Grizzly Bears"]))
    (hero,) = on_battlefield(g, "Changeling Hero")
    assert not on_battlefield(g, "Grizzly Bears"), "the championed creature is exiled"
    cast_and_settle(g, ids["Lightning Bolt"], targets=((hero,),))
    cast_and_settle(g, ids["Shock"], targets=((hero,),))
    assert not on_battlefield(g, "Changeling Hero")
    assert len(on_battlefield(g, "Grizzly Bears")) == 1, "it returns when the champion leaves"


@pytest.mark.rules("702.72a")
def test_champion_without_a_creature_to_exile_is_sacrificed(extra_cards):
    extra_cards(CHANGELING_HERO)
    g, ids = table(["Plains"] * 4, [], hand_a=["Changeling Hero"])
    cast_and_settle(g, ids["Changeling Hero"])
    assert not on_battlefield(g, "Changeling Hero")
