"""One matcher of a filter over last known information (608.2h, 603.10a), shared by the trigger matchers and the
amounts: "whenever another creature with flying dies", "for each creature card with power 4 or greater
discarded this way", "a spell of the chosen color"."""
from __future__ import annotations

import pytest

from engine.core.abilities import Filter
from engine.query.amounts import info_matches

BIRD = {"id": 7, "name": "Birds of Paradise", "owner": 0, "controller": 0, "types": ["Creature"],
        "subtypes": ["Bird"], "colors": ["G"], "supertypes": [], "keywords": ["flying"], "power": 0,
        "toughness": 1, "mana_value": 1, "token": False, "counters": {"+1/+1": 2}, "tapped": False}
ARTIFACT = {"id": 8, "name": "Sol Ring", "owner": 1, "controller": 1, "types": ["Artifact"], "subtypes": [],
            "colors": [], "supertypes": [], "keywords": [], "power": None, "toughness": None, "mana_value": 1}


@pytest.mark.rules("608.2h", "603.10a")
def test_every_characteristic_a_filter_names_is_checked():
    assert info_matches(BIRD, Filter(types=frozenset({"Creature"}), keyword="flying"), 0)
    assert not info_matches(BIRD, Filter(types=frozenset({"Creature"}), without_keyword="flying"), 0)
    assert not info_matches(BIRD, Filter(all_subtypes=frozenset({"Bird", "Wizard"})), 0)
    assert not info_matches(BIRD, Filter(name="Llanowar Elves"), 0)
    assert info_matches(BIRD, Filter(counter="+1/+1", min_counters=2), 0)
    assert not info_matches(BIRD, Filter(min_toughness=2), 0)
    assert not info_matches(BIRD, Filter(owner="opponent"), 0)


@pytest.mark.rules("608.2h")
def test_no_power_is_not_a_small_power():
    # An artifact has no power at all (208.3): not "power 2 or less".
    assert not info_matches(ARTIFACT, Filter(max_power=2), 0)
    assert info_matches(ARTIFACT, Filter(max_mana_value=2), 0)


@pytest.mark.rules("603.10a", "614.12")
def test_another_and_the_chosen_quality():
    assert not info_matches(BIRD, Filter(other=True), 0, other_than=7)
    assert info_matches(BIRD, Filter(other=True), 0, other_than=9)
    assert info_matches(BIRD, Filter(chosen="color"), 0, chosen={"color": "G"})
    assert not info_matches(BIRD, Filter(chosen="color"), 0, chosen={"color": "R"})
    assert not info_matches(BIRD, Filter(chosen="color"), 0, chosen={})

